// Zones of control (the Blue & Gray standard rules, Cemetery Hill 14.31; for traces, C3): zones
// counted as units are placed and lifted, and the `zoc` checks of moves and exits.
#include "zones_of_control.hpp"

#include "diagnostics.hpp"

#include <fmt/format.h>

namespace referee {

ZocRule::ZocRule(Game& g, bool rules)
    : Mechanism(g), rules_(rules), nsides_(g.scenario.sides.size()), zoc_(g.scenario.map.size() * g.scenario.sides.size(), 0) {
    g.state.listen(this, true, true, false);
}

void ZocRule::placed(UnitId u, LocId l) {
    const Unit& unit = game.state.unit(u);
    if (unit.strength <= 0) return;  // a unit without combat strength controls nothing
    for (LocId n : game.scenario.map.neighbours(l)) ++zoc_[static_cast<std::size_t>(n) * nsides_ + static_cast<std::size_t>(unit.side)];
    if (static_cast<std::size_t>(u) >= on_.size()) on_.resize(static_cast<std::size_t>(u) + 1, 0);
    on_[static_cast<std::size_t>(u)] = 1;
}

void ZocRule::lifted(UnitId u, LocId l) {
    if (static_cast<std::size_t>(u) >= on_.size() || !on_[static_cast<std::size_t>(u)]) return;
    const SideId side = game.state.unit(u).side;
    for (LocId n : game.scenario.map.neighbours(l)) --zoc_[static_cast<std::size_t>(n) * nsides_ + static_cast<std::size_t>(side)];
    on_[static_cast<std::size_t>(u)] = 0;
}

void ZocRule::check_move_on(const Record& r, UnitId u, std::span<const LocId> path) {
    const Unit& unit = game.state.unit(u);
    const std::string& rule = game.scenario.zoc.rule;
    if (stop(u) == game.clock.phase_serial()) {
        game.findings.add(Code::Zoc, r.line, rule,
                          fmt::format("{} entered an enemy zone of control at {} earlier in this phase and may not move again", unit.name,
                                      game.loc_name(unit.loc)));
        return;
    }
    for (std::size_t i = 1; i + 1 < path.size(); ++i)
        if (enemy_zoc(path[i], unit.side)) {
            game.findings.add(Code::Zoc, r.line, rule,
                              fmt::format("{} enters an enemy zone of control at {} and moves on to {}", unit.name, game.loc_name(path[i]),
                                          game.loc_name(path[i + 1])));
            return;
        }
}

void ZocRule::check_exit(const Record& r, UnitId u, LocId l) {
    if (rules_ && stop(u) == game.clock.phase_serial())
        game.findings.add(Code::Zoc, r.line, game.scenario.zoc.rule,
                          fmt::format("{} entered an enemy zone of control at {} in this phase and may not move on off the map",
                                      game.state.unit(u).name, game.loc_name(l)));
}

}  // namespace referee
