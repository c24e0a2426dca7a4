// What the view's forms share: escaping for XML and HTML, the sides' colours, and the map drawn as
// SVG (map_svg.cpp) from the scenario's own geometry.
#pragma once

#include "position.hpp"
#include "scenario.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace referee {

// Text made safe for XML and HTML, in content and in quoted attributes. Control characters,
// bidirectional controls and bytes that are no UTF-8 are first escaped as the text report escapes
// them (escape_for_terminal, shown.hpp: "\x1b", "\u202e"): none then reaches the page raw.
std::string esc(std::string_view s);

// The colour of a side (by its place among the scenario's sides), and a light one for holdings.
const char* side_colour(int index);
const char* side_tint(int index);
int side_index(const Scenario& s, std::string_view side);  // -1 when it is no side of the scenario

// Where each location is drawn. Hex grids: hexes of radius `r` at their centres, from the grid's
// columns, rows and shift (both parities of both kinds); locations off the grid, and area maps: a
// box each, in rows.
struct MapGeometry {
    bool hexes = false;
    bool columns = false;  // HexColumns (flat-topped hexes); else HexRows (pointed tops)
    double r = 30;
    double width = 0, height = 0;
    std::vector<double> x, y;  // per LocId: the centre
    std::vector<std::string> outline;  // per LocId: its polygon's points (a hex, or a box), made once
    double box_w = 170, box_h = 64;
};
MapGeometry map_geometry(const Scenario& s);

// The polygon of location l's hex ("x,y x,y ..."), `scale` times the grid's (a mark inside a hex's edge).
std::string hex_points(const MapGeometry& g, std::size_t l, double scale = 1.0);

// The map's grid: one polygon (class "hex", data-loc) and one id label a location.
std::string svg_grid(const MapGeometry& g, const Scenario& s);
// A position on that grid: its holdings, its marks (exit, objective and entry hexes), its units on
// the map (class "unit", data-unit), or for an area map each space's level and pieces.
std::string svg_position(const MapGeometry& g, const Scenario& s, const Position& p);
void append_svg_position(std::string& out, const MapGeometry& g, const Scenario& s, const Position& p);  // the same, onto `out`
// The style the two need.
std::string_view svg_style();

}  // namespace referee
