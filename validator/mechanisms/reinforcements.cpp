// Reinforcements (14.33, 14.34, C6): entries on time, at their hex, or late at a road hex of an edge.
#include "reinforcements.hpp"

#include "diagnostics.hpp"
#include "roads.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace referee {

namespace {
const std::string kHeader(cite::kHeader);
}  // namespace

const std::string& ReinforcementRule::rule() const {
    const Reinforcements& rf = game.scenario.reinforcements;
    return rf.declared && !rf.rule.empty() ? rf.rule : kHeader;
}

// A unit declared by the game as a reinforcement must match a published arrival of its side
// (when the scenario publishes any for that side).
void ReinforcementRule::on_unit_declared(const Record& r, const Unit& us) {
    const Reinforcements& rf = game.scenario.reinforcements;
    if (us.enters_turn <= 0 || rf.schedule.empty()) return;
    bool any = false;
    for (const Arrival& a : rf.schedule) {
        if (a.side != us.side) continue;
        any = true;
        if (a.turn == us.enters_turn && (us.enters_at == kNoLoc || a.at == us.enters_at)) return;
    }
    if (!any) return;
    std::vector<std::string> list;
    for (const Arrival& a : rf.schedule)
        if (a.side == us.side) list.push_back(fmt::format("turn {} at {}", a.turn, game.loc_name(a.at)));
    game.findings.add(Code::ReinforcementLocation, r.line, rf.schedule_rule.empty() ? rule() : rf.schedule_rule,
                      fmt::format("unit {} is declared to enter on game-turn {} at {}, which is not a {} arrival of the schedule ({})", us.name,
                                  us.enters_turn, game.loc_name(us.enters_at), game.side_name(us.side), fmt::join(list, "; ")));
}

void ReinforcementRule::check_entry(const Record& r, const Unit& us, LocId l) {
    const std::int32_t turn = game.clock.turn();
    if (us.enters_turn > 0 && turn < us.enters_turn)
        game.findings.add(Code::ReinforcementEarly, r.line, rule(),
                          fmt::format("{} enters on game-turn {}; it is due on game-turn {}", us.name, turn, us.enters_turn));
    if (us.enters_at != kNoLoc && l != us.enters_at) alternate_entry(r, us, l);
}

// An entry away from the scheduled hex (C6): only later than scheduled, at a map-edge road hex of
// the side's edges. Without road data the road part cannot be judged: said under rulings.
void ReinforcementRule::alternate_entry(const Record& r, const Unit& us, LocId l) {
    const Reinforcements& rf = game.scenario.reinforcements;
    const std::vector<Edge>* edges = rf.declared && static_cast<std::size_t>(us.side) < rf.alternate_edges.size()
                                         ? &rf.alternate_edges[static_cast<std::size_t>(us.side)]
                                         : nullptr;
    if (!edges || edges->empty()) {
        game.findings.add(Code::ReinforcementLocation, r.line, rule(),
                          fmt::format("{} enters at {}; it is due at {}", us.name, game.loc_name(l), game.loc_name(us.enters_at)));
        return;
    }
    std::vector<std::string_view> names;
    for (Edge e : *edges) names.push_back(edge_name(e));
    const std::int32_t turn = game.clock.turn();
    if (turn <= us.enters_turn) {
        game.findings.add(Code::ReinforcementLocation, r.line, rule(),
                          fmt::format("{} enters at {} on game-turn {}; on its own turn it must enter at {} (another hex only on a later turn)",
                                      us.name, game.loc_name(l), turn, game.loc_name(us.enters_at)));
        return;
    }
    const Map& map = game.scenario.map;
    if (!std::any_of(edges->begin(), edges->end(), [&](Edge e) { return map.on_edge(l, e); })) {
        game.findings.add(Code::ReinforcementLocation, r.line, rule(),
                          fmt::format("{} enters at {} instead of {}: a late {} reinforcement may enter only at a road hex of the {} edge", us.name,
                                      game.loc_name(l), game.loc_name(us.enters_at), game.side_name(us.side), fmt::join(names, " or ")));
        return;
    }
    if (game.scenario.roads.empty()) {
        game.findings.note(fmt::format("{}: {} entered at {} instead of {} (line {}); the scenario has no road data, so that {} is a road hex "
                                       "was not checked, only that it lies on the {} edge",
                                       rule(), us.name, game.loc_name(l), game.loc_name(us.enters_at), r.line, game.loc_name(l),
                                       fmt::join(names, " or ")));
        return;
    }
    if (!roads_ || !roads_->is_road_hex(l))
        game.findings.add(Code::ReinforcementLocation, r.line, rule(),
                          fmt::format("{} enters at {} instead of {}: {} is on the {} edge but not on a road", us.name, game.loc_name(l),
                                      game.loc_name(us.enters_at), game.loc_name(l), fmt::join(names, " or ")));
}

// At the end of a game-turn: reinforcements whose entry was compulsory on it (14.33: on turn 1).
void ReinforcementRule::on_turn_end(const Record& r) {
    const std::int32_t limit = game.scenario.reinforcements.optional_after_turn;
    const std::int32_t turn = game.clock.turn();
    if (turn <= 0 || turn > limit) return;
    for (const Unit& us : game.state.units())
        if (us.enters_turn == turn && us.status == UnitStatus::OffMap)
            game.findings.add(Code::ReinforcementLate, r.line, rule(),
                              fmt::format("{} was due on game-turn {} at {} and did not enter; entry is optional only after game-turn {}", us.name,
                                          turn, game.loc_name(us.enters_at), limit));
}

}  // namespace referee
