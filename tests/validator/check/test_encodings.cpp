// Encodings (issue 20; report.md, "Encodings"): UTF-8 with or without a byte-order mark is read; text
// in UTF-16 or UTF-32 (a Windows editor's "Unicode" save) is said to be so once, naming the
// encoding, not one syntax error a line; a ZIP that is no VASSAL file and binary data are no game
// record; an XML save with anything but white space, comments and processing instructions outside
// its root element is malformed, at the place of what is there.
#include "check.hpp"
#include "report.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <string_view>

using namespace referee;

namespace {

std::string sample(const char* path) {
    std::ifstream in(std::string(REFEREE_SOURCE_DIR) + "/samples/" + path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// ASCII text in UTF-16 (little- or big-endian) or UTF-32, with the byte-order mark when asked.
std::string widen(std::string_view ascii, int width, bool big, bool mark) {
    std::string out;
    auto put = [&](unsigned c) {
        for (int k = 0; k < width; ++k) {
            const int shift = big ? 8 * (width - 1 - k) : 8 * k;
            out += static_cast<char>((c >> shift) & 0xff);
        }
    };
    if (mark) put(0xFEFF);
    for (char c : ascii) put(static_cast<unsigned char>(c));
    return out;
}

void expect_said_once(const Report& r, std::string_view what) {
    EXPECT_FALSE(r.judged);
    EXPECT_EQ(r.exit_status(), 2);
    ASSERT_EQ(r.violations.size(), 1u) << render_text(r);
    EXPECT_EQ(r.violations[0].code, "not-a-game-record");
    EXPECT_NE(r.violations[0].message.find(what), std::string::npos) << r.violations[0].message;
}

}  // namespace

TEST(Encodings, Utf8WithAByteOrderMarkIsRead) {
    const std::string log = sample("maryes-heights/automatic-victory.log");
    const Report plain = check_text(log, "a.log", {});
    const Report marked = check_text("\xEF\xBB\xBF" + log, "a.log", {});
    ASSERT_TRUE(plain.judged);
    EXPECT_TRUE(marked.judged);
    EXPECT_EQ(render_text(marked), render_text(plain));
    const std::string xml = sample("maryes-heights/saved-game.xml");
    EXPECT_EQ(render_text(check_text("\xEF\xBB\xBF" + xml, "s.xml", {})), render_text(check_text(xml, "s.xml", {})));
}

TEST(Encodings, Utf16AndUtf32AreNamedOnce) {
    const std::string log = sample("maryes-heights/automatic-victory.log");
    const std::string xml = sample("maryes-heights/saved-game.xml");
    ASSERT_FALSE(log.empty());
    for (const std::string* text : {&log, &xml}) {
        expect_said_once(check_text(widen(*text, 2, false, true), "u.log", {}), "text in UTF-16 little-endian, with a byte-order mark");
        expect_said_once(check_text(widen(*text, 2, true, true), "u.log", {}), "text in UTF-16 big-endian, with a byte-order mark");
        expect_said_once(check_text(widen(*text, 2, false, false), "u.log", {}), "text in UTF-16 little-endian, without a byte-order mark");
        expect_said_once(check_text(widen(*text, 2, true, false), "u.log", {}), "text in UTF-16 big-endian, without a byte-order mark");
        expect_said_once(check_text(widen(*text, 4, false, true), "u.log", {}), "text in UTF-32 little-endian");
        expect_said_once(check_text(widen(*text, 4, true, true), "u.log", {}), "text in UTF-32 big-endian");
    }
    expect_said_once(check_text(widen(log, 2, false, true), "u.log", {}), "save the file as UTF-8");
}

TEST(Encodings, NulBytesAndZipArchivesAreNoGameRecord) {
    // A record, then bytes that are no text, NULs among them.
    std::string junk = "game maryes-heights\nturn 1\n";
    for (int i = 0; i < 4000; ++i) junk += static_cast<char>((i * 97 + 13) % 256);
    expect_said_once(check_text(junk, "n.log", {}), "binary data");
    // One NUL in a move log is a syntax error at its place, as a bad byte is (test_hostile.cpp).
    const Report one = check_text(std::string("game maryes-heights\ntag x a\0b\n", 31), "n.log", {});
    ASSERT_FALSE(one.violations.empty());
    EXPECT_EQ(one.violations[0].code, "syntax") << render_text(one);
    EXPECT_EQ(one.violations[0].line, 2u);
    // A ZIP archive that is no VASSAL file (its entry a move log).
    const std::string zip = std::string("PK\x03\x04\x14\0\0\0\0\0", 10) + std::string(20, '\0') + "a.log" + sample("maryes-heights/automatic-victory.log");
    expect_said_once(check_text(zip, "a.zip", {}), "ZIP");
}

namespace {
const char* const kSave =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"          // 1
    "<referee-save format=\"1\" scenario=\"maryes-heights\">\n"  // 2
    "  <log>\n"                                                // 3
    "    <turn n=\"1\"/>\n"                                    // 4
    "  </log>\n"                                               // 5
    "</referee-save>\n";                                       // 6

const Violation* only_syntax(const Report& r) {
    EXPECT_FALSE(r.judged);
    EXPECT_EQ(r.exit_status(), 2);
    for (const Violation& v : r.violations)
        if (v.code == "syntax") return &v;
    ADD_FAILURE() << render_text(r);
    return nullptr;
}
}  // namespace

TEST(Encodings, OnlyWhiteSpaceCommentsAndInstructionsAfterAnXmlRoot) {
    const Report fine = check_text(std::string(kSave) + "\n<!-- saved by hand -->\n<?editor x?>\n  \n", "s.xml", {});
    EXPECT_TRUE(fine.judged) << render_text(fine);

    const Report text = check_text(std::string(kSave) + "<!-- c -->\n  trailing words\n", "s.xml", {});
    const Violation* v = only_syntax(text);
    ASSERT_NE(v, nullptr);
    EXPECT_EQ(v->line, 8u);
    EXPECT_EQ(v->col, 3u);
    EXPECT_NE(v->message.find("text after the root element"), std::string::npos) << v->message;

    const Report element = check_text(std::string(kSave) + "\n<extra/>\n", "s.xml", {});
    v = only_syntax(element);
    ASSERT_NE(v, nullptr);
    EXPECT_EQ(v->line, 8u);
    EXPECT_EQ(v->col, 1u);
    EXPECT_NE(v->message.find("an element <extra> after the root element"), std::string::npos) << v->message;

    // Text on the root's own closing line, and before the root.
    const Report same_line = check_text(std::string(kSave).substr(0, std::string(kSave).size() - 1) + " x\n", "s.xml", {});
    v = only_syntax(same_line);
    ASSERT_NE(v, nullptr);
    EXPECT_EQ(v->line, 6u);
    EXPECT_EQ(v->col, 17u);
    const Report before = check_text("<?xml version=\"1.0\"?>\nsaved:\n<referee-save format=\"1\" scenario=\"maryes-heights\"/>\n", "s.xml", {});
    v = only_syntax(before);
    ASSERT_NE(v, nullptr);
    EXPECT_EQ(v->line, 2u);
    EXPECT_EQ(v->col, 1u);
    EXPECT_NE(v->message.find("text before the root element"), std::string::npos) << v->message;
}
