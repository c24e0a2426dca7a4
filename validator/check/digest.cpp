#include "digest.hpp"

#include <algorithm>
#include <cstring>

namespace referee {

namespace {

constexpr std::size_t kChunk = std::size_t{16} << 10;
constexpr std::size_t kNumber = 10;  // the most bytes a number takes

std::uint64_t zigzag(std::int64_t v) { return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63); }

}  // namespace

GameDigest::GameDigest() : buf_(kChunk) {}

void GameDigest::flush() {
    sha_.update(std::string_view(buf_.data(), used_));
    used_ = 0;
}

void GameDigest::room(std::size_t n) {
    if (kChunk - used_ < n) flush();
}

// Seven bits a byte, least significant first; the high bit says that more bytes follow.
void GameDigest::number(std::uint64_t v) {
    char* p = buf_.data() + used_;
    while (v >= 0x80) {
        *p++ = static_cast<char>((v & 0x7F) | 0x80);
        v >>= 7;
    }
    *p++ = static_cast<char>(v);
    used_ = static_cast<std::size_t>(p - buf_.data());
}

// No name: 0. A name already written: its number. A new name: the next number, then its length and
// its bytes (whoever reads the form back knows which number comes next, so knows the text follows).
void GameDigest::name(Sym s, const GameRecord& g) {
    room(kNumber);
    if (s == kNoSym) return number(0);
    if (s >= number_.size()) number_.resize(std::max<std::size_t>({std::size_t{s} + 1, 2 * number_.size(), 256}), 0);
    std::uint32_t& n = number_[s];
    if (n != 0) return number(n);
    n = ++seen_;
    number(n);
    const std::string_view t = g.str(s);
    room(kNumber);
    number(t.size());
    if (t.size() > kChunk / 2) {
        flush();
        sha_.update(t);
        return;
    }
    room(t.size());
    std::memcpy(buf_.data() + used_, t.data(), t.size());
    used_ += t.size();
}

void GameDigest::add(const Record& r, const GameRecord& g) {
    // Every field but the record's line and column, in a fixed order; a list by its length first.
    room(2);
    buf_[used_++] = static_cast<char>(r.kind);
    buf_[used_++] = static_cast<char>(r.flags);
    for (Sym s : {r.a, r.b, r.c, r.d, r.e}) name(s, g);
    room(3 * kNumber);
    number(zigzag(r.n));
    number(zigzag(r.m));
    number(r.list.len);
    for (const Sym* p = g.list_begin(r.list); p != g.list_end(r.list); ++p) name(*p, g);
    room(kNumber);
    number(r.list2.len);
    for (const Sym* p = g.list_begin(r.list2); p != g.list_end(r.list2); ++p) name(*p, g);
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
