// Tests of <units>, <holdings>, <reinforcements>, <zones-of-control> and <stacking>
// (parser/scenario/section_units.cpp).
#include "scenario.hpp"
#include "scenario_support.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace referee;
using namespace referee::testing_support;

namespace {

// kMinimal with a Red reinforcement (line 11) and `extra` from line 13.
std::string with_reinforcement(const std::string& unit_attrs, const std::string& extra) {
    std::string xml = replace(kMinimal, "  </units>",
                              "    <unit id=\"r1\" side=\"Red\" type=\"infantry\" strength=\"2\" " + unit_attrs + "/>\n  </units>");
    return replace(xml, "</scenario>", extra + "\n</scenario>");
}

const char* kSchedule = R"(<reinforcements rule="14.33" schedule-rule="14.34" optional-after-turn="1">
  <side name="Red" alternate-edges="south, east"/>
  <arrival side="Red" turn="2" at="0504"/>
  <arrival side="Red" turn="3" at="0501"/>
</reinforcements>)";

}  // namespace

TEST(ScenarioErrors, DuplicateUnitId) {
    ScenarioError e = one_error(replace(kMinimal, "  </units>", "    <unit id=\"a\" side=\"Red\" type=\"infantry\" strength=\"2\"/>\n  </units>"));
    EXPECT_EQ(e.line, 11u);
    EXPECT_TRUE(contains(e.message, "unit id 'a' is used twice (first on line 10)")) << e.message;
}

TEST(ScenarioErrors, ReinforcementNeedsTurnAndPlace) {
    ScenarioError e = one_error(replace(kMinimal, "at=\"0101\"", "enters=\"2\""));
    EXPECT_EQ(e.line, 10u);
    EXPECT_TRUE(contains(e.message, "both 'enters'")) << e.message;

    ScenarioLoad r = read_scenario_xml(replace(kMinimal, "at=\"0101\"", "enters=\"2\" enters-at=\"0504\" roles=\"train, leader\""), "t.xml");
    ASSERT_TRUE(r.scenario);
    const UnitDef& u = r.scenario->units[0];
    EXPECT_EQ(u.at, kNoLoc);
    EXPECT_EQ(u.enters_turn, 2);
    EXPECT_EQ(r.scenario->map.name(u.enters_at), "0504");
    EXPECT_EQ(u.roles, (std::vector<std::string>{"train", "leader"}));

    e = one_error(replace(kMinimal, "at=\"0101\"", "enters=\"4\" enters-at=\"0504\""));
    EXPECT_TRUE(contains(e.message, "out of range (1..3)")) << e.message;
}

TEST(ZonesOfControlAndStacking, Fields) {
    ScenarioLoad r = valid(with("<zones-of-control rule=\"10.1\"/>\n<stacking limit=\"2\" rule=\"10.2\"/>"));
    ASSERT_TRUE(r.scenario);
    EXPECT_TRUE(r.scenario->zoc.enabled);
    EXPECT_EQ(r.scenario->zoc.rule, "10.1");
    EXPECT_EQ(r.scenario->stacking.limit, 2);
    EXPECT_EQ(r.scenario->stacking.rule, "10.2");

    r = valid(with("<zones-of-control/>"));
    ASSERT_TRUE(r.scenario);
    EXPECT_TRUE(r.scenario->zoc.enabled);
    EXPECT_TRUE(r.scenario->zoc.rule.empty());
    EXPECT_EQ(r.scenario->stacking.limit, 0);  // no <stacking>: no limit

    r = valid(kMinimal);
    ASSERT_TRUE(r.scenario);
    EXPECT_FALSE(r.scenario->zoc.enabled);
}

TEST(ZonesOfControlAndStacking, Errors) {
    ScenarioError e = one_error(with("<stacking limit=\"0\"/>"));
    EXPECT_EQ(e.line, 12u);
    EXPECT_EQ(e.col, 18u);
    EXPECT_TRUE(contains(e.message, "<stacking> attribute 'limit': 0 is out of range (1..1000)")) << e.message;
    e = one_error(with("<stacking rule=\"1\"/>"));
    EXPECT_TRUE(contains(e.message, "<stacking> needs attribute 'limit'")) << e.message;
    e = one_error(with("<zones-of-control><rule/></zones-of-control>"));
    EXPECT_TRUE(contains(e.message, "unknown element <rule> in <zones-of-control>")) << e.message;
    e = one_error(with("<zones-of-control enabled=\"yes\"/>"));
    EXPECT_TRUE(contains(e.message, "<zones-of-control> has no attribute 'enabled' (it takes: rule)")) << e.message;
}

TEST(Reinforcements, Schedule) {
    ScenarioLoad r = valid(with_reinforcement("enters=\"2\" enters-at=\"0504\"", kSchedule));
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    const Reinforcements& rf = s.reinforcements;
    EXPECT_TRUE(rf.declared);
    EXPECT_EQ(rf.rule, "14.33");
    EXPECT_EQ(rf.schedule_rule, "14.34");
    EXPECT_EQ(rf.optional_after_turn, 1);
    ASSERT_EQ(rf.alternate_edges.size(), 2u);  // one per side
    EXPECT_TRUE(rf.alternate_edges[0].empty());
    EXPECT_EQ(rf.alternate_edges[1], (std::vector<Edge>{Edge::South, Edge::East}));
    ASSERT_EQ(rf.schedule.size(), 2u);
    EXPECT_EQ(rf.schedule[0].side, 1);
    EXPECT_EQ(rf.schedule[0].turn, 2);
    EXPECT_EQ(s.map.name(rf.schedule[0].at), "0504");
    EXPECT_EQ(rf.schedule[1].turn, 3);
    EXPECT_EQ(s.map.name(rf.schedule[1].at), "0501");

    ScenarioLoad bare = valid(with("<reinforcements/>"));
    ASSERT_TRUE(bare.scenario);
    EXPECT_TRUE(bare.scenario->reinforcements.declared);
    EXPECT_TRUE(bare.scenario->reinforcements.schedule.empty());
    EXPECT_EQ(bare.scenario->reinforcements.optional_after_turn, 0);

    ScenarioLoad none = valid(kMinimal);
    ASSERT_TRUE(none.scenario);
    EXPECT_FALSE(none.scenario->reinforcements.declared);
    EXPECT_EQ(none.scenario->reinforcements.alternate_edges.size(), 2u);  // one (empty) entry per side all the same
}

TEST(Reinforcements, UnitsMustMatchThePublishedArrivals) {
    ScenarioError e = one_error(with_reinforcement("enters=\"3\" enters-at=\"0504\"", kSchedule));
    EXPECT_EQ(e.line, 11u);
    EXPECT_EQ(e.col, 5u);  // the <unit>
    EXPECT_TRUE(contains(e.message,
                         "unit 'r1' enters on turn 3 at 0504, which is not an arrival of Red in <reinforcements> (14.34); "
                         "Red arrives on: turn 2 at 0504; turn 3 at 0501"))
        << e.message;

    // A side without arrivals in the schedule: its units may enter as they declare.
    std::string xml = with_reinforcement("enters=\"2\" enters-at=\"0504\"", kSchedule);
    xml = replace(xml, "at=\"0101\"/>", "enters=\"3\" enters-at=\"0303\"/>");
    ScenarioLoad r = valid(xml);
    ASSERT_TRUE(r.scenario);
    EXPECT_EQ(r.scenario->units[0].enters_turn, 3);
}

TEST(Reinforcements, Errors) {
    ScenarioError e = one_error(with(R"(<reinforcements><side name="Red"/><side name="red"/></reinforcements>)"));
    EXPECT_TRUE(contains(e.message, "<reinforcements> names side 'Red' twice")) << e.message;

    e = one_error(with(R"(<reinforcements><side name="Green"/></reinforcements>)"));
    EXPECT_TRUE(contains(e.message, "<side> attribute 'name': unknown side 'Green'")) << e.message;

    e = one_error(with(R"(<reinforcements><side name="Red" alternate-edges="south, up"/></reinforcements>)"));
    EXPECT_TRUE(contains(e.message, "'alternate-edges': 'up' is not one of north, south, east, west")) << e.message;

    e = one_error(with(R"(<reinforcements><arrival side="Red" turn="4" at="0501"/></reinforcements>)"));
    EXPECT_TRUE(contains(e.message, "<arrival> attribute 'turn': 4 is out of range (1..3)")) << e.message;

    e = one_error(with(R"(<reinforcements><arrival side="Red" turn="2"/></reinforcements>)"));
    EXPECT_TRUE(contains(e.message, "<arrival> needs attribute 'at'")) << e.message;

    e = one_error(with(R"(<reinforcements optional-after-turn="4"/>)"));
    EXPECT_TRUE(contains(e.message, "'optional-after-turn': 4 is out of range (0..3)")) << e.message;

    e = one_error(with(R"(<reinforcements><arrival side="Red" turn="2" at="0501"/>
<arrival side="Red" turn="2" at="0501"/></reinforcements>)"));
    EXPECT_EQ(e.line, 13u);
    EXPECT_TRUE(contains(e.message, "arrival of Red on turn 2 at 0501 is listed twice (first on line 12)")) << e.message;
}
