// Tests of <terrain> and <movement-points> (parser/scenario/section_terrain.cpp) and of the units'
// `ma` (section_units.cpp): the scenario data of movement points (ruling G7), read exactly, and
// every bad value a scenario-file error at its line and column.
#include "scenario.hpp"
#include "scenario_support.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace referee;
using namespace referee::testing_support;

namespace {

// kMinimal's map: hex-columns 01-05, rows 01-04, even columns lower. 0101 touches 0102 and 0201;
// 0201 touches 0101, 0102, 0202, 0301, 0302.
const std::string kTerrain = R"(<terrain default="clear" road-cost="1/2" trail-cost="1">
  <kind name="clear" cost="1"/>
  <kind name="Woods" cost="2"/>
  <kind name="town" cost="0.5"/>
  <kind name="stream" cost="2" hexside="yes"/>
  <kind name="ford" cost="1/3" hexside="yes"/>
  <hex kind="woods" hexes="0102, 0202"/>
  <hex kind="town" hexes="0303"/>
  <hexside kind="stream" hexes="0101, 0201"/>
  <hexside kind="ford" hexes="0201, 0301"/>
</terrain>)";

std::int32_t kind_of(const Scenario& s, const char* hex) { return s.terrain.hex_kind[static_cast<std::size_t>(loc(s, hex))]; }

}  // namespace

TEST(Terrain, KindsHexesHexsidesAndRoadCostsAreReadExactly) {
    ScenarioLoad r = valid(with(kTerrain));
    ASSERT_TRUE(r.scenario);
    const Terrain& t = r.scenario->terrain;
    EXPECT_TRUE(t.declared);
    ASSERT_EQ(t.kinds.size(), 5u);
    EXPECT_EQ(t.kinds[1].name, "Woods");
    EXPECT_EQ(t.kinds[1].cost.num, 2);
    EXPECT_EQ(t.kinds[1].cost.den, 1);
    EXPECT_EQ(t.kinds[2].cost.num, 1);  // 0.5 in lowest terms
    EXPECT_EQ(t.kinds[2].cost.den, 2);
    EXPECT_FALSE(t.kinds[2].hexside);
    EXPECT_TRUE(t.kinds[3].hexside);
    EXPECT_EQ(t.kinds[4].cost.den, 3);
    // Every hex has a kind: the default where no <hex> names it (kinds match without case).
    ASSERT_EQ(t.hex_kind.size(), r.scenario->map.size());
    EXPECT_EQ(kind_of(*r.scenario, "0102"), 1);
    EXPECT_EQ(kind_of(*r.scenario, "0202"), 1);
    EXPECT_EQ(kind_of(*r.scenario, "0303"), 2);
    EXPECT_EQ(kind_of(*r.scenario, "0504"), 0);
    ASSERT_EQ(t.hexsides.size(), 2u);
    EXPECT_EQ(t.hexsides[0].kind, 3);
    EXPECT_EQ(names(*r.scenario, {t.hexsides[1].a, t.hexsides[1].b}), (std::vector<std::string>{"0201", "0301"}));
    ASSERT_TRUE(t.has_road_cost && t.has_trail_cost);
    EXPECT_EQ(t.road_cost.num, 1);
    EXPECT_EQ(t.road_cost.den, 2);
    EXPECT_EQ(t.trail_cost.num, 1);
    // Halves and thirds: every cost is a whole number of sixths.
    EXPECT_EQ(r.scenario->movement_points.denominator, 6);
}

TEST(Terrain, AMapMayBeDeclaredAllClear) {
    ScenarioLoad r = valid(with(R"(<terrain all-clear="yes" road-cost="1/2"/>)"));
    ASSERT_TRUE(r.scenario);
    const Terrain& t = r.scenario->terrain;
    EXPECT_TRUE(t.declared);
    ASSERT_EQ(t.kinds.size(), 1u);
    EXPECT_EQ(t.kinds[0].name, "clear");
    EXPECT_EQ(t.kinds[0].cost.num, 1);
    EXPECT_EQ(t.hex_kind, std::vector<std::int32_t>(r.scenario->map.size(), 0));
    EXPECT_TRUE(t.has_road_cost);
    EXPECT_EQ(r.scenario->movement_points.denominator, 2);
}

TEST(Terrain, WithoutTheSectionTheTerrainIsNotKnown) {
    ScenarioLoad r = valid(kMinimal);
    ASSERT_TRUE(r.scenario);
    EXPECT_FALSE(r.scenario->terrain.declared);
    EXPECT_EQ(r.scenario->movement_points.denominator, 1);
    EXPECT_EQ(r.scenario->units[0].ma, -1);
}

// --- bad data: a scenario-file error at its place ---------------------------------------------------

TEST(TerrainErrors, UnknownTerrainName) {
    const std::string xml = with(replace(kTerrain, R"(<hex kind="town")", R"(<hex kind="twon")"));
    const ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "twon");
    EXPECT_TRUE(contains(e.message, "unknown terrain kind 'twon' (kinds: clear, Woods, town, stream, ford)")) << e.message;
    EXPECT_EQ(e.line, 19u);  // <terrain> is on line 12
}

TEST(TerrainErrors, UnknownDefaultAndHexsideKinds) {
    std::string xml = with(replace(kTerrain, R"(default="clear")", R"(default="plain")"));
    ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "plain");
    EXPECT_TRUE(contains(e.message, "<terrain> attribute 'default': unknown terrain kind 'plain'")) << e.message;

    xml = with(replace(kTerrain, R"(<hexside kind="ford")", R"(<hexside kind="bridge")"));
    e = one_error(xml);
    EXPECT_AT(e, xml, "bridge");
}

TEST(TerrainErrors, NegativeCost) {
    const std::string xml = with(replace(kTerrain, R"(cost="2"/>
  <kind name="town")", R"(cost="-2"/>
  <kind name="town")"));
    const ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "-2");
    EXPECT_TRUE(contains(e.message, "<kind> attribute 'cost': '-2' is negative")) << e.message;
    EXPECT_EQ(e.line, 14u);
}

TEST(TerrainErrors, CostsThatAreNotNumbersOrTooLarge) {
    for (const char* bad : {"two", "1/0", "1/2/3", "1.2345", ".5", "1 1/2", "1001", "3/0.5"}) {
        const std::string xml = with(replace(kTerrain, R"(<kind name="clear" cost="1"/>)", std::string(R"(<kind name="clear" cost=")") + bad + "\"/>"));
        const ScenarioError e = one_error(xml);
        EXPECT_EQ(e.line, 13u) << bad;
        EXPECT_EQ(e.col, 28u) << bad;
        EXPECT_TRUE(contains(e.message, "<kind> attribute 'cost'")) << bad << ": " << e.message;
    }
    for (const char* good : {"0", "1000", "999/1000", "2.25", "7/2"})
        EXPECT_TRUE(valid(with(replace(kTerrain, R"(<kind name="clear" cost="1"/>)", std::string(R"(<kind name="clear" cost=")") + good + "\"/>"))).scenario)
            << good;
}

TEST(TerrainErrors, HexsideBetweenHexesThatAreNotAdjacent) {
    const std::string xml = with(replace(kTerrain, R"(hexes="0201, 0301")", R"(hexes="0201, 0401")"));
    const ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "0201, 0401");
    EXPECT_TRUE(contains(e.message, "'0201' and '0401' are not adjacent (a hexside lies between two adjacent hexes)")) << e.message;
    EXPECT_EQ(e.line, 21u);
}

TEST(TerrainErrors, AHexsideHasTwoHexes) {
    const std::string xml = with(replace(kTerrain, R"(hexes="0201, 0301")", R"(hexes="0201, 0301, 0302")"));
    const ScenarioError e = one_error(xml);
    EXPECT_TRUE(contains(e.message, "names the two hexes on either side of the hexside; it names 3")) << e.message;
}

TEST(TerrainErrors, KindsOfHexAndOfHexsideAreNotMixed) {
    std::string xml = with(replace(kTerrain, R"(<hex kind="town")", R"(<hex kind="ford")"));
    ScenarioError e = one_error(xml);
    EXPECT_TRUE(contains(e.message, "'ford' is a kind of hexside, and <hex> takes a kind of hex")) << e.message;
    xml = with(replace(kTerrain, R"(<hexside kind="ford")", R"(<hexside kind="town")"));
    e = one_error(xml);
    EXPECT_TRUE(contains(e.message, "'town' is a kind of hex, and <hexside> takes a kind of hexside")) << e.message;
    xml = with(replace(kTerrain, R"(default="clear")", R"(default="stream")"));
    e = one_error(xml);
    EXPECT_TRUE(contains(e.message, "<terrain> attribute 'default': 'stream' is a kind of hexside")) << e.message;
}

TEST(TerrainErrors, TwiceIsAnError) {
    std::string xml = with(replace(kTerrain, R"(<kind name="town")", R"(<kind name="WOODS" cost="1"/><kind name="town")"));
    ScenarioError e = one_error(xml);
    EXPECT_TRUE(contains(e.message, "terrain kind 'WOODS' is declared twice (first on line 14)")) << e.message;
    xml = with(replace(kTerrain, R"(hexes="0303")", R"(hexes="0303, 0202")"));
    e = one_error(xml);
    EXPECT_TRUE(contains(e.message, "'0202' is given a terrain twice (first on line 18)")) << e.message;
    xml = with(replace(kTerrain, R"(hexes="0201, 0301")", R"(hexes="0201, 0101")"));
    e = one_error(xml);
    EXPECT_TRUE(contains(e.message, "the hexside between '0201' and '0101' is given twice (first on line 20)")) << e.message;
}

TEST(TerrainErrors, WhatTheSectionNeeds) {
    ScenarioError e = one_error(with(R"(<terrain default="clear"/>)"));
    EXPECT_TRUE(contains(e.message, "<terrain> needs its kinds of terrain")) << e.message;
    e = one_error(with(R"(<terrain><kind name="clear" cost="1"/></terrain>)"));
    EXPECT_TRUE(contains(e.message, "<terrain> needs attribute 'default'")) << e.message;
    e = one_error(with(R"(<terrain all-clear="yes"><hex kind="woods" hexes="0101"/></terrain>)"));
    EXPECT_TRUE(contains(e.message, "it takes no <hex>")) << e.message;
    e = one_error(with(R"(<terrain all-clear="yes" default="clear"/>)"));
    EXPECT_TRUE(contains(e.message, "it takes no 'default'")) << e.message;
    e = one_error(with(replace(kTerrain, R"(<hex kind="town" hexes="0303"/>)", R"(<hex kind="town" hexes="0909"/>)")));
    EXPECT_TRUE(contains(e.message, "unknown location '0909'")) << e.message;
    e = one_error(with(replace(kTerrain, R"(<hex kind="town")", R"(<hex kind="town" cost="1")")));
    EXPECT_TRUE(contains(e.message, "cost")) << e.message;
}

TEST(TerrainErrors, FractionsWithoutACommonDenominator) {
    // 997, 991 and 983 are primes: their product passes a million.
    const std::string xml = with(replace(kTerrain, R"(<kind name="clear" cost="1"/>)",
                                         R"(<kind name="clear" cost="1/997"/><kind name="bog" cost="1/991"/><kind name="mud" cost="1/983"/>)"));
    const ScenarioError e = one_error(xml);
    EXPECT_TRUE(contains(e.message, "no common denominator")) << e.message;
    EXPECT_EQ(e.line, 12u);  // at <terrain>
}

// --- <movement-points> ---------------------------------------------------------------------------

TEST(MovementPointsSection, RulesAllowancesAndNeeds) {
    ScenarioLoad r = valid(with(R"(<movement-points rule="5.1" enter-cost="1" enter-rule="14.32" exit-cost="1/2" exit-rule="17.3">
  <allowance type="infantry" ma="4"/>
  <allowance type="Cavalry" ma="8"/>
  <needs-hexsides kind="ford" rule="14.6" what="the creek   is
   fords"/>
</movement-points>)"));
    ASSERT_TRUE(r.scenario);
    const MovementRules& m = r.scenario->movement_points;
    EXPECT_EQ(m.rule, "5.1");
    EXPECT_TRUE(m.has_enter_cost);
    EXPECT_EQ(m.enter_cost.num, 1);
    EXPECT_EQ(m.enter_rule, "14.32");
    EXPECT_TRUE(m.has_exit_cost);
    EXPECT_EQ(m.exit_cost.den, 2);
    EXPECT_EQ(m.exit_rule, "17.3");
    ASSERT_EQ(m.allowances.size(), 2u);
    EXPECT_EQ(m.allowances[1].type, "Cavalry");
    EXPECT_EQ(m.allowances[1].ma, 8);
    ASSERT_EQ(m.needs.size(), 1u);
    EXPECT_EQ(m.needs[0].what, "the creek is fords");
    EXPECT_EQ(m.denominator, 2);                  // the exit's half
    EXPECT_FALSE(r.scenario->terrain.declared);   // the rules without the map: nothing to check
}

TEST(MovementPointsSection, Errors) {
    ScenarioError e = one_error(with(R"(<movement-points enter-rule="14.32"/>)"));
    EXPECT_TRUE(contains(e.message, "'enter-rule' goes with 'enter-cost'")) << e.message;
    e = one_error(with(R"(<movement-points><allowance type="infantry" ma="4"/><allowance type="INFANTRY" ma="5"/></movement-points>)"));
    EXPECT_TRUE(contains(e.message, "unit type 'INFANTRY' is given an allowance twice")) << e.message;
    e = one_error(with(R"(<movement-points><allowance type="infantry" ma="-4"/></movement-points>)"));
    EXPECT_TRUE(contains(e.message, "out of range (0..1000)")) << e.message;
    e = one_error(with(R"(<movement-points exit-cost="-1"/>)"));
    EXPECT_TRUE(contains(e.message, "is negative")) << e.message;
    e = one_error(with(R"(<movement-points><needs-hexsides kind="ford" rule="14.6"/></movement-points>)"));
    EXPECT_TRUE(contains(e.message, "needs attribute 'what'")) << e.message;
    e = one_error(with(R"(<movement-points><needs-hexsides kind="ford" rule="14.6" what="a"/><needs-hexsides kind="x" rule="14.6" what="b"/></movement-points>)"));
    EXPECT_TRUE(contains(e.message, "rule '14.6' has two <needs-hexsides>")) << e.message;
}

TEST(MovementPointsSection, UnitsAndGroupsGiveAnAllowance) {
    ScenarioLoad r = valid(replace(kMinimal, R"(<unit id="a" side="Blue" type="infantry" strength="3" at="0101"/>)",
                                   R"(<unit id="a" side="Blue" type="infantry" strength="3" at="0101" ma="6"/>
    <group side="Red" type="cavalry" ma="8">
      <unit id="b" strength="2" at="0504"/>
      <unit id="c" strength="2" at="0503" ma="9"/>
    </group>
    <unit id="d" side="Red" type="infantry" strength="2" at="0502"/>)"));
    ASSERT_TRUE(r.scenario);
    EXPECT_EQ(unit(*r.scenario, "a")->ma, 6);
    EXPECT_EQ(unit(*r.scenario, "b")->ma, 8);
    EXPECT_EQ(unit(*r.scenario, "c")->ma, 9);
    EXPECT_EQ(unit(*r.scenario, "d")->ma, -1);

    std::string xml = replace(kMinimal, R"(at="0101"/>)", R"(at="0101" ma="four"/>)");
    ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "four");
    xml = replace(kMinimal, R"(<unit id="a" side="Blue" type="infantry" strength="3" at="0101"/>)",
                  R"(<group side="Blue" ma="-1"><unit id="a" type="infantry" strength="3"/><unit id="b" type="infantry" strength="3"/></group>)");
    e = one_error(xml);  // once for the group, not once a unit
    EXPECT_TRUE(contains(e.message, "<group> attribute 'ma'")) << e.message;
}

// --- inheritance: <terrain> replaces the base's, <movement-points> changes it ----------------------------

TEST(MovementPointsSection, AnExtendingFileGivesTheTerrainAndKeepsTheBasesRules) {
    ScenarioLoad r = valid(R"(<scenario extends="cemetery-hill" id="ch-terrain" title="Cemetery Hill with terrain">
  <terrain default="clear"><kind name="clear" cost="1"/><kind name="ford" cost="1" hexside="yes"/>
    <hexside kind="ford" hexes="1010, 1011"/></terrain>
  <movement-points exit-cost="2"><allowance type="infantry" ma="4"/></movement-points>
</scenario>)");
    ASSERT_TRUE(r.scenario);
    const MovementRules& m = r.scenario->movement_points;
    EXPECT_TRUE(r.scenario->terrain.declared);
    EXPECT_EQ(r.scenario->terrain.hexsides.size(), 1u);
    // The base's entry (14.32) and 14.6 are kept; the exit cost is changed, its rule kept.
    EXPECT_TRUE(m.has_enter_cost);
    EXPECT_EQ(m.enter_rule, "14.32");
    EXPECT_EQ(m.exit_cost.num, 2);
    EXPECT_EQ(m.exit_rule, "14.4");
    ASSERT_EQ(m.needs.size(), 1u);
    EXPECT_EQ(m.needs[0].rule, "14.6");
    EXPECT_EQ(m.allowances.size(), 1u);
}

TEST(MovementPointsSection, TheBuiltInsGiveTheRulesTheSourcesHave) {
    const ScenarioLoad ch = load_scenario("cemetery-hill");
    ASSERT_TRUE(ch.scenario);
    EXPECT_FALSE(ch.scenario->terrain.declared);  // printed on the map sheet only
    EXPECT_EQ(ch.scenario->movement_points.enter_rule, "14.32");
    EXPECT_EQ(ch.scenario->movement_points.exit_rule, "14.4");
    ASSERT_EQ(ch.scenario->movement_points.needs.size(), 1u);
    EXPECT_EQ(ch.scenario->movement_points.needs[0].kind, "ford");
    const Scenario& mh = maryes();
    EXPECT_FALSE(mh.movement_points.has_enter_cost);
    EXPECT_TRUE(mh.movement_points.has_exit_cost);
    EXPECT_EQ(mh.movement_points.exit_rule, "17.3");
    for (const char* id : {"road-to-richmond", "cnc-napoleonics", "liberty-or-death-1775"}) {
        const ScenarioLoad s = load_scenario(id);
        ASSERT_TRUE(s.scenario) << id;
        EXPECT_FALSE(s.scenario->terrain.declared) << id;
        EXPECT_FALSE(s.scenario->movement_points.has_enter_cost || s.scenario->movement_points.has_exit_cost) << id;
    }
}
