// Tests of victory banners: <objectives>, <target>, <banners-for-eliminations> and sudden death
// (parser/scenario/section_banners.cpp).
#include "scenario.hpp"
#include "scenario_support.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

using namespace referee;
using namespace referee::testing_support;

TEST(Objectives, FieldsAndTargets) {
    ScenarioLoad r = valid(with(R"(<objectives>
  <objective kind="temporary" side="Blue" locs="0504" banners="2" held-by="Blue" name="La Haye  Sainte" rule="B3"/>
  <objective kind="Start-Turn-Temporary" side="any" locs="0101"/>
  <objective kind="temporary-group" side="Red" locs="0201, 0202, 0203" name="The woods"/>
  <objective kind="start-turn-temporary-group" side="Red" locs="0301"/>
  <objective kind="majority" side="any" locs="0401, 0402, 0403" rule="B5"/>
  <objective kind="permanent" side="Blue" locs="0102" banners="100"/>
  <objective kind="start-turn-permanent" side="Blue" locs="0103"/>
  <objective kind="last-to-occupy" side="any" locs="0104" held-by="Blue" rule="B6"/>
  <target side="Red" banners="1000"/>
</objectives>)"));
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    ASSERT_EQ(s.objectives.size(), 8u);
    const ObjectiveDef& o = s.objectives[0];
    EXPECT_EQ(o.kind, ObjectiveKind::Temporary);
    EXPECT_EQ(o.side, 0);
    EXPECT_EQ(names(s, o.locs), (std::vector<std::string>{"0504"}));
    EXPECT_EQ(o.banners, 2);
    EXPECT_EQ(o.held_by, 0);
    EXPECT_EQ(o.name, "La Haye Sainte");
    EXPECT_EQ(o.rule, "B3");
    // Defaults: one banner, held by none, no name or rule.
    const ObjectiveDef& d = s.objectives[1];
    EXPECT_EQ(d.kind, ObjectiveKind::StartTurnTemporary);
    EXPECT_EQ(d.side, kNoSide);
    EXPECT_EQ(d.banners, 1);
    EXPECT_EQ(d.held_by, kNoSide);
    EXPECT_TRUE(d.name.empty());
    EXPECT_TRUE(d.rule.empty());
    // Every kind, in the order of ObjectiveKind; groups of one or more hexes.
    for (std::size_t i = 0; i < s.objectives.size(); ++i) EXPECT_EQ(s.objectives[i].kind, static_cast<ObjectiveKind>(i)) << i;
    EXPECT_EQ(s.objectives[2].locs.size(), 3u);
    EXPECT_EQ(s.objectives[3].locs.size(), 1u);
    EXPECT_EQ(s.objectives[4].locs.size(), 3u);
    EXPECT_EQ(s.objectives[5].banners, 100);
    EXPECT_EQ(s.objectives[7].held_by, 0);
    // Targets: one entry per side, 0 where none is set.
    EXPECT_EQ(s.targets, (std::vector<std::int32_t>{0, 1000}));

    // Without <objectives>: no objectives, and no targets (still one entry per side).
    r = valid(kMinimal);
    ASSERT_TRUE(r.scenario);
    EXPECT_TRUE(r.scenario->objectives.empty());
    EXPECT_EQ(r.scenario->targets, (std::vector<std::int32_t>{0, 0}));
}

TEST(Objectives, Errors) {
    struct Case {
        std::string extra, needle, message;
    };
    const std::vector<Case> cases = {
        {R"(<objectives><objective kind="temporary" side="Blue" locs="0101, 0102"/></objectives>)", "0101, 0102",
         "<objective kind=\"temporary\"> takes one hex in 'locs', not 2"},
        {R"(<objectives><objective kind="last-to-occupy" side="Blue" locs="0101,0102,0103"/></objectives>)", "0101,0102",
         "<objective kind=\"last-to-occupy\"> takes one hex in 'locs', not 3"},
        {R"(<objectives><objective kind="fortress" side="Blue" locs="0101"/></objectives>)", "fortress",
         "<objective> attribute 'kind': 'fortress' is not one of temporary, start-turn-temporary, temporary-group, "
         "start-turn-temporary-group, majority, permanent, start-turn-permanent, last-to-occupy"},
        {R"(<objectives><objective side="Blue" locs="0101"/></objectives>)", "<objective ",
         "<objective> needs attribute 'kind'"},
        {R"(<objectives><objective kind="majority" side="Blue"/></objectives>)", "<objective ",
         "<objective> needs attribute 'locs'"},
        {R"(<objectives><objective kind="majority" side="Blue" locs="0101, 9999"/></objectives>)", "0101, 9999",
         "unknown location '9999'"},
        {R"(<objectives><objective kind="majority" side="each" locs="0101"/></objectives>)", "each",
         "<objective> attribute 'side': unknown side 'each' (sides: Blue, Red, any)"},
        {R"(<objectives><objective kind="permanent" side="Blue" locs="0101" banners="0"/></objectives>)", "0\"/>",
         "'banners': 0 is out of range (1..100)"},
        {R"(<objectives><objective kind="permanent" side="Blue" locs="0101" banners="101"/></objectives>)", "101\"/></objectives>",
         "'banners': 101 is out of range (1..100)"},
        {R"(<objectives><objective kind="permanent" side="Blue" locs="0101" held-by="Green"/></objectives>)", "Green",
         "<objective> attribute 'held-by': unknown side 'Green'"},
        {R"(<objectives><objective kind="permanent" side="Blue" locs="0101" held-by="Red"/></objectives>)", "Red\"/></objectives>",
         "<objective> counts for Blue only; held-by cannot give its banner to Red"},
        {R"(<objectives><objective kind="permanent" side="Blue" locs="0101" owner="Red"/></objectives>)", "owner",
         "<objective> has no attribute 'owner'"},
        {R"(<objectives><target side="Green" banners="5"/></objectives>)", "Green",
         "<target> attribute 'side': unknown side 'Green' (sides: Blue, Red)"},
        {R"(<objectives><target side="any" banners="5"/></objectives>)", "any", "unknown side 'any'"},
        {R"(<objectives><target side="Blue" banners="1001"/></objectives>)", "1001", "'banners': 1001 is out of range (1..1000)"},
        {R"(<objectives><target side="Blue"/></objectives>)", "<target", "<target> needs attribute 'banners'"},
        {R"(<objectives><target side="Blue" banners="5"/><target side="blue" banners="6"/></objectives>)", "blue",
         "side 'Blue' has a second <target> (the first is on line 12)"},
        {R"(<objectives><goal/></objectives>)", "<goal", "unknown element <goal> in <objectives>"},
    };
    for (const Case& c : cases) {
        const std::string xml = with(c.extra);
        ScenarioError e = one_error(xml);
        EXPECT_AT(e, xml, c.needle);
        EXPECT_TRUE(contains(e.message, c.message)) << e.message;
    }
    // A second <objectives>.
    const std::string xml = with("<objectives/>\n<objectives/>");
    ScenarioError e = one_error(xml);
    EXPECT_EQ(e.line, 13u);
    EXPECT_TRUE(contains(e.message, "second <objectives> element (the first is on line 12)")) << e.message;
}

TEST(Victory, BannersForEliminationsAndSuddenDeath) {
    ScenarioLoad r = valid(with(R"(<victory>
  <banners-for-eliminations no-banner-roles="garrison, train" rule="B2"/>
  <end-of-game winner="sudden-death" rule="B1"/>
</victory>)"));
    ASSERT_TRUE(r.scenario);
    EXPECT_TRUE(r.scenario->elimination_banners.enabled);
    EXPECT_EQ(r.scenario->elimination_banners.no_banner_roles, (std::vector<std::string>{"garrison", "train"}));
    EXPECT_EQ(r.scenario->elimination_banners.rule, "B2");
    EXPECT_EQ(r.scenario->end_victory, EndVictory::SuddenDeath);
    EXPECT_EQ(r.scenario->end_rule, "B1");

    r = valid(with("<victory><banners-for-eliminations/></victory>"));
    ASSERT_TRUE(r.scenario);
    EXPECT_TRUE(r.scenario->elimination_banners.enabled);
    EXPECT_TRUE(r.scenario->elimination_banners.no_banner_roles.empty());
    EXPECT_EQ(r.scenario->end_victory, EndVictory::HigherTotal);
    r = valid(kMinimal);
    ASSERT_TRUE(r.scenario);
    EXPECT_FALSE(r.scenario->elimination_banners.enabled);

    // Sudden death with objectives as the only source, or with sides from the game.
    r = valid(with(R"(<objectives><objective kind="permanent" side="Blue" locs="0101"/><target side="Blue" banners="1"/></objectives>
<victory><end-of-game winner="sudden-death"/></victory>)"));
    ASSERT_TRUE(r.scenario);
    EXPECT_EQ(r.scenario->end_victory, EndVictory::SuddenDeath);
    r = valid(from_game("<victory><end-of-game winner=\"sudden-death\" rule=\"B1\"/></victory>"));
    ASSERT_TRUE(r.scenario);
    EXPECT_EQ(r.scenario->end_victory, EndVictory::SuddenDeath);

    // Without any source of banners (targets alone give none).
    std::string xml = with(R"(<objectives><target side="Blue" banners="3"/></objectives>
<victory><end-of-game winner="sudden-death" rule="B1"/></victory>)");
    ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "sudden-death");
    EXPECT_TRUE(contains(e.message, "<end-of-game winner=\"sudden-death\"> needs a source of banners: <banners-for-eliminations> "
                                    "in <victory>, an <objective> in <objectives>, or sides that come from the game"))
        << e.message;

    xml = with(R"(<victory><end-of-game winner="first-blood"/></victory>)");
    e = one_error(xml);
    EXPECT_AT(e, xml, "first-blood");
    EXPECT_TRUE(contains(e.message, "is not one of higher-total, levels, sudden-death")) << e.message;

    xml = with(R"(<victory><banners-for-eliminations no-banner-roles="garrison, garrison"/></victory>)");
    e = one_error(xml);
    EXPECT_AT(e, xml, "garrison, garrison");
    EXPECT_TRUE(contains(e.message, "'no-banner-roles' lists 'garrison' twice")) << e.message;

    xml = with(R"(<victory><banners-for-eliminations/><banners-for-eliminations/></victory>)");
    e = one_error(xml);
    EXPECT_TRUE(contains(e.message, "second <banners-for-eliminations> element")) << e.message;

    xml = with(R"(<victory><banners-for-eliminations roles="leader"/></victory>)");
    e = one_error(xml);
    EXPECT_AT(e, xml, "roles=");
    EXPECT_TRUE(contains(e.message, "<banners-for-eliminations> has no attribute 'roles'")) << e.message;
}
