// The numbering of a hex or square grid (VASSAL's HexGridNumbering, SquareGridNumbering and
// ObliqueHexGridNumbering; the shared FORMAT.md §5.4): how a cell's column and row become a name.
// The grids (hex_grid.hpp, square_grid.hpp) give the column and row after descending and stagger;
// this adds the offsets, writes each number ('N' numeric with leading zeros, 'A' alphabetic: A..Z,
// AA, BB, ...; a negative number with '-'), joins them column first or row first with the
// separator, and puts the result through the location format ($gridLocation$, $row$, $column$).
#pragma once

#include "format.hpp"

#include <cstddef>
#include <string>

namespace referee::vassal {

struct Numbering {
    std::string class_name;       // the element's class, as written
    bool oblique = false;         // ObliqueHexGridNumbering
    char first = 'H';             // 'H': column first, otherwise row first
    std::string sep;
    char h_type = 'N';            // 'A' alphabetic, anything else numeric
    char v_type = 'N';
    int h_leading = 1;            // leading zeros (see number_name)
    int v_leading = 1;
    int h_off = 1;
    int v_off = 1;
    bool h_descend = false;
    bool v_descend = false;
    bool stagger = true;          // hex grids: odd columns count one row further
    FormattedString location_format{"$gridLocation$"};

    bool descending() const { return h_descend || v_descend; }
};

// One number as VASSAL writes it. Numeric: while leading > 0 and n < 10^leading, a "0" is written
// and leading drops by one, then the digits (leading 1: 5 -> "05", 12 -> "12"; leading 2: 5 -> "005").
// 'A': do { letter n % 26; n -= 26 } while n >= 0 (0 -> "A", 25 -> "Z", 26 -> "AA", 27 -> "BB").
void append_number_name(std::string& out, long long n, char type, int leading);
std::string number_name(long long n, char type, int leading);

// Appends the location name of the cell at `col`, `row` (before the offsets are added), the
// location format's parts only while `out` is shorter than `limit` (FormattedString::append).
void append_cell_name(std::string& out, const Numbering& numbering, long long col, long long row,
                      std::size_t limit = std::string::npos);
std::string cell_name(const Numbering& numbering, long long col, long long row);

}  // namespace referee::vassal
