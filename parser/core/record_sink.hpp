// Records stream from the readers to whoever judges them: a reader hands each record to a
// RecordSink as soon as it has read it, so that a whole game need not be kept in memory.
#pragma once

#include "record.hpp"

namespace referee {

class RecordSink {
public:
    virtual ~RecordSink() = default;
    // Once, before the first record: g.file and g.format are set, and for a save g.has_log and
    // g.has_snapshot (the records that follow are the save's, in the order of GameRecord::records).
    virtual void begin(const GameRecord& g) { (void)g; }
    // One record. Its lists (Record::list, list2, ints) are in g's arenas only until this call
    // returns, unless keep_lists(): the reader then drops them, so its memory does not grow with
    // the game.
    virtual void record(const Record& r, const GameRecord& g) = 0;
    // Once, after the last record: g.diagnostics, g.snapshot and g.last_line are final. A game
    // with a syntax error (GameRecord::has_syntax_errors) gets no verdict.
    virtual void end(const GameRecord& g) { (void)g; }
    // True: the reader leaves every record's lists in the arenas (a sink that keeps the records).
    virtual bool keep_lists() const { return false; }
};

// Keeps every record in the GameRecord itself (GameRecord::records, lists kept): what the reading
// functions that return a whole GameRecord use.
class RecordCollector final : public RecordSink {
public:
    explicit RecordCollector(GameRecord& g) : g_(g) {}
    void record(const Record& r, const GameRecord&) override { g_.records.push_back(r); }
    bool keep_lists() const override { return true; }

private:
    GameRecord& g_;
};

}  // namespace referee
