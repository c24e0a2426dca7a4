// Units on the map, the records that act on them (move-log.md "unit records"): moves, retreats and
// advances along paths, entries, eliminations and losses, combats. A path starts where the unit
// is; its steps are adjacent (`path-gap`, a warning: VASSAL drags keep only their ends); it enters
// no enemy-held location; moves happen in the unit's own movement phase, retreats and advances in
// combat (G2). Applied as recorded: the unit passes through each location after the first (G1) and
// ends at the last.
#pragma once

#include "game.hpp"

#include <string_view>
#include <vector>

namespace referee {

class ZocRule;
class ReinforcementRule;
class RetreatRule;
class MovementPoints;

// The findings of the two checks below (out of line: they are rare).
bool not_on_map(Game& g, const Record& r, Sym unit, UnitId u);
bool wrong_phase(Game& g, const Record& r, PhaseKind need, const char* what, SideId unit_side, bool phasing_only, std::string_view rule);

// A record's unit, which must be on the map (`unknown-unit`, `not-on-map` otherwise).
inline bool unit_on_map(Game& g, const Record& r, Sym unit, UnitId& u) {
    u = g.names.unit(unit);
    if (u >= 0 && g.state.unit(u).status == UnitStatus::OnMap) [[likely]] return true;
    return not_on_map(g, r, unit, u);
}
// The record happens in a phase of kind `need` and, when `phasing_only`, in its unit's side's
// player-turn (`wrong-phase`, `not-phasing`); `rule` is cited when not empty.
inline bool check_phase(Game& g, const Record& r, PhaseKind need, const char* what, SideId unit_side, bool phasing_only, std::string_view rule) {
    const Clock& c = g.clock;
    if (c.step() >= 0 && c.phase_kind() == need && (!phasing_only || c.phasing() == unit_side)) [[likely]] return true;
    return wrong_phase(g, r, need, what, unit_side, phasing_only, rule);
}

class Movement final : public Mechanism {
public:
    Movement(Game& g, ZocRule* zoc, ReinforcementRule* reinforcements, RetreatRule* retreat, MovementPoints* mp)
        : Mechanism(g), zoc_(zoc), reinforcements_(reinforcements), retreat_(retreat), mp_(mp) {
        path_.reserve(16);
    }
    std::string_view name() const override { return "movement"; }
    std::uint32_t hooks() const override { return 0; }
    std::span<const Kind> kinds() const override;
    void on_record(const Record& r) override;

private:
    bool resolve_path(const Record& r);
    void path(const Record& r);  // move, retreat, advance
    void enter(const Record& r);
    void loss(const Record& r);  // eliminate, lose
    void combat(const Record& r);

    ZocRule* zoc_;
    ReinforcementRule* reinforcements_;
    RetreatRule* retreat_;
    MovementPoints* mp_;                      // none: movement points are not checked (G7)
    std::vector<LocId> path_;                 // scratch, reused: no allocation per record once grown
    std::vector<std::uint32_t> unknown_stamp_;  // per symbol: the last path that reported it unknown
    std::uint32_t path_serial_ = 0;
};

}  // namespace referee
