// Tests of <map> (hex grids and area maps), <edges> and <roads> (parser/scenario/section_map.cpp).
#include "scenario.hpp"
#include "scenario_support.hpp"

#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <string>
#include <vector>

using namespace referee;
using namespace referee::testing_support;

namespace {

// An area map of two locations.
const char* const kTwoTowns = R"(<scenario id="areas" title="Areas" turns="2">
  <sides><side name="A"/><side name="B"/></sides>
  <phases><phase name="operations" kind="movement"/></phases>
  <sequence><step side="A" phase="operations"/></sequence>
  <map>
    <location name="Boston" adjacent="Albany"/>
    <location name="Albany"/>
  </map>
</scenario>
)";

}  // namespace

TEST(ScenarioErrors, UnknownLocation) {
    ScenarioError e = one_error(replace(kMinimal, "at=\"0101\"", "at=\"0601\""));
    EXPECT_EQ(e.line, 10u);
    EXPECT_EQ(e.col, 63u);
    EXPECT_TRUE(contains(e.message, "unknown location '0601'")) << e.message;
    EXPECT_TRUE(contains(e.message, "columns 01-05, rows 01-04")) << e.message;
}

TEST(ScenarioErrors, GridRangeAndTurnRange) {
    ScenarioError e = one_error(replace(kMinimal, "columns=\"01-05\"", "columns=\"05-01\""));
    EXPECT_EQ(e.line, 8u);
    EXPECT_TRUE(contains(e.message, "must run upward")) << e.message;

    e = one_error(replace(kMinimal, "columns=\"01-05\"", "columns=\"1..5\""));
    EXPECT_TRUE(contains(e.message, "is not a range")) << e.message;

    e = one_error(replace(kMinimal, "<step side=\"Red\" phase=\"movement\"/>",
                          "<step side=\"Red\" phase=\"movement\" first-turn=\"3\" last-turn=\"2\"/>"));
    EXPECT_TRUE(contains(e.message, "first-turn 3 is after last-turn 2")) << e.message;

    ScenarioLoad r = read_scenario_xml(
        replace(kMinimal, "<step side=\"Red\" phase=\"movement\"/>", "<step side=\"Red\" phase=\"movement\" first-turn=\"2\"/>"), "t");
    ASSERT_TRUE(r.scenario);
    EXPECT_EQ(r.scenario->sequence[1].first_turn, 2);
    EXPECT_EQ(r.scenario->sequence[1].last_turn, INT_MAX);
}

TEST(AreaMap, MinimalAreaScenario) {
    const char* xml = R"(<scenario id="areas" title="Areas" turns="2">
  <sides><side name="Patriots"/><side name="British"/></sides>
  <phases><phase name="operations" kind="movement"/><phase name="support" kind="other"/></phases>
  <sequence>
    <step side="Patriots" phase="operations"/>
    <step side="British" phase="operations"/>
    <step side="none" phase="support"/>
  </sequence>
  <map>
    <location name="New York City" adjacent="New York, New Jersey"/>
    <location name="New York" adjacent="Massachusetts"/>
    <location name="New Jersey"/>
    <location name="Massachusetts"/>
  </map>
  <units>
    <group side="British" type="regular" source="test">
      <unit id="Howe" strength="4" at="New York City" roles="leader"/>
    </group>
  </units>
  <holdings><hold loc="New York City" side="British"/></holdings>
</scenario>
)";
    ScenarioLoad r = read_scenario_xml(xml, "areas.xml");
    ASSERT_TRUE(r.scenario) << (r.errors.empty() ? "" : r.errors[0].message);
    const Scenario& s = *r.scenario;
    EXPECT_EQ(s.map.grid(), GridKind::None);
    ASSERT_EQ(s.map.size(), 4u);
    const LocId nyc = s.map.find("New York City"), ny = s.map.find("New York"), nj = s.map.find("New Jersey"),
                ma = s.map.find("Massachusetts");
    EXPECT_TRUE(s.map.adjacent(nyc, ny));
    EXPECT_TRUE(s.map.adjacent(nj, nyc));  // adjacency is symmetric
    EXPECT_TRUE(s.map.adjacent(ma, ny));
    EXPECT_FALSE(s.map.adjacent(ma, nyc));
    EXPECT_FALSE(s.map.on_edge(nyc, Edge::North));
    EXPECT_EQ(s.first_player, kNoSide);
    ASSERT_EQ(s.sequence.size(), 3u);
    EXPECT_EQ(s.sequence[2].side, kNoSide);
    EXPECT_EQ(s.phases[1].kind, PhaseKind::Other);
    ASSERT_EQ(s.units.size(), 1u);
    EXPECT_EQ(s.units[0].side, 1);
    EXPECT_EQ(s.units[0].type, "regular");
    EXPECT_EQ(s.units[0].source, "test");
    EXPECT_EQ(s.units[0].at, nyc);
    EXPECT_EQ(s.units[0].roles, (std::vector<std::string>{"leader"}));
    ASSERT_EQ(s.holds.size(), 1u);
    EXPECT_EQ(s.holds[0].loc, nyc);
}

TEST(AreaMap, Errors) {
    const std::string base = kTwoTowns;
    ASSERT_TRUE(read_scenario_xml(base, "a.xml").scenario);
    ScenarioError e = one_error(replace(base, "adjacent=\"Albany\"", "adjacent=\"Albany, Quebec\""));
    EXPECT_EQ(e.line, 6u);
    EXPECT_TRUE(contains(e.message, "unknown location 'Quebec'")) << e.message;
    e = one_error(replace(base, "<location name=\"Albany\"/>", "<location name=\"Albany\"/>\n    <location name=\"Boston\"/>"));
    EXPECT_EQ(e.line, 8u);
    EXPECT_TRUE(contains(e.message, "declared twice (first on line 6)")) << e.message;
    e = one_error(replace(base, "<location name=\"Albany\"/>",
                          "<location name=\"Albany\"/>\n    <hex-grid kind=\"hex-rows\" columns=\"1-2\" rows=\"1-2\" shifted=\"odd\"/>"));
    EXPECT_TRUE(contains(e.message, "not both")) << e.message;
    e = one_error(replace(base, "adjacent=\"Albany\"", "adjacent=\"Boston\""));
    EXPECT_TRUE(contains(e.message, "adjacent to itself")) << e.message;
}

TEST(Edges, DeclaredEdgesReplaceTheExtent) {
    ScenarioLoad r = valid(with(R"(<edges><edge name="east" hexes="0401, 0502"/><edge name="North" hexes="0101"/></edges>)"));
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    EXPECT_TRUE(s.map.edge_declared(Edge::East));
    EXPECT_TRUE(s.map.edge_declared(Edge::North));
    EXPECT_FALSE(s.map.edge_declared(Edge::South));
    EXPECT_TRUE(s.map.on_edge(loc(s, "0401"), Edge::East));
    EXPECT_TRUE(s.map.on_edge(loc(s, "0502"), Edge::East));
    EXPECT_FALSE(s.map.on_edge(loc(s, "0503"), Edge::East));  // on the extent's east edge, but not declared
    EXPECT_TRUE(s.map.on_edge(loc(s, "0101"), Edge::North));
    EXPECT_FALSE(s.map.on_edge(loc(s, "0301"), Edge::North));
    EXPECT_TRUE(s.map.on_edge(loc(s, "0104"), Edge::South));  // undeclared edges follow the extent
    EXPECT_TRUE(s.map.on_edge(loc(s, "0103"), Edge::West));
}

TEST(Edges, AreaMapsHaveEdgesOnlyWhenDeclared) {
    const std::string xml = replace(kTwoTowns, "</scenario>", "  <edges><edge name=\"west\" hexes=\"Boston\"/></edges>\n</scenario>");
    ScenarioLoad r = valid(xml);
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    EXPECT_TRUE(s.map.on_edge(loc(s, "Boston"), Edge::West));
    EXPECT_FALSE(s.map.on_edge(loc(s, "Albany"), Edge::West));
    EXPECT_FALSE(s.map.on_edge(loc(s, "Boston"), Edge::North));
}

TEST(Edges, Errors) {
    ScenarioError e = one_error(with(R"(<edges><edge name="up" hexes="0101"/></edges>)"));
    EXPECT_EQ(e.line, 12u);
    EXPECT_EQ(e.col, 20u);  // "up"
    EXPECT_TRUE(contains(e.message, "<edge> attribute 'name': 'up' is not one of north, south, east, west")) << e.message;

    e = one_error(with(R"(<edges><edge name="east" hexes="0501"/>
<edge name="EAST" hexes="0502"/></edges>)"));
    EXPECT_EQ(e.line, 13u);
    EXPECT_TRUE(contains(e.message, "edge 'east' is declared twice (first on line 12)")) << e.message;

    e = one_error(with(R"(<edges><edge name="east" hexes=""/></edges>)"));
    EXPECT_TRUE(contains(e.message, "<edge> attribute 'hexes' is empty")) << e.message;

    e = one_error(with(R"(<edges><edge name="east"/></edges>)"));
    EXPECT_TRUE(contains(e.message, "<edge> needs attribute 'hexes'")) << e.message;

    e = one_error(with(R"(<edges><edge name="east" hexes="0601"/></edges>)"));
    EXPECT_TRUE(contains(e.message, "unknown location '0601'")) << e.message;
}

TEST(Roads, ChainsAndWhereTheyLeaveTheMap) {
    ScenarioLoad r = valid(with(R"(<roads>
  <road name="Ridge Road" hexes="0102, 0201, 0301" leaves-at="0102, 0301"/>
  <road name="Corner Trail" kind="trail" hexes="0101, 0201" leaves-at="0101" edge="north"/>
  <road name="Inner Road" kind="road" hexes="0202, 0302"/>
</roads>)"));
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    ASSERT_EQ(s.roads.size(), 3u);
    const Road& ridge = s.roads[0];
    EXPECT_EQ(ridge.name, "Ridge Road");
    EXPECT_FALSE(ridge.trail);
    EXPECT_EQ(names(s, ridge.hexes), (std::vector<std::string>{"0102", "0201", "0301"}));
    ASSERT_EQ(ridge.leaves.size(), 2u);
    EXPECT_EQ(s.map.name(ridge.leaves[0].hex), "0102");
    EXPECT_EQ(ridge.leaves[0].edge, Edge::West);
    EXPECT_EQ(s.map.name(ridge.leaves[1].hex), "0301");
    EXPECT_EQ(ridge.leaves[1].edge, Edge::North);
    const Road& trail = s.roads[1];
    EXPECT_TRUE(trail.trail);
    ASSERT_EQ(trail.leaves.size(), 1u);
    EXPECT_EQ(s.map.name(trail.leaves[0].hex), "0101");  // a corner: edge= says which
    EXPECT_EQ(trail.leaves[0].edge, Edge::North);
    EXPECT_FALSE(s.roads[2].trail);
    EXPECT_TRUE(s.roads[2].leaves.empty());

    ScenarioLoad none = valid(kMinimal);
    ASSERT_TRUE(none.scenario);
    EXPECT_TRUE(none.scenario->roads.empty());
}

// R3, C3: roads and trails form one network where they share a hex (a junction); a road that meets
// no other is a network of its own. The networks and where they leave are worked out when the file
// is read.
namespace {

// The networks of s in order, each as its roads and where it leaves the map:
// "West Road + Mill Trail: 0102 west, 0502 east | Lone Road: -".
std::string networks(const Scenario& s) {
    std::string out;
    for (std::size_t k = 0; k < s.road_networks.size(); ++k) {
        std::string roads, leaves;
        for (std::size_t r = 0; r < s.roads.size(); ++r)
            if (s.road_networks.of_road[r] == static_cast<std::int32_t>(k)) roads += (roads.empty() ? "" : " + ") + s.roads[r].name;
        for (const LeavesAt& la : s.road_networks.leaves[k])
            leaves += (leaves.empty() ? "" : ", ") + s.map.name(la.hex) + " " + edge_name(la.edge);
        out += (out.empty() ? "" : " | ") + roads + ": " + (leaves.empty() ? "-" : leaves);
    }
    return out;
}

}  // namespace

TEST(Roads, R3_C3_NetworksJoinAtJunctions) {
    ScenarioLoad r = valid(with(R"(<roads>
  <road name="West Road" hexes="0102, 0202" leaves-at="0102"/>
  <road name="Mill Trail" kind="trail" hexes="0202, 0302"/>
  <road name="East Road" hexes="0302, 0402, 0502" leaves-at="0502"/>
  <road name="Lone Road" hexes="0304, 0404" leaves-at="0404"/>
</roads>)"));
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    // West Road - Mill Trail at 0202 - East Road at 0302; the Lone Road meets none.
    EXPECT_EQ(networks(s), "West Road + Mill Trail + East Road: 0102 west, 0502 east | Lone Road: 0404 south");
    // Every hex of a road knows its network; the others none.
    const RoadNetworks& nw = s.road_networks;
    EXPECT_EQ(nw.of(s.map.find("0202")), 0);  // the junction of the West Road and the trail
    EXPECT_EQ(nw.of(s.map.find("0402")), 0);
    EXPECT_EQ(nw.of(s.map.find("0304")), 1);
    EXPECT_EQ(nw.of(s.map.find("0303")), -1);  // between the two, on neither
    EXPECT_EQ(nw.of(s.map.find("0101")), -1);
    EXPECT_EQ(nw.of(kNoLoc), -1);
    EXPECT_EQ(nw.of_loc.size(), s.map.size());

    // Without roads: no networks.
    ScenarioLoad none = valid(kMinimal);
    ASSERT_TRUE(none.scenario);
    EXPECT_EQ(none.scenario->road_networks.size(), 0u);
    EXPECT_EQ(none.scenario->road_networks.of(none.scenario->map.find("0101")), -1);
}

TEST(Roads, R3_C3_ARoadThatJoinsTwoNetworksMakesThemOne) {
    // The North and South Roads are apart until the Cross Trail, read after them, meets both; two
    // spurs leave at the same hex, which their network lists once. Networks are numbered in the
    // order of their first road.
    ScenarioLoad r = valid(with(R"(<roads>
  <road name="North Road" hexes="0201, 0301"/>
  <road name="South Road" hexes="0204, 0304"/>
  <road name="Spur" hexes="0502, 0503" leaves-at="0502"/>
  <road name="Cross Trail" kind="trail" hexes="0301, 0302, 0303, 0304"/>
  <road name="Spur Two" hexes="0402, 0502" leaves-at="0502"/>
</roads>)"));
    ASSERT_TRUE(r.scenario);
    EXPECT_EQ(networks(*r.scenario), "North Road + South Road + Cross Trail: - | Spur + Spur Two: 0502 east");
    EXPECT_EQ(r.scenario->road_networks.of_road, (std::vector<std::int32_t>{0, 0, 1, 0, 1}));
}

TEST(Roads, EdgesApplyBeforeRoadsWhereverTheyAreInTheFile) {
    // 0302 is inside the grid; <edges> (after <roads> in the file) puts it on the east edge.
    ScenarioLoad r = valid(with(R"(<roads><road name="R" hexes="0202, 0302" leaves-at="0302"/></roads>
<edges><edge name="east" hexes="0302"/></edges>)"));
    ASSERT_TRUE(r.scenario);
    ASSERT_EQ(r.scenario->roads.size(), 1u);
    ASSERT_EQ(r.scenario->roads[0].leaves.size(), 1u);
    EXPECT_EQ(r.scenario->roads[0].leaves[0].edge, Edge::East);
}

TEST(Roads, Errors) {
    ScenarioError e = one_error(with(R"(<roads><road name="R" hexes="0101, 0301"/></roads>)"));
    EXPECT_EQ(e.line, 12u);
    EXPECT_EQ(e.col, 30u);  // the value of 'hexes'
    EXPECT_TRUE(contains(e.message, "<road> attribute 'hexes': '0101' and '0301' are not adjacent")) << e.message;

    e = one_error(with(R"(<roads><road name="R" hexes="0202, 0302" leaves-at="0302"/></roads>)"));
    EXPECT_EQ(e.line, 12u);
    EXPECT_EQ(e.col, 53u);  // the value of 'leaves-at'
    EXPECT_TRUE(contains(e.message, "<road> attribute 'leaves-at': '0302' is not on a map edge")) << e.message;

    e = one_error(with(R"(<roads><road name="R" hexes="0101, 0201" leaves-at="0101"/></roads>)"));
    EXPECT_EQ(e.line, 12u);
    EXPECT_EQ(e.col, 53u);
    EXPECT_TRUE(contains(e.message, "'0101' is a corner, on the north and west edges")) << e.message;
    EXPECT_TRUE(contains(e.message, "edge=")) << e.message;

    e = one_error(with(R"(<roads><road name="R" hexes="0101, 0201" leaves-at="0101" edge="south"/></roads>)"));
    EXPECT_TRUE(contains(e.message, "'0101' is not on the south edge (it is on the north edge and the west edge)")) << e.message;

    e = one_error(with(R"(<roads><road name="R" hexes="0101, 0201" leaves-at="0501"/></roads>)"));
    EXPECT_TRUE(contains(e.message, "'0501' is not one of the road's hexes")) << e.message;

    e = one_error(with(R"(<roads><road name="R" hexes="0102, 0201, 0301" leaves-at="0102, 0301" edge="west"/></roads>)"));
    EXPECT_TRUE(contains(e.message, "'edge' goes with a single 'leaves-at' hex")) << e.message;

    e = one_error(with(R"(<roads><road name="R" hexes="0101, 0201" edge="west"/></roads>)"));
    EXPECT_TRUE(contains(e.message, "'edge' goes with a single 'leaves-at' hex")) << e.message;

    e = one_error(with(R"(<roads><road name="R" hexes="0101"/></roads>)"));
    EXPECT_TRUE(contains(e.message, "needs at least two hexes")) << e.message;

    e = one_error(with(R"(<roads><road name="R" hexes="0101, 0201, 0101"/></roads>)"));
    EXPECT_TRUE(contains(e.message, "lists '0101' twice")) << e.message;

    e = one_error(with(R"(<roads><road name="R" hexes="0101, 0201"/>
<road name="r" hexes="0201, 0301"/></roads>)"));
    EXPECT_EQ(e.line, 13u);
    EXPECT_TRUE(contains(e.message, "road 'r' is declared twice (first on line 12)")) << e.message;

    e = one_error(with(R"(<roads><road name="R" kind="lane" hexes="0101, 0201"/></roads>)"));
    EXPECT_TRUE(contains(e.message, "'lane' is not one of road, trail")) << e.message;

    e = one_error(with(R"(<roads><road hexes="0101, 0201"/></roads>)"));
    EXPECT_TRUE(contains(e.message, "<road> needs attribute 'name'")) << e.message;
}
