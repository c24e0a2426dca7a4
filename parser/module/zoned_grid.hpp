// VASSAL's zoned grid (ZonedGrid; the shared FORMAT.md §5.4 and IMPORT-NOTES §1.6): zones are
// polygons in board pixels, each named by its location format ($name$, $gridLocation$ from its own
// grid, or from the background grid when it uses its parent's), and a point in no zone is named by
// the background grid. A grid inside a zone works in board pixels but counts descending numbers in
// the zone's bounding box. Zones are tested as java.awt.Polygon does (even-odd crossings; a point on
// a left or top edge is inside, on a right or bottom edge outside).
#pragma once

#include "format.hpp"
#include "geometry.hpp"
#include "hex_grid.hpp"
#include "region_grid.hpp"
#include "square_grid.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace referee::vassal {

// A grid of a class the reader does not know: kept, and an error only when a location is asked of it.
struct UnknownGrid {
    std::string class_name;
};

// The grids that can stand in a zone or behind the zones.
using PlainGrid = std::variant<HexGrid, SquareGrid, RegionGrid, UnknownGrid>;

struct Zone {
    std::string name;
    std::vector<Point> path;                          // the polygon, in board pixels
    FormattedString location_format{"$name$"};
    std::optional<PlainGrid> grid;
    bool use_parent_grid = false;                     // the zoned grid's background grid in place of its own
    Rect bounds;                                      // the polygon's bounding box
};

struct ZonedGrid {
    std::string class_name;
    std::vector<Zone> zones;
    std::optional<PlainGrid> background;
};

// "x,y;x,y;..." (pairs that are not two numbers are left out).
std::vector<Point> parse_zone_path(std::string_view path);
Rect polygon_bounds(const std::vector<Point>& polygon);
bool polygon_contains(const std::vector<Point>& polygon, Rect bounds, Point p);

// The first zone that contains the point, or none.
const Zone* zone_at(const ZonedGrid& grid, Point local);

}  // namespace referee::vassal
