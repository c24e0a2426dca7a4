// The VASSAL test games of issue 16 (vassal_games.hpp). Each function reads as its twin move log
// in tests/data/vassal/ does, one VASSAL step per action: a drag, a dice button, a change of a
// piece, a chat line, a click of the turn tracker.
#include "vassal_games.hpp"

namespace referee::vassal::testing {

namespace {

// The roster ids are the players' VASSAL passwords (never printed by referee): made up here.
constexpr const char* union_id = "union-secret";
constexpr const char* confederate_id = "confederate-secret";
constexpr const char* french_id = "french-secret";
constexpr const char* british_id = "british-secret";

// The Blue and Gray Test tracker's phase list.
enum BlueGrayPhase { union_movement = 0, union_combat = 1, confederate_movement = 2, confederate_combat = 3 };

UnitSpec spec(const char* side, const char* unit, const char* type, int strength, int gpid) {
    return UnitSpec{side, unit, type, strength, gpid};
}

// Marye's Heights, as tests/data/vassal/mh-assault.log: the position and its first four steps.
GameWriter mh_assault_first_log() {
    GameWriter g(blue_and_gray_module());
    g.player(union_id, "A. Smith", "Union");
    g.player(confederate_id, "B. Jones", "Confederate");
    g.unit("1700000000001", spec("Union", "3/V", "infantry", 13, 1), g.hex("0206"));
    g.unit("1700000000002", spec("Union", "1/C/R", "cavalry", 4, 2), g.hex("0112"));
    g.unit("1700000000003", spec("Union", "2/1/IX", "infantry", 4, 3), g.hex("1110"));
    g.unit("1700000000004", spec("Confederate", "Cobb", "infantry", 6, 4), g.hex("1112"));
    g.unit("1700000000005", spec("Confederate", "Ransom", "infantry", 10, 5), g.hex("1113"));
    g.tracker(1, union_movement);

    g.begin_step();
    g.move("1700000000003", g.hex("1111"), union_id);
    g.begin_step();
    g.move("1700000000002", g.hex("0113"), union_id);
    g.begin_step();
    g.move("1700000000002", g.box("Exited"), union_id);
    g.begin_step();
    g.advance(1, union_combat);
    return g;
}

// The rest of the game: the Union combat, the Confederate movement, and turns 2 to 5 passed.
void mh_assault_rest(GameWriter& g) {
    g.begin_step();
    g.roll("A. Smith", {5});
    g.begin_step();
    g.strength("1700000000004", 5);
    g.begin_step();
    g.move("1700000000003", g.box("Dead Pile"), union_id);
    g.begin_step();
    g.chat("B. Jones", "the wall holds");
    g.begin_step();
    g.advance(1, confederate_movement);
    g.begin_step();
    g.move("1700000000004", g.hex("1111"), confederate_id);
    g.begin_step();
    g.advance(1, confederate_combat);
    for (int turn = 2; turn <= 5; ++turn) {
        for (int phase = union_movement; phase <= confederate_combat; ++phase) {
            g.begin_step();
            g.advance(turn, phase);
        }
    }
}

TestGame blue_gray(std::string name, std::string binding, std::string twin) {
    TestGame t;
    t.name = std::move(name);
    t.module = "bluegray";
    t.binding = std::move(binding);
    t.twin = std::move(twin);
    return t;
}

}  // namespace

TestGame mh_assault() {
    TestGame t = blue_gray("mh_assault", "mh-binding.xml", "mh-assault.log");
    GameWriter g = mh_assault_first_log();
    mh_assault_rest(g);
    t.logs.push_back(std::move(g));
    return t;
}

TestGame mh_chain() {
    TestGame t = blue_gray("mh_chain", "mh-binding.xml", "mh-assault.log");
    GameWriter first = mh_assault_first_log();
    GameWriter second = first.continued();
    mh_assault_rest(second);
    t.logs.push_back(std::move(first));
    t.logs.push_back(std::move(second));
    return t;
}

TestGame mh_broken_chain() {
    TestGame t = blue_gray("mh_broken_chain", "mh-binding.xml", "mh-assault.log");
    GameWriter first = mh_assault_first_log();
    GameWriter second = first.continued();
    // Between the logs Ransom stands one hex further on: the second log does not begin where the
    // first one ended (chain-break, naming Ransom). Ransom does nothing in the rest of the game.
    second.relocate("1700000000005", second.hex("1213"));
    mh_assault_rest(second);
    t.logs.push_back(std::move(first));
    t.logs.push_back(std::move(second));
    t.chain_broken = true;
    return t;
}

TestGame ch_first_day() {
    TestGame t;
    t.name = "ch_first_day";
    t.module = "bluegray";
    t.binding = "ch-binding.xml";
    t.twin = "ch-first-day.log";
    GameWriter g(blue_and_gray_module());
    g.player(union_id, "C. Davis", "Union");
    g.player(confederate_id, "D. Lee", "Confederate");
    g.unit("1700000000006", spec("Union", "Meredith", "infantry", 5, 6), g.hex("1010"));
    g.unit("1700000000007", spec("Confederate", "Archer", "infantry", 6, 7), g.hex("0910"));
    g.unit("1700000000008", spec("Confederate", "Jenkins", "cavalry", 3, 8), g.hex("2026"));
    g.tracker(1, confederate_movement);   // turn 1 has no Union player-turn (C1)

    g.begin_step();
    g.move("1700000000008", g.hex("2126"), confederate_id);
    g.begin_step();
    g.move("1700000000008", g.box("Exited"), confederate_id);
    g.begin_step();
    g.advance(1, confederate_combat);
    g.begin_step();
    g.roll("D. Lee", {3});
    g.begin_step();
    g.strength("1700000000006", 3);
    g.begin_step();
    g.advance(2, union_movement);
    g.begin_step();
    g.advance(2, union_combat);
    g.begin_step();
    g.roll("C. Davis", {6});
    g.begin_step();
    g.strength("1700000000007", 4);
    g.begin_step();
    g.chat("C. Davis", "they are coming around the flank");
    g.begin_step();
    g.advance(2, confederate_movement);
    t.logs.push_back(std::move(g));
    return t;
}

TestGame cnc_battle() {
    TestGame t;
    t.name = "cnc_battle";
    t.module = "napoleonics";
    t.binding = "cnc-binding.xml";
    t.twin = "cnc-battle.log";
    // The tracker's list: French Command, Order, Movement, Combat, Draw (0-4), then the British (5-9).
    enum { command = 0, order = 1, movement = 2, combat = 3, draw = 4, british = 5 };
    GameWriter g(napoleonics_module());
    g.player(french_id, "M. Roux", "French");
    g.player(british_id, "N. Hale", "British");
    g.unit("1700000000101", spec("French", "Ligne", "infantry", 4, 1), g.hex("0505"));
    g.unit("1700000000102", spec("French", "Legere", "infantry", 3, 2), g.hex("0605"));
    g.unit("1700000000103", spec("British", "Foot", "infantry", 2, 3), g.hex("0506"));
    g.unit("1700000000104", spec("British", "Guards", "infantry", 1, 4), g.hex("0606"));
    g.global_property("Turn", "1");
    g.tracker(1, command);
    const auto phase = [&](int index) {
        g.begin_step();
        g.advance(1, index);
    };
    const auto next_turn = [&](int turn, int index) {   // the players count the turn, then click the tracker
        g.begin_step();
        g.property("Turn", std::to_string(turn));
        g.advance(1, index);
    };

    phase(order);
    g.begin_step();
    g.chat("M. Roux", "Attack Center");
    phase(movement);
    g.begin_step();
    g.move("1700000000102", g.hex("0705"), french_id);
    phase(combat);
    g.begin_step();
    g.roll("M. Roux", {5, 5});
    g.begin_step();
    g.move("1700000000104", g.box("Dead Pile"), french_id);
    phase(draw);

    next_turn(2, british + command);
    phase(british + order);
    phase(british + movement);
    g.begin_step();
    g.move("1700000000103", g.hex("0606"), british_id);
    phase(british + combat);
    g.begin_step();
    g.roll("N. Hale", {2, 6});
    g.begin_step();
    g.strength("1700000000102", 2);
    phase(british + draw);

    next_turn(3, command);
    phase(order);
    phase(movement);
    phase(combat);
    g.begin_step();
    g.roll("M. Roux", {6, 6});
    g.begin_step();
    g.move("1700000000103", g.box("Dead Pile"), french_id);
    t.logs.push_back(std::move(g));
    return t;
}

TestGame mh_illegal() {
    TestGame t = blue_gray("mh_illegal", "mh-binding.xml", "mh-illegal.log");
    GameWriter g(blue_and_gray_module());
    g.player(union_id, "A. Smith", "Union");
    g.player(confederate_id, "B. Jones", "Confederate");
    g.unit("1700000000001", spec("Union", "3/V", "infantry", 13, 1), g.hex("0206"));
    g.unit("1700000000004", spec("Confederate", "Cobb", "infantry", 6, 4), g.hex("1112"));
    g.tracker(1, union_movement);

    g.begin_step();
    g.move("1700000000001", g.hex("0106"), union_id);
    g.begin_step();
    g.move("1700000000001", g.box("Exited"), union_id);   // 0106 is no exit hex
    g.begin_step();
    g.move("1700000000004", g.hex("1111"), confederate_id);  // in the Union movement phase
    g.begin_step();
    g.advance(1, union_combat);
    t.logs.push_back(std::move(g));
    return t;
}

TestGame mh_undo_roll() {
    TestGame t = blue_gray("mh_undo_roll", "mh-binding.xml", "mh-undo-roll.log");
    GameWriter g(blue_and_gray_module());
    g.player(union_id, "A. Smith", "Union");
    g.player(confederate_id, "B. Jones", "Confederate");
    g.unit("1700000000003", spec("Union", "2/1/IX", "infantry", 4, 3), g.hex("1111"));
    g.unit("1700000000004", spec("Confederate", "Cobb", "infantry", 6, 4), g.hex("1112"));
    g.tracker(1, union_movement);

    g.begin_step();
    g.advance(1, union_combat);
    g.begin_step();
    g.roll("A. Smith", {1});
    g.undo();                          // step 3 takes back step 2, a dice report
    g.begin_step();
    g.roll("A. Smith", {6});
    g.begin_step();
    g.strength("1700000000004", 4);
    t.logs.push_back(std::move(g));
    t.marked_undos = 1;
    t.undone_rolls = 1;
    return t;
}

// Issue 32: a log that begins in game-turn 4, as every play-by-email log after the first does, with
// 2/1/IX already in the Dead Pile (tests/data/vassal/mh-turn-4.log works out its verdict).
TestGame mh_turn_4() {
    TestGame t = blue_gray("mh_turn_4", "mh-binding.xml", "mh-turn-4.log");
    GameWriter g(blue_and_gray_module());
    g.player(union_id, "A. Smith", "Union");
    g.player(confederate_id, "B. Jones", "Confederate");
    g.unit("1700000000001", spec("Union", "3/V", "infantry", 13, 1), g.hex("0206"));
    g.unit("1700000000003", spec("Union", "2/1/IX", "infantry", 4, 3), g.box("Dead Pile"));
    g.unit("1700000000004", spec("Confederate", "Cobb", "infantry", 6, 4), g.hex("1112"));
    g.unit("1700000000005", spec("Confederate", "Ransom", "infantry", 10, 5), g.hex("1113"));
    g.tracker(4, union_movement);

    g.begin_step();
    g.move("1700000000001", g.hex("0207"), union_id);
    g.begin_step();
    g.advance(4, union_combat);
    g.begin_step();
    g.roll("A. Smith", {2});
    g.begin_step();
    g.strength("1700000000004", 5);
    g.begin_step();
    g.advance(4, confederate_movement);
    g.begin_step();
    g.move("1700000000004", g.hex("1111"), confederate_id);
    g.begin_step();
    g.advance(4, confederate_combat);
    for (int phase = union_movement; phase <= confederate_combat; ++phase) {
        g.begin_step();
        g.advance(5, phase);
    }
    t.logs.push_back(std::move(g));
    return t;
}

std::vector<TestGame> all_test_games() {
    return {mh_assault(), ch_first_day(), cnc_battle(), mh_illegal(), mh_undo_roll(), mh_chain(), mh_broken_chain(), mh_turn_4()};
}

std::vector<SampleFile> vassal_sample_files() {
    std::vector<SampleFile> out;
    for (const TestGame& game : {mh_assault(), ch_first_day(), cnc_battle(), mh_illegal(), mh_undo_roll(), mh_broken_chain(), mh_turn_4()}) {
        std::string stem = game.name;
        for (char& c : stem)
            if (c == '_') c = '-';
        for (std::size_t i = 0; i < game.logs.size(); ++i)
            out.push_back({game.logs.size() == 1 ? stem + ".vlog" : stem + "-" + std::to_string(i + 1) + ".vlog", game.logs[i].bytes()});
    }
    return out;
}

}  // namespace referee::vassal::testing
