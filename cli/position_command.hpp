// Seeing the game (report.md, "Seeing the game"): `referee position FILE --at WHEN` writes the
// position at a moment as text, JSON or SVG; `referee check --format html` writes a game's page
// (and, with --output DIR, one page a game and an index).
#pragma once

#include "module.hpp"
#include "options.hpp"
#include "result.hpp"

#include <string>

namespace referee {

struct PositionOptions {
    std::string file;
    std::string at = "end";
    std::string format = "text";  // text, json or svg
};

// Writes the position on standard output; returns the exit status: 0, or 2 when the moment is not
// one (a usage error), the record never reaches it, or the game cannot be judged (its report on
// standard error).
int run_position(const PositionOptions& p, const CheckOptions& opts, const vassal::Module* module);

// One game's report and its page (the maps at the beginning of each game-turn and at the end).
struct GamePage {
    Report report;
    std::string page;
};
GamePage game_page(const std::string& file, const CheckOptions& opts, const vassal::Module* module);

}  // namespace referee
