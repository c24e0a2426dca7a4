// Exits from the map (the scenario's <exits>: Marye's Heights 17.3 and M4, Road to Richmond 21.1,
// Cemetery Hill 14.4): only from the allowed hexes or edges, only by the allowed unit types, only
// in the unit's own phase of the allowed kind. The unit leaves the map whatever the record breaks;
// an exit that breaks an exit rule scores nothing.
#pragma once

#include "game.hpp"

namespace referee {

class ZocRule;
class MovementPoints;

class ExitRule final : public Mechanism {
public:
    ExitRule(Game& g, ZocRule* zoc, MovementPoints* mp) : Mechanism(g), zoc_(zoc), mp_(mp) {}
    std::string_view name() const override { return "exits"; }
    std::uint32_t hooks() const override { return 0; }
    std::span<const Kind> kinds() const override;
    void on_record(const Record& r) override;

private:
    ZocRule* zoc_;
    MovementPoints* mp_;  // none: movement points are not checked (G7)
};

}  // namespace referee
