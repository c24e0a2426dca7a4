// The points mechanism (validator/mechanisms/points.cpp): the scenarios' <points>. Marye's Heights
// 17.11-17.13 and 17.3 (starting points; exit-vp and occupation-vp unset: not scored, and said, M2);
// Road to Richmond 21.11 items 1-2 and 21.12 items 1-6 (R1: the Train and the Supply Wagon; 21.12
// at the end only; the 21.21 line of communications as a condition: without road data not scored,
// a cut line explained); Cemetery Hill 14.51 and 14.52 for eliminations. The traces themselves are
// in test_traces.cpp, the exit race (14.53) in test_exit_race.cpp.
#include "replay_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>

using namespace referee;
using namespace referee::testing_support;

// --- Marye's Heights (17.11-17.13, M2) -----------------------------------------------------------

TEST(Holding, InitialHoldingsScoreAtTheEnd) {
    CheckOptions o;
    o.params = {{"occupation-vp", "2"}};
    const Report r = check(kHeader + turns(1, 11) + "end\n", o);
    // Confederates: 1113, 1711, 2401 at the start (17.2) -> 6 points + 4 starting points.
    EXPECT_EQ(total(r, "Confederate"), 4 + 3 * 2);
    // Union: 0206, 0511, 1504.
    EXPECT_EQ(total(r, "Union"), 3 * 2);
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

// --- Road to Richmond (21.11, 21.12, R1) ---------------------------------------------------------

TEST(RoadToRichmond, Rule_21_11_Item1_OnePointPerEnemyCombatSP) {
    const Report r = check(rtr("unit U Union infantry 5 at 1010\nunit C Confederate infantry 3 at 1212\n" + kTrain, "", "",
                               "phase Union combat\neliminate C\nlose U 2\n"));
    EXPECT_EQ(item(r, "Union", "21.11 item 1"), 3) << dump(r);
    EXPECT_EQ(item(r, "Confederate", "21.11 item 1"), 2) << dump(r);
}

TEST(RoadToRichmond, Rule_21_11_Item2_SupplyWagonEliminated_R1) {
    const std::string units = "unit W Union wagon 0 at 1010 role supply-wagon\nunit C Confederate infantry 3 at 1212\n" + kTrain;
    const Report r = check(rtr(units, "", "", "phase Union combat\neliminate W\n"));
    EXPECT_EQ(item(r, "Confederate", "21.11 item 2"), 10) << dump(r);
    EXPECT_EQ(item(r, "Confederate", "21.11 item 1"), 0) << "R1: no combat strength, only the bonus";
    const Report alive = check(rtr(units, "", ""));
    EXPECT_EQ(item(alive, "Confederate", "21.11 item 2"), 0);
}

TEST(RoadToRichmond, Rule_21_12_Item1_UnionUnitsExitedAt1528CountPerUnit) {
    const Report r = check(rtr("unit A Union infantry 5 at 1528\nunit B Union infantry 2 at 1528\n" + kTrain, "",
                               "exit A 1528\nexit B 1528\n"));
    EXPECT_EQ(item(r, "Union", "21.12 item 1"), 2) << dump(r);
}

TEST(RoadToRichmond, Rule_21_12_ExitPointsAreEndOfGameOnly) {
    const Report r = check("game road-to-richmond\nsetup custom\nunit A Union infantry 5 at 1528\n" + kTrain +
                           "turn 1\nphase Confederate movement\nphase Union movement\nexit A 1528\n");
    ASSERT_FALSE(r.complete);
    EXPECT_EQ(item(r, "Union", "21.12 item 1"), 0) << "provisional standing leaves end-of-game items out";
}

TEST(RoadToRichmond, Rule_21_12_Item2_And_Item3_TrainExitedAndLineOfCommunications) {
    const std::string units = "unit X Union infantry 5 at 0117\n" + kTrain;
    const std::string uni = "enter Train 1528\nexit Train 1528\nexit X 0117\n";
    const Report r = check(rtr(units, "", uni), kRtrTest);
    EXPECT_EQ(item(r, "Union", "21.12 item 2"), 5) << dump(r);
    EXPECT_EQ(item(r, "Union", "21.12 item 3"), 5) << dump(r);
    EXPECT_EQ(item(r, "Union", "21.12 item 1"), 1) << "the Train is a Union unit exited at 1528";
    EXPECT_EQ(total(r, "Union"), 11);
    EXPECT_EQ(r.result.winner, std::optional<std::string>("Union"));
}

TEST(RoadToRichmond, Rule_21_21_WithoutRoadDataTheLineIsNotScoredAndTheReportSaysSo) {
    const Report r = check(rtr("unit X Union infantry 5 at 0117\n" + kTrain, "", "enter Train 1528\nexit Train 1528\nexit X 0117\n"));
    EXPECT_EQ(item(r, "Union", "21.12 item 2"), 0) << dump(r);
    EXPECT_TRUE(ruling_mentions(r, "21.12 item 2")) << dump(r);
    EXPECT_TRUE(ruling_mentions(r, "no road data")) << dump(r);
}

TEST(RoadToRichmond, Rule_21_12_Item4_ConfederateExitsWithTrainExitedAndConfederateLine) {
    const std::string units = "unit C Confederate infantry 4 at 1528\n" + kTrain;
    const Report r = check(rtr(units, "exit C 1528\n", "enter Train 1528\nexit Train 1528\n"), kRtrTest);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 4"), 8) << dump(r);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 5"), 0);
    // A Union unit on the River Road south of the junction cuts the Confederate line.
    const Report cut = check(rtr(units + "unit U Union infantry 3 at 1524\n", "exit C 1528\n", "enter Train 1528\nexit Train 1528\n"),
                             kRtrTest);
    EXPECT_EQ(item(cut, "Confederate", "21.12 item 4"), 0) << dump(cut);
}

TEST(RoadToRichmond, Rule_21_12_Item5_TrainEliminated) {
    const std::string units = "unit C Confederate infantry 4 at 1528\nunit Train Union train 0 at 1010 role train\n";
    const Report r = check(rtr(units, "exit C 1528\n", "", "phase Union combat\neliminate Train\n"), kRtrTest);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 5"), 4) << dump(r);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 6"), 0) << "it did enter the map";
    EXPECT_EQ(item(r, "Confederate", "21.12 item 4"), 0);
}

TEST(RoadToRichmond, Rule_21_12_Item5_And_Item6_TrainNeverEntered) {
    const Report r = check(rtr("unit C Confederate infantry 4 at 1528\n" + kTrain, "exit C 1528\n", ""), kRtrTest);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 5"), 4) << dump(r);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 6"), 20) << dump(r);
}

TEST(RoadToRichmond, Rule_21_12_Item6_NotWhenTheTrainExitedAt1528) {
    const Report r = check(rtr(kTrain, "", "enter Train 1528\nexit Train 1528\n"), kRtrTest);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 6"), 0) << dump(r);
    EXPECT_EQ(item(r, "Union", "21.12 item 3"), 5) << dump(r);
}

TEST(RoadToRichmond, Rule_21_12_TrainExitedElsewhereIsNeitherExitedAt1528NorNeverEntered) {
    const Report r = check(rtr("unit C Confederate infantry 4 at 1528\n" + kTrain, "exit C 1528\n", "enter Train 0117\nexit Train 0117\n"),
                           kRtrTest);
    EXPECT_EQ(item(r, "Union", "21.12 item 3"), 0) << dump(r);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 4"), 0);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 5"), 0);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 6"), 0);
}

TEST(RoadToRichmond, Rule_R1_NoTrainInTheGameCountsAsNeverEntered) {
    const Report r = check(rtr("unit C Confederate infantry 4 at 1528\n", "exit C 1528\n", ""), kRtrTest);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 6"), 20) << dump(r);
    EXPECT_TRUE(ruling_mentions(r, "no unit has role train")) << dump(r);
}

TEST(RoadToRichmond, Rule_21_21_ACutLineIsExplained) {
    const Report r = check(rtr("unit X Union infantry 5 at 0117\nunit C Confederate infantry 1 at 1525\n" + kTrain, "",
                               "enter Train 1528\nexit Train 1528\nexit X 0117\n"),
                           kRtrTest);
    EXPECT_TRUE(ruling_mentions(r, "21.12 item 2 (Union combat SP exited at 0117) scores nothing: 5 Union SP exited, but there is no Union "
                                   "line of communications from 0117 to 1528 (21.21)"))
        << dump(r);
}

// --- Cemetery Hill (14.51, 14.52) ----------------------------------------------------------------

TEST(CemeteryHill, Rule_14_51_And_14_52_EliminationPoints) {
    const Report r = ch_ratio(4, 5);
    EXPECT_EQ(item(r, "Confederate", "14.51"), 8) << dump(r);
    EXPECT_EQ(item(r, "Union", "14.52"), 15) << dump(r);
}
