// Zoned grids: zone polygons (zoned_grid.hpp).
#include "zoned_grid.hpp"

#include <algorithm>
#include <charconv>

namespace referee::vassal {

namespace {

std::optional<int> to_int(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    int v = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || s.empty()) return std::nullopt;
    return v;
}

}  // namespace

std::vector<Point> parse_zone_path(std::string_view path) {
    std::vector<Point> out;
    std::size_t start = 0;
    while (start <= path.size()) {
        std::size_t end = path.find(';', start);
        if (end == std::string_view::npos) end = path.size();
        const std::string_view pair = path.substr(start, end - start);
        const std::size_t comma = pair.find(',');
        if (comma != std::string_view::npos) {
            const auto x = to_int(pair.substr(0, comma));
            const auto y = to_int(pair.substr(comma + 1));
            if (x && y) out.push_back({*x, *y});
        }
        start = end + 1;
    }
    return out;
}

Rect polygon_bounds(const std::vector<Point>& polygon) {
    if (polygon.empty()) return {};
    int x0 = polygon[0].x, x1 = polygon[0].x, y0 = polygon[0].y, y1 = polygon[0].y;
    for (const Point& p : polygon) {
        x0 = std::min(x0, p.x);
        x1 = std::max(x1, p.x);
        y0 = std::min(y0, p.y);
        y1 = std::max(y1, p.y);
    }
    // As java.awt.Polygon computes its bounds, in int: a polygon wider than int's range wraps to a
    // negative width, and contains no point.
    return {x0, y0, java_sub(x1, x0), java_sub(y1, y0)};
}

bool polygon_contains(const std::vector<Point>& polygon, Rect bounds, Point p) {
    // java.awt.Polygon: inside the bounding box, then count the edges crossed by a ray to the left.
    if (polygon.size() <= 2 || !bounds.contains(p)) return false;
    const double x = p.x, y = p.y;
    int hits = 0;
    double lastx = polygon.back().x, lasty = polygon.back().y;
    for (const Point& cur : polygon) {
        const double curx = cur.x, cury = cur.y;
        const double px = lastx, py = lasty;
        lastx = curx;
        lasty = cury;
        if (cury == py) continue;   // horizontal edges cross nothing
        double leftx;
        if (curx < px) {
            if (x >= px) continue;
            leftx = curx;
        } else {
            if (x >= curx) continue;
            leftx = px;
        }
        double test1, test2;
        if (cury < py) {
            if (y < cury || y >= py) continue;
            if (x < leftx) {
                ++hits;
                continue;
            }
            test1 = x - curx;
            test2 = y - cury;
        } else {
            if (y < py || y >= cury) continue;
            if (x < leftx) {
                ++hits;
                continue;
            }
            test1 = x - px;
            test2 = y - py;
        }
        if (test1 < test2 / (py - cury) * (px - curx)) ++hits;
    }
    return (hits & 1) != 0;
}

const Zone* zone_at(const ZonedGrid& grid, Point p) {
    for (const Zone& z : grid.zones)
        if (polygon_contains(z.path, z.bounds, p)) return &z;
    return nullptr;
}

}  // namespace referee::vassal
