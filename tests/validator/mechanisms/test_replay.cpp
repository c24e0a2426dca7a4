// The replay of Marye's Heights through the whole pipeline (move-log text -> report): holding,
// the automatic-victory edges, end-of-game scoring, and each generic violation code.
#include "check.hpp"
#include "report_matchers.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

using namespace referee;
using namespace referee::testing_support;

namespace {

// Lines 1-8. Units stand in hexes of the same columns, so moves along a column are adjacent
// whichever columns the map shifts.
const std::string kHeader =
    "game maryes-heights\n"                    // 1
    "setup custom\n"                           // 2
    "unit U1 Union infantry 6 at 0506\n"       // 3
    "unit U2 Union infantry 4 at 0508\n"       // 4
    "unit U3 Union cavalry 2 at 1112\n"        // 5
    "unit C1 Confederate infantry 5 at 1713\n" // 6
    "unit C2 Confederate infantry 3 at 0510\n" // 7
    "unit C3 Confederate artillery 2 at 0113\n"; // 8

Report check(const std::string& log, CheckOptions o = {}) { return check_text(log, "test.log", o); }

std::string turns(int from, int to) {
    std::string s;
    for (int t = from; t <= to; ++t) s += "turn " + std::to_string(t) + "\n";
    return s;
}

}  // namespace

// --- holding (17.2, G1) ----------------------------------------------------------------------

TEST(Holding, MovingThroughAHexTakesIt) {
    CheckOptions o;
    o.params = {{"occupation-vp", "1"}};
    // U3 passes through 1113 (held by the Confederates at the start) and ends at 1114.
    const Report r = check(kHeader + "turn 1\nphase Union movement\nmove U3 1112 1113 1114\n" + turns(2, 11) + "end\n", o);
    ASSERT_TRUE(r.judged);
    const auto& union_items = r.scores[0].items;
    const bool holds_1113 = std::any_of(union_items.begin(), union_items.end(), [](const ScoreItem& i) {
        return i.rule == "17.13" && i.what.find("1113") != std::string::npos;
    });
    EXPECT_TRUE(holds_1113);
    const auto& conf_items = r.scores[1].items;
    for (const auto& i : conf_items) {
        if (i.rule == "17.13") {
            EXPECT_EQ(i.what.find("1113"), std::string::npos) << i.what;
        }
    }
}

TEST(Holding, AnEliminatedUnitDoesNotChangeTheHolder) {
    CheckOptions o;
    o.params = {{"occupation-vp", "1"}};
    // U3 moves into 1113 and is eliminated there: the Union still holds 1113 (G1).
    const Report r = check(kHeader + "turn 1\nphase Union movement\nmove U3 1112 1113\nphase Union combat\neliminate U3\n" +
                           turns(2, 11) + "end\n", o);
    bool holds = false;
    for (const auto& i : r.scores[0].items)
        if (i.rule == "17.13" && i.what.find("1113") != std::string::npos) holds = true;
    EXPECT_TRUE(holds);
}

TEST(Holding, InitialHoldingsScoreAtTheEnd) {
    CheckOptions o;
    o.params = {{"occupation-vp", "2"}};
    const Report r = check(kHeader + turns(1, 11) + "end\n", o);
    // Confederates: 1113, 1711, 2401 at the start (17.2) -> 6 points + 4 starting points.
    EXPECT_EQ(total(r, "Confederate"), 4 + 3 * 2);
    // Union: 0206, 0511, 1504.
    EXPECT_EQ(total(r, "Union"), 3 * 2);
}

// --- automatic victory (17.0, M1) ------------------------------------------------------------

TEST(AutomaticVictory, ZeroToZeroDoesNotPass) {
    const Report r = check(kHeader + turns(1, 7));
    EXPECT_FALSE(r.result.winner.has_value());
    EXPECT_FALSE(r.complete);
    EXPECT_EQ(count_code(r, "incomplete"), 1);
    EXPECT_EQ(count_code(r, "after-end"), 0);
}

TEST(AutomaticVictory, ExactlyThreeToOnePasses) {
    // Union eliminates C2 (3 SP): Union 3. Confederates eliminate U1 (6) and 3 SP of U2: 9 = 3 x 3.
    const Report r = check(kHeader + "turn 1\nphase Union combat\neliminate C2\nphase Confederate combat\neliminate U1\nlose U2 3\n" +
                           turns(2, 5) + "turn 6\n");
    ASSERT_TRUE(r.result.winner.has_value());
    EXPECT_EQ(*r.result.winner, "Confederate");
    EXPECT_EQ(r.result.level.value_or(""), "automatic");
    EXPECT_EQ(r.result.decided.value_or(""), "end of game-turn 5");
    EXPECT_TRUE(r.complete);
}

TEST(AutomaticVictory, JustUnderThreeToOneDoesNotPass) {
    const Report r = check(kHeader + "turn 1\nphase Union combat\neliminate C2\nphase Confederate combat\neliminate U1\nlose U2 2\n" +
                           turns(2, 6));
    EXPECT_FALSE(r.result.winner.has_value());
    EXPECT_EQ(count_code(r, "after-end"), 0);
}

TEST(AutomaticVictory, UnionHoldingOneOfTheThreeHexesStopsIt) {
    const Report r = check(kHeader + "turn 1\nphase Union movement\nmove U3 1112 1113\nphase Confederate combat\neliminate U1\n" +
                           turns(2, 6));
    EXPECT_FALSE(r.result.winner.has_value());
    // The same without the move passes.
    const Report r2 = check(kHeader + "turn 1\nphase Confederate combat\neliminate U1\n" + turns(2, 6));
    EXPECT_EQ(r2.result.winner.value_or(""), "Confederate");
}

TEST(AutomaticVictory, TheStartingPointsDoNotCount) {
    // Nothing eliminated: the Confederates have their 4 starting points, but M1 counts 17.11 only.
    const Report r = check(kHeader + turns(1, 6));
    EXPECT_FALSE(r.result.winner.has_value());
    EXPECT_EQ(total(r, "Confederate"), 4);
}

TEST(AutomaticVictory, RecordsInTurnSixAreAfterTheEnd) {
    const std::string log = kHeader + "turn 1\nphase Confederate combat\neliminate U1\n" + turns(2, 5) +
                            "turn 6\nphase Union movement\nmove U2 0508 0509\nchat Bob \"good game\"\nclaim winner Confederate automatic\n";
    const Report r = check(log);
    EXPECT_EQ(r.result.winner.value_or(""), "Confederate");
    // turn 6 (line 16), phase (17) and move (18) are after-end; chat and claim are not.
    EXPECT_TRUE(has(r, "after-end", 16));
    EXPECT_TRUE(has(r, "after-end", 17));
    EXPECT_TRUE(has(r, "after-end", 18));
    EXPECT_EQ(count_code(r, "after-end"), 3);
    EXPECT_EQ(count_code(r, "claim-mismatch"), 0);
    ASSERT_EQ(r.claims.size(), 1u);
    EXPECT_TRUE(r.claims[0].agrees);
    // The decided line is the last record of game-turn 5 (its turn record here).
    EXPECT_EQ(r.result.line.value_or(0), 15u);
}

TEST(AutomaticVictory, TestedAtTheEndOfALogThatStopsInTurnFive) {
    const Report r = check(kHeader + "turn 1\nphase Confederate combat\neliminate U1\n" + turns(2, 5));
    EXPECT_EQ(r.result.winner.value_or(""), "Confederate");
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(count_code(r, "incomplete"), 0);
}

// --- end of game (17.0, M5) ------------------------------------------------------------------

TEST(EndOfGame, HigherTotalWins) {
    // The Union eliminates C1 (5): Union 5, Confederates 4.
    const Report r = check(kHeader + "turn 1\nphase Union combat\neliminate C1\n" + turns(2, 11) + "end\n");
    EXPECT_EQ(r.result.winner.value_or(""), "Union");
    EXPECT_EQ(r.result.decided.value_or(""), "end record at game-turn 11");
    EXPECT_TRUE(r.complete);
}

TEST(EndOfGame, EqualTotalsAreADraw) {
    // Union 4 (C1 loses 4), Confederates 4 (starting points).
    const Report r = check(kHeader + "turn 1\nphase Union combat\nlose C1 4\n" + turns(2, 11) + "end\n");
    EXPECT_EQ(r.result.winner.value_or(""), "draw");
}

TEST(EndOfGame, UnsetParametersAreNotScoredAndSaidSo) {
    const Report r = check(kHeader + turns(1, 11) + "end\n");
    const bool said = std::any_of(r.rulings.begin(), r.rulings.end(), [](const std::string& s) {
        return s.find("exit-vp") != std::string::npos && s.find("not set") != std::string::npos;
    });
    EXPECT_TRUE(said);
    EXPECT_EQ(r.result.winner.value_or(""), "Confederate");  // 4 to 0
}

TEST(EndOfGame, ExitPointsWithAParameter) {
    CheckOptions o;
    o.params = {{"exit-vp", "2"}};
    // C3 (2 SP) exits at 0113 in the Confederate movement phase: 2 x 2 = 4 more points.
    const Report r = check(kHeader + "turn 1\nphase Confederate movement\nexit C3 0113\n" + turns(2, 11) + "end\n", o);
    EXPECT_EQ(total(r, "Confederate"), 8);
    EXPECT_EQ(count_code(r, "exit-location"), 0);
    EXPECT_EQ(r.exit_status(), 0);
}

TEST(EndOfGame, RetreatOffTheMapIsElimination) {
    // C3 retreats off the map from 0113: eliminated (17.3, M3), 2 points to the Union.
    const Report r = check(kHeader + "turn 1\nphase Union combat\nretreat C3 0113 off\n" + turns(2, 11) + "end\n");
    EXPECT_EQ(total(r, "Union"), 2);
    EXPECT_EQ(count_code(r, "retreat-off-map"), 0);
}

TEST(EndOfGame, ConcessionEndsTheGame) {
    const Report r = check(kHeader + "turn 1\nconcede Union\nturn 2\n");
    EXPECT_EQ(r.result.winner.value_or(""), "Confederate");
    EXPECT_EQ(r.result.level.value_or(""), "concession");
    EXPECT_TRUE(has(r, "after-end", 11));
}

// --- each violation code ---------------------------------------------------------------------

TEST(Violations, UnknownNames) {
    const Report r = check(kHeader +
                           "turn 1\n"                        // 9
                           "phase Union movement\n"          // 10
                           "move Nobody 0506 0507\n"         // 11
                           "move U1 0506 9999\n"             // 12
                           "phase French movement\n"         // 13
                           "phase Union dance\n");           // 14
    EXPECT_TRUE(has(r, "unknown-unit", 11));
    EXPECT_TRUE(has(r, "unknown-location", 12));
    EXPECT_TRUE(has(r, "unknown-side", 13));
    EXPECT_TRUE(has(r, "unknown-phase", 14));
    EXPECT_EQ(r.exit_status(), 1);
}

TEST(Violations, HeaderOrder) {
    const Report r = check(kHeader + "turn 1\nunit U9 Union infantry 3 at 0301\nmove U9 0301 0302\n");
    EXPECT_TRUE(has(r, "header-order", 10));
    EXPECT_TRUE(has(r, "unknown-unit", 11));  // not applied
}

TEST(Violations, GameRecordMustBeFirst) {
    const Report r = check("tag event test\n" + kHeader + turns(1, 2));
    EXPECT_TRUE(has(r, "header-order", 2));
}

TEST(Violations, TurnOrder) {
    const Report r = check(kHeader + "turn 1\nturn 3\n");
    EXPECT_TRUE(has(r, "turn-order", 10));
    const Report r2 = check(kHeader + "turn 1\nphase Union combat\nphase Union movement\n");
    EXPECT_TRUE(has(r2, "turn-order", 11));
    const Report r3 = check(kHeader + "phase Union movement\n");
    EXPECT_TRUE(has(r3, "turn-order", 9));
    // Skipped phases are fine.
    const Report r4 = check(kHeader + "turn 1\nphase Union combat\nphase Confederate combat\n");
    EXPECT_EQ(count_code(r4, "turn-order"), 0);
}

TEST(Violations, TurnLimit) {
    const Report r = check(kHeader + turns(1, 12));
    EXPECT_TRUE(has(r, "turn-limit", 20));
    EXPECT_TRUE(r.complete);
}

TEST(Violations, AfterEnd) {
    const Report r = check(kHeader + "turn 1\nend\nphase Union movement\nmove U1 0506 0507\nchat A hi\ntag round 2\nroll 2d6 3 4\nend\n");
    EXPECT_TRUE(has(r, "after-end", 11));
    EXPECT_TRUE(has(r, "after-end", 12));
    EXPECT_EQ(count_code(r, "after-end"), 2);
}

TEST(Violations, NotPhasing) {
    const Report r = check(kHeader + "turn 1\nphase Union movement\nmove C1 1713 1714\n");
    EXPECT_TRUE(has(r, "not-phasing", 11));
}

TEST(Violations, WrongPhase) {
    const Report r = check(kHeader + "turn 1\nphase Union combat\nmove U1 0506 0507\nphase Confederate movement\nretreat C1 1713 1714\n");
    EXPECT_TRUE(has(r, "wrong-phase", 11));
    EXPECT_TRUE(has(r, "wrong-phase", 13));
}

TEST(Violations, NotOnMap) {
    const Report r = check(kHeader + "turn 1\nphase Union combat\neliminate U1\nphase Confederate movement\nmove C1 1713 1714\n"
                                     "phase Confederate combat\nretreat U1 0506 0507\n");
    EXPECT_TRUE(has(r, "not-on-map", 15));
    EXPECT_EQ(count_code(r, "not-on-map"), 1);
}

TEST(Violations, PathStart) {
    const Report r = check(kHeader + "turn 1\nphase Union movement\nmove U1 0507 0508\n");
    EXPECT_TRUE(has(r, "path-start", 11));
}

TEST(Violations, PathGapIsAWarningUnlessStrict) {
    const std::string log = kHeader + "turn 1\nphase Union movement\nmove U1 0506 0504\n";
    const Report r = check(log);
    const Violation* v = find(r, "path-gap");
    ASSERT_NE(v, nullptr);
    EXPECT_FALSE(v->error);
    EXPECT_EQ(v->line, 11u);
    EXPECT_EQ(r.exit_status(), 0);  // warnings only (path-gap, incomplete)
    CheckOptions strict;
    strict.strict = true;
    const Report rs = check(log, strict);
    ASSERT_NE(find(rs, "path-gap"), nullptr);
    EXPECT_TRUE(find(rs, "path-gap")->error);
    EXPECT_EQ(rs.exit_status(), 1);
}

TEST(Violations, EnemyOccupied) {
    // C2 stands at 0510; U2 moves 0508 0509 0510.
    const Report r = check(kHeader + "turn 1\nphase Union movement\nmove U2 0508 0509 0510\n");
    EXPECT_TRUE(has(r, "enemy-occupied", 11));
}

TEST(Violations, ExitLocationAndPhase) {
    const Report r = check(kHeader +
                           "turn 1\n"                     // 9
                           "phase Union movement\n"       // 10
                           "exit U1 0506\n"               // 11: not an exit hex
                           "phase Confederate combat\n"   // 12
                           "exit C3 0113\n");             // 13: not in movement
    EXPECT_TRUE(has(r, "exit-location", 11));
    EXPECT_TRUE(has(r, "wrong-phase", 13));
    EXPECT_EQ(find(r, "exit-location")->rule, "17.3");
}

TEST(Violations, Reentry) {
    const Report r = check(kHeader + "turn 1\nphase Confederate movement\nexit C3 0113\nturn 2\nphase Confederate movement\nenter C3 0113\n");
    EXPECT_TRUE(has(r, "reentry", 14));
}

TEST(Violations, ClaimMismatch) {
    const Report r = check(kHeader + turns(1, 11) + "claim winner Union\nclaim score Confederate 4 Union 1\nend\n");
    EXPECT_TRUE(has(r, "claim-mismatch", 20));
    EXPECT_TRUE(has(r, "claim-mismatch", 21));
    ASSERT_EQ(r.claims.size(), 3u);
    EXPECT_FALSE(r.claims[0].agrees);
    EXPECT_EQ(r.claims[0].computed, "Confederate");
    EXPECT_TRUE(r.claims[1].agrees);   // Confederate 4
    EXPECT_FALSE(r.claims[2].agrees);  // Union 1, computed 0
}

TEST(Violations, IncompleteIsAWarningWithAProvisionalStanding) {
    const Report r = check(kHeader + "turn 1\nphase Union combat\neliminate C1\n" + turns(2, 7) + "phase Union movement\n");
    EXPECT_FALSE(r.complete);
    EXPECT_FALSE(r.result.winner.has_value());
    ASSERT_TRUE(r.result.provisional.has_value());
    EXPECT_EQ(r.result.provisional->standing, "Union");  // 5 to 4
    EXPECT_EQ(r.result.provisional->turn, 7);
    EXPECT_EQ(r.result.provisional->phase, "Union movement");
    const Violation* v = find(r, "incomplete");
    ASSERT_NE(v, nullptr);
    EXPECT_FALSE(v->error);
    EXPECT_EQ(r.exit_status(), 0);
}

TEST(Violations, LastPlayerTurnReachedIsComplete) {
    const Report r = check(kHeader + turns(1, 11) + "phase Confederate movement\n");
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(r.result.winner.value_or(""), "Confederate");
    const Report r2 = check(kHeader + turns(1, 11) + "phase Union movement\n");
    EXPECT_FALSE(r2.complete);
}

TEST(Violations, UnknownScenarioIsNotJudged) {
    const Report r = check("game no-such-game\nturn 1\n");
    EXPECT_FALSE(r.judged);
    EXPECT_EQ(r.exit_status(), 2);
    ASSERT_FALSE(r.violations.empty());
    EXPECT_EQ(r.violations[0].line, 1u);
}

TEST(Violations, BadParameterValueIsNotJudged) {
    CheckOptions o;
    o.params = {{"exit-vp", "lots"}};
    const Report r = check(kHeader + turns(1, 2), o);
    EXPECT_EQ(r.exit_status(), 2);
    const Report r2 = check(kHeader + "param exit-vp lots\n" + turns(1, 2));
    EXPECT_EQ(r2.exit_status(), 2);
    EXPECT_TRUE(has(r2, "bad-value", 9));
}

TEST(Violations, SyntaxErrorsGiveNoVerdict) {
    const Report r = check(kHeader + "turn 1\nmvoe U1 0506 0507\nmove U1\nlose U1 many\n");
    EXPECT_FALSE(r.judged);
    EXPECT_EQ(r.exit_status(), 2);
    EXPECT_FALSE(r.result.winner.has_value());
    EXPECT_EQ(count_code(r, "syntax"), 3);
    EXPECT_TRUE(has(r, "syntax", 10));
    EXPECT_TRUE(has(r, "syntax", 11));
    EXPECT_TRUE(has(r, "syntax", 12));
    for (const auto& v : r.violations) EXPECT_GT(v.col, 0u);
}

TEST(Exits, AnIllegalExitTakesTheUnitOffButScoresNothing) {
    CheckOptions o;
    o.params = {{"exit-vp", "3"}};
    // C1 exits at 1713 (not an exit hex): exit-location, off the map, no 17.12 points.
    const Report r = check(kHeader + "turn 1\nphase Confederate movement\nexit C1 1713\nmove C1 1713 1714\n" + turns(2, 11) + "end\n", o);
    EXPECT_TRUE(has(r, "exit-location", 11));
    EXPECT_TRUE(has(r, "not-on-map", 12));
    EXPECT_EQ(total(r, "Confederate"), 4);
    // The same unit exiting at 0113 (legal) would score 5 x 3.
    const Report ok = check(kHeader + "turn 1\nphase Confederate movement\nmove C3 0113 0114\nmove C1 1713 1714\n" +
                            "turn 2\nphase Confederate movement\nmove C3 0114 0113\nexit C3 0113\n" + turns(3, 11) + "end\n", o);
    EXPECT_EQ(count_code(ok, "exit-location"), 0);
    EXPECT_EQ(total(ok, "Confederate"), 4 + 2 * 3);
}

TEST(Exits, ExitOnlyInTheOwnMovementPhase) {
    const Report r = check(kHeader + "turn 1\nphase Union movement\nexit C3 0113\n");
    EXPECT_TRUE(has(r, "not-phasing", 11));
    EXPECT_EQ(find(r, "not-phasing")->rule, "17.3");
}

TEST(FirstPlayer, TheParameterReordersThePlayerTurns) {
    CheckOptions o;
    o.params = {{"first-player", "Confederate"}};
    const std::string log = kHeader + "turn 1\nphase Confederate movement\nphase Union movement\n";
    EXPECT_EQ(count_code(check(log, o), "turn-order"), 0);
    EXPECT_EQ(count_code(check(log), "turn-order"), 1);
    o.params = {{"first-player", "French"}};
    EXPECT_EQ(check(log, o).exit_status(), 2);
}

// --- XML saves: the snapshot against the replay of the log (xml-save.md) ---------------------

namespace {
std::string save(const std::string& snapshot) {
    return "<referee-save format=\"1\" scenario=\"maryes-heights\">\n"     // 1
           "<setup mode=\"custom\"/>\n"                                    // 2
           "<unit id=\"U1\" side=\"Union\" type=\"infantry\" strength=\"6\" at=\"0506\"/>\n"  // 3
           "<unit id=\"C1\" side=\"Confederate\" type=\"infantry\" strength=\"5\" at=\"0508\"/>\n"  // 4
           "<log>\n"                                                       // 5
           "<turn n=\"1\"/>\n"                                             // 6
           "<phase side=\"Union\" name=\"movement\"/>\n"                   // 7
           "<move unit=\"U1\" path=\"0506 0507\"/>\n"                      // 8
           "<phase side=\"Union\" name=\"combat\"/>\n"                     // 9
           "<lose unit=\"C1\" n=\"2\"/>\n"                                 // 10
           "<track name=\"morale\" value=\"3\"/>\n"                        // 11
           "</log>\n"                                                      // 12
           "<snapshot turn=\"1\" phase=\"Union combat\">\n" +              // 13
           snapshot +                                                      // 14...
           "</snapshot>\n</referee-save>\n";
}
}  // namespace

TEST(Snapshot, AgreeingSnapshotHasNoMismatch) {
    const Report r = check(save("<unit id=\"U1\" status=\"on-map\" at=\"0507\" strength=\"6\"/>\n"
                                "<unit id=\"C1\" status=\"on-map\" at=\"0508\" strength=\"3\"/>\n"
                                "<hold loc=\"0507\" side=\"Union\"/>\n<score side=\"Union\" value=\"2\"/>\n"
                                "<track name=\"morale\" value=\"3\"/>\n"));
    ASSERT_TRUE(r.judged);
    EXPECT_EQ(count_code(r, "snapshot-mismatch"), 0);
}

TEST(Snapshot, EachDifferenceIsNamed) {
    const Report r = check(save("<unit id=\"U1\" status=\"on-map\" at=\"0508\" strength=\"6\"/>\n"   // 14: location
                                "<unit id=\"C1\" status=\"on-map\" at=\"0508\" strength=\"5\"/>\n"   // 15: strength
                                "<hold loc=\"0507\" side=\"Confederate\"/>\n"                         // 16: holding
                                "<score side=\"Union\" value=\"9\"/>\n"                               // 17: score
                                "<track name=\"morale\" value=\"4\"/>\n"                              // 18: track
                                "<unit id=\"U1\" status=\"eliminated\"/>\n"));                        // 19: status
    EXPECT_EQ(count_code(r, "snapshot-mismatch"), 6);
    for (std::uint32_t line = 14; line <= 19; ++line) EXPECT_TRUE(has(r, "snapshot-mismatch", line));
    for (const auto& v : r.violations)
        if (v.code == "snapshot-mismatch" && v.line == 15) {
            EXPECT_NE(v.message.find("strength 5"), std::string::npos) << v.message;
            EXPECT_NE(v.message.find("3"), std::string::npos) << v.message;
        }
    EXPECT_EQ(r.exit_status(), 1);
}

TEST(Snapshot, TurnAndPhaseAreCompared) {
    std::string s = save("");
    s.replace(s.find("turn=\"1\" phase=\"Union combat\""), 29, "turn=\"2\" phase=\"Union movement\"");
    const Report r = check(s);
    EXPECT_EQ(count_code(r, "snapshot-mismatch"), 2);
}

TEST(Snapshot, WithoutALogThePositionIsJudged) {
    const std::string s =
        "<referee-save format=\"1\" scenario=\"maryes-heights\">\n"
        "<setup mode=\"custom\"/>\n"
        "<unit id=\"U1\" side=\"Union\" type=\"infantry\" strength=\"6\" at=\"0506\"/>\n"
        "<unit id=\"C1\" side=\"Confederate\" type=\"infantry\" strength=\"5\" at=\"0508\"/>\n"
        "<snapshot turn=\"11\" phase=\"Confederate combat\">\n"
        "<unit id=\"C1\" status=\"eliminated\"/>\n"
        "</snapshot>\n</referee-save>\n";
    const Report r = check(s);
    ASSERT_TRUE(r.judged);
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(total(r, "Union"), 5);        // C1's 5 SP, recomputed from its status (17.11)
    EXPECT_EQ(total(r, "Confederate"), 4);  // the starting points
    EXPECT_EQ(r.result.winner.value_or(""), "Union");
    // A snapshot score replaces the computed total, and the report says so.
    std::string s2 = s;
    s2.replace(s2.find("</snapshot>"), 0, "<score side=\"Confederate\" value=\"30\"/>\n");
    const Report r2 = check(s2);
    EXPECT_EQ(total(r2, "Confederate"), 30);
    EXPECT_EQ(r2.result.winner.value_or(""), "Confederate");
    const bool said = std::any_of(r2.rulings.begin(), r2.rulings.end(),
                                  [](const std::string& x) { return x.find("snapshot") != std::string::npos && x.find("Confederate") != std::string::npos; });
    EXPECT_TRUE(said);
}

TEST(EndOfGame, AConcessionInTurnFiveIsNotAnAutomaticVictory) {
    // The Confederates are 6 to 0 up but concede during game-turn 5: the Union wins by concession;
    // the automatic test (after the last record of turn 5) is never reached.
    const Report r = check(kHeader + "turn 1\nphase Confederate combat\neliminate U1\n" + turns(2, 5) + "concede Confederate\n");
    EXPECT_EQ(r.result.winner.value_or(""), "Union");
    EXPECT_EQ(r.result.level.value_or(""), "concession");
    EXPECT_EQ(r.result.line.value_or(0), 16u);
}
