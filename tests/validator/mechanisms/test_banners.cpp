// Victory banners (Commands & Colors: Napoleonics, scenario cnc-napoleonics), clause by clause:
// each objective kind's banner gained and lost at the exact record the seed and rulings B1-B6 say,
// banners for eliminations (B2), sudden death (B1), sides from the game and alternating turns.
//
// The games are built line by line (Game::add returns the line number of the record it adds), so
// every assertion names the record at which something must happen.
//
// The board (scenarios/cnc-napoleonics.xml): CCRR in rows; even rows sit half a hex to the right.
// The hexes used here and their neighbours:
//   0605 (odd row): 0505 0705 | 0504 0604 | 0506 0606        0504: 0404 0604 | 0503 0603 | 0505 0605
//   0705 (odd row): 0605 0805 | 0604 0704 | 0606 0706        0604: 0504 0704 | 0603 0703 | 0605 0705
//   0805 (odd row): 0705 0905 | 0704 0804 | 0706 0806        0606: 0506 0706 | 0605 0705 | 0606 0706..
#include "check.hpp"
#include "report_matchers.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

using namespace referee;
using namespace referee::testing_support;

namespace {

struct Game {
    std::string text;
    std::uint32_t lines = 0;
    std::uint32_t add(const std::string& record) {
        text += record + "\n";
        return ++lines;
    }
};

// Two armies facing each other across row 05. French move first (their phase record is the first).
//   French: F1 at 0504, F2 at 0604, F3 at 0404, Ney (leader) at 0503.
//   British: B1 at 0706, B2 at 0806, B3 at 0906, Wel (leader) at 0907, KGL (garrison) at 1005.
Game base(const std::vector<std::string>& header) {
    Game g;
    for (const char* l : {"game cnc-napoleonics", "side French", "side British", "unit F1 French infantry 4 at 0504",
                          "unit F2 French infantry 4 at 0604", "unit F3 French cavalry 3 at 0404", "unit Ney French leader 1 at 0503",
                          "unit B1 British infantry 4 at 0706", "unit B2 British infantry 4 at 0806", "unit B3 British infantry 3 at 0906",
                          "unit Wel British leader 1 at 0907", "unit KGL British infantry 2 at 1005 role garrison"})
        g.add(l);
    for (const auto& h : header) g.add(h);
    return g;
}

Report check(const Game& g) { return check_text(g.text, "test.log", CheckOptions{}); }

std::string dump(const Report& r) {
    std::string s;
    for (const auto& v : r.violations) s += " [" + v.code + "@" + std::to_string(v.line) + ": " + v.message + "]";
    for (const auto& b : r.banners)
        s += " {" + b.side + " " + b.kind + " " + b.what + " +" + std::to_string(b.banners) + " gained@" + std::to_string(b.gained_line) +
             (b.lost_line ? " lost@" + std::to_string(*b.lost_line) : std::string()) + (b.note.empty() ? "" : " note: " + b.note) + "}";
    return s;
}

// The banners of `kind` held by `side` (every entry, in the order gained).
std::vector<const BannerEntry*> banners(const Report& r, const std::string& side, const std::string& kind) {
    std::vector<const BannerEntry*> out;
    for (const auto& b : r.banners)
        if (b.side == side && b.kind == kind) out.push_back(&b);
    return out;
}

// Exactly one entry of that kind for that side, gained at `gained` and lost at `lost` (0: not lost).
::testing::AssertionResult episode(const Report& r, const std::string& side, const std::string& kind, std::uint32_t gained,
                                   std::uint32_t lost) {
    const auto b = banners(r, side, kind);
    if (b.size() != 1) return ::testing::AssertionFailure() << b.size() << " " << side << " " << kind << " banners;" << dump(r);
    if (b[0]->gained_line != gained) return ::testing::AssertionFailure() << "gained at " << b[0]->gained_line << ", not " << gained << dump(r);
    if (lost == 0 && b[0]->lost_line) return ::testing::AssertionFailure() << "lost at " << *b[0]->lost_line << dump(r);
    if (lost != 0 && (!b[0]->lost_line || *b[0]->lost_line != lost))
        return ::testing::AssertionFailure() << "lost at " << (b[0]->lost_line ? std::to_string(*b[0]->lost_line) : "never") << ", not " << lost << dump(r);
    return ::testing::AssertionSuccess();
}

}  // namespace

// --- the sides, the sequence ------------------------------------------------------------------

TEST(Banners, SidesComeFromTheGameInTheirOrder) {
    Game g = base({"target French 9"});
    g.add("turn 1");
    g.add("phase French movement");
    const Report r = check(g);
    ASSERT_TRUE(r.judged) << dump(r);
    ASSERT_EQ(r.scores.size(), 2u);
    EXPECT_EQ(r.scores[0].side, "French");
    EXPECT_EQ(r.scores[1].side, "British");
    EXPECT_TRUE(r.has_banners);
}

TEST(Banners, AGameWithoutTwoSideRecordsCannotBeJudged) {
    const Report none = check_text("game cnc-napoleonics\nturn 1\n", "t.log", {});
    EXPECT_FALSE(none.judged);
    EXPECT_EQ(none.exit_status(), 2);
    EXPECT_TRUE(has(none, "side-declaration", 1)) << dump(none);

    const Report three = check_text("game cnc-napoleonics\nside French\nside British\nside Prussian\nturn 1\n", "t.log", {});
    EXPECT_EQ(three.exit_status(), 2);
    EXPECT_TRUE(has(three, "side-declaration", 4)) << dump(three);

    const Report twice = check_text("game cnc-napoleonics\nside French\nside french\nturn 1\n", "t.log", {});
    EXPECT_EQ(twice.exit_status(), 2);
    EXPECT_TRUE(has(twice, "side-declaration", 3)) << dump(twice);

    const Report reserved = check_text("game cnc-napoleonics\nside French\nside any\nturn 1\n", "t.log", {});
    EXPECT_EQ(reserved.exit_status(), 2);
    EXPECT_TRUE(has(reserved, "side-declaration", 3)) << dump(reserved);
}

TEST(Banners, TheFirstPhaseRecordsSideMovesFirstAndTheSidesAlternate) {
    Game g = base({"target French 9", "target British 9"});
    g.add("turn 1");
    g.add("phase British command");  // British move first in this game
    g.add("move B1 0706 0705");
    g.add("turn 2");
    const std::uint32_t wrong = g.add("phase British movement");  // turn 2 is the French turn
    g.add("turn 3");
    g.add("phase British movement");
    g.add("move B1 0705 0605");
    const Report r = check(g);
    EXPECT_TRUE(has(r, "turn-order", wrong)) << dump(r);
    EXPECT_EQ(count_code(r, "turn-order"), 1) << dump(r);
    EXPECT_EQ(count_code(r, "not-phasing"), 0) << dump(r);
    EXPECT_EQ(count_code(r, "wrong-phase"), 1) << dump(r);  // turn 1's move came in the command phase
}

TEST(Banners, NoTurnLimit) {
    Game g = base({"target French 9"});
    for (int t = 1; t <= 40; ++t) g.add("turn " + std::to_string(t));
    const Report r = check(g);
    EXPECT_EQ(count_code(r, "turn-limit"), 0) << dump(r);
    EXPECT_FALSE(r.complete);  // nobody reached a target: the log stops before the game is over
    EXPECT_EQ(count_code(r, "incomplete"), 1);
}

TEST(Banners, PhasesComeInTheOrderCommandOrderMovementCombatDraw) {
    Game g = base({"target French 9"});
    g.add("turn 1");
    g.add("phase French command");
    g.add("phase French order");
    g.add("phase French movement");
    g.add("phase French combat");
    g.add("phase French draw");
    g.add("turn 2");
    g.add("phase British combat");
    const std::uint32_t back = g.add("phase British movement");
    const Report r = check(g);
    EXPECT_TRUE(has(r, "turn-order", back)) << dump(r);
    EXPECT_EQ(count_code(r, "turn-order"), 1) << dump(r);
}

// --- temporary (B3) ---------------------------------------------------------------------------

TEST(Banners, Temporary_GainedTheMomentOccupiedLostInTheOpponentsTurn) {
    Game g = base({"objective temporary French 0605", "target French 9"});
    g.add("turn 1");
    g.add("phase French movement");
    const std::uint32_t in = g.add("move F1 0504 0605");
    g.add("turn 2");
    g.add("phase British combat");
    g.add("combat B1 vs F1 roll 5");
    const std::uint32_t out = g.add("retreat F1 0605 0604");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "French", "temporary", in, out));
    EXPECT_EQ(total(r, "French"), 0);
}

TEST(Banners, Temporary_PassingThroughGainsNothing) {
    Game g = base({"objective temporary French 0605", "target French 9"});
    g.add("turn 1");
    g.add("phase French movement");
    g.add("move F1 0504 0605 0606");
    const Report r = check(g);
    EXPECT_TRUE(banners(r, "French", "temporary").empty()) << dump(r);
}

TEST(Banners, Temporary_OnlyTheSideItCountsFor) {
    Game g = base({"objective temporary French 0605", "target British 9"});
    g.add("turn 1");
    g.add("phase French movement");
    g.add("turn 2");
    g.add("phase British movement");
    g.add("move B1 0706 0705 0605");
    const Report r = check(g);
    EXPECT_TRUE(r.banners.empty()) << dump(r);
}

TEST(Banners, Temporary_AnySideChangesHandsAtTheExactRecords) {
    Game g = base({"objective temporary any 0605", "target French 9"});
    g.add("turn 1");
    g.add("phase French movement");
    const std::uint32_t f_in = g.add("move F1 0504 0605");
    g.add("turn 2");
    g.add("phase British combat");
    const std::uint32_t f_out = g.add("eliminate F1");
    const std::uint32_t b_in = g.add("advance B1 0706 0705 0605");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "French", "temporary", f_in, f_out));
    EXPECT_TRUE(episode(r, "British", "temporary", b_in, 0));
    EXPECT_EQ(total(r, "British"), 2);  // the banner and F1's elimination (B2)
}

TEST(Banners, Temporary_AUnitStandingThereWhenPlayBeginsHoldsIt) {
    Game g = base({"unit F9 French infantry 2 at 0605", "objective temporary French 0605", "target French 9"});
    const std::uint32_t turn1 = g.add("turn 1");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "French", "temporary", turn1, 0));
}

TEST(Banners, TemporaryGroup_KeptWhileAnyHexIsHeldLostWhenNone) {
    Game g = base({"objective temporary-group French 0605,0705", "target French 9"});
    g.add("turn 1");
    g.add("phase French movement");
    const std::uint32_t in = g.add("move F1 0504 0605");
    g.add("move F2 0604 0705");
    g.add("turn 2");
    g.add("phase British combat");
    g.add("retreat F1 0605 0504");  // F2 still holds 0705
    const std::uint32_t out = g.add("lose F2 4");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "French", "temporary-group", in, out));
}

// --- start-turn temporary (B3) ----------------------------------------------------------------

TEST(Banners, StartTurnTemporary_GainedAtTheStartOfItsSidesTurnLostTheMomentVacated) {
    Game g = base({"objective start-turn-temporary French 0605", "target French 9"});
    g.add("turn 1");
    g.add("phase French movement");
    g.add("move F1 0504 0605");  // occupied, but not at the start of a French turn
    g.add("turn 2");
    g.add("phase British movement");
    g.add("turn 3");
    const std::uint32_t start = g.add("phase French command");
    g.add("turn 4");
    g.add("phase British combat");
    const std::uint32_t out = g.add("lose F1 4");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "French", "start-turn-temporary", start, out));
}

TEST(Banners, StartTurnTemporary_TakenAndLostBeforeItsSidesTurnGivesNothing) {
    Game g = base({"objective start-turn-temporary French 0605", "target French 9"});
    g.add("turn 1");
    g.add("phase French movement");
    g.add("move F1 0504 0605");
    g.add("turn 2");
    g.add("phase British combat");
    g.add("retreat F1 0605 0504");
    g.add("turn 3");
    g.add("phase French command");
    const Report r = check(g);
    EXPECT_TRUE(banners(r, "French", "start-turn-temporary").empty()) << dump(r);
    EXPECT_EQ(total(r, "French"), 0);
}

TEST(Banners, StartTurnTemporary_TheOtherSidesTurnStartDoesNotCount) {
    Game g = base({"objective start-turn-temporary French 0605", "target French 9"});
    g.add("turn 1");
    g.add("phase French movement");
    g.add("move F1 0504 0605");
    g.add("turn 2");
    g.add("phase British command");
    const Report r = check(g);
    EXPECT_TRUE(r.banners.empty()) << dump(r);
}

TEST(Banners, StartTurnTemporaryGroup_AnyHexAtTheStartThenNoneLosesIt) {
    Game g = base({"objective start-turn-temporary-group French 0605,0705", "target French 9"});
    g.add("turn 1");
    g.add("phase French movement");
    g.add("move F2 0604 0705");
    g.add("turn 2");
    g.add("phase British movement");
    g.add("turn 3");
    const std::uint32_t start = g.add("phase French order");
    g.add("phase French movement");
    g.add("move F1 0504 0605");
    g.add("turn 4");
    g.add("phase British combat");
    g.add("retreat F2 0705 0704");
    const std::uint32_t out = g.add("retreat F1 0605 0604");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "French", "start-turn-temporary-group", start, out));
}

// --- majority (B5) ----------------------------------------------------------------------------

TEST(Banners, Majority_OneToNoneAtTheStartOfTheTurn) {
    Game g = base({"objective majority any 0605,0705,0805", "target French 9"});
    g.add("turn 1");
    g.add("phase French movement");
    g.add("move F1 0504 0605");
    g.add("turn 2");
    g.add("phase British command");  // British hold none: no banner for them
    g.add("turn 3");
    const std::uint32_t start = g.add("phase French command");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "French", "majority", start, 0));
    EXPECT_TRUE(banners(r, "British", "majority").empty()) << dump(r);
}

TEST(Banners, Majority_EqualHoldingsGiveNoneAndLosingTheMajorityLosesIt) {
    Game g = base({"objective majority any 0605,0705,0805", "target French 9"});
    g.add("turn 1");
    g.add("phase French movement");
    g.add("move F1 0504 0605");
    g.add("turn 2");
    g.add("phase British movement");
    g.add("move B2 0806 0805");  // 1 to 1
    g.add("turn 3");
    g.add("phase French command");  // no majority: nothing
    g.add("phase French movement");
    g.add("move F2 0604 0705");  // 2 to 1, judged at the next French turn start
    g.add("turn 4");
    g.add("phase British command");
    g.add("turn 5");
    const std::uint32_t start = g.add("phase French command");
    g.add("turn 6");
    g.add("phase British combat");
    const std::uint32_t out = g.add("retreat F2 0705 0704");  // 1 to 1 again
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "French", "majority", start, out));
    EXPECT_TRUE(banners(r, "British", "majority").empty()) << dump(r);
}

// --- permanent --------------------------------------------------------------------------------

TEST(Banners, Permanent_GainedOnEntryEvenPassingThroughAndNeverLost) {
    Game g = base({"objective permanent French 0605", "target French 9"});
    g.add("turn 1");
    g.add("phase French movement");
    const std::uint32_t in = g.add("move F1 0504 0605 0606");
    g.add("turn 2");
    g.add("phase British movement");
    g.add("move B1 0706 0705 0605");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "French", "permanent", in, 0));
    EXPECT_TRUE(banners(r, "British", "permanent").empty()) << dump(r);
    EXPECT_EQ(total(r, "French"), 1);
}

TEST(Banners, Permanent_StandingThereAtSetUpIsNotAnEntry) {
    Game g = base({"unit F9 French infantry 2 at 0605", "objective permanent French 0605", "target French 9"});
    g.add("turn 1");
    g.add("phase French movement");
    const Report r = check(g);
    EXPECT_TRUE(r.banners.empty()) << dump(r);
}

TEST(Banners, StartTurnPermanent_GainedAtTheTurnStartAndKeptAfterLeaving) {
    Game g = base({"objective start-turn-permanent British 0605", "target British 9"});
    g.add("turn 1");
    g.add("phase French movement");
    g.add("turn 2");
    g.add("phase British movement");
    g.add("move B1 0706 0705 0605");
    g.add("turn 3");
    g.add("phase French combat");
    g.add("retreat B1 0605 0705");
    g.add("turn 4");
    g.add("phase British command");  // not there at the start of this turn: nothing
    g.add("phase British movement");
    g.add("move B1 0705 0605");
    g.add("turn 5");
    g.add("phase French command");
    g.add("turn 6");
    const std::uint32_t start = g.add("phase British command");
    g.add("phase British movement");
    g.add("move B1 0605 0705");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "British", "start-turn-permanent", start, 0));
    EXPECT_EQ(total(r, "British"), 1);
}

// --- last to occupy (B6) ----------------------------------------------------------------------

TEST(Banners, LastToOccupy_TheLastSideToEnterHoldsIt) {
    Game g = base({"objective last-to-occupy any 0605", "target French 9"});
    g.add("turn 1");
    g.add("phase French movement");
    const std::uint32_t f_in = g.add("move F1 0504 0605 0606");  // passing through counts (G1)
    g.add("turn 2");
    g.add("phase British movement");
    const std::uint32_t b_in = g.add("move B1 0706 0705 0605");
    g.add("move B1 0605 0505");  // leaving does not lose it
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "French", "last-to-occupy", f_in, b_in));
    EXPECT_TRUE(episode(r, "British", "last-to-occupy", b_in, 0));
}

TEST(Banners, LastToOccupy_OfOneSideIsOnlyLostToTheOther) {
    Game g = base({"objective last-to-occupy French 0605", "target French 9"});
    g.add("turn 1");
    g.add("phase French movement");
    const std::uint32_t f_in = g.add("move F1 0504 0605");
    g.add("move F1 0605 0505");
    g.add("turn 2");
    g.add("phase British movement");
    const std::uint32_t b_in = g.add("move B1 0706 0705 0605");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "French", "last-to-occupy", f_in, b_in));
    EXPECT_TRUE(banners(r, "British", "last-to-occupy").empty()) << dump(r);
}

// --- held at the start, several banners -------------------------------------------------------

TEST(Banners, HeldBy_CountsFromTheStart) {
    Game g = base({"objective last-to-occupy any 0605 held-by British", "target British 1"});
    const std::uint32_t obj = 13;
    const std::uint32_t turn1 = g.add("turn 1");
    g.add("phase French movement");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "British", "last-to-occupy", obj, 0));
    // The target is reached when play begins (banners are counted from the first turn record).
    EXPECT_EQ(r.result.winner, "British");
    EXPECT_EQ(r.result.line, turn1);
    EXPECT_TRUE(has(r, "after-end", turn1 + 1)) << dump(r);
}

TEST(Banners, HeldBy_ATemporaryBannerWithNobodyInItIsLostWhenPlayBegins) {
    Game g = base({"objective temporary any 0605 held-by British", "target British 9"});
    const std::uint32_t turn1 = g.add("turn 1");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "British", "temporary", 13, turn1));
}

TEST(Banners, HeldBy_MustBeASideTheObjectiveCountsFor) {
    Game g = base({"objective temporary French 0605 held-by British", "target British 9"});
    g.add("turn 1");
    const Report r = check(g);
    EXPECT_EQ(r.exit_status(), 2) << dump(r);
    EXPECT_TRUE(has(r, "bad-value", 13)) << dump(r);
}

TEST(Banners, AnObjectiveWorthSeveralBanners) {
    Game g = base({"objective permanent French 0605 banners 2", "target French 2"});
    g.add("turn 1");
    g.add("phase French movement");
    const std::uint32_t in = g.add("move F1 0504 0605");
    const Report r = check(g);
    EXPECT_EQ(total(r, "French"), 2) << dump(r);
    EXPECT_EQ(r.result.winner, "French");
    EXPECT_EQ(r.result.level, "sudden death");
    EXPECT_EQ(r.result.line, in);
}

// --- B4: the same-phase re-occupation note ----------------------------------------------------

TEST(Banners, B4_ReoccupiedLaterInTheSameMovementPhaseIsKept) {
    Game g = base({"unit B9 British infantry 2 at 0605", "objective temporary British 0605 held-by British", "target British 9"});
    g.add("turn 1");
    g.add("phase French movement");
    g.add("turn 2");
    g.add("phase British movement");
    g.add("move B9 0605 0505");
    g.add("move B1 0706 0705 0605");
    g.add("phase British combat");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "British", "temporary", 14, 0));
    ASSERT_EQ(banners(r, "British", "temporary").size(), 1u);
    EXPECT_NE(banners(r, "British", "temporary")[0]->note.find("B4"), std::string::npos) << dump(r);
    EXPECT_EQ(total(r, "British"), 1);
}

TEST(Banners, B4_TheBannerDoesNotCountWhileTheHexIsEmpty) {
    // British need 2: the held banner and an awarded one. While 0605 is empty the award makes only
    // 1 counted banner; when B1 re-enters, the count is 2 and the British win there.
    Game g = base({"unit B9 British infantry 2 at 0605", "objective temporary British 0605 held-by British", "target British 2"});
    g.add("turn 1");
    g.add("phase French movement");
    g.add("turn 2");
    g.add("phase British movement");
    g.add("move B9 0605 0505");
    g.add("award British 1 \"Ney's horse lost (house rule)\"");
    const std::uint32_t back = g.add("move B1 0706 0705 0605");
    const Report r = check(g);
    EXPECT_EQ(r.result.winner, "British") << dump(r);
    EXPECT_EQ(r.result.line, back) << dump(r);
}

TEST(Banners, B4_StillEmptyAtTheEndOfThePhaseIsLostFromTheRecordThatEmptiedIt) {
    Game g = base({"unit B9 British infantry 2 at 0605", "objective temporary British 0605 held-by British", "target British 9"});
    g.add("turn 1");
    g.add("phase French movement");
    g.add("turn 2");
    g.add("phase British movement");
    const std::uint32_t out = g.add("move B9 0605 0505");
    g.add("move B1 0706 0705");
    g.add("phase British combat");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "British", "temporary", 14, out));
    EXPECT_EQ(total(r, "British"), 0);
}

TEST(Banners, B4_OnlyInTheSidesOwnMovementPhase) {
    // Emptied by a retreat in the other side's combat phase: lost at once, no B4.
    Game g = base({"unit B9 British infantry 2 at 0605", "objective temporary British 0605 held-by British", "target British 9"});
    g.add("turn 1");
    g.add("phase French combat");
    const std::uint32_t out = g.add("retreat B9 0605 0705");
    const std::uint32_t back = g.add("advance B9 0705 0605");  // occupied again: a new banner, from here
    const Report r = check(g);
    const auto b = banners(r, "British", "temporary");
    ASSERT_EQ(b.size(), 2u) << dump(r);
    ASSERT_TRUE(b[0]->lost_line) << dump(r);
    EXPECT_EQ(*b[0]->lost_line, out);
    EXPECT_TRUE(b[0]->note.empty()) << dump(r);
    EXPECT_EQ(b[1]->gained_line, back);
    EXPECT_FALSE(b[1]->lost_line);
}

// --- banners for eliminations (B2) ------------------------------------------------------------

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

// --- sudden death (B1) ------------------------------------------------------------------------

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

// --- malformed objectives and targets: no verdict (exit status 2) -----------------------------

TEST(Banners, MalformedObjectivesCannotBeJudged) {
    for (const std::string bad : {"objective temporary French 0605,0705", "objective permanent Prussian 0605",
                                  "objective majority any 0605,9999", "objective temporary any 0605 banners 0",
                                  "objective last-to-occupy any 0605 held-by Austrians", "target Prussian 3", "target French 0"}) {
        Game g = base({bad});
        g.add("turn 1");
        const Report r = check(g);
        EXPECT_EQ(r.exit_status(), 2) << bad << dump(r);
        EXPECT_FALSE(r.result.winner) << bad;
        ASSERT_FALSE(r.violations.empty()) << bad;
        EXPECT_EQ(r.violations[0].line, 13u) << bad << dump(r);
    }
}

TEST(Banners, ObjectiveRecordsHaveNoMeaningInAPointsGame) {
    const Report r = check_text("game maryes-heights\nobjective temporary Union 1113\ntarget Union 3\nturn 1\n", "t.log", {});
    EXPECT_TRUE(has(r, "not-in-scenario", 2)) << dump(r);
    EXPECT_TRUE(has(r, "not-in-scenario", 3)) << dump(r);
}

// --- a battle as its own scenario file (extends cnc-napoleonics) -----------------------------

TEST(Banners, ABattleFileGivesTheSidesObjectivesAndTargets) {
    // samples/scenarios/cnc-test-battle.xml: French and Allied; the farm 0605 (temporary, any side,
    // held by the Allies, whose garrison stands there); the ridge road 0806 (permanent, French, 2
    // banners); targets French 3, Allied 2.
    Game g;
    g.add("game " + std::string(REFEREE_SOURCE_DIR) + "/samples/scenarios/cnc-test-battle.xml");
    g.add("turn 1");
    g.add("phase French combat");
    g.add("combat F1,F2 vs Farm roll 6 6");
    const std::uint32_t farm = g.add("eliminate Farm");  // the garrison gives no banner; the farm's banner is lost
    const std::uint32_t take = g.add("advance F2 0604 0605");
    g.add("turn 2");
    g.add("phase Allied movement");
    g.add("turn 3");
    g.add("phase French movement");
    const std::uint32_t road = g.add("move F2 0605 0705 0805 0806");
    const Report r = check(g);
    ASSERT_TRUE(r.judged) << dump(r);
    EXPECT_EQ(r.scenario, "cnc-test-battle");
    EXPECT_TRUE(episode(r, "Allied", "temporary", 0, farm));
    EXPECT_TRUE(banners(r, "French", "elimination").empty()) << dump(r);
    // The French take the farm at `take` and keep it until F2 leaves it in their own movement
    // phase (B4: lost at the end of the phase, dated at `road`); the ridge road gives 2 at `road`.
    const auto fb = banners(r, "French", "temporary");
    ASSERT_EQ(fb.size(), 1u) << dump(r);
    EXPECT_EQ(fb[0]->gained_line, take);
    EXPECT_TRUE(episode(r, "French", "permanent", road, 0));
    EXPECT_EQ(total(r, "French"), 2) << dump(r);  // the farm does not count while empty (B4)
    EXPECT_FALSE(r.result.winner) << dump(r);
}

TEST(Banners, AnXmlSaveDeclaresItsSidesObjectivesAndTargetsToo) {
    const std::string save = R"(<?xml version="1.0" encoding="UTF-8"?>
<referee-save format="1" scenario="cnc-napoleonics">
  <side name="French"/>
  <side name="British"/>
  <unit id="F1" side="French" type="infantry" strength="4" at="0504"/>
  <unit id="B1" side="British" type="infantry" strength="1" at="0706"/>
  <objective kind="start-turn-temporary-group" side="French" locs="0605,0705" banners="2"/>
  <target side="French" n="3"/>
  <target side="British" n="4"/>
  <log>
    <turn n="1"/>
    <phase side="French" name="movement"/>
    <move unit="F1" path="0504 0605"/>
    <turn n="2"/>
    <phase side="British" name="combat"/>
    <turn n="3"/>
    <phase side="French" name="command"/>
    <phase side="French" name="combat"/>
    <lose unit="B1" n="1"/>
    <claim winner="French" level="sudden death"/>
  </log>
</referee-save>
)";
    const Report r = check_text(save, "game.xml", CheckOptions{});
    ASSERT_TRUE(r.judged) << dump(r);
    EXPECT_TRUE(episode(r, "French", "start-turn-temporary-group", 17, 0));
    EXPECT_EQ(r.result.winner, "French") << dump(r);
    EXPECT_EQ(r.result.level, "sudden death");
    EXPECT_EQ(r.result.line, 19u);
    EXPECT_EQ(r.exit_status(), 0) << dump(r);
}

TEST(Banners, B4_AConcessionInsideThePhaseLeavesTheBannerUncountedAndSaysSo) {
    Game g = base({"unit B9 British infantry 2 at 0605", "objective temporary British 0605 held-by British", "target British 9"});
    g.add("turn 1");
    g.add("phase French movement");
    g.add("turn 2");
    g.add("phase British movement");
    g.add("move B9 0605 0505");
    g.add("concede French");
    const Report r = check(g);
    EXPECT_EQ(r.result.winner, "British");
    EXPECT_EQ(total(r, "British"), 0) << dump(r);
    const auto b = banners(r, "British", "temporary");
    ASSERT_EQ(b.size(), 1u) << dump(r);
    EXPECT_NE(b[0]->note.find("not counted"), std::string::npos) << dump(r);
}

TEST(Banners, ASaveWithoutItsLogAndAMalformedObjectiveCannotBeJudgedEither) {
    const std::string save = R"(<referee-save format="1" scenario="cnc-napoleonics">
<side name="French"/><side name="British"/>
<objective kind="temporary" side="Prussians" locs="0605"/>
<snapshot turn="4"><score side="French" value="2"/></snapshot>
</referee-save>
)";
    const Report r = check_text(save, "game.xml", CheckOptions{});
    EXPECT_EQ(r.exit_status(), 2) << dump(r);
    EXPECT_TRUE(has(r, "unknown-side", 3)) << dump(r);
    EXPECT_FALSE(r.result.winner);
    EXPECT_FALSE(r.result.provisional);
}
