// The section readers of a scenario file (for parser/scenario/ only): each reads one child element
// of <scenario> into ReadContext::sc, given that element (a null node when the file has none: most
// then do nothing), or reads attributes of <scenario> itself. scenario_reader.cpp runs them in the
// order of its table kSections; a new family of games adds a section_*.cpp and a row there.
#pragma once

#include "scenario_reader.hpp"

namespace referee::scenario_xml {

using SectionReader = void (*)(ReadContext&, pugi::xml_node);

// section_sides_and_phases.cpp
void read_sides(ReadContext& cx, pugi::xml_node s);
void read_phases(ReadContext& cx, pugi::xml_node s);
void read_params(ReadContext& cx, pugi::xml_node s);
void read_turns_param(ReadContext& cx, pugi::xml_node root);   // <scenario turns="param:NAME">
void read_first_player(ReadContext& cx, pugi::xml_node root);  // <scenario first-player=...>
void read_sequence(ReadContext& cx, pugi::xml_node s);

// section_map.cpp
void read_map(ReadContext& cx, pugi::xml_node m);
void read_edges(ReadContext& cx, pugi::xml_node s);
void read_roads(ReadContext& cx, pugi::xml_node s);
void join_road_networks(ReadContext& cx, pugi::xml_node root);  // once every road is read (R3, C3)

// section_units.cpp
void read_units(ReadContext& cx, pugi::xml_node s);
void read_holdings(ReadContext& cx, pugi::xml_node s);
void read_reinforcements(ReadContext& cx, pugi::xml_node s);
void read_zoc(ReadContext& cx, pugi::xml_node n);
void read_stacking(ReadContext& cx, pugi::xml_node n);
void check_arrivals(ReadContext& cx, pugi::xml_node root);  // units against <reinforcements>, once both are read

// section_terrain.cpp (movement points, G7)
void read_terrain(ReadContext& cx, pugi::xml_node s);
void read_movement_points(ReadContext& cx, pugi::xml_node s);
void finish_movement_points(ReadContext& cx, pugi::xml_node root);  // once both are read

// section_victory.cpp
void read_exits(ReadContext& cx, pugi::xml_node n);
void read_retreat(ReadContext& cx, pugi::xml_node n);
void read_victory(ReadContext& cx, pugi::xml_node v);

// section_banners.cpp
void read_objectives(ReadContext& cx, pugi::xml_node s);
void read_banners_for_eliminations(ReadContext& cx, pugi::xml_node n);  // in <victory>
// Sudden death needs banners to count: for eliminations, from objectives, or from the games.
bool has_banner_source(const ReadContext& cx);
extern const char* const kBannerSources;  // what a source of banners is, for messages

// section_areas.cpp
void read_spaces(ReadContext& cx, pugi::xml_node m, const NodesByName& declared);  // the <location>s of <map>
void read_setup(ReadContext& cx, pugi::xml_node s);
void read_tracks(ReadContext& cx, pugi::xml_node s);
void read_casualties(ReadContext& cx, pugi::xml_node s);
void read_treaty(ReadContext& cx, pugi::xml_node n);

// section_factions.cpp
void read_factions(ReadContext& cx, pugi::xml_node s);  // in <victory>

// section_rulings.cpp
void read_description(ReadContext& cx, pugi::xml_node d);
void read_rulings(ReadContext& cx, pugi::xml_node s);

// section_vassal.cpp: <vassal>, the binding of a VASSAL module (after every name it refers to)
void read_vassal(ReadContext& cx, pugi::xml_node v);

// inheritance.cpp: <scenario extends="ID">
bool read_base(ReadContext& cx, pugi::xml_node root);
// <sides>, <phases> or <map> in an extending file (each row of kSections says what an extending
// file's section does to its base's: scenario_reader.cpp).
void refuse_base_section(ReadContext& cx, const char* name, bool base_ok);
void remap_inherited_tracks(ReadContext& cx, pugi::xml_node root);
void check_inherited_turns(ReadContext& cx, pugi::xml_node root);
void check_inherited_sudden_death(ReadContext& cx, pugi::xml_node root);

// builtins.cpp
std::string builtin_list();  // "maryes-heights, ..." (for messages)

// scenario_reader.cpp
ScenarioLoad read_scenario(std::string_view xml, std::string file);

}  // namespace referee::scenario_xml
