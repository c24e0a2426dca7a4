// Location names of map points: decks, boards and edges, reversed boards, each grid, zones, and
// the errors (the shared FORMAT.md §5 and IMPORT-NOTES §1.6).
#include "locate.hpp"
#include "vassal_error.hpp"

#include <gtest/gtest.h>

#include <limits>

using namespace referee::vassal;

namespace {

// Map "Front": edges 10 and 20; boards A (300x200, a square grid), B (400x250, reversible, a region
// grid), C (300x100, no grid), D (an image that is missing, a hex grid without numbering), E (a
// zoned grid), U (a grid of an unknown class). A deck "Cards" at (100,100) of board B.
const char* const kModule = R"xml(<VASSAL.build.GameModule name="Locate">
  <VASSAL.build.module.Map mapName="Front" edgeWidth="10" edgeHeight="20">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board name="A" width="300" height="200">
        <VASSAL.build.module.map.boardPicker.board.SquareGrid dx="100" dy="100" x0="50" y0="50">
          <VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering/>
        </VASSAL.build.module.map.boardPicker.board.SquareGrid>
      </VASSAL.build.module.map.boardPicker.Board>
      <VASSAL.build.module.map.boardPicker.Board name="B" width="400" height="250" reversible="true">
        <VASSAL.build.module.map.boardPicker.board.RegionGrid>
          <VASSAL.build.module.map.boardPicker.board.Region name="North" originx="200" originy="50"/>
          <VASSAL.build.module.map.boardPicker.board.Region name="South" originx="200" originy="200"/>
        </VASSAL.build.module.map.boardPicker.board.RegionGrid>
      </VASSAL.build.module.map.boardPicker.Board>
      <VASSAL.build.module.map.boardPicker.Board name="C" width="300" height="100"/>
      <VASSAL.build.module.map.boardPicker.Board name="D" image="missing.png">
        <VASSAL.build.module.map.boardPicker.board.HexGrid dx="50" dy="58" x0="25" y0="29"/>
      </VASSAL.build.module.map.boardPicker.Board>
      <VASSAL.build.module.map.boardPicker.Board name="E" width="2000" height="1000">
        <VASSAL.build.module.map.boardPicker.board.ZonedGrid>
          <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Track" path="1000,500;1400,500;1400,800;1000,800" locationFormat="$name$ $gridLocation$">
            <VASSAL.build.module.map.boardPicker.board.SquareGrid dx="50" dy="50" x0="1025" y0="525">
              <VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering vDescend="true" hLeading="0" vLeading="0"/>
            </VASSAL.build.module.map.boardPicker.board.SquareGrid>
          </VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>
          <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Pool" path="0,0;200,0;200,200;0,200" locationFormat="$name$ ($gridLocation$)" useParentGrid="true"/>
          <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Blank" path="300,0;400,0;400,100;300,100" locationFormat="[$gridLocation$]"/>
          <VASSAL.build.module.map.boardPicker.board.HexGrid dx="60" dy="70" x0="30" y0="35">
            <VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering stagger="false"/>
          </VASSAL.build.module.map.boardPicker.board.HexGrid>
        </VASSAL.build.module.map.boardPicker.board.ZonedGrid>
      </VASSAL.build.module.map.boardPicker.Board>
      <VASSAL.build.module.map.boardPicker.Board name="U" width="100" height="100">
        <custom.PolarGrid rings="5"/>
      </VASSAL.build.module.map.boardPicker.Board>
      <VASSAL.build.module.map.boardPicker.Board name="Z" width="500" height="500">
        <VASSAL.build.module.map.boardPicker.board.ZonedGrid>
          <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Only" path="0,0;100,0;100,100;0,100"/>
        </VASSAL.build.module.map.boardPicker.board.ZonedGrid>
      </VASSAL.build.module.map.boardPicker.Board>
    </VASSAL.build.module.map.BoardPicker>
    <VASSAL.build.module.map.DrawPile name="Cards" x="100" y="100" owningBoard="B"/>
    <VASSAL.build.module.map.DrawPile name="Discard" x="15" y="25"/>
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>)xml";

const Module& module() {
    static const Module m = Module::from_buildfile(kModule, "locate.xml");
    return m;
}

Locator locator(const char* leaf, const BoardSizes& sizes = {}) { return Locator(module(), parse_board_picker(leaf), sizes); }

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const VassalError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST(Locate, BoardsEdgesAndDecks) {
    // A at (10,20), B at (310,20), C at (10,220) (test_board_layout.cpp works these out).
    const Locator loc = locator("FrontBoardPicker\tA\t0\t0\tB\t1\t0\tC\t0\t1");
    // (16,26) on A is local (6,6): col = floor((6-50)/100 + .5) = 0, row = (int)(0.06) = 0 -> "0101"
    EXPECT_EQ(loc.name({16, 26}), "0101");
    // (260,170) on A is local (250,150): col = floor(2.5) = 2, row = (int)(1.5) = 1 -> "0302"
    EXPECT_EQ(loc.name({260, 170}), "0302");
    // (320,30) on B is local (10,10): nearest region North (200,50)
    EXPECT_EQ(loc.name({320, 30}), "North");
    // (350,260) on B is local (40,240): South
    EXPECT_EQ(loc.name({350, 260}), "South");
    // (20,230) on C: a board without a grid
    EXPECT_EQ(loc.name({20, 230}), "offboard");
    // (5,5): the edge; (350,280): below B (its bottom edge is at 270) and right of C
    EXPECT_EQ(loc.name({5, 5}), "offboard");
    EXPECT_EQ(loc.name({350, 280}), "offboard");
    // the right edge of A belongs to B: (310,30) is B's local (0,10)
    EXPECT_EQ(loc.board_at({309, 30})->board->name, "A");
    EXPECT_EQ(loc.board_at({310, 30})->board->name, "B");
    // Decks exactly at their point: "Cards" stands at (100,100) of B = (410,120); "Discard" at (15,25).
    EXPECT_EQ(loc.name({410, 120}), "Cards");
    EXPECT_EQ(loc.name({411, 120}), "North");
    EXPECT_EQ(loc.name({15, 25}), "Discard");
    EXPECT_EQ(loc.name({16, 25}), "0101");
    ASSERT_EQ(loc.decks().size(), 2u);
    EXPECT_EQ(loc.decks()[0].position, (Point{410, 120}));
}

TEST(Locate, ReversedBoards) {
    const Locator loc = locator("FrontBoardPicker\tA\t0\t0\tB/rev\t1\t0");
    // (320,30) on B is local (10,10), turned round: (400-10, 250-10) = (390,240): South
    EXPECT_EQ(loc.name({320, 30}), "South");
    EXPECT_EQ(loc.name({350, 260}), "North");   // local (40,240) -> (360,10)
    // A reversed square grid: (16,26) is A's local (6,6) -> (294,194): col floor(2.94) = 2, row (int)(1.94) = 1
    const Locator a = locator("FrontBoardPicker\tA/rev\t0\t0");
    EXPECT_EQ(a.name({16, 26}), "0302");
}

TEST(Locate, Zones) {
    const Locator loc = locator("FrontBoardPicker\tE\t0\t0");   // E at (10,20)
    // Map (1035,545) is E's local (1025,525): in Track. Its grid counts descending rows in the zone's
    // bounding box (400x300): maxRows = (int)(300/50 + .5) = 6; row 6 - 0 = 6 -> 7; col 0 -> 1.
    // With the board's height (1000) it would be row 20 -> 21.
    EXPECT_EQ(loc.name({1035, 545}), "Track 17");
    // local (1125,675): col floor(100/50 + .5) = 2 -> 3; row (int)(150/50 + .5) = 3 -> 6 - 3 = 3 -> 4
    EXPECT_EQ(loc.name({1135, 695}), "Track 34");
    // Pool uses its parent's grid (the background hex grid, in the board): local (30,35) -> "0101"
    EXPECT_EQ(loc.name({40, 55}), "Pool (0101)");
    // Blank has no grid of its own: $gridLocation$ is empty
    EXPECT_EQ(loc.name({360, 70}), "[]");
    // Outside every zone: the background hex grid. Local (500,140): col = floor(470/60 + .5) = 8, even:
    // row = floor(105/70 + .5) = 2 -> "0903"
    EXPECT_EQ(loc.name({510, 160}), "0903");
    // The zone's right edge is outside it: local (1400,600) -> background
    EXPECT_NE(loc.name({1410, 620}).substr(0, 5), "Track");
}

TEST(Locate, ZonedGridWithoutBackground) {
    const Locator loc = locator("FrontBoardPicker\tZ\t0\t0");
    EXPECT_EQ(loc.name({20, 30}), "Only");
    EXPECT_EQ(loc.name({300, 300}), "offboard");
    // In no zone and no grid: VASSAL says offboard, and so does --locate (vassal.md, issue 32).
    EXPECT_EQ(loc.name_strict({300, 300}), "offboard");
}

TEST(Locate, NoNumbering) {
    // D's image is missing; alone, unreversed and not descending, its size is not needed.
    const Locator loc = locator("FrontBoardPicker\tD\t0\t0");
    EXPECT_FALSE(loc.problem());
    EXPECT_EQ(loc.name({200, 150}), "offboard");   // a grid without numbering: VASSAL says offboard
    EXPECT_EQ(error_of([&] { loc.name_strict({200, 150}); }), "map 'Front' board 'D': its grid has no numbering");
    // B is not in this layout, so the deck it owns stands at its own (100,100), untranslated.
    EXPECT_EQ(loc.name({100, 100}), "Cards");
    EXPECT_EQ(loc.name({5, 5}), "offboard");       // the edge, left of the board
}

TEST(Locate, UnknownGridIsAnErrorWhenAsked) {
    const Locator loc = locator("FrontBoardPicker\tU\t0\t0\tA\t1\t0");
    EXPECT_EQ(loc.name({150, 30}), "0101");        // A, beside it, is named
    const std::string e = error_of([&] { loc.name({20, 30}); });
    EXPECT_NE(e.find("map 'Front' board 'U': its grid is of class 'custom.PolarGrid', which referee does not know"), std::string::npos) << e;
}

TEST(Locate, SizesNeededAndGiven) {
    // D beside A: A's origin does not depend on D, but which board holds a point does.
    const Locator loc = locator("FrontBoardPicker\tD\t0\t0\tA\t1\t0");
    ASSERT_TRUE(loc.problem());
    EXPECT_EQ(*loc.problem(),
              "map 'Front' board 'D': its image 'missing.png' is missing, and its size is needed (the map has several boards); give the board's size");
    EXPECT_THROW(loc.name({20, 30}), VassalError);
    // Given by board name or image name: D is 600x400, so A starts at x = 10 + 600.
    for (const char* key : {"D", "missing.png"}) {
        const Locator sized = locator("FrontBoardPicker\tD\t0\t0\tA\t1\t0", {{key, Size{600, 400}}});
        EXPECT_FALSE(sized.problem());
        EXPECT_EQ(sized.boards()[1].origin, (Point{610, 20}));
        EXPECT_EQ(sized.name({616, 26}), "0101");
    }
    EXPECT_TRUE(locator("FrontBoardPicker\tD/rev\t0\t0").problem());   // a reversed board needs its size
}

TEST(Locate, LayoutErrors) {
    EXPECT_EQ(error_of([] { locator("FrontBoardPicker\tBoard F\t0\t0"); }), "module Locate has no board 'Board F' on map 'Front'");
    EXPECT_EQ(error_of([] { locator("RearBoardPicker\tA\t0\t0"); }), "module Locate has no map 'Rear'");
}

TEST(Locate, GameDecksReplaceTheModules) {
    Locator loc = locator("FrontBoardPicker\tA\t0\t0");
    loc.set_decks({{"Hand", {100, 100}}});
    EXPECT_EQ(loc.name({100, 100}), "Hand");
    EXPECT_EQ(loc.name({15, 25}), "0101");
}

TEST(Locate, ReportFormats) {
    // No format attributes: VASSAL's defaults when the layout's first board has a grid.
    EXPECT_EQ(locator("FrontBoardPicker\tA\t0\t0").report_format(ReportKind::move_within),
              "$pieceName$ moves $previousLocation$ &rarr; $location$ *");
    EXPECT_EQ(locator("FrontBoardPicker\tA\t0\t0").report_format(ReportKind::create), "$pieceName$ created in $location$ *");
    EXPECT_EQ(locator("FrontBoardPicker\tC\t0\t0\tA\t1\t0").report_format(ReportKind::move_within), "");
}

TEST(Locate, PointsAtTheEndsOfInt) {
    // A deck beyond int's end on its board, and a point far right of a board of unknown size far
    // left: Java's int arithmetic wraps, and so does referee's (it was undefined behaviour).
    const Module m = Module::from_buildfile(R"xml(<VASSAL.build.GameModule name="Ends">
  <VASSAL.build.module.Map mapName="M" edgeWidth="1">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board name="A" width="100" height="100"/>
    </VASSAL.build.module.map.BoardPicker>
    <VASSAL.build.module.map.DrawPile name="Far" x="2147483647" y="0" owningBoard="A"/>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.Map mapName="W" edgeWidth="-2000000000">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board name="B" image="lost.png">
        <VASSAL.build.module.map.boardPicker.board.SquareGrid dx="100" dy="100" x0="50" y0="50">
          <VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering/>
        </VASSAL.build.module.map.boardPicker.board.SquareGrid>
      </VASSAL.build.module.map.boardPicker.Board>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>)xml",
                                            "ends.xml");
    const Locator decks(m, default_layout(*m.map("M")));
    ASSERT_EQ(decks.decks().size(), 1u);
    EXPECT_EQ(decks.decks()[0].position, (Point{std::numeric_limits<int>::min(), 0}));   // 2^31 - 1 + 1
    EXPECT_EQ(decks.name({std::numeric_limits<int>::min(), 0}), "Far");
    // B starts at -2,000,000,000 and, of unknown size, reaches right without end: the point at
    // 2^31 - 1 is 4,147,483,647 into it, which wraps to -147,483,649 (column -1,474,837 + 1).
    const Locator wide(m, default_layout(*m.map("W")));
    EXPECT_FALSE(wide.problem());
    EXPECT_EQ(wide.name({std::numeric_limits<int>::max(), 50}), "-147483601");
}

TEST(Locate, NamesAreBounded) {
    // A location format may repeat the grid location: 16,000 times "0101" is 64,000 bytes, a name;
    // 17,000 times passes max_location_name and is refused, not written out (a 6 kB module whose
    // format held 200,000 letter locations of 4 kB named each point in 800 MB).
    const auto module_of = [](int repeats, const char* numbering) {
        std::string format;
        for (int i = 0; i < repeats; ++i) format += "$gridLocation$";
        return Module::from_buildfile("<VASSAL.build.GameModule><VASSAL.build.module.Map mapName=\"M\"><VASSAL.build.module.map.BoardPicker>"
                                      "<VASSAL.build.module.map.boardPicker.Board name=\"A\" width=\"1000000\" height=\"100\">"
                                      "<VASSAL.build.module.map.boardPicker.board.SquareGrid dx=\"100\" dy=\"100\" x0=\"50\" y0=\"50\">"
                                      "<VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering " +
                                          std::string(numbering) + " locationFormat=\"" + format +
                                          "\"/></VASSAL.build.module.map.boardPicker.board.SquareGrid></VASSAL.build.module.map.boardPicker.Board>"
                                          "</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>",
                                      "names.xml");
    };
    const Module fits = module_of(16000, "");
    EXPECT_EQ(Locator(fits, default_layout(fits.maps[0])).name({50, 50}).size(), 64000u);
    const Module passes = module_of(17000, "");
    const Locator loc(passes, default_layout(passes.maps[0]));
    EXPECT_EQ(error_of([&] { loc.name({50, 50}); }), "map 'M' board 'A': the name of point (50, 50) is longer than 65536 bytes: refused");
    EXPECT_EQ(error_of([&] { loc.name_strict({50, 50}); }), "map 'M' board 'A': the name of point (50, 50) is longer than 65536 bytes: refused");
    // Far off the grid, one letter location is long, and still a name: column 10,000 is 385 letters.
    const Module letters = module_of(1, "hType=\"A\"");
    EXPECT_EQ(Locator(letters, default_layout(letters.maps[0])).name({999950, 50}), std::string(385, 'Q') + "01");
}
