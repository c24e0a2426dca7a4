// `referee scenarios --show ID|FILE` (report.md, "A tournament's batch"): what a scenario holds,
// as a director needs it to write or check a game: its sides, turns and sequence of play, phases,
// units (id, side, type, strength, set-up), locations, parameters with their defaults, and the
// rulings it applies; as text, or as one JSON object (docs/report.md, "Showing a scenario").
#pragma once

#include "scenario.hpp"

#include <string>

namespace referee {

std::string scenario_text(const Scenario& s);
std::string scenario_json(const Scenario& s);

}  // namespace referee
