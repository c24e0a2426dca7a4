// Where a save's <log> is and where its content is cut into pieces (xml_layout.hpp): the pieces
// are parsed one at a time by the XML save reader. That reading them so gives what the whole tree
// gives is tested in test_xml_save.cpp (XmlSaveStreaming, every text read in pieces too).
#include "xml_layout.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace referee::xml {
namespace {

std::string save(std::string_view log_content, std::string_view after = "") {
    return "<?xml version=\"1.0\"?>\n<referee-save format=\"1\" scenario=\"s\">\n<tag name=\"a\" value=\"1\"/>\n<log>" +
           std::string(log_content) + "</log>" + std::string(after) + "\n</referee-save>\n";
}

// The pieces of the log's content, as text.
std::vector<std::string> pieces(const std::string& text, const SaveLayout& l) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i + 1 < l.cuts.size(); ++i) out.push_back(text.substr(l.cuts[i], l.cuts[i + 1] - l.cuts[i]));
    return out;
}

TEST(XmlLayout, FindsTheLogsContent) {
    const std::string content = "\n<turn n=\"1\"/>\n<move unit=\"u\" path=\"1 2\"/>\n";
    const std::string text = save(content);
    const auto l = save_layout(text, 0, 1 << 20);
    ASSERT_TRUE(l);
    EXPECT_EQ(text.substr(l->log_begin, l->log_end - l->log_begin), content);
    EXPECT_EQ(text.substr(l->log_end, 6), "</log>");
    EXPECT_EQ(pieces(text, *l), (std::vector<std::string>{content}));  // one piece: it is shorter than a piece
}

TEST(XmlLayout, CutsBetweenRecordsOnly) {
    const std::string text = save("<turn n=\"1\"/><move unit=\"a>b\" path='1 / 2'/><combat x=\"1\"><roll v=\"3\"/></combat> <turn n=\"2\"/>");
    const auto l = save_layout(text, 0, 1);
    ASSERT_TRUE(l);
    // A cut after each construct of the log's own level: the quoted '>' and '/' and the child
    // element do not end a record early.
    EXPECT_EQ(pieces(text, *l), (std::vector<std::string>{"<turn n=\"1\"/>", "<move unit=\"a>b\" path='1 / 2'/>",
                                                          "<combat x=\"1\"><roll v=\"3\"/></combat>", " <turn n=\"2\"/>"}));
    const auto l2 = save_layout(text, 0, 40);
    ASSERT_TRUE(l2);
    EXPECT_EQ(pieces(text, *l2), (std::vector<std::string>{"<turn n=\"1\"/><move unit=\"a>b\" path='1 / 2'/>",
                                                           "<combat x=\"1\"><roll v=\"3\"/></combat> <turn n=\"2\"/>"}));
}

TEST(XmlLayout, CommentsInstructionsAndCdataAreSkippedWhole) {
    const std::string text = save("<!-- </log> <x> --><?pi </log>?><![CDATA[ </log> ]]>text > here<turn n=\"1\"/>",
                                  "<snapshot><unit id=\"u\"/></snapshot>");
    const auto l = save_layout(text, 0, 1);
    ASSERT_TRUE(l);
    EXPECT_EQ(text.substr(l->log_end, 16), "</log><snapshot>");
    EXPECT_EQ(pieces(text, *l), (std::vector<std::string>{"<!-- </log> <x> -->", "<?pi </log>?>", "<![CDATA[ </log> ]]>",
                                                          "text > here<turn n=\"1\"/>"}));
}

TEST(XmlLayout, OnlyTheRootsFirstLogChild) {
    // A <log> deeper down is not the save's; the root's own comes after it.
    const std::string text = "<referee-save><weird><log><x/></log></weird><log><turn n=\"1\"/></log></referee-save>";
    const auto l = save_layout(text, 0, 1);
    ASSERT_TRUE(l);
    EXPECT_EQ(text.substr(l->log_begin, l->log_end - l->log_begin), "<turn n=\"1\"/>");
    EXPECT_EQ(text.substr(0, l->log_begin).find("<weird>"), 14u);
}

TEST(XmlLayout, ShortLogsAreReadWhole) {
    const std::string text = save("<turn n=\"1\"/>");
    EXPECT_TRUE(save_layout(text, 13, 1));
    EXPECT_FALSE(save_layout(text, 14, 1));
}

TEST(XmlLayout, GivesUpOnWhatItDoesNotExpect) {
    const std::vector<std::string> texts = {
        "<!DOCTYPE referee-save [<!ENTITY x \"</log>\">]><referee-save><log><turn n=\"1\"/></log></referee-save>",
        "<referee-save><log/><log><turn n=\"1\"/></log></referee-save>",  // the first log is empty
        "<referee-save><tag/></referee-save><log><turn n=\"1\"/></log>",  // a second top-level element
        "<referee-save><log><turn n=\"1\"/>",                             // the text ends first
        "<referee-save><log><!-- never closed </log></referee-save>",
        "<referee-save><log><turn n=\"1/></log></referee-save>",          // a quote never closed
        "<referee-save><log>< turn/></log></referee-save>",               // no name
        "<referee-save><log><!ELEMENT x ANY></log></referee-save>",
        "<referee-save/>",
        "",
        "no markup at all",
    };
    for (const std::string& t : texts) EXPECT_FALSE(save_layout(t, 0, 1)) << t;
}

TEST(XmlLayout, LongLogsInPiecesOfAboutTheSizeAsked) {
    std::string content;
    for (int i = 0; i < 10000; ++i) content += "<move unit=\"u" + std::to_string(i) + "\" path=\"1 2\"/>\n";
    const std::string text = save(content);
    const auto l = save_layout(text, 0, 4096);
    ASSERT_TRUE(l);
    const std::vector<std::string> p = pieces(text, *l);
    ASSERT_GT(p.size(), 50u);
    std::string joined;
    for (std::size_t i = 0; i < p.size(); ++i) {
        if (i + 1 < p.size()) {
            EXPECT_GE(p[i].size(), 4096u);
            EXPECT_LT(p[i].size(), 4096u + 64u);  // at most one record past the size
        }
        joined += p[i];
    }
    EXPECT_EQ(joined, content);
}

}  // namespace
}  // namespace referee::xml
