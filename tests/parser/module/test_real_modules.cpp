// The real third-party modules of /work/shared/vassal (test data of their authors, read in place;
// skipped when the folder is absent): each loads, with the maps, boards and grids counted by hand
// in their buildFiles, and the error paths the notes name.
#include "archive.hpp"
#include "locate.hpp"
#include "module.hpp"
#include "vassal_text.hpp"
#include "vassal_error.hpp"

#include <gtest/gtest.h>

#include <filesystem>

using namespace referee::vassal;

namespace {

const std::string kData = REFEREE_SOURCE_DIR "/../shared/vassal";

#define REQUIRE_DATA()                                                                                    \
    if (!std::filesystem::is_directory(kData)) GTEST_SKIP() << "no real VASSAL files at " << kData;

Module load(const std::string& name) { return Module::load(kData + "/" + name); }

template <class G>
int count_grids(const Module& m) {
    int n = 0;
    for (const MapDef& map : m.maps)
        for (const Board& b : map.boards)
            if (b.grid && std::holds_alternative<G>(*b.grid)) ++n;
    return n;
}

int count_kind(const Module& m, MapKind kind) {
    int n = 0;
    for (const MapDef& map : m.maps) n += map.kind == kind;
    return n;
}

// The BoardPicker leaves of a save's restore commands.
std::vector<BoardLayout> layouts_of(const std::string& name) {
    const Archive a = Archive::open(kData + "/" + name);
    const Deobfuscated d = deobfuscate(a.read("savedGame"), name);
    std::vector<BoardLayout> out;
    for (const std::string& top : split_top_level(d.text, name).header)
        for_each_leaf(top, [&](std::string_view leaf) {
            if (is_board_picker(leaf)) out.push_back(parse_board_picker(leaf));
        });
    return out;
}

}  // namespace

TEST(RealModules, BloodBowl) {
    REQUIRE_DATA();
    const Module m = load("bbvassal/buildFile");
    EXPECT_EQ(m.root_class, "VASSAL.launch.BasicModule");
    EXPECT_EQ(m.sha256.substr(0, 16), "c7da2f0d1b946aa3");
    ASSERT_EQ(m.maps.size(), 3u);
    EXPECT_EQ(count_kind(m, MapKind::private_map), 2);
    EXPECT_EQ(m.map("Grass Pitch")->boards.size(), 3u);
    EXPECT_EQ(count_grids<ZonedGrid>(m), 5);
    EXPECT_EQ(m.dice_buttons.size(), 8u);
    EXPECT_EQ(m.map("Red Team Dugout")->edge_width, 10);
}

TEST(RealModules, ForThePeople) {
    REQUIRE_DATA();
    const Module m = load("ftp/buildFile.xml");
    EXPECT_EQ(m.name, "For the People");
    EXPECT_EQ(m.sha256.substr(0, 16), "433cfa949e4504b0");
    ASSERT_EQ(m.maps.size(), 8u);
    EXPECT_EQ(count_kind(m, MapKind::player_hand), 2);
    EXPECT_EQ(count_grids<ZonedGrid>(m), 6);
    EXPECT_EQ(count_grids<SquareGrid>(m), 2);
    std::size_t decks = 0;
    for (const MapDef& map : m.maps) decks += map.decks.size();
    EXPECT_EQ(decks, 8u);
    EXPECT_EQ(m.map("Map")->decks.size(), 6u);
    EXPECT_EQ(m.turn_trackers.size(), 1u);
    EXPECT_EQ(m.dice_buttons.size(), 2u);
    EXPECT_EQ(m.dice_buttons[0].kind, DiceKind::special);
}

TEST(RealModules, KassalaHasAGridWithoutNumbering) {
    REQUIRE_DATA();
    const Module m = load("kassala/buildFile.xml");
    EXPECT_EQ(m.sha256.substr(0, 16), "a2f5221a6b883fbd");
    EXPECT_EQ(load("kassala").sha256, m.sha256);   // the folder: its buildFile
    ASSERT_EQ(m.maps.size(), 1u);
    const Board& board = m.maps[0].boards.at(0);
    ASSERT_TRUE(board.grid);
    const auto* hex = std::get_if<HexGrid>(&*board.grid);
    ASSERT_NE(hex, nullptr);
    EXPECT_FALSE(hex->numbering);
    EXPECT_EQ(m.turn_trackers.at(0).levels.size(), 1u);
    const auto layouts = layouts_of("kassala/Default Setup.vsav");
    ASSERT_EQ(layouts.size(), 1u);
    const Locator loc(m, layouts[0]);
    EXPECT_EQ(loc.name({500, 500}), "offboard");
    try {
        loc.name_strict({500, 500});
        FAIL();
    } catch (const VassalError& e) {
        EXPECT_STREQ(e.what(), "map 'Main Map' board 'Kassala': its grid has no numbering");
    }
}

TEST(RealModules, Ragnarok) {
    REQUIRE_DATA();
    const Module m = load("ragnarok/buildFile.xml");
    EXPECT_EQ(m.sha256.substr(0, 16), "09d672d4cc25897f");
    ASSERT_EQ(m.maps.size(), 3u);
    const auto* zoned = std::get_if<ZonedGrid>(&*m.map("Main Map")->boards.at(0).grid);
    ASSERT_NE(zoned, nullptr);
    EXPECT_EQ(zoned->zones.size(), 4u);
    EXPECT_FALSE(zoned->background);
    int sideways = 0;
    for (const Zone& z : zoned->zones)
        if (z.grid)
            if (const auto* h = std::get_if<HexGrid>(&*z.grid)) sideways += h->sideways && h->numbering && h->numbering->v_descend;
    EXPECT_EQ(sideways, 1);
    EXPECT_FALSE(m.map("deployment")->boards.at(0).grid);
}

TEST(RealModules, RiskOfCatanReadsImagesFromItsArchive) {
    REQUIRE_DATA();
    const Module m = load("riskofcatan/Risk of Catan.vmod");
    EXPECT_EQ(m.buildfile, "buildFile.xml");
    EXPECT_EQ(m.sha256.substr(0, 16), "32ad6cbf9518eb43");
    ASSERT_EQ(m.maps.size(), 3u);
    EXPECT_EQ(count_kind(m, MapKind::widget_map), 2);
    const MapDef& battle = *m.map("Battle Map Window");
    ASSERT_EQ(battle.boards.size(), 2u);
    EXPECT_TRUE(battle.boards[0].size_known());
    EXPECT_EQ(battle.boards[0].size(), (Size{1800, 720}));
    EXPECT_EQ(battle.boards[1].size(), (Size{200, 695}));
    // The save's layout of that map: Phases stands right of the Battle Board, at x = 1800.
    for (const BoardLayout& l : layouts_of("riskofcatan/test_map2.vsav")) {
        if (l.map == "Battle Map Window") {
            EXPECT_EQ(Locator(m, l).boards().at(1).origin, (Point{1800, 0}));
        }
    }
    // The save also names a map the module lacks, with no boards on it: not an error.
    for (const BoardLayout& l : layouts_of("riskofcatan/test_map2.vsav")) EXPECT_NO_THROW(check_layout(m, l));
    EXPECT_EQ(count_grids<HexGrid>(m), 1);
    EXPECT_EQ(count_grids<SquareGrid>(m), 2);
}

TEST(RealModules, TheLongestDay) {
    REQUIRE_DATA();
    const Module old = load("tld/buildFile");
    EXPECT_EQ(old.sha256.substr(0, 16), "fd53d1f5a17fc7e7");
    EXPECT_EQ(old.maps.size(), 10u);
    EXPECT_EQ(count_kind(old, MapKind::widget_map), 9);
    EXPECT_EQ(old.map("Normandy")->boards.size(), 1u);
    const Module m = load("tld/tmp/buildFile");
    EXPECT_EQ(m.root_class, "VASSAL.launch.BasicModule");
    EXPECT_EQ(m.sha256.substr(0, 16), "32bf804f81b097e5");
    EXPECT_EQ(m.maps.size(), 13u);
    EXPECT_EQ(count_kind(m, MapKind::widget_map), 12);
    EXPECT_EQ(m.map("Normandy")->boards.size(), 5u);
    EXPECT_EQ(count_grids<HexGrid>(m), 2);
    EXPECT_EQ(count_grids<ZonedGrid>(m), 5);
    EXPECT_FALSE(m.map("Normandy")->boards[0].size_known());   // Map_Full.png is not in the folder
}

TEST(RealModules, TheLongestDayOlderModuleLacksBoardF) {
    REQUIRE_DATA();
    const Module old = load("tld/buildFile");
    const auto layouts = layouts_of("tld/scenario_1.sav");
    ASSERT_FALSE(layouts.empty());
    EXPECT_EQ(layouts[0].map, "Normandy");
    try {
        check_layout(old, layouts[0]);
        FAIL();
    } catch (const VassalError& e) {
        EXPECT_STREQ(e.what(), "module The Longest Day has no board 'Board F' on map 'Normandy'");
    }
    EXPECT_THROW(Locator(old, layouts[0]), VassalError);
    const Module m = load("tld/tmp/buildFile");   // the version the game files were written with
    for (const BoardLayout& l : layouts) EXPECT_NO_THROW(check_layout(m, l));
}

TEST(RealModules, Tour) {
    REQUIRE_DATA();
    const Module m = load("tour/tour.mod");
    EXPECT_EQ(m.buildfile, "buildFile");
    EXPECT_EQ(m.sha256.substr(0, 16), "b88d402e2bf5f448");
    ASSERT_EQ(m.maps.size(), 2u);
    const MapDef& main = *m.map("Main Map");
    ASSERT_EQ(main.boards.size(), 4u);
    EXPECT_EQ(main.board("VIP")->size(), (Size{2673, 663}));   // a PNG in the archive
    EXPECT_EQ(main.board("SL")->size(), (Size{1799, 645}));    // a GIF
    EXPECT_EQ(main.board("plain")->size(), (Size{1008, 1008}));
    EXPECT_EQ(m.map("Force Pool")->decks.size(), 3u);
    EXPECT_EQ(m.dice_buttons.size(), 1u);
    EXPECT_THROW(load("tour/tour.log"), VassalError);   // a ZIP, but a log: no buildFile
}

TEST(RealModules, TrcAndZxvt) {
    REQUIRE_DATA();
    const Module trc = load("trc/buildFile-trc.yml");   // XML whatever its name
    EXPECT_EQ(trc.sha256.substr(0, 16), "32b615369821b4e7");
    EXPECT_EQ(trc.maps.size(), 9u);
    EXPECT_EQ(trc.map("TRC Map")->edge_width, 75);
    EXPECT_EQ(trc.dice_buttons.size(), 4u);   // random.DiceButton, a subclass
    EXPECT_EQ(trc.turn_trackers.at(0).levels.at(0).levels.at(0).items.size(), 6u);
    // Its default layout names a board it lacks.
    EXPECT_THROW(check_layout(trc, default_layout(*trc.map("TRC Map"))), VassalError);
    const Module zxvt = load("zxvt/buildFile");
    EXPECT_EQ(zxvt.sha256.substr(0, 16), "4ac2418935705703");
    ASSERT_EQ(zxvt.maps.size(), 1u);
    EXPECT_EQ(zxvt.maps[0].boards.at(0).size(), (Size{275, 275}));
    EXPECT_EQ(count_grids<SquareGrid>(zxvt), 1);
    EXPECT_EQ(zxvt.dice_buttons.size(), 8u);
}
