// SHA-256 through GNU Nettle, as 64 lowercase hex digits: a VASSAL module's hash, the hash of a
// game file's bytes in its report (report.md, "sha256"), and the digest of a game's records by which
// a batch finds duplicate games (validator/check/digest.hpp).
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace referee {

std::string sha256_hex(std::string_view bytes);

// The hash of bytes given in pieces: the same as sha256_hex of the pieces joined.
class Sha256 {
public:
    Sha256();
    ~Sha256();
    Sha256(Sha256&&) noexcept;
    Sha256& operator=(Sha256&&) noexcept;
    void update(std::string_view bytes);
    // The hash of what was given; the object starts again empty.
    std::string hex();

private:
    struct State;
    std::unique_ptr<State> s_;
};

}  // namespace referee
