// The fuzz targets' kept inputs (fuzz/regressions/<target>/, docs/fuzzing.md), each run through the
// same entry point as its target (fuzz/targets.hpp), so that what a fuzzer once found stays fixed;
// and, per target, hand-made hostile inputs with what must come of them, so that each test can
// fail even while its directory holds nothing.
#include "fuzz_regressions.hpp"
#include "scenario.hpp"
#include "targets.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace fs = std::filesystem;
using referee::testing::fuzz_regressions;
using referee::testing::read_bytes;
using namespace referee;
using namespace referee::fuzz;

namespace {

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

std::string violations_text(const Report& r) {
    std::string s;
    for (const Violation& v : r.violations)
        s += std::to_string(v.line) + ":" + std::to_string(v.col) + ": " + v.code + ": " + v.message + "\n";
    return s;
}

// A game with a syntax error is not judged, and `referee check` says where: a "syntax" error with
// its line and column, as the parser gave it.
void expect_syntax_error_reported(std::string_view text, const GameRecord& g) {
    if (!g.has_syntax_errors()) return;
    const CheckRun run = run_check(text);
    EXPECT_EQ(run.problem, "");
    EXPECT_FALSE(run.report.judged);
    EXPECT_EQ(run.report.exit_status(), 2);
    const auto syntax = std::find_if(run.report.violations.begin(), run.report.violations.end(),
                                     [](const Violation& v) { return v.code == "syntax" && v.error; });
    ASSERT_NE(syntax, run.report.violations.end()) << violations_text(run.report);
    EXPECT_GE(syntax->line, 1u);
    EXPECT_GE(syntax->col, 1u);
}

// A text of `depth` nested elements: <NAME><NAME>...</NAME></NAME>, inside a root.
std::string nested(std::string_view root_open, std::string_view root_close, std::string_view name, int depth) {
    std::string s(root_open);
    for (int i = 0; i < depth; ++i) s += "<" + std::string(name) + ">";
    for (int i = 0; i < depth; ++i) s += "</" + std::string(name) + ">";
    s += root_close;
    return s;
}

}  // namespace

// ---- fuzz_move_log --------------------------------------------------------------------------

TEST(FuzzRegressions, MoveLogKeptInputs) {
    for (const fs::path& f : fuzz_regressions("fuzz_move_log")) {
        SCOPED_TRACE(f.string());
        const std::string text = read_bytes(f);
        const GameRun run = run_move_log(text);
        EXPECT_EQ(run.problem, "");
        expect_syntax_error_reported(text, run.game);
    }
}

TEST(FuzzRegressions, MoveLogHostileInputs) {
    // An unterminated string, a NUL byte, invalid UTF-8, a number past 64 bits: one error each,
    // at its line and column, and the good lines around them still read.
    using namespace std::string_literals;
    const std::string t = "game maryes-heights\n"s +   // 1
                          "chat Union \"never closed\n" +  // 2: the string, col 12
                          "tag a\0b c\n"s +                // 3: the NUL, col 6
                          "tag x \xC3\x28\n" +             // 4: the bad byte, col 7
                          "turn 99999999999999999999\n" +   // 5: the number, col 6
                          "turn 1\n";                       // 6
    const GameRun run = run_move_log(t);
    EXPECT_EQ(run.problem, "");
    ASSERT_EQ(run.game.records.size(), 2u);
    EXPECT_EQ(run.game.records[0].kind, Kind::Game);
    EXPECT_EQ(run.game.records[1].kind, Kind::Turn);
    EXPECT_EQ(run.game.records[1].line, 6u);
    ASSERT_EQ(run.game.diagnostics.size(), 4u);
    const std::pair<std::uint32_t, std::uint32_t> where[] = {{2, 12}, {3, 6}, {4, 7}, {5, 6}};
    for (std::size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(run.game.diagnostics[i].code, "syntax");
        EXPECT_EQ(run.game.diagnostics[i].line, where[i].first) << run.game.diagnostics[i].message;
        EXPECT_EQ(run.game.diagnostics[i].col, where[i].second) << run.game.diagnostics[i].message;
    }
    expect_syntax_error_reported(t, run.game);

    // One line of 200,000 path steps, and 100,000 blank lines: read, no error.
    std::string long_path = "move 1/A";
    for (int i = 0; i < 200000; ++i) long_path += i % 2 ? " -> 0101" : " 0102";
    const GameRun path = run_move_log(long_path + "\n" + std::string(100000, '\n'));
    EXPECT_EQ(path.problem, "");
    ASSERT_EQ(path.game.records.size(), 1u);
    EXPECT_EQ(path.game.records[0].list.len, 200000u);  // the arrows are dropped
    EXPECT_EQ(path.game.last_line, 100001u);
}

// ---- fuzz_xml_save --------------------------------------------------------------------------

TEST(FuzzRegressions, XmlSaveKeptInputs) {
    for (const fs::path& f : fuzz_regressions("fuzz_xml_save")) {
        SCOPED_TRACE(f.string());
        const std::string text = read_bytes(f);
        const GameRun run = run_xml_save(text);
        EXPECT_EQ(run.problem, "");
        expect_syntax_error_reported(text, run.game);
    }
}

TEST(FuzzRegressions, XmlSaveHostileInputs) {
    // Cut off inside an element: malformed XML, at its line.
    const std::string cut = "<referee-save format=\"1\" scenario=\"maryes-heights\">\n<log>\n<move unit=\"1/A\" pa";
    const GameRun run = run_xml_save(cut);
    EXPECT_EQ(run.problem, "");
    ASSERT_TRUE(run.game.has_syntax_errors());
    EXPECT_EQ(run.game.diagnostics.front().line, 3u);
    expect_syntax_error_reported(cut, run.game);

    // Empty, and white space only: malformed (no root), line 1, not a crash.
    for (const std::string& text : {std::string(), std::string("  \n\t")}) {
        const GameRun empty = run_xml_save(text);
        EXPECT_EQ(empty.problem, "");
        EXPECT_TRUE(empty.game.has_syntax_errors());
    }

    // 100,000 nested unknown elements inside <log>: one warning for the outermost, no deep recursion.
    const std::string deep = nested("<referee-save format=\"1\" scenario=\"maryes-heights\"><log>", "</log></referee-save>", "x", 100000);
    const GameRun d = run_xml_save(deep);
    EXPECT_EQ(d.problem, "");
    ASSERT_EQ(d.game.records.size(), 1u);  // the game record the scenario attribute stands for
    EXPECT_EQ(d.game.records[0].kind, Kind::Game);
    ASSERT_EQ(d.game.diagnostics.size(), 1u);
    EXPECT_EQ(d.game.diagnostics[0].code, "unknown-element");
    EXPECT_EQ(d.game.diagnostics[0].severity, Severity::Warning);
}

// ---- fuzz_scenario --------------------------------------------------------------------------

TEST(FuzzRegressions, ScenarioKeptInputs) {
    for (const fs::path& f : fuzz_regressions("fuzz_scenario")) {
        SCOPED_TRACE(f.string());
        const ScenarioRun run = run_scenario(read_bytes(f));
        EXPECT_EQ(run.problem, "");
        for (const ScenarioError& e : run.load.errors) EXPECT_FALSE(e.message.empty());
    }
}

TEST(FuzzRegressions, ScenarioHostileInputs) {
    // Not XML at all, empty, and cut off: errors with a position, no scenario.
    for (const std::string& text : {std::string("\x01\xFF garbage"), std::string(),
                                    std::string("<scenario id=\"x\" title=\"X\">\n<sides><side name=\"A\"/>")}) {
        const ScenarioRun run = run_scenario(text);
        EXPECT_EQ(run.problem, "");
        EXPECT_FALSE(run.load.scenario.has_value());
        ASSERT_FALSE(run.load.errors.empty());
        EXPECT_GE(run.load.errors.front().line, 1u) << run.load.errors.front().message;
    }
    // 100,000 nested elements: an error (unknown element), no deep recursion.
    const ScenarioRun deep = run_scenario(nested("<scenario id=\"x\" title=\"X\">", "</scenario>", "sides", 100000));
    EXPECT_EQ(deep.problem, "");
    EXPECT_FALSE(deep.load.scenario.has_value());
    // A file that extends a built-in and changes nothing is that built-in under its own id.
    const ScenarioRun ext = run_scenario("<scenario id=\"mh\" title=\"MH\" extends=\"maryes-heights\"/>");
    EXPECT_EQ(ext.problem, "");
    ASSERT_TRUE(ext.load.scenario.has_value()) << (ext.load.errors.empty() ? "" : ext.load.errors.front().message);
    EXPECT_EQ(ext.load.scenario->extends, "maryes-heights");
}

// ---- fuzz_check -----------------------------------------------------------------------------

TEST(FuzzRegressions, CheckKeptInputs) {
    for (const fs::path& f : fuzz_regressions("fuzz_check")) {
        SCOPED_TRACE(f.string());
        const CheckRun run = run_check(read_bytes(f));
        EXPECT_EQ(run.problem, "");
        const nlohmann::json j = nlohmann::json::parse(run.json, nullptr, false);
        EXPECT_TRUE(j.is_object() && j.contains("file") && j.contains("violations")) << run.json;
        // Out of memory is caught and reported as an input error; a kept input must not get there.
        for (const Violation& v : run.report.violations) EXPECT_FALSE(contains(v.message, "bad_alloc")) << v.message;
    }
}

TEST(FuzzRegressions, CheckHostileInputs) {
    // A syntax error: not judged; the error has line and column (report.md's FILE:LINE:COL).
    const std::string bad = "game maryes-heights\nturn 1\nmove 1/A 0101 -> \n";
    const CheckRun b = run_check(bad);
    EXPECT_EQ(b.problem, "");
    EXPECT_FALSE(b.report.judged);
    ASSERT_FALSE(b.report.violations.empty());
    EXPECT_EQ(b.report.violations.front().code, "syntax");
    EXPECT_EQ(b.report.violations.front().line, 3u);
    EXPECT_EQ(b.report.violations.front().col, 18u) << violations_text(b.report);
    EXPECT_TRUE(contains(b.text, ":3:18:")) << b.text;

    // A scenario that is neither built in nor a file: not judged, unknown-scenario at the record.
    const CheckRun u = run_check("game no-such-scenario\nturn 1\n");
    EXPECT_EQ(u.problem, "");
    EXPECT_FALSE(u.report.judged);
    ASSERT_FALSE(u.report.violations.empty());
    EXPECT_EQ(u.report.violations.front().code, "unknown-scenario");
    EXPECT_EQ(u.report.violations.front().line, 1u);

    // Extreme numbers where the replay adds and multiplies: judged or refused, never undefined.
    const CheckRun n = run_check(
        "game maryes-heights\nparam exit-vp 9223372036854775807\nparam occupation-vp -9223372036854775808\n"
        "turn 9223372036854775807\naward Union 9223372036854775807 a\naward Union 9223372036854775807 b\n"
        "claim score Union -9223372036854775808 Confederate 9223372036854775807\n");
    EXPECT_EQ(n.problem, "");

    // A game that names a device as its scenario file (fuzz_check: out of memory reading /dev/zero):
    // refused before it is opened, as is a file too large to be a scenario.
    const auto refused = [](const std::string& text, std::string_view why) {
        SCOPED_TRACE(text);
        const CheckRun r = run_check(text);
        EXPECT_EQ(r.problem, "");
        EXPECT_FALSE(r.report.judged);
        EXPECT_EQ(r.report.exit_status(), 2);
        const auto file = std::find_if(r.report.violations.begin(), r.report.violations.end(),
                                       [](const Violation& v) { return v.code == "scenario-file"; });
        ASSERT_NE(file, r.report.violations.end()) << violations_text(r.report);
        EXPECT_TRUE(contains(file->message, why)) << file->message;
    };
    // An absolute path is refused before anything is opened (issue 20: the game's folders only).
    refused("game /dev/zero\nturn 1\n", "refused, not read");
    refused("game /dev/null\n", "refused, not read");
    refused("<referee-save format=\"1\" scenario=\"/dev/zero\"><log/></referee-save>", "refused, not read");
    const fs::path big = fs::temp_directory_path() / ("referee-fuzz-big-" + std::to_string(std::random_device{}()) + ".xml");
    {
        std::ofstream(big).put('<');
        fs::resize_file(big, (16u << 20) + 1);  // sparse: no 16 MiB written
    }
    refused("game " + big.string() + "\n", "refused, not read");
    // As the director's --scenario (any path), a file that large is still refused unread.
    const ScenarioLoad large = load_scenario(big.string());
    ASSERT_FALSE(large.scenario);
    EXPECT_TRUE(contains(large.errors.front().message, "larger than a scenario file may be")) << large.errors.front().message;
    const ScenarioLoad device = load_scenario("/dev/zero");  // the director's --scenario: a device is no scenario file
    ASSERT_FALSE(device.scenario);
    EXPECT_TRUE(contains(device.errors.front().message, "is a character device, not a scenario file")) << device.errors.front().message;
    fs::remove(big);

    // A save that names a sample's scenario file, found in samples/scenarios/ (fuzz_check's --scenario-path).
    const CheckRun s = run_check("<referee-save format=\"1\" scenario=\"cemetery-hill-test.xml\"><log/></referee-save>");
    EXPECT_EQ(s.problem, "");
    EXPECT_EQ(s.report.scenario, "cemetery-hill-test") << violations_text(s.report);
}
