// Reading a buildFile's elements (internal to this layer): an element's tag is a Java class name,
// matched by its end so that subclasses read as the class they extend; attributes are read as
// VASSAL reads them (a number that does not parse, or an absent attribute, gives the default;
// a boolean is true only when it is "true").
#pragma once

#include "grid.hpp"
#include "module.hpp"

#include <pugixml.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace referee::vassal::buildfile {

inline bool class_is(pugi::xml_node node, std::string_view suffix) {
    return std::string_view(node.name()).ends_with(suffix);
}

std::optional<std::string> attr(pugi::xml_node node, const char* name);
std::string attr_or(pugi::xml_node node, const char* name, std::string_view fallback);
int parse_int(std::string_view text, int fallback);   // surrounding blanks and a '+' allowed
int attr_int(pugi::xml_node node, const char* name, int fallback);
double attr_double(pugi::xml_node node, const char* name, double fallback);
bool attr_bool(pugi::xml_node node, const char* name, bool fallback);

// A child that is a grid: its class name ends in "Grid".
bool is_grid_element(pugi::xml_node node);
// A board's grid (a ZonedGrid, or a plain grid), or a plain grid of a zone or a zoned grid's background.
Grid read_grid(pugi::xml_node node);
PlainGrid read_plain_grid(pugi::xml_node node);

// The kind of map an element is (Map, PrivateMap, PlayerHand, WidgetMap), or none (a GlobalMap is none).
std::optional<MapKind> map_kind(pugi::xml_node node);

DiceButton read_dice_button(pugi::xml_node node, DiceKind kind);
TurnTracker read_turn_tracker(pugi::xml_node node);

// The piece slots, prototypes and global properties under `root` (buildfile_pieces.cpp), with the
// maps' ids from `module.maps` (read first, in the same document order).
Catalog read_catalog(pugi::xml_node root, const Module& module);

}  // namespace referee::vassal::buildfile
