// The type of a report's codes, declared without its list (codes.def): for what passes a code along
// or keeps one without naming any, so that adding a code recompiles only what names codes
// (diagnostics.hpp, the header that lists them).
#pragma once

#include <cstdint>

namespace referee {

enum class Code : std::uint8_t;

}  // namespace referee
