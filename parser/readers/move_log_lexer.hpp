// The lexical rules of move-log.md, for one line at a time: blanks, WORDs, STRINGs with their two
// escapes, INTs, and the quoting of what stands at a place for an error message. Shared by the
// grammar's primitive parsers (move_log_parsers.hpp), its error handler (move_log_error_handler.hpp)
// and the driver's fast paths (move_log_fast_paths.cpp). Nothing here knows Spirit.
#pragma once

#include "move_log_ast.hpp"

#include <bit>
#include <cstdint>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace referee::movelog {

using Iterator = const char*;

namespace lex {

inline bool is_blank(char c) { return c == ' ' || c == '\t'; }
// A WORD is a run of characters other than these.
inline bool ends_word(char c) { return c == ' ' || c == '\t' || c == '#' || c == '"'; }
// What may follow a token: a separator, a comment, or the end of the line.
inline bool at_boundary(Iterator p, Iterator end) { return p == end || *p == ' ' || *p == '\t' || *p == '#'; }
inline char ascii_lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

inline Iterator skip_blanks(Iterator p, Iterator end) {
    while (p != end && is_blank(*p)) ++p;
    return p;
}
// ends_word as a table: one load a character instead of four compares (word_end runs over every
// character of every token).
struct WordEnds {
    bool at[256] = {};
    constexpr WordEnds() {
        for (unsigned char c : {' ', '\t', '#', '"'}) at[c] = true;
    }
};
inline constexpr WordEnds kWordEnds{};
inline Iterator word_end(Iterator p, Iterator end) {
    while (p != end && !kWordEnds.at[static_cast<unsigned char>(*p)]) ++p;
    return p;
}
// The same, sixteen bytes at a time (SSE2, which every x86-64 has) where sixteen can be read before
// `readable` (the end of the whole text, which may be past the line's end): the branch a character
// of the loop above, mispredicted at every word's end, was a third of reading a plain move.
inline Iterator word_end(Iterator p, Iterator end, Iterator readable) {
#if defined(__SSE2__)
    while (p < end && readable - p >= 16) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        const __m128i ends = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(x, _mm_set1_epi8('\t'))),
                                          _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('#')), _mm_cmpeq_epi8(x, _mm_set1_epi8('"'))));
        const auto mask = static_cast<unsigned>(_mm_movemask_epi8(ends));
        if (mask != 0) {
            Iterator w = p + std::countr_zero(mask);
            return w < end ? w : end;
        }
        p += 16;
    }
    if (p >= end) return end;
#else
    (void)readable;
#endif
    return word_end(p, end);
}

// Characters (UTF-8 code points) in [begin, p); the line has been checked to be valid UTF-8.
inline std::uint32_t count_chars(Iterator begin, Iterator p) {
    std::uint32_t n = 0;
    for (; begin != p; ++begin)
        if ((static_cast<unsigned char>(*begin) & 0xC0) != 0x80) ++n;
    return n;
}

// At most `max_chars` characters of [b, e), for quoting in a message.
inline std::string excerpt(Iterator b, Iterator e, std::uint32_t max_chars = 40) {
    std::uint32_t n = 0;
    Iterator p = b;
    for (; p != e; ++p) {
        if ((static_cast<unsigned char>(*p) & 0xC0) != 0x80) {
            if (n == max_chars) break;
            ++n;
        }
    }
    std::string s(b, p);
    if (p != e) s += "...";
    return s;
}

// What stands at `p` (after blanks), for "found ...": the token there, quoted, or "end of line".
inline std::string found_at(Iterator p, Iterator end) {
    p = skip_blanks(p, end);
    if (p == end || *p == '#') return "end of line";
    Iterator q = p;
    if (*p == '"') {
        ++q;
        while (q != end && *q != '"') {
            if (*q == '\\' && q + 1 != end) ++q;
            ++q;
        }
        if (q != end) ++q;
    } else {
        q = word_end(p, end);
    }
    return "'" + excerpt(p, q) + "'";
}

// The outcome of scanning one token.
enum class ScanError : std::uint8_t { None, Unterminated, BadEscape, EmptyString, NoSpaceBefore, NoSpaceAfter };
struct Scan {
    ast::Tok tok;
    Iterator end = nullptr;  // just after the token
    ScanError error = ScanError::None;
    Iterator error_at = nullptr;
};

// Scans the token at p (p != end, *p not blank and not '#').
inline Scan scan_token(Iterator p, Iterator end) {
    Scan s;
    s.tok.src = p;
    if (*p != '"') {
        Iterator q = word_end(p, end);
        s.tok.first = p;
        s.tok.last = q;
        s.end = q;
        if (q != end && *q == '"') {
            s.error = ScanError::NoSpaceBefore;
            s.error_at = q;
        }
        return s;
    }
    s.tok.quoted = true;
    Iterator q = p + 1;
    for (;;) {
        while (q != end && *q != '"' && *q != '\\') ++q;
        if (q == end || (*q == '\\' && q + 1 == end)) {
            s.error = ScanError::Unterminated;
            s.error_at = p;
            return s;
        }
        if (*q == '"') break;
        if (q[1] != '"' && q[1] != '\\') {
            s.error = ScanError::BadEscape;
            s.error_at = q;  // reported at the string's column; q tells which escape
            return s;
        }
        s.tok.escaped = true;
        q += 2;
    }
    s.tok.first = p + 1;
    s.tok.last = q;
    s.end = q + 1;
    if (s.tok.first == s.tok.last) {
        s.error = ScanError::EmptyString;
        s.error_at = p;
    } else if (!at_boundary(s.end, end)) {
        s.error = ScanError::NoSpaceAfter;
        s.error_at = s.end;
    }
    return s;
}

// INT: an optional sign, then decimal digits. 1: ok; 0: not an INT; -1: an INT out of range.
inline int parse_int(Iterator b, Iterator e, std::int64_t& out) {
    bool negative = false;
    if (b != e && (*b == '-' || *b == '+')) negative = *b++ == '-';
    if (b == e) return 0;
    std::uint64_t v = 0;
    bool overflow = false;
    const std::uint64_t limit = negative ? std::uint64_t(INT64_MAX) + 1 : std::uint64_t(INT64_MAX);
    for (; b != e; ++b) {
        const unsigned d = static_cast<unsigned char>(*b) - '0';
        if (d > 9) return 0;
        if (!overflow) {
            if (v > (limit - d) / 10) overflow = true;
            else v = v * 10 + d;
        }
    }
    if (overflow) return -1;
    out = negative ? static_cast<std::int64_t>(0 - v) : static_cast<std::int64_t>(v);
    return 1;
}

}  // namespace lex
}  // namespace referee::movelog

