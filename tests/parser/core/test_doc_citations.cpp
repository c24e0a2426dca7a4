// What a report cites when no rule of the game applies is a section of the project's own pages
// (docs/report.md, "The JSON report"): every citation of the table of codes and every citation
// constant must name an existing page of docs/ and an existing heading of it, by its GitHub anchor,
// and a ruling must have its section in docs/rulings.md; every page a string of the sources
// (parser/, validator/, cli/: messages) names must be a page of docs/ that exists. And the links
// between the pages (README.md, docs/*.md) lead somewhere.
#include "diagnostics.hpp"
#include "doc_anchors.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace referee;

namespace {

const fs::path kRoot(REFEREE_SOURCE_DIR);

// The contents of the string literals of one line of C++, up to a // comment (enough for the
// sources' messages and constants: none spans lines or is a raw string).
std::vector<std::string> string_literals(const std::string& line) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '/' && i + 1 < line.size() && line[i + 1] == '/') break;
        if (line[i] == '\'') {  // a character literal: '"' is no string
            i = line.find('\'', i + (i + 1 < line.size() && line[i + 1] == '\\' ? 3 : 2));
            if (i == std::string::npos) break;
            continue;
        }
        if (line[i] != '"') continue;
        std::string s;
        for (++i; i < line.size() && line[i] != '"'; ++i) {
            if (line[i] == '\\' && i + 1 < line.size()) ++i;
            s += line[i];
        }
        out.push_back(s);
    }
    return out;
}

}  // namespace

TEST(DocCitations, AnchorsAreGitHubs) {
    EXPECT_EQ(docs::anchor_of("Header records"), "header-records");
    EXPECT_EQ(docs::anchor_of("`<vassal>` (VASSAL binding)"), "vassal-vassal-binding");
    EXPECT_EQ(docs::anchor_of("Judging a VASSAL game: `referee convert` and `referee check --module`"),
              "judging-a-vassal-game-referee-convert-and-referee-check---module");
    EXPECT_EQ(docs::anchor_of("A tournament's batch"), "a-tournaments-batch");
    EXPECT_EQ(docs::anchor_of("See [the log](move-log.md) here"), "see-the-log-here");
    EXPECT_EQ(docs::anchor_of("G1"), "g1");
}

TEST(DocCitations, UnresolvedCitationsAreCaught) {
    EXPECT_EQ(docs::unresolved(kRoot, "docs/move-log.md#header-records"), "");
    EXPECT_NE(docs::unresolved(kRoot, "docs/move-log.md#no-such-section"), "");
    EXPECT_NE(docs::unresolved(kRoot, "docs/no-such-page.md#header-records"), "");
    EXPECT_NE(docs::unresolved(kRoot, "move-log.md header records"), "");  // the old form
    EXPECT_NE(docs::unresolved(kRoot, "docs/move-log.md"), "");          // a page, no section
    EXPECT_EQ(docs::unresolved(kRoot, "G3"), "");
    EXPECT_NE(docs::unresolved(kRoot, "G99"), "");
    EXPECT_NE(docs::unresolved(kRoot, "M9"), "");
    // A page named in a message: the page must exist; a section, if one is given, too.
    EXPECT_EQ(docs::unresolved_page(kRoot, "docs/move-log.md"), "");
    EXPECT_EQ(docs::unresolved_page(kRoot, "docs/move-log.md#unit-records"), "");
    EXPECT_NE(docs::unresolved_page(kRoot, "docs/move-log.md#units"), "");
    EXPECT_NE(docs::unresolved_page(kRoot, "docs/no-such-page.md"), "");
    EXPECT_NE(docs::unresolved_page(kRoot, "move-log.md"), "");  // the contract's, not in the repository
}

TEST(DocCitations, TheTableOfCodesCitesSectionsThatExist) {
    for (int i = 0; i < kCodeCount; ++i) {
        const CodeInfo& c = code_table()[i];
        EXPECT_EQ(docs::unresolved(kRoot, c.cites), "") << c.name << " cites '" << c.cites << "'";
    }
}

TEST(DocCitations, EveryCitationConstantResolves) {
    for (std::string_view cite : {cite::kHeader, cite::kSequence, cite::kUnits, cite::kAreas, cite::kClaims, cite::kSnapshot,
                                  cite::kCommandLine, cite::kBatch, cite::kScenarioFile, cite::kVassalBinding, cite::kMoveLog,
                                  cite::kXmlSave, cite::kVassal, cite::kAudit})
        EXPECT_EQ(docs::unresolved(kRoot, cite), "") << cite;
}

TEST(DocCitations, TheSourcesCiteSectionsThatExist) {
    // Any page named in a string of the sources (a message, a citation) is a page of docs/ that
    // exists, with its heading when a #SECTION is given.
    const std::regex page(R"([A-Za-z0-9_./-]*\.md(#[A-Za-z0-9_-]*)?)");
    std::size_t seen = 0;
    for (const char* layer : {"parser", "validator", "cli"}) {
        for (const auto& f : fs::recursive_directory_iterator(kRoot / layer)) {
            const std::string ext = f.path().extension().string();
            if (!f.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
            std::ifstream in(f.path());
            std::string line;
            for (int n = 1; std::getline(in, line); ++n)
                for (const std::string& s : string_literals(line))
                    for (std::sregex_iterator m(s.begin(), s.end(), page), end; m != end; ++m) {
                        ++seen;
                        EXPECT_EQ(docs::unresolved_page(kRoot, m->str()), "")
                            << fs::relative(f.path(), kRoot).string() << ":" << n << ": \"" << s << "\"";
                    }
        }
    }
    EXPECT_GE(seen, 12u) << "the citation constants of diagnostics.hpp were not found: is the scan broken?";
}

TEST(DocCitations, TheLinksOfThePagesLeadSomewhere) {
    // [text](target) with a relative target: the file exists (beside the page), and so does the
    // heading of an #anchor in a Markdown page. ../shared/ (the contract) is outside the repository.
    const std::regex link(R"(\]\(([^)\s]+)\))");
    std::vector<fs::path> pages{kRoot / "README.md"};
    for (const auto& f : fs::directory_iterator(kRoot / "docs"))
        if (f.path().extension() == ".md") pages.push_back(f.path());
    std::size_t seen = 0;
    for (const fs::path& p : pages) {
        std::ifstream in(p);
        std::stringstream ss;
        ss << in.rdbuf();
        const std::string text = ss.str();
        for (std::sregex_iterator m(text.begin(), text.end(), link), end; m != end; ++m) {
            const std::string target = (*m)[1].str();
            if (target.find("://") != std::string::npos || target.starts_with("mailto:") || target.starts_with("../")) continue;
            ++seen;
            const std::size_t hash = target.find('#');
            const fs::path file = hash == 0 ? p : p.parent_path() / target.substr(0, hash);
            const std::string where = fs::relative(p, kRoot).string() + ": (" + target + ")";
            if (!fs::exists(file)) {
                ADD_FAILURE() << where << ": no such file";
                continue;
            }
            if (hash != std::string::npos && file.extension() == ".md") {
                EXPECT_EQ(docs::anchors_of_page(file).count(target.substr(hash + 1)), 1u) << where << ": no such heading";
            }
        }
    }
    EXPECT_GE(seen, 20u);
}
