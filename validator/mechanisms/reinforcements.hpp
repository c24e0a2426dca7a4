// Reinforcements (the scenario's <reinforcements>, Cemetery Hill 14.33, 14.34 and C6; and any unit
// a scenario or a game declares with an entry turn or hex): a unit enters on its turn, not before
// (`reinforcement-early`), at its hex; a unit declared by the game must match a published arrival
// of its side; one due on a turn where entry is compulsory must enter (`reinforcement-late`); a
// late one may enter elsewhere only at a road hex of its side's edges (C6).
#pragma once

#include "game.hpp"

namespace referee {

class RoadNetwork;

class ReinforcementRule final : public Mechanism {
public:
    ReinforcementRule(Game& g, const RoadNetwork* roads) : Mechanism(g), roads_(roads) {}
    std::string_view name() const override { return "reinforcements"; }
    std::uint32_t hooks() const override { return kOnUnitDeclared | kOnTurnEnd; }
    void on_unit_declared(const Record& r, const Unit& us) override;  // the schedule (14.34)
    void on_turn_end(const Record& turn_record) override;            // entries due this turn (14.33)
    // An entry of `us` at l, before it is applied.
    void check_entry(const Record& r, const Unit& us, LocId l);

private:
    const std::string& rule() const;
    void alternate_entry(const Record& r, const Unit& us, LocId l);
    const RoadNetwork* roads_;
};

}  // namespace referee
