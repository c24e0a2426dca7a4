#include "score_sheet.hpp"

#include <climits>

namespace referee {

std::int64_t ScoreSheet::mul(std::int64_t a, std::int64_t b) const {
    std::int64_t r = 0;
    if (!__builtin_mul_overflow(a, b, &r)) return r;
    note_overflow();
    return (a < 0) != (b < 0) ? INT64_MIN : INT64_MAX;
}

std::int64_t ScoreSheet::add(std::int64_t a, std::int64_t b) const {
    std::int64_t r = 0;
    if (!__builtin_add_overflow(a, b, &r)) return r;
    note_overflow();
    return b < 0 ? INT64_MIN : INT64_MAX;
}

std::int64_t ScoreSheet::fit(__int128 v) const {
    if (v >= INT64_MIN && v <= INT64_MAX) return static_cast<std::int64_t>(v);
    note_overflow();
    return v < 0 ? INT64_MIN : INT64_MAX;
}

void ScoreSheet::note_overflow() const {
    if (!overflow_) overflow_line_ = line_;
    overflow_ = true;
}

SideId ScoreSheet::leader() const {
    SideId best = kNoSide;
    bool tie = false;
    for (std::size_t s = 0; s < totals_.size(); ++s) {
        if (best == kNoSide || totals_[s] > totals_[static_cast<std::size_t>(best)]) {
            best = static_cast<SideId>(s);
            tie = false;
        } else if (totals_[s] == totals_[static_cast<std::size_t>(best)]) {
            tie = true;
        }
    }
    return tie ? kNoSide : best;
}

}  // namespace referee
