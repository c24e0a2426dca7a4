// Square and region grids, each name worked out by hand (the shared FORMAT.md §5.4).
#include "region_grid.hpp"
#include "square_grid.hpp"

#include <gtest/gtest.h>

#include <limits>

using namespace referee::vassal;

namespace {

// dx 50, dy 40, the centre of cell (0,0) at (25,20); default numbering.
SquareGrid grid() {
    SquareGrid g;
    g.dx = 50;
    g.dy = 40;
    g.x0 = 25;
    g.y0 = 20;
    g.numbering = Numbering{};
    g.numbering->stagger = false;
    return g;
}

std::string name(const SquareGrid& g, Point p, Size container = {500, 400}) {
    std::string out;
    EXPECT_TRUE(append_square_location(out, g, p, container));
    return out;
}

}  // namespace

TEST(SquareGrid, Cells) {
    const SquareGrid g = grid();
    // (25,20): col = floor(0 + .5) = 0; row = (int)(0 + .5) = 0
    EXPECT_EQ(square_raw_cell(g, {25, 20}), (Cell{0, 0}));
    // (74,59): col = floor(49/50 + .5) = 1; row = (int)(39/40 + .5) = 1
    EXPECT_EQ(square_raw_cell(g, {74, 59}), (Cell{1, 1}));
    // (-30,-30): col = floor(-55/50 + .5) = floor(-0.6) = -1, but row = (int)(-50/40 + .5) = (int)(-0.75) = 0:
    // the row is truncated toward zero, as Java's (int) cast
    EXPECT_EQ(square_raw_cell(g, {-30, -30}), (Cell{-1, 0}));
    EXPECT_EQ(square_centre(g, {3, 2}), (Point{175, 100}));
}

TEST(SquareGrid, Names) {
    SquareGrid g = grid();
    EXPECT_EQ(name(g, {25, 20}), "0101");
    EXPECT_EQ(name(g, {74, 59}), "0202");
    EXPECT_EQ(name(g, {-30, -30}), "0001");
    EXPECT_EQ(name(g, {-80, 20}), "-0101");   // col floor(-105/50 + .5) = -2 -> -1 -> "-01"
    g.numbering->h_leading = 2;
    EXPECT_EQ(name(g, {25, 20}), "00101");
    g.numbering->h_leading = 0;
    g.numbering->v_leading = 0;
    g.numbering->sep = ",";
    g.numbering->h_type = 'A';
    g.numbering->h_off = 0;
    g.numbering->v_off = 0;
    EXPECT_EQ(name(g, {325, 60}), "G,1");     // col 6 -> "G", row 1
    SquareGrid none = grid();
    none.numbering.reset();
    std::string out;
    EXPECT_FALSE(append_square_location(out, none, {25, 20}, {500, 400}));
}

TEST(SquareGrid, Descending) {
    // Container 500 x 400: maxCols = (int)(500/50 + .5) = 10; maxRows = (int)(400/40 + .5) = 10
    SquareGrid g = grid();
    g.numbering->h_descend = true;
    EXPECT_EQ(name(g, {25, 20}), "1101");     // col 10 - 0 = 10 -> "11"
    g.numbering->v_descend = true;
    EXPECT_EQ(name(g, {25, 20}), "1111");
    EXPECT_EQ(name(g, {74, 59}), "1010");     // col 10 - 1, row 10 - 1
    // 260 x 170: maxCols = (int)(5.2 + .5) = 5; maxRows = (int)(4.25 + .5) = 4
    EXPECT_EQ(name(g, {25, 20}, {260, 170}), "0605");
}

TEST(RegionGrid, NearestRegion) {
    RegionGrid g;
    g.regions = {{"Alpha", {100, 100}}, {"Beta", {200, 100}}, {"Gamma", {150, 300}}};
    std::string out;
    ASSERT_TRUE(append_region_location(out, g, {149, 100}));   // 49 from Alpha, 51 from Beta
    EXPECT_EQ(out, "Alpha");
    EXPECT_EQ(nearest_region(g, {151, 100})->name, "Beta");
    EXPECT_EQ(nearest_region(g, {150, 100})->name, "Alpha");  // a tie: the region written first
    EXPECT_EQ(nearest_region(g, {150, 250})->name, "Gamma");
    EXPECT_EQ(nearest_region(g, {-5000, -5000})->name, "Alpha");   // the nearest, however far
    RegionGrid empty;
    out.clear();
    EXPECT_FALSE(append_region_location(out, empty, {0, 0}));
    EXPECT_EQ(nearest_region(empty, {0, 0}), nullptr);
}

TEST(RegionGrid, FarPointsDoNotOverflow) {
    // Across the whole range of int: each difference squared is near 2^64, past long long.
    constexpr int lo = std::numeric_limits<int>::min(), hi = std::numeric_limits<int>::max();
    RegionGrid g;
    g.regions = {{"Low", {lo, lo}}, {"High", {hi, hi}}};
    EXPECT_EQ(nearest_region(g, {hi - 1, hi - 1})->name, "High");
    EXPECT_EQ(nearest_region(g, {lo + 1, lo})->name, "Low");
    EXPECT_EQ(nearest_region(g, {hi, lo})->name, "Low");   // equally far: the region written first
}
