// The test modules of issue 16 (samples/vassal/*/buildFile.xml) and the games the test-only
// writer makes with them (tests/support/vassal_games.cpp): the writer's hex centres are named as
// the scenarios name their hexes by referee's own Locator, and what the writer writes, the
// VASSAL reader reads back (pieces, steps, counts, undos, final places).
#include "board_layout.hpp"
#include "locate.hpp"
#include "module.hpp"
#include "vassal_file.hpp"
#include "vassal_games.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <set>

using namespace referee::vassal;
using namespace referee::vassal::testing;

namespace {

std::string module_path(const std::string& folder) {
    return std::string(REFEREE_SOURCE_DIR) + "/samples/vassal/" + folder + "/buildFile.xml";
}

const Module& bluegray() {
    static const Module m = Module::load(module_path("bluegray"));
    return m;
}
const Module& napoleonics() {
    static const Module m = Module::load(module_path("napoleonics"));
    return m;
}

std::string two(int n) {
    char s[16];  // room for any int: g++ -O1 cannot bound n (-Wformat-truncation)
    std::snprintf(s, sizeof s, "%02d", n);
    return s;
}

// Every hex of the extent: the writer's centre is named CCRR by the module's grid.
void expect_every_hex_named(const Module& m, const WriterModule& w, int columns, int rows) {
    const Locator locator(m, default_layout(*m.map(w.game_map)));
    std::set<std::pair<int, int>> seen;
    for (int c = 1; c <= columns; ++c) {
        for (int r = 1; r <= rows; ++r) {
            const std::string id = two(c) + two(r);
            const PixelPoint p = hex_centre(w.grid, id);
            EXPECT_EQ(locator.name_strict(Point{p.x, p.y}), id) << "at " << p.x << "," << p.y;
            // and a few pixels off the centre, as a hand-dropped piece lands
            EXPECT_EQ(locator.name(Point{p.x + 9, p.y - 7}), id);
            EXPECT_TRUE(seen.insert({p.x, p.y}).second) << id << " shares its centre with another hex";
        }
    }
}

}  // namespace

TEST(TestModules, BlueAndGrayIsReadAsWritten) {
    const Module& m = bluegray();
    EXPECT_EQ(m.name, "Blue and Gray Test");
    EXPECT_EQ(m.version, "1.0");
    ASSERT_EQ(m.maps.size(), 4u);
    for (const char* id : {"Main Map", "Dead Pile", "Exited", "Reinforcements"}) EXPECT_NE(m.map(id), nullptr) << id;
    ASSERT_EQ(m.dice_buttons.size(), 1u);
    EXPECT_EQ(m.dice_buttons[0].name, "1d6");
    EXPECT_EQ(m.dice_buttons[0].n_dice, 1);
    EXPECT_EQ(m.dice_buttons[0].report_format, blue_and_gray_module().dice_format);
    ASSERT_EQ(m.turn_trackers.size(), 1u);
    const TurnTracker& t = m.turn_trackers[0];
    EXPECT_EQ(t.name, "Turn");
    ASSERT_EQ(t.levels.size(), 1u);
    EXPECT_EQ(t.levels[0].start, 1);
    ASSERT_EQ(t.levels[0].levels.size(), 1u);
    EXPECT_EQ(t.levels[0].levels[0].items,
              (std::vector<std::string>{"Union Movement", "Union Combat", "Confederate Movement", "Confederate Combat"}));
}

TEST(TestModules, NapoleonicsIsReadAsWritten) {
    const Module& m = napoleonics();
    EXPECT_EQ(m.name, "Napoleonics Test");
    ASSERT_EQ(m.turn_trackers.size(), 1u);
    ASSERT_EQ(m.turn_trackers[0].levels.size(), 1u);
    EXPECT_EQ(m.turn_trackers[0].levels[0].items.size(), 10u);
    ASSERT_EQ(m.dice_buttons.size(), 1u);
    EXPECT_EQ(m.dice_buttons[0].name, "Battle");
    EXPECT_EQ(m.dice_buttons[0].n_dice, 2);
}

// Marye's Heights uses columns 01-25 and rows 01-27, Cemetery Hill 01-21 by 01-27: the module's
// sheet holds 26 by 27.
TEST(TestModules, TheWritersCentresAreNamedAsTheScenariosNameHexes) {
    expect_every_hex_named(bluegray(), blue_and_gray_module(), 26, 27);
    expect_every_hex_named(napoleonics(), napoleonics_module(), 13, 9);
}

TEST(TestModules, CentresFollowTheOffsetColumnsAndRows) {
    // Blue & Gray: even columns half a hex lower; Napoleonics: even rows half a hex to the right.
    EXPECT_EQ(hex_centre(blue_and_gray_grid(), "0101"), (PixelPoint{40, 40}));
    EXPECT_EQ(hex_centre(blue_and_gray_grid(), "0201"), (PixelPoint{96, 72}));
    EXPECT_EQ(hex_centre(blue_and_gray_grid(), "0102"), (PixelPoint{40, 104}));
    EXPECT_EQ(hex_centre(napoleonics_grid(), "0101"), (PixelPoint{40, 40}));
    EXPECT_EQ(hex_centre(napoleonics_grid(), "0102"), (PixelPoint{72, 96}));
    EXPECT_EQ(hex_centre(napoleonics_grid(), "0201"), (PixelPoint{104, 40}));
    EXPECT_THROW(hex_centre(blue_and_gray_grid(), "101"), std::invalid_argument);
    EXPECT_THROW(hex_centre(blue_and_gray_grid(), "01a1"), std::invalid_argument);
}

class TestGameFile : public ::testing::TestWithParam<TestGame> {};

// What the writer wrote, the reader reads back: every log of the game, its steps, its pieces and
// where they end, named by the module's grid as the writer placed them.
TEST_P(TestGameFile, ReadsBackAsWritten) {
    const TestGame& game = GetParam();
    const Module& m = game.module == "napoleonics" ? napoleonics() : bluegray();
    for (std::size_t i = 0; i < game.logs.size(); ++i) {
        const GameWriter& w = game.logs[i];
        SCOPED_TRACE(game.name + " log " + std::to_string(i + 1));
        const VassalFile f = read_vassal_bytes(w.bytes(static_cast<unsigned char>(0x21 + i)), game.name);
        EXPECT_EQ(f.encoding, Encoding::vcsk);
        EXPECT_EQ(f.metadata.module_name, w.module().name);
        EXPECT_EQ(f.metadata.module_version, "1.0");
        ASSERT_EQ(f.steps.size(), w.steps());
        EXPECT_TRUE(f.unknown.empty());
        ASSERT_EQ(f.initial.roster().size(), 2u);

        std::size_t marked = 0;
        for (const Step& s : f.steps) {
            EXPECT_NE(s.undo, UndoKind::probable) << "step " << s.number;   // the writer marks its undos
            if (s.undo == UndoKind::marked) {
                ++marked;
                ASSERT_TRUE(s.undoes.has_value());
                // the step it takes back rolled: its chat is the dice button's report
                bool rolled = false;
                for (const std::string& l : f.steps.at(*s.undoes - 1).leaves) rolled |= l.starts_with("CHAT*** 1d6 = ");
                EXPECT_TRUE(rolled);
            }
        }
        EXPECT_EQ(marked, i + 1 == game.logs.size() ? game.marked_undos : 0u);

        // Final places: on the game map, the hex the writer meant; in a box, that box.
        const Locator locator(m, default_layout(*m.map(w.module().game_map)));
        const auto pieces = f.final.pieces();
        ASSERT_FALSE(pieces.empty());
        for (const auto& [id, piece] : pieces) {
            const Place want = w.where(*id);
            const Placement got = f.final.placement(*piece);
            EXPECT_EQ(got.map, want.map) << piece->view.name;
            EXPECT_EQ(got.x, want.x) << piece->view.name;
            EXPECT_EQ(got.y, want.y) << piece->view.name;
            if (want.map == w.module().game_map) {
                EXPECT_EQ(locator.name(Point{static_cast<int>(got.x), static_cast<int>(got.y)}), want.hex) << piece->view.name;
            }
            EXPECT_NE(find_property(piece->view.properties, "Side"), nullptr);
            const std::string* unit = find_property(piece->view.properties, "Unit");
            ASSERT_NE(unit, nullptr);
            EXPECT_EQ(*unit, piece->view.name);   // the unit id has its '/' through every level of escaping
        }
    }
}

// A chain: each log begins where the one before it ended, but for the broken chain.
TEST_P(TestGameFile, ChainsBeginWhereTheLastLogEnded) {
    const TestGame& game = GetParam();
    for (std::size_t i = 1; i < game.logs.size(); ++i) {
        const VassalFile before = read_vassal_bytes(game.logs[i - 1].bytes(), "before");
        const VassalFile after = read_vassal_bytes(game.logs[i].bytes(), "after");
        std::map<std::string, std::pair<std::string, std::pair<long long, long long>>> ended, began;
        for (const auto& [id, p] : before.final.pieces()) {
            const Placement pl = before.final.placement(*p);
            ended[*id] = {pl.map, {pl.x, pl.y}};
        }
        for (const auto& [id, p] : after.initial.pieces()) {
            const Placement pl = after.initial.placement(*p);
            began[*id] = {pl.map, {pl.x, pl.y}};
        }
        EXPECT_EQ(ended == began, !game.chain_broken);
    }
}

INSTANTIATE_TEST_SUITE_P(Games, TestGameFile, ::testing::ValuesIn(all_test_games()),
                         [](const ::testing::TestParamInfo<TestGame>& info) { return info.param.name; });

TEST(TestGameWriter, TheTextIsTheVassalForm) {
    const TestGame game = mh_undo_roll();
    const std::string text = game.logs[0].text();
    // begin_save first, the commands joined with ESC, the undo wrapped in its markers
    EXPECT_TRUE(text.starts_with("begin_save\x1b"));
    EXPECT_NE(text.find("LOG\tUNDO\ttrue"), std::string::npos);
    EXPECT_NE(text.find("LOG\tUNDO\tfalse"), std::string::npos);
    EXPECT_NE(text.find("CHAT* UNDO: *** 1d6 = 1 rolled by A. Smith"), std::string::npos);
    const VassalFile f = read_vassal_bytes(game.logs[0].bytes(), "undo");
    ASSERT_EQ(f.steps.size(), 5u);
    EXPECT_EQ(f.steps[2].undo, UndoKind::marked);
    EXPECT_EQ(f.steps[2].undoes, 2u);
    EXPECT_EQ(f.totals.chat, 3u);   // two reports and the undo's line
    // the tracker's state is read, the Cobb piece lost 2
    EXPECT_EQ(f.final.turns().count("TurnTracker0"), 1u);
}

TEST(TestGameWriter, AnUndoNeedsAStepToTakeBack) {
    GameWriter g(blue_and_gray_module());
    EXPECT_THROW(g.undo(), std::logic_error);
    EXPECT_THROW(g.move("nobody", g.hex("0101"), "x"), std::logic_error);
}
