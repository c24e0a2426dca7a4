// The reinforcements mechanism (validator/mechanisms/reinforcements.cpp): Cemetery Hill 14.3,
// 14.33, 14.34 and C6. A unit a game declares with an entry must match a published arrival
// (14.34); it enters on its turn, not before (reinforcement-early), at its hex, or on a later turn
// at a road hex of its side's edges (C6; without road data only the edge is checked, and said);
// a unit due on turn 1 must enter then (reinforcement-late, 14.33).
#include "replay_support.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace referee;
using namespace referee::testing_support;

namespace {
// A Union reinforcement due on turn 2 at 0127 enters where and when `entry` says (turn 2 or 3).
Report ch_entry(int turn, const std::string& hex, const std::string& scenario = kChTest) {
    const std::string units = "unit R Union infantry 4 enters 2 at 0127\nunit E Union infantry 2 enters 3 at 1127\n";
    auto move = [=](int t, const std::string& s) {
        return t == turn && s == "Union" ? "enter R " + hex + "\n" : std::string();
    };
    return check(ch_game(units, move, nothing, 3), scenario);
}
}  // namespace

TEST(CemeteryHill, Rule_14_34_ReinforcementScheduleChecksDeclaredUnits) {
    const Report r = check("game cemetery-hill\nsetup custom\nunit R Union infantry 4 enters 2 at 0127\nunit Bad Union infantry 4 enters 3 at 0127\n");
    EXPECT_FALSE(has(r, "reinforcement-location", 3)) << dump(r);
    EXPECT_TRUE(has(r, "reinforcement-location", 4)) << dump(r);
}

TEST(CemeteryHill, Rule_14_33_C6_OnTimeAtTheScheduledHex) {
    const Report r = ch_entry(2, "0127");
    EXPECT_EQ(count_code(r, "reinforcement-location"), 0) << dump(r);
    EXPECT_EQ(count_code(r, "reinforcement-early"), 0) << dump(r);
}

TEST(CemeteryHill, Rule_14_33_C6_ElsewhereOnItsOwnTurnIsAViolation) {
    EXPECT_EQ(count_code(ch_entry(2, "1127"), "reinforcement-location"), 1);
}

TEST(CemeteryHill, Rule_14_33_C6_LaterAtAnotherSouthOrEastEdgeRoadHex) {
    const Report r = ch_entry(3, "1127");
    EXPECT_EQ(count_code(r, "reinforcement-location"), 0) << dump(r);
    EXPECT_EQ(count_code(ch_entry(3, "2120"), "reinforcement-location"), 0);
}

TEST(CemeteryHill, Rule_14_33_C6_LaterButNotOnARoad) {
    EXPECT_EQ(count_code(ch_entry(3, "0527"), "reinforcement-location"), 1);
}

TEST(CemeteryHill, Rule_14_33_C6_LaterButOnTheWrongEdge) {
    EXPECT_EQ(count_code(ch_entry(3, "0104"), "reinforcement-location"), 1);
}

TEST(CemeteryHill, Rule_14_33_C6_WithoutRoadDataTheEdgeIsCheckedAndTheRestSaid) {
    const Report r = ch_entry(3, "0527", "");
    EXPECT_EQ(count_code(r, "reinforcement-location"), 0) << dump(r);
    EXPECT_TRUE(ruling_mentions(r, "no road data")) << dump(r);
}

TEST(CemeteryHill, Rule_14_3_ReinforcementEarly) {
    const std::string units = "unit E Union infantry 2 enters 3 at 1127\n";
    auto move = [](int t, const std::string& s) { return t == 2 && s == "Union" ? std::string("enter E 1127\n") : std::string(); };
    const Report r = check(ch_game(units, move, nothing, 3));
    EXPECT_EQ(count_code(r, "reinforcement-early"), 1) << dump(r);
}

TEST(CemeteryHill, Rule_14_33_EntryOnTurnOneIsCompulsory) {
    // A unit due on turn 1 that stays off the map: reported at the turn 2 record.
    const Report r = check("game cemetery-hill\nsetup custom\nunit E Confederate infantry 2 enters 1 at 0104\nturn 1\n"
                           "phase Confederate movement\nturn 2\n");
    EXPECT_TRUE(has(r, "reinforcement-late", 6)) << dump(r);
    // A unit due on turn 2 may wait.
    const Report ok = check("game cemetery-hill\nsetup custom\nunit E Confederate infantry 2 enters 2 at 0104\nturn 1\nturn 2\n"
                            "phase Union movement\nphase Confederate movement\nturn 3\n");
    EXPECT_EQ(count_code(ok, "reinforcement-late"), 0) << dump(ok);
}
