// VASSAL's formatted strings: parsing at '$', substitution, and matching report lines.
#include "format.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

using namespace referee::vassal;

TEST(Format, Segments) {
    const FormattedString f("$pieceName$ moves $previousLocation$ &rarr; $location$ *");
    ASSERT_EQ(f.segments().size(), 6u);
    EXPECT_TRUE(f.segments()[0].variable);
    EXPECT_EQ(f.segments()[0].text, "pieceName");
    EXPECT_EQ(f.segments()[1].text, " moves ");
    EXPECT_FALSE(f.segments()[1].variable);
    EXPECT_EQ(f.segments()[5].text, " *");
    EXPECT_TRUE(f.uses("location"));
    EXPECT_FALSE(f.uses("mapName"));
}

TEST(Format, SubstituteAsVassalDoes) {
    const FormatVars vars{{"pieceName", "Infantry"}, {"previousLocation", "0101"}, {"location", "0202"}};
    EXPECT_EQ(substitute("$pieceName$ moves $previousLocation$ &rarr; $location$ *", vars), "Infantry moves 0101 &rarr; 0202 *");
    EXPECT_EQ(substitute("$unknown$!", vars), "!");                  // an unknown variable gives nothing
    EXPECT_EQ(substitute("cost $5", vars), "cost 5");                // no closing '$': literal text
    EXPECT_EQ(substitute("a$$b", vars), "ab");                       // "$$" gives nothing
    EXPECT_EQ(substitute("\\$location\\$", vars), "$location$");     // escaped dollars are literal
    EXPECT_EQ(substitute("", vars), "");
}

TEST(Format, MatchAMoveReport) {
    const auto vars = match_format("$pieceName$ moves $previousLocation$ &rarr; $location$ *", "Infantry moves 0101 &rarr; 0202 *");
    ASSERT_TRUE(vars);
    EXPECT_EQ(vars->at("pieceName"), "Infantry");
    EXPECT_EQ(vars->at("previousLocation"), "0101");
    EXPECT_EQ(vars->at("location"), "0202");
    // The arrow as an entity, a character, or "->" (VASSAL before 3.5), in the format or the text.
    for (const char* text : {"Infantry moves 0101 \xE2\x86\x92 0202 *", "Infantry moves 0101 -> 0202 *"}) {
        const auto v = match_format("$pieceName$ moves $previousLocation$ &rarr; $location$ *", text);
        ASSERT_TRUE(v) << text;
        EXPECT_EQ(v->at("location"), "0202");
    }
    EXPECT_TRUE(match_format("$pieceName$ moves $previousLocation$ -&gt; $location$ *", "1ME moves G7 -> H6 *"));
    EXPECT_FALSE(match_format("$pieceName$ moves $previousLocation$ &rarr; $location$ *", "Infantry moved 0101 -> 0202 *"));
    EXPECT_FALSE(match_format("$pieceName$ created in $location$ *", "Infantry created in 0101"));
}

TEST(Format, MatchNamesWithSpacesAndEntities) {
    const auto v = match_format("$pieceName$ moves $previousLocation$ &rarr; $location$ *",
                                "1st Bn, 2nd Rgt moves Turn, Rail, &amp; Port Tracks &rarr; Japanese Islands *");
    ASSERT_TRUE(v);
    EXPECT_EQ(v->at("pieceName"), "1st Bn, 2nd Rgt");
    EXPECT_EQ(v->at("previousLocation"), "Turn, Rail, & Port Tracks");
    EXPECT_EQ(v->at("location"), "Japanese Islands");
}

TEST(Format, MatchADiceReport) {
    constexpr const char* format = "** $name$ = $result$ *** &lt;$PlayerName$&gt;";
    const auto v = match_format(format, std::string(report_of_chat("*** 2d6 = 3,5 *** &lt;Alice&gt;")));
    ASSERT_TRUE(v);
    EXPECT_EQ(v->at("name"), "2d6");
    EXPECT_EQ(v->at("result"), "3,5");
    EXPECT_EQ(v->at("PlayerName"), "Alice");
    // VASSAL 2.x wrote the player's name between bare brackets.
    const auto old = match_format(format, std::string(report_of_chat("*** d6 = 2 *** <Joel>")));
    ASSERT_TRUE(old);
    EXPECT_EQ(old->at("PlayerName"), "Joel");
}

TEST(Format, ARepeatedVariableMatchesTheSameText) {
    EXPECT_TRUE(match_format("[$a$] [$b$] [$b$$a$]", "[1] [2] [21]"));
    EXPECT_FALSE(match_format("[$a$] [$b$] [$b$$a$]", "[1] [2] [12]"));
    EXPECT_TRUE(match_format("$a$-$a$", "x-y-x-y"));
    EXPECT_FALSE(match_format("$a$-$a$", "x-y"));
}

TEST(Format, EarlierVariablesTakeTheShortestText) {
    const auto v = match_format("$a$ $b$", "one two three");
    ASSERT_TRUE(v);
    EXPECT_EQ(v->at("a"), "one");
    EXPECT_EQ(v->at("b"), "two three");
    const auto empty = match_format("$a$$b$", "xy");
    ASSERT_TRUE(empty);
    EXPECT_EQ(empty->at("a"), "");
    EXPECT_EQ(empty->at("b"), "xy");
}

TEST(Format, Normalize) {
    EXPECT_EQ(normalize_report_text("&lt;a&gt; &amp;rarr; &quot;b&quot; &#39;c&apos; -> &rarr;"),
              "<a> &rarr; \"b\" 'c' \xE2\x86\x92 \xE2\x86\x92");
    EXPECT_EQ(normalize_report_text("& alone &unknown;"), "& alone &unknown;");
}

TEST(Format, ReportOfChat) {
    EXPECT_EQ(report_of_chat("* Infantry moves 0101 -> 0202 *"), "Infantry moves 0101 -> 0202 *");
    EXPECT_EQ(report_of_chat("*** 2d6 = 3,5 *** <Alice>"), "** 2d6 = 3,5 *** <Alice>");
    EXPECT_EQ(report_of_chat("<Joel> - hello"), "<Joel> - hello");
}

TEST(Format, TheSearchIsBounded) {
    // A chat line crafted against VASSAL's default move format: 1 MB of "a moves b → c " without
    // the closing " *". Every cut of the piece and the previous location was tried, each searching
    // and copying the rest of the line: over two minutes. Now the search gives up within its work.
    const std::string format = "$pieceName$ moves $previousLocation$ &rarr; $location$ *";
    std::string text;
    while (text.size() < (1u << 20)) text += "a moves b &rarr; c ";
    const auto start = std::chrono::steady_clock::now();
    EXPECT_FALSE(match_format(format, text));
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
    // Ending as a report does, the same line is one: the first cut holds.
    const auto report = match_format(format, text + "*");
    ASSERT_TRUE(report);
    EXPECT_EQ(report->at("pieceName"), "a");
    EXPECT_EQ(report->at("previousLocation"), "b");
    EXPECT_TRUE(report->at("location").starts_with("c a moves b \xE2\x86\x92 c a"));
    EXPECT_TRUE(report->at("location").ends_with("a moves b \xE2\x86\x92 c"));
    // The search recursed a part at a time, and a format of a million parts overflowed the stack:
    // past max_match_parts a format matches nothing.
    std::string huge, most;
    for (int i = 0; i < 500000; ++i) huge += "$v$a";
    for (std::size_t i = 0; i < max_match_parts / 2; ++i) most += "$v$a";
    EXPECT_FALSE(match_format(huge, std::string(500000, 'a')));
    EXPECT_TRUE(match_format(most, std::string(max_match_parts / 2, 'a')));
}
