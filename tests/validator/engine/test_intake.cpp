// The intake (validator/engine/intake.hpp, intake.cpp): the records a game's set-up needs are kept
// until the first `turn` record, and in a game whose turns alternate (G6) until the first `phase`
// record of a side too; their lists are copied, so that they outlive the reader's arenas (a
// streaming reader drops a record's lists once it has handed the record over). bind_sides: the
// sides a game of the victory-banner family declares, and every reason it cannot, each a
// side-declaration finding at its record (docs/decisions.md, "Sides from the game").
#include "diagnostics.hpp"
#include "intake.hpp"

#include "readers.hpp"
#include "scenario_support.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace referee;
using namespace referee::testing_support;

namespace {

// Hands each record to the intake as Session does, while the intake is not complete.
class IntakeSink final : public RecordSink {
public:
    IntakeSink(Intake& in, bool alternating) : in_(in), alternating_(alternating) {}
    void record(const Record& r, const GameRecord& g) override {
        ++read;
        if (!in_.complete(alternating_)) in_.add(r, g);
    }
    int read = 0;

private:
    Intake& in_;
    bool alternating_;
};

// Streams `text` into `in`, as a check does (the reader keeps no record's lists).
GameRecord stream(const std::string& text, Intake& in, bool alternating) {
    GameRecord g;
    g.file = "t.log";
    IntakeSink sink(in, alternating);
    parse_move_log(text, g, sink);
    EXPECT_FALSE(g.has_syntax_errors());
    return g;
}

// A kept record's lists, as the names (or numbers) they hold.
std::string lists(const Intake& in, const GameRecord& g, const Record& r) {
    std::string s;
    for (std::uint32_t i = 0; i < r.list.len; ++i) s += " " + std::string(g.str(in.syms()[r.list.off + i]));
    s += " |";
    for (std::uint32_t i = 0; i < r.list2.len; ++i) s += " " + std::string(g.str(in.syms()[r.list2.off + i]));
    s += " |";
    for (std::uint32_t i = 0; i < r.ints.len; ++i) s += " " + std::to_string(in.ints()[r.ints.off + i]);
    return s;
}

// The header of `text` read whole, and bind_sides on it.
struct Bound {
    Bound(const Scenario& s, const std::string& text) : g(parse_move_log(text, "t.log")), scenario(bind_sides(g.records, g, s, out)) {}
    GameRecord g;
    std::vector<Violation> out;
    std::optional<Scenario> scenario;
};

const Scenario& banners_base() {
    static const ScenarioLoad load = load_scenario("cnc-napoleonics");  // two sides from the game
    return *load.scenario;
}
const Scenario& three_sides() {
    static const ScenarioLoad load = valid(kBareBase);  // "Bare": three sides from the game
    return *load.scenario;
}

}  // namespace

// --- the intake -------------------------------------------------------------------------------

TEST(Intake, CompleteAtTheFirstTurnRecord) {
    Intake in;
    EXPECT_FALSE(in.complete(false));
    const GameRecord g = stream("game maryes-heights\nparam exit-vp 2\nsetup custom\nunit U Union infantry 3 at 0506\nturn 1\n"
                                "phase Union movement\nmove U 0506 0507\n",
                                in, false);
    EXPECT_TRUE(in.complete(false));
    ASSERT_EQ(in.records().size(), 5u);  // up to and with the turn record
    EXPECT_EQ(in.records().back().kind, Kind::Turn);
    EXPECT_EQ(in.records().back().line, 5u);
    EXPECT_FALSE(in.complete(true));  // an alternating game would want a side's phase record too
}

TEST(Intake, AnAlternatingGameWantsTheFirstPhaseRecordOfASideToo) {
    Intake in;
    const GameRecord g = stream("game cnc-napoleonics\nside French\nside British\nturn 1\nphase orders\nroll 2d6 3 4\n"
                                "phase British command\nmove B1 0706 0705\n",
                                in, true);
    ASSERT_EQ(in.records().size(), 7u);  // a phase of no side does not say who moves first
    EXPECT_EQ(in.records().back().kind, Kind::Phase);
    EXPECT_EQ(g.str(in.records().back().a), "British");
    EXPECT_TRUE(in.complete(true));
    // A side's phase record before the first turn: still only complete at the turn.
    Intake early;
    stream("game cnc-napoleonics\nside French\nside British\nphase French orders\nunit F1 French infantry 4 at 0504\nturn 1\n", early, true);
    EXPECT_EQ(early.records().size(), 6u);
    EXPECT_TRUE(early.complete(true));
}

TEST(Intake, ListsAreCopiedAndOutliveTheReadersArenas) {
    Intake in;
    const GameRecord g = stream("game cnc-napoleonics\n"                                   // 1
                                "side French\nside British\n"                              // 2-3
                                "objective temporary-group French 0605,0705 banners 2\n"   // 4
                                "unit KGL British infantry 2 at 1005 role garrison role leader\n"  // 5
                                "turn 1\n"                                                 // 6
                                "roll 2d6 3 4\n"                                           // 7
                                "combat F1,F2 vs B1 roll 6 5\n"                            // 8
                                "claim score French 2 British 1\n"                         // 9
                                "phase French movement\n"                                  // 10
                                "move F1 0504 0605\n",                                     // 11
                                in, true);
    ASSERT_EQ(in.records().size(), 10u);
    // The reader kept no lists: what is left in its arenas is not the kept records'.
    EXPECT_LT(g.syms_arena.size(), 9u);
    EXPECT_EQ(lists(in, g, in.records()[3]), " 0605 0705 | |");
    EXPECT_EQ(lists(in, g, in.records()[4]), " garrison leader | |");
    EXPECT_EQ(lists(in, g, in.records()[6]), " | | 3 4");
    EXPECT_EQ(lists(in, g, in.records()[7]), " F1 F2 | B1 | 6 5");
    EXPECT_EQ(lists(in, g, in.records()[8]), " French British | | 2 1");
    EXPECT_EQ(in.records()[3].m, 2);
    in.clear();
    EXPECT_TRUE(in.records().empty());
}

// --- bind_sides -------------------------------------------------------------------------------

TEST(BindSides, TheGamesSidesInTheirOrder) {
    const Bound b(banners_base(), "game cnc-napoleonics\nside British\nside French\nturn 1\nside Prussian\n");
    ASSERT_TRUE(b.scenario);
    EXPECT_TRUE(b.out.empty());
    EXPECT_EQ(b.scenario->sides, (std::vector<std::string>{"British", "French"}));  // the side after turn 1 is not one
    EXPECT_FALSE(b.scenario->sides_from_game);
    EXPECT_EQ(b.scenario->targets.size(), 2u);
    EXPECT_EQ(b.scenario->find_side("french"), 1);
    EXPECT_TRUE(banners_base().sides.empty());  // the scenario itself is left as it is
}

TEST(BindSides, EachReasonItCannotIsAFindingAtItsRecord) {
    struct Case {
        const Scenario* s;
        std::string text;
        std::uint32_t line;
        std::string message;
    };
    const std::string cnc = "Commands & Colors: Napoleonics";
    for (const Case& c : {
             Case{&banners_base(), "game cnc-napoleonics\nturn 1\n", 1,
                  cnc + " takes its 2 sides from the game's side records (`side <name>` before the first turn); the game declares 0"},
             Case{&banners_base(), "game cnc-napoleonics\nside French\nturn 1\n", 2,
                  cnc + " takes its 2 sides from the game's side records (`side <name>` before the first turn); the game declares 1"},
             Case{&three_sides(), "game test-bare-base\nside A\nside B\nturn 1\n", 3,
                  "Bare takes its 3 sides from the game's side records (`side <name>` before the first turn); the game declares 2"},
             Case{&banners_base(), "game cnc-napoleonics\nside French\nside British\nside Prussian\nturn 1\n", 4,
                  cnc + " is played by 2 sides; this is a 3rd side record"},
             Case{&three_sides(), "game test-bare-base\nside A\nside B\nside C\nside D\nturn 1\n", 5, "Bare is played by 3 sides; this is a 4th side record"},
             Case{&banners_base(), "game cnc-napoleonics\nside French\nside french\nturn 1\n", 3, "side french is declared twice"},
             Case{&banners_base(), "game cnc-napoleonics\nside French\nside any\nturn 1\n", 3,
                  "'any' cannot name a side: it is a reserved word of the move log and the scenario format"},
             Case{&banners_base(), "game cnc-napoleonics\nside Draw\nside French\nturn 1\n", 2,
                  "'Draw' cannot name a side: it is a reserved word of the move log and the scenario format"},
         }) {
        SCOPED_TRACE(c.text);
        const Bound b(*c.s, c.text);
        EXPECT_FALSE(b.scenario);
        ASSERT_EQ(b.out.size(), 1u);
        const Violation& v = b.out[0];
        EXPECT_EQ(v.code, "side-declaration");
        EXPECT_TRUE(v.error);
        EXPECT_EQ(v.line, c.line);
        EXPECT_EQ(v.col, 1u);
        EXPECT_EQ(v.rule, cite::kHeader);
        EXPECT_EQ(v.message, c.message);
    }
}
