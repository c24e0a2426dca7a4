// The ratio-levels mechanism (validator/mechanisms/ratio_levels.cpp): Cemetery Hill 14.5 and C2,
// the victory level from the ratio of the two totals, each bound met exactly, both totals 0 as 1:1.
#include "replay_support.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>

using namespace referee;
using namespace referee::testing_support;

TEST(CemeteryHill, Rule_14_5_C2_ExactlyThreeToTwoIsUnionSubstantive) {
    const Report r = ch_ratio(2, 2);  // Union 6, Confederate 4
    ASSERT_EQ(total(r, "Union"), 6);
    ASSERT_EQ(total(r, "Confederate"), 4);
    EXPECT_EQ(r.result.winner, std::optional<std::string>("Union"));
    EXPECT_EQ(r.result.level, std::optional<std::string>("Substantive"));
}

TEST(CemeteryHill, Rule_14_5_C2_ExactlyTwoToThreeIsConfederateSubstantive) {
    const Report r = ch_ratio(9, 4);  // Union 12, Confederate 18
    ASSERT_EQ(total(r, "Union"), 12);
    ASSERT_EQ(total(r, "Confederate"), 18);
    EXPECT_EQ(r.result.winner, std::optional<std::string>("Confederate"));
    EXPECT_EQ(r.result.level, std::optional<std::string>("Substantive"));
}

TEST(CemeteryHill, Rule_14_5_C2_ExactlyOneToTwoIsConfederateDecisive) {
    const Report r = ch_ratio(3, 1);  // Union 3, Confederate 6
    ASSERT_EQ(total(r, "Union"), 3);
    ASSERT_EQ(total(r, "Confederate"), 6);
    EXPECT_EQ(r.result.winner, std::optional<std::string>("Confederate"));
    EXPECT_EQ(r.result.level, std::optional<std::string>("Decisive"));
}

TEST(CemeteryHill, Rule_14_5_C2_BothZeroIsConfederateMarginal) {
    const Report r = ch_ratio(0, 0);
    EXPECT_EQ(r.result.winner, std::optional<std::string>("Confederate"));
    EXPECT_EQ(r.result.level, std::optional<std::string>("Marginal"));
}

TEST(CemeteryHill, Rule_14_5_C2_ConfederateZeroIsUnionDecisive) {
    const Report r = ch_ratio(0, 1);  // Union 3, Confederate 0
    EXPECT_EQ(r.result.winner, std::optional<std::string>("Union"));
    EXPECT_EQ(r.result.level, std::optional<std::string>("Decisive"));
}

TEST(CemeteryHill, Rule_14_5_C2_EqualIsConfederateMarginal_AboveIsUnionMarginal) {
    const Report eq = ch_ratio(3, 2);  // 6 : 6
    EXPECT_EQ(eq.result.winner, std::optional<std::string>("Confederate"));
    EXPECT_EQ(eq.result.level, std::optional<std::string>("Marginal"));
    const Report up = ch_ratio(4, 3);  // 9 : 8
    EXPECT_EQ(up.result.winner, std::optional<std::string>("Union"));
    EXPECT_EQ(up.result.level, std::optional<std::string>("Marginal"));
    const Report two = ch_ratio(3, 4);  // 12 : 6, exactly 2:1
    EXPECT_EQ(two.result.level, std::optional<std::string>("Decisive"));
}
