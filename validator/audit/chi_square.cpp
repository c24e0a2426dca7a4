// The chi-square test of a die (chi_square.hpp). Q(a, x) from its two classical expansions: below
// x = a + 1 the series of the lower function P(a, x) = e^-x x^a / Γ(a + 1) · Σ x^n / ((a+1)...(a+n)),
// and Q = 1 - P; above it the continued fraction of Q(a, x) = e^-x x^a / Γ(a) · 1/(x+1-a- 1·(1-a)/(x+3-a- ...)),
// evaluated by the modified Lentz method. Both converge fast on their side of a + 1.
#include "chi_square.hpp"

#include <cmath>
#include <limits>

namespace referee::vassal {

namespace {

constexpr double eps = 1e-15;
constexpr int max_terms = 10000;

// e^-x x^a / Γ(a), computed in logarithms so that large a and x do not overflow.
double prefactor(double a, double x) { return std::exp(-x + a * std::log(x) - std::lgamma(a)); }

double lower_by_series(double a, double x) {
    double term = 1.0 / a, sum = term;
    for (int n = 1; n < max_terms; ++n) {
        term *= x / (a + n);
        sum += term;
        if (std::fabs(term) < std::fabs(sum) * eps) break;
    }
    return sum * prefactor(a, x);
}

double upper_by_fraction(double a, double x) {
    constexpr double tiny = std::numeric_limits<double>::min() / eps;
    double b = x + 1.0 - a;
    double c = 1.0 / tiny, d = 1.0 / b, h = d;
    for (int i = 1; i < max_terms; ++i) {
        const double an = -i * (i - a);
        b += 2.0;
        d = an * d + b;
        if (std::fabs(d) < tiny) d = tiny;
        c = b + an / c;
        if (std::fabs(c) < tiny) c = tiny;
        d = 1.0 / d;
        const double delta = d * c;
        h *= delta;
        if (std::fabs(delta - 1.0) < eps) break;
    }
    return h * prefactor(a, x);
}

}  // namespace

double upper_regularized_gamma(double a, double x) {
    if (!(a > 0) || !(x > 0)) return 1.0;   // x <= 0 (and NaN): nothing above is excluded
    if (std::isinf(x)) return 0.0;
    const double q = x < a + 1.0 ? 1.0 - lower_by_series(a, x) : upper_by_fraction(a, x);
    return q < 0 ? 0.0 : (q > 1 ? 1.0 : q);
}

double chi_square_p_value(double chi_square, double df) { return upper_regularized_gamma(df / 2.0, chi_square / 2.0); }

ChiSquare fair_die_test(const std::vector<std::size_t>& counts) {
    ChiSquare out;
    std::size_t n = 0;
    for (std::size_t c : counts) n += c;
    if (counts.size() < 2 || n == 0) return out;
    const double expected = static_cast<double>(n) / static_cast<double>(counts.size());
    for (std::size_t c : counts) {
        const double d = static_cast<double>(c) - expected;
        out.statistic += d * d / expected;
    }
    out.df = static_cast<int>(counts.size()) - 1;
    out.p_value = chi_square_p_value(out.statistic, out.df);
    return out;
}

}  // namespace referee::vassal
