// The binding's patterns (parser/core/pattern.hpp): compiling, whole-text matching with the
// shortest field first, templates, bad patterns, and bounded work on hostile patterns and texts.
#include "pattern.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

using namespace referee;

namespace {

Pattern compile(std::string_view text) {
    std::string error;
    auto p = Pattern::compile(text, &error);
    EXPECT_TRUE(p.has_value()) << text << ": " << error;
    return p ? *p : *Pattern::compile("", nullptr);
}

std::string error_of(std::string_view text) {
    std::string error;
    EXPECT_FALSE(Pattern::compile(text, &error).has_value()) << text;
    return error;
}

// "name=value;..." of a match, or "no match".
std::string matched(const Pattern& p, std::string_view s) {
    PatternFields fields;
    if (!p.match(s, &fields)) return "no match";
    std::string out;
    for (const auto& [name, value] : fields) out += std::string(name) + "=" + std::string(value) + ";";
    return out;
}

}  // namespace

TEST(Pattern, LiteralMatchesOnlyTheWholeText) {
    const Pattern p = compile("Main Map");
    EXPECT_EQ(matched(p, "Main Map"), "");
    EXPECT_EQ(matched(p, "Main Map 2"), "no match");
    EXPECT_EQ(matched(p, "The Main Map"), "no match");
    EXPECT_EQ(matched(p, "main map"), "no match");
    EXPECT_EQ(matched(compile(""), ""), "");
    EXPECT_EQ(matched(compile(""), "x"), "no match");
}

TEST(Pattern, FieldsTakeTheShortestTextThatLetsTheRestMatch) {
    const Pattern p = compile("{unit} ({side})");
    EXPECT_EQ(matched(p, "1/A (Union)"), "unit=1/A;side=Union;");
    // The first " (" is taken; the side keeps the rest up to the final ")".
    EXPECT_EQ(matched(p, "Iron (Brig) (Union)"), "unit=Iron;side=Brig) (Union;");
    EXPECT_EQ(matched(p, "1/A Union"), "no match");
    EXPECT_EQ(matched(p, " (Union)"), "no match");  // a field takes one character at least
    EXPECT_EQ(matched(p, "A ()"), "no match");
    const Pattern rowcol = compile("{col}.{row}");
    EXPECT_EQ(matched(rowcol, "12.05"), "col=12;row=05;");
    EXPECT_EQ(matched(rowcol, "1.2.3"), "col=1;row=2.3;");
    EXPECT_EQ(matched(rowcol, "12."), "no match");
    // Two fields side by side: the first takes one character.
    EXPECT_EQ(matched(compile("{col}{row}"), "0101"), "col=0;row=101;");
}

TEST(Pattern, TheLastLiteralEndsTheText) {
    const Pattern p = compile("{turn}-{phase}-end");
    EXPECT_EQ(matched(p, "3-Union-end"), "turn=3;phase=Union;");
    EXPECT_EQ(matched(p, "3-Union-end-end"), "turn=3;phase=Union-end;");
    EXPECT_EQ(matched(p, "3-Union-en"), "no match");
}

TEST(Pattern, StarMatchesAnythingAndKeepsNothing) {
    const Pattern p = compile("Turn{*}");
    EXPECT_EQ(matched(p, "Turn"), "");
    EXPECT_EQ(matched(p, "Turn 3 marker"), "");
    EXPECT_EQ(matched(p, "The Turn"), "no match");
    const Pattern q = compile("{*} Div");
    EXPECT_EQ(matched(q, "Hood Div"), "");
    EXPECT_EQ(matched(q, "Hood Brig"), "no match");
    EXPECT_EQ(matched(compile("{*}{unit}"), "ab"), "unit=ab;");
    EXPECT_TRUE(p.field_names().empty());
}

TEST(Pattern, DoubledBracesAreLiteral) {
    const Pattern p = compile("{{{side}}}");
    EXPECT_EQ(matched(p, "{Union}"), "side=Union;");
    EXPECT_EQ(matched(p, "Union"), "no match");
    EXPECT_EQ(matched(compile("a}}b"), "a}b"), "");
}

TEST(Pattern, BadPatternsAreRefusedWithTheirReason) {
    EXPECT_NE(error_of("{unit").find("not closed"), std::string::npos);
    EXPECT_NE(error_of("unit}").find("no '{'"), std::string::npos);
    EXPECT_NE(error_of("a{}b").find("empty field"), std::string::npos);
    EXPECT_NE(error_of("{unit name}").find("not a name"), std::string::npos);
    EXPECT_NE(error_of("{a{b}").find("not a name"), std::string::npos);
    EXPECT_NE(error_of("{col}.{col}").find("named twice"), std::string::npos);
    EXPECT_FALSE(Pattern::compile("{", nullptr).has_value());  // no error wanted: no crash
}

TEST(Pattern, FieldNamesAndTemplates) {
    const Pattern from = compile("{col}.{row}");
    ASSERT_EQ(from.field_names().size(), 2u);
    EXPECT_EQ(from.field_names()[0], "col");
    EXPECT_TRUE(from.has_field("row"));
    EXPECT_FALSE(from.has_field("side"));
    PatternFields fields;
    ASSERT_TRUE(from.match("07.12", &fields));
    EXPECT_EQ(compile("{col}{row}").fill(fields), "0712");
    EXPECT_EQ(compile("hex {row}/{col}}}").fill(fields), "hex 12/07}");
    EXPECT_FALSE(compile("{side}").fill(fields).has_value());
    EXPECT_FALSE(compile("{*}").fill(fields).has_value());
}

// Numbering transforms in a template (issue 32): an offset, zero padding, both; one rewrite for a
// whole map whose numbering is shifted or unpadded, in place of one rewrite a hex.
TEST(Pattern, TemplatesTransformNumbers) {
    PatternFields fields;
    const Pattern from = compile("{row}-{col}");
    ASSERT_TRUE(from.match("3-7", &fields));
    EXPECT_EQ(compile("{col:2}{row:2}").fill(fields), "0703");
    EXPECT_EQ(compile("{col+1:2}{row-1:2}").fill(fields), "0802");
    EXPECT_EQ(compile("{col-9}.{row+100}").fill(fields), "-2.103");
    EXPECT_EQ(compile("{col-9:3}").fill(fields), "-002");
    EXPECT_TRUE(compile("{col+1}").has_transforms());
    EXPECT_FALSE(compile("{col}{row}").has_transforms());
    // A value that is not a whole number cannot be shifted or padded: no name.
    ASSERT_TRUE(from.match("C-7", &fields));
    EXPECT_FALSE(compile("{col}{row:2}").fill(fields).has_value());
    EXPECT_EQ(compile("{col:2}{row}").fill(fields), "07C");
    // Transforms that are not numbers, too wide, or too large are refused.
    EXPECT_NE(error_of("{col+x}").find("numbering transform"), std::string::npos);
    EXPECT_NE(error_of("{col:0}").find("numbering transform"), std::string::npos);
    EXPECT_NE(error_of("{col:10}").find("numbering transform"), std::string::npos);
    EXPECT_NE(error_of("{col+99999999}").find("numbering transform"), std::string::npos);
    EXPECT_NE(error_of("{+1}").find("not a name"), std::string::npos);
    EXPECT_NE(error_of("{col}{col+1}").find("named twice"), std::string::npos);
}

TEST(Pattern, MatchWithoutFieldsWanted) {
    const Pattern p = compile("{unit} ({side})");
    EXPECT_TRUE(p.match("A (B)", nullptr));
    EXPECT_FALSE(p.match("A B", nullptr));
}

// A backtracking matcher takes exponential time on these; this one takes the text's length times
// the pattern's. A million-character text against a pattern of a thousand fields, in well under
// the test's time (a few milliseconds here).
TEST(Pattern, HostilePatternsAndTextsTakeBoundedWork) {
    std::string pattern;
    for (int i = 0; i < 1000; ++i) pattern += "{f" + std::to_string(i) + "}a";
    pattern += "b";
    const Pattern p = compile(pattern);
    const std::string text(1'000'000, 'a');
    const auto start = std::chrono::steady_clock::now();
    EXPECT_FALSE(p.match(text, nullptr));
    std::string stars;
    for (int i = 0; i < 1000; ++i) stars += "{*}a";
    EXPECT_FALSE(compile(stars + "{*}b").match(text, nullptr));
    EXPECT_TRUE(compile(stars).match(text, nullptr));
    PatternFields fields;
    EXPECT_TRUE(compile("{x}{y}{z}").match(text, &fields));
    EXPECT_EQ(fields[2].second.size(), text.size() - 2);
    const auto took = std::chrono::steady_clock::now() - start;
    EXPECT_LT(took, std::chrono::seconds(2));
}
