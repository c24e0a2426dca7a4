// The records a dispute compares, as words (compared.hpp).
#include "compared.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string_view>

namespace referee::diff {

namespace {

// A record's first word: its kind, its flags, and which fields it has.
constexpr std::uint32_t kHasN = 1u << 5, kHasM = 1u << 6, kHasLists = 1u << 7;  // bits 0-4: a to e
constexpr std::uint32_t kLongLists = 1u << 24;  // in the first word: the lengths in three words, not packed in one
constexpr std::uint32_t kPacked = 1024;         // lengths under this are packed, 10 bits each

bool not_compared(Kind k) { return k == Kind::Tag || k == Kind::Chat; }

// How many of a, b, c, d and e a record has, by the five bits of its fields.
constexpr std::uint8_t kBits[32] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5};

std::int64_t read64(const std::uint32_t* p) { return static_cast<std::int64_t>(std::uint64_t{p[0]} | std::uint64_t{p[1]} << 32); }

// One more value into a fingerprint: a multiply and a shift (boost::hash_combine cost four times as
// much). Equal prints are checked word by word before two records are called the same, so a print
// only has to tell most records apart.
inline std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
    h = (h ^ v) * 0x9E3779B97F4A7C15ULL;
    return h ^ (h >> 29);
}

}  // namespace

WordLayout layout_of(const std::uint32_t* w) {
    const std::uint32_t mask = (w[0] >> 16) & 0xff;
    WordLayout l;
    l.names_at = 1;
    if (mask & kHasLists) {
        if (w[0] & kLongLists) {
            l.list = w[1], l.list2 = w[2], l.ints = w[3];
            l.names_at = 4;
        } else {
            l.list = w[1] & (kPacked - 1), l.list2 = (w[1] >> 10) & (kPacked - 1), l.ints = w[1] >> 20;
            l.names_at = 2;
        }
    }
    l.names = kBits[mask & 31u] + l.list + l.list2;
    l.total = l.names_at + l.names + 2 * (std::uint32_t{(mask & kHasN) != 0} + std::uint32_t{(mask & kHasM) != 0} + l.ints);
    return l;
}

void ComparedSink::begin(const GameRecord& g) {
    // From the start again (a streamed save read a second time begins again).
    out_ = Compared{};
    in_header_ = true;
    seen_ = 0;
    began_ = true;
    out_.symbols = &g.symbols;
    out_.lines.reserve(records_room_);
    out_.start.reserve(records_room_);
    out_.words.reserve(words_room_);
}

void ComparedSink::record(const Record& r, const GameRecord& g) {
    const std::uint32_t number = seen_++;
    if (not_compared(r.kind) || (!game_record_ && r.kind == Kind::Game)) return;
    if (in_header_ && !is_header(r.kind)) {
        in_header_ = false;
        out_.header = static_cast<std::uint32_t>(out_.lines.size());
    }
    const Sym names[] = {r.a, r.b, r.c, r.d, r.e};
    std::uint32_t mask = 0;
    for (int k = 0; k < 5; ++k)
        if (names[k] != kNoSym) mask |= 1u << k;
    if (r.n) mask |= kHasN;
    if (r.m) mask |= kHasM;
    const bool lists = r.list.len || r.list2.len || r.ints.len;
    if (lists) mask |= kHasLists;
    const bool packed = r.list.len < kPacked && r.list2.len < kPacked && r.ints.len < kPacked;
    const std::size_t total = (lists ? (packed ? 2 : 4) : 1) + kBits[mask & 31] + std::size_t{r.list.len} + r.list2.len +
                              2 * (std::size_t{(mask & kHasN) != 0} + std::size_t{(mask & kHasM) != 0} + r.ints.len);
    BigVector<std::uint32_t>& words = out_.words;
    if (words.size() + total > std::numeric_limits<std::uint32_t>::max())
        throw std::length_error("a copy too long to compare (more than 4 * 10^9 words of records)");
    if (keep_index_) out_.index.push_back(number);
    out_.lines.push_back(r.line);
    out_.start.push_back(static_cast<std::uint32_t>(words.size()));
    // The words written in place.
    const std::size_t at = words.size();
    words.resize(at + total);
    std::uint32_t* w = words.data() + at;
    const auto put64 = [&](std::int64_t v) {
        const auto u = static_cast<std::uint64_t>(v);
        *w++ = static_cast<std::uint32_t>(u);
        *w++ = static_cast<std::uint32_t>(u >> 32);
    };
    *w++ = static_cast<std::uint32_t>(r.kind) | std::uint32_t{r.flags} << 8 | mask << 16 | (lists && !packed ? kLongLists : 0);
    if (lists && packed) {
        *w++ = r.list.len | r.list2.len << 10 | r.ints.len << 20;
    } else if (lists) {
        *w++ = r.list.len;
        *w++ = r.list2.len;
        *w++ = r.ints.len;
    }
    for (Sym s : names)
        if (s != kNoSym) *w++ = s;
    for (Span l : {r.list, r.list2}) w = std::copy(g.list_begin(l), g.list_end(l), w);
    if (r.n) put64(r.n);
    if (r.m) put64(r.m);
    for (const std::int64_t* p = g.ints_begin(r.ints); p != g.ints_end(r.ints); ++p) put64(*p);
}

void ComparedSink::end(const GameRecord& g) {
    if (in_header_) out_.header = static_cast<std::uint32_t>(out_.lines.size());
    // The header in an order of its kinds and content (equal records in the copy's order), so that
    // two records of a kind that differ meet as a change: word by word, names by their text.
    const SymbolTable& names = g.symbols;
    const auto before = [&](std::uint32_t x, std::uint32_t y) {
        const std::uint32_t* p = out_.words_of(x);
        const std::uint32_t* q = out_.words_of(y);
        if ((p[0] & 0xff) != (q[0] & 0xff)) return (p[0] & 0xff) < (q[0] & 0xff);
        const WordLayout lp = layout_of(p), lq = layout_of(q);
        for (std::uint32_t k = 0; k < lp.total && k < lq.total; ++k) {
            const bool name = k >= lp.names_at && k < lp.names_at + lp.names && k >= lq.names_at && k < lq.names_at + lq.names;
            if (name) {
                if (p[k] != q[k]) return names.str(p[k]) < names.str(q[k]);
            } else if (p[k] != q[k]) {
                return p[k] < q[k];
            }
        }
        return lp.total < lq.total;
    };
    std::vector<std::uint32_t> order(out_.header);
    for (std::uint32_t k = 0; k < out_.header; ++k) order[k] = k;
    std::stable_sort(order.begin(), order.end(), before);
    const auto permute = [&](auto& v) {
        if (v.size() < out_.header) return;
        std::vector<typename std::decay_t<decltype(v)>::value_type> head(out_.header);
        for (std::uint32_t k = 0; k < out_.header; ++k) head[k] = v[order[k]];
        std::copy(head.begin(), head.end(), v.begin());
    };
    permute(out_.lines);
    permute(out_.start);
    if (keep_index_) permute(out_.index);
    // The names kept past the reading, with the same symbols.
    if (names_) {
        *names_ = SymbolTable{};
        for (std::size_t k = 1; k < g.symbols.size(); ++k)
            if (names_->intern(g.symbols.str(static_cast<Sym>(k))) != static_cast<Sym>(k))
                throw std::logic_error("ComparedSink: a copy's names kept with other symbols");
        out_.symbols = names_;
    }
}

const std::vector<std::uint64_t>& Compared::prints() const {
    if (prints_.size() == size()) return prints_;
    std::vector<std::uint64_t> names(symbols->size(), 0);
    const std::hash<std::string_view> text_hash;
    for (std::size_t s = 1; s < names.size(); ++s) names[s] = text_hash(symbols->str(static_cast<Sym>(s)));
    prints_.resize(size());
    for (std::size_t i = 0; i < size(); ++i) {
        const std::uint32_t* w = words_of(i);
        const WordLayout l = layout_of(w);
        std::uint64_t h = mix(0, l.total);
        for (std::uint32_t k = 0; k < l.total; ++k) {
            const bool name = k >= l.names_at && k < l.names_at + l.names;
            h = mix(h, name ? names[w[k] < names.size() ? w[k] : 0] : w[k]);
        }
        prints_[i] = h;
    }
    return prints_;
}

Record Compared::decode(std::size_t i, GameRecord& into) const {
    const std::uint32_t* w = words_of(i);
    const WordLayout l = layout_of(w);
    const std::uint32_t mask = (w[0] >> 16) & 0xff;
    Record r;
    r.kind = static_cast<Kind>(w[0] & 0xff);
    r.flags = static_cast<std::uint8_t>(w[0] >> 8);
    r.line = lines[i];
    const std::uint32_t* p = w + l.names_at;
    Sym* names[] = {&r.a, &r.b, &r.c, &r.d, &r.e};
    for (int k = 0; k < 5; ++k)
        if (mask & (1u << k)) *names[k] = *p++;
    if (mask & kHasLists) {
        for (auto [span, len] : {std::pair{&r.list, l.list}, std::pair{&r.list2, l.list2}}) {
            *span = Span{static_cast<std::uint32_t>(into.syms_arena.size()), len};
            into.syms_arena.insert(into.syms_arena.end(), p, p + len);
            p += len;
        }
    }
    if (mask & kHasN) r.n = read64(p), p += 2;
    if (mask & kHasM) r.m = read64(p), p += 2;
    if (mask & kHasLists) {
        r.ints = Span{static_cast<std::uint32_t>(into.ints_arena.size()), l.ints};
        for (std::uint32_t k = 0; k < l.ints; ++k, p += 2) into.ints_arena.push_back(read64(p));
    }
    return r;
}

Compared compared_records(const GameRecord& g, bool game_record) {
    Compared c;
    ComparedSink sink(c, game_record, g.records.size(), 12 * g.records.size());
    sink.keep_index();
    sink.begin(g);
    for (const Record& r : g.records) sink.record(r, g);
    sink.end(g);
    c.game = &g;
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

}  // namespace referee::diff
