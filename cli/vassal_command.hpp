// `referee vassal FILE... [--module M] [--format text|json] [--locate MAP X Y] [--chain]` (vassal.md,
// docs/vassal.md).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace referee {

struct VassalOptions {
    std::vector<std::string> files;
    std::string module;          // "" when none
    std::string format = "text";
    std::vector<std::string> locate;   // MAP X Y, or empty
    bool chain = false;                // the files are logs of one game, in order: each must begin where the one before ended
};

// Prints what the files hold (or the one location asked); returns the exit status: 0 when every
// file was read, 2 when one could not be (its message on standard error).
int run_vassal(const VassalOptions& opts);

}  // namespace referee
