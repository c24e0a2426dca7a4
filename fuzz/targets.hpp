// The four fuzz targets' entry points, shared by the libFuzzer harnesses (fuzz/fuzz_*.cpp) and the
// regression test (tests/validator/check/test_fuzz_regressions.cpp), so that a kept input goes through exactly
// what the fuzzer ran. Each runs one input and checks what must hold of the result for any input;
// `problem` says what did not ("" when all held). Needs REFEREE_SOURCE_DIR (the source tree).
#pragma once

#include "move_log_scan.hpp"
#include "readers.hpp"
#include "check.hpp"
#include "report.hpp"
#include "scenario.hpp"
#include "stream_compare.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace referee::fuzz {

// fuzz_check names its input as if it were a sample and looks for scenario files in
// samples/scenarios/ (--scenario-path), so that a `game X.xml` record (as the samples of
// cemetery-hill and road-to-richmond have) finds its scenario file wherever the fuzzer runs.
inline const std::string kCheckFile = REFEREE_SOURCE_DIR "/samples/maryes-heights/fuzz";
inline CheckOptions fuzz_check_options() {
    CheckOptions o;
    o.scenario_path = {REFEREE_SOURCE_DIR "/samples/scenarios"};
    return o;
}

// What holds of any GameRecord: every list a record names lies inside its arena, every Sym in the
// symbol table, every record and diagnostic has a line (and a diagnostic a column) in the input.
inline std::string game_record_problem(const GameRecord& g) {
    const auto inside = [](Span s, std::size_t size) { return std::uint64_t(s.off) + s.len <= size; };
    std::uint32_t previous = 0;
    for (const Record& r : g.records) {
        const std::string where = std::string(kind_name(r.kind)) + " record of line " + std::to_string(r.line);
        if (!inside(r.list, g.syms_arena.size()) || !inside(r.list2, g.syms_arena.size()) ||
            !inside(r.ints, g.ints_arena.size()))
            return where + ": a list outside its arena";
        for (Sym s : {r.a, r.b, r.c, r.d, r.e})
            if (s >= g.symbols.size()) return where + ": a name outside the symbol table";
        if (r.line == 0 || r.line > g.last_line) return where + ": line outside 1.." + std::to_string(g.last_line);
        if (g.format == InputFormat::MoveLog && r.line <= previous) return where + ": records out of line order";
        previous = r.line;
    }
    // A save's malformed-XML error may stand at the end of the input: on the line after the last
    // '\n' (line 1 of an empty input).
    const std::uint32_t last = g.format == InputFormat::XmlSave ? g.last_line + 1 : g.last_line;
    for (const Diagnostic& d : g.diagnostics)
        if (d.line == 0 || d.col == 0 || d.line > last)
            return "diagnostic '" + d.message + "' at " + std::to_string(d.line) + ":" + std::to_string(d.col) +
                   " (the input has " + std::to_string(g.last_line) + " lines)";
    return {};
}

struct GameRun {
    GameRecord game;
    std::string problem;
};

// Where two reads of the same record differ ("" when they do not): its fields, its Syms (the same
// numbers: the symbols are compared in Sym order apart) and its lists, each read from its own game.
inline std::string record_difference(const GameRecord& x, const Record& a, const GameRecord& y, const Record& b) {
    const auto list = [](const GameRecord& g, Span sp) { return std::vector<Sym>(g.list_begin(sp), g.list_end(sp)); };
    const auto ints = [](const GameRecord& g, Span sp) {
        return std::vector<std::int64_t>(g.ints_begin(sp), g.ints_end(sp));
    };
    if (a.kind != b.kind || a.flags != b.flags || a.line != b.line || a.col != b.col || a.a != b.a || a.b != b.b ||
        a.c != b.c || a.d != b.d || a.e != b.e || a.n != b.n || a.m != b.m || list(x, a.list) != list(y, b.list) ||
        list(x, a.list2) != list(y, b.list2) || ints(x, a.ints) != ints(y, b.ints))
        return std::string(kind_name(a.kind)) + " record of line " + std::to_string(a.line) + " differs";
    return {};
}

// Where two reads of the same text differ but for their records: the symbols in Sym order, the
// diagnostics, the last line.
inline std::string game_difference(const GameRecord& x, const GameRecord& y) {
    if (x.symbols.size() != y.symbols.size()) return "a different number of symbols";
    for (Sym s = 0; s < x.symbols.size(); ++s)
        if (x.str(s) != y.str(s)) return "symbol " + std::to_string(s) + " differs";
    if (x.diagnostics.size() != y.diagnostics.size()) return "a different number of diagnostics";
    for (std::size_t i = 0; i < x.diagnostics.size(); ++i) {
        const Diagnostic& a = x.diagnostics[i];
        const Diagnostic& b = y.diagnostics[i];
        if (a.code != b.code || a.line != b.line || a.col != b.col || a.message != b.message)
            return "diagnostic " + std::to_string(i) + " differs";
    }
    return x.last_line != y.last_line ? "a different last line" : "";
}

// Where two parses of the same text differ ("" when they do not): records field by field, their
// lists, the symbols in Sym order, the diagnostics.
inline std::string difference(const GameRecord& x, const GameRecord& y) {
    if (x.records.size() != y.records.size()) return "a different number of records";
    for (std::size_t i = 0; i < x.records.size(); ++i) {
        const std::string d = record_difference(x, x.records[i], y, y.records[i]);
        if (!d.empty()) return d;
    }
    return game_difference(x, y);
}

// Streams the text and compares each record, as it is handed over, with the collected one of the
// same rank; also that begin and end come once each around the records, and that the arenas hold
// the record's lists alone (each record's lists are dropped once the sink has it).
class StreamCheck final : public RecordSink {
public:
    explicit StreamCheck(const GameRecord& collected) : collected_(collected) {}
    void begin(const GameRecord&) override { note(begun_++ == 0 && !ended_, "begin() not first and once"); }
    void record(const Record& r, const GameRecord& g) override {
        if (!problem_.empty()) return;
        note(begun_ == 1 && !ended_, "a record outside begin() .. end()");
        note(next_ < collected_.records.size(), "more records streamed than collected");
        if (!problem_.empty()) return;
        note(g.syms_arena.size() == std::size_t{r.list.len} + r.list2.len && g.ints_arena.size() == r.ints.len,
             "the arenas hold more than the record's lists");
        const std::string d = record_difference(g, r, collected_, collected_.records[next_++]);
        note(d.empty(), d);
    }
    void end(const GameRecord& g) override {
        note(begun_ == 1 && ended_++ == 0, "end() not last and once");
        note(next_ == collected_.records.size(), "fewer records streamed than collected");
        note(g.records.empty(), "records kept");
        const std::string d = game_difference(g, collected_);
        note(d.empty(), d);
    }
    // What did not hold, once the reading has returned ("" when all held).
    std::string problem() const { return !problem_.empty() || ended_ == 1 ? problem_ : "end() not called"; }

private:
    void note(bool ok, const std::string& what) {
        if (!ok && problem_.empty()) problem_ = what;
    }
    std::string problem_;
    const GameRecord& collected_;
    int begun_ = 0, ended_ = 0;
    std::size_t next_ = 0;
};

// Where the one-pass scan of a line (move_log_scan.hpp) and its byte-at-a-time form differ on some
// line of the text ("" when they do not): the line's end, whether it is simple, its tokens.
inline std::string scan_difference(std::string_view text) {
    using movelog::scan::Line;
    const char* p = text.data();
    const char* const end = p + text.size();
    for (std::size_t line = 1; p != end; ++line) {
        Line fast, bytes;
        movelog::scan::read_line(p, end, fast);
        movelog::scan::detail::read_line_bytes(p, end, bytes);
        bool same = fast.end == bytes.end && fast.simple == bytes.simple;
        if (same && fast.simple) {
            const std::uint32_t kept = movelog::scan::kMaxTokens;
            same = (fast.n > kept) == (bytes.n > kept) && (fast.n > kept || fast.n == bytes.n);
            for (std::uint32_t i = 0; same && i < fast.n && i < kept; ++i)
                same = fast.first[i] == bytes.first[i] && fast.last[i] == bytes.last[i];
        }
        if (!same) return "line " + std::to_string(line);
        p = fast.end != end ? fast.end + 1 : end;
    }
    return {};
}

// fuzz_move_log; also: the one-pass scan of each line agrees with its byte-at-a-time form; the
// parser's fast paths for plain records (move_log_fast_paths.cpp) make exactly what the grammar
// alone makes, and the streaming form hands over exactly the records the collecting form keeps,
// read on one thread or ahead on a second.
inline GameRun run_move_log(std::string_view text) {
    GameRun run{parse_move_log(text, "fuzz.log"), {}};
    run.problem = game_record_problem(run.game);
    if (run.problem.empty()) {
        const std::string d = scan_difference(text);
        if (!d.empty()) run.problem = "the line scan and its byte-at-a-time form differ: " + d;
    }
    if (run.problem.empty()) {
        const std::string d = difference(run.game, parse_move_log(text, "fuzz.log", false));
        if (!d.empty()) run.problem = "the fast paths and the grammar differ: " + d;
    }
    if (run.problem.empty()) {
        GameRecord streamed;
        streamed.file = "fuzz.log";
        StreamCheck check(run.game);
        parse_move_log(text, streamed, check);
        if (!check.problem().empty())
            run.problem = "the streamed records and the collected ones differ: " + check.problem();
    }
    if (run.problem.empty()) {  // read ahead on a thread of its own, in batches of 7 records
        GameRecord streamed;
        streamed.file = "fuzz.log";
        StreamCheck check(run.game);
        parse_move_log(text, streamed, check, ReadAhead{0, 7, 2});
        if (!check.problem().empty())
            run.problem = "the records read ahead and the collected ones differ: " + check.problem();
    }
    return run;
}

// fuzz_xml_save; also: the streaming form hands over what the collecting form returns
// (stream_compare.hpp), with no more in the arenas than the record handed over.
inline GameRun run_xml_save(std::string_view text) {
    GameRun run{read_xml_save(text, "fuzz.xml"), {}};
    run.problem = game_record_problem(run.game);
    if (run.problem.empty()) {
        GameRecord g;
        g.file = "fuzz.xml";
        StreamCopy sink;
        read_xml_save(text, g, sink);
        const std::string d = stream_difference(run.game, g, sink);
        if (!d.empty()) run.problem = "the streaming and the collecting forms differ: " + d;
        else if (sink.extra != 0) run.problem = "the arenas held more than the record handed over";
    }
    // Its log read in pieces (from one byte to a few records' worth): the same again.
    for (const std::size_t piece : {std::size_t{1}, std::size_t{97}})
        if (run.problem.empty()) run.problem = pieces_difference(text, run.game, piece);
    return run;
}

// fuzz_scenario: a scenario, or the errors that kept it from being one, never both nor neither.
struct ScenarioRun {
    ScenarioLoad load;
    std::string problem;
};
inline ScenarioRun run_scenario(std::string_view text) {
    ScenarioRun run{read_scenario_xml(text, "fuzz.xml"), {}};
    if (run.load.scenario.has_value() == !run.load.errors.empty())
        run.problem = run.load.scenario ? "a scenario and errors" : "neither a scenario nor an error";
    return run;
}

// fuzz_check: the whole check, as `referee check` runs it, then both reports rendered. A judged
// game has its scenario; a game that cannot be judged (exit status 2) says why with an error.
struct CheckRun {
    Report report;
    std::string text, json;  // the rendered reports
    std::string problem;
};
inline CheckRun run_check(std::string_view text) {
    static const CheckOptions options = fuzz_check_options();
    CheckRun run{check_text(text, kCheckFile, options), {}, {}, {}};
    run.text = render_text(run.report);
    run.json = render_json_one(run.report);
    if (run.text.empty() || run.json.empty()) run.problem = "an empty report";
    else if (run.report.judged && run.report.scenario.empty()) run.problem = "judged without a scenario";
    else if (!run.report.judged && !run.report.has_errors()) run.problem = "not judged, and no error says why";
    return run;
}

}  // namespace referee::fuzz
