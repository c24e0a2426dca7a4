// The audit of a VASSAL game (validator/audit): undos with the step each takes back, undo-after-roll
// and undo-after-reveal at the undo's step, dice per player with their test, the module's identity,
// and the chain of logs, on small files built by tests/support/vassal_writer.hpp.
#include "audit.hpp"
#include "diagnostics.hpp"
#include "vassal_error.hpp"
#include "vassal_writer.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace referee;
using namespace referee::vassal;
using namespace referee::vassal::testing;

namespace {

// A module with one die of six faces (its report names the player) and one of eight (it does not).
constexpr const char* kModule = R"xml(<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.build.GameModule name="Audit Test" version="1.3">
  <VASSAL.build.module.DiceButton name="d6" nDice="1" nSides="6" reportTotal="true" reportFormat="** $name$ = $result$ *** &lt;$playerName$&gt;"/>
  <VASSAL.build.module.DiceButton name="d8" nDice="1" nSides="8" reportFormat="$name$ gives $result$"/>
</VASSAL.build.GameModule>
)xml";

const Module& module() {
    static const Module m = [] {
        Module out = Module::from_buildfile(kModule, "audit.xml");
        out.sha256 = std::string(64, 'c');
        return out;
    }();
    return m;
}

const std::string kRoster = "PLAYER\tpw-j\tJoel\tAllies";
const std::string kRoster2 = "PLAYER\tpw-a\tAnn\tAxis";

std::string unit(const std::string& id, const std::string& map, int x, int y, const std::string& side = "Axis") {
    return add_piece(id, chain({"mark;Side", "piece;;;u.png;" + id}), chain({side, map + ";" + std::to_string(x) + ";" + std::to_string(y) + ";gp;0"}));
}

// A piece with a Mask: hidden while its state names who masked it, shown when it says null.
const std::string kMaskedType = chain({"obs;70,130;back.png;Face down;P;?", "piece;;;u.png;Spy"});
std::string masked_state(bool hidden) { return chain({hidden ? "pw-a;" : "null;", "Main;50;50;gp;0"}); }

VassalFile file(const std::vector<std::string>& position, const std::vector<std::string>& steps, const std::string& name = "game.vlog") {
    return read_vassal_bytes(make_vassal_file(game_text(position, steps)), name);
}

std::vector<Code> codes(const VassalAudit& a) {
    std::vector<Code> out;
    for (const AuditFinding& f : a.findings) out.push_back(f.code);
    return out;
}

}  // namespace

TEST(Audit, AProbableUndoOfARollIsListedAndWarned) {
    const VassalFile f = file({kRoster, unit("T", "Main", 10, 10)},
                              {log_step({move_piece("T", "Main", 20, 10, "null", "Main", 10, 10, "null", "pw-j")}),
                               log_step({"CHAT*** d6 = 2 *** &lt;Joel&gt;"}),
                               log_step({"CHAT* UNDO: *** d6 = 2 *** &lt;Joel&gt;"}),
                               log_step({"CHAT*** d6 = 5 *** &lt;Joel&gt;"})});
    const VassalAudit a = audit(f, &module());
    ASSERT_EQ(a.undos.size(), 1u);
    EXPECT_EQ(a.undos[0].step, 3u);
    EXPECT_EQ(a.undos[0].kind, UndoKind::probable);
    EXPECT_EQ(a.undos[0].undoes, 2u);
    ASSERT_EQ(a.undos[0].rolled.size(), 1u);
    EXPECT_EQ(a.undos[0].rolled[0].result, "2");
    ASSERT_EQ(codes(a), std::vector<Code>{Code::UndoAfterRoll});
    const AuditFinding& w = a.findings[0];
    EXPECT_EQ(w.step, 3u);
    EXPECT_EQ(w.file, "game.vlog");
    EXPECT_EQ(w.message, "step 3 (a probable undo) takes back step 2, which rolled d6 = 2 (Joel): a roll taken back");
    // Both rolls count: the undone one happened.
    ASSERT_EQ(a.rolls.size(), 2u);
    EXPECT_TRUE(a.rolls[0].undone);
    EXPECT_FALSE(a.rolls[1].undone);
    ASSERT_EQ(a.players.size(), 1u);
    EXPECT_EQ(a.players[0].player, "Joel");
    EXPECT_EQ(a.players[0].side, "Allies");
    EXPECT_EQ(a.players[0].rolls, 2u);
    EXPECT_EQ(a.players[0].undone, 1u);
    ASSERT_EQ(a.players[0].sizes.size(), 1u);
    EXPECT_EQ(a.players[0].sizes[0].sum, 7);
    EXPECT_EQ(a.players[0].sizes[0].faces, (std::vector<std::size_t>{0, 1, 0, 0, 1, 0}));
    ASSERT_TRUE(a.module);
    EXPECT_EQ(a.module->name, "Audit Test");
    EXPECT_EQ(a.module->version, "1.3");
    EXPECT_EQ(a.module->sha256, std::string(64, 'c'));
}

TEST(Audit, AnUndoOfAMoveIsListedWithoutAWarning) {
    const VassalFile f = file({unit("T", "Main", 10, 10)}, {log_step({move_piece("T", "Main", 20, 10, "null", "Main", 10, 10)}),
                                                            log_step({move_piece("T", "Main", 10, 10, "null", "Main", 20, 10)})});
    const VassalAudit a = audit(f, nullptr);
    ASSERT_EQ(a.undos.size(), 1u);
    EXPECT_EQ(a.undos[0].undoes, 1u);
    EXPECT_TRUE(a.undos[0].rolled.empty());
    EXPECT_TRUE(a.findings.empty());
    EXPECT_FALSE(a.module);
}

TEST(Audit, AMarkedUndoOfAPropertyRollAndTheRollersOfEachKind) {
    // Step 1: a d8 by its property and report (no player in the format): the mover of the step
    // rolled. Step 2: a d8 by its property alone, with Ann's chat: Ann rolled. Step 3: VASSAL's
    // marked undo of step 2 sets the property back, and rolls nothing.
    const VassalFile f = file({kRoster, kRoster2, unit("T", "Main", 10, 10)},
                              {log_step({move_piece("T", "Main", 20, 10, "null", "Main", 10, 10, "null", "pw-a"),
                                         "MutableProperty\td8_result\t\t3\tModule", "CHAT* d8 gives 3"}),
                               log_step({"MutableProperty\td8_result\t3\t8\tModule", "CHAT&lt;Ann&gt; - for the bridge"}),
                               log_step({"UNDO\ttrue", "MutableProperty\td8_result\t8\t3\tModule", "UNDO\tfalse"})});
    const VassalAudit a = audit(f, &module());
    ASSERT_EQ(a.rolls.size(), 2u);   // one a step: the report and the property are one roll
    EXPECT_EQ(a.rolls[0].player, "Ann");
    EXPECT_EQ(a.rolls[1].player, "Ann");
    ASSERT_EQ(a.undos.size(), 1u);
    EXPECT_EQ(a.undos[0].kind, UndoKind::marked);
    EXPECT_EQ(a.undos[0].undoes, 2u);
    ASSERT_EQ(codes(a), std::vector<Code>{Code::UndoAfterRoll});
    EXPECT_EQ(a.findings[0].message, "step 3 (an undo marked by VASSAL) takes back step 2, which rolled d8 = 8 (Ann): a roll taken back");
    ASSERT_EQ(a.players.size(), 1u);
    EXPECT_EQ(a.players[0].side, "Axis");
    ASSERT_EQ(a.players[0].sizes.size(), 1u);
    EXPECT_EQ(a.players[0].sizes[0].sides, 8);
    EXPECT_EQ(a.players[0].sizes[0].dice, 2u);
    EXPECT_EQ(a.players[0].sizes[0].sum, 11);
}

TEST(Audit, UndoAfterRevealOfAMaskAndOfAnUnmask) {
    const VassalFile f = file({add_piece("S", kMaskedType, masked_state(true))},
                              {log_step({change_piece("S", masked_state(false), masked_state(true))}),
                               log_step({change_piece("S", masked_state(true), masked_state(false))}),   // hides it again
                               log_step({"UNMASK\tpw-a"}),
                               log_step({"UNDO\ttrue", "UNDO\tfalse"})});
    const VassalAudit a = audit(f, nullptr);
    ASSERT_EQ(a.undos.size(), 2u);
    EXPECT_EQ(a.undos[0].undoes, 1u);
    ASSERT_EQ(a.undos[0].revealed.size(), 1u);
    EXPECT_EQ(a.undos[0].revealed[0].id, "S");
    EXPECT_EQ(a.undos[0].revealed[0].name, "Spy");
    EXPECT_EQ(a.undos[1].undoes, 3u);
    ASSERT_EQ(codes(a), (std::vector<Code>{Code::UndoAfterReveal, Code::UndoAfterReveal}));
    EXPECT_EQ(a.findings[0].step, 2u);
    EXPECT_EQ(a.findings[0].message,
              "step 2 (a probable undo) takes back step 1, which revealed 'Spy' (piece S): what was seen cannot be unseen");
    EXPECT_EQ(a.findings[1].step, 4u);
    EXPECT_NE(a.findings[1].message.find("an UNMASK command"), std::string::npos) << a.findings[1].message;
}

TEST(Audit, MaskingIsNoRevealAndAnUndoOfItIsNotWarned) {
    const VassalFile f = file({add_piece("S", kMaskedType, masked_state(false))},
                              {log_step({change_piece("S", masked_state(true), masked_state(false))}),
                               log_step({change_piece("S", masked_state(false), masked_state(true))})});
    const VassalAudit a = audit(f, nullptr);
    ASSERT_EQ(a.undos.size(), 1u);
    EXPECT_TRUE(a.undos[0].revealed.empty());
    EXPECT_TRUE(a.findings.empty());
}

TEST(Audit, DicePerPlayerWithTheirTestAndRollsOfNoOne) {
    std::vector<std::string> steps;
    for (int face : {1, 2, 3, 4, 5, 6, 6}) steps.push_back(log_step({"CHAT*** d6 = " + std::to_string(face) + " *** &lt;Joel&gt;"}));
    steps.push_back(log_step({"CHAT*** 2d6 = 3,4 *** &lt;Ann&gt;"}));   // no module: the default format, and 2d6 is two six-sided dice
    steps.push_back(log_step({"MutableProperty\tCombat_result\t\t9\tModule"}));   // a roll no one can be named for
    const VassalAudit a = audit(file({kRoster, kRoster2}, steps), nullptr);
    ASSERT_EQ(a.players.size(), 3u);
    const PlayerDice& joel = a.players[0];
    EXPECT_EQ(joel.rolls, 7u);
    ASSERT_EQ(joel.sizes.size(), 1u);
    EXPECT_EQ(joel.sizes[0].dice, 7u);
    EXPECT_EQ(joel.sizes[0].sum, 27);
    EXPECT_EQ(joel.sizes[0].faces, (std::vector<std::size_t>{1, 1, 1, 1, 1, 2}));
    // Expected 7/6 a face: (5 (1/6)^2 + (5/6)^2) / (7/6) = 5/7.
    EXPECT_NEAR(joel.sizes[0].fairness.statistic, 5.0 / 7.0, 1e-12);
    EXPECT_EQ(joel.sizes[0].fairness.df, 5);
    EXPECT_NEAR(joel.sizes[0].fairness.p_value, chi_square_p_value(5.0 / 7.0, 5), 1e-15);
    EXPECT_GT(joel.sizes[0].fairness.p_value, 0.95);
    const PlayerDice& ann = a.players[1];
    EXPECT_EQ(ann.player, "Ann");
    EXPECT_EQ(ann.side, "Axis");
    EXPECT_EQ(ann.sizes[0].dice, 2u);
    EXPECT_EQ(ann.sizes[0].sum, 7);
    const PlayerDice& nobody = a.players[2];
    EXPECT_EQ(nobody.player, "");
    EXPECT_EQ(nobody.side, "");
    EXPECT_EQ(nobody.rolls, 1u);
    EXPECT_EQ(nobody.unread, 1u);   // "Combat" says no die size
    EXPECT_TRUE(nobody.sizes.empty());
}

TEST(Audit, ASaveHasNothingToAudit) {
    const VassalAudit a = audit(file({kRoster, unit("T", "Main", 10, 10)}, {}, "g.vsav"), &module());
    EXPECT_TRUE(a.undos.empty());
    EXPECT_TRUE(a.rolls.empty());
    EXPECT_TRUE(a.players.empty());
    EXPECT_TRUE(a.findings.empty());
    EXPECT_TRUE(a.module);
}

// The chain: the first log moves T from (10, 10) to (30, 40) and U into a stack at (70, 70).
namespace {

VassalFile first_log() {
    return file({unit("T", "Main", 10, 10), unit("U", "Main", 5, 5), unit("V", "Main", 70, 70), add_piece("S", "stack", "Main;70;70;V")},
                {log_step({move_piece("T", "Main", 30, 40, "null", "Main", 10, 10)}),
                 log_step({move_piece("U", "Main", 70, 70, "V", "Main", 5, 5)})},
                "one.vlog");
}

std::optional<AuditFinding> after_first(const std::vector<std::string>& position) {
    return chain_break(first_log(), file(position, {}, "two.vlog"));
}

}  // namespace

TEST(AuditChain, ALogThatBeginsWhereTheOneBeforeEndedIsNoBreak) {
    // As VASSAL saves it: U stands in V's stack, its own state naming where it was dragged from.
    EXPECT_FALSE(after_first({unit("T", "Main", 30, 40), unit("U", "Main", 5, 5), unit("V", "Main", 70, 70),
                              add_piece("S2", "stack", "Main;70;70;V;U")}));
    const VassalFile one = first_log();
    EXPECT_TRUE(audit_chain({&one}).empty());
}

TEST(AuditChain, MovedMissingAddedAndChangedPiecesAreNamed) {
    auto f = after_first({unit("T", "Main", 30, 41), unit("U", "Main", 70, 70), unit("V", "Main", 70, 70)});
    ASSERT_TRUE(f);
    EXPECT_EQ(f->code, Code::ChainBreak);
    EXPECT_EQ(f->file, "two.vlog");
    EXPECT_EQ(f->step, 0u);
    EXPECT_EQ(f->message, "two.vlog does not begin where one.vlog ended: piece 'T' (id T) moved: it stood on Main at (30, 40) at the end "
                          "of one.vlog, on Main at (30, 41) at the start of two.vlog");

    f = after_first({unit("U", "Main", 70, 70), unit("V", "Main", 70, 70)});
    ASSERT_TRUE(f);
    EXPECT_EQ(f->message, "two.vlog does not begin where one.vlog ended: piece 'T' (id T) is missing: it stood on Main at (30, 40) at "
                          "the end of one.vlog, and two.vlog does not have it");

    f = after_first({unit("T", "Main", 30, 40), unit("U", "Main", 70, 70), unit("V", "Main", 70, 70), unit("W", "Main", 1, 2)});
    ASSERT_TRUE(f);
    EXPECT_EQ(f->message, "two.vlog does not begin where one.vlog ended: piece 'W' (id W) was added: one.vlog does not have it at its "
                          "end, and it stands on Main at (1, 2) at the start of two.vlog");

    f = after_first({unit("T", "Main", 30, 40, "Allies"), unit("U", "Main", 70, 70), unit("V", "Main", 70, 70)});
    ASSERT_TRUE(f);
    EXPECT_EQ(f->message, "two.vlog does not begin where one.vlog ended: piece 'T' (id T) changed state: property Side = 'Axis' at the "
                          "end of one.vlog, 'Allies' at the start of two.vlog");

    // The first difference is named, and the others counted.
    f = after_first({unit("T", "Main", 0, 0), unit("V", "Main", 70, 70), unit("W", "Main", 1, 2)});
    ASSERT_TRUE(f);
    EXPECT_NE(f->message.find("piece 'T' (id T) moved"), std::string::npos) << f->message;
    EXPECT_TRUE(f->message.ends_with("; 2 more pieces differ")) << f->message;
}

TEST(AuditChain, ASequenceGivesABreakForEachLogThatDoesNotFollow) {
    const VassalFile one = first_log();
    const VassalFile two = file({unit("T", "Main", 30, 40), unit("U", "Main", 70, 70), unit("V", "Main", 70, 70)},
                                {log_step({move_piece("V", "Main", 90, 90, "null", "Main", 70, 70)})}, "two.vlog");
    const VassalFile three = file({unit("T", "Main", 30, 40), unit("U", "Main", 70, 70), unit("V", "Main", 70, 70)}, {}, "three.vlog");
    const VassalFile four = file({unit("T", "Main", 30, 40), unit("U", "Main", 70, 70), unit("V", "Main", 70, 70)}, {}, "four.vlog");
    const std::vector<AuditFinding> breaks = audit_chain({&one, &two, &three, &four});
    ASSERT_EQ(breaks.size(), 1u);
    EXPECT_EQ(breaks[0].file, "three.vlog");
    EXPECT_NE(breaks[0].message.find("piece 'V' (id V) moved: it stood on Main at (90, 90) at the end of two.vlog"), std::string::npos)
        << breaks[0].message;
}

// Bad input is normal input: results no die shows, numbers past any die, lists too long, undos
// with nothing to take back, changes of pieces never added, and the fuzzer's kept inputs, read with
// and without a module and chained to themselves: the audit says what it can and never fails.
TEST(AuditHostile, StrangeRollsUndosAndPiecesAreReadWithoutHarm) {
    const std::string many_dice = "CHAT*** 2d6 = " + std::string(5000, '1') + " *** <Joel>";
    std::string long_list = "MutableProperty\td6_result\t\t";
    for (int i = 0; i < 3000; ++i) long_list += "6,";
    long_list += "6\tModule";
    const VassalFile f = file({kRoster, add_piece("S", kMaskedType, "")},
                              {log_step({"CHAT*** d6 = 99999999999999999999999 *** &lt;Joel&gt;"}), log_step({many_dice}),
                               log_step({"CHAT*** d6 = -3 *** <>"}), log_step({"CHAT*** 0d0 = 1,2 *** <Joel>"}),
                               log_step({"CHAT*** d6 = 1,,2 *** <Joel>"}), log_step({long_list}),
                               log_step({change_piece("nobody", masked_state(false), masked_state(true))}),
                               log_step({change_piece("S", masked_state(false), "")}), log_step({"UNDO\ttrue"}), log_step({"UNDO\tfalse"}),
                               log_step({"UNDO\ttrue", "UNDO\tfalse"}), log_step({"UNDO\ttrue", "UNDO\tfalse"})});
    for (const Module* m : {static_cast<const Module*>(nullptr), &module()}) {
        const VassalAudit a = audit(f, m);
        for (const RollRow& r : a.rolls)
            for (int face : r.roll.faces) EXPECT_TRUE(face >= 1 && face <= r.roll.sides) << r.roll.result.substr(0, 40);
        for (const PlayerDice& p : a.players)
            for (const DieTally& t : p.sizes) EXPECT_TRUE(t.fairness.p_value >= 0 && t.fairness.p_value <= 1);
    }
    // Step 8 put the masked piece on the map: the log does not end where it began.
    const auto c = chain_break(f, f);
    ASSERT_TRUE(c);
    EXPECT_NE(c->message.find("piece 'Spy' (id S) moved: it stood on Main at (50, 50) at the end of game.vlog, on no map at the start"),
              std::string::npos)
        << c->message;
}

// fuzz_vassal's kept inputs that read as games (none today: its one input is a module) go through
// the audit too: a crash or an exception other than the reader's own fails the test.
TEST(AuditHostile, TheFuzzersKeptInputs) {
    const std::filesystem::path dir = std::filesystem::path(REFEREE_SOURCE_DIR) / "fuzz" / "regressions" / "fuzz_vassal";
    std::error_code ec;
    std::size_t read = 0;
    for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        std::ifstream in(it->path(), std::ios::binary);
        std::stringstream bytes;
        bytes << in.rdbuf();
        try {
            const VassalFile f = read_vassal_bytes(bytes.str(), it->path().filename().string());
            ++read;
            (void)audit(f, nullptr);
            (void)audit(f, &module());
            (void)chain_break(f, f);
        } catch (const VassalError&) {
        }
    }
    RecordProperty("files_read", static_cast<int>(read));
}
