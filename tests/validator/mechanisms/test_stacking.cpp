// The stacking mechanism (validator/mechanisms/stacking.cpp): the Blue & Gray standard rules'
// limit of two units in a hex, judged at the end of each phase in the hexes a unit entered during
// it (not at set-up; passing through a full hex is fine).
#include "replay_support.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace referee;
using namespace referee::testing_support;

TEST(BlueAndGray, Stacking_TwoUnitsAtTheEndOfAPhase) {
    const std::string units = "unit A Union infantry 2 at 1215\nunit B Union infantry 2 at 1215\nunit C Union infantry 2 at 1216\n"
                              "unit D Union infantry 2 at 1315\nunit X Union infantry 1 at 0505\nunit Y Union infantry 1 at 0505\n"
                              "unit Z Union infantry 1 at 0505\n";
    auto move = [](int t, const std::string& s) {
        if (t != 2 || s != "Union") return std::string();
        return std::string("move D 1315 1215 1115\n"  // passes through the full hex: fine
                           "move C 1216 1215\n");     // a third unit stays: stacking
    };
    const Report r = check(ch_game(units, move, nothing, 2));
    // lines: 1-2, units 3-9, 10 turn 1, 11-12, 13 turn 2, 14 phase, 15-16 moves
    EXPECT_EQ(count_code(r, "stacking"), 1) << "three at setup (0505) are not judged: " << dump(r);
    EXPECT_TRUE(has(r, "stacking", 16)) << dump(r);
}
