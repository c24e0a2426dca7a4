// The alignment of two copies' records (align.hpp). The records both copies begin and end with are
// paired first; what lies between is aligned with dtl (Myers' O(NP): its time grows with the
// records times the differences) when it is short, by the same algorithm here, keeping only its
// path, when it is long, or, when that passes its bound, first cut at the records each copy holds
// once and in the same order (as git's patience diff does), so that two long copies that differ in a
// few places cost little, and two that share nothing cannot take hours.
#include "align.hpp"

#include <dtl/dtl.hpp>

#include <algorithm>
#include <cstring>
#include <unordered_map>

namespace referee::diff {

namespace {

struct Elem {
    std::uint32_t pos = 0;
};

class Aligner {
public:
    Aligner(const Compared& a, const Compared& b, Alignment& out, std::uint64_t dtl_work) : a_(a), b_(b), out_(out), dtl_work_(dtl_work) {
        // Each of B's names as A's symbol of the same text (none: a symbol no name of A has), so that
        // comparing two records compares integers.
        const SymbolTable& sa = *a.symbols;
        const SymbolTable& sb = *b.symbols;
        b_to_a_.resize(sb.size(), kNoMatch);
        b_to_a_[kNoSym] = kNoSym;
        for (std::size_t s = 1; s < sb.size(); ++s) {
            const Sym t = sa.find(sb.str(static_cast<Sym>(s)));
            if (t != kNoSym) b_to_a_[s] = t;
        }
        // B's words compare as they are with A's when each of B's names is A's symbol of the same
        // number, or a name A does not have numbered past A's last (two copies of one game name
        // their units and places in the same order, until one has a name the other has not).
        raw_ = true;
        for (std::size_t s = 1; s < sb.size() && raw_; ++s) raw_ = b_to_a_[s] == s || (b_to_a_[s] == kNoMatch && s >= sa.size());
    }

    // Records equal by every field but their places: their words, B's names by A's symbols (what
    // same_record compares by text).
    bool equal(std::uint32_t i, std::uint32_t j) const {
        const std::uint32_t* x = a_.words_of(i);
        const std::uint32_t* y = b_.words_of(j);
        if (x[0] != y[0]) return false;  // kind, flags, the fields it has
        const WordLayout l = layout_of(x);  // y's too when its lists are as long
        if (!std::equal(x + 1, x + l.names_at, y + 1)) return false;  // the lengths of its lists
        for (std::uint32_t k = l.names_at; k < l.names_at + l.names; ++k)
            if (x[k] != b_to_a_[y[k]]) return false;
        return std::equal(x + l.names_at + l.names, x + l.total, y + l.names_at + l.names);
    }

    // Aligns a's [a0, a1) with b's [b0, b1).
    void run(std::uint32_t a0, std::uint32_t a1, std::uint32_t b0, std::uint32_t b1) {
        for (std::uint32_t k = equal_run(a0, b0, std::min(a1 - a0, b1 - b0)); k > 0; --k) same(a0++, b0++);
        const std::uint32_t tail = equal_run_back(a1, b1, std::min(a1 - a0, b1 - b0));
        middle(a0, a1 - tail, b0, b1 - tail);
        for (std::uint32_t k = tail; k > 0; --k) same(a1 - k, b1 - k);
    }

private:
    void same(std::uint32_t i, std::uint32_t j) {
        ++out_.same;
        out_.last_pair = {i, j};
        next_a_ = i + 1;
        next_b_ = j + 1;
    }
    // Called in the copies' order, so that the copy without the record has its next one at next_.
    void edit(Op op, std::uint32_t i, std::uint32_t j) {
        if (op == Op::OnlyInA) j = next_b_;
        if (op == Op::OnlyInB) i = next_a_;
        out_.edits.push_back(Edit{op, i, j});
        if (op != Op::OnlyInB) next_a_ = i + 1;
        if (op != Op::OnlyInA) next_b_ = j + 1;
        if (op == Op::Changed) out_.last_pair = {i, j};
    }

    void middle(std::uint32_t a0, std::uint32_t a1, std::uint32_t b0, std::uint32_t b1) {
        const std::uint64_t na = a1 - a0, nb = b1 - b0;
        if (na == 0 || nb == 0) {
            for (std::uint32_t i = a0; i < a1; ++i) edit(Op::OnlyInA, i, 0);
            for (std::uint32_t j = b0; j < b1; ++j) edit(Op::OnlyInB, 0, j);
            return;
        }
        // A short gap: dtl. A long one with few differences: the same algorithm here, keeping only
        // the path's snakes (dtl keeps a step a record, which for a gap of 10^5 records and more was
        // most of the time of comparing two long copies), given up past the bound.
        if ((na + nb) * std::min(na, nb) <= dtl_work_) return myers(a0, a1, b0, b1);
        if (onp(a0, a1, b0, b1, kMaxAlignedWork)) return;
        const std::vector<std::pair<std::uint32_t, std::uint32_t>> anchors = unique_anchors(a0, a1, b0, b1);
        if (anchors.empty()) {
            out_.paired_in_order = true;
            std::vector<std::uint32_t> dels, adds;
            for (std::uint32_t i = a0; i < a1; ++i) dels.push_back(i);
            for (std::uint32_t j = b0; j < b1; ++j) adds.push_back(j);
            return replaced(dels, adds);
        }
        for (const auto& [i, j] : anchors) {
            run(a0, i, b0, j);
            same(i, j);
            a0 = i + 1;
            b0 = j + 1;
        }
        run(a0, a1, b0, b1);
    }

    // How many records from a's i and b's j are equal, in order (at most `most`). Past both headers,
    // and when B's words compare as they are (raw_), a block of words is compared at a time: the
    // records after a copy's header lie in its words one after the other, and each record's first
    // words say how long it is, so that equal words from two records' beginnings are equal records.
    std::uint32_t equal_run(std::uint32_t i, std::uint32_t j, std::uint32_t most) const {
        std::uint32_t k = 0;
        while (k < most && (!raw_ || i + k < a_.header || j + k < b_.header || most - k < kBlockRecords)) {
            if (!equal(i + k, j + k)) return k;
            ++k;
        }
        return k == most ? k : k + block_run(i + k, j + k, most - k);
    }

    std::uint32_t block_run(std::uint32_t i, std::uint32_t j, std::uint32_t most) const {
        const std::size_t wa = a_.start[i], wb = b_.start[j];
        const std::size_t ea = end_of(a_, i + most - 1), eb = end_of(b_, j + most - 1);
        const std::size_t n = std::min(ea - wa, eb - wb);
        const std::uint32_t* x = a_.words.data() + wa;
        const std::uint32_t* y = b_.words.data() + wb;
        std::size_t d = 0;  // the first word that differs, or n
        while (d < n) {
            const std::size_t len = std::min<std::size_t>(kBlockWords, n - d);
            if (std::memcmp(x + d, y + d, len * sizeof(std::uint32_t)) != 0) {
                while (x[d] == y[d]) ++d;
                break;
            }
            d += len;
        }
        // The records of A that end by word wa + d, from i: each is equal to B's at the same place.
        const auto first = a_.start.begin() + i + 1, last = a_.start.begin() + i + most;
        const auto past = std::upper_bound(first, last, wa + d);  // the first record starting past wa + d
        std::uint32_t k = static_cast<std::uint32_t>(past - a_.start.begin()) - 1 - i;  // records ending by a start <= wa + d
        if (k + 1 <= most && end_of(a_, i + k) <= wa + d) ++k;  // the last of them ends by wa + d too
        return std::min(k, most);
    }

    // How many records before a's i_end and b's j_end are equal, back from them (at most `most`).
    std::uint32_t equal_run_back(std::uint32_t i_end, std::uint32_t j_end, std::uint32_t most) const {
        // Past the headers a block at a time, then record by record.
        const std::uint32_t after_headers = std::min({most, i_end >= a_.header ? i_end - a_.header : 0u, j_end >= b_.header ? j_end - b_.header : 0u});
        std::uint32_t k = raw_ && after_headers >= kBlockRecords ? block_run_back(i_end, j_end, after_headers) : 0;
        if (k < after_headers && raw_ && after_headers >= kBlockRecords) return k;
        while (k < most && equal(i_end - 1 - k, j_end - 1 - k)) ++k;
        return k;
    }

    std::uint32_t block_run_back(std::uint32_t i_end, std::uint32_t j_end, std::uint32_t most) const {
        {
            const std::size_t ea = end_of(a_, i_end - 1), eb = end_of(b_, j_end - 1);
            const std::size_t n = std::min(ea - a_.start[i_end - most], eb - b_.start[j_end - most]);
            const std::uint32_t* x = a_.words.data() + ea;
            const std::uint32_t* y = b_.words.data() + eb;
            std::size_t e = 0;  // how many words from the ends are equal
            while (e < n) {
                const std::size_t len = std::min<std::size_t>(kBlockWords, n - e);
                if (std::memcmp(x - e - len, y - e - len, len * sizeof(std::uint32_t)) != 0) {
                    while (x[-1 - static_cast<std::ptrdiff_t>(e)] == y[-1 - static_cast<std::ptrdiff_t>(e)]) ++e;
                    break;
                }
                e += len;
            }
            // Back from the ends, each record of A wholly within those words, if B's record there
            // begins as far from B's end (equal words from the ends do not alone make equal records).
            std::uint32_t k = 0;
            while (k < most && ea - a_.start[i_end - 1 - k] <= e && ea - a_.start[i_end - 1 - k] == eb - b_.start[j_end - 1 - k]) ++k;
            return k;
        }
    }

    static std::size_t end_of(const Compared& c, std::size_t i) { return i + 1 < c.size() ? c.start[i + 1] : c.words.size(); }

    // Wu, Manber and Myers' O(NP) comparison of a[a0, a1) with b[b0, b1), its path kept as the
    // snakes it is made of (each a run of equal records and the one step before it), so that its
    // memory grows with the differences, not the records; false, nothing recorded, once its work
    // (a step a diagonal and one a record walked) passes `budget`.
    bool onp(std::uint32_t a0, std::uint32_t a1, std::uint32_t b0, std::uint32_t b1, std::uint64_t budget) {
        // x walks the shorter range, y the longer; `swapped`: x is b's.
        const bool swapped = a1 - a0 > b1 - b0;
        const std::int64_t m = swapped ? b1 - b0 : a1 - a0, n = swapped ? a1 - a0 : b1 - b0;
        struct Snake {
            std::int64_t x, y, len;  // its first equal pair, and how many
            std::int64_t prev;       // the snake before it (-1: it starts the path, at 0, 0)
        };
        std::vector<Snake> snakes;
        const std::int64_t delta = n - m, offset = m + 1;
        // Each diagonal's furthest point and its last snake, set (to none) only as the diagonals
        // walked reach them: memory of its size is not touched.
        BigVector<std::int64_t> fp(static_cast<std::size_t>(m + n + 3)), id(fp.size());
        const auto open_diagonal = [&](std::int64_t k) {
            fp[static_cast<std::size_t>(k + offset)] = -1;
            id[static_cast<std::size_t>(k + offset)] = -1;
        };
        for (std::int64_t k = -1; k <= delta + 1; ++k) open_diagonal(k);
        std::uint64_t work = 0;
        const auto snake = [&](std::int64_t k) {
            const auto i = static_cast<std::size_t>(k + offset);
            const bool from_above = fp[i + 1] > fp[i - 1];  // from diagonal k + 1: a step along x
            std::int64_t y = from_above ? fp[i + 1] : fp[i - 1] + 1;
            const std::int64_t prev = from_above ? id[i + 1] : id[i - 1];
            const std::int64_t y0 = y;
            std::int64_t x = y - k;
            const std::uint32_t run = std::min(m - x, n - y) <= 0 ? 0
                                      : swapped ? equal_run(a0 + static_cast<std::uint32_t>(y), b0 + static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(std::min(m - x, n - y)))
                                                : equal_run(a0 + static_cast<std::uint32_t>(x), b0 + static_cast<std::uint32_t>(y), static_cast<std::uint32_t>(std::min(m - x, n - y)));
            x += run;
            y += run;
            work += 1 + static_cast<std::uint64_t>(y - y0);
            fp[i] = y;
            id[i] = static_cast<std::int64_t>(snakes.size());
            snakes.push_back(Snake{y0 - k, y0, y - y0, prev});
        };
        for (std::int64_t p = 0;; ++p) {
            if (p > 0) {
                open_diagonal(-p - 1);
                open_diagonal(delta + p + 1);
            }
            for (std::int64_t k = -p; k < delta; ++k) snake(k);
            for (std::int64_t k = delta + p; k > delta; --k) snake(k);
            snake(delta);
            if (fp[static_cast<std::size_t>(delta + offset)] == n) break;
            if (work > budget || snakes.size() > kMaxSnakes) return false;
        }
        std::vector<const Snake*> path;
        for (std::int64_t s = id[static_cast<std::size_t>(delta + offset)]; s >= 0; s = snakes[static_cast<std::size_t>(s)].prev)
            path.push_back(&snakes[static_cast<std::size_t>(s)]);
        std::reverse(path.begin(), path.end());
        // Walked in order: a step before each snake but the first (x one on: x's record alone; y one
        // on: y's), then its pairs.
        std::vector<std::uint32_t> dels, adds;
        std::int64_t px = 0, py = 0;
        for (std::size_t k = 0; k < path.size(); ++k) {
            const Snake& sn = *path[k];
            if (k > 0) {
                const bool x_step = sn.x == px + 1;  // else sn.y == py + 1
                const std::int64_t at = x_step ? px : py;
                // x's record alone is only in the copy x walks; y's only in the other.
                if (x_step != swapped) dels.push_back(a0 + static_cast<std::uint32_t>(at));
                else adds.push_back(b0 + static_cast<std::uint32_t>(at));
            }
            for (std::int64_t t = 0; t < sn.len; ++t) {
                replaced(dels, adds);
                dels.clear();
                adds.clear();
                const auto x = static_cast<std::uint32_t>(sn.x + t), y = static_cast<std::uint32_t>(sn.y + t);
                swapped ? same(a0 + y, b0 + x) : same(a0 + x, b0 + y);
            }
            px = sn.x + sn.len;
            py = sn.y + sn.len;
        }
        replaced(dels, adds);
        return true;
    }

    // The records that each range holds once, equal in both, in an order both keep (the longest
    // increasing run of their places in b, by patience sorting).
    std::vector<std::pair<std::uint32_t, std::uint32_t>> unique_anchors(std::uint32_t a0, std::uint32_t a1, std::uint32_t b0,
                                                                          std::uint32_t b1) const {
        struct Seen {
            std::uint32_t in_a = 0, in_b = 0, a = 0, b = 0;
        };
        const std::vector<std::uint64_t>& pa = a_.prints();
        const std::vector<std::uint64_t>& pb = b_.prints();
        std::unordered_map<std::uint64_t, Seen> seen;
        seen.reserve(static_cast<std::size_t>(a1 - a0) + (b1 - b0));
        for (std::uint32_t i = a0; i < a1; ++i) {
            Seen& s = seen[pa[i]];
            ++s.in_a;
            s.a = i;
        }
        for (std::uint32_t j = b0; j < b1; ++j) {
            auto it = seen.find(pb[j]);
            if (it == seen.end()) continue;
            ++it->second.in_b;
            it->second.b = j;
        }
        std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;  // (a, b), in a's order
        for (std::uint32_t i = a0; i < a1; ++i) {
            const Seen& s = seen[pa[i]];
            if (s.in_a == 1 && s.in_b == 1 && equal(s.a, s.b)) pairs.emplace_back(s.a, s.b);
        }
        // Patience sorting: tops[k] is the pair ending the best run of length k + 1 found so far.
        std::vector<std::size_t> tops, back(pairs.size(), SIZE_MAX);
        for (std::size_t p = 0; p < pairs.size(); ++p) {
            const auto at = std::lower_bound(tops.begin(), tops.end(), pairs[p].second,
                                             [&](std::size_t t, std::uint32_t b) { return pairs[t].second < b; });
            if (at != tops.begin()) back[p] = *(at - 1);
            if (at == tops.end()) tops.push_back(p);
            else *at = p;
        }
        std::vector<std::pair<std::uint32_t, std::uint32_t>> run;
        for (std::size_t p = tops.empty() ? SIZE_MAX : tops.back(); p != SIZE_MAX; p = back[p]) run.push_back(pairs[p]);
        std::reverse(run.begin(), run.end());
        return run;
    }

    void myers(std::uint32_t a0, std::uint32_t a1, std::uint32_t b0, std::uint32_t b1) {
        struct Same {
            const Aligner* al = nullptr;
            bool impl(const Elem& x, const Elem& y) const { return al->equal(x.pos, y.pos); }
        };
        std::vector<Elem> va, vb;
        va.reserve(a1 - a0);
        vb.reserve(b1 - b0);
        for (std::uint32_t i = a0; i < a1; ++i) va.push_back(Elem{i});
        for (std::uint32_t j = b0; j < b1; ++j) vb.push_back(Elem{j});
        dtl::Diff<Elem, std::vector<Elem>, Same> d(va, vb, Same{this});
        d.compose();
        std::vector<std::uint32_t> dels, adds;
        for (const auto& [e, info] : d.getSes().getSequence()) {
            if (info.type == dtl::SES_DELETE) {
                dels.push_back(e.pos);
            } else if (info.type == dtl::SES_ADD) {
                adds.push_back(e.pos);
            } else {
                replaced(dels, adds);
                dels.clear();
                adds.clear();
                same(va[static_cast<std::size_t>(info.beforeIdx - 1)].pos, vb[static_cast<std::size_t>(info.afterIdx - 1)].pos);
            }
        }
        replaced(dels, adds);
    }

    // A block of a's records replaced by a block of b's: as many paired in order as `changed`
    // (event.md); blocks of other lengths pair the records of the same kind (the longest common run
    // of kinds), and what is left over is only in one copy.
    void replaced(const std::vector<std::uint32_t>& dels, const std::vector<std::uint32_t>& adds) {
        const std::size_t nd = dels.size(), na = adds.size();
        if (nd == 0 && na == 0) return;
        std::vector<std::pair<std::size_t, std::size_t>> pairs;
        constexpr std::size_t kMaxKindAlign = 512;
        if (nd == na || nd > kMaxKindAlign || na > kMaxKindAlign) {
            for (std::size_t k = 0; k < std::min(nd, na); ++k) pairs.emplace_back(k, k);
        } else {
            std::vector<std::uint16_t> len((nd + 1) * (na + 1), 0);  // len[i][j]: of dels[i..] and adds[j..]
            const auto at = [&](std::size_t i, std::size_t j) -> std::uint16_t& { return len[i * (na + 1) + j]; };
            for (std::size_t i = nd; i-- > 0;)
                for (std::size_t j = na; j-- > 0;)
                    at(i, j) = a_.kind(dels[i]) == b_.kind(adds[j]) ? static_cast<std::uint16_t>(at(i + 1, j + 1) + 1)
                                                                           : std::max(at(i + 1, j), at(i, j + 1));
            for (std::size_t i = 0, j = 0; i < nd && j < na;) {
                if (a_.kind(dels[i]) == b_.kind(adds[j])) pairs.emplace_back(i++, j++);
                else if (at(i + 1, j) >= at(i, j + 1)) ++i;
                else ++j;
            }
        }
        std::size_t i = 0, j = 0;
        for (const auto& [pi, pj] : pairs) {
            for (; i < pi; ++i) edit(Op::OnlyInA, dels[i], 0);
            for (; j < pj; ++j) edit(Op::OnlyInB, 0, adds[j]);
            edit(Op::Changed, dels[i++], adds[j++]);
        }
        for (; i < nd; ++i) edit(Op::OnlyInA, dels[i], 0);
        for (; j < na; ++j) edit(Op::OnlyInB, 0, adds[j]);
    }

    static constexpr Sym kNoMatch = UINT32_MAX;
    static constexpr std::size_t kMaxSnakes = std::size_t{1} << 20;  // 32 MB of path
    const Compared& a_;
    const Compared& b_;
    Alignment& out_;
    std::uint64_t dtl_work_;
    std::vector<Sym> b_to_a_;
    bool raw_ = false;
    static constexpr std::uint32_t kBlockRecords = 16;  // runs shorter than this compare record by record
    static constexpr std::size_t kBlockWords = 512;
    std::uint32_t next_a_ = 0, next_b_ = 0;
};

}  // namespace

Alignment align(const Compared& a, const Compared& b, std::uint64_t dtl_work) {
    Alignment out;
    Aligner(a, b, out, dtl_work).run(0, static_cast<std::uint32_t>(a.size()), 0, static_cast<std::uint32_t>(b.size()));
    return out;
}

}  // namespace referee::diff
