// Seeing the game (report.md, "Seeing the game"; docs/seeing-the-game.md): a position as text, as
// JSON and as an SVG map, and a game's page (HTML that stands alone: the verdict, the scores, the
// map at the beginning of each game-turn and at the end, the score over the game-turns, the
// violations linked to a listing of their records), and a batch's index page.
#pragma once

#include "position.hpp"
#include "report.hpp"
#include "result.hpp"
#include "scenario.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace referee {

std::string render_position_text(const Position& p);
std::string render_position_json(const Position& p);
// A standalone SVG document of the position's map: the hex grid drawn from the scenario's geometry
// (an area map: one box a space).
std::string render_position_svg(const Position& p, const Scenario& s);

// One game's page. `moments`: the position at the beginning of each game-turn, then at the end
// (validator/check/positions.hpp, Moment::Kind::Turns); `scenario`: none when the game was not
// judged; `text`: the game's text, for the listing of the records its violations name.
struct PageGame {
    const Report* report = nullptr;
    const std::vector<Position>* moments = nullptr;
    const Scenario* scenario = nullptr;
    std::string_view text;
};
std::string render_page(const PageGame& g);

// The index page of a batch: one row a game, linking to its page (`page`, relative). A row is what
// the index shows of a game, taken when the game is done: a batch keeps the rows, not the reports,
// so that its memory does not grow with the games' violations.
struct IndexRow {
    std::string page, file, scenario, result, score;
    std::size_t errors = 0, warnings = 0;
};
IndexRow index_row(const Report& r, std::string page);
std::string render_index(const std::vector<IndexRow>& rows, const BatchSummary& summary);

}  // namespace referee
