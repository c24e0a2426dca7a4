// Zone polygons as java.awt.Polygon tests them, and zone paths.
#include "zoned_grid.hpp"

#include <gtest/gtest.h>

#include <limits>

using namespace referee::vassal;

namespace {

bool inside(const std::vector<Point>& poly, Point p) { return polygon_contains(poly, polygon_bounds(poly), p); }

}  // namespace

TEST(ZonedGrid, Path) {
    EXPECT_EQ(parse_zone_path("870,0;1204,0;1204,216;870,216"), (std::vector<Point>{{870, 0}, {1204, 0}, {1204, 216}, {870, 216}}));
    EXPECT_EQ(parse_zone_path("1,2;bad;3,x;-4,5;"), (std::vector<Point>{{1, 2}, {-4, 5}}));
    EXPECT_TRUE(parse_zone_path("").empty());
    EXPECT_EQ(polygon_bounds(parse_zone_path("870,0;1204,0;1204,216;870,216")), (Rect{870, 0, 334, 216}));
}

TEST(ZonedGrid, RectangleEdges) {
    const auto box = parse_zone_path("100,100;300,100;300,200;100,200");
    EXPECT_TRUE(inside(box, {100, 100}));    // the left and top edges are inside
    EXPECT_TRUE(inside(box, {299, 199}));
    EXPECT_TRUE(inside(box, {200, 150}));
    EXPECT_FALSE(inside(box, {300, 150}));   // the right and bottom edges are not
    EXPECT_FALSE(inside(box, {200, 200}));
    EXPECT_FALSE(inside(box, {99, 150}));
}

TEST(ZonedGrid, Triangle) {
    const auto tri = parse_zone_path("0,0;100,0;0,100");
    EXPECT_TRUE(inside(tri, {10, 10}));
    EXPECT_TRUE(inside(tri, {50, 49}));      // x + y = 99
    EXPECT_FALSE(inside(tri, {60, 60}));     // x + y = 120
    EXPECT_FALSE(inside(tri, {-1, 10}));
}

TEST(ZonedGrid, ConcaveAndDegenerate) {
    // A U shape: the notch between the arms is outside.
    const auto u = parse_zone_path("0,0;30,0;30,20;20,20;20,10;10,10;10,20;0,20");
    EXPECT_TRUE(inside(u, {5, 15}));
    EXPECT_TRUE(inside(u, {25, 15}));
    EXPECT_FALSE(inside(u, {15, 15}));
    EXPECT_TRUE(inside(u, {15, 5}));
    EXPECT_FALSE(inside(parse_zone_path("0,0;10,10"), {5, 5}));          // two points: no area
    EXPECT_FALSE(inside(parse_zone_path("0,0;10,0;20,0"), {5, 0}));      // flat
}

TEST(ZonedGrid, FirstZoneWins) {
    ZonedGrid g;
    Zone a;
    a.name = "A";
    a.path = parse_zone_path("0,0;100,0;100,100;0,100");
    a.bounds = polygon_bounds(a.path);
    Zone b = a;
    b.name = "B";
    g.zones = {a, b};
    ASSERT_NE(zone_at(g, {50, 50}), nullptr);
    EXPECT_EQ(zone_at(g, {50, 50})->name, "A");
    EXPECT_EQ(zone_at(g, {150, 50}), nullptr);
}

TEST(ZonedGrid, PolygonWiderThanIntContainsNothing) {
    // java.awt.Polygon's bounds are ints: a width past int's range wraps negative (it was undefined
    // behaviour here), and such a polygon contains no point.
    constexpr int lo = std::numeric_limits<int>::min(), hi = std::numeric_limits<int>::max();
    const std::vector<Point> wide = {{lo, 0}, {hi, 0}, {0, 5}};
    EXPECT_EQ(polygon_bounds(wide), (Rect{lo, 0, -1, 5}));
    EXPECT_FALSE(inside(wide, {0, 1}));
    // Within int's range, the bounds hold and the polygon has its points.
    const std::vector<Point> broad = {{-1073741824, 0}, {1073741823, 0}, {0, 8}};
    EXPECT_EQ(polygon_bounds(broad), (Rect{-1073741824, 0, hi, 8}));
    EXPECT_TRUE(inside(broad, {0, 1}));
}
