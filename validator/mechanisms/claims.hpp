// The players' claims (move-log.md `claim winner`, `claim draw`, `claim score`): each is compared
// with what the record gives, once the game is judged; one that differs is a `claim-mismatch`
// citing the scenario's rule of victory. The claims are kept to the end, with their lists.
#pragma once

#include "game.hpp"

#include <vector>

namespace referee {

class Claims final : public Mechanism {
public:
    using Mechanism::Mechanism;
    std::string_view name() const override { return "claims"; }
    std::uint32_t hooks() const override { return kOnJudged; }
    std::span<const Kind> kinds() const override;
    void on_record(const Record& r) override;
    void on_judged(Verdict& v) override;  // each claim against the verdict: its `claims`, and claim-mismatch

private:
    std::vector<Record> claims_;  // their lists (sides, points) in syms_ and ints_
    std::vector<Sym> syms_;
    std::vector<std::int64_t> ints_;
};

}  // namespace referee
