// Grid numbering: numbers as VASSAL writes them, and a cell's name.
#include "numbering.hpp"

#include <gtest/gtest.h>

using namespace referee::vassal;

TEST(Numbering, NumericLeadingZeros) {
    // while leading > 0 and n < 10^leading: write "0", leading - 1
    EXPECT_EQ(number_name(5, 'N', 1), "05");
    EXPECT_EQ(number_name(12, 'N', 1), "12");
    EXPECT_EQ(number_name(5, 'N', 2), "005");
    EXPECT_EQ(number_name(12, 'N', 2), "012");
    EXPECT_EQ(number_name(123, 'N', 2), "123");
    EXPECT_EQ(number_name(0, 'N', 1), "00");
    EXPECT_EQ(number_name(7, 'N', 0), "7");
    EXPECT_EQ(number_name(7, 'N', -3), "7");
    EXPECT_EQ(number_name(7, 'N', 25), std::string(25, '0') + "7");   // 10^19 and more: every test is true
}

TEST(Numbering, NegativeNumbers) {
    EXPECT_EQ(number_name(-3, 'N', 1), "-03");   // '-', then |n| with its zeros
    EXPECT_EQ(number_name(-12, 'N', 0), "-12");
    EXPECT_EQ(number_name(-1, 'A', 1), "-B");
}

TEST(Numbering, Alphabetic) {
    // do { letter n % 26; n -= 26 } while n >= 0: not Excel's AA, AB
    EXPECT_EQ(number_name(0, 'A', 1), "A");
    EXPECT_EQ(number_name(1, 'A', 3), "B");      // leading zeros do not apply
    EXPECT_EQ(number_name(25, 'A', 1), "Z");
    EXPECT_EQ(number_name(26, 'A', 1), "AA");
    EXPECT_EQ(number_name(27, 'A', 1), "BB");
    EXPECT_EQ(number_name(51, 'A', 1), "ZZ");
    EXPECT_EQ(number_name(52, 'A', 1), "AAA");
    EXPECT_EQ(number_name(1000000000, 'A', 1).size(), 4096u);   // bounded
}

TEST(Numbering, CellName) {
    Numbering nb;   // column first, no separator, offsets 1, one leading zero
    EXPECT_EQ(cell_name(nb, 0, 0), "0101");
    EXPECT_EQ(cell_name(nb, 11, 4), "1205");
    nb.first = 'V';
    nb.sep = "-";
    EXPECT_EQ(cell_name(nb, 11, 4), "05-12");
    nb.h_type = 'A';
    nb.h_off = 0;
    nb.first = 'H';
    nb.sep = "";
    nb.v_leading = 0;
    EXPECT_EQ(cell_name(nb, 6, 8), "G9");
    nb.location_format = FormattedString("hex $column$/$row$ ($gridLocation$)$other$");
    EXPECT_EQ(cell_name(nb, 6, 8), "hex G/9 (G9)");
}
