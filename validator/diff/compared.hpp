// The records of one copy that a dispute compares (event.md, "referee diff"), kept in a few words
// each rather than as records: read as a reader streams them (ComparedSink), so that comparing two
// long copies holds neither copy's records, only what says each one's content.
#pragma once

#include "big_alloc.hpp"
#include "record.hpp"
#include "record_sink.hpp"

#include <cstdint>
#include <vector>

namespace referee::diff {

// The records compared, in the order compared: the copy's header (the header records before its
// first other record) in an order of their kind and content, so that the order in which a copy
// writes them does not count, then every later record in the copy's order. `tag` and `chat` records
// are not compared, wherever they are.
//
// Each record is its words: its kind, flags and which fields it has, the lengths of its lists (in one
// word when each is under 1024), its names (as the copy's symbols), then its numbers; every field
// but its line and column. Two records of two copies are the same when their words are, each name
// compared by its text.
struct Compared {
    const SymbolTable* symbols = nullptr;  // the copy's names (ComparedSink's `names`, or its GameRecord's)
    BigVector<std::uint32_t> lines;        // each one's line in its copy
    BigVector<std::uint32_t> start;        // where its words begin in `words`
    BigVector<std::uint32_t> words;
    std::uint32_t header = 0;              // how many of the first are the header
    // Built from a whole game (compared_records): that game, and each one's index in its records.
    const GameRecord* game = nullptr;
    std::vector<std::uint32_t> index;
    mutable std::vector<std::uint64_t> prints_;

    std::size_t size() const { return lines.size(); }
    std::uint32_t line(std::size_t i) const { return lines[i]; }
    Kind kind(std::size_t i) const { return static_cast<Kind>(words[start[i]] & 0xff); }
    const std::uint32_t* words_of(std::size_t i) const { return words.data() + start[i]; }
    // Each one's fingerprint, its words with names by their text's hash: taken when first asked for
    // (only cutting a long gap at the records both copies hold once, and matching undos, need them).
    const std::vector<std::uint64_t>& prints() const;
    // The record itself, for one built from a whole game.
    const Record& at(std::size_t i) const { return game->records[index[i]]; }
    // The record rebuilt from its words, its lists added to `into`'s arenas (`into` holding this
    // copy's symbols: the GameRecord it was read into). Its column is 0.
    Record decode(std::size_t i, GameRecord& into) const;
};

// The words of a record: how many, and where its names are among them.
struct WordLayout {
    std::uint32_t names_at = 0, names = 0, total = 0;
    std::uint32_t list = 0, list2 = 0, ints = 0;  // the lengths of its lists
};
WordLayout layout_of(const std::uint32_t* w);

// Builds a Compared as a reader hands over the records (readers.hpp's streaming read_game), then
// end() orders the header. `game_record` false: the `game` record is left
// out too (a VASSAL file's conversion writes one naming the binding given on the command line, which
// is not the players' to write). Room is made first for `records` records and `words` words: growing
// the arrays by doubling copied each about twice (room not used is not touched).
class ComparedSink final : public RecordSink {
public:
    // `names`: where the copy's names are kept once read, for a reader's GameRecord that does not
    // outlive the reading (a check's); none: the GameRecord read into holds them (Compared::symbols).
    ComparedSink(Compared& out, bool game_record = true, std::size_t records = 0, std::size_t words = 0, SymbolTable* names = nullptr)
        : out_(out), game_record_(game_record), records_room_(records), words_room_(words), names_(names) {}
    void begin(const GameRecord& g) override;
    void record(const Record& r, const GameRecord& g) override;
    void end(const GameRecord& g) override;
    // Each one's index among the records handed over, kept (Compared::index): a whole game's.
    void keep_index() { keep_index_ = true; }
    // Whether a reader began handing records over (a text refused before reading gives none).
    bool began() const { return began_; }

private:
    Compared& out_;
    bool game_record_;
    std::size_t records_room_, words_room_;
    SymbolTable* names_;
    bool in_header_ = true;
    bool keep_index_ = false;
    bool began_ = false;
    std::uint32_t seen_ = 0;
};

// A whole game's compared records (its records kept: Compared::at).
Compared compared_records(const GameRecord& g, bool game_record = true);

// Whether two records say the same: every field but their line and column, each name by its text.
bool same_record(const Record& x, const GameRecord& gx, const Record& y, const GameRecord& gy);

}  // namespace referee::diff
