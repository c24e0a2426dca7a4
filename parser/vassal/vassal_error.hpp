// The one error of the VASSAL readers: a message that names its place (the file, the archive entry,
// the step, the map or board) and what was found. `referee vassal` and `referee check` print it and
// exit with status 2 (vassal.md, "Must fail with a clear message").
#pragma once

#include <stdexcept>
#include <string>

namespace referee::vassal {

struct VassalError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace referee::vassal
