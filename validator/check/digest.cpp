#include "digest.hpp"

namespace referee {

namespace {

constexpr std::size_t kChunk = std::size_t{16} << 10;

}  // namespace

// Eight bytes, least significant first.
void GameDigest::number(std::uint64_t v) {
    char b[8];
    for (char& c : b) {
        c = static_cast<char>(v & 0xFF);
        v >>= 8;
    }
    buf_.append(b, sizeof b);
}

// A name: its length and its bytes; no name: a length no name has.
void GameDigest::name(Sym s, const GameRecord& g) {
    if (s == kNoSym) return number(~std::uint64_t{0});
    const std::string_view t = g.str(s);
    number(t.size());
    buf_.append(t);
}

void GameDigest::flush() {
    sha_.update(buf_);
    buf_.clear();  // keeps its capacity: no allocation a record
}

void GameDigest::add(const Record& r, const GameRecord& g) {
    // Every field but the record's line and column, in a fixed order; a list by its length first.
    buf_ += static_cast<char>(r.kind);
    buf_ += static_cast<char>(r.flags);
    for (Sym s : {r.a, r.b, r.c, r.d, r.e}) name(s, g);
    number(static_cast<std::uint64_t>(r.n));
    number(static_cast<std::uint64_t>(r.m));
    for (Span list : {r.list, r.list2}) {
        number(list.len);
        for (const Sym* p = g.list_begin(list); p != g.list_end(list); ++p) name(*p, g);
    }
    number(r.ints.len);
    for (const std::int64_t* p = g.ints_begin(r.ints); p != g.ints_end(r.ints); ++p) number(static_cast<std::uint64_t>(*p));
    if (buf_.size() >= kChunk) flush();
}

std::string GameDigest::value() {
    flush();
    return sha_.hex();
}

}  // namespace referee
