// Reading a buildFile: written here by hand, in the form VASSAL writes (class names as tags).
#include "module.hpp"
#include "vassal_error.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

using namespace referee::vassal;

namespace {

const char* const kModule = R"xml(<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.build.GameModule name="Test Game" version="1.2" VassalVersion="3.7.9" nextPieceSlotId="4">
  <VASSAL.build.module.Map mapName="Main" edgeWidth="10" edgeHeight="20" moveToFormat="$pieceName$ arrives in $location$">
    <VASSAL.build.module.map.BoardPicker title="Choose Boards">
      <setup>MainBoardPicker	West	0	0	East/rev	1	0</setup>
      <VASSAL.build.module.map.boardPicker.Board name="West" width="300" height="200" reversible="false">
        <VASSAL.build.module.map.boardPicker.board.HexGrid dy="70" x0="30" y0="35" sideways="true" snapTo="false">
          <VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering first="V" sep="." hType="A" vType="N"
              hLeading="0" vLeading="2" hOff="0" vOff="-1" hDescend="true" vDescend="false" stagger="false" locationFormat="hex $gridLocation$"/>
        </VASSAL.build.module.map.boardPicker.board.HexGrid>
      </VASSAL.build.module.map.boardPicker.Board>
      <VASSAL.build.module.map.boardPicker.Board name="East" image="east.png" reversible="true">
        <VASSAL.build.module.map.boardPicker.board.ZonedGrid>
          <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Box" path="0,0;100,0;100,50;0,50" locationFormat="$name$ $gridLocation$">
            <VASSAL.build.module.map.boardPicker.board.SquareGrid dx="25" dy="25" x0="12" y0="12">
              <VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering vDescend="true"/>
            </VASSAL.build.module.map.boardPicker.board.SquareGrid>
          </VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>
          <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Shared" path="0,60;100,60;100,90" useParentGrid="true"/>
          <VASSAL.build.module.map.boardPicker.board.mapgrid.ZonedGridHighlighter/>
          <VASSAL.build.module.map.boardPicker.board.RegionGrid>
            <VASSAL.build.module.map.boardPicker.board.Region name="Hill" originx="10" originy="20"/>
            <VASSAL.build.module.map.boardPicker.board.Region name="Ford" originx="200" originy="220"/>
          </VASSAL.build.module.map.boardPicker.board.RegionGrid>
        </VASSAL.build.module.map.boardPicker.board.ZonedGrid>
      </VASSAL.build.module.map.boardPicker.Board>
    </VASSAL.build.module.map.BoardPicker>
    <VASSAL.build.module.map.DrawPile name="Cards" x="400" y="50" owningBoard="East"/>
    <VASSAL.build.widget.PieceSlot entryName="Infantry" gpid="1">+/null/piece;;;inf.png;Infantry/null;0;0;1;0</VASSAL.build.widget.PieceSlot>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.PrivateMap edge="7,8">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board name="Hand"/>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.PrivateMap>
  <VASSAL.build.module.map.GlobalMap/>
  <VASSAL.build.module.ChartWindow name="Charts">
    <VASSAL.build.widget.TabWidget>
      <VASSAL.build.widget.MapWidget entryName="Turn Track">
        <VASSAL.build.widget.WidgetMap mapName="">
          <VASSAL.build.module.map.BoardPicker>
            <VASSAL.build.module.map.boardPicker.Board name="Track" width="800" height="100">
              <custom.grid.TrackGrid spacing="40"/>
            </VASSAL.build.module.map.boardPicker.Board>
          </VASSAL.build.module.map.BoardPicker>
        </VASSAL.build.widget.WidgetMap>
      </VASSAL.build.widget.MapWidget>
    </VASSAL.build.widget.TabWidget>
  </VASSAL.build.module.ChartWindow>
  <VASSAL.build.module.PlayerHand mapName="Cards Held">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board name="Hand" width="120" height="80">
        <custom.MySquareGrid dx="10" dy="10" x0="5" y0="5"/>
      </VASSAL.build.module.map.boardPicker.Board>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.PlayerHand>
  <VASSAL.build.module.ToolbarMenu>
    <VASSAL.build.module.DiceButton name="2d6" nDice="2" nSides="6" plus="1" addToTotal="3" reportTotal="true"/>
    <VASSAL.build.module.DiceButton name="Default"/>
    <random.DiceButton name="Twister" nDice="1" nSides="10" reportFormat="** $name$ = $result$"/>
  </VASSAL.build.module.ToolbarMenu>
  <VASSAL.build.module.SpecialDiceButton name="Block" format="** $name$ = [$result1$] *** &lt;$PlayerName$&gt;">
    <VASSAL.build.module.SpecialDie name="Block die" format="$result$">
      <VASSAL.build.module.SpecialDieFace text="PUSH" value="3" icon="push.png"/>
      <VASSAL.build.module.SpecialDieFace text="POW" value="5" icon="pow.png"/>
    </VASSAL.build.module.SpecialDie>
  </VASSAL.build.module.SpecialDiceButton>
  <VASSAL.build.module.turn.TurnTracker name="Turn" reportFormat="Turn $newTurn$" turnFormat="$level1$ $level2$">
    <VASSAL.build.module.turn.CounterTurnLevel name="Year" property="year" start="1941" incr="1" loop="false" loopLimit="-1">
      <VASSAL.build.module.turn.ListTurnLevel name="Side" property="side" list="Axis,Allied,Neutral\,Other"/>
    </VASSAL.build.module.turn.CounterTurnLevel>
  </VASSAL.build.module.turn.TurnTracker>
</VASSAL.build.GameModule>
)xml";

std::string png_head(unsigned w, unsigned h) {
    auto be32 = [](unsigned v) { return std::string{char(v >> 24), char((v >> 16) & 0xFF), char((v >> 8) & 0xFF), char(v & 0xFF)}; };
    return std::string("\x89PNG\r\n\x1a\n", 8) + be32(13) + "IHDR" + be32(w) + be32(h);
}

Module test_module() {
    return Module::from_buildfile(kModule, "test.xml", [](std::string_view name) -> std::optional<std::string> {
        if (name == "east.png") return png_head(400, 250);
        return std::nullopt;
    });
}

}  // namespace

TEST(Buildfile, Root) {
    const Module m = test_module();
    EXPECT_EQ(m.name, "Test Game");
    EXPECT_EQ(m.version, "1.2");
    EXPECT_EQ(m.vassal_version, "3.7.9");
    EXPECT_EQ(m.root_class, "VASSAL.build.GameModule");
    const Module old = Module::from_buildfile(R"(<VASSAL.launch.BasicModule name="Old" VassalVersion="2.9b2"/>)", "old");
    EXPECT_EQ(old.name, "Old");
    EXPECT_EQ(old.root_class, "VASSAL.launch.BasicModule");
    EXPECT_TRUE(old.maps.empty());
}

TEST(Buildfile, MapsAndTheirIds) {
    const Module m = test_module();
    ASSERT_EQ(m.maps.size(), 4u);   // the GlobalMap is not a map
    EXPECT_EQ(m.maps[0].id, "Main");
    EXPECT_EQ(m.maps[0].kind, MapKind::map);
    EXPECT_EQ(m.maps[1].id, "Map1");          // no mapName: Map<n>, n counting every map in order
    EXPECT_EQ(m.maps[1].kind, MapKind::private_map);
    EXPECT_EQ(m.maps[2].id, "Turn Track");    // a chart's map without a mapName: its MapWidget's entryName
    EXPECT_EQ(m.maps[2].kind, MapKind::widget_map);
    EXPECT_EQ(m.maps[3].id, "Cards Held");
    EXPECT_EQ(m.maps[3].kind, MapKind::player_hand);
    EXPECT_EQ(m.map("Turn Track"), &m.maps[2]);
    EXPECT_EQ(m.map("Nowhere"), nullptr);
    EXPECT_EQ(m.maps[0].edge_width, 10);
    EXPECT_EQ(m.maps[0].edge_height, 20);
    EXPECT_EQ(m.maps[1].edge_width, 7);       // the legacy edge="w,h"
    EXPECT_EQ(m.maps[1].edge_height, 8);
    EXPECT_EQ(m.maps[0].setup, "MainBoardPicker\tWest\t0\t0\tEast/rev\t1\t0");
}

TEST(Buildfile, ReportFormats) {
    const Module m = test_module();
    const MapDef& main = *m.map("Main");
    EXPECT_FALSE(main.move_within_format);
    EXPECT_EQ(*main.move_to_format, "$pieceName$ arrives in $location$");
    EXPECT_EQ(main.report_format(ReportKind::move_to, true), "$pieceName$ arrives in $location$");
    EXPECT_EQ(main.report_format(ReportKind::move_within, true), "$pieceName$ moves $previousLocation$ &rarr; $location$ *");
    EXPECT_EQ(main.report_format(ReportKind::create, true), "$pieceName$ created in $location$ *");
    // VASSAL's defaults apply only when the first board has a grid.
    EXPECT_EQ(main.report_format(ReportKind::move_within, false), "");
    EXPECT_EQ(main.report_format(ReportKind::move_to, false), "$pieceName$ arrives in $location$");
}

TEST(Buildfile, Boards) {
    const Module m = test_module();
    const MapDef& main = *m.map("Main");
    ASSERT_EQ(main.boards.size(), 2u);
    const Board& west = main.boards[0];
    EXPECT_EQ(west.name, "West");
    EXPECT_EQ(west.size(), (Size{300, 200}));
    EXPECT_TRUE(west.size_known());
    const Board& east = *main.board("East");
    EXPECT_TRUE(east.reversible);
    EXPECT_EQ(east.image, "east.png");
    EXPECT_EQ(east.size(), (Size{400, 250}));   // from the image, read through the reader
    EXPECT_TRUE(east.size_known());
    const Board& hand = m.maps[1].boards[0];
    EXPECT_EQ(hand.size(), (Size{500, 500}));   // no image, no width: 500 x 500
    EXPECT_FALSE(hand.grid);
}

TEST(Buildfile, MissingImage) {
    const Module m = Module::from_buildfile(R"(<VASSAL.build.GameModule><VASSAL.build.module.Map mapName="M">
        <VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="B" image="gone.png" width="90" height="80"/>
        </VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>)",
                                            "m");
    const Board& b = m.maps[0].boards[0];
    EXPECT_FALSE(b.size_known());
    EXPECT_EQ(b.size(), (Size{90, 80}));   // a guess, said to be one
}

TEST(Buildfile, EachImageIsReadOnce) {
    // 1,000 boards naming one image, and one naming another that is missing: two reads. (A 13 kB
    // module whose 200,000 boards named one large image inflated its first 64 KiB each time: 86 s.)
    std::string xml = "<VASSAL.build.GameModule><VASSAL.build.module.Map mapName=\"M\"><VASSAL.build.module.map.BoardPicker>";
    for (int i = 0; i < 1000; ++i) xml += "<VASSAL.build.module.map.boardPicker.Board name=\"B\" image=\"big.gif\"/>";
    xml += "<VASSAL.build.module.map.boardPicker.Board name=\"C\" image=\"gone.png\"/>";
    xml += "</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>";
    std::vector<std::string> read;
    const Module m = Module::from_buildfile(xml, "m", [&](std::string_view name) -> std::optional<std::string> {
        read.emplace_back(name);
        if (name != "big.gif") return std::nullopt;
        return std::string("GIF89a\x40\x01\xc8\x00", 10) + std::string(64 * 1024, '\0');
    });
    EXPECT_EQ(read, (std::vector<std::string>{"big.gif", "gone.png"}));
    ASSERT_EQ(m.maps[0].boards.size(), 1001u);
    EXPECT_EQ(m.maps[0].boards[999].size(), (Size{320, 200}));
    EXPECT_FALSE(m.maps[0].boards[1000].size_known());
}

TEST(Buildfile, ALongWidgetEntryNameIsNotCopiedForEachElement) {
    // The entry name of a chart's MapWidget was copied for every element below it: 4 MiB under
    // 50,000 elements is 200 GB of copies. A chart's map still takes it for its id.
    std::string xml = "<VASSAL.build.GameModule><VASSAL.build.widget.MapWidget entryName=\"" + std::string(4u << 20, 'x') + "\">";
    for (int i = 0; i < 50000; ++i) xml += "<a/>";
    xml += "<VASSAL.build.widget.WidgetMap/></VASSAL.build.widget.MapWidget></VASSAL.build.GameModule>";
    const auto start = std::chrono::steady_clock::now();
    const Module m = Module::from_buildfile(xml, "chart.xml");
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
    ASSERT_EQ(m.maps.size(), 1u);
    EXPECT_EQ(m.maps[0].id, std::string(4u << 20, 'x'));
}

TEST(Buildfile, HexGridAndNumbering) {
    const Module m = test_module();
    const Board& west = m.map("Main")->boards[0];
    ASSERT_TRUE(west.grid);
    const auto* hex = std::get_if<HexGrid>(&*west.grid);
    ASSERT_NE(hex, nullptr);
    EXPECT_DOUBLE_EQ(hex->dy, 70);
    EXPECT_DOUBLE_EQ(hex->dx, 70 * std::sqrt(3.0) / 2);   // dx from dy when absent
    EXPECT_DOUBLE_EQ(hex->x0, 30);
    EXPECT_DOUBLE_EQ(hex->y0, 35);
    EXPECT_TRUE(hex->sideways);
    EXPECT_FALSE(hex->snap_to);
    ASSERT_TRUE(hex->numbering);
    const Numbering& nb = *hex->numbering;
    EXPECT_EQ(nb.first, 'V');
    EXPECT_EQ(nb.sep, ".");
    EXPECT_EQ(nb.h_type, 'A');
    EXPECT_EQ(nb.v_type, 'N');
    EXPECT_EQ(nb.h_leading, 0);
    EXPECT_EQ(nb.v_leading, 2);
    EXPECT_EQ(nb.h_off, 0);
    EXPECT_EQ(nb.v_off, -1);
    EXPECT_TRUE(nb.h_descend);
    EXPECT_FALSE(nb.v_descend);
    EXPECT_FALSE(nb.stagger);
    EXPECT_EQ(nb.location_format.text(), "hex $gridLocation$");
}

TEST(Buildfile, ZonedGrid) {
    const Module m = test_module();
    const Board& east = *m.map("Main")->board("East");
    const auto* zoned = std::get_if<ZonedGrid>(&*east.grid);
    ASSERT_NE(zoned, nullptr);
    ASSERT_EQ(zoned->zones.size(), 2u);
    const Zone& box = zoned->zones[0];
    EXPECT_EQ(box.name, "Box");
    EXPECT_EQ(box.bounds, (Rect{0, 0, 100, 50}));
    EXPECT_EQ(box.location_format.text(), "$name$ $gridLocation$");
    ASSERT_TRUE(box.grid);
    const auto* square = std::get_if<SquareGrid>(&*box.grid);
    ASSERT_NE(square, nullptr);
    EXPECT_DOUBLE_EQ(square->dx, 25);
    ASSERT_TRUE(square->numbering);
    EXPECT_TRUE(square->numbering->v_descend);
    EXPECT_EQ(square->numbering->h_off, 1);   // defaults
    EXPECT_EQ(square->numbering->location_format.text(), "$gridLocation$");
    const Zone& shared = zoned->zones[1];
    EXPECT_TRUE(shared.use_parent_grid);
    EXPECT_EQ(shared.location_format.text(), "$name$");
    ASSERT_TRUE(zoned->background);
    const auto* regions = std::get_if<RegionGrid>(&*zoned->background);
    ASSERT_NE(regions, nullptr);
    ASSERT_EQ(regions->regions.size(), 2u);
    EXPECT_EQ(regions->regions[1].name, "Ford");
    EXPECT_EQ(regions->regions[1].origin, (Point{200, 220}));
}

TEST(Buildfile, SubclassesAndUnknownGrids) {
    const Module m = test_module();
    // custom.MySquareGrid ends in SquareGrid: read as one.
    const auto* square = std::get_if<SquareGrid>(&*m.map("Cards Held")->boards[0].grid);
    ASSERT_NE(square, nullptr);
    EXPECT_EQ(square->class_name, "custom.MySquareGrid");
    EXPECT_FALSE(square->numbering);
    // custom.grid.TrackGrid is kept with its class name.
    const auto* unknown = std::get_if<UnknownGrid>(&*m.map("Turn Track")->boards[0].grid);
    ASSERT_NE(unknown, nullptr);
    EXPECT_EQ(unknown->class_name, "custom.grid.TrackGrid");
}

TEST(Buildfile, Decks) {
    const Module m = test_module();
    const MapDef& main = *m.map("Main");
    ASSERT_EQ(main.decks.size(), 1u);
    EXPECT_EQ(main.decks[0].name, "Cards");
    EXPECT_EQ(main.decks[0].position, (Point{400, 50}));
    EXPECT_EQ(main.decks[0].owning_board, "East");
    EXPECT_EQ(main.decks[0].map, "Main");
}

TEST(Buildfile, DiceButtons) {
    const Module m = test_module();
    ASSERT_EQ(m.dice_buttons.size(), 4u);
    const DiceButton& d = m.dice_buttons[0];
    EXPECT_EQ(d.kind, DiceKind::standard);
    EXPECT_EQ(d.name, "2d6");
    EXPECT_EQ(d.n_dice, 2);
    EXPECT_EQ(d.n_sides, 6);
    EXPECT_EQ(d.plus, 1);
    EXPECT_EQ(d.add_to_total, 3);
    EXPECT_TRUE(d.report_total);
    EXPECT_EQ(d.report_format, "** $name$ = $result$ *** &lt;$PlayerName$&gt;");   // the default
    const DiceButton& def = m.dice_buttons[1];
    EXPECT_EQ(def.n_dice, 2);
    EXPECT_EQ(def.n_sides, 6);
    EXPECT_FALSE(def.report_total);
    EXPECT_EQ(m.dice_buttons[2].class_name, "random.DiceButton");
    EXPECT_EQ(m.dice_buttons[2].report_format, "** $name$ = $result$");
    const DiceButton& special = m.dice_buttons[3];
    EXPECT_EQ(special.kind, DiceKind::special);
    EXPECT_EQ(special.report_format, "** $name$ = [$result1$] *** <$PlayerName$>");   // XML's &lt; is '<'

    ASSERT_EQ(special.dice.size(), 1u);
    ASSERT_EQ(special.dice[0].faces.size(), 2u);
    EXPECT_EQ(special.dice[0].faces[1].text, "POW");
    EXPECT_EQ(special.dice[0].faces[1].value, "5");
    EXPECT_EQ(special.n_dice, 1);
    EXPECT_EQ(special.n_sides, 2);
}

TEST(Buildfile, TurnTracker) {
    const Module m = test_module();
    ASSERT_EQ(m.turn_trackers.size(), 1u);
    const TurnTracker& t = m.turn_trackers[0];
    EXPECT_EQ(t.name, "Turn");
    EXPECT_EQ(t.report_format, "Turn $newTurn$");
    ASSERT_EQ(t.levels.size(), 1u);
    EXPECT_EQ(t.levels[0].name, "Year");
    EXPECT_EQ(t.levels[0].start, 1941);
    ASSERT_EQ(t.levels[0].levels.size(), 1u);
    const TurnLevel& side = t.levels[0].levels[0];
    EXPECT_EQ(side.property, "side");
    EXPECT_EQ(side.items, (std::vector<std::string>{"Axis", "Allied", "Neutral,Other"}));
}

TEST(Buildfile, Errors) {
    try {
        Module::from_buildfile("<VASSAL.build.GameModule name=\"x\">\n  <VASSAL.build.module.Map mapName=\"M\">\n</VASSAL.build.GameModule>", "bad.xml");
        FAIL();
    } catch (const VassalError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("bad.xml: not well-formed XML"), std::string::npos) << what;
        EXPECT_NE(what.find("line 3"), std::string::npos) << what;
    }
    EXPECT_THROW(Module::from_buildfile("<html/>", "page"), VassalError);
    try {
        Module::from_buildfile("<VASSAL.build.module.ModuleExtension/>", "ext");
        FAIL();
    } catch (const VassalError& e) {
        EXPECT_NE(std::string(e.what()).find("a module extension"), std::string::npos);
    }
    EXPECT_THROW(Module::from_buildfile("", "empty"), VassalError);
    // Nesting beyond any real module is refused, not followed down the stack.
    std::string deep = "<VASSAL.build.GameModule>";
    for (int i = 0; i < 300; ++i) deep += "<a>";
    for (int i = 0; i < 300; ++i) deep += "</a>";
    deep += "</VASSAL.build.GameModule>";
    EXPECT_THROW(Module::from_buildfile(deep, "deep"), VassalError);
}

TEST(Buildfile, AtMostMaxMapBoardsAndDecks) {
    // A Locator compares each board of its layout with each board and each deck of its map: a map of
    // a million boards and a million decks took 160 s to make one. Beyond max_map_boards boards or
    // max_map_decks decks, a map is refused.
    const auto module_of = [](std::size_t boards, std::size_t decks) {
        std::string xml = "<VASSAL.build.GameModule><VASSAL.build.module.Map mapName=\"Big\"><VASSAL.build.module.map.BoardPicker>";
        for (std::size_t i = 0; i < boards; ++i) xml += "<VASSAL.build.module.map.boardPicker.Board name=\"B" + std::to_string(i) + "\"/>";
        xml += "</VASSAL.build.module.map.BoardPicker>";
        for (std::size_t i = 0; i < decks; ++i) xml += "<VASSAL.build.module.map.DrawPile name=\"D\"/>";
        return xml + "</VASSAL.build.module.Map></VASSAL.build.GameModule>";
    };
    const Module m = Module::from_buildfile(module_of(max_map_boards, max_map_decks), "big.xml");
    EXPECT_EQ(m.maps.at(0).boards.size(), max_map_boards);
    EXPECT_EQ(m.maps.at(0).decks.size(), max_map_decks);
    const auto error_of = [](const std::string& xml) {
        try {
            Module::from_buildfile(xml, "big.xml");
        } catch (const VassalError& e) {
            return std::string(e.what());
        }
        return std::string("(no error)");
    };
    EXPECT_EQ(error_of(module_of(max_map_boards + 1, 0)), "big.xml: map 'Big' has more than 4096 boards: refused");
    EXPECT_EQ(error_of(module_of(1, max_map_decks + 1)), "big.xml: map 'Big' has more than 4096 decks: refused");
}
