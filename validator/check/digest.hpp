// The digest of a game's records (Report::digest): two files of a batch whose records are the same,
// whatever their comments, whitespace, line numbers, quoting or arrows, have the same digest
// (docs/decisions.md, "A tournament's batch"). It is the SHA-256 of the records written out in one
// fixed form (each field's bytes with their length), so that two different games never share it by
// chance or by design. A save's snapshot is not part of it.
#pragma once

#include "record.hpp"
#include "sha256.hpp"

#include <string>

namespace referee {

class GameDigest {
public:
    // One record, as the reader hands it over (its lists are still in g's arenas).
    void add(const Record& r, const GameRecord& g);
    // 64 lowercase hex digits.
    std::string value();

private:
    void name(Sym s, const GameRecord& g);
    void number(std::uint64_t v);
    void flush();

    Sha256 sha_;
    std::string buf_;  // the records not yet hashed (hashed a few kilobytes at a time)
};

}  // namespace referee
