// Board layouts: the BoardPicker leaf, the check against the module, and where boards stand.
#include "board_layout.hpp"
#include "vassal_error.hpp"

#include <gtest/gtest.h>

using namespace referee::vassal;

namespace {

const char* const kModule = R"xml(<VASSAL.build.GameModule name="Layouts">
  <VASSAL.build.module.Map mapName="Normandy" edgeWidth="10" edgeHeight="20">
    <VASSAL.build.module.map.BoardPicker>
      <setup>NormandyBoardPicker	A	0	0</setup>
      <VASSAL.build.module.map.boardPicker.Board name="A" width="300" height="200"/>
      <VASSAL.build.module.map.boardPicker.Board name="B" width="400" height="250"/>
      <VASSAL.build.module.map.boardPicker.Board name="C" width="300" height="100"/>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.Map mapName="Single">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board name="Only"/>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>)xml";

}  // namespace

TEST(BoardLayout, Parse) {
    const BoardLayout l = parse_board_picker("NormandyBoardPicker\tBoard F\t0\t0");
    EXPECT_EQ(l.map, "Normandy");
    EXPECT_EQ(l.boards, (std::vector<BoardPlacement>{{"Board F", false, 0, 0}}));
    const BoardLayout two = parse_board_picker("Battle Map WindowBoardPicker\tBattle Board\t0\t0\tPhases/rev\t1\t0");
    EXPECT_EQ(two.map, "Battle Map Window");
    EXPECT_EQ(two.boards, (std::vector<BoardPlacement>{{"Battle Board", false, 0, 0}, {"Phases", true, 1, 0}}));
    // VASSAL's escaping: a tab inside a name is escaped with a backslash.
    const BoardLayout escaped = parse_board_picker("MBoardPicker\tA\\\tB\t0\t1");
    EXPECT_EQ(escaped.boards, (std::vector<BoardPlacement>{{"A\tB", false, 0, 1}}));
    // A map with no boards chosen.
    EXPECT_TRUE(parse_board_picker("Main MapBoardPicker").boards.empty());
    EXPECT_EQ(parse_board_picker("Main MapBoardPicker").map, "Main Map");
}

TEST(BoardLayout, ParseErrors) {
    EXPECT_TRUE(is_board_picker("Main MapBoardPicker\tX\t0\t0"));
    EXPECT_FALSE(is_board_picker("PLAYER\tid\tname\tside"));
    EXPECT_FALSE(is_board_picker("CHAT mentions BoardPicker"));
    EXPECT_THROW(parse_board_picker("PLAYER\tx"), VassalError);
    try {
        parse_board_picker("MBoardPicker\tA\tone\t0");
        FAIL();
    } catch (const VassalError& e) {
        EXPECT_NE(std::string(e.what()).find("the column 'one' is not a number"), std::string::npos) << e.what();
    }
    EXPECT_THROW(parse_board_picker("MBoardPicker\tA\t0"), VassalError);
}

TEST(BoardLayout, ErrorsShowControlBytes) {
    // A leaf's bytes are quoted with their control bytes written \xNN: a NUL would cut what() short.
    using namespace std::string_literals;
    const auto error_of = [](const std::string& leaf) {
        try {
            parse_board_picker(leaf);
        } catch (const VassalError& e) {
            return std::string(e.what());
        }
        return "(no error)"s;
    };
    EXPECT_EQ(error_of("PK\x03\x04\0x"s), "'PK\\x03\\x04\\x00x' is not a board layout (<map>BoardPicker...)");
    EXPECT_EQ(error_of("M\x1b[2JBoardPicker\tA\t1\0\t0"s), "board layout 'M\\x1B[2JBoardPicker': the column '1\\x00' is not a number");
    EXPECT_EQ(error_of("MBoardPicker\tA\x7f"s), "board layout of map 'M': board 'A\\x7F' without its column and row");
    const Module m = Module::from_buildfile(kModule, "layouts.xml");
    try {
        check_layout(m, parse_board_picker("NormandyBoardPicker\tB\0\t0\t0"s));
        FAIL();
    } catch (const VassalError& e) {
        EXPECT_STREQ(e.what(), "module Layouts has no board 'B\\x00' on map 'Normandy'");
    }
}

TEST(BoardLayout, AtMostMaxLayoutBoards) {
    // Placing boards compares each with every other: 300,000 in a module's <setup> took minutes.
    std::string leaf = "MBoardPicker";
    for (std::size_t i = 0; i < max_layout_boards; ++i) leaf += "\tA\t0\t0";
    EXPECT_EQ(parse_board_picker(leaf).boards.size(), max_layout_boards);
    leaf += "\tA\t0\t0";
    try {
        parse_board_picker(leaf);
        FAIL();
    } catch (const VassalError& e) {
        EXPECT_STREQ(e.what(), "board layout of map 'M': more than 4096 boards: refused");
    }
}

TEST(BoardLayout, Check) {
    const Module m = Module::from_buildfile(kModule, "layouts.xml");
    EXPECT_NO_THROW(check_layout(m, parse_board_picker("NormandyBoardPicker\tA\t0\t0\tB\t1\t0")));
    try {
        check_layout(m, parse_board_picker("NormandyBoardPicker\tBoard F\t0\t0"));
        FAIL();
    } catch (const VassalError& e) {
        EXPECT_STREQ(e.what(), "module Layouts has no board 'Board F' on map 'Normandy'");
    }
    try {
        check_layout(m, parse_board_picker("CaenBoardPicker\tA\t0\t0"));
        FAIL();
    } catch (const VassalError& e) {
        EXPECT_STREQ(e.what(), "module Layouts has no map 'Caen' (the board layout places board 'A' on it)");
    }
    EXPECT_NO_THROW(check_layout(m, parse_board_picker("CaenBoardPicker")));   // an empty layout places nothing
}

TEST(BoardLayout, Defaults) {
    const Module m = Module::from_buildfile(kModule, "layouts.xml");
    EXPECT_EQ(default_layout(*m.map("Normandy")).boards, (std::vector<BoardPlacement>{{"A", false, 0, 0}}));
    const BoardLayout single = default_layout(*m.map("Single"));
    EXPECT_EQ(single.map, "Single");
    EXPECT_EQ(single.boards, (std::vector<BoardPlacement>{{"Only", false, 0, 0}}));
}

TEST(BoardLayout, Origins) {
    const Module m = Module::from_buildfile(kModule, "layouts.xml");
    // A 300x200 at (0,0), B 400x250 at (1,0), C 300x100 at (0,1); edges 10 and 20.
    // A: (10, 20). B: x = 10 + width of A = 310, y = 20. C: x = 10, y = 20 + height of A = 220.
    const auto placed = place_boards(*m.map("Normandy"), parse_board_picker("NormandyBoardPicker\tA\t0\t0\tB/rev\t1\t0\tC\t0\t1"));
    ASSERT_EQ(placed.size(), 3u);
    EXPECT_EQ(placed[0].origin, (Point{10, 20}));
    EXPECT_EQ(placed[1].origin, (Point{310, 20}));
    EXPECT_TRUE(placed[1].reversed);
    EXPECT_EQ(placed[1].bounds(), (Rect{310, 20, 400, 250}));
    EXPECT_EQ(placed[2].origin, (Point{10, 220}));
    // A board at (1,1) sums the widths before it in row 1 (C) and the heights above it in column 1 (B).
    const auto grid = place_boards(*m.map("Normandy"), parse_board_picker("NormandyBoardPicker\tA\t0\t0\tB\t1\t0\tC\t0\t1\tA\t1\t1"));
    EXPECT_EQ(grid[3].origin, (Point{10 + 300, 20 + 250}));
}
