// The scenario reader's context, part one: the file's positions and its errors, and attributes of
// every kind that does not name something the scenario declares (numbers, yes/no, words, lists,
// ranges, ratios, map edges, game-turns). Every problem is a ScenarioError at the 1-based line and
// column of the element or attribute value that is wrong (from pugixml's offset_debug()).
#include "scenario_reader.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <climits>
#include <iterator>
#include <set>

namespace referee::scenario_xml {

// ---- text -------------------------------------------------------------------------------------------

std::string_view trim(std::string_view s) {
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

std::string one_line(std::string_view s) {
    s = trim(s);
    // Most texts are on one line already (a unit's source is its group's, once for each unit).
    bool plain = true;
    for (std::size_t i = 0; i < s.size() && plain; ++i)
        plain = !(s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || (s[i] == ' ' && i + 1 < s.size() && s[i + 1] == ' '));
    if (plain) return std::string(s);
    std::string out;
    out.reserve(s.size());
    bool gap = false;
    for (char c : s) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            gap = true;
            continue;
        }
        if (gap && !out.empty()) out += ' ';
        gap = false;
        out += c;
    }
    return out;
}

std::string qt(std::string_view s) { return "'" + std::string(s) + "'"; }

std::string elem(pugi::xml_node n) { return "<" + std::string(n.name()) + ">"; }

std::optional<std::int64_t> whole_number(std::string_view v) {
    const std::string_view s = trim(v);
    if (s.size() >= 2 && s[0] == '+' && s[1] == '-') return std::nullopt;  // to_int would read "+-3" as -3
    return to_int(s);
}

std::string join(std::span<const std::string_view> items) {
    std::string out;
    for (std::string_view s : items) out += (out.empty() ? "" : ", ") + std::string(s);
    return out;
}

std::string join(const std::vector<std::string>& items) {
    std::string out;
    for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
    return out;
}

// ---- positions and errors ---------------------------------------------------------------------------

ReadContext::ReadContext(std::string_view xml, std::string file_name) : file(std::move(file_name)) {
    if (xml.size() >= 3 && static_cast<unsigned char>(xml[0]) == 0xEF && static_cast<unsigned char>(xml[1]) == 0xBB &&
        static_cast<unsigned char>(xml[2]) == 0xBF)
        xml.remove_prefix(3);
    text = xml;
}

// The line starts and the characters before each block, made at the first error or line asked
// for: a scenario read without either (every built-in, at the start of every check) never pays
// for them (docs/performance.md, "Issue 19").
void ReadContext::index_text() const {
    if (indexed_) return;
    indexed_ = true;
    line_starts_.push_back(0);
    chars_before_block_.reserve(text.size() / kBlock + 1);
    std::size_t chars = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (i % kBlock == 0) chars_before_block_.push_back(chars);
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++chars;
        if (text[i] == '\n') line_starts_.push_back(i + 1);
    }
}

// The characters (not UTF-8 continuation bytes) before byte `off`: from the count kept for its block
// of kBlock bytes, so that a column costs the same on a 12 MB line as on a short one.
std::size_t ReadContext::chars_before(std::size_t off) const {
    const std::size_t block = off / kBlock;
    if (block >= chars_before_block_.size()) return 0;  // an empty text
    std::size_t n = chars_before_block_[block];
    for (std::size_t i = block * kBlock; i < off; ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++n;
    return n;
}

pugi::xml_node ReadContext::section(std::string_view name) const {
    auto it = sections.find(name);
    return it == sections.end() ? pugi::xml_node() : it->second;
}

void ReadContext::error_at(std::ptrdiff_t offset, std::string msg) {
    if (errors_.size() >= kMaxKeptDiagnostics) {  // past the cap: counted only (record.hpp)
        ++errors_not_kept_;
        return;
    }
    ScenarioError e;
    e.file = file;
    e.message = std::move(msg);
    if (offset < 0) offset = 0;
    std::size_t off = std::min(static_cast<std::size_t>(offset), text.size());
    index_text();
    auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), off);
    const std::size_t line_index = static_cast<std::size_t>(std::distance(line_starts_.begin(), it)) - 1;
    const std::size_t start = line_starts_[line_index];
    // The column counts characters, not UTF-8 continuation bytes.
    e.line = static_cast<std::uint32_t>(line_index + 1);
    e.col = static_cast<std::uint32_t>(std::min<std::size_t>(chars_before(off) - chars_before(start) + 1, UINT32_MAX));
    errors_.push_back(std::move(e));
}

std::ptrdiff_t ReadContext::offset_of(pugi::xml_node n) const {
    const std::ptrdiff_t o = n.offset_debug();
    // offset_debug() points at the element's name; step back onto its '<'.
    return o > 0 ? o - 1 : 0;
}

std::ptrdiff_t ReadContext::offset_of(pugi::xml_node n, pugi::xml_attribute a, bool at_name) const {
    const std::ptrdiff_t base = n.offset_debug();
    if (base < 0 || !a) return offset_of(n);
    const std::ptrdiff_t d = (at_name ? a.name() : a.value()) - n.name();
    if (d <= 0 || base + d > static_cast<std::ptrdiff_t>(text.size())) return offset_of(n);
    return base + d;
}

std::string ReadContext::place_of(pugi::xml_node n, pugi::xml_attribute a) const {
    const std::ptrdiff_t o = a ? offset_of(n, a) : offset_of(n);
    const std::size_t off = std::min(static_cast<std::size_t>(std::max<std::ptrdiff_t>(o, 0)), text.size());
    index_text();
    auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), off);
    const std::size_t line_index = static_cast<std::size_t>(std::distance(line_starts_.begin(), it)) - 1;
    const std::size_t col = chars_before(off) - chars_before(line_starts_[line_index]) + 1;
    return file + ":" + std::to_string(line_index + 1) + ":" + std::to_string(col);
}

std::uint32_t ReadContext::line_of(pugi::xml_node n) const {
    const std::size_t off = std::min(static_cast<std::size_t>(std::max<std::ptrdiff_t>(offset_of(n), 0)), text.size());
    index_text();
    return static_cast<std::uint32_t>(std::upper_bound(line_starts_.begin(), line_starts_.end(), off) - line_starts_.begin());
}

// ---- elements and attributes ------------------------------------------------------------------------

void ReadContext::check_attrs(pugi::xml_node n, Words allowed) {
    // A repeated attribute: the names before it are compared while they are few (every element of
    // every scenario, at the start of every check), then kept in a set (a hostile file's thousands).
    constexpr std::size_t kScan = 16;
    std::array<std::string_view, kScan> first;
    std::size_t count = 0;
    std::set<std::string_view> seen;
    for (pugi::xml_attribute a : n.attributes()) {
        const std::string_view name = a.name();
        bool twice = false;
        if (count < kScan) {
            twice = std::find(first.begin(), first.begin() + static_cast<std::ptrdiff_t>(count), name) != first.begin() + static_cast<std::ptrdiff_t>(count);
            if (!twice) first[count++] = name;
        } else {
            if (seen.empty()) seen.insert(first.begin(), first.end());
            twice = !seen.insert(name).second;
        }
        if (twice) {
            error_at(offset_of(n, a, true), elem(n) + " has attribute " + qt(name) + " twice");
            continue;
        }
        if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) {
            const std::string list = join(allowed);
            error_at(offset_of(n, a, true),
                     elem(n) + " has no attribute " + qt(name) + (list.empty() ? "" : " (it takes: " + list + ")"));
        }
    }
}

void ReadContext::check_children(pugi::xml_node n, std::span<const std::string_view> allowed) {
    for (pugi::xml_node c : n.children()) {
        if (c.type() == pugi::node_pcdata || c.type() == pugi::node_cdata) {
            if (!trim(c.value()).empty()) error(n, "unexpected text in " + elem(n));
            continue;
        }
        if (c.type() != pugi::node_element) continue;
        const std::string_view name = c.name();
        if (std::find(allowed.begin(), allowed.end(), name) != allowed.end()) continue;
        error(c, "unknown element " + elem(c) + " in " + elem(n));
    }
}

void ReadContext::check_text_only(pugi::xml_node n) {
    for (pugi::xml_node c : n.children())
        if (c.type() == pugi::node_element) error(c, elem(n) + " holds text only, not " + elem(c));
}

pugi::xml_node ReadContext::single_child(pugi::xml_node n, const char* name, bool req) {
    pugi::xml_node first = n.child(name);
    if (!first) {
        if (req) error(n, elem(n) + " needs a <" + std::string(name) + "> element");
        return first;
    }
    for (pugi::xml_node c = first.next_sibling(name); c; c = c.next_sibling(name))
        error(c, "second <" + std::string(name) + "> element (the first is on line " + std::to_string(line_of(first)) + ")");
    return first;
}

std::optional<std::string_view> ReadContext::required(pugi::xml_node n, const char* name) {
    pugi::xml_attribute a = n.attribute(name);
    if (!a) {
        error(n, elem(n) + " needs attribute " + qt(name));
        return std::nullopt;
    }
    const std::string_view v = trim(a.value());
    if (v.empty()) {
        error(n, a, elem(n) + " attribute " + qt(name) + " is empty");
        return std::nullopt;
    }
    return v;
}

std::optional<std::string_view> ReadContext::optional(pugi::xml_node n, const char* name) {
    pugi::xml_attribute a = n.attribute(name);
    if (!a) return std::nullopt;
    return trim(a.value());
}

std::optional<std::int64_t> ReadContext::parse_int(pugi::xml_node n, const char* name, std::string_view v, std::int64_t lo,
                                                   std::int64_t hi) {
    const std::optional<std::int64_t> parsed = whole_number(v);
    if (!parsed || trim(v).size() != v.size()) {
        error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + ": " + qt(v) + " is not a whole number");
        return std::nullopt;
    }
    const std::int64_t x = *parsed;
    if (x < lo || x > hi) {
        error(n, n.attribute(name),
              elem(n) + " attribute " + qt(name) + ": " + std::string(v) + " is out of range (" + std::to_string(lo) + ".." +
                  std::to_string(hi) + ")");
        return std::nullopt;
    }
    return x;
}

std::optional<std::int64_t> ReadContext::int_attr(pugi::xml_node n, const char* name, std::int64_t lo, std::int64_t hi,
                                                  bool req) {
    auto v = req ? required(n, name) : optional(n, name);
    if (!v) return std::nullopt;
    return parse_int(n, name, *v, lo, hi);
}

std::optional<bool> ReadContext::bool_attr(pugi::xml_node n, const char* name) {
    auto v = optional(n, name);
    if (!v) return std::nullopt;
    if (iequals(*v, "yes") || iequals(*v, "true")) return true;
    if (iequals(*v, "no") || iequals(*v, "false")) return false;
    error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + ": " + qt(*v) + " is not yes or no");
    return std::nullopt;
}

std::optional<std::size_t> ReadContext::word_attr(pugi::xml_node n, const char* name, Words words, bool req) {
    auto v = req ? required(n, name) : optional(n, name);
    if (!v) return std::nullopt;
    std::size_t i = 0;
    for (std::string_view w : words) {
        if (iequals(*v, w)) return i;
        ++i;
    }
    error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + ": " + qt(*v) + " is not one of " + join(words));
    return std::nullopt;
}

std::vector<std::string_view> ReadContext::list_attr(pugi::xml_node n, const char* name) {
    std::vector<std::string_view> out;
    auto v = optional(n, name);
    if (!v || v->empty()) return out;
    std::string_view s = *v;
    while (true) {
        const std::size_t comma = s.find(',');
        const std::string_view item = trim(s.substr(0, comma));
        if (item.empty())
            error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + " has an empty entry");
        else
            out.push_back(item);
        if (comma == std::string_view::npos) break;
        s.remove_prefix(comma + 1);
    }
    return out;
}

std::optional<std::vector<std::size_t>> ReadContext::words_list_attr(pugi::xml_node n, const char* name, Words words) {
    return unique_list(n, name, [&](std::string_view item) -> std::optional<std::size_t> {
        std::size_t i = 0;
        for (std::string_view w : words) {
            if (iequals(item, w)) return i;
            ++i;
        }
        error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + ": " + qt(item) + " is not one of " + join(words));
        return std::nullopt;
    });
}

std::string ReadContext::rule_attr(pugi::xml_node n, bool req) {
    auto v = req ? required(n, "rule") : optional(n, "rule");
    return v ? std::string(*v) : std::string();
}

std::optional<std::pair<int, int>> ReadContext::range_attr(pugi::xml_node n, const char* name, int lo, int hi) {
    auto v = required(n, name);
    if (!v) return std::nullopt;
    const std::size_t dash = v->find('-');
    auto bad = [&]() -> std::optional<std::pair<int, int>> {
        error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + ": " + qt(*v) + " is not a range such as 01-25");
        return std::nullopt;
    };
    if (dash == std::string_view::npos) return bad();
    auto num = [](std::string_view s, int& out) {
        s = trim(s);
        if (s.empty()) return false;
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
        return ec == std::errc() && p == s.data() + s.size();
    };
    int a = 0, b = 0;
    if (!num(v->substr(0, dash), a) || !num(v->substr(dash + 1), b)) return bad();
    if (a < lo || b > hi || a > b) {
        error(n, n.attribute(name),
              elem(n) + " attribute " + qt(name) + ": " + qt(*v) + " must run upward within " + std::to_string(lo) + ".." +
                  std::to_string(hi));
        return std::nullopt;
    }
    return std::make_pair(a, b);
}

std::optional<std::pair<std::int64_t, std::int64_t>> ReadContext::ratio_attr(pugi::xml_node n, const char* name, bool req) {
    auto v = req ? required(n, name) : optional(n, name);
    if (!v) return std::nullopt;
    constexpr std::int64_t kMax = 1000000;
    auto num = [](std::string_view s, std::int64_t& out) {
        s = trim(s);
        if (s.empty() || s.front() == '-' || s.front() == '+') return false;
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
        return ec == std::errc() && p == s.data() + s.size();
    };
    const std::size_t colon = v->find(':');
    std::int64_t a = 0, b = 0;
    if (colon == std::string_view::npos || v->find(':', colon + 1) != std::string_view::npos || !num(v->substr(0, colon), a) ||
        !num(v->substr(colon + 1), b) || a < 1 || b < 1 || a > kMax || b > kMax) {
        error(n, n.attribute(name),
              elem(n) + " attribute " + qt(name) + ": " + qt(*v) + " is not a ratio such as 2:1 (two whole numbers from 1 to " +
                  std::to_string(kMax) + ")");
        return std::nullopt;
    }
    return std::make_pair(a, b);
}

std::optional<std::vector<std::int32_t>> ReadContext::turns_list_attr(pugi::xml_node n, const char* name) {
    return unique_list(
        n, name,
        [&](std::string_view item) -> std::optional<std::int32_t> {
            auto t = parse_int(n, name, item, 1, last_turn());
            if (!t) return std::nullopt;
            return static_cast<std::int32_t>(*t);  // within 1..kMaxTurns
        },
        [](std::string_view, std::int32_t t) { return "turn " + std::to_string(t); });
}

std::optional<Edge> ReadContext::edge_attr(pugi::xml_node n, const char* name, bool req) {
    auto i = word_attr(n, name, kEdgeWords, req);
    if (!i) return std::nullopt;
    return static_cast<Edge>(*i);
}

std::optional<std::vector<Edge>> ReadContext::edges_attr(pugi::xml_node n, const char* name) {
    auto v = words_list_attr(n, name, kEdgeWords);
    if (!v) return std::nullopt;
    std::vector<Edge> out;
    for (std::size_t i : *v) out.push_back(static_cast<Edge>(i));
    return out;
}

std::optional<PhaseKind> ReadContext::phase_kind_attr(pugi::xml_node n, const char* name, bool req) {
    auto i = word_attr(n, name, kPhaseKindWords, req);
    if (!i) return std::nullopt;
    return *i == 0 ? PhaseKind::Movement : *i == 1 ? PhaseKind::Combat : PhaseKind::Other;
}

}  // namespace referee::scenario_xml
