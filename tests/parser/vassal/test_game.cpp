// The position a VASSAL file describes (parser/vassal/game.hpp, traits.hpp): pieces and their
// traits, stacks, decks, the roster, layouts and properties, on commands built by
// tests/support/vassal_writer.hpp.
#include "game.hpp"
#include "vassal_writer.hpp"

#include <gtest/gtest.h>

using namespace referee::vassal;
using namespace referee::vassal::testing;

namespace {

// A Layer trait's type: field 16 the images, 17 the level names, 19 the layer's name.
std::string layer_type(const std::string& name, const std::string& levels) {
    std::vector<std::string> f(20);
    f[0] = "emb2";
    f[16] = "a.png,b.png";
    f[17] = levels;
    f[18] = "true";
    f[19] = name;
    std::string out;
    for (std::size_t i = 0; i < f.size(); ++i) out += (i ? ";" : "") + f[i];
    return out;
}

std::string basic_state(const std::string& map, int x, int y) { return map + ";" + std::to_string(x) + ";" + std::to_string(y) + ";gp1;0"; }
std::string unit(const std::string& id, const std::string& map, int x, int y) {
    return add_piece(id, "piece;;;u.png;" + id, basic_state(map, x, y));
}

}  // namespace

TEST(VassalTraits, ReadsNameMapPositionAndProperties) {
    const std::string type = chain({"mark;Side,Strength", "PROP;Steps;true,0,9,false;;", layer_type("Flip", "full,reduced"),
                                    "piece;;;tiger.png;Tiger"});
    const std::string state = chain({"Axis,4", "2", "2", "Main;100;200;gp7;2;OldLocationName;0101;OldX;5"});
    PieceView v = read_piece(type, state);
    EXPECT_EQ(v.name, "Tiger");
    EXPECT_EQ(v.map, "Main");
    EXPECT_EQ(v.x, 100);
    EXPECT_EQ(v.y, 200);
    EXPECT_EQ(v.gpid, "gp7");
    const std::vector<Property> want{{"Side", "Axis"}, {"Strength", "4"}, {"Steps", "2"}, {"Flip_Level", "2"}, {"Flip_Name", "reduced"}};
    EXPECT_EQ(v.properties, want);
    ASSERT_NE(find_property(v.persistent, "OldLocationName"), nullptr);
    EXPECT_EQ(*find_property(v.persistent, "OldLocationName"), "0101");
    EXPECT_EQ(*find_property(v.persistent, "OldX"), "5");
    EXPECT_FALSE(v.hidden);
}

TEST(VassalTraits, InactiveLayerNullMapHiddenAndBasicName) {
    const std::string type = chain({"basicName;Renamed", "obs;70,130;back.png;Face down;P;?", layer_type("", "x,y"), "piece;;;p.png;Old"});
    const std::string state = chain({"", "player123;", "-1", "null;0;0"});
    PieceView v = read_piece(type, state);
    EXPECT_EQ(v.name, "Renamed");
    EXPECT_EQ(v.map, "");
    EXPECT_TRUE(v.hidden);
    // An unnamed layer is named by its place among the piece's layers; inactive is level 0.
    const std::vector<Property> want{{"Layer1_Level", "0"}};
    EXPECT_EQ(v.properties, want);
}

TEST(VassalTraits, MalformedChainsGiveWhatCanBeRead) {
    PieceView v = read_piece("", "");
    EXPECT_EQ(v.name, "");
    v = read_piece("piece;;;x", "Main;notanumber");
    EXPECT_EQ(v.map, "Main");
    EXPECT_EQ(v.x, 0);
}

TEST(VassalGame, StacksTakeAPieceOnTopOfTheOneItIsPlacedOnAndMoveTogether) {
    Game g;
    g.apply(unit("A", "Main", 100, 200));
    g.apply(unit("B", "Main", 10, 10));
    g.apply(add_piece("S", "stack", "Main;100;200;A"));
    ASSERT_NE(g.find("A"), nullptr);
    EXPECT_EQ(g.find("A")->parent, "S");
    // B dropped onto A: it joins A's stack just above A.
    g.apply(move_piece("B", "Main", 100, 200, "A", "Main", 10, 10));
    EXPECT_EQ(g.find("B")->parent, "S");
    EXPECT_EQ(g.find("S")->children, (std::vector<std::string>{"A", "B"}));
    // The stack dragged: its pieces stand where it stands, whatever their own state says.
    g.apply(move_piece("S", "Main", 300, 400, "null", "Main", 100, 200));
    Placement p = g.placement(*g.find("B"));
    EXPECT_EQ(p.map, "Main");
    EXPECT_EQ(p.x, 300);
    EXPECT_EQ(p.y, 400);
    // A move to no map takes off only a piece that stands alone: a stacked one stays in its stack.
    g.apply(move_piece("A", "null", 0, 0, "null", "Main", 300, 400));
    EXPECT_EQ(g.find("A")->parent, "S");
    EXPECT_EQ(g.placement(*g.find("A")).map, "Main");
    // Dragged to another map, it leaves its stack.
    g.apply(move_piece("A", "Hand", 7, 8, "null", "Main", 300, 400));
    EXPECT_EQ(g.find("A")->parent, "");
    EXPECT_EQ(g.placement(*g.find("A")).map, "Hand");
    EXPECT_EQ(g.find("S")->children, (std::vector<std::string>{"B"}));
    // A piece dropped where a stack stands, onto nothing in particular, goes to its bottom.
    g.apply(move_piece("A", "Main", 300, 400, "null", "Hand", 7, 8));
    EXPECT_EQ(g.find("S")->children, (std::vector<std::string>{"A", "B"}));
    // Alone, a move to no map takes it off the map.
    g.apply(unit("C", "Main", 50, 50));
    g.apply(move_piece("C", "null", 0, 0, "null", "Main", 50, 50));
    EXPECT_EQ(g.placement(*g.find("C")).map, "");
    g.apply(remove_piece("C"));
    EXPECT_EQ(g.piece_count(), 2u);
    g.apply(remove_piece("B"));
    EXPECT_EQ(g.find("B"), nullptr);
    EXPECT_EQ(g.find("S")->children, (std::vector<std::string>{"A"}));
    EXPECT_EQ(g.piece_count(), 1u);
}

TEST(VassalGame, AChangeThatMovesAPieceTakesItOutOfItsStackAStaleMapDoesNot) {
    Game g;
    g.apply(unit("A", "null", 100, 200));   // a stacked piece whose own map is stale
    g.apply(unit("B", "Main", 100, 200));
    g.apply(add_piece("S", "stack", "Main;100;200;A;B"));
    EXPECT_EQ(g.placement(*g.find("A")).map, "Main");   // the stack's map wins
    g.apply(change_piece("A", basic_state("null", 100, 200), basic_state("null", 100, 200)));
    EXPECT_EQ(g.find("A")->parent, "S");
    g.apply(change_piece("B", basic_state("Dead", 5, 5), basic_state("Main", 100, 200)));
    EXPECT_EQ(g.find("B")->parent, "");
    Placement p = g.placement(*g.find("B"));
    EXPECT_EQ(p.map, "Dead");
    EXPECT_EQ(p.x, 5);
}

// The issue-32 case: a stack dragged, one of its pieces changed by a command that carries its
// state as it stood before the drag (a stale position in both the new and the old state), the
// stack dragged again: both pieces go with it.
TEST(VassalGame, AChangeWithAStalePositionLeavesThePieceInItsStack) {
    Game g;
    g.apply(unit("A", "Main", 100, 200));
    g.apply(unit("B", "Main", 100, 200));
    g.apply(add_piece("S", "stack", "Main;100;200;A;B"));
    g.apply(move_piece("S", "Main", 300, 400, "null", "Main", 100, 200));
    // The strength of B changed: its BasicPiece part says 100,200 in both states (stale).
    g.apply(change_piece("B", basic_state("Main", 100, 200), basic_state("Main", 100, 200)));
    EXPECT_EQ(g.find("B")->parent, "S");
    // Dragged again, to the eliminated box: B goes with A.
    g.apply(move_piece("S", "Dead", 10, 10, "null", "Main", 300, 400));
    for (const char* id : {"A", "B"}) {
        const Placement p = g.placement(*g.find(id));
        EXPECT_EQ(p.map, "Dead") << id;
        EXPECT_EQ(p.x, 10) << id;
    }
    EXPECT_EQ(g.find("S")->children, (std::vector<std::string>{"A", "B"}));
}

TEST(VassalGame, AChangeWithoutTheOldStateComparesWithWhereThePieceIs) {
    Game g;
    g.apply(unit("A", "Main", 100, 200));
    g.apply(unit("B", "Main", 100, 200));
    g.apply(add_piece("S", "stack", "Main;100;200;A;B"));
    g.apply(move_piece("S", "Main", 300, 400, "null", "Main", 100, 200));
    // Its own position followed the stack: a state at the stack's point changes nothing.
    g.apply(encode({"D", "A", basic_state("Main", 300, 400)}, '/'));
    EXPECT_EQ(g.find("A")->parent, "S");
    // A null map (2.x writes it for stacked pieces) never unstacks.
    g.apply(encode({"D", "A", basic_state("null", 0, 0)}, '/'));
    EXPECT_EQ(g.find("A")->parent, "S");
    EXPECT_EQ(g.placement(*g.find("A")).map, "Main");
    // A state on another map is a send-to: the piece leaves its stack.
    g.apply(encode({"D", "A", basic_state("Dead", 5, 6)}, '/'));
    EXPECT_EQ(g.find("A")->parent, "");
    const Placement p = g.placement(*g.find("A"));
    EXPECT_EQ(p.map, "Dead");
    EXPECT_EQ(p.y, 6);
    EXPECT_EQ(g.find("S")->children, (std::vector<std::string>{"B"}));
}

TEST(VassalGame, APieceInAStackOnNoMapIsOnNoMap) {
    Game g;
    g.apply(unit("A", "Main", 100, 200));   // its own state is stale
    g.apply(add_piece("S", "stack", "null;0;0;A"));
    EXPECT_EQ(g.placement(*g.find("A")).map, "");
}

TEST(VassalGame, PiecesInADeckTakeTheDecksMapAndDecksAreNotPieces) {
    Game g;
    g.apply(unit("C1", "null", 0, 0));
    g.apply(unit("C2", "null", 0, 0));
    g.apply(add_piece("D", "deck;true;0,0,0;139;90", "Cards;658;94;true;C1,C2"));
    EXPECT_EQ(g.piece_count(), 2u);
    Placement p = g.placement(*g.find("C2"));
    EXPECT_EQ(p.map, "Cards");
    EXPECT_EQ(p.x, 658);
    EXPECT_EQ(p.y, 94);
    auto pieces = g.pieces();
    ASSERT_EQ(pieces.size(), 2u);
    EXPECT_EQ(*pieces[0].first, "C1");   // in the order they were added
}

TEST(VassalGame, RosterLayoutsPropertiesAndTurns) {
    Game g;
    g.apply("PLAYER\tsecret1\tJoel\tAllies");
    g.apply("PLAYER\tsecret1\tJoel\tAllies");   // 3.6 writes the roster twice
    g.apply("PLAYER\tsecret2\tNate\tGermans");
    ASSERT_EQ(g.roster().size(), 2u);
    EXPECT_EQ(g.roster()[1].name, "Nate");
    ASSERT_NE(g.player_by_id("secret2"), nullptr);
    EXPECT_EQ(g.player_by_id("secret2")->side, "Germans");
    EXPECT_EQ(g.player_by_id("nobody"), nullptr);
    g.apply("MainBoardPicker\tBoard A\t0\t0");
    g.apply("MainBoardPicker\tBoard B/rev\t0\t0");
    ASSERT_EQ(g.layouts().size(), 1u);
    EXPECT_EQ(g.layouts()[0].first, "Main");
    EXPECT_EQ(g.layouts()[0].second, "MainBoardPicker\tBoard B/rev\t0\t0");
    g.apply("GlobalProperty\t;Turn;1;Module");
    g.apply("MutableProperty\tTurn\t1\t2\tModule");
    EXPECT_EQ(g.properties().at({"Module", "Turn"}), "2");
    g.apply("TURNTurnTracker0\t3;1");
    EXPECT_EQ(g.turns().at("TurnTracker0"), "3;1");
}

TEST(VassalCommands, ClassifiesLeavesAndNamesUnknownOnes) {
    EXPECT_EQ(classify(""), LeafKind::empty);
    EXPECT_EQ(classify("+/1/stack/x"), LeafKind::add);
    EXPECT_EQ(classify("CHAT<a> - hi"), LeafKind::chat);
    EXPECT_EQ(classify("MainBoardPicker\tB\t0\t0"), LeafKind::board_picker);
    EXPECT_EQ(classify("SETUP_STACK\t"), LeafKind::known_other);
    EXPECT_EQ(classify("UNDO\ttrue"), LeafKind::undo_marker);
    EXPECT_EQ(classify("HAKA:1:2"), LeafKind::unknown);
    EXPECT_EQ(unknown_key("HAKA:1:2"), "HAKA");
    EXPECT_EQ(unknown_key("::::::::::::::::"), "::::::::::::");
    EXPECT_EQ(strip_log("LOG\tM/1"), "M/1");
    MovePiece m = read_move(move_piece("7", "Main", 1, 2, "null", "null", 3, 4, "null", "pw"));
    EXPECT_EQ(m.new_map, "Main");
    EXPECT_EQ(m.old_map, "");
    EXPECT_EQ(m.old_x, 3);
    EXPECT_EQ(m.player, "pw");
    EXPECT_EQ(read_move("M/7/Main/1/2/null/Main/3/4/null").player, "");   // older logs have no player id
}
