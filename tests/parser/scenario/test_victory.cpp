// Tests of <victory> in the games of points (<points>, <require>, <automatic>, <levels>,
// <end-of-game>), <exits> and <retreat-off-map> (parser/scenario/section_victory.cpp).
#include "scenario.hpp"
#include "scenario_support.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace referee;
using namespace referee::testing_support;

TEST(ScenarioErrors, HoldingsExitsVictoryChecks) {
    ScenarioError e = one_error(replace(kMinimal, "</scenario>",
                                        "<holdings rule=\"1\"><hold loc=\"0101\" side=\"Blue\"/><hold loc=\"0101\" side=\"Red\"/></holdings>\n</scenario>"));
    EXPECT_TRUE(contains(e.message, "held twice")) << e.message;

    e = one_error(replace(kMinimal, "</scenario>", "<exits locs=\"0101, 0101\"/>\n</scenario>"));
    EXPECT_TRUE(contains(e.message, "lists '0101' twice")) << e.message;

    e = one_error(replace(kMinimal, "</scenario>", "<exits locs=\"0101,\"/>\n</scenario>"));
    EXPECT_TRUE(contains(e.message, "empty entry")) << e.message;

    e = one_error(replace(kMinimal, "</scenario>",
                          "<victory><points kind=\"occupation\" side=\"each\" value=\"1\" rule=\"1\" what=\"w\"/></victory>\n</scenario>"));
    EXPECT_TRUE(contains(e.message, "needs 'locs'")) << e.message;

    e = one_error(replace(kMinimal, "</scenario>",
                          "<victory><points kind=\"start\" side=\"each\" value=\"1\" rule=\"1\" what=\"w\"/></victory>\n</scenario>"));
    EXPECT_TRUE(contains(e.message, "unknown side 'each'")) << e.message;

    e = one_error(replace(kMinimal, "</scenario>", "<victory><points kind=\"bogus\" side=\"Blue\" value=\"1\" rule=\"1\" what=\"w\"/></victory>\n</scenario>"));
    EXPECT_TRUE(contains(e.message, "'bogus' is not one of start, elimination, exit, occupation, bonus, trace, exit-lead")) << e.message;

    e = one_error(replace(kMinimal, "</scenario>", "<retreat-off-map result=\"maybe\"/>\n</scenario>"));
    EXPECT_TRUE(contains(e.message, "is not one of eliminated, forbidden")) << e.message;

    e = one_error(replace(kMinimal, "</scenario>",
                          "<victory><automatic side=\"Red\" after-turn=\"2\" ratio=\"2\" require-positive=\"perhaps\" rule=\"1\"/></victory>\n</scenario>"));
    EXPECT_TRUE(contains(e.message, "is not yes or no")) << e.message;
}

TEST(Exits, EdgesAttribute) {
    ScenarioLoad r = valid(with(R"(<exits edges="east, south" locs="0303" rule="14.4"/>)"));
    ASSERT_TRUE(r.scenario);
    EXPECT_TRUE(r.scenario->exits.allowed);
    EXPECT_EQ(r.scenario->exits.edges, (std::vector<Edge>{Edge::East, Edge::South}));
    EXPECT_EQ(names(*r.scenario, r.scenario->exits.locs), (std::vector<std::string>{"0303"}));

    ScenarioError e = one_error(with(R"(<exits allowed="no" edges="east"/>)"));
    EXPECT_TRUE(contains(e.message, "<exits allowed=\"no\"> cannot list exit locations, edges or unit types")) << e.message;
    e = one_error(with(R"(<exits edges="east, East"/>)"));
    EXPECT_TRUE(contains(e.message, "<exits> attribute 'edges' lists 'East' twice")) << e.message;
}

TEST(Points, NewKindsAndAttributes) {
    ScenarioLoad r = valid(with(R"(<victory>
  <points kind="exit" side="Blue" value="5" per="unit" when="end" rule="21.12" what="train exited">
    <require role="train" status="exited, eliminated" at="0501, 0502"/>
  </points>
  <points kind="bonus" side="Blue" value="10" rule="21.11" what="wagon kept">
    <require role="supply-wagon" status="on-map, never-entered"/>
    <require line-from="0101" line-to="0501" rule="21.21"/>
  </points>
  <points kind="trace" side="Red" value="1" to-roads-leaving-edge="west, north" max-length="8"
          zoc="blocks-unless-friendly" rule="14.51" what="Blue units cut off"/>
  <points kind="trace" side="Blue" units-of="Blue" value="2" to-roads-leaving-at="0102" rule="21.22" what="own units cut off"/>
  <points kind="exit-lead" side="Blue" each-turn-of="Red" unit-types="cavalry, infantry" value="1" rule="14.53" what="exit lead"/>
  <points kind="exit" side="each" value="1" rule="9" what="plain exit"/>
  <points kind="occupation" side="each" value="1" locs="0303" rule="9" what="held"/>
  <points kind="bonus" side="Red" value="-3" when="play" rule="9" what="plain bonus"/>
</victory>)"));
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    ASSERT_EQ(s.points.size(), 8u);

    const PointsRule& exit = s.points[0];
    EXPECT_EQ(exit.kind, PointsKind::Exit);
    EXPECT_TRUE(exit.per_unit);
    EXPECT_EQ(exit.when, When::End);
    ASSERT_EQ(exit.requires_.size(), 1u);
    EXPECT_EQ(exit.requires_[0].kind, RequireKind::Role);
    EXPECT_EQ(exit.requires_[0].role, "train");
    EXPECT_EQ(exit.requires_[0].statuses, (std::vector<RoleStatus>{RoleStatus::Exited, RoleStatus::Eliminated}));
    EXPECT_EQ(names(s, exit.requires_[0].at), (std::vector<std::string>{"0501", "0502"}));

    const PointsRule& bonus = s.points[1];
    EXPECT_EQ(bonus.kind, PointsKind::Bonus);
    EXPECT_EQ(bonus.side, 0);
    EXPECT_EQ(bonus.value.literal, 10);
    EXPECT_EQ(bonus.when, When::Play);
    EXPECT_TRUE(bonus.locs.empty());
    ASSERT_EQ(bonus.requires_.size(), 2u);
    EXPECT_EQ(bonus.requires_[0].statuses, (std::vector<RoleStatus>{RoleStatus::OnMap, RoleStatus::NeverEntered}));
    EXPECT_TRUE(bonus.requires_[0].at.empty());
    EXPECT_EQ(bonus.requires_[1].kind, RequireKind::Line);
    EXPECT_EQ(s.map.name(bonus.requires_[1].from), "0101");
    EXPECT_EQ(s.map.name(bonus.requires_[1].to), "0501");
    EXPECT_EQ(bonus.requires_[1].rule, "21.21");

    const PointsRule& trace = s.points[2];
    EXPECT_EQ(trace.kind, PointsKind::Trace);
    EXPECT_EQ(trace.side, 1);
    EXPECT_EQ(trace.units_of, kNoSide);  // the other side
    EXPECT_EQ(trace.to_roads_leaving_edge, (std::vector<Edge>{Edge::West, Edge::North}));
    EXPECT_TRUE(trace.to_roads_leaving_at.empty());
    EXPECT_EQ(trace.max_length, 8);
    EXPECT_EQ(trace.zoc, TraceZoc::BlocksUnlessFriendly);
    EXPECT_EQ(trace.when, When::End);  // always scored at the end
    EXPECT_EQ(trace.what, "Blue units cut off");

    const PointsRule& own = s.points[3];
    EXPECT_EQ(own.units_of, 0);
    EXPECT_EQ(names(s, own.to_roads_leaving_at), (std::vector<std::string>{"0102"}));
    EXPECT_EQ(own.max_length, 0);  // any length
    EXPECT_EQ(own.zoc, TraceZoc::Ignored);

    const PointsRule& lead = s.points[4];
    EXPECT_EQ(lead.kind, PointsKind::ExitLead);
    EXPECT_EQ(lead.side, 0);
    EXPECT_EQ(lead.each_turn_of, 1);
    EXPECT_EQ(lead.unit_types, (std::vector<std::string>{"cavalry", "infantry"}));
    EXPECT_EQ(lead.when, When::Play);

    EXPECT_FALSE(s.points[5].per_unit);  // defaults: per SP, scored in play
    EXPECT_EQ(s.points[5].when, When::Play);
    EXPECT_TRUE(s.points[5].requires_.empty());
    EXPECT_EQ(s.points[6].when, When::End);  // occupation: always at the end
    EXPECT_EQ(s.points[7].value.literal, -3);
    EXPECT_EQ(s.points[7].when, When::Play);
}

TEST(Points, AttributesOfOtherKindsAreRefused) {
    ScenarioError e = one_error(with(R"(<victory><points kind="bonus" side="Blue" value="1" per="unit" rule="1" what="w"/></victory>)"));
    EXPECT_EQ(e.line, 12u);
    EXPECT_EQ(e.col, 58u);  // the value of 'per'
    EXPECT_TRUE(contains(e.message, "<points kind=\"bonus\"> takes no 'per' (only kind exit takes it)")) << e.message;

    e = one_error(with(R"(<victory><points kind="occupation" side="each" value="1" locs="0101" when="end" rule="1" what="w"/></victory>)"));
    EXPECT_TRUE(contains(e.message, "<points kind=\"occupation\"> takes no 'when' (only kinds exit and bonus take it)")) << e.message;

    e = one_error(with(R"(<victory><points kind="bonus" side="Blue" value="1" locs="0101" rule="1" what="w"/></victory>)"));
    EXPECT_TRUE(contains(e.message, "takes no 'locs' (only kinds exit and occupation take it)")) << e.message;

    e = one_error(with(R"(<victory><points kind="exit" side="Blue" value="1" zoc="ignored" rule="1" what="w"/></victory>)"));
    EXPECT_TRUE(contains(e.message, "takes no 'zoc' (only kind trace takes it)")) << e.message;

    e = one_error(with(R"(<victory><points kind="trace" side="Blue" value="1" unit-types="x" to-roads-leaving-edge="west" rule="1" what="w"/></victory>)"));
    EXPECT_TRUE(contains(e.message, "takes no 'unit-types' (only kind exit-lead takes it)")) << e.message;

    e = one_error(with(R"(<victory><points kind="exit" side="Blue" value="1" per="hex" rule="1" what="w"/></victory>)"));
    EXPECT_TRUE(contains(e.message, "'per': 'hex' is not one of sp, unit")) << e.message;

    e = one_error(with(R"(<victory><points kind="bonus" side="each" value="1" rule="1" what="w"/></victory>)"));
    EXPECT_TRUE(contains(e.message, "unknown side 'each'")) << e.message;

    e = one_error(with(R"(<victory><points kind="trace" side="Red" value="1" to-roads-leaving-at="0101" to-roads-leaving-edge="west" rule="1" what="w"/></victory>)"));
    EXPECT_TRUE(contains(e.message, "needs exactly one of 'to-roads-leaving-at' (locations) and 'to-roads-leaving-edge'")) << e.message;

    e = one_error(with(R"(<victory><points kind="trace" side="Red" value="1" rule="1" what="w"/></victory>)"));
    EXPECT_TRUE(contains(e.message, "needs exactly one of")) << e.message;

    e = one_error(with(R"(<victory><points kind="trace" side="Red" value="1" to-roads-leaving-edge="west" max-length="0" rule="1" what="w"/></victory>)"));
    EXPECT_TRUE(contains(e.message, "'max-length': 0 is out of range (1..10000)")) << e.message;

    e = one_error(with(R"(<victory><points kind="exit-lead" side="Blue" value="1" rule="1" what="w"/></victory>)"));
    EXPECT_TRUE(contains(e.message, "<points> needs attribute 'each-turn-of'")) << e.message;
}

TEST(Points, RequireErrors) {
    ScenarioError e = one_error(with(
        R"(<victory><points kind="bonus" side="Blue" value="1" rule="1" what="w"><require role="train" status="exited" line-from="0101" line-to="0201"/></points></victory>)"));
    EXPECT_EQ(e.line, 12u);
    EXPECT_EQ(e.col, 71u);  // the <require>
    EXPECT_TRUE(contains(e.message, "<require> is either a unit test (role, status, at) or a line of communications (line-from, line-to), not both"))
        << e.message;

    const std::string open = R"(<victory><points kind="bonus" side="Blue" value="1" rule="1" what="w">)";
    const std::string close = "</points></victory>";
    e = one_error(with(open + "<require/>" + close));
    EXPECT_TRUE(contains(e.message, "<require> needs 'role' and 'status'")) << e.message;

    e = one_error(with(open + R"(<require role="train"/>)" + close));
    EXPECT_TRUE(contains(e.message, "<require> needs attribute 'status'")) << e.message;

    e = one_error(with(open + R"(<require role="train" status="lost"/>)" + close));
    EXPECT_TRUE(contains(e.message, "'lost' is not one of on-map, exited, eliminated, never-entered")) << e.message;

    e = one_error(with(open + R"(<require role="train" status="on-map" at="0101"/>)" + close));
    EXPECT_TRUE(contains(e.message, "'at' (where the unit exited) needs status 'exited'")) << e.message;

    e = one_error(with(open + R"(<require role="train" status="exited" rule="2"/>)" + close));
    EXPECT_TRUE(contains(e.message, "<require> takes 'rule' only with 'line-from' and 'line-to'")) << e.message;

    e = one_error(with(open + R"(<require line-from="0101"/>)" + close));
    EXPECT_TRUE(contains(e.message, "<require> needs attribute 'line-to'")) << e.message;

    e = one_error(with(open + R"(<require line-from="0101" line-to="0101"/>)" + close));
    EXPECT_TRUE(contains(e.message, "'0101' is also line-from")) << e.message;

    e = one_error(with(open + R"(<require role="supply wagon" status="exited"/>)" + close));
    EXPECT_TRUE(contains(e.message, "'supply wagon' is not one word")) << e.message;

    e = one_error(with(
        R"(<victory><points kind="elimination" side="each" value="1" rule="1" what="w"><require role="train" status="exited"/></points></victory>)"));
    EXPECT_TRUE(contains(e.message, "<points kind=\"elimination\"> takes no <require> (only kinds exit, bonus and trace do)")) << e.message;
}

TEST(Levels, RatioTable) {
    ScenarioLoad r = valid(with(R"(<victory>
  <points kind="elimination" side="each" value="1" rule="14.5" what="enemy SP eliminated"/>
  <levels ratio="Red:Blue" both-zero="1:2" rule="14.5">
    <level winner="Red" name="Decisive" at-least="2:1"/>
    <level winner="Red" name="Marginal" above="1:1"/>
    <level winner="Blue" name="Marginal"/>
  </levels>
  <end-of-game winner="levels" rule="14.5"/>
</victory>)"));
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    EXPECT_EQ(s.end_victory, EndVictory::Levels);
    EXPECT_EQ(s.end_rule, "14.5");
    ASSERT_TRUE(s.levels);
    const Levels& lv = *s.levels;
    EXPECT_EQ(lv.num_side, 1);
    EXPECT_EQ(lv.den_side, 0);
    EXPECT_EQ(lv.zero_num, 1);
    EXPECT_EQ(lv.zero_den, 2);
    EXPECT_EQ(lv.rule, "14.5");
    ASSERT_EQ(lv.levels.size(), 3u);
    EXPECT_EQ(lv.levels[0].winner, 1);
    EXPECT_EQ(lv.levels[0].name, "Decisive");
    EXPECT_EQ(lv.levels[0].test, LevelTest::AtLeast);
    EXPECT_EQ(lv.levels[0].num, 2);
    EXPECT_EQ(lv.levels[0].den, 1);
    EXPECT_EQ(lv.levels[1].test, LevelTest::Above);
    EXPECT_EQ(lv.levels[1].num, 1);
    EXPECT_EQ(lv.levels[1].den, 1);
    EXPECT_EQ(lv.levels[2].winner, 0);
    EXPECT_EQ(lv.levels[2].test, LevelTest::Otherwise);

    r = valid(with(R"(<victory><levels ratio="blue : red"><level winner="Blue" name="Win"/></levels><end-of-game winner="levels"/></victory>)"));
    ASSERT_TRUE(r.scenario);
    ASSERT_TRUE(r.scenario->levels);
    EXPECT_EQ(r.scenario->levels->num_side, 0);
    EXPECT_EQ(r.scenario->levels->zero_num, 1);  // both-zero defaults to 1:1
    EXPECT_EQ(r.scenario->levels->zero_den, 1);
    EXPECT_TRUE(r.scenario->levels->rule.empty());
}

TEST(Levels, Errors) {
    ScenarioError e = one_error(with(R"(<victory>
<levels ratio="Red:Blue">
<level winner="Red" name="Decisive" at-least="2:1"/>
<level winner="Blue" name="M" above="1:1"/>
</levels>
<end-of-game winner="levels"/>
</victory>)"));
    EXPECT_EQ(e.line, 15u);
    EXPECT_EQ(e.col, 38u);  // the value of 'above'
    EXPECT_TRUE(contains(e.message, "the last <level> takes no 'above'")) << e.message;

    e = one_error(with(R"(<victory><end-of-game winner="levels"/></victory>)"));
    EXPECT_EQ(e.line, 12u);
    EXPECT_EQ(e.col, 31u);  // "levels"
    EXPECT_TRUE(contains(e.message, "<end-of-game winner=\"levels\"> needs a <levels> table in <victory>")) << e.message;

    e = one_error(with(R"(<victory><levels ratio="Red:Blue"><level winner="Red" name="W"/></levels></victory>)"));
    EXPECT_EQ(e.col, 10u);
    EXPECT_TRUE(contains(e.message, "<levels> needs <end-of-game winner=\"levels\"> in the same <victory>")) << e.message;

    const std::string end = R"(<end-of-game winner="levels"/></victory>)";
    e = one_error(with(R"(<victory><levels ratio="Red:Blue"><level winner="Red" name="W"/><level winner="Blue" name="L"/></levels>)" + end));
    EXPECT_TRUE(contains(e.message, "<level> needs 'at-least' or 'above'")) << e.message;

    e = one_error(with(R"(<victory><levels ratio="Red:Blue"><level winner="Red" name="W" at-least="2:1" above="1:1"/><level winner="Blue" name="L"/></levels>)" + end));
    EXPECT_TRUE(contains(e.message, "takes 'at-least' or 'above', not both")) << e.message;

    e = one_error(with(R"(<victory><levels ratio="Red:Blue"><level winner="Red" name="W" at-least="2-1"/><level winner="Blue" name="L"/></levels>)" + end));
    EXPECT_TRUE(contains(e.message, "'at-least': '2-1' is not a ratio such as 2:1")) << e.message;

    e = one_error(with(R"(<victory><levels ratio="Red:Blue"><level winner="Red" name="W" at-least="0:1"/><level winner="Blue" name="L"/></levels>)" + end));
    EXPECT_TRUE(contains(e.message, "is not a ratio")) << e.message;

    e = one_error(with(R"(<victory><levels ratio="Red:Red"><level winner="Red" name="W"/></levels>)" + end));
    EXPECT_TRUE(contains(e.message, "'Red:Red' names the same side twice")) << e.message;

    e = one_error(with(R"(<victory><levels ratio="Red/Blue"><level winner="Red" name="W"/></levels>)" + end));
    EXPECT_TRUE(contains(e.message, "'Red/Blue' is not two sides such as Blue:Red")) << e.message;

    e = one_error(with(R"(<victory><levels ratio="Red:Blue"></levels>)" + end));
    EXPECT_TRUE(contains(e.message, "<levels> needs at least one <level>")) << e.message;
}
