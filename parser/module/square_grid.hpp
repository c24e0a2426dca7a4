// VASSAL's square grid (SquareGrid; the shared FORMAT.md §5.4): the column is rounded as Java's
// Math.round, the row truncated as Java's (int) cast; descending counts the container's width and
// height in cells.
#pragma once

#include "geometry.hpp"
#include "numbering.hpp"

#include <optional>
#include <string>

namespace referee::vassal {

struct SquareGrid {
    std::string class_name;
    double x0 = 24;               // the centre of cell (0,0)
    double y0 = 24;
    double dx = 48;
    double dy = 48;
    bool snap_to = true;
    bool edges_legal = false;
    bool corners_legal = false;
    bool visible = false;
    std::string range;            // "Metric" or "Manhattan"
    std::optional<Numbering> numbering;
};

// col = jround((x - x0) / dx); row = (int)((y - y0) / dy + 0.5)
Cell square_raw_cell(const SquareGrid& grid, Point local);
// ((int)(x0 + dx * col), (int)(y0 + dy * row))
Point square_centre(const SquareGrid& grid, Cell raw);
// Descending: col = (int)(W / dx + 0.5) - col, row = (int)(H / dy + 0.5) - row.
Cell square_numbered_cell(const SquareGrid& grid, const Numbering& numbering, Point local, Size container);
bool append_square_location(std::string& out, const SquareGrid& grid, Point local, Size container, std::size_t limit = std::string::npos);

}  // namespace referee::vassal
