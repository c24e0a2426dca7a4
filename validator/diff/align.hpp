// Two copies of one game's records set side by side (event.md, "referee diff"): the alignment of
// their compared records (compared.hpp), in which one record inserted, deleted or changed
// is one difference rather than a cascade (Myers' O(NP) algorithm, through Debian's dtl).
#pragma once

#include "compared.hpp"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace referee::diff {

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

// The work of one gap (records of one side times the records of both) up to which dtl aligns it;
// a longer gap is aligned by the same algorithm without dtl (align.cpp), or cut at anchors.
inline constexpr std::uint64_t kDtlWork = 10'000'000;

// `dtl_work`: kDtlWork but in the tests that set the two implementations against each other.
Alignment align(const Compared& a, const Compared& b, std::uint64_t dtl_work = kDtlWork);

}  // namespace referee::diff
