// Stacking (the scenario's <stacking limit>: the Blue & Gray standard rules, in Road to Richmond and
// Cemetery Hill): at the end of each phase no location holds more than `limit` units of one side
// (not judged at set-up). Only the locations a unit was put in during the phase are looked at.
#pragma once

#include "game.hpp"

#include <vector>

namespace referee {

class StackingRule final : public PositionListener, public Mechanism {
public:
    explicit StackingRule(Game& g);
    std::string_view name() const override { return "stacking"; }
    std::uint32_t hooks() const override { return kOnPhaseEnd; }
    void on_phase_end() override;

    void placed(UnitId u, LocId l) override;
    void lifted(UnitId, LocId) override {}
    void passed(SideId, LocId) override {}

private:
    std::vector<LocId> dirty_;                  // locations a unit was put in this phase, in order
    std::vector<std::uint8_t> dirty_flag_;
    std::vector<std::uint32_t> placed_line_;    // per location: the record that last put a unit there
};

}  // namespace referee
