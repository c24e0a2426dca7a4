// The audit of the real files of ../shared/vassal (skipped, saying so, when the folder is absent).
// The Longest Day's log 0606-2.log (VASSAL 2.9.8, no undo markers): 78 probable undos and 80 rolls
// of its d6 button (reportTotal, one die), as `referee vassal` counts them. Read by hand from the
// steps: Nate rolled ten dice for the 711th division at steps 532-541, then took back steps 542 to
// 529 one by one (steps 556-582), the ten rolls among them (steps 570-579, each "* UNDO: *** d6 = n
// *** <Nate>" of the roll it takes back): ten undo-after-roll warnings. Nate rolled 61 dice, Joel 19.
#include "audit.hpp"
#include "diagnostics.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fmt/format.h>

using namespace referee;
using namespace referee::vassal;

namespace {

const std::string kData = REFEREE_SOURCE_DIR "/../shared/vassal";

#define REQUIRE_DATA()                                                                                    \
    if (!std::filesystem::is_directory(kData)) GTEST_SKIP() << "no real VASSAL files at " << kData;

}  // namespace

TEST(RealAudit, TheLongestDaysUndosAndDice) {
    REQUIRE_DATA();
    const Module m = Module::load(kData + "/tld/tmp/buildFile");
    const VassalFile f = read_vassal_file(kData + "/tld/0606-2.log");
    const VassalAudit a = audit(f, &m);
    EXPECT_EQ(a.undos.size(), 78u);
    EXPECT_EQ(a.rolls.size(), 80u);
    ASSERT_EQ(a.findings.size(), 10u);
    for (std::size_t i = 0; i < 10; ++i) {
        EXPECT_EQ(a.findings[i].code, Code::UndoAfterRoll);
        EXPECT_EQ(a.findings[i].step, 570 + i);
        EXPECT_NE(a.findings[i].message.find(fmt::format("takes back step {}, which rolled d6 = ", 541 - i)), std::string::npos)
            << a.findings[i].message;
    }
    EXPECT_EQ(a.findings[0].message, "step 570 (a probable undo) takes back step 541, which rolled d6 = 5 (Nate): a roll taken back");

    ASSERT_EQ(a.players.size(), 2u);
    const PlayerDice& nate = a.players[0];
    EXPECT_EQ(nate.player, "Nate");
    EXPECT_EQ(nate.side, "Germans");
    EXPECT_EQ(nate.rolls, 61u);
    EXPECT_EQ(nate.undone, 10u);
    EXPECT_EQ(nate.unread, 0u);
    ASSERT_EQ(nate.sizes.size(), 1u);
    EXPECT_EQ(nate.sizes[0].sides, 6);
    EXPECT_EQ(nate.sizes[0].faces, (std::vector<std::size_t>{11, 3, 4, 11, 18, 14}));
    EXPECT_EQ(nate.sizes[0].sum, 247);
    // Expected 61/6 a face: the sum of (count - 61/6)^2 / (61/6) is 16.41; with 5 degrees of
    // freedom between the tables' 1% (15.09) and 0.5% (16.75) points.
    EXPECT_NEAR(nate.sizes[0].fairness.statistic, 16.4098, 1e-4);
    EXPECT_GT(nate.sizes[0].fairness.p_value, 0.005);
    EXPECT_LT(nate.sizes[0].fairness.p_value, 0.01);
    const PlayerDice& joel = a.players[1];
    EXPECT_EQ(joel.player, "Joel");
    EXPECT_EQ(joel.side, "Allies");
    EXPECT_EQ(joel.rolls, 19u);
    EXPECT_EQ(joel.undone, 0u);
    EXPECT_EQ(joel.sizes[0].faces, (std::vector<std::size_t>{3, 0, 4, 2, 5, 5}));
    EXPECT_EQ(joel.sizes[0].sum, 78);
    ASSERT_TRUE(a.module);
    EXPECT_EQ(a.module->name, m.name);
    EXPECT_EQ(a.module->sha256.size(), 64u);

    // Without the module, VASSAL's default report format finds the same rolls.
    const VassalAudit bare = audit(f, nullptr);
    EXPECT_EQ(bare.rolls.size(), 80u);
    EXPECT_EQ(bare.findings.size(), 10u);
}

TEST(RealAudit, ALogChainedToItselfBreaksAtTheFirstPieceThatMoved) {
    REQUIRE_DATA();
    const VassalFile f = read_vassal_file(kData + "/tld/0606-2.log");
    const auto c = chain_break(f, f);
    ASSERT_TRUE(c);
    EXPECT_EQ(c->step, 0u);
    EXPECT_NE(c->message.find("piece 'II/762/346' (id 1168285211572) moved: it stood on German Strategic Movement at (953, 147) at the end"),
              std::string::npos)
        << c->message;
    // 328 since issue 32: a piece in a stack on no map is on no map (it was taken to stand where its
    // own stale state said), and VASSAL's merge keeps 14 pieces on Normandy at the end.
    EXPECT_TRUE(c->message.ends_with("; 328 more pieces differ")) << c->message;
}

TEST(RealAudit, TheOtherLogsRollNoDiceAndUndoNothing) {
    REQUIRE_DATA();
    for (auto [mod, log] : std::vector<std::pair<std::string, std::string>>{{"tour/tour.mod", "tour/tour.log"},
                                                                             {"bbvassal/buildFile", "bbvassal/testlog.vlog"}}) {
        const Module m = Module::load(kData + "/" + mod);
        const VassalAudit a = audit(read_vassal_file(kData + "/" + log), &m);
        EXPECT_TRUE(a.undos.empty()) << log;
        EXPECT_TRUE(a.rolls.empty()) << log;
        EXPECT_TRUE(a.findings.empty()) << log;
    }
}
