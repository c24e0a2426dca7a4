// The alignment of two copies' records (align.hpp). The records both copies begin and end with are
// paired first; what lies between is aligned with dtl (Myers' O(NP): its time grows with the
// records times the differences), or, when that gap is large, first cut at the records each copy
// holds once and in the same order (as git's patience diff does), so that two long copies that
// differ in a few places cost little, and two that share nothing cannot take hours.
#include "align.hpp"

#include <dtl/dtl.hpp>

#include <algorithm>
#include <functional>
#include <optional>
#include <string_view>
#include <unordered_map>

namespace referee::diff {

namespace {

std::vector<std::uint64_t> symbol_prints(const GameRecord& g) {
    std::vector<std::uint64_t> out(g.symbols.size(), 0);
    const std::hash<std::string_view> text_hash;
    for (std::size_t s = 1; s < out.size(); ++s) out[s] = text_hash(g.symbols.str(static_cast<Sym>(s)));
    return out;
}

// One more value into a fingerprint: a multiply and a shift (boost::hash_combine cost four times as
// much, a tenth of a comparison of two 10^6-record copies). Equal prints are checked field by
// field before two records are called equal, so a print only has to tell most records apart.
inline std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
    h = (h ^ v) * 0x9E3779B97F4A7C15ULL;
    return h ^ (h >> 29);
}

// Every field but the line and column, as same_record compares them, names by their text's hash.
std::uint64_t fingerprint(const Record& r, const GameRecord& g, const std::vector<std::uint64_t>& syms) {
    std::uint64_t h = mix(static_cast<std::uint64_t>(r.kind) << 8 | r.flags, syms[r.a]);
    h = mix(h, syms[r.b]);
    if (r.c | r.d | r.e) h = mix(mix(mix(h, syms[r.c]), syms[r.d]), syms[r.e]);
    h = mix(mix(h, static_cast<std::uint64_t>(r.n)), static_cast<std::uint64_t>(r.m));
    for (Span l : {r.list, r.list2}) {
        h = mix(h, l.len);
        for (const Sym* p = g.list_begin(l); p != g.list_end(l); ++p) h = mix(h, syms[*p]);
    }
    h = mix(h, r.ints.len);
    for (const std::int64_t* p = g.ints_begin(r.ints); p != g.ints_end(r.ints); ++p) h = mix(h, static_cast<std::uint64_t>(*p));
    return h;
}

bool not_compared(Kind k) { return k == Kind::Tag || k == Kind::Chat; }

struct Elem {
    std::uint64_t print = 0;
    std::uint32_t pos = 0;
};

// The number of steps of Wu, Manber and Myers' O(NP) comparison of a[a0, a1) with b[b0, b1) by
// their prints, or nullopt once they pass `budget`: whether the alignment itself (dtl's, the same
// algorithm) is cheap, which it is when the copies differ in a few places however long they are.
std::optional<std::uint64_t> onp_work(const std::vector<std::uint64_t>& a, std::uint32_t a0, std::uint32_t a1,
                                      const std::vector<std::uint64_t>& b, std::uint32_t b0, std::uint32_t b1, std::uint64_t budget) {
    const std::uint64_t* x = a.data() + a0;
    const std::uint64_t* y = b.data() + b0;
    std::int64_t m = a1 - a0, n = b1 - b0;
    if (m > n) {
        std::swap(x, y);
        std::swap(m, n);
    }
    const std::int64_t delta = n - m, offset = m + 1;
    std::vector<std::int64_t> fp(static_cast<std::size_t>(m + n + 3), -1);
    std::uint64_t work = 0;
    const auto snake = [&](std::int64_t k) {
        const std::int64_t i = k + offset;
        std::int64_t yy = std::max(fp[static_cast<std::size_t>(i - 1)] + 1, fp[static_cast<std::size_t>(i + 1)]);
        const std::int64_t from = yy;
        std::int64_t xx = yy - k;
        while (xx < m && yy < n && x[xx] == y[yy]) {
            ++xx;
            ++yy;
        }
        work += 1 + static_cast<std::uint64_t>(yy - from);  // a step a diagonal, and one a record walked
        fp[static_cast<std::size_t>(i)] = yy;
    };
    for (std::int64_t p = 0;; ++p) {
        for (std::int64_t k = -p; k < delta; ++k) snake(k);
        for (std::int64_t k = delta + p; k > delta; --k) snake(k);
        snake(delta);
        if (fp[static_cast<std::size_t>(delta + offset)] == n) return work;
        if (work * 16 > budget) return std::nullopt;  // each step of the probe is about 16 of dtl's
    }
}

class Aligner {
public:
    Aligner(const Compared& a, const Compared& b, Alignment& out) : a_(a), b_(b), out_(out) {
        // Each of B's names as A's symbol of the same text (none: a symbol no name of A has), so that
        // comparing two records compares integers.
        const SymbolTable& sa = a.game->symbols;
        const SymbolTable& sb = b.game->symbols;
        b_to_a_.resize(sb.size(), kNoMatch);
        b_to_a_[kNoSym] = kNoSym;
        for (std::size_t s = 1; s < sb.size(); ++s) {
            const Sym t = sa.find(sb.str(static_cast<Sym>(s)));
            if (t != kNoSym) b_to_a_[s] = t;
        }
    }

    // Records equal by every field but their places: their prints first, then each field, B's names
    // by A's symbols (what same_record compares by text).
    bool equal(std::uint32_t i, std::uint32_t j) const {
        if (a_.print[i] != b_.print[j]) return false;
        const Record& x = a_.at(i);
        const Record& y = b_.at(j);
        const GameRecord& gx = *a_.game;
        const GameRecord& gy = *b_.game;
        if (x.kind != y.kind || x.flags != y.flags || x.n != y.n || x.m != y.m || x.a != b_to_a_[y.a] || x.b != b_to_a_[y.b] ||
            x.c != b_to_a_[y.c] || x.d != b_to_a_[y.d] || x.e != b_to_a_[y.e] || x.list.len != y.list.len || x.list2.len != y.list2.len)
            return false;
        for (const auto& [p, q] : {std::pair{x.list, y.list}, std::pair{x.list2, y.list2}})
            if (!std::equal(gx.list_begin(p), gx.list_end(p), gy.list_begin(q), [&](Sym s, Sym t) { return s == b_to_a_[t]; })) return false;
        return std::equal(gx.ints_begin(x.ints), gx.ints_end(x.ints), gy.ints_begin(y.ints), gy.ints_end(y.ints));
    }

    // Aligns a's [a0, a1) with b's [b0, b1).
    void run(std::uint32_t a0, std::uint32_t a1, std::uint32_t b0, std::uint32_t b1) {
        while (a0 < a1 && b0 < b1 && equal(a0, b0)) same(a0++, b0++);
        std::uint32_t tail = 0;
        while (a1 - tail > a0 && b1 - tail > b0 && equal(a1 - tail - 1, b1 - tail - 1)) ++tail;
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
        // Myers when it is cheap: a short gap, or a long one with few differences (the probe, by the
        // prints alone, says so within a small part of the bound).
        if ((na + nb) * std::min(na, nb) <= kMaxAlignedWork || onp_work(a_.print, a0, a1, b_.print, b0, b1, kMaxAlignedWork))
            return myers(a0, a1, b0, b1);
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

    // The records that each range holds once, equal in both, in an order both keep (the longest
    // increasing run of their places in b, by patience sorting).
    std::vector<std::pair<std::uint32_t, std::uint32_t>> unique_anchors(std::uint32_t a0, std::uint32_t a1, std::uint32_t b0,
                                                                          std::uint32_t b1) const {
        struct Seen {
            std::uint32_t in_a = 0, in_b = 0, a = 0, b = 0;
        };
        std::unordered_map<std::uint64_t, Seen> seen;
        seen.reserve(static_cast<std::size_t>(a1 - a0) + (b1 - b0));
        for (std::uint32_t i = a0; i < a1; ++i) {
            Seen& s = seen[a_.print[i]];
            ++s.in_a;
            s.a = i;
        }
        for (std::uint32_t j = b0; j < b1; ++j) {
            auto it = seen.find(b_.print[j]);
            if (it == seen.end()) continue;
            ++it->second.in_b;
            it->second.b = j;
        }
        std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;  // (a, b), in a's order
        for (std::uint32_t i = a0; i < a1; ++i) {
            const Seen& s = seen[a_.print[i]];
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
            bool impl(const Elem& x, const Elem& y) const { return x.print == y.print && al->equal(x.pos, y.pos); }
        };
        std::vector<Elem> va, vb;
        va.reserve(a1 - a0);
        vb.reserve(b1 - b0);
        for (std::uint32_t i = a0; i < a1; ++i) va.push_back(Elem{a_.print[i], i});
        for (std::uint32_t j = b0; j < b1; ++j) vb.push_back(Elem{b_.print[j], j});
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
                    at(i, j) = a_.at(dels[i]).kind == b_.at(adds[j]).kind ? static_cast<std::uint16_t>(at(i + 1, j + 1) + 1)
                                                                           : std::max(at(i + 1, j), at(i, j + 1));
            for (std::size_t i = 0, j = 0; i < nd && j < na;) {
                if (a_.at(dels[i]).kind == b_.at(adds[j]).kind) pairs.emplace_back(i++, j++);
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
    const Compared& a_;
    const Compared& b_;
    Alignment& out_;
    std::vector<Sym> b_to_a_;
    std::uint32_t next_a_ = 0, next_b_ = 0;
};

}  // namespace

Compared compared_records(const GameRecord& g, bool game_record) {
    Compared c;
    c.game = &g;
    const std::vector<std::uint64_t> syms = symbol_prints(g);
    bool in_header = true;
    for (std::uint32_t i = 0; i < g.records.size(); ++i) {
        const Record& r = g.records[i];
        if (not_compared(r.kind) || (!game_record && r.kind == Kind::Game)) continue;
        if (in_header && !is_header(r.kind)) {
            in_header = false;
            c.header = static_cast<std::uint32_t>(c.index.size());
        }
        c.index.push_back(i);
        c.print.push_back(fingerprint(r, g, syms));
    }
    if (in_header) c.header = static_cast<std::uint32_t>(c.index.size());
    // The header in an order of its kinds and content (equal prints: equal records, in the copy's
    // order), so that two records of a kind that differ meet as a change.
    std::vector<std::uint32_t> order(c.header);
    for (std::uint32_t k = 0; k < c.header; ++k) order[k] = k;
    const auto kind = [&](std::uint32_t k) { return static_cast<int>(g.records[c.index[k]].kind); };
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t x, std::uint32_t y) {
        return kind(x) != kind(y) ? kind(x) < kind(y) : c.print[x] < c.print[y];
    });
    std::vector<std::uint32_t> index(c.header);
    std::vector<std::uint64_t> print(c.header);
    for (std::uint32_t k = 0; k < c.header; ++k) {
        index[k] = c.index[order[k]];
        print[k] = c.print[order[k]];
    }
    std::copy(index.begin(), index.end(), c.index.begin());
    std::copy(print.begin(), print.end(), c.print.begin());
    return c;
}

bool same_record(const Record& x, const GameRecord& gx, const Record& y, const GameRecord& gy) {
    if (x.kind != y.kind || x.flags != y.flags || x.n != y.n || x.m != y.m) return false;
    const Sym xs[] = {x.a, x.b, x.c, x.d, x.e}, ys[] = {y.a, y.b, y.c, y.d, y.e};
    for (int k = 0; k < 5; ++k)
        if (gx.str(xs[k]) != gy.str(ys[k])) return false;
    const Span xl[] = {x.list, x.list2}, yl[] = {y.list, y.list2};
    for (int k = 0; k < 2; ++k) {
        if (xl[k].len != yl[k].len) return false;
        const Sym* q = gy.list_begin(yl[k]);
        for (const Sym* p = gx.list_begin(xl[k]); p != gx.list_end(xl[k]); ++p, ++q)
            if (gx.str(*p) != gy.str(*q)) return false;
    }
    return std::equal(gx.ints_begin(x.ints), gx.ints_end(x.ints), gy.ints_begin(y.ints), gy.ints_end(y.ints));
}

Alignment align(const Compared& a, const Compared& b) {
    Alignment out;
    Aligner(a, b, out).run(0, static_cast<std::uint32_t>(a.size()), 0, static_cast<std::uint32_t>(b.size()));
    return out;
}

}  // namespace referee::diff
