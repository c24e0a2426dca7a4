// Tests of the streaming form of the move-log parser (readers.hpp: parse_move_log(text, g, sink)):
// it hands over, one at a time, exactly the records the collecting form keeps (with the same lists,
// symbols and diagnostics), calls begin and end once each around them, and drops each record's
// lists once the sink has it, so that its memory does not grow with the game; and read ahead on a
// thread of its own (ReadAhead), it makes the same calls with the game as the plain form has it.
#include "game_dump.hpp"
#include "readers.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

using namespace referee;
using referee::testing_support::diagnostics_text;
using referee::testing_support::dump;
using referee::testing_support::record_text;
using referee::testing_support::symbols_text;

namespace {

// Writes out each record as it comes (its lists are in the arenas only until record() returns),
// and what it sees of the calls and of the arenas.
class Recorder : public RecordSink {
public:
    explicit Recorder(bool keep = false) : keep_(keep) {}
    void begin(const GameRecord& g) override {
        calls += "begin ";
        begin_file = g.file;
        begin_format = g.format;
        begin_records = g.records.size();
    }
    void record(const Record& r, const GameRecord& g) override {
        if (calls.empty() || calls.back() == '.') calls += "record-before-begin ";
        records += record_text(g, r);
        ++count;
        max_syms = std::max(max_syms, g.syms_arena.size());
        max_ints = std::max(max_ints, g.ints_arena.size());
        // While streaming, the arenas hold this record's lists and nothing else.
        const bool just_this = g.syms_arena.size() == std::size_t{r.list.len} + r.list2.len &&
                               g.ints_arena.size() == r.ints.len;
        if (!keep_ && !just_this) ++arenas_not_just_this_record;
        lines.push_back(r.line);
    }
    void end(const GameRecord& g) override {
        calls += "end.";
        end_last_line = g.last_line;
        end_diagnostics = g.diagnostics.size();
    }
    bool keep_lists() const override { return keep_; }

    std::string calls, records;
    std::size_t count = 0, max_syms = 0, max_ints = 0, arenas_not_just_this_record = 0, begin_records = 0;
    std::string begin_file;
    InputFormat begin_format = InputFormat::XmlSave;
    std::uint32_t end_last_line = 0;
    std::size_t end_diagnostics = 0;
    std::vector<std::uint32_t> lines;

private:
    bool keep_;
};

struct Streamed {
    explicit Streamed(bool keep_lists = false) : sink(keep_lists) {}
    GameRecord g;
    Recorder sink;
};

void stream(std::string_view text, Streamed& s, bool fast_paths = true) {
    s.g.file = "t.log";
    parse_move_log(text, s.g, s.sink, fast_paths);
}

// The records the collecting form keeps, written out as record_text does.
std::string records_text(const GameRecord& g) {
    std::string s;
    for (const Record& r : g.records) s += record_text(g, r);
    return s;
}

// The streaming form against the collecting one, on one text, with and without the fast paths.
void expect_stream_same(std::string_view text) {
    for (bool fast : {true, false}) {
        SCOPED_TRACE(fast ? "fast paths" : "grammar only");
        const GameRecord collected = parse_move_log(text, "t.log", fast);
        Streamed s;
        stream(text, s, fast);
        EXPECT_EQ(s.sink.records, records_text(collected));
        EXPECT_EQ(s.sink.count, collected.records.size());
        EXPECT_EQ(symbols_text(s.g), symbols_text(collected)) << "the same symbols, interned in the same order";
        EXPECT_EQ(diagnostics_text(s.g), diagnostics_text(collected));
        ASSERT_EQ(s.g.diagnostics.size(), collected.diagnostics.size());
        for (std::size_t i = 0; i < collected.diagnostics.size(); ++i) {
            EXPECT_EQ(s.g.diagnostics[i].code, collected.diagnostics[i].code);
            EXPECT_EQ(s.g.diagnostics[i].severity, collected.diagnostics[i].severity);
        }
        EXPECT_EQ(s.g.last_line, collected.last_line);
        EXPECT_EQ(s.g.file, "t.log");
        EXPECT_EQ(s.g.format, InputFormat::MoveLog);
        EXPECT_TRUE(s.g.has_log);
        EXPECT_TRUE(s.g.records.empty()) << "the streaming form keeps no records";
        EXPECT_EQ(s.sink.calls, "begin end.");
        EXPECT_EQ(s.sink.arenas_not_just_this_record, 0u);
        EXPECT_TRUE(s.g.syms_arena.empty());
        EXPECT_TRUE(s.g.ints_arena.empty());
    }
}

std::string read_file(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// `expect` on the text of every sample log (there are twenty at least).
void on_every_sample_log(void (*expect)(std::string_view)) {
    namespace fs = std::filesystem;
    std::size_t logs = 0;
    for (const auto& f : fs::recursive_directory_iterator(fs::path(REFEREE_SOURCE_DIR) / "samples")) {
        if (!f.is_regular_file() || f.path().extension() != ".log") continue;
        SCOPED_TRACE(f.path().string());
        expect(read_file(f.path()));
        ++logs;
    }
    EXPECT_GE(logs, 20u);
}

// A long game of every record kind, with lists in many of them.
std::string long_log(int turns) {
    std::string s =
        "\xEF\xBB\xBFgame maryes-heights\ntag event \"Club \\\"ladder\\\"\"\nside Union\nplayer Union \"A. Smith\"\n"
        "param treaty-played yes\nsetup custom\nunit 2/V Union infantry 4 at 0101 enters 3 at 0102 role leader "
        "role train\nhold 0101 Union\nobjective majority any 0101,0102,0103 banners 2 held-by Union\ntarget Union 5\n";
    for (int t = 1; t <= turns; ++t) {
        const std::string n = std::to_string(t), u = "U" + std::to_string(t % 97);
        s += "turn " + n + "\r\nphase Union movement\n";
        s += "move " + u + " 0101 0102 -> 0103 \"04 04\" 0105\n";
        s += "advance " + u + " 0105 0106\n";
        s += "combat " + u + ",B,C vs D" + n + ",E odds 3:1 roll 4 5 -6 result DR\n";
        s += "combat A vs B\n";
        s += "retreat " + u + " 0106 0107 off\nenter R" + n + " 0201\nexit R" + n + " 0202\n";
        s += "roll 2d6 3 5 " + n + "\nchat Union \"well, \" played x" + n + "\n   # a comment\n\n";
        s += "lose " + u + " 1\neliminate " + u + "\nsupport Virginia active-support\n";
        s += "place Patriots fort Virginia 2\nremove Indians village Quebec 1 casualty\n";
        s += "casualty British regular 3\nblockade Boston\nunblockade Boston\ncard 109 \"Treaty of Alliance\"\n";
        s += "track fni " + n + "\naward Union 1 for \"the bridge\"\n";
        if (t % 50 == 0) s += "mvoe X\nlose A two\ntag t \"open\n";  // bad lines
    }
    return s + "concede Union\nclaim winner Confederate decisive\nclaim draw\nclaim score Union 3 Confederate 5\nend\n";
}

}  // namespace

TEST(MoveLogStream, SameAsCollectingOnEverySampleLog) { on_every_sample_log(expect_stream_same); }

TEST(MoveLogStream, SameAsCollectingOnTheFuzzRegressions) {
    namespace fs = std::filesystem;
    std::size_t inputs = 0;
    for (const auto& f : fs::recursive_directory_iterator(fs::path(REFEREE_SOURCE_DIR) / "fuzz" / "regressions")) {
        if (!f.is_regular_file()) continue;
        SCOPED_TRACE(f.path().string());
        expect_stream_same(read_file(f.path()));  // a save too: as a move log, bytes like any others
        ++inputs;
    }
    EXPECT_GE(inputs, 2u);
}

TEST(MoveLogStream, SameAsCollectingOnBadLines) {
    expect_stream_same(
        "game maryes-heights\nturn 1\nmvoe 3/V 0206 0307\nmove 3/V 0206 0307\nlose 3/V two\n# comment\n"
        "phase Union combat\ntag event \"unterminated\nend\n");
    for (const char* line : {"move A", "move A 0101 ->", "combat A vs", "combat ,A vs B", "unit X Union inf 3 at 1 at 2",
                             "turn 99999999999999999999", "tag a \"b\\q\"", "tag\"x\" y", "claim nobody", "\xFF\xFE",
                             "move A 01\x01 02", "chat A \"\"", "objective foo any A"}) {
        SCOPED_TRACE(line);
        expect_stream_same(std::string("game g\n") + line + "\nmove B 0201 0202\n" + line);
    }
    // Random bytes: every line a record or a diagnostic, mostly diagnostics.
    std::mt19937 rng(4242);
    std::string junk(1 << 16, '\0');
    for (char& c : junk) c = static_cast<char>(rng() % 5 == 0 ? '\n' : rng() & 0xFF);
    expect_stream_same(junk);
}

TEST(MoveLogStream, SameAsCollectingOnALongLog) {
    const std::string text = long_log(2000);
    expect_stream_same(text);
    const GameRecord g = parse_move_log(text, "t.log");
    EXPECT_GT(g.records.size(), 40000u);
    EXPECT_EQ(g.diagnostics.size(), 3u * 40u);
}

// A sink that does not keep the lists sees arenas that hold one record's lists at most; a sink
// that keeps them sees every list so far, as the collecting form does.
TEST(MoveLogStream, ArenasStaySmallUnlessTheSinkKeepsTheLists) {
    std::string text = "game maryes-heights\n";
    for (int i = 0; i < 100000; ++i)
        text += i % 2 ? "move A 0101 0102 0103 0104\n" : "combat A,B vs C odds 1:1 roll 1 2 3\n";
    Streamed streamed;
    stream(text, streamed);
    EXPECT_EQ(streamed.sink.count, 100001u);
    EXPECT_EQ(streamed.sink.max_syms, 4u) << "the arenas are truncated after each record";
    EXPECT_EQ(streamed.sink.max_ints, 3u);
    EXPECT_EQ(streamed.sink.arenas_not_just_this_record, 0u);
    EXPECT_LE(streamed.g.syms_arena.capacity(), 64u) << "nothing was reserved for lists that are not kept";
    EXPECT_LE(streamed.g.ints_arena.capacity(), 64u);

    Streamed kept(true);
    stream(text, kept);
    const GameRecord collected = parse_move_log(text, "t.log");
    EXPECT_EQ(kept.sink.records, streamed.sink.records);
    EXPECT_EQ(kept.g.syms_arena, collected.syms_arena) << "keep_lists(): every list stays, as collected";
    EXPECT_EQ(kept.g.ints_arena, collected.ints_arena);
    EXPECT_EQ(kept.sink.max_syms, 4u * 50000u + 3u * 50000u);
}

TEST(MoveLogStream, BeginAndEndOnceEachInOrder) {
    const std::string text = "game maryes-heights\nturn 1\nmvoe x\nmove A 0101 0102\n\n# last\n";
    Streamed s;
    stream(text, s);
    EXPECT_EQ(s.sink.calls, "begin end.");
    EXPECT_EQ(s.sink.begin_file, "t.log") << "begin() sees g.file";
    EXPECT_EQ(s.sink.begin_format, InputFormat::MoveLog) << "and g.format";
    EXPECT_EQ(s.sink.count, 3u);
    EXPECT_EQ(s.sink.lines, (std::vector<std::uint32_t>{1, 2, 4}));
    EXPECT_EQ(s.sink.end_last_line, 6u) << "end() sees the final last_line";
    EXPECT_EQ(s.sink.end_diagnostics, 1u) << "and the final diagnostics";

    for (std::string_view empty : {"", "\n\n", "# only a comment", "\xEF\xBB\xBF"}) {
        Streamed e;
        stream(empty, e);
        EXPECT_EQ(e.sink.calls, "begin end.") << "even with no record";
        EXPECT_EQ(e.sink.count, 0u);
    }
}

TEST(MoveLogStream, WhatTheGameHeldBeforeIsReplaced) {
    const std::string text = "game maryes-heights\nmove A 0101 0102\n";
    Streamed s;
    s.g.symbols.intern("left over");
    s.g.syms_arena = {1, 1, 1};
    s.g.diagnostics.push_back(Diagnostic{"syntax", Severity::Error, 9, 9, "old"});
    s.g.records.push_back(Record{});
    s.g.format = InputFormat::XmlSave;
    stream(text, s);
    const GameRecord collected = parse_move_log(text, "t.log");
    EXPECT_EQ(symbols_text(s.g), symbols_text(collected));
    EXPECT_EQ(s.sink.records, records_text(collected));
    EXPECT_TRUE(s.g.diagnostics.empty());
    EXPECT_TRUE(s.g.records.empty());
    EXPECT_EQ(s.g.format, InputFormat::MoveLog);
    EXPECT_EQ(s.sink.begin_records, 0u);
}

// What the sink throws is the caller's: it is not taken for a failure of the reader.
TEST(MoveLogStream, ASinksExceptionGoesThrough) {
    struct Throwing final : RecordSink {
        int seen = 0;
        void record(const Record&, const GameRecord&) override {
            if (++seen == 2) throw std::runtime_error("judge failed");
        }
    } sink;
    GameRecord g;
    EXPECT_THROW(parse_move_log("turn 1\nturn 2\nturn 3\n", g, sink), std::runtime_error);
    EXPECT_EQ(sink.seen, 2);
    EXPECT_TRUE(g.diagnostics.empty());
}

// The collecting form is the streaming one into a RecordCollector: the same dump either way.
TEST(MoveLogStream, CollectingFormIsTheStreamIntoARecordCollector) {
    const std::string text = long_log(30);
    GameRecord g;
    g.file = "t.log";
    RecordCollector collector(g);
    parse_move_log(text, g, collector);
    EXPECT_EQ(dump(g), dump(parse_move_log(text, "t.log")));
}

// --- Read ahead on a thread of its own (readers.hpp, ReadAhead) ---------------------------------

namespace {

// What a sink sees at each call: the record with its lists, and the game's diagnostics so far.
class Witness : public RecordSink {
public:
    void begin(const GameRecord& g) override { seen += "begin " + g.file + "\n"; }
    void record(const Record& r, const GameRecord& g) override {
        seen += record_text(g, r) + " | " + std::to_string(g.diagnostics.size()) + " " + std::to_string(g.errors_not_kept) +
                " " + std::to_string(g.warnings_not_kept) + " " + std::to_string(g.diagnostic_count()) + "\n";
        if (g.syms_arena.size() != std::size_t{r.list.len} + r.list2.len || g.ints_arena.size() != r.ints.len)
            ++arenas_not_just_this_record;
    }
    void end(const GameRecord& g) override {
        seen += "end " + std::to_string(g.last_line) + " " + std::to_string(g.errors_not_kept) + " " +
                std::to_string(g.warnings_not_kept) + "\n" + diagnostics_text(g);
    }
    std::string seen;
    std::size_t arenas_not_just_this_record = 0;
};

// The text read ahead, in batches of every size given, against the plain streaming form.
void expect_ahead_same(std::string_view text) {
    GameRecord plain;
    plain.file = "t.log";
    Witness want;
    parse_move_log(text, plain, want);
    for (std::size_t batch : {std::size_t{1}, std::size_t{3}, std::size_t{4096}}) {
        for (std::size_t batches : {std::size_t{1}, std::size_t{4}}) {
            SCOPED_TRACE("batches of " + std::to_string(batch) + ", " + std::to_string(batches) + " waiting");
            GameRecord g;
            g.file = "t.log";
            Witness got;
            parse_move_log(text, g, got, ReadAhead{0, batch, batches});
            EXPECT_EQ(got.seen, want.seen);
            EXPECT_EQ(got.arenas_not_just_this_record, 0u);
            EXPECT_EQ(symbols_text(g), symbols_text(plain));
            EXPECT_EQ(g.last_line, plain.last_line);
            EXPECT_TRUE(g.syms_arena.empty());
            EXPECT_TRUE(g.ints_arena.empty());
        }
    }
}

}  // namespace

TEST(MoveLogAhead, SameCallsAsThePlainStreamOnEverySampleLog) { on_every_sample_log(expect_ahead_same); }

TEST(MoveLogAhead, SameCallsOnBadLinesAndALongLog) {
    expect_ahead_same("");
    expect_ahead_same("mvoe A\n\n# only bad lines and comments\nlose A two");
    expect_ahead_same(long_log(300));
    std::mt19937 rng(77);
    std::string junk(1 << 15, '\0');
    for (char& c : junk) c = static_cast<char>(rng() % 5 == 0 ? '\n' : rng() & 0xFF);
    expect_ahead_same(junk);
}

// Past the kept diagnostics, the counts of the rest reach the sink as they grow.
TEST(MoveLogAhead, SameCallsPastTheCapOfKeptDiagnostics) {
    std::string text = "game maryes-heights\n";
    for (std::size_t i = 0; i < 2 * kMaxKeptDiagnostics; ++i) text += i % 3 == 0 ? "turn 1\n" : "mvoe A\n";
    GameRecord plain;
    Witness want;
    parse_move_log(text, plain, want);
    ASSERT_GT(plain.errors_not_kept, 0u);
    GameRecord g;
    Witness got;
    parse_move_log(text, g, got, ReadAhead{0, 100, 2});
    EXPECT_EQ(got.seen, want.seen);
    EXPECT_EQ(g.errors_not_kept, plain.errors_not_kept);
}

// A text shorter than min_bytes, and a sink that keeps the lists, are read on the caller's thread.
TEST(MoveLogAhead, ShortTextsAndCollectorsAreReadAsBefore) {
    const std::string text = long_log(5);
    GameRecord g;
    g.file = "t.log";
    RecordCollector collector(g);
    parse_move_log(text, g, collector, ReadAhead{0, 1, 1});
    EXPECT_EQ(dump(g), dump(parse_move_log(text, "t.log")));
    GameRecord h;
    Witness w;
    parse_move_log(text, h, w, ReadAhead{text.size() + 1, 1, 1});
    GameRecord plain;
    Witness want;
    parse_move_log(text, plain, want);
    EXPECT_EQ(w.seen, want.seen);
}

// What the sink throws is the caller's, read ahead too: the reading thread stops, nothing hangs.
TEST(MoveLogAhead, ASinksExceptionGoesThroughAndStopsTheReader) {
    struct Throwing final : RecordSink {
        int seen = 0;
        void record(const Record&, const GameRecord&) override {
            if (++seen == 5) throw std::runtime_error("judge failed");
        }
    };
    const std::string text = long_log(200);
    for (std::size_t batch : {std::size_t{1}, std::size_t{2}, std::size_t{4096}}) {
        Throwing sink;
        GameRecord g;
        EXPECT_THROW(parse_move_log(text, g, sink, ReadAhead{0, batch, 1}), std::runtime_error);
        EXPECT_EQ(sink.seen, 5);
    }
    struct ThrowsAtBegin final : RecordSink {
        void begin(const GameRecord&) override { throw std::runtime_error("no"); }
        void record(const Record&, const GameRecord&) override {}
    } at_begin;
    GameRecord g;
    EXPECT_THROW(parse_move_log(text, g, at_begin, ReadAhead{0, 1, 1}), std::runtime_error);
}
