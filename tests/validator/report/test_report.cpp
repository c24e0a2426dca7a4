// The text and JSON renderings of a Report (validator/report/report.cpp, report.md).
#include "report.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace referee {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

std::vector<std::string> keys(const ordered_json& j) {
    std::vector<std::string> k;
    for (auto it = j.begin(); it != j.end(); ++it) k.push_back(it.key());
    return k;
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

Violation viol(std::string code, bool error, std::uint32_t line, std::uint32_t col, std::string rule,
               std::string message) {
    Violation v;
    v.code = std::move(code);
    v.error = error;
    v.line = line;
    v.col = col;
    v.rule = std::move(rule);
    v.message = std::move(message);
    return v;
}

// A finished game: Confederate wins automatically, with scores, a violation, a claim, a ruling.
Report won_game() {
    Report r;
    r.file = "games/a.log";
    r.scenario = "maryes-heights";
    r.complete = true;
    r.judged = true;
    r.result.winner = "Confederate";
    r.result.level = "automatic";
    r.result.decided = "end of game-turn 5";
    r.result.line = 88;
    r.scores = {
        {"Union", 12, {{"17.11", 10, "10 Confederate SP eliminated x1"}, {"17.2", 2, "holds 1512"}}},
        {"Confederate", 34, {{"17.3", 4, "starting points"}, {"17.11", 30, "15 Union SP eliminated x2"}}},
    };
    r.violations = {viol("exit-unit-type", true, 60, 0, "14.4", "Iverson (infantry) exits at 2412")};
    r.claims = {{"winner", "Union", "Confederate", false, 90, std::nullopt}};
    r.rulings = {"M1: automatic victory tested after game-turn 5"};
    return r;
}

// A game whose log stops at game-turn 7.
Report stopped_game() {
    Report r;
    r.file = "games/b.log";
    r.scenario = "maryes-heights";
    r.complete = false;
    r.judged = true;
    r.result.provisional = Provisional{"Union", 7, "Union movement", 130, std::nullopt};
    r.scores = {{"Union", 5, {}}, {"Confederate", 4, {}}};
    r.violations = {viol("incomplete", false, 130, 0, "", "the record stops at game-turn 7 of 8")};
    return r;
}

// Syntax errors: no verdict.
Report syntax_errors() {
    Report r;
    r.file = "games/c.log";
    r.scenario = "";
    r.judged = false;
    r.violations = {viol("syntax", true, 3, 5, "", "expected a unit id"), viol("syntax", true, 9, 0, "", "bad path"),
                    viol("syntax", true, 12, 1, "", "unknown keyword 'mvoe'")};
    return r;
}

ordered_json parse(const std::string& s) { return ordered_json::parse(s); }

// ---- JSON -------------------------------------------------------------------------------------

TEST(ReportJson, OneReportIsAnObjectWithTheSpecKeysInOrder) {
    const auto j = parse(render_json({won_game()}));
    ASSERT_TRUE(j.is_object());
    EXPECT_EQ(keys(j), (std::vector<std::string>{"format", "file", "sha256", "scenario", "scenario_source", "status", "players", "tags", "complete",
                                                 "result", "scores", "violations", "claims", "rulings"}));
    EXPECT_EQ(j["format"], 1);
    EXPECT_EQ(j["file"], "games/a.log");
    EXPECT_EQ(j["scenario"], "maryes-heights");
    EXPECT_EQ(j["complete"], true);
}

TEST(ReportJson, SeveralReportsAreAnArrayInOrder) {
    const auto j = parse(render_json({won_game(), stopped_game(), syntax_errors()}));
    ASSERT_TRUE(j.is_array());
    ASSERT_EQ(j.size(), 3u);
    EXPECT_EQ(j[0]["file"], "games/a.log");
    EXPECT_EQ(j[1]["file"], "games/b.log");
    EXPECT_EQ(j[2]["file"], "games/c.log");
    EXPECT_TRUE(j[2].is_object());
}

TEST(ReportJson, NoReportsIsAnEmptyArray) {
    const auto j = parse(render_json({}));
    EXPECT_TRUE(j.is_array());
    EXPECT_TRUE(j.empty());
}

TEST(ReportJson, RenderJsonOfOneEqualsRenderJsonOne) {
    EXPECT_EQ(render_json({stopped_game()}), render_json_one(stopped_game()));
}

TEST(ReportJson, PrettyPrintedWithTwoSpacesAndTrailingNewline) {
    const std::string s = render_json_one(won_game());
    ASSERT_FALSE(s.empty());
    EXPECT_EQ(s.rfind("{\n  \"format\": 1,\n  \"file\": \"games/a.log\",\n  \"sha256\": null,\n  \"scenario\"", 0), 0u) << s;
    EXPECT_EQ(s.back(), '\n');
    EXPECT_EQ(s.substr(s.size() - 2), "}\n");
    const std::string a = render_json({won_game(), won_game()});
    EXPECT_EQ(a.rfind("[\n  {\n    \"format\": 1,\n    \"file\"", 0), 0u) << a;
    EXPECT_EQ(a.substr(a.size() - 2), "]\n");
}

TEST(ReportJson, ResultOfAWin) {
    const auto j = parse(render_json_one(won_game()));
    const auto& res = j["result"];
    EXPECT_EQ(keys(res), (std::vector<std::string>{"winner", "level", "decided", "line"}));
    EXPECT_EQ(res["winner"], "Confederate");
    EXPECT_EQ(res["level"], "automatic");
    EXPECT_EQ(res["decided"], "end of game-turn 5");
    EXPECT_TRUE(res["line"].is_number_integer());
    EXPECT_EQ(res["line"], 88);
    EXPECT_FALSE(res.contains("provisional"));
    EXPECT_FALSE(res.contains("ranking"));
}

TEST(ReportJson, ResultOfAStoppedGameHasNullsAndProvisional) {
    const auto j = parse(render_json_one(stopped_game()));
    EXPECT_EQ(j["complete"], false);
    const auto& res = j["result"];
    EXPECT_EQ(keys(res), (std::vector<std::string>{"winner", "level", "decided", "line", "provisional"}));
    EXPECT_TRUE(res["winner"].is_null());
    EXPECT_TRUE(res["level"].is_null());
    EXPECT_TRUE(res["decided"].is_null());
    EXPECT_TRUE(res["line"].is_null());
    const auto& p = res["provisional"];
    EXPECT_EQ(keys(p), (std::vector<std::string>{"standing", "turn", "phase", "line"}));
    EXPECT_EQ(p["standing"], "Union");
    EXPECT_EQ(p["turn"], 7);
    EXPECT_EQ(p["phase"], "Union movement");
    EXPECT_EQ(p["line"], 130);
}

TEST(ReportJson, DrawAndRanking) {
    Report r = won_game();
    r.result.winner = "draw";
    r.result.level.reset();
    r.result.ranking = {"French", "British", "Spanish"};
    const auto j = parse(render_json_one(r));
    EXPECT_EQ(j["result"]["winner"], "draw");
    EXPECT_TRUE(j["result"]["level"].is_null());
    ASSERT_TRUE(j["result"]["ranking"].is_array());
    EXPECT_EQ(j["result"]["ranking"], ordered_json({"French", "British", "Spanish"}));
    EXPECT_EQ(keys(j["result"]), (std::vector<std::string>{"winner", "level", "decided", "line", "ranking"}));
}

TEST(ReportJson, ScoresWithItems) {
    const auto j = parse(render_json_one(won_game()));
    ASSERT_TRUE(j["scores"].is_array());
    ASSERT_EQ(j["scores"].size(), 2u);
    const auto& u = j["scores"][0];
    EXPECT_EQ(keys(u), (std::vector<std::string>{"side", "total", "items"}));
    EXPECT_EQ(u["side"], "Union");
    EXPECT_EQ(u["total"], 12);
    ASSERT_EQ(u["items"].size(), 2u);
    EXPECT_EQ(keys(u["items"][0]), (std::vector<std::string>{"rule", "points", "what"}));
    EXPECT_EQ(u["items"][0]["rule"], "17.11");
    EXPECT_EQ(u["items"][0]["points"], 10);
    EXPECT_EQ(u["items"][0]["what"], "10 Confederate SP eliminated x1");
    EXPECT_EQ(j["scores"][1]["side"], "Confederate");

    const auto s = parse(render_json_one(stopped_game()));
    ASSERT_TRUE(s["scores"][0]["items"].is_array());
    EXPECT_TRUE(s["scores"][0]["items"].empty());
}

TEST(ReportJson, LargeAndNegativePointsStayInt64Integers) {
    Report r = won_game();
    r.scores = {{"Union", -5'000'000'000LL, {{"X1", -5'000'000'000LL, "big loss"}}}};
    const std::string s = render_json_one(r);
    EXPECT_NE(s.find("\"total\": -5000000000"), std::string::npos) << s;
    const auto j = parse(s);
    EXPECT_TRUE(j["scores"][0]["total"].is_number_integer());
    EXPECT_EQ(j["scores"][0]["total"].get<std::int64_t>(), -5'000'000'000LL);
    EXPECT_EQ(j["scores"][0]["items"][0]["points"].get<std::int64_t>(), -5'000'000'000LL);
    EXPECT_NE(s.find("\"points\": -5000000000,"), std::string::npos) << s;
}

TEST(ReportJson, Violations) {
    Report r = won_game();
    r.violations = {viol("path-gap", false, 10, 0, "6.1", "1510 and 1712 are not adjacent"),
                    viol("syntax", true, 12, 7, "", "expected a location")};
    const auto j = parse(render_json_one(r));
    ASSERT_EQ(j["violations"].size(), 2u);
    const auto& a = j["violations"][0];
    EXPECT_EQ(keys(a), (std::vector<std::string>{"code", "severity", "line", "rule", "message"}));
    EXPECT_EQ(a["code"], "path-gap");
    EXPECT_EQ(a["severity"], "warning");
    EXPECT_EQ(a["line"], 10);
    EXPECT_EQ(a["rule"], "6.1");
    EXPECT_EQ(a["message"], "1510 and 1712 are not adjacent");
    EXPECT_FALSE(a.contains("column"));
    const auto& b = j["violations"][1];
    EXPECT_EQ(keys(b), (std::vector<std::string>{"code", "severity", "line", "column", "rule", "message"}));
    EXPECT_EQ(b["severity"], "error");
    EXPECT_EQ(b["column"], 7);
    EXPECT_TRUE(b["rule"].is_null());
}

TEST(ReportJson, ClaimsAndRulings) {
    const auto j = parse(render_json_one(won_game()));
    ASSERT_EQ(j["claims"].size(), 1u);
    const auto& c = j["claims"][0];
    EXPECT_EQ(keys(c), (std::vector<std::string>{"claim", "stated", "computed", "agrees"}));
    EXPECT_EQ(c["claim"], "winner");
    EXPECT_EQ(c["stated"], "Union");
    EXPECT_EQ(c["computed"], "Confederate");
    EXPECT_TRUE(c["agrees"].is_boolean());
    EXPECT_EQ(c["agrees"], false);
    EXPECT_EQ(j["rulings"], ordered_json({"M1: automatic victory tested after game-turn 5"}));

    const auto s = parse(render_json_one(stopped_game()));
    EXPECT_TRUE(s["claims"].is_array() && s["claims"].empty());
    EXPECT_TRUE(s["rulings"].is_array() && s["rulings"].empty());
}

TEST(ReportJson, NotJudgedHasNoVerdictAndNullScenario) {
    const auto j = parse(render_json_one(syntax_errors()));
    EXPECT_TRUE(j["scenario"].is_null());
    EXPECT_EQ(j["complete"], false);
    EXPECT_TRUE(j["result"]["winner"].is_null());
    EXPECT_TRUE(j["scores"].is_array() && j["scores"].empty());
    EXPECT_EQ(j["violations"].size(), 3u);
}

TEST(ReportJson, InvalidUtf8InAMessageDoesNotThrow) {
    Report r = syntax_errors();
    r.violations[0].message = "bad byte \xff here";
    std::string s;
    ASSERT_NO_THROW(s = render_json_one(r));
    const auto j = parse(s);
    EXPECT_EQ(j["violations"][0]["message"], "bad byte \xEF\xBF\xBD here");
}

TEST(ReportJson, StringsAreEscaped) {
    Report r = won_game();
    r.file = "games/\"quoted\"\\name.log";
    const auto j = parse(render_json_one(r));
    EXPECT_EQ(j["file"], "games/\"quoted\"\\name.log");
}

// ---- text -------------------------------------------------------------------------------------

TEST(ReportText, WholeReportOfAWin) {
    EXPECT_EQ(render_text(won_game()),
              "games/a.log: Confederate wins (automatic), end of game-turn 5 [line 88]\n"
              "  Union 12\n"
              "    17.11  +10  10 Confederate SP eliminated x1\n"
              "    17.2    +2  holds 1512\n"
              "  Confederate 34\n"
              "    17.3    +4  starting points\n"
              "    17.11  +30  15 Union SP eliminated x2\n"
              "games/a.log:60: error: exit-unit-type: Iverson (infantry) exits at 2412 [14.4]\n"
              "claim winner: stated Union, computed Confederate \u2014 disagrees\n"
              "rulings:\n"
              "  M1: automatic victory tested after game-turn 5\n");
}

TEST(ReportText, SingleScoreItemLine) {
    Report r = won_game();
    r.scores = {{"Union", 10, {{"17.11", 10, "10 Confederate SP eliminated x1"}}}};
    const auto l = lines(render_text(r));
    ASSERT_GE(l.size(), 3u);
    EXPECT_EQ(l[1], "  Union 10");
    EXPECT_EQ(l[2], "    17.11  +10  10 Confederate SP eliminated x1");
}

TEST(ReportText, NegativeAndZeroPoints) {
    Report r = won_game();
    r.scores = {{"Union", -3, {{"17.5", -3, "penalty"}, {"17.6", 0, "nothing"}}}};
    const auto l = lines(render_text(r));
    ASSERT_GE(l.size(), 4u);
    EXPECT_EQ(l[1], "  Union -3");
    EXPECT_EQ(l[2], "    17.5  -3  penalty");
    EXPECT_EQ(l[3], "    17.6  +0  nothing");
}

TEST(ReportText, ResultLineOfADraw) {
    Report r = won_game();
    r.file = "games/d.log";
    r.result.winner = "draw";
    r.result.level.reset();
    r.result.decided = "end of game-turn 11";
    r.result.line = 412;
    EXPECT_EQ(lines(render_text(r)).at(0), "games/d.log: draw, end of game-turn 11 [line 412]");
}

TEST(ReportText, ResultLineOfAWinWithoutLevelOrLine) {
    Report r = won_game();
    r.result.level.reset();
    r.result.line.reset();
    r.result.winner = "Union";
    EXPECT_EQ(lines(render_text(r)).at(0), "games/a.log: Union wins, end of game-turn 5");
}

TEST(ReportText, ResultLineOfAnIncompleteGame) {
    const auto l = lines(render_text(stopped_game()));
    ASSERT_EQ(l.size(), 4u);
    EXPECT_EQ(l[0], "games/b.log: no result (incomplete): Union ahead at game-turn 7, Union movement [line 130]");
    EXPECT_EQ(l[1], "  Union 5");
    EXPECT_EQ(l[2], "  Confederate 4");
    EXPECT_EQ(l[3], "games/b.log:130: warning: incomplete: the record stops at game-turn 7 of 8");
}

TEST(ReportText, ResultLineOfAnIncompleteGameEvenBeforeAnyPhase) {
    Report r = stopped_game();
    r.result.provisional = Provisional{"even", 3, "", 40, std::nullopt};
    EXPECT_EQ(lines(render_text(r)).at(0), "games/b.log: no result (incomplete): even at game-turn 3 [line 40]");
    r.result.provisional = Provisional{"even", 0, "", 0, std::nullopt};
    EXPECT_EQ(lines(render_text(r)).at(0), "games/b.log: no result (incomplete): even before the first game-turn");
    r.result.provisional.reset();
    EXPECT_EQ(lines(render_text(r)).at(0), "games/b.log: no result (incomplete)");
}

TEST(ReportText, ResultLineOfSyntaxErrors) {
    const auto l = lines(render_text(syntax_errors()));
    ASSERT_EQ(l.size(), 4u);
    EXPECT_EQ(l[0], "games/c.log: not judged: 3 syntax errors");
    Report one = syntax_errors();
    one.violations.resize(1);
    EXPECT_EQ(lines(render_text(one)).at(0), "games/c.log: not judged: 1 syntax error");
}

TEST(ReportText, ResultLineOfAnInputThatCouldNotBeRead) {
    Report r;
    r.file = "missing.log";
    r.violations = {viol("unreadable", true, 0, 0, "", "cannot open missing.log: No such file or directory")};
    const auto l = lines(render_text(r));
    ASSERT_EQ(l.size(), 2u);
    EXPECT_EQ(l[0], "missing.log: not judged: unreadable");   // the message is said once, below
    EXPECT_EQ(l[1], "missing.log: error: unreadable: cannot open missing.log: No such file or directory");
}

TEST(ReportText, NotJudgedWinsOverAnyVerdict) {
    Report r = won_game();
    r.judged = false;
    r.violations = {viol("syntax", true, 2, 0, "", "bad")};
    EXPECT_EQ(lines(render_text(r)).at(0), "games/a.log: not judged: 1 syntax error");
}

TEST(ReportText, ViolationLineFormats) {
    Report r = won_game();
    r.scores.clear();
    r.claims.clear();
    r.rulings.clear();
    r.violations = {viol("syntax", true, 3, 5, "", "expected a unit id"),
                    viol("zoc", true, 4, 0, "6.2", "Kershaw moves on after entering a zone of control"),
                    viol("path-gap", false, 5, 9, "5.1", "1510 and 1712 are not adjacent"),
                    viol("turn-limit", true, 6, 0, "", "game-turn 9 after the last")};
    const auto l = lines(render_text(r));
    ASSERT_EQ(l.size(), 5u);
    EXPECT_EQ(l[1], "games/a.log:3:5: error: syntax: expected a unit id");
    EXPECT_EQ(l[2], "games/a.log:4: error: zoc: Kershaw moves on after entering a zone of control [6.2]");
    EXPECT_EQ(l[3], "games/a.log:5:9: warning: path-gap: 1510 and 1712 are not adjacent [5.1]");
    EXPECT_EQ(l[4], "games/a.log:6: error: turn-limit: game-turn 9 after the last");
}

TEST(ReportText, ViolationsInLineOrder) {
    Report r = won_game();
    r.scores.clear();
    r.claims.clear();
    r.rulings.clear();
    r.violations = {viol("c", true, 30, 0, "", "third"), viol("a", true, 5, 2, "", "first-b"),
                    viol("b", false, 12, 0, "", "second"), viol("a", true, 5, 1, "", "first-a"),
                    viol("d", true, 30, 0, "", "fourth")};
    const auto l = lines(render_text(r));
    ASSERT_EQ(l.size(), 6u);
    EXPECT_EQ(l[1], "games/a.log:5:1: error: a: first-a");
    EXPECT_EQ(l[2], "games/a.log:5:2: error: a: first-b");
    EXPECT_EQ(l[3], "games/a.log:12: warning: b: second");
    EXPECT_EQ(l[4], "games/a.log:30: error: c: third");  // equal lines keep their order
    EXPECT_EQ(l[5], "games/a.log:30: error: d: fourth");
}

TEST(ReportText, ClaimsAgreeingAndNot) {
    Report r = won_game();
    r.violations.clear();
    r.rulings.clear();
    r.scores.clear();
    r.claims = {{"winner", "Confederate", "Confederate", true, 90, std::nullopt}, {"score Union", "14", "12", false, 91, std::nullopt}};
    const auto l = lines(render_text(r));
    ASSERT_EQ(l.size(), 3u);
    EXPECT_EQ(l[1], "claim winner: stated Confederate, computed Confederate \u2014 agrees");
    EXPECT_EQ(l[2], "claim score Union: stated 14, computed 12 \u2014 disagrees");
}

TEST(ReportText, RankingLineForMultiFactionGames) {
    Report r = won_game();
    r.result.winner = "French";
    r.result.level.reset();
    r.result.ranking = {"French", "British", "Spanish"};
    r.scores.clear();
    const auto l = lines(render_text(r));
    ASSERT_GE(l.size(), 2u);
    EXPECT_EQ(l[0], "games/a.log: French wins, end of game-turn 5 [line 88]");
    EXPECT_EQ(l[1], "  ranking: French, British, Spanish");
}

TEST(ReportText, NoRulingsSectionWhenThereAreNone) {
    Report r = stopped_game();
    EXPECT_EQ(render_text(r).find("rulings:"), std::string::npos);
    r.rulings = {"a", "b"};
    const auto l = lines(render_text(r));
    ASSERT_EQ(l.size(), 7u);
    EXPECT_EQ(l[4], "rulings:");
    EXPECT_EQ(l[5], "  a");
    EXPECT_EQ(l[6], "  b");
}

TEST(ReportText, EndsWithNewlineAndIsDeterministic) {
    const std::string a = render_text(won_game());
    ASSERT_FALSE(a.empty());
    EXPECT_EQ(a.back(), '\n');
    EXPECT_NE(a.substr(a.size() - 2), "\n\n");
    EXPECT_EQ(a, render_text(won_game()));
}

// A VASSAL game's report (places_are_steps): steps in place of lines, step 0 a place, none no place.
TEST(ReportSteps, TextAndJsonGiveStepsInPlaceOfLines) {
    Report r = won_game();  // its places, as lines of a converted VASSAL game
    r.file = "game.vlog";
    r.places_are_steps = true;
    r.result.step = 17;
    r.violations = {Violation{"wrong-phase", true, 12, 3, "G2", "moved in combat", 4u},
                    Violation{"module-version", false, 0, 0, "", "version 0.9", 0u},
                    Violation{"vassal-unread", false, 0, 0, "", "nowhere", std::nullopt}};
    r.claims = {Claim{"winner", "Union", "Confederate", false, 30, 9u}};
    const std::string text = render_text(r);
    EXPECT_NE(text.find("game.vlog: Confederate wins (automatic), end of game-turn 5 [step 17]\n"), std::string::npos) << text;
    EXPECT_NE(text.find("game.vlog:step 0: warning: module-version: version 0.9\n"), std::string::npos) << text;
    EXPECT_NE(text.find("game.vlog:step 4: error: wrong-phase: moved in combat [G2]\n"), std::string::npos) << text;
    EXPECT_NE(text.find("game.vlog: warning: vassal-unread: nowhere\n"), std::string::npos) << text;
    EXPECT_EQ(text.find("line"), std::string::npos) << text;
    const std::string json = render_json_one(r);
    EXPECT_NE(json.find("\"step\": 17"), std::string::npos) << json;
    EXPECT_NE(json.find("\"severity\": \"error\",\n      \"step\": 4,"), std::string::npos) << json;
    EXPECT_NE(json.find("\"step\": null"), std::string::npos) << json;
    EXPECT_NE(json.find("\"agrees\": false,\n      \"step\": 9"), std::string::npos) << json;
    EXPECT_EQ(json.find("\"line\""), std::string::npos) << json;
    EXPECT_EQ(json.find("\"column\""), std::string::npos) << json;
}

}  // namespace
}  // namespace referee
