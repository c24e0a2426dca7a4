// A tournament's batch (report.md, "A tournament's batch"): the JSON fields every report has
// (format, status, sha256, players, tags), --max-errors, --quiet, the CSV row, the JSON line and the
// summary line (validator/report/report.cpp).
#include "report.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace referee {
namespace {

using nlohmann::ordered_json;

Violation viol(std::string code, bool error, std::uint32_t line, std::string message) {
    Violation v;
    v.code = std::move(code);
    v.error = error;
    v.line = line;
    v.rule = "17.1";
    v.message = std::move(message);
    return v;
}

Report decided() {
    Report r;
    r.file = "r3/table2.log";
    r.sha256 = std::string(64, 'a');
    r.scenario = "maryes-heights";
    r.players = {{"Union", "A. Smith"}, {"Confederate", "B. Jones"}};
    r.tags = {{"event", "WBC 2026"}, {"round", "3"}};
    r.judged = r.complete = true;
    r.result.winner = "Confederate";
    r.result.level = "automatic";
    r.scores = {{"Union", 6, {}}, {"Confederate", 26, {}}};
    r.claims = {{"winner", "Confederate", "Confederate", true, 60, std::nullopt}};
    r.rulings = {"G1: standing one", "G2: standing two", "maryes-heights: a note of this game"};
    r.standing_rulings = 2;
    return r;
}

// ---- status ------------------------------------------------------------------------------------

TEST(Status, AsTheSharedDecisionSaysIt) {
    Report r = decided();
    EXPECT_EQ(r.status(), "decided");
    r.result.winner = "draw";
    EXPECT_EQ(r.status(), "draw");
    r.complete = false;  // a winner but not complete (cannot happen, but the rule is "complete and ...")
    EXPECT_EQ(r.status(), "incomplete");
    r.complete = true;
    r.result.winner.reset();
    EXPECT_EQ(r.status(), "incomplete");
    r = decided();
    r.judged = false;
    EXPECT_EQ(r.status(), "not-judged");
    // Errors do not change the status: a decided game with errors is still decided.
    r = decided();
    r.violations = {viol("zoc", true, 5, "x")};
    EXPECT_EQ(r.status(), "decided");
}

// ---- JSON fields ---------------------------------------------------------------------------------

TEST(BatchJson, FormatStatusSha256PlayersTags) {
    const ordered_json j = ordered_json::parse(render_json_one(decided()));
    EXPECT_EQ(j["format"], 1);
    EXPECT_EQ(j["status"], "decided");
    EXPECT_EQ(j["sha256"], std::string(64, 'a'));
    EXPECT_EQ(j["players"], ordered_json::parse(R"([{"side":"Union","name":"A. Smith"},{"side":"Confederate","name":"B. Jones"}])"));
    EXPECT_EQ(j["tags"], ordered_json::parse(R"({"event":"WBC 2026","round":"3"})"));
}

TEST(BatchJson, NoPlayersNoTagsNoBytes) {
    Report r;
    r.file = "missing.log";
    r.judged = false;
    const ordered_json j = ordered_json::parse(render_json_one(r));
    EXPECT_EQ(j["status"], "not-judged");
    EXPECT_TRUE(j["sha256"].is_null());
    EXPECT_TRUE(j["players"].is_array() && j["players"].empty());
    EXPECT_TRUE(j["tags"].is_object() && j["tags"].empty());
}

TEST(BatchJson, OneLineForJsonl) {
    Report r = decided();
    r.violations = {viol("zoc", true, 5, "a message\nwith a line break")};
    const std::string line = render_json_line(r);
    ASSERT_FALSE(line.empty());
    EXPECT_EQ(line.back(), '\n');
    EXPECT_EQ(line.find('\n'), line.size() - 1) << line;
    EXPECT_EQ(ordered_json::parse(line), ordered_json::parse(render_json_one(r)));
}

// ---- --max-errors -----------------------------------------------------------------------------

TEST(MaxErrors, TextListsTheFirstNThenSaysHowManyMore) {
    Report r = decided();
    for (std::uint32_t i = 1; i <= 7; ++i) r.violations.push_back(viol("zoc", i % 2 == 1, 10 * i, "v" + std::to_string(i)));
    const std::string all = render_text(r, RenderOptions{0, true});
    const std::string three = render_text(r, RenderOptions{3, true});
    for (const char* v : {"v1 ", "v2 ", "v3 "}) EXPECT_NE(three.find(v), std::string::npos) << three;
    for (const char* v : {"v4 ", "v5 ", "v6 ", "v7 "}) {
        EXPECT_EQ(three.find(v), std::string::npos) << three;
        EXPECT_NE(all.find(v), std::string::npos) << all;
    }
    EXPECT_NE(three.find("r3/table2.log: 4 more violations not listed (--max-errors 3; --max-errors 0 lists them all)\n"), std::string::npos) << three;
    EXPECT_EQ(all.find("not listed"), std::string::npos);
    // Exactly N: nothing left out, nothing said.
    EXPECT_EQ(render_text(r, RenderOptions{7, true}), all);
}

TEST(MaxErrors, TheTextCapsInLineOrder) {
    Report r = decided();
    r.violations = {viol("zoc", true, 90, "late"), viol("zoc", true, 3, "early")};
    const std::string one = render_text(r, RenderOptions{1, true});
    EXPECT_NE(one.find("early"), std::string::npos) << one;
    EXPECT_EQ(one.find("late"), std::string::npos) << one;
    EXPECT_NE(one.find("1 more violation not listed"), std::string::npos) << one;
}

TEST(MaxErrors, JsonListsTheFirstNAndCountsTheRest) {
    Report r = decided();
    for (std::uint32_t i = 1; i <= 5; ++i) r.violations.push_back(viol("zoc", true, i, "v" + std::to_string(i)));
    const ordered_json j = ordered_json::parse(render_json_one(r, RenderOptions{2, true}));
    ASSERT_EQ(j["violations"].size(), 2u);
    EXPECT_EQ(j["violations"][1]["message"], "v2");
    EXPECT_EQ(j["violations_omitted"], 3);
    const ordered_json all = ordered_json::parse(render_json_one(r, RenderOptions{0, true}));
    EXPECT_EQ(all["violations"].size(), 5u);
    EXPECT_FALSE(all.contains("violations_omitted"));
}

// ---- --quiet ------------------------------------------------------------------------------------

TEST(Quiet, LeavesOutTheStandingRulingsOnly) {
    const Report r = decided();
    const std::string loud = render_text(r, RenderOptions{0, true});
    const std::string quiet = render_text(r, RenderOptions{0, false});
    EXPECT_NE(loud.find("G1: standing one"), std::string::npos);
    EXPECT_EQ(quiet.find("G1: standing one"), std::string::npos);
    EXPECT_EQ(quiet.find("G2: standing two"), std::string::npos);
    EXPECT_NE(quiet.find("rulings:\n  maryes-heights: a note of this game\n"), std::string::npos) << quiet;
    // No note of the game: no "rulings:" heading at all.
    Report plain = r;
    plain.rulings.pop_back();
    EXPECT_EQ(render_text(plain, RenderOptions{0, false}).find("rulings:"), std::string::npos);
}

// ---- CSV -------------------------------------------------------------------------------------

TEST(Csv, HeaderAsReportMdNamesTheColumns) {
    EXPECT_EQ(csv_header(),
              "file,sha256,scenario,event,round,players,status,winner,level,scores,errors,warnings,claims,first_error,scenario_source,"
              "scenario_sha256\n");
}

TEST(Csv, OneRowOfADecidedGame) {
    Report r = decided();
    r.violations = {viol("incomplete", false, 70, "w"), viol("zoc", true, 41, "late"), viol("stacking", true, 12, "first")};
    EXPECT_EQ(render_csv_row(r), "r3/table2.log," + std::string(64, 'a') +
                                     ",maryes-heights,WBC 2026,3,Union: A. Smith; Confederate: B. Jones,decided,Confederate,automatic,"
                                     "Union 6; Confederate 26,2,1,agree,stacking line 12,,\n");
    // Where the scenario's rules come from: a built-in, or a file and its SHA-256 (the last two columns).
    r.scenario_source = ScenarioSource{};
    EXPECT_TRUE(render_csv_row(r).ends_with(",stacking line 12,built-in,\n")) << render_csv_row(r);
    r.scenario_source = ScenarioSource{false, "games/club.xml", std::string(64, 'b'), "maryes-heights", {"victory"}};
    EXPECT_TRUE(render_csv_row(r).ends_with(",stacking line 12,games/club.xml," + std::string(64, 'b') + "\n")) << render_csv_row(r);
}

TEST(Csv, ClaimsThatDisagreeAndNoClaims) {
    Report r = decided();
    r.claims.push_back({"score Union", "7", "6", false, 61, std::nullopt});
    EXPECT_NE(render_csv_row(r).find(",disagree,"), std::string::npos);
    r.claims.clear();
    const std::string row = render_csv_row(r);
    EXPECT_EQ(row.substr(row.size() - 9), ",0,0,,,,\n") << row;
}

TEST(Csv, QuotesAndFormulas) {
    Report r = decided();
    r.file = "a,b.log";
    r.tags = {{"event", "The \"Big\" One"}, {"round", "=1+2"}};
    r.players = {{"Union", "-x"}};
    const std::string row = render_csv_row(r);
    EXPECT_EQ(row.rfind("\"a,b.log\",", 0), 0u) << row;
    EXPECT_NE(row.find(",\"The \"\"Big\"\" One\",'=1+2,"), std::string::npos) << row;
    EXPECT_NE(row.find(",Union: -x,"), std::string::npos) << row;  // the cell begins with "Union"
    // A cell that begins with a formula character gets a quote mark; "-" (standard input) does not.
    r.file = "-";
    r.players = {};
    r.scenario = "+scen";
    const std::string stdin_row = render_csv_row(r);
    EXPECT_EQ(stdin_row.rfind("-,", 0), 0u) << stdin_row;
    EXPECT_NE(stdin_row.find(",'+scen,"), std::string::npos) << stdin_row;
    // A line break in a cell is shown escaped, as in the text report (shown.hpp): the row is one line.
    r.tags = {{"event", "two\nlines, \x1b[2J"}};
    EXPECT_NE(render_csv_row(r).find(",\"two\\nlines, \\x1b[2J\","), std::string::npos) << render_csv_row(r);
    // A tab that would begin a cell is shown escaped: no formula.
    r.tags = {{"event", "\t=1"}};
    EXPECT_NE(render_csv_row(r).find(",\\t=1,"), std::string::npos) << render_csv_row(r);
}

TEST(Csv, NotJudgedAndVassalSteps) {
    Report r;
    r.file = "x.pdf";
    r.judged = false;
    r.violations = {viol("not-a-game-record", true, 0, "a PDF document")};
    EXPECT_EQ(render_csv_row(r), "x.pdf,,,,,,not-judged,,,,1,0,,not-a-game-record,,\n");
    Report v = decided();
    v.places_are_steps = true;
    Violation w = viol("wrong-phase", true, 12, "m");
    w.step = 4;
    v.violations = {w};
    EXPECT_NE(render_csv_row(v).find(",wrong-phase step 4,,\n"), std::string::npos) << render_csv_row(v);
}

// ---- The summary line ----------------------------------------------------------------------------

TEST(Summary, CountsEachGameOnceAndErrorsAmongTheJudged) {
    BatchSummary s;
    EXPECT_EQ(s.line(), "0 games: 0 decided, 0 drawn, 0 incomplete, 0 with errors, 0 not judged\n");
    Report won = decided();
    s.add(won);
    EXPECT_EQ(s.line(), "1 game: 1 decided, 0 drawn, 0 incomplete, 0 with errors, 0 not judged\n");
    Report draw = decided();
    draw.result.winner = "draw";
    draw.violations = {viol("zoc", true, 3, "e")};
    s.add(draw);
    Report stopped = decided();
    stopped.complete = false;
    stopped.result.winner.reset();
    stopped.violations = {viol("incomplete", false, 9, "w")};  // a warning is no error
    s.add(stopped);
    Report bad;
    bad.judged = false;
    bad.violations = {viol("syntax", true, 3, "e")};  // not judged: not counted "with errors"
    s.add(bad);
    EXPECT_EQ(s.line(), "4 games: 1 decided, 1 drawn, 1 incomplete, 1 with errors, 1 not judged\n");
}

}  // namespace
}  // namespace referee
