// Well-formed UTF-8 (RFC 3629), shared by the move-log parser and the XML save reader, which both
// refuse input that is not.
#pragma once

#include <cstddef>

namespace referee {

// The length (2 to 4) of the well-formed UTF-8 sequence that starts at p, whose lead byte is past
// ASCII, with `avail` bytes from p on; 0 if it is not one (a stray continuation byte, an overlong
// form, a surrogate, a code point past U+10FFFF, or a sequence cut short).
inline std::size_t utf8_sequence(const unsigned char* p, std::size_t avail) {
    const unsigned c = p[0];
    std::size_t len = 0;
    unsigned lo = 0x80, hi = 0xBF;  // the range of the second byte
    if (c >= 0xC2 && c <= 0xDF) len = 2;
    else if (c == 0xE0) len = 3, lo = 0xA0;
    else if (c == 0xED) len = 3, hi = 0x9F;
    else if (c >= 0xE1 && c <= 0xEF) len = 3;
    else if (c == 0xF0) len = 4, lo = 0x90;
    else if (c >= 0xF1 && c <= 0xF3) len = 4;
    else if (c == 0xF4) len = 4, hi = 0x8F;
    if (len == 0 || avail < len || p[1] < lo || p[1] > hi) return 0;
    for (std::size_t k = 2; k < len; ++k)
        if ((p[k] & 0xC0) != 0x80) return 0;
    return len;
}

}  // namespace referee
