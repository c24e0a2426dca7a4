// The exit race (Cemetery Hill 14.53, C4): at the end of each player-turn of a side, that side
// scores for each of its exited units (of the rule's types) beyond the number the enemy has exited.
// A player-turn is over when a later step of the game-turn begins, when the turn ends, or when the
// game ends during or after it. An exit that broke an exit rule counts for no side.
#pragma once

#include "game.hpp"

#include <utility>
#include <vector>

namespace referee {

class ExitRace final : public Mechanism {
public:
    explicit ExitRace(Game& g) : Mechanism(g), fired_(g.scenario.points.size(), 0), log_(g.scenario.points.size()) {}
    std::string_view name() const override { return "exit_race"; }
    std::uint32_t hooks() const override { return kOnTurnEnd | kOnStep | kOnFinal; }
    void on_turn_end(const Record&) override { checks(true, false); }
    void on_step() override { checks(false, false); }
    void on_final(bool final) override {
        if (final) checks(false, true);
    }
    // The score item of points rule i (kind ExitLead) for `side`.
    bool item(std::size_t i, SideId side, std::int64_t v, ScoreItem& it) const;

private:
    void checks(bool turn_over, bool game_over_now);
    void fire(std::size_t i);

    std::vector<std::int32_t> fired_;  // per points rule: the last game-turn it was scored
    std::vector<std::vector<std::pair<std::int32_t, std::int64_t>>> log_;  // per points rule: (turn, units) scored
};

}  // namespace referee
