// The traces mechanism (validator/mechanisms/traces.cpp): lines of communication and traces along
// the map's roads, on the test scenarios' invented roads. Road to Richmond 21.21 (R2: a chain of
// road or trail steps with no enemy unit on it; zones of control do not cut it) and 21.22 (R3: ten
// steps to a road leaving at 1528 or 2426); Cemetery Hill 14.51 and 14.52 (C3: a trace avoiding
// enemy units and enemy zones not held by a friendly unit). Without road data: not scored, and said.
#include "replay_support.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

using namespace referee;
using namespace referee::testing_support;

// --- Road to Richmond: the line of communications (21.21, R2) ------------------------------------

TEST(RoadToRichmond, Rule_21_21_R2_LineCutByOneEnemyUnitOnTheRoad) {
    // 1525 is on the only road from the 1522 junction to 1528.
    const Report r = check(rtr("unit X Union infantry 5 at 0117\nunit C Confederate infantry 1 at 1525\n" + kTrain, "",
                               "enter Train 1528\nexit Train 1528\nexit X 0117\n"),
                           kRtrTest);
    EXPECT_EQ(item(r, "Union", "21.12 item 2"), 0) << dump(r);
    EXPECT_EQ(item(r, "Union", "21.12 item 3"), 5);
}

TEST(RoadToRichmond, Rule_21_21_R2_LineNotCutByAZoneOfControl) {
    // 1625 stands beside the road (1525 and 1526 are in its zone of control) but on no road hex.
    const Report r = check(rtr("unit X Union infantry 5 at 0117\nunit C Confederate infantry 4 at 1625\n" + kTrain, "",
                               "enter Train 1528\nexit Train 1528\nexit X 0117\n"),
                           kRtrTest);
    EXPECT_EQ(item(r, "Union", "21.12 item 2"), 5) << dump(r);
}

TEST(RoadToRichmond, Rule_21_21_R2_TrailsConnectAtJunctions) {
    // 1217 blocks the River Road; the Swamp Trail goes round it (junctions 0817 and 1522).
    const Report r = check(rtr("unit X Union infantry 5 at 0117\nunit C Confederate infantry 4 at 1217\n" + kTrain, "",
                               "enter Train 1528\nexit Train 1528\nexit X 0117\n"),
                           kRtrTest);
    EXPECT_EQ(item(r, "Union", "21.12 item 2"), 5) << dump(r);
    // Block the trail as well: no line.
    const Report cut = check(rtr("unit X Union infantry 5 at 0117\nunit C Confederate infantry 4 at 1217\n"
                                 "unit D Confederate infantry 1 at 0820\n" + kTrain, "",
                                 "enter Train 1528\nexit Train 1528\nexit X 0117\n"),
                             kRtrTest);
    EXPECT_EQ(item(cut, "Union", "21.12 item 2"), 0) << dump(cut);
}

// --- Road to Richmond: ten hexes to a road (21.22, R3) -------------------------------------------

TEST(RoadToRichmond, Rule_21_22_R3_TenHexesToARoadLeavingAt1528Or2426) {
    // 0107 is exactly ten steps from 0117 (River Road, which leaves at 1528); 0106 is eleven.
    const Report r = check(rtr("unit Near Union infantry 3 at 0107\nunit Far Union infantry 4 at 0106\n" + kTrain, "", ""), kRtrTest);
    EXPECT_EQ(item(r, "Confederate", "21.22"), 4) << dump(r);
}

TEST(RoadToRichmond, Rule_21_22_R3_ThePathMayNotEnterAConfederateUnit) {
    // A Confederate unit on 0112 makes the detour eleven steps long.
    const Report r = check(rtr("unit Near Union infantry 3 at 0107\nunit C Confederate infantry 1 at 0112\n" + kTrain, "", ""), kRtrTest);
    EXPECT_EQ(item(r, "Confederate", "21.22"), 3) << dump(r);
}

TEST(RoadToRichmond, Rule_21_22_R3_EnemyZonesOfControlDoNotBlock) {
    // A Confederate unit at 0211 controls 0111 and 0112 but blocks nothing.
    const Report r = check(rtr("unit Near Union infantry 3 at 0107\nunit C Confederate infantry 1 at 0211\n" + kTrain, "", ""), kRtrTest);
    EXPECT_EQ(item(r, "Confederate", "21.22"), 0) << dump(r);
}

TEST(RoadToRichmond, Rule_21_22_R3_OnlyWhenTheTrainNeverEntered) {
    const Report r = check(rtr("unit Far Union infantry 4 at 0106\n" + kTrain, "", "enter Train 1528\n"), kRtrTest);
    EXPECT_EQ(item(r, "Confederate", "21.22"), 0) << dump(r);
}

TEST(RoadToRichmond, Rule_21_22_R3_ReinforcementsThatNeverEnteredAreLeftOut) {
    const Report r = check(rtr("unit Late Union infantry 6 enters 3 at 2426\n" + kTrain, "", ""), kRtrTest);
    EXPECT_EQ(item(r, "Confederate", "21.22"), 0) << dump(r);
}

TEST(RoadToRichmond, Rule_21_22_WithoutRoadDataNotScoredAndSaid) {
    const Report r = check(rtr("unit Far Union infantry 4 at 0106\n" + kTrain, "", ""));
    EXPECT_EQ(item(r, "Confederate", "21.22"), 0) << dump(r);
    EXPECT_TRUE(ruling_mentions(r, "21.22")) << dump(r);
}

// --- Cemetery Hill: traces to a road off the map (14.51, 14.52, C3) ------------------------------

TEST(CemeteryHill, Rule_14_51_C3_CutOffByZonesOfControl) {
    // The Confederate unit at 0202 controls 0102 and 0201, the only neighbours of 0101.
    const Report r = check(ch_game("unit U Union infantry 3 at 0101\nunit C Confederate infantry 2 at 0202\n", nothing, nothing), kChTest);
    EXPECT_EQ(item(r, "Confederate", "14.51"), 3) << dump(r);
}

TEST(CemeteryHill, Rule_14_51_C3_AFriendlyUnitOpensAnEnemyControlledHex) {
    // The same, with a Union unit standing in 0201: the trace goes 0101-0201-0301 and on east.
    const Report r = check(ch_game("unit U Union infantry 3 at 0101\nunit F Union infantry 1 at 0201\nunit C Confederate infantry 2 at 0202\n",
                                   nothing, nothing),
                           kChTest);
    EXPECT_EQ(item(r, "Confederate", "14.51"), 0) << dump(r);
}

TEST(CemeteryHill, Rule_14_52_C3_ConfederateTraceToTheWestEdge) {
    // A Confederate unit in the south-east corner, boxed in by a Union unit at 2026.
    const Report r = check(ch_game("unit C Confederate infantry 5 at 2127\nunit U Union infantry 2 at 2026\n", nothing, nothing), kChTest);
    std::int64_t p = item(r, "Union", "14.52");
    EXPECT_EQ(p, 5) << dump(r);
}

TEST(CemeteryHill, Rule_14_51_WithoutRoadDataNotScoredAndSaid) {
    const Report r = check(ch_game("unit U Union infantry 3 at 0101\nunit C Confederate infantry 2 at 0202\n", nothing, nothing));
    EXPECT_EQ(item(r, "Confederate", "14.51"), 0) << dump(r);
    EXPECT_TRUE(ruling_mentions(r, "14.51")) << dump(r);
    EXPECT_TRUE(ruling_mentions(r, "not scored")) << dump(r);
}
