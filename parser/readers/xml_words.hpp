// Eight bytes at a time, for the XML save reader (xml_*.cpp): its scans read whole words of the text
// or of pugixml's buffer; the buffer is the reader's own and padded (xml_reader.hpp, ParseBuffer),
// so a word read past a name's or value's terminating 0 stays inside it.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace referee::xml {

inline constexpr std::uint64_t kOnes = 0x0101010101010101ull;
inline constexpr std::uint64_t kHighs = 0x8080808080808080ull;

// Eight bytes from p, the first in the lowest byte whatever the machine's byte order (so that the
// lowest flagged byte of the tests below is the first in the text).
inline std::uint64_t load8(const char* p) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap64(v);
    return v;
}
// The high bit of v's first zero byte is set; bits of later bytes may be too (a borrow), of earlier
// ones never, so the lowest set bit is exact.
constexpr std::uint64_t zero_bytes(std::uint64_t v) { return (v - kOnes) & ~v & kHighs; }
// The index of the byte whose high bit is the lowest set bit of a nonzero mask from zero_bytes.
inline std::size_t first_flagged(std::uint64_t mask) { return static_cast<std::size_t>(std::countr_zero(mask)) / 8; }
// The lowest n bytes of a word (n <= 8).
constexpr std::uint64_t low_bytes(std::size_t n) { return n >= 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * n)) - 1; }

}  // namespace referee::xml
