// Hostile uploads that once took minutes or gigabytes (issue 20): every reader is linear in its
// input, and what a file makes it find is kept up to a cap and counted past it.
//
// These tests take about a second each when the readers are linear; a reader that is quadratic
// in its input takes minutes on them (a 3 MB one-line scenario file took more than a minute before
// its columns were counted from blocks): ctest's TIMEOUT of this program (60 s, tests/CMakeLists.txt)
// fails them then. Nothing here times itself.
#include "check.hpp"
#include "report.hpp"
#include "scenario.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <string>

using namespace referee;

namespace {

std::string repeat(std::string_view s, std::size_t n) {
    std::string out;
    out.reserve(s.size() * n);
    for (std::size_t i = 0; i < n; ++i) out += s;
    return out;
}

std::size_t count_code(const Report& r, std::string_view code) {
    std::size_t n = 0;
    for (const Violation& v : r.violations) n += v.code == code;
    return n;
}

const std::string kRulingsHead = R"(<scenario format="1" id="many" title="Many" extends="maryes-heights"><rulings>)";

}  // namespace

// ---- the scenario file ----------------------------------------------------------------------------

TEST(HostileLinear, TenMegabyteOneLineScenarioFileWithAnErrorPerElement) {
    // 580,000 <ruling> elements without their id on one line: one error each, its column counted
    // from the start of the line.
    const std::string bad = "<ruling>x</ruling>";
    const std::size_t n = (std::size_t{10} << 20) / bad.size();
    const ScenarioLoad load = read_scenario_xml(kRulingsHead + repeat(bad, n) + "</rulings></scenario>", "one-line.xml");
    ASSERT_FALSE(load.scenario);
    ASSERT_EQ(load.errors.size(), kMaxKeptDiagnostics);
    EXPECT_EQ(load.errors.size() + load.errors_not_kept, n);
    // The last error kept is at its own column (characters from the start of the line).
    const ScenarioError& last = load.errors.back();
    EXPECT_EQ(last.line, 1u);
    EXPECT_EQ(last.col, kRulingsHead.size() + 1 + bad.size() * (kMaxKeptDiagnostics - 1));
    EXPECT_NE(last.message.find("needs attribute 'id'"), std::string::npos) << last.message;
}

TEST(HostileLinear, ColumnsPastManyKilobytesCountCharactersNotBytes) {
    // A column past the first block of the line, after two-byte characters.
    const std::string text = kRulingsHead + R"(<ruling id="é">)" + repeat("é", 5000) + "</ruling><ruling>x</ruling></rulings></scenario>";
    const ScenarioLoad load = read_scenario_xml(text, "accents.xml");
    ASSERT_EQ(load.errors.size(), 1u);
    EXPECT_EQ(load.errors[0].col, kRulingsHead.size() + std::string_view(R"(<ruling id="é">)").size() - 1 + 5000 + 9 + 1);
}

TEST(HostileLinear, HundredThousandRulings) {
    std::string text = kRulingsHead;
    for (int i = 0; i < 100000; ++i) text += "<ruling id=\"R" + std::to_string(i) + "\">text " + std::to_string(i) + "</ruling>\n";
    text += "<ruling id=\"M1\">replaced</ruling></rulings></scenario>\n";  // a base ruling's id replaces its text
    const ScenarioLoad load = read_scenario_xml(text, "rulings.xml");
    ASSERT_TRUE(load.scenario) << (load.errors.empty() ? "" : load.errors.front().message);
    const auto& rulings = load.scenario->rulings;
    EXPECT_GE(rulings.size(), 100000u);
    std::size_t replaced = 0;
    for (const RulingDef& r : rulings) replaced += r.id == "M1" && r.text == "replaced";
    EXPECT_EQ(replaced, 1u);
}

// ---- the move log ---------------------------------------------------------------------------------

TEST(HostileLinear, MillionBadLinesAreCountedPastTheCap) {
    const std::size_t n = 1000000;
    const Report r = check_text("game maryes-heights\n" + repeat("turn two nonsense!! ((\n", n), "bad.log", {});
    EXPECT_FALSE(r.judged);
    EXPECT_EQ(r.exit_status(), 2);
    EXPECT_EQ(r.violations.size(), kMaxKeptViolations);
    EXPECT_EQ(r.violations.size() + r.errors_not_kept, n);
    EXPECT_EQ(r.violations.back().line, kMaxKeptViolations + 1);  // the first ones found are kept
    // The text lists --max-errors of them, then how many more; the JSON says so in its fields.
    const std::string text = render_text(r, RenderOptions{50});
    EXPECT_NE(text.find("bad.log: not judged: 10000 syntax errors (and 990000 more errors, counted but not kept)\n"), std::string::npos)
        << text.substr(0, 300);
    EXPECT_NE(text.find("bad.log: 999950 more violations not listed (--max-errors 50; referee keeps 10000 violations of a file, and counts "
                        "the rest)\n"),
              std::string::npos);
    const std::string all = render_text(r, RenderOptions{0});
    EXPECT_NE(all.find("bad.log: 990000 more violations not listed (referee keeps 10000 violations of a file, and counts the rest)\n"),
              std::string::npos);
    const std::string json = render_json_one(r, RenderOptions{0});
    EXPECT_NE(json.find("\"violations_omitted\": 990000"), std::string::npos);
    EXPECT_NE(json.find("\"violations_not_kept\": 990000"), std::string::npos);
    // The CSV counts every error, kept or not.
    EXPECT_NE(render_csv_row(r).find(",1000000,0,"), std::string::npos) << render_csv_row(r);
}

TEST(HostileLinear, MillionRuleViolationsAreCountedPastTheCap) {
    const std::size_t n = 1000000;
    const Report r = check_text("game maryes-heights\nturn 1\n" + repeat("move X 1 2 3\n", n), "moves.log", {});
    EXPECT_TRUE(r.judged);
    EXPECT_EQ(r.exit_status(), 1);
    EXPECT_EQ(r.violations.size(), kMaxKeptViolations);
    EXPECT_EQ(count_code(r, "unknown-unit") + r.errors_not_kept, n);
}

TEST(HostileLinear, MillionRecordsBeforeTheFirstTurn) {
    // They wait for the set-up no longer than the intake holds: the game is judged as one with no turn.
    const std::size_t n = 1000000;
    const Report r = check_text("game maryes-heights\n" + repeat("move X 1 2 3\n", n), "early.log", {});
    EXPECT_TRUE(r.judged);
    EXPECT_EQ(r.violations.size(), kMaxKeptViolations);
    EXPECT_GE(r.violations.size() + r.not_kept(), n);
}

TEST(HostileLinear, TenMegabyteLine) {
    // Over the longest line read: one syntax error, said at once.
    const Report r = check_text("game maryes-heights\nchat Union " + std::string(std::size_t{10} << 20, 'x') + "\n", "long.log", {});
    EXPECT_FALSE(r.judged);
    ASSERT_EQ(r.violations.size(), 1u);
    EXPECT_NE(r.violations[0].message.find("line too long"), std::string::npos);
    // Under it: read, one record.
    const Report ok = check_text("game maryes-heights\nturn 1\nchat Union " + std::string(std::size_t{7} << 20, 'x') + "\n", "long.log", {});
    EXPECT_TRUE(ok.judged);
}

// ---- the XML save ---------------------------------------------------------------------------------

TEST(HostileLinear, TenMegabyteOneLineSave) {
    // One line of unknown elements in the log: a warning each, kept to the cap, counted past it.
    const std::size_t n = (std::size_t{10} << 20) / 9;
    const Report r = check_text(R"(<referee-save format="1" scenario="maryes-heights"><log><turn n="1"/>)" + repeat("<bogus/> ", n) +
                                    "</log></referee-save>\n",
                                "one-line.xml", {});
    EXPECT_TRUE(r.judged);
    EXPECT_EQ(r.exit_status(), 0);
    EXPECT_EQ(count_code(r, "unknown-element") + r.warnings_not_kept, n);
    EXPECT_EQ(r.errors_not_kept, 0u);
    EXPECT_LE(r.violations.size(), kMaxKeptViolations);
}

TEST(HostileLinear, MillionBadElementsOfASave) {
    const std::size_t n = 1000000;
    const Report r = check_text(R"(<referee-save format="1" scenario="maryes-heights"><log>)" "\n" + repeat("<turn n=\"two\"/>\n", n) +
                                    "</log></referee-save>\n",
                                "bad.xml", {});
    EXPECT_FALSE(r.judged);
    EXPECT_EQ(r.violations.size(), kMaxKeptViolations);
    EXPECT_EQ(r.violations.size() + r.errors_not_kept, n);
}
