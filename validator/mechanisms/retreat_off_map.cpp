// A retreat off the map (17.3 and M3; 14.4 and C5): eliminated, and a violation where forbidden.
#include "retreat_off_map.hpp"

#include "diagnostics.hpp"

#include <fmt/format.h>

namespace referee {

void RetreatRule::off_map(const Record& r, UnitId u, LocId from) {
    const Scenario& s = game.scenario;
    const Unit& us = game.state.unit(u);
    if (s.retreat_off_map == RetreatOffMap::Forbidden)
        game.findings.add(Code::RetreatOffMap, r.line, s.retreat_rule,
                          fmt::format("{} retreats off the map from {}: the rules forbid it; treated as eliminated", us.name, game.loc_name(from)));
    if (s.retreat_rule.empty() && game.findings.first_time("retreat off the map"))
        game.findings.note(fmt::format("no rule of {} covers a retreat off the map: {} (line {}) is treated as eliminated, and its SP score "
                                       "for the enemy",
                                       s.title, us.name, r.line));
    game.lose_strength(u, us.strength);  // M3 / C5: eliminated, and scored as such
}

}  // namespace referee
