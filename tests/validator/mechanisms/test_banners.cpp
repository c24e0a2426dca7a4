// The victory-banners mechanism (validator/mechanisms/banners.cpp; Commands & Colors:
// Napoleonics, scenario cnc-napoleonics): banners for eliminations (B2: one per enemy unit or
// leader, none for a garrison, a retreat off the board eliminates), sudden death at the record that
// reaches a target (B1, a battle back included; both at once: the phasing side), awards as
// banners, an end record before a target, and target records. The objectives' banners are in
// test_objectives.cpp; the sides and the alternating turns in tests/validator/engine/test_sequence.cpp.
//
// The games are built line by line (Game::add returns the line number of the record it adds), so
// every assertion names the record at which something must happen.
#include "replay_support.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

using namespace referee;
using namespace referee::testing_support;

// --- banners for eliminations (B2) ---------------------------------------------------------------

TEST(Banners, B2_OnePerEnemyUnitEliminatedByEliminateOrLoseToZero) {
    Game g = base({"target French 9", "target British 9"});
    g.add("turn 1");
    g.add("phase French combat");
    const std::uint32_t e1 = g.add("eliminate B1");
    g.add("lose B2 3");  // 1 of 4 left: nothing yet
    const std::uint32_t e2 = g.add("lose B2 1");
    const std::uint32_t e3 = g.add("lose F3 5");  // more than its strength: eliminated
    const Report r = check(g);
    const auto fr = banners(r, "French", "elimination");
    ASSERT_EQ(fr.size(), 2u) << dump(r);
    EXPECT_EQ(fr[0]->gained_line, e1);
    EXPECT_EQ(fr[1]->gained_line, e2);
    const auto br = banners(r, "British", "elimination");
    ASSERT_EQ(br.size(), 1u) << dump(r);
    EXPECT_EQ(br[0]->gained_line, e3);
    EXPECT_EQ(total(r, "French"), 2);
    EXPECT_EQ(total(r, "British"), 1);
}

TEST(Banners, B2_ALeaderGivesOneAGarrisonNone) {
    Game g = base({"target French 9"});
    g.add("turn 1");
    g.add("phase French combat");
    g.add("eliminate Wel");
    g.add("eliminate KGL");
    const Report r = check(g);
    const auto fr = banners(r, "French", "elimination");
    ASSERT_EQ(fr.size(), 1u) << dump(r);
    EXPECT_NE(fr[0]->what.find("leader Wel"), std::string::npos) << dump(r);
    EXPECT_EQ(total(r, "French"), 1);
}

TEST(Banners, B2_ARetreatOffTheBoardEliminates) {
    Game g = base({"target British 9"});
    g.add("turn 1");
    g.add("phase French movement");
    g.add("turn 2");
    g.add("phase British combat");
    const std::uint32_t off = g.add("retreat Ney 0503 off");
    const Report r = check(g);
    const auto br = banners(r, "British", "elimination");
    ASSERT_EQ(br.size(), 1u) << dump(r);
    EXPECT_EQ(br[0]->gained_line, off);
}

// --- sudden death (B1) ---------------------------------------------------------------------------

TEST(Banners, B1_TheGameEndsAtTheRecordThatReachesTheTarget) {
    Game g = base({"target French 2", "target British 5"});
    g.add("turn 1");
    g.add("phase French combat");
    g.add("eliminate B1");
    const std::uint32_t win = g.add("eliminate B2");
    const std::uint32_t late = g.add("eliminate B3");
    g.add("chat Jones \"well played\"");
    g.add("claim winner French \"sudden death\"");
    const std::uint32_t turn2 = g.add("turn 2");
    g.add("end");
    const Report r = check(g);
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(r.result.winner, "French");
    EXPECT_EQ(r.result.level, "sudden death");
    EXPECT_EQ(r.result.line, win);
    EXPECT_TRUE(has(r, "after-end", late)) << dump(r);
    EXPECT_TRUE(has(r, "after-end", turn2)) << dump(r);
    EXPECT_EQ(count_code(r, "after-end"), 2) << dump(r);
    EXPECT_EQ(count_code(r, "claim-mismatch"), 0) << dump(r);
    EXPECT_EQ(total(r, "French"), 2);  // B3's elimination came after the end: not applied
}

TEST(Banners, B1_ABattleBackWinsInTheOtherSidesTurn) {
    Game g = base({"target French 5", "target British 1"});
    g.add("turn 1");
    g.add("phase French movement");
    g.add("move F2 0604 0705");
    g.add("phase French combat");
    g.add("combat F2 vs B1 roll 6");
    g.add("lose B1 1");
    g.add("combat B1 vs F2 roll 2 result battle-back");
    const std::uint32_t win = g.add("lose F2 4");
    const Report r = check(g);
    EXPECT_EQ(r.result.winner, "British") << dump(r);
    EXPECT_EQ(r.result.line, win);
    ASSERT_TRUE(r.result.decided);
    EXPECT_NE(r.result.decided->find("in the French player-turn"), std::string::npos) << *r.result.decided;
}

TEST(Banners, B1_BothReachTheirTargetsOnOneRecordThePhasingSideWins) {
    // In the British combat phase F1 retreats through the last-to-occupy hex 0605 and off the board:
    // the French gain 0605 (B6), the British gain F1's elimination (B2), on the same record.
    Game g = base({"objective last-to-occupy any 0605", "target French 1", "target British 1"});
    g.add("turn 1");
    g.add("phase French movement");
    g.add("turn 2");
    g.add("phase British combat");
    const std::uint32_t both = g.add("retreat F1 0504 0605 off");
    const Report r = check(g);
    EXPECT_EQ(total(r, "French"), 1) << dump(r);
    EXPECT_EQ(total(r, "British"), 1) << dump(r);
    EXPECT_EQ(r.result.winner, "British") << dump(r);
    EXPECT_EQ(r.result.line, both);
}

TEST(Banners, B1_StartTurnObjectivesCanDecideAtAPhaseRecord) {
    Game g = base({"objective start-turn-temporary French 0605", "target French 1"});
    g.add("turn 1");
    g.add("phase French movement");
    g.add("move F1 0504 0605");
    g.add("turn 2");
    g.add("phase British movement");
    g.add("turn 3");
    const std::uint32_t start = g.add("phase French command");
    const Report r = check(g);
    EXPECT_EQ(r.result.winner, "French") << dump(r);
    EXPECT_EQ(r.result.line, start);
}

TEST(Banners, AwardsAreBanners) {
    Game g = base({"target British 2"});
    g.add("turn 1");
    g.add("phase French movement");
    const std::uint32_t a = g.add("award British 2 \"scenario special rule: the French baggage\"");
    const Report r = check(g);
    EXPECT_EQ(r.result.winner, "British") << dump(r);
    EXPECT_EQ(r.result.line, a);
}

TEST(Banners, AnEndRecordBeforeATargetGoesToTheSideWithMoreBanners) {
    Game g = base({"target French 5", "target British 5"});
    g.add("turn 1");
    g.add("phase French combat");
    g.add("eliminate B1");
    const std::uint32_t end = g.add("end");
    const Report r = check(g);
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(r.result.winner, "French");
    EXPECT_EQ(r.result.line, end);
    EXPECT_FALSE(r.result.level);

    Game even = base({"target French 5", "target British 5"});
    even.add("turn 1");
    even.add("end");
    EXPECT_EQ(check(even).result.winner, "draw");
}

TEST(Banners, ATargetRecordReplacesAnEarlierOne) {
    Game g = base({"target French 1", "target French 2"});
    g.add("turn 1");
    g.add("phase French combat");
    g.add("eliminate B1");
    const Report r = check(g);
    EXPECT_FALSE(r.result.winner) << dump(r);
}
