// A TurnTracker's state as a VASSAL file holds it ("TURN<id>\t<state>"), read with the module's
// levels of that tracker. What the real files show (docs/decisions.md, "Judging VASSAL games"):
// the state is '|'-separated, a first token (the level being advanced) then each top level's
// state; a level's state is ';'-separated (VASSAL's escaping), its first token the level's
// current value (a counter: the number itself; a list: the index of its current item, counted
// from 0) and its fifth token, when there is one, the state of the level it holds (a sixth the
// next one's, when it holds several). Levels are numbered 1, 2, ... depth first: level 1 the
// first top level, level 2 the first level it holds, and so on (the binding's level="N").
#pragma once

#include "module.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace referee {

struct TrackerLevelValue {
    std::string name;           // the level's name in the module ("Phase")
    bool list = false;          // a list level: `value` is an item's index
    std::int64_t value = 0;     // the state's first token, as a number (when it is one)
    std::string raw;            // the state's first token as it is
    std::string text;           // what the level shows: the list's item, or the number ("" when unknown)
    std::string problem;        // why `text` is empty: an index out of the list, a token that is no number
};

// The levels of `tracker` in the order above, each with its value in `state`; a level the state
// does not reach has its problem set. Never throws: a hostile state gives problems, not a crash.
std::vector<TrackerLevelValue> read_tracker_state(const vassal::TurnTracker& tracker, std::string_view state);

// How many levels `tracker` has (all depths).
std::size_t tracker_level_count(const vassal::TurnTracker& tracker);

}  // namespace referee
