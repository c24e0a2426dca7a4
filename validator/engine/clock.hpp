// The clock: where the game is in its sequence of play. Game-turns run the scenario's steps (a
// phase of a side, or of no side) in order; a step in force only on some turns is skipped on the
// others; a side's player-turn begins with its first phase after another side's (G2). In games
// whose turns alternate, each game-turn is one side's turn, the first mover's first (G6: the
// scenario, or its first-player parameter, says who moves first). Changed by the engine only.
#pragma once

#include "scenario.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace referee {

class Clock {
public:
    explicit Clock(const Scenario& s) : s_(s), sequence_(s.sequence) {}

    std::int32_t turn() const { return turn_; }
    std::int32_t step() const { return step_; }  // index into sequence(); -1 before the turn's first phase
    SideId phasing() const { return phasing_; }  // the side whose player-turn it is (G2)
    const std::vector<SequenceStep>& sequence() const { return sequence_; }
    // The kind of the phase in progress (Other before the first phase of a turn).
    PhaseKind phase_kind() const {
        return step_ >= 0 ? s_.phases[static_cast<std::size_t>(sequence_[static_cast<std::size_t>(step_)].phase)].kind : PhaseKind::Other;
    }
    bool step_in_force(std::size_t i, std::int32_t turn) const {
        const auto& st = sequence_[i];
        return turn >= st.first_turn && turn <= st.last_turn;
    }
    std::int32_t first_step_of(SideId s, std::int32_t turn) const;  // -1: none that turn
    std::int32_t last_step_of(SideId s, std::int32_t turn) const;
    // The last game-turn's last player-turn has begun (or the turn has no side's phase and a phase began).
    bool last_player_turn_begun(std::int32_t turns) const;
    // A point of the sequence of play: a game-turn and a step of it (-1: the turn's first phase has
    // not begun), with that step's side (kNoSide: a phase of no side, or no step).
    struct Point {
        std::int32_t turn = 0;
        std::int32_t step = -1;
        SideId side = kNoSide;
    };
    Point now() const;
    // The step that begins next: the current turn's next step in force, or else the first step in
    // force of the next game-turn (none past the last one, `turns` > 0). In games whose turns
    // alternate, the next turn's steps are its own side's.
    std::optional<Point> next_step(std::int32_t turns) const;
    // "game-turn 3, Union movement", "game-turn 7 (night), support phase", "before the first turn".
    std::string where_now() const;
    std::string where(const Point& p) const;
    // A counter that changes at the end of every phase (for "earlier in this phase").
    std::uint32_t phase_serial() const { return phase_serial_; }

    // Alternating turns: the side whose game-turn this is.
    bool alternating() const { return s_.alternate_turns && !s_.sides.empty(); }
    SideId first_mover() const { return first_mover_; }
    // The game named its first mover with a phase record (a log that stops before one has not).
    bool first_mover_known() const { return first_mover_known_; }
    SideId turn_side() const {
        return static_cast<SideId>((static_cast<std::size_t>(first_mover_) + static_cast<std::size_t>(turn_ - 1)) % s_.sides.size());
    }

    // --- changed by the engine ---------------------------------------------------------------
    void put_first(SideId side);          // first-player (G6): two sides swap throughout the sequence; more: that side's steps first
    // `known`: a phase record of a side named it; otherwise the first side is taken.
    void set_first_mover(SideId side, bool known) {
        first_mover_ = side;
        first_mover_known_ = known;
    }
    void begin_turn(std::int32_t n);      // step -1, no phasing side; alternating: whose turn it is
    void set_turn(std::int32_t n) { turn_ = n; }  // a save judged from its snapshot: the snapshot's turn
    void enter_step(std::int32_t i) { step_ = i; }
    void set_phasing(SideId side) { phasing_ = side; }
    void next_phase() { ++phase_serial_; }

private:
    const Scenario& s_;
    std::vector<SequenceStep> sequence_;
    std::int32_t turn_ = 0;
    std::int32_t step_ = -1;
    SideId phasing_ = kNoSide;
    SideId first_mover_ = kNoSide;
    bool first_mover_known_ = false;
    std::uint32_t phase_serial_ = 1;
};

}  // namespace referee
