// The options the sample games are checked with: their scenario files are in samples/scenarios/,
// which a game may name only through --scenario-path (a game's scenario file is looked for in its
// own folder and in those folders, never through '..': validator/check/scenario_lookup.cpp).
#pragma once

#include "options.hpp"

#include <string>

namespace referee::test {

inline const std::string kSampleScenarios = std::string(REFEREE_SOURCE_DIR) + "/samples/scenarios";

inline CheckOptions sample_options() {
    CheckOptions o;
    o.scenario_path = {kSampleScenarios};
    return o;
}

}  // namespace referee::test
