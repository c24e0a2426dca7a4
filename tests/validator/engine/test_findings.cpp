// The findings made through the table of codes (validator/engine/findings.hpp, findings.cpp; the
// table itself is tests/parser/core/test_diagnostics.cpp's): the citation by default and a rule given
// as it is (even empty); --strict; input errors; notes, and notes said once; what the verdict takes.
#include "findings.hpp"

#include "check.hpp"
#include "diagnostics.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

using namespace referee;

// --- findings ---------------------------------------------------------------------------------

TEST(Findings, AFindingCitesTheTableUnlessGivenARuleAndAGivenRuleIsCitedAsGiven) {
    Findings f(false);
    f.add(Code::PathGap, 7, "0506 and 0508 are not adjacent");
    f.add(Code::Zoc, 8, "14.31", "moved on");
    f.add(Code::TurnLimit, 9, "", "a scenario with no end rule");
    ASSERT_EQ(f.found().size(), 3u);
    const Violation& gap = f.found()[0];
    EXPECT_EQ(gap.code, "path-gap");
    EXPECT_FALSE(gap.error);
    EXPECT_EQ(gap.line, 7u);
    EXPECT_EQ(gap.col, 0u);
    EXPECT_EQ(gap.rule, cite::kUnits);
    EXPECT_EQ(gap.message, "0506 and 0508 are not adjacent");
    EXPECT_EQ(f.found()[1].rule, "14.31");
    EXPECT_TRUE(f.found()[1].error);
    EXPECT_EQ(f.found()[2].rule, "");  // not the table's citation
    EXPECT_FALSE(f.fatal());
    EXPECT_FALSE(f.strict());
}

TEST(Findings, StrictMakesTheRuleWarningsErrors) {
    Findings f(true);
    EXPECT_TRUE(f.strict());
    f.add(Code::PathGap, 1, "gap");
    f.add(Code::Incomplete, 2, "stops");
    f.add(Code::UnknownElement, 3, "an element");
    ASSERT_EQ(f.found().size(), 3u);
    EXPECT_TRUE(f.found()[0].error);
    EXPECT_TRUE(f.found()[1].error);
    EXPECT_FALSE(f.found()[2].error);
}

TEST(Findings, AnInputErrorIsFatalAndCitesTheHeaderOrTheCommandLine) {
    Findings f(false);
    f.input_error(Code::BadValue, 9, 1, "parameter vp must be a whole number");
    EXPECT_TRUE(f.fatal());
    f.input_error(Code::UnknownParam, 0, 0, "--param nope");
    ASSERT_EQ(f.found().size(), 2u);
    EXPECT_EQ(f.found()[0].code, "bad-value");
    EXPECT_TRUE(f.found()[0].error);
    EXPECT_EQ(f.found()[0].line, 9u);
    EXPECT_EQ(f.found()[0].col, 1u);
    EXPECT_EQ(f.found()[0].rule, cite::kHeader);
    EXPECT_EQ(f.found()[1].rule, cite::kCommandLine);
    EXPECT_EQ(f.found()[1].col, 0u);
}

TEST(Findings, NotesInTheOrderMadeAndNoteOnceOncePerKey) {
    Findings f(false);
    f.note("first");
    f.note_once("second");
    f.note_once("second");
    f.note("second");  // a plain note is said whatever was said before
    f.note_once("first");  // note() did not take the key
    EXPECT_EQ(f.notes(), (std::vector<std::string>{"first", "second", "second", "first"}));
    EXPECT_TRUE(f.first_time("key"));
    EXPECT_FALSE(f.first_time("key"));
    EXPECT_EQ(f.notes().size(), 4u);  // first_time notes nothing
    EXPECT_TRUE(f.found().empty());
    Verdict v;  // the verdict of a judged game takes the notes when it is made, after the scenario's rulings
    v.judged = true;
    v.rulings.push_back("a ruling");
    f.hand_over(v);
    EXPECT_EQ(v.rulings, (std::vector<std::string>{"a ruling", "first", "second", "second", "first"}));
    EXPECT_TRUE(f.notes().empty());
}

TEST(Findings, AScopeTellsWhetherTheRulesFoundAnythingInItWarningsIncluded) {
    Findings f(false);
    f.add(Code::Zoc, 1, "before the scope");
    const Findings::Scope clean(f);
    EXPECT_TRUE(clean.clean());  // what was found before it is not its own
    {
        const Findings::Scope exit_checks(f);
        f.add(Code::PathGap, 2, "a warning");
        EXPECT_FALSE(exit_checks.clean());
    }
    EXPECT_FALSE(clean.clean());
    const Findings::Scope later(f);
    f.note("a note is no finding");
    EXPECT_TRUE(later.clean());
}

TEST(Findings, PastTheNumberKeptFindingsAreCountedBySeverityAndStillSeenByAScope) {
    Findings f(false);
    for (std::size_t i = 0; i < kMaxKeptViolations; ++i) f.add(Code::Zoc, 1, "kept");
    const Findings::Scope past(f);
    f.add(Code::Zoc, 2, "an error past the cap");
    f.add(Code::PathGap, 3, "a warning past the cap");
    EXPECT_FALSE(past.clean());  // counted, not kept, but found all the same
    EXPECT_EQ(f.found().size(), kMaxKeptViolations);
    Verdict v;
    f.hand_over(v);
    EXPECT_EQ(v.violations.size(), kMaxKeptViolations);
    EXPECT_EQ(v.errors_not_kept, 1u);
    EXPECT_EQ(v.warnings_not_kept, 1u);
    EXPECT_TRUE(v.rulings.empty());  // not judged: no rulings
}

// --- through the whole check ------------------------------------------------------------------

TEST(Findings, StrictThroughTheCheckLeavesAnUnknownElementAWarning) {
    const std::string save = "<referee-save format=\"1\" scenario=\"maryes-heights\">\n<weather kind=\"rain\"/>\n<log>\n<turn n=\"1\"/>\n"
                             "<phase side=\"Union\" name=\"movement\"/>\n<move unit=\"Ransom\" path=\"1113 1115\"/>\n</log>\n</referee-save>\n";
    CheckOptions strict;
    strict.strict = true;
    for (const bool s : {false, true}) {
        SCOPED_TRACE(s);
        const Report r = check_text(save, "s.xml", s ? strict : CheckOptions{});
        auto of = [&](const char* code) {
            return std::find_if(r.violations.begin(), r.violations.end(), [&](const Violation& v) { return v.code == code; });
        };
        ASSERT_NE(of("unknown-element"), r.violations.end());
        ASSERT_NE(of("path-gap"), r.violations.end());
        ASSERT_NE(of("incomplete"), r.violations.end());
        EXPECT_FALSE(of("unknown-element")->error);
        EXPECT_EQ(of("path-gap")->error, s);
        EXPECT_EQ(of("incomplete")->error, s);
    }
}
