// The table of codes (parser/core/diagnostics.cpp) and its page (docs/codes.md): one row a code,
// the names report.md gives, the severities it gives, and the page in step with the table (what
// each code cites resolves to a page and a section: test_doc_citations.cpp).
#include "diagnostics.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

using namespace referee;

namespace {

std::string read(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The cells of the page's row for `code` ("| `code` | severity | strict | ..."), or none.
std::vector<std::string> row_of(const std::string& page, std::string_view code) {
    const std::string key = "\n| `" + std::string(code) + "` |";
    const auto at = page.find(key);
    if (at == std::string::npos) return {};
    const auto end = page.find('\n', at + 1);
    std::vector<std::string> cells;
    std::stringstream line(page.substr(at + 1, end - at - 1));
    std::string cell;
    while (std::getline(line, cell, '|')) {
        const auto b = cell.find_first_not_of(' '), e = cell.find_last_not_of(' ');
        cells.push_back(b == std::string::npos ? std::string() : cell.substr(b, e - b + 1));
    }
    return cells;  // "", "`code`", severity, strict, cites, meaning
}

// The "cites by default" cell of docs/codes.md for a citation: a link to the ruling's section
// ("[G3](rulings.md#g3)"), or the citation as the report gives it, linked to its page and section
// ("[`docs/move-log.md#unit-records`](move-log.md#unit-records)").
std::string cites_cell(std::string_view cites) {
    if (cites.size() >= 2 && cites[0] == 'G' && cites.find_first_not_of("0123456789", 1) == std::string_view::npos) {
        std::string anchor(cites);
        anchor[0] = 'g';
        return "[" + std::string(cites) + "](rulings.md#" + anchor + ")";
    }
    const std::string_view rel = cites.starts_with("docs/") ? cites.substr(5) : cites;
    return "[`" + std::string(cites) + "`](" + std::string(rel) + ")";
}

// report.md: every code is an error but path-gap, incomplete, unverified-score and the VASSAL undo
// codes; the readers' unknown-element and unknown-attribute are warnings about the file (xml-save.md).
// module-version (vassal.md: a different module version is a warning) and vassal-unread (what a
// VASSAL game's conversion left out) are warnings about the file, which --strict leaves as they are;
// so is duplicate (a batch's note that a file holds the same game as an earlier one). The one list
// of them the tests keep.
const std::set<std::string_view> kWarnings = {"path-gap", "incomplete", "unverified-score", "unknown-element", "unknown-attribute",
                                          "undo-after-roll", "undo-after-reveal", "module-version", "vassal-unread", "duplicate"};
const std::set<std::string_view> kStrictErrors = {"path-gap", "incomplete", "unverified-score", "undo-after-roll", "undo-after-reveal"};

}  // namespace

TEST(CodeTable, OneRowPerCodeWithUniqueNames) {
    std::set<std::string_view> names;
    for (int i = 0; i < kCodeCount; ++i) {
        const CodeInfo& c = code_table()[i];
        EXPECT_EQ(static_cast<int>(c.code), i);
        EXPECT_EQ(&code_info(c.code), &c);
        EXPECT_FALSE(c.name.empty());
        EXPECT_FALSE(c.what.empty()) << c.name;
        EXPECT_TRUE(names.insert(c.name).second) << "twice: " << c.name;
    }
}

TEST(CodeTable, StrictMakesTheRuleWarningsErrors) {
    EXPECT_EQ(severity_of(Code::PathGap, false), Severity::Warning);
    EXPECT_EQ(severity_of(Code::PathGap, true), Severity::Error);
    EXPECT_EQ(severity_of(Code::Incomplete, true), Severity::Error);
    EXPECT_EQ(severity_of(Code::UnverifiedScore, false), Severity::Warning);
    EXPECT_EQ(severity_of(Code::UnverifiedScore, true), Severity::Error);
    EXPECT_EQ(severity_of(Code::UnknownElement, true), Severity::Warning);
    EXPECT_EQ(severity_of(Code::UnknownAttribute, true), Severity::Warning);
    EXPECT_EQ(severity_of(Code::Zoc, false), Severity::Error);
}

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

TEST(CodeTable, TheDocsPageListsEveryCodeAsTheTableDoes) {
    const std::string page = read(std::string(REFEREE_SOURCE_DIR) + "/docs/codes.md");
    ASSERT_FALSE(page.empty());
    for (int i = 0; i < kCodeCount; ++i) {
        const CodeInfo& c = code_table()[i];
        const auto cells = row_of(page, c.name);
        ASSERT_GE(cells.size(), 6u) << "docs/codes.md has no row for " << c.name;
        EXPECT_EQ(cells[2], c.severity == Severity::Error ? "error" : "warning") << c.name;
        EXPECT_EQ(cells[3], c.strict ? "error" : "") << c.name;
        // The cell may add where a check cites otherwise ("(in a save: ...)").
        EXPECT_TRUE(cells[4].starts_with(cites_cell(c.cites))) << c.name << ": '" << cells[4] << "', expected '" << cites_cell(c.cites) << "'";
        EXPECT_EQ(cells[5], c.what) << c.name;
    }
    // And no row for a code the table does not have.
    std::size_t rows = 0;
    for (auto at = page.find("\n| `"); at != std::string::npos; at = page.find("\n| `", at + 1)) ++rows;
    EXPECT_EQ(rows, static_cast<std::size_t>(kCodeCount));
}
