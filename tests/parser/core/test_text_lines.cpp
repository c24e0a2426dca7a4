// Small text helpers (parser/core/text.hpp): split_lines, which the reports of a VASSAL game not
// judged use to make each problem of a message a violation of its own.
#include "text.hpp"

#include <gtest/gtest.h>

using namespace referee;

TEST(Text, SplitLinesKeepsEveryLineEmptyOnesIncluded) {
    using V = std::vector<std::string_view>;
    EXPECT_EQ(split_lines(""), V{""});
    EXPECT_EQ(split_lines("one"), V{"one"});
    EXPECT_EQ(split_lines("a\nb"), (V{"a", "b"}));
    EXPECT_EQ(split_lines("a\n"), (V{"a", ""}));
    EXPECT_EQ(split_lines("\n\nc"), (V{"", "", "c"}));
}
