// The exit race (14.53, C4): exited units beyond the enemy's, at the end of each player-turn.
#include "exit_race.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace referee {

void ExitRace::checks(bool turn_over, bool game_over_now) {
    const Clock& c = game.clock;
    if (c.turn() <= 0) return;
    const auto& points = game.scenario.points;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const PointsRule& pr = points[i];
        if (pr.kind != PointsKind::ExitLead || fired_[i] == c.turn()) continue;
        const std::int32_t last = c.last_step_of(pr.each_turn_of, c.turn());
        if (last < 0) continue;  // no player-turn of that side in this game-turn (14.1: turn 1)
        const bool over = turn_over || (c.step() > last) || (game_over_now && c.step() >= c.first_step_of(pr.each_turn_of, c.turn()));
        if (over) fire(i);
    }
}

void ExitRace::fire(std::size_t i) {
    const PointsRule& pr = game.scenario.points[i];
    fired_[i] = game.clock.turn();
    const SideId enemy = game.scenario.enemy_of(pr.side);
    std::int64_t mine = 0, theirs = 0;
    for (const Unit& us : game.state.units()) {
        if (us.status != UnitStatus::Exited || !us.exit_legal) continue;  // an illegal exit counts for no side
        if (!type_in(pr.unit_types, us.type)) continue;
        if (us.side == pr.side) ++mine;
        else if (us.side == enemy) ++theirs;
    }
    const std::int64_t excess = mine > theirs ? mine - theirs : 0;
    if (excess == 0) return;
    game.sheet.count(i, pr.side) = game.sheet.add(game.sheet.count(i, pr.side), excess);
    log_[i].emplace_back(game.clock.turn(), excess);
}

bool ExitRace::item(std::size_t i, SideId side, std::int64_t v, ScoreItem& it) const {
    const PointsRule& pr = game.scenario.points[i];
    const std::int64_t n = game.sheet.count(i, side);
    if (n == 0) return false;
    it.points = game.sheet.mul(n, v);
    std::vector<std::string> turns;
    for (const auto& [t, x] : log_[i]) turns.push_back(fmt::format("turn {}: {}", t, x));
    it.what = fmt::format("{} exited {}units beyond the {} count, summed at the end of each {} player-turn ({}) x{}", n,
                          pr.unit_types.empty() ? std::string() : fmt::format("{} ", fmt::join(pr.unit_types, "/")),
                          game.side_name(game.scenario.enemy_of(side)), game.side_name(pr.each_turn_of), fmt::join(turns, ", "), v);
    return true;
}

}  // namespace referee
