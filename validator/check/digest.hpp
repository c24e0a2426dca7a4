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

#include <cstdint>
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
    void name(Sym s, const GameRecord& g);
    void number(std::uint64_t v);  // needs room for 10 bytes
    void room(std::size_t n);      // hashes what is written when fewer than n bytes are left
    void flush();

    Sym seen_ = 0;                       // names written whole so far
    std::vector<std::uint32_t> number_;  // by Sym: the name's number (1, 2, ...), 0 while not yet written
    Sha256 sha_;
    std::vector<char> buf_;              // the form not yet hashed (hashed 16 KiB at a time)
    std::size_t used_ = 0;
};

}  // namespace referee
