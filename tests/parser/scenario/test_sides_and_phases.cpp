// Tests of <sides> (also from the game, and factions in groups), <phases>, <params>, the first
// player, the turns parameter and <sequence> (parser/scenario/section_sides_and_phases.cpp).
#include "scenario.hpp"
#include "scenario_support.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

using namespace referee;
using namespace referee::testing_support;

TEST(ScenarioErrors, UnknownSide) {
    ScenarioError e = one_error(replace(kMinimal, "side=\"Blue\" type", "side=\"Green\" type"));
    EXPECT_EQ(e.line, 10u);
    EXPECT_EQ(e.col, 24u);  // "Green"
    EXPECT_TRUE(contains(e.message, "unknown side 'Green'")) << e.message;
    EXPECT_TRUE(contains(e.message, "Blue, Red")) << e.message;
}

TEST(ScenarioErrors, SideNamesAreCaseInsensitive) {
    ScenarioLoad r = read_scenario_xml(replace(kMinimal, "side=\"Blue\" type", "side=\"BLUE\" type"), "t.xml");
    ASSERT_TRUE(r.scenario);
    EXPECT_EQ(r.scenario->units[0].side, 0);
}

TEST(ScenarioErrors, UnknownPhase) {
    ScenarioError e = one_error(replace(kMinimal, "<step side=\"Red\" phase=\"movement\"/>", "<step side=\"Red\" phase=\"rally\"/>"));
    EXPECT_EQ(e.line, 6u);
    EXPECT_TRUE(contains(e.message, "unknown phase 'rally'")) << e.message;
}

TEST(ScenarioErrors, ParamReferences) {
    const std::string victory =
        "<victory><points kind=\"exit\" side=\"each\" value=\"param:exit-vp\" rule=\"1\" what=\"w\"/></victory>\n</scenario>";
    ScenarioError e = one_error(replace(kMinimal, "</scenario>", victory));
    EXPECT_TRUE(contains(e.message, "unknown parameter 'exit-vp'")) << e.message;

    ScenarioLoad ok = read_scenario_xml(
        replace(kMinimal, "</scenario>", "<params><param name=\"exit-vp\" description=\"d\"/></params>\n" + victory), "t.xml");
    ASSERT_TRUE(ok.scenario);
    EXPECT_EQ(ok.scenario->points[0].value.param, "exit-vp");
    EXPECT_FALSE(ok.scenario->params[0].default_value);

    e = one_error(replace(kMinimal, "first-player=\"Blue\"", "first-player=\"param:first-player\""));
    EXPECT_TRUE(contains(e.message, "unknown parameter 'first-player'")) << e.message;

    e = one_error(replace(replace(kMinimal, "first-player=\"Blue\"", "first-player=\"param:first-player\""), "</scenario>",
                          "<params><param name=\"first-player\" description=\"d\"/></params>\n</scenario>"));
    EXPECT_TRUE(contains(e.message, "needs a default")) << e.message;
}

TEST(ScenarioErrors, FirstAndSecondFollowTheFirstPlayer) {
    std::string xml = replace(kMinimal, "first-player=\"Blue\"", "first-player=\"param:first-player\"");
    xml = replace(xml, "</scenario>", "<params><param name=\"first-player\" default=\"Red\" description=\"d\"/></params>\n</scenario>");
    xml = replace(xml, "<step side=\"Blue\"", "<step side=\"first\"");
    xml = replace(xml, "<step side=\"Red\"", "<step side=\"second\"");
    ScenarioLoad r = read_scenario_xml(xml, "t.xml");
    ASSERT_TRUE(r.scenario) << (r.errors.empty() ? "" : r.errors[0].message);
    EXPECT_EQ(r.scenario->first_player, 1);
    EXPECT_EQ(r.scenario->sequence[0].side, 1);
    EXPECT_EQ(r.scenario->sequence[1].side, 0);
}

TEST(Sequence, NightTurns) {
    ScenarioLoad r = valid(replace(kMinimal, "<sequence>", "<sequence night-turns=\"3, 1\" night-rule=\"14.22\">"));
    ASSERT_TRUE(r.scenario);
    EXPECT_EQ(r.scenario->night_turns, (std::vector<std::int32_t>{3, 1}));
    EXPECT_EQ(r.scenario->night_rule, "14.22");

    ScenarioError e = one_error(replace(kMinimal, "<sequence>", "<sequence night-turns=\"1, 4\">"));
    EXPECT_EQ(e.line, 4u);
    EXPECT_EQ(e.col, 26u);
    EXPECT_TRUE(contains(e.message, "<sequence> attribute 'night-turns': 4 is out of range (1..3)")) << e.message;
    e = one_error(replace(kMinimal, "<sequence>", "<sequence night-turns=\"2, 2\">"));
    EXPECT_TRUE(contains(e.message, "'night-turns' lists turn 2 twice")) << e.message;
    e = one_error(replace(kMinimal, "<sequence>", "<sequence night-turns=\"dusk\">"));
    EXPECT_TRUE(contains(e.message, "'dusk' is not a whole number")) << e.message;
}

TEST(FromGame, SidesComeFromTheGame) {
    ScenarioLoad r = valid(kFromGame);
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    EXPECT_TRUE(s.sides_from_game);
    EXPECT_EQ(s.game_sides, 2);  // the default count
    EXPECT_TRUE(s.sides.empty());
    EXPECT_TRUE(s.targets.empty());
    EXPECT_EQ(s.first_player, kNoSide);
    EXPECT_EQ(s.turns, 0);  // turns="none"
    EXPECT_TRUE(s.alternate_turns);
    ASSERT_EQ(s.sequence.size(), 3u);
    for (const SequenceStep& st : s.sequence) EXPECT_EQ(st.side, kPhasingSide);
    EXPECT_EQ(s.sequence[2].phase, 2);

    r = valid(replace(kFromGame, "<sides from-game=\"yes\"/>", "<sides from-game=\"yes\" count=\"8\"/>"));
    ASSERT_TRUE(r.scenario);
    EXPECT_EQ(r.scenario->game_sides, 8);
    EXPECT_TRUE(r.scenario->sides.empty());

    // What needs no side name is allowed: points of each side, steps of no side, objectives of any side.
    r = valid(from_game(R"(<victory><points kind="elimination" side="each" value="1" rule="B2" what="units"/></victory>
<objectives><objective kind="last-to-occupy" side="any" locs="0303"/></objectives>)"));
    ASSERT_TRUE(r.scenario);
    EXPECT_EQ(r.scenario->points.size(), 1u);
    ASSERT_EQ(r.scenario->objectives.size(), 1u);
    EXPECT_EQ(r.scenario->objectives[0].side, kNoSide);

    // from-game="no" is today's <sides>.
    r = valid(replace(kMinimal, "<sides>", "<sides from-game=\"no\">"));
    ASSERT_TRUE(r.scenario);
    EXPECT_FALSE(r.scenario->sides_from_game);
    EXPECT_EQ(r.scenario->sides.size(), 2u);
}

TEST(FromGame, NamingASideIsAnError) {
    // Each of these names a side; the error is at the attribute's value and names the attribute.
    struct Case {
        std::string extra, needle, attr;
    };
    const std::vector<Case> cases = {
        {R"(<units><unit id="x" side="French" type="infantry" strength="1"/></units>)", "French", "<unit> attribute 'side'"},
        {R"(<units><group side="French"><unit id="x" type="infantry" strength="1"/></group></units>)", "French",
         "<group> attribute 'side'"},
        {R"(<holdings><hold loc="0101" side="British"/></holdings>)", "British", "<hold> attribute 'side'"},
        {R"(<victory><points kind="elimination" side="French" value="1" rule="B2" what="units"/></victory>)", "French",
         "<points> attribute 'side'"},
        {R"(<reinforcements><side name="French" alternate-edges="west"/></reinforcements>)", "French",
         "<side> attribute 'name'"},
        {R"(<objectives><objective kind="temporary" side="French" locs="0101"/></objectives>)", "French",
         "<objective> attribute 'side'"},
        {R"(<objectives><objective kind="temporary" side="any" locs="0101" held-by="French"/></objectives>)", "French",
         "<objective> attribute 'held-by'"},
        {R"(<objectives><target side="French" banners="5"/></objectives>)", "French", "<target> attribute 'side'"},
        {R"(<reinforcements><arrival side="French" turn="2" at="0101"/></reinforcements>)", "French",
         "<arrival> attribute 'side'"},
    };
    for (const Case& c : cases) {
        const std::string xml = from_game(c.extra);
        ScenarioError e = one_error(xml);
        EXPECT_AT(e, xml, c.needle + "\"");
        EXPECT_TRUE(contains(e.message, c.attr + ": '" + c.needle + "' names a side, but this scenario's sides come from the game"))
            << e.message;
    }

    // A word the attribute does not take: start points go to one side, not `each`.
    std::string xml0 = from_game(R"(<victory><points kind="start" side="each" value="1" rule="B2" what="units"/></victory>)");
    ScenarioError e0 = one_error(xml0);
    EXPECT_AT(e0, xml0, "each");
    EXPECT_TRUE(contains(e0.message, "<points> attribute 'side': 'each' is not allowed here, and it needs a side: this scenario's "
                                     "sides come from the game"))
        << e0.message;

    // first-player, and steps in a from-game scenario of sides mode.
    std::string xml = replace(kFromGame, "turns=\"none\"", "turns=\"none\" first-player=\"French\"");
    ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "French");
    EXPECT_TRUE(contains(e.message, "first-player: this scenario's sides come from the game")) << e.message;

    xml = replace(kFromGame, "<sequence mode=\"alternate\">", "<sequence>");
    xml = replace(xml, "<step side=\"phasing\" phase=\"orders\"/>", "<step side=\"none\" phase=\"orders\"/>");
    xml = replace(xml, "<step side=\"Phasing\" phase=\"movement\"/>", "<step side=\"first\" phase=\"movement\"/>");
    xml = replace(xml, "<step side=\"phasing\" phase=\"battle\"/>", "<step side=\"none\" phase=\"battle\"/>");
    e = one_error(xml);
    EXPECT_AT(e, xml, "first\"");
    EXPECT_TRUE(contains(e.message, "<step> attribute 'side': 'first' names a side")) << e.message;

    // A unit without a side cannot be given one.
    xml = from_game(R"(<units><unit id="x" type="infantry" strength="1"/></units>)");
    e = one_error(xml);
    EXPECT_AT(e, xml, "<unit ");
    EXPECT_TRUE(contains(e.message, "its games declare their units with `unit` records")) << e.message;

    // Levels name two sides.
    xml = from_game(R"(<victory><levels ratio="A:B"><level winner="A" name="Win"/></levels><end-of-game winner="levels"/></victory>)");
    e = one_error(xml);
    EXPECT_AT(e, xml, "A:B");
    EXPECT_TRUE(contains(e.message, "<levels> attribute 'ratio': 'A:B' names a side")) << e.message;
}

TEST(FromGame, SidesErrors) {
    std::string xml = replace(kFromGame, "<sides from-game=\"yes\"/>", "<sides from-game=\"yes\"><side name=\"A\"/></sides>");
    ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "<side name");
    EXPECT_TRUE(contains(e.message, "<sides from-game=\"yes\"> has no <side> elements")) << e.message;

    xml = replace(kFromGame, "<sides from-game=\"yes\"/>", "<sides from-game=\"yes\" count=\"9\"/>");
    e = one_error(xml);
    EXPECT_AT(e, xml, "9\"/>");
    EXPECT_TRUE(contains(e.message, "'count': 9 is out of range (2..8)")) << e.message;

    xml = replace(kFromGame, "<sides from-game=\"yes\"/>", "<sides from-game=\"yes\" count=\"1\"/>");
    e = one_error(xml);
    EXPECT_TRUE(contains(e.message, "'count': 1 is out of range (2..8)")) << e.message;

    xml = replace(kMinimal, "<sides>", "<sides count=\"2\">");
    e = one_error(xml);
    EXPECT_AT(e, xml, "2\">");
    EXPECT_TRUE(contains(e.message, "'count' goes with from-game=\"yes\"")) << e.message;

    xml = replace(kFromGame, "from-game=\"yes\"", "from-game=\"maybe\"");
    e = one_error(xml);
    EXPECT_AT(e, xml, "maybe");
    EXPECT_TRUE(contains(e.message, "is not yes or no")) << e.message;

    // `phasing` is a reserved word.
    xml = replace(kMinimal, "<side name=\"Red\"/>", "<side name=\"Phasing\"/>");
    ScenarioLoad r = read_scenario_xml(xml, "t.xml");
    ASSERT_FALSE(r.errors.empty());
    EXPECT_EQ(r.errors[0].line, 2u);
    EXPECT_TRUE(contains(r.errors[0].message, "'Phasing' is a reserved word and cannot name a side")) << r.errors[0].message;
}

TEST(Sequence, AlternateMode) {
    ScenarioLoad r = valid(kMinimal);
    ASSERT_TRUE(r.scenario);
    EXPECT_FALSE(r.scenario->alternate_turns);  // mode="sides" is the default
    r = valid(replace(kMinimal, "<sequence>", "<sequence mode=\"sides\">"));
    ASSERT_TRUE(r.scenario);
    EXPECT_FALSE(r.scenario->alternate_turns);

    // Fixed sides, alternating turns: steps say phasing or none.
    std::string xml = replace(kMinimal, "<sequence>", "<sequence mode=\"alternate\" night-turns=\"2\">");
    xml = replace(xml, "<step side=\"Blue\" phase=\"movement\"/>", "<step side=\"phasing\" phase=\"movement\"/>");
    xml = replace(xml, "<step side=\"Red\" phase=\"movement\"/>", "<step side=\"none\" phase=\"combat\" last-turn=\"2\"/>");
    r = valid(xml);
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    EXPECT_TRUE(s.alternate_turns);
    ASSERT_EQ(s.sequence.size(), 2u);
    EXPECT_EQ(s.sequence[0].side, kPhasingSide);
    EXPECT_EQ(s.sequence[1].side, kNoSide);
    EXPECT_EQ(s.sequence[1].last_turn, 2);
    EXPECT_EQ(s.night_turns, (std::vector<std::int32_t>{2}));

    // `phasing` outside alternate mode.
    xml = replace(kMinimal, "<step side=\"Red\" phase=\"movement\"/>", "<step side=\"phasing\" phase=\"movement\"/>");
    ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "phasing");
    EXPECT_TRUE(contains(e.message, "<step> attribute 'side': 'phasing' is only for <sequence mode=\"alternate\">")) << e.message;

    // A side's name in alternate mode.
    xml = replace(kMinimal, "<sequence>", "<sequence mode=\"alternate\">");
    xml = replace(xml, "<step side=\"Blue\" phase=\"movement\"/>", "<step side=\"phasing\" phase=\"movement\"/>");
    e = one_error(xml);
    EXPECT_AT(e, xml, "Red\" phase");
    EXPECT_TRUE(contains(e.message, "'Red' in <sequence mode=\"alternate\">, where a step's side is 'phasing'")) << e.message;

    xml = replace(kMinimal, "<sequence>", "<sequence mode=\"turns\">");
    e = one_error(xml);
    EXPECT_AT(e, xml, "turns\">");
    EXPECT_TRUE(contains(e.message, "<sequence> attribute 'mode': 'turns' is not one of sides, alternate")) << e.message;
}

TEST(Factions, TurnsFromAParameter) {
    expect_breaks(kFactionGame,
                  {
                      {{{"turns=\"param:rounds\"", "turns=\"param:laps\""}}, "param:laps", "turns: unknown parameter 'laps' (declare it in <params>)"},
                      {{{"<param name=\"rounds\" default=\"3\" ", "<param name=\"rounds\" "}},
                       "<param name=\"rounds\"",
                       "parameter 'rounds' needs a default (a number of game-turns, 1..10000): turns=\"param:rounds\" takes the last turn "
                       "from it"},
                      {{{"default=\"3\"", "default=\"three\""}},
                       "three",
                       "parameter 'rounds': default 'three' is not a number of game-turns (1..10000), and turns=\"param:rounds\" takes the "
                       "last turn from it"},
                      {{{"default=\"3\"", "default=\"0\""}}, "0\" rule=\"2.4.1\"", "parameter 'rounds': default '0' is not a number of game-turns"},
                  });
}

TEST(Factions, SidesErrors) {
    expect_breaks(kFactionGame,
                  {
                      {{{"<side name=\"Allies\" group=\"Free\" ", "<side name=\"Allies\" "}},
                       "<side name=\"Allies\"",
                       "<side> needs attribute 'group': the other sides have one (in a game of factions every side belongs to a group)"},
                      {{{"group=\"Free\" pieces=\"regular\"", "group=\"any\" pieces=\"regular\""}}, "any\"", "'any' is a reserved word and cannot name a group"},
                      {{{"group=\"Free\" pieces=\"regular\"", "group=\"tribes\" pieces=\"regular\""}},
                       "tribes\" pieces",
                       "group 'tribes' has the name of a side (a group's name must differ from its factions')"},
                      {{{"group=\"Free\"", "group=\"ROYAL\""}, {"group=\"Free\"", "group=\"royal\""}},
                       "<sides pieces-rule",
                       "<sides>: every side is in group 'Royal'; a game of factions needs at least two groups (the rules' sides)"},
                      {{{"pieces=\"regular\"/>", "pieces=\"cannon\"/>"}},
                       "cannon",
                       "<side> attribute 'pieces': 'cannon' is not one of regular, tory, continental, militia, war-party, village, fort"},
                  });
    // More than two sides need groups (a battle that names a from-game base's sides may have more).
    const std::string xml = replace(kMinimal, "<side name=\"Red\"/>", "<side name=\"Red\"/><side name=\"Green\"/>");
    ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "<sides>");
    EXPECT_TRUE(contains(e.message, "<sides> declares 3 sides; more than two sides need groups (<side group=...>)")) << e.message;
}
