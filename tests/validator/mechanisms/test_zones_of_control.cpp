// The zones-of-control mechanism (validator/mechanisms/zones_of_control.cpp): the Blue & Gray
// standard rules in Road to Richmond and Cemetery Hill. A unit that enters an enemy zone stops for
// the rest of the phase, leaving the map included; a unit that starts in one may leave it; an entry
// may be into an enemy zone but not into an enemy unit (Cemetery Hill 14.31).
#include "replay_support.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace referee;
using namespace referee::testing_support;

TEST(BlueAndGray, ZonesOfControl_StopOnEntering) {
    // Confederate C at 1010 controls 1009, 1011, 0910, 0911, 1110, 1111.
    const std::string units = "unit C Confederate infantry 3 at 1010\nunit A Union infantry 2 at 1014\n"
                              "unit B Union infantry 2 at 0913\nunit D Union infantry 2 at 1111\n";
    auto move = [](int t, const std::string& s) {
        if (t != 2 || s != "Union") return std::string();
        return std::string("move A 1014 1013 1012 1011\n"   // ends in the zone: fine
                           "move A 1011 1012\n"             // moves again: zoc
                           "move B 0913 0912 0911 0910\n"   // goes on after entering 0911: zoc
                           "move D 1111 1112 1113\n");      // starts in the zone and leaves: fine
    };
    const Report r = check(ch_game(units, move, nothing, 2));
    // 1 game, 2 setup, 3-6 units, 7 turn, 8-9 Conf phases, 10 turn 2, 11 phase, 12-15 moves
    EXPECT_EQ(count_code(r, "zoc"), 2) << dump(r);
    EXPECT_TRUE(has(r, "zoc", 13)) << dump(r);
    EXPECT_TRUE(has(r, "zoc", 14)) << dump(r);
}

TEST(BlueAndGray, ZonesOfControl_ANewPhaseLetsTheUnitMoveAgain) {
    const std::string units = "unit C Confederate infantry 3 at 1010\nunit A Union infantry 2 at 1014\n";
    auto move = [](int t, const std::string& s) {
        if (s != "Union") return std::string();
        if (t == 2) return std::string("move A 1014 1013 1012 1011\n");
        if (t == 3) return std::string("move A 1011 1012 1013\n");
        return std::string();
    };
    EXPECT_EQ(count_code(check(ch_game(units, move, nothing, 3)), "zoc"), 0);
}

TEST(BlueAndGray, ZonesOfControl_NoExitAfterStoppingInOne) {
    // A reaches 1528, next to C at 1628, and must stop: leaving the map is moving on. The exit is
    // a zoc violation and scores nothing (21.12 item 1).
    const Report r = check(rtr("unit A Union infantry 5 at 1526\nunit C Confederate infantry 3 at 1628\n" + kTrain, "",
                               "move A 1526 1527 1528\nexit A 1528\n"));
    EXPECT_EQ(count_code(r, "zoc"), 1) << dump(r);
    EXPECT_EQ(item(r, "Union", "21.12 item 1"), 0) << dump(r);
}

TEST(CemeteryHill, Rule_14_31_NoEntryIntoAnEnemyUnitButIntoItsZone) {
    const std::string units = "unit R Union infantry 4 enters 2 at 0127\nunit C Confederate infantry 2 at 0226\n";
    auto move = [](int t, const std::string& s) { return t == 2 && s == "Union" ? std::string("enter R 0127\nmove R 0127 0126\n") : std::string(); };
    const Report r = check(ch_game(units, move, nothing, 2));
    EXPECT_EQ(count_code(r, "enemy-occupied"), 0) << dump(r);
    EXPECT_EQ(count_code(r, "zoc"), 1) << "entering into a zone of control ends the unit's move: " << dump(r);
}
