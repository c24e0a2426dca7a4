// Two copies of one game's records set side by side (event.md, "referee diff"): which records are
// compared and in what order, and their alignment, in which one record inserted, deleted or changed
// is one difference rather than a cascade (Myers' O(NP) algorithm, through Debian's dtl).
#pragma once

#include "record.hpp"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace referee::diff {

// The records of one copy that are compared, in the order compared: its header (the header
// records before its first other record) in an order of their kind and content, so that the order
// in which a copy writes them does not count, then every later record in the copy's order. `tag` and `chat`
// records are not compared, wherever they are.
struct Compared {
    const GameRecord* game = nullptr;
    std::vector<std::uint32_t> index;  // into game->records
    std::vector<std::uint64_t> print;  // each one's fingerprint: its content, names by their text
    std::uint32_t header = 0;          // how many of the first are the header
    std::size_t size() const { return index.size(); }
    const Record& at(std::size_t i) const { return game->records[index[i]]; }
};
// `game_record` false: the `game` record is left out too (a VASSAL file's conversion writes one
// naming the binding given on the command line, which is not the players' to write).
Compared compared_records(const GameRecord& g, bool game_record = true);

// Whether two records say the same: every field but their line and column, each name by its text.
bool same_record(const Record& x, const GameRecord& gx, const Record& y, const GameRecord& gy);

enum class Op : std::uint8_t {
    Changed,  // a and b: records in the same place that differ
    OnlyInA,  // a: a record B does not have
    OnlyInB,  // b: a record A does not have
};
struct Edit {
    Op op;
    // Positions in Compared: the record of each copy that has one; for the copy that has none (a of
    // OnlyInB, b of OnlyInA), the position of that copy's next record, where the record would be.
    std::uint32_t a = 0, b = 0;
};

struct Alignment {
    std::vector<Edit> edits;  // in the copies' order
    std::size_t same = 0;     // records paired as equal
    // The last positions paired (equal or changed), the end of the shorter copy in the longer.
    std::optional<std::pair<std::uint32_t, std::uint32_t>> last_pair;
    // Whether an alignment of part of the copies was given up as too costly (more than
    // kMaxAlignedWork steps between two records both copies hold once), those records then paired
    // in order: a pair of copies that share almost nothing.
    bool paired_in_order = false;
};

// The work (records of one gap times records of the other, summed) above which a gap between two
// anchors is paired in order rather than aligned: 10^8 steps take about a second.
inline constexpr std::uint64_t kMaxAlignedWork = 100'000'000;

Alignment align(const Compared& a, const Compared& b);

}  // namespace referee::diff
