// Liberty or Death: faction margins, Winter Quarters victory checks, ranking and ties, clause by
// clause of the seed (liberty-or-death-victory.txt: 7.1, 7.2, 7.3, with 8.8) and rulings L1-L6.
// Each test's name says the clause it checks.
//
// Most games start from `setup custom` (every space neutral, no pieces, tracks at 0, no Treaty) so
// that each test builds exactly the position it needs. Populations used (scenario files):
//   Massachusetts 2, Connecticut-Rhode Island 2, New York 2, Pennsylvania 2, Virginia 2 (colonies);
//   New Jersey 1 (colony); New York City 2, Boston 1 (cities); Quebec, Northwest 0 (reserves).
// Active counts double (L1): `active-support` in Massachusetts is 4 Support.
#include "check.hpp"
#include "report.hpp"
#include "report_matchers.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

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
    void add_all(const std::vector<std::string>& records) {
        for (const auto& r : records) add(r);
    }
    // One whole Winter Quarters round (not the last): its lines are returned, check first.
    std::uint32_t round(int n) {
        add("turn " + std::to_string(n));
        const std::uint32_t check = add("phase victory-check");
        for (const char* p : {"phase supply", "phase resources", "phase support", "phase redeployment", "phase desertion", "phase reset"}) add(p);
        return check;
    }
};

// A game of `scenario` from an empty position, `rounds` Winter Quarters rounds long.
Game custom(int rounds, const std::vector<std::string>& header = {}, const std::string& scenario = "liberty-or-death-1775") {
    Game g;
    g.add("game " + scenario);
    g.add("param winter-quarters " + std::to_string(rounds));
    g.add_all(header);
    g.add("setup custom");
    return g;
}

Report check(const Game& g, CheckOptions o = {}) { return check_text(g.text, "test.log", o); }

std::string dump(const Report& r) {
    std::string s = " winner=" + (r.result.winner ? *r.result.winner : std::string("null")) +
                    " level=" + (r.result.level ? *r.result.level : std::string("null"));
    for (const auto& v : r.violations) s += " [" + v.code + "@" + std::to_string(v.line) + ": " + v.message + "]";
    for (const auto& m : r.margins) {
        s += " {" + m.kind + "@" + std::to_string(m.line);
        for (const auto& f : m.factions) {
            s += " " + f.faction;
            for (auto x : f.margins) s += " " + std::to_string(x);
            if (f.passes) s += " passes";
        }
        s += "}";
    }
    for (const auto& ru : r.rulings) s += " <" + ru + ">";
    return s;
}

const FactionMargins* margins_of(const MarginCheck& m, const std::string& faction) {
    for (const auto& f : m.factions)
        if (f.faction == faction) return &f;
    return nullptr;
}
std::vector<std::int64_t> margins(const MarginCheck& m, const std::string& faction) {
    const auto* f = margins_of(m, faction);
    return f ? f->margins : std::vector<std::int64_t>{};
}
std::int64_t track(const MarginCheck& m, const std::string& name) {
    for (const auto& [n, v] : m.tracks)
        if (n == name) return v;
    return -999;
}
using Ranking = std::vector<std::string>;
bool ruling_mentions(const Report& r, const std::string& text) {
    for (const auto& ru : r.rulings)
        if (ru.find(text) != std::string::npos) return true;
    return false;
}

// Support 12 (three colonies of population 2 at Active Support), Opposition 0: S - O - 10 = +2.
const std::vector<std::string> kRoyalistMap = {"support Massachusetts active-support", "support \"Connecticut-Rhode Island\" active-support",
                                               "support \"New York\" active-support"};
// Opposition 12, Support 0.
const std::vector<std::string> kRebelMap = {"support Massachusetts active-opposition", "support \"Connecticut-Rhode Island\" active-opposition",
                                            "support \"New York\" active-opposition"};

// --- the three scenarios ------------------------------------------------------------------------

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

TEST(LibertyOrDeathScenarios, WinterQuartersRoundsSixFourThreeAndTheParameterOverrides) {
    struct Case { const char* id; int rounds; };
    for (const Case& c : {Case{"liberty-or-death-1775", 6}, Case{"liberty-or-death-1776", 4}, Case{"liberty-or-death-1778", 3}}) {
        Game g;
        g.add(std::string("game ") + c.id);
        for (int n = 1; n < c.rounds; ++n) g.round(n);
        g.add("turn " + std::to_string(c.rounds));
        g.add("phase victory-check");
        const auto support = g.add("phase support");
        const Report r = check(g);
        EXPECT_TRUE(r.complete) << c.id << dump(r);
        EXPECT_EQ(r.result.line, support) << c.id;
        ASSERT_FALSE(r.margins.empty());
        EXPECT_EQ(r.margins.back().kind, "final");
        EXPECT_EQ(r.margins.back().round, c.rounds);
        // One round fewer: the log stops before the game is over.
        CheckOptions o;
        o.params.emplace_back("winter-quarters", std::to_string(c.rounds + 1));
        const Report longer = check(g, o);
        EXPECT_FALSE(longer.complete) << c.id << dump(longer);
        EXPECT_EQ(count_code(longer, "incomplete"), 1);
    }
}

// --- L1: Support and Opposition totals ------------------------------------------------------------

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

// --- L2: casualties ---------------------------------------------------------------------------

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

// --- L4 and 7.2: when the check is made, and a pass ends the game there --------------------------

TEST(LibertyOrDeathL4, CheckAtEveryVictoryCheckPhaseAndPlayContinuesWithoutAWinner) {
    Game g = custom(3);
    const auto c1 = g.round(1);
    const auto c2 = g.round(2);
    g.add("turn 3");
    const auto c3 = g.add("phase victory-check");
    const auto last = g.add("phase support");
    const Report r = check(g);
    ASSERT_EQ(r.margins.size(), 4u) << dump(r);
    EXPECT_EQ(r.margins[0].line, c1);
    EXPECT_EQ(r.margins[1].line, c2);
    EXPECT_EQ(r.margins[2].line, c3);
    EXPECT_EQ(r.margins[2].round, 3);
    EXPECT_EQ(r.margins[3].kind, "final");
    EXPECT_EQ(r.result.line, last);
    EXPECT_TRUE(r.complete);
}

TEST(LibertyOrDeathL4, APassingCheckEndsTheGameAtThatRecord) {
    Game g = custom(3);
    g.add_all(kRoyalistMap);
    g.add("casualty Patriots continental 1");
    g.add("turn 1");
    const auto line = g.add("phase victory-check");
    const auto after = g.add("phase supply");
    const auto support = g.add("support Virginia active-opposition");
    const Report r = check(g);
    EXPECT_EQ(r.result.winner, "British");
    EXPECT_EQ(r.result.line, line);
    EXPECT_TRUE(has(r, "after-end", after)) << dump(r);
    EXPECT_TRUE(has(r, "after-end", support));
    EXPECT_EQ(r.margins.size(), 1u);
}

TEST(LibertyOrDeathL4, ARoundLoggedWithoutItsVictoryCheckPhaseIsCheckedAtItsFirstPhase) {
    Game g = custom(2);
    g.add_all(kRoyalistMap);
    g.add("casualty Patriots continental 1");
    g.add("turn 1");
    const auto supply = g.add("phase supply");
    const Report r = check(g);
    ASSERT_EQ(r.margins.size(), 1u) << dump(r);
    EXPECT_EQ(r.margins[0].line, supply);
    EXPECT_EQ(r.result.winner, "British");
    EXPECT_TRUE(ruling_mentions(r, "no victory-check phase record in game-turn 1"));
}

// --- 7.1: ranking after a win at a check ---------------------------------------------------------

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

// --- Non-players and "all players lose" (7.1, L5) ----------------------------------------------------

TEST(LibertyOrDeathL5, ANonPlayerPassingACheckMakesAllPlayersLose) {
    Game g = custom(3, {"player British \"A\"", "player Patriots \"B\"", "player French \"C\""});
    g.add_all(kRoyalistMap);
    g.add_all({"place Indians village Quebec 2", "place Indians village Northwest 2"});  // Indians: +2, +1; British: CRC = CBC
    g.add("turn 1");
    const auto line = g.add("phase victory-check");
    const auto later = g.add("phase supply");
    const Report r = check(g);
    EXPECT_EQ(r.result.winner, "Indians") << dump(r);
    EXPECT_EQ(r.result.level, "all players lose");
    EXPECT_EQ(r.result.line, line);
    EXPECT_EQ(r.result.ranking.front(), "Indians");
    EXPECT_TRUE(has(r, "after-end", later));
    EXPECT_TRUE(margins_of(r.margins[0], "Indians")->non_player);
    EXPECT_FALSE(margins_of(r.margins[0], "British")->non_player);
    EXPECT_EQ(margins_of(r.margins[0], "British")->player, "A");
}

TEST(LibertyOrDeathL5, NoPlayerRecordMeansFourPlayers) {
    Game g = custom(2);
    g.add_all(kRoyalistMap);
    g.add_all({"place Indians village Quebec 2", "place Indians village Northwest 2"});
    g.round(1);
    const Report r = check(g);
    EXPECT_EQ(r.result.winner, "Indians") << dump(r);
    EXPECT_EQ(r.result.level, "victory check");  // a player's win, not "all players lose"
    for (const auto& f : r.margins[0].factions) EXPECT_FALSE(f.non_player) << f.faction;
}

// --- one player running both factions of a side (7.2 combined victory, 7.3 the worse total) --------

TEST(LibertyOrDeath72Combined, APlayerRunningBothFactionsWinsOnlyWhenAllFourConditionsHold) {
    const std::vector<std::string> players = {"player British \"A\"", "player Indians \"A\"", "player Patriots \"B\"", "player French \"B\""};
    // British pass (CRC 1 > CBC 0); the Indians do not (no villages): no win, play goes on.
    Game g = custom(2, players);
    g.add_all(kRoyalistMap);
    g.add("casualty Patriots continental 1");
    g.round(1);
    const Report r = check(g);
    EXPECT_TRUE(margins_of(r.margins[0], "British")->passes) << dump(r);
    EXPECT_EQ(r.margins.size(), 1u);
    EXPECT_FALSE(r.complete);  // play went on; the log stops in round 2
    EXPECT_TRUE(ruling_mentions(r, "a combined victory needs all of both factions' conditions"));
    // With 4 villages the Indians pass too: a combined Royalist victory.
    Game h = custom(2, players);
    h.add_all(kRoyalistMap);
    h.add_all({"casualty Patriots continental 1", "place Indians village Quebec 2", "place Indians village Northwest 2"});
    const auto c = h.round(1);
    h.add("claim winner Royalist");
    const Report r2 = check(h);
    EXPECT_EQ(r2.result.level, "combined victory") << dump(r2);
    EXPECT_EQ(r2.result.line, c);
    EXPECT_EQ(r2.claims.size(), 1u);
    EXPECT_TRUE(r2.claims[0].agrees);
    EXPECT_EQ(count_code(r2, "unknown-side"), 0);
}

TEST(LibertyOrDeath73Combined, APlayerRunningBothFactionsRanksAtTheWorseOfTheTwoTotals) {
    // S 4, O 0, CBC 1, Patriot forts 3: British 4 - 1 = 3, Indians 4 + 0 - 3 - 3 = -2, Patriots -4 + 6 = 2, French -4 + 1 = -3.
    Game g = custom(1, {"player British \"A\"", "player Indians \"A\"", "player Patriots \"B\"", "player French \"C\""});
    g.add_all({"support Massachusetts active-support", "track cbc 1", "place Patriots fort Virginia 2", "place Patriots fort Pennsylvania"});
    g.add("turn 1");
    g.add("phase victory-check");
    g.add("phase support");
    const Report r = check(g);
    EXPECT_EQ(total(r, "British"), 3) << dump(r);
    EXPECT_EQ(total(r, "Patriots"), 2);
    EXPECT_EQ(r.result.winner, "Patriots");  // A's worse total is -2
    EXPECT_EQ(r.result.ranking, (Ranking{"Patriots", "British", "Indians", "French"}));
}

TEST(LibertyOrDeathL5, OneNameOnFactionsOfBothSidesCannotBeJudged) {
    Game g = custom(1, {"player British \"A\"", "player Patriots \"A\""});
    g.add("turn 1");
    const Report r = check(g);
    EXPECT_EQ(r.exit_status(), 2);
    ASSERT_NE(find(r, "side-declaration"), nullptr);
    EXPECT_EQ(find(r, "side-declaration")->line, 4u);
}

// --- 8.8: one-player victory -------------------------------------------------------------------

TEST(LibertyOrDeath88, TheLonePlayerNeverWinsAtAVictoryCheck) {
    Game g = custom(2, {"player British \"Solo\""});
    g.add_all(kRoyalistMap);
    g.add("casualty Patriots continental 1");
    const auto c1 = g.round(1);
    g.add("turn 2");
    g.add("phase victory-check");
    const auto end = g.add("phase support");
    const Report r = check(g);
    EXPECT_TRUE(margins_of(r.margins[0], "British")->passes) << dump(r);
    EXPECT_EQ(r.margins.size(), 3u);
    EXPECT_EQ(r.result.line, end);
    EXPECT_TRUE(ruling_mentions(r, "line " + std::to_string(c1) + "), but the lone player never wins"));
    // British 12 + 1 = 13, Indians 12 - 3 = 9: the player is above every Non-player.
    EXPECT_EQ(r.result.winner, "British");
    EXPECT_EQ(r.result.level, "one-player victory");
}

TEST(LibertyOrDeath88, ANonPlayerPassingStillEndsTheGame) {
    Game g = custom(2, {"player British \"Solo\""});
    g.add_all(kRoyalistMap);
    g.add_all({"place Indians village Quebec 2", "place Indians village Northwest 2"});
    const auto c1 = g.round(1);
    const Report r = check(g);
    EXPECT_EQ(r.result.winner, "Indians") << dump(r);
    EXPECT_EQ(r.result.level, "all players lose");
    EXPECT_EQ(r.result.line, c1);
}

TEST(LibertyOrDeath88, ATieWithTheBestNonPlayerLosesAndNonPlayersTieInTheOnePlayerOrder) {
    // British 4 + 0 = 4, Indians 4 + 3 - 3 = 4: the tie goes to the Non-player.
    Game g = custom(1, {"player British \"Solo\""});
    g.add_all({"support Massachusetts active-support", "place Indians village Quebec 2", "place Indians village Northwest 1"});
    g.add("turn 1");
    g.add("phase victory-check");
    g.add("phase support");
    const Report r = check(g);
    EXPECT_EQ(total(r, "British"), 4) << dump(r);
    EXPECT_EQ(total(r, "Indians"), 4);
    EXPECT_EQ(r.result.winner, "Indians");
    EXPECT_EQ(r.result.level, "Non-player victory");
    // Non-players tied at the top: French before Patriots in 8.8's order (the general order is the reverse).
    Game h = custom(1, {"player British \"Solo\"", "param treaty-played yes"});
    h.add("track cbc 3");
    h.add("turn 1");
    h.add("phase victory-check");
    h.add("phase support");
    const Report r2 = check(h);
    EXPECT_EQ(total(r2, "French"), 3) << dump(r2);
    EXPECT_EQ(total(r2, "Patriots"), 3);
    EXPECT_EQ(r2.result.winner, "French");
    EXPECT_EQ(r2.result.level, "Non-player victory");
}

TEST(LibertyOrDeath88, ALonePlayerRunningTwoFactionsUsesTheLowerMargin) {
    // British 3, Indians 1 (played by Solo: 1); Patriots 2 (forts 1: -4 + 1 + 3 - 0... ) -- see below.
    Game g = custom(1, {"player British \"Solo\"", "player Indians \"Solo\""});
    g.add_all({"support Massachusetts active-support", "track cbc 1", "place Indians village Quebec 1"});
    // British 4 - 1 = 3; Indians 4 + 1 - 3 = 2; Patriots -4 + 3 - 1 = -2; French -4 + 1 = -3.
    g.add("turn 1");
    g.add("phase victory-check");
    g.add("phase support");
    const Report r = check(g);
    EXPECT_EQ(r.result.level, "one-player victory") << dump(r);
    EXPECT_TRUE(ruling_mentions(r, "lower margin 2"));
}

// --- L6 and 7.3: the final scoring ---------------------------------------------------------------

TEST(LibertyOrDeathL6, FinalScoringAfterTheLastRoundsSupportPhaseAndNothingAfterIt) {
    Game g = custom(2);
    g.round(1);
    g.add("turn 2");
    g.add("phase victory-check");
    g.add("phase support");
    const auto reward = g.add("support Massachusetts active-support");  // still in the support phase: counts
    const auto redeploy = g.add("phase redeployment");
    const Report r = check(g);
    EXPECT_EQ(r.result.line, reward) << dump(r);
    EXPECT_TRUE(has(r, "after-end", redeploy));
    EXPECT_EQ(track(r.margins.back(), "support"), 4);
    EXPECT_EQ(r.result.winner, "British");
}

TEST(LibertyOrDeathL6, AnEndRecordBeforeTheLastRoundIsScoredThereAndSaysSo) {
    Game g = custom(3);
    g.round(1);
    const auto end = g.add("end");
    const Report r = check(g);
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(r.result.line, end) << dump(r);
    EXPECT_EQ(r.margins.back().kind, "final");
    EXPECT_TRUE(ruling_mentions(r, "not after the support phase of Winter Quarters round 3"));
}

TEST(LibertyOrDeathL6, ALogThatStopsEarlyIsIncompleteWithAProvisionalStanding) {
    Game g = custom(3);
    g.add("support Massachusetts active-support");
    g.round(1);
    const Report r = check(g);
    EXPECT_FALSE(r.complete);
    EXPECT_FALSE(r.result.winner.has_value());
    ASSERT_TRUE(r.result.provisional.has_value());
    EXPECT_EQ(r.result.provisional->standing.rfind("British", 0), 0u) << r.result.provisional->standing;
}

TEST(LibertyOrDeathL6, AConcedingFactionComesLast) {
    Game g = custom(3);
    g.add("support Massachusetts active-support");
    g.add("turn 1");
    const auto line = g.add("concede British");
    const Report r = check(g);
    EXPECT_EQ(r.result.level, "concession") << dump(r);
    EXPECT_EQ(r.result.line, line);
    EXPECT_EQ(r.result.ranking.back(), "British");
    EXPECT_EQ(r.result.winner, "Indians");  // 4 - 3 = 1
}

// --- the report -----------------------------------------------------------------------------------

TEST(LibertyOrDeathReport, MarginsAtEveryCheckAndAtTheEndInTextAndJson) {
    Game g = custom(2, {"player British \"A\""});
    g.add("support Massachusetts active-support");
    g.round(1);
    g.add("turn 2");
    g.add("phase victory-check");
    g.add("phase support");
    const Report r = check(g);
    ASSERT_EQ(r.margins.size(), 3u);
    const std::string text = render_text(r);
    EXPECT_NE(text.find("  margins:\n    victory check, round 1"), std::string::npos) << text;
    EXPECT_NE(text.find("final scoring, round 2"), std::string::npos) << text;
    EXPECT_NE(text.find("British (A) -6, +0 = -6"), std::string::npos) << text;
    EXPECT_NE(text.find("Patriots (Non-player)"), std::string::npos) << text;
    EXPECT_NE(text.find("  ranking: British, Indians, Patriots, French"), std::string::npos) << text;
    const std::string json = render_json_one(r);
    EXPECT_NE(json.find("\"ranking\": [\n      \"British\""), std::string::npos) << json;
    EXPECT_NE(json.find("\"kind\": \"victory-check\""), std::string::npos);
    EXPECT_NE(json.find("\"non_player\": true"), std::string::npos);
    // Hex games carry no margins section.
    const Report hex = check_text("game maryes-heights\nturn 1\n", "m.log", CheckOptions{});
    EXPECT_EQ(render_json_one(hex).find("\"margins\""), std::string::npos);
}

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

TEST(LibertyOrDeathReport, AnXmlSaveSnapshotIsComparedTrackByTrack) {
    const std::string save = R"(<?xml version="1.0"?>
<referee-save format="1" scenario="liberty-or-death-1775">
  <log>
    <turn n="1"/>
    <casualty faction="British" piece="regular" count="2"/>
    <support space="Virginia" level="active-opposition"/>
  </log>
  <snapshot turn="1">
    <track name="cbc" value="2"/>
    <track name="opposition" value="9"/>
  </snapshot>
</referee-save>
)";
    const Report r = check_text(save, "s.xml", CheckOptions{});
    ASSERT_EQ(count_code(r, "snapshot-mismatch"), 1) << dump(r);
    EXPECT_EQ(find(r, "snapshot-mismatch")->line, 10u);  // opposition is 4 + 4 = 8
}

}  // namespace

namespace {

// The mechanisms are data: a scenario file of two factions scored on free tracks only, with no
// spaces on its map (and so no support, pieces or blockades), is checked and ranked the same way.
TEST(FactionMechanisms, FactionsScoredOnFreeTracksWithoutSpaces) {
    const std::string path = ::testing::TempDir() + "tracks-only.xml";
    {
        std::FILE* f = std::fopen(path.c_str(), "w");
        ASSERT_NE(f, nullptr);
        std::fputs(R"(<scenario format="1" id="tracks-only" title="Tracks Only" turns="2">
  <sides>
    <side name="Reds" group="East"/>
    <side name="Blues" group="West"/>
  </sides>
  <phases><phase name="check" kind="other"/><phase name="tally" kind="other"/></phases>
  <sequence><step side="none" phase="check"/><step side="none" phase="tally"/></sequence>
  <map><location name="Field"/></map>
  <tracks>
    <track name="red-vp" title="Red points" start="1"/>
    <track name="blue-vp" title="Blue points"/>
  </tracks>
  <victory>
    <factions check-phase="check" final-after-phase="tally" tie-order="Blues, Reds" check-rule="9.1" final-rule="9.2">
      <faction name="Reds"><condition plus="red-vp" minus="blue-vp" above="4" what="Reds lead by more than 4"/></faction>
      <faction name="Blues"><condition plus="blue-vp" minus="red-vp" above="4" what="Blues lead by more than 4"/></faction>
    </factions>
    <end-of-game winner="factions" rule="9.2"/>
  </victory>
</scenario>
)", f);
        std::fclose(f);
    }
    CheckOptions o;
    o.scenario = path;
    Game g;
    g.add("game tracks-only");
    g.add("turn 1");
    const auto area = g.add("support Field active-support");
    g.add("track red-vp 5");  // 5 - 0 - 4 = +1: the Reds pass at the check
    const auto check_line = g.add("phase check");
    const Report r = check(g, o);
    EXPECT_TRUE(has(r, "not-in-scenario", area)) << dump(r);
    EXPECT_EQ(r.result.winner, "Reds") << dump(r);
    EXPECT_EQ(r.result.line, check_line);
    EXPECT_EQ(r.result.ranking, (Ranking{"Reds", "Blues"}));
    ASSERT_EQ(r.margins.size(), 1u);
    EXPECT_EQ(r.margins[0].rule, "9.1");
    // At the end, equal totals: the tie order puts the Blues first.
    Game h;
    h.add("game tracks-only");
    h.add("turn 1");
    h.add("phase check");
    h.add("turn 2");
    h.add("track blue-vp 1");
    h.add("phase check");
    const auto tally = h.add("phase tally");
    const Report r2 = check(h, o);
    EXPECT_EQ(r2.result.winner, "Blues") << dump(r2);
    EXPECT_EQ(r2.result.line, tally);
    EXPECT_EQ(r2.result.level, "final margins");
    EXPECT_EQ(r2.result.ranking, (Ranking{"Blues", "Reds"}));
}

}  // namespace
