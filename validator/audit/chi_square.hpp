// Pearson's chi-square test of dice against a fair die: the statistic and its p-value, the chance
// that a fair die gives a statistic at least as large, which is Q(df/2, x/2), the regularized upper
// incomplete gamma function (written out here: a series below a + 1, a continued fraction above).
#pragma once

#include <cstddef>
#include <vector>

namespace referee::vassal {

// Q(a, x) = Γ(a, x) / Γ(a) for a > 0, x >= 0; 1 at x = 0. Accurate to about 1e-12.
double upper_regularized_gamma(double a, double x);

// The p-value of a chi-square statistic with `df` degrees of freedom (df >= 1).
double chi_square_p_value(double chi_square, double df);

struct ChiSquare {
    double statistic = 0;
    int df = 0;
    double p_value = 1;
};
// `counts[i]`: how many times face i + 1 came up (at least 2 faces, at least one die); the test
// against equal chances for every face, with faces - 1 degrees of freedom.
ChiSquare fair_die_test(const std::vector<std::size_t>& counts);

}  // namespace referee::vassal
