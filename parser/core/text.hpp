// Small text helpers shared by the readers, the scenario reader and the engine: ASCII
// case-insensitive comparison and lowering (names in the formats are compared so), and whole
// numbers as the formats write them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace referee {

// ASCII letters compared without case; every other byte exactly.
bool iequals(std::string_view a, std::string_view b);
// ASCII letters lowered; every other byte kept.
std::string lower(std::string_view s);
// A whole number in decimal with an optional '+' or '-' sign and nothing else; none otherwise
// (or when it does not fit 64 bits).
std::optional<std::int64_t> to_int(std::string_view s);
// The lines of `text`, split at '\n' (views into it): "" gives one empty line, "a\n" gives "a" and "".
std::vector<std::string_view> split_lines(std::string_view text);

}  // namespace referee
