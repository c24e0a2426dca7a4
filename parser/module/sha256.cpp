// SHA-256 (sha256.hpp), through GNU Nettle.
#include "sha256.hpp"

#include <nettle/sha2.h>

namespace referee::vassal {

std::string sha256_hex(std::string_view bytes) {
    sha256_ctx ctx;
    sha256_init(&ctx);
    // Nettle takes a size_t length: the whole input in one call.
    sha256_update(&ctx, bytes.size(), reinterpret_cast<const std::uint8_t*>(bytes.data()));
    std::uint8_t digest[SHA256_DIGEST_SIZE];
    sha256_digest(&ctx, SHA256_DIGEST_SIZE, digest);
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    out.reserve(2 * SHA256_DIGEST_SIZE);
    for (std::uint8_t b : digest) {
        out += hex[b >> 4];
        out += hex[b & 0xF];
    }
    return out;
}

}  // namespace referee::vassal
