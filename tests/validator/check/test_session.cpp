// What the session does before and around the engine (validator/check/session.cpp), through
// check_text: a game whose scenario is unknown, and one with syntax errors, get no verdict (exit
// status 2); every bad line is still reported.
#include "replay_support.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace referee;
using namespace referee::testing_support;

TEST(Violations, UnknownScenarioIsNotJudged) {
    const Report r = check("game no-such-game\nturn 1\n");
    EXPECT_FALSE(r.judged);
    EXPECT_EQ(r.exit_status(), 2);
    ASSERT_FALSE(r.violations.empty());
    EXPECT_EQ(r.violations[0].line, 1u);
}

TEST(Violations, SyntaxErrorsGiveNoVerdict) {
    const Report r = check(kHeader + "turn 1\nmvoe U1 0506 0507\nmove U1\nlose U1 many\n");
    EXPECT_FALSE(r.judged);
    EXPECT_EQ(r.exit_status(), 2);
    EXPECT_FALSE(r.result.winner.has_value());
    EXPECT_EQ(count_code(r, "syntax"), 3);
    EXPECT_TRUE(has(r, "syntax", 10));
    EXPECT_TRUE(has(r, "syntax", 11));
    EXPECT_TRUE(has(r, "syntax", 12));
    for (const auto& v : r.violations) EXPECT_GT(v.col, 0u);
}
