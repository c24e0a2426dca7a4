// A long save's log is read in pieces, without a tree of the whole document (readers.hpp,
// SaveStreaming; docs/xml-save.md, "How a long save is read"): the report is the one the whole
// tree gives, and a piece found malformed after records were handed over makes the check start
// again from the text, so the error is reported as it always was and nothing of the replay before
// it stays.
#include "check.hpp"
#include "report.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

using namespace referee;

namespace {

std::string slurp(const std::string& rel) {
    std::ifstream in(std::string(REFEREE_SOURCE_DIR) + "/" + rel, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// samples/maryes-heights/saved-game.xml with `chats` chat records at the start of its log (2 MB for
// 20,000: longer than SaveStreaming's smallest log) and `extra` in place of the last one.
std::string long_save(int chats, const std::string& extra = "") {
    std::string text = slurp("samples/maryes-heights/saved-game.xml");
    const std::size_t log = text.find("<log>");
    std::string lines;
    for (int i = 0; i < chats; ++i) lines += "\n    <chat speaker=\"A. Player\" text=\"" + std::string(80, 'a' + i % 26) + "\"/>";
    if (!extra.empty()) lines += extra;
    return text.insert(log + 5, lines);
}

// The same text, which the piece reader leaves alone: a DOCTYPE after the XML declaration (on its
// line, so every position stays), which it does not read past.
std::string read_whole(std::string text) {
    const std::size_t decl = text.find("?>");
    return text.insert(decl + 2, "<!DOCTYPE referee-save>");
}

std::string json(const std::string& text) {
    const Report r = check_text(text, "long.xml", CheckOptions{});
    return render_json_one(r);
}

TEST(LongSaves, ReadInPiecesTheReportIsTheWholeTrees) {
    const std::string text = long_save(20000);
    ASSERT_GT(text.size(), std::size_t{2} << 20);
    const Report r = check_text(text, "long.xml", CheckOptions{});
    EXPECT_TRUE(r.judged);
    EXPECT_EQ(json(text), json(read_whole(text)));
}

TEST(LongSaves, AMalformedRecordLateInTheLogIsReportedAsBefore) {
    // Past 2 MB of records already handed over to the replay: a tag left open.
    const std::string text = long_save(20000, "\n    <chat speaker=\"A. Player\" text=\"late\"");
    const Report r = check_text(text, "long.xml", CheckOptions{});
    EXPECT_FALSE(r.judged);
    ASSERT_EQ(r.violations.size(), 1u);
    EXPECT_EQ(r.violations[0].code, "syntax");
    EXPECT_NE(r.violations[0].message.find("malformed XML"), std::string::npos) << r.violations[0].message;
    EXPECT_EQ(json(text), json(read_whole(text)));
}

TEST(LongSaves, AWrongEndTagInTheLogIsReportedAsBefore) {
    // The piece reader's lexer takes </x> for the log's end; pugixml does not.
    const std::string text = long_save(20000, "\n    <chat speaker=\"A. Player\" text=\"late\"/></x>");
    const Report r = check_text(text, "long.xml", CheckOptions{});
    EXPECT_FALSE(r.judged);
    EXPECT_EQ(json(text), json(read_whole(text)));
}

}  // namespace
