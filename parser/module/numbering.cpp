// Grid numbering: a cell's column and row to its name (numbering.hpp).
#include "numbering.hpp"

#include <charconv>
#include <limits>

namespace referee::vassal {

void append_number_name(std::string& out, long long n, char type, int leading) {
    if (n < 0) {
        out += '-';
        n = n == std::numeric_limits<long long>::min() ? std::numeric_limits<long long>::max() : -n;
    }
    if (type == 'A') {
        // One letter per 26: a point far off a fine grid would write millions; stop at max_letters.
        constexpr long long max_letters = 4096;
        if (n / 26 >= max_letters) n = 26 * (max_letters - 1) + n % 26;
        do {
            out += static_cast<char>('A' + n % 26);
            n -= 26;
        } while (n >= 0);
        return;
    }
    // while leading > 0 and n < 10^leading (10^19 and beyond exceed every long long)
    static constexpr long long powers[19] = {1LL, 10LL, 100LL, 1000LL, 10000LL, 100000LL, 1000000LL, 10000000LL, 100000000LL,
                                             1000000000LL, 10000000000LL, 100000000000LL, 1000000000000LL, 10000000000000LL,
                                             100000000000000LL, 1000000000000000LL, 10000000000000000LL, 100000000000000000LL,
                                             1000000000000000000LL};
    for (int lead = leading; lead > 0 && (lead > 18 || n < powers[lead]); --lead) out += '0';
    char digits[24];
    const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, n);
    (void)ec;   // 24 bytes hold every long long
    out.append(digits, end);
}

std::string number_name(long long n, char type, int leading) {
    std::string out;
    append_number_name(out, n, type, leading);
    return out;
}

void append_cell_name(std::string& out, const Numbering& nb, long long col, long long row, std::size_t limit) {
    const long long c = col + nb.h_off;
    const long long r = row + nb.v_off;
    nb.location_format.append(out, [&](std::string_view name, std::string& o) {
        if (name == "gridLocation") {
            if (nb.first == 'H') {
                append_number_name(o, c, nb.h_type, nb.h_leading);
                o += nb.sep;
                append_number_name(o, r, nb.v_type, nb.v_leading);
            } else {
                append_number_name(o, r, nb.v_type, nb.v_leading);
                o += nb.sep;
                append_number_name(o, c, nb.h_type, nb.h_leading);
            }
        } else if (name == "row") {
            append_number_name(o, r, nb.v_type, nb.v_leading);
        } else if (name == "column") {
            append_number_name(o, c, nb.h_type, nb.h_leading);
        }
    }, limit);
}

std::string cell_name(const Numbering& numbering, long long col, long long row) {
    std::string out;
    append_cell_name(out, numbering, col, row);
    return out;
}

}  // namespace referee::vassal
