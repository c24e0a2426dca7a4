// Road to Richmond and Cemetery Hill, clause by clause. Test names carry the rule number they
// check (underscores for dots: Rule_14_51 is 14.51). Traces use the test map data of
// samples/scenarios/*-test.xml (scenario files that extend the built-ins with invented roads);
// the built-ins, which have no roads, show that a trace without map data is not scored.
#include "check.hpp"
#include "report_matchers.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

using namespace referee;
using namespace referee::testing_support;

namespace {

const std::string kRtrTest = std::string(REFEREE_SOURCE_DIR) + "/samples/scenarios/road-to-richmond-test.xml";
const std::string kChTest = std::string(REFEREE_SOURCE_DIR) + "/samples/scenarios/cemetery-hill-test.xml";

Report check(const std::string& log, const std::string& scenario = "") {
    CheckOptions o;
    o.scenario = scenario;
    return check_text(log, "test.log", o);
}
std::string dump(const Report& r) {
    std::string s;
    for (const auto& v : r.violations) s += " [" + v.code + "@" + std::to_string(v.line) + ": " + v.message + "]";
    for (const auto& sc : r.scores)
        for (const auto& it : sc.items) s += " {" + sc.side + " " + it.rule + " " + std::to_string(it.points) + " " + it.what + "}";
    for (const auto& n : r.rulings) s += " <" + n + ">";
    return s;
}
// Points of the items citing `rule` (0 when there is none).
std::int64_t item(const Report& r, const std::string& side, const std::string& rule) {
    std::int64_t n = 0;
    for (const auto& s : r.scores)
        if (s.side == side)
            for (const auto& it : s.items)
                if (it.rule == rule) n += it.points;
    return n;
}
bool ruling_mentions(const Report& r, const std::string& text) {
    return std::any_of(r.rulings.begin(), r.rulings.end(), [&](const std::string& s) { return s.find(text) != std::string::npos; });
}

// --- Road to Richmond -------------------------------------------------------------------------
// A one-turn game: the Confederate player-turn, then the Union's, then `end` (scored as at the
// game's end). `conf` and `uni` are the records of each side's movement phase.
std::string rtr(const std::string& units, const std::string& conf, const std::string& uni, const std::string& tail = "") {
    return "game road-to-richmond\nsetup custom\n" + units + "turn 1\nphase Confederate movement\n" + conf +
           "phase Union movement\n" + uni + tail + "end\n";
}
const std::string kTrain = "unit Train Union train 0 role train\n";

}  // namespace

TEST(RoadToRichmond, Rule_14_21_ConfederatesMoveFirst) {
    const Report r = check("game road-to-richmond\nturn 1\nphase Union movement\nphase Confederate movement\n");
    EXPECT_TRUE(has(r, "turn-order", 4)) << dump(r);
}

TEST(RoadToRichmond, Rule_14_22_TwentyTurnsWithNightTurns5And13) {
    std::string log = "game road-to-richmond\n";
    for (int t = 1; t <= 5; ++t) log += "turn " + std::to_string(t) + "\n";
    const Report r = check(log);
    ASSERT_FALSE(r.complete);
    bool night = false;
    for (const auto& v : r.violations)
        if (v.code == "incomplete") night = v.message.find("game-turn 5 (night)") != std::string::npos;
    EXPECT_TRUE(night) << dump(r);
    std::string all = "game road-to-richmond\n";
    for (int t = 1; t <= 21; ++t) all += "turn " + std::to_string(t) + "\n";
    EXPECT_TRUE(has(check(all), "turn-limit", 22));
}

TEST(RoadToRichmond, Rule_21_11_Item1_OnePointPerEnemyCombatSP) {
    const Report r = check(rtr("unit U Union infantry 5 at 1010\nunit C Confederate infantry 3 at 1212\n" + kTrain, "", "",
                               "phase Union combat\neliminate C\nlose U 2\n"));
    EXPECT_EQ(item(r, "Union", "21.11 item 1"), 3) << dump(r);
    EXPECT_EQ(item(r, "Confederate", "21.11 item 1"), 2) << dump(r);
}

TEST(RoadToRichmond, Rule_21_11_Item2_SupplyWagonEliminated_R1) {
    const std::string units = "unit W Union wagon 0 at 1010 role supply-wagon\nunit C Confederate infantry 3 at 1212\n" + kTrain;
    const Report r = check(rtr(units, "", "", "phase Union combat\neliminate W\n"));
    EXPECT_EQ(item(r, "Confederate", "21.11 item 2"), 10) << dump(r);
    EXPECT_EQ(item(r, "Confederate", "21.11 item 1"), 0) << "R1: no combat strength, only the bonus";
    const Report alive = check(rtr(units, "", ""));
    EXPECT_EQ(item(alive, "Confederate", "21.11 item 2"), 0);
}

TEST(RoadToRichmond, Rule_21_12_Item1_UnionUnitsExitedAt1528CountPerUnit) {
    const Report r = check(rtr("unit A Union infantry 5 at 1528\nunit B Union infantry 2 at 1528\n" + kTrain, "",
                               "exit A 1528\nexit B 1528\n"));
    EXPECT_EQ(item(r, "Union", "21.12 item 1"), 2) << dump(r);
}

TEST(RoadToRichmond, Rule_21_12_ExitPointsAreEndOfGameOnly) {
    const Report r = check("game road-to-richmond\nsetup custom\nunit A Union infantry 5 at 1528\n" + kTrain +
                           "turn 1\nphase Confederate movement\nphase Union movement\nexit A 1528\n");
    ASSERT_FALSE(r.complete);
    EXPECT_EQ(item(r, "Union", "21.12 item 1"), 0) << "provisional standing leaves end-of-game items out";
}

TEST(RoadToRichmond, Rule_21_12_Item2_And_Item3_TrainExitedAndLineOfCommunications) {
    const std::string units = "unit X Union infantry 5 at 0117\n" + kTrain;
    const std::string uni = "enter Train 1528\nexit Train 1528\nexit X 0117\n";
    const Report r = check(rtr(units, "", uni), kRtrTest);
    EXPECT_EQ(item(r, "Union", "21.12 item 2"), 5) << dump(r);
    EXPECT_EQ(item(r, "Union", "21.12 item 3"), 5) << dump(r);
    EXPECT_EQ(item(r, "Union", "21.12 item 1"), 1) << "the Train is a Union unit exited at 1528";
    EXPECT_EQ(total(r, "Union"), 11);
    EXPECT_EQ(r.result.winner, std::optional<std::string>("Union"));
}

TEST(RoadToRichmond, Rule_21_21_R2_LineCutByOneEnemyUnitOnTheRoad) {
    // 1525 is on the only road from the 1522 junction to 1528.
    const Report r = check(rtr("unit X Union infantry 5 at 0117\nunit C Confederate infantry 1 at 1525\n" + kTrain, "",
                               "enter Train 1528\nexit Train 1528\nexit X 0117\n"),
                           kRtrTest);
    EXPECT_EQ(item(r, "Union", "21.12 item 2"), 0) << dump(r);
    EXPECT_EQ(item(r, "Union", "21.12 item 3"), 5);
}

TEST(RoadToRichmond, Rule_21_21_R2_LineNotCutByAZoneOfControl) {
    // 1625 stands beside the road (1525 and 1526 are in its zone of control) but on no road hex.
    const Report r = check(rtr("unit X Union infantry 5 at 0117\nunit C Confederate infantry 4 at 1625\n" + kTrain, "",
                               "enter Train 1528\nexit Train 1528\nexit X 0117\n"),
                           kRtrTest);
    EXPECT_EQ(item(r, "Union", "21.12 item 2"), 5) << dump(r);
}

TEST(RoadToRichmond, Rule_21_21_R2_TrailsConnectAtJunctions) {
    // 1217 blocks the River Road; the Swamp Trail goes round it (junctions 0817 and 1522).
    const Report r = check(rtr("unit X Union infantry 5 at 0117\nunit C Confederate infantry 4 at 1217\n" + kTrain, "",
                               "enter Train 1528\nexit Train 1528\nexit X 0117\n"),
                           kRtrTest);
    EXPECT_EQ(item(r, "Union", "21.12 item 2"), 5) << dump(r);
    // Block the trail as well: no line.
    const Report cut = check(rtr("unit X Union infantry 5 at 0117\nunit C Confederate infantry 4 at 1217\n"
                                 "unit D Confederate infantry 1 at 0820\n" + kTrain, "",
                                 "enter Train 1528\nexit Train 1528\nexit X 0117\n"),
                             kRtrTest);
    EXPECT_EQ(item(cut, "Union", "21.12 item 2"), 0) << dump(cut);
}

TEST(RoadToRichmond, Rule_21_21_WithoutRoadDataTheLineIsNotScoredAndTheReportSaysSo) {
    const Report r = check(rtr("unit X Union infantry 5 at 0117\n" + kTrain, "", "enter Train 1528\nexit Train 1528\nexit X 0117\n"));
    EXPECT_EQ(item(r, "Union", "21.12 item 2"), 0) << dump(r);
    EXPECT_TRUE(ruling_mentions(r, "21.12 item 2")) << dump(r);
    EXPECT_TRUE(ruling_mentions(r, "no road data")) << dump(r);
}

TEST(RoadToRichmond, Rule_21_12_Item4_ConfederateExitsWithTrainExitedAndConfederateLine) {
    const std::string units = "unit C Confederate infantry 4 at 1528\n" + kTrain;
    const Report r = check(rtr(units, "exit C 1528\n", "enter Train 1528\nexit Train 1528\n"), kRtrTest);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 4"), 8) << dump(r);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 5"), 0);
    // A Union unit on the River Road south of the junction cuts the Confederate line.
    const Report cut = check(rtr(units + "unit U Union infantry 3 at 1524\n", "exit C 1528\n", "enter Train 1528\nexit Train 1528\n"),
                             kRtrTest);
    EXPECT_EQ(item(cut, "Confederate", "21.12 item 4"), 0) << dump(cut);
}

TEST(RoadToRichmond, Rule_21_12_Item5_TrainEliminated) {
    const std::string units = "unit C Confederate infantry 4 at 1528\nunit Train Union train 0 at 1010 role train\n";
    const Report r = check(rtr(units, "exit C 1528\n", "", "phase Union combat\neliminate Train\n"), kRtrTest);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 5"), 4) << dump(r);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 6"), 0) << "it did enter the map";
    EXPECT_EQ(item(r, "Confederate", "21.12 item 4"), 0);
}

TEST(RoadToRichmond, Rule_21_12_Item5_And_Item6_TrainNeverEntered) {
    const Report r = check(rtr("unit C Confederate infantry 4 at 1528\n" + kTrain, "exit C 1528\n", ""), kRtrTest);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 5"), 4) << dump(r);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 6"), 20) << dump(r);
}

TEST(RoadToRichmond, Rule_21_12_Item6_NotWhenTheTrainExitedAt1528) {
    const Report r = check(rtr(kTrain, "", "enter Train 1528\nexit Train 1528\n"), kRtrTest);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 6"), 0) << dump(r);
    EXPECT_EQ(item(r, "Union", "21.12 item 3"), 5) << dump(r);
}

TEST(RoadToRichmond, Rule_21_12_TrainExitedElsewhereIsNeitherExitedAt1528NorNeverEntered) {
    const Report r = check(rtr("unit C Confederate infantry 4 at 1528\n" + kTrain, "exit C 1528\n", "enter Train 0117\nexit Train 0117\n"),
                           kRtrTest);
    EXPECT_EQ(item(r, "Union", "21.12 item 3"), 0) << dump(r);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 4"), 0);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 5"), 0);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 6"), 0);
}

TEST(RoadToRichmond, Rule_21_22_R3_TenHexesToARoadLeavingAt1528Or2426) {
    // 0107 is exactly ten steps from 0117 (River Road, which leaves at 1528); 0106 is eleven.
    const Report r = check(rtr("unit Near Union infantry 3 at 0107\nunit Far Union infantry 4 at 0106\n" + kTrain, "", ""), kRtrTest);
    EXPECT_EQ(item(r, "Confederate", "21.22"), 4) << dump(r);
}

TEST(RoadToRichmond, Rule_21_22_R3_ThePathMayNotEnterAConfederateUnit) {
    // A Confederate unit on 0112 makes the detour eleven steps long.
    const Report r = check(rtr("unit Near Union infantry 3 at 0107\nunit C Confederate infantry 1 at 0112\n" + kTrain, "", ""), kRtrTest);
    EXPECT_EQ(item(r, "Confederate", "21.22"), 3) << dump(r);
}

TEST(RoadToRichmond, Rule_21_22_R3_EnemyZonesOfControlDoNotBlock) {
    // A Confederate unit at 0211 controls 0111 and 0112 but blocks nothing.
    const Report r = check(rtr("unit Near Union infantry 3 at 0107\nunit C Confederate infantry 1 at 0211\n" + kTrain, "", ""), kRtrTest);
    EXPECT_EQ(item(r, "Confederate", "21.22"), 0) << dump(r);
}

TEST(RoadToRichmond, Rule_21_22_R3_OnlyWhenTheTrainNeverEntered) {
    const Report r = check(rtr("unit Far Union infantry 4 at 0106\n" + kTrain, "", "enter Train 1528\n"), kRtrTest);
    EXPECT_EQ(item(r, "Confederate", "21.22"), 0) << dump(r);
}

TEST(RoadToRichmond, Rule_21_22_R3_ReinforcementsThatNeverEnteredAreLeftOut) {
    const Report r = check(rtr("unit Late Union infantry 6 enters 3 at 2426\n" + kTrain, "", ""), kRtrTest);
    EXPECT_EQ(item(r, "Confederate", "21.22"), 0) << dump(r);
}

TEST(RoadToRichmond, Rule_21_22_WithoutRoadDataNotScoredAndSaid) {
    const Report r = check(rtr("unit Far Union infantry 4 at 0106\n" + kTrain, "", ""));
    EXPECT_EQ(item(r, "Confederate", "21.22"), 0) << dump(r);
    EXPECT_TRUE(ruling_mentions(r, "21.22")) << dump(r);
}

TEST(RoadToRichmond, Rule_R1_NoTrainInTheGameCountsAsNeverEntered) {
    const Report r = check(rtr("unit C Confederate infantry 4 at 1528\n", "exit C 1528\n", ""), kRtrTest);
    EXPECT_EQ(item(r, "Confederate", "21.12 item 6"), 20) << dump(r);
    EXPECT_TRUE(ruling_mentions(r, "no unit has role train")) << dump(r);
}

TEST(RoadToRichmond, Rule_R4_EqualTotalsAreADraw) {
    const Report r = check(rtr("unit U Union infantry 2 at 1010\nunit C Confederate infantry 2 at 1212\n"
                               "unit Train Union train 0 at 1111 role train\n",
                               "", "", "phase Union combat\neliminate C\neliminate U\n"));
    ASSERT_EQ(total(r, "Union"), total(r, "Confederate")) << dump(r);
    EXPECT_EQ(r.result.winner, std::optional<std::string>("draw"));
}

TEST(RoadToRichmond, BuiltInOrderOfBattleHasTheUnion19AndTheTwoRoles) {
    // setup standard: 1/2/IV stands at 1726; the Train and the Wagon are off the map.
    const Report r = check("game road-to-richmond\nturn 1\nphase Confederate movement\nphase Union movement\n"
                           "move 1/2/IV 1726 1725\nenter Train 2426\nmove S 0410 0411\nend\n");
    EXPECT_EQ(count_code(r, "unknown-unit"), 0) << dump(r);
    EXPECT_EQ(count_code(r, "not-on-map"), 0) << dump(r);
    EXPECT_EQ(count_code(r, "path-start"), 0) << dump(r);
}

// --- Cemetery Hill ----------------------------------------------------------------------------
namespace {
// The whole game: turn 1 (Confederates only), turns 2-15 with both player-turns. `at(t, side)`
// gives the records of that side's movement phase in turn t; `combat(t, side)` of its combat phase.
template <class F, class G>
std::string ch_game(const std::string& units, F move, G combat, int last = 15) {
    std::string s = "game cemetery-hill\nsetup custom\n" + units;
    for (int t = 1; t <= last; ++t) {
        s += "turn " + std::to_string(t) + "\n";
        if (t > 1) s += "phase Union movement\n" + move(t, "Union") + "phase Union combat\n" + combat(t, "Union");
        s += "phase Confederate movement\n" + move(t, "Confederate") + "phase Confederate combat\n" + combat(t, "Confederate");
    }
    return s;
}
auto nothing = [](int, const std::string&) { return std::string(); };

// Union and Confederate totals from eliminations only: a Union SP lost, b Confederate SP lost.
Report ch_ratio(int union_sp_lost, int conf_sp_lost) {
    std::string units;
    if (union_sp_lost) units += "unit U Union infantry " + std::to_string(union_sp_lost) + " at 1010\n";
    if (conf_sp_lost) units += "unit C Confederate infantry " + std::to_string(conf_sp_lost) + " at 1212\n";
    auto combat = [&](int t, const std::string& side) {
        if (t != 2 || side != "Union") return std::string();
        return std::string(union_sp_lost ? "eliminate U\n" : "") + (conf_sp_lost ? "eliminate C\n" : "");
    };
    return check(ch_game(units, nothing, combat));
}
}  // namespace

TEST(CemeteryHill, Rule_14_1_C1_NoUnionPlayerTurnOnTurnOne) {
    const Report r = check("game cemetery-hill\nturn 1\nphase Union movement\n");
    EXPECT_TRUE(has(r, "turn-order", 3)) << dump(r);
    const Report ok = check("game cemetery-hill\nturn 1\nphase Confederate movement\nturn 2\nphase Union movement\n");
    EXPECT_EQ(count_code(ok, "turn-order"), 0) << dump(ok);
}

TEST(CemeteryHill, Rule_14_1_FifteenTurns) {
    const Report r = check(ch_game("", nothing, nothing));
    EXPECT_TRUE(r.complete) << dump(r);
    EXPECT_EQ(r.result.decided, std::optional<std::string>("end of game-turn 15"));
}

TEST(CemeteryHill, Rule_14_51_And_14_52_EliminationPoints) {
    const Report r = ch_ratio(4, 5);
    EXPECT_EQ(item(r, "Confederate", "14.51"), 8) << dump(r);
    EXPECT_EQ(item(r, "Union", "14.52"), 15) << dump(r);
}

TEST(CemeteryHill, Rule_14_5_C2_ExactlyThreeToTwoIsUnionSubstantive) {
    const Report r = ch_ratio(2, 2);  // Union 6, Confederate 4
    ASSERT_EQ(total(r, "Union"), 6);
    ASSERT_EQ(total(r, "Confederate"), 4);
    EXPECT_EQ(r.result.winner, std::optional<std::string>("Union"));
    EXPECT_EQ(r.result.level, std::optional<std::string>("Substantive"));
}

TEST(CemeteryHill, Rule_14_5_C2_ExactlyTwoToThreeIsConfederateSubstantive) {
    const Report r = ch_ratio(9, 4);  // Union 12, Confederate 18
    ASSERT_EQ(total(r, "Union"), 12);
    ASSERT_EQ(total(r, "Confederate"), 18);
    EXPECT_EQ(r.result.winner, std::optional<std::string>("Confederate"));
    EXPECT_EQ(r.result.level, std::optional<std::string>("Substantive"));
}

TEST(CemeteryHill, Rule_14_5_C2_ExactlyOneToTwoIsConfederateDecisive) {
    const Report r = ch_ratio(3, 1);  // Union 3, Confederate 6
    ASSERT_EQ(total(r, "Union"), 3);
    ASSERT_EQ(total(r, "Confederate"), 6);
    EXPECT_EQ(r.result.winner, std::optional<std::string>("Confederate"));
    EXPECT_EQ(r.result.level, std::optional<std::string>("Decisive"));
}

TEST(CemeteryHill, Rule_14_5_C2_BothZeroIsConfederateMarginal) {
    const Report r = ch_ratio(0, 0);
    EXPECT_EQ(r.result.winner, std::optional<std::string>("Confederate"));
    EXPECT_EQ(r.result.level, std::optional<std::string>("Marginal"));
}

TEST(CemeteryHill, Rule_14_5_C2_ConfederateZeroIsUnionDecisive) {
    const Report r = ch_ratio(0, 1);  // Union 3, Confederate 0
    EXPECT_EQ(r.result.winner, std::optional<std::string>("Union"));
    EXPECT_EQ(r.result.level, std::optional<std::string>("Decisive"));
}

TEST(CemeteryHill, Rule_14_5_C2_EqualIsConfederateMarginal_AboveIsUnionMarginal) {
    const Report eq = ch_ratio(3, 2);  // 6 : 6
    EXPECT_EQ(eq.result.winner, std::optional<std::string>("Confederate"));
    EXPECT_EQ(eq.result.level, std::optional<std::string>("Marginal"));
    const Report up = ch_ratio(4, 3);  // 9 : 8
    EXPECT_EQ(up.result.winner, std::optional<std::string>("Union"));
    EXPECT_EQ(up.result.level, std::optional<std::string>("Marginal"));
    const Report two = ch_ratio(3, 4);  // 12 : 6, exactly 2:1
    EXPECT_EQ(two.result.level, std::optional<std::string>("Decisive"));
}

TEST(CemeteryHill, Rule_14_5_ClaimOfTheLevelIsChecked) {
    std::string log = ch_game("unit U Union infantry 2 at 1010\nunit C Confederate infantry 2 at 1212\n", nothing,
                              [](int t, const std::string& s) { return t == 2 && s == "Union" ? std::string("eliminate U\neliminate C\n") : std::string(); });
    const Report r = check(log + "claim winner Union Decisive\n");
    EXPECT_EQ(count_code(r, "claim-mismatch"), 1) << dump(r);
    const Report ok = check(log + "claim winner Union Substantive\n");
    EXPECT_EQ(count_code(ok, "claim-mismatch"), 0) << dump(ok);
}

TEST(CemeteryHill, Rule_14_4_OnlyCavalryExits_FromTheEastOrSouthEdge) {
    const std::string units = "unit Cav Union cavalry 2 at 2110\nunit Inf Union infantry 4 at 2111\nunit Cav2 Union cavalry 2 at 0110\n"
                              "unit Cav3 Union cavalry 1 at 1127\n";
    auto move = [](int t, const std::string& s) {
        return t == 2 && s == "Union" ? std::string("exit Cav 2110\nexit Inf 2111\nexit Cav2 0110\nexit Cav3 1127\n") : std::string();
    };
    const Report r = check(ch_game(units, move, nothing, 2));
    // lines: 1 game, 2 setup, 3-6 units, 7 turn 1, 8-9 Confederate phases, 10 turn 2, 11 phase, 12-15 exits
    EXPECT_EQ(count_code(r, "exit-unit-type"), 1) << dump(r);
    EXPECT_TRUE(has(r, "exit-unit-type", 13)) << dump(r);
    EXPECT_EQ(count_code(r, "exit-location"), 1) << dump(r);
    EXPECT_TRUE(has(r, "exit-location", 14)) << dump(r);
}

TEST(CemeteryHill, Rule_14_4_C5_NoRetreatOffTheMap) {
    const std::string units = "unit U Union infantry 4 at 2110\nunit C Confederate infantry 2 at 1212\n";
    auto combat = [](int t, const std::string& s) { return t == 2 && s == "Union" ? std::string("retreat U 2110 off\n") : std::string(); };
    const Report r = check(ch_game(units, nothing, combat));
    EXPECT_EQ(count_code(r, "retreat-off-map"), 1) << dump(r);
    EXPECT_EQ(item(r, "Confederate", "14.51"), 8) << "treated as eliminated: 4 SP x2";
}

TEST(CemeteryHill, Rule_14_53_C4_TheSeedsExample) {
    // Three Confederate cavalry exit on turn 12, two Union cavalry on turn 13: 5 points at the end
    // of the Union player-turns of turns 13, 14 and 15.
    const std::string units = "unit CA Confederate cavalry 1 at 2101\nunit CB Confederate cavalry 1 at 2102\nunit CC Confederate cavalry 1 at 2103\n"
                              "unit UA Union cavalry 1 at 2120\nunit UB Union cavalry 1 at 2121\n";
    auto move = [](int t, const std::string& s) {
        if (t == 12 && s == "Confederate") return std::string("exit CA 2101\nexit CB 2102\nexit CC 2103\n");
        if (t == 13 && s == "Union") return std::string("exit UA 2120\nexit UB 2121\n");
        return std::string();
    };
    const Report r = check(ch_game(units, move, nothing));
    EXPECT_EQ(item(r, "Confederate", "14.53"), 15) << dump(r);
}

TEST(CemeteryHill, Rule_14_53_C4_ScoredEveryUnionPlayerTurnFromTurnTwo) {
    // One Confederate cavalry unit exits on turn 1: awarded at the end of turns 2..15 = 14 times.
    const std::string units = "unit CA Confederate cavalry 1 at 2101\n";
    auto move = [](int t, const std::string& s) { return t == 1 && s == "Confederate" ? std::string("exit CA 2101\n") : std::string(); };
    const Report r = check(ch_game(units, move, nothing));
    EXPECT_EQ(item(r, "Confederate", "14.53"), 70) << dump(r);
    // Even when a turn's phases are left out of the log (nothing happened), the award is made.
    std::string sparse = "game cemetery-hill\nsetup custom\n" + units + "turn 1\nphase Confederate movement\nexit CA 2101\n";
    for (int t = 2; t <= 15; ++t) sparse += "turn " + std::to_string(t) + "\n";
    sparse += "phase Confederate movement\n";
    const Report s = check(sparse);
    EXPECT_TRUE(s.complete) << dump(s);
    EXPECT_EQ(item(s, "Confederate", "14.53"), 70) << dump(s);
}

TEST(CemeteryHill, Rule_14_53_UnionCavalryExitsCancelConfederateOnes) {
    const std::string units = "unit CA Confederate cavalry 1 at 2101\nunit UA Union cavalry 1 at 2120\n";
    auto move = [](int t, const std::string& s) {
        if (t == 1 && s == "Confederate") return std::string("exit CA 2101\n");
        if (t == 2 && s == "Union") return std::string("exit UA 2120\n");
        return std::string();
    };
    const Report r = check(ch_game(units, move, nothing));
    EXPECT_EQ(item(r, "Confederate", "14.53"), 0) << dump(r);
}

TEST(CemeteryHill, Rule_14_51_C3_CutOffByZonesOfControl) {
    // The Confederate unit at 0202 controls 0102 and 0201, the only neighbours of 0101.
    const Report r = check(ch_game("unit U Union infantry 3 at 0101\nunit C Confederate infantry 2 at 0202\n", nothing, nothing), kChTest);
    EXPECT_EQ(item(r, "Confederate", "14.51"), 3) << dump(r);
}

TEST(CemeteryHill, Rule_14_51_C3_AFriendlyUnitOpensAnEnemyControlledHex) {
    // The same, with a Union unit standing in 0201: the trace goes 0101-0201-0301 and on east.
    const Report r = check(ch_game("unit U Union infantry 3 at 0101\nunit F Union infantry 1 at 0201\nunit C Confederate infantry 2 at 0202\n",
                                   nothing, nothing),
                           kChTest);
    EXPECT_EQ(item(r, "Confederate", "14.51"), 0) << dump(r);
}

TEST(CemeteryHill, Rule_14_52_C3_ConfederateTraceToTheWestEdge) {
    // A Confederate unit in the south-east corner, boxed in by a Union unit at 2026.
    const Report r = check(ch_game("unit C Confederate infantry 5 at 2127\nunit U Union infantry 2 at 2026\n", nothing, nothing), kChTest);
    std::int64_t p = item(r, "Union", "14.52");
    EXPECT_EQ(p, 5) << dump(r);
}

TEST(CemeteryHill, Rule_14_51_WithoutRoadDataNotScoredAndSaid) {
    const Report r = check(ch_game("unit U Union infantry 3 at 0101\nunit C Confederate infantry 2 at 0202\n", nothing, nothing));
    EXPECT_EQ(item(r, "Confederate", "14.51"), 0) << dump(r);
    EXPECT_TRUE(ruling_mentions(r, "14.51")) << dump(r);
    EXPECT_TRUE(ruling_mentions(r, "not scored")) << dump(r);
}

TEST(CemeteryHill, Rule_14_34_ReinforcementScheduleChecksDeclaredUnits) {
    const Report r = check("game cemetery-hill\nsetup custom\nunit R Union infantry 4 enters 2 at 0127\nunit Bad Union infantry 4 enters 3 at 0127\n");
    EXPECT_FALSE(has(r, "reinforcement-location", 3)) << dump(r);
    EXPECT_TRUE(has(r, "reinforcement-location", 4)) << dump(r);
}

namespace {
// A Union reinforcement due on turn 2 at 0127 enters where and when `entry` says (turn 2 or 3).
Report ch_entry(int turn, const std::string& hex, const std::string& scenario = kChTest) {
    const std::string units = "unit R Union infantry 4 enters 2 at 0127\nunit E Union infantry 2 enters 3 at 1127\n";
    auto move = [=](int t, const std::string& s) {
        return t == turn && s == "Union" ? "enter R " + hex + "\n" : std::string();
    };
    return check(ch_game(units, move, nothing, 3), scenario);
}
}  // namespace

TEST(CemeteryHill, Rule_14_33_C6_OnTimeAtTheScheduledHex) {
    const Report r = ch_entry(2, "0127");
    EXPECT_EQ(count_code(r, "reinforcement-location"), 0) << dump(r);
    EXPECT_EQ(count_code(r, "reinforcement-early"), 0) << dump(r);
}

TEST(CemeteryHill, Rule_14_33_C6_ElsewhereOnItsOwnTurnIsAViolation) {
    EXPECT_EQ(count_code(ch_entry(2, "1127"), "reinforcement-location"), 1);
}

TEST(CemeteryHill, Rule_14_33_C6_LaterAtAnotherSouthOrEastEdgeRoadHex) {
    const Report r = ch_entry(3, "1127");
    EXPECT_EQ(count_code(r, "reinforcement-location"), 0) << dump(r);
    EXPECT_EQ(count_code(ch_entry(3, "2120"), "reinforcement-location"), 0);
}

TEST(CemeteryHill, Rule_14_33_C6_LaterButNotOnARoad) {
    EXPECT_EQ(count_code(ch_entry(3, "0527"), "reinforcement-location"), 1);
}

TEST(CemeteryHill, Rule_14_33_C6_LaterButOnTheWrongEdge) {
    EXPECT_EQ(count_code(ch_entry(3, "0104"), "reinforcement-location"), 1);
}

TEST(CemeteryHill, Rule_14_33_C6_WithoutRoadDataTheEdgeIsCheckedAndTheRestSaid) {
    const Report r = ch_entry(3, "0527", "");
    EXPECT_EQ(count_code(r, "reinforcement-location"), 0) << dump(r);
    EXPECT_TRUE(ruling_mentions(r, "no road data")) << dump(r);
}

TEST(CemeteryHill, Rule_14_3_ReinforcementEarly) {
    const std::string units = "unit E Union infantry 2 enters 3 at 1127\n";
    auto move = [](int t, const std::string& s) { return t == 2 && s == "Union" ? std::string("enter E 1127\n") : std::string(); };
    const Report r = check(ch_game(units, move, nothing, 3));
    EXPECT_EQ(count_code(r, "reinforcement-early"), 1) << dump(r);
}

TEST(CemeteryHill, Rule_14_33_EntryOnTurnOneIsCompulsory) {
    // A unit due on turn 1 that stays off the map: reported at the turn 2 record.
    const Report r = check("game cemetery-hill\nsetup custom\nunit E Confederate infantry 2 enters 1 at 0104\nturn 1\n"
                           "phase Confederate movement\nturn 2\n");
    EXPECT_TRUE(has(r, "reinforcement-late", 6)) << dump(r);
    // A unit due on turn 2 may wait.
    const Report ok = check("game cemetery-hill\nsetup custom\nunit E Confederate infantry 2 enters 2 at 0104\nturn 1\nturn 2\n"
                            "phase Union movement\nphase Confederate movement\nturn 3\n");
    EXPECT_EQ(count_code(ok, "reinforcement-late"), 0) << dump(ok);
}

TEST(CemeteryHill, Rule_14_31_NoEntryIntoAnEnemyUnitButIntoItsZone) {
    const std::string units = "unit R Union infantry 4 enters 2 at 0127\nunit C Confederate infantry 2 at 0226\n";
    auto move = [](int t, const std::string& s) { return t == 2 && s == "Union" ? std::string("enter R 0127\nmove R 0127 0126\n") : std::string(); };
    const Report r = check(ch_game(units, move, nothing, 2));
    EXPECT_EQ(count_code(r, "enemy-occupied"), 0) << dump(r);
    EXPECT_EQ(count_code(r, "zoc"), 1) << "entering into a zone of control ends the unit's move: " << dump(r);
}

TEST(BlueAndGray, ZonesOfControl_StopOnEntering) {
    // Confederate C at 1010 controls 1009, 1011, 0910, 0911, 1110, 1111.
    const std::string units = "unit C Confederate infantry 3 at 1010\nunit A Union infantry 2 at 1014\n"
                              "unit B Union infantry 2 at 0913\nunit D Union infantry 2 at 1111\n";
    auto move = [](int t, const std::string& s) {
        if (t != 2 || s != "Union") return std::string();
        return std::string("move A 1014 1013 1012 1011\n"   // ends in the zone: fine
                           "move A 1011 1012\n"             // moves again: zoc
                           "move B 0913 0912 0911 0910\n"   // goes on after entering 0911: zoc
                           "move D 1111 1112 1113\n");      // starts in the zone and leaves: fine
    };
    const Report r = check(ch_game(units, move, nothing, 2));
    // 1 game, 2 setup, 3-6 units, 7 turn, 8-9 Conf phases, 10 turn 2, 11 phase, 12-15 moves
    EXPECT_EQ(count_code(r, "zoc"), 2) << dump(r);
    EXPECT_TRUE(has(r, "zoc", 13)) << dump(r);
    EXPECT_TRUE(has(r, "zoc", 14)) << dump(r);
}

TEST(BlueAndGray, ZonesOfControl_ANewPhaseLetsTheUnitMoveAgain) {
    const std::string units = "unit C Confederate infantry 3 at 1010\nunit A Union infantry 2 at 1014\n";
    auto move = [](int t, const std::string& s) {
        if (s != "Union") return std::string();
        if (t == 2) return std::string("move A 1014 1013 1012 1011\n");
        if (t == 3) return std::string("move A 1011 1012 1013\n");
        return std::string();
    };
    EXPECT_EQ(count_code(check(ch_game(units, move, nothing, 3)), "zoc"), 0);
}

TEST(BlueAndGray, Stacking_TwoUnitsAtTheEndOfAPhase) {
    const std::string units = "unit A Union infantry 2 at 1215\nunit B Union infantry 2 at 1215\nunit C Union infantry 2 at 1216\n"
                              "unit D Union infantry 2 at 1315\nunit X Union infantry 1 at 0505\nunit Y Union infantry 1 at 0505\n"
                              "unit Z Union infantry 1 at 0505\n";
    auto move = [](int t, const std::string& s) {
        if (t != 2 || s != "Union") return std::string();
        return std::string("move D 1315 1215 1115\n"  // passes through the full hex: fine
                           "move C 1216 1215\n");     // a third unit stays: stacking
    };
    const Report r = check(ch_game(units, move, nothing, 2));
    // lines: 1-2, units 3-9, 10 turn 1, 11-12, 13 turn 2, 14 phase, 15-16 moves
    EXPECT_EQ(count_code(r, "stacking"), 1) << "three at setup (0505) are not judged: " << dump(r);
    EXPECT_TRUE(has(r, "stacking", 16)) << dump(r);
}

TEST(CemeteryHill, Rule_14_53_ASaveWithoutItsLogSaysTheAwardCannotBeComputed) {
    const std::string save =
        "<?xml version=\"1.0\"?>\n<referee-save format=\"1\" scenario=\"cemetery-hill\">\n<snapshot turn=\"15\">\n</snapshot>\n</referee-save>\n";
    const Report r = check_text(save, "save.xml", {});
    bool said = false;
    for (const auto& n : r.rulings) said = said || (n.find("14.53") != std::string::npos && n.find("no log") != std::string::npos);
    EXPECT_TRUE(said);
}

TEST(RoadToRichmond, Rule_21_0_TheHigherTotalWins) {
    const Report r = check(rtr("unit U Union infantry 2 at 1010\nunit C Confederate infantry 3 at 1212\n"
                               "unit Train Union train 0 at 1111 role train\n",
                               "", "", "phase Union combat\neliminate C\neliminate U\n"));
    ASSERT_EQ(total(r, "Union"), 3) << dump(r);
    ASSERT_EQ(total(r, "Confederate"), 2) << dump(r);
    EXPECT_EQ(r.result.winner, std::optional<std::string>("Union"));
    EXPECT_FALSE(r.result.level) << "Road to Richmond has no victory levels";
}

TEST(CemeteryHill, Rule_14_2_UnitsSetUpByTheGameStandWhereDeclared) {
    // The built-in scenario has no set-up (it is printed on the map): the game's unit records are it.
    const Report r = check("game cemetery-hill\nunit A Union infantry 3 at 1010\nturn 1\nturn 2\nphase Union movement\nmove A 1010 1011\n"
                           "move B 1010 1011\n");
    EXPECT_EQ(count_code(r, "path-start"), 0);
    EXPECT_TRUE(has(r, "unknown-unit", 7)) << dump(r);
}

TEST(CemeteryHill, Rule_14_3_ReinforcementsEnterInTheirSidesMovementPhase) {
    const std::string units = "unit R Union infantry 4 enters 2 at 0127\n";
    auto combat = [](int t, const std::string& s) { return t == 2 && s == "Union" ? std::string("enter R 0127\n") : std::string(); };
    const Report r = check(ch_game(units, nothing, combat, 2));
    EXPECT_EQ(count_code(r, "wrong-phase"), 1) << dump(r);
    auto conf = [](int t, const std::string& s) { return t == 2 && s == "Confederate" ? std::string("enter R 0127\n") : std::string(); };
    EXPECT_EQ(count_code(check(ch_game(units, conf, nothing, 2)), "not-phasing"), 1);
}

TEST(CemeteryHill, Rule_14_4_AnExitedUnitMayNotReturn) {
    const std::string units = "unit Cav Union cavalry 2 at 2110\n";
    auto move = [](int t, const std::string& s) {
        if (s != "Union") return std::string();
        if (t == 2) return std::string("exit Cav 2110\n");
        if (t == 3) return std::string("enter Cav 2110\n");
        return std::string();
    };
    const Report r = check(ch_game(units, move, nothing, 3));
    EXPECT_EQ(count_code(r, "reentry"), 1) << dump(r);
    EXPECT_EQ(count_code(r, "exit-unit-type"), 0);
    EXPECT_EQ(item(r, "Confederate", "14.51"), 0) << "an exited unit is not counted as destroyed";
}

TEST(BlueAndGray, ZonesOfControl_NoExitAfterStoppingInOne) {
    // A reaches 1528, next to C at 1628, and must stop: leaving the map is moving on. The exit is
    // a zoc violation and scores nothing (21.12 item 1).
    const Report r = check(rtr("unit A Union infantry 5 at 1526\nunit C Confederate infantry 3 at 1628\n" + kTrain, "",
                               "move A 1526 1527 1528\nexit A 1528\n"));
    EXPECT_EQ(count_code(r, "zoc"), 1) << dump(r);
    EXPECT_EQ(item(r, "Union", "21.12 item 1"), 0) << dump(r);
}

TEST(RoadToRichmond, RetreatOffTheMapWithoutARuleIsAnEliminationAndSaid) {
    const Report r = check(rtr("unit A Union infantry 5 at 1528\nunit C Confederate infantry 3 at 1010\n" + kTrain, "", "",
                               "phase Union combat\nretreat A 1528 off\n"));
    EXPECT_EQ(item(r, "Confederate", "21.11 item 1"), 5) << dump(r);
    EXPECT_TRUE(ruling_mentions(r, "no rule of Road to Richmond covers a retreat off the map")) << dump(r);
}

TEST(RoadToRichmond, Rule_21_21_ACutLineIsExplained) {
    const Report r = check(rtr("unit X Union infantry 5 at 0117\nunit C Confederate infantry 1 at 1525\n" + kTrain, "",
                               "enter Train 1528\nexit Train 1528\nexit X 0117\n"),
                           kRtrTest);
    EXPECT_TRUE(ruling_mentions(r, "21.12 item 2 (Union combat SP exited at 0117) scores nothing: 5 Union SP exited, but there is no Union "
                                   "line of communications from 0117 to 1528 (21.21)"))
        << dump(r);
}

TEST(CemeteryHill, Rule_14_53_AnIllegalExitCountsForNoSide) {
    // A Confederate exit from the west edge (exit-location) earns no 14.53 award ...
    const Report a = check("game cemetery-hill\nunit Jenkins Confederate cavalry 2 at 0110\nturn 1\nphase Confederate movement\n"
                           "exit Jenkins 0110\nturn 2\nphase Union movement\nend\n");
    EXPECT_EQ(count_code(a, "exit-location"), 1) << dump(a);
    EXPECT_EQ(item(a, "Confederate", "14.53"), 0) << dump(a);
    // ... and a Union exit in the combat phase (wrong-phase) does not cancel a legal Confederate one.
    const Report b = check("game cemetery-hill\nunit Hampton Confederate cavalry 2 at 2110\nunit Gregg Union cavalry 2 at 2120\nturn 1\n"
                           "phase Confederate movement\nexit Hampton 2110\nturn 2\nphase Union movement\nphase Union combat\nexit Gregg 2120\n"
                           "phase Confederate movement\nend\n");
    EXPECT_EQ(count_code(b, "wrong-phase"), 1) << dump(b);
    EXPECT_EQ(item(b, "Confederate", "14.53"), 5) << dump(b);
}
