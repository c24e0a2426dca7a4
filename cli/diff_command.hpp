// A dispute (event.md, "referee diff"; docs/diff.md): `referee diff A B` sets two copies of one game
// side by side: move logs, XML saves, VASSAL saves or logs (with --module, and --scenario for the
// binding), in any mix.
#pragma once

#include "module.hpp"
#include "options.hpp"

#include <cstddef>
#include <string>

namespace referee {

struct DiffOptions {
    std::string a, b;
    std::string format = "text";  // text, json or html
    std::size_t max_errors = 50;  // differences listed (0: all)
};

// Writes the comparison on standard output; returns the exit status: 0 the same game, 1 the copies
// differ (one stopping early included), 2 a copy that cannot be read or compared (said on standard error).
int run_diff(const DiffOptions& d, const CheckOptions& opts, const vassal::Module* module);

}  // namespace referee
