// The position: every unit (where it is, its strength, its status) and who holds each location
// (G1). Changed only through a few primitives (place, lift, pass through, reduce, set status), in
// the manner of a chess engine's position: the rules decide whether a record is legal, then apply
// it through these. Mechanisms that keep state derived from the position (zones of control,
// stacking, objectives) listen to the primitives instead of being called from them.
#pragma once

#include "record.hpp"
#include "scenario.hpp"

#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

namespace referee {

using UnitId = std::int32_t;  // index into GameState::units(); -1: none

struct Unit {
    std::string_view name;
    SideId side = kNoSide;
    std::string_view type;
    std::int64_t strength = 0;          // combat strength points now
    std::int64_t initial_strength = 0;  // at set-up
    UnitStatus status = UnitStatus::OffMap;
    LocId loc = kNoLoc;                 // where it stands (or stood last)
    std::int32_t enters_turn = 0;       // a reinforcement's turn (0: none)
    LocId enters_at = kNoLoc;
    LocId exit_loc = kNoLoc;            // where it exited
    bool exit_legal = false;            // exited without breaking an exit rule (only such exits score)
    std::uint32_t declared_line = 0;    // its `unit` record (0: the scenario's)
    std::int64_t ma = -1;               // its own movement allowance (`ma`, G7); -1: none
    std::vector<std::string_view> roles;

    bool has_role(std::string_view role) const;
};

// A list of unit types a rule names (empty: every type), matched without case.
bool type_in(const std::vector<std::string>& types, std::string_view type);

// Told of every change of a unit's location, and of every location a unit passes through.
class PositionListener {
public:
    virtual void placed(UnitId u, LocId l) = 0;  // after the unit stands in l
    virtual void lifted(UnitId u, LocId l) = 0;  // after the unit left l (it stood there)
    virtual void passed(SideId side, LocId l) = 0;  // a unit of `side` entered l (passing through counts)

protected:
    ~PositionListener() = default;
};

class GameState {
public:
    explicit GameState(const Scenario& s);

    std::size_t sides() const { return nsides_; }
    std::span<const Unit> units() const { return units_; }
    const Unit& unit(UnitId u) const { return units_[static_cast<std::size_t>(u)]; }

    std::int64_t occupants(LocId l, SideId s) const { return occ_[index(l, s)]; }
    bool enemy_in(LocId l, SideId side) const {  // a unit of another side stands in l
        const std::int64_t* o = &occ_[index(l, 0)];
        for (std::size_t s = 0; s < nsides_; ++s)
            if (static_cast<SideId>(s) != side && o[s] > 0) return true;
        return false;
    }
    // G1: the side standing in l; else the side that last moved a unit in; else the initial holder.
    SideId holder(LocId l) const;
    SideId last_mover(LocId l) const { return last_mover_[static_cast<std::size_t>(l)]; }
    // A record that takes the game up after turn 1 (`resume`): who last entered l is not known when
    // no unit has stood in or entered it since (so its holder is only the set-up's).
    bool holding_unknown(LocId l) const { return !unknown_holding_.empty() && unknown_holding_[static_cast<std::size_t>(l)] != 0; }
    // Where a unit is for the record: its location on the map, or its exit hex; else none.
    LocId where_is(const Unit& u) const;

    // --- primitives -----------------------------------------------------------------------
    UnitId add_unit(Unit u);                       // off the map until placed
    void replace_unit(UnitId id, Unit u);          // lifts the old one first
    // Stands the unit in `to`, on the map.
    void place(UnitId id, LocId to) {
        Unit& u = at(id);
        u.status = UnitStatus::OnMap;
        u.loc = to;
        ++occ_[index(to, u.side)];
        for (PositionListener* p : on_placed_) p->placed(id, to);
    }
    // Takes the unit off its location (its status is the caller's).
    void lift(UnitId id) {
        Unit& u = at(id);
        if (u.status != UnitStatus::OnMap || u.loc == kNoLoc) return;
        --occ_[index(u.loc, u.side)];
        for (PositionListener* p : on_lifted_) p->lifted(id, u.loc);
    }
    // A unit of `side` enters l: it holds l now (G1).
    void pass_through(SideId side, LocId l) {
        last_mover_[static_cast<std::size_t>(l)] = side;
        if (!unknown_holding_.empty()) [[unlikely]]
            unknown_holding_[static_cast<std::size_t>(l)] = 0;
        for (PositionListener* p : on_passed_) p->passed(side, l);
    }
    // Takes `sp` strength points; at 0 the unit is lifted and eliminated. True when it was eliminated.
    bool reduce(UnitId id, std::int64_t sp);
    void set_status(UnitId id, UnitStatus s) { at(id).status = s; }
    void set_strength(UnitId id, std::int64_t sp) { at(id).strength = sp; }
    void set_exit(UnitId id, LocId l, bool legal);  // exited at l
    void set_holder(LocId l, SideId side) {  // set-up and snapshots
        last_mover_[static_cast<std::size_t>(l)] = side;
        if (!unknown_holding_.empty()) unknown_holding_[static_cast<std::size_t>(l)] = 0;
    }
    // `resume`: a location where one side's units stand is held by that side (it entered last); one
    // where none stands keeps the set-up's holder, unknown since (holding_unknown).
    void resume_holdings();

    // Listeners of the primitives; each is told in the order it was added.
    void listen(PositionListener* p, bool placed, bool lifted, bool passed);

    // Tracks a game sets with `track` records where the scenario keeps no track of that name
    // (the snapshot compares them).
    void set_free_track(Sym name, std::int64_t value);
    const std::vector<std::pair<Sym, std::int64_t>>& free_tracks() const { return free_tracks_; }

private:
    std::size_t index(LocId l, SideId s) const { return static_cast<std::size_t>(l) * nsides_ + static_cast<std::size_t>(s); }
    Unit& at(UnitId u) { return units_[static_cast<std::size_t>(u)]; }

    std::size_t nsides_;
    std::vector<Unit> units_;
    std::vector<std::int64_t> occ_;    // [location * sides + side]: units standing there
    std::vector<SideId> last_mover_;   // per location (G1)
    std::vector<std::uint8_t> unknown_holding_;  // per location, after resume_holdings(); else empty
    std::vector<PositionListener*> on_placed_, on_lifted_, on_passed_;
    std::vector<std::pair<Sym, std::int64_t>> free_tracks_;
};

}  // namespace referee
