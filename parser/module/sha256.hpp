// SHA-256 through GNU Nettle: a module's hash, as 64 lowercase hex digits.
#pragma once

#include <string>
#include <string_view>

namespace referee::vassal {

std::string sha256_hex(std::string_view bytes);

}  // namespace referee::vassal
