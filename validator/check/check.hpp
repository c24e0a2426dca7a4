// The entry point of validation: read one input, load its scenario, replay, report.
#pragma once

#include "options.hpp"
#include "result.hpp"

#include <string>
#include <utility>
#include <vector>

namespace referee {

// Everything for one input text: parse (log or save), find the scenario (options, then the
// `game` record / scenario attribute), judge. Input problems give a Report with judged == false.
Report check_text(std::string_view text, const std::string& file, const CheckOptions& opts);

// Reads FILE ("-": standard input) and checks it.
Report check_file(const std::string& file, const CheckOptions& opts);

}  // namespace referee
