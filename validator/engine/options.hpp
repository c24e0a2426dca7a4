// The options of a check that reach the replay (report.md, "Command line").
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace referee {

struct CheckOptions {
    std::string scenario;  // --scenario ID|FILE; empty: the game's own `game` record
    std::vector<std::pair<std::string, std::string>> params;  // --param NAME=VALUE, in order
    bool strict = false;   // --strict: warnings become errors
    bool digest = false;   // the game's digest (Report::digest), by which a batch finds duplicate games
};

}  // namespace referee
