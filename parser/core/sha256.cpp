// SHA-256 (sha256.hpp), through GNU Nettle.
#include "sha256.hpp"

#include <nettle/sha2.h>

#include <cstdint>

namespace referee {

namespace {

std::string hex_digest(sha256_ctx& ctx) {
    std::uint8_t digest[SHA256_DIGEST_SIZE];
    sha256_digest(&ctx, SHA256_DIGEST_SIZE, digest);  // also starts ctx again
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    out.reserve(2 * SHA256_DIGEST_SIZE);
    for (std::uint8_t b : digest) {
        out += hex[b >> 4];
        out += hex[b & 0xF];
    }
    return out;
}

}  // namespace

std::string sha256_hex(std::string_view bytes) {
    sha256_ctx ctx;
    sha256_init(&ctx);
    // Nettle takes a size_t length: the whole input in one call.
    sha256_update(&ctx, bytes.size(), reinterpret_cast<const std::uint8_t*>(bytes.data()));
    return hex_digest(ctx);
}

struct Sha256::State {
    sha256_ctx ctx;
};

Sha256::Sha256() : s_(std::make_unique<State>()) { sha256_init(&s_->ctx); }
Sha256::~Sha256() = default;
Sha256::Sha256(Sha256&&) noexcept = default;
Sha256& Sha256::operator=(Sha256&&) noexcept = default;

void Sha256::update(std::string_view bytes) {
    sha256_update(&s_->ctx, bytes.size(), reinterpret_cast<const std::uint8_t*>(bytes.data()));
}

std::string Sha256::hex() { return hex_digest(s_->ctx); }

}  // namespace referee
