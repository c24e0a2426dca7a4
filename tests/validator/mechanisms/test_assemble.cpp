// The assembly (validator/mechanisms/assemble.cpp): the mechanisms a game gets are exactly those its
// scenario's data switches on (and its header, for a unit it declares with an entry), in the one
// order that keeps the order of findings on a record (docs/engine.md). The engine is built as
// validator/check/session.cpp builds it: the scenario (with the game's sides, where they come from
// the game), then assemble() on the game's header records.
#include "assemble.hpp"
#include "intake.hpp"
#include "readers.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

using namespace referee;

namespace {

// The names of the mechanisms a game of `text` gets, in order (`scenario`: as --scenario).
std::vector<std::string> mechanisms(const std::string& text, std::string scenario = "") {
    const GameRecord g = read_game(text, "t.log");
    EXPECT_FALSE(g.has_syntax_errors()) << text;
    for (const Record& r : g.records)
        if (scenario.empty() && r.kind == Kind::Game) scenario = std::string(g.str(r.a));
    const ScenarioLoad load = load_scenario(scenario);
    if (!load.scenario) {
        ADD_FAILURE() << "no scenario " << scenario;
        return {};
    }
    std::optional<Scenario> bound;
    const Scenario* s = &*load.scenario;
    if (s->sides_from_game) {
        std::vector<Violation> errors;
        bound = bind_sides(g.records, g, *s, errors);
        if (!bound) {
            ADD_FAILURE() << "the game's sides cannot be bound: " << text;
            return {};
        }
        s = &*bound;
    }
    const CheckOptions o;
    Engine e(*s, g, o);
    assemble(e, g.records);
    std::vector<std::string> out;
    for (std::string_view n : e.mechanism_names()) out.emplace_back(n);
    return out;
}

bool has(const std::vector<std::string>& names, const std::string& name) { return std::find(names.begin(), names.end(), name) != names.end(); }

const std::string kSamples = std::string(REFEREE_SOURCE_DIR) + "/samples/scenarios/";

}  // namespace

// --- each built-in scenario, a plain game of it -----------------------------------------------

TEST(Assemble, EachBuiltInScenarioGetsExactlyItsMechanisms) {
    using Names = std::vector<std::string>;
    const Names areas = {"retreat_off_map", "movement", "exits", "area_records", "faction_victory", "claims"};
    struct Case {
        std::string id;
        std::string header;
        Names names;
    };
    const std::vector<Case> cases = {
        {"maryes-heights", "", {"retreat_off_map", "movement", "exits", "points", "automatic_victory", "higher_total", "claims"}},
        // No reinforcements: the built-in has no reinforcement charts (the sources lack them).
        {"road-to-richmond", "", {"zones_of_control", "stacking", "retreat_off_map", "movement", "exits", "traces", "points", "higher_total", "claims"}},
        {"cemetery-hill", "",
         {"zones_of_control", "stacking", "exit_race", "reinforcements", "retreat_off_map", "movement", "exits", "traces", "points",
          "ratio_levels", "claims"}},
        {"cnc-napoleonics", "side French\nside British\n", {"retreat_off_map", "movement", "exits", "objectives", "banners", "claims"}},
        {"liberty-or-death-1775", "", areas},
        {"liberty-or-death-1776", "", areas},
        {"liberty-or-death-1778", "", areas},
    };
    // Every built-in is here.
    ASSERT_EQ(builtin_scenarios().size(), cases.size());
    for (const BuiltinScenario& b : builtin_scenarios())
        EXPECT_TRUE(std::any_of(cases.begin(), cases.end(), [&](const Case& c) { return c.id == b.id; })) << b.id;
    for (const Case& c : cases) {
        SCOPED_TRACE(c.id);
        EXPECT_EQ(mechanisms("game " + c.id + "\n" + c.header + "turn 1\n"), c.names);
    }
}

// --- what a scenario does not use is absent ---------------------------------------------------

TEST(Assemble, NoZonesOfControlOrStackingInMaryesHeights) {
    const auto names = mechanisms("game maryes-heights\nturn 1\n");
    EXPECT_FALSE(has(names, "zones_of_control"));
    EXPECT_FALSE(has(names, "stacking"));
    EXPECT_FALSE(has(names, "roads"));
    EXPECT_FALSE(has(names, "traces"));
    EXPECT_FALSE(has(names, "reinforcements"));
}

TEST(Assemble, BannersAndObjectivesOnlyInTheVictoryBannerFamily) {
    for (const char* id : {"maryes-heights", "road-to-richmond", "cemetery-hill", "liberty-or-death-1775", "liberty-or-death-1776",
                           "liberty-or-death-1778"}) {
        SCOPED_TRACE(id);
        const auto names = mechanisms(std::string("game ") + id + "\nturn 1\n");
        EXPECT_FALSE(has(names, "banners"));
        EXPECT_FALSE(has(names, "objectives"));
    }
    // A battle file that extends cnc-napoleonics has them too.
    const auto battle = mechanisms("game " + kSamples + "cnc-test-battle.xml\nturn 1\n");
    EXPECT_TRUE(has(battle, "banners"));
    EXPECT_TRUE(has(battle, "objectives"));
}

TEST(Assemble, AreaRecordsAndFactionVictoryOnlyInAreaGames) {
    for (const char* id : {"maryes-heights", "road-to-richmond", "cemetery-hill"}) {
        SCOPED_TRACE(id);
        const auto names = mechanisms(std::string("game ") + id + "\nturn 1\n");
        EXPECT_FALSE(has(names, "area_records"));
        EXPECT_FALSE(has(names, "faction_victory"));
    }
    const auto cnc = mechanisms("game cnc-napoleonics\nside French\nside British\nturn 1\n");
    EXPECT_FALSE(has(cnc, "area_records"));
    EXPECT_FALSE(has(cnc, "faction_victory"));
    EXPECT_FALSE(has(cnc, "points"));
}

TEST(Assemble, RoadsOnlyWhereTheMapHasThem) {
    // The test scenario files add invented roads to the built-ins.
    EXPECT_FALSE(has(mechanisms("game road-to-richmond\nturn 1\n"), "roads"));
    EXPECT_EQ(mechanisms("game road-to-richmond\nturn 1\n", kSamples + "road-to-richmond-test.xml"),
              (std::vector<std::string>{"zones_of_control", "stacking", "roads", "retreat_off_map", "movement", "exits", "traces", "points",
                                        "higher_total", "claims"}));
    EXPECT_TRUE(has(mechanisms("game cemetery-hill\nturn 1\n", kSamples + "cemetery-hill-test.xml"), "roads"));
}

TEST(Assemble, MovementPointsOnlyWhereTheScenarioGivesTerrain) {
    // No built-in gives the map's terrain (it is printed on the map sheets): the exact lists above
    // have no movement_points. A file that extends one with <terrain> has it, before the movement
    // and exit mechanisms that call it.
    for (const char* file : {"maryes-heights-terrain.xml", "road-to-richmond-terrain.xml", "cemetery-hill-terrain.xml", "cnc-terrain-battle.xml"}) {
        SCOPED_TRACE(file);
        const auto names = mechanisms("game " + kSamples + file + "\nturn 1\n");
        const auto at = [&](const char* n) { return std::find(names.begin(), names.end(), n) - names.begin(); };
        ASSERT_TRUE(has(names, "movement_points"));
        EXPECT_EQ(at("movement_points") + 1, at("movement"));
        EXPECT_LT(at("movement"), at("exits"));
    }
    // The rules without the map (Cemetery Hill's <movement-points>, no <terrain>): nothing to check.
    EXPECT_FALSE(has(mechanisms("game cemetery-hill\nturn 1\n"), "movement_points"));
}

// --- what the game switches on ----------------------------------------------------------------

TEST(Assemble, ReinforcementsWhenAUnitRecordDeclaresAnEntry) {
    EXPECT_FALSE(has(mechanisms("game maryes-heights\nsetup custom\nunit U Union infantry 2 at 0506\nturn 1\n"), "reinforcements"));
    EXPECT_TRUE(has(mechanisms("game maryes-heights\nsetup custom\nunit U Union infantry 2 enters 3 at 0113\nturn 1\n"), "reinforcements"));
    const auto names = mechanisms("game maryes-heights\nunit U Union infantry 2 enters 3 at 0113\nturn 1\n");
    // Before the units it moves: an entry is judged by the movement mechanism.
    const auto at = [&](const char* n) { return std::find(names.begin(), names.end(), n) - names.begin(); };
    EXPECT_LT(at("reinforcements"), at("movement"));
}

TEST(Assemble, SnapshotOnlyForASaveWithASnapshot) {
    const std::string head = "<referee-save format=\"1\" scenario=\"maryes-heights\">\n<log>\n<turn n=\"1\"/>\n</log>\n";
    const auto without = mechanisms(head + "</referee-save>\n");
    EXPECT_FALSE(has(without, "snapshot"));
    const auto with = mechanisms(head + "<snapshot turn=\"1\"/>\n</referee-save>\n");
    ASSERT_FALSE(with.empty());
    EXPECT_EQ(with.back(), "snapshot");
    EXPECT_EQ(std::vector<std::string>(with.begin(), with.end() - 1), without);
    // A save without its log, judged from its snapshot.
    EXPECT_TRUE(has(mechanisms("<referee-save format=\"1\" scenario=\"cemetery-hill\">\n<snapshot turn=\"15\"/>\n</referee-save>\n"), "snapshot"));
    EXPECT_FALSE(has(mechanisms("game maryes-heights\nturn 1\n"), "snapshot"));
}
