// The grid of a board: one of VASSAL's four grid classes, or one the reader does not know.
#pragma once

#include "zoned_grid.hpp"

#include <string>
#include <variant>

namespace referee::vassal {

using Grid = std::variant<HexGrid, SquareGrid, RegionGrid, ZonedGrid, UnknownGrid>;

// The element's class as written in the buildFile.
const std::string& grid_class(const Grid& grid);
const std::string& grid_class(const PlainGrid& grid);
// The grid's numbering, for a hex or square grid that has one.
const Numbering* grid_numbering(const PlainGrid& grid);
// True when naming a point needs the board's size: a numbering that descends, in the grid, in the
// zoned grid's background, or in a zone that uses its parent's grid (a zone's own grid counts in
// the zone's bounding box).
bool needs_board_size(const Grid& grid);

}  // namespace referee::vassal
