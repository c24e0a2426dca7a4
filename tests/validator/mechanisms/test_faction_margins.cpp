// Faction margins and ranking (validator/mechanisms/faction_margins.cpp; Liberty or Death): each
// faction's two conditions at a victory check (7.2: exceeded by more than 10, and the second
// margin; both must be positive, 7.1; the French need the Treaty, L3) and netted at the end (7.3,
// without the -10; positive margins not required); the ranking (7.1: the winning side's factions
// first by total, then the others; without the Treaty the French last; ties to Non-players, then
// Patriots, British, French, Indians).
#include "replay_support.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

using namespace referee;
using namespace referee::testing_support;

// --- the four factions' conditions (7.2) and their final margins (7.3) ---------------------------

TEST(LibertyOrDeath72, BritishSupportExceedsOppositionByMoreThanTenAndCrcExceedsCbc) {
    Game g = custom(2);
    g.add_all(kRoyalistMap);
    g.add("casualty Patriots continental 3");
    const auto check1 = g.round(1);
    const Report r = check(g);
    ASSERT_FALSE(r.margins.empty()) << dump(r);
    EXPECT_EQ(r.margins[0].line, check1);
    EXPECT_EQ(margins(r.margins[0], "British"), (std::vector<std::int64_t>{2, 3}));
    EXPECT_TRUE(margins_of(r.margins[0], "British")->passes);
    EXPECT_EQ(r.result.winner, "British") << dump(r);
    EXPECT_EQ(r.result.level, "victory check");
    EXPECT_EQ(r.result.line, check1);
}

TEST(LibertyOrDeath72, ExceedsByMoreThanTenMeansElevenOrMore) {
    // Support 10 (Massachusetts and Connecticut-Rhode Island active, Pennsylvania passive): fails.
    Game ten = custom(1);
    ten.add_all({"support Massachusetts active-support", "support \"Connecticut-Rhode Island\" active-support", "support Pennsylvania passive-support",
                 "casualty Patriots continental 1"});
    ten.add("turn 1");
    ten.add("phase victory-check");
    const Report r10 = check(ten);
    EXPECT_EQ(margins(r10.margins[0], "British"), (std::vector<std::int64_t>{0, 1})) << dump(r10);
    EXPECT_FALSE(margins_of(r10.margins[0], "British")->passes);
    // Support 11 (New Jersey passive as well): passes.
    Game eleven = custom(1);
    eleven.add_all({"support Massachusetts active-support", "support \"Connecticut-Rhode Island\" active-support", "support Pennsylvania passive-support",
                    "support \"New Jersey\" passive-support", "casualty Patriots continental 1"});
    eleven.add("turn 1");
    const auto line = eleven.add("phase victory-check");
    const Report r11 = check(eleven);
    EXPECT_EQ(margins(r11.margins[0], "British"), (std::vector<std::int64_t>{1, 1})) << dump(r11);
    EXPECT_EQ(r11.result.winner, "British");
    EXPECT_EQ(r11.result.line, line);
}

TEST(LibertyOrDeath71, BothConditionsMustHaveAPositiveMarginToWin) {
    // Support far ahead but CRC = CBC: the second margin is 0, not positive.
    Game g = custom(2);
    g.add_all(kRoyalistMap);
    g.round(1);
    g.add("turn 2");
    g.add("phase victory-check");
    g.add("phase support");
    const Report r = check(g);
    EXPECT_EQ(margins(r.margins[0], "British"), (std::vector<std::int64_t>{2, 0})) << dump(r);
    EXPECT_FALSE(margins_of(r.margins[0], "British")->passes);
    ASSERT_EQ(r.margins.size(), 3u);  // no winner at the checks: play went on to the final scoring
    EXPECT_EQ(r.margins[2].kind, "final");
}

TEST(LibertyOrDeath72, PatriotsOppositionExceedsSupportByMoreThanTenAndFortsPlusThreeExceedVillages) {
    Game g = custom(2);
    g.add_all(kRebelMap);
    g.add("place Indians village Quebec 2");
    g.add("place Indians village Northwest 2");  // villages 4
    g.add("place Patriots fort Virginia 2");     // forts 2: 2 + 3 - 4 = +1
    const auto line = g.round(1);
    const Report r = check(g);
    EXPECT_EQ(margins(r.margins[0], "Patriots"), (std::vector<std::int64_t>{2, 1})) << dump(r);
    EXPECT_EQ(r.result.winner, "Patriots");
    EXPECT_EQ(r.result.line, line);
    // One fort fewer: 1 + 3 - 4 = 0, no pass.
    Game h = custom(2);
    h.add_all(kRebelMap);
    h.add_all({"place Indians village Quebec 2", "place Indians village Northwest 2", "place Patriots fort Virginia 1"});
    h.round(1);
    const Report r2 = check(h);
    EXPECT_EQ(margins(r2.margins[0], "Patriots"), (std::vector<std::int64_t>{2, 0})) << dump(r2);
    EXPECT_FALSE(margins_of(r2.margins[0], "Patriots")->passes);
}

TEST(LibertyOrDeath72, FrenchOppositionAndCbcExceedsCrcAndTheTreatyMustHaveBeenPlayed) {
    // Without the Treaty the French meet both conditions but do not pass (the Patriots: 3 - 4 < 1).
    Game g = custom(3);
    g.add_all(kRebelMap);
    g.add_all({"casualty British regular 2", "place Indians village Quebec 2", "place Indians village Northwest 2"});
    const auto first = g.round(1);
    g.add("turn 2");
    const auto treaty = g.add("card 109 \"Treaty of Alliance\"");
    const auto second = g.add("phase victory-check");
    const Report r = check(g);
    ASSERT_GE(r.margins.size(), 2u) << dump(r);
    EXPECT_EQ(r.margins[0].line, first);
    EXPECT_EQ(margins(r.margins[0], "French"), (std::vector<std::int64_t>{2, 2}));
    EXPECT_FALSE(margins_of(r.margins[0], "French")->passes);
    EXPECT_FALSE(r.margins[0].treaty);
    EXPECT_TRUE(r.margins[1].treaty);
    EXPECT_TRUE(margins_of(r.margins[1], "French")->passes);
    EXPECT_EQ(r.result.winner, "French") << dump(r);
    EXPECT_EQ(r.result.line, second);
    EXPECT_TRUE(ruling_mentions(r, "line " + std::to_string(treaty)));
}

TEST(LibertyOrDeath72, IndiansSupportAndVillagesLessThreeExceedPatriotForts) {
    Game g = custom(2);
    g.add_all(kRoyalistMap);
    g.add_all({"place Indians village Quebec 2", "place Indians village Northwest 2", "place Indians village Southwest 1"});  // 5 - 3 - 1 = +1
    g.add("place Patriots fort Virginia");
    g.round(1);
    const Report r = check(g);
    EXPECT_EQ(margins(r.margins[0], "Indians"), (std::vector<std::int64_t>{2, 1})) << dump(r);
    EXPECT_EQ(r.result.winner, "Indians");
    EXPECT_EQ(r.result.level, "victory check");
}

TEST(LibertyOrDeath73, EachFactionsFinalMarginIsItsTwoConditionsNettedWithoutTheMinusTen) {
    // S 4, O 1, CBC 2, CRC 5, Patriot forts 1, villages 2.
    Game g = custom(1, {"param treaty-played yes"});
    g.add_all({"support Massachusetts active-support", "support Boston passive-opposition", "track cbc 2", "track crc 5",
               "place Patriots fort Virginia", "place Indians village Quebec 2"});
    g.add("turn 1");
    g.add("phase victory-check");
    const auto end = g.add("phase support");
    const Report r = check(g);
    ASSERT_EQ(r.margins.size(), 2u) << dump(r);
    const MarginCheck& f = r.margins[1];
    EXPECT_EQ(f.kind, "final");
    EXPECT_EQ(f.line, end);
    EXPECT_EQ(margins(f, "British"), (std::vector<std::int64_t>{3, 3}));    // S - O, CRC - CBC
    EXPECT_EQ(margins(f, "Patriots"), (std::vector<std::int64_t>{-3, 2}));  // O - S, forts + 3 - villages
    EXPECT_EQ(margins(f, "French"), (std::vector<std::int64_t>{-3, -3}));   // O - S, CBC - CRC
    EXPECT_EQ(margins(f, "Indians"), (std::vector<std::int64_t>{3, -2}));   // S - O, villages - 3 - forts
    EXPECT_EQ(total(r, "British"), 6);
    EXPECT_EQ(total(r, "Patriots"), -1);
    EXPECT_EQ(total(r, "French"), -6);
    EXPECT_EQ(total(r, "Indians"), 1);
    EXPECT_EQ(r.result.winner, "British");
    EXPECT_EQ(r.result.level, "final margins");
    EXPECT_EQ(r.result.ranking, (Ranking{"British", "Indians", "Patriots", "French"}));
    for (const auto& sc : r.scores)
        for (const auto& it : sc.items) EXPECT_EQ(it.rule, "7.3");
}

TEST(LibertyOrDeath73, PositiveMarginsAreNotRequiredAtTheEnd) {
    // British: S - O = +4 but CRC - CBC = -1; the highest total still wins.
    Game g = custom(1);
    g.add_all({"support Massachusetts active-support", "track cbc 1"});
    g.add("turn 1");
    g.add("phase victory-check");
    g.add("phase support");
    const Report r = check(g);
    EXPECT_EQ(margins(r.margins.back(), "British"), (std::vector<std::int64_t>{4, -1})) << dump(r);
    EXPECT_EQ(r.result.winner, "British");
    EXPECT_EQ(r.result.ranking, (Ranking{"British", "Indians", "Patriots", "French"}));
}

// --- 7.1: ranking --------------------------------------------------------------------------------

TEST(LibertyOrDeath71, TheWinningSidesFactionWithTheHigherMarginTakesFirst) {
    // Both Royalist factions pass; the Indians' total (2 + 2) beats the British (2 + 1).
    Game g = custom(2);
    g.add_all(kRoyalistMap);
    g.add_all({"casualty Patriots continental 1", "place Indians village Quebec 2", "place Indians village Northwest 2",
               "place Indians village Southwest 1"});
    g.round(1);
    const Report r = check(g);
    EXPECT_EQ(r.result.winner, "Indians") << dump(r);
    // The Rebellion: Patriots -22 + (3 - 5) = -24, French -22 - 1 = -23, but no Treaty: French last.
    EXPECT_EQ(r.result.ranking, (Ranking{"Indians", "British", "Patriots", "French"}));
}

TEST(LibertyOrDeath71, TheOtherSideIsRankedByItsMarginsThirdAndFourth) {
    // Treaty played. S 12, CBC 1, CRC 3: British (2, 2) = 4 pass. French (-22, 1 - 3) = -24.
    // Patriot forts 2, no villages: Patriots (-22, 2 + 3) = -17 take 3rd; Indians (2, -3 - 2) = -3 take 2nd.
    const std::vector<std::string> position = {"casualty British regular 1", "casualty Patriots continental 3"};
    Game g = custom(2, {"param treaty-played yes"});
    g.add_all(kRoyalistMap);
    g.add_all(position);
    g.add("place Patriots fort Virginia 2");
    g.round(1);
    const Report r = check(g);
    EXPECT_EQ(r.result.winner, "British") << dump(r);
    EXPECT_EQ(r.result.ranking, (Ranking{"British", "Indians", "Patriots", "French"}));
    // Six villages instead: Indians (2, 6 - 3) = 5 pass too and take 1st; Patriots (-22, 3 - 6) = -25 fall below the French.
    Game h = custom(2, {"param treaty-played yes"});
    h.add_all(kRoyalistMap);
    h.add_all(position);
    h.add_all({"place Indians village Quebec 2", "place Indians village Northwest 2", "place Indians village Southwest 2"});
    h.round(1);
    const Report r2 = check(h);
    EXPECT_EQ(r2.result.winner, "Indians") << dump(r2);
    EXPECT_EQ(r2.result.ranking, (Ranking{"Indians", "British", "French", "Patriots"}));
}

TEST(LibertyOrDeath71, WithoutTheTreatyTheFrenchComeLastEvenAsANonPlayer) {
    // The French have the best final total (O - S 4, CBC - CRC 5) but the Treaty was never played.
    Game g = custom(1, {"player British \"A\"", "player Patriots \"B\"", "player Indians \"C\""});
    g.add_all({"support Massachusetts active-opposition", "casualty British regular 5"});
    g.add("turn 1");
    g.add("phase victory-check");
    g.add("phase support");
    const Report r = check(g);
    EXPECT_EQ(total(r, "French"), 9) << dump(r);
    EXPECT_EQ(r.result.ranking.back(), "French");
    EXPECT_EQ(r.result.winner, "Patriots");  // 4 + 3 = 7
    EXPECT_TRUE(ruling_mentions(r, "the French come last and cannot win"));
}

TEST(LibertyOrDeath71, TiesGoToNonPlayersThenPatriotsBritishFrenchIndians) {
    // Final totals: British 0 + 3 = 3, Patriots 0 + 3 = 3 (forts 0, villages 0), French 0 + (3 - 3)... all built to tie.
    Game g = custom(1, {"param treaty-played yes"});
    g.add_all({"track crc 3"});
    g.add("turn 1");
    g.add("phase victory-check");
    g.add("phase support");
    const Report r = check(g);
    // British 0 + 3 = 3, Patriots 0 + 3 = 3, French 0 - 3 = -3, Indians 0 - 3 = -3.
    EXPECT_EQ(total(r, "British"), 3) << dump(r);
    EXPECT_EQ(total(r, "Patriots"), 3);
    EXPECT_EQ(r.result.ranking, (Ranking{"Patriots", "British", "French", "Indians"}));
    EXPECT_EQ(r.result.winner, "Patriots");
    EXPECT_TRUE(ruling_mentions(r, "tie at 3"));
    // A Non-player tied with a player ranks first: the British Non-player ahead of the Patriots.
    Game h = custom(1, {"param treaty-played yes", "player Patriots \"B\"", "player French \"C\"", "player Indians \"D\""});
    h.add("track crc 3");
    h.add("turn 1");
    h.add("phase victory-check");
    h.add("phase support");
    const Report r2 = check(h);
    EXPECT_EQ(r2.result.ranking, (Ranking{"British", "Patriots", "French", "Indians"})) << dump(r2);
    EXPECT_EQ(r2.result.winner, "British");
}
