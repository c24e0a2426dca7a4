// The module bound to a file for `referee vassal` (validator/inspect/module_view): names follow the
// layout of the moment (the file's first layout, each step's, the final one), move reports and
// dice reports are found with the module's formats, and the file's layouts are checked against
// the module, each error naming the file, the board or map and the module file.
#include "inspect.hpp"
#include "module.hpp"
#include "module_view.hpp"
#include "vassal_error.hpp"
#include "vassal_writer.hpp"

#include <gtest/gtest.h>

using namespace referee::vassal;
using namespace referee::vassal::testing;

namespace {

// Map "Main": board A (300x200, square grid 100 px from (0,0), numbered "col,row" from 0 without leading zeros: the point
// (150,150) is "1,1"), board B (300x200, a region grid: "North" at (150,50), "South" at (150,150)),
// board N (a square grid without numbering). Map "Hand": no grid. A dice button "2d6".
const char* const kModule = R"xml(<VASSAL.build.GameModule name="Views" version="1.0">
  <VASSAL.build.module.Map mapName="Main" moveWithinFormat="$pieceName$ moves $previousLocation$ -&gt; $location$">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board name="A" width="300" height="200">
        <VASSAL.build.module.map.boardPicker.board.SquareGrid dx="100" dy="100" x0="50" y0="50">
          <VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering sep="," hOff="0" vOff="0" hLeading="0" vLeading="0"/>
        </VASSAL.build.module.map.boardPicker.board.SquareGrid>
      </VASSAL.build.module.map.boardPicker.Board>
      <VASSAL.build.module.map.boardPicker.Board name="B" width="300" height="200">
        <VASSAL.build.module.map.boardPicker.board.RegionGrid>
          <VASSAL.build.module.map.boardPicker.board.Region name="North" originx="150" originy="50"/>
          <VASSAL.build.module.map.boardPicker.board.Region name="South" originx="150" originy="150"/>
        </VASSAL.build.module.map.boardPicker.board.RegionGrid>
      </VASSAL.build.module.map.boardPicker.Board>
      <VASSAL.build.module.map.boardPicker.Board name="N" width="300" height="200">
        <VASSAL.build.module.map.boardPicker.board.SquareGrid dx="100" dy="100"/>
      </VASSAL.build.module.map.boardPicker.Board>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.Map mapName="Hand">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board name="Cards" width="100" height="100"/>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.DiceButton name="2d6" nDice="2" nSides="6" reportFormat="** $name$ = $result$ *** &lt;$playerName$&gt;"/>
</VASSAL.build.GameModule>)xml";

Module module() {
    Module m = Module::from_buildfile(kModule, "views.xml");
    m.path = "views.xml";
    return m;
}

std::string piece(const std::string& id, const std::string& name, const std::string& map, int x, int y) {
    return add_piece(id, chain({"piece;;;u.png;" + name}), chain({map + ";" + std::to_string(x) + ";" + std::to_string(y) + ";gp;0"}));
}

VassalFile file(const std::vector<std::string>& position, const std::vector<std::string>& steps = {}) {
    return read_vassal_bytes(make_vassal_file(game_text(position, steps)), "views.vlog");
}

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const VassalError& e) {
        return e.what();
    }
    return "(no error)";
}

const PieceRow& row(const std::vector<PieceRow>& rows, const std::string& id) {
    for (const PieceRow& r : rows)
        if (r.id == id) return r;
    throw std::runtime_error("no piece " + id);
}

}  // namespace

TEST(ModuleView, NamesFollowTheLayoutOfTheMoment) {
    const Module m = module();
    // Board A at first; step 1 lays out board B in its place and moves the piece within the map,
    // with the module's move report; step 2 rolls the dice.
    const VassalFile f = file({piece("P", "Alpha", "Main", 150, 150), "MainBoardPicker\tA\t0\t0"},
                              {log_step({"MainBoardPicker\tB\t0\t0", move_piece("P", "Main", 150, 40, "null", "Main", 150, 150),
                                         "CHAT* Alpha moves South -> North"}),
                               log_step({"CHAT*** 2d6 = 3,5 *** &lt;Joel&gt;"})});
    const BoundModule bound = bind_module(m, f);
    const Summary s = summarize(f, bound.view);
    EXPECT_EQ(row(s.initial, "P").location, "1,1");   // board A's grid
    EXPECT_EQ(row(s.final, "P").location, "North");   // board B's regions
    // The report names both ends on board B, as VASSAL did when it wrote it.
    EXPECT_EQ(s.agree, 2u);
    EXPECT_TRUE(s.differences.empty());
    EXPECT_EQ(s.dice, 1u);
    EXPECT_EQ(s.steps[1].dice, 1u);
    EXPECT_EQ(s.steps[0].dice, 0u);
}

TEST(ModuleView, AReportThatNamesAnotherPlaceIsADifference) {
    const Module m = module();
    const VassalFile f = file({piece("P", "Alpha", "Main", 150, 150), "MainBoardPicker\tA\t0\t0"},
                              {log_step({move_piece("P", "Main", 50, 50, "null", "Main", 150, 150), "CHAT* Alpha moves 1,1 -> 2,2"})});
    const BoundModule bound = bind_module(m, f);
    const Summary s = summarize(f, bound.view);
    EXPECT_EQ(s.agree, 1u);   // the previous location
    ASSERT_EQ(s.differences.size(), 1u);
    EXPECT_EQ(s.differences[0].recorded, "2,2");
    EXPECT_EQ(s.differences[0].computed, "0,0");
    EXPECT_EQ(s.differences[0].step, 1u);
    EXPECT_EQ(s.differences[0].source, "move report");
}

TEST(ModuleView, APieceCreatedOnAMapIsCheckedAgainstItsReport) {
    Module m = module();
    m.maps[0].create_format = "$pieceName$ created in $location$";
    const VassalFile f = file({"MainBoardPicker\tA\t0\t0"}, {log_step({piece("Q", "Beta", "Main", 250, 50), "CHAT* Beta created in 2,0"})});
    const Summary s = summarize(f, bind_module(m, f).view);
    EXPECT_EQ(s.agree, 1u);
    EXPECT_TRUE(s.differences.empty());
}

TEST(ModuleView, ABoardTheModuleLacksIsAnErrorNamingIt) {
    const Module m = module();
    const VassalFile f = file({piece("P", "Alpha", "Main", 10, 10), "MainBoardPicker\tA\t0\t0"}, {log_step({"MainBoardPicker\tBoard F\t0\t0"})});
    const std::string e = error_of([&] { bind_module(m, f); });
    EXPECT_NE(e.find("views.vlog"), std::string::npos) << e;
    EXPECT_NE(e.find("no board 'Board F' on map 'Main'"), std::string::npos) << e;
    EXPECT_NE(e.find("module file views.xml, version 1.0"), std::string::npos) << e;
}

TEST(ModuleView, AMissingMapIsAnErrorOnlyWhenPiecesStandOnIt) {
    const Module m = module();
    const VassalFile empty = file({"ChartsBoardPicker\tX\t0\t0"});
    const BoundModule bound = bind_module(m, empty);
    ASSERT_EQ(bound.view.warnings.size(), 1u);
    EXPECT_NE(bound.view.warnings[0].find("map 'Charts'"), std::string::npos);
    const VassalFile occupied = file({piece("P", "Alpha", "Charts", 10, 10), "ChartsBoardPicker\tX\t0\t0"});
    const std::string e = error_of([&] { bind_module(m, occupied); });
    EXPECT_NE(e.find("map 'Charts'"), std::string::npos) << e;
    EXPECT_NE(e.find("pieces stand on it"), std::string::npos) << e;
}

TEST(ModuleView, AGridWithoutNumberingIsAWarningAndLocateRefusesIt) {
    const Module m = module();
    const VassalFile f = file({piece("P", "Alpha", "Main", 150, 150), "MainBoardPicker\tN\t0\t0"});
    const BoundModule bound = bind_module(m, f);
    const Summary s = summarize(f, bound.view);
    EXPECT_EQ(row(s.final, "P").location, "offboard");
    bool warned = false;
    for (const Warning& w : s.warnings) warned |= w.message.find("board 'N': its grid has no numbering") != std::string::npos;
    EXPECT_TRUE(warned);
    EXPECT_NE(error_of([&] { locate_strict(m, f, "Main", 150, 150); }).find("no numbering"), std::string::npos);
}

TEST(ModuleView, LocateUsesTheFilesLayoutOrTheModulesDefault) {
    const Module m = module();
    const VassalFile f = file({"MainBoardPicker\tB\t0\t0"});
    EXPECT_EQ(locate_strict(m, f, "Main", 150, 180).name, "South");
    EXPECT_EQ(locate_strict(m, f, "Main", 150, 400).name, "offboard");   // below the board
    EXPECT_EQ(locate_strict(m, f, "Hand", 5, 5).name, "offboard");       // one board, no grid
    EXPECT_NE(error_of([&] { locate_strict(m, f, "Nowhere", 1, 1); }).find("no map 'Nowhere'"), std::string::npos);
}

TEST(ModuleView, AnotherModuleVersionIsAWarning) {
    const Module m = module();
    auto written_with = [&](const std::string& version) {
        const std::string moduledata = "<?xml version=\"1.0\"?><data version=\"1\"><version>" + version +
                                       "</version><VassalVersion>3.7.20</VassalVersion><name>Views</name></data>";
        return read_vassal_bytes(make_zip({{"savedGame", vcsk(game_text({"MainBoardPicker\tA\t0\t0"}), 0x21)}, {"moduledata", moduledata}}),
                                 "views.vsav");
    };
    EXPECT_TRUE(bind_module(m, written_with("1.0")).view.warnings.empty());
    const BoundModule other = bind_module(m, written_with("0.9"));
    ASSERT_EQ(other.view.warnings.size(), 1u);
    EXPECT_NE(other.view.warnings[0].find("'Views' version 0.9, the module given is 'Views' version 1.0"), std::string::npos)
        << other.view.warnings[0];
}
