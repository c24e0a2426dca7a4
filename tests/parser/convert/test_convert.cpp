// The conversion of a VASSAL game into move-log records (parser/convert): small games written as
// VASSAL command text (tests/support/vassal_writer.hpp), a small module with a numbered square
// grid, and Marye's Heights extended with a <vassal> binding.
#include "convert.hpp"
#include "diagnostics.hpp"
#include "vassal_file.hpp"
#include "module.hpp"
#include "tracker.hpp"
#include "locate.hpp"
#include "board_layout.hpp"
#include "scenario.hpp"
#include "vassal_writer.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

using namespace referee;
using namespace referee::vassal;
using namespace referee::vassal::testing;

namespace {

// Main Map: one board of 100-pixel squares numbered "col.row" from 01.01 (column 17 is x 1650).
const char* const kModule = R"xml(<VASSAL.build.GameModule name="Convert Test" version="1.0">
  <VASSAL.build.module.Map mapName="Main Map">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board name="B" width="3000" height="3000">
        <VASSAL.build.module.map.boardPicker.board.SquareGrid dx="100" dy="100" x0="50" y0="50">
          <VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering sep="." hOff="1" vOff="1" hLeading="1" vLeading="1"/>
        </VASSAL.build.module.map.boardPicker.board.SquareGrid>
      </VASSAL.build.module.map.boardPicker.Board>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.Map mapName="Dead Pile"/>
  <VASSAL.build.module.Map mapName="Reinforcements"/>
  <VASSAL.build.module.Map mapName="Exited"/>
  <VASSAL.build.module.DiceButton name="1d6" nDice="1" nSides="6" reportFormat="** $name$ = $result$ *** &lt;$PlayerName$&gt;"/>
  <VASSAL.build.module.turn.TurnTracker name="Turn">
    <VASSAL.build.module.turn.CounterTurnLevel name="Turn" property="Turn" start="1" incr="1">
      <VASSAL.build.module.turn.ListTurnLevel name="Phase" property="Phase" list="Union Move,Union Fight"/>
    </VASSAL.build.module.turn.CounterTurnLevel>
  </VASSAL.build.module.turn.TurnTracker>
</VASSAL.build.GameModule>)xml";

// The same binding reading turns and phases from the tracker (levels counted from 1).
const char* const kTrackerScenario = R"xml(<scenario extends="maryes-heights" id="mh-convert-tracker" title="Convert test">
  <vassal module="Convert Test" version="1.0">
    <map name="Main Map"><rewrite from="{col}.{row}" to="{col}{row}"/></map>
    <pieces>
      <side property="Side"/>
      <strength property="Strength"/>
    </pieces>
    <eliminated map="Dead Pile"/>
    <turns source="tracker" tracker="Turn" level="1"/>
    <phases source="tracker" tracker="Turn" level="2">
      <phase vassal="Union Move" as="Union movement"/>
      <phase vassal="Union Fight" as="Union combat"/>
    </phases>
  </vassal>
</scenario>)xml";

const char* const kScenario = R"xml(<scenario extends="maryes-heights" id="mh-convert" title="Convert test">
  <vassal module="Convert Test" version="1.0">
    <map name="Main Map"><rewrite from="{col}.{row}" to="{col}{row}"/></map>
    <pieces>
      <side property="Side"><value vassal="Rebel" as="Confederate"/></side>
      <strength property="Strength"/>
      <ignore name="Turn{*}"/>
    </pieces>
    <eliminated map="Dead Pile"/>
    <pool map="Reinforcements"/>
    <turns source="property" property="Turn"/>
    <phases source="property" property="Phase">
      <phase vassal="Union Move" as="Union movement"/>
      <phase vassal="Union Fight" as="Union combat"/>
    </phases>
    <dice button="1d6" side=""/>
  </vassal>
</scenario>)xml";

const Module& module() {
    static const Module m = Module::from_buildfile(kModule, "convert.xml");
    return m;
}

// A scenario of this file's, read once: one that does not read ends the test program.
const Scenario& scenario_of(const ScenarioLoad& load) {
    if (!load.scenario) {
        for (const auto& e : load.errors) ADD_FAILURE() << e.line << ":" << e.col << ": " << e.message;
        std::abort();
    }
    return *load.scenario;
}

const Scenario& scenario() {
    static const ScenarioLoad load = read_scenario_xml(kScenario, "convert-scenario.xml");
    return scenario_of(load);
}

// The pixel of a square's centre, by its column and row (1-based).
int px(int n) { return 50 + 100 * (n - 1); }

// A piece named `name` with Marker properties Side and Strength, at a map point.
std::string unit(const std::string& id, const std::string& name, const std::string& side, const std::string& strength,
                 const std::string& map, int x, int y) {
    return add_piece(id, chain({"mark;Side,Strength", "piece;;;u.png;" + name}),
                     chain({side + "," + strength, map + ";" + std::to_string(x) + ";" + std::to_string(y) + ";gp1;0"}));
}
std::string strength_change(const std::string& id, const std::string& side, const std::string& from, const std::string& to,
                            const std::string& map, int x, int y) {
    const std::string where = map + ";" + std::to_string(x) + ";" + std::to_string(y) + ";gp1;0";
    return change_piece(id, chain({side + "," + to, where}), chain({side + "," + from, where}));
}
std::string property(const std::string& name, const std::string& value) { return "GlobalProperty\t;" + name + ";" + value + ";"; }

VassalFile file_of(const std::vector<std::string>& position, const std::vector<std::string>& steps = {}) {
    return read_vassal_bytes(make_vassal_file(game_text(position, steps)), "game.vlog");
}

std::string converted(const VassalFile& f) { return conversion_text(convert_vassal(f, module(), scenario(), "mh-convert.xml")); }

std::string error_of(const VassalFile& f) {
    try {
        converted(f);
    } catch (const ConvertError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST(Convert, TheModulesSquaresAreNamedColDotRow) {
    const Locator l(module(), default_layout(*module().map("Main Map")));
    EXPECT_EQ(l.name(Point{px(17), px(3)}), "17.03");
    EXPECT_EQ(l.name(Point{px(1), px(1)}), "01.01");
}

TEST(Convert, ASaveGivesTheHeaderFromItsPosition) {
    const VassalFile f = file_of({unit("p1", "1/1/I", "Union", "6", "Main Map", px(17), px(3)),
                                  unit("p2", "Barksdale", "Rebel", "4", "Main Map", px(12), px(8)),
                                  unit("p3", "2/1/I", "Union", "5", "Reinforcements", 10, 10),
                                  add_piece("p4", chain({"mark;Side", "piece;;;t.png;Turn marker"}), chain({"Union", "Main Map;50;50;gp2;0"})),
                                  add_piece("p5", "piece;;;c.png;Control", "Main Map;150;50;gp3;0")});
    EXPECT_FALSE(f.is_log());
    // 1/1/I's type comes from the scenario's order of battle; Barksdale is not in it, and has no type.
    EXPECT_NE(error_of(f).find("piece p2 'Barksdale' (on the game map) looks like a unit (its side can be read) but cannot be bound: "
                               "its type is not read (no <type>) and the scenario has no unit 'Barksdale'"),
              std::string::npos)
        << error_of(f);
    const VassalFile g = file_of({unit("p1", "1/1/I", "Union", "6", "Main Map", px(17), px(3)),
                                  unit("p3", "2/1/I", "Union", "5", "Reinforcements", 10, 10),
                                  add_piece("p4", chain({"mark;Side", "piece;;;t.png;Turn marker"}), chain({"Union", "Main Map;50;50;gp2;0"})),
                                  add_piece("p5", "piece;;;c.png;Control", "Main Map;150;50;gp3;0")});
    EXPECT_EQ(converted(g),
              "game mh-convert.xml  # step 0\n"
              "setup custom  # step 0\n"
              "unit 1/1/I Union infantry 6 at 1703  # step 0\n"
              "unit 2/1/I Union infantry 5  # step 0\n");
}

TEST(Convert, StepsBecomeRecordsAndUndoneStepsDoNot) {
    const std::vector<std::string> position{unit("p1", "1/1/I", "Union", "6", "Main Map", px(17), px(3)),
                                            unit("p3", "2/1/I", "Union", "5", "Reinforcements", 10, 10),
                                            property("Turn", "1"), property("Phase", "Union Move")};
    const std::string move1 = move_piece("p1", "Main Map", px(17), px(4), "null", "Main Map", px(17), px(3));
    const std::string back1 = move_piece("p1", "Main Map", px(17), px(3), "null", "Main Map", px(17), px(4));
    const std::string enter3 = move_piece("p3", "Main Map", px(20), px(5), "null", "Reinforcements", 10, 10);
    const VassalFile f = file_of(position, {
        log_step({move1}),                                   // 1
        log_step({"CHAT<Alice> - going up the hill"}),       // 2
        log_step({enter3}),                                  // 3 (taken back by 4)
        log_step({move_piece("p3", "Reinforcements", 10, 10, "null", "Main Map", px(20), px(5))}),  // 4
        log_step({property("Phase", "Union Fight")}),        // 5
        log_step({"CHAT*** 1d6 = 4 *** <Alice>"}),           // 6
        log_step({strength_change("p1", "Union", "6", "4", "Main Map", px(17), px(4))}),  // 7
        log_step({move_piece("p1", "Dead Pile", 5, 5, "null", "Main Map", px(17), px(4))}),  // 8
        log_step({back1}),                                   // 9: 1/1/I, out of the dead pile onto the map
    });
    ASSERT_EQ(f.steps.size(), 9u);
    EXPECT_EQ(f.steps[3].undo, UndoKind::probable);
    EXPECT_EQ(converted(f),
              "game mh-convert.xml  # step 0\n"
              "setup custom  # step 0\n"
              "unit 1/1/I Union infantry 6 at 1703  # step 0\n"
              "unit 2/1/I Union infantry 5  # step 0\n"
              "turn 1  # step 0\n"
              "phase Union movement  # step 0\n"
              "move 1/1/I 1703 1704  # step 1\n"
              "chat Alice \"going up the hill\"  # step 2\n"
              "phase Union combat  # step 5\n"
              "roll 1d6 4  # step 6\n"
              "lose 1/1/I 2  # step 7\n"
              "eliminate 1/1/I  # step 8\n"
              "enter 1/1/I 1703  # step 9\n");
}

// Issue 32: a stack dragged, one of its units changed (its states at the stack's new point), the
// stack dragged to the eliminated box: both units are eliminated. Before VASSAL's merge was
// followed, the unit's own stored position was the one from before the drag, so the change looked
// like a move and took 2/1/I out of its stack; it stayed on the map and its elimination was lost.
TEST(Convert, AStackDraggedAfterAChangeTakesEveryUnitInIt) {
    const std::vector<std::string> position{unit("p1", "1/1/I", "Union", "6", "Main Map", px(17), px(3)),
                                            unit("p2", "2/1/I", "Union", "5", "Main Map", px(17), px(3)),
                                            add_piece("s1", "stack", "Main Map;" + std::to_string(px(17)) + ";" + std::to_string(px(3)) + ";p1;p2"),
                                            property("Turn", "1"), property("Phase", "Union Move")};
    const VassalFile f = file_of(position, {
        log_step({move_piece("s1", "Main Map", px(17), px(4), "null", "Main Map", px(17), px(3))}),          // 1
        log_step({property("Phase", "Union Fight")}),                                                        // 2
        log_step({strength_change("p2", "Union", "5", "3", "Main Map", px(17), px(4))}),                     // 3
        log_step({move_piece("s1", "Dead Pile", 5, 5, "null", "Main Map", px(17), px(4))}),                  // 4
    });
    EXPECT_EQ(converted(f),
              "game mh-convert.xml  # step 0\n"
              "setup custom  # step 0\n"
              "unit 1/1/I Union infantry 6 at 1703  # step 0\n"
              "unit 2/1/I Union infantry 5 at 1703  # step 0\n"
              "turn 1  # step 0\n"
              "phase Union movement  # step 0\n"
              "move 1/1/I 1703 1704  # step 1\n"
              "move 2/1/I 1703 1704  # step 1\n"
              "phase Union combat  # step 2\n"
              "lose 2/1/I 2  # step 3\n"
              "eliminate 1/1/I  # step 4\n"
              "eliminate 2/1/I  # step 4\n");
}

// Typed chat of VASSAL 3.5 on is written with entities ("&lt;Alice&gt; - text"): a binding's
// pattern matches it as the player typed it. An old undo of a line ("* UNDO: ...") is neither chat
// nor a roll.
TEST(Convert, TypedChatIsReadDecodedAndUndoneLinesAreNothing) {
    const std::vector<std::string> position{unit("p1", "1/1/I", "Union", "6", "Main Map", px(17), px(3)),
                                            property("Turn", "1"), property("Phase", "Union Move")};
    const VassalFile f = file_of(position, {
        log_step({"CHAT&lt;Alice&gt; - hold &amp; wait"}),   // 1
        log_step({"CHAT* UNDO: *** 1d6 = 6 *** <Alice>"}),   // 2
        log_step({"CHAT* UNDO: <Alice> - oops"}),            // 3
    });
    const std::string text = converted(f);
    EXPECT_NE(text.find("chat Alice \"hold & wait\"  # step 1\n"), std::string::npos) << text;
    EXPECT_EQ(text.find("step 2"), std::string::npos) << text;
    EXPECT_EQ(text.find("step 3"), std::string::npos) << text;
}

// Issue 32: VASSAL keeps only a drag's ends, and a drag in a combat phase is no move: a unit of the
// side not phasing retreats, one of the phasing side advances; a retreat off the map is a drag to
// the exited box. Outside a combat phase the same drags are a move and an exit.
TEST(Convert, ADragInACombatPhaseIsARetreatOrAnAdvance) {
    static const ScenarioLoad load = read_scenario_xml(std::string(kScenario).replace(std::string(kScenario).find("<pool"), 0,
                                                                                        "<exited map=\"Exited\"/>\n    "),
                                                       "convert-exited.xml");
    const Scenario& sc = scenario_of(load);
    const std::vector<std::string> position{unit("p1", "1/1/I", "Union", "6", "Main Map", px(17), px(3)),
                                            unit("p2", "Cobb", "Rebel", "4", "Main Map", px(17), px(5)),
                                            unit("p3", "Ransom", "Rebel", "10", "Main Map", px(11), px(13)),
                                            property("Turn", "1"), property("Phase", "Union Fight")};
    const VassalFile f = file_of(position, {
        log_step({move_piece("p2", "Main Map", px(17), px(6), "null", "Main Map", px(17), px(5))}),   // 1: Cobb retreats
        log_step({move_piece("p1", "Main Map", px(17), px(4), "null", "Main Map", px(17), px(3))}),   // 2: 1/1/I advances
        log_step({move_piece("p3", "Exited", 10, 10, "null", "Main Map", px(11), px(13))}),           // 3: Ransom retreats off
        log_step({property("Phase", "Union Move")}),                                                  // 4
        log_step({move_piece("p1", "Main Map", px(17), px(3), "null", "Main Map", px(17), px(4))}),   // 5: a move
    });
    const std::string text = conversion_text(convert_vassal(f, module(), sc, "x.xml"));
    EXPECT_NE(text.find("retreat Cobb 1705 1706  # step 1\n"), std::string::npos) << text;
    EXPECT_NE(text.find("advance 1/1/I 1703 1704  # step 2\n"), std::string::npos) << text;
    EXPECT_NE(text.find("retreat Ransom 1113 off  # step 3\n"), std::string::npos) << text;
    EXPECT_NE(text.find("move 1/1/I 1704 1703  # step 5\n"), std::string::npos) << text;
}

TEST(Convert, BindingErrorsNameThePiece) {
    // No unit at all.
    EXPECT_NE(error_of(file_of({add_piece("p5", "piece;;;c.png;Control", "Main Map;150;50;gp3;0")})).find("makes no piece of the file a unit"),
              std::string::npos);
    // One unit, two pieces.
    std::string e = error_of(file_of({unit("p1", "1/1/I", "Union", "6", "Main Map", px(17), px(3)),
                                      unit("p2", "1/1/I", "Union", "6", "Main Map", px(17), px(5))}));
    EXPECT_NE(e.find("pieces p1 '1/1/I' and p2 '1/1/I' are both unit 1/1/I"), std::string::npos) << e;
    // A side the scenario does not have.
    e = error_of(file_of({unit("p1", "1/1/I", "French", "6", "Main Map", px(17), px(3))}));
    EXPECT_NE(e.find("piece p1 '1/1/I' (on the game map) looks like a unit (its side can be read) but cannot be bound: its side 'French' "
                     "is no side of the scenario"),
              std::string::npos)
        << e;
    // No strength.
    e = error_of(file_of({add_piece("p1", chain({"mark;Side", "piece;;;u.png;1/1/I"}), chain({"Union", "Main Map;1650;250;gp1;0"}))}));
    EXPECT_NE(e.find("piece p1 '1/1/I' (on the game map) looks like a unit (its side can be read) but cannot be bound: it has no strength"),
              std::string::npos)
        << e;
    // A strength that is no number, met in a step.
    e = error_of(file_of({unit("p1", "1/1/I", "Union", "6", "Main Map", px(17), px(3))},
                         {log_step({strength_change("p1", "Union", "6", "full", "Main Map", px(17), px(3))})}));
    EXPECT_NE(e.find("step 1: piece p1 '1/1/I' (on the game map) looks like a unit (its side can be read) but cannot be bound: its "
                     "strength 'full' is not a whole number"),
              std::string::npos)
        << e;
}

TEST(Convert, AnUnknownLocationIsKeptAsItIs) {
    // Off the board: VASSAL names it "offboard"; the engine reports the unknown location.
    EXPECT_EQ(converted(file_of({unit("p1", "1/1/I", "Union", "6", "Main Map", 5000, 5000)})),
              "game mh-convert.xml  # step 0\nsetup custom  # step 0\nunit 1/1/I Union infantry 6 at offboard  # step 0\n");
}

TEST(Convert, WithoutABindingTheMessageSaysWhatToGive) {
    const ScenarioLoad plain = load_scenario("maryes-heights");
    ASSERT_TRUE(plain.scenario);
    try {
        convert_vassal(file_of({unit("p1", "1/1/I", "Union", "6", "Main Map", px(17), px(3))}), module(), *plain.scenario, "maryes-heights");
        ADD_FAILURE() << "no error";
    } catch (const ConvertError& e) {
        EXPECT_NE(std::string(e.what()).find("has no <vassal> section: give a scenario file with one"), std::string::npos) << e.what();
    }
}

TEST(Convert, LogTokensAreQuotedWhenTheyMustBe) {
    EXPECT_EQ(log_token("1/1/I"), "1/1/I");
    EXPECT_EQ(log_token("Iron Brigade"), "\"Iron Brigade\"");
    EXPECT_EQ(log_token("a\"b#"), "\"a\\\"b#\"");
    EXPECT_EQ(log_token(""), "\"\"");
    // A VASSAL name or chat may hold control characters, which a move log never does (and which
    // would reach the terminal of `referee convert`): each is a space.
    EXPECT_EQ(log_token("a\x1b]0;x\x07" "b"), "\"a ]0;x b\"");
    EXPECT_EQ(log_string("gg\r\n\x1b[2J\x7f!"), "\"gg   [2J !\"");
    // Nor C1 controls, nor bytes that are not UTF-8 (a damaged file: found by fuzz_convert), which
    // made the converted game a syntax error: a C1 control is a space, such a byte U+FFFD.
    EXPECT_EQ(log_token("cav\xaa\xaa" "alry"), "\"cav\xEF\xBF\xBD\xEF\xBF\xBD" "alry\"");
    EXPECT_EQ(log_token("a\xc2\x85" "b\xe2\x82"), "\"a b\xEF\xBF\xBD\xEF\xBF\xBD\"");
    EXPECT_EQ(log_token("Ney\xc3\xa9\xe2\x82\xac"), "Ney\xc3\xa9\xe2\x82\xac");  // well-formed: as it is
}

namespace {

const Scenario& tracker_scenario() {
    static const ScenarioLoad load = read_scenario_xml(kTrackerScenario, "convert-tracker.xml");
    return scenario_of(load);
}

// The tracker's leaf as the real files write it: "0|" then the counter's state, the list's state
// nested in its fifth token.
std::string tracker_leaf(int turn, int phase) {
    return "TURNTurnTracker0\t" + encode({"0", encode({std::to_string(turn), "0", "false", "-1", encode({std::to_string(phase), "0", "0", "true,true"}, ';')}, ';')}, '|');
}

std::vector<std::string> texts(const std::vector<TrackerLevelValue>& levels) {
    std::vector<std::string> out;
    for (const auto& l : levels) out.push_back(l.problem.empty() ? l.name + "=" + l.text : l.name + "?" + l.problem);
    return out;
}

}  // namespace

// The tracker states of ../shared/vassal's real saves, read from the files themselves (they are
// third-party test data, never copied here); skipped, saying so, when the folder is absent.
TEST(Tracker, TheRealFilesStatesAreRead) {
    const std::string data = REFEREE_SOURCE_DIR "/../shared/vassal";
    if (!std::filesystem::is_directory(data)) GTEST_SKIP() << "no real VASSAL files at " << data;
    const auto state_of = [&](const std::string& save) {
        const VassalFile f = read_vassal_file(data + "/" + save);
        EXPECT_EQ(f.initial.turns().size(), 1u) << save;
        return f.initial.turns().empty() ? std::string() : f.initial.turns().begin()->second;
    };

    // TRC: a counter of years holding a list of six, holding a list of four, holding a list of one
    // (its module is a YAML export that referee does not read: the levels are made here with the
    // same shape, their items named by position). The one-item list's index is 0: counted from 0.
    const auto list = [](const char* name, int items) {
        vassal::TurnLevel l{"VASSAL.build.module.turn.ListTurnLevel", name, name, "$value$", 1, 1, false, -1, {}, {}};
        for (int i = 1; i <= items; ++i) l.items.push_back(std::string(name) + std::to_string(i));
        return l;
    };
    vassal::TurnLevel year{"VASSAL.build.module.turn.CounterTurnLevel", "Year", "year", "$value$", 1941, 1, false, -1, {}, {}};
    vassal::TurnLevel month = list("M", 6), side = list("S", 4), impulse = list("I", 1);
    side.levels = {impulse};
    month.levels = {side};
    year.levels = {month};
    vassal::TurnTracker trc;
    trc.levels = {year};
    EXPECT_EQ(tracker_level_count(trc), 4u);
    const auto levels = read_tracker_state(trc, state_of("trc/Campaign-180907.vsav"));
    EXPECT_EQ(texts(levels), (std::vector<std::string>{"Year=1941", "M=M2", "S=S1", "I=I1"}));
    ASSERT_EQ(levels.size(), 4u);
    EXPECT_FALSE(levels[0].list);
    EXPECT_TRUE(levels[1].list);
    EXPECT_EQ(levels[3].value, 0);

    // FTP and Ragnarok: one counter each, with their modules' own trackers.
    const Module ftp = Module::load(data + "/ftp/buildFile.xml");
    ASSERT_EQ(ftp.turn_trackers.size(), 1u);
    EXPECT_EQ(texts(read_tracker_state(ftp.turn_trackers[0], state_of("ftp/1862-3-5.vsav"))), (std::vector<std::string>{"Turn=4"}));
    const Module rag = Module::load(data + "/ragnarok/buildFile.xml");
    ASSERT_EQ(rag.turn_trackers.size(), 1u);
    const auto rag_levels = read_tracker_state(rag.turn_trackers[0], state_of("ragnarok/ragnarok-start.vsav"));
    ASSERT_EQ(rag_levels.size(), 1u);
    EXPECT_EQ(rag_levels[0].value, 1);
    EXPECT_TRUE(rag_levels[0].problem.empty()) << rag_levels[0].problem;
}

TEST(Tracker, BadStatesGiveProblemsNotCrashes) {
    const vassal::TurnTracker& t = module().turn_trackers.at(0);
    EXPECT_EQ(texts(read_tracker_state(t, "0|3;0;false;-1;1;0;0;true")), (std::vector<std::string>{"Turn=3", "Phase=Union Fight"}));
    EXPECT_EQ(texts(read_tracker_state(t, "0|3;0;false;-1;2;0;0;true")),
              (std::vector<std::string>{"Turn=3", "Phase?its item 2 (counted from 0) is not one of the 2 of its list"}));
    EXPECT_EQ(texts(read_tracker_state(t, "0|3;0;false;-1;-1")),
              (std::vector<std::string>{"Turn=3", "Phase?its item -1 (counted from 0) is not one of the 2 of its list"}));
    EXPECT_EQ(texts(read_tracker_state(t, "0|x;0")),
              (std::vector<std::string>{"Turn?its value 'x' is not a whole number", "Phase?the tracker's state has no value for it"}));
    for (const char* s : {"", "0", "|", "0|", "0|;;;;;", "\\\\", "0|99999999999999999999999"}) {
        const auto levels = read_tracker_state(t, s);
        ASSERT_EQ(levels.size(), 2u) << s;
        EXPECT_FALSE(levels[0].problem.empty()) << s;
    }
}

TEST(Convert, TurnsAndPhasesComeFromTheTracker) {
    const std::vector<std::string> position{unit("p1", "1/1/I", "Union", "6", "Main Map", px(17), px(3)), tracker_leaf(1, 0)};
    const VassalFile f = file_of(position, {
        log_step({move_piece("p1", "Main Map", px(17), px(4), "null", "Main Map", px(17), px(3))}),  // 1
        log_step({tracker_leaf(1, 1)}),                                                                // 2
        log_step({tracker_leaf(2, 0)}),                                                                // 3 (taken back by 4)
        log_step({"UNDO\ttrue", tracker_leaf(1, 1), "UNDO\tfalse"}),                                 // 4: VASSAL's marked undo
        log_step({tracker_leaf(2, 0)}),                                                                // 5
        log_step({tracker_leaf(2, 5)}),                                                                // 6: no such item
    });
    const Conversion c = convert_vassal(f, module(), tracker_scenario(), "t.xml");
    EXPECT_EQ(conversion_text(c),
              "game t.xml  # step 0\n"
              "setup custom  # step 0\n"
              "unit 1/1/I Union infantry 6 at 1703  # step 0\n"
              "turn 1  # step 0: tracker 'Turn' level 1 value 1\n"
              "phase Union movement  # step 0: tracker 'Turn' level 2 item 0 (from 0) 'Union Move'\n"
              "move 1/1/I 1703 1704  # step 1\n"
              "phase Union combat  # step 2: tracker 'Turn' level 2 item 1 (from 0) 'Union Fight'\n"
              "turn 2  # step 5: tracker 'Turn' level 1 value 2\n"
              "phase Union movement  # step 5: tracker 'Turn' level 2 item 0 (from 0) 'Union Move'\n");
    ASSERT_EQ(c.warnings.size(), 1u);
    EXPECT_EQ(c.warnings[0].code, Code::VassalUnread);
    EXPECT_EQ(c.warnings[0].step, 6u);
    EXPECT_EQ(c.warnings[0].message, "the turn tracker 'Turn' level 2 ('Phase') gives no phase: its item 5 (counted from 0) is not one of the 2 of its list");
}

// Turns and phases from properties, in a module with a turn tracker: the tracker's leaves say
// nothing (one in a step read the binding's tracker, which there is none of: found by fuzz_convert).
TEST(Convert, ATrackersLeafIsNothingWhenTurnsComeFromProperties) {
    const std::vector<std::string> position{unit("p1", "1/1/I", "Union", "6", "Main Map", px(17), px(3)), tracker_leaf(1, 0)};
    const VassalFile with = file_of(position, {log_step({tracker_leaf(1, 1)}), log_step({tracker_leaf(2, 0)})});
    const VassalFile without = file_of({position[0]}, {log_step({"CHAT*"}), log_step({"CHAT*"})});
    EXPECT_EQ(converted(with), converted(without));
}

// A turn past the last a move log can number is no record, and a warning says why (it made the
// converted game a syntax error: found by fuzz_convert).
TEST(Convert, ATurnPastTheMoveLogsLastIsNoRecord) {
    const VassalFile f = file_of({unit("p1", "1/1/I", "Union", "6", "Main Map", px(17), px(3)), property("Turn", "1")},
                                 {log_step({property("Turn", "1000001")}), log_step({property("Turn", "1000000")})});
    const Conversion c = convert_vassal(f, module(), scenario(), "x.xml");
    const std::string text = conversion_text(c);
    EXPECT_EQ(text.find("turn 1000001"), std::string::npos) << text;
    EXPECT_NE(text.find("turn 1000000  # step 2\n"), std::string::npos) << text;
    ASSERT_EQ(c.warnings.size(), 1u);
    EXPECT_EQ(c.warnings[0].code, Code::VassalUnread);
    EXPECT_EQ(c.warnings[0].step, 1u);
    EXPECT_EQ(c.warnings[0].message, "the turn '1000001' is past 1000000, the last a move log can number: no turn record");
}

// A roll whose result is past 64 bits is no record, and a warning says why (it made the converted
// game a syntax error: found by fuzz_convert).
TEST(Convert, ARollPast64BitsIsNoRecord) {
    const VassalFile f = file_of({unit("p1", "1/1/I", "Union", "6", "Main Map", px(17), px(3))},
                                 {log_step({"CHAT*** 1d6 = 23333333333333333333 *** <Alice>"}),
                                  log_step({"CHAT*** 1d6 = 9223372036854775807 *** <Alice>"})});
    const Conversion c = convert_vassal(f, module(), scenario(), "x.xml");
    const std::string text = conversion_text(c);
    EXPECT_EQ(text.find("23333333333333333333"), std::string::npos) << text;
    EXPECT_NE(text.find("roll 1d6 9223372036854775807  # step 2\n"), std::string::npos) << text;
    ASSERT_EQ(c.warnings.size(), 1u);
    EXPECT_EQ(c.warnings[0].step, 1u);
    EXPECT_EQ(c.warnings[0].message, "the roll of '1d6' shows a number past 64 bits ('23333333333333333333'): no roll record");
}

// The error converting a one-unit game with the scenario `xml`, or "(no error)".
std::string binding_error(const std::string& xml) {
    const ScenarioLoad load = read_scenario_xml(xml, "binding.xml");
    if (!load.scenario) return "(the scenario does not read)";
    try {
        convert_vassal(file_of({unit("p1", "1/1/I", "Union", "6", "Main Map", px(17), px(3))}), module(), *load.scenario, "x");
    } catch (const ConvertError& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(Convert, ATrackerTheModuleLacksIsNamed) {
    std::string xml = kTrackerScenario;
    xml.replace(xml.find("level=\"2\""), 9, "level=\"3\"");
    std::string e = binding_error(xml);
    EXPECT_NE(e.find("reads phases from level 3 of the turn tracker 'Turn', which has 2 levels"), std::string::npos) << e;
    xml = kTrackerScenario;
    for (std::size_t at; (at = xml.find("tracker=\"Turn\"")) != std::string::npos;) xml.replace(at, 14, "tracker=\"Clock\"");
    e = binding_error(xml);
    EXPECT_NE(e.find("from the turn tracker 'Clock', which module 'Convert Test' does not have"), std::string::npos) << e;
    xml = kTrackerScenario;
    xml.replace(xml.find("module=\"Convert Test\""), 21, "module=\"Other Test\"");
    e = binding_error(xml);
    EXPECT_NE(e.find("binding is for module 'Other Test'; the module given ('Convert Test') is 'Convert Test'"), std::string::npos) << e;
}

// Issue 32: every part of a binding that the module lacks is said at once, each at its place in
// the binding file (FILE:LINE:COL), and each piece that cannot be bound too.
TEST(Convert, EveryBindingErrorIsSaidAtOnceAtItsPlace) {
    std::string xml = kTrackerScenario;
    for (std::size_t at; (at = xml.find("tracker=\"Turn\"")) != std::string::npos;) xml.replace(at, 14, "tracker=\"Clock\"");
    xml.replace(xml.find("module=\"Convert Test\""), 21, "module=\"Other Test\"");
    const std::string map = "<map name=\"Main Map\">";
    xml.replace(xml.find(map), map.size(), "<map name=\"Battlefield\">");
    const std::string e = binding_error(xml);
    // Three problems, three lines; kTrackerScenario's <vassal> is on line 2, <map> on line 3.
    EXPECT_EQ(std::count(e.begin(), e.end(), '\n'), 2) << e;
    EXPECT_NE(e.find("binding.xml:2:"), std::string::npos) << e;   // module=
    EXPECT_NE(e.find("binding.xml:3:"), std::string::npos) << e;   // the map's name
    EXPECT_NE(e.find("which module 'Convert Test' does not have (it has 'Turn')"), std::string::npos) << e;
    EXPECT_NE(e.find("the game map 'Battlefield', which module 'Convert Test' does not have (its maps: 'Main Map', 'Dead Pile'"), std::string::npos) << e;
    // Two pieces that cannot be bound, and two that are one unit: all three said.
    const std::string pieces = error_of(file_of({unit("p1", "Nobody", "Union", "6", "Main Map", px(17), px(3)),
                                                 unit("p2", "Somebody", "Union", "6", "Main Map", px(17), px(4)),
                                                 unit("p3", "1/1/I", "Union", "6", "Main Map", px(17), px(5)),
                                                 unit("p4", "1/1/I", "Union", "6", "Main Map", px(17), px(6))}));
    EXPECT_EQ(std::count(pieces.begin(), pieces.end(), '\n'), 2) << pieces;
    EXPECT_NE(pieces.find("piece p1 'Nobody'"), std::string::npos) << pieces;
    EXPECT_NE(pieces.find("piece p2 'Somebody'"), std::string::npos) << pieces;
    EXPECT_NE(pieces.find("pieces p3 '1/1/I' and p4 '1/1/I' are both unit 1/1/I"), std::string::npos) << pieces;
}

namespace {

std::string converted_with(const std::string& xml, const VassalFile& f) {
    const ScenarioLoad load = read_scenario_xml(xml, "binding.xml");
    if (!load.scenario) {
        std::string out = "(the scenario does not read)";
        for (const auto& e : load.errors) out += " " + std::to_string(e.line) + ":" + std::to_string(e.col) + ": " + e.message;
        return out;
    }
    try {
        return conversion_text(convert_vassal(f, module(), *load.scenario, "x"));
    } catch (const ConvertError& e) {
        return e.what();
    }
}

}  // namespace

// Counters that share a name (a module's palette repeats them): told apart by their VASSAL id or
// their palette slot (gpid), and pieces chosen or left out by gpid or a property's value.
TEST(Convert, PiecesAreBoundByIdGpidOrPropertyNotOnlyByName) {
    const auto counter = [](const std::string& id, const std::string& gpid, const std::string& kind, int x, int y) {
        return add_piece(id, chain({"mark;Side,Strength,Kind", "piece;;;u.png;Infantry"}),
                         chain({"Union,6," + kind, "Main Map;" + std::to_string(x) + ";" + std::to_string(y) + ";" + gpid + ";0"}));
    };
    const VassalFile f = file_of({counter("p1", "11", "unit", px(17), px(3)), counter("p2", "12", "unit", px(17), px(5)),
                                  counter("p3", "13", "unit", px(17), px(7)), counter("p4", "13", "marker", px(2), px(2))},
                                 {log_step({move_piece("p2", "Main Map", px(17), px(6), "null", "Main Map", px(17), px(5))})});
    std::string xml = kScenario;
    xml.replace(xml.find("<ignore name=\"Turn{*}\"/>"), 24,
                "<ignore property=\"Kind\" value=\"marker\"/>\n      <only gpid=\"11\"/><only gpid=\"12\"/><only gpid=\"13\"/>\n"
                "      <piece id=\"p1\" unit=\"1/1/I\"/><piece id=\"p2\" unit=\"2/1/I\"/><piece gpid=\"13\" unit=\"3/1/I\"/>");
    const std::string text = converted_with(xml, f);
    EXPECT_NE(text.find("unit 1/1/I Union infantry 6 at 1703  # step 0\n"), std::string::npos) << text;
    EXPECT_NE(text.find("unit 2/1/I Union infantry 6 at 1705  # step 0\n"), std::string::npos) << text;
    EXPECT_NE(text.find("unit 3/1/I Union infantry 6 at 1707  # step 0\n"), std::string::npos) << text;
    EXPECT_EQ(text.find("0202"), std::string::npos) << text;   // the marker is left out
    EXPECT_NE(text.find("move 2/1/I 1705 1706  # step 1\n"), std::string::npos) << text;
    // Without them, the three counters named Infantry are not units of the scenario.
    EXPECT_NE(converted_with(kScenario, f).find("cannot be bound"), std::string::npos);
    // A selector's form is checked where it is read.
    std::string bad = kScenario;
    bad.replace(bad.find("<ignore name=\"Turn{*}\"/>"), 24, "<ignore gpid=\"1\" name=\"x\"/><piece unit=\"1/1/I\"/><only value=\"x\" gpid=\"2\"/>");
    const std::string e = converted_with(bad, f);
    EXPECT_NE(e.find("takes one of 'name', 'gpid', 'prototype' or 'property'"), std::string::npos) << e;
    EXPECT_NE(e.find("<piece> takes one of 'id'"), std::string::npos) << e;
    EXPECT_NE(e.find("attribute 'value' goes with 'property'"), std::string::npos) << e;
}

// Numbering transforms: a module whose squares are numbered from 0 and unpadded ("16.2") named as
// the scenario's "1703" by one rewrite, where the scenario's ids are one more and two digits each.
TEST(Convert, ARewriteShiftsAndPadsNumbers) {
    std::string xml = kScenario;
    const std::string rewrite = "<rewrite from=\"{col}.{row}\" to=\"{col}{row}\"/>";
    xml.replace(xml.find(rewrite), rewrite.size(), "<rewrite from=\"{col}.{row}\" to=\"{col+1:2}{row+1:2}\"/>");
    // The test module's own names are "17.03" (from 01): {col+1} on "17" is 18, so 17.03 -> 1804.
    const VassalFile f = file_of({unit("p1", "1/1/I", "Union", "6", "Main Map", px(17), px(3))});
    EXPECT_NE(converted_with(xml, f).find("unit 1/1/I Union infantry 6 at 1804  # step 0\n"), std::string::npos) << converted_with(xml, f);
    // A transform is for a rewrite's 'to' only.
    xml = kScenario;
    xml.replace(xml.find("<rewrite from=\"{col}.{row}\""), 27, "<rewrite from=\"{col+1}.{row}\"");
    EXPECT_NE(converted_with(xml, f).find("only a <rewrite>'s 'to' may have"), std::string::npos) << converted_with(xml, f);
}

// Phases from two tracker levels: one names the side, the next the stage; the phase is the two.
TEST(Convert, PhasesFromASideLevelAndAStageLevel) {
    // The test module with its tracker's phase level split in two: the side's, then the stage's.
    std::string two_levels = kModule;
    const std::string phase_level = R"(<VASSAL.build.module.turn.ListTurnLevel name="Phase" property="Phase" list="Union Move,Union Fight"/>)";
    two_levels.replace(two_levels.find(phase_level), phase_level.size(),
                       R"(<VASSAL.build.module.turn.ListTurnLevel name="Side" property="Side" list="Union,Rebel">
        <VASSAL.build.module.turn.ListTurnLevel name="Stage" property="Stage" list="Move,Fight"/>
      </VASSAL.build.module.turn.ListTurnLevel>)");
    const Module m = Module::from_buildfile(two_levels, "two-levels.xml");
    const char* const xml = R"xml(<scenario extends="maryes-heights" id="mh-two-levels" title="Convert test">
  <vassal module="Convert Test">
    <map name="Main Map"><rewrite from="{col}.{row}" to="{col}{row}"/></map>
    <pieces><side property="Side"/><strength property="Strength"/></pieces>
    <turns source="tracker" tracker="Turn" level="1"/>
    <phases source="tracker" tracker="Turn" side-level="2" level="3">
      <phase vassal="Union Move" as="Union movement"/>
      <phase vassal="Rebel Fight" as="Confederate combat"/>
    </phases>
  </vassal>
</scenario>)xml";
    const ScenarioLoad load = read_scenario_xml(xml, "two-levels-binding.xml");
    ASSERT_TRUE(load.scenario) << (load.errors.empty() ? "" : load.errors[0].message);
    // A three-level state: the counter, its list (the side), the list's list (the stage).
    const auto leaf = [](int turn, int side, int stage) {
        return "TURNTurnTracker0\t" +
               encode({"0", encode({std::to_string(turn), "0", "false", "-1",
                                    encode({std::to_string(side), "0", "0", "true,true", encode({std::to_string(stage), "0", "0", "true,true"}, ';')}, ';')},
                                   ';')},
                      '|');
    };
    const VassalFile f = file_of({unit("p1", "1/1/I", "Union", "6", "Main Map", px(17), px(3)), leaf(1, 0, 0)}, {log_step({leaf(1, 1, 1)})});
    const std::string text = conversion_text(convert_vassal(f, m, *load.scenario, "x"));
    EXPECT_NE(text.find("phase Union movement  # step 0"), std::string::npos) << text;
    EXPECT_NE(text.find("phase Confederate combat  # step 1"), std::string::npos) << text;
}

// A piece chosen by a prototype its palette slot uses: read from the module's piece slots (the
// pieces of a game have their prototypes expanded, so only the slot knows). The module must be read
// with them; without, the binding says so rather than choosing nothing.
TEST(Convert, PiecesChosenByTheirSlotsPrototype) {
    const auto slot = [](const std::string& gpid, const std::string& proto, const std::string& name) {
        return "<VASSAL.build.widget.PieceSlot entryName=\"" + name + "\" gpid=\"" + gpid + "\">" +
               add_piece("null", chain({"prototype;" + proto, "piece;;;u.png;" + name}), chain({"", "null;0;0;" + gpid + ";0"})) +
               "</VASSAL.build.widget.PieceSlot>";
    };
    std::string xml = kModule;
    xml.replace(xml.find("</VASSAL.build.GameModule>"), 0,
                "<VASSAL.build.module.PrototypeDefinition name=\"Combat Unit\">" +
                    add_piece("null", chain({"mark;Kind", "piece;;;;"}), chain({"unit", "null;0;0;;0"})) +
                    "</VASSAL.build.module.PrototypeDefinition>\n"
                    "<VASSAL.build.module.PrototypeDefinition name=\"Marker\">" +
                    add_piece("null", chain({"mark;Kind", "piece;;;;"}), chain({"marker", "null;0;0;;0"})) +
                    "</VASSAL.build.module.PrototypeDefinition>\n" +
                    slot("21", "Combat Unit", "1/1/I") + slot("22", "Marker", "Control") + "\n");
    const Module with_slots = Module::from_buildfile(xml, "protos.xml", {}, LoadOptions{.catalog = true});
    const Module without = Module::from_buildfile(xml, "protos.xml");
    // Both pieces have a side: only the prototype tells the marker from the unit.
    const auto piece = [](const std::string& id, const std::string& gpid, const std::string& name, int x, int y) {
        return add_piece(id, chain({"mark;Side,Strength", "piece;;;u.png;" + name}),
                         chain({"Union,6", "Main Map;" + std::to_string(x) + ";" + std::to_string(y) + ";" + gpid + ";0"}));
    };
    const VassalFile f = file_of({piece("p1", "21", "1/1/I", px(17), px(3)), piece("p2", "22", "Control", px(2), px(2))});
    std::string binding = kScenario;
    binding.replace(binding.find("<ignore name=\"Turn{*}\"/>"), 24, "<only prototype=\"Combat Unit\"/>");
    const ScenarioLoad load = read_scenario_xml(binding, "protos-binding.xml");
    ASSERT_TRUE(load.scenario);
    EXPECT_TRUE(load.scenario->vassal.needs_module_catalog());
    EXPECT_EQ(conversion_text(convert_vassal(f, with_slots, *load.scenario, "x")),
              "game x  # step 0\nsetup custom  # step 0\nunit 1/1/I Union infantry 6 at 1703  # step 0\n");
    try {
        convert_vassal(f, without, *load.scenario, "x");
        ADD_FAILURE() << "converted without the module's piece slots";
    } catch (const ConvertError& e) {
        EXPECT_NE(std::string(e.what()).find("selects pieces by prototype"), std::string::npos) << e.what();
    }
}

// Alternating turns (each game-turn one side's, as in the victory-banner family): the phase read
// names only the stage, and the side is the one whose turn it is, by the turn's number.
TEST(Convert, PhasesOfAlternatingTurnsTakeTheSideOfTheTurn) {
    std::string xml = kScenario;
    const std::string phases = "<phases source=\"property\" property=\"Phase\">";
    xml.replace(xml.find(phases), phases.size(),
                "<phases source=\"property\" property=\"Phase\" sides-by-turn=\"Union, Confederate\">\n"
                "      <phase vassal=\"Union Move\" as=\"Union movement\"/>\n"
                "      <phase vassal=\"Confederate Move\" as=\"Confederate movement\"/>");
    const VassalFile f = file_of({unit("p1", "1/1/I", "Union", "6", "Main Map", px(17), px(3)), property("Turn", "1"), property("Phase", "Move")},
                                 {log_step({property("Turn", "2")}), log_step({property("Phase", "Fight")}), log_step({property("Phase", "Move")})});
    const std::string text = converted_with(xml, f);
    EXPECT_NE(text.find("turn 1  # step 0\nphase Union movement  # step 0\n"), std::string::npos) << text;
    EXPECT_NE(text.find("turn 2  # step 1\n"), std::string::npos) << text;
    EXPECT_NE(text.find("phase Confederate movement  # step 3\n"), std::string::npos) << text;
    // A side the scenario does not have is an error where it is written.
    xml.replace(xml.find("Union, Confederate"), 18, "Union, French");
    EXPECT_NE(converted_with(xml, f).find("'French' is no side of the scenario"), std::string::npos) << converted_with(xml, f);
}
