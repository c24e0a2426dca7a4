// A record that takes a game up after turn 1 (move-log.md `resume`; validator/engine/resume.cpp):
// the first turn is the one it names, not 1; units out of play before it (`eliminate`, `exit`
// before the first turn) count as they would have; a location empty at the resume and never entered
// since is held only as the set-up says, and where that decides points or a victory test the
// report says so (unverified-score). Marye's Heights, with kHeader's custom set-up (lines 1-8).
#include "replay_support.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace referee;
using namespace referee::testing_support;

namespace {

Report check_with(const std::string& log, std::vector<std::pair<std::string, std::string>> params) {
    CheckOptions o;
    o.params = std::move(params);
    return check(log, o);
}

int count_at(const Report& r, const std::string& code, std::uint32_t line) {
    int n = 0;
    for (const auto& v : r.violations) n += v.code == code && v.line == line;
    return n;
}

}  // namespace

TEST(Resume, TheFirstTurnIsTheOneItNames) {
    const Report r = check(kHeader + "resume 4\nturn 4\nphase Union movement\nmove U1 0506 0507\nturn 5\n");
    EXPECT_EQ(count_code(r, "turn-order"), 0) << dump(r);
    // The same without resume: turn 4 follows turn 0.
    const Report plain = check(kHeader + "turn 4\nphase Union movement\nmove U1 0506 0507\nturn 5\n");
    EXPECT_TRUE(has(plain, "turn-order", 9)) << dump(plain);
}

TEST(Resume, AFirstTurnOtherThanTheResumedOneIsOutOfOrder) {
    const Report r = check(kHeader + "resume 4\nturn 3\nturn 4\n");
    EXPECT_TRUE(has(r, "turn-order", 10)) << dump(r);
    EXPECT_EQ(count_code(r, "turn-order"), 1) << dump(r);   // turn 4 follows turn 3
}

TEST(Resume, ATurnTheScenarioDoesNotHaveASecondResumeOrOneAfterTheFirstTurn) {
    EXPECT_TRUE(has(check(kHeader + "resume 12\nturn 12\n"), "bad-value", 9));   // Marye's Heights has 11 game-turns
    EXPECT_TRUE(has(check(kHeader + "resume 0\nturn 1\n"), "bad-value", 9));
    const Report twice = check(kHeader + "resume 3\nresume 4\nturn 3\n");
    EXPECT_TRUE(has(twice, "header-order", 10)) << dump(twice);
    EXPECT_EQ(count_code(twice, "turn-order"), 0) << dump(twice);   // the first one stands
    EXPECT_TRUE(has(check(kHeader + "turn 1\nresume 2\n"), "header-order", 10));
}

TEST(Resume, AUnitEliminatedBeforeTheRecordScoresForTheEnemy) {
    // U1 (6 SP) eliminated before game-turn 4; C2 (3 SP) eliminated in play.
    const Report r = check(kHeader + "resume 4\neliminate U1\nturn 4\nphase Union movement\nphase Union combat\neliminate C2\nend\n");
    EXPECT_EQ(item(r, "Confederate", "17.11"), 6) << dump(r);
    EXPECT_EQ(item(r, "Union", "17.11"), 3) << dump(r);
    EXPECT_EQ(count_code(r, "not-on-map"), 0) << dump(r);
    // Out of play: it cannot act, and cannot be eliminated twice.
    const Report again = check(kHeader + "resume 4\neliminate U1\neliminate U1\nturn 4\nphase Union movement\nmove U1 0506 0507\nend\n");
    EXPECT_TRUE(has(again, "not-on-map", 11)) << dump(again);
    EXPECT_TRUE(has(again, "not-on-map", 14)) << dump(again);
    EXPECT_EQ(item(again, "Confederate", "17.11"), 6) << dump(again);
}

TEST(Resume, AUnitThatExitedBeforeTheRecordScoresAndTheExitIsUnverified) {
    const Report r = check_with(kHeader + "resume 4\nexit U3 2501\nturn 4\nend\n", {{"exit-vp", "1"}});
    EXPECT_EQ(item(r, "Union", "17.12"), 2) << dump(r);   // U3's 2 SP from an exit hex of 17.3
    EXPECT_TRUE(has(r, "unverified-score", 10)) << dump(r);
    // Before the first turn of a record that does not resume, an exit is judged as any other
    // (outside a movement phase): not a silent pass.
    const Report plain = check_with(kHeader + "exit U3 2501\nturn 1\nend\n", {{"exit-vp", "1"}});
    EXPECT_EQ(count_code(plain, "unverified-score"), 0) << dump(plain);
    EXPECT_FALSE(plain.violations.empty()) << dump(plain);
}

TEST(Resume, AnEmptyLocationsHolderIsUnverifiedWhereItDecidesPoints) {
    // 17.13's locations: 1113, 1711, 2401, 0206, 0511, 1504; none has a unit of kHeader on it. Line 9.
    const std::string log = kHeader + "resume 9\nturn 9\nphase Union movement\nmove U3 1112 1113\nend\n";
    const Report r = check_with(log, {{"occupation-vp", "1"}, {"exit-vp", "1"}});
    EXPECT_EQ(count_code(r, "unverified-score"), 5) << dump(r);   // all but 1113, which U3 entered
    EXPECT_EQ(count_at(r, "unverified-score", 9), 5) << dump(r);
    for (const auto& v : r.violations) {
        if (v.code == "unverified-score") {
            EXPECT_EQ(v.message.find("1113"), std::string::npos) << v.message;
        }
    }
    // The same game from turn 1: its history is all there, and nothing is unverified.
    const Report whole = check_with(kHeader + "turn 1\nphase Union movement\nmove U3 1112 1113\nend\n", {{"occupation-vp", "1"}, {"exit-vp", "1"}});
    EXPECT_EQ(count_code(whole, "unverified-score"), 0) << dump(whole);
    EXPECT_EQ(item(whole, "Union", "17.13"), item(r, "Union", "17.13")) << dump(whole);
}

TEST(Resume, AHoldRecordOrAUnitStandingThereMakesAHoldingKnown) {
    // A hold record names 0206 (the Union's in the set-up too); the other five are unknown.
    const std::string log = kHeader + "hold 0206 Union\nresume 9\nturn 9\nend\n";
    const Report r = check_with(log, {{"occupation-vp", "1"}, {"exit-vp", "1"}});
    EXPECT_EQ(count_code(r, "unverified-score"), 5) << dump(r);
    for (const auto& v : r.violations) {
        if (v.code == "unverified-score") {
            EXPECT_EQ(v.message.find("0206"), std::string::npos) << v.message;
        }
    }
    EXPECT_EQ(item(r, "Union", "17.13"), 3) << dump(r);   // 0206, 0511 and 1504
    // A unit standing in a location at the resume holds it for its side (G1): C2 moved into 0511.
    const Report stood = check_with(kHeader + "resume 9\nturn 9\nphase Union movement\nphase Confederate movement\nmove C2 0510 0511\nend\n",
                                    {{"occupation-vp", "1"}, {"exit-vp", "1"}});
    EXPECT_EQ(item(stood, "Confederate", "17.13"), 4) << dump(stood);
    EXPECT_EQ(count_code(stood, "unverified-score"), 5) << dump(stood);
}

TEST(Resume, TheXmlSaveCarriesItToo) {
    const std::string save = R"(<?xml version="1.0" encoding="UTF-8"?>
<referee-save format="1" scenario="maryes-heights">
  <setup mode="custom"/>
  <unit id="U1" side="Union" type="infantry" strength="6" at="0506"/>
  <unit id="C1" side="Confederate" type="infantry" strength="5" at="1713"/>
  <resume turn="4"/>
  <log>
    <eliminate unit="C1"/>
    <turn n="4"/>
    <phase side="Union" name="movement"/>
    <move unit="U1" path="0506 0507"/>
    <end/>
  </log>
</referee-save>
)";
    const Report r = check_text(save, "test.xml", CheckOptions{});
    EXPECT_EQ(count_code(r, "turn-order"), 0) << dump(r);
    EXPECT_EQ(item(r, "Union", "17.11"), 5) << dump(r);
}
