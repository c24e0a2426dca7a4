// fuzz_module's kept inputs (fuzz/regressions/fuzz_module/, docs/fuzzing.md), each run through the
// same entry point as the fuzzer (fuzz/module_target.hpp), so that what it once found stays fixed;
// and hand-made inputs with what must come of them, so that the test can fail while the directory
// holds nothing. fuzz_vassal's kept inputs are replayed by tests/parser/vassal/, the other targets'
// by tests/validator/check/test_fuzz_regressions.cpp.
#include "fuzz_regressions.hpp"
#include "module_target.hpp"
#include "zip_builder.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using referee::testing::fuzz_regressions;
using referee::testing::read_bytes;
using namespace referee;
using namespace referee::fuzz;
using namespace std::string_literals;

namespace {

const std::string V = "VASSAL.build.module.";
const std::string G = "VASSAL.build.module.map.boardPicker.board.";

// A buildFile: map "Main" with a hex board (numbered), a square board with an image, a deck; a
// PlayerHand with a region grid; a dice button. The layout places both boards side by side.
const std::string kBuildFile = "<VASSAL.build.GameModule name=\"Fuzz\" version=\"1\">"
                               "<" + V + "Map mapName=\"Main\" edgeWidth=\"10\" moveWithinFormat=\"$pieceName$ moves $previousLocation$ &amp;rarr; $location$ *\">"
                               "<" + V + "map.BoardPicker>"
                               "<" + V + "map.boardPicker.Board name=\"H\" width=\"400\" height=\"300\">"
                               "<" + G + "HexGrid dx=\"50\" dy=\"58\" x0=\"25\" y0=\"29\"><" + G + "mapgrid.HexGridNumbering/></" + G + "HexGrid>"
                               "</" + V + "map.boardPicker.Board>"
                               "<" + V + "map.boardPicker.Board name=\"S\" image=\"s.png\">"
                               "<" + G + "SquareGrid><" + G + "mapgrid.SquareGridNumbering hType=\"A\"/></" + G + "SquareGrid>"
                               "</" + V + "map.boardPicker.Board>"
                               "<setup>MainBoardPicker&#9;H&#9;0&#9;0&#9;S&#9;1&#9;0</setup>"
                               "</" + V + "map.BoardPicker>"
                               "<" + V + "map.DrawPile name=\"Deck\" x=\"5\" y=\"6\" owningBoard=\"S\"/>"
                               "</" + V + "Map>"
                               "<" + V + "PlayerHand mapName=\"Hand\"><" + V + "map.BoardPicker><" + V + "map.boardPicker.Board name=\"C\">"
                               "<" + G + "RegionGrid><" + G + "Region name=\"Row\" originx=\"5\" originy=\"5\"/></" + G + "RegionGrid>"
                               "</" + V + "map.boardPicker.Board></" + V + "map.BoardPicker></" + V + "PlayerHand>"
                               "<" + V + "DiceButton name=\"2d6\"/>"
                               "</VASSAL.build.GameModule>";

std::string png(unsigned w, unsigned h) {
    std::string s = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR"s;
    for (unsigned v : {w, h})
        for (int shift = 24; shift >= 0; shift -= 8) s += static_cast<char>((v >> shift) & 0xFF);
    return s + "\x08\x06\0\0\0"s;
}

}  // namespace

TEST(FuzzRegressions, ModuleKeptInputs) {
    for (const fs::path& f : fuzz_regressions("fuzz_module")) {
        SCOPED_TRACE(f.string());
        EXPECT_EQ(run_module(read_bytes(f)).problem, "");
    }
}

TEST(FuzzRegressions, ModuleHostileInputs) {
    // A module archive with its image, read all the way: both maps located and their points named,
    // the map's three formats (one written, two VASSAL's defaults) and the dice button's matched.
    const std::string zip = test::ZipBuilder().add("buildFile.xml", kBuildFile).add("images/s.png", png(480, 480)).bytes();
    ModuleRun run = run_module(zip);
    EXPECT_EQ(run.problem, "");
    EXPECT_TRUE(run.loaded);
    EXPECT_TRUE(run.archive);
    EXPECT_EQ(run.maps, 2u);
    EXPECT_EQ(run.located, 2u);
    EXPECT_GT(run.names, 40u);
    EXPECT_EQ(run.formats, 3u);   // the move format (written, and the default of move_to), the create format, the dice format
    EXPECT_GE(run.matches, 4u);
    EXPECT_FALSE(run.image);
    EXPECT_FALSE(run.board_picker);
    // The buildFile alone: its image is missing, so the two boards side by side cannot be placed and
    // every point of the map is refused, with the problem's message; the hand's are named.
    run = run_module(kBuildFile);
    EXPECT_EQ(run.problem, "");
    EXPECT_TRUE(run.loaded);
    EXPECT_FALSE(run.archive);
    EXPECT_EQ(run.located, 2u);

    // Image headers and a BoardPicker leaf.
    EXPECT_EQ(run_module(png(640, 480)).image, (vassal::Size{640, 480}));
    EXPECT_EQ(run_module("GIF89a\x00\x04\x00\x03"s + std::string(8, '\0')).image, (vassal::Size{1024, 768}));
    run = run_module("MainBoardPicker\tH\t0\t0\tS/rev\t1\t0");
    EXPECT_EQ(run.problem, "");
    ASSERT_TRUE(run.board_picker);
    EXPECT_EQ(run.board_picker->map, "Main");
    EXPECT_EQ(run.board_picker->boards.size(), 2u);

    // Refusals, each a VassalError that says why: not a module, a ZIP without a buildFile, a ZIP cut
    // short, an extension, a buildFile cut short, elements nested 300 deep, a layout whose cell is
    // not a number, a leaf with a column that is not one.
    std::string deep = "<VASSAL.build.GameModule>";
    for (int i = 0; i < 300; ++i) deep += "<x>";
    for (int i = 0; i < 300; ++i) deep += "</x>";
    deep += "</VASSAL.build.GameModule>";
    std::string bad_setup = kBuildFile;
    bad_setup.replace(bad_setup.find("&#9;0&#9;0"), 10, "&#9;x&#9;0");
    for (const std::string& bad : {"just text"s, test::ZipBuilder().add("moduledata", "<data/>").bytes(), zip.substr(0, zip.size() / 2),
                                   "<VASSAL.build.module.ModuleExtension/>"s, kBuildFile.substr(0, kBuildFile.size() / 2), deep, bad_setup,
                                   "MainBoardPicker\tH\tone\t0"s}) {
        SCOPED_TRACE(bad.substr(0, 60));
        EXPECT_EQ(run_module(bad).problem, "");
    }
}
