// The position at chosen moments of a game (report.md, "Seeing the game"; docs/seeing-the-game.md):
// the game is checked once, by check_text itself, with a watch on its engine (engine/watch.hpp)
// that takes the position when each moment comes. The report of that replay is the game's report:
// taking a position finds and notes nothing.
#pragma once

#include "options.hpp"
#include "position.hpp"
#include "record.hpp"
#include "result.hpp"
#include "scenario.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace referee {

// A moment of a game, as `--at WHEN` names it.
struct Moment {
    enum class Kind : std::uint8_t {
        Line,   // line:N, after the record on line N (after the last record before it, when line N holds none)
        Step,   // step:N, a VASSAL game's step: after the last record converted from a step up to N
        Turn,   // turn:N, when game-turn N begins (its `turn` record applied)
        Phase,  // turn:N:SIDE:PHASE, when that phase begins (its `phase` record applied); SIDE may be empty
        End,    // end, the end of the game, as its report gives it
        Turns,  // the beginning of every game-turn and the end (the HTML page's maps and chart): the
                // positions list the units on the map alone, and no banners
    };
    Kind kind = Kind::End;
    std::uint32_t n = 0;
    std::string side, phase;
    std::string text;  // as given ("turn:7")
};

// WHEN as report.md gives it; nullopt with `error` saying what is wrong with it.
std::optional<Moment> parse_moment(std::string_view when, std::string& error);

struct Positions {
    Report report;                  // the game's report: not judged, no position is taken
    std::vector<Position> taken;    // in the order the moments came in the game (Turns: one per game-turn)
    std::vector<std::string> unreached;  // the moments asked that the record never reaches, as given
    std::optional<Scenario> scenario;    // the game's (with its sides, for a game that declares them): the map to draw
    std::uint32_t last_line = 0;         // how far the record goes: its last record's line,
    std::int32_t last_turn = 0;          // the last game-turn it reaches,
    std::optional<std::uint32_t> last_step;  // and a VASSAL game's last step
};

// positions_of_text on a game already read whole (check_game): the same replay, from memory.
Positions positions_of_game(const GameRecord& game, std::string_view text, const CheckOptions& opts, const std::vector<Moment>& moments,
                            const std::vector<std::uint32_t>* step_of_line = nullptr);

// Why a moment is not reached, for the usage error ("its last record is on line 59").
std::string how_far(const Positions& ps, const Moment& m);

// Replays a game's text (a move log or an XML save) once and takes the position at each moment.
// `step_of_line` (a VASSAL game's conversion, check_steps) maps the text's lines to steps: Step
// moments are then lines, and each position says its step.
Positions positions_of_text(std::string_view text, const std::string& file, const CheckOptions& opts, const std::vector<Moment>& moments,
                            const std::vector<std::uint32_t>* step_of_line = nullptr);

}  // namespace referee
