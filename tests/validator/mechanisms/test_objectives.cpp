// The objectives mechanism (validator/mechanisms/objectives.cpp; Commands & Colors: Napoleonics):
// each objective kind's banner gained and lost at the exact record the seed and rulings B3-B7 say:
// temporary and temporary-group (B3), start-turn kinds (B3, G2), majority (B5), permanent,
// last to occupy (B6), the position when play begins, kind by kind, and held-by at the start (B7),
// several banners, B4's re-occupation in the same
// movement phase; objectives from a battle file and from a save; malformed objectives and targets
// (no verdict).
//
// The games are built line by line (Game::add returns the line number of the record it adds), so
// every assertion names the record at which something must happen.
#include "replay_support.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

using namespace referee;
using namespace referee::testing_support;

// --- temporary (B3) ------------------------------------------------------------------------------

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

// --- start-turn temporary (B3) -------------------------------------------------------------------

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

// --- majority (B5) -------------------------------------------------------------------------------

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

// --- permanent -----------------------------------------------------------------------------------

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

// --- last to occupy (B6) -------------------------------------------------------------------------

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

// --- the position when play begins (B7) ----------------------------------------------------------
// base(): F1 0504, F2 0604, F3 0404, Ney 0503 (French); B1 0706, B2 0806, B3 0906, Wel 0907, KGL 1005
// (British). The header's first extra record is line 13.

namespace {
// The one entry of that kind for that side, gained where the set-up gives it (B7).
bool gained_at_set_up(const Report& r, const std::string& side, const std::string& kind) {
    const auto b = banners(r, side, kind);
    return b.size() == 1 && b[0]->gained_at.find("stands on it at set-up (B7)") != std::string::npos;
}
}  // namespace

TEST(Banners, B7_ATemporaryObjectiveItsSideStandsOnIsGainedWhenPlayBegins) {
    Game g = base({"objective temporary French 0504", "objective temporary British 0604", "target French 9"});
    const std::uint32_t turn1 = g.add("turn 1");
    g.add("phase French movement");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "French", "temporary", turn1, 0));
    EXPECT_TRUE(gained_at_set_up(r, "French", "temporary")) << dump(r);
    EXPECT_TRUE(banners(r, "British", "temporary").empty()) << dump(r);  // F2, a French unit, stands on 0604
    EXPECT_EQ(total(r, "French"), 1);
}

TEST(Banners, B7_ATemporaryGroupIsGainedByAUnitInAnyOfItsHexes) {
    Game g = base({"objective temporary-group French 0605,0604,0705", "target French 9"});
    const std::uint32_t turn1 = g.add("turn 1");
    g.add("phase French movement");
    const std::uint32_t out = g.add("move F2 0604 0603");  // B4 keeps it to the end of the phase
    g.add("phase French combat");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "French", "temporary-group", turn1, out));
    EXPECT_TRUE(gained_at_set_up(r, "French", "temporary-group")) << dump(r);
}

TEST(Banners, B7_APermanentObjectiveItsSideStandsOnIsGainedWhenPlayBeginsAndKept) {
    Game g = base({"objective permanent French 0504", "target French 9"});
    const std::uint32_t turn1 = g.add("turn 1");
    g.add("phase French movement");
    g.add("move F1 0504 0505");  // leaving does not lose it
    g.add("turn 2");
    g.add("phase British combat");
    g.add("eliminate F1");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "French", "permanent", turn1, 0));
    EXPECT_TRUE(gained_at_set_up(r, "French", "permanent")) << dump(r);
    EXPECT_EQ(total(r, "French"), 1);
}

TEST(Banners, B7_APermanentBannerGainedAtSetUpCanReachTheTargetAtTheTurnRecord) {
    Game g = base({"objective permanent French 0504 banners 2", "target French 2"});
    const std::uint32_t turn1 = g.add("turn 1");
    g.add("phase French movement");
    const Report r = check(g);
    EXPECT_EQ(r.result.winner, "French") << dump(r);
    EXPECT_EQ(r.result.level, "sudden death");
    EXPECT_EQ(r.result.line, turn1);
    EXPECT_TRUE(has(r, "after-end", turn1 + 1)) << dump(r);
}

TEST(Banners, B7_APermanentObjectiveOfOneSideIsNotGainedByTheOthersUnit) {
    Game g = base({"objective permanent French 0706", "target French 9"});  // B1, British, stands on it
    g.add("turn 1");
    g.add("phase French combat");
    g.add("eliminate B1");
    const std::uint32_t in = g.add("advance F1 0504 0605 0705 0706");
    const Report r = check(g);
    EXPECT_TRUE(banners(r, "British", "permanent").empty()) << dump(r);
    EXPECT_TRUE(episode(r, "French", "permanent", in, 0));  // gained by entering, as before
    EXPECT_FALSE(gained_at_set_up(r, "French", "permanent"));
}

TEST(Banners, B7_APermanentObjectiveForEitherSideGoesToTheSideStandingOnIt) {
    Game g = base({"objective permanent any 0706", "target British 9"});
    const std::uint32_t turn1 = g.add("turn 1");
    g.add("phase French combat");
    g.add("eliminate B1");
    g.add("advance F1 0504 0605 0705 0706");  // the French enter: a permanent banner is not lost
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "British", "permanent", turn1, 0));
    EXPECT_TRUE(banners(r, "French", "permanent").empty()) << dump(r);
}

TEST(Banners, B7_AHeldByPermanentBannerStaysWithItsSide) {
    // Held by the British from the start; the French unit standing on it when play begins does not
    // take a banner that is never lost.
    Game g = base({"objective permanent any 0504 held-by British", "target British 9"});
    g.add("turn 1");
    g.add("phase French movement");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "British", "permanent", 13, 0));
    EXPECT_TRUE(banners(r, "French", "permanent").empty()) << dump(r);
}

TEST(Banners, B7_StartTurnObjectivesWaitForTheStartOfTheSidesFirstPlayerTurn) {
    // The British stand on all four at set-up; the French move first. Nothing is gained when play
    // begins nor at the start of the French player-turn; all four at the start of the British one.
    Game g = base({"objective start-turn-permanent British 0706", "objective start-turn-temporary British 0806",
                   "objective start-turn-temporary-group British 0905,0906", "objective majority any 0706,0806,0504",
                   "target British 9"});
    g.add("turn 1");
    g.add("phase French command");
    g.add("phase French movement");
    g.add("turn 2");
    const std::uint32_t start = g.add("phase British command");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "British", "start-turn-permanent", start, 0));
    EXPECT_TRUE(episode(r, "British", "start-turn-temporary", start, 0));
    EXPECT_TRUE(episode(r, "British", "start-turn-temporary-group", start, 0));
    EXPECT_TRUE(episode(r, "British", "majority", start, 0));  // 2 of the 3 hexes to 1
    EXPECT_TRUE(banners(r, "French", "majority").empty()) << dump(r);
    EXPECT_EQ(total(r, "British"), 4);
}

TEST(Banners, B7_AStartTurnObjectiveLeftBeforeItsSidesFirstPlayerTurnGivesNothing) {
    // F1 stands on both at set-up, but the British move first and F1 retreats out before the first
    // French player-turn begins.
    Game g = base({"objective start-turn-permanent French 0504", "objective start-turn-temporary French 0504", "target French 9"});
    g.add("turn 1");
    g.add("phase British combat");
    g.add("combat B1 vs F1 roll 6");
    g.add("retreat F1 0504 0505");
    g.add("turn 2");
    g.add("phase French command");
    const Report r = check(g);
    EXPECT_TRUE(r.banners.empty()) << dump(r);
}

TEST(Banners, B7_ALastToOccupyObjectiveGoesToTheSideStandingOnIt) {
    Game g = base({"objective last-to-occupy any 0706", "target French 9"});
    const std::uint32_t turn1 = g.add("turn 1");
    g.add("phase French movement");
    g.add("turn 2");
    g.add("phase British movement");
    g.add("move B1 0706 0705 0605");  // leaving does not lose it (B6)
    g.add("turn 3");
    g.add("phase French movement");
    const std::uint32_t in = g.add("move F2 0604 0705 0706");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "British", "last-to-occupy", turn1, in));
    EXPECT_TRUE(gained_at_set_up(r, "British", "last-to-occupy")) << dump(r);
    EXPECT_TRUE(episode(r, "French", "last-to-occupy", in, 0));
}

TEST(Banners, B7_ALastToOccupyObjectiveGoesToTheSideStandingOnItRatherThanToItsHeldBySide) {
    Game g = base({"objective last-to-occupy any 0706 held-by French", "target British 9"});
    const std::uint32_t turn1 = g.add("turn 1");
    g.add("phase French movement");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "French", "last-to-occupy", 13, turn1));
    const auto lost = banners(r, "French", "last-to-occupy");
    ASSERT_EQ(lost.size(), 1u);
    EXPECT_NE(lost[0]->lost_why.find("the British side stands on 0706 when play begins (B7)"), std::string::npos) << dump(r);
    EXPECT_TRUE(episode(r, "British", "last-to-occupy", turn1, 0));
    EXPECT_EQ(total(r, "French"), 0);
}

TEST(Banners, B7_ALastToOccupyObjectiveHeldByTheSideStandingOnItIsOneBanner) {
    Game g = base({"objective last-to-occupy any 0706 held-by British", "target British 9"});
    g.add("turn 1");
    g.add("phase French movement");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "British", "last-to-occupy", 13, 0));
    EXPECT_EQ(r.banners.size(), 1u) << dump(r);
}

TEST(Banners, B7_ALastToOccupyObjectiveOfOneSideIsNotGivenToTheOthersUnit) {
    Game g = base({"objective last-to-occupy French 0706", "objective last-to-occupy British 0706", "target French 9"});
    const std::uint32_t turn1 = g.add("turn 1");
    g.add("phase French movement");
    const Report r = check(g);
    EXPECT_TRUE(banners(r, "French", "last-to-occupy").empty()) << dump(r);
    EXPECT_TRUE(episode(r, "British", "last-to-occupy", turn1, 0));
}

TEST(Banners, B7_TwoSidesSetUpInOneHex) {
    // A set-up that puts both sides in one hex: the held-by side keeps what it holds; otherwise the
    // first side listed (the French) takes it, as for a temporary objective.
    Game g = base({"unit F9 French infantry 2 at 0706", "objective permanent any 0706", "objective last-to-occupy any 0706",
                   "objective last-to-occupy any 0706 banners 2 held-by British", "target British 9"});
    const std::uint32_t turn1 = g.add("turn 1");
    const Report r = check(g);
    EXPECT_TRUE(episode(r, "French", "permanent", turn1, 0));
    const auto french = banners(r, "French", "last-to-occupy");
    ASSERT_EQ(french.size(), 1u) << dump(r);
    EXPECT_EQ(french[0]->gained_line, turn1);
    EXPECT_EQ(french[0]->banners, 1);
    EXPECT_TRUE(episode(r, "British", "last-to-occupy", 16, 0));
}

// --- held at the start, several banners ----------------------------------------------------------

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

// --- B4: the same-phase re-occupation note -------------------------------------------------------

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

// --- malformed objectives and targets: no verdict (exit status 2) --------------------------------

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

// --- a battle as its own scenario file (extends cnc-napoleonics), and a save ---------------------

TEST(Banners, ABattleFileGivesTheSidesObjectivesAndTargets) {
    // samples/scenarios/cnc-test-battle.xml: French and Allied; the farm 0605 (temporary, any side,
    // held by the Allies, whose garrison stands there); the ridge road 0806 (permanent, French, 2
    // banners); targets French 3, Allied 2.
    Game g;
    g.add("game cnc-test-battle.xml");  // found in samples/scenarios/ (--scenario-path)
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
    CheckOptions o;
    o.scenario_path = {std::string(REFEREE_SOURCE_DIR) + "/samples/scenarios"};
    const Report r = check(g, o);
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
