// The one-pass line scan of the move-log parser (move_log_scan.hpp) against its byte-at-a-time form,
// on lines of every kind of byte, ending anywhere in the sixteen-byte blocks and at the text's end;
// and the reading thread's numbering of names (move_log_parser.hpp, LocalNames) against the order
// in which a SymbolTable numbers them.
#include "move_log_parser.hpp"
#include "move_log_scan.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <random>
#include <string>
#include <string_view>
#include <vector>

using namespace referee;
using namespace referee::movelog;

namespace {

// What a scan says of the line at p, as text: its end (offset from p), simple or not, the tokens.
std::string shown(const scan::Line& l, const char* p) {
    std::string s = "end " + std::to_string(l.end - p) + (l.simple ? " simple" : " not simple");
    if (!l.simple) return s;
    // Past kMaxTokens, only that a line has too many tokens for the fast paths is said.
    s += l.n > scan::kMaxTokens ? std::string(" n many:") : " n " + std::to_string(l.n) + ":";
    for (std::uint32_t i = 0; i < l.n && i < scan::kMaxTokens; ++i)
        s += " [" + std::to_string(l.first[i] - p) + "," + std::to_string(l.last[i] - p) + ")";
    return s;
}

// Scans every line of the text both ways and compares; returns the number of simple lines.
std::size_t expect_same_scans(const std::string& text) {
    const char* p = text.data();
    const char* const end = p + text.size();
    std::size_t simple = 0;
    while (p != end) {
        scan::Line fast, bytes;
        scan::read_line(p, end, fast);
        scan::detail::read_line_bytes(p, end, bytes);
        EXPECT_EQ(shown(fast, p), shown(bytes, p)) << "line at offset " << (p - text.data()) << " of a text of " << text.size() << " bytes";
        if (shown(fast, p) != shown(bytes, p)) return simple;
        simple += fast.simple;
        p = fast.end != end ? fast.end + 1 : end;
    }
    return simple;
}

}  // namespace

TEST(MoveLogScan, SimpleLinesTokensAndEnds) {
    const std::string text = "move A 0101 0102\n  combat A,B   vs C odds 3:1 \n\n   \nmove A 0101 0102";
    const char* p = text.data();
    scan::Line l;
    scan::read_line(p, p + text.size(), l);
    EXPECT_EQ(shown(l, p), "end 16 simple n 4: [0,4) [5,6) [7,11) [12,16)");
    p += 17;
    scan::read_line(p, text.data() + text.size(), l);
    EXPECT_EQ(shown(l, p), "end 29 simple n 6: [2,8) [9,12) [15,17) [18,19) [20,24) [25,28)");
    p += 30;
    scan::read_line(p, text.data() + text.size(), l);
    EXPECT_EQ(shown(l, p), "end 0 simple n 0:");
    p += 1;
    scan::read_line(p, text.data() + text.size(), l);
    EXPECT_EQ(shown(l, p), "end 3 simple n 0:");
    p += 4;
    scan::read_line(p, text.data() + text.size(), l);  // the last line, with no line feed
    EXPECT_EQ(shown(l, p), "end 16 simple n 4: [0,4) [5,6) [7,11) [12,16)");
}

TEST(MoveLogScan, WhatMakesALineNotSimple) {
    for (const char* line : {"move A\t0101", "move \"A\" 0101", "move A 0101 # c", "move A 0101\r", "move \x7f", "move \xC3\xA9",
                             "move \x01", "move A\x0b"}) {
        const std::string text = std::string(line) + "\nmove B 0101 0102\n";
        scan::Line l;
        scan::read_line(text.data(), text.data() + text.size(), l);
        EXPECT_FALSE(l.simple) << line;
        EXPECT_EQ(l.end - text.data(), static_cast<std::ptrdiff_t>(std::string(line).size())) << line;
    }
    const std::string nul = std::string("move A\0 0101\n", 13);
    scan::Line l;
    scan::read_line(nul.data(), nul.data() + nul.size(), l);
    EXPECT_FALSE(l.simple);
    EXPECT_EQ(l.end - nul.data(), 12);
}

TEST(MoveLogScan, ManyTokensCountedAllKeptUpToTheLimit) {
    std::string line = "move";
    for (int i = 0; i < 40; ++i) line += " 0" + std::to_string(100 + i);
    scan::Line l;
    scan::read_line(line.data(), line.data() + line.size(), l);
    ASSERT_TRUE(l.simple);
    EXPECT_GT(l.n, scan::kMaxTokens);
    EXPECT_EQ(std::string_view(l.first[scan::kMaxTokens - 1], l.last[scan::kMaxTokens - 1]), "0123");
    expect_same_scans(line);
}

// Every length of a last line without a line feed, and of one with it, after a first line of every
// length: each end and each token falls at every place of a block and of the text's tail.
TEST(MoveLogScan, SameAsByteByByteAtEveryLengthAndPlace) {
    const std::string words = "move 2/1/IX 1025 1024 0925 combat A,B vs C odds 3:1 roll 6 result NE ";
    std::size_t simple = 0;
    for (std::size_t first = 0; first < 40; ++first)
        for (std::size_t last = 0; last < 70; ++last) {
            const std::string a = words.substr(0, first), b = words.substr(first % 7, last);
            simple += expect_same_scans(a + "\n" + b);
            simple += expect_same_scans(a + "\n" + b + "\n");
            simple += expect_same_scans(" " + b + "  " + a);
        }
    EXPECT_GT(simple, 8000u);
}

TEST(MoveLogScan, SameAsByteByByteOnRandomBytes) {
    const std::string alphabet = std::string("aZ09/,:->  \n\n\t\"#\r\\\x7f\x80\xc3\xa9\xff\x01", 24) + std::string(1, '\0');
    std::mt19937 rng(20261128);
    std::size_t simple = 0;
    for (int round = 0; round < 3000; ++round) {
        std::string text;
        const std::size_t n = rng() % 120;
        for (std::size_t i = 0; i < n; ++i) {
            // Mostly word bytes and spaces, so that simple lines are common.
            const unsigned r = rng() % 100;
            text += r < 60 ? alphabet[rng() % 8] : r < 75 ? ' ' : r < 85 ? '\n' : alphabet[rng() % alphabet.size()];
        }
        simple += expect_same_scans(text);
    }
    EXPECT_GT(simple, 1000u);
}

// LocalNames numbers names in the order first met, as a SymbolTable does, whether a name is read
// from the text (its word read past its end, or near the text's end) or from a copy.
TEST(LocalNames, NumbersAsASymbolTableInTheOrderMet) {
    std::mt19937 rng(1128);
    std::string text;
    std::vector<std::string_view> names;
    for (int i = 0; i < 20000; ++i) {
        const std::size_t len = 1 + rng() % 20;
        std::string name;
        for (std::size_t k = 0; k < len; ++k) name += static_cast<char>('a' + rng() % (k < 2 ? 3 : 2));
        text += name + " ";
    }
    for (std::size_t b = 0, e; b < text.size(); b = e + 1) {
        e = text.find(' ', b);
        names.emplace_back(text.data() + b, e - b);
    }
    // The last name of the text ends at the text's end, where its word cannot be read whole.
    text.pop_back();
    const std::string_view whole(text);
    names.back() = whole.substr(whole.size() - names.back().size());
    LocalNames local(whole);
    SymbolTable table;
    std::vector<std::string> copies;
    std::size_t fresh = 0;
    for (std::size_t i = 0; i < names.size(); ++i) {
        std::string_view n = names[i];
        if (i % 7 == 0) n = copies.emplace_back(n);  // from a copy, not the text
        ASSERT_EQ(local.add(n), table.intern(n)) << n;
        for (std::string_view f : local.fresh()) EXPECT_EQ(f, table.str(static_cast<Sym>(++fresh)));
        local.fresh().clear();
    }
    EXPECT_EQ(fresh + 1, table.size());
    EXPECT_GT(fresh, 1000u);  // the table grew past its first size
    EXPECT_EQ(local.add(""), kNoSym);
}

TEST(LocalNames, ANulByteMakesAnotherName) {
    const std::string text = std::string("ab\0ab", 5);
    LocalNames local(text);
    const Sym ab = local.add(std::string_view(text).substr(3, 2));
    const Sym ab0 = local.add(std::string_view(text).substr(0, 3));
    EXPECT_NE(ab, ab0);
    EXPECT_EQ(local.add(std::string_view(text).substr(0, 2)), ab);
}
