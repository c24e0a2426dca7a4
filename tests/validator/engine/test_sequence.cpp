// What the engine applies itself (validator/engine/engine.cpp, clock.cpp, binder.cpp, intake.cpp),
// through the whole pipeline (check_text): the header records and their order (the game record
// first; a header record after turn 1 is header-order and not applied; the scenario's or the
// game's units set up, Cemetery Hill 14.2); the names of phase records; turn order and the turn
// limit (Road to Richmond 14.21, 14.22 with night turns; Cemetery Hill 14.1 and C1); records after
// the end (G3); phases and player-turns (G2), sides from the game and alternating turns (G6, victory
// banners); concessions; incomplete games and the last player-turn (G5); parameters (bad values,
// first-player); objective and target records in a game without banners.
#include "replay_support.hpp"
#include "scenario_support.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

using namespace referee;
using namespace referee::testing_support;

// --- header records ------------------------------------------------------------------------------

TEST(Violations, HeaderOrder) {
    const Report r = check(kHeader + "turn 1\nunit U9 Union infantry 3 at 0301\nmove U9 0301 0302\n");
    EXPECT_TRUE(has(r, "header-order", 10));
    EXPECT_TRUE(has(r, "unknown-unit", 11));  // not applied
}

TEST(Violations, GameRecordMustBeFirst) {
    const Report r = check("tag event test\n" + kHeader + turns(1, 2));
    EXPECT_TRUE(has(r, "header-order", 2));
}

TEST(RoadToRichmond, BuiltInOrderOfBattleHasTheUnion19AndTheTwoRoles) {
    // setup standard: 1/2/IV stands at 1726; the Train and the Wagon are off the map.
    const Report r = check("game road-to-richmond\nturn 1\nphase Confederate movement\nphase Union movement\n"
                           "move 1/2/IV 1726 1725\nenter Train 2426\nmove S 0410 0411\nend\n");
    EXPECT_EQ(count_code(r, "unknown-unit"), 0) << dump(r);
    EXPECT_EQ(count_code(r, "not-on-map"), 0) << dump(r);
    EXPECT_EQ(count_code(r, "path-start"), 0) << dump(r);
}

TEST(CemeteryHill, Rule_14_2_UnitsSetUpByTheGameStandWhereDeclared) {
    // The built-in scenario has no set-up (it is printed on the map): the game's unit records are it.
    const Report r = check("game cemetery-hill\nunit A Union infantry 3 at 1010\nturn 1\nturn 2\nphase Union movement\nmove A 1010 1011\n"
                           "move B 1010 1011\n");
    EXPECT_EQ(count_code(r, "path-start"), 0);
    EXPECT_TRUE(has(r, "unknown-unit", 7)) << dump(r);
}

TEST(Banners, ObjectiveRecordsHaveNoMeaningInAPointsGame) {
    const Report r = check_text("game maryes-heights\nobjective temporary Union 1113\ntarget Union 3\nturn 1\n", "t.log", {});
    EXPECT_TRUE(has(r, "not-in-scenario", 2)) << dump(r);
    EXPECT_TRUE(has(r, "not-in-scenario", 3)) << dump(r);
}

// --- turns and phases (G2) -----------------------------------------------------------------------

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

TEST(RoadToRichmond, Rule_14_21_ConfederatesMoveFirst) {
    const Report r = check("game road-to-richmond\nturn 1\nphase Union movement\nphase Confederate movement\n");
    EXPECT_TRUE(has(r, "turn-order", 4)) << dump(r);
}

TEST(RoadToRichmond, Rule_14_22_TwentyTurnsWithNightTurns5And13) {
    std::string log = "game road-to-richmond\n";
    for (int t = 1; t <= 5; ++t) log += "turn " + std::to_string(t) + "\n";
    const Report r = check(log);
    ASSERT_FALSE(r.complete);
    bool night = false;
    for (const auto& v : r.violations)
        if (v.code == "incomplete") night = v.message.find("game-turn 5 (night)") != std::string::npos;
    EXPECT_TRUE(night) << dump(r);
    std::string all = "game road-to-richmond\n";
    for (int t = 1; t <= 21; ++t) all += "turn " + std::to_string(t) + "\n";
    EXPECT_TRUE(has(check(all), "turn-limit", 22));
}

TEST(CemeteryHill, Rule_14_1_C1_NoUnionPlayerTurnOnTurnOne) {
    const Report r = check("game cemetery-hill\nturn 1\nphase Union movement\n");
    EXPECT_TRUE(has(r, "turn-order", 3)) << dump(r);
    const Report ok = check("game cemetery-hill\nturn 1\nphase Confederate movement\nturn 2\nphase Union movement\n");
    EXPECT_EQ(count_code(ok, "turn-order"), 0) << dump(ok);
}

TEST(CemeteryHill, Rule_14_1_FifteenTurns) {
    const Report r = check(ch_game("", nothing, nothing));
    EXPECT_TRUE(r.complete) << dump(r);
    EXPECT_EQ(r.result.decided, std::optional<std::string>("end of game-turn 15"));
}

// --- sides from the game, alternating turns (G6) -------------------------------------------------

TEST(Banners, SidesComeFromTheGameInTheirOrder) {
    Game g = base({"target French 9"});
    g.add("turn 1");
    g.add("phase French movement");
    const Report r = check(g);
    ASSERT_TRUE(r.judged) << dump(r);
    ASSERT_EQ(r.scores.size(), 2u);
    EXPECT_EQ(r.scores[0].side, "French");
    EXPECT_EQ(r.scores[1].side, "British");
    EXPECT_TRUE(r.has_banners);
}

TEST(Banners, AGameWithoutTwoSideRecordsCannotBeJudged) {
    const Report none = check_text("game cnc-napoleonics\nturn 1\n", "t.log", {});
    EXPECT_FALSE(none.judged);
    EXPECT_EQ(none.exit_status(), 2);
    EXPECT_TRUE(has(none, "side-declaration", 1)) << dump(none);

    const Report three = check_text("game cnc-napoleonics\nside French\nside British\nside Prussian\nturn 1\n", "t.log", {});
    EXPECT_EQ(three.exit_status(), 2);
    EXPECT_TRUE(has(three, "side-declaration", 4)) << dump(three);

    const Report twice = check_text("game cnc-napoleonics\nside French\nside french\nturn 1\n", "t.log", {});
    EXPECT_EQ(twice.exit_status(), 2);
    EXPECT_TRUE(has(twice, "side-declaration", 3)) << dump(twice);

    const Report reserved = check_text("game cnc-napoleonics\nside French\nside any\nturn 1\n", "t.log", {});
    EXPECT_EQ(reserved.exit_status(), 2);
    EXPECT_TRUE(has(reserved, "side-declaration", 3)) << dump(reserved);
}

TEST(Banners, TheFirstPhaseRecordsSideMovesFirstAndTheSidesAlternate) {
    Game g = base({"target French 9", "target British 9"});
    g.add("turn 1");
    g.add("phase British command");  // British move first in this game
    g.add("move B1 0706 0705");
    g.add("turn 2");
    const std::uint32_t wrong = g.add("phase British movement");  // turn 2 is the French turn
    g.add("turn 3");
    g.add("phase British movement");
    g.add("move B1 0705 0605");
    const Report r = check(g);
    EXPECT_TRUE(has(r, "turn-order", wrong)) << dump(r);
    EXPECT_EQ(count_code(r, "turn-order"), 1) << dump(r);
    EXPECT_EQ(count_code(r, "not-phasing"), 0) << dump(r);
    EXPECT_EQ(count_code(r, "wrong-phase"), 1) << dump(r);  // turn 1's move came in the command phase
}

TEST(Banners, NoTurnLimit) {
    Game g = base({"target French 9"});
    for (int t = 1; t <= 40; ++t) g.add("turn " + std::to_string(t));
    const Report r = check(g);
    EXPECT_EQ(count_code(r, "turn-limit"), 0) << dump(r);
    EXPECT_FALSE(r.complete);  // nobody reached a target: the log stops before the game is over
    EXPECT_EQ(count_code(r, "incomplete"), 1);
}

TEST(Banners, PhasesComeInTheOrderCommandOrderMovementCombatDraw) {
    Game g = base({"target French 9"});
    g.add("turn 1");
    g.add("phase French command");
    g.add("phase French order");
    g.add("phase French movement");
    g.add("phase French combat");
    g.add("phase French draw");
    g.add("turn 2");
    g.add("phase British combat");
    const std::uint32_t back = g.add("phase British movement");
    const Report r = check(g);
    EXPECT_TRUE(has(r, "turn-order", back)) << dump(r);
    EXPECT_EQ(count_code(r, "turn-order"), 1) << dump(r);
}

// --- the end of the game (G3, G5) and concessions ------------------------------------------------

TEST(Violations, AfterEnd) {
    const Report r = check(kHeader + "turn 1\nend\nphase Union movement\nmove U1 0506 0507\nchat A hi\ntag round 2\nroll 2d6 3 4\nend\n");
    EXPECT_TRUE(has(r, "after-end", 11));
    EXPECT_TRUE(has(r, "after-end", 12));
    EXPECT_EQ(count_code(r, "after-end"), 2);
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

TEST(EndOfGame, ConcessionEndsTheGame) {
    const Report r = check(kHeader + "turn 1\nconcede Union\nturn 2\n");
    EXPECT_EQ(r.result.winner.value_or(""), "Confederate");
    EXPECT_EQ(r.result.level.value_or(""), "concession");
    EXPECT_TRUE(has(r, "after-end", 11));
}

TEST(EndOfGame, AConcessionInTurnFiveIsNotAnAutomaticVictory) {
    // The Confederates are 6 to 0 up but concede during game-turn 5: the Union wins by concession;
    // the automatic test (after the last record of turn 5) is never reached.
    const Report r = check(kHeader + "turn 1\nphase Confederate combat\neliminate U1\n" + turns(2, 5) + "concede Confederate\n");
    EXPECT_EQ(r.result.winner.value_or(""), "Union");
    EXPECT_EQ(r.result.level.value_or(""), "concession");
    EXPECT_EQ(r.result.line.value_or(0), 16u);
}

// --- parameters ----------------------------------------------------------------------------------

TEST(Violations, BadParameterValueIsNotJudged) {
    CheckOptions o;
    o.params = {{"exit-vp", "lots"}};
    const Report r = check(kHeader + turns(1, 2), o);
    EXPECT_EQ(r.exit_status(), 2);
    const Report r2 = check(kHeader + "param exit-vp lots\n" + turns(1, 2));
    EXPECT_EQ(r2.exit_status(), 2);
    EXPECT_TRUE(has(r2, "bad-value", 9));
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

TEST(FirstPlayer, TheSidesSwapAroundAJointPhaseAndKeepTheirSteps) {
    // kFirstPlayer: the default first player leaves the sequence as written, the other side takes
    // the first player's steps (scenario-format.md).
    const std::string path = ::testing::TempDir() + "first-player.xml";
    {
        std::FILE* f = std::fopen(path.c_str(), "w");
        ASSERT_NE(f, nullptr);
        std::fputs(kFirstPlayer, f);
        std::fclose(f);
    }
    // A game names its scenario file in a --scenario-path folder (or its own): not by an absolute path.
    CheckOptions here;
    here.scenario_path = {::testing::TempDir()};
    const std::string log = "game first-player.xml\nturn 1\nphase supply\nphase North movement\nturn 2\nphase supply\nphase North movement\nphase South movement\n";
    const Report r = check(log, here);
    EXPECT_EQ(count_code(r, "turn-order"), 0) << dump(r);
    CheckOptions south = here;
    south.params = {{"first-player", "South"}};
    EXPECT_TRUE(has(check(log, south), "turn-order", 4));  // turn 1 is South's alone
    const Report swapped = check("game first-player.xml\nturn 1\nphase supply\nphase South movement\nturn 2\nphase supply\nphase South movement\n"
                                 "phase North movement\n", south);
    EXPECT_EQ(count_code(swapped, "turn-order"), 0) << dump(swapped);
}

TEST(FirstPlayer, ABadValueInAParamRecordIsReportedAtItsLine) {
    const Report r = check(kHeader + "param first-player French\n" + turns(1, 2));
    EXPECT_EQ(r.exit_status(), 2);
    EXPECT_TRUE(has(r, "bad-value", 9)) << dump(r);
    EXPECT_EQ(find(r, "bad-value")->rule, "docs/move-log.md#header-records");
}
