// The automatic-victory mechanism (validator/mechanisms/automatic_victory.cpp): Marye's Heights
// 17.0 and M1, tested once after the last record of game-turn 5: elimination points (17.11 only)
// at least 3 to 1 and above 0, and the enemy holding none of the three hexes; the records after it
// are after the end (G3).
#include "replay_support.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace referee;
using namespace referee::testing_support;

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
