// Faction margins and ranking (Liberty or Death 7.1-7.3, L4-L6, 8.8): each faction's victory
// conditions measured on the tracks (at a victory check: by how much each is exceeded; at the end:
// the netted measure, without the check's bound), and the order of the factions with its ties.
#pragma once

#include "area_position.hpp"
#include "result.hpp"
#include "scenario.hpp"

#include <string>
#include <vector>

namespace referee {

// The margins of each faction's conditions: at a check (7.2) value - above, at the end (7.3) the
// value itself. `passes` (checks only): every margin positive and the treaty where it is needed.
// Per faction: `player` the player's name ("" when none is given), `non_player` (L5).
MarginCheck faction_margins(const Scenario& s, const AreaPosition& pos, bool treaty, bool at_check,
                            const std::vector<std::string>& player, const std::vector<bool>& non_player);

// 7.1: the order of the factions. `score` per faction is what ranks (higher first). With
// `first_group` >= 0 (a win at a check), that group's factions come first, then the others.
// Ties: Non-players first, then the scenario's tie order (with `one_player`, Non-players among
// themselves in the one-player tie order). A faction that needs the treaty is last without it.
std::vector<SideId> rank_factions(const Scenario& s, const std::vector<std::int64_t>& score, const std::vector<bool>& non_player,
                                  bool treaty, std::int32_t first_group, bool one_player);

// The group (index into the distinct values of Scenario::groups, in order of first appearance) of a faction.
std::int32_t group_of(const Scenario& s, SideId f);
std::vector<std::string> group_names(const Scenario& s);

}  // namespace referee
