// Tests of the examples in docs/scenario-format.md: every complete scenario there is valid, and
// reads as the text says.
#include "scenario.hpp"
#include "scenario_support.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <vector>

using namespace referee;
using namespace referee::testing_support;

namespace {

// Every complete scenario in the documentation: ```xml blocks that start with <?xml or <scenario.
std::vector<std::string> doc_scenarios() {
    std::ifstream in(std::string(REFEREE_SOURCE_DIR) + "/docs/scenario-format.md");
    EXPECT_TRUE(in);
    const std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<std::string> out;
    for (std::size_t at = doc.find("```xml\n"); at != std::string::npos; at = doc.find("```xml\n", at + 1)) {
        const std::size_t body = at + 7, end = doc.find("```", body);
        if (end == std::string::npos) break;
        const std::string block = doc.substr(body, end - body);
        if (block.rfind("<?xml", 0) == 0 || block.rfind("<scenario", 0) == 0) out.push_back(block);
    }
    return out;
}

std::string doc_scenario_with(const std::string& part) {
    for (const std::string& b : doc_scenarios())
        if (contains(b, part)) return b;
    ADD_FAILURE() << "no example with " << part;
    return {};
}

// The documentation's from-game base, as a built-in (only built-ins can be extended).
void add_docs_banner_base() {
    add_builtin_scenario_for_tests("line-battles", doc_scenario_with("id=\"line-battles\""));
}

}  // namespace

TEST(Docs, ExampleScenarioIsValid) {
    std::ifstream in(std::string(REFEREE_SOURCE_DIR) + "/docs/scenario-format.md");
    ASSERT_TRUE(in);
    const std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::size_t start = doc.find("```xml\n<?xml");
    ASSERT_NE(start, std::string::npos);
    const std::size_t body = start + 7, end = doc.find("```", body);
    ASSERT_NE(end, std::string::npos);
    ScenarioLoad r = read_scenario_xml(doc.substr(body, end - body), "docs example");
    for (const auto& e : r.errors) ADD_FAILURE() << e.line << ":" << e.col << ": " << e.message;
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    EXPECT_EQ(s.first_player, 0);
    ASSERT_EQ(s.sequence.size(), 4u);
    EXPECT_EQ(s.sequence[2].side, 1);
    EXPECT_EQ(s.sequence[2].first_turn, 2);
    EXPECT_EQ(s.retreat_off_map, RetreatOffMap::Forbidden);
    EXPECT_EQ(s.exits.unit_types, (std::vector<std::string>{"cavalry"}));
    ASSERT_EQ(s.units.size(), 3u);
    EXPECT_EQ(s.units[1].enters_turn, 3);
    EXPECT_EQ(s.units[1].source, "our own example");
    EXPECT_EQ(s.points[1].locs.size(), 1u);
    ASSERT_TRUE(s.automatic);
    EXPECT_EQ(s.automatic->ratio, 2);
    EXPECT_TRUE(s.automatic->require_positive);
}

TEST(Docs, EveryCompleteExampleIsValid) {
    add_docs_banner_base();
    const std::vector<std::string> blocks = doc_scenarios();
    ASSERT_EQ(blocks.size(), 7u);  // a VASSAL binding, inheritance, a from-game base and its battle, the small file,
                                   // the later sections, a game of factions
    for (const std::string& b : blocks) {
        ScenarioLoad r = read_scenario_xml(b, "docs example");
        for (const auto& e : r.errors) ADD_FAILURE() << e.line << ":" << e.col << ": " << e.message;
        EXPECT_TRUE(r.scenario);
    }
}

TEST(Docs, LaterSectionsExample) {
    ScenarioLoad r = read_scenario_xml(doc_scenario_with("id=\"crossroads\""), "docs example");
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    EXPECT_EQ(s.id, "crossroads");
    ASSERT_EQ(s.roads.size(), 2u);
    EXPECT_EQ(s.roads[0].leaves.size(), 2u);
    EXPECT_TRUE(s.roads[1].trail);
    // The Mill Trail joins the Valley Pike at 0504: one network, leaving west, east and north.
    ASSERT_EQ(s.road_networks.size(), 1u);
    EXPECT_EQ(s.road_networks.leaves[0].size(), 3u);
    EXPECT_TRUE(s.zoc.enabled);
    EXPECT_EQ(s.stacking.limit, 2);
    EXPECT_EQ(s.reinforcements.schedule.size(), 2u);
    EXPECT_EQ(s.exits.edges, (std::vector<Edge>{Edge::East}));
    EXPECT_EQ(s.night_turns, (std::vector<std::int32_t>{4}));
    ASSERT_EQ(s.points.size(), 5u);
    EXPECT_EQ(s.points[3].kind, PointsKind::Trace);
    EXPECT_EQ(s.points[4].kind, PointsKind::ExitLead);
    EXPECT_EQ(s.end_victory, EndVictory::Levels);
    ASSERT_TRUE(s.levels);
    EXPECT_EQ(s.levels->levels.size(), 4u);
}

TEST(Docs, FactionGameExample) {
    ScenarioLoad r = valid(doc_scenario_with("id=\"river-war\""));
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    EXPECT_EQ(s.turns, 3);
    EXPECT_EQ(s.turns_param, "rounds");
    EXPECT_EQ(s.groups, (std::vector<std::string>{"Loyal", "Free", "Free", "Loyal"}));
    EXPECT_EQ(s.spaces.size(), 3u);
    EXPECT_EQ(totals(s), (std::pair<std::int64_t, std::int64_t>{4, 1}));
    EXPECT_EQ(s.start_pieces.size(), 3u);
    EXPECT_EQ(s.tracks.size(), 6u);
    EXPECT_EQ(s.casualties.size(), 4u);
    EXPECT_EQ(s.treaty.card, "42");
    EXPECT_EQ(s.end_victory, EndVictory::Factions);
    EXPECT_EQ(s.faction_victory.factions[1].conditions[1].offset, 1);
    EXPECT_TRUE(s.faction_victory.one_player_rule.empty());
}

TEST(Docs, VassalBindingExample) {
    ScenarioLoad r = read_scenario_xml(doc_scenario_with("id=\"mh-vassal-doc\""), "docs example");
    ASSERT_TRUE(r.scenario);
    const VassalBinding& b = r.scenario->vassal;
    EXPECT_TRUE(b.declared);
    EXPECT_EQ(b.locations.map, "Main Map");
    EXPECT_EQ(b.pieces.unit.pattern_field, "unit");
    EXPECT_EQ(b.pieces.side.pattern_field, "side");
    EXPECT_EQ(b.pieces.strength.property, "Strength");
    EXPECT_EQ(b.turns.phases.size(), 4u);
    EXPECT_EQ(b.turns.phase_property, "Phase");
}

TEST(Docs, InheritanceExample) {
    ScenarioLoad r = read_scenario_xml(doc_scenario_with("id=\"maryes-heights-club\""), "docs example");
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    EXPECT_EQ(s.extends, "maryes-heights");
    EXPECT_EQ(s.roads.size(), 1u);
    ASSERT_NE(s.find_param("exit-vp"), nullptr);
    EXPECT_EQ(s.find_param("exit-vp")->default_value, std::optional<std::string>("1"));
    EXPECT_EQ(s.units.size(), maryes().units.size());
}

TEST(Docs, VictoryBannerExample) {
    add_docs_banner_base();
    ScenarioLoad base = load_scenario("line-battles");
    ASSERT_TRUE(base.scenario) << (base.errors.empty() ? "" : base.errors[0].message);
    EXPECT_TRUE(base.scenario->sides_from_game);
    EXPECT_EQ(base.scenario->turns, 0);
    EXPECT_TRUE(base.scenario->alternate_turns);
    EXPECT_EQ(base.scenario->end_victory, EndVictory::SuddenDeath);

    ScenarioLoad r = valid(doc_scenario_with("extends=\"line-battles\""));
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    EXPECT_EQ(s.id, "la-haye-sainte");
    EXPECT_FALSE(s.sides_from_game);
    EXPECT_EQ(s.sides, (std::vector<std::string>{"French", "British"}));
    EXPECT_EQ(s.units.size(), 4u);
    ASSERT_EQ(s.objectives.size(), 3u);
    EXPECT_EQ(s.objectives[0].kind, ObjectiveKind::Temporary);
    EXPECT_EQ(s.objectives[0].side, kNoSide);
    EXPECT_EQ(s.objectives[0].held_by, 1);
    EXPECT_EQ(s.objectives[0].name, "La Haye Sainte");
    EXPECT_EQ(s.objectives[1].kind, ObjectiveKind::StartTurnTemporaryGroup);
    EXPECT_EQ(s.objectives[1].locs.size(), 2u);
    EXPECT_EQ(s.objectives[2].kind, ObjectiveKind::LastToOccupy);
    EXPECT_EQ(s.targets, (std::vector<std::int32_t>{5, 4}));
    EXPECT_EQ(s.turns, 0);
    EXPECT_TRUE(s.alternate_turns);
    ASSERT_EQ(s.sequence.size(), 3u);
    EXPECT_EQ(s.sequence[0].side, kPhasingSide);
    EXPECT_TRUE(s.elimination_banners.enabled);
    EXPECT_EQ(s.elimination_banners.no_banner_roles, (std::vector<std::string>{"garrison"}));
    EXPECT_EQ(s.end_victory, EndVictory::SuddenDeath);
    EXPECT_EQ(s.end_rule, "B1");
}
