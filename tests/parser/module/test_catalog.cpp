// A module's catalog (catalog.hpp): piece slots with their prototypes expanded and the properties
// their Marker, DynamicProperty and Layer traits set, and global properties. The buildFiles are
// written here, their pieces' chains by the test writer (VASSAL's escaping).
#include "module.hpp"
#include "vassal_writer.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace referee::vassal;
using referee::vassal::testing::add_piece;
using referee::vassal::testing::chain;

namespace {

// A slot's or prototype's text: an AddPiece of the chains (outermost first, the BasicPiece last).
std::string piece_text(const std::vector<std::string>& types, const std::vector<std::string>& states) {
    return add_piece("null", chain(types), chain(states));
}

std::string slot(const std::string& attributes, const std::vector<std::string>& types, const std::vector<std::string>& states) {
    return "<VASSAL.build.widget.PieceSlot " + attributes + ">" + piece_text(types, states) + "</VASSAL.build.widget.PieceSlot>\n";
}

std::string prototype(const std::string& name, const std::vector<std::string>& types, const std::vector<std::string>& states) {
    return "<VASSAL.build.module.PrototypeDefinition name=\"" + name + "\">" + piece_text(types, states) +
           "</VASSAL.build.module.PrototypeDefinition>\n";
}

Module read(const std::string& body) {
    const std::string xml = "<VASSAL.build.GameModule name=\"T\" version=\"1\">\n" + body + "</VASSAL.build.GameModule>\n";
    return Module::from_buildfile(xml, "test", {}, LoadOptions{.catalog = true});
}

const PieceSlotDef& only_slot(const Module& m) {
    EXPECT_EQ(m.catalog.slots.size(), 1u);
    return m.catalog.slots.at(0);
}

std::vector<std::string> values(const PieceSlotDef& s, const std::string& name) {
    for (const SlotProperty& p : s.properties)
        if (p.name == name) return p.values;
    return {"(absent)"};
}

std::vector<std::string> names(const PieceSlotDef& s) {
    std::vector<std::string> out;
    for (const SlotProperty& p : s.properties) out.push_back(p.name);
    return out;
}

using Strings = std::vector<std::string>;

}  // namespace

TEST(Catalog, NotReadUnlessAsked) {
    const std::string xml = "<VASSAL.build.GameModule>" + slot("entryName=\"A\" gpid=\"1\"", {"mark;Side", "piece;;;;A"}, {"X", "null;0;0;1;0"}) +
                            "</VASSAL.build.GameModule>";
    const Module m = Module::from_buildfile(xml, "test");
    EXPECT_FALSE(m.catalog.read);
    EXPECT_TRUE(m.catalog.slots.empty());
}

TEST(Catalog, MarkerWithSeveralKeys) {
    const Module m = read("<VASSAL.build.module.PieceWindow name=\"Counters\"><VASSAL.build.widget.ListWidget entryName=\"Union\">" +
                          slot("entryName=\"3/V\" gpid=\"7\"", {"mark;Side,Unit,,Strength", "piece;;;inf.png;3/V"},
                               {"Union,3/V,ignored,13", "null;0;0;7;0"}) +
                          "</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>");
    EXPECT_TRUE(m.catalog.read);
    const PieceSlotDef& s = only_slot(m);
    EXPECT_EQ(s.name, "3/V");
    EXPECT_EQ(s.piece_name, "3/V");
    EXPECT_EQ(s.gpid, "7");
    EXPECT_EQ(s.where, "Counters > Union");
    EXPECT_EQ(names(s), (Strings{"Side", "Unit", "Strength"}));   // the empty key is left out
    EXPECT_EQ(values(s, "Side"), Strings{"Union"});
    EXPECT_EQ(values(s, "Strength"), Strings{"13"});
    EXPECT_TRUE(s.prototypes.empty());
}

TEST(Catalog, MarkerWithFewerValuesThanKeys) {
    const PieceSlotDef s = only_slot(read(slot("entryName=\"A\" gpid=\"1\"", {"mark;Side,Type", "piece;;;;A"}, {"Blue", "null;0;0;1;0"})));
    EXPECT_EQ(values(s, "Side"), Strings{"Blue"});
    EXPECT_EQ(values(s, "Type"), Strings{""});
}

TEST(Catalog, DynamicPropertyGivesItsInitialValue) {
    const PieceSlotDef s = only_slot(read(slot("entryName=\"Brigade\" gpid=\"2\"",
                                               {"PROP;steps;true,0,4,false;;Steps", "PROP;;false,0,0,false;;", "piece;;;;Brigade"},
                                               {"4", "x", "null;0;0;2;0"})));
    EXPECT_EQ(names(s), Strings{"steps"});   // a DynamicProperty without a name sets nothing
    EXPECT_EQ(values(s, "steps"), Strings{"4"});
}

TEST(Catalog, LayerGivesItsLevelsAndTheirNames) {
    // The layer's images are its 16th field after emb2;, the levels' names the 17th, its name the 19th.
    const std::string named = "emb2;Activate;2;;;2;;;2;;;;1;false;0;0;full.png,half.png,gone.png;Full,Reduced,;true;Step;;;false;;1;1;true;65,130;;";
    const std::string unnamed = "emb2;Activate;2;;;2;;;2;;;;1;false;0;0;a.png,b.png;;true;;;;false;;1;1;true;65,130;;";
    const PieceSlotDef s = only_slot(read(slot("entryName=\"Div\" gpid=\"3\"", {named, unnamed, "piece;;;;Div"}, {"1", "-1", "null;0;0;3;0"})));
    EXPECT_EQ(values(s, "Step_Level"), (Strings{"1", "2", "3"}));
    EXPECT_EQ(values(s, "Step_Name"), (Strings{"Full", "Reduced"}));   // the third level has no name
    EXPECT_EQ(values(s, "Layer2_Level"), (Strings{"1", "2"}));        // a layer without a name: Layer<n>, n its place
    EXPECT_EQ(values(s, "Layer2_Name"), Strings{"(absent)"});
}

TEST(Catalog, PrototypesExpandedWithTheirOwnStates) {
    const Module m = read(prototype("Unit", {"mark;Type", "PROP;moved;false,0,0,false;;", "piece;;;;"}, {"infantry", "no", "null;0;0;;0"}) +
                          slot("entryName=\"A\" gpid=\"4\"", {"mark;Side", "prototype;Unit", "piece;;;a.png;A"}, {"Red", "", "null;0;0;4;0"}));
    const PieceSlotDef& s = only_slot(m);
    EXPECT_EQ(m.catalog.prototype_definitions, 1u);
    EXPECT_EQ(s.prototypes, Strings{"Unit"});
    EXPECT_EQ(names(s), (Strings{"Side", "Type", "moved"}));   // in trait order, the prototype's where it is used
    EXPECT_EQ(values(s, "Type"), Strings{"infantry"});
    EXPECT_EQ(values(s, "moved"), Strings{"no"});
    EXPECT_FALSE(s.prototype_cycle);
}

TEST(Catalog, NestedPrototypesAndOneDefinedAfterItsUse) {
    const Module m = read(slot("entryName=\"A\" gpid=\"5\"", {"prototype;Infantry", "piece;;;;A"}, {"", "null;0;0;5;0"}) +
                          prototype("Infantry", {"prototype;Counter", "mark;Type", "piece;;;;"}, {"", "infantry", "null;0;0;;0"}) +
                          prototype("Counter", {"mark;Side,Type", "piece;;;;"}, {"Blue,counter", "null;0;0;;0"}));
    const PieceSlotDef& s = only_slot(m);
    EXPECT_EQ(s.prototypes, (Strings{"Infantry", "Counter"}));
    EXPECT_EQ(values(s, "Side"), Strings{"Blue"});
    // Two traits set Type: both values, the outer (Counter's, used first in Infantry's chain) first.
    EXPECT_EQ(values(s, "Type"), (Strings{"counter", "infantry"}));
}

TEST(Catalog, PrototypeCycleIsCut) {
    const Module m = read(prototype("A", {"mark;FromA", "prototype;B", "piece;;;;"}, {"a", "", "null;0;0;;0"}) +
                          prototype("B", {"mark;FromB", "prototype;A", "piece;;;;"}, {"b", "", "null;0;0;;0"}) +
                          prototype("Self", {"prototype;Self", "mark;FromSelf", "piece;;;;"}, {"", "s", "null;0;0;;0"}) +
                          slot("entryName=\"X\" gpid=\"6\"", {"prototype;A", "piece;;;;X"}, {"", "null;0;0;6;0"}) +
                          slot("entryName=\"Y\" gpid=\"7\"", {"prototype;Self", "piece;;;;Y"}, {"", "null;0;0;7;0"}) +
                          slot("entryName=\"Z\" gpid=\"8\"", {"mark;Plain", "piece;;;;Z"}, {"p", "null;0;0;8;0"}));
    ASSERT_EQ(m.catalog.slots.size(), 3u);
    const PieceSlotDef& x = m.catalog.slots[0];
    EXPECT_TRUE(x.prototype_cycle);
    EXPECT_EQ(x.prototypes, (Strings{"A", "B"}));
    EXPECT_EQ(values(x, "FromA"), Strings{"a"});
    EXPECT_EQ(values(x, "FromB"), Strings{"b"});
    const PieceSlotDef& y = m.catalog.slots[1];
    EXPECT_TRUE(y.prototype_cycle);
    EXPECT_EQ(values(y, "FromSelf"), Strings{"s"});
    EXPECT_FALSE(m.catalog.slots[2].prototype_cycle);
}

TEST(Catalog, DeepPrototypesAreCut) {
    // P0 uses P1 ... uses P39: past max_prototype_depth, cut, and said.
    std::string body;
    for (int i = 0; i < 40; ++i)
        body += prototype("P" + std::to_string(i), {"mark;K" + std::to_string(i), "prototype;P" + std::to_string(i + 1), "piece;;;;"},
                          {"v", "", "null;0;0;;0"});
    body += slot("entryName=\"Deep\"", {"prototype;P0", "piece;;;;Deep"}, {"", "null;0;0;;0"});
    const PieceSlotDef s = only_slot(read(body));
    EXPECT_TRUE(s.prototype_too_deep);
    EXPECT_EQ(values(s, "K0"), Strings{"v"});
    EXPECT_EQ(values(s, "K39"), Strings{"(absent)"});
    EXPECT_LE(s.prototypes.size(), static_cast<std::size_t>(max_prototype_depth) + 1);
}

TEST(Catalog, UndefinedPrototypeIsNamed) {
    const PieceSlotDef s = only_slot(read(slot("entryName=\"A\" gpid=\"1\"", {"prototype;Ghost", "mark;Side", "piece;;;;A"}, {"", "Red", "null;0;0;1;0"})));
    EXPECT_EQ(s.prototypes, Strings{"Ghost"});
    EXPECT_EQ(s.missing_prototypes, Strings{"Ghost"});
    EXPECT_EQ(values(s, "Side"), Strings{"Red"});
}

TEST(Catalog, SlotWithoutGpidOrEntryName) {
    const Module m = read(slot("", {"basicName;Renamed", "mark;Side", "piece;;;;Original"}, {"", "Red", "null;0;0;;0"}) +
                          slot("entryName=\"B\"", {"piece;;;;B"}, {"null;0;0;42;0"}));
    ASSERT_EQ(m.catalog.slots.size(), 2u);
    EXPECT_EQ(m.catalog.slots[0].gpid, "");
    EXPECT_EQ(m.catalog.slots[0].name, "Renamed");   // no entryName: the piece's name, a basicName trait's first
    EXPECT_EQ(m.catalog.slots[0].piece_name, "Renamed");
    EXPECT_EQ(m.catalog.slots[1].gpid, "42");        // no attribute: the BasicPiece's
}

TEST(Catalog, DuplicateNamesAreAllListed) {
    const Module m = read(slot("entryName=\"Militia\" gpid=\"1\"", {"mark;Side", "piece;;;;Militia"}, {"Red", "null;0;0;1;0"}) +
                          slot("entryName=\"Militia\" gpid=\"2\"", {"mark;Side", "piece;;;;Militia"}, {"Blue", "null;0;0;2;0"}) +
                          prototype("Dup", {"mark;Which", "piece;;;;"}, {"first", "null;0;0;;0"}) +
                          prototype("Dup", {"mark;Which", "piece;;;;"}, {"second", "null;0;0;;0"}) +
                          slot("entryName=\"D\" gpid=\"3\"", {"prototype;Dup", "piece;;;;D"}, {"", "null;0;0;3;0"}));
    ASSERT_EQ(m.catalog.slots.size(), 3u);
    EXPECT_EQ(values(m.catalog.slots[0], "Side"), Strings{"Red"});
    EXPECT_EQ(values(m.catalog.slots[1], "Side"), Strings{"Blue"});
    EXPECT_EQ(m.catalog.prototype_definitions, 2u);
    EXPECT_EQ(values(m.catalog.slots[2], "Which"), Strings{"second"});   // the last definition of a name
}

TEST(Catalog, SlotsOfStacksAndDecksAndTheirPlaces) {
    const Module m = read(R"(<VASSAL.build.module.Map mapName="Board">
  <VASSAL.build.module.map.SetupStack name="Start">)" +
                          slot("entryName=\"S\" gpid=\"1\"", {"piece;;;;S"}, {"null;0;0;1;0"}) + R"(</VASSAL.build.module.map.SetupStack>
  <VASSAL.build.module.map.DrawPile name="Deck"><VASSAL.build.widget.CardSlot entryName="Card" gpid="2">)" +
                          piece_text({"piece;;;;Card"}, {"null;0;0;2;0"}) + R"(</VASSAL.build.widget.CardSlot></VASSAL.build.module.map.DrawPile>
</VASSAL.build.module.Map>
)");
    ASSERT_EQ(m.catalog.slots.size(), 2u);
    EXPECT_EQ(m.catalog.slots[0].where, "Board > Start");
    EXPECT_EQ(m.catalog.slots[1].where, "Board > Deck");
    EXPECT_EQ(m.catalog.slots[1].class_name, "VASSAL.build.widget.CardSlot");
}

TEST(Catalog, GlobalPropertiesWithTheirContainers) {
    const Module m = read(R"(<VASSAL.build.module.properties.GlobalProperties>
  <VASSAL.build.module.properties.GlobalProperty name="VP" initialValue="0" isNumeric="true"/>
</VASSAL.build.module.properties.GlobalProperties>
<VASSAL.build.module.Map>
  <VASSAL.build.module.properties.GlobalProperties>
    <VASSAL.build.module.properties.GlobalProperty name="Weather" initialValue="Clear"/>
  </VASSAL.build.module.properties.GlobalProperties>
  <VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="B">
    <VASSAL.build.module.map.boardPicker.board.ZonedGrid>
      <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Town" path="0,0;10,0;10,10">
        <VASSAL.build.module.properties.ZoneProperty name="Control" initialValue="Red"/>
      </VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>
    </VASSAL.build.module.map.boardPicker.board.ZonedGrid>
  </VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker>
</VASSAL.build.module.Map>
)");
    ASSERT_EQ(m.catalog.properties.size(), 3u);
    EXPECT_EQ(m.catalog.properties[0].name, "VP");
    EXPECT_EQ(m.catalog.properties[0].container, "Module");
    EXPECT_TRUE(m.catalog.properties[0].numeric);
    EXPECT_EQ(m.catalog.properties[1].initial_value, "Clear");
    EXPECT_EQ(m.catalog.properties[1].container, "Map0");   // a map without a name: Map<n>, as the maps' reader names it
    EXPECT_EQ(m.catalog.properties[2].container, "Map0:Town");
}

TEST(Catalog, BrokenSlotTextGivesWhatCanBeRead) {
    const Module m = read("<VASSAL.build.widget.PieceSlot entryName=\"Junk\" gpid=\"9\">not a piece at all</VASSAL.build.widget.PieceSlot>"
                          "<VASSAL.build.widget.PieceSlot entryName=\"Empty\"/>");
    ASSERT_EQ(m.catalog.slots.size(), 2u);
    EXPECT_EQ(m.catalog.slots[0].gpid, "9");
    EXPECT_TRUE(m.catalog.slots[0].properties.empty());
    EXPECT_EQ(m.catalog.slots[1].name, "Empty");
}

TEST(Catalog, ManySlotsAreCapped) {
    std::string body;
    const std::string one = slot("entryName=\"C\"", {"mark;Side", "piece;;;;C"}, {"Red", "null;0;0;;0"});
    for (std::size_t i = 0; i < max_catalog_slots + 5; ++i) body += one;
    const Module m = read(body);
    EXPECT_EQ(m.catalog.slots.size(), max_catalog_slots);
    EXPECT_EQ(m.catalog.slots_left_out, 5u);
}

TEST(Catalog, PrototypeFanOutIsReadOnce) {
    // Each of 30 prototypes uses the next twice: expanded anew at each use, 2^30 expansions.
    std::string body;
    for (int i = 0; i < 30; ++i)
        body += prototype("F" + std::to_string(i),
                          {"prototype;F" + std::to_string(i + 1), "mark;K" + std::to_string(i), "prototype;F" + std::to_string(i + 1), "piece;;;;"},
                          {"", "v", "", "null;0;0;;0"});
    body += prototype("F30", {"mark;Last", "piece;;;;"}, {"end", "null;0;0;;0"});
    body += slot("entryName=\"Fan\"", {"prototype;F0", "piece;;;;Fan"}, {"", "null;0;0;;0"});
    const PieceSlotDef s = only_slot(read(body));
    EXPECT_EQ(values(s, "Last"), Strings{"end"});
    EXPECT_EQ(s.prototypes.size(), 31u);
}
