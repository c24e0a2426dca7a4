// Hex grids with SPI-style CCRR numbering: adjacency on both column parities, rows, edges.
#include "hexmap.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace referee;

namespace {
std::set<std::string> names_of(const Map& m, const std::string& hex) {
    std::set<std::string> out;
    for (LocId n : m.neighbours(m.find(hex))) out.insert(m.name(n));
    return out;
}
}  // namespace

TEST(HexMap, NamesAreCCRR) {
    const Map m = Map::hex_grid(GridKind::HexColumns, 1, 25, 1, 27, true);
    EXPECT_EQ(m.size(), 25u * 27u);
    EXPECT_NE(m.find("0113"), kNoLoc);
    EXPECT_NE(m.find("2501"), kNoLoc);
    EXPECT_NE(m.find("2027"), kNoLoc);
    EXPECT_EQ(m.find("2601"), kNoLoc);
    EXPECT_EQ(m.find("0128"), kNoLoc);
    EXPECT_EQ(m.find("113"), kNoLoc);
    EXPECT_EQ(m.name(m.find("1711")), "1711");
}

TEST(HexMap, OddColumnWhenEvenColumnsAreShifted) {
    const Map m = Map::hex_grid(GridKind::HexColumns, 1, 25, 1, 27, true);
    EXPECT_EQ(names_of(m, "0505"), (std::set<std::string>{"0504", "0506", "0404", "0405", "0604", "0605"}));
}

TEST(HexMap, EvenColumnWhenEvenColumnsAreShifted) {
    const Map m = Map::hex_grid(GridKind::HexColumns, 1, 25, 1, 27, true);
    EXPECT_EQ(names_of(m, "0605"), (std::set<std::string>{"0604", "0606", "0505", "0506", "0705", "0706"}));
}

TEST(HexMap, ParitySettingSwapsTheNeighbours) {
    const Map m = Map::hex_grid(GridKind::HexColumns, 1, 25, 1, 27, false);  // odd columns lower
    EXPECT_EQ(names_of(m, "0505"), (std::set<std::string>{"0504", "0506", "0405", "0406", "0605", "0606"}));
    EXPECT_EQ(names_of(m, "0605"), (std::set<std::string>{"0604", "0606", "0504", "0505", "0704", "0705"}));
    EXPECT_FALSE(m.adjacent(m.find("0505"), m.find("0604")));
    EXPECT_TRUE(m.adjacent(m.find("0505"), m.find("0606")));
}

TEST(HexMap, AdjacencyIsSymmetricAndSixInside) {
    for (bool shift_even : {true, false}) {
        const Map m = Map::hex_grid(GridKind::HexColumns, 1, 12, 1, 10, shift_even);
        for (LocId a = 0; a < static_cast<LocId>(m.size()); ++a) {
            for (LocId b : m.neighbours(a)) EXPECT_TRUE(m.adjacent(b, a)) << m.name(a) << " " << m.name(b);
            const bool inside = m.column(a) > 1 && m.column(a) < 12 && m.row(a) > 1 && m.row(a) < 10;
            if (inside) {
                EXPECT_EQ(m.neighbours(a).size(), 6u) << m.name(a);
            }
            EXPECT_FALSE(m.adjacent(a, a));
        }
    }
}

TEST(HexMap, CornersAndEdgesHaveFewerNeighbours) {
    const Map m = Map::hex_grid(GridKind::HexColumns, 1, 25, 1, 27, true);
    EXPECT_EQ(names_of(m, "0101"), (std::set<std::string>{"0102", "0201"}));
    EXPECT_TRUE(m.on_edge(m.find("0113"), Edge::West));
    EXPECT_TRUE(m.on_edge(m.find("2027"), Edge::South));
    EXPECT_TRUE(m.on_edge(m.find("2501"), Edge::East));
    EXPECT_TRUE(m.on_edge(m.find("2501"), Edge::North));
    EXPECT_FALSE(m.on_edge(m.find("1113"), Edge::West));
}

TEST(HexMap, RowsShifted) {
    // Rows offset alternately (the Commands & Colors board): 13 wide, 9 rows.
    const Map m = Map::hex_grid(GridKind::HexRows, 1, 13, 1, 9, true);
    // Row 5 (odd, not shifted) touches columns c-1 and c of rows 4 and 6.
    EXPECT_EQ(names_of(m, "0605"), (std::set<std::string>{"0505", "0705", "0504", "0604", "0506", "0606"}));
    // Row 4 (even, shifted right) touches columns c and c+1 of rows 3 and 5.
    EXPECT_EQ(names_of(m, "0604"), (std::set<std::string>{"0504", "0704", "0603", "0703", "0605", "0705"}));
}

TEST(HexMap, AreaMap) {
    Map m;
    const LocId a = m.add_location("Boston"), b = m.add_location("Massachusetts"), c = m.add_location("New York");
    m.add_adjacency(a, b);
    m.add_adjacency(b, c);
    m.add_adjacency(b, a);  // duplicates are ignored
    EXPECT_TRUE(m.adjacent(a, b));
    EXPECT_TRUE(m.adjacent(b, a));
    EXPECT_FALSE(m.adjacent(a, c));
    EXPECT_EQ(m.neighbours(b).size(), 2u);
    EXPECT_EQ(m.find("boston"), kNoLoc);  // location names are case-sensitive
    EXPECT_FALSE(m.on_edge(a, Edge::North));
}
