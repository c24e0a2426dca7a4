// The traces mechanism (validator/mechanisms/traces.cpp): lines of communication and traces along
// the map's roads, on the test scenarios' invented roads. Road to Richmond 21.21 (R2: a chain of
// road or trail steps with no enemy unit on it; zones of control do not cut it) and 21.22 (R3: ten
// steps to a road or trail whose network leaves at 1528 or 2426); Cemetery Hill 14.51 and 14.52
// (C3: a trace avoiding enemy units and enemy zones not held by a friendly unit, to a road whose
// network leaves by the named edge). A network is the roads and trails joined at junctions (a hex
// they share); a road that meets no other is one of its own. Without road data: not scored, and said.
#include "replay_support.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

using namespace referee;
using namespace referee::testing_support;

namespace {

// A scenario file written for one test (removed when it goes): the test scenarios with other roads.
class ScenarioFile {
public:
    ScenarioFile(const std::string& name, const std::string& xml)
        : path_(std::filesystem::temp_directory_path() / ("referee_test_traces_" + name + ".xml")) {
        std::ofstream(path_) << xml;
    }
    ~ScenarioFile() { std::filesystem::remove(path_); }
    ScenarioFile(const ScenarioFile&) = delete;
    ScenarioFile& operator=(const ScenarioFile&) = delete;
    std::string path() const { return path_.string(); }

private:
    std::filesystem::path path_;
};

// A whole game of Cemetery Hill in which `unit` (side, strength and hex, as a unit record has them:
// "Union infantry 3 at 0708") stands pinned all game by two enemy units of 2 SP, in the hexes
// above and below it in its column: they hold two of its neighbours and control the other four.
Report pinned(const std::string& unit, const std::string& enemy, const std::string& above, const std::string& below,
              const std::string& scenario = kChTest) {
    return check(ch_game("unit P " + unit + "\nunit E1 " + enemy + " infantry 2 at " + above + "\nunit E2 " + enemy + " infantry 2 at " +
                             below + "\n",
                         nothing, nothing),
                 scenario);
}

}  // namespace

// --- Road to Richmond: the line of communications (21.21, R2) ------------------------------------

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

// --- Road to Richmond: ten hexes to a road (21.22, R3) -------------------------------------------

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

// R3: the Swamp Trail leaves the map nowhere itself, but it joins the River Road (which leaves at
// 1528) at 0817 and 1522: it is a road "which in turn exits the map" at 1528. 0428 is 8 steps from
// 0822 on the trail (four steps across the columns to 0824, four up column 08) and 11 from the
// nearest hex of the River Road (0417) or the Ferry Road.
TEST(RoadToRichmond, Rule_21_22_R3_ATrailJoinedAtAJunctionToARoadThatExitsCounts) {
    const Report r = check(rtr("unit Far Union artillery 4 at 0428\n" + kTrain, "", ""), kRtrTest);
    EXPECT_EQ(item(r, "Confederate", "21.22"), 0) << dump(r);
}

// The same trail one hex short of the River Road at both ends meets no other road: a network of its
// own, which leaves the map nowhere. 0428 is then 11 steps from a road that exits.
TEST(RoadToRichmond, Rule_21_22_R3_ATrailThatMeetsNoOtherRoadIsANetworkOfItsOwn) {
    const ScenarioFile apart("rtr_apart", R"(<scenario format="1" extends="road-to-richmond" id="rtr-apart" title="Apart">
  <roads>
    <road name="River Road" leaves-at="0117, 1528"
          hexes="0117, 0217, 0317, 0417, 0517, 0617, 0717, 0817, 0917, 1017, 1117, 1217, 1317, 1417, 1517,
                 1518, 1519, 1520, 1521, 1522, 1523, 1524, 1525, 1526, 1527, 1528"/>
    <road name="Swamp Trail" kind="trail" hexes="0818, 0819, 0820, 0821, 0822, 0922, 1022, 1122, 1222, 1322, 1422"/>
    <road name="Ferry Road" leaves-at="2426" hexes="1526, 1626, 1726, 1826, 1926, 2026, 2126, 2226, 2326, 2426"/>
  </roads>
</scenario>)");
    const Report r = check(rtr("unit Far Union artillery 4 at 0428\n" + kTrain, "", ""), apart.path());
    EXPECT_EQ(item(r, "Confederate", "21.22"), 4) << dump(r);
}

// The network is the map's: Confederate units on both junctions (0817, 1522) and on the River Road
// between the trail and 1528 do not make the trail stop exiting there; only the 21.22 path itself
// may not enter them, and 0428 reaches 0822 without.
TEST(RoadToRichmond, Rule_21_22_R3_EnemyUnitsDoNotCutANetwork) {
    const Report r = check(rtr("unit Far Union artillery 4 at 0428\nunit C Confederate infantry 4 at 0817\n"
                               "unit D Confederate infantry 4 at 1522\nunit E Confederate infantry 4 at 1525\n" + kTrain, "", ""),
                           kRtrTest);
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

// --- Cemetery Hill: traces to a road off the map (14.51, 14.52, C3) ------------------------------

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

// C3 (as in R3): 0708 is on the Chambersburg Pike, which leaves by the west edge; it joins the
// Carlisle Road at 1108, which joins the Baltimore Pike at 1114, which leaves by the east edge. A
// Union unit pinned on 0708 stands on a road that leads off the east edge: its trace ends where it
// starts.
TEST(CemeteryHill, Rule_14_51_C3_ARoadJoinedToOneLeavingEastLeadsOffTheEastEdge) {
    const Report r = pinned("Union infantry 3 at 0708", "Confederate", "0707", "0709");
    EXPECT_EQ(item(r, "Confederate", "14.51"), 0) << dump(r);
}

// The Mummasburg Road (0104-0904) meets no other road: a network of its own, which leaves by the
// west edge only. A Union unit pinned on it at 0504 is cut off from the east.
TEST(CemeteryHill, Rule_14_51_C3_ARoadThatMeetsNoOtherIsANetworkOfItsOwn) {
    const Report r = pinned("Union infantry 3 at 0504", "Confederate", "0503", "0505");
    EXPECT_EQ(item(r, "Confederate", "14.51"), 3) << dump(r);
}

// The York Pike leaves by the east edge only; the Rock Creek Trail joins it (1512) to the Baltimore
// Pike (1514), and so to the Taneytown and Carlisle Roads and the Chambersburg Pike, which leaves
// by the west edge. A Confederate unit pinned on the York Pike at 1912 traces west. Without the
// trail the York Pike is a network of its own, and it is cut off.
TEST(CemeteryHill, Rule_14_52_C3_ATrailJoinsRoadsIntoOneNetwork) {
    const Report r = pinned("Confederate infantry 4 at 1912", "Union", "1911", "1913");
    EXPECT_EQ(item(r, "Union", "14.52"), 0) << dump(r);

    const ScenarioFile no_trail("ch_no_trail", R"(<scenario format="1" extends="cemetery-hill" id="ch-no-trail" title="No trail">
  <roads>
    <road name="Baltimore Pike" hexes="1114, 1214, 1314, 1414, 1514, 1614, 1714, 1814, 1914, 2014, 2114" leaves-at="2114"/>
    <road name="York Pike" hexes="1512, 1612, 1712, 1812, 1912, 2012, 2112" leaves-at="2112"/>
    <road name="Chambersburg Pike" hexes="0108, 0208, 0308, 0408, 0508, 0608, 0708, 0808, 0908, 1008, 1108" leaves-at="0108"/>
    <road name="Carlisle Road" hexes="1101, 1102, 1103, 1104, 1105, 1106, 1107, 1108, 1109, 1110, 1111, 1112, 1113, 1114" leaves-at="1101"/>
  </roads>
</scenario>)");
    const Report cut = pinned("Confederate infantry 4 at 1912", "Union", "1911", "1913", no_trail.path());
    EXPECT_EQ(item(cut, "Union", "14.52"), 4) << dump(cut);
}

TEST(CemeteryHill, Rule_14_51_WithoutRoadDataNotScoredAndSaid) {
    const Report r = check(ch_game("unit U Union infantry 3 at 0101\nunit C Confederate infantry 2 at 0202\n", nothing, nothing));
    EXPECT_EQ(item(r, "Confederate", "14.51"), 0) << dump(r);
    EXPECT_TRUE(ruling_mentions(r, "14.51")) << dump(r);
    EXPECT_TRUE(ruling_mentions(r, "not scored")) << dump(r);
}
