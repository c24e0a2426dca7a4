// Tests of the scenario reader (parser/scenario/scenario_reader.cpp) and the built-in scenarios.
#include "scenario.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace referee;

namespace {

const Scenario& maryes() {
    static const ScenarioLoad load = load_scenario("maryes-heights");
    if (!load.scenario) {
        for (const auto& e : load.errors) ADD_FAILURE() << e.file << ":" << e.line << ":" << e.col << ": " << e.message;
        std::abort();
    }
    return *load.scenario;
}

LocId loc(const Scenario& s, const char* name) {
    const LocId id = s.map.find(name);
    EXPECT_NE(id, kNoLoc) << name;
    return id;
}

std::vector<std::string> names(const Scenario& s, const std::vector<LocId>& ids) {
    std::vector<std::string> out;
    for (LocId id : ids) out.push_back(s.map.name(id));
    return out;
}

const UnitDef* unit(const Scenario& s, const std::string& id) {
    for (const UnitDef& u : s.units)
        if (u.id == id) return &u;
    return nullptr;
}

// A small valid scenario; tests break one thing in it at a time.
const char* kMinimal = R"(<scenario id="mini" title="Mini" turns="3" first-player="Blue">
  <sides><side name="Blue"/><side name="Red"/></sides>
  <phases><phase name="movement" kind="movement"/><phase name="combat" kind="combat"/></phases>
  <sequence>
    <step side="Blue" phase="movement"/>
    <step side="Red" phase="movement"/>
  </sequence>
  <map><hex-grid kind="hex-columns" columns="01-05" rows="01-04" shifted="even"/></map>
  <units>
    <unit id="a" side="Blue" type="infantry" strength="3" at="0101"/>
  </units>
</scenario>
)";

std::string replace(std::string s, const std::string& from, const std::string& to) {
    const std::size_t at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) s.replace(at, from.size(), to);
    return s;
}

// Reads xml, expects exactly one error and returns it.
ScenarioError one_error(const std::string& xml) {
    ScenarioLoad r = read_scenario_xml(xml, "test.xml");
    EXPECT_FALSE(r.scenario.has_value());
    EXPECT_EQ(r.errors.size(), 1u);
    for (const auto& e : r.errors) std::printf("    %s:%u:%u: %s\n", e.file.c_str(), e.line, e.col, e.message.c_str());
    return r.errors.empty() ? ScenarioError{} : r.errors.front();
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

// ---- helpers of the Scenario model ----------------------------------------------------------------

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

// ---- the built-in Marye's Heights -----------------------------------------------------------------

TEST(MaryesHeights, IsListedAsBuiltin) {
    const auto& list = builtin_scenarios();
    auto it = std::find_if(list.begin(), list.end(), [](const BuiltinScenario& b) { return b.id == "maryes-heights"; });
    ASSERT_NE(it, list.end());
    EXPECT_EQ(it->title, "Marye's Heights");
    EXPECT_NE(it->xml.find("<scenario"), std::string_view::npos);
}

TEST(MaryesHeights, EveryBuiltinLoadsUnderItsOwnId) {
    for (const BuiltinScenario& b : builtin_scenarios()) {
        ScenarioLoad r = load_scenario(b.id);
        ASSERT_TRUE(r.scenario) << b.id << ": " << (r.errors.empty() ? "" : r.errors[0].message);
        EXPECT_EQ(r.scenario->id, b.id);
        EXPECT_EQ(r.scenario->title, b.title);
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

// ---- loading files --------------------------------------------------------------------------------

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

// ---- errors in scenario files: line, column, message ----------------------------------------------

TEST(ScenarioErrors, MinimalIsValid) {
    ScenarioLoad r = read_scenario_xml(kMinimal, "mini.xml");
    ASSERT_TRUE(r.scenario) << (r.errors.empty() ? "" : r.errors[0].message);
    EXPECT_TRUE(r.errors.empty());
    EXPECT_EQ(r.scenario->source_file, "mini.xml");
    EXPECT_EQ(r.scenario->map.size(), 20u);
    EXPECT_FALSE(r.scenario->automatic);
    EXPECT_FALSE(r.scenario->exits.allowed);  // no <exits>: none allowed
}

TEST(ScenarioErrors, MalformedXml) {
    const std::string xml = "<scenario id=\"x\" title=\"X\" turns=\"3\">\n  <sides>\n    <side name=\"A\">\n  </sides>\n</scenario>\n";
    ScenarioError e = one_error(xml);
    EXPECT_EQ(e.file, "test.xml");
    EXPECT_EQ(e.line, 4u);  // </sides> closes <side>
    EXPECT_EQ(e.col, 5u);
    EXPECT_TRUE(contains(e.message, "malformed XML")) << e.message;
}

TEST(ScenarioErrors, EmptyInputAndWrongRoot) {
    ScenarioError e = one_error("");
    EXPECT_TRUE(contains(e.message, "empty"));
    e = one_error("\n<game id=\"x\"/>\n");
    EXPECT_EQ(e.line, 2u);
    EXPECT_EQ(e.col, 1u);
    EXPECT_TRUE(contains(e.message, "<game>")) << e.message;
}

TEST(ScenarioErrors, MissingRequiredAttribute) {
    ScenarioError e = one_error(replace(kMinimal, "strength=\"3\" ", ""));
    EXPECT_EQ(e.line, 10u);
    EXPECT_EQ(e.col, 5u);  // the '<' of <unit
    EXPECT_TRUE(contains(e.message, "<unit> needs attribute 'strength'")) << e.message;

    // A side without a name: one error, not one more for every reference to the missing side.
    e = one_error(replace(kMinimal, "<side name=\"Red\"/>", "<side/>"));
    EXPECT_EQ(e.line, 2u);
    EXPECT_EQ(e.col, 29u);  // the '<' of <side/>
    EXPECT_TRUE(contains(e.message, "<side> needs attribute 'name'")) << e.message;
}

TEST(ScenarioErrors, MissingRequiredElement) {
    std::string xml = kMinimal;
    const std::size_t a = xml.find("  <map>"), b = xml.find("</map>\n");
    xml.erase(a, b + 7 - a);
    ScenarioError e = one_error(xml);
    EXPECT_EQ(e.line, 1u);
    EXPECT_EQ(e.col, 1u);
    EXPECT_TRUE(contains(e.message, "needs a <map> element")) << e.message;
}

TEST(ScenarioErrors, BadNumberPointsAtTheValue) {
    ScenarioError e = one_error(replace(kMinimal, "turns=\"3\"", "turns=\"three\""));
    EXPECT_EQ(e.line, 1u);
    EXPECT_EQ(e.col, 41u);  // first character of "three"
    EXPECT_TRUE(contains(e.message, "'three' is not a whole number")) << e.message;

    e = one_error(replace(kMinimal, "strength=\"3\"", "strength=\"-2\""));
    EXPECT_EQ(e.line, 10u);
    EXPECT_TRUE(contains(e.message, "out of range")) << e.message;

    e = one_error(replace(kMinimal, "strength=\"3\"", "strength=\"3x\""));
    EXPECT_EQ(e.line, 10u);
    EXPECT_TRUE(contains(e.message, "not a whole number")) << e.message;
}

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

TEST(ScenarioErrors, UnknownLocation) {
    ScenarioError e = one_error(replace(kMinimal, "at=\"0101\"", "at=\"0601\""));
    EXPECT_EQ(e.line, 10u);
    EXPECT_EQ(e.col, 63u);
    EXPECT_TRUE(contains(e.message, "unknown location '0601'")) << e.message;
    EXPECT_TRUE(contains(e.message, "columns 01-05, rows 01-04")) << e.message;
}

TEST(ScenarioErrors, DuplicateUnitId) {
    ScenarioError e = one_error(replace(kMinimal, "  </units>", "    <unit id=\"a\" side=\"Red\" type=\"infantry\" strength=\"2\"/>\n  </units>"));
    EXPECT_EQ(e.line, 11u);
    EXPECT_TRUE(contains(e.message, "unit id 'a' is used twice (first on line 10)")) << e.message;
}

TEST(ScenarioErrors, UnknownElementAndAttribute) {
    ScenarioError e = one_error(replace(kMinimal, "<units>", "<units>\n    <unti id=\"b\"/>"));
    EXPECT_EQ(e.line, 10u);
    EXPECT_EQ(e.col, 5u);
    EXPECT_TRUE(contains(e.message, "unknown element <unti> in <units>")) << e.message;

    e = one_error(replace(kMinimal, "strength=\"3\"", "strenght=\"3\" strength=\"3\""));
    EXPECT_EQ(e.line, 10u);
    EXPECT_EQ(e.col, 46u);  // the attribute's name
    EXPECT_TRUE(contains(e.message, "<unit> has no attribute 'strenght'")) << e.message;

    e = one_error(replace(kMinimal, "strength=\"3\"", "strength=\"3\" strength=\"4\""));
    EXPECT_EQ(e.col, 59u);
    EXPECT_TRUE(contains(e.message, "<unit> has attribute 'strength' twice")) << e.message;

    // <spaces> was reserved for area games; spaces are <location type=...> now, and it is unknown.
    e = one_error(replace(kMinimal, "<units>", "<spaces/>\n  <units>"));
    EXPECT_EQ(e.line, 9u);
    EXPECT_EQ(e.col, 3u);
    EXPECT_TRUE(contains(e.message, "unknown element <spaces> in <scenario>")) << e.message;
}

TEST(ScenarioErrors, DuplicateSection) {
    ScenarioError e = one_error(replace(kMinimal, "</scenario>", "<units/>\n</scenario>"));
    EXPECT_EQ(e.line, 12u);
    EXPECT_TRUE(contains(e.message, "second <units> element (the first is on line 9)")) << e.message;
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

TEST(ScenarioErrors, GridRangeAndTurnRange) {
    ScenarioError e = one_error(replace(kMinimal, "columns=\"01-05\"", "columns=\"05-01\""));
    EXPECT_EQ(e.line, 8u);
    EXPECT_TRUE(contains(e.message, "must run upward")) << e.message;

    e = one_error(replace(kMinimal, "columns=\"01-05\"", "columns=\"1..5\""));
    EXPECT_TRUE(contains(e.message, "is not a range")) << e.message;

    e = one_error(replace(kMinimal, "<step side=\"Red\" phase=\"movement\"/>",
                          "<step side=\"Red\" phase=\"movement\" first-turn=\"3\" last-turn=\"2\"/>"));
    EXPECT_TRUE(contains(e.message, "first-turn 3 is after last-turn 2")) << e.message;

    ScenarioLoad r = read_scenario_xml(
        replace(kMinimal, "<step side=\"Red\" phase=\"movement\"/>", "<step side=\"Red\" phase=\"movement\" first-turn=\"2\"/>"), "t");
    ASSERT_TRUE(r.scenario);
    EXPECT_EQ(r.scenario->sequence[1].first_turn, 2);
    EXPECT_EQ(r.scenario->sequence[1].last_turn, INT_MAX);
}

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

TEST(ScenarioErrors, LaterFormatsAreRefused) {
    // <tracks> was reserved for area games and is part of format 1 now (an empty one declares none).
    ScenarioLoad r = read_scenario_xml(replace(kMinimal, "</scenario>", "<tracks/>\n</scenario>"), "t.xml");
    ASSERT_TRUE(r.scenario);
    EXPECT_TRUE(r.scenario->tracks.empty());
    ScenarioError e = one_error(replace(kMinimal, "<scenario id", "<scenario format=\"2\" id"));
    EXPECT_TRUE(contains(e.message, "format '2' is not supported")) << e.message;
}

TEST(ScenarioErrors, SeveralErrorsInLineOrder) {
    // <params> is read before <units> although it comes later in the file: the report is in line order.
    std::string xml = replace(kMinimal, "turns=\"3\"", "turns=\"x\"");
    xml = replace(xml, "at=\"0101\"", "at=\"9999\"");
    xml = replace(xml, "<side name=\"Red\"/>", "<side name=\"blue\"/>");
    xml = replace(xml, "</scenario>", "<params><param name=\"p\"/></params>\n</scenario>");
    ScenarioLoad r = read_scenario_xml(xml, "t.xml");
    EXPECT_FALSE(r.scenario);
    ASSERT_EQ(r.errors.size(), 4u);
    EXPECT_EQ(r.errors[0].line, 1u);
    EXPECT_TRUE(contains(r.errors[0].message, "'x' is not a whole number")) << r.errors[0].message;
    EXPECT_EQ(r.errors[1].line, 2u);
    EXPECT_TRUE(contains(r.errors[1].message, "side 'blue' is declared twice")) << r.errors[1].message;
    EXPECT_EQ(r.errors[2].line, 10u);
    EXPECT_TRUE(contains(r.errors[2].message, "'9999'")) << r.errors[2].message;
    EXPECT_EQ(r.errors[3].line, 12u);
    EXPECT_TRUE(contains(r.errors[3].message, "<param> needs attribute 'description'")) << r.errors[3].message;
}

TEST(ScenarioErrors, ColumnsCountCharactersAfterByteOrderMark) {
    // A BOM is skipped; a two-byte character before the error counts as one column.
    std::string xml = "\xEF\xBB\xBF" + replace(kMinimal, "title=\"Mini\" turns=\"3\"", "title=\"M\xC3\xA9\" turns=\"z\"");
    ScenarioError e = one_error(xml);
    EXPECT_EQ(e.line, 1u);
    EXPECT_EQ(e.col, 39u);
}

TEST(ScenarioErrors, TruncatedFilesNeverCrash) {
    // Every prefix of the built-in file is read without a crash or an exception; a cut one fails.
    const std::string full(builtin_scenarios().front().xml);
    const std::size_t complete = full.rfind("</scenario>") + std::string("</scenario>").size();
    int cuts = 0;
    for (std::size_t n = 0; n < complete; n += 97, ++cuts) {
        ScenarioLoad r = read_scenario_xml(std::string_view(full).substr(0, n), "cut.xml");
        EXPECT_FALSE(r.scenario) << n;
        EXPECT_FALSE(r.errors.empty()) << n;
        for (const auto& e : r.errors) EXPECT_GE(e.line, 1u);
    }
    EXPECT_GT(cuts, 50);
    EXPECT_TRUE(read_scenario_xml(std::string_view(full).substr(0, complete), "whole.xml").scenario);
}

// ---- area maps ------------------------------------------------------------------------------------

TEST(AreaMap, MinimalAreaScenario) {
    const char* xml = R"(<scenario id="areas" title="Areas" turns="2">
  <sides><side name="Patriots"/><side name="British"/></sides>
  <phases><phase name="operations" kind="movement"/><phase name="support" kind="other"/></phases>
  <sequence>
    <step side="Patriots" phase="operations"/>
    <step side="British" phase="operations"/>
    <step side="none" phase="support"/>
  </sequence>
  <map>
    <location name="New York City" adjacent="New York, New Jersey"/>
    <location name="New York" adjacent="Massachusetts"/>
    <location name="New Jersey"/>
    <location name="Massachusetts"/>
  </map>
  <units>
    <group side="British" type="regular" source="test">
      <unit id="Howe" strength="4" at="New York City" roles="leader"/>
    </group>
  </units>
  <holdings><hold loc="New York City" side="British"/></holdings>
</scenario>
)";
    ScenarioLoad r = read_scenario_xml(xml, "areas.xml");
    ASSERT_TRUE(r.scenario) << (r.errors.empty() ? "" : r.errors[0].message);
    const Scenario& s = *r.scenario;
    EXPECT_EQ(s.map.grid(), GridKind::None);
    ASSERT_EQ(s.map.size(), 4u);
    const LocId nyc = s.map.find("New York City"), ny = s.map.find("New York"), nj = s.map.find("New Jersey"),
                ma = s.map.find("Massachusetts");
    EXPECT_TRUE(s.map.adjacent(nyc, ny));
    EXPECT_TRUE(s.map.adjacent(nj, nyc));  // adjacency is symmetric
    EXPECT_TRUE(s.map.adjacent(ma, ny));
    EXPECT_FALSE(s.map.adjacent(ma, nyc));
    EXPECT_FALSE(s.map.on_edge(nyc, Edge::North));
    EXPECT_EQ(s.first_player, kNoSide);
    ASSERT_EQ(s.sequence.size(), 3u);
    EXPECT_EQ(s.sequence[2].side, kNoSide);
    EXPECT_EQ(s.phases[1].kind, PhaseKind::Other);
    ASSERT_EQ(s.units.size(), 1u);
    EXPECT_EQ(s.units[0].side, 1);
    EXPECT_EQ(s.units[0].type, "regular");
    EXPECT_EQ(s.units[0].source, "test");
    EXPECT_EQ(s.units[0].at, nyc);
    EXPECT_EQ(s.units[0].roles, (std::vector<std::string>{"leader"}));
    ASSERT_EQ(s.holds.size(), 1u);
    EXPECT_EQ(s.holds[0].loc, nyc);
}

TEST(AreaMap, Errors) {
    const std::string base = R"(<scenario id="areas" title="Areas" turns="2">
  <sides><side name="A"/><side name="B"/></sides>
  <phases><phase name="operations" kind="movement"/></phases>
  <sequence><step side="A" phase="operations"/></sequence>
  <map>
    <location name="Boston" adjacent="Albany"/>
    <location name="Albany"/>
  </map>
</scenario>
)";
    ASSERT_TRUE(read_scenario_xml(base, "a.xml").scenario);
    ScenarioError e = one_error(replace(base, "adjacent=\"Albany\"", "adjacent=\"Albany, Quebec\""));
    EXPECT_EQ(e.line, 6u);
    EXPECT_TRUE(contains(e.message, "unknown location 'Quebec'")) << e.message;
    e = one_error(replace(base, "<location name=\"Albany\"/>", "<location name=\"Albany\"/>\n    <location name=\"Boston\"/>"));
    EXPECT_EQ(e.line, 8u);
    EXPECT_TRUE(contains(e.message, "declared twice (first on line 6)")) << e.message;
    e = one_error(replace(base, "<location name=\"Albany\"/>",
                          "<location name=\"Albany\"/>\n    <hex-grid kind=\"hex-rows\" columns=\"1-2\" rows=\"1-2\" shifted=\"odd\"/>"));
    EXPECT_TRUE(contains(e.message, "not both")) << e.message;
    e = one_error(replace(base, "adjacent=\"Albany\"", "adjacent=\"Boston\""));
    EXPECT_TRUE(contains(e.message, "adjacent to itself")) << e.message;
}

// ---- sections added with inheritance: edges, roads, zones of control, stacking, reinforcements ------

namespace {

// kMinimal with `extra` before </scenario>: the extra text starts on line 12, column 1.
std::string with(const std::string& extra) { return replace(kMinimal, "</scenario>", extra + "\n</scenario>"); }

// Reads xml that must be valid; reports its errors otherwise.
ScenarioLoad valid(const std::string& xml) {
    ScenarioLoad r = read_scenario_xml(xml, "t.xml");
    for (const auto& e : r.errors) ADD_FAILURE() << e.file << ":" << e.line << ":" << e.col << ": " << e.message;
    return r;
}

}  // namespace

TEST(Edges, DeclaredEdgesReplaceTheExtent) {
    ScenarioLoad r = valid(with(R"(<edges><edge name="east" hexes="0401, 0502"/><edge name="North" hexes="0101"/></edges>)"));
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    EXPECT_TRUE(s.map.edge_declared(Edge::East));
    EXPECT_TRUE(s.map.edge_declared(Edge::North));
    EXPECT_FALSE(s.map.edge_declared(Edge::South));
    EXPECT_TRUE(s.map.on_edge(loc(s, "0401"), Edge::East));
    EXPECT_TRUE(s.map.on_edge(loc(s, "0502"), Edge::East));
    EXPECT_FALSE(s.map.on_edge(loc(s, "0503"), Edge::East));  // on the extent's east edge, but not declared
    EXPECT_TRUE(s.map.on_edge(loc(s, "0101"), Edge::North));
    EXPECT_FALSE(s.map.on_edge(loc(s, "0301"), Edge::North));
    EXPECT_TRUE(s.map.on_edge(loc(s, "0104"), Edge::South));  // undeclared edges follow the extent
    EXPECT_TRUE(s.map.on_edge(loc(s, "0103"), Edge::West));
}

TEST(Edges, AreaMapsHaveEdgesOnlyWhenDeclared) {
    const std::string xml = R"(<scenario id="areas" title="Areas" turns="2">
  <sides><side name="A"/><side name="B"/></sides>
  <phases><phase name="operations" kind="movement"/></phases>
  <sequence><step side="A" phase="operations"/></sequence>
  <map>
    <location name="Boston" adjacent="Albany"/>
    <location name="Albany"/>
  </map>
  <edges><edge name="west" hexes="Boston"/></edges>
</scenario>
)";
    ScenarioLoad r = valid(xml);
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    EXPECT_TRUE(s.map.on_edge(loc(s, "Boston"), Edge::West));
    EXPECT_FALSE(s.map.on_edge(loc(s, "Albany"), Edge::West));
    EXPECT_FALSE(s.map.on_edge(loc(s, "Boston"), Edge::North));
}

TEST(Edges, Errors) {
    ScenarioError e = one_error(with(R"(<edges><edge name="up" hexes="0101"/></edges>)"));
    EXPECT_EQ(e.line, 12u);
    EXPECT_EQ(e.col, 20u);  // "up"
    EXPECT_TRUE(contains(e.message, "<edge> attribute 'name': 'up' is not one of north, south, east, west")) << e.message;

    e = one_error(with(R"(<edges><edge name="east" hexes="0501"/>
<edge name="EAST" hexes="0502"/></edges>)"));
    EXPECT_EQ(e.line, 13u);
    EXPECT_TRUE(contains(e.message, "edge 'east' is declared twice (first on line 12)")) << e.message;

    e = one_error(with(R"(<edges><edge name="east" hexes=""/></edges>)"));
    EXPECT_TRUE(contains(e.message, "<edge> attribute 'hexes' is empty")) << e.message;

    e = one_error(with(R"(<edges><edge name="east"/></edges>)"));
    EXPECT_TRUE(contains(e.message, "<edge> needs attribute 'hexes'")) << e.message;

    e = one_error(with(R"(<edges><edge name="east" hexes="0601"/></edges>)"));
    EXPECT_TRUE(contains(e.message, "unknown location '0601'")) << e.message;
}

TEST(Roads, ChainsAndWhereTheyLeaveTheMap) {
    ScenarioLoad r = valid(with(R"(<roads>
  <road name="Ridge Road" hexes="0102, 0201, 0301" leaves-at="0102, 0301"/>
  <road name="Corner Trail" kind="trail" hexes="0101, 0201" leaves-at="0101" edge="north"/>
  <road name="Inner Road" kind="road" hexes="0202, 0302"/>
</roads>)"));
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    ASSERT_EQ(s.roads.size(), 3u);
    const Road& ridge = s.roads[0];
    EXPECT_EQ(ridge.name, "Ridge Road");
    EXPECT_FALSE(ridge.trail);
    EXPECT_EQ(names(s, ridge.hexes), (std::vector<std::string>{"0102", "0201", "0301"}));
    ASSERT_EQ(ridge.leaves.size(), 2u);
    EXPECT_EQ(s.map.name(ridge.leaves[0].hex), "0102");
    EXPECT_EQ(ridge.leaves[0].edge, Edge::West);
    EXPECT_EQ(s.map.name(ridge.leaves[1].hex), "0301");
    EXPECT_EQ(ridge.leaves[1].edge, Edge::North);
    const Road& trail = s.roads[1];
    EXPECT_TRUE(trail.trail);
    ASSERT_EQ(trail.leaves.size(), 1u);
    EXPECT_EQ(s.map.name(trail.leaves[0].hex), "0101");  // a corner: edge= says which
    EXPECT_EQ(trail.leaves[0].edge, Edge::North);
    EXPECT_FALSE(s.roads[2].trail);
    EXPECT_TRUE(s.roads[2].leaves.empty());

    ScenarioLoad none = valid(kMinimal);
    ASSERT_TRUE(none.scenario);
    EXPECT_TRUE(none.scenario->roads.empty());
}

TEST(Roads, EdgesApplyBeforeRoadsWhereverTheyAreInTheFile) {
    // 0302 is inside the grid; <edges> (after <roads> in the file) puts it on the east edge.
    ScenarioLoad r = valid(with(R"(<roads><road name="R" hexes="0202, 0302" leaves-at="0302"/></roads>
<edges><edge name="east" hexes="0302"/></edges>)"));
    ASSERT_TRUE(r.scenario);
    ASSERT_EQ(r.scenario->roads.size(), 1u);
    ASSERT_EQ(r.scenario->roads[0].leaves.size(), 1u);
    EXPECT_EQ(r.scenario->roads[0].leaves[0].edge, Edge::East);
}

TEST(Roads, Errors) {
    ScenarioError e = one_error(with(R"(<roads><road name="R" hexes="0101, 0301"/></roads>)"));
    EXPECT_EQ(e.line, 12u);
    EXPECT_EQ(e.col, 30u);  // the value of 'hexes'
    EXPECT_TRUE(contains(e.message, "<road> attribute 'hexes': '0101' and '0301' are not adjacent")) << e.message;

    e = one_error(with(R"(<roads><road name="R" hexes="0202, 0302" leaves-at="0302"/></roads>)"));
    EXPECT_EQ(e.line, 12u);
    EXPECT_EQ(e.col, 53u);  // the value of 'leaves-at'
    EXPECT_TRUE(contains(e.message, "<road> attribute 'leaves-at': '0302' is not on a map edge")) << e.message;

    e = one_error(with(R"(<roads><road name="R" hexes="0101, 0201" leaves-at="0101"/></roads>)"));
    EXPECT_EQ(e.line, 12u);
    EXPECT_EQ(e.col, 53u);
    EXPECT_TRUE(contains(e.message, "'0101' is a corner, on the north and west edges")) << e.message;
    EXPECT_TRUE(contains(e.message, "edge=")) << e.message;

    e = one_error(with(R"(<roads><road name="R" hexes="0101, 0201" leaves-at="0101" edge="south"/></roads>)"));
    EXPECT_TRUE(contains(e.message, "'0101' is not on the south edge (it is on the north edge and the west edge)")) << e.message;

    e = one_error(with(R"(<roads><road name="R" hexes="0101, 0201" leaves-at="0501"/></roads>)"));
    EXPECT_TRUE(contains(e.message, "'0501' is not one of the road's hexes")) << e.message;

    e = one_error(with(R"(<roads><road name="R" hexes="0102, 0201, 0301" leaves-at="0102, 0301" edge="west"/></roads>)"));
    EXPECT_TRUE(contains(e.message, "'edge' goes with a single 'leaves-at' hex")) << e.message;

    e = one_error(with(R"(<roads><road name="R" hexes="0101, 0201" edge="west"/></roads>)"));
    EXPECT_TRUE(contains(e.message, "'edge' goes with a single 'leaves-at' hex")) << e.message;

    e = one_error(with(R"(<roads><road name="R" hexes="0101"/></roads>)"));
    EXPECT_TRUE(contains(e.message, "needs at least two hexes")) << e.message;

    e = one_error(with(R"(<roads><road name="R" hexes="0101, 0201, 0101"/></roads>)"));
    EXPECT_TRUE(contains(e.message, "lists '0101' twice")) << e.message;

    e = one_error(with(R"(<roads><road name="R" hexes="0101, 0201"/>
<road name="r" hexes="0201, 0301"/></roads>)"));
    EXPECT_EQ(e.line, 13u);
    EXPECT_TRUE(contains(e.message, "road 'r' is declared twice (first on line 12)")) << e.message;

    e = one_error(with(R"(<roads><road name="R" kind="lane" hexes="0101, 0201"/></roads>)"));
    EXPECT_TRUE(contains(e.message, "'lane' is not one of road, trail")) << e.message;

    e = one_error(with(R"(<roads><road hexes="0101, 0201"/></roads>)"));
    EXPECT_TRUE(contains(e.message, "<road> needs attribute 'name'")) << e.message;
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

// ---- new kinds of points, requirements, victory levels ---------------------------------------------

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

// ---- inheritance ----------------------------------------------------------------------------------

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

// ---- victory banners: sides from the game, no turn limit, alternate turns, objectives --------------

// Defined in parser/scenario/scenario_reader.cpp for tests only (not in parser/scenario/scenario.hpp).
namespace referee {
void add_builtin_scenario_for_tests(const std::string& id, const std::string& xml);
}

namespace {

// Where `needle` occurs in `xml` (1-based line and column; the tests' texts are ASCII), to check an
// error's position: `needle` occurs once, and starts with the attribute value or element that is wrong.
std::pair<std::uint32_t, std::uint32_t> where(const std::string& xml, const std::string& needle) {
    const std::size_t at = xml.find(needle);
    EXPECT_NE(at, std::string::npos) << needle;
    if (at == std::string::npos) return {0, 0};
    EXPECT_EQ(xml.find(needle, at + 1), std::string::npos) << needle << " occurs twice";
    const std::size_t line_start = xml.rfind('\n', at) == std::string::npos ? 0 : xml.rfind('\n', at) + 1;
    return {static_cast<std::uint32_t>(std::count(xml.begin(), xml.begin() + static_cast<std::ptrdiff_t>(at), '\n') + 1),
            static_cast<std::uint32_t>(at - line_start + 1)};
}

#define EXPECT_AT(e, xml, needle)                                     \
    do {                                                              \
        const auto w_ = where((xml), (needle));                       \
        EXPECT_EQ((e).line, w_.first) << (e).message;                 \
        EXPECT_EQ((e).col, w_.second) << (e).message;                 \
    } while (false)

// A scenario whose sides come from the game, with alternating turns and no turn limit.
const char* kFromGame = R"(<scenario id="banners" title="Banners" turns="none">
  <sides from-game="yes"/>
  <phases><phase name="orders" kind="other"/><phase name="movement" kind="movement"/><phase name="battle" kind="combat"/></phases>
  <sequence mode="alternate">
    <step side="phasing" phase="orders"/>
    <step side="Phasing" phase="movement"/>
    <step side="phasing" phase="battle"/>
  </sequence>
  <map><hex-grid kind="hex-rows" columns="01-13" rows="01-09" shifted="even"/></map>
</scenario>
)";

// kFromGame with `extra` before </scenario> (on line 10).
std::string from_game(const std::string& extra) { return replace(kFromGame, "</scenario>", extra + "\n</scenario>"); }

// A from-game base, added as a built-in for the tests (no file in scenarios/ is one yet).
const char* kBannerBase = R"(<scenario id="test-banner-base" title="Banner battles" turns="none">
  <sides from-game="yes" count="2"/>
  <phases><phase name="orders" kind="other"/><phase name="movement" kind="movement"/><phase name="battle" kind="combat"/></phases>
  <sequence mode="alternate">
    <step side="phasing" phase="orders"/>
    <step side="phasing" phase="movement"/>
    <step side="phasing" phase="battle"/>
  </sequence>
  <map><hex-grid kind="hex-rows" columns="01-13" rows="01-09" shifted="even"/></map>
  <objectives>
    <objective kind="majority" side="any" locs="0605, 0705, 0805" rule="B5"/>
  </objectives>
  <victory>
    <banners-for-eliminations no-banner-roles="garrison" rule="B2"/>
    <end-of-game winner="sudden-death" rule="B1"/>
  </victory>
</scenario>
)";

// Sides from the game and sudden death, nothing else: its banners come from the games' records.
const char* kBareBase = R"(<scenario id="test-bare-base" title="Bare" turns="none">
  <sides from-game="yes" count="3"/>
  <phases><phase name="movement" kind="movement"/></phases>
  <sequence mode="alternate"><step side="phasing" phase="movement"/></sequence>
  <map><hex-grid kind="hex-rows" columns="01-05" rows="01-05" shifted="even"/></map>
  <victory><end-of-game winner="sudden-death" rule="B1"/></victory>
</scenario>
)";

void add_test_bases() {
    add_builtin_scenario_for_tests("test-banner-base", kBannerBase);
    add_builtin_scenario_for_tests("test-bare-base", kBareBase);
}

}  // namespace

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

TEST(TurnsNone, NoTurnLimit) {
    std::string xml = replace(kMinimal, "turns=\"3\"", "turns=\"None\"");
    xml = replace(xml, "<step side=\"Red\" phase=\"movement\"/>", "<step side=\"Red\" phase=\"movement\" first-turn=\"200\"/>");
    xml = replace(xml, "at=\"0101\"", "enters=\"10000\" enters-at=\"0101\"");
    ScenarioLoad r = valid(xml);
    ASSERT_TRUE(r.scenario);
    EXPECT_EQ(r.scenario->turns, 0);
    EXPECT_EQ(r.scenario->sequence[1].first_turn, 200);
    EXPECT_EQ(r.scenario->units[0].enters_turn, 10000);

    // Numbers stay 1..10000; turns beyond that are still out of range without a limit.
    xml = replace(kMinimal, "turns=\"3\"", "turns=\"0\"");
    ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "0\" first");
    EXPECT_TRUE(contains(e.message, "'turns': 0 is out of range (1..10000)")) << e.message;
    xml = replace(kMinimal, "turns=\"3\"", "turns=\"never\"");
    e = one_error(xml);
    EXPECT_TRUE(contains(e.message, "'never' is not a whole number")) << e.message;
    xml = replace(replace(kMinimal, "turns=\"3\"", "turns=\"none\""), "at=\"0101\"", "enters=\"10001\" enters-at=\"0101\"");
    e = one_error(xml);
    EXPECT_TRUE(contains(e.message, "'enters': 10001 is out of range (1..10000)")) << e.message;
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

// ---- area games with factions (Liberty or Death) ---------------------------------------------------

namespace {

// A small valid game of factions; tests break one thing in it at a time (line numbers matter).
const char* kFactionGame = R"(<scenario id="test-factions" title="Factions" turns="param:rounds">
  <sides pieces-rule="1.4">
    <side name="Crown" group="Royal" pieces="regular, fort"/>
    <side name="Rebels" group="Free" pieces="militia, fort"/>
    <side name="Allies" group="Free" pieces="regular"/>
    <side name="Tribes" group="Royal" pieces="war-party, village"/>
  </sides>
  <phases><phase name="check" kind="other"/><phase name="support" kind="other"/></phases>
  <sequence><step side="none" phase="check"/><step side="none" phase="support"/></sequence>
  <map support-rule="L1" blockade-rule="1.9">
    <location name="Port" type="city" population="2" adjacent="Farm"/>
    <location name="Farm" type="colony" population="1" adjacent="Woods"/>
    <location name="Woods" type="reserve" population="0"/>
    <location name="Sea" type="box"/>
    <location name="Shoal"/>
  </map>
  <setup>
    <support space="Port" level="active-support"/>
    <support space="Farm" level="Passive-Opposition"/>
    <place faction="Crown" piece="regular" space="Port" count="3"/>
    <place faction="tribes" piece="Village" space="Woods"/>
    <blockade city="Port"/>
  </setup>
  <tracks>
    <track name="support" title="Total Support" derive="support" rule="L1"/>
    <track name="opposition" title="Total Opposition" derive="opposition"/>
    <track name="losses" title="Crown losses" derive="casualties" start="2" rule="L2"/>
    <track name="villages" title="Villages" derive="pieces" faction="Tribes" piece="village" rule="1.6.5"/>
    <track name="naval" title="Naval" start="-1"/>
  </tracks>
  <casualties rule="L2">
    <casualty faction="Crown" pieces="regular, fort" track="losses"/>
  </casualties>
  <treaty card="109" param="treaty" rule="L3"/>
  <victory>
    <factions check-phase="check" final-after-phase="support" check-rule="7.2" final-rule="7.3" rank-rule="7.1"
              players-rule="L5" tie-order="Rebels, Crown, Allies, Tribes">
      <faction name="Crown">
        <condition plus="support" minus="opposition" above="10" what="Support ahead by more than 10"/>
      </faction>
      <faction name="Rebels">
        <condition plus="opposition" minus="support, villages" offset="3" what="Opposition ahead"/>
      </faction>
      <faction name="Allies" requires-treaty="yes">
        <condition plus="opposition" what="Opposition"/>
        <condition minus="losses" what="few losses"/>
      </faction>
      <faction name="Tribes">
        <condition plus="villages" offset="-3" what="Villages"/>
      </faction>
      <one-player rule="8.8" tie-order="Allies, Tribes, Rebels, Crown"/>
    </factions>
    <end-of-game winner="factions" rule="7.3"/>
  </victory>
  <params>
    <param name="rounds" default="3" rule="2.4.1" description="rounds to play"/>
    <param name="treaty" default="no" description="treaty played"/>
  </params>
</scenario>
)";

// One way to break a file: the edits (each replaces the first occurrence), where the error must be
// (a text that starts there and occurs once in the edited file) and a part of its message.
struct Break {
    std::vector<std::pair<std::string, std::string>> edits;
    std::string at;
    std::string message;
};

void expect_breaks(const std::string& base, const std::vector<Break>& cases) {
    for (const Break& b : cases) {
        SCOPED_TRACE(b.message);
        std::string xml = base;
        for (const auto& [from, to] : b.edits) xml = replace(xml, from, to);
        ScenarioError e = one_error(xml);
        EXPECT_AT(e, xml, b.at);
        EXPECT_TRUE(contains(e.message, b.message)) << e.message;
    }
}

std::int32_t track(const Scenario& s, const char* name) {
    const std::int32_t t = s.find_track(name);
    EXPECT_GE(t, 0) << name;
    return t;
}

}  // namespace

TEST(Factions, EveryField) {
    ScenarioLoad r = valid(kFactionGame);
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    EXPECT_EQ(s.turns, 3);
    EXPECT_EQ(s.turns_param, "rounds");
    EXPECT_EQ(s.sides, (std::vector<std::string>{"Crown", "Rebels", "Allies", "Tribes"}));
    EXPECT_EQ(s.groups, (std::vector<std::string>{"Royal", "Free", "Free", "Royal"}));
    EXPECT_EQ(s.pieces_rule, "1.4");
    ASSERT_EQ(s.faction_pieces.size(), 4u);
    EXPECT_EQ(s.faction_pieces[0], (std::vector<Piece>{Piece::Regular, Piece::Fort}));
    EXPECT_EQ(s.faction_pieces[1], (std::vector<Piece>{Piece::Militia, Piece::Fort}));
    EXPECT_EQ(s.faction_pieces[3], (std::vector<Piece>{Piece::WarParty, Piece::Village}));

    // Spaces, by LocId; an untyped location is a space of no type and population 0.
    EXPECT_EQ(s.support_rule, "L1");
    EXPECT_EQ(s.blockade_rule, "1.9");
    ASSERT_EQ(s.spaces.size(), 5u);
    const SpaceDef& port = s.spaces[static_cast<std::size_t>(loc(s, "Port"))];
    EXPECT_EQ(port.type, SpaceType::City);
    EXPECT_EQ(port.population, 2);
    EXPECT_TRUE(port.support_allowed);
    EXPECT_EQ(port.support, ActiveSupport);
    EXPECT_TRUE(port.blockaded);
    const SpaceDef& farm = s.spaces[static_cast<std::size_t>(loc(s, "Farm"))];
    EXPECT_EQ(farm.type, SpaceType::Colony);
    EXPECT_EQ(farm.support, PassiveOpposition);
    EXPECT_FALSE(farm.blockaded);
    const SpaceDef& woods = s.spaces[static_cast<std::size_t>(loc(s, "Woods"))];
    EXPECT_EQ(woods.type, SpaceType::Reserve);
    EXPECT_FALSE(woods.support_allowed);  // 1.6.1: population 0
    const SpaceDef& sea = s.spaces[static_cast<std::size_t>(loc(s, "Sea"))];
    EXPECT_EQ(sea.type, SpaceType::Box);
    EXPECT_EQ(sea.population, 0);
    const SpaceDef& shoal = s.spaces[static_cast<std::size_t>(loc(s, "Shoal"))];
    EXPECT_EQ(shoal.type, SpaceType::None);
    EXPECT_FALSE(shoal.support_allowed);
    EXPECT_STREQ(space_type_name(SpaceType::Reserve), "reserve");

    ASSERT_EQ(s.start_pieces.size(), 2u);
    EXPECT_EQ(s.start_pieces[0].faction, 0);
    EXPECT_EQ(s.start_pieces[0].piece, Piece::Regular);
    EXPECT_EQ(s.start_pieces[0].space, loc(s, "Port"));
    EXPECT_EQ(s.start_pieces[0].count, 3);
    EXPECT_EQ(s.start_pieces[1].faction, 3);  // names and pieces are matched case-insensitively
    EXPECT_EQ(s.start_pieces[1].piece, Piece::Village);
    EXPECT_EQ(s.start_pieces[1].count, 1);

    ASSERT_EQ(s.tracks.size(), 5u);
    EXPECT_EQ(s.find_track("LOSSES"), 2);
    EXPECT_EQ(s.find_track("nothing"), -1);
    EXPECT_EQ(s.tracks[0].derive, TrackDerive::Support);
    EXPECT_EQ(s.tracks[0].title, "Total Support");
    EXPECT_EQ(s.tracks[0].rule, "L1");
    EXPECT_EQ(s.tracks[1].derive, TrackDerive::Opposition);
    EXPECT_EQ(s.tracks[2].derive, TrackDerive::Casualties);
    EXPECT_EQ(s.tracks[2].start, 2);
    EXPECT_EQ(s.tracks[3].derive, TrackDerive::Pieces);
    EXPECT_EQ(s.tracks[3].faction, 3);
    EXPECT_EQ(s.tracks[3].piece, Piece::Village);
    EXPECT_EQ(s.tracks[4].derive, TrackDerive::Free);  // the default
    EXPECT_EQ(s.tracks[4].start, -1);

    EXPECT_EQ(s.casualty_rule, "L2");
    ASSERT_EQ(s.casualties.size(), 2u);
    EXPECT_EQ(s.casualties[1].faction, 0);
    EXPECT_EQ(s.casualties[1].piece, Piece::Fort);
    EXPECT_EQ(s.casualties[1].track, 2);

    EXPECT_TRUE(s.treaty.declared);
    EXPECT_EQ(s.treaty.card, "109");
    EXPECT_FALSE(s.treaty.played);  // the default
    EXPECT_EQ(s.treaty.param, "treaty");
    EXPECT_EQ(s.treaty.rule, "L3");

    EXPECT_EQ(s.end_victory, EndVictory::Factions);
    EXPECT_EQ(s.end_rule, "7.3");
    const FactionVictory& fv = s.faction_victory;
    EXPECT_TRUE(fv.enabled);
    EXPECT_EQ(fv.check_phase, 0);
    EXPECT_EQ(fv.final_phase, 1);
    EXPECT_EQ(fv.tie_order, (std::vector<SideId>{1, 0, 2, 3}));
    EXPECT_EQ(fv.one_player_tie_order, (std::vector<SideId>{2, 3, 1, 0}));
    EXPECT_EQ(fv.check_rule, "7.2");
    EXPECT_EQ(fv.final_rule, "7.3");
    EXPECT_EQ(fv.rank_rule, "7.1");
    EXPECT_EQ(fv.players_rule, "L5");
    EXPECT_EQ(fv.one_player_rule, "8.8");
    ASSERT_EQ(fv.factions.size(), 4u);
    for (SideId f = 0; f < 4; ++f) EXPECT_EQ(fv.factions[static_cast<std::size_t>(f)].faction, f);
    EXPECT_FALSE(fv.factions[0].requires_treaty);
    EXPECT_TRUE(fv.factions[2].requires_treaty);
    const ConditionDef& c0 = fv.factions[0].conditions.at(0);
    EXPECT_EQ(c0.plus, (std::vector<std::int32_t>{0}));
    EXPECT_EQ(c0.minus, (std::vector<std::int32_t>{1}));
    EXPECT_EQ(c0.above, 10);
    EXPECT_EQ(c0.offset, 0);
    EXPECT_EQ(c0.what, "Support ahead by more than 10");
    EXPECT_EQ(fv.factions[1].conditions.at(0).minus, (std::vector<std::int32_t>{0, 3}));
    EXPECT_EQ(fv.factions[1].conditions.at(0).offset, 3);
    ASSERT_EQ(fv.factions[2].conditions.size(), 2u);
    EXPECT_TRUE(fv.factions[2].conditions[1].plus.empty());
    EXPECT_EQ(fv.factions[2].conditions[1].minus, (std::vector<std::int32_t>{2}));
    EXPECT_EQ(fv.factions[3].conditions.at(0).offset, -3);
}

TEST(Factions, HexGamesKeepEverythingEmpty) {
    const Scenario& s = maryes();
    EXPECT_TRUE(s.turns_param.empty());
    EXPECT_TRUE(s.groups.empty());
    EXPECT_EQ(s.faction_pieces.size(), 2u);  // one (empty) entry per side
    EXPECT_TRUE(s.faction_pieces[0].empty());
    EXPECT_TRUE(s.spaces.empty());
    EXPECT_TRUE(s.start_pieces.empty());
    EXPECT_TRUE(s.tracks.empty());
    EXPECT_TRUE(s.casualties.empty());
    EXPECT_FALSE(s.treaty.declared);
    EXPECT_FALSE(s.faction_victory.enabled);
    // An area map without types has no spaces either.
    ScenarioLoad r = valid(R"(<scenario id="a" title="A" turns="1">
  <sides><side name="A"/><side name="B"/></sides>
  <phases><phase name="p" kind="other"/></phases>
  <sequence><step side="none" phase="p"/></sequence>
  <map><location name="X" adjacent="Y"/><location name="Y"/></map>
</scenario>)");
    ASSERT_TRUE(r.scenario);
    EXPECT_TRUE(r.scenario->spaces.empty());
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

TEST(Factions, MapErrors) {
    expect_breaks(kFactionGame,
                  {
                      {{{"<location name=\"Shoal\"/>", "<location name=\"Shoal\" population=\"7\"/>"}},
                       "7\"/>",
                       "<location> attribute 'population' goes with 'type' (a space has both)"},
                      {{{"type=\"box\"", "type=\"ocean\""}}, "ocean", "<location> attribute 'type': 'ocean' is not one of city, colony, reserve, box"},
                      {{{"population=\"2\"", "population=\"10\""}}, "10\" adjacent", "<location> attribute 'population': 10 is out of range (0..9)"},
                  });
    std::string xml = replace(kMinimal, "<map><hex-grid", "<map blockade-rule=\"1.9\"><hex-grid");
    ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "1.9");
    EXPECT_TRUE(contains(e.message, "<map> attribute 'blockade-rule' goes with a map of spaces (<location> elements with a type), and "
                                    "this map has none"))
        << e.message;
}

TEST(Factions, SetupErrors) {
    expect_breaks(
        kFactionGame,
        {
            {{{"<blockade city=\"Port\"/>", "<support space=\"Port\" level=\"neutral\"/>"}},
             "Port\" level=\"neutral\"",
             "the support level of 'Port' is given twice (first on line 18)"},
            {{{"<blockade city=\"Port\"/>", "<support space=\"Woods\" level=\"passive-support\"/>"}},
             "passive-support",
             "<support> attribute 'level': 'Woods' has population 0, so it is always neutral (L1)"},
            {{{"level=\"active-support\"", "level=\"fervent\""}},
             "fervent",
             "<support> attribute 'level': 'fervent' is not one of active-opposition, passive-opposition, neutral, passive-support, "
             "active-support"},
            {{{"piece=\"regular\" space=\"Port\"", "piece=\"tory\" space=\"Port\""}},
             "tory\" space",
             "<place> attribute 'piece': 'tory' is not a piece of Crown (1.4); Crown owns: regular, fort"},
            {{{"<blockade city=\"Port\"/>", "<place faction=\"Crown\" piece=\"Regular\" space=\"Port\"/>"}},
             "<place faction=\"Crown\" piece=\"Regular\"",
             "the Crown regular pieces in 'Port' are placed twice (first on line 20); give one <place> with a count"},
            {{{"count=\"3\"", "count=\"1001\""}}, "1001", "<place> attribute 'count': 1001 is out of range (1..1000)"},
            {{{"faction=\"Crown\" piece=\"regular\"", "faction=\"Kings\" piece=\"regular\""}},
             "Kings",
             "<place> attribute 'faction': unknown side 'Kings' (sides: Crown, Rebels, Allies, Tribes)"},
            {{{"space=\"Woods\"", "space=\"Lake\""}}, "Lake", "<place> attribute 'space': unknown location 'Lake'"},
            {{{"<blockade city=\"Port\"/>", "<blockade city=\"Farm\"/>"}},
             "Farm\"/>\n  </setup>",
             "<blockade> attribute 'city': 'Farm' is a colony, and only a city can be blockaded (1.9)"},
            {{{"<blockade city=\"Port\"/>", "<blockade city=\"Shoal\"/>"}},
             "Shoal\"/>\n  </setup>",
             "<blockade> attribute 'city': 'Shoal' has no type, and only a city can be blockaded (1.9)"},
            {{{"<blockade city=\"Port\"/>", "<blockade city=\"Port\"/><blockade city=\"Port\" />"}},
             "Port\" />",
             "'Port' is blockaded twice (first on line 22)"},
        });
    // A faction that owns no pieces.
    const std::string no_pieces = replace(kFactionGame, "<side name=\"Allies\" group=\"Free\" pieces=\"regular\"/>",
                                          "<side name=\"Allies\" group=\"Free\"/>");
    std::string xml = replace(replace(no_pieces, "<blockade city=\"Port\"/>", "<place faction=\"Allies\" piece=\"regular\" space=\"Sea\"/>"),
                              "<condition plus=\"opposition\" what=\"Opposition\"/>", "");
    ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "regular\" space=\"Sea\"");
    EXPECT_TRUE(contains(e.message, "<place> attribute 'piece': 'regular' is not a piece of Allies (1.4); Allies owns no pieces "
                                    "(<side pieces=...>)"))
        << e.message;
    // A setup needs spaces.
    xml = with("<setup/>");
    e = one_error(xml);
    EXPECT_AT(e, xml, "<setup/>");
    EXPECT_TRUE(contains(e.message, "<setup> needs a map of spaces (<location> elements with a type)")) << e.message;
}

TEST(Factions, TracksErrors) {
    expect_breaks(kFactionGame,
                  {
                      {{{"name=\"naval\"", "name=\"naval power\""}}, "naval power", "track name 'naval power' is not one word (a `track` record names it)"},
                      {{{"name=\"naval\"", "name=\"Losses\""}}, "Losses", "track 'Losses' is declared twice (first on line 27)"},
                      {{{"title=\"Naval\" start", "title=\"Naval\" derive=\"sum\" start"}},
                       "sum",
                       "<track> attribute 'derive': 'sum' is not one of free, casualties, support, opposition, pieces"},
                      {{{"derive=\"opposition\"/>", "derive=\"opposition\" faction=\"Crown\"/>"}},
                       "Crown\"/>\n    <track",
                       "<track derive=\"opposition\"> takes no 'faction' (only derive=\"pieces\" does)"},
                      {{{"derive=\"opposition\"/>", "derive=\"opposition\" start=\"4\"/>"}},
                       "4\"/>",
                       "<track derive=\"opposition\"> takes no 'start' (only derive=\"free\" and derive=\"casualties\" do; the engine "
                       "computes the others)"},
                      {{{"derive=\"pieces\" faction=\"Tribes\" piece", "derive=\"pieces\" piece"}},
                       "<track name=\"villages\"",
                       "<track> needs attribute 'faction'"},
                      {{{"faction=\"Tribes\" piece=\"village\" rule", "faction=\"Crown\" piece=\"village\" rule"}},
                       "village\" rule",
                       "<track> attribute 'piece': 'village' is not a piece of Crown (1.4); Crown owns: regular, fort"},
                      {{{"title=\"Naval\" ", ""}}, "<track name=\"naval\"", "<track> needs attribute 'title'"},
                  });
    const std::string xml = with(R"(<tracks><track name="s" title="S" derive="support"/></tracks>)");
    ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "support\"/>");
    EXPECT_TRUE(contains(e.message, "<track derive=\"support\"> needs a map of spaces (<location> elements with a type)")) << e.message;
}

TEST(Factions, CasualtiesErrors) {
    expect_breaks(kFactionGame,
                  {
                      {{{"track=\"losses\"", "track=\"deaths\""}},
                       "deaths",
                       "<casualty> attribute 'track': unknown track 'deaths' (tracks: support, opposition, losses, villages, naval)"},
                      {{{"track=\"losses\"", "track=\"naval\""}},
                       "naval\"/>",
                       "<casualty> attribute 'track': 'naval' is not a casualties track (<track derive=\"casualties\">)"},
                      {{{"pieces=\"regular, fort\" track", "pieces=\"regular, tory\" track"}},
                       "regular, tory",
                       "<casualty> attribute 'pieces': 'tory' is not a piece of Crown (1.4); Crown owns: regular, fort"},
                      {{{"</casualties>", "  <casualty faction=\"crown\" pieces=\"fort\" track=\"losses\"/>\n  </casualties>"}},
                       "fort\" track=\"losses\"/>\n  </casualties>",
                       "<casualty> attribute 'pieces': Crown fort already counts as a casualty (on line 32)"},
                  });
    const std::string xml = with(R"(<casualties><casualty faction="Blue" pieces="regular" track="x"/></casualties>)");
    ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "x\"/>");
    EXPECT_TRUE(contains(e.message, "<casualty> attribute 'track': unknown track 'x' (the scenario has no <tracks>)")) << e.message;
}

TEST(Factions, TreatyErrors) {
    expect_breaks(kFactionGame,
                  {
                      {{{"param=\"treaty\"", "param=\"alliance\""}},
                       "alliance",
                       "<treaty> attribute 'param': unknown parameter 'alliance' (declare it in <params>)"},
                      {{{"default=\"no\"", "default=\"maybe\""}},
                       "maybe",
                       "parameter 'treaty': default 'maybe' is not yes or no (<treaty param=...> plays the treaty with it)"},
                      {{{"card=\"109\"", "card=\"Treaty of Alliance\""}},
                       "Treaty of",
                       "<treaty> attribute 'card': 'Treaty of Alliance' is not one word (a card id, as `card` records give it)"},
                      {{{"card=\"109\"", "card=\"109\" played=\"often\""}}, "often", "<treaty> attribute 'played': 'often' is not yes or no"},
                  });
}

TEST(Factions, VictoryErrors) {
    const std::string tribes = "<faction name=\"Tribes\">\n        <condition plus=\"villages\" offset=\"-3\" what=\"Villages\"/>\n      </faction>";
    expect_breaks(
        kFactionGame,
        {
            {{{"check-phase=\"check\"", "check-phase=\"audit\""}},
             "audit",
             "<factions> attribute 'check-phase': unknown phase 'audit' (phases: check, support)"},
            {{{"tie-order=\"Rebels, Crown, Allies, Tribes\"", "tie-order=\"Rebels, Crown, Allies\""}},
             "Rebels, Crown, Allies\"",
             "<factions> attribute 'tie-order' leaves out Tribes (it names every side once)"},
            {{{"tie-order=\"Rebels, Crown, Allies, Tribes\"", "tie-order=\"Rebels, Crown, Allies, rebels\""}},
             "Rebels, Crown, Allies, rebels",
             "<factions> attribute 'tie-order' lists 'rebels' twice"},
            {{{"tie-order=\"Allies, Tribes, Rebels, Crown\"", "tie-order=\"Allies, Tribes, Rebels, King\""}},
             "Allies, Tribes, Rebels, King",
             "<one-player> attribute 'tie-order': unknown side 'King' (sides: Crown, Rebels, Allies, Tribes)"},
            {{{"<one-player rule=\"8.8\" ", "<one-player "}}, "<one-player", "<one-player> needs attribute 'rule'"},
            {{{"<treaty card=\"109\" param=\"treaty\" rule=\"L3\"/>", ""}},
             "yes\">",
             "<faction> attribute 'requires-treaty': the scenario has no <treaty> (the card that is the treaty)"},
            {{{tribes, "<faction name=\"Tribes\"><condition plus=\"villages\" what=\"v\"/><condition plus=\"villages\" what=\"v\"/>"
                       "<condition plus=\"villages\" what=\"v\"/><condition plus=\"villages\" what=\"v\"/>"
                       "<condition minus=\"naval\" what=\"fifth\"/></faction>"}},
             "<condition minus=\"naval\"",
             "<faction> takes at most 4 <condition> elements"},
            {{{tribes, "<faction name=\"Tribes\"/>"}}, "<faction name=\"Tribes\"/>", "<faction> needs at least one <condition>"},
            {{{tribes, tribes + "<faction name=\"crown\"><condition plus=\"support\" what=\"again\"/></faction>"}},
             "crown\"><condition",
             "faction 'Crown' has a second <faction> (the first is on line 38)"},
            {{{tribes, ""}}, "<factions check-phase", "<factions> needs a <faction> for every side; it has none for Tribes"},
            {{{"<condition plus=\"opposition\" what=\"Opposition\"/>", "<condition what=\"Opposition\"/>"}},
             "<condition what",
             "<condition> needs 'plus' or 'minus' (the tracks it adds and subtracts)"},
            {{{"plus=\"villages\" offset", "plus=\"towns\" offset"}},
             "towns",
             "<condition> attribute 'plus': unknown track 'towns' (tracks: support, opposition, losses, villages, naval)"},
            {{{"minus=\"support, villages\"", "minus=\"support, Support\""}},
             "support, Support",
             "<condition> attribute 'minus' lists 'Support' twice"},
            {{{"above=\"10\"", "above=\"-5\""}}, "-5", "<condition> attribute 'above': -5 is out of range (0..1000000)"},
            {{{"<end-of-game winner=\"factions\" rule=\"7.3\"/>", ""}},
             "<factions check-phase",
             "<factions> needs <end-of-game winner=\"factions\"> in the same <victory> (the factions' margins decide the game only then)"},
        });
    std::string xml = with(R"(<victory><end-of-game winner="factions"/></victory>)");
    ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "factions\"/>");
    EXPECT_TRUE(contains(e.message, "<end-of-game winner=\"factions\"> needs <factions> in <victory>")) << e.message;
    xml = with(R"(<victory><factions check-phase="movement" final-after-phase="combat" tie-order="Blue, Red"/><end-of-game winner="factions"/></victory>)");
    e = one_error(xml);
    EXPECT_AT(e, xml, "<factions");
    EXPECT_TRUE(contains(e.message, "<factions> needs sides in groups (<side group=...>)")) << e.message;
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

// ---- the built-in Liberty or Death scenarios --------------------------------------------------------

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

// Total Support and Total Opposition (L1, 1.6.3) from the spaces: 2 x population at Active, 1 x at Passive.
std::pair<std::int64_t, std::int64_t> totals(const Scenario& s) {
    std::int64_t support = 0, opposition = 0;
    for (const SpaceDef& d : s.spaces) {
        const std::int64_t weight = d.support == ActiveSupport || d.support == ActiveOpposition ? 2 : 1;
        if (d.support > 0) support += weight * d.population;
        if (d.support < 0) opposition += weight * d.population;
    }
    return {support, opposition};
}

// How many of `faction`'s `piece` the set-up places in `space` ("" : anywhere).
std::int64_t pieces(const Scenario& s, const char* faction, Piece piece, const std::string& space = "") {
    std::int64_t n = 0;
    for (const StartPieces& p : s.start_pieces)
        if (p.faction == s.find_side(faction) && p.piece == piece && (space.empty() || s.map.name(p.space) == space)) n += p.count;
    return n;
}

}  // namespace

TEST(LibertyOrDeathBuiltins, BuiltinsAndTitles) {
    const std::map<std::string, std::string> want = {{"liberty-or-death-1775", "Liberty or Death: 1775-1780 (long)"},
                                                     {"liberty-or-death-1776", "Liberty or Death: 1776-1779 (medium)"},
                                                     {"liberty-or-death-1778", "Liberty or Death: 1778-1780 (short)"}};
    for (const auto& w : want) {
        const auto& list = builtin_scenarios();
        auto it = std::find_if(list.begin(), list.end(), [&](const BuiltinScenario& b) { return b.id == w.first; });
        ASSERT_NE(it, list.end()) << w.first;
        EXPECT_EQ(it->title, w.second);
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

// ---- the documentation's example ------------------------------------------------------------------

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

TEST(Docs, EveryCompleteExampleIsValid) {
    add_docs_banner_base();
    const std::vector<std::string> blocks = doc_scenarios();
    ASSERT_EQ(blocks.size(), 6u);  // inheritance, a from-game base and its battle, the small file, the later sections,
                                   // a game of factions
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

TEST(Docs, InheritanceExample) {
    ScenarioLoad r = read_scenario_xml(doc_scenario_with("extends=\"maryes-heights\""), "docs example");
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
