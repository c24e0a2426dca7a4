// Hex grids, with the working of each name by hand (the shared FORMAT.md §5.3-5.4).
#include "hex_grid.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace referee::vassal;

namespace {

// dx 60, dy 70, the centre of cell (0,0) at (30,35); numbered column first, offsets 1, one leading zero.
HexGrid grid(bool stagger = false) {
    HexGrid g;
    g.dx = 60;
    g.dy = 70;
    g.x0 = 30;
    g.y0 = 35;
    Numbering nb;
    nb.stagger = stagger;
    g.numbering = nb;
    return g;
}

std::string name(const HexGrid& g, Point p, Size container = {600, 700}) {
    std::string out;
    EXPECT_TRUE(append_hex_location(out, g, p, container));
    return out;
}

}  // namespace

TEST(HexGrid, RawCells) {
    const HexGrid g = grid();
    // (30,35): col = floor((30-30)/60 + .5) = 0; even: row = floor((35-35)/70 + .5) = 0
    EXPECT_EQ(hex_raw_cell(g, {30, 35}), (Cell{0, 0}));
    // (90,70): col = floor(60/60 + .5) = 1; odd: row = floor((70-35-35)/70 + .5) = 0
    EXPECT_EQ(hex_raw_cell(g, {90, 70}), (Cell{1, 0}));
    // (90,140): col 1; row = floor((140-70)/70 + .5) = floor(1.5) = 1
    EXPECT_EQ(hex_raw_cell(g, {90, 140}), (Cell{1, 1}));
    // (150,105): col = floor(120/60 + .5) = 2; even: row = floor(70/70 + .5) = 1
    EXPECT_EQ(hex_raw_cell(g, {150, 105}), (Cell{2, 1}));
    // (0,0): col = floor(-30/60 + .5) = floor(0) = 0 (Java's Math.round(-0.5) is 0, std::round's -1);
    // row = floor(-35/70 + .5) = 0
    EXPECT_EQ(hex_raw_cell(g, {0, 0}), (Cell{0, 0}));
    // (-100,35): col = floor(-130/60 + .5) = floor(-1.67) = -2; even: row 0
    EXPECT_EQ(hex_raw_cell(g, {-100, 35}), (Cell{-2, 0}));
    // (-40,0): col = floor(-70/60 + .5) = -1, odd (C++ % keeps the sign: -1 % 2 = -1):
    // row = floor((0-35-35)/70 + .5) = floor(-0.5) = -1
    EXPECT_EQ(hex_raw_cell(g, {-40, 0}), (Cell{-1, -1}));
}

TEST(HexGrid, Centres) {
    const HexGrid g = grid();
    // X = (int)(dx*c + x0); Y = (int)(dy*r + y0), odd columns (int)(dy/2) lower
    EXPECT_EQ(hex_centre(g, {0, 0}), (Point{30, 35}));
    EXPECT_EQ(hex_centre(g, {1, 0}), (Point{90, 70}));
    EXPECT_EQ(hex_centre(g, {3, 2}), (Point{210, 210}));   // 60*3+30; 70*2+35+35
    HexGrid odd = g;
    odd.dx = 55.5;
    odd.dy = 64.9;
    // X = (int)(55.5*1 + 30) = 85; Y = (int)(64.9*1 + (int)32.45 + 35) = (int)131.9 = 131
    EXPECT_EQ(hex_centre(odd, {1, 1}), (Point{85, 131}));
    for (int c = -3; c < 8; ++c)
        for (int r = -3; r < 8; ++r) EXPECT_EQ(hex_raw_cell(odd, hex_centre(odd, {c, r})), (Cell{c, r})) << c << "," << r;
}

TEST(HexGrid, Names) {
    const HexGrid g = grid();
    EXPECT_EQ(name(g, {30, 35}), "0101");
    EXPECT_EQ(name(g, {90, 70}), "0201");
    EXPECT_EQ(name(g, {90, 140}), "0202");
    EXPECT_EQ(name(g, {150, 105}), "0302");
    EXPECT_EQ(name(g, {-40, 35}), "0001");    // raw (-1,0): column -1 + 1 = 0
    EXPECT_EQ(name(g, {-100, 35}), "-0101");  // raw (-2,0): column -1 is "-01"
    HexGrid none = g;
    none.numbering.reset();
    std::string out;
    EXPECT_FALSE(append_hex_location(out, none, {30, 35}, {600, 700}));
    EXPECT_EQ(out, "");
}

TEST(HexGrid, Stagger) {
    const HexGrid g = grid(true);
    EXPECT_EQ(name(g, {30, 35}), "0101");
    // raw (1,0) in an odd column: row 0 + 1 -> "0202"
    EXPECT_EQ(name(g, {90, 70}), "0202");
    // raw (2,1), even: no change
    EXPECT_EQ(name(g, {150, 105}), "0302");
}

TEST(HexGrid, Descending) {
    // Container 600 x 700: maxCols = floor(W/dy + .5) = floor(8.57 + .5) = 9;
    // maxRows = floor(H/dx + .5) = floor(11.67 + .5) = 12 (the mix of dx and dy is VASSAL's).
    HexGrid g = grid(true);
    g.numbering->h_descend = true;
    g.numbering->v_descend = true;
    // raw (0,0): col 9 - 0 = 9 -> "10"; row 12 - 0 = 12 -> "13"
    EXPECT_EQ(name(g, {30, 35}), "1013");
    // raw (1,0): col 9 - 1 = 8 -> "09"; row 12 - 0 = 12, odd column with vDescend: 12 - 1 = 11 -> "12"
    EXPECT_EQ(name(g, {90, 70}), "0912");
    // a smaller container counts fewer: 300 x 350: maxCols = floor(4.29 + .5) = 4, maxRows = floor(5.83 + .5) = 6
    EXPECT_EQ(name(g, {30, 35}, {300, 350}), "0507");
    g.numbering->h_descend = false;
    // raw (1,0): col 1 -> "02"; row 12 -> odd, descending: 11 -> "12"
    EXPECT_EQ(name(g, {90, 70}), "0212");
}

TEST(HexGrid, Sideways) {
    // Sideways swaps x and y before the maths: x0 and dx then run down the screen.
    HexGrid g = grid();
    g.sideways = true;
    EXPECT_EQ(hex_raw_cell(g, {35, 30}), (Cell{0, 0}));
    EXPECT_EQ(hex_raw_cell(g, {70, 90}), (Cell{1, 0}));   // swapped: (90,70)
    EXPECT_EQ(hex_centre(g, {1, 0}), (Point{70, 90}));
    EXPECT_EQ(name(g, {35, 30}), "0101");
    EXPECT_EQ(name(g, {70, 90}), "0201");
    // Descending, sideways: vDescend flips the column (maxRows), hDescend the row (maxCols).
    // Container 600 x 700: maxRows = floor(700/60 + .5) = 12, maxCols = floor(600/70 + .5) = 9.
    g.numbering->v_descend = true;
    g.numbering->h_descend = true;
    g.numbering->stagger = true;
    // raw (0,0): col 12 -> "13", row 9 -> "10"
    EXPECT_EQ(name(g, {35, 30}), "1310");
    // raw (1,0): col 12 - 1 = 11 -> "12"; row 9, odd column with hDescend (sideways): 8 -> "09"
    EXPECT_EQ(name(g, {70, 90}), "1209");
}

TEST(HexGrid, AlphabeticColumnsAndLeadingZeros) {
    HexGrid g = grid();
    g.numbering->h_type = 'A';
    g.numbering->h_off = 1;
    g.numbering->v_leading = 2;
    // raw (0,0): column 0 + 1 = 1 -> "B" (hType A with hOff 1); row 1 -> "001"
    EXPECT_EQ(name(g, {30, 35}), "B001");
    // raw (1,1) -> column 2 "C", row 2 "002"
    EXPECT_EQ(name(g, {90, 140}), "C002");
}

TEST(HexGrid, Oblique) {
    HexGrid g = grid();
    g.numbering->oblique = true;
    // raw (4,2) at its centre (270,175): stagger off: row = 2 - 4/2 + 1 = 1 -> "0502"
    EXPECT_EQ(hex_centre(g, {4, 2}), (Point{270, 175}));
    EXPECT_EQ(name(g, {270, 175}), "0502");
    // stagger on: row = 4/2 + 2 = 4 -> "0505"
    g.numbering->stagger = true;
    EXPECT_EQ(name(g, {270, 175}), "0505");
}

TEST(HexGrid, ZeroSpacingStaysDefined) {
    HexGrid g = grid();
    g.dx = 0;
    g.dy = 0;
    std::string out;
    EXPECT_TRUE(append_hex_location(out, g, {30, 35}, {600, 700}));   // a name, whatever it is, and no crash
}
