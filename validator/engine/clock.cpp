#include "clock.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace referee {

std::int32_t Clock::first_step_of(SideId s, std::int32_t turn) const {
    for (std::size_t i = 0; i < sequence_.size(); ++i)
        if (sequence_[i].side == s && step_in_force(i, turn)) return static_cast<std::int32_t>(i);
    return -1;
}

std::int32_t Clock::last_step_of(SideId s, std::int32_t turn) const {
    std::int32_t last = -1;
    for (std::size_t i = 0; i < sequence_.size(); ++i)
        if (sequence_[i].side == s && step_in_force(i, turn)) last = static_cast<std::int32_t>(i);
    return last;
}

bool Clock::last_player_turn_begun(std::int32_t turns) const {
    if (turn_ != turns || step_ < 0) return false;
    SideId last_side = kNoSide;
    for (std::size_t i = 0; i < sequence_.size(); ++i)
        if (step_in_force(i, turn_) && sequence_[i].side != kNoSide) last_side = sequence_[i].side;
    return last_side == kNoSide || phasing_ == last_side;
}

std::string Clock::where_now() const {
    if (turn_ == 0) return "before the first turn";
    const bool night = std::find(s_.night_turns.begin(), s_.night_turns.end(), turn_) != s_.night_turns.end();
    const std::string turn = fmt::format("game-turn {}{}", turn_, night ? " (night)" : "");
    if (step_ < 0) return turn;
    const auto& st = sequence_[static_cast<std::size_t>(step_)];
    const auto& ph = s_.phases[static_cast<std::size_t>(st.phase)].name;
    if (st.side == kNoSide) return fmt::format("{}, {} phase", turn, ph);
    return fmt::format("{}, {} {}", turn, st.side >= 0 ? std::string_view(s_.sides[static_cast<std::size_t>(st.side)]) : "nobody", ph);
}

void Clock::put_first(SideId side) {
    // The reader resolved the steps written `first` and `second` with the scenario's own first
    // player: that side changes nothing. In a two-side game another side swaps the two sides
    // throughout the sequence (scenario-format.md), so that every step keeps its place, its phase
    // and its turns, and a phase of no side stays where it is. Without a first player of the
    // scenario's, or with more sides, the side's steps are moved first.
    if (side < 0 || side == s_.first_player) return;
    if (s_.sides.size() == 2 && s_.first_player != kNoSide) {
        for (SequenceStep& st : sequence_)
            if (st.side >= 0) st.side = 1 - st.side;
        return;
    }
    std::stable_partition(sequence_.begin(), sequence_.end(), [side](const SequenceStep& st) { return st.side == side; });
}

void Clock::begin_turn(std::int32_t n) {
    turn_ = n;
    step_ = -1;
    phasing_ = kNoSide;
    if (!alternating()) return;
    // Each game-turn is one side's turn, in the order of the sides from the first mover.
    const SideId side = turn_side();
    for (std::size_t i = 0; i < sequence_.size(); ++i)
        if (s_.sequence[i].side == kPhasingSide) sequence_[i].side = side;
}

}  // namespace referee
