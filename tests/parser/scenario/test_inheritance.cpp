// Tests of <scenario extends=...> (parser/scenario/inheritance.cpp): what a file keeps of its base and
// what it replaces, and what it may not change.
#include "scenario.hpp"
#include "scenario_support.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace referee;
using namespace referee::testing_support;

namespace {

const char* kTournament = R"xml(<scenario extends="maryes-heights" id="mh-tournament" title="Marye's Heights, tournament">
  <params>
    <param name="exit-vp" default="2"/>
    <param name="Occupation-VP" default="3" rule="T1" description="points per hex held (house rule)"/>
    <param name="house" default="x" description="a new one"/>
  </params>
  <roads>
    <road name="Plank Road" hexes="0113, 0213, 0313" leaves-at="0113"/>
  </roads>
  <rulings>
    <ruling id="M2">Tournament: exit-vp is 2 and occupation-vp is 3.</ruling>
    <ruling id="T1">House rule.</ruling>
  </rulings>
</scenario>
)xml";

}  // namespace

TEST(Extends, TournamentFileAddsRoadsAndSetsParameters) {
    ScenarioLoad r = valid(kTournament);
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    const Scenario& base = maryes();
    EXPECT_EQ(s.id, "mh-tournament");
    EXPECT_EQ(s.title, "Marye's Heights, tournament");
    EXPECT_EQ(s.extends, "maryes-heights");
    EXPECT_EQ(s.source_file, "t.xml");
    EXPECT_TRUE(base.extends.empty());
    // Inherited.
    EXPECT_EQ(s.turns, 11);
    EXPECT_EQ(s.sides, base.sides);
    EXPECT_EQ(s.first_player, 0);
    EXPECT_EQ(s.sequence.size(), base.sequence.size());
    EXPECT_EQ(s.map.size(), base.map.size());
    EXPECT_EQ(s.units.size(), base.units.size());
    EXPECT_EQ(s.holds.size(), 6u);
    EXPECT_EQ(names(s, s.exits.locs), (std::vector<std::string>{"0113", "2027", "2501"}));
    EXPECT_EQ(s.points.size(), 4u);
    ASSERT_TRUE(s.automatic);
    EXPECT_EQ(s.end_rule, "17.0");
    // Parameters merge: a base parameter gets a default; a new one is added.
    ASSERT_EQ(s.params.size(), 4u);
    const ParamDef* exit = s.find_param("exit-vp");
    ASSERT_NE(exit, nullptr);
    ASSERT_TRUE(exit->default_value);
    EXPECT_EQ(*exit->default_value, "2");
    EXPECT_EQ(exit->rule, "17.12");                                      // kept
    EXPECT_EQ(exit->description, base.find_param("exit-vp")->description);  // kept
    const ParamDef* occ = s.find_param("occupation-vp");
    ASSERT_NE(occ, nullptr);
    EXPECT_EQ(occ->name, "occupation-vp");  // the base's spelling
    EXPECT_EQ(*occ->default_value, "3");
    EXPECT_EQ(occ->rule, "T1");
    EXPECT_EQ(occ->description, "points per hex held (house rule)");
    ASSERT_NE(s.find_param("house"), nullptr);
    EXPECT_EQ(s.params.back().name, "house");
    // Roads are added.
    ASSERT_EQ(s.roads.size(), 1u);
    EXPECT_EQ(s.roads[0].name, "Plank Road");
    ASSERT_EQ(s.roads[0].leaves.size(), 1u);
    EXPECT_EQ(s.roads[0].leaves[0].edge, Edge::West);
    // Rulings merge: M2 replaced in place, T1 added.
    ASSERT_EQ(s.rulings.size(), base.rulings.size() + 1);
    EXPECT_EQ(s.rulings[6].id, "M2");
    EXPECT_EQ(s.rulings[6].text, "Tournament: exit-vp is 2 and occupation-vp is 3.");
    EXPECT_EQ(s.rulings.back().id, "T1");
    EXPECT_EQ(s.rulings[0].text, base.rulings[0].text);
}

TEST(Extends, GivenSectionsReplaceTheBase) {
    ScenarioLoad r = valid(R"(<scenario extends="maryes-heights" id="mh2" title="Short" turns="8">
  <params><param name="first-player" default="Confederate"/></params>
  <units><unit id="X" side="Union" type="cavalry" strength="2" enters="3" enters-at="0113"/></units>
  <victory><points kind="elimination" side="each" value="2" rule="17.11" what="enemy SP"/></victory>
  <edges><edge name="east" hexes="2501, 2502"/></edges>
  <exits edges="east" rule="T"/>
  <sequence night-turns="8"><step side="first" phase="movement"/><step side="second" phase="movement"/></sequence>
  <zones-of-control/>
  <stacking limit="3"/>
</scenario>)");
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    EXPECT_EQ(s.turns, 8);
    EXPECT_EQ(s.first_player, 1);  // follows the changed default of param first-player
    ASSERT_EQ(s.units.size(), 1u);
    EXPECT_EQ(s.units[0].id, "X");
    ASSERT_EQ(s.points.size(), 1u);
    EXPECT_EQ(s.points[0].value.literal, 2);
    EXPECT_FALSE(s.automatic);  // <victory> replaced wholesale
    EXPECT_TRUE(s.end_rule.empty());
    EXPECT_EQ(s.holds.size(), 6u);  // not given: inherited
    EXPECT_EQ(s.exits.edges, (std::vector<Edge>{Edge::East}));
    EXPECT_TRUE(s.exits.locs.empty());
    EXPECT_EQ(s.exits.rule, "T");
    EXPECT_TRUE(s.map.on_edge(loc(s, "2501"), Edge::East));
    EXPECT_FALSE(s.map.on_edge(loc(s, "2503"), Edge::East));
    EXPECT_TRUE(s.map.on_edge(loc(s, "0101"), Edge::North));
    ASSERT_EQ(s.sequence.size(), 2u);
    EXPECT_EQ(s.sequence[0].side, 1);
    EXPECT_EQ(s.night_turns, (std::vector<std::int32_t>{8}));
    EXPECT_TRUE(s.zoc.enabled);
    EXPECT_EQ(s.stacking.limit, 3);
    EXPECT_EQ(s.rulings.size(), maryes().rulings.size());
}

TEST(Extends, Errors) {
    ScenarioError e = one_error("<scenario extends=\"maryes\" id=\"x\" title=\"X\">\n  <units/>\n</scenario>\n");
    EXPECT_EQ(e.line, 1u);
    EXPECT_EQ(e.col, 20u);  // "maryes"
    EXPECT_TRUE(contains(e.message, "'extends': 'maryes' is not a built-in scenario (built-ins: ")) << e.message;

    e = one_error(R"(<scenario extends="maryes-heights" id="x" title="X">
  <map><hex-grid kind="hex-rows" columns="01-02" rows="01-02" shifted="odd"/></map>
</scenario>)");
    EXPECT_EQ(e.line, 2u);
    EXPECT_EQ(e.col, 3u);
    EXPECT_TRUE(contains(e.message, "<map> is not allowed in a scenario that extends another: an extending scenario keeps its base's "
                                    "sides, phases and map"))
        << e.message;

    // Errors carry the extending file's own lines and columns; names resolve against the base.
    e = one_error(R"(<scenario extends="maryes-heights" id="x" title="X">
  <holdings><hold loc="2601" side="Union"/></holdings>
</scenario>)");
    EXPECT_EQ(e.file, "test.xml");
    EXPECT_EQ(e.line, 2u);
    EXPECT_EQ(e.col, 24u);
    EXPECT_TRUE(contains(e.message, "unknown location '2601' (the map's hexes are columns 01-25, rows 01-27)")) << e.message;

    // A base parameter may be given without a description; a new one needs it.
    e = one_error(R"(<scenario extends="maryes-heights" id="x" title="X">
  <params><param name="exit-vp" default="2"/><param name="new-vp" default="2"/></params>
</scenario>)");
    EXPECT_EQ(e.line, 2u);
    EXPECT_EQ(e.col, 46u);  // the second <param>
    EXPECT_TRUE(contains(e.message, "<param> needs attribute 'description'")) << e.message;

    e = one_error(R"(<scenario extends="maryes-heights" id="x" title="X">
  <params><param name="exit-vp" default="2"/><param name="EXIT-VP" default="3"/></params>
</scenario>)");
    EXPECT_TRUE(contains(e.message, "parameter 'EXIT-VP' is declared twice")) << e.message;

    e = one_error(R"(<scenario extends="maryes-heights" id="x" title="X">
  <params><param name="first-player" default="Rebels"/></params>
</scenario>)");
    EXPECT_TRUE(contains(e.message, "parameter 'first-player': default 'Rebels' is not a side")) << e.message;

    // Fewer turns than what is inherited uses.
    e = one_error(R"(<scenario extends="maryes-heights" id="x" title="X" turns="4"/>)");
    EXPECT_EQ(e.col, 60u);
    EXPECT_TRUE(contains(e.message, "the base scenario's <victory> uses turn 5")) << e.message;

    ScenarioLoad r = read_scenario_xml(R"(<scenario extends="maryes-heights" id="x" title="X">
  <sides><side name="A"/><side name="B"/></sides>
  <phases><phase name="m" kind="movement"/></phases>
</scenario>)",
                                       "t.xml");
    ASSERT_EQ(r.errors.size(), 2u);
    EXPECT_TRUE(contains(r.errors[0].message, "<sides> is not allowed")) << r.errors[0].message;
    EXPECT_TRUE(contains(r.errors[1].message, "<phases> is not allowed")) << r.errors[1].message;

    // Still strict about the root: id and title are required.
    r = read_scenario_xml(R"(<scenario extends="maryes-heights"/>)", "t.xml");
    ASSERT_EQ(r.errors.size(), 2u);
    EXPECT_TRUE(contains(r.errors[0].message, "needs attribute 'id'")) << r.errors[0].message;
}

TEST(Extends, RoadNamesAreUniqueAcrossBaseAndFile) {
    // maryes-heights has no roads; a scenario extending the tournament file is not possible (only
    // built-ins can be extended), so uniqueness within the file is what can be shown here.
    ScenarioError e = one_error(R"(<scenario extends="maryes-heights" id="x" title="X">
  <roads><road name="R" hexes="0113, 0213"/><road name="R" hexes="0213, 0313"/></roads>
</scenario>)");
    EXPECT_TRUE(contains(e.message, "road 'R' is declared twice (first on line 2)")) << e.message;
}

TEST(Extends, FromAFileOnDisk) {
    const std::filesystem::path p = std::filesystem::temp_directory_path() / "referee_test_scenario_extends.xml";
    {
        std::ofstream out(p);
        out << kTournament;
    }
    ScenarioLoad r = load_scenario(p.string());
    std::filesystem::remove(p);
    ASSERT_TRUE(r.scenario) << (r.errors.empty() ? "" : r.errors[0].message);
    EXPECT_EQ(r.scenario->source_file, p.string());
    EXPECT_EQ(r.scenario->extends, "maryes-heights");
    EXPECT_EQ(r.scenario->roads.size(), 1u);
}

TEST(FromGame, BattleExtendsAFromGameBase) {
    add_test_bases();
    // The base itself: from-game sides, alternate turns, an objective of any side, banners, sudden death.
    ScenarioLoad base = load_scenario("test-banner-base");
    ASSERT_TRUE(base.scenario) << (base.errors.empty() ? "" : base.errors[0].message);
    EXPECT_TRUE(base.scenario->sides_from_game);
    EXPECT_EQ(base.scenario->objectives.size(), 1u);

    ScenarioLoad r = valid(R"(<scenario extends="test-banner-base" id="battle" title="A battle" first-player="French">
  <sides><side name="French"/><side name="British"/></sides>
  <units>
    <unit id="G1" side="French" type="infantry" strength="4" at="0303"/>
    <unit id="LHS" side="British" type="infantry" strength="2" at="0504" roles="garrison"/>
  </units>
  <objectives>
    <objective kind="temporary" side="any" locs="0504" held-by="British" name="La Haye Sainte" rule="B3"/>
    <objective kind="start-turn-temporary-group" side="British" locs="0101, 0102"/>
    <target side="French" banners="5"/>
    <target side="British" banners="4"/>
  </objectives>
</scenario>)");
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    EXPECT_FALSE(s.sides_from_game);
    EXPECT_EQ(s.sides, (std::vector<std::string>{"French", "British"}));
    EXPECT_EQ(s.first_player, 0);
    EXPECT_EQ(s.units.size(), 2u);
    EXPECT_EQ(s.units[1].side, 1);
    ASSERT_EQ(s.objectives.size(), 2u);  // replaces the base's
    EXPECT_EQ(s.objectives[0].held_by, 1);
    EXPECT_EQ(s.targets, (std::vector<std::int32_t>{5, 4}));
    // Inherited: no turn limit, alternate turns, banners for eliminations, sudden death.
    EXPECT_EQ(s.turns, 0);
    EXPECT_TRUE(s.alternate_turns);
    EXPECT_EQ(s.sequence.size(), 3u);
    EXPECT_TRUE(s.elimination_banners.enabled);
    EXPECT_EQ(s.end_victory, EndVictory::SuddenDeath);
    EXPECT_EQ(s.extends, "test-banner-base");

    // A file that does not give <sides> keeps them from the game, and may not name one.
    r = valid(R"(<scenario extends="test-banner-base" id="battle" title="Any battle" turns="12">
  <objectives><objective kind="permanent" side="any" locs="0707"/></objectives>
</scenario>)");
    ASSERT_TRUE(r.scenario);
    EXPECT_TRUE(r.scenario->sides_from_game);
    EXPECT_EQ(r.scenario->turns, 12);
    std::string xml = R"(<scenario extends="test-banner-base" id="battle" title="B">
  <objectives><target side="French" banners="5"/></objectives>
</scenario>)";
    ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "French");
    EXPECT_TRUE(contains(e.message, "'French' names a side, but this scenario's sides come from the game")) << e.message;

    // Replacing <sequence> and <victory> replaces alternate turns and banners for eliminations too.
    r = valid(R"(<scenario extends="test-banner-base" id="battle" title="B" turns="5">
  <sides><side name="A"/><side name="B"/></sides>
  <sequence><step side="A" phase="movement"/><step side="B" phase="movement"/></sequence>
  <victory><points kind="elimination" side="each" value="1" rule="1" what="SP"/></victory>
</scenario>)");
    ASSERT_TRUE(r.scenario);
    EXPECT_FALSE(r.scenario->alternate_turns);
    EXPECT_FALSE(r.scenario->elimination_banners.enabled);
    EXPECT_EQ(r.scenario->end_victory, EndVictory::HigherTotal);
    EXPECT_EQ(r.scenario->objectives.size(), 1u);  // not given: the base's
    EXPECT_EQ(r.scenario->targets, (std::vector<std::int32_t>{0, 0}));
}

TEST(FromGame, ExtendingErrors) {
    add_test_bases();
    // The number of sides is the base's count.
    std::string xml = R"(<scenario extends="test-banner-base" id="b" title="B">
  <sides><side name="A"/><side name="B"/><side name="C"/></sides>
</scenario>)";
    ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "<sides>");
    EXPECT_TRUE(contains(e.message, "<sides> declares 3 sides; the base scenario 'test-banner-base' is for games of 2")) << e.message;

    // An extending file lists its sides; it does not leave them to the game again.
    xml = R"(<scenario extends="test-banner-base" id="b" title="B">
  <sides from-game="yes"/>
</scenario>)";
    e = one_error(xml);
    EXPECT_AT(e, xml, "from-game");
    EXPECT_TRUE(contains(e.message, "an extending scenario's <sides> lists its sides with <side> elements")) << e.message;

    // Errors in the battle's <sides> are not repeated at each use of its names.
    xml = R"(<scenario extends="test-banner-base" id="b" title="B">
  <sides><side name="A"/><side name="a"/></sides>
  <holdings><hold loc="0101" side="B"/></holdings>
</scenario>)";
    e = one_error(xml);
    EXPECT_TRUE(contains(e.message, "side 'a' is declared twice")) << e.message;

    // A fixed-sides base still refuses <sides>.
    xml = R"(<scenario extends="maryes-heights" id="b" title="B">
  <sides><side name="A"/><side name="B"/></sides>
</scenario>)";
    e = one_error(xml);
    EXPECT_TRUE(contains(e.message, "<sides> is not allowed in a scenario that extends another")) << e.message;
    EXPECT_TRUE(contains(e.message, "only a base whose sides come from the game")) << e.message;

    // A base whose sudden death counts on sides from the game: fixing them leaves no banners.
    ScenarioLoad r = read_scenario_xml(R"(<scenario extends="test-bare-base" id="b" title="B">
  <sides><side name="A"/><side name="B"/><side name="C"/></sides>
</scenario>)",
                                       "t.xml");
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(r.errors[0].line, 2u);
    EXPECT_EQ(r.errors[0].col, 3u);
    EXPECT_TRUE(contains(r.errors[0].message, "the base scenario's <end-of-game winner=\"sudden-death\"> needs a source of banners"))
        << r.errors[0].message;
    r = valid(R"(<scenario extends="test-bare-base" id="b" title="B">
  <sides><side name="A"/><side name="B"/><side name="C"/></sides>
  <objectives><objective kind="temporary" side="C" locs="0303"/></objectives>
</scenario>)");
    EXPECT_TRUE(r.scenario);
}

TEST(Factions, ExtendingReplacesSetupTracksAndTreaty) {
    add_builtin_scenario_for_tests("test-factions", kFactionGame);
    ScenarioLoad r = valid(R"(<scenario extends="test-factions" id="x" title="X">
  <setup><support space="Farm" level="active-opposition"/></setup>
  <tracks>
    <track name="opposition" title="Opp" derive="opposition"/>
    <track name="support" title="Sup" derive="support"/>
    <track name="villages" title="V" derive="pieces" faction="Tribes" piece="village"/>
    <track name="losses" title="L" derive="casualties" start="7"/>
  </tracks>
  <treaty card="110" played="yes"/>
  <params><param name="rounds" default="5"/></params>
</scenario>)");
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    EXPECT_EQ(s.turns, 5);  // the new default of the base's turns parameter
    EXPECT_EQ(s.turns_param, "rounds");
    EXPECT_EQ(s.groups.size(), 4u);
    // <setup> replaces the base's: no pieces, no blockade, only the new support levels.
    EXPECT_TRUE(s.start_pieces.empty());
    EXPECT_EQ(s.spaces[static_cast<std::size_t>(loc(s, "Port"))].support, Neutral);
    EXPECT_FALSE(s.spaces[static_cast<std::size_t>(loc(s, "Port"))].blockaded);
    EXPECT_EQ(s.spaces[static_cast<std::size_t>(loc(s, "Farm"))].support, ActiveOpposition);
    // <tracks> replaces the base's; the inherited casualties and conditions find theirs by name.
    ASSERT_EQ(s.tracks.size(), 4u);
    EXPECT_EQ(s.tracks[3].start, 7);
    ASSERT_EQ(s.casualties.size(), 2u);
    EXPECT_EQ(s.casualties[0].track, track(s, "losses"));
    const auto& f = s.faction_victory.factions;
    EXPECT_EQ(f[0].conditions[0].plus, (std::vector<std::int32_t>{track(s, "support")}));
    EXPECT_EQ(f[0].conditions[0].minus, (std::vector<std::int32_t>{track(s, "opposition")}));
    EXPECT_EQ(f[1].conditions[0].minus, (std::vector<std::int32_t>{track(s, "support"), track(s, "villages")}));
    EXPECT_EQ(f[2].conditions[1].minus, (std::vector<std::int32_t>{track(s, "losses")}));
    EXPECT_EQ(s.treaty.card, "110");
    EXPECT_TRUE(s.treaty.played);
    EXPECT_TRUE(s.treaty.param.empty());

    // A `turns` number replaces the base's parameter.
    r = valid(R"(<scenario extends="test-factions" id="x" title="X" turns="4"/>)");
    ASSERT_TRUE(r.scenario);
    EXPECT_EQ(r.scenario->turns, 4);
    EXPECT_TRUE(r.scenario->turns_param.empty());
    // Without <tracks>, the base's tracks and indices stay.
    EXPECT_EQ(r.scenario->tracks.size(), 5u);
    EXPECT_EQ(r.scenario->casualties[0].track, 2);
}

TEST(Factions, ExtendingErrors) {
    add_builtin_scenario_for_tests("test-factions", kFactionGame);
    const std::string tracks = R"(<scenario extends="test-factions" id="x" title="X">
  <tracks>
    <track name="support" title="S" derive="support"/>
    <track name="opposition" title="O" derive="opposition"/>
    <track name="losses" title="L" derive="casualties"/>
    <track name="villages" title="V" derive="pieces" faction="Tribes" piece="village"/>
  </tracks>
</scenario>)";
    ASSERT_TRUE(valid(tracks).scenario);
    expect_breaks(tracks,
                  {
                      {{{"title=\"L\" derive=\"casualties\"", "title=\"L\""}},
                       "<tracks>",
                       "the base scenario's <casualties> uses track 'losses', which this <tracks> does not declare with "
                       "derive=\"casualties\"; give <casualties> in this file too"},
                      {{{"name=\"villages\"", "name=\"towns\""}},
                       "<tracks>",
                       "the base scenario's <victory> uses track 'villages', which this <tracks> does not declare; give <victory> in "
                       "this file too"},
                  });
    // A new default of the base's turns parameter must be a number of turns, and leave room for
    // what the file inherits.
    const std::string rounds = R"(<scenario extends="test-factions" id="x" title="X">
  <params><param name="rounds" default="many"/></params>
</scenario>)";
    ScenarioError e = one_error(rounds);
    EXPECT_AT(e, rounds, "many");
    EXPECT_TRUE(contains(e.message, "parameter 'rounds': default 'many' is not a number of game-turns (1..10000)")) << e.message;
    // The base's parameter named by this file's `turns`: the error is at `turns`.
    std::string xml = R"(<scenario extends="test-factions" id="x" title="X" turns="param:treaty"/>)";
    e = one_error(xml);
    EXPECT_AT(e, xml, "param:treaty");
    EXPECT_TRUE(contains(e.message, "parameter 'treaty': default 'no' is not a number of game-turns")) << e.message;

    // A <treaty> that names the base's parameter: its default must be yes or no (the error is at `param`).
    xml = R"(<scenario extends="test-factions" id="x" title="X">
  <treaty card="1" param="rounds"/>
</scenario>)";
    e = one_error(xml);
    EXPECT_AT(e, xml, "rounds\"/>");
    EXPECT_TRUE(contains(e.message, "parameter 'rounds': default '3' is not yes or no (<treaty param=...> plays the treaty with it)"))
        << e.message;

    // A base with a step on turn 3 and a parameter without default.
    std::string late = replace(kFactionGame, "<step side=\"none\" phase=\"support\"/>", "<step side=\"none\" phase=\"support\" first-turn=\"3\"/>");
    late = replace(late, "id=\"test-factions\"", "id=\"test-factions-late-step\"");
    late = replace(late, "</params>", "  <param name=\"laps\" description=\"no default\"/>\n  </params>");
    add_builtin_scenario_for_tests("test-factions-late-step", late);
    xml = R"(<scenario extends="test-factions-late-step" id="x" title="X" turns="param:laps"/>)";
    e = one_error(xml);
    EXPECT_AT(e, xml, "param:laps");
    EXPECT_TRUE(contains(e.message, "parameter 'laps' needs a default (a number of game-turns, 1..10000)")) << e.message;
    xml = R"(<scenario extends="test-factions-late-step" id="x" title="X">
  <params><param name="rounds" default="2"/></params>
</scenario>)";
    e = one_error(xml);
    EXPECT_AT(e, xml, "2\"/>");
    EXPECT_TRUE(contains(e.message, "parameter 'rounds' (the last turn): the base scenario's <sequence> uses turn 3 (a step's "
                                    "first-turn), after the last turn 2; give <sequence> in this file, or more turns"))
        << e.message;
}
