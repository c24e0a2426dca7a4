// The exits mechanism (validator/mechanisms/exits.cpp): exits only from the allowed hexes or
// edges, by the allowed unit types, in the unit's own movement phase (Marye's Heights 17.3, M4;
// Cemetery Hill 14.4); an illegal exit still takes the unit off the map but scores nothing (17.12).
#include "replay_support.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace referee;
using namespace referee::testing_support;

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

TEST(CemeteryHill, Rule_14_4_OnlyCavalryExits_FromTheEastOrSouthEdge) {
    const std::string units = "unit Cav Union cavalry 2 at 2110\nunit Inf Union infantry 4 at 2111\nunit Cav2 Union cavalry 2 at 0110\n"
                              "unit Cav3 Union cavalry 1 at 1127\n";
    auto move = [](int t, const std::string& s) {
        return t == 2 && s == "Union" ? std::string("exit Cav 2110\nexit Inf 2111\nexit Cav2 0110\nexit Cav3 1127\n") : std::string();
    };
    const Report r = check(ch_game(units, move, nothing, 2));
    // lines: 1 game, 2 setup, 3-6 units, 7 turn 1, 8-9 Confederate phases, 10 turn 2, 11 phase, 12-15 exits
    EXPECT_EQ(count_code(r, "exit-unit-type"), 1) << dump(r);
    EXPECT_TRUE(has(r, "exit-unit-type", 13)) << dump(r);
    EXPECT_EQ(count_code(r, "exit-location"), 1) << dump(r);
    EXPECT_TRUE(has(r, "exit-location", 14)) << dump(r);
}
