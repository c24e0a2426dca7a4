// How text from an input is shown (parser/core/shown.hpp): every class of character that could act
// on a terminal or reorder what is read is escaped visibly, everything else is kept, byte for byte.
#include "shown.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>

// Every allocation of this test program counted, to show that plain text costs none.
namespace {
std::atomic<long> g_allocations{0};
}
// GCC, seeing through an inlined new and delete (at -O1 more than at -O2), takes the free() of a
// block from operator new for a mismatch: here it is the very pairing.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void* operator new(std::size_t n) {
    ++g_allocations;
    if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
// The nothrow forms too (std::stable_sort's buffer), so that every block the program frees through
// these came from them: the other tests of this folder's program run with them (AddressSanitizer
// calls a block from its own operator new freed by free() a mismatch).
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
    ++g_allocations;
    return std::malloc(n == 0 ? 1 : n);
}
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

using namespace referee;

TEST(Shown, PlainTextIsKeptAsItIs) {
    for (const char* s : {"", "Cobb's brigade", "1st Bn/4th Rgt", "a\\x1b is a backslash then x1b", "Côte-d'Or", "東京", "emoji \xF0\x9F\x98\x80",
                          "em dash \xE2\x80\x94", "U+00A0 \xC2\xA0 no-break space"}) {
        EXPECT_TRUE(plain_text(s)) << s;
        EXPECT_EQ(escape_for_terminal(s), s);
        EXPECT_EQ(fmt::format("{}", shown(s)), s);
    }
}

TEST(Shown, PlainTextCostsNoAllocation) {
    const std::string s = "Cobb's brigade reaches 0607, Côte-d'Or \xE2\x80\x94 東京";
    std::string out;
    out.reserve(256);
    fmt::memory_buffer buf;  // its own 500 bytes inline
    const long before = g_allocations.load();
    EXPECT_TRUE(plain_text(s));
    append_escaped(out, s);
    fmt::format_to(std::back_inserter(buf), "{}: {:<60}|", shown(s), shown(s));
    EXPECT_EQ(g_allocations.load(), before);
    EXPECT_EQ(out, s);
    EXPECT_EQ(fmt::to_string(buf), fmt::format("{}: {:<60}|", s, s));
}

TEST(Shown, ControlCharactersAreEscaped) {
    EXPECT_EQ(escape_for_terminal("a\nb"), "a\\nb");
    EXPECT_EQ(escape_for_terminal("a\r\nb\tc"), "a\\r\\nb\\tc");
    EXPECT_EQ(escape_for_terminal("\x1b]0;title\x07"), "\\x1b]0;title\\x07");
    EXPECT_EQ(escape_for_terminal("\x1b]52;c;Y3VybA==\x1b\\"), "\\x1b]52;c;Y3VybA==\\x1b\\");  // OSC 52 clipboard write
    EXPECT_EQ(escape_for_terminal("\x1b[2J\x1b[H"), "\\x1b[2J\\x1b[H");                          // screen clear
    EXPECT_EQ(escape_for_terminal(std::string_view("a\0b", 3)), "a\\x00b");
    EXPECT_EQ(escape_for_terminal("del\x7f"), "del\\x7f");
    EXPECT_EQ(escape_for_terminal("\x01\x1f"), "\\x01\\x1f");
    EXPECT_FALSE(plain_text("a\nb"));
    EXPECT_FALSE(plain_text("\x7f"));
}

TEST(Shown, C1ControlsAreEscapedAsCodePoints) {
    EXPECT_EQ(escape_for_terminal("\xC2\x9B" "2J"), "\\u009b2J");  // U+009B, CSI
    EXPECT_EQ(escape_for_terminal("\xC2\x80\xC2\x85\xC2\x9F"), "\\u0080\\u0085\\u009f");
    EXPECT_EQ(escape_for_terminal("\xC2\xA0"), "\xC2\xA0");  // U+00A0 is no control
}

TEST(Shown, BidirectionalControlsAreEscaped) {
    EXPECT_EQ(escape_for_terminal("abc\xE2\x80\xAE" "def"), "abc\\u202edef");  // U+202E, right-to-left override
    const char* all[] = {"\xE2\x80\xAA", "\xE2\x80\xAB", "\xE2\x80\xAC", "\xE2\x80\xAD", "\xE2\x80\xAE", "\xE2\x81\xA6", "\xE2\x81\xA7",
                         "\xE2\x81\xA8", "\xE2\x81\xA9", "\xE2\x80\x8E", "\xE2\x80\x8F", "\xD8\x9C", "\xE2\x80\xA8", "\xE2\x80\xA9"};
    const char* as[] = {"\\u202a", "\\u202b", "\\u202c", "\\u202d", "\\u202e", "\\u2066", "\\u2067",
                        "\\u2068", "\\u2069", "\\u200e", "\\u200f", "\\u061c", "\\u2028", "\\u2029"};
    for (std::size_t i = 0; i < std::size(all); ++i) {
        EXPECT_FALSE(plain_text(all[i])) << as[i];
        EXPECT_EQ(escape_for_terminal(all[i]), as[i]);
    }
    // Their neighbours are letters and punctuation: kept.
    EXPECT_EQ(escape_for_terminal("\xE2\x80\xA9x\xE2\x80\xAF\xE2\x81\xA5\xE2\x81\xAA\xD8\x9B"), "\\u2029x\xE2\x80\xAF\xE2\x81\xA5\xE2\x81\xAA\xD8\x9B");
}

TEST(Shown, InvalidUtf8IsEscapedByteByByte) {
    EXPECT_EQ(escape_for_terminal("\xff"), "\\xff");
    EXPECT_EQ(escape_for_terminal("a\xfe\xff" "b"), "a\\xfe\\xffb");
    EXPECT_EQ(escape_for_terminal("\xC0\xAF"), "\\xc0\\xaf");              // overlong '/'
    EXPECT_EQ(escape_for_terminal("\xE0\x80\xAF"), "\\xe0\\x80\\xaf");     // overlong, three bytes
    EXPECT_EQ(escape_for_terminal("\xED\xA0\x80"), "\\xed\\xa0\\x80");     // a surrogate, U+D800
    EXPECT_EQ(escape_for_terminal("\xF4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");  // past U+10FFFF
    EXPECT_EQ(escape_for_terminal("ab\xE2\x80"), "ab\\xe2\\x80");          // cut short at the end
    EXPECT_EQ(escape_for_terminal("\xE2\x80" "x"), "\\xe2\\x80x");         // cut short before ASCII
    EXPECT_EQ(escape_for_terminal("\x80"), "\\x80");                        // a stray continuation byte
    EXPECT_FALSE(plain_text("\xC0\xAF"));
}

TEST(Shown, EscapingTwiceChangesNothing) {
    for (const char* s : {"a\x1b]0;x\x07\nb.log", "\xE2\x80\xAE" "evil", "\xff\xC2\x9B", "back\\slash\t"}) {
        const std::string once = escape_for_terminal(s);
        EXPECT_TRUE(plain_text(once)) << once;
        EXPECT_EQ(escape_for_terminal(once), once);
    }
}

TEST(Shown, FormatterEscapesAndAligns) {
    EXPECT_EQ(fmt::format("[{:<8}]", shown("a\nb")), "[a\\nb    ]");
    EXPECT_EQ(fmt::format("{}:{}", shown("x\x1b"), 3), "x\\x1b:3");
}

TEST(Shown, JsonKeepsItsWhiteSpaceAndEscapesTheRest) {
    EXPECT_EQ(escape_json_text("{\n  \"a\": \"b\\u001b\"\n}\n"), "{\n  \"a\": \"b\\u001b\"\n}\n");
    EXPECT_EQ(escape_json_text("[\"x\xE2\x80\xAEy\"]"), "[\"x\\u202ey\"]");
    EXPECT_EQ(escape_json_text("[\"\x7f\xC2\x9B\"]"), "[\"\\u007f\\u009b\"]");
    EXPECT_EQ(escape_json_text("[\"\xff\"]"), "[\"\\ufffd\"]");
    EXPECT_EQ(escape_json_text("[\"Côte \xE2\x80\x94\"]"), "[\"Côte \xE2\x80\x94\"]");
}
