// The chi-square test of a die (validator/audit/chi_square.hpp): the p-value against the tables'
// critical values, against the closed forms for 1, 2 and 3 degrees of freedom, and the statistic of
// a few counts worked out by hand.
#include "chi_square.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

using namespace referee::vassal;

TEST(ChiSquare, CriticalValuesOfTheTablesGiveTheirLevel) {
    // The 5% and 1% points of the chi-square distribution (any statistics table).
    EXPECT_NEAR(chi_square_p_value(3.841458820694124, 1), 0.05, 1e-10);
    EXPECT_NEAR(chi_square_p_value(6.634896601021214, 1), 0.01, 1e-10);
    EXPECT_NEAR(chi_square_p_value(5.991464547107979, 2), 0.05, 1e-10);
    EXPECT_NEAR(chi_square_p_value(11.070497693516351, 5), 0.05, 1e-10);
    EXPECT_NEAR(chi_square_p_value(15.086272469388990, 5), 0.01, 1e-10);
    EXPECT_NEAR(chi_square_p_value(18.307038053275146, 10), 0.05, 1e-10);
    EXPECT_NEAR(chi_square_p_value(124.34211340400407, 100), 0.05, 1e-9);
    // The rounded figures of a printed table.
    EXPECT_NEAR(chi_square_p_value(3.84, 1), 0.05, 1e-3);
    EXPECT_NEAR(chi_square_p_value(11.07, 5), 0.05, 1e-3);
}

TEST(ChiSquare, ClosedFormsForOneTwoAndThreeDegrees) {
    // df 1: erfc(sqrt(x/2)); df 2: exp(-x/2); df 3: erfc(sqrt(x/2)) + sqrt(2x/pi) exp(-x/2). Both sides
    // of x/2 = a + 1, where the series gives way to the continued fraction.
    for (double x : {0.001, 0.1, 0.5, 1.0, 2.0, 2.9, 3.0, 3.1, 4.9, 5.0, 5.1, 10.0, 30.0, 80.0}) {
        EXPECT_NEAR(chi_square_p_value(x, 1), std::erfc(std::sqrt(x / 2)), 1e-12) << x;
        EXPECT_NEAR(chi_square_p_value(x, 2), std::exp(-x / 2), 1e-12) << x;
        EXPECT_NEAR(chi_square_p_value(x, 3), std::erfc(std::sqrt(x / 2)) + std::sqrt(2 * x / std::numbers::pi) * std::exp(-x / 2), 1e-12)
            << x;
    }
}

TEST(ChiSquare, EdgesAreProbabilities) {
    EXPECT_EQ(chi_square_p_value(0, 5), 1.0);
    EXPECT_EQ(upper_regularized_gamma(2.5, -1), 1.0);
    EXPECT_EQ(upper_regularized_gamma(2.5, INFINITY), 0.0);
    EXPECT_EQ(upper_regularized_gamma(0, 1), 1.0);   // no distribution: nothing is excluded
    EXPECT_LT(chi_square_p_value(1e6, 5), 1e-300);
    const double p = chi_square_p_value(1e6, 5);
    EXPECT_TRUE(p >= 0 && p <= 1);
    EXPECT_NEAR(chi_square_p_value(1e-12, 5), 1.0, 1e-12);
}

TEST(ChiSquare, AFairDieTestOfCountsWorkedByHand) {
    // 60 dice, 10 of each face: no deviation at all.
    ChiSquare even = fair_die_test({10, 10, 10, 10, 10, 10});
    EXPECT_EQ(even.statistic, 0);
    EXPECT_EQ(even.df, 5);
    EXPECT_EQ(even.p_value, 1);
    // 12 dice, all sixes: expected 2 a face; (4 + 4 + 4 + 4 + 4 + 100) / 2 = 60.
    ChiSquare sixes = fair_die_test({0, 0, 0, 0, 0, 12});
    EXPECT_DOUBLE_EQ(sixes.statistic, 60.0);
    EXPECT_LT(sixes.p_value, 1e-10);
    // A coin: 7 heads, 3 tails: (2^2 + 2^2) / 5 = 1.6, p = erfc(sqrt(0.8)).
    ChiSquare coin = fair_die_test({7, 3});
    EXPECT_DOUBLE_EQ(coin.statistic, 1.6);
    EXPECT_EQ(coin.df, 1);
    EXPECT_NEAR(coin.p_value, std::erfc(std::sqrt(0.8)), 1e-12);
    // No dice, or one face: no test.
    EXPECT_EQ(fair_die_test({0, 0, 0}).df, 0);
    EXPECT_EQ(fair_die_test({5}).df, 0);
}
