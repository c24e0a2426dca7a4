// One pass over a line of a move log (move_log_parser.hpp, Parser::run): where the line ends, whether
// it is simple, and where its tokens are, all from the same reading of its bytes, 32 at a time (two
// SSE2 loads, which every x86-64 has; a byte at a time elsewhere). A simple line holds only printable
// ASCII (0x21 .. 0x7E) other than '"' and '#', and spaces: no tab, no string, no comment, no
// carriage return, no control character and no byte of a multi-byte character, so it needs no
// check of its encoding, and its tokens are the runs of bytes between spaces. The driver reads a
// simple line of one of the commonest records straight into its Record (move_log_fast_paths.cpp);
// any other line goes to the grammar as before, which checks and reports it. Nothing here knows
// Spirit.
#pragma once

#include "move_log_lexer.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace referee::movelog::scan {

// The tokens a simple line may have and still be read by the fast paths: the record keyword and 24
// operands (kPlainTokens of move_log_fast_paths.cpp); a line with more goes to the grammar.
inline constexpr std::uint32_t kMaxTokens = 25;

struct Line {
    Iterator end = nullptr;  // the '\n' that ends the line, or the text's end
    bool simple = false;     // see above; when false, the tokens are not set
    std::uint32_t n = 0;     // tokens in the line (past kMaxTokens, only that many are kept, and n may count fewer than there are)
    // A block of 32 bytes holds sixteen token starts at most: the scan writes a block's without a
    // check, and stops keeping tokens once it has kMaxTokens.
    Iterator first[kMaxTokens + 16];
    Iterator last[kMaxTokens + 16];
};

namespace detail {

// A byte of a simple line's token.
inline bool word_byte(unsigned char c) { return c >= 0x21 && c <= 0x7E && c != '"' && c != '#'; }

// The same reading a byte at a time: for the targets without SSE2, and the reference the SIMD form
// is tested against (tests/parser/readers/test_move_log_scan.cpp).
inline void read_line_bytes(Iterator p, Iterator end, Line& out) {
    out.simple = true;
    out.n = 0;
    bool in_word = false;
    for (; p != end && *p != '\n'; ++p) {
        const auto c = static_cast<unsigned char>(*p);
        if (c == ' ') {
            if (in_word && out.n <= kMaxTokens) out.last[out.n - 1] = p;
            in_word = false;
            continue;
        }
        if (!word_byte(c)) {
            out.simple = false;
            const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
            out.end = nl != nullptr ? static_cast<Iterator>(nl) : end;
            return;
        }
        if (!in_word) {
            if (out.n < kMaxTokens) out.first[out.n] = p;
            ++out.n;
            in_word = true;
        }
    }
    if (in_word && out.n <= kMaxTokens) out.last[out.n - 1] = p;
    out.end = p;
}

}  // namespace detail

// Reads the line that starts at p (p < end). `end` is the text's end: bytes up to it may be read
// even past the line's end, and none after it.
inline void read_line(Iterator p, Iterator end, Line& out) {
#if defined(__SSE2__)
    out.simple = true;
    std::uint32_t starts_seen = 0, ends_seen = 0;
    std::uint32_t carry = 0;  // 1: the byte before this block was a token's
    const __m128i nl_v = _mm_set1_epi8('\n'), sp_v = _mm_set1_epi8(' '), below_v = _mm_set1_epi8(0x21), del_v = _mm_set1_epi8(0x7F),
                  quote_v = _mm_set1_epi8('"'), hash_v = _mm_set1_epi8('#');
    // Sixteen bytes: the line feeds, the spaces, and the bytes no simple line has, as masks.
    const auto classify = [&](__m128i x, std::uint32_t& nl, std::uint32_t& sp, std::uint32_t& odd) {
        nl = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, nl_v)));
        sp = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, sp_v)));
        // Below 0x21 as signed bytes: the controls, the space, the line feed, and every byte >= 0x80.
        const __m128i o = _mm_or_si128(_mm_or_si128(_mm_cmplt_epi8(x, below_v), _mm_cmpeq_epi8(x, del_v)),
                                       _mm_or_si128(_mm_cmpeq_epi8(x, quote_v), _mm_cmpeq_epi8(x, hash_v)));
        odd = static_cast<std::uint32_t>(_mm_movemask_epi8(o));
    };
    for (Iterator block = p;; block += 32) {
        __m128i lo, hi;
        if (end - block >= 32) {
            lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block));
            hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 16));
        } else {
            // The text's last bytes, then line feeds: the line ends at the text's end at the latest.
            alignas(16) char tail[32];
            std::memset(tail, '\n', sizeof tail);
            std::memcpy(tail, block, static_cast<std::size_t>(end - block));
            lo = _mm_load_si128(reinterpret_cast<const __m128i*>(tail));
            hi = _mm_load_si128(reinterpret_cast<const __m128i*>(tail + 16));
        }
        std::uint32_t nl_lo, sp_lo, odd_lo, nl_hi, sp_hi, odd_hi;
        classify(lo, nl_lo, sp_lo, odd_lo);
        classify(hi, nl_hi, sp_hi, odd_hi);
        const std::uint32_t nl = nl_lo | nl_hi << 16, sp = sp_lo | sp_hi << 16;
        const std::uint32_t bad = (odd_lo | odd_hi << 16) & ~sp & ~nl;
        const std::uint32_t in_line = nl != 0 ? (nl & (0u - nl)) - 1 : 0xFFFFFFFFu;  // the bytes before the line feed
        if ((bad & in_line) != 0) {
            out.simple = false;
            Iterator from = block + std::countr_zero(bad & in_line);
            const void* f = std::memchr(from, '\n', static_cast<std::size_t>(end - from));
            out.end = f != nullptr ? static_cast<Iterator>(f) : end;
            return;
        }
        const std::uint32_t word = ~sp & in_line;
        const std::uint32_t before = (word << 1) | carry;  // bit i: byte i-1 is a token's
        std::uint32_t starts = word & ~before;
        // A token ends at the first byte after it that is no token's: a space, or the line feed.
        std::uint32_t ends = ~word & before & (nl != 0 ? in_line | (in_line + 1) : 0xFFFFFFFFu);
        if (starts_seen <= kMaxTokens) {  // else: too many tokens for the fast paths, only the line's end is wanted
            while (starts != 0) {
                out.first[starts_seen++] = block + std::countr_zero(starts);
                starts &= starts - 1;
            }
            while (ends != 0) {
                out.last[ends_seen++] = block + std::countr_zero(ends);
                ends &= ends - 1;
            }
        }
        if (nl != 0) {
            Iterator e = block + std::countr_zero(nl);
            out.end = e < end ? e : end;
            out.n = starts_seen;
            return;
        }
        carry = word >> 31;
    }
#else
    detail::read_line_bytes(p, end, out);
#endif
}

}  // namespace referee::movelog::scan
