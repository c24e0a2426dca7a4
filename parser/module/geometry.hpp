// Points, sizes and rectangles in pixels, and the parts of Java's arithmetic the grids need:
// Math.round (floor(v + 0.5), never std::round, which differs at -x.5), the (int) cast
// (truncation toward zero), and int addition and subtraction. All are total: the conversions give
// 0 for NaN and clamp values beyond int, the additions wrap, as Java does, so a module with a zero
// spacing or a point at the end of int gives a name, not undefined behaviour.
#pragma once

#include <cmath>
#include <limits>

namespace referee::vassal {

struct Point {
    int x = 0;
    int y = 0;
    friend bool operator==(const Point&, const Point&) = default;
};

struct Size {
    int width = 0;
    int height = 0;
    friend bool operator==(const Size&, const Size&) = default;
};

// A grid cell: its column and row.
struct Cell {
    int col = 0;
    int row = 0;
    friend bool operator==(const Cell&, const Cell&) = default;
};

// java.awt.Rectangle: the left and top edges are inside, the right and bottom edges are not.
struct Rect {
    int x = 0;
    int y = 0;
    int width = 0;
    int height = 0;
    bool contains(Point p) const {
        return width > 0 && height > 0 && p.x >= x && p.y >= y && static_cast<long long>(p.x) < static_cast<long long>(x) + width &&
               static_cast<long long>(p.y) < static_cast<long long>(y) + height;
    }
    friend bool operator==(const Rect&, const Rect&) = default;
};

// Java's (int) cast of a double: truncation toward zero, NaN 0, clamped to int's range.
inline int java_int(double v) {
    if (std::isnan(v)) return 0;
    if (v >= static_cast<double>(std::numeric_limits<int>::max())) return std::numeric_limits<int>::max();
    if (v <= static_cast<double>(std::numeric_limits<int>::min())) return std::numeric_limits<int>::min();
    return static_cast<int>(v);
}

// Java's Math.round of a double, narrowed to int as the grids do: floor(v + 0.5).
inline int java_round(double v) { return java_int(std::floor(v + 0.5)); }

// Java's int addition and subtraction: they wrap (two's complement), where C++'s overflow is
// undefined; a point or a size from the buildFile can be anywhere in int.
inline int java_add(int a, int b) { return static_cast<int>(static_cast<unsigned>(a) + static_cast<unsigned>(b)); }
inline int java_sub(int a, int b) { return static_cast<int>(static_cast<unsigned>(a) - static_cast<unsigned>(b)); }

}  // namespace referee::vassal
