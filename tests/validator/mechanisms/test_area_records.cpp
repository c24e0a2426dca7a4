// The area-records mechanism (validator/mechanisms/area_records.cpp, with the position it keeps,
// area_position.cpp; Liberty or Death): the scenarios' starting Support, Opposition, CBC and CRC;
// L1 (Active counts double, blockaded cities count 0, 1.6.1 zero-population spaces stay neutral,
// 1.9 blockades only of cities after the Treaty); L2 (casualties on CBC and CRC, not-casualty,
// 1.4 pieces a faction does not own, removing what is not there, derived and free tracks); every
// finding cites a rule.
#include "replay_support.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

using namespace referee;
using namespace referee::testing_support;

// --- the three scenarios -------------------------------------------------------------------------

TEST(LibertyOrDeathScenarios, PublishedStartingSupportAndOppositionTotals) {
    struct Case { const char* id; std::int64_t support, opposition, cbc, crc; bool treaty; };
    for (const Case& c : {Case{"liberty-or-death-1775", 4, 4, 0, 0, false}, Case{"liberty-or-death-1776", 3, 5, 1, 3, false},
                          Case{"liberty-or-death-1778", 17, 16, 10, 12, true}}) {
        Game g;
        g.add(std::string("game ") + c.id);
        g.add("turn 1");
        const auto line = g.add("phase victory-check");
        const Report r = check(g);
        ASSERT_EQ(r.margins.size(), 1u) << c.id << dump(r);
        EXPECT_EQ(r.margins[0].line, line);
        EXPECT_EQ(track(r.margins[0], "support"), c.support) << c.id;
        EXPECT_EQ(track(r.margins[0], "opposition"), c.opposition) << c.id;
        EXPECT_EQ(track(r.margins[0], "cbc"), c.cbc) << c.id;
        EXPECT_EQ(track(r.margins[0], "crc"), c.crc) << c.id;
        EXPECT_EQ(r.margins[0].treaty, c.treaty) << c.id;
    }
}

// --- L1: Support and Opposition totals -----------------------------------------------------------

TEST(LibertyOrDeathL1, ActiveCountsDoublePassiveOnceNeutralNothing) {
    Game g = custom(1, {});
    g.add_all({"support Massachusetts active-support", "support \"New Jersey\" passive-support", "support Virginia neutral",
               "support \"New York City\" active-opposition", "support Boston passive-opposition"});
    g.add("turn 1");
    g.add("phase victory-check");
    const Report r = check(g);
    ASSERT_FALSE(r.margins.empty()) << dump(r);
    EXPECT_EQ(track(r.margins[0], "support"), 2 * 2 + 1);
    EXPECT_EQ(track(r.margins[0], "opposition"), 2 * 2 + 1);
}

TEST(LibertyOrDeathL1, BlockadedCityCountsZeroUntilUnblockaded) {
    Game g = custom(3, {"param treaty-played yes"});
    g.add("support \"New York City\" active-support");
    g.add("turn 1");
    g.add("phase victory-check");
    g.add("blockade \"New York City\"");
    g.add("phase support");
    g.add("turn 2");
    g.add("phase victory-check");
    g.add("unblockade \"New York City\"");
    g.add("turn 3");
    g.add("phase victory-check");
    const Report r = check(g);
    ASSERT_GE(r.margins.size(), 3u) << dump(r);
    EXPECT_EQ(track(r.margins[0], "support"), 4);
    EXPECT_EQ(track(r.margins[1], "support"), 0);
    EXPECT_EQ(track(r.margins[2], "support"), 4);
    EXPECT_EQ(count_code(r, "blockade"), 0) << dump(r);
}

TEST(LibertyOrDeathL1, ZeroPopulationSpacesAreAlwaysNeutral) {
    Game g = custom(1);
    const auto bad = g.add("support Quebec active-support");
    g.add("turn 1");
    g.add("phase victory-check");
    const Report r = check(g);
    EXPECT_TRUE(has(r, "no-support", bad));
    EXPECT_EQ(find(r, "no-support")->rule, "1.6.1");
    EXPECT_EQ(track(r.margins[0], "support"), 0);
}

TEST(LibertyOrDeathL1, BlockadeOnlyOfACityAndOnlyAfterTheTreaty) {
    Game g = custom(1);
    g.add("support \"New York City\" active-support");
    g.add("turn 1");
    const auto early = g.add("blockade \"New York City\"");
    g.add("card 109 \"Treaty of Alliance\"");
    const auto colony = g.add("blockade Virginia");
    g.add("phase victory-check");
    const Report r = check(g);
    EXPECT_TRUE(has(r, "blockade", early)) << dump(r);
    EXPECT_TRUE(has(r, "blockade", colony)) << dump(r);
    EXPECT_EQ(find(r, "blockade")->rule, "1.9");
    EXPECT_EQ(track(r.margins[0], "support"), 4);  // the early blockade was not applied
}

// --- L2: casualties ------------------------------------------------------------------------------

TEST(LibertyOrDeathL2, BritishRegularsToriesAndFortsAddToCbc) {
    Game g = custom(1);
    g.add("place British regular Boston 3");
    g.add("place British fort Boston");
    g.add("turn 1");
    g.add("casualty British tory 2");
    g.add("remove British regular Boston 2 casualty");
    g.add("remove British fort Boston 1 casualty");
    g.add("remove British regular Boston 1");  // not a casualty: leaves the map, counts nothing
    g.add("phase victory-check");
    const Report r = check(g);
    EXPECT_EQ(track(r.margins[0], "cbc"), 5) << dump(r);
    EXPECT_EQ(track(r.margins[0], "crc"), 0);
    EXPECT_EQ(count_code(r, "not-casualty"), 0);
}

TEST(LibertyOrDeathL2, FrenchRegularsContinentalsAndPatriotFortsAddToCrc) {
    Game g = custom(1);
    g.add("place Patriots fort Virginia 2");
    g.add("turn 1");
    g.add("casualty French regular 2");
    g.add("casualty Patriots continental 3");
    g.add("remove Patriots fort Virginia 1 casualty");
    g.add("phase victory-check");
    const Report r = check(g);
    EXPECT_EQ(track(r.margins[0], "crc"), 6) << dump(r);
    EXPECT_EQ(track(r.margins[0], "cbc"), 0);
    EXPECT_EQ(track(r.margins[0], "patriot-forts"), 1);
}

TEST(LibertyOrDeathL2, MilitiaWarPartiesAndVillagesNeverCountNotCasualty) {
    Game g = custom(1);
    g.add("place Indians village Quebec 2");
    g.add("turn 1");
    const auto militia = g.add("casualty Patriots militia 2");
    const auto wp = g.add("casualty Indians war-party 1");
    const auto village = g.add("remove Indians village Quebec 1 casualty");
    g.add("phase victory-check");
    const Report r = check(g);
    EXPECT_TRUE(has(r, "not-casualty", militia));
    EXPECT_TRUE(has(r, "not-casualty", wp));
    EXPECT_TRUE(has(r, "not-casualty", village));
    EXPECT_EQ(find(r, "not-casualty")->rule, "L2");
    EXPECT_EQ(r.exit_status(), 1);
    EXPECT_EQ(track(r.margins[0], "cbc"), 0);
    EXPECT_EQ(track(r.margins[0], "crc"), 0);
    EXPECT_EQ(track(r.margins[0], "villages"), 1);  // the removed village still left the map
}

TEST(LibertyOrDeathL2, PiecesAFactionDoesNotOwnAndRemovingWhatIsNotThere) {
    Game g = custom(1);
    g.add("place British regular Boston 1");
    g.add("turn 1");
    const auto wrong = g.add("place Indians fort Quebec");
    const auto city = g.add("casualty French continental 1");
    const auto absent = g.add("remove British regular Boston 3 casualty");
    g.add("phase victory-check");
    const Report r = check(g);
    EXPECT_TRUE(has(r, "unknown-unit", wrong));
    EXPECT_TRUE(has(r, "unknown-unit", city));
    EXPECT_TRUE(has(r, "not-on-map", absent));
    EXPECT_EQ(track(r.margins[0], "cbc"), 1) << dump(r);  // only the one regular that was there
}

TEST(LibertyOrDeathL2, CasualtyTracksAreDerivedButSetUpBeforeTheFirstTurn) {
    Game g = custom(1);
    g.add("track cbc 4");
    g.add("track fni 1");
    g.add("turn 1");
    const auto late = g.add("track crc 9");
    const auto support = g.add("track support 20");
    const auto unknown = g.add("track cbs 2");
    g.add("phase victory-check");
    const Report r = check(g);
    EXPECT_EQ(track(r.margins[0], "cbc"), 4) << dump(r);
    EXPECT_EQ(track(r.margins[0], "crc"), 0);
    EXPECT_EQ(track(r.margins[0], "support"), 0);
    EXPECT_TRUE(has(r, "derived-track", late));
    EXPECT_TRUE(has(r, "derived-track", support));
    EXPECT_TRUE(has(r, "unknown-track", unknown));
}

// --- the report ----------------------------------------------------------------------------------

TEST(LibertyOrDeathReport, EveryScoreItemAndViolationCitesARule) {
    Game g = custom(2);
    g.add_all(kRoyalistMap);
    g.add("turn 1");
    g.add("casualty Patriots militia 1");
    g.add("support Quebec passive-support");
    g.add("blockade Virginia");
    g.add("track cbc 3");
    g.add("phase victory-check");
    const Report r = check(g);
    for (const auto& v : r.violations) EXPECT_FALSE(v.rule.empty()) << v.code;
    for (const auto& s : r.scores)
        for (const auto& it : s.items) EXPECT_FALSE(it.rule.empty());
    EXPECT_GE(r.violations.size(), 4u) << dump(r);
}
