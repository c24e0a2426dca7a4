// Tests of the built-in scenarios (scenarios/*.xml, parser/scenario/builtins.cpp), load_scenario,
// and the Scenario model's look-ups (parser/scenario/scenario.cpp).
#include "scenario.hpp"
#include "scenario_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace referee;
using namespace referee::testing_support;

namespace {

const Scenario& lod(const std::string& year) {
    static std::map<std::string, ScenarioLoad> loads;
    auto it = loads.find(year);
    if (it == loads.end()) it = loads.emplace(year, load_scenario("liberty-or-death-" + year)).first;
    if (!it->second.scenario) {
        for (const auto& e : it->second.errors) ADD_FAILURE() << e.file << ":" << e.line << ":" << e.col << ": " << e.message;
        std::abort();
    }
    return *it->second.scenario;
}

const char* const kYears[] = {"1775", "1776", "1778"};


// How many of `faction`'s `piece` the set-up places in `space` ("" : anywhere).
std::int64_t pieces(const Scenario& s, const char* faction, Piece piece, const std::string& space = "") {
    std::int64_t n = 0;
    for (const StartPieces& p : s.start_pieces)
        if (p.faction == s.find_side(faction) && p.piece == piece && (space.empty() || s.map.name(p.space) == space)) n += p.count;
    return n;
}

}  // namespace

TEST(ScenarioModel, IequalsIsAsciiCaseInsensitive) {
    EXPECT_TRUE(iequals("Union", "uNION"));
    EXPECT_TRUE(iequals("", ""));
    EXPECT_FALSE(iequals("Union", "Unio"));
    EXPECT_FALSE(iequals("@", "`"));  // differ only in bit 5, but are not letters
    EXPECT_FALSE(iequals("[", "{"));
}

TEST(ScenarioModel, FindSidePhaseParam) {
    const Scenario& s = maryes();
    EXPECT_EQ(s.find_side("union"), 0);
    EXPECT_EQ(s.find_side("CONFEDERATE"), 1);
    EXPECT_EQ(s.find_side("Rebels"), kNoSide);
    EXPECT_EQ(s.find_phase("Movement"), 0);
    EXPECT_EQ(s.find_phase("combat"), 1);
    EXPECT_EQ(s.find_phase("rally"), -1);
    ASSERT_NE(s.find_param("EXIT-VP"), nullptr);
    EXPECT_EQ(s.find_param("EXIT-VP")->name, "exit-vp");
    EXPECT_EQ(s.find_param("nothing"), nullptr);
    EXPECT_EQ(s.enemy_of(0), 1);
}

TEST(MaryesHeights, IsListedAsBuiltin) {
    const auto& list = builtin_scenarios();
    auto it = std::find_if(list.begin(), list.end(), [](const BuiltinScenario& b) { return b.id == "maryes-heights"; });
    ASSERT_NE(it, list.end());
    EXPECT_EQ(it->title(), "Marye's Heights");
    EXPECT_NE(it->xml.find("<scenario"), std::string_view::npos);
}

TEST(MaryesHeights, EveryBuiltinLoadsUnderItsOwnId) {
    for (const BuiltinScenario& b : builtin_scenarios()) {
        ScenarioLoad r = load_scenario(b.id);
        ASSERT_TRUE(r.scenario) << b.id << ": " << (r.errors.empty() ? "" : r.errors[0].message);
        EXPECT_EQ(r.scenario->id, b.id);
        EXPECT_EQ(r.scenario->title, b.title());
        EXPECT_EQ(r.scenario->source_file, "<built-in>");
    }
}

TEST(MaryesHeights, TurnsSidesPhasesSequence) {
    const Scenario& s = maryes();
    EXPECT_EQ(s.id, "maryes-heights");
    EXPECT_EQ(s.title, "Marye's Heights");
    EXPECT_EQ(s.turns, 11);
    ASSERT_EQ(s.sides, (std::vector<std::string>{"Union", "Confederate"}));
    EXPECT_EQ(s.first_player, 0);  // G6: Union, from param first-player's default
    const ParamDef* fp = s.find_param("first-player");
    ASSERT_NE(fp, nullptr);
    ASSERT_TRUE(fp->default_value);
    EXPECT_EQ(*fp->default_value, "Union");
    EXPECT_EQ(fp->rule, "G6");

    ASSERT_EQ(s.phases.size(), 2u);
    EXPECT_EQ(s.phases[0].name, "movement");
    EXPECT_EQ(s.phases[0].kind, PhaseKind::Movement);
    EXPECT_EQ(s.phases[1].name, "combat");
    EXPECT_EQ(s.phases[1].kind, PhaseKind::Combat);

    ASSERT_EQ(s.sequence.size(), 4u);
    const SideId expect_side[] = {0, 0, 1, 1};
    const int expect_phase[] = {0, 1, 0, 1};
    for (std::size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(s.sequence[i].side, expect_side[i]) << i;
        EXPECT_EQ(s.sequence[i].phase, expect_phase[i]) << i;
        EXPECT_EQ(s.sequence[i].first_turn, 1);
        EXPECT_EQ(s.sequence[i].last_turn, INT_MAX);
    }
}

TEST(MaryesHeights, MapIsHexColumnsEvenShifted) {
    const Scenario& s = maryes();
    EXPECT_EQ(s.map.grid(), GridKind::HexColumns);
    EXPECT_EQ(s.map.size(), 25u * 27u);
    EXPECT_EQ(s.map.find("2601"), kNoLoc);
    EXPECT_EQ(s.map.find("0128"), kNoLoc);
    EXPECT_EQ(s.map.find("0100"), kNoLoc);
    // The exit hexes are edge hexes.
    EXPECT_TRUE(s.map.on_edge(loc(s, "0113"), Edge::West));
    EXPECT_TRUE(s.map.on_edge(loc(s, "2027"), Edge::South));
    EXPECT_TRUE(s.map.on_edge(loc(s, "2501"), Edge::North));
    // Even columns sit lower: 1703 touches 1802 and 1803, not 1804; 1802 touches 1702 and 1703.
    EXPECT_TRUE(s.map.adjacent(loc(s, "1703"), loc(s, "1802")));
    EXPECT_TRUE(s.map.adjacent(loc(s, "1703"), loc(s, "1803")));
    EXPECT_FALSE(s.map.adjacent(loc(s, "1703"), loc(s, "1804")));
    EXPECT_TRUE(s.map.adjacent(loc(s, "1802"), loc(s, "1702")));
    EXPECT_FALSE(s.map.adjacent(loc(s, "1802"), loc(s, "1701")));
}

TEST(MaryesHeights, Holdings) {
    const Scenario& s = maryes();
    EXPECT_EQ(s.holding_rule, "17.2");
    ASSERT_EQ(s.holds.size(), 6u);
    std::set<std::pair<std::string, SideId>> got;
    for (const InitialHold& h : s.holds) got.insert({s.map.name(h.loc), h.side});
    const std::set<std::pair<std::string, SideId>> want = {{"1113", 1}, {"1711", 1}, {"2401", 1},
                                                           {"0206", 0}, {"0511", 0}, {"1504", 0}};
    EXPECT_EQ(got, want);
}

TEST(MaryesHeights, ExitsAndRetreat) {
    const Scenario& s = maryes();
    EXPECT_TRUE(s.exits.allowed);
    EXPECT_EQ(names(s, s.exits.locs), (std::vector<std::string>{"0113", "2027", "2501"}));
    EXPECT_TRUE(s.exits.unit_types.empty());
    EXPECT_EQ(s.exits.phase, PhaseKind::Movement);
    EXPECT_EQ(s.exits.rule, "17.3");
    EXPECT_EQ(s.retreat_off_map, RetreatOffMap::Eliminated);
    EXPECT_EQ(s.retreat_rule, "17.3");
}

TEST(MaryesHeights, PointsRules) {
    const Scenario& s = maryes();
    ASSERT_EQ(s.points.size(), 4u);

    const PointsRule& start = s.points[0];
    EXPECT_EQ(start.kind, PointsKind::Start);
    EXPECT_EQ(start.side, 1);
    EXPECT_EQ(start.value.literal, 4);
    EXPECT_TRUE(start.value.param.empty());
    EXPECT_EQ(start.rule, "17.3");
    EXPECT_TRUE(contains(start.what, "previous exit"));

    const PointsRule& elim = s.points[1];
    EXPECT_EQ(elim.kind, PointsKind::Elimination);
    EXPECT_EQ(elim.side, kNoSide);
    EXPECT_EQ(elim.value.literal, 1);
    EXPECT_TRUE(elim.value.param.empty());
    EXPECT_EQ(elim.rule, "17.11");

    const PointsRule& exit = s.points[2];
    EXPECT_EQ(exit.kind, PointsKind::Exit);
    EXPECT_EQ(exit.side, kNoSide);
    EXPECT_EQ(exit.value.param, "exit-vp");
    EXPECT_TRUE(exit.locs.empty());
    EXPECT_EQ(exit.rule, "17.12");

    const PointsRule& occ = s.points[3];
    EXPECT_EQ(occ.kind, PointsKind::Occupation);
    EXPECT_EQ(occ.side, kNoSide);
    EXPECT_EQ(occ.value.param, "occupation-vp");
    EXPECT_EQ(names(s, occ.locs), (std::vector<std::string>{"1113", "1711", "2401", "0206", "0511", "1504"}));
    EXPECT_EQ(occ.rule, "17.13");

    for (const PointsRule& p : s.points) EXPECT_FALSE(p.what.empty());
}

TEST(MaryesHeights, ParamsWithoutDefault) {
    const Scenario& s = maryes();
    const ParamDef* exit = s.find_param("exit-vp");
    const ParamDef* occ = s.find_param("occupation-vp");
    ASSERT_NE(exit, nullptr);
    ASSERT_NE(occ, nullptr);
    EXPECT_FALSE(exit->default_value.has_value());
    EXPECT_FALSE(occ->default_value.has_value());
    EXPECT_EQ(exit->rule, "17.12");
    EXPECT_EQ(occ->rule, "17.13");
    EXPECT_FALSE(exit->description.empty());
    EXPECT_EQ(s.params.size(), 3u);
}

TEST(MaryesHeights, AutomaticAndEndVictory) {
    const Scenario& s = maryes();
    ASSERT_TRUE(s.automatic.has_value());
    const AutomaticVictory& a = *s.automatic;
    EXPECT_EQ(a.side, 1);
    EXPECT_EQ(a.after_turn, 5);
    EXPECT_EQ(a.ratio, 3);
    EXPECT_TRUE(a.require_positive);
    EXPECT_EQ(names(s, a.enemy_holds_none), (std::vector<std::string>{"1113", "1711", "2401"}));
    EXPECT_EQ(a.rule, "17.0");
    EXPECT_EQ(s.end_victory, EndVictory::HigherTotal);
    EXPECT_EQ(s.end_rule, "17.0");
}

TEST(MaryesHeights, Rulings) {
    const Scenario& s = maryes();
    std::vector<std::string> ids;
    for (const RulingDef& r : s.rulings) {
        ids.push_back(r.id);
        EXPECT_FALSE(r.text.empty()) << r.id;
        EXPECT_EQ(r.text.find('\n'), std::string::npos) << r.id;
        EXPECT_EQ(r.text.find("  "), std::string::npos) << r.id;
    }
    EXPECT_EQ(ids, (std::vector<std::string>{"G1", "G2", "G3", "G5", "G6", "M1", "M2", "M3", "M4", "M5"}));
}

TEST(MaryesHeights, OrderOfBattle) {
    const Scenario& s = maryes();
    int union_units = 0, confederate_units = 0;
    std::set<std::string> ids;
    for (const UnitDef& u : s.units) {
        EXPECT_TRUE(ids.insert(u.id).second) << u.id;
        (u.side == 0 ? union_units : confederate_units)++;
        EXPECT_NE(u.at, kNoLoc) << u.id;
        EXPECT_GT(u.strength, 0) << u.id;
        EXPECT_TRUE(contains(u.source, "Hexwar")) << u.id;
        EXPECT_TRUE(u.type == "infantry" || u.type == "cavalry" || u.type == "artillery") << u.id;
        EXPECT_EQ(u.enters_turn, 0);
    }
    EXPECT_EQ(union_units, 55);
    EXPECT_EQ(confederate_units, 11);

    const UnitDef* d = unit(s, "1/II");  // printed "1/11"
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->side, 0);
    EXPECT_EQ(d->strength, 15);
    EXPECT_EQ(d->type, "infantry");
    EXPECT_EQ(s.map.name(d->at), "0810");

    const UnitDef* art = unit(s, "RGd");
    ASSERT_NE(art, nullptr);
    EXPECT_EQ(art->type, "artillery");
    EXPECT_EQ(art->strength, 2);
    EXPECT_EQ(s.map.name(art->at), "0511");

    const UnitDef* cav = unit(s, "1/C/L");
    ASSERT_NE(cav, nullptr);
    EXPECT_EQ(cav->type, "cavalry");
    EXPECT_EQ(cav->strength, 6);

    const UnitDef* ransom = unit(s, "Ransom");
    ASSERT_NE(ransom, nullptr);
    EXPECT_EQ(ransom->side, 1);
    EXPECT_EQ(ransom->strength, 10);
    EXPECT_EQ(s.map.name(ransom->at), "1113");

    // "Infantry divisions are the combat units of 10 SP or more": four of them are among these units.
    int divisions = 0;
    for (const UnitDef& u : s.units) divisions += u.strength >= 10;
    EXPECT_EQ(divisions, 4);
}

TEST(MaryesHeights, FileOnDiskMatchesBuiltin) {
    const std::string path = std::string(REFEREE_SOURCE_DIR) + "/scenarios/maryes-heights.xml";
    ScenarioLoad r = load_scenario(path);
    ASSERT_TRUE(r.scenario) << (r.errors.empty() ? "" : r.errors[0].message);
    EXPECT_EQ(r.scenario->source_file, path);
    EXPECT_EQ(r.scenario->units.size(), maryes().units.size());
    EXPECT_EQ(r.scenario->points.size(), maryes().points.size());
}

TEST(LoadScenario, MissingFile) {
    ScenarioLoad r = load_scenario("/nonexistent/dir/none.xml");
    EXPECT_FALSE(r.scenario);
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(r.errors[0].file, "/nonexistent/dir/none.xml");
    EXPECT_EQ(r.errors[0].line, 0u);
    EXPECT_TRUE(contains(r.errors[0].message, "no such file")) << r.errors[0].message;
    EXPECT_TRUE(contains(r.errors[0].message, "maryes-heights")) << r.errors[0].message;  // lists the built-ins
}

TEST(LoadScenario, UnknownBuiltinIdIsAMissingFile) {
    ScenarioLoad r = load_scenario("maryes-height");
    EXPECT_FALSE(r.scenario);
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_TRUE(contains(r.errors[0].message, "no built-in")) << r.errors[0].message;
}

TEST(LoadScenario, DirectoryAndEmptyName) {
    ScenarioLoad r = load_scenario(REFEREE_SOURCE_DIR);
    EXPECT_FALSE(r.scenario);
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_TRUE(contains(r.errors[0].message, "directory"));
    ScenarioLoad e = load_scenario("");
    EXPECT_FALSE(e.scenario);
    EXPECT_EQ(e.errors.size(), 1u);
}

TEST(LoadScenario, FileWithErrorsReportsItsPath) {
    const std::filesystem::path p = std::filesystem::temp_directory_path() / "referee_test_scenario_bad.xml";
    {
        std::ofstream out(p);
        out << "<scenario id=\"x\" title=\"X\" turns=\"3\">\n<sides>\n";
    }
    ScenarioLoad r = load_scenario(p.string());
    std::filesystem::remove(p);
    EXPECT_FALSE(r.scenario);
    ASSERT_FALSE(r.errors.empty());
    EXPECT_EQ(r.errors[0].file, p.string());
    EXPECT_GE(r.errors[0].line, 2u);  // where pugixml finds the unclosed elements
    EXPECT_TRUE(contains(r.errors[0].message, "malformed XML")) << r.errors[0].message;
}

TEST(LibertyOrDeathBuiltins, BuiltinsAndTitles) {
    const std::map<std::string, std::string> want = {{"liberty-or-death-1775", "Liberty or Death: 1775-1780 (long)"},
                                                     {"liberty-or-death-1776", "Liberty or Death: 1776-1779 (medium)"},
                                                     {"liberty-or-death-1778", "Liberty or Death: 1778-1780 (short)"}};
    for (const auto& w : want) {
        const auto& list = builtin_scenarios();
        auto it = std::find_if(list.begin(), list.end(), [&](const BuiltinScenario& b) { return b.id == w.first; });
        ASSERT_NE(it, list.end()) << w.first;
        EXPECT_EQ(it->title(), w.second);
    }
    EXPECT_EQ(lod("1776").extends, "liberty-or-death-1775");
    EXPECT_EQ(lod("1778").extends, "liberty-or-death-1775");
}

TEST(LibertyOrDeathBuiltins, SpacesAreNamedTypedAndPopulated) {
    struct Want {
        const char* name;
        SpaceType type;
        int population;
    };
    const Want want[] = {
        {"Quebec City", SpaceType::City, 1}, {"Boston", SpaceType::City, 1}, {"New York City", SpaceType::City, 2},
        {"Philadelphia", SpaceType::City, 1}, {"Norfolk", SpaceType::City, 1}, {"Charles Town", SpaceType::City, 1},
        {"Savannah", SpaceType::City, 1},
        {"New Hampshire", SpaceType::Colony, 1}, {"Massachusetts", SpaceType::Colony, 2},
        {"Connecticut-Rhode Island", SpaceType::Colony, 2}, {"New York", SpaceType::Colony, 2}, {"New Jersey", SpaceType::Colony, 1},
        {"Pennsylvania", SpaceType::Colony, 2}, {"Maryland-Delaware", SpaceType::Colony, 2}, {"Virginia", SpaceType::Colony, 2},
        {"North Carolina", SpaceType::Colony, 2}, {"South Carolina", SpaceType::Colony, 2}, {"Georgia", SpaceType::Colony, 1},
        {"Quebec", SpaceType::Reserve, 0}, {"Northwest", SpaceType::Reserve, 0}, {"Southwest", SpaceType::Reserve, 0},
        {"Florida", SpaceType::Reserve, 0},
        {"West Indies", SpaceType::Box, 0},
    };
    for (const char* year : kYears) {
        SCOPED_TRACE(year);
        const Scenario& s = lod(year);
        ASSERT_EQ(s.map.size(), 23u);
        ASSERT_EQ(s.spaces.size(), 23u);
        std::set<std::string> names;
        for (LocId l = 0; l < 23; ++l) names.insert(s.map.name(l));
        std::set<std::string> expected;
        for (const Want& w : want) expected.insert(w.name);
        EXPECT_EQ(names, expected);
        for (const Want& w : want) {
            const LocId l = s.map.find(w.name);
            ASSERT_NE(l, kNoLoc) << w.name;
            const SpaceDef& d = s.spaces[static_cast<std::size_t>(l)];
            EXPECT_EQ(d.type, w.type) << w.name;
            EXPECT_EQ(d.population, w.population) << w.name;
            EXPECT_EQ(d.support_allowed, w.population > 0) << w.name;  // 1.6.1
            EXPECT_FALSE(d.blockaded) << w.name;                        // no blockades at the start
        }
        EXPECT_EQ(s.support_rule, "1.6.1");
        EXPECT_EQ(s.blockade_rule, "1.9");
    }
}

TEST(LibertyOrDeathBuiltins, Adjacency) {
    const Scenario& s = lod("1775");
    auto adj = [&](const char* a, const char* b) { return s.map.adjacent(loc(s, a), loc(s, b)); };
    // The three pairs map_base.csv lists on one side only are kept, both ways.
    EXPECT_TRUE(adj("Massachusetts", "New Hampshire"));
    EXPECT_TRUE(adj("Quebec", "New York"));
    EXPECT_TRUE(adj("New Jersey", "New York"));
    EXPECT_TRUE(adj("Quebec City", "Quebec"));
    EXPECT_TRUE(adj("Boston", "Connecticut-Rhode Island"));
    EXPECT_TRUE(adj("Georgia", "Florida"));
    EXPECT_TRUE(adj("Northwest", "Virginia"));
    EXPECT_FALSE(adj("Boston", "New York"));
    EXPECT_FALSE(adj("New York City", "Philadelphia"));
    EXPECT_TRUE(s.map.neighbours(loc(s, "West Indies")).empty());
    // Every space's neighbours, counted both ways: New York touches eight spaces.
    EXPECT_EQ(s.map.neighbours(loc(s, "New York")).size(), 8u);
    EXPECT_EQ(s.map.neighbours(loc(s, "Massachusetts")).size(), 4u);
    std::size_t pairs = 0;
    for (LocId l = 0; l < static_cast<LocId>(s.map.size()); ++l) pairs += s.map.neighbours(l).size();
    EXPECT_EQ(pairs, 2u * 41u);  // 41 pairs of adjacent spaces
}

TEST(LibertyOrDeathBuiltins, StartingSupportAndOppositionTotals) {
    // As the scenario set-ups state them: 1775 4/4, 1776 3/5, 1778 17/16.
    const std::map<std::string, std::pair<std::int64_t, std::int64_t>> want = {{"1775", {4, 4}}, {"1776", {3, 5}}, {"1778", {17, 16}}};
    for (const auto& [year, t] : want) EXPECT_EQ(totals(lod(year)), t) << year;
}

TEST(LibertyOrDeathBuiltins, SetupPieces) {
    const Scenario& a = lod("1775");
    EXPECT_EQ(pieces(a, "British", Piece::Regular, "Boston"), 3);
    EXPECT_EQ(pieces(a, "British", Piece::Fort, "Boston"), 1);
    EXPECT_EQ(pieces(a, "British", Piece::Tory, "Boston"), 0);
    EXPECT_EQ(pieces(a, "Patriots", Piece::Continental, "Massachusetts"), 1);
    EXPECT_EQ(pieces(a, "Patriots", Piece::Fort, "Massachusetts"), 1);
    EXPECT_EQ(pieces(a, "Indians", Piece::WarParty, "Northwest"), 2);
    EXPECT_EQ(a.spaces[static_cast<std::size_t>(loc(a, "Massachusetts"))].support, ActiveOpposition);
    EXPECT_EQ(a.spaces[static_cast<std::size_t>(loc(a, "Boston"))].support, PassiveSupport);

    const Scenario& b = lod("1776");
    EXPECT_EQ(pieces(b, "British", Piece::Regular, "New York City"), 6);
    EXPECT_EQ(pieces(b, "Patriots", Piece::Continental, "New York City"), 1);
    EXPECT_EQ(pieces(b, "Patriots", Piece::Continental, "Charles Town"), 2);
    EXPECT_EQ(pieces(b, "Indians", Piece::Village, "Quebec"), 1);
    EXPECT_EQ(pieces(b, "British", Piece::Regular, "Boston"), 0);  // nothing inherited from 1775
    EXPECT_EQ(b.spaces[static_cast<std::size_t>(loc(b, "Boston"))].support, PassiveOpposition);

    const Scenario& c = lod("1778");
    EXPECT_EQ(pieces(c, "French", Piece::Regular, "Connecticut-Rhode Island"), 4);
    EXPECT_EQ(pieces(c, "French", Piece::Regular, "West Indies"), 3);
    EXPECT_EQ(pieces(c, "British", Piece::Tory, "Connecticut-Rhode Island"), 2);
    EXPECT_EQ(pieces(c, "Patriots", Piece::Continental, "Pennsylvania"), 5);
    EXPECT_EQ(pieces(c, "Patriots", Piece::Militia, "New Jersey"), 4);
    EXPECT_EQ(c.spaces[static_cast<std::size_t>(loc(c, "Maryland-Delaware"))].support, PassiveSupport);

    // On the map at the start, by faction and piece. With the Available and Unavailable pools the
    // set-ups list, each adds up to the same totals in the three scenarios (25 Regulars, 25 Tories,
    // 6 British Forts, 20 Continentals, 15 Militia, 6 Patriot Forts, 15 French Regulars, 15 War
    // Parties, 12 Villages), which checks the transcription.
    struct Count {
        const char* faction;
        Piece piece;
        std::int64_t n1775, n1776, n1778;
    };
    const Count counts[] = {
        {"British", Piece::Regular, 6, 12, 18},    {"British", Piece::Tory, 6, 9, 17},       {"British", Piece::Fort, 3, 3, 3},
        {"Patriots", Piece::Continental, 1, 8, 9}, {"Patriots", Piece::Militia, 4, 5, 14},   {"Patriots", Piece::Fort, 1, 2, 4},
        {"French", Piece::Regular, 0, 0, 7},       {"Indians", Piece::WarParty, 6, 8, 7},    {"Indians", Piece::Village, 0, 2, 6},
    };
    for (const Count& k : counts) {
        EXPECT_EQ(pieces(a, k.faction, k.piece), k.n1775) << k.faction << " " << piece_name(k.piece);
        EXPECT_EQ(pieces(b, k.faction, k.piece), k.n1776) << k.faction << " " << piece_name(k.piece);
        EXPECT_EQ(pieces(c, k.faction, k.piece), k.n1778) << k.faction << " " << piece_name(k.piece);
    }
}

TEST(LibertyOrDeathBuiltins, FactionsTracksTreatyAndRounds) {
    const std::map<std::string, std::tuple<int, std::int64_t, std::int64_t, bool>> want = {
        {"1775", {6, 0, 0, false}}, {"1776", {4, 1, 3, false}}, {"1778", {3, 10, 12, true}}};
    for (const auto& [year, w] : want) {
        SCOPED_TRACE(year);
        const Scenario& s = lod(year);
        EXPECT_EQ(s.turns, std::get<0>(w));  // Winter Quarters rounds
        EXPECT_EQ(s.turns_param, "winter-quarters");
        EXPECT_EQ(s.sides, (std::vector<std::string>{"British", "Patriots", "French", "Indians"}));
        EXPECT_EQ(s.groups, (std::vector<std::string>{"Royalist", "Rebellion", "Rebellion", "Royalist"}));
        EXPECT_EQ(s.faction_pieces[2], (std::vector<Piece>{Piece::Regular}));
        EXPECT_EQ(s.pieces_rule, "1.4");
        EXPECT_EQ(s.tracks[static_cast<std::size_t>(track(s, "cbc"))].start, std::get<1>(w));
        EXPECT_EQ(s.tracks[static_cast<std::size_t>(track(s, "crc"))].start, std::get<2>(w));
        EXPECT_EQ(s.tracks[static_cast<std::size_t>(track(s, "fni"))].derive, TrackDerive::Free);
        EXPECT_TRUE(s.treaty.declared);
        EXPECT_EQ(s.treaty.card, "109");
        EXPECT_EQ(s.treaty.played, std::get<3>(w));
        EXPECT_EQ(s.treaty.param, "treaty-played");
        // L2: six kinds of casualty, on the right tracks.
        ASSERT_EQ(s.casualties.size(), 6u);
        for (const CasualtyDef& c : s.casualties)
            EXPECT_EQ(c.track, track(s, c.faction == s.find_side("British") ? "cbc" : "crc"));
        const FactionVictory& fv = s.faction_victory;
        EXPECT_EQ(s.end_victory, EndVictory::Factions);
        EXPECT_TRUE(fv.enabled);
        EXPECT_EQ(s.phases[static_cast<std::size_t>(fv.check_phase)].name, "victory-check");
        EXPECT_EQ(s.phases[static_cast<std::size_t>(fv.final_phase)].name, "support");
        EXPECT_EQ(fv.tie_order, (std::vector<SideId>{1, 0, 2, 3}));
        EXPECT_EQ(fv.one_player_tie_order, (std::vector<SideId>{2, 3, 1, 0}));
        EXPECT_TRUE(fv.factions[2].requires_treaty);
        const ConditionDef& patriots2 = fv.factions[1].conditions.at(1);
        EXPECT_EQ(patriots2.plus, (std::vector<std::int32_t>{track(s, "patriot-forts")}));
        EXPECT_EQ(patriots2.minus, (std::vector<std::int32_t>{track(s, "villages")}));
        EXPECT_EQ(patriots2.offset, 3);
        std::vector<std::string> ids;
        for (const RulingDef& r : s.rulings) ids.push_back(r.id);
        EXPECT_EQ(ids, (std::vector<std::string>{"G3", "G4", "G5", "L1", "L2", "L3", "L4", "L5", "L6"}));
    }
}
