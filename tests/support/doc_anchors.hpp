// The anchors of a Markdown page's headings, as GitHub makes them ("## Header records" ->
// "header-records"), and the resolution of a citation of the project's documentation
// ("docs/move-log.md#header-records", or a ruling "G3" -> docs/rulings.md#g3). For the tests that
// check that what a report cites, and what a page links to, exists (test_doc_citations.cpp).
#pragma once

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>

namespace referee::docs {

// GitHub's anchor for a heading's text: the text as rendered (code spans lose their backticks, a
// link keeps its text and loses its target), lower-cased, without punctuation (everything but
// letters, digits, spaces, '-' and '_'; bytes of non-ASCII characters are kept), spaces made '-'.
inline std::string anchor_of(std::string_view heading) {
    std::string out;
    for (std::size_t i = 0; i < heading.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(heading[i]);
        if (c == ']' && i + 1 < heading.size() && heading[i + 1] == '(') {  // [text](target): the target goes
            const std::size_t close = heading.find(')', i + 2);
            if (close != std::string_view::npos) {
                i = close;
                continue;
            }
        }
        if (c >= 0x80 || std::isalnum(c) || c == '-' || c == '_') out += static_cast<char>(std::tolower(c));
        else if (c == ' ') out += '-';
    }
    return out;
}

// Every anchor of the page's headings (ATX headings, "#" to "######", outside fenced code blocks);
// a heading whose anchor is taken already gets "-1", "-2"... as on GitHub. Empty when the page
// cannot be read.
inline std::set<std::string> anchors_of_page(const std::filesystem::path& page) {
    std::set<std::string> out;
    std::map<std::string, int> seen;
    std::ifstream in(page);
    std::string line;
    bool fenced = false;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const std::size_t lead = line.find_first_not_of(' ');
        if (lead != std::string::npos && lead < 4 && (line.compare(lead, 3, "```") == 0 || line.compare(lead, 3, "~~~") == 0)) {
            fenced = !fenced;
            continue;
        }
        if (fenced || line.empty() || line[0] != '#') continue;
        std::size_t level = line.find_first_not_of('#');
        if (level == std::string::npos || level > 6 || line[level] != ' ') continue;
        std::string text = line.substr(level + 1);
        while (!text.empty() && (text.back() == ' ' || text.back() == '#')) text.pop_back();  // closing #s
        const std::string base = anchor_of(text);
        const int n = seen[base]++;
        out.insert(n == 0 ? base : base + "-" + std::to_string(n));
    }
    return out;
}

// A ruling's id (G1, M5, R3, C6, B7, L6): a letter of rulings.md's families and a number.
inline bool is_ruling(std::string_view s) {
    if (s.size() < 2 || std::string_view("GMRCBL").find(s[0]) == std::string_view::npos) return false;
    for (std::size_t i = 1; i < s.size(); ++i)
        if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
    return true;
}

// Why a citation of the project's documentation does not resolve in the tree at `root`, or "" when
// it does: "docs/PAGE.md#ANCHOR" must name a page of docs/ and a heading of it; a ruling must have
// its section in docs/rulings.md.
inline std::string unresolved_page(const std::filesystem::path& root, std::string_view mention);

inline std::string unresolved(const std::filesystem::path& root, std::string_view cite) {
    if (is_ruling(cite)) {
        std::string anchor(cite);
        for (char& c : anchor) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (anchors_of_page(root / "docs" / "rulings.md").count(anchor) == 0)
            return "docs/rulings.md has no section #" + anchor + " for ruling " + std::string(cite);
        return "";
    }
    const std::size_t hash = cite.find('#');
    if (!cite.starts_with("docs/") || hash == std::string_view::npos || !cite.substr(0, hash).ends_with(".md"))
        return "'" + std::string(cite) + "' is not of the form docs/PAGE.md#SECTION";
    const std::filesystem::path page = root / std::string(cite.substr(0, hash));
    if (!std::filesystem::is_regular_file(page)) return std::string(cite.substr(0, hash)) + " does not exist";
    const std::string anchor(cite.substr(hash + 1));
    if (anchors_of_page(page).count(anchor) == 0)
        return std::string(cite.substr(0, hash)) + " has no heading whose anchor is #" + anchor;
    return "";
}

// The same for a page named in a message ("... (docs/scenario-format.md, \"VASSAL binding\")"): a
// page of docs/ that exists, and its heading when an #ANCHOR is given; a section may be named in
// words instead. A name that is not under docs/ (the contract's "move-log.md") does not resolve.
inline std::string unresolved_page(const std::filesystem::path& root, std::string_view mention) {
    if (mention.find('#') != std::string_view::npos) return unresolved(root, mention);
    if (!mention.starts_with("docs/") || !mention.ends_with(".md")) return "'" + std::string(mention) + "' is not a page of docs/";
    if (!std::filesystem::is_regular_file(root / std::string(mention))) return std::string(mention) + " does not exist";
    return "";
}

}  // namespace referee::docs
