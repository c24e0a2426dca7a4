// The faction-victory mechanism (validator/mechanisms/faction_victory.cpp; Liberty or Death 7.1-7.3
// and 8.8, rulings L4-L6): the number of Winter Quarters rounds (6, 4, 3, or the parameter); the
// victory check at every victory-check phase, or the round's first phase (L4), a pass ending the
// game there; players and Non-players (L5); one player running both factions of a side (7.2
// combined victory, 7.3 the worse total); the one-player game (8.8); the final scoring after the
// last round's support phase, an end record, a log that stops, a concession (L6); the margins in
// the report; a scenario file of factions on free tracks only.
#include "replay_support.hpp"
#include "report.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

using namespace referee;
using namespace referee::testing_support;

// --- the three scenarios -------------------------------------------------------------------------

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

// --- Non-players and "all players lose" (7.1, L5) ------------------------------------------------

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

// --- one player running both factions of a side (7.2 combined victory, 7.3 the worse total) ------

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

// --- 8.8: one-player victory ---------------------------------------------------------------------

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

// --- the report ----------------------------------------------------------------------------------

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

// --- the mechanisms are data ---------------------------------------------------------------------

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
