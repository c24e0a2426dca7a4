// The snapshot mechanism (validator/mechanisms/snapshot.cpp and snapshot_alone.cpp; xml-save.md):
// a save's snapshot compared with the replay of its log (each unit, holding, score, track, the turn
// and the phase), and without a log judged as the position (Marye's Heights 17.11 recomputed, a
// snapshot score replacing the computed one; Cemetery Hill 14.53 cannot be computed, and said).
#include "replay_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>

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

TEST(CemeteryHill, Rule_14_53_ASaveWithoutItsLogSaysTheAwardCannotBeComputed) {
    const std::string save =
        "<?xml version=\"1.0\"?>\n<referee-save format=\"1\" scenario=\"cemetery-hill\">\n<snapshot turn=\"15\">\n</snapshot>\n</referee-save>\n";
    const Report r = check_text(save, "save.xml", {});
    bool said = false;
    for (const auto& n : r.rulings) said = said || (n.find("14.53") != std::string::npos && n.find("no log") != std::string::npos);
    EXPECT_TRUE(said);
}
