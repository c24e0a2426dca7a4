// The movement mechanism (validator/mechanisms/movement.cpp): the unit records moves, retreats,
// advances, entries, eliminations, losses and combats, through the whole pipeline (check_text).
// Paths start where the unit is, their steps are adjacent (path-gap: a warning, an error with
// --strict) and enter no enemy unit; moves come in the unit's own movement phase, retreats and
// advances in combat, entries in the own movement phase (G2; Cemetery Hill 14.3); a unit off the
// map cannot act (not-on-map), an exited one cannot come back (reentry: Marye's Heights 17.3,
// Cemetery Hill 14.4); a unit passing through a hex holds it, and an eliminated one does not give
// it up (G1, 17.2).
#include "replay_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

using namespace referee;
using namespace referee::testing_support;

// --- holding (17.2, G1) --------------------------------------------------------------------------

TEST(Holding, MovingThroughAHexTakesIt) {
    CheckOptions o;
    o.params = {{"occupation-vp", "1"}};
    // U3 passes through 1113 (held by the Confederates at the start) and ends at 1114.
    const Report r = check(kHeader + "turn 1\nphase Union movement\nmove U3 1112 1113 1114\n" + turns(2, 11) + "end\n", o);
    ASSERT_TRUE(r.judged);
    const auto& union_items = r.scores[0].items;
    const bool holds_1113 = std::any_of(union_items.begin(), union_items.end(), [](const ScoreItem& i) {
        return i.rule == "17.13" && i.what.find("1113") != std::string::npos;
    });
    EXPECT_TRUE(holds_1113);
    const auto& conf_items = r.scores[1].items;
    for (const auto& i : conf_items) {
        if (i.rule == "17.13") {
            EXPECT_EQ(i.what.find("1113"), std::string::npos) << i.what;
        }
    }
}

TEST(Holding, AnEliminatedUnitDoesNotChangeTheHolder) {
    CheckOptions o;
    o.params = {{"occupation-vp", "1"}};
    // U3 moves into 1113 and is eliminated there: the Union still holds 1113 (G1).
    const Report r = check(kHeader + "turn 1\nphase Union movement\nmove U3 1112 1113\nphase Union combat\neliminate U3\n" +
                           turns(2, 11) + "end\n", o);
    bool holds = false;
    for (const auto& i : r.scores[0].items)
        if (i.rule == "17.13" && i.what.find("1113") != std::string::npos) holds = true;
    EXPECT_TRUE(holds);
}

// --- phases and sides (G2) -----------------------------------------------------------------------

TEST(Violations, NotPhasing) {
    const Report r = check(kHeader + "turn 1\nphase Union movement\nmove C1 1713 1714\n");
    EXPECT_TRUE(has(r, "not-phasing", 11));
}

TEST(Violations, WrongPhase) {
    const Report r = check(kHeader + "turn 1\nphase Union combat\nmove U1 0506 0507\nphase Confederate movement\nretreat C1 1713 1714\n");
    EXPECT_TRUE(has(r, "wrong-phase", 11));
    EXPECT_TRUE(has(r, "wrong-phase", 13));
}

TEST(CemeteryHill, Rule_14_3_ReinforcementsEnterInTheirSidesMovementPhase) {
    const std::string units = "unit R Union infantry 4 enters 2 at 0127\n";
    auto combat = [](int t, const std::string& s) { return t == 2 && s == "Union" ? std::string("enter R 0127\n") : std::string(); };
    const Report r = check(ch_game(units, nothing, combat, 2));
    EXPECT_EQ(count_code(r, "wrong-phase"), 1) << dump(r);
    auto conf = [](int t, const std::string& s) { return t == 2 && s == "Confederate" ? std::string("enter R 0127\n") : std::string(); };
    EXPECT_EQ(count_code(check(ch_game(units, conf, nothing, 2)), "not-phasing"), 1);
}

// --- paths ---------------------------------------------------------------------------------------

TEST(Violations, PathStart) {
    const Report r = check(kHeader + "turn 1\nphase Union movement\nmove U1 0507 0508\n");
    EXPECT_TRUE(has(r, "path-start", 11));
}

TEST(Violations, PathGapIsAWarningUnlessStrict) {
    const std::string log = kHeader + "turn 1\nphase Union movement\nmove U1 0506 0504\n";
    const Report r = check(log);
    const Violation* v = find(r, "path-gap");
    ASSERT_NE(v, nullptr);
    EXPECT_FALSE(v->error);
    EXPECT_EQ(v->line, 11u);
    EXPECT_EQ(r.exit_status(), 0);  // warnings only (path-gap, incomplete)
    CheckOptions strict;
    strict.strict = true;
    const Report rs = check(log, strict);
    ASSERT_NE(find(rs, "path-gap"), nullptr);
    EXPECT_TRUE(find(rs, "path-gap")->error);
    EXPECT_EQ(rs.exit_status(), 1);
}

TEST(Violations, EnemyOccupied) {
    // C2 stands at 0510; U2 moves 0508 0509 0510.
    const Report r = check(kHeader + "turn 1\nphase Union movement\nmove U2 0508 0509 0510\n");
    EXPECT_TRUE(has(r, "enemy-occupied", 11));
}

// --- units off the map ---------------------------------------------------------------------------

TEST(Violations, NotOnMap) {
    const Report r = check(kHeader + "turn 1\nphase Union combat\neliminate U1\nphase Confederate movement\nmove C1 1713 1714\n"
                                     "phase Confederate combat\nretreat U1 0506 0507\n");
    EXPECT_TRUE(has(r, "not-on-map", 15));
    EXPECT_EQ(count_code(r, "not-on-map"), 1);
}

TEST(Violations, Reentry) {
    const Report r = check(kHeader + "turn 1\nphase Confederate movement\nexit C3 0113\nturn 2\nphase Confederate movement\nenter C3 0113\n");
    EXPECT_TRUE(has(r, "reentry", 14));
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
