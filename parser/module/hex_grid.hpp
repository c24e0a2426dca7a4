// VASSAL's hex grid (HexGrid; the shared FORMAT.md §5.3-5.4): its geometry, the raw column and row
// of a point (plain strips, as VASSAL names points: no hexagon test), a cell's centre, and the
// numbering of a point. Sideways grids swap x and y before the maths and back after it.
#pragma once

#include "geometry.hpp"
#include "numbering.hpp"

#include <optional>
#include <string>

namespace referee::vassal {

struct HexGrid {
    std::string class_name;
    double x0 = 0;                 // the centre of cell (0,0)
    double y0 = 32;
    double dy = 64;                // cell height: the spacing within a column
    double dx = 64 * 0.8660254037844386;   // column spacing; dy * sqrt(3) / 2 when absent
    bool sideways = false;
    bool snap_to = true;
    bool edges_legal = false;
    bool corners_legal = false;
    int snap_scale = 0;
    bool visible = false;
    std::optional<Numbering> numbering;
};

// rawCol = jround((x - x0) / dx); rawRow = jround((y - y0) / dy) in even columns and
// jround((y - y0 - dy/2) / dy) in odd ones (x and y swapped first when sideways).
Cell hex_raw_cell(const HexGrid& grid, Point local);

// The centre of raw cell (col,row): ((int)(dx*col + x0), (int)(dy*row + y0)), odd columns
// (int)(dy/2) lower (in screen coordinates: swapped back when sideways).
Point hex_centre(const HexGrid& grid, Cell raw);

// The numbered column and row of a point (descending and stagger applied, offsets not), with
// `container` the size of the grid's container (its board, or its zone's bounding box).
Cell hex_numbered_cell(const HexGrid& grid, const Numbering& numbering, Point local, Size container);

// Appends the point's location name; false (nothing appended) when the grid has no numbering.
// (`limit`: append_cell_name's.)
bool append_hex_location(std::string& out, const HexGrid& grid, Point local, Size container, std::size_t limit = std::string::npos);

}  // namespace referee::vassal
