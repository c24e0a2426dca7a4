// The score sheet (validator/engine/score_sheet.hpp, score_sheet.cpp; G4): exact 64-bit sums and
// products that saturate both ways past the range and note the line of the record where the first
// overflow happened; totals fitted from 128 bits; counts per rule and side; awards; the leader,
// none when the highest total is shared.
#include "score_sheet.hpp"

#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <vector>

using namespace referee;

TEST(ScoreSheet, ExactArithmeticInRangeNotesNothing) {
    std::uint32_t line = 12;
    const ScoreSheet sheet(2, 2, line);
    EXPECT_EQ(sheet.mul(6, 7), 42);
    EXPECT_EQ(sheet.mul(-6, 7), -42);
    EXPECT_EQ(sheet.add(INT64_MAX - 1, 1), INT64_MAX);
    EXPECT_EQ(sheet.add(INT64_MIN + 1, -1), INT64_MIN);
    EXPECT_EQ(sheet.mul(INT64_MIN, 1), INT64_MIN);
    EXPECT_EQ(sheet.fit(static_cast<__int128>(INT64_MAX)), INT64_MAX);
    EXPECT_EQ(sheet.fit(static_cast<__int128>(INT64_MIN)), INT64_MIN);
    EXPECT_FALSE(sheet.overflowed());
    EXPECT_EQ(sheet.overflow_line(), 0u);
}

TEST(ScoreSheet, SumsSaturateBothWays) {
    std::uint32_t line = 3;
    const ScoreSheet up(1, 2, line);
    EXPECT_EQ(up.add(INT64_MAX, 1), INT64_MAX);
    EXPECT_TRUE(up.overflowed());
    const ScoreSheet down(1, 2, line);
    EXPECT_EQ(down.add(INT64_MIN, -1), INT64_MIN);
    EXPECT_EQ(down.add(-1, INT64_MIN), INT64_MIN);
    EXPECT_TRUE(down.overflowed());
}

TEST(ScoreSheet, ProductsSaturateBySign) {
    std::uint32_t line = 3;
    const ScoreSheet sheet(1, 2, line);
    EXPECT_EQ(sheet.mul(INT64_MAX, 2), INT64_MAX);
    EXPECT_EQ(sheet.mul(INT64_MAX, -2), INT64_MIN);
    EXPECT_EQ(sheet.mul(-INT64_MAX, 2), INT64_MIN);
    EXPECT_EQ(sheet.mul(INT64_MIN, -1), INT64_MAX);  // -INT64_MIN does not fit
    EXPECT_EQ(sheet.mul(-(INT64_C(1) << 40), -(INT64_C(1) << 40)), INT64_MAX);
    EXPECT_TRUE(sheet.overflowed());
}

TEST(ScoreSheet, TotalsFitFrom128BitsOrSaturate) {
    std::uint32_t line = 0;
    const ScoreSheet sheet(1, 2, line);
    const __int128 big = static_cast<__int128>(INT64_MAX) * 4;
    EXPECT_EQ(sheet.fit(big - static_cast<__int128>(INT64_MAX) * 3), INT64_MAX);  // passes 64 bits on the way, fits at the end
    EXPECT_FALSE(sheet.overflowed());
    EXPECT_EQ(sheet.fit(big), INT64_MAX);
    EXPECT_EQ(sheet.fit(-big), INT64_MIN);
    EXPECT_TRUE(sheet.overflowed());
    EXPECT_EQ(sheet.overflow_line(), 0u);  // when the scores are counted, after the last record
}

TEST(ScoreSheet, TheLineOfTheFirstOverflowIsKept) {
    std::uint32_t line = 0;
    const ScoreSheet sheet(1, 2, line);
    line = 17;  // the record being applied, read when the overflow happens
    sheet.add(1, 2);
    EXPECT_FALSE(sheet.overflowed());
    line = 18;
    sheet.mul(INT64_MAX, 3);
    EXPECT_EQ(sheet.overflow_line(), 18u);
    line = 25;
    sheet.add(INT64_MIN, -5);
    sheet.note_overflow();
    EXPECT_EQ(sheet.overflow_line(), 18u);
    EXPECT_TRUE(sheet.overflowed());
}

TEST(ScoreSheet, CountsPerRuleAndSideAndAwardsInOrder) {
    std::uint32_t line = 0;
    ScoreSheet sheet(3, 2, line);
    for (std::size_t rule = 0; rule < 3; ++rule)
        for (SideId side = 0; side < 2; ++side) EXPECT_EQ(sheet.count(rule, side), 0);
    sheet.count(1, 0) = 5;
    sheet.count(2, 1) = sheet.add(sheet.count(2, 1), 7);
    EXPECT_EQ(sheet.count(1, 0), 5);
    EXPECT_EQ(sheet.count(1, 1), 0);
    EXPECT_EQ(sheet.count(2, 1), 7);
    EXPECT_EQ(sheet.count(0, 0), 0);
    sheet.award(1, 3, "the baggage", 40);
    sheet.award(0, -2, "a late arrival", 41);
    ASSERT_EQ(sheet.awards().size(), 2u);
    EXPECT_EQ(sheet.awards()[0].side, 1);
    EXPECT_EQ(sheet.awards()[0].n, 3);
    EXPECT_EQ(sheet.awards()[0].reason, "the baggage");
    EXPECT_EQ(sheet.awards()[0].line, 40u);
    EXPECT_EQ(sheet.awards()[1].n, -2);
    EXPECT_EQ(sheet.totals().size(), 2u);
}

TEST(ScoreSheet, TheLeaderIsTheOneHighestTotal) {
    std::uint32_t line = 0;
    struct Case {
        std::vector<std::int64_t> totals;
        SideId leader;
    };
    for (const Case& c : {Case{{3, 5}, 1}, Case{{5, 3}, 0}, Case{{5, 5}, kNoSide}, Case{{0, 0}, kNoSide}, Case{{-4, -2}, 1},
                          Case{{5, 5, 7}, 2}, Case{{7, 5, 7}, kNoSide}, Case{{7, 5, 5}, 0}, Case{{2, 9, 9, 1}, kNoSide},
                          Case{{INT64_MIN, INT64_MAX}, 1}}) {
        ScoreSheet sheet(0, c.totals.size(), line);
        sheet.totals() = c.totals;
        EXPECT_EQ(sheet.leader(), c.leader) << ::testing::PrintToString(c.totals);
    }
    const ScoreSheet none(0, 0, line);
    EXPECT_EQ(none.leader(), kNoSide);
}
