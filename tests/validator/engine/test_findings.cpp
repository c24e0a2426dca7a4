// The table of codes (parser/core/diagnostics.hpp) and the findings made through it
// (validator/engine/findings.hpp, findings.cpp): one row per code in the order of the enum, unique
// names, the severities report.md gives (every code an error but path-gap and incomplete; the
// readers' unknown-element and unknown-attribute are warnings too, xml-save.md); --strict makes
// path-gap and incomplete errors and nothing else; the citation by default and a rule given as
// it is (even empty); input errors; notes, and notes said once.
#include "findings.hpp"

#include "check.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

using namespace referee;

namespace {

// module-version (vassal.md: a different module version is a warning) and vassal-unread (what a
// VASSAL game's conversion left out) are warnings about the file, which --strict leaves as they are;
// so is duplicate (a batch's note that a file holds the same game as an earlier one).
const std::set<std::string, std::less<>> kWarnings = {"path-gap", "incomplete", "unverified-score", "unknown-element", "unknown-attribute",
                                                      "undo-after-roll", "undo-after-reveal", "module-version", "vassal-unread", "duplicate"};
const std::set<std::string, std::less<>> kStrictErrors = {"path-gap", "incomplete", "unverified-score", "undo-after-roll", "undo-after-reveal"};

}  // namespace

// --- the table --------------------------------------------------------------------------------

TEST(CodeTable, OneRowPerCodeInTheOrderOfTheEnum) {
    const CodeInfo* table = code_table();
    for (int i = 0; i < kCodeCount; ++i) {
        const Code c = static_cast<Code>(i);
        EXPECT_EQ(table[i].code, c) << i;
        EXPECT_EQ(&code_info(c), &table[i]) << i;
        EXPECT_EQ(code_name(c), table[i].name);
    }
    EXPECT_EQ(code_name(Code::Syntax), "syntax");
    EXPECT_EQ(code_name(Code::ScoreOverflow), "score-overflow");
}

TEST(CodeTable, NamesAreUniqueLowerCaseWordsWithHyphens) {
    std::set<std::string_view> seen;
    for (int i = 0; i < kCodeCount; ++i) {
        const std::string_view name = code_table()[i].name;
        EXPECT_TRUE(seen.insert(name).second) << name << " twice";
        ASSERT_FALSE(name.empty());
        EXPECT_TRUE(std::all_of(name.begin(), name.end(), [](char ch) { return (ch >= 'a' && ch <= 'z') || ch == '-'; })) << name;
        EXPECT_NE(name.front(), '-');
        EXPECT_NE(name.back(), '-');
    }
}

TEST(CodeTable, EveryCodeIsAnErrorButTheWarningsReportMdAndXmlSaveMdName) {
    for (int i = 0; i < kCodeCount; ++i) {
        const CodeInfo& c = code_table()[i];
        const bool warning = kWarnings.count(c.name) > 0;
        EXPECT_EQ(c.severity, warning ? Severity::Warning : Severity::Error) << c.name;
        EXPECT_EQ(severity_of(c.code, false), c.severity) << c.name;
    }
}

TEST(CodeTable, StrictMakesPathGapAndIncompleteErrorsButNotTheReadersWarnings) {
    for (int i = 0; i < kCodeCount; ++i) {
        const CodeInfo& c = code_table()[i];
        EXPECT_EQ(c.strict, kStrictErrors.count(c.name) > 0) << c.name;
        const bool warning_when_strict = kWarnings.count(c.name) > 0 && !c.strict;
        EXPECT_EQ(severity_of(c.code, true), warning_when_strict ? Severity::Warning : Severity::Error) << c.name;
    }
    EXPECT_EQ(severity_of(Code::UnknownElement, true), Severity::Warning);
    EXPECT_EQ(severity_of(Code::PathGap, true), Severity::Error);
}

TEST(CodeTable, EveryCodeCitesSomethingAndSaysWhatItMeans) {
    for (int i = 0; i < kCodeCount; ++i) {
        const CodeInfo& c = code_table()[i];
        EXPECT_FALSE(c.cites.empty()) << c.name;
        EXPECT_FALSE(c.what.empty()) << c.name;
    }
    EXPECT_EQ(code_info(Code::AfterEnd).cites, "G3");
    EXPECT_EQ(code_info(Code::NotPhasing).cites, "G2");
    EXPECT_EQ(code_info(Code::Incomplete).cites, "G5");
    EXPECT_EQ(code_info(Code::ScoreOverflow).cites, "G4");
}

// --- findings ---------------------------------------------------------------------------------

TEST(Findings, AFindingCitesTheTableUnlessGivenARuleAndAGivenRuleIsCitedAsGiven) {
    Report rep;
    Findings f(rep, false);
    f.add(Code::PathGap, 7, "0506 and 0508 are not adjacent");
    f.add(Code::Zoc, 8, "14.31", "moved on");
    f.add(Code::TurnLimit, 9, "", "a scenario with no end rule");
    ASSERT_EQ(rep.violations.size(), 3u);
    const Violation& gap = rep.violations[0];
    EXPECT_EQ(gap.code, "path-gap");
    EXPECT_FALSE(gap.error);
    EXPECT_EQ(gap.line, 7u);
    EXPECT_EQ(gap.col, 0u);
    EXPECT_EQ(gap.rule, cite::kUnits);
    EXPECT_EQ(gap.message, "0506 and 0508 are not adjacent");
    EXPECT_EQ(rep.violations[1].rule, "14.31");
    EXPECT_TRUE(rep.violations[1].error);
    EXPECT_EQ(rep.violations[2].rule, "");  // not the table's citation
    EXPECT_FALSE(f.fatal());
    EXPECT_FALSE(f.strict());
}

TEST(Findings, StrictMakesTheRuleWarningsErrors) {
    Report rep;
    Findings f(rep, true);
    EXPECT_TRUE(f.strict());
    f.add(Code::PathGap, 1, "gap");
    f.add(Code::Incomplete, 2, "stops");
    f.add(Code::UnknownElement, 3, "an element");
    ASSERT_EQ(rep.violations.size(), 3u);
    EXPECT_TRUE(rep.violations[0].error);
    EXPECT_TRUE(rep.violations[1].error);
    EXPECT_FALSE(rep.violations[2].error);
}

TEST(Findings, AnInputErrorIsFatalAndCitesTheHeaderOrTheCommandLine) {
    Report rep;
    Findings f(rep, false);
    f.input_error(Code::BadValue, 9, 1, "parameter vp must be a whole number");
    EXPECT_TRUE(f.fatal());
    f.input_error(Code::UnknownParam, 0, 0, "--param nope");
    ASSERT_EQ(rep.violations.size(), 2u);
    EXPECT_EQ(rep.violations[0].code, "bad-value");
    EXPECT_TRUE(rep.violations[0].error);
    EXPECT_EQ(rep.violations[0].line, 9u);
    EXPECT_EQ(rep.violations[0].col, 1u);
    EXPECT_EQ(rep.violations[0].rule, cite::kHeader);
    EXPECT_EQ(rep.violations[1].rule, cite::kCommandLine);
    EXPECT_EQ(rep.violations[1].col, 0u);
}

TEST(Findings, NotesInTheOrderMadeAndNoteOnceOncePerKey) {
    Report rep;
    Findings f(rep, false);
    f.note("first");
    f.note_once("second");
    f.note_once("second");
    f.note("second");  // a plain note is said whatever was said before
    f.note_once("first");  // note() did not take the key
    EXPECT_EQ(f.notes(), (std::vector<std::string>{"first", "second", "second", "first"}));
    EXPECT_TRUE(f.first_time("key"));
    EXPECT_FALSE(f.first_time("key"));
    EXPECT_EQ(f.notes().size(), 4u);  // first_time notes nothing
    EXPECT_TRUE(rep.violations.empty());
    EXPECT_TRUE(rep.rulings.empty());  // the engine copies the notes at the end
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
