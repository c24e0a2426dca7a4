// Movement points (ruling G7; the scenario's <terrain> and <movement-points>,
// docs/scenario-format.md). Each location a unit enters in its own movement phase costs movement
// points by its terrain and the hexside crossed, or by the road or trail followed; entering the map
// costs what the rules say (Cemetery Hill 14.32), else the entry hex's terrain; leaving it costs
// what the rules say (Cemetery Hill 14.4, Marye's Heights 17.3), else nothing. The costs are summed
// over all the unit's records of the phase (moves, entries, exits); a unit that spends more than its
// allowance (its `ma`, or the scenario's for it or its type) is a `movement-points` error at the
// record where it passes it, once a phase. A step between locations that are not adjacent (a VASSAL
// drag keeps only its ends) costs the cheapest route between them over the map.
//
// Created only when the scenario gives the map's terrain (assemble.cpp): otherwise nothing is
// checked, and note_movement_points_unchecked says so once under the report's rulings. A unit
// without an allowance is not checked either, said once at the end of the log.
#pragma once

#include "game.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace referee {

class MovementPoints final : public Mechanism {
public:
    explicit MovementPoints(Game& g);
    std::string_view name() const override { return "movement_points"; }
    std::uint32_t hooks() const override { return kOnPlayStart | kOnLogEnd; }
    void on_play_start() override;  // every unit's allowance, from its own `ma`, its type's or none
    void on_log_end() override;     // the units that moved without an allowance

    // Called by the movement and exit mechanisms after their own checks, before the record is
    // applied (docs/engine.md, the order of findings).
    void moved(const Record& r, UnitId u, std::span<const LocId> path) {
        if (Budget* b = budget(u)) spend_path(r, *b, u, path);
    }
    void entered(const Record& r, UnitId u, LocId l) {
        if (Budget* b = budget(u)) spend_entry(r, *b, u, l);
    }
    void exited(const Record& r, UnitId u, LocId l) {
        if (Budget* b = budget(u)) spend_exit(r, *b, u, l);
    }

    // For tests and for people: what entering `to` from the adjacent `from` costs, in movement
    // points (the cheapest route's when they are not adjacent), as text ("1/2", "2", "1 1/2").
    std::string step_cost_text(LocId from, LocId to);

private:
    // A unit's movement points in the phase it last spent some in, in 1/denominator MP.
    struct Budget {
        std::int64_t allowance = -1;  // -1: none (not checked)
        std::int64_t spent = 0;
        std::uint32_t serial = 0;     // Clock::phase_serial of the phase `spent` counts
        bool over = false;            // passed in that phase (reported once)
    };
    // The unit's budget when it spends movement points now (in its own side's movement phase) and
    // is checked; nullptr otherwise.
    Budget* budget(UnitId u) {
        const Clock& c = game.clock;
        if (c.step() < 0 || c.phase_kind() != PhaseKind::Movement || c.phasing() != game.state.unit(u).side) return nullptr;
        if (static_cast<std::size_t>(u) >= budgets_.size()) [[unlikely]] resolve();
        Budget& b = budgets_[static_cast<std::size_t>(u)];
        if (b.allowance < 0) [[unlikely]] {
            unchecked(u);
            return nullptr;
        }
        if (b.serial != c.phase_serial()) {
            b.serial = c.phase_serial();
            b.spent = 0;
            b.over = false;
        }
        return b.over ? nullptr : &b;
    }
    // Entering `to` from `from`: the step's cost when adjacent, else the cheapest route's.
    std::int64_t step(LocId from, LocId to) {
        const std::span<const LocId> nb = map_.neighbours(from);
        const std::size_t base = offset_[static_cast<std::size_t>(from)];
        for (std::size_t k = 0; k < nb.size(); ++k)
            if (nb[k] == to) return cost_[base + k];
        return route(from, to);
    }
    void spend_path(const Record& r, Budget& b, UnitId u, std::span<const LocId> path);
    void spend_entry(const Record& r, Budget& b, UnitId u, LocId l);
    void spend_exit(const Record& r, Budget& b, UnitId u, LocId l);
    void resolve();
    void unchecked(UnitId u);
    std::int64_t route(LocId from, LocId to);  // Dijkstra; 0 when `to` cannot be reached
    std::int64_t entry_cost(LocId l) const;
    std::int64_t units(const Mp& c) const { return c.num * (denominator_ / c.den); }
    std::string text(std::int64_t units) const;   // "7 1/2"
    std::string describe_step(LocId from, LocId to);
    void passed(const Record& r, const Unit& us, Budget& b, const std::string& rule, const std::string& how);

    const Map& map_;
    std::int64_t denominator_;
    std::string rule_;                 // the scenario's movement rule, or G7
    std::vector<std::int64_t> terrain_;  // per location: entering it (its kind's cost)
    std::vector<std::size_t> offset_;    // per location: where its neighbours' steps start in cost_
    std::vector<std::int64_t> cost_;     // per (location, neighbour in Map::neighbours order): the step's cost
    std::vector<Budget> budgets_;        // per unit (sized when play starts)
    std::vector<std::uint8_t> flagged_;  // per unit: moved without an allowance
    std::vector<UnitId> unchecked_;      // those units, in the order they first moved
    // Dijkstra's scratch, sized once: no allocation per record.
    std::vector<std::int64_t> dist_;
    std::vector<std::uint32_t> seen_;    // per location: the search that set dist_
    std::uint32_t search_ = 0;
    std::vector<std::pair<std::int64_t, LocId>> heap_;
};

// A scenario without terrain: the one line under the report's rulings that says movement points
// are not checked (and which rules the missing map data leaves out). Nothing in a game without a
// movement phase (Liberty or Death moves between areas by its own rules, docs/decisions.md).
void note_movement_points_unchecked(Game& g);

}  // namespace referee
