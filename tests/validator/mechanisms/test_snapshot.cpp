// The snapshot mechanism (validator/mechanisms/snapshot.cpp and snapshot_alone.cpp; xml-save.md):
// a save's snapshot compared with the replay of its log (each unit, holding, score, track, the turn
// and the phase, which may name the step that begins next: every kind of boundary), and without a
// log judged as the position (Marye's Heights 17.11 recomputed, a snapshot score replacing the
// computed one; Cemetery Hill 14.53 cannot be computed, and said).
#include "replay_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

using namespace referee;
using namespace referee::testing_support;

namespace {
// A save of Marye's Heights whose snapshot (line 13) holds `snapshot` from line 14 on.
std::string save(const std::string& snapshot) {
    return "<referee-save format=\"1\" scenario=\"maryes-heights\">\n"     // 1
           "<setup mode=\"custom\"/>\n"                                    // 2
           "<unit id=\"U1\" side=\"Union\" type=\"infantry\" strength=\"6\" at=\"0506\"/>\n"  // 3
           "<unit id=\"C1\" side=\"Confederate\" type=\"infantry\" strength=\"5\" at=\"0508\"/>\n"  // 4
           "<log>\n"                                                       // 5
           "<turn n=\"1\"/>\n"                                             // 6
           "<phase side=\"Union\" name=\"movement\"/>\n"                   // 7
           "<move unit=\"U1\" path=\"0506 0507\"/>\n"                      // 8
           "<phase side=\"Union\" name=\"combat\"/>\n"                     // 9
           "<lose unit=\"C1\" n=\"2\"/>\n"                                 // 10
           "<track name=\"morale\" value=\"3\"/>\n"                        // 11
           "</log>\n"                                                      // 12
           "<snapshot turn=\"1\" phase=\"Union combat\">\n" +              // 13
           snapshot +                                                      // 14...
           "</snapshot>\n</referee-save>\n";
}
}  // namespace

// --- compared with the log -----------------------------------------------------------------------

TEST(Snapshot, AgreeingSnapshotHasNoMismatch) {
    const Report r = check(save("<unit id=\"U1\" status=\"on-map\" at=\"0507\" strength=\"6\"/>\n"
                                "<unit id=\"C1\" status=\"on-map\" at=\"0508\" strength=\"3\"/>\n"
                                "<hold loc=\"0507\" side=\"Union\"/>\n<score side=\"Union\" value=\"2\"/>\n"
                                "<track name=\"morale\" value=\"3\"/>\n"));
    ASSERT_TRUE(r.judged);
    EXPECT_EQ(count_code(r, "snapshot-mismatch"), 0);
}

TEST(Snapshot, EachDifferenceIsNamed) {
    const Report r = check(save("<unit id=\"U1\" status=\"on-map\" at=\"0508\" strength=\"6\"/>\n"   // 14: location
                                "<unit id=\"C1\" status=\"on-map\" at=\"0508\" strength=\"5\"/>\n"   // 15: strength
                                "<hold loc=\"0507\" side=\"Confederate\"/>\n"                         // 16: holding
                                "<score side=\"Union\" value=\"9\"/>\n"                               // 17: score
                                "<track name=\"morale\" value=\"4\"/>\n"                              // 18: track
                                "<unit id=\"U1\" status=\"eliminated\"/>\n"));                        // 19: status
    EXPECT_EQ(count_code(r, "snapshot-mismatch"), 6);
    for (std::uint32_t line = 14; line <= 19; ++line) EXPECT_TRUE(has(r, "snapshot-mismatch", line));
    for (const auto& v : r.violations)
        if (v.code == "snapshot-mismatch" && v.line == 15) {
            EXPECT_NE(v.message.find("strength 5"), std::string::npos) << v.message;
            EXPECT_NE(v.message.find("3"), std::string::npos) << v.message;
        }
    EXPECT_EQ(r.exit_status(), 1);
}

TEST(Snapshot, TurnAndPhaseAreCompared) {
    std::string s = save("");
    s.replace(s.find("turn=\"1\" phase=\"Union combat\""), 29, "turn=\"2\" phase=\"Union movement\"");
    const Report r = check(s);
    EXPECT_EQ(count_code(r, "snapshot-mismatch"), 2);
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

// --- the snapshot's turn and phase at every kind of boundary (xml-save.md) ------------------------
// A save made at a boundary names the point the log has reached or the step that begins next; an
// honest save is never a snapshot-mismatch, and any other point still is.

namespace {
// A save of `scenario` with `header` (elements before the log), `log` (one element a string) and a
// snapshot that says only `when` (its attributes: turn and phase).
std::string boundary_save(const std::string& scenario, const std::string& header, const std::vector<std::string>& log, const std::string& when) {
    std::string s = "<referee-save format=\"1\" scenario=\"" + scenario + "\">\n" + header + "<log>\n";
    for (const auto& e : log) s += e + "\n";
    return s + "</log>\n<snapshot " + when + "/>\n</referee-save>\n";
}
// Marye's Heights with one unit a side (custom set-up).
const std::string kMaryes = "<setup mode=\"custom\"/>\n<unit id=\"U1\" side=\"Union\" type=\"infantry\" strength=\"6\" at=\"0506\"/>\n"
                            "<unit id=\"C1\" side=\"Confederate\" type=\"infantry\" strength=\"5\" at=\"0508\"/>\n";
std::string turn_rec(int n) { return "<turn n=\"" + std::to_string(n) + "\"/>"; }
std::string phase_rec(const std::string& side, const std::string& name) {
    return side.empty() ? "<phase name=\"" + name + "\"/>" : "<phase side=\"" + side + "\" name=\"" + name + "\"/>";
}
// The snapshot-mismatch findings of a save (its messages), after checking it was judged.
std::vector<std::string> mismatches(const std::string& save) {
    const Report r = check_text(save, "save.xml", CheckOptions{});
    EXPECT_TRUE(r.judged) << dump(r);
    std::vector<std::string> out;
    for (const auto& v : r.violations)
        if (v.code == "snapshot-mismatch") out.push_back(v.message);
    return out;
}
}  // namespace

TEST(Snapshot, RightAfterATurnRecordASaveMayNameThePhaseThatBeginsNext) {
    const std::vector<std::string> log{turn_rec(1)};
    EXPECT_TRUE(mismatches(boundary_save("maryes-heights", kMaryes, log, "turn=\"1\" phase=\"Union movement\"")).empty());
    EXPECT_TRUE(mismatches(boundary_save("maryes-heights", kMaryes, log, "turn=\"1\"")).empty());
    EXPECT_TRUE(mismatches(boundary_save("maryes-heights", kMaryes, log, "turn=\"1\" phase=\"union MOVEMENT\"")).empty());  // names match case aside
    // Not a phase that begins next: the second step, and the other side's first.
    EXPECT_EQ(mismatches(boundary_save("maryes-heights", kMaryes, log, "turn=\"1\" phase=\"Union combat\"")).size(), 1u);
    EXPECT_EQ(mismatches(boundary_save("maryes-heights", kMaryes, log, "turn=\"1\" phase=\"Confederate movement\"")).size(), 1u);
    // A later game-turn.
    EXPECT_EQ(mismatches(boundary_save("maryes-heights", kMaryes, log, "turn=\"2\" phase=\"Union movement\"")).size(), 1u);
}

TEST(Snapshot, ASaveBeforeTheFirstTurnRecordMayNameTheFirstPhase) {
    EXPECT_TRUE(mismatches(boundary_save("maryes-heights", kMaryes, {}, "turn=\"1\" phase=\"Union movement\"")).empty());
    EXPECT_EQ(mismatches(boundary_save("maryes-heights", kMaryes, {}, "turn=\"2\"")).size(), 1u);
}

TEST(Snapshot, TheFirstPlayerParameterDecidesWhichPhaseBeginsNext) {
    const std::string header = "<param name=\"first-player\" value=\"Confederate\"/>\n" + kMaryes;
    const std::vector<std::string> log{turn_rec(1)};
    EXPECT_TRUE(mismatches(boundary_save("maryes-heights", header, log, "turn=\"1\" phase=\"Confederate movement\"")).empty());
    EXPECT_EQ(mismatches(boundary_save("maryes-heights", header, log, "turn=\"1\" phase=\"Union movement\"")).size(), 1u);
}

TEST(Snapshot, AfterAPhaseASaveNamesItOrTheNextStep) {
    const std::vector<std::string> log{turn_rec(1), phase_rec("Union", "movement"), "<move unit=\"U1\" path=\"0506 0507\"/>"};
    EXPECT_TRUE(mismatches(boundary_save("maryes-heights", kMaryes, log, "turn=\"1\" phase=\"Union movement\"")).empty());
    EXPECT_TRUE(mismatches(boundary_save("maryes-heights", kMaryes, log, "turn=\"1\" phase=\"Union combat\"")).empty());
    const auto two_on = mismatches(boundary_save("maryes-heights", kMaryes, log, "turn=\"1\" phase=\"Confederate movement\""));
    ASSERT_EQ(two_on.size(), 1u);
    EXPECT_NE(two_on[0].find("game-turn 1, Union movement"), std::string::npos) << two_on[0];
    EXPECT_NE(two_on[0].find("game-turn 1, Union combat"), std::string::npos) << two_on[0];  // the step that may be named
}

TEST(Snapshot, AfterTheLastPhaseOfATurnASaveMayNameTheNextTurnsFirst) {
    const std::vector<std::string> log{turn_rec(1), phase_rec("Union", "movement"), phase_rec("Union", "combat"),
                                       phase_rec("Confederate", "movement"), phase_rec("Confederate", "combat")};
    EXPECT_TRUE(mismatches(boundary_save("maryes-heights", kMaryes, log, "turn=\"1\" phase=\"Confederate combat\"")).empty());
    EXPECT_TRUE(mismatches(boundary_save("maryes-heights", kMaryes, log, "turn=\"2\" phase=\"Union movement\"")).empty());
    EXPECT_TRUE(mismatches(boundary_save("maryes-heights", kMaryes, log, "turn=\"2\"")).empty());
    // The next turn with a phase that does not begin it, or this turn's first phase: one mismatch each.
    const auto mixed = mismatches(boundary_save("maryes-heights", kMaryes, log, "turn=\"2\" phase=\"Confederate combat\""));
    ASSERT_EQ(mixed.size(), 1u);
    EXPECT_NE(mixed[0].find("game-turn 2, phase 'Confederate combat'"), std::string::npos) << mixed[0];
    EXPECT_EQ(mismatches(boundary_save("maryes-heights", kMaryes, log, "turn=\"1\" phase=\"Union movement\"")).size(), 1u);
    EXPECT_EQ(mismatches(boundary_save("maryes-heights", kMaryes, log, "turn=\"3\"")).size(), 1u);
}

TEST(Snapshot, CemeteryHillsFirstTurnBeginsWithTheConfederates) {
    const std::string header = "<setup mode=\"custom\"/>\n";
    const std::vector<std::string> log{turn_rec(1)};
    EXPECT_TRUE(mismatches(boundary_save("cemetery-hill", header, log, "turn=\"1\" phase=\"Confederate movement\"")).empty());
    EXPECT_EQ(mismatches(boundary_save("cemetery-hill", header, log, "turn=\"1\" phase=\"Union movement\"")).size(), 1u);  // C1
    const std::vector<std::string> turn1{turn_rec(1), phase_rec("Confederate", "movement"), phase_rec("Confederate", "combat")};
    EXPECT_TRUE(mismatches(boundary_save("cemetery-hill", header, turn1, "turn=\"2\" phase=\"Union movement\"")).empty());
}

TEST(Snapshot, AtTheEndOfTheGame) {
    // The last game-turn played out: no step begins after it.
    std::vector<std::string> log;
    for (int t = 1; t <= 11; ++t) log.push_back(turn_rec(t));
    for (const char* p : {"Union movement", "Union combat", "Confederate movement", "Confederate combat"}) {
        const std::string ps(p);
        log.push_back(phase_rec(ps.substr(0, ps.find(' ')), ps.substr(ps.find(' ') + 1)));
    }
    EXPECT_TRUE(mismatches(boundary_save("maryes-heights", kMaryes, log, "turn=\"11\" phase=\"Confederate combat\"")).empty());
    EXPECT_EQ(mismatches(boundary_save("maryes-heights", kMaryes, log, "turn=\"12\" phase=\"Union movement\"")).size(), 2u);
    // An end record, and a concession, in the middle of a phase.
    const std::vector<std::string> ended{turn_rec(1), phase_rec("Union", "movement"), "<end/>"};
    EXPECT_TRUE(mismatches(boundary_save("maryes-heights", kMaryes, ended, "turn=\"1\" phase=\"Union movement\"")).empty());
    EXPECT_TRUE(mismatches(boundary_save("maryes-heights", kMaryes, ended, "turn=\"1\" phase=\"Union combat\"")).empty());
    const std::vector<std::string> conceded{turn_rec(1), phase_rec("Union", "combat"), "<concede side=\"Union\"/>"};
    EXPECT_TRUE(mismatches(boundary_save("maryes-heights", kMaryes, conceded, "turn=\"1\" phase=\"Union combat\"")).empty());
}

TEST(Snapshot, AtTheEndOfTheGameByAutomaticVictoryAtTheTurnRecord) {
    // U1 eliminated in game-turn 1: 6 Confederate points to none, and the Union holds none of the
    // three hexes: the automatic victory is decided at the `turn 6` record (M1), and a save right
    // after it may name where the game stopped or game-turn 6 as it begins.
    std::vector<std::string> log{turn_rec(1), phase_rec("Confederate", "combat"), "<eliminate unit=\"U1\"/>"};
    for (int t = 2; t <= 5; ++t) log.push_back(turn_rec(t));
    for (const char* side : {"Union", "Confederate"})
        for (const char* p : {"movement", "combat"}) log.push_back(phase_rec(side, p));
    log.push_back(turn_rec(6));
    const Report r = check_text(boundary_save("maryes-heights", kMaryes, log, "turn=\"6\" phase=\"Union movement\""), "save.xml", CheckOptions{});
    ASSERT_EQ(r.result.level.value_or(""), "automatic") << dump(r);
    EXPECT_EQ(count_code(r, "snapshot-mismatch"), 0) << dump(r);
    EXPECT_TRUE(mismatches(boundary_save("maryes-heights", kMaryes, log, "turn=\"6\"")).empty());
    EXPECT_TRUE(mismatches(boundary_save("maryes-heights", kMaryes, log, "turn=\"5\" phase=\"Confederate combat\"")).empty());
    EXPECT_EQ(mismatches(boundary_save("maryes-heights", kMaryes, log, "turn=\"6\" phase=\"Union combat\"")).size(), 1u);
}

TEST(Snapshot, AlternatingTurnsNameTheNextSidesPhase) {
    // Commands & Colors: each game-turn is one side's; the French move first here. A side's name
    // may have several words.
    const std::string header = "<side name=\"French\"/>\n<side name=\"Anglo Allied\"/>\n"
                               "<unit id=\"F1\" side=\"French\" type=\"infantry\" strength=\"4\" at=\"0504\"/>\n"
                               "<unit id=\"A1\" side=\"Anglo Allied\" type=\"infantry\" strength=\"4\" at=\"0706\"/>\n"
                               "<target side=\"French\" n=\"5\"/>\n<target side=\"Anglo Allied\" n=\"5\"/>\n";
    // Right after `turn 1`, no phase record has said who moves first: either side's first phase.
    const std::vector<std::string> opening{turn_rec(1)};
    EXPECT_TRUE(mismatches(boundary_save("cnc-napoleonics", header, opening, "turn=\"1\" phase=\"French command\"")).empty());
    EXPECT_TRUE(mismatches(boundary_save("cnc-napoleonics", header, opening, "turn=\"1\" phase=\"Anglo Allied command\"")).empty());
    EXPECT_EQ(mismatches(boundary_save("cnc-napoleonics", header, opening, "turn=\"1\" phase=\"French order\"")).size(), 1u);
    std::vector<std::string> log{turn_rec(1), phase_rec("French", "command"), phase_rec("French", "draw")};
    EXPECT_TRUE(mismatches(boundary_save("cnc-napoleonics", header, log, "turn=\"1\" phase=\"French draw\"")).empty());
    EXPECT_TRUE(mismatches(boundary_save("cnc-napoleonics", header, log, "turn=\"2\" phase=\"Anglo Allied command\"")).empty());
    EXPECT_EQ(mismatches(boundary_save("cnc-napoleonics", header, log, "turn=\"2\" phase=\"French command\"")).size(), 1u);
    log.push_back(turn_rec(2));
    EXPECT_TRUE(mismatches(boundary_save("cnc-napoleonics", header, log, "turn=\"2\" phase=\"Anglo Allied command\"")).empty());
    log.push_back(phase_rec("Anglo Allied", "movement"));
    EXPECT_TRUE(mismatches(boundary_save("cnc-napoleonics", header, log, "turn=\"2\" phase=\"Anglo Allied movement\"")).empty());
    EXPECT_TRUE(mismatches(boundary_save("cnc-napoleonics", header, log, "turn=\"2\" phase=\"Anglo Allied combat\"")).empty());
    EXPECT_EQ(mismatches(boundary_save("cnc-napoleonics", header, log, "turn=\"2\" phase=\"Anglo movement\"")).size(), 1u);
}

TEST(Snapshot, AFactionGamesWinterQuarters) {
    // Liberty or Death, the short scenario (three Winter Quarters rounds): a campaign is no phase of
    // the sequence; its Winter Quarters are phases of no side.
    std::vector<std::string> log{turn_rec(1), "<card id=\"33\"/>"};
    EXPECT_TRUE(mismatches(boundary_save("liberty-or-death-1778", "", log, "turn=\"1\"")).empty());
    EXPECT_TRUE(mismatches(boundary_save("liberty-or-death-1778", "", log, "turn=\"1\" phase=\"victory-check\"")).empty());
    EXPECT_EQ(mismatches(boundary_save("liberty-or-death-1778", "", log, "turn=\"1\" phase=\"supply\"")).size(), 1u);
    log.push_back(phase_rec("", "victory-check"));
    EXPECT_TRUE(mismatches(boundary_save("liberty-or-death-1778", "", log, "turn=\"1\" phase=\"victory-check\"")).empty());
    EXPECT_TRUE(mismatches(boundary_save("liberty-or-death-1778", "", log, "turn=\"1\" phase=\"supply\"")).empty());
    for (const char* p : {"supply", "resources", "support", "redeployment", "desertion", "reset"}) log.push_back(phase_rec("", p));
    EXPECT_TRUE(mismatches(boundary_save("liberty-or-death-1778", "", log, "turn=\"1\" phase=\"reset\"")).empty());
    EXPECT_TRUE(mismatches(boundary_save("liberty-or-death-1778", "", log, "turn=\"2\" phase=\"victory-check\"")).empty());
    EXPECT_EQ(mismatches(boundary_save("liberty-or-death-1778", "", log, "turn=\"2\" phase=\"supply\"")).size(), 1u);
    // The last round: the game ends after its support phase (L6), at the next phase record.
    for (int t = 2; t <= 3; ++t) log.push_back(turn_rec(t));
    for (const char* p : {"victory-check", "supply", "resources", "support"}) log.push_back(phase_rec("", p));
    EXPECT_TRUE(mismatches(boundary_save("liberty-or-death-1778", "", log, "turn=\"3\" phase=\"support\"")).empty());
    EXPECT_TRUE(mismatches(boundary_save("liberty-or-death-1778", "", log, "turn=\"3\" phase=\"redeployment\"")).empty());
    log.push_back(phase_rec("", "redeployment"));
    const Report r = check_text(boundary_save("liberty-or-death-1778", "", log, "turn=\"3\" phase=\"redeployment\""), "save.xml", CheckOptions{});
    ASSERT_TRUE(r.complete) << dump(r);
    EXPECT_EQ(count_code(r, "snapshot-mismatch"), 0) << dump(r);
    EXPECT_TRUE(mismatches(boundary_save("liberty-or-death-1778", "", log, "turn=\"3\" phase=\"support\"")).empty());
    EXPECT_EQ(mismatches(boundary_save("liberty-or-death-1778", "", log, "turn=\"3\" phase=\"desertion\"")).size(), 1u);
    EXPECT_EQ(mismatches(boundary_save("liberty-or-death-1778", "", log, "turn=\"4\" phase=\"victory-check\"")).size(), 2u);
}

// --- without a log -------------------------------------------------------------------------------

TEST(Snapshot, WithoutALogThePositionIsJudged) {
    const std::string s =
        "<referee-save format=\"1\" scenario=\"maryes-heights\">\n"
        "<setup mode=\"custom\"/>\n"
        "<unit id=\"U1\" side=\"Union\" type=\"infantry\" strength=\"6\" at=\"0506\"/>\n"
        "<unit id=\"C1\" side=\"Confederate\" type=\"infantry\" strength=\"5\" at=\"0508\"/>\n"
        "<snapshot turn=\"11\" phase=\"Confederate combat\">\n"
        "<unit id=\"C1\" status=\"eliminated\"/>\n"
        "</snapshot>\n</referee-save>\n";
    const Report r = check(s);
    ASSERT_TRUE(r.judged);
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(total(r, "Union"), 5);        // C1's 5 SP, recomputed from its status (17.11)
    EXPECT_EQ(total(r, "Confederate"), 4);  // the starting points
    EXPECT_EQ(r.result.winner.value_or(""), "Union");
    // A snapshot score replaces the computed total, and the report says so.
    std::string s2 = s;
    s2.replace(s2.find("</snapshot>"), 0, "<score side=\"Confederate\" value=\"30\"/>\n");
    const Report r2 = check(s2);
    EXPECT_EQ(total(r2, "Confederate"), 30);
    EXPECT_EQ(r2.result.winner.value_or(""), "Confederate");
    const bool said = std::any_of(r2.rulings.begin(), r2.rulings.end(),
                                  [](const std::string& x) { return x.find("snapshot") != std::string::npos && x.find("Confederate") != std::string::npos; });
    EXPECT_TRUE(said);
}

namespace {
// A save of Marye's Heights without its log, its snapshot (line 5) holding `inner` from line 6 on.
std::string alone(const std::string& turn, const std::string& inner) {
    return "<referee-save format=\"1\" scenario=\"maryes-heights\">\n"                              // 1
           "<setup mode=\"custom\"/>\n"                                                             // 2
           "<unit id=\"U1\" side=\"Union\" type=\"infantry\" strength=\"6\" at=\"0506\"/>\n"          // 3
           "<unit id=\"C1\" side=\"Confederate\" type=\"infantry\" strength=\"5\" at=\"0508\"/>\n"    // 4
           "<snapshot turn=\"" + turn + "\">\n" +                                                    // 5
           inner + "</snapshot>\n</referee-save>\n";
}
}  // namespace

TEST(Snapshot, WithoutALogAScoreTakenFromTheSnapshotIsUnverified) {
    // The verdict rests on the snapshot's own score: a warning at its element, an error with --strict.
    const std::string s = alone("11", "<unit id=\"C1\" status=\"eliminated\"/>\n<score side=\"Confederate\" value=\"30\"/>\n");
    const Report r = check(s);
    ASSERT_TRUE(r.judged);
    EXPECT_EQ(r.result.winner.value_or(""), "Confederate");
    EXPECT_EQ(count_code(r, "unverified-score"), 1);
    EXPECT_TRUE(has(r, "unverified-score", 7));
    EXPECT_EQ(r.exit_status(), 0);
    CheckOptions strict;
    strict.strict = true;
    EXPECT_EQ(check(s, strict).exit_status(), 1);
    // With no score of its own, nothing rests on the snapshot's word: no warning.
    EXPECT_EQ(count_code(check(alone("11", "<unit id=\"C1\" status=\"eliminated\"/>\n")), "unverified-score"), 0);
}

TEST(Snapshot, WithoutALogATurnPastTheLastIsAMismatch) {
    const Report r = check(alone("999", ""));
    ASSERT_TRUE(r.judged);
    EXPECT_TRUE(has(r, "snapshot-mismatch", 5));
    EXPECT_EQ(r.exit_status(), 1);
    EXPECT_EQ(r.result.decided.value_or(""), "snapshot at game-turn 11");  // judged at the last game-turn
    EXPECT_EQ(count_code(check(alone("11", "")), "snapshot-mismatch"), 0);
    EXPECT_EQ(count_code(check(alone("3", "")), "snapshot-mismatch"), 0);
}

TEST(Snapshot, WhatTheScenarioDoesNotHaveIsAMismatch) {
    // Without a log: a unit, a location, a side.
    const Report r = check(alone("11", "<unit id=\"Nobody\" status=\"eliminated\"/>\n"   // 6
                                       "<unit id=\"C1\" status=\"on-map\" at=\"9999\"/>\n"  // 7
                                       "<hold loc=\"0506\" side=\"Martians\"/>\n"             // 8
                                       "<hold loc=\"9998\" side=\"Union\"/>\n"                // 9
                                       "<score side=\"Martians\" value=\"99\"/>\n"));         // 10
    for (std::uint32_t line = 6; line <= 10; ++line) EXPECT_TRUE(has(r, "snapshot-mismatch", line)) << line;
    EXPECT_EQ(count_code(r, "unknown-unit") + count_code(r, "unknown-location") + count_code(r, "unknown-side"), 0);
    EXPECT_EQ(r.exit_status(), 1);
    // With a log: the same.
    const Report w = check(save("<unit id=\"Nobody\" status=\"eliminated\"/>\n"   // 14
                                "<hold loc=\"0507\" side=\"Martians\"/>\n"        // 15
                                "<hold loc=\"9998\" side=\"Union\"/>\n"           // 16
                                "<score side=\"Martians\" value=\"0\"/>\n"));     // 17
    for (std::uint32_t line = 14; line <= 17; ++line) EXPECT_TRUE(has(w, "snapshot-mismatch", line)) << line;
    EXPECT_EQ(count_code(w, "unknown-unit") + count_code(w, "unknown-location") + count_code(w, "unknown-side"), 0);
}

TEST(CemeteryHill, Rule_14_53_ASaveWithoutItsLogSaysTheAwardCannotBeComputed) {
    const std::string save =
        "<?xml version=\"1.0\"?>\n<referee-save format=\"1\" scenario=\"cemetery-hill\">\n<snapshot turn=\"15\">\n</snapshot>\n</referee-save>\n";
    const Report r = check_text(save, "save.xml", {});
    bool said = false;
    for (const auto& n : r.rulings) said = said || (n.find("14.53") != std::string::npos && n.find("no log") != std::string::npos);
    EXPECT_TRUE(said);
}
