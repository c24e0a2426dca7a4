// The entry point of validation: read one input, load its scenario, replay, report.
#pragma once

#include "../parser/record.hpp"
#include "result.hpp"
#include "scenario.hpp"

#include <string>
#include <utility>
#include <vector>

namespace referee {

struct CheckOptions {
    std::string scenario;  // --scenario ID|FILE; empty: the game's own `game` record
    std::vector<std::pair<std::string, std::string>> params;  // --param NAME=VALUE, in order
    bool strict = false;   // --strict: warnings become errors
};

// Replays a parsed game against a scenario and reports (validator/replay.cpp).
Report judge(const GameRecord& game, const Scenario& scenario, const CheckOptions& opts);

// Everything for one input text: parse (log or save), find the scenario (options, then the
// `game` record / scenario attribute), judge. Input problems give a Report with judged == false.
Report check_text(std::string_view text, const std::string& file, const CheckOptions& opts);

// Reads FILE ("-": standard input) and checks it.
Report check_file(const std::string& file, const CheckOptions& opts);

}  // namespace referee
