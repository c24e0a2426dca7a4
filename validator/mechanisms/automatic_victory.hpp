// The automatic-victory test (Marye's Heights 17.0, M1; the scenario's <automatic>): made once,
// after the last record of the named game-turn (at the next turn record, an end record, or the end
// of the log): the side wins when its elimination points are at least `ratio` times the enemy's
// (and above 0), and the enemy holds none of the named hexes. It is said under rulings either way.
#pragma once

#include "game.hpp"

namespace referee {

class Points;

class AutomaticVictoryTest final : public Mechanism {
public:
    AutomaticVictoryTest(Game& g, const Points* points) : Mechanism(g), points_(points) {}
    std::string_view name() const override { return "automatic_victory"; }
    std::uint32_t hooks() const override { return kOnTurnBoundary | kOnLogEnd; }
    void on_turn_boundary() override { test(game.last_applied_line); }
    void on_log_end() override;

private:
    void test(std::uint32_t at_line);
    const Points* points_;
    bool done_ = false;
};

}  // namespace referee
