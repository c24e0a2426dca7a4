// Zones of control (the scenario's <zones-of-control>: the Blue & Gray standard rules, and Cemetery
// Hill 14.31): each unit of combat strength on the map controls the locations next to it. A unit
// that enters an enemy zone of control stops there for the rest of the phase (`zoc` otherwise).
// Also kept, without the rule, where a trace must know enemy zones (C3: 14.51/14.52).
#pragma once

#include "game.hpp"

#include <span>
#include <vector>

namespace referee {

class ZocRule final : public PositionListener, public Mechanism {
public:
    // `rules`: the scenario's rule forbids moving on (its `zoc` findings); else the zones are only counted.
    ZocRule(Game& g, bool rules);
    std::string_view name() const override { return "zones_of_control"; }
    std::uint32_t hooks() const override { return 0; }

    // An enemy unit of combat strength stands next to l.
    bool enemy_zoc(LocId l, SideId side) const {
        for (std::size_t s = 0; s < nsides_; ++s)
            if (static_cast<SideId>(s) != side && zoc_[static_cast<std::size_t>(l) * nsides_ + s] > 0) return true;
        return false;
    }
    // Before a move along `path` is applied.
    void check_move(const Record& r, UnitId u, std::span<const LocId> path) {
        if (rules_) check_move_on(r, u, path);
    }
    // After a move or an entry ended in l: in an enemy zone, the unit stops for the phase.
    void stopped_if_in_zone(UnitId u, LocId l) {
        if (enemy_zoc(l, game.state.unit(u).side)) stop(u) = game.clock.phase_serial();
    }
    // Before an exit at l is applied: leaving the map is moving on.
    void check_exit(const Record& r, UnitId u, LocId l);

    void placed(UnitId u, LocId l) override;
    void lifted(UnitId u, LocId l) override;
    void passed(SideId, LocId) override {}

private:
    void check_move_on(const Record& r, UnitId u, std::span<const LocId> path);
    std::uint32_t& stop(UnitId u) {
        if (static_cast<std::size_t>(u) >= stop_.size()) stop_.resize(static_cast<std::size_t>(u) + 1, 0);
        return stop_[static_cast<std::size_t>(u)];
    }

    bool rules_;
    std::size_t nsides_;
    std::vector<std::int32_t> zoc_;   // [location * sides + side]: combat units of the side next to it
    std::vector<std::uint8_t> on_;    // per unit: counted in its neighbours' zones
    std::vector<std::uint32_t> stop_; // per unit: the phase (Clock::phase_serial) in which it entered an enemy zone
};

}  // namespace referee
