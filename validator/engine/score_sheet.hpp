// The score sheet (G4): every count the points rules score from, the awards, and the totals, kept
// exactly. Sums and products saturate at 64 bits and note the first record where one overflowed;
// a game whose scores overflowed gets no result (score-overflow). Totals are summed in 128 bits,
// since items may be negative and only the total must fit.
#pragma once

#include "scenario.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace referee {

class ScoreSheet {
public:
    // `line`: the line of the record being applied (0 before the first and after the last), where an
    // overflow is noted.
    ScoreSheet(std::size_t rules, std::size_t sides, const std::uint32_t& line)
        : nsides_(sides), counts_(rules * sides, 0), totals_(sides, 0), line_(line) {}

    // Exact arithmetic: a result past 64 bits saturates and is noted (overflowed()).
    std::int64_t mul(std::int64_t a, std::int64_t b) const;
    std::int64_t add(std::int64_t a, std::int64_t b) const;
    std::int64_t fit(__int128 v) const;
    void note_overflow() const;
    bool overflowed() const { return overflow_; }
    std::uint32_t overflow_line() const { return overflow_line_; }

    // What points rule `rule` has counted for `side` (SP eliminated, SP or units exited, ...).
    std::int64_t& count(std::size_t rule, SideId side) { return counts_[rule * nsides_ + static_cast<std::size_t>(side)]; }
    std::int64_t count(std::size_t rule, SideId side) const { return counts_[rule * nsides_ + static_cast<std::size_t>(side)]; }

    struct Award {
        SideId side;
        std::int64_t n;
        std::string reason;
        std::uint32_t line;
    };
    void award(SideId side, std::int64_t n, std::string reason, std::uint32_t line) { awards_.push_back(Award{side, n, std::move(reason), line}); }
    const std::vector<Award>& awards() const { return awards_; }

    // Each side's total, as last computed (or taken from a snapshot).
    std::vector<std::int64_t>& totals() { return totals_; }
    const std::vector<std::int64_t>& totals() const { return totals_; }
    // The side with the highest total; kNoSide when the highest is shared.
    SideId leader() const;

private:
    std::size_t nsides_;
    std::vector<std::int64_t> counts_;  // [rule * sides + side]
    std::vector<Award> awards_;
    std::vector<std::int64_t> totals_;
    const std::uint32_t& line_;
    mutable bool overflow_ = false;
    mutable std::uint32_t overflow_line_ = 0;
};

}  // namespace referee
