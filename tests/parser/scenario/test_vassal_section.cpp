// <vassal>, the binding of a VASSAL module (parser/scenario/section_vassal.cpp): what it reads, what
// an extending file's <vassal> does to its base's, and the errors at their attributes.
#include "scenario.hpp"
#include "scenario_support.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace referee;
using namespace referee::testing_support;

namespace {

const std::string kBinding = R"xml(<scenario format="1" extends="maryes-heights" id="mh-vassal" title="Marye's Heights (VASSAL)">
  <vassal module="Blue and Gray Test" version="1.0">
    <map name="Main Map">
      <location vassal="Heights" id="0101"/>
      <rewrite from="{col}.{row}" to="{col}{row}"/>
    </map>
    <pieces name-pattern="{unit} ({side})">
      <side property="Side"><value vassal="Rebel" as="Confederate"/></side>
      <type property="Type"/>
      <strength layer="Steps" index="yes"><value vassal="Full" as="4"/></strength>
      <only name="{*} Div"/>
      <ignore name="Turn{*}"/>
    </pieces>
    <eliminated map="Dead Pile"/>
    <eliminated map="Main Map" zone="Eliminated"/>
    <exited map="Exited"/>
    <pool map="Reinforcements"/>
    <turns source="tracker" tracker="Turn" level="1"/>
    <phases source="tracker" tracker="Turn" level="2">
      <phase vassal="Union Movement" as="Union movement"/>
      <phase vassal="Rebel Combat" as="confederate COMBAT"/>
    </phases>
    <dice button="1d6" side="" dice="1d6"/>
    <dice button="Union 2d6" side="Union"/>
    <chat pattern="{player}: {text}"/>
  </vassal>
</scenario>
)xml";

// kBinding with `from` replaced by `to`; exactly one error expected, at `needle`.
ScenarioError error_with(const std::string& from, const std::string& to, const std::string& needle) {
    const std::string xml = replace(kBinding, from, to);
    EXPECT_NE(xml, kBinding) << from;
    ScenarioError e = one_error(xml);
    const auto [line, col] = where(xml, needle);
    EXPECT_EQ(e.line, line) << e.message;
    EXPECT_EQ(e.col, col) << e.message;
    return e;
}

}  // namespace

TEST(VassalSection, ReadsTheBinding) {
    ScenarioLoad r = valid(kBinding);
    ASSERT_TRUE(r.scenario);
    const VassalBinding& b = r.scenario->vassal;
    EXPECT_TRUE(b.declared);
    EXPECT_EQ(b.module_name, "Blue and Gray Test");
    EXPECT_EQ(b.module_version, "1.0");
    EXPECT_EQ(b.source_line, "t.xml:2");
    EXPECT_EQ(b.locations.map, "Main Map");
    ASSERT_EQ(b.locations.names.size(), 1u);
    EXPECT_EQ(b.locations.names[0], (std::pair<std::string, std::string>{"Heights", "0101"}));
    ASSERT_EQ(b.locations.rewrites.size(), 1u);
    EXPECT_EQ(b.locations.rewrites[0].second, "{col}{row}");
    EXPECT_EQ(b.pieces.name_pattern, "{unit} ({side})");
    EXPECT_EQ(b.pieces.side.property, "Side");
    ASSERT_EQ(b.pieces.side.values.size(), 1u);
    EXPECT_EQ(b.pieces.side.values[0].second, "Confederate");
    EXPECT_EQ(b.pieces.unit.pattern_field, "unit");  // from the name pattern, by default
    EXPECT_EQ(b.pieces.type.property, "Type");
    EXPECT_EQ(b.pieces.strength.layer, "Steps");
    EXPECT_TRUE(b.pieces.strength.layer_index);
    EXPECT_EQ(b.pieces.only, std::vector<std::string>{"{*} Div"});
    EXPECT_EQ(b.pieces.ignore, std::vector<std::string>{"Turn{*}"});
    ASSERT_EQ(b.eliminated.size(), 2u);
    EXPECT_EQ(b.eliminated[1].zone, "Eliminated");
    EXPECT_EQ(b.exited.at(0).map, "Exited");
    EXPECT_EQ(b.pool.at(0).map, "Reinforcements");
    EXPECT_EQ(b.turns.turn_source, VassalTurns::Source::tracker);
    EXPECT_EQ(b.turns.phase_source, VassalTurns::Source::tracker);
    EXPECT_EQ(b.turns.tracker, "Turn");
    EXPECT_EQ(b.turns.turn_level, 0);
    EXPECT_EQ(b.turns.phase_level, 1);
    ASSERT_EQ(b.turns.phases.size(), 2u);
    EXPECT_EQ(b.turns.phases[1].second, "confederate COMBAT");
    ASSERT_EQ(b.dice.size(), 2u);
    EXPECT_EQ(b.dice[0].side, "");
    EXPECT_EQ(b.dice[0].dice, "1d6");
    EXPECT_EQ(b.dice[1].side, "Union");
    EXPECT_EQ(b.dice[1].dice, "");
    EXPECT_EQ(b.chat_pattern, "{player}: {text}");
    // The rest of the scenario is its base's.
    EXPECT_EQ(r.scenario->units.size(), maryes().units.size());
    EXPECT_FALSE(maryes().vassal.declared);
}

TEST(VassalSection, OtherSourcesOfTurnsAndPhases) {
    ScenarioLoad r = valid(replace(replace(kBinding, R"(<turns source="tracker" tracker="Turn" level="1"/>)",
                                           R"(<turns source="chat" pattern="* Turn {turn} *"/>)"),
                                   R"(<phases source="tracker" tracker="Turn" level="2">)", R"(<phases source="property" property="Phase">)"));
    ASSERT_TRUE(r.scenario);
    EXPECT_EQ(r.scenario->vassal.turns.turn_source, VassalTurns::Source::chat);
    EXPECT_EQ(r.scenario->vassal.turns.turn_chat, "* Turn {turn} *");
    EXPECT_EQ(r.scenario->vassal.turns.phase_source, VassalTurns::Source::property);
    EXPECT_EQ(r.scenario->vassal.turns.phase_property, "Phase");
}

TEST(VassalSection, AnExtendingFilesBindingReplacesItsBases) {
    add_builtin_scenario_for_tests("test-vassal-base", replace(kBinding, R"(extends="maryes-heights" id="mh-vassal")",
                                                               R"(extends="maryes-heights" id="test-vassal-base")"));
    ScenarioLoad kept = valid(R"(<scenario extends="test-vassal-base" id="x" title="X"/>)");
    ASSERT_TRUE(kept.scenario);
    EXPECT_EQ(kept.scenario->vassal.module_name, "Blue and Gray Test");
    ScenarioLoad replaced = valid(R"(<scenario extends="test-vassal-base" id="x" title="X">
  <vassal module="Other"><map name="Board"/><pieces><side property="Army"/></pieces></vassal>
</scenario>)");
    ASSERT_TRUE(replaced.scenario);
    const VassalBinding& b = replaced.scenario->vassal;
    EXPECT_EQ(b.module_name, "Other");
    EXPECT_EQ(b.module_version, "");
    EXPECT_EQ(b.locations.map, "Board");
    EXPECT_TRUE(b.locations.rewrites.empty());
    EXPECT_EQ(b.pieces.side.property, "Army");
    EXPECT_TRUE(b.pieces.side.values.empty());
    EXPECT_TRUE(b.dice.empty());
    EXPECT_EQ(b.turns.turn_source, VassalTurns::Source::none);
}

TEST(VassalSection, ErrorsAtTheirAttribute) {
    ScenarioError e = error_with(R"(<turns source="tracker")", R"(<turns source="counter")", "counter");
    EXPECT_TRUE(contains(e.message, "'counter'")) << e.message;
    e = error_with("name-pattern=\"{unit} ({side})\"", "name-pattern=\"{unit} ({side\"", "{unit} ({side\"");
    EXPECT_TRUE(contains(e.message, "the pattern '{unit} ({side' is wrong: a '{' that is not closed")) << e.message;
    e = error_with("name-pattern=\"{unit} ({side})\"", "name-pattern=\"{unit} ({army})\"", "{unit} ({army})");
    EXPECT_TRUE(contains(e.message, "has the field {army}, which it cannot use (its fields: side, unit, type, strength)")) << e.message;
    e = error_with(R"(<only name="{*} Div"/>)", R"(<only name="{unit} Div"/>)", "{unit} Div");
    EXPECT_TRUE(contains(e.message, "only {*} here")) << e.message;
    e = error_with(R"(to="{col}{row}")", R"(to="{col}{side}")", "{col}{side}");
    EXPECT_TRUE(contains(e.message, "cannot use")) << e.message;
    e = error_with(R"(as="Union movement")", R"(as="Union march")", "Union march");
    EXPECT_TRUE(contains(e.message, "'Union march' is not a phase of the scenario")) << e.message;
    EXPECT_TRUE(contains(e.message, "phases: movement, combat")) << e.message;
    e = error_with(R"(as="Confederate")", R"(as="Rebels")", "Rebels");
    EXPECT_TRUE(contains(e.message, "unknown side 'Rebels'")) << e.message;
    e = error_with(R"(vassal="Full" as="4")", R"(vassal="Full" as="full")", "full\"");
    EXPECT_TRUE(contains(e.message, "a strength is a whole number")) << e.message;
    e = error_with(R"(side="Union")", R"(side="Yankees")", "Yankees");
    EXPECT_TRUE(contains(e.message, "unknown side 'Yankees'")) << e.message;
    e = error_with(R"(dice="1d6")", R"(dice="d6")", "d6\"/>");
    EXPECT_TRUE(contains(e.message, "is not a dice word")) << e.message;
    e = error_with(R"(id="0101")", R"(id="9999")", "9999");
    EXPECT_TRUE(contains(e.message, "unknown location '9999'")) << e.message;
    e = error_with(R"(<chat pattern="{player}: {text}"/>)", R"(<chat pattern="{player} says"/>)", "{player} says");
    EXPECT_TRUE(contains(e.message, "has no {text} field")) << e.message;
    e = error_with(R"(<type property="Type"/>)", R"(<type field="kind"/>)", "kind");
    EXPECT_TRUE(contains(e.message, "name-pattern '{unit} ({side})' has no field {kind}")) << e.message;
    e = error_with(R"(<type property="Type"/>)", R"(<type/>)", "<type/>");
    EXPECT_TRUE(contains(e.message, "needs where the piece's type is read")) << e.message;
    e = error_with(R"(<turns source="tracker" tracker="Turn" level="1"/>)", R"(<turns source="property" property="T" tracker="Turn"/>)",
                   "Turn\"/>");
    EXPECT_TRUE(contains(e.message, "'tracker' goes with source=\"tracker\"")) << e.message;
    e = error_with(R"(<map name="Main Map">)", R"(<map>)", "<map>");
    EXPECT_TRUE(contains(e.message, "'name'")) << e.message;
}
