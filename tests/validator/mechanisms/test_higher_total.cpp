// The higher-total mechanism (validator/mechanisms/higher_total.cpp): at the game's end the side
// with more points wins and equal totals are a draw (Marye's Heights 17.0 and M5; Road to Richmond
// 21.0 and R4, which has no victory levels).
#include "replay_support.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>

using namespace referee;
using namespace referee::testing_support;

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

TEST(RoadToRichmond, Rule_21_0_TheHigherTotalWins) {
    const Report r = check(rtr("unit U Union infantry 2 at 1010\nunit C Confederate infantry 3 at 1212\n"
                               "unit Train Union train 0 at 1111 role train\n",
                               "", "", "phase Union combat\neliminate C\neliminate U\n"));
    ASSERT_EQ(total(r, "Union"), 3) << dump(r);
    ASSERT_EQ(total(r, "Confederate"), 2) << dump(r);
    EXPECT_EQ(r.result.winner, std::optional<std::string>("Union"));
    EXPECT_FALSE(r.result.level) << "Road to Richmond has no victory levels";
}

TEST(RoadToRichmond, Rule_R4_EqualTotalsAreADraw) {
    const Report r = check(rtr("unit U Union infantry 2 at 1010\nunit C Confederate infantry 2 at 1212\n"
                               "unit Train Union train 0 at 1111 role train\n",
                               "", "", "phase Union combat\neliminate C\neliminate U\n"));
    ASSERT_EQ(total(r, "Union"), total(r, "Confederate")) << dump(r);
    EXPECT_EQ(r.result.winner, std::optional<std::string>("draw"));
}
