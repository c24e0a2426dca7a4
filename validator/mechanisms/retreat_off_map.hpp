// A retreat off the map (`retreat UNIT PATH off`): the unit is eliminated, and its strength points
// score for the enemy (Marye's Heights 17.3, M3). Where the scenario forbids it (Cemetery Hill, C5)
// it is also a `retreat-off-map` violation; where no rule covers it, the report says how it was taken.
#pragma once

#include "game.hpp"

namespace referee {

class RetreatRule final : public Mechanism {
public:
    using Mechanism::Mechanism;
    std::string_view name() const override { return "retreat_off_map"; }
    std::uint32_t hooks() const override { return 0; }
    // The unit `u` ended its retreat at `from` and goes off the map.
    void off_map(const Record& r, UnitId u, LocId from);
};

}  // namespace referee
