// The exit-race mechanism (validator/mechanisms/exit_race.cpp): Cemetery Hill 14.53 and C4, each
// side's cavalry exited beyond the enemy's scoring at the end of each of its player-turns (also
// when the log leaves the phases out); an illegal exit counts for no side.
#include "replay_support.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace referee;
using namespace referee::testing_support;

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
