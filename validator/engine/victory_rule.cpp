// What every way of winning shares unless it says otherwise: an `end` record scores the game as at
// its end, a concession gives the game to the other side, a save without its log is won on the
// snapshot's totals.
#include "game.hpp"

#include <fmt/format.h>

namespace referee {

void VictoryRule::end_note(const Record& r) {
    Game& g = game_;
    if (g.turns == 0)
        g.findings.note(fmt::format("the players ended the game at {} (line {}); scored as at the game's end", g.where_now(), r.line));
    else if (g.clock.turn() < g.turns || !g.clock.last_player_turn_begun(g.turns))
        g.findings.note(fmt::format("the players ended the game at {} (line {}), before the end of game-turn {}; scored as at the game's end",
                                    g.where_now(), r.line, g.turns));
}

std::string VictoryRule::end_decided(const Record&) {
    const Game& g = game_;
    return g.clock.turn() == g.turns && g.clock.last_player_turn_begun(g.turns) ? fmt::format("end of game-turn {}", g.turns)
                                                                                : fmt::format("end record at {}", g.where_now());
}

std::vector<SideScore> VictoryRule::standing(bool final) const { return game_.score(final); }

SideId VictoryRule::concession_winner(SideId side) const { return game_.scenario.enemy_of(side); }

void VictoryRule::settle_snapshot(Result& v) {
    const SideId best = game_.sheet.leader();
    v.winner = best == kNoSide ? std::string("draw") : std::string(game_.side_name(best));
}

}  // namespace referee
