// Judging a parsed game against a scenario: the options a check takes and the replay's entry point.
#pragma once

#include "record.hpp"
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

// Replays a parsed game against a scenario and reports.
Report judge(const GameRecord& game, const Scenario& scenario, const CheckOptions& opts);

}  // namespace referee
