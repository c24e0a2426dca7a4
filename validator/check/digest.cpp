#include "digest.hpp"

#include <algorithm>
#include <cstring>

namespace referee {

namespace {

std::uint64_t zigzag(std::int64_t v) { return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63); }

}  // namespace

GameDigest::GameDigest() = default;

void GameDigest::flush() {
    sha_.update(std::string_view(buf_.get(), used_));
    used_ = 0;
}

// A new name: the next number, then its length and its bytes (whoever reads the form back knows
// which number comes next, so knows the text follows). Leaves room for the rest of a record.
void GameDigest::new_name(Sym s, const GameRecord& g) {
    if (s >= number_.size()) number_.resize(std::max<std::size_t>({std::size_t{s} + 1, 2 * number_.size(), 256}), 0);
    number_[s] = ++seen_;
    const std::string_view t = g.str(s);
    room(2 * kNumber);
    number(seen_);
    number(t.size());
    if (t.size() > kChunk / 2) {
        flush();
        sha_.update(t);
    } else {
        room(t.size());
        std::memcpy(buf_.get() + used_, t.data(), t.size());
        used_ += t.size();
    }
    room(kRecord);
}

void GameDigest::add(const Record& r, const GameRecord& g) {
    // Every field but the record's line and column, in a fixed order; a list by its length first.
    // Whatever the kind: the fields by their own names (what each holds is in record_views.hpp).
    // kRecord bytes hold the kind, the flags, five names, n, m and a list's length (92 at most); a
    // new name leaves that much room again after its text.
    room(kRecord);
    buf_[used_++] = static_cast<char>(r.kind);
    buf_[used_++] = static_cast<char>(r.flags);
    name(r.a, g);
    name(r.b, g);
    name(r.c, g);
    name(r.d, g);
    name(r.e, g);
    number(zigzag(r.n));
    number(zigzag(r.m));
    for (Span list : {r.list, r.list2}) {
        room(kNumber);
        number(list.len);
        for (const Sym* p = g.list_begin(list); p != g.list_end(list); ++p) {
            room(kNumber);
            name(*p, g);
        }
    }
    room(kNumber);
    number(r.ints.len);
    for (const std::int64_t* p = g.ints_begin(r.ints); p != g.ints_end(r.ints); ++p) {
        room(kNumber);
        number(zigzag(*p));
    }
}

std::string GameDigest::value() {
    flush();
    return sha_.hex();
}

}  // namespace referee
