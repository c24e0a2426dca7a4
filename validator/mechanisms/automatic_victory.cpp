// The automatic-victory test (17.0, M1).
#include "automatic_victory.hpp"

#include "points.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace referee {

void AutomaticVictoryTest::on_log_end() {
    if (game.over == Over::No && game.clock.turn() == game.scenario.automatic->after_turn) test(game.last_applied_line);
}

void AutomaticVictoryTest::test(std::uint32_t at_line) {
    if (done_ || game.over != Over::No) return;
    const AutomaticVictory& av = *game.scenario.automatic;
    if (game.clock.turn() != av.after_turn) return;
    done_ = true;
    const SideId enemy = game.scenario.enemy_of(av.side);
    const std::int64_t mine = points_ ? points_->elimination_points(av.side) : 0;
    const std::int64_t theirs = points_ ? points_->elimination_points(enemy) : 0;
    const bool ratio_ok = static_cast<__int128>(mine) >= static_cast<__int128>(av.ratio) * theirs && (!av.require_positive || mine > 0);
    std::vector<std::string> held;
    for (LocId l : av.enemy_holds_none) {
        if (game.state.holder(l) == enemy) held.push_back(game.scenario.map.name(l));
        if (ratio_ok) game.unverified_holding(l, av.rule, "the automatic-victory test rests on it");
    }
    std::string ruling = fmt::format("{} automatic-victory test after game-turn {}: {} {} to {} {} elimination points{}; ", av.rule, av.after_turn,
                                     game.side_name(av.side), mine, game.side_name(enemy), theirs,
                                     ratio_ok ? fmt::format(" (at least {} to 1)", av.ratio)
                                              : fmt::format(" (needs at least {} to 1 and more than 0)", av.ratio));
    ruling += held.empty() ? fmt::format("{} holds none of the hexes", game.side_name(enemy))
                           : fmt::format("{} holds {}", game.side_name(enemy), fmt::join(held, ", "));
    ruling += ratio_ok && held.empty() ? ": passed" : ": not passed, play continues";
    game.findings.note(std::move(ruling));
    if (ratio_ok && held.empty()) {
        game.winner = av.side;
        game.end(Over::Automatic, at_line, fmt::format("end of game-turn {}", av.after_turn));
    }
}

}  // namespace referee
