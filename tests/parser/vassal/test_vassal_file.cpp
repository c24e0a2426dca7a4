// A VASSAL save or log read whole (parser/vassal/vassal_file.hpp, undo.cpp): files built in memory
// by tests/support/vassal_writer.hpp.
#include "vassal_error.hpp"
#include "vassal_file.hpp"
#include "vassal_writer.hpp"

#include <gtest/gtest.h>

using namespace referee::vassal;
using namespace referee::vassal::testing;

namespace {

std::string unit(const std::string& id, const std::string& map, int x, int y) {
    return add_piece(id, "piece;;;u.png;" + id, map + ";" + std::to_string(x) + ";" + std::to_string(y) + ";gp;0");
}

VassalFile read(const std::vector<std::string>& position, const std::vector<std::string>& steps) {
    return read_vassal_bytes(make_vassal_file(game_text(position, steps)), "t.vlog");
}

std::string message_of(const std::string& bytes) {
    try {
        read_vassal_bytes(bytes, "bad.vsav");
    } catch (const VassalError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST(VassalFile, ASaveHoldsAPositionALogItsSteps) {
    // The position: one piece and a stack holding it, nested under one null command as VASSAL does.
    VassalFile f = read({compound({"", unit("A", "Main", 10, 20), add_piece("S", "stack", "Main;10;20;A")}),
                         "PLAYER\tpw\tJoel\tAllies", "MainBoardPicker\tBoard\t0\t0"},
                        {log_step({move_piece("A", "Main", 30, 40, "null", "Main", 10, 20, "null", "pw"), "CHAT* A moves"}),
                         log_step({"CHAT<Joel> - hello"}), log_step({unit("B", "Main", 1, 1)}), log_step({remove_piece("B")}),
                         log_step({"", "HAKA:x"})});
    EXPECT_TRUE(f.is_log());
    EXPECT_EQ(f.encoding, Encoding::vcsk);
    EXPECT_EQ(f.metadata.vassal_version, "3.7.20");
    ASSERT_EQ(f.steps.size(), 5u);
    EXPECT_EQ(f.steps[0].counts.move, 1u);
    EXPECT_EQ(f.steps[0].counts.chat, 1u);
    EXPECT_EQ(f.steps[0].leaves[1], "CHAT* A moves");   // "LOG\t" taken off
    EXPECT_EQ(f.totals.add, 1u);
    EXPECT_EQ(f.totals.remove, 1u);
    EXPECT_EQ(f.totals.empty, 1u);
    EXPECT_EQ(f.totals.other, 1u);
    EXPECT_EQ(f.unknown.at("HAKA"), 1u);
    EXPECT_EQ(f.initial.piece_count(), 1u);
    EXPECT_EQ(f.initial.placement(*f.initial.find("A")).x, 10);
    EXPECT_EQ(f.final.placement(*f.final.find("A")).x, 30);
    EXPECT_EQ(f.final.piece_count(), 1u);
    EXPECT_EQ(f.steps[3].undo, UndoKind::probable);   // the remove takes back the add
    EXPECT_EQ(f.steps[3].undoes, 3u);
}

TEST(VassalFile, ProbableUndosTakeBackTheLastStepNotYetTakenBack) {
    VassalFile f = read({unit("A", "Main", 0, 0)},
                        {log_step({move_piece("A", "Main", 5, 5, "null", "Main", 0, 0)}),   // 1
                         log_step({"CHAT<a> - oops"}),                                     // 2
                         log_step({"CHAT* UNDO: <a> - oops"}),                             // 3 takes back 2
                         log_step({move_piece("A", "Main", 0, 0, "null", "Main", 5, 5)}),   // 4 takes back 1
                         log_step({move_piece("A", "Main", 6, 6, "null", "Main", 0, 0)}),   // 5
                         log_step({move_piece("A", "Main", 0, 1, "null", "Main", 6, 6)})});  // 6 not back to the start
    EXPECT_EQ(f.steps[0].undo, UndoKind::none);
    EXPECT_EQ(f.steps[2].undo, UndoKind::probable);
    EXPECT_EQ(f.steps[2].undoes, 2u);
    EXPECT_EQ(f.steps[3].undo, UndoKind::probable);
    EXPECT_EQ(f.steps[3].undoes, 1u);
    EXPECT_EQ(f.steps[5].undo, UndoKind::none);
}

TEST(VassalFile, VassalsUndoMarkersMarkAStep) {
    VassalFile f = read({unit("A", "Main", 0, 0)},
                        {log_step({move_piece("A", "Main", 5, 5, "null", "Main", 0, 0)}),
                         log_step({"UNDO\ttrue", move_piece("A", "Main", 0, 0, "null", "Main", 5, 5), "UNDO\tfalse"}),
                         log_step({move_piece("A", "Main", 7, 7, "null", "Main", 0, 0)})});
    EXPECT_EQ(f.steps[1].undo, UndoKind::marked);
    EXPECT_EQ(f.steps[1].undoes, 1u);
    EXPECT_EQ(f.steps[2].undo, UndoKind::none);
}

TEST(VassalFile, RecordsTheNamesVassalComputed) {
    VassalFile f = read({add_piece("A", "piece;;;u.png;A", "Main;10;20;gp;4;OldLocationName;0305;OldMap;Main;OldX;99;OldY;98")}, {});
    ASSERT_EQ(f.recorded_names.size(), 1u);
    EXPECT_EQ(f.recorded_names[0].name, "0305");
    EXPECT_EQ(f.recorded_names[0].x, 99);
    EXPECT_EQ(f.recorded_names[0].y, 98);
    EXPECT_EQ(f.recorded_names[0].step, 0u);
    EXPECT_FALSE(f.is_log());
}

TEST(VassalFile, ClearErrors) {
    EXPECT_NE(message_of("hello").find("not a ZIP archive"), std::string::npos);
    EXPECT_NE(message_of(make_zip({{"other", "x"}})).find("without a savedGame entry"), std::string::npos);
    EXPECT_NE(message_of(make_zip({{"buildFile.xml", "<x/>"}})).find("VASSAL module"), std::string::npos);
    EXPECT_NE(message_of(make_zip({{"buildFile.xml", "<x/>"}})).find("`referee module "), std::string::npos);
    // A buildFile given where a save was expected: said to be XML, with the command that shows a module.
    const std::string xml = message_of("\xEF\xBB\xBF\n  <VASSAL.build.GameModule/>");
    EXPECT_NE(xml.find("not a VASSAL save or log: XML"), std::string::npos) << xml;
    EXPECT_NE(xml.find("`referee module "), std::string::npos) << xml;
    EXPECT_EQ(message_of("hello").find("referee module"), std::string::npos);
    EXPECT_NE(message_of(make_zip({{"savedGame", "!VCSK5g"}})).find("not a hex digit"), std::string::npos);
    EXPECT_NE(message_of(make_zip({{"savedGame", "begin_save\x1b" "x"}})).find("no end_save"), std::string::npos);
    EXPECT_NE(message_of(make_zip({{"savedGame", "hello"}})).find("begin_save"), std::string::npos);
}
