// How grave a finding is: a warning, or an error (report.md, "Violation codes"). In a header of its
// own so that what only carries a severity (a reader's diagnostic, record.hpp) does not depend on
// the list of codes (diagnostics.hpp), which every addition changes.
#pragma once

#include <cstdint>

namespace referee {

enum class Severity : std::uint8_t { Warning, Error };

}  // namespace referee
