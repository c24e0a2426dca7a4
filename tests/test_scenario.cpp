// Tests of the scenario reader (parser/scenario_reader.cpp) and the built-in scenarios.
#include "validator/scenario.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
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

    e = one_error(replace(kMinimal, "<units>", "<zoc/>\n  <units>"));
    EXPECT_TRUE(contains(e.message, "not supported by this version")) << e.message;
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

    e = one_error(replace(kMinimal, "</scenario>", "<victory><points kind=\"bonus\" side=\"Blue\" value=\"1\" rule=\"1\" what=\"w\"/></victory>\n</scenario>"));
    EXPECT_TRUE(contains(e.message, "'bonus' is not one of start, elimination, exit, occupation")) << e.message;

    e = one_error(replace(kMinimal, "</scenario>", "<retreat-off-map result=\"maybe\"/>\n</scenario>"));
    EXPECT_TRUE(contains(e.message, "is not one of eliminated, forbidden")) << e.message;

    e = one_error(replace(kMinimal, "</scenario>",
                          "<victory><automatic side=\"Red\" after-turn=\"2\" ratio=\"2\" require-positive=\"perhaps\" rule=\"1\"/></victory>\n</scenario>"));
    EXPECT_TRUE(contains(e.message, "is not yes or no")) << e.message;
}

TEST(ScenarioErrors, ReservedFeaturesAreRefused) {
    ScenarioError e = one_error(replace(kMinimal, "<scenario id", "<scenario extends=\"maryes-heights\" id"));
    EXPECT_TRUE(contains(e.message, "not supported")) << e.message;
    e = one_error(replace(kMinimal, "<scenario id", "<scenario format=\"2\" id"));
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
