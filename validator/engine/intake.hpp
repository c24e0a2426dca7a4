// The records a game's set-up needs before the first can be applied: everything before the first
// `turn` record (parameters, set-up, sides, players, units), and in games whose turns alternate,
// everything up to the first `phase` record of a side (its side moves first). The intake keeps
// those records, with copies of their lists (a reader keeps a record's lists only while it hands
// it over); once it has them, the engine is set up and the rest of the game streams through.
#pragma once

#include "record.hpp"
#include "result.hpp"
#include "scenario.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace referee {

class Intake {
public:
    // Keeps a record, with its lists.
    void add(const Record& r, const GameRecord& g);
    // The set-up has all it needs; `alternating`: the first mover's phase record too.
    bool complete(bool alternating) const { return seen_turn_ && (!alternating || seen_sided_phase_); }

    std::span<const Record> records() const { return records_; }
    const Sym* syms() const { return syms_.data(); }
    const std::int64_t* ints() const { return ints_.data(); }
    void clear();  // the records were applied: their memory can go

private:
    Span copy(Span s, const Sym* from);
    Span copy_ints(Span s, const std::int64_t* from);

    bool seen_turn_ = false;
    bool seen_sided_phase_ = false;
    std::vector<Record> records_;
    std::vector<Sym> syms_;
    std::vector<std::int64_t> ints_;
};

// A scenario whose sides the game declares (the victory-banner family): the scenario with the
// game's `side` records, in their order, as its sides. None when they cannot be (the wrong number
// of sides, one twice, a reserved word): each reason is a `side-declaration` finding in `out`.
std::optional<Scenario> bind_sides(std::span<const Record> header, const GameRecord& g, const Scenario& scenario, std::vector<Violation>& out);

}  // namespace referee
