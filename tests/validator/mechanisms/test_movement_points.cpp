// The movement-points mechanism (validator/mechanisms/movement_points.cpp), ruling G7 clause by
// clause: the allowance (a unit record's `ma`, the scenario's unit's, its type's, none), the
// terrain of each location entered and the hexside crossed, roads and trails, the sum over every
// record of the unit's own movement phase, entering (14.32) and leaving (14.4, 17.3) the map, the
// `movement-points` error at the record that passes the allowance, paths that skip hexes, and the
// one line under rulings where movement points are not checked.
#include "replay_support.hpp"
#include "scenario_support.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>

using namespace referee;
using namespace referee::testing_support;

namespace {

// The test map: hex-columns 01-25 x 01-25, even columns half a hex lower, so a row runs straight
// (0105 0205 0305 ... are each next to the next) and so does a column.
//   row 05: 0305 woods; a stream between 0405 and 0505; a ford between 0505 and 0605.
//   row 10: the Pike, a road from 0110 (where it comes onto the map) to 1010; 0310 is woods and a
//           stream runs between 0410 and 0510 (the road bridges it).
//   row 15: the Lane, a trail 0115-0415, through the woods at 0315 and 0415.
//   row 20: a town from 0120 to 1020.
//   everything else: clear. Red's R1 at 1408 holds a zone of control around it.
// `%MP%` is the <movement-points> element of each variant.
const std::string kScenario = R"(<scenario id="mp-test" title="Movement test" turns="5" first-player="Blue">
  <sides><side name="Blue"/><side name="Red"/></sides>
  <phases><phase name="movement" kind="movement"/><phase name="combat" kind="combat"/></phases>
  <sequence>
    <step side="Blue" phase="movement"/><step side="Blue" phase="combat"/>
    <step side="Red" phase="movement"/><step side="Red" phase="combat"/>
  </sequence>
  <map><hex-grid kind="hex-columns" columns="01-25" rows="01-25" shifted="even"/></map>
  <roads>
    <road name="Pike" hexes="0110, 0210, 0310, 0410, 0510, 0610, 0710, 0810, 0910, 1010" leaves-at="0110"/>
    <road name="Lane" kind="trail" hexes="0115, 0215, 0315, 0415"/>
  </roads>
  <terrain default="clear" road-cost="1/2" trail-cost="1">
    <kind name="clear" cost="1"/>
    <kind name="woods" cost="2"/>
    <kind name="town" cost="1/2"/>
    <kind name="stream" cost="2" hexside="yes"/>
    <kind name="ford" cost="1" hexside="yes"/>
    <hex kind="woods" hexes="0305, 0310, 0315, 0415"/>
    <hex kind="town" hexes="0120, 0220, 0320, 0420, 0520, 0620, 0720, 0820, 0920, 1020"/>
    <hexside kind="stream" hexes="0405, 0505"/>
    <hexside kind="stream" hexes="0410, 0510"/>
    <hexside kind="ford" hexes="0505, 0605"/>
  </terrain>
  %MP%
  <units>
    <unit id="S1" side="Blue" type="artillery" strength="2" at="0123" ma="3"/>
    <unit id="R1" side="Red" type="infantry" strength="3" at="1408"/>
  </units>
  <zones-of-control rule="6.0"/>
  <exits locs="2505" rule="9.3"/>
  <victory>
    <points kind="exit" side="Blue" value="1" rule="9.4" what="Blue SP exited"/>
  </victory>
</scenario>
)";

const std::string kRules = R"(<movement-points enter-cost="1" enter-rule="9.1" exit-cost="1" exit-rule="9.2">
    <allowance type="infantry" ma="4"/>
    <allowance type="Cavalry" ma="8"/>
  </movement-points>)";

// The built-in test scenarios: mp-test with kRules; mp-free with allowances but no cost for
// entering or leaving the map (the entry hex's terrain is paid instead); mp-needs with two rules
// that need hexsides, one of a kind the terrain lacks.
void add_scenarios() {
    static bool done = false;
    if (done) return;
    done = true;
    add_builtin_scenario_for_tests("mp-test", replace(kScenario, "%MP%", kRules));
    add_builtin_scenario_for_tests("mp-free", replace(replace(kScenario, "%MP%", R"(<movement-points><allowance type="infantry" ma="4"/></movement-points>)"),
                                                      "id=\"mp-test\"", "id=\"mp-free\""));
    add_builtin_scenario_for_tests("mp-needs", replace(replace(kScenario, "%MP%", R"(<movement-points>
    <needs-hexsides kind="creek" rule="9.6" what="the brook"/><needs-hexsides kind="FORD" rule="9.7" what="the fords"/></movement-points>)"),
                                                       "id=\"mp-test\"", "id=\"mp-needs\""));
}

// A game of `scenario` with `setup custom` and `units` (lines 1-2, then the units), turn 1 and
// Blue's movement phase, then `moves`; the line of the first move is 5 + the number of units.
std::string game(const std::string& units, const std::string& moves, const std::string& scenario = "mp-test") {
    add_scenarios();
    return "game " + scenario + "\nsetup custom\n" + units + "turn 1\nphase Blue movement\n" + moves;
}

const Violation* mp(const Report& r) { return find(r, "movement-points"); }

}  // namespace

// --- the issue's Done-when ---------------------------------------------------------------------------

TEST(MovementPoints, G7_ATwentyHexMoveOfAnInfantryUnitIsAnError) {
    // Infantry: 4 MP (the scenario's allowance for the type). Row 03 is clear: 20 hexes, 20 MP.
    std::string path = "0103";
    for (int c = 2; c <= 21; ++c) path += fmt::format(" {:02d}03", c);
    const Report r = check(game("unit I Blue infantry 3 at 0103\n", "move I " + path + "\n"));
    ASSERT_EQ(count_code(r, "movement-points"), 1) << dump(r);
    const Violation* v = mp(r);
    EXPECT_EQ(v->line, 6u);
    EXPECT_TRUE(v->error);
    EXPECT_EQ(v->rule, "G7");
    EXPECT_EQ(v->message,
              "I spends 20 MP in game-turn 1, Blue movement, more than its movement allowance of 4 (G7): it passes the allowance on "
              "entering 0603 (clear, 1 MP)");
}

// --- the allowance ---------------------------------------------------------------------------------

TEST(MovementPoints, G7_UpToTheAllowanceIsAllowed) {
    // 0103 to 0503: four clear hexes, 4 MP of 4.
    EXPECT_EQ(count_code(check(game("unit I Blue infantry 3 at 0103\n", "move I 0103 0203 0303 0403 0503\n")), "movement-points"), 0);
}

TEST(MovementPoints, G7_AUnitRecordsMaOverridesItsTypes) {
    const Report r = check(game("unit I Blue infantry 3 at 0103 ma 2\nunit C Blue cavalry 2 at 0101\n",
                                "move I 0103 0203 0303\nmove I 0303 0403\nmove C 0101 0201 0301 0401 0501 0601 0701 0801 0901\n"));
    // I: 3 MP of its own 2 (line 8); C: 8 MP of the cavalry's 8 (the type matches without case).
    EXPECT_EQ(count_code(r, "movement-points"), 1) << dump(r);
    EXPECT_TRUE(has(r, "movement-points", 8));
    EXPECT_TRUE(contains(mp(r)->message, "I spends 3 MP")) << mp(r)->message;
}

TEST(MovementPoints, G7_TheScenariosUnitHasItsOwnAllowance) {
    // setup standard: S1 (artillery, ma 3 in the scenario; artillery has no allowance by type).
    add_scenarios();
    const Report r = check("game mp-test\nturn 1\nphase Blue movement\nmove S1 0123 0223 0323 0423\nmove S1 0423 0523\n");
    EXPECT_EQ(count_code(r, "movement-points"), 1) << dump(r);
    EXPECT_TRUE(has(r, "movement-points", 5));
    // A unit record that replaces it gives it its own, or none: then its type's, and artillery has none.
    const Report r2 = check("game mp-test\nunit S1 Blue artillery 2 at 0123\nturn 1\nphase Blue movement\nmove S1 0123 0223 0323 0423 0523 0623\n");
    EXPECT_EQ(count_code(r2, "movement-points"), 0) << dump(r2);
    EXPECT_TRUE(ruling_mentions(r2, "G7: movement points are not checked for 1 unit without a movement allowance: S1")) << dump(r2);
}

TEST(MovementPoints, G7_WithoutAnAllowanceAUnitIsNotCheckedAndTheReportSaysSoOnce) {
    const Report r = check(game("unit A Blue artillery 2 at 0101\nunit B Blue train 0 at 0103\nunit I Blue infantry 3 at 0105\n",
                                "move A 0101 0201 0301 0401 0501 0601 0701\nmove A 0701 0801\nmove B 0103 0203\nturn 2\nphase Blue movement\n"
                                "move A 0801 0901\n"));
    EXPECT_EQ(count_code(r, "movement-points"), 0) << dump(r);
    int n = 0;
    for (const auto& s : r.rulings)
        if (s.rfind("G7", 0) == 0) ++n;
    EXPECT_EQ(n, 1) << dump(r);
    // The units that moved, in the order they first did; I never moved.
    EXPECT_TRUE(ruling_mentions(r, "G7: movement points are not checked for 2 units without a movement allowance: A, B (")) << dump(r);
}

TEST(MovementPoints, G7_ANegativeMaIsABadCount) {
    const Report r = check(game("unit I Blue infantry 3 at 0103 ma -1\n", ""));
    EXPECT_TRUE(has(r, "bad-count", 3)) << dump(r);
    EXPECT_TRUE(contains(find(r, "bad-count")->message, "movement allowance -1 is negative"));
}

TEST(MovementPoints, G7_AHugeMaNeitherOverflowsNorAccuses) {
    std::string path = "0103";
    for (int c = 2; c <= 25; ++c) path += fmt::format(" {:02d}03", c);
    const Report r = check(game("unit I Blue infantry 3 at 0103 ma 9223372036854775807\n", "move I " + path + "\nmove I 2503 0103\n"));
    EXPECT_EQ(count_code(r, "movement-points"), 0) << dump(r);
}

// --- what each location entered costs ---------------------------------------------------------------

TEST(MovementPoints, G7_TerrainAndHexsidesAreAddedUp) {
    // Row 05: 0205 clear 1, 0305 woods 2, 0405 clear 1 (4 of 4); 0505 is clear across the stream: 1 + 2.
    const Report r = check(game("unit I Blue infantry 3 at 0105\n", "move I 0105 0205 0305 0405\nmove I 0405 0505\n"));
    ASSERT_EQ(count_code(r, "movement-points"), 1) << dump(r);
    EXPECT_EQ(mp(r)->line, 7u);
    EXPECT_TRUE(contains(mp(r)->message, "spends 7 MP")) << mp(r)->message;
    EXPECT_TRUE(contains(mp(r)->message, "on entering 0505 (clear across a stream hexside, 3 MP)")) << mp(r)->message;
}

TEST(MovementPoints, G7_AFordHexside) {
    // 0505 to 0605 across the ford: 1 + 1; then 0705 and 0805: 4 of 4; 0905 passes it.
    const Report r = check(game("unit I Blue infantry 3 at 0505\n", "move I 0505 0605 0705 0805\nmove I 0805 0905\n"));
    ASSERT_EQ(count_code(r, "movement-points"), 1) << dump(r);
    EXPECT_EQ(mp(r)->line, 7u);
    EXPECT_EQ(count_code(check(game("unit I Blue infantry 3 at 0605\n", "move I 0605 0505 0506\n")), "movement-points"), 0)
        << "the other way: 2 + 1";
}

TEST(MovementPoints, G7_HalvesAreExact) {
    // The town: 1/2 a hex. 0120 to 0920 is 8 hexes, 4 MP; 1020 makes 4 1/2.
    const Report ok = check(game("unit I Blue infantry 3 at 0120\n", "move I 0120 0220 0320 0420 0520 0620 0720 0820 0920\n"));
    EXPECT_EQ(count_code(ok, "movement-points"), 0) << dump(ok);
    const Report r = check(game("unit I Blue infantry 3 at 0120\n", "move I 0120 0220 0320 0420 0520 0620 0720 0820 0920 1020\n"));
    ASSERT_EQ(count_code(r, "movement-points"), 1) << dump(r);
    EXPECT_TRUE(contains(mp(r)->message, "spends 4 1/2 MP")) << mp(r)->message;
    EXPECT_TRUE(contains(mp(r)->message, "(town, 1/2 MP)")) << mp(r)->message;
}

TEST(MovementPoints, G7_ARoadCostsItsRoadCostThroughWoodsAndOverAStream) {
    // The Pike: 1/2 a hex, through the woods at 0310 and over the stream between 0410 and 0510.
    // 0110 to 0910: 8 x 1/2 = 4; on to 1010: 4 1/2.
    const Report ok = check(game("unit I Blue infantry 3 at 0110\n", "move I 0110 0210 0310 0410 0510 0610 0710 0810 0910\n"));
    EXPECT_EQ(count_code(ok, "movement-points"), 0) << dump(ok);
    const Report r = check(game("unit I Blue infantry 3 at 0110\n", "move I 0110 0210 0310 0410 0510 0610 0710 0810 0910 1010\n"));
    ASSERT_EQ(count_code(r, "movement-points"), 1) << dump(r);
    EXPECT_TRUE(contains(mp(r)->message, "on entering 1010 (along a road, 1/2 MP)")) << mp(r)->message;
    // Off the road, the woods cost 2: 0209 to 0310 is not a step along it.
    // 0310 (woods) 2, on by the Pike to 0410 1/2, then 0411 and 0412 (clear) 1 each: 4 1/2.
    const Report off = check(game("unit I Blue infantry 3 at 0209\n", "move I 0209 0310 0410 0411 0412\n"));
    ASSERT_EQ(count_code(off, "movement-points"), 1) << dump(off);
    EXPECT_TRUE(contains(mp(off)->message, "spends 4 1/2 MP")) << mp(off)->message;
    EXPECT_TRUE(contains(mp(off)->message, "on entering 0412 (clear, 1 MP)")) << mp(off)->message;
    const Report woods = check(game("unit I Blue infantry 3 at 0209 ma 1\n", "move I 0209 0310\n"));
    ASSERT_EQ(count_code(woods, "movement-points"), 1) << dump(woods);
    EXPECT_TRUE(contains(mp(woods)->message, "on entering 0310 (woods, 2 MP)")) << mp(woods)->message;
}

TEST(MovementPoints, G7_ATrailCostsItsTrailCostWhereThatIsCheaper) {
    // The Lane: 1 a hex, through the woods at 0315 and 0415 (2 each off the trail). 0115 to 0415:
    // 3; 0515 (clear, off the trail's end) makes 4; 0615 passes.
    const Report r = check(game("unit I Blue infantry 3 at 0115\n", "move I 0115 0215 0315 0415 0515 0615\n"));
    ASSERT_EQ(count_code(r, "movement-points"), 1) << dump(r);
    EXPECT_TRUE(contains(mp(r)->message, "spends 5 MP")) << mp(r)->message;
    const Report t = check(game("unit I Blue infantry 3 at 0215\n", "move I 0215 0315 0415 0515 0615 0715\n"));
    ASSERT_EQ(count_code(t, "movement-points"), 1) << dump(t);
    EXPECT_TRUE(contains(mp(t)->message, "spends 5 MP")) << mp(t)->message;
    const Report w = check(game("unit I Blue infantry 3 at 0215\n", "move I 0215 0315 0415\nmove I 0415 0515 0615\nmove I 0615 0715\n"));
    ASSERT_EQ(count_code(w, "movement-points"), 1) << dump(w);
    EXPECT_EQ(mp(w)->line, 8u);
    EXPECT_TRUE(contains(mp(w)->message, "entering 0715 (clear, 1 MP)")) << mp(w)->message;
    const Report trail = check(game("unit I Blue infantry 3 at 0215 ma 1\n", "move I 0215 0315 0415\n"));
    ASSERT_EQ(count_code(trail, "movement-points"), 1) << dump(trail);
    EXPECT_TRUE(contains(mp(trail)->message, "spends 2 MP")) << mp(trail)->message;
    EXPECT_TRUE(contains(mp(trail)->message, "on entering 0415 (along a trail, 1 MP)")) << mp(trail)->message;
    const Report along = check(game("unit I Blue infantry 3 at 0115\n", "move I 0115 0215 0315 0415 0515\nmove I 0515 0615\n"));
    ASSERT_EQ(count_code(along, "movement-points"), 1) << dump(along);
    EXPECT_EQ(mp(along)->line, 7u);
}

// --- a phase: every record of the unit's own movement phase, and only those -----------------------

TEST(MovementPoints, G7_TheCostsOfAPhaseAreSummedOverItsRecords) {
    const Report r = check(game("unit I Blue infantry 3 at 0103\n", "move I 0103 0203\nmove I 0203 0303 0403\nmove I 0403 0503\nmove I 0503 0603\n"
                                                                   "move I 0603 0703\n"));
    // 1, 2 more (3), 1 more (4), 1 more (5: line 9). Once a phase: line 10 is not reported again.
    ASSERT_EQ(count_code(r, "movement-points"), 1) << dump(r);
    EXPECT_EQ(mp(r)->line, 9u);
    EXPECT_TRUE(contains(mp(r)->message, "spends 5 MP")) << mp(r)->message;
}

TEST(MovementPoints, G7_ANewMovementPhaseStartsAfresh) {
    const Report r = check(game("unit I Blue infantry 3 at 0103\n", "move I 0103 0203 0303 0403 0503\nturn 2\nphase Blue movement\n"
                                                                   "move I 0503 0603 0703 0803 0903\n"));
    EXPECT_EQ(count_code(r, "movement-points"), 0) << dump(r);
}

TEST(MovementPoints, G7_OnlyTheUnitsOwnMovementPhaseCounts) {
    // Blue moves 4 in its movement phase; its advance in the combat phase and a move in Red's
    // movement phase (not-phasing) cost nothing under G7.
    const Report r = check(game("unit I Blue infantry 3 at 0103\nunit E Red infantry 1 at 0110\n",
                                "move I 0103 0203 0303 0403 0503\nphase Blue combat\nadvance I 0503 0603\nphase Red movement\n"
                                "move I 0603 0703\nmove E 0110 0111\n"));
    EXPECT_EQ(count_code(r, "movement-points"), 0) << dump(r);
    EXPECT_EQ(count_code(r, "not-phasing"), 1) << dump(r);
}

// --- paths that skip hexes ------------------------------------------------------------------------

TEST(MovementPoints, G7_APathThatSkipsHexesCostsItsCheapestRoute) {
    // Cavalry, 8 MP. 0102 to 0902 along row 02 (all clear): 8 hexes at least, 8 MP: allowed,
    // and the gap is its own warning. 1002 is a ninth.
    const Report ok = check(game("unit C Blue cavalry 2 at 0102\n", "move C 0102 0902\n"));
    EXPECT_EQ(count_code(ok, "movement-points"), 0) << dump(ok);
    EXPECT_EQ(count_code(ok, "path-gap"), 1) << dump(ok);
    const Report r = check(game("unit C Blue cavalry 2 at 0102\n", "move C 0102 0502 1002\n"));
    ASSERT_EQ(count_code(r, "movement-points"), 1) << dump(r);
    EXPECT_TRUE(contains(mp(r)->message, "spends 9 MP")) << mp(r)->message;
    EXPECT_TRUE(contains(mp(r)->message, "on entering 1002 (not next to 0502: the cheapest route there costs 5 MP)")) << mp(r)->message;
}

TEST(MovementPoints, G7_TheCheapestRouteTakesTheRoad) {
    // 0110 to 0910 by the Pike: 4 MP, where the hexes beside it cost 1 each (and 0310 is woods).
    EXPECT_EQ(count_code(check(game("unit I Blue infantry 3 at 0110\n", "move I 0110 0910\n")), "movement-points"), 0);
    const Report r = check(game("unit I Blue infantry 3 at 0110\n", "move I 0110 1010\n"));
    ASSERT_EQ(count_code(r, "movement-points"), 1) << dump(r);
    EXPECT_TRUE(contains(mp(r)->message, "the cheapest route there costs 4 1/2 MP")) << mp(r)->message;
}

// --- entering and leaving the map ----------------------------------------------------------------

TEST(MovementPoints, Rule_14_32_EnteringTheMapCostsWhatTheRulesSay) {
    // enter-cost 1 (rule 9.1 here, as 14.32 in Cemetery Hill): 1, then 0205 and 0305 (1 + 2): 4 of 4.
    const Report ok = check(game("unit N Blue infantry 3\n", "enter N 0105\nmove N 0105 0205 0305\n"));
    EXPECT_EQ(count_code(ok, "movement-points"), 0) << dump(ok);
    const Report r = check(game("unit N Blue infantry 3\n", "enter N 0105\nmove N 0105 0205 0305 0405\n"));
    ASSERT_EQ(count_code(r, "movement-points"), 1) << dump(r);
    EXPECT_EQ(mp(r)->line, 7u);
    // An entry that itself passes the allowance cites the entry's rule.
    const Report e = check(game("unit N Blue infantry 3 ma 0\n", "enter N 0305\n"));
    ASSERT_EQ(count_code(e, "movement-points"), 1) << dump(e);
    EXPECT_EQ(mp(e)->rule, "9.1");
    EXPECT_TRUE(contains(mp(e)->message, "on entering the map at 0305 (1 MP, 9.1)")) << mp(e)->message;
}

TEST(MovementPoints, G7_WhereTheRulesGiveNoEntryCostTheEntryHexsTerrainIsPaid) {
    // mp-free: entering at 0305 (woods) costs 2, at 0110 (where the Pike comes onto the map) 1/2.
    const Report woods = check(game("unit N Blue infantry 3\n", "enter N 0305\nmove N 0305 0405 0406\n", "mp-free"));
    EXPECT_EQ(count_code(woods, "movement-points"), 0) << dump(woods);
    const Report over = check(game("unit N Blue infantry 3\n", "enter N 0305\nmove N 0305 0405 0406 0407\n", "mp-free"));
    ASSERT_EQ(count_code(over, "movement-points"), 1) << dump(over);
    EXPECT_TRUE(contains(mp(over)->message, "spends 5 MP")) << mp(over)->message;
    const Report road = check(game("unit N Blue infantry 3 ma 0\n", "enter N 0110\n", "mp-free"));
    ASSERT_EQ(count_code(road, "movement-points"), 1) << dump(road);
    EXPECT_TRUE(contains(mp(road)->message, "on entering the map at 0110 (1/2 MP)")) << mp(road)->message;
    EXPECT_EQ(mp(road)->rule, "G7");
}

TEST(MovementPoints, Rule_17_3_LeavingTheMapCostsWhatTheRulesSay) {
    // 2105 to 2505: 4 of 4; the exit (exit-cost 1, rule 9.2 here as 17.3 and 14.4) passes it.
    const Report r = check(game("unit I Blue infantry 3 at 2105\n", "move I 2105 2205 2305 2405 2505\nexit I 2505\n"));
    ASSERT_EQ(count_code(r, "movement-points"), 1) << dump(r);
    EXPECT_EQ(mp(r)->line, 7u);
    EXPECT_EQ(mp(r)->rule, "9.2");
    EXPECT_EQ(mp(r)->message,
              "I spends 5 MP in game-turn 1, Blue movement, more than its movement allowance of 4 (G7): it passes the allowance on "
              "leaving the map at 2505 (1 MP, 9.2)");
    // The exit breaks no exit rule: it scores (docs/decisions.md).
    EXPECT_EQ(item(r, "Blue", "9.4"), 3) << dump(r);
    // Where the rules give leaving the map no cost, it costs nothing.
    EXPECT_EQ(count_code(check(game("unit I Blue infantry 3 at 2105\n", "move I 2105 2205 2305 2405 2505\nexit I 2505\n", "mp-free")),
                         "movement-points"),
              0);
}

// --- the order of findings on one record (docs/engine.md) ----------------------------------------

TEST(MovementPoints, G7_ComesAfterTheZoneOfControlOnAMove) {
    // R at 1408 controls 1308 and 1309 (and more). I enters 1308 and moves on: zoc, then 5 MP of 4.
    const Report r = check(game("unit I Blue infantry 3 at 0908\nunit R Red infantry 3 at 1408\n", "move I 0908 1008 1108 1208 1308 1309\n"));
    ASSERT_EQ(r.violations.size(), 3u) << dump(r);
    EXPECT_EQ(r.violations[0].code, "zoc");
    EXPECT_EQ(r.violations[1].code, "movement-points");
    EXPECT_EQ(r.violations[2].code, "incomplete");
    EXPECT_EQ(r.violations[0].line, 7u);
    EXPECT_EQ(r.violations[1].line, 7u);
}

// --- where movement points are not checked --------------------------------------------------------

TEST(MovementPoints, G7_AScenarioWithoutTerrainChecksNothingAndSaysSoOnce) {
    // Marye's Heights has no terrain: a 20-hex move with an allowance of 4 is not a violation.
    std::string path = "0103";
    for (int c = 2; c <= 21; ++c) path += fmt::format(" {:02d}03", c);
    const Report r = check("game maryes-heights\nsetup custom\nunit I Union infantry 3 at 0103 ma 4\nturn 1\nphase Union movement\nmove I " +
                           path + "\nexit I 2103\n");
    EXPECT_EQ(count_code(r, "movement-points"), 0) << dump(r);
    int n = 0;
    for (const auto& s : r.rulings)
        if (s.find("G7") != std::string::npos) ++n;
    EXPECT_EQ(n, 1) << dump(r);
    EXPECT_TRUE(ruling_mentions(r, "G7: movement points are not checked: Marye's Heights gives no terrain costs")) << dump(r);
}

TEST(MovementPoints, Rule_14_6_IsNamedAsNotModelledWhereTheCreekIsNotKnown) {
    const Report ch = check("game cemetery-hill\nsetup custom\nturn 1\n");
    EXPECT_TRUE(ruling_mentions(ch, "G7: movement points are not checked: Cemetery Hill gives no terrain costs")) << dump(ch);
    EXPECT_TRUE(ruling_mentions(ch, "; 14.6 not modelled: the creek")) << dump(ch);
    // With terrain but without the hexsides a rule needs: a line of its own for that rule.
    add_scenarios();
    const Report r = check("game mp-needs\nsetup custom\nturn 1\n");
    EXPECT_TRUE(ruling_mentions(r, "9.6 not modelled: the brook (the scenario's terrain has no 'creek' hexsides)")) << dump(r);
    EXPECT_FALSE(ruling_mentions(r, "9.7")) << "the ford hexsides are there: " << dump(r);
    EXPECT_FALSE(ruling_mentions(r, "G7: movement points are not checked:")) << dump(r);
}

TEST(MovementPoints, G7_DoesNotApplyToAreaGames) {
    const Report r = check("game liberty-or-death-1775\nturn 1\nphase victory-check\n");
    EXPECT_FALSE(ruling_mentions(r, "G7")) << dump(r);
}
