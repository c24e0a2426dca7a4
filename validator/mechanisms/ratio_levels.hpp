// Victory levels by the ratio of two sides' points (Cemetery Hill 14.5, C2; the scenario's
// <levels>): the first level whose bound the ratio meets, compared exactly by cross-multiplication
// (G4); both totals 0 count as the scenario's ratio for that case (C2: 1:1).
#pragma once

#include "game.hpp"

namespace referee {

class RatioLevels final : public Mechanism, public VictoryRule {
public:
    explicit RatioLevels(Game& g) : Mechanism(g), VictoryRule(g) {}
    std::string_view name() const override { return "ratio_levels"; }
    std::uint32_t hooks() const override { return 0; }
    void settle(Result& v) override;
};

}  // namespace referee
