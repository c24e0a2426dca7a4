// Tests for parser/vassal/text.cpp: de-obfuscation (FORMAT.md §2, IMPORT-NOTES.md §1.2), VASSAL's
// token decoder (FORMAT.md §3.1) and the command tree (§3.2, §3.3). The escaped strings are worked
// by hand from the rules of §3.1, each level's tokens written out.
#include "vassal_text.hpp"
#include "vassal_error.hpp"
#include "vassal_target.hpp"   // encode_sequence: VASSAL's encoder, for the trees too large to write by hand
#include "vassal_writer.hpp"   // vcsk: the !VCSK form of a text

#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace referee::vassal {
namespace {

using namespace std::string_literals;
using Tokens = std::vector<std::string>;
using fuzz::encode_sequence;
using referee::vassal::testing::vcsk;

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

template <typename F>
std::string error_of(F&& f) {
    try {
        f();
    } catch (const VassalError& e) {
        return e.what();
    }
    return {};
}

std::string vobs(std::string_view plain, unsigned char key) {
    std::string out = "VOBS";
    out += static_cast<char>(key);
    for (char c : plain) out += static_cast<char>(static_cast<unsigned char>(c) ^ key);
    return out;
}

Tokens leaves(std::string_view command) {
    Tokens out;
    for_each_leaf(command, [&](std::string_view leaf) { out.emplace_back(leaf); });
    return out;
}

const std::string ESC = "\x1b";

// ---- de-obfuscation ---------------------------------------------------------------------------

constexpr std::string_view kSphinx = "All jackdaws love my great sphinx of quartz.";

TEST(Deobfuscate, FormatTestVector) {
    // FORMAT.md §2: "!VCSK58 19 34 34 78 32 ..." decodes with k=0x58 to the sentence.
    const std::string data = vcsk(kSphinx, 0x58);
    ASSERT_EQ(data.substr(0, 17), "!VCSK581934347832");   // the bytes the note shows
    ASSERT_EQ(data.size(), 7 + 2 * kSphinx.size());
    const Deobfuscated d = deobfuscate(data, "t.vsav");
    EXPECT_EQ(d.text, kSphinx);
    EXPECT_EQ(d.encoding, Encoding::vcsk);
    EXPECT_STREQ(encoding_name(d.encoding), "VCSK");
}

TEST(Deobfuscate, HexOfEitherCase) {
    // 2.9.8 writes upper-case digits, later versions lower-case; a mixture reads too.
    const std::string text = "begin_save" + ESC + "end_save\xc3\xa9\x7f";
    std::string mixed = vcsk(text, 0xa7);
    for (std::size_t i = 7; i < mixed.size(); i += 3) mixed[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(mixed[i])));
    for (const std::string& data : {vcsk(text, 0xa7), vcsk(text, 0xa7, true), mixed}) {
        SCOPED_TRACE(data);
        const Deobfuscated d = deobfuscate(data, "t");
        EXPECT_EQ(d.text, text);
        EXPECT_EQ(d.encoding, Encoding::vcsk);
    }
    // Every key, and every byte value.
    std::string all;
    for (int b = 0; b < 256; ++b) all += static_cast<char>(b);
    for (int key = 0; key < 256; ++key) EXPECT_EQ(deobfuscate(vcsk(all, static_cast<unsigned char>(key), key % 2 == 1), "t").text, all) << key;
}

TEST(Deobfuscate, Vobs) {
    // VASSAL 3.8: "VOBS", one raw key byte (1-255), then the bytes XOR the key.
    std::string all;
    for (int b = 0; b < 256; ++b) all += static_cast<char>(b);
    for (const unsigned char key : {0x01, 0x58, 0x80, 0xff}) {
        const Deobfuscated d = deobfuscate(vobs(all, key), "t");
        EXPECT_EQ(d.text, all);
        EXPECT_EQ(d.encoding, Encoding::vobs);
    }
    EXPECT_STREQ(encoding_name(Encoding::vobs), "VOBS");
    const std::string zero = error_of([] { deobfuscate("VOBS\0abc"s, "z.vsav"); });
    EXPECT_EQ(zero, "z.vsav: savedGame: VOBS with key 0 (VASSAL writes 1 to 255)");
    EXPECT_EQ(error_of([] { deobfuscate("VOBS", "z.vsav"); }), "z.vsav: savedGame: VOBS without its key");
}

TEST(Deobfuscate, KeyOnly) {
    for (const std::string& data : {"!VCSK58"s, "!VCSKff"s, "!VCSKFF"s}) {
        const Deobfuscated d = deobfuscate(data, "t");
        EXPECT_EQ(d.text, "");
        EXPECT_EQ(d.encoding, Encoding::vcsk);
    }
    const Deobfuscated v = deobfuscate("VOBS\x20", "t");
    EXPECT_EQ(v.text, "");
    EXPECT_EQ(v.encoding, Encoding::vobs);
    for (const std::string& data : {"!VCSK"s, "!VCSK5"s})
        EXPECT_EQ(error_of([&] { deobfuscate(data, "k.vsav"); }), "k.vsav: savedGame: !VCSK without its key");
}

TEST(Deobfuscate, Plain) {
    // VASSAL 2.0 (the tour log): no header, the text as it is; and anything else with no header.
    for (const std::string& text : {"begin_save" + ESC + "end_save", ""s, "!VC"s, "!vcsk41"s, "VOB"s, "vobs\x01"s, "\x00\xff"s}) {
        SCOPED_TRACE(text);
        const Deobfuscated d = deobfuscate(text, "t");
        EXPECT_EQ(d.text, text);
        EXPECT_EQ(d.encoding, Encoding::plain);
    }
    EXPECT_STREQ(encoding_name(Encoding::plain), "plain");
}

TEST(Deobfuscate, VcszAndOtherHeadersRefused) {
    // !VCSZ (zlib, then hex) was proposed for VASSAL and never released.
    EXPECT_EQ(error_of([] { deobfuscate("!VCSZ789c0300", "z.vsav"); }),
              "z.vsav: savedGame: !VCSZ (compressed) text, a format no VASSAL release wrote: not read");
    EXPECT_EQ(error_of([] { deobfuscate("!VCSX12", "z.vsav"); }), "z.vsav: savedGame: unknown obfuscation header '!VCSX'");
    EXPECT_EQ(error_of([] { deobfuscate("!VCS", "z.vsav"); }), "z.vsav: savedGame: unknown obfuscation header '!VCS'");
}

TEST(Deobfuscate, OddLength) {
    const std::string data = vcsk(kSphinx, 0x58) + "1";
    EXPECT_EQ(error_of([&] { deobfuscate(data, "odd.vsav"); }),
              "odd.vsav: savedGame: !VCSK text of odd length: its last hex digit has no pair");
    EXPECT_FALSE(error_of([] { deobfuscate("!VCSK581", "odd.vsav"); }).empty());
}

TEST(Deobfuscate, BadHexDigitNamesItsByte) {
    // Bytes are counted from 1, as in the savedGame entry: "!VCSK" is bytes 1-5, the key 6-7.
    std::string data = vcsk(kSphinx, 0x58);
    data[19] = 'g';   // the 20th byte: the first digit of the 7th pair
    EXPECT_EQ(error_of([&] { deobfuscate(data, "hex.vsav"); }), "hex.vsav: savedGame: byte 20: 'g' is not a hex digit (the text begins with !VCSK)");
    data = vcsk(kSphinx, 0x58);
    data[8] = ' ';    // the second digit of the first pair
    EXPECT_EQ(error_of([&] { deobfuscate(data, "hex.vsav"); }), "hex.vsav: savedGame: byte 9: ' ' is not a hex digit (the text begins with !VCSK)");
    data = vcsk(kSphinx, 0x58);
    data[6] = '\0';   // in the key; an unprintable byte is shown in hex
    EXPECT_EQ(error_of([&] { deobfuscate(data, "hex.vsav"); }), "hex.vsav: savedGame: byte 7: byte 0x00 is not a hex digit (the text begins with !VCSK)");
    data = vcsk(kSphinx, 0x58);
    data.back() = '\xc3';
    EXPECT_TRUE(contains(error_of([&] { deobfuscate(data, "hex.vsav"); }), "byte " + std::to_string(data.size()) + ": byte 0xc3"));
}

// ---- SequenceDecoder (FORMAT.md §3.1) ---------------------------------------------------------

TEST(SequenceDecoder, PlainTokens) {
    EXPECT_EQ(split_tokens("a;b;c", ';'), (Tokens{"a", "b", "c"}));
    EXPECT_EQ(split_tokens("abc", ';'), (Tokens{"abc"}));
    EXPECT_EQ(split_tokens("piece;;;inf.png;Infantry", ';'), (Tokens{"piece", "", "", "inf.png", "Infantry"}));
}

TEST(SequenceDecoder, EmptyTokens) {
    EXPECT_EQ(split_tokens("a;b;", ';'), (Tokens{"a", "b", ""}));   // the trailing empty token: 3
    EXPECT_EQ(split_tokens("", ';'), (Tokens{""}));                 // one empty token
    EXPECT_EQ(split_tokens(";", ';'), (Tokens{"", ""}));
    EXPECT_EQ(split_tokens(";;", ';'), (Tokens{"", "", ""}));
    EXPECT_EQ(split_tokens(";a", ';'), (Tokens{"", "a"}));
}

TEST(SequenceDecoder, EscapedDelimiter) {
    // A delimiter after a backslash belongs to the token, and loses the backslash.
    EXPECT_EQ(split_tokens("a\\;b;c", ';'), (Tokens{"a;b", "c"}));
    EXPECT_EQ(split_tokens("\\;", ';'), (Tokens{";"}));
    EXPECT_EQ(split_tokens("a\\;\\;b", ';'), (Tokens{"a;;b"}));
    EXPECT_EQ(split_tokens("a;\\;b;", ';'), (Tokens{"a", ";b", ""}));
    // Other backslashes stay: they are never doubled.
    EXPECT_EQ(split_tokens("C:\\x\\y;z", ';'), (Tokens{"C:\\x\\y", "z"}));
    // Only the one character before the delimiter counts: two backslashes still escape it, and keep one.
    EXPECT_EQ(split_tokens("a\\\\;b", ';'), (Tokens{"a\\;b"}));
    // VASSAL's encoding is lossy: tokens "a\" and "b" are written "a\;b", which reads as one token.
    EXPECT_EQ(encode_sequence({"a\\", "b"}, ';'), "a\\;b");
    EXPECT_EQ(split_tokens("a\\;b", ';'), (Tokens{"a;b"}));
}

TEST(SequenceDecoder, NestedTwoLevels) {
    // Level 2: tokens "p", "q"            -> "p;q"
    // Level 1: tokens "p;q", "r"          -> "p\;q;r"   (a backslash before the inner ';')
    const std::string raw = "p\\;q;r";
    EXPECT_EQ(encode_sequence({encode_sequence({"p", "q"}, ';'), "r"}, ';'), raw);
    const Tokens level1 = split_tokens(raw, ';');
    ASSERT_EQ(level1, (Tokens{"p;q", "r"}));
    EXPECT_EQ(split_tokens(level1[0], ';'), (Tokens{"p", "q"}));
}

TEST(SequenceDecoder, NestedThreeLevels) {
    // Level 3: tokens "a", "b"            -> "a;b"
    // Level 2: tokens "a;b", "c"          -> "a\;b;c"
    // Level 1: tokens "a\;b;c", "d"       -> each ';' of the first gets a backslash before it:
    //          "a\" + "\;" + "b" + "\;" + "c", then ";d"  -> "a\\;b\;c;d"
    // (a delimiter at depth n carries n-1 backslashes).
    const std::string raw = "a\\\\;b\\;c;d";
    EXPECT_EQ(encode_sequence({encode_sequence({encode_sequence({"a", "b"}, ';'), "c"}, ';'), "d"}, ';'), raw);
    const Tokens level1 = split_tokens(raw, ';');
    ASSERT_EQ(level1, (Tokens{"a\\;b;c", "d"}));
    const Tokens level2 = split_tokens(level1[0], ';');
    ASSERT_EQ(level2, (Tokens{"a;b", "c"}));
    EXPECT_EQ(split_tokens(level2[0], ';'), (Tokens{"a", "b"}));
}

TEST(SequenceDecoder, NestedWithTheCommandSeparator) {
    // The same with ESC, the separator of commands: [A, [B, [C, D]], E].
    //   [C, D]              -> "C<ESC>D"
    //   [B, "C<ESC>D"]      -> "B<ESC>C\<ESC>D"
    //   [A, that, E]        -> "A<ESC>B\<ESC>C\\<ESC>D<ESC>E"
    const std::string raw = "A" + ESC + "B\\" + ESC + "C\\\\" + ESC + "D" + ESC + "E";
    const Tokens level1 = split_tokens(raw, command_separator);
    ASSERT_EQ(level1, (Tokens{"A", "B" + ESC + "C\\" + ESC + "D", "E"}));
    const Tokens level2 = split_tokens(level1[1], command_separator);
    ASSERT_EQ(level2, (Tokens{"B", "C" + ESC + "D"}));
    EXPECT_EQ(split_tokens(level2[1], command_separator), (Tokens{"C", "D"}));
}

TEST(SequenceDecoder, QuotedTokens) {
    EXPECT_EQ(split_tokens("'a';b", ';'), (Tokens{"a", "b"}));     // one pair of quotes stripped
    EXPECT_EQ(split_tokens("''a''", ';'), (Tokens{"'a'"}));        // only one pair
    EXPECT_EQ(split_tokens("'", ';'), (Tokens{"'"}));              // a quote alone is kept
    EXPECT_EQ(split_tokens("a;';b", ';'), (Tokens{"a", "'", "b"}));
    EXPECT_EQ(split_tokens("''", ';'), (Tokens{""}));              // two quotes: an empty token
    EXPECT_EQ(split_tokens("'a;b'", ';'), (Tokens{"'a", "b'"}));   // quotes do not protect a delimiter
    EXPECT_EQ(split_tokens("'a", ';'), (Tokens{"'a"}));
    EXPECT_EQ(split_tokens("a'", ';'), (Tokens{"a'"}));
    // A token that starts and ends with a quote is written with one more pair, and reads back.
    EXPECT_EQ(encode_sequence({"'x'", "y"}, ';'), "''x'';y");
    EXPECT_EQ(split_tokens("''x'';y", ';'), (Tokens{"'x'", "y"}));
}

TEST(SequenceDecoder, TokenStartingWithABackslash) {
    // Written in quotes ("\x" -> "'\x'"), read back without them.
    EXPECT_EQ(encode_sequence({"\\x", "y"}, ';'), "'\\x';y");
    EXPECT_EQ(split_tokens("'\\x';y", ';'), (Tokens{"\\x", "y"}));
    // Unquoted, it reads the same.
    EXPECT_EQ(split_tokens("\\x;y", ';'), (Tokens{"\\x", "y"}));
    // A backslash alone, quoted so that it does not escape the delimiter after it.
    EXPECT_EQ(encode_sequence({"\\", "y"}, ';'), "'\\';y");
    EXPECT_EQ(split_tokens("'\\';y", ';'), (Tokens{"\\", "y"}));
    // A token "\;": escaped ("\\;"), then quoted as it starts with a backslash: "'\\;'".
    EXPECT_EQ(encode_sequence({"\\;"}, ';'), "'\\\\;'");
    EXPECT_EQ(split_tokens("'\\\\;'", ';'), (Tokens{"\\;"}));
}

TEST(SequenceDecoder, TypedReadsAndTheirFallbacks) {
    SequenceDecoder d("12;x;+7;-3;;99999999999999999999;0x10; 5;5 ", ';');
    EXPECT_EQ(d.next_int(-1), 12);
    EXPECT_EQ(d.next_int(-1), -1);   // not a number
    EXPECT_EQ(d.next_int(-1), 7);    // a leading '+', as Java's parseInt takes
    EXPECT_EQ(d.next_int(-1), -3);
    EXPECT_EQ(d.next_int(-1), -1);   // empty
    EXPECT_EQ(d.next_int(-1), -1);   // past 64 bits
    EXPECT_EQ(d.next_int(-1), -1);   // not decimal
    EXPECT_EQ(d.next_int(-1), -1);   // a space before
    EXPECT_TRUE(d.has_more());
    EXPECT_EQ(d.next_int(-1), -1);   // a space after
    EXPECT_FALSE(d.has_more());
    EXPECT_EQ(d.next_int(42), 42);   // the tokens have run out
    EXPECT_EQ(d.next(), "");

    SequenceDecoder signs("+-5;-+5;+;-;++5", ';');
    for (int i = 0; i < 5; ++i) EXPECT_EQ(signs.next_int(-1), -1) << i;   // one sign, then digits

    SequenceDecoder b("true;false;TRUE;1;;", ';');
    EXPECT_TRUE(b.next_bool(false));
    EXPECT_FALSE(b.next_bool(true));
    EXPECT_FALSE(b.next_bool(true));   // only "true" is true
    EXPECT_FALSE(b.next_bool(true));
    EXPECT_FALSE(b.next_bool(true));   // an empty token is a token: false, not the fallback
    EXPECT_FALSE(b.next_bool(true));   // the trailing empty token
    EXPECT_FALSE(b.has_more());
    EXPECT_TRUE(b.next_bool(true));    // run out: the fallback
    EXPECT_FALSE(b.next_bool(false));

    SequenceDecoder e("", ';');        // one empty token, then nothing
    EXPECT_EQ(e.next_int(5), 5);
    EXPECT_FALSE(e.has_more());
    EXPECT_EQ(e.next_int(6), 6);
}

// ---- the command tree (FORMAT.md §3.2) --------------------------------------------------------

TEST(ForEachLeaf, Leaves) {
    EXPECT_EQ(leaves("CHAT hello"), (Tokens{"CHAT hello"}));
    EXPECT_EQ(leaves(""), (Tokens{""}));
    EXPECT_EQ(leaves("a" + ESC + "b"), (Tokens{"a", "b"}));
    // Empty leaves: NullCommands, and the trailing separator's empty token.
    EXPECT_EQ(leaves(ESC), (Tokens{"", ""}));
    EXPECT_EQ(leaves(ESC + ESC), (Tokens{"", "", ""}));
    EXPECT_EQ(leaves("a" + ESC), (Tokens{"a", ""}));
}

TEST(ForEachLeaf, NestedTreesInPreOrder) {
    // [A, [B, [C, D]], "", E]: worked by hand in SequenceDecoder.NestedWithTheCommandSeparator.
    EXPECT_EQ(leaves("A" + ESC + "B\\" + ESC + "C\\\\" + ESC + "D" + ESC + ESC + "E"), (Tokens{"A", "B", "C", "D", "", "E"}));
    // A NullCommand with children, as a save holds its pieces: ["", +/1, +/2]; the null comes first.
    EXPECT_EQ(leaves("begin_save" + ESC + "\\" + ESC + "+/1/a\\" + ESC + "+/2/b" + ESC + "end_save"),
              (Tokens{"begin_save", "", "+/1/a", "+/2/b", "end_save"}));
    // A tree built by the encoder, four levels with siblings on each, and its leaves in order.
    const std::string t = encode_sequence(
        {"r1", encode_sequence({"x1", encode_sequence({"y1", encode_sequence({"z1", "z2"}, '\x1b'), "y2"}, '\x1b'), ""}, '\x1b'), "r2"},
        '\x1b');
    EXPECT_EQ(leaves(t), (Tokens{"r1", "x1", "y1", "z1", "z2", "y2", "", "r2"}));
    // The separators inside a leaf's own fields are not commands.
    EXPECT_EQ(leaves("M/1/Map/10/20/null/Map/0/0/null" + ESC + "D/2/piece\\;x\tmark;a"),
              (Tokens{"M/1/Map/10/20/null/Map/0/0/null", "D/2/piece\\;x\tmark;a"}));
}

TEST(ForEachLeaf, QuotedCommandsLoseTheirQuotes) {
    // GameModule.decode (FORMAT.md §3.2): a command is a leaf when splitting it on ESC gives back
    // the command itself; "'x'" splits into "x", which is then decoded on its own: the leaf is "x".
    EXPECT_EQ(leaves("'x'"), (Tokens{"x"}));
    EXPECT_EQ(leaves("''"), (Tokens{""}));
    EXPECT_EQ(leaves("a" + ESC + "''x''"), (Tokens{"a", "x"}));   // "''x''" -> "'x'" -> "x"
    EXPECT_EQ(leaves("'"), (Tokens{"'"}));
    EXPECT_EQ(leaves("'a"), (Tokens{"'a"}));
    // A leaf that starts with a backslash is written quoted and read back without them.
    EXPECT_EQ(leaves(encode_sequence({"\\x", "y"}, '\x1b')), (Tokens{"\\x", "y"}));
}

TEST(ForEachLeaf, DepthBombsAreRefused) {
    // The encoder nests [A, [A, [A, ...]]] to depth n.
    const auto nest = [](std::size_t n) {
        std::string s = "leaf";
        for (std::size_t i = 0; i < n; ++i) s = encode_sequence({"A", s}, '\x1b');
        return s;
    };
    EXPECT_EQ(leaves(nest(max_command_depth)).size(), max_command_depth + 1);
    const std::string deep = nest(max_command_depth + 2);
    EXPECT_EQ(error_of([&] { leaves(deep); }), "commands nested more than 256 deep");
    // n backslashes before one ESC: each level takes one off; 100,000 of them is refused at once.
    EXPECT_EQ(leaves(std::string(200, '\\') + ESC), (Tokens{"", ""}));
    EXPECT_EQ(error_of([&] { leaves(std::string(100000, '\\') + ESC); }), "commands nested more than 256 deep");
    // Quotes in quotes: each level strips one pair.
    EXPECT_EQ(error_of([&] { leaves(std::string(100000, '\'') + "x" + std::string(100000, '\'')); }), "commands nested more than 256 deep");
}

TEST(SplitTopLevel, SaveAndLog) {
    const TopLevel save = split_top_level("begin_save" + ESC + ESC + "PLAYER\ta\tb" + ESC + "end_save", "s.vsav");
    EXPECT_EQ(save.header, (Tokens{"begin_save", "", "PLAYER\ta\tb", "end_save"}));
    EXPECT_TRUE(save.steps.empty());

    // Steps after end_save, one a tree ("LOG\tx" with a child "LOG\ty"), and one that says end_save.
    const std::string log = "begin_save" + ESC + "end_save" + ESC + "LOG\tM/1" + ESC + "LOG\tx\\" + ESC + "LOG\ty" + ESC + "end_save" + ESC;
    const TopLevel l = split_top_level(log, "l.vlog");
    EXPECT_EQ(l.header, (Tokens{"begin_save", "end_save"}));
    ASSERT_EQ(l.steps, (Tokens{"LOG\tM/1", "LOG\tx" + ESC + "LOG\ty", "end_save", ""}));
    EXPECT_EQ(leaves(l.steps[1]), (Tokens{"LOG\tx", "LOG\ty"}));
}

TEST(SplitTopLevel, RefusesWhatIsNotASave) {
    const std::string no_begin = "PLAYER" + ESC + "end_save";
    EXPECT_EQ(error_of([&] { split_top_level(no_begin, "x.vsav"); }), "x.vsav: savedGame: the commands do not begin with begin_save");
    EXPECT_EQ(error_of([] { split_top_level("", "x.vsav"); }), "x.vsav: savedGame: the commands do not begin with begin_save");
    EXPECT_EQ(error_of([] { split_top_level("All jackdaws", "x.vsav"); }), "x.vsav: savedGame: the commands do not begin with begin_save");
    // begin_save nested in the first command is not the first command.
    EXPECT_FALSE(error_of([&] { split_top_level("begin_save\\" + ESC + "x" + ESC + "end_save", "x.vsav"); }).empty());

    const std::string no_end = "begin_save" + ESC + "PLAYER\ta" + ESC + "LOG\tx";
    EXPECT_EQ(error_of([&] { split_top_level(no_end, "x.vsav"); }), "x.vsav: savedGame: no end_save after begin_save (the save is cut short)");
    EXPECT_FALSE(error_of([] { split_top_level("begin_save", "x.vsav"); }).empty());
    // end_save inside a command is not the end of the save.
    EXPECT_FALSE(error_of([&] { split_top_level("begin_save" + ESC + "x\\" + ESC + "end_save", "x.vsav"); }).empty());
}

}  // namespace
}  // namespace referee::vassal
