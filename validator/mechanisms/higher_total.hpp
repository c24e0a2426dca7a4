// Victory by the higher total (Marye's Heights 17.0 and M5, Road to Richmond 21.0 and R4): at the
// game's end the side with more points wins; equal totals are a draw.
#pragma once

#include "game.hpp"

namespace referee {

// Sets the verdict's winner: the side with the highest total, or a draw.
void settle_by_higher_total(const Game& g, Result& v);

class HigherTotal final : public Mechanism, public VictoryRule {
public:
    explicit HigherTotal(Game& g) : Mechanism(g), VictoryRule(g) {}
    std::string_view name() const override { return "higher_total"; }
    std::uint32_t hooks() const override { return 0; }
    void settle(Result& v) override { settle_by_higher_total(game, v); }
};

}  // namespace referee
