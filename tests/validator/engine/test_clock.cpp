// The clock (validator/engine/clock.hpp, clock.cpp): the steps in force on a game-turn (first-turn,
// last-turn: Cemetery Hill C1), a side's first and last step of a turn, whether the last game-turn's
// last player-turn has begun (G5), where the game is in words, night turns included (Road to
// Richmond 14.22), first-player (G6: scenario-format.md, the sides swapped throughout the
// sequence), alternating turns (each game-turn one side's, from the first mover), and the step
// that begins next (what a save's snapshot may name, xml-save.md).
#include "clock.hpp"

#include "scenario_support.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace referee;
using namespace referee::testing_support;

namespace {

constexpr SideId kBlue = 0, kRed = 1;

// Five game-turns, 2 and 4 at night. The steps: 0 supply (no side), 1 Blue movement (from turn 2),
// 2 Blue combat, 3 Red movement, 4 Red combat (up to turn 3).
const char* const kClock = R"(<scenario id="clock" title="Clock" turns="5" first-player="Blue">
  <sides><side name="Blue"/><side name="Red"/></sides>
  <phases><phase name="supply" kind="other"/><phase name="movement" kind="movement"/><phase name="combat" kind="combat"/></phases>
  <sequence night-turns="2, 4" night-rule="9.9">
    <step side="none" phase="supply"/>
    <step side="Blue" phase="movement" first-turn="2"/>
    <step side="Blue" phase="combat"/>
    <step side="Red" phase="movement"/>
    <step side="Red" phase="combat" last-turn="3"/>
  </sequence>
  <map><hex-grid kind="hex-columns" columns="01-05" rows="01-04" shifted="even"/></map>
</scenario>
)";

const Scenario& clock_scenario() {
    static const ScenarioLoad load = valid(kClock);
    return *load.scenario;
}

// The sequence as "side phase" words, "none" for a step of no side.
std::vector<std::string> steps(const Scenario& s, const Clock& c) {
    std::vector<std::string> out;
    for (const SequenceStep& st : c.sequence())
        out.push_back((st.side >= 0 ? s.sides[static_cast<std::size_t>(st.side)] : st.side == kNoSide ? std::string("none") : std::string("phasing")) +
                      " " + s.phases[static_cast<std::size_t>(st.phase)].name);
    return out;
}

// A scenario of sides from the game, its sides given as a game would (intake.cpp's bind_sides).
Scenario with_sides(const char* xml, std::vector<std::string> sides) {
    Scenario s = *valid(xml).scenario;
    s.sides = std::move(sides);
    s.sides_from_game = false;
    return s;
}

}  // namespace

TEST(Clock, StepsInForceFollowTheirFirstAndLastTurns) {
    const Clock c(clock_scenario());
    ASSERT_EQ(c.sequence().size(), 5u);
    EXPECT_TRUE(c.step_in_force(0, 1));
    EXPECT_FALSE(c.step_in_force(1, 1));
    EXPECT_TRUE(c.step_in_force(1, 2));
    EXPECT_TRUE(c.step_in_force(1, 5));
    EXPECT_TRUE(c.step_in_force(4, 3));
    EXPECT_FALSE(c.step_in_force(4, 4));
}

TEST(Clock, ASidesFirstAndLastStepOfATurn) {
    const Clock c(clock_scenario());
    EXPECT_EQ(c.first_step_of(kBlue, 1), 2);  // no Blue movement on turn 1
    EXPECT_EQ(c.last_step_of(kBlue, 1), 2);
    EXPECT_EQ(c.first_step_of(kBlue, 2), 1);
    EXPECT_EQ(c.last_step_of(kBlue, 2), 2);
    EXPECT_EQ(c.first_step_of(kRed, 3), 3);
    EXPECT_EQ(c.last_step_of(kRed, 3), 4);
    EXPECT_EQ(c.last_step_of(kRed, 4), 3);  // no Red combat after turn 3
    EXPECT_EQ(c.first_step_of(kNoSide, 1), 0);
    EXPECT_EQ(c.first_step_of(5, 1), -1);  // no such side: no step
    EXPECT_EQ(c.last_step_of(5, 1), -1);
}

TEST(Clock, BeforeTheFirstTurnAndBeforeTheFirstPhase) {
    Clock c(clock_scenario());
    EXPECT_EQ(c.turn(), 0);
    EXPECT_EQ(c.step(), -1);
    EXPECT_EQ(c.phasing(), kNoSide);
    EXPECT_EQ(c.phase_kind(), PhaseKind::Other);
    EXPECT_EQ(c.where_now(), "before the first turn");
    c.begin_turn(1);
    c.enter_step(1);
    c.set_phasing(kBlue);
    EXPECT_EQ(c.phase_kind(), PhaseKind::Movement);
    // A new game-turn: before its first phase, nobody phasing.
    c.begin_turn(2);
    EXPECT_EQ(c.turn(), 2);
    EXPECT_EQ(c.step(), -1);
    EXPECT_EQ(c.phasing(), kNoSide);
    EXPECT_EQ(c.phase_kind(), PhaseKind::Other);
}

TEST(Clock, WhereNowNamesTheTurnNightTheSideAndThePhase) {
    Clock c(clock_scenario());
    c.begin_turn(1);
    EXPECT_EQ(c.where_now(), "game-turn 1");
    c.enter_step(0);
    EXPECT_EQ(c.where_now(), "game-turn 1, supply phase");
    c.begin_turn(2);
    EXPECT_EQ(c.where_now(), "game-turn 2 (night)");
    c.enter_step(1);
    EXPECT_EQ(c.where_now(), "game-turn 2 (night), Blue movement");
    c.begin_turn(3);
    c.enter_step(4);
    EXPECT_EQ(c.where_now(), "game-turn 3, Red combat");
    c.set_turn(4);  // a save judged from its snapshot
    EXPECT_EQ(c.where_now(), "game-turn 4 (night), Red combat");
}

TEST(Clock, TheLastPlayerTurnHasBegunWhenItsSideIsPhasingOnTheLastTurn) {
    Clock c(clock_scenario());
    c.begin_turn(4);
    c.enter_step(3);
    c.set_phasing(kRed);
    EXPECT_FALSE(c.last_player_turn_begun(5));  // not the last turn
    c.begin_turn(5);
    EXPECT_FALSE(c.last_player_turn_begun(5));  // no phase yet
    c.enter_step(0);
    EXPECT_FALSE(c.last_player_turn_begun(5));  // the joint phase: nobody's player-turn
    c.enter_step(2);
    c.set_phasing(kBlue);
    EXPECT_FALSE(c.last_player_turn_begun(5));
    c.enter_step(3);
    c.set_phasing(kRed);
    EXPECT_TRUE(c.last_player_turn_begun(5));  // Red moves last on turn 5 (its combat stopped at turn 3)
    EXPECT_FALSE(c.last_player_turn_begun(6));
}

TEST(Clock, WithoutASidesPhaseAnyPhaseOfTheLastTurnIsItsLastPlayerTurn) {
    // Liberty or Death: every step is of no side.
    const ScenarioLoad load = load_scenario("liberty-or-death-1778");
    ASSERT_TRUE(load.scenario);
    Clock c(*load.scenario);
    c.begin_turn(3);
    EXPECT_FALSE(c.last_player_turn_begun(3));
    c.enter_step(0);
    EXPECT_TRUE(c.last_player_turn_begun(3));
}

TEST(Clock, PhaseSerialChangesAtTheEndOfEveryPhase) {
    Clock c(clock_scenario());
    const std::uint32_t first = c.phase_serial();
    c.next_phase();
    EXPECT_EQ(c.phase_serial(), first + 1);
    c.begin_turn(1);  // a turn alone does not end a phase (the engine ends it)
    EXPECT_EQ(c.phase_serial(), first + 1);
}

// --- first-player (G6) ------------------------------------------------------------------------

TEST(ClockFirstPlayer, TheOtherSideMovesFirstInMaryesHeights) {
    const Scenario& s = maryes();
    Clock c(s);
    EXPECT_EQ(steps(s, c), (std::vector<std::string>{"Union movement", "Union combat", "Confederate movement", "Confederate combat"}));
    c.put_first(s.find_side("Confederate"));
    EXPECT_EQ(steps(s, c), (std::vector<std::string>{"Confederate movement", "Confederate combat", "Union movement", "Union combat"}));
}

TEST(ClockFirstPlayer, TheScenariosOwnFirstPlayerChangesNothing) {
    const ScenarioLoad load = valid(kFirstPlayer);
    const Scenario& s = *load.scenario;
    Clock c(s);
    c.put_first(s.find_side("North"));  // the parameter's default
    EXPECT_EQ(steps(s, c), (std::vector<std::string>{"none supply", "North movement", "South movement", "North combat", "South combat"}));
}

TEST(ClockFirstPlayer, TheOtherSideTakesTheFirstPlayersStepsAndTurns) {
    // The joint phase stays first, the steps stay interleaved, and the second player's steps (now
    // North's) are in force from turn 2.
    const ScenarioLoad load = valid(kFirstPlayer);
    const Scenario& s = *load.scenario;
    const SideId north = s.find_side("North"), south = s.find_side("South");
    Clock c(s);
    c.put_first(south);
    EXPECT_EQ(steps(s, c), (std::vector<std::string>{"none supply", "South movement", "North movement", "South combat", "North combat"}));
    EXPECT_EQ(c.first_step_of(south, 1), 1);
    EXPECT_EQ(c.first_step_of(north, 1), -1);
    EXPECT_EQ(c.first_step_of(north, 2), 2);
    EXPECT_EQ(c.last_step_of(north, 2), 4);
}

// --- the step that begins next (xml-save.md: what a snapshot may name) ---------------------------

TEST(Clock, TheStepThatBeginsNextIsTheNextInForceThenTheNextTurnsFirst) {
    Clock c(clock_scenario());
    auto next = [&] {
        const auto p = c.next_step(5);
        return p ? c.where(*p) : std::string("none");
    };
    EXPECT_EQ(next(), "game-turn 1, supply phase");  // before the first turn record
    c.begin_turn(1);
    EXPECT_EQ(next(), "game-turn 1, supply phase");
    c.enter_step(0);
    EXPECT_EQ(next(), "game-turn 1, Blue combat");  // Blue movement is not in force on turn 1
    c.enter_step(4);
    EXPECT_EQ(next(), "game-turn 2 (night), supply phase");
    c.begin_turn(4);
    c.enter_step(3);
    EXPECT_EQ(next(), "game-turn 5, supply phase");  // Red combat ends with turn 3
    c.begin_turn(5);
    c.enter_step(3);
    EXPECT_EQ(next(), "none");  // the last game-turn's last step
    EXPECT_EQ(c.where(c.now()), c.where_now());
    const auto unlimited = c.next_step(0);
    ASSERT_TRUE(unlimited);
    EXPECT_EQ(c.where(*unlimited), "game-turn 6, supply phase");
}

// --- alternating turns (G6) -------------------------------------------------------------------

TEST(ClockAlternating, EachGameTurnIsOneSidesFromTheFirstMover) {
    const Scenario s = with_sides(kFromGame, {"French", "British"});
    Clock c(s);
    ASSERT_TRUE(c.alternating());
    EXPECT_EQ(steps(s, c), (std::vector<std::string>{"phasing orders", "phasing movement", "phasing battle"}));
    c.set_first_mover(1, true);
    EXPECT_EQ(c.first_mover(), 1);
    c.begin_turn(1);
    EXPECT_EQ(c.turn_side(), 1);
    EXPECT_EQ(steps(s, c), (std::vector<std::string>{"British orders", "British movement", "British battle"}));
    EXPECT_EQ(c.first_step_of(1, 1), 0);
    EXPECT_EQ(c.first_step_of(0, 1), -1);
    c.begin_turn(2);
    EXPECT_EQ(c.turn_side(), 0);
    EXPECT_EQ(steps(s, c), (std::vector<std::string>{"French orders", "French movement", "French battle"}));
    c.begin_turn(3);
    EXPECT_EQ(c.turn_side(), 1);
    EXPECT_EQ(c.where_now(), "game-turn 3");
    c.enter_step(1);
    EXPECT_EQ(c.where_now(), "game-turn 3, British movement");
    // After the turn's last step, the next game-turn's first, of that turn's side.
    c.enter_step(2);
    const auto next = c.next_step(0);
    ASSERT_TRUE(next);
    EXPECT_EQ(next->side, 0);
    EXPECT_EQ(c.where(*next), "game-turn 4, French orders");
    EXPECT_TRUE(c.first_mover_known());
}

TEST(ClockAlternating, ThreeSidesTakeTheirTurnsInTheOrderOfTheSides) {
    const Scenario s = with_sides(kBareBase, {"A", "B", "C"});
    Clock c(s);
    c.set_first_mover(2, true);
    std::vector<SideId> order;
    for (int t = 1; t <= 5; ++t) {
        c.begin_turn(t);
        order.push_back(c.turn_side());
        EXPECT_EQ(c.sequence()[0].side, c.turn_side());
    }
    EXPECT_EQ(order, (std::vector<SideId>{2, 0, 1, 2, 0}));
}

TEST(ClockAlternating, NotAlternatingWithoutSidesOrInAGameOfSides) {
    // A scenario of sides from the game before a game gives them, and an ordinary one.
    EXPECT_FALSE(Clock(*valid(kFromGame).scenario).alternating());
    EXPECT_FALSE(Clock(clock_scenario()).alternating());
}
