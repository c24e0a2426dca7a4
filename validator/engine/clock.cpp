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

Clock::Point Clock::now() const {
    Point p;
    p.turn = turn_;
    p.step = step_;
    if (step_ >= 0) p.side = sequence_[static_cast<std::size_t>(step_)].side;
    return p;
}

std::optional<Clock::Point> Clock::next_step(std::int32_t turns) const {
    for (std::size_t i = static_cast<std::size_t>(step_ + 1); i < sequence_.size(); ++i)
        if (step_in_force(i, turn_)) return Point{turn_, static_cast<std::int32_t>(i), sequence_[i].side};
    if (turns > 0 && turn_ >= turns) return std::nullopt;
    const std::int32_t next = turn_ + 1;
    for (std::size_t i = 0; i < sequence_.size(); ++i) {
        if (!step_in_force(i, next)) continue;
        SideId side = sequence_[i].side;
        if (alternating() && s_.sequence[i].side == kPhasingSide && first_mover_ >= 0)
            side = static_cast<SideId>((static_cast<std::size_t>(first_mover_) + static_cast<std::size_t>(next - 1)) % s_.sides.size());
        return Point{next, static_cast<std::int32_t>(i), side};
    }
    return std::nullopt;
}

std::string Clock::where_now() const { return where(now()); }

std::string Clock::where(const Point& p) const {
    if (p.turn == 0) return "before the first turn";
    const bool night = std::find(s_.night_turns.begin(), s_.night_turns.end(), p.turn) != s_.night_turns.end();
    const std::string turn = fmt::format("game-turn {}{}", p.turn, night ? " (night)" : "");
    if (p.step < 0) return turn;
    const auto& ph = s_.phases[static_cast<std::size_t>(sequence_[static_cast<std::size_t>(p.step)].phase)].name;
    if (p.side == kNoSide) return fmt::format("{}, {} phase", turn, ph);
    return fmt::format("{}, {} {}", turn, p.side >= 0 ? std::string_view(s_.sides[static_cast<std::size_t>(p.side)]) : "nobody", ph);
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
