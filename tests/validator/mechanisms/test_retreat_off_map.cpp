// The retreat-off-map mechanism (validator/mechanisms/retreat_off_map.cpp): a retreat off the map
// eliminates the unit and its strength scores for the enemy (Marye's Heights 17.3, M3); where the
// scenario forbids it, it is also a violation (Cemetery Hill 14.4, C5); where no rule covers it
// (Road to Richmond), the report says how it was taken.
#include "replay_support.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace referee;
using namespace referee::testing_support;

TEST(EndOfGame, RetreatOffTheMapIsElimination) {
    // C3 retreats off the map from 0113: eliminated (17.3, M3), 2 points to the Union.
    const Report r = check(kHeader + "turn 1\nphase Union combat\nretreat C3 0113 off\n" + turns(2, 11) + "end\n");
    EXPECT_EQ(total(r, "Union"), 2);
    EXPECT_EQ(count_code(r, "retreat-off-map"), 0);
}

TEST(CemeteryHill, Rule_14_4_C5_NoRetreatOffTheMap) {
    const std::string units = "unit U Union infantry 4 at 2110\nunit C Confederate infantry 2 at 1212\n";
    auto combat = [](int t, const std::string& s) { return t == 2 && s == "Union" ? std::string("retreat U 2110 off\n") : std::string(); };
    const Report r = check(ch_game(units, nothing, combat));
    EXPECT_EQ(count_code(r, "retreat-off-map"), 1) << dump(r);
    EXPECT_EQ(item(r, "Confederate", "14.51"), 8) << "treated as eliminated: 4 SP x2";
}

TEST(RoadToRichmond, RetreatOffTheMapWithoutARuleIsAnEliminationAndSaid) {
    const Report r = check(rtr("unit A Union infantry 5 at 1528\nunit C Confederate infantry 3 at 1010\n" + kTrain, "", "",
                               "phase Union combat\nretreat A 1528 off\n"));
    EXPECT_EQ(item(r, "Confederate", "21.11 item 1"), 5) << dump(r);
    EXPECT_TRUE(ruling_mentions(r, "no rule of Road to Richmond covers a retreat off the map")) << dump(r);
}
