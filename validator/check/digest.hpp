// The digest of a game's records (Report::digest): two files of a batch whose records are the same,
// whatever their comments, white space, line numbers, quoting or arrows, have the same digest
// (docs/decisions.md, "A tournament's batch"). It is the SHA-256 of the records written out in one
// fixed form from which they could be read back, so that two different games never share it by
// chance or by design. A save's snapshot is not part of it.
//
// The form is compact, so that hashing it costs less than hashing the file: each name is written
// whole the first time it comes and by its number (in the order the names came) after that, and
// numbers are written in as few bytes as they need.
#pragma once

#include "record.hpp"
#include "sha256.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace referee {

class GameDigest {
public:
    GameDigest();
    // One record, as the reader hands it over (its lists are still in g's arenas).
    void add(const Record& r, const GameRecord& g);
    // 64 lowercase hex digits.
    std::string value();

private:
    static constexpr std::size_t kChunk = std::size_t{16} << 10;  // hashed at a time
    static constexpr std::size_t kNumber = 10;    // the most bytes a number takes
    static constexpr std::size_t kRecord = 128;   // room enough for a record's fields but its lists' and new names'

    // A name: 0 for none, its number when it came before (inline: nearly every name), else new_name.
    void name(Sym s, const GameRecord& g) {
        if (s == kNoSym) {
            buf_[used_++] = 0;
            return;
        }
        if (s < number_.size() && number_[s] != 0) [[likely]]
            return number(number_[s]);
        new_name(s, g);
    }
    void new_name(Sym s, const GameRecord& g);
    // Seven bits a byte, least significant first; the high bit says that more bytes follow. Needs
    // room for kNumber bytes.
    void number(std::uint64_t v) {
        char* p = buf_.get() + used_;
        while (v >= 0x80) {
            *p++ = static_cast<char>((v & 0x7F) | 0x80);
            v >>= 7;
        }
        *p++ = static_cast<char>(v);
        used_ = static_cast<std::size_t>(p - buf_.get());
    }
    // Hashes what is written when fewer than n bytes are left.
    void room(std::size_t n) {
        if (kChunk - used_ < n) [[unlikely]]
            flush();
    }
    void flush();

    Sym seen_ = 0;                       // names written whole so far
    std::vector<std::uint32_t> number_;  // by Sym: the name's number (1, 2, ...), 0 while not yet written
    Sha256 sha_;
    // The form not yet hashed (hashed kChunk bytes at a time), never zeroed: a batch of small games
    // makes one a game.
    std::unique_ptr<char[]> buf_ = std::make_unique_for_overwrite<char[]>(kChunk);
    std::size_t used_ = 0;
};

}  // namespace referee
