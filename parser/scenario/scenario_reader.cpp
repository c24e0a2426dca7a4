// The scenario reader: XML scenario files (docs/scenario-format.md) into referee::Scenario.
//
// Every problem becomes a ScenarioError with the file, the 1-based line and column (from pugixml's
// offset_debug(), or from an attribute's position in the parsed buffer) and a message; nothing throws
// out of here. The reader checks the whole file and reports every problem it finds, in line order.
//
// Sections are read in dependency order, not file order: sides, phases and params first, then the
// map, then everything that refers to them by name. Names are resolved here (sides and phases
// case-insensitively, locations exactly), so the engine only ever sees indices.
#include "scenario.hpp"

#include <pugixml.hpp>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <climits>
#include <cstdio>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace referee {

// Generated at build time by cmake/embed.cmake from scenarios/*.xml; the last entry has name == nullptr.
struct EmbeddedFile {
    const char* name;
    const unsigned char* data;
    std::size_t size;
};
extern const EmbeddedFile kEmbeddedScenarios[];

SideId Scenario::find_side(std::string_view name) const {
    for (std::size_t i = 0; i < sides.size(); ++i)
        if (iequals(sides[i], name)) return static_cast<SideId>(i);
    return kNoSide;
}

std::int32_t Scenario::find_phase(std::string_view name) const {
    for (std::size_t i = 0; i < phases.size(); ++i)
        if (iequals(phases[i].name, name)) return static_cast<std::int32_t>(i);
    return -1;
}

std::int32_t Scenario::find_track(std::string_view name) const {
    for (std::size_t i = 0; i < tracks.size(); ++i)
        if (iequals(tracks[i].name, name)) return static_cast<std::int32_t>(i);
    return -1;
}

const char* space_type_name(SpaceType t) {
    switch (t) {
        case SpaceType::None: return "none";
        case SpaceType::City: return "city";
        case SpaceType::Colony: return "colony";
        case SpaceType::Reserve: return "reserve";
        case SpaceType::Box: return "box";
    }
    return "?";
}

const ParamDef* Scenario::find_param(std::string_view name) const {
    for (const ParamDef& p : params)
        if (iequals(p.name, name)) return &p;
    return nullptr;
}

namespace {

constexpr std::string_view kParamPrefix = "param:";
constexpr std::string_view kFirstPlayerParam = "first-player";
constexpr int kMaxTurns = 10000;
constexpr int kMaxGridNumber = 99;  // hex names stay four digits (CCRR)

std::string_view trim(std::string_view s) {
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

// Collapses runs of white space into one space (texts written over several lines in the file).
std::string one_line(std::string_view s) {
    std::string out;
    bool gap = false;
    for (char c : trim(s)) {
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

// A whole decimal number with an optional sign ("+3", "-2"); nullopt when it is not one.
std::optional<std::int64_t> whole_number(std::string_view v) {
    std::string_view s = trim(v);
    const bool plus = !s.empty() && s.front() == '+';
    if (plus) s.remove_prefix(1);
    if (s.empty() || (plus && s.front() == '-')) return std::nullopt;
    std::int64_t x = 0;
    const char* end = s.data() + s.size();
    auto [p, ec] = std::from_chars(s.data(), end, x);
    if (ec != std::errc() || p != end) return std::nullopt;
    return x;
}

// The pieces of area games (enum Piece of parser/core/record.hpp, in its order; piece_name gives them).
const std::initializer_list<std::string_view> kPieceWords = {"regular", "tory", "continental", "militia",
                                                              "war-party", "village", "fort"};
// Support levels -2..2 (support_level_name), in that order.
const std::initializer_list<std::string_view> kSupportWords = {"active-opposition", "passive-opposition", "neutral",
                                                                "passive-support", "active-support"};

std::string builtin_list();

// How deep load_scenario is nested through `extends` (a guard against a built-in that extends itself).
thread_local int g_extends_depth = 0;

class Reader {
public:
    Reader(std::string_view xml, std::string file) : file_(std::move(file)) {
        // A UTF-8 byte-order mark is skipped; positions count from the character after it.
        if (xml.size() >= 3 && static_cast<unsigned char>(xml[0]) == 0xEF && static_cast<unsigned char>(xml[1]) == 0xBB &&
            static_cast<unsigned char>(xml[2]) == 0xBF)
            xml.remove_prefix(3);
        text_ = xml;
        line_starts_.push_back(0);
        for (std::size_t i = 0; i < text_.size(); ++i)
            if (text_[i] == '\n') line_starts_.push_back(i + 1);
    }

    ScenarioLoad run() {
        ScenarioLoad out;
        read();
        if (!errors_.empty()) {
            std::stable_sort(errors_.begin(), errors_.end(), [](const ScenarioError& a, const ScenarioError& b) {
                return a.line != b.line ? a.line < b.line : a.col < b.col;
            });
            out.errors = std::move(errors_);
            return out;
        }
        sc_.source_file = file_;
        // One entry per side, also without <reinforcements> (empty: a side has no alternate edges).
        sc_.reinforcements.alternate_edges.resize(sc_.sides.size());
        sc_.targets.resize(sc_.sides.size(), 0);  // 0: no target for that side
        sc_.faction_pieces.resize(sc_.sides.size());  // one entry per side (empty: it owns no pieces)
        out.scenario = std::move(sc_);
        return out;
    }

private:
    // ---- positions and errors -------------------------------------------------------------------

    void error_at(std::ptrdiff_t offset, std::string msg) {
        ScenarioError e;
        e.file = file_;
        e.message = std::move(msg);
        if (offset < 0) offset = 0;
        std::size_t off = std::min(static_cast<std::size_t>(offset), text_.size());
        auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), off);
        const std::size_t line_index = static_cast<std::size_t>(std::distance(line_starts_.begin(), it)) - 1;
        const std::size_t start = line_starts_[line_index];
        std::uint32_t col = 1;
        for (std::size_t i = start; i < off; ++i)  // count characters, not UTF-8 continuation bytes
            if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) ++col;
        e.line = static_cast<std::uint32_t>(line_index + 1);
        e.col = col;
        errors_.push_back(std::move(e));
    }

    std::ptrdiff_t offset_of(pugi::xml_node n) const {
        const std::ptrdiff_t o = n.offset_debug();
        // offset_debug() points at the element's name; step back onto its '<'.
        return o > 0 ? o - 1 : 0;
    }

    // An attribute's value, located from its distance to the element's name in pugixml's parse
    // buffer (parsing is in place, so strings keep their starting offsets).
    std::ptrdiff_t offset_of(pugi::xml_node n, pugi::xml_attribute a, bool at_name = false) const {
        const std::ptrdiff_t base = n.offset_debug();
        if (base < 0 || !a) return offset_of(n);
        const std::ptrdiff_t d = (at_name ? a.name() : a.value()) - n.name();
        if (d <= 0 || base + d > static_cast<std::ptrdiff_t>(text_.size())) return offset_of(n);
        return base + d;
    }

    void error(pugi::xml_node n, std::string msg) { error_at(offset_of(n), std::move(msg)); }
    void error(pugi::xml_node n, pugi::xml_attribute a, std::string msg) { error_at(offset_of(n, a), std::move(msg)); }
    std::uint32_t line_of(pugi::xml_node n) {
        const std::size_t off = std::min(static_cast<std::size_t>(std::max<std::ptrdiff_t>(offset_of(n), 0)), text_.size());
        return static_cast<std::uint32_t>(std::upper_bound(line_starts_.begin(), line_starts_.end(), off) - line_starts_.begin());
    }

    // The highest game-turn an attribute may name: the last turn, or any turn when there is no limit.
    std::int32_t last_turn() const { return sc_.turns > 0 ? sc_.turns : kMaxTurns; }

    // ---- attributes and children ----------------------------------------------------------------

    // Reports attributes the element does not take (and attributes given twice).
    void check_attrs(pugi::xml_node n, std::initializer_list<std::string_view> allowed) {
        std::set<std::string_view> seen;
        for (pugi::xml_attribute a : n.attributes()) {
            const std::string_view name = a.name();
            if (!seen.insert(name).second) {
                error_at(offset_of(n, a, true), elem(n) + " has attribute " + qt(name) + " twice");
                continue;
            }
            if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) {
                std::string list;
                for (std::string_view s : allowed) list += (list.empty() ? "" : ", ") + std::string(s);
                error_at(offset_of(n, a, true),
                         elem(n) + " has no attribute " + qt(name) + (list.empty() ? "" : " (it takes: " + list + ")"));
            }
        }
    }

    // Reports child elements the element does not take, and text where only elements belong.
    void check_children(pugi::xml_node n, std::initializer_list<std::string_view> allowed) {
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

    void check_text_only(pugi::xml_node n) {
        for (pugi::xml_node c : n.children())
            if (c.type() == pugi::node_element) error(c, elem(n) + " holds text only, not " + elem(c));
    }

    pugi::xml_node single_child(pugi::xml_node n, const char* name, bool required) {
        pugi::xml_node first = n.child(name);
        if (!first) {
            if (required) error(n, elem(n) + " needs a <" + std::string(name) + "> element");
            return first;
        }
        for (pugi::xml_node c = first.next_sibling(name); c; c = c.next_sibling(name))
            error(c, "second <" + std::string(name) + "> element (the first is on line " + std::to_string(line_of(first)) + ")");
        return first;
    }

    std::optional<std::string_view> required(pugi::xml_node n, const char* name) {
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

    std::optional<std::string_view> optional(pugi::xml_node n, const char* name) {
        pugi::xml_attribute a = n.attribute(name);
        if (!a) return std::nullopt;
        return trim(a.value());
    }

    std::optional<std::int64_t> parse_int(pugi::xml_node n, const char* name, std::string_view v, std::int64_t lo,
                                          std::int64_t hi) {
        const std::optional<std::int64_t> parsed = whole_number(v);
        if (!parsed || trim(v).size() != v.size()) {
            error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + ": " + qt(v) + " is not a whole number");
            return std::nullopt;
        }
        const std::int64_t x = *parsed;
        if (x < lo || x > hi) {
            error(n, n.attribute(name),
                  elem(n) + " attribute " + qt(name) + ": " + std::string(v) + " is out of range (" + std::to_string(lo) +
                      ".." + std::to_string(hi) + ")");
            return std::nullopt;
        }
        return x;
    }

    std::optional<std::int64_t> int_attr(pugi::xml_node n, const char* name, std::int64_t lo, std::int64_t hi, bool req) {
        auto v = req ? required(n, name) : optional(n, name);
        if (!v) return std::nullopt;
        return parse_int(n, name, *v, lo, hi);
    }

    std::optional<bool> bool_attr(pugi::xml_node n, const char* name) {
        auto v = optional(n, name);
        if (!v) return std::nullopt;
        if (iequals(*v, "yes") || iequals(*v, "true")) return true;
        if (iequals(*v, "no") || iequals(*v, "false")) return false;
        error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + ": " + qt(*v) + " is not yes or no");
        return std::nullopt;
    }

    // One of a closed list of words (case-insensitive); returns its index.
    std::optional<std::size_t> word_attr(pugi::xml_node n, const char* name, std::initializer_list<std::string_view> words,
                                         bool req) {
        auto v = req ? required(n, name) : optional(n, name);
        if (!v) return std::nullopt;
        std::size_t i = 0;
        for (std::string_view w : words) {
            if (iequals(*v, w)) return i;
            ++i;
        }
        std::string list;
        for (std::string_view w : words) list += (list.empty() ? "" : ", ") + std::string(w);
        error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + ": " + qt(*v) + " is not one of " + list);
        return std::nullopt;
    }

    // A comma-separated list; names may contain spaces ("New York City, Boston").
    std::vector<std::string_view> list_attr(pugi::xml_node n, const char* name) {
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

    std::string describe_map_miss(std::string_view name) const {
        std::string msg = "unknown location " + qt(name);
        if (grid_) {
            char buf[96];
            std::snprintf(buf, sizeof buf, " (the map's hexes are columns %02d-%02d, rows %02d-%02d)", grid_cols_.first,
                          grid_cols_.second, grid_rows_.first, grid_rows_.second);
            msg += buf;
        }
        return msg;
    }

    std::optional<LocId> loc_by_name(pugi::xml_node n, const char* attr, std::string_view name) {
        const LocId id = sc_.map.find(name);
        if (id == kNoLoc) {
            if (!map_ok_) return std::nullopt;
            error(n, n.attribute(attr), elem(n) + " attribute " + qt(attr) + ": " + describe_map_miss(name));
            return std::nullopt;
        }
        return id;
    }

    std::optional<LocId> loc_attr(pugi::xml_node n, const char* name, bool req) {
        auto v = req ? required(n, name) : optional(n, name);
        if (!v) return std::nullopt;
        if (v->empty()) {
            error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + " is empty");
            return std::nullopt;
        }
        return loc_by_name(n, name, *v);
    }

    // A list of locations, each known and listed once; nullopt when any is wrong.
    std::optional<std::vector<LocId>> locs_attr(pugi::xml_node n, const char* name) {
        std::vector<LocId> out;
        bool ok = true;
        for (std::string_view item : list_attr(n, name)) {
            auto id = loc_by_name(n, name, item);
            if (!id) {
                ok = false;
                continue;
            }
            if (std::find(out.begin(), out.end(), *id) != out.end()) {
                error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + " lists " + qt(item) + " twice");
                ok = false;
                continue;
            }
            out.push_back(*id);
        }
        if (!ok) return std::nullopt;
        return out;
    }

    enum SideWords : unsigned { kNamed = 0, kEach = 1, kNone = 2, kFirstSecond = 4, kAny = 8, kPhasing = 16 };

    // In a scenario whose sides come from the game, an attribute that names a side is an error.
    void from_game_side_error(pugi::xml_node n, pugi::xml_attribute a, const char* name, std::string_view v) {
        const std::string why = "this scenario's sides come from the game (<sides from-game=\"yes\">) and it cannot name one";
        // each / none / any / phasing where the attribute does not take them (first and second do name a side).
        if (is_reserved_side_word(v) && !iequals(v, "first") && !iequals(v, "second"))
            error(n, a, elem(n) + " attribute " + qt(name) + ": " + qt(v) + " is not allowed here, and it needs a side: " + why);
        else
            error(n, a, elem(n) + " attribute " + qt(name) + ": " + qt(v) + " names a side, but " + why);
    }

    // A side by name; `words` says which of each / none / first / second / any / phasing are also
    // accepted. Returns kNoSide for each/none/any, kPhasingSide for phasing; nullopt on error.
    std::optional<SideId> side_attr(pugi::xml_node n, const char* name, unsigned words, std::optional<std::string_view> fallback = {}) {
        auto v = optional(n, name);
        if (!v && fallback) v = fallback;
        if (!v) {
            error(n, elem(n) + " needs attribute " + qt(name));
            return std::nullopt;
        }
        if ((words & kEach) && iequals(*v, "each")) return kNoSide;
        if ((words & kNone) && iequals(*v, "none")) return kNoSide;
        if ((words & kAny) && iequals(*v, "any")) return kNoSide;
        if ((words & kPhasing) && iequals(*v, "phasing")) return kPhasingSide;
        if (sc_.sides_from_game) {
            from_game_side_error(n, n.attribute(name), name, *v);
            return std::nullopt;
        }
        if ((words & kFirstSecond) && (iequals(*v, "first") || iequals(*v, "second"))) {
            if (sc_.first_player == kNoSide || sc_.sides.size() != 2) {
                error(n, n.attribute(name),
                      elem(n) + " attribute " + qt(name) + ": " + qt(*v) +
                          " needs two sides and a first player (<scenario first-player=...>)");
                return std::nullopt;
            }
            return iequals(*v, "first") ? sc_.first_player : sc_.enemy_of(sc_.first_player);
        }
        const SideId s = sc_.find_side(*v);
        if (s == kNoSide) {
            if (!sides_ok_) return std::nullopt;
            std::string msg = elem(n) + " attribute " + qt(name) + ": unknown side " + qt(*v) + " (sides: ";
            for (std::size_t i = 0; i < sc_.sides.size(); ++i) msg += (i ? ", " : "") + sc_.sides[i];
            if (words & kEach) msg += ", each";
            if (words & kNone) msg += ", none";
            if (words & kAny) msg += ", any";
            if (words & kFirstSecond) msg += ", first, second";
            if (words & kPhasing) msg += ", phasing";
            error(n, n.attribute(name), msg + ")");
            return std::nullopt;
        }
        return s;
    }

    std::optional<Value> value_attr(pugi::xml_node n, const char* name, std::int64_t lo, std::int64_t hi) {
        auto v = required(n, name);
        if (!v) return std::nullopt;
        Value out;
        if (v->substr(0, kParamPrefix.size()) == kParamPrefix) {
            const std::string_view p = trim(v->substr(kParamPrefix.size()));
            const ParamDef* def = sc_.find_param(p);
            if (!def) {
                if (!params_ok_) return std::nullopt;
                error(n, n.attribute(name),
                      elem(n) + " attribute " + qt(name) + ": unknown parameter " + qt(p) + " (declare it in <params>)");
                return std::nullopt;
            }
            out.param = def->name;
            return out;
        }
        auto x = parse_int(n, name, *v, lo, hi);
        if (!x) return std::nullopt;
        out.literal = *x;
        return out;
    }

    std::string rule_attr(pugi::xml_node n, bool req) {
        auto v = req ? required(n, "rule") : optional(n, "rule");
        return v ? std::string(*v) : std::string();
    }

    // Turn ranges "a-b" and grid ranges "01-25".
    std::optional<std::pair<int, int>> range_attr(pugi::xml_node n, const char* name, int lo, int hi) {
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
                  elem(n) + " attribute " + qt(name) + ": " + qt(*v) + " must run upward within " + std::to_string(lo) +
                      ".." + std::to_string(hi));
            return std::nullopt;
        }
        return std::make_pair(a, b);
    }

    // A list of words from a closed list (case-insensitive), each at most once; their indices, or
    // nullopt when any is wrong.
    std::optional<std::vector<std::size_t>> words_list_attr(pugi::xml_node n, const char* name,
                                                            std::initializer_list<std::string_view> words) {
        std::vector<std::size_t> out;
        bool ok = true;
        std::string list;
        for (std::string_view w : words) list += (list.empty() ? "" : ", ") + std::string(w);
        for (std::string_view item : list_attr(n, name)) {
            std::size_t i = 0, found = words.size();
            for (std::string_view w : words) {
                if (iequals(item, w)) found = i;
                ++i;
            }
            if (found == words.size()) {
                error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + ": " + qt(item) + " is not one of " + list);
                ok = false;
                continue;
            }
            if (std::find(out.begin(), out.end(), found) != out.end()) {
                error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + " lists " + qt(item) + " twice");
                ok = false;
                continue;
            }
            out.push_back(found);
        }
        if (!ok) return std::nullopt;
        return out;
    }

    // Map edges: north, south, east, west (the order of enum Edge).
    static Edge edge_of(std::size_t i) { return static_cast<Edge>(i); }

    std::optional<Edge> edge_attr(pugi::xml_node n, const char* name, bool req) {
        auto i = word_attr(n, name, {"north", "south", "east", "west"}, req);
        if (!i) return std::nullopt;
        return edge_of(*i);
    }

    std::optional<std::vector<Edge>> edges_attr(pugi::xml_node n, const char* name) {
        auto v = words_list_attr(n, name, {"north", "south", "east", "west"});
        if (!v) return std::nullopt;
        std::vector<Edge> out;
        for (std::size_t i : *v) out.push_back(edge_of(i));
        return out;
    }

    // A list of game-turns (1..turns), each at most once.
    std::optional<std::vector<std::int32_t>> turns_list_attr(pugi::xml_node n, const char* name) {
        std::vector<std::int32_t> out;
        bool ok = true;
        for (std::string_view item : list_attr(n, name)) {
            auto t = parse_int(n, name, item, 1, last_turn());
            if (!t) {
                ok = false;
                continue;
            }
            if (std::find(out.begin(), out.end(), static_cast<std::int32_t>(*t)) != out.end()) {
                error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + " lists turn " + std::to_string(*t) + " twice");
                ok = false;
                continue;
            }
            out.push_back(static_cast<std::int32_t>(*t));
        }
        if (!ok) return std::nullopt;
        return out;
    }

    // A ratio of two positive whole numbers, "2:1".
    std::optional<std::pair<std::int64_t, std::int64_t>> ratio_attr(pugi::xml_node n, const char* name, bool req) {
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
        if (colon == std::string_view::npos || v->find(':', colon + 1) != std::string_view::npos ||
            !num(v->substr(0, colon), a) || !num(v->substr(colon + 1), b) || a < 1 || b < 1 || a > kMax || b > kMax) {
            error(n, n.attribute(name),
                  elem(n) + " attribute " + qt(name) + ": " + qt(*v) + " is not a ratio such as 2:1 (two whole numbers from 1 to " +
                      std::to_string(kMax) + ")");
            return std::nullopt;
        }
        return std::make_pair(a, b);
    }

    // Two different sides, "Union:Confederate" (side names may contain a colon: any split that
    // names two sides will do).
    std::optional<std::pair<SideId, SideId>> side_pair_attr(pugi::xml_node n, const char* name) {
        auto v = required(n, name);
        if (!v) return std::nullopt;
        if (sc_.sides_from_game) {
            from_game_side_error(n, n.attribute(name), name, *v);
            return std::nullopt;
        }
        for (std::size_t colon = v->find(':'); colon != std::string_view::npos; colon = v->find(':', colon + 1)) {
            const SideId a = sc_.find_side(trim(v->substr(0, colon))), b = sc_.find_side(trim(v->substr(colon + 1)));
            if (a == kNoSide || b == kNoSide) continue;
            if (a == b) {
                error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + ": " + qt(*v) + " names the same side twice");
                return std::nullopt;
            }
            return std::make_pair(a, b);
        }
        if (!sides_ok_) return std::nullopt;
        std::string msg = elem(n) + " attribute " + qt(name) + ": " + qt(*v) + " is not two sides such as " +
                          (sc_.sides.size() >= 2 ? sc_.sides[0] + ":" + sc_.sides[1] : std::string("A:B")) + " (sides: ";
        for (std::size_t i = 0; i < sc_.sides.size(); ++i) msg += (i ? ", " : "") + sc_.sides[i];
        error(n, n.attribute(name), msg + ")");
        return std::nullopt;
    }

    // ---- the sections ---------------------------------------------------------------------------

    void read() {
        if (text_.empty()) {
            error_at(0, "the file is empty");
            return;
        }
        pugi::xml_parse_result res = doc_.load_buffer(text_.data(), text_.size(), pugi::parse_default, pugi::encoding_utf8);
        if (!res) {
            error_at(res.offset, std::string("malformed XML: ") + res.description());
            return;
        }
        pugi::xml_node root;
        for (pugi::xml_node c : doc_.children()) {
            if (c.type() != pugi::node_element) continue;
            if (root) {
                error(c, "a second top-level element " + elem(c) + " (a scenario file has one <scenario> element)");
                continue;
            }
            root = c;
        }
        if (!root) {
            error_at(0, "no <scenario> element");
            return;
        }
        if (std::string_view(root.name()) != "scenario") {
            error(root, "the top-level element is " + elem(root) + ", not <scenario>");
            return;
        }
        read_root(root);
    }

    // The sections of <scenario> (child elements, each at most once).
    static constexpr const char* kSections[] = {"description", "sides", "phases", "sequence", "map", "edges", "roads",
                                                "units", "holdings", "exits", "retreat-off-map", "reinforcements",
                                                "zones-of-control", "stacking", "objectives", "setup", "tracks",
                                                "casualties", "treaty", "victory", "params", "rulings"};

    void read_root(pugi::xml_node root) {
        check_attrs(root, {"format", "id", "title", "turns", "first-player", "extends"});
        check_children(root, {"description", "sides", "phases", "sequence", "map", "edges", "roads", "units", "holdings",
                              "exits", "retreat-off-map", "reinforcements", "zones-of-control", "stacking", "objectives",
                              "setup", "tracks", "casualties", "treaty", "victory", "params", "rulings"});
        if (auto f = optional(root, "format"); f && *f != "1")
            error(root, root.attribute("format"), "scenario format " + qt(*f) + " is not supported (this reader knows format 1)");
        // Inheritance: the base is read first and this file starts from it.
        extending_ = !root.attribute("extends").empty();
        const bool base_ok = extending_ && read_base(root);
        if (auto id = required(root, "id")) {
            if (id->find_first_of(" \t\r\n") != std::string_view::npos)
                error(root, root.attribute("id"), "the scenario id " + qt(*id) + " has white space in it");
            sc_.id = std::string(*id);
        }
        if (auto t = required(root, "title")) sc_.title = one_line(*t);
        // An extending scenario inherits its base's turns unless it gives them. "none": no turn limit;
        // "param:NAME": the default of parameter NAME, resolved once <params> is read.
        if (auto t = optional(root, "turns"); t && iequals(*t, "none")) {
            sc_.turns = 0;
            sc_.turns_param.clear();
        } else if (t && t->substr(0, kParamPrefix.size()) == kParamPrefix) {
            turns_from_param_ = true;
            sc_.turns_param.clear();
        } else if (auto n = int_attr(root, "turns", 1, kMaxTurns, !extending_)) {
            sc_.turns = static_cast<std::int32_t>(*n);
            sc_.turns_param.clear();
        }
        for (const char* name : kSections) {
            const bool req = !extending_ && (!std::strcmp(name, "sides") || !std::strcmp(name, "phases") ||
                                             !std::strcmp(name, "sequence") || !std::strcmp(name, "map"));
            sections_[name] = single_child(root, name, req);
        }
        if (extending_) {
            for (const char* name : {"sides", "phases", "map"}) {
                if (!sections_[name]) continue;
                const bool sides = !std::strcmp(name, "sides");
                // A base whose sides come from the game lets its extending file name them (a battle
                // names its armies). Without the base, whether it does is not known: no error.
                if (sides && (!base_ok || sc_.sides_from_game)) continue;
                error(sections_[name], "<" + std::string(name) +
                                           "> is not allowed in a scenario that extends another: an extending scenario "
                                           "keeps its base's sides, phases and map" +
                                           (sides ? " (only a base whose sides come from the game, <sides from-game=\"yes\">, "
                                                    "lets it name its sides)"
                                                  : ""));
                sections_[name] = pugi::xml_node();
            }
            // Without its base nothing else in the file can be judged: names, turns and hexes all
            // come from the base.
            if (!base_ok) return;
            clear_replaced_sections();
        }

        if (auto d = sections_["description"]) {  // free text for people; not read by referee
            check_attrs(d, {});
            check_text_only(d);
        }
        // A section with errors makes the names it declares unreliable: references to them are not
        // reported again, so one mistake gives one error, not a cascade.
        std::size_t before = errors_.size();
        if (extending_) {
            sides_ok_ = phases_ok_ = map_ok_ = true;  // the base's, already valid
            if (sections_["sides"]) {  // a from-game base: this file fixes the sides
                read_sides(sections_["sides"]);
                sides_ok_ = errors_.size() == before;
            }
        } else {
            read_sides(sections_["sides"]);
            sides_ok_ = errors_.size() == before && sections_["sides"];
            before = errors_.size();
            read_phases(sections_["phases"]);
            phases_ok_ = errors_.size() == before && sections_["phases"];
        }
        before = errors_.size();
        read_params(sections_["params"]);
        params_ok_ = errors_.size() == before;
        read_turns_param(root);  // before anything that checks a turn against the last one
        if (!extending_) {
            before = errors_.size();
            read_map(sections_["map"]);
            map_ok_ = errors_.size() == before && sections_["map"];
        }
        read_edges(sections_["edges"]);  // before anything that asks which hexes lie on an edge
        read_first_player(root);
        read_sequence(sections_["sequence"]);
        read_roads(sections_["roads"]);
        read_units(sections_["units"]);
        read_holdings(sections_["holdings"]);
        read_exits(sections_["exits"]);
        read_retreat(sections_["retreat-off-map"]);
        before = errors_.size();
        read_reinforcements(sections_["reinforcements"]);
        const bool reinforcements_ok = errors_.size() == before;
        read_zoc(sections_["zones-of-control"]);
        read_stacking(sections_["stacking"]);
        read_objectives(sections_["objectives"]);  // before <victory>: sudden death needs a source of banners
        read_setup(sections_["setup"]);
        before = errors_.size();
        read_tracks(sections_["tracks"]);
        tracks_ok_ = errors_.size() == before;
        remap_inherited_tracks();
        read_casualties(sections_["casualties"]);
        read_treaty(sections_["treaty"]);  // before <victory>: a faction may require the treaty
        read_victory(sections_["victory"]);
        read_rulings(sections_["rulings"]);
        if (reinforcements_ok) check_arrivals();
        if (extending_) {
            check_inherited_turns(root);
            check_inherited_sudden_death(root);
        }
    }

    // <scenario extends="ID">: ID must be a built-in; the base becomes the starting point of sc_.
    bool read_base(pugi::xml_node root) {
        pugi::xml_attribute a = root.attribute("extends");
        const std::string_view id = trim(a.value());
        const auto& list = builtin_scenarios();
        if (std::none_of(list.begin(), list.end(), [&](const BuiltinScenario& b) { return b.id == id; })) {
            error(root, a, "'extends': " + qt(id) + " is not a built-in scenario (built-ins: " + builtin_list() + ")");
            return false;
        }
        if (g_extends_depth >= 8) {
            error(root, a, "'extends': the built-in scenarios extend each other in a circle (through " + qt(id) + ")");
            return false;
        }
        ++g_extends_depth;
        ScenarioLoad base = load_scenario(id);
        --g_extends_depth;
        if (!base.scenario) {
            const ScenarioError& e = base.errors.front();
            error(root, a,
                  "'extends': the built-in scenario " + qt(id) + " cannot be read (" + std::to_string(e.line) + ":" +
                      std::to_string(e.col) + ": " + e.message + ")");
            return false;
        }
        sc_ = std::move(*base.scenario);
        sc_.extends = std::string(id);
        if (sc_.map.grid() != GridKind::None && sc_.map.size() > 0) {  // for "unknown location" messages
            grid_ = true;
            grid_cols_ = grid_rows_ = {INT_MAX, INT_MIN};
            for (LocId l = 0; l < static_cast<LocId>(sc_.map.size()); ++l) {
                grid_cols_ = {std::min(grid_cols_.first, sc_.map.column(l)), std::max(grid_cols_.second, sc_.map.column(l))};
                grid_rows_ = {std::min(grid_rows_.first, sc_.map.row(l)), std::max(grid_rows_.second, sc_.map.row(l))};
            }
        }
        return true;
    }

    // Sections an extending file gives replace the base's wholesale (params, roads, edges and
    // rulings merge instead; see their readers).
    void clear_replaced_sections() {
        if (sections_["sequence"]) {
            sc_.sequence.clear();
            sc_.night_turns.clear();
            sc_.night_rule.clear();
        }
        if (sections_["units"]) sc_.units.clear();
        if (sections_["holdings"]) {
            sc_.holds.clear();
            sc_.holding_rule.clear();
        }
        if (sections_["exits"]) sc_.exits = Exits{};
        if (sections_["retreat-off-map"]) {
            sc_.retreat_off_map = RetreatOffMap::Eliminated;
            sc_.retreat_rule.clear();
        }
        if (sections_["victory"]) {
            sc_.points.clear();
            sc_.automatic.reset();
            sc_.end_victory = EndVictory::HigherTotal;
            sc_.end_rule.clear();
            sc_.levels.reset();
            sc_.elimination_banners = EliminationBanners{};
        }
        if (sections_["sequence"]) sc_.alternate_turns = false;
        if (sections_["objectives"]) {
            sc_.objectives.clear();
            sc_.targets.clear();
        }
        if (sections_["zones-of-control"]) sc_.zoc = ZonesOfControl{};
        if (sections_["stacking"]) sc_.stacking = Stacking{};
        if (sections_["reinforcements"]) sc_.reinforcements = Reinforcements{};
        if (sections_["victory"]) sc_.faction_victory = FactionVictory{};
        if (sections_["setup"]) {
            for (SpaceDef& d : sc_.spaces) {
                d.support = 0;
                d.blockaded = false;
            }
            sc_.start_pieces.clear();
        }
        if (sections_["tracks"]) {  // what the base's casualties and conditions named, to find them again
            for (const TrackDef& t : sc_.tracks) base_track_names_.push_back(t.name);
            sc_.tracks.clear();
        }
        if (sections_["casualties"]) {
            sc_.casualties.clear();
            sc_.casualty_rule.clear();
        }
        if (sections_["treaty"]) sc_.treaty = TreatyDef{};
    }

    // An extending file that gives fewer turns than its base: what it inherits must still fit. The
    // turns are given by `turns`, or by a new default of the base's turns parameter (turns="param:NAME").
    void check_inherited_turns(pugi::xml_node root) {
        pugi::xml_node at = root;
        pugi::xml_attribute a = root.attribute("turns");
        std::string prefix = "turns";
        if (!a && !sc_.turns_param.empty()) {
            auto it = param_nodes_.find(sc_.turns_param);
            if (it != param_nodes_.end() && it->second.attribute("default")) {
                at = it->second;
                a = at.attribute("default");
                prefix = "parameter " + qt(sc_.turns_param) + " (the last turn)";
            }
        }
        if (!a || sc_.turns == 0) return;  // not given, or "none": no limit for anything inherited
        const std::int32_t turns = sc_.turns;
        auto report = [&](const char* section, std::int32_t turn, const std::string& what) {
            error(at, a,
                  prefix + ": the base scenario's <" + std::string(section) + "> uses turn " + std::to_string(turn) + " (" + what +
                      "), after the last turn " + std::to_string(turns) + "; give <" + section +
                      "> in this file, or more turns");
        };
        if (!sections_["sequence"]) {
            for (const SequenceStep& st : sc_.sequence)
                if (st.first_turn > turns) {
                    report("sequence", st.first_turn, "a step's first-turn");
                    break;
                }
            for (std::int32_t t : sc_.night_turns)
                if (t > turns) {
                    report("sequence", t, "a night turn");
                    break;
                }
        }
        if (!sections_["units"])
            for (const UnitDef& u : sc_.units)
                if (u.enters_turn > turns) {
                    report("units", u.enters_turn, "unit " + qt(u.id) + " enters then");
                    break;
                }
        if (!sections_["victory"] && sc_.automatic && sc_.automatic->after_turn > turns)
            report("victory", sc_.automatic->after_turn, "the <automatic> test's after-turn");
        if (!sections_["reinforcements"]) {
            if (sc_.reinforcements.optional_after_turn > turns)
                report("reinforcements", sc_.reinforcements.optional_after_turn, "optional-after-turn");
            for (const Arrival& r : sc_.reinforcements.schedule)
                if (r.turn > turns) {
                    report("reinforcements", r.turn, "an arrival");
                    break;
                }
        }
    }

    // turns="param:NAME": the parameter's default is the last turn (Scenario::turns), and the engine
    // takes the game's value of NAME (Scenario::turns_param). An extending file without `turns` keeps
    // its base's parameter; a new default it gives moves the last turn.
    void read_turns_param(pugi::xml_node root) {
        pugi::xml_attribute a = root.attribute("turns");
        const ParamDef* def = nullptr;
        if (turns_from_param_) {
            const std::string_view p = trim(trim(a.value()).substr(kParamPrefix.size()));
            def = sc_.find_param(p);
            if (!def) {
                if (params_ok_) error(root, a, "turns: unknown parameter " + qt(p) + " (declare it in <params>)");
                return;
            }
        } else if (extending_ && !a && !sc_.turns_param.empty()) {
            def = sc_.find_param(sc_.turns_param);
            if (!def || !param_nodes_.count(def->name)) return;  // the base's default, unchanged
        } else {
            return;
        }
        // The error goes to this file's <param>, or to `turns` when the parameter is the base's.
        auto it = param_nodes_.find(def->name);
        const bool own = it != param_nodes_.end();
        auto report = [&](bool at_default, const std::string& msg) {
            if (own)
                error(it->second, at_default ? it->second.attribute("default") : pugi::xml_attribute(), msg);
            else
                error(root, a, msg);
        };
        const std::string name = qt(def->name);
        if (!def->default_value) {
            report(false, "parameter " + name + " needs a default (a number of game-turns, 1.." + std::to_string(kMaxTurns) +
                              "): turns=\"param:" + def->name + "\" takes the last turn from it");
            return;
        }
        const std::optional<std::int64_t> n = whole_number(*def->default_value);
        if (!n || *n < 1 || *n > kMaxTurns) {
            report(true, "parameter " + name + ": default " + qt(*def->default_value) + " is not a number of game-turns (1.." +
                             std::to_string(kMaxTurns) + "), and turns=\"param:" + def->name + "\" takes the last turn from it");
            return;
        }
        sc_.turns = static_cast<std::int32_t>(*n);
        sc_.turns_param = def->name;
    }

    void read_sides(pugi::xml_node s) {
        if (!s) return;
        check_attrs(s, {"from-game", "count", "pieces-rule"});
        if (auto r = optional(s, "pieces-rule")) sc_.pieces_rule = std::string(*r);
        // An extending file (of a from-game base) names its sides: they are fixed from here on, also
        // when this section has errors (then sides_ok_ keeps unknown names from being reported again).
        sc_.sides_from_game = false;
        if (extending_) {
            bool refused = false;
            for (const char* name : {"from-game", "count"})
                if (pugi::xml_attribute a = s.attribute(name)) {
                    error_at(offset_of(s, a, true), "<sides> attribute " + qt(name) +
                                                        ": an extending scenario's <sides> lists its sides with <side> "
                                                        "elements (its base leaves them to the game)");
                    refused = true;
                }
            if (refused) return;
        } else if (auto from_game = bool_attr(s, "from-game"); from_game && *from_game) {
            // The game's `side` records declare the sides; the scenario names none.
            for (pugi::xml_node c : s.children("side"))
                error(c, "<sides from-game=\"yes\"> has no <side> elements: each game's side records declare the sides");
            check_children(s, {"side"});
            sc_.sides_from_game = true;
            if (auto n = int_attr(s, "count", 2, 8, false)) sc_.game_sides = static_cast<std::int32_t>(*n);
            return;
        } else if (s.attribute("from-game") && !from_game) {
            return;  // not yes or no: reported
        } else if (pugi::xml_attribute c = s.attribute("count")) {
            error(s, c, "<sides> attribute 'count' goes with from-game=\"yes\" (how many sides each game declares)");
        }
        check_children(s, {"side"});
        const std::size_t before = errors_.size();
        std::vector<pugi::xml_node> nodes;  // the element of each side of sc_.sides
        for (pugi::xml_node n : s.children("side")) {
            check_attrs(n, {"name", "group", "pieces"});
            check_children(n, {});
            auto name = required(n, "name");
            if (!name) continue;
            if (is_reserved_side_word(*name)) {
                error(n, n.attribute("name"), qt(*name) + " is a reserved word and cannot name a side");
                continue;
            }
            if (name->find(',') != std::string_view::npos) {
                error(n, n.attribute("name"), "a side name cannot contain a comma");
                continue;
            }
            if (sc_.find_side(*name) != kNoSide) {
                error(n, n.attribute("name"), "side " + qt(*name) + " is declared twice");
                continue;
            }
            sc_.sides.emplace_back(*name);
            nodes.push_back(n);
        }
        read_factions_of_sides(s, nodes);
        if (sc_.sides.size() < 2 && errors_.size() == before) {
            error(s, "<sides> must declare at least two sides");
        } else if (!extending_ && sc_.sides.size() > 2 && sc_.groups.empty() && errors_.size() == before) {
            // (A battle that names the sides of a from-game base has as many as the base's count.)
            error(s, "<sides> declares " + std::to_string(sc_.sides.size()) +
                         " sides; more than two sides need groups (<side group=...>), which make each side a faction of "
                         "one of the rules' sides");
        } else if (extending_ && errors_.size() == before && static_cast<std::int32_t>(sc_.sides.size()) != sc_.game_sides) {
            error(s, "<sides> declares " + std::to_string(sc_.sides.size()) + " sides; the base scenario " + qt(sc_.extends) +
                         " is for games of " + std::to_string(sc_.game_sides) + " (<sides from-game=\"yes\" count=...>)");
        }
    }

    // <side group="..." pieces="...">: the rules' side each faction belongs to, and the pieces it owns.
    void read_factions_of_sides(pugi::xml_node s, const std::vector<pugi::xml_node>& nodes) {
        sc_.faction_pieces.assign(sc_.sides.size(), {});
        sc_.groups.clear();
        for (std::size_t i = 0; i < nodes.size(); ++i)
            if (auto v = words_list_attr(nodes[i], "pieces", kPieceWords))
                for (std::size_t p : *v) sc_.faction_pieces[i].push_back(static_cast<Piece>(p));
        if (std::none_of(nodes.begin(), nodes.end(), [](pugi::xml_node n) { return !n.attribute("group").empty(); })) return;
        // Every side has a group; the first spelling of a group is kept for all its sides.
        std::vector<std::string> groups(nodes.size());
        std::vector<std::string> distinct;
        bool ok = true;
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            pugi::xml_node n = nodes[i];
            if (!n.attribute("group")) {
                error(n, "<side> needs attribute 'group': the other sides have one (in a game of factions every side belongs "
                         "to a group)");
                ok = false;
                continue;
            }
            auto g = required(n, "group");
            if (!g) {
                ok = false;
                continue;
            }
            if (is_reserved_side_word(*g)) {
                error(n, n.attribute("group"), qt(*g) + " is a reserved word and cannot name a group");
                ok = false;
                continue;
            }
            if (sc_.find_side(*g) != kNoSide) {
                error(n, n.attribute("group"), "group " + qt(*g) + " has the name of a side (a group's name must differ from its factions')");
                ok = false;
                continue;
            }
            auto same = std::find_if(distinct.begin(), distinct.end(), [&](const std::string& d) { return iequals(d, *g); });
            if (same == distinct.end()) same = distinct.insert(distinct.end(), std::string(*g));
            groups[i] = *same;
        }
        if (!ok) return;
        if (distinct.size() < 2) {
            error(s, "<sides>: every side is in group " + qt(distinct.front()) +
                         "; a game of factions needs at least two groups (the rules' sides)");
            return;
        }
        sc_.groups = std::move(groups);
    }

    void read_phases(pugi::xml_node s) {
        if (!s) return;
        check_attrs(s, {});
        check_children(s, {"phase"});
        const std::size_t before = errors_.size();
        for (pugi::xml_node n : s.children("phase")) {
            check_attrs(n, {"name", "kind"});
            check_children(n, {});
            auto name = required(n, "name");
            auto kind = word_attr(n, "kind", {"movement", "combat", "other"}, true);
            if (!name || !kind) continue;
            if (sc_.find_phase(*name) != -1) {
                error(n, n.attribute("name"), "phase " + qt(*name) + " is declared twice");
                continue;
            }
            PhaseDef p;
            p.name = std::string(*name);
            p.kind = *kind == 0 ? PhaseKind::Movement : *kind == 1 ? PhaseKind::Combat : PhaseKind::Other;
            sc_.phases.push_back(std::move(p));
        }
        if (sc_.phases.empty() && errors_.size() == before) error(s, "<phases> must declare at least one phase");
    }

    void read_params(pugi::xml_node s) {
        if (!s) return;
        check_attrs(s, {});
        check_children(s, {"param"});
        for (pugi::xml_node n : s.children("param")) {
            check_attrs(n, {"name", "default", "rule", "description"});
            check_children(n, {});
            auto name = required(n, "name");
            // In an extending file, a parameter of the base: change its default (and rule, description).
            ParamDef* inherited = nullptr;
            bool twice = false;
            if (name && extending_)
                for (ParamDef& p : sc_.params) {
                    if (!iequals(p.name, *name)) continue;
                    if (param_nodes_.count(p.name))
                        twice = true;  // this file gives it twice
                    else
                        inherited = &p;
                    break;
                }
            if (twice) {
                error(n, n.attribute("name"), "parameter " + qt(*name) + " is declared twice");
                continue;
            }
            if (inherited) {
                if (auto d = optional(n, "default")) inherited->default_value = std::string(*d);
                if (n.attribute("rule")) inherited->rule = rule_attr(n, false);
                if (n.attribute("description")) {
                    if (auto desc = required(n, "description")) inherited->description = one_line(*desc);
                }
                param_nodes_[inherited->name] = n;
                continue;
            }
            auto desc = required(n, "description");
            if (!name || !desc) continue;
            if (name->find_first_of(" \t\r\n") != std::string_view::npos) {
                error(n, n.attribute("name"), "parameter name " + qt(*name) + " has white space in it");
                continue;
            }
            if (sc_.find_param(*name)) {
                error(n, n.attribute("name"), "parameter " + qt(*name) + " is declared twice");
                continue;
            }
            ParamDef p;
            p.name = std::string(*name);
            if (auto d = optional(n, "default")) p.default_value = std::string(*d);
            p.rule = rule_attr(n, false);
            p.description = one_line(*desc);
            sc_.params.push_back(std::move(p));
            param_nodes_[sc_.params.back().name] = n;
        }
    }

    void read_map(pugi::xml_node m) {
        if (!m) return;
        check_attrs(m, {"support-rule", "blockade-rule"});
        read_map_contents(m);
        // The rules cited for spaces' support and for blockades: only a map of spaces has them.
        for (const char* name : {"support-rule", "blockade-rule"}) {
            pugi::xml_attribute a = m.attribute(name);
            if (!a) continue;
            if (sc_.spaces.empty() && sc_.map.size() > 0) {
                error(m, a, "<map> attribute " + qt(name) + " goes with a map of spaces (<location> elements with a type), and this map has none");
                continue;
            }
            std::string& rule = std::strcmp(name, "support-rule") == 0 ? sc_.support_rule : sc_.blockade_rule;
            rule = std::string(trim(a.value()));
        }
    }

    void read_map_contents(pugi::xml_node m) {
        check_children(m, {"hex-grid", "location"});
        pugi::xml_node grid = single_child(m, "hex-grid", false);
        pugi::xml_node first_loc = m.child("location");
        if (grid && first_loc) {
            error(first_loc, "a map is either a <hex-grid> or a list of <location> elements, not both");
            return;
        }
        if (grid) {
            check_attrs(grid, {"kind", "columns", "rows", "shifted"});
            check_children(grid, {});
            auto kind = word_attr(grid, "kind", {"hex-columns", "hex-rows"}, true);
            auto cols = range_attr(grid, "columns", 0, kMaxGridNumber);
            auto rows = range_attr(grid, "rows", 0, kMaxGridNumber);
            auto shifted = word_attr(grid, "shifted", {"even", "odd"}, true);
            if (!kind || !cols || !rows || !shifted) return;
            sc_.map = Map::hex_grid(*kind == 0 ? GridKind::HexColumns : GridKind::HexRows, cols->first, cols->second,
                                    rows->first, rows->second, *shifted == 0);
            grid_ = true;
            grid_cols_ = *cols;
            grid_rows_ = *rows;
            return;
        }
        if (!first_loc) {
            error(m, "<map> needs a <hex-grid> or <location> elements");
            return;
        }
        std::map<std::string, pugi::xml_node, std::less<>> declared;
        for (pugi::xml_node n : m.children("location")) {
            check_attrs(n, {"name", "adjacent", "type", "population"});
            check_children(n, {});
            auto name = required(n, "name");
            if (!name) continue;
            if (name->find(',') != std::string_view::npos) {
                error(n, n.attribute("name"), "a location name cannot contain a comma");
                continue;
            }
            if (auto it = declared.find(*name); it != declared.end()) {
                error(n, n.attribute("name"),
                      "location " + qt(*name) + " is declared twice (first on line " + std::to_string(line_of(it->second)) + ")");
                continue;
            }
            declared.emplace(std::string(*name), n);
            sc_.map.add_location(std::string(*name));
        }
        for (pugi::xml_node n : m.children("location")) {
            auto name = optional(n, "name");
            if (!name || name->empty()) continue;
            const LocId self = sc_.map.find(*name);
            if (self == kNoLoc || declared[std::string(*name)] != n) continue;  // a duplicate, already reported
            for (std::string_view other : list_attr(n, "adjacent")) {
                const LocId o = sc_.map.find(other);
                if (o == kNoLoc) {
                    error(n, n.attribute("adjacent"), "<location> attribute 'adjacent': unknown location " + qt(other));
                    continue;
                }
                if (o == self) {
                    error(n, n.attribute("adjacent"), "location " + qt(other) + " is listed as adjacent to itself");
                    continue;
                }
                sc_.map.add_adjacency(self, o);
            }
        }
        read_spaces(m, declared);
    }

    // Spaces: when any <location> has a type, every location is a space (SpaceDef, by LocId) with a
    // type (none when not given) and a population (0 when not given). Population 0: always neutral.
    void read_spaces(pugi::xml_node m, const std::map<std::string, pugi::xml_node, std::less<>>& declared) {
        bool typed = false;
        for (pugi::xml_node n : m.children("location")) typed = typed || n.attribute("type");
        std::vector<SpaceDef> spaces(sc_.map.size());
        for (pugi::xml_node n : m.children("location")) {
            if (!n.attribute("type") && n.attribute("population")) {
                error(n, n.attribute("population"), "<location> attribute 'population' goes with 'type' (a space has both)");
                continue;
            }
            auto type = word_attr(n, "type", {"city", "colony", "reserve", "box"}, false);
            auto pop = int_attr(n, "population", 0, 9, false);
            auto name = optional(n, "name");
            auto it = name ? declared.find(*name) : declared.end();
            if (it == declared.end() || it->second != n) continue;  // no name, or a duplicate: reported
            const LocId self = sc_.map.find(*name);
            if (self == kNoLoc) continue;
            SpaceDef& d = spaces[static_cast<std::size_t>(self)];
            if (type) d.type = static_cast<SpaceType>(*type + 1);
            if (pop) d.population = static_cast<std::int32_t>(*pop);
        }
        if (!typed) return;
        for (SpaceDef& d : spaces) d.support_allowed = d.population > 0;  // 1.6.1
        sc_.spaces = std::move(spaces);
    }

    void read_first_player(pugi::xml_node root) {
        auto v = optional(root, "first-player");
        if (sc_.sides_from_game) {
            if (v)
                error(root, root.attribute("first-player"),
                      "first-player: this scenario's sides come from the game (<sides from-game=\"yes\">), so it cannot "
                      "name the first player");
            return;
        }
        if (!v && extending_) {
            // Inherited. Where the parameter first-player exists, its default is the first player
            // (that is what the engine does with it), so a changed default moves the first player.
            const ParamDef* def = sc_.find_param(kFirstPlayerParam);
            if (!def || !def->default_value) return;
            const SideId s = sc_.find_side(*def->default_value);
            if (s != kNoSide) {
                sc_.first_player = s;
            } else if (auto it = param_nodes_.find(def->name); it != param_nodes_.end()) {
                pugi::xml_node pn = it->second;
                error(pn, pn.attribute("default"), "parameter 'first-player': default " + qt(*def->default_value) + " is not a side");
            }
            return;
        }
        if (!v) return;
        pugi::xml_attribute a = root.attribute("first-player");
        if (v->substr(0, kParamPrefix.size()) == kParamPrefix) {
            const std::string_view p = trim(v->substr(kParamPrefix.size()));
            if (p != kFirstPlayerParam) {
                error(root, a, "first-player may only come from the parameter 'first-player' (param:first-player)");
                return;
            }
            const ParamDef* def = sc_.find_param(p);
            if (!def) {
                if (params_ok_) error(root, a, "first-player: unknown parameter " + qt(p) + " (declare it in <params>)");
                return;
            }
            auto it = param_nodes_.find(def->name);
            const pugi::xml_node pn = it != param_nodes_.end() ? it->second : root;  // root: the base's parameter
            if (!def->default_value) {
                error(pn, "parameter 'first-player' needs a default (a side name): the first player must be known");
                return;
            }
            const SideId s = sc_.find_side(*def->default_value);
            if (s == kNoSide) {
                error(pn, pn.attribute("default"), "parameter 'first-player': default " + qt(*def->default_value) + " is not a side");
                return;
            }
            sc_.first_player = s;
            return;
        }
        const SideId s = sc_.find_side(*v);
        if (s == kNoSide) {
            if (sides_ok_) error(root, a, "first-player: unknown side " + qt(*v));
            return;
        }
        sc_.first_player = s;
    }

    void read_sequence(pugi::xml_node s) {
        if (!s) return;
        check_attrs(s, {"mode", "night-turns", "night-rule"});
        check_children(s, {"step"});
        // mode="alternate": each game-turn is one side's turn, and steps say `phasing` or `none`.
        const auto mode = word_attr(s, "mode", {"sides", "alternate"}, false);
        if (s.attribute("mode") && !mode) return;  // reported; the steps' sides cannot be judged
        sc_.alternate_turns = mode == 1u;
        if (auto night = turns_list_attr(s, "night-turns")) sc_.night_turns = std::move(*night);
        if (auto r = optional(s, "night-rule")) sc_.night_rule = std::string(*r);
        for (pugi::xml_node n : s.children("step")) {
            check_attrs(n, {"side", "phase", "first-turn", "last-turn"});
            check_children(n, {});
            std::optional<SideId> side;
            if (auto v = optional(n, "side"); v && sc_.alternate_turns && !iequals(*v, "phasing") && !iequals(*v, "none")) {
                error(n, n.attribute("side"),
                      "<step> attribute 'side': " + qt(*v) +
                          " in <sequence mode=\"alternate\">, where a step's side is 'phasing' (the side whose turn it is) or "
                          "'none'");
            } else if (v && !sc_.alternate_turns && iequals(*v, "phasing")) {
                error(n, n.attribute("side"),
                      "<step> attribute 'side': 'phasing' is only for <sequence mode=\"alternate\"> (each game-turn one "
                      "side's turn)");
            } else {
                side = side_attr(n, "side", sc_.alternate_turns ? kNone | kPhasing : kNone | kFirstSecond);
            }
            auto phase = required(n, "phase");
            auto first = int_attr(n, "first-turn", 1, last_turn(), false);
            auto last = int_attr(n, "last-turn", 1, last_turn(), false);
            if ((n.attribute("first-turn") && !first) || (n.attribute("last-turn") && !last)) continue;
            if (!side || !phase) continue;
            const std::int32_t ph = sc_.find_phase(*phase);
            if (ph < 0) {
                if (!phases_ok_) continue;
                std::string msg = "<step> attribute 'phase': unknown phase " + qt(*phase) + " (phases: ";
                for (std::size_t i = 0; i < sc_.phases.size(); ++i) msg += (i ? ", " : "") + sc_.phases[i].name;
                error(n, n.attribute("phase"), msg + ")");
                continue;
            }
            SequenceStep st;
            st.side = *side;
            st.phase = ph;
            if (first) st.first_turn = static_cast<std::int32_t>(*first);
            if (last) st.last_turn = static_cast<std::int32_t>(*last);
            if (st.first_turn > st.last_turn) {
                error(n, "<step> first-turn " + std::to_string(st.first_turn) + " is after last-turn " + std::to_string(st.last_turn));
                continue;
            }
            sc_.sequence.push_back(st);
        }
        if (sc_.sequence.empty() && s.child("step").empty()) error(s, "<sequence> needs at least one <step>");
    }

    void read_unit(pugi::xml_node n, pugi::xml_node group, std::map<std::string, pugi::xml_node, std::less<>>& ids) {
        check_attrs(n, {"id", "side", "type", "strength", "at", "enters", "enters-at", "roles", "source"});
        check_children(n, {});
        auto group_attr = [&](const char* name) -> std::optional<std::string_view> {
            if (!group) return std::nullopt;
            return optional(group, name);
        };
        UnitDef u;
        bool ok = true;
        if (auto id = required(n, "id")) {
            if (id->find_first_of(" \t\r\n,") != std::string_view::npos) {
                error(n, n.attribute("id"), "unit id " + qt(*id) + " contains white space or a comma");
                ok = false;
            } else if (auto it = ids.find(*id); it != ids.end()) {
                error(n, n.attribute("id"),
                      "unit id " + qt(*id) + " is used twice (first on line " + std::to_string(line_of(it->second)) + ")");
                ok = false;
            } else {
                ids.emplace(std::string(*id), n);
                u.id = std::string(*id);
            }
        } else {
            ok = false;
        }
        if (sc_.sides_from_game && !n.attribute("side") && !group_attr("side")) {
            error(n, "<unit> needs a side, and this scenario's sides come from the game (<sides from-game=\"yes\">): "
                     "its games declare their units with `unit` records");
            ok = false;
        } else if (auto s = side_attr(n, "side", kNamed, group_attr("side"))) {
            u.side = *s;
        } else {
            ok = false;
        }
        auto type = optional(n, "type");
        if (!type) type = group_attr("type");
        if (!type || type->empty()) {
            error(n, "<unit> needs attribute 'type' (or a <group type=...>)");
            ok = false;
        } else {
            u.type = std::string(*type);
        }
        if (auto st = int_attr(n, "strength", 0, 1000000, true))
            u.strength = *st;
        else
            ok = false;
        if (!n.attribute("at").empty()) {
            if (auto at = loc_attr(n, "at", true))
                u.at = *at;
            else
                ok = false;
        }
        const bool has_enters = !n.attribute("enters").empty(), has_enters_at = !n.attribute("enters-at").empty();
        if (has_enters != has_enters_at) {
            error(n, "<unit> needs both 'enters' (a turn) and 'enters-at' (a location), or neither");
            ok = false;
        } else if (has_enters) {
            if (!n.attribute("at").empty()) {
                error(n, n.attribute("enters"), "<unit> has both 'at' (on the map at setup) and 'enters' (a reinforcement)");
                ok = false;
            }
            if (auto t = int_attr(n, "enters", 1, last_turn(), true))
                u.enters_turn = static_cast<std::int32_t>(*t);
            else
                ok = false;
            if (auto l = loc_attr(n, "enters-at", true))
                u.enters_at = *l;
            else
                ok = false;
        }
        for (std::string_view r : list_attr(n, "roles")) u.roles.emplace_back(r);
        if (auto src = optional(n, "source"))
            u.source = one_line(*src);
        else if (auto gs = group_attr("source"))
            u.source = one_line(*gs);
        if (ok) {
            sc_.units.push_back(std::move(u));
            unit_nodes_.push_back(n);
        }
    }

    void read_units(pugi::xml_node s) {
        if (!s) return;
        check_attrs(s, {});
        check_children(s, {"unit", "group"});
        std::map<std::string, pugi::xml_node, std::less<>> ids;
        for (pugi::xml_node c : s.children()) {
            if (c.type() != pugi::node_element) continue;
            const std::string_view name = c.name();
            if (name == "unit") {
                read_unit(c, pugi::xml_node(), ids);
            } else if (name == "group") {
                check_attrs(c, {"side", "type", "source"});
                check_children(c, {"unit"});
                if (auto gs = optional(c, "side"); gs && sc_.sides_from_game) {
                    from_game_side_error(c, c.attribute("side"), "side", *gs);
                    continue;
                }
                if (auto gs = optional(c, "side"); gs && sc_.find_side(*gs) == kNoSide) {
                    if (sides_ok_) error(c, c.attribute("side"), "<group> attribute 'side': unknown side " + qt(*gs));
                    continue;
                }
                for (pugi::xml_node u : c.children("unit")) read_unit(u, c, ids);
            }
        }
    }

    void read_holdings(pugi::xml_node s) {
        if (!s) return;
        check_attrs(s, {"rule"});
        check_children(s, {"hold"});
        sc_.holding_rule = rule_attr(s, false);
        std::map<LocId, pugi::xml_node> seen;
        for (pugi::xml_node n : s.children("hold")) {
            check_attrs(n, {"loc", "side"});
            check_children(n, {});
            auto loc = loc_attr(n, "loc", true);
            auto side = side_attr(n, "side", kNamed);
            if (!loc || !side) continue;
            if (auto it = seen.find(*loc); it != seen.end()) {
                error(n, n.attribute("loc"),
                      "location " + qt(sc_.map.name(*loc)) + " is held twice (first on line " + std::to_string(line_of(it->second)) + ")");
                continue;
            }
            seen.emplace(*loc, n);
            sc_.holds.push_back(InitialHold{*loc, *side});
        }
    }

    void read_exits(pugi::xml_node n) {
        if (!n) return;
        check_attrs(n, {"allowed", "locs", "edges", "unit-types", "phase", "rule"});
        check_children(n, {});
        Exits e;
        e.allowed = bool_attr(n, "allowed").value_or(true);
        if (auto locs = locs_attr(n, "locs")) e.locs = std::move(*locs);
        if (auto edges = edges_attr(n, "edges")) e.edges = std::move(*edges);
        for (std::string_view t : list_attr(n, "unit-types")) e.unit_types.emplace_back(t);
        if (auto ph = word_attr(n, "phase", {"movement", "combat", "other"}, false))
            e.phase = *ph == 0 ? PhaseKind::Movement : *ph == 1 ? PhaseKind::Combat : PhaseKind::Other;
        e.rule = rule_attr(n, false);
        if (!e.allowed && (!e.locs.empty() || !e.edges.empty() || !e.unit_types.empty()))
            error(n, "<exits allowed=\"no\"> cannot list exit locations, edges or unit types");
        sc_.exits = std::move(e);
    }

    void read_retreat(pugi::xml_node n) {
        if (!n) return;
        check_attrs(n, {"result", "rule"});
        check_children(n, {});
        if (auto r = word_attr(n, "result", {"eliminated", "forbidden"}, true))
            sc_.retreat_off_map = *r == 0 ? RetreatOffMap::Eliminated : RetreatOffMap::Forbidden;
        sc_.retreat_rule = rule_attr(n, false);
    }

    // <edges>: which locations lie on each map edge, replacing what a grid's extent gives.
    void read_edges(pugi::xml_node s) {
        if (!s) return;
        check_attrs(s, {});
        check_children(s, {"edge"});
        std::map<Edge, pugi::xml_node> seen;
        for (pugi::xml_node n : s.children("edge")) {
            check_attrs(n, {"name", "hexes"});
            check_children(n, {});
            auto e = edge_attr(n, "name", true);
            std::optional<std::vector<LocId>> hexes;
            if (required(n, "hexes")) hexes = locs_attr(n, "hexes");
            if (!e) continue;
            if (auto it = seen.find(*e); it != seen.end()) {
                error(n, n.attribute("name"),
                      "edge " + qt(edge_name(*e)) + " is declared twice (first on line " + std::to_string(line_of(it->second)) + ")");
                continue;
            }
            seen.emplace(*e, n);
            if (hexes) sc_.map.set_edge(*e, std::move(*hexes));
        }
    }

    // <roads>: chains of adjacent hexes, and where they leave the map. An extending file adds to
    // its base's roads.
    void read_roads(pugi::xml_node s) {
        if (!s) return;
        check_attrs(s, {});
        check_children(s, {"road"});
        std::map<std::string, pugi::xml_node, std::less<>> names;  // lower-cased name: this file's road
        auto lower = [](std::string_view v) {
            std::string out(v);
            for (char& c : out)
                if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
            return out;
        };
        for (pugi::xml_node n : s.children("road")) {
            check_attrs(n, {"name", "kind", "hexes", "leaves-at", "edge"});
            check_children(n, {});
            Road r;
            bool ok = true;
            if (auto name = required(n, "name")) {
                const std::string key = lower(one_line(*name));
                if (auto it = names.find(key); it != names.end()) {
                    error(n, n.attribute("name"),
                          "road " + qt(*name) + " is declared twice (first on line " + std::to_string(line_of(it->second)) + ")");
                    ok = false;
                } else if (std::any_of(sc_.roads.begin(), sc_.roads.end(), [&](const Road& b) { return iequals(b.name, *name); })) {
                    error(n, n.attribute("name"), "road " + qt(*name) + " is already a road of the base scenario " + qt(sc_.extends));
                    ok = false;
                } else {
                    names.emplace(key, n);
                    r.name = one_line(*name);
                }
            } else {
                ok = false;
            }
            if (auto k = word_attr(n, "kind", {"road", "trail"}, false)) r.trail = *k == 1;
            else if (n.attribute("kind")) ok = false;
            std::optional<std::vector<LocId>> hexes;
            if (required(n, "hexes")) hexes = locs_attr(n, "hexes");
            if (!hexes) {
                if (n.attribute("leaves-at")) locs_attr(n, "leaves-at");  // still report unknown names
                continue;
            }
            r.hexes = std::move(*hexes);
            if (r.hexes.size() < 2) {
                error(n, n.attribute("hexes"), "<road> attribute 'hexes' needs at least two hexes");
                continue;
            }
            for (std::size_t i = 0; i + 1 < r.hexes.size(); ++i) {
                if (sc_.map.adjacent(r.hexes[i], r.hexes[i + 1])) continue;
                error(n, n.attribute("hexes"),
                      "<road> attribute 'hexes': " + qt(sc_.map.name(r.hexes[i])) + " and " + qt(sc_.map.name(r.hexes[i + 1])) +
                          " are not adjacent (each hex of a road must touch the next)");
                ok = false;
            }
            auto leaves = locs_attr(n, "leaves-at");
            std::optional<Edge> edge;
            if (n.attribute("edge")) {
                edge = edge_attr(n, "edge", true);
                if (!edge) ok = false;
                if (!leaves || leaves->size() != 1) {
                    if (leaves)
                        error(n, n.attribute("edge"),
                              "<road> attribute 'edge' goes with a single 'leaves-at' hex (it says which edge that hex leaves by)");
                    ok = false;
                    edge.reset();  // the hexes are checked as if without it
                }
            }
            if (!leaves) continue;
            for (LocId h : *leaves) {
                const std::string& hn = sc_.map.name(h);
                if (std::find(r.hexes.begin(), r.hexes.end(), h) == r.hexes.end()) {
                    error(n, n.attribute("leaves-at"), "<road> attribute 'leaves-at': " + qt(hn) + " is not one of the road's hexes");
                    ok = false;
                    continue;
                }
                std::vector<Edge> on;
                for (Edge e : {Edge::North, Edge::South, Edge::East, Edge::West})
                    if (sc_.map.on_edge(h, e)) on.push_back(e);
                if (on.empty()) {
                    error(n, n.attribute("leaves-at"), "<road> attribute 'leaves-at': " + qt(hn) + " is not on a map edge");
                    ok = false;
                    continue;
                }
                if (edge) {
                    if (std::find(on.begin(), on.end(), *edge) == on.end()) {
                        error(n, n.attribute("edge"),
                              "<road> attribute 'edge': " + qt(hn) + " is not on the " + edge_name(*edge) + " edge (it is on the " +
                                  edge_name(on.front()) + " edge" + (on.size() > 1 ? std::string(" and the ") + edge_name(on[1]) + " edge" : "") +
                                  ")");
                        ok = false;
                        continue;
                    }
                    r.leaves.push_back(LeavesAt{h, *edge});
                    continue;
                }
                if (on.size() > 1) {
                    error(n, n.attribute("leaves-at"),
                          "<road> attribute 'leaves-at': " + qt(hn) + " is a corner, on the " + edge_name(on[0]) + " and " +
                              edge_name(on[1]) + " edges; say which one the road leaves by with edge=\"...\"");
                    ok = false;
                    continue;
                }
                r.leaves.push_back(LeavesAt{h, on.front()});
            }
            if (ok) sc_.roads.push_back(std::move(r));
        }
    }

    void read_zoc(pugi::xml_node n) {
        if (!n) return;
        check_attrs(n, {"rule"});
        check_children(n, {});
        sc_.zoc.enabled = true;
        sc_.zoc.rule = rule_attr(n, false);
    }

    void read_stacking(pugi::xml_node n) {
        if (!n) return;
        check_attrs(n, {"limit", "rule"});
        check_children(n, {});
        if (auto l = int_attr(n, "limit", 1, 1000, true)) sc_.stacking.limit = static_cast<std::int32_t>(*l);
        sc_.stacking.rule = rule_attr(n, false);
    }

    // <reinforcements>: the published arrivals and what a late reinforcement may do.
    void read_reinforcements(pugi::xml_node s) {
        if (!s) return;
        check_attrs(s, {"rule", "schedule-rule", "optional-after-turn"});
        check_children(s, {"side", "arrival"});
        Reinforcements& r = sc_.reinforcements;
        r.declared = true;
        r.rule = rule_attr(s, false);
        if (auto v = optional(s, "schedule-rule")) r.schedule_rule = std::string(*v);
        if (auto t = int_attr(s, "optional-after-turn", 0, last_turn(), false)) r.optional_after_turn = static_cast<std::int32_t>(*t);
        r.alternate_edges.assign(sc_.sides.size(), {});
        std::map<SideId, pugi::xml_node> sides;
        for (pugi::xml_node n : s.children("side")) {
            check_attrs(n, {"name", "alternate-edges"});
            check_children(n, {});
            auto side = side_attr(n, "name", kNamed);
            auto edges = edges_attr(n, "alternate-edges");
            if (!side) continue;
            if (auto it = sides.find(*side); it != sides.end()) {
                error(n, n.attribute("name"),
                      "<reinforcements> names side " + qt(sc_.sides[static_cast<std::size_t>(*side)]) + " twice (first on line " +
                          std::to_string(line_of(it->second)) + ")");
                continue;
            }
            sides.emplace(*side, n);
            if (edges) r.alternate_edges[static_cast<std::size_t>(*side)] = std::move(*edges);
        }
        std::map<std::tuple<SideId, std::int32_t, LocId>, pugi::xml_node> seen;
        for (pugi::xml_node n : s.children("arrival")) {
            check_attrs(n, {"side", "turn", "at"});
            check_children(n, {});
            auto side = side_attr(n, "side", kNamed);
            auto turn = int_attr(n, "turn", 1, last_turn(), true);
            auto at = loc_attr(n, "at", true);
            if (!side || !turn || !at) continue;
            const Arrival a{*side, static_cast<std::int32_t>(*turn), *at};
            if (auto it = seen.find({a.side, a.turn, a.at}); it != seen.end()) {
                error(n, "arrival of " + sc_.sides[static_cast<std::size_t>(a.side)] + " on turn " + std::to_string(a.turn) + " at " +
                             sc_.map.name(a.at) + " is listed twice (first on line " + std::to_string(line_of(it->second)) + ")");
                continue;
            }
            seen.emplace(std::make_tuple(a.side, a.turn, a.at), n);
            r.schedule.push_back(a);
        }
    }

    // A unit's enters/enters-at must be one of its side's published arrivals, when the schedule
    // lists any for that side.
    void check_arrivals() {
        const Reinforcements& r = sc_.reinforcements;
        if (r.schedule.empty()) return;
        const bool own_units = !sections_["units"].empty();
        pugi::xml_node reinf = sections_["reinforcements"];
        if (!own_units && !reinf) return;  // both the base's: already checked
        for (std::size_t i = 0; i < sc_.units.size(); ++i) {
            const UnitDef& u = sc_.units[i];
            if (u.enters_turn == 0) continue;
            std::string listed;
            bool match = false;
            for (const Arrival& a : r.schedule) {
                if (a.side != u.side) continue;
                listed += (listed.empty() ? "" : "; ") + std::string("turn ") + std::to_string(a.turn) + " at " + sc_.map.name(a.at);
                match = match || (a.turn == u.enters_turn && a.at == u.enters_at);
            }
            if (match || listed.empty()) continue;
            const std::string side = sc_.sides[static_cast<std::size_t>(u.side)];
            const std::string msg = "unit " + qt(u.id) + " enters on turn " + std::to_string(u.enters_turn) + " at " +
                                    sc_.map.name(u.enters_at) + ", which is not an arrival of " + side +
                                    " in <reinforcements>" + (r.schedule_rule.empty() ? "" : " (" + r.schedule_rule + ")") +
                                    "; " + side + " arrives on: " + listed;
            if (own_units && i < unit_nodes_.size())
                error(unit_nodes_[i], msg);
            else
                error(reinf, "the base scenario's " + msg + " (give <units> in this file too)");
        }
    }

    static constexpr std::string_view kPointsKinds[] = {"start", "elimination", "exit", "occupation", "bonus", "trace", "exit-lead"};
    static constexpr unsigned bit(PointsKind k) { return 1u << static_cast<unsigned>(k); }

    // <require> inside <points>: a role test or a line of communications.
    std::optional<Require> read_require(pugi::xml_node r) {
        check_attrs(r, {"role", "status", "at", "line-from", "line-to", "rule"});
        check_children(r, {});
        const bool line = r.attribute("line-from") || r.attribute("line-to");
        const bool role = r.attribute("role") || r.attribute("status") || r.attribute("at");
        if (line && role) {
            error(r, "<require> is either a unit test (role, status, at) or a line of communications (line-from, line-to), not both");
            return std::nullopt;
        }
        if (!line && !role) {
            error(r, "<require> needs 'role' and 'status' (a unit test) or 'line-from' and 'line-to' (a line of communications)");
            return std::nullopt;
        }
        Require q;
        if (line) {
            q.kind = RequireKind::Line;
            auto from = loc_attr(r, "line-from", true);
            auto to = loc_attr(r, "line-to", true);
            q.rule = rule_attr(r, false);
            if (!from || !to) return std::nullopt;
            if (*from == *to) {
                error(r, r.attribute("line-to"), "<require> attribute 'line-to': " + qt(sc_.map.name(*to)) + " is also line-from (a line needs two different locations)");
                return std::nullopt;
            }
            q.from = *from;
            q.to = *to;
            return q;
        }
        q.kind = RequireKind::Role;
        bool ok = true;
        if (r.attribute("rule")) {
            error(r, r.attribute("rule"), "<require> takes 'rule' only with 'line-from' and 'line-to'");
            ok = false;
        }
        if (auto v = required(r, "role")) {
            if (v->find_first_of(" \t\r\n,") != std::string_view::npos) {
                error(r, r.attribute("role"), "<require> attribute 'role': " + qt(*v) + " is not one word");
                ok = false;
            }
            q.role = std::string(*v);
        } else {
            ok = false;
        }
        if (required(r, "status")) {
            if (auto st = words_list_attr(r, "status", {"on-map", "exited", "eliminated", "never-entered"}))
                for (std::size_t i : *st) q.statuses.push_back(static_cast<RoleStatus>(i));
            else
                ok = false;
        } else {
            ok = false;
        }
        if (r.attribute("at")) {
            if (auto at = locs_attr(r, "at"))
                q.at = std::move(*at);
            else
                ok = false;
            if (ok && std::find(q.statuses.begin(), q.statuses.end(), RoleStatus::Exited) == q.statuses.end()) {
                error(r, r.attribute("at"), "<require> attribute 'at' (where the unit exited) needs status 'exited'");
                ok = false;
            }
        }
        if (!ok) return std::nullopt;
        return q;
    }

    void read_points(pugi::xml_node n) {
        check_attrs(n, {"kind", "side", "value", "locs", "rule", "what", "per", "when", "units-of", "to-roads-leaving-at",
                        "to-roads-leaving-edge", "max-length", "zoc", "each-turn-of", "unit-types"});
        check_children(n, {"require"});
        auto kind = word_attr(n, "kind", {"start", "elimination", "exit", "occupation", "bonus", "trace", "exit-lead"}, true);
        if (!kind) return;
        PointsRule p;
        p.kind = static_cast<PointsKind>(*kind);
        const std::string tag = "<points kind=\"" + std::string(kPointsKinds[*kind]) + "\">";
        // Attributes that only some kinds take.
        struct Only {
            const char* attr;
            unsigned kinds;
            const char* which;
        };
        const Only only[] = {
            {"locs", bit(PointsKind::Exit) | bit(PointsKind::Occupation), "kinds exit and occupation take it"},
            {"per", bit(PointsKind::Exit), "kind exit takes it"},
            {"when", bit(PointsKind::Exit) | bit(PointsKind::Bonus), "kinds exit and bonus take it"},
            {"units-of", bit(PointsKind::Trace), "kind trace takes it"},
            {"to-roads-leaving-at", bit(PointsKind::Trace), "kind trace takes it"},
            {"to-roads-leaving-edge", bit(PointsKind::Trace), "kind trace takes it"},
            {"max-length", bit(PointsKind::Trace), "kind trace takes it"},
            {"zoc", bit(PointsKind::Trace), "kind trace takes it"},
            {"each-turn-of", bit(PointsKind::ExitLead), "kind exit-lead takes it"},
            {"unit-types", bit(PointsKind::ExitLead), "kind exit-lead takes it"},
        };
        bool misplaced = false;
        for (const Only& o : only) {
            if (!n.attribute(o.attr) || (o.kinds & bit(p.kind))) continue;
            error(n, n.attribute(o.attr), tag + " takes no " + qt(o.attr) + " (only " + o.which + ")");
            misplaced = true;
        }
        const bool takes_requires = (bit(p.kind) & (bit(PointsKind::Exit) | bit(PointsKind::Bonus) | bit(PointsKind::Trace))) != 0;
        for (pugi::xml_node r : n.children("require")) {
            if (takes_requires) {
                if (auto q = read_require(r))
                    p.requires_.push_back(std::move(*q));
                else
                    misplaced = true;
            } else {
                error(r, tag + " takes no <require> (only kinds exit, bonus and trace do)");
                misplaced = true;
            }
        }
        const bool named = p.kind == PointsKind::Start || p.kind == PointsKind::Bonus || p.kind == PointsKind::Trace ||
                           p.kind == PointsKind::ExitLead;
        auto side = side_attr(n, "side", named ? kNamed : kEach);
        auto value = value_attr(n, "value", -1000000, 1000000);
        auto rule = required(n, "rule");
        auto what = required(n, "what");
        if (misplaced) return;
        std::optional<std::vector<LocId>> locs = std::vector<LocId>();
        if (n.attribute("locs")) locs = locs_attr(n, "locs");
        if (p.kind == PointsKind::Occupation && locs && locs->empty()) {
            error(n, tag + " needs 'locs' (the locations that score)");
            return;
        }
        bool ok = true;
        if (auto per = word_attr(n, "per", {"sp", "unit"}, false))
            p.per_unit = *per == 1;
        else if (n.attribute("per"))
            ok = false;
        if (auto when = word_attr(n, "when", {"play", "end"}, false))
            p.when = *when == 1 ? When::End : When::Play;
        else if (n.attribute("when"))
            ok = false;
        if (p.kind == PointsKind::Occupation || p.kind == PointsKind::Trace) p.when = When::End;
        if (p.kind == PointsKind::Trace) {
            if (n.attribute("units-of")) {
                if (auto u = side_attr(n, "units-of", kNamed))
                    p.units_of = *u;
                else
                    ok = false;
            } else if (sc_.sides.size() != 2 && !sc_.sides_from_game) {  // from the game: `side` is the error
                error(n, tag + " needs 'units-of' (whose units trace) in a game of more than two sides");
                ok = false;
            }
            const bool at = !n.attribute("to-roads-leaving-at").empty(), by_edge = !n.attribute("to-roads-leaving-edge").empty();
            if (at == by_edge) {
                error(n, tag + " needs exactly one of 'to-roads-leaving-at' (locations) and 'to-roads-leaving-edge' (edges)");
                ok = false;
            } else if (at) {
                if (!required(n, "to-roads-leaving-at")) ok = false;
                else if (auto l = locs_attr(n, "to-roads-leaving-at")) p.to_roads_leaving_at = std::move(*l);
                else ok = false;
            } else {
                if (!required(n, "to-roads-leaving-edge")) ok = false;
                else if (auto e = edges_attr(n, "to-roads-leaving-edge")) p.to_roads_leaving_edge = std::move(*e);
                else ok = false;
            }
            if (auto m = int_attr(n, "max-length", 1, 10000, false))
                p.max_length = static_cast<std::int32_t>(*m);
            else if (n.attribute("max-length"))
                ok = false;
            if (auto z = word_attr(n, "zoc", {"ignored", "blocks-unless-friendly"}, false))
                p.zoc = *z == 0 ? TraceZoc::Ignored : TraceZoc::BlocksUnlessFriendly;
            else if (n.attribute("zoc"))
                ok = false;
        }
        if (p.kind == PointsKind::ExitLead) {
            if (auto t = side_attr(n, "each-turn-of", kNamed))
                p.each_turn_of = *t;
            else
                ok = false;
            for (std::string_view t : list_attr(n, "unit-types")) p.unit_types.emplace_back(t);
            if (sc_.sides.size() != 2 && !sc_.sides_from_game) {  // from the game: `side` is the error
                error(n, tag + " needs a game of two sides (it compares a side's exits with the enemy's)");
                ok = false;
            }
        }
        if (!ok || !side || !value || !rule || !what || !locs) return;
        p.side = *side;
        p.value = std::move(*value);
        p.locs = std::move(*locs);
        p.rule = std::string(*rule);
        p.what = one_line(*what);
        sc_.points.push_back(std::move(p));
    }

    void read_automatic(pugi::xml_node n) {
        check_attrs(n, {"side", "after-turn", "ratio", "require-positive", "enemy-holds-none", "rule"});
        check_children(n, {});
        AutomaticVictory a;
        auto side = side_attr(n, "side", kNamed);
        auto after = int_attr(n, "after-turn", 1, last_turn(), true);
        auto ratio = int_attr(n, "ratio", 1, 1000000, true);
        auto positive = bool_attr(n, "require-positive");
        auto holds = locs_attr(n, "enemy-holds-none");
        auto rule = required(n, "rule");
        if (n.attribute("require-positive") && !positive) return;
        if (!side || !after || !ratio || !holds || !rule) return;
        if (sc_.sides.size() != 2) {
            error(n, "<automatic> needs a game of two sides");
            return;
        }
        a.side = *side;
        a.after_turn = static_cast<std::int32_t>(*after);
        a.ratio = *ratio;
        a.require_positive = positive.value_or(true);
        a.enemy_holds_none = std::move(*holds);
        a.rule = std::string(*rule);
        sc_.automatic = std::move(a);
    }

    // <levels>: victory levels by the ratio of two sides' points.
    void read_levels(pugi::xml_node s) {
        check_attrs(s, {"ratio", "both-zero", "rule"});
        check_children(s, {"level"});
        Levels lv;
        bool ok = true;
        if (sc_.sides_from_game) {  // its ratio names two sides
            side_pair_attr(s, "ratio");
            return;
        }
        if (sc_.sides.size() != 2) {
            error(s, "<levels> needs a game of two sides");
            return;
        }
        if (auto pair = side_pair_attr(s, "ratio")) {
            lv.num_side = pair->first;
            lv.den_side = pair->second;
        } else {
            ok = false;
        }
        if (auto z = ratio_attr(s, "both-zero", false)) {
            lv.zero_num = z->first;
            lv.zero_den = z->second;
        } else if (s.attribute("both-zero")) {
            ok = false;
        }
        lv.rule = rule_attr(s, false);
        std::vector<pugi::xml_node> nodes;
        for (pugi::xml_node n : s.children("level")) nodes.push_back(n);
        if (nodes.empty()) {
            error(s, "<levels> needs at least one <level>");
            return;
        }
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            pugi::xml_node n = nodes[i];
            const bool last = i + 1 == nodes.size();
            check_attrs(n, {"winner", "name", "at-least", "above"});
            check_children(n, {});
            VictoryLevel l;
            auto winner = side_attr(n, "winner", kNamed);
            auto name = required(n, "name");
            const bool at_least = !n.attribute("at-least").empty(), above = !n.attribute("above").empty();
            if (!winner || !name) ok = false;
            if (at_least && above) {
                error(n, n.attribute("above"), "<level> takes 'at-least' or 'above', not both");
                ok = false;
                continue;
            }
            if (last && (at_least || above)) {
                const char* attr = at_least ? "at-least" : "above";
                error(n, n.attribute(attr),
                      "the last <level> takes no " + qt(attr) + ": it is the level when none above it applies");
                ok = false;
                continue;
            }
            if (!last && !at_least && !above) {
                error(n, "<level> needs 'at-least' or 'above' (a ratio such as 2:1); only the last level has neither");
                ok = false;
                continue;
            }
            if (at_least || above) {
                auto r = ratio_attr(n, at_least ? "at-least" : "above", true);
                if (!r) {
                    ok = false;
                    continue;
                }
                l.test = at_least ? LevelTest::AtLeast : LevelTest::Above;
                l.num = r->first;
                l.den = r->second;
            }
            if (!winner || !name) continue;
            l.winner = *winner;
            l.name = one_line(*name);
            lv.levels.push_back(std::move(l));
        }
        if (ok) sc_.levels = std::move(lv);
    }

    // The move log's objective kinds (ObjectiveKind, in its order), by name.
    static constexpr int kObjectiveKinds = static_cast<int>(ObjectiveKind::LastToOccupy) + 1;

    std::optional<ObjectiveKind> objective_kind_attr(pugi::xml_node n, const char* name) {
        auto v = required(n, name);
        if (!v) return std::nullopt;
        std::string list;
        for (int i = 0; i < kObjectiveKinds; ++i) {
            const auto k = static_cast<ObjectiveKind>(i);
            if (iequals(*v, objective_kind_name(k))) return k;
            list += (i ? ", " : "") + std::string(objective_kind_name(k));
        }
        error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + ": " + qt(*v) + " is not one of " + list);
        return std::nullopt;
    }


    void read_objective(pugi::xml_node n) {
        check_attrs(n, {"kind", "side", "locs", "banners", "held-by", "name", "rule"});
        check_children(n, {});
        ObjectiveDef o;
        bool ok = true;
        auto kind = objective_kind_attr(n, "kind");
        auto side = side_attr(n, "side", kAny);
        if (!kind || !side) ok = false;
        std::optional<std::vector<LocId>> locs;
        if (required(n, "locs")) locs = locs_attr(n, "locs");
        if (!locs) {
            ok = false;
        } else if (kind && objective_single_hex(*kind) && locs->size() != 1) {
            error(n, n.attribute("locs"),
                  "<objective kind=\"" + std::string(objective_kind_name(*kind)) + "\"> takes one hex in 'locs', not " +
                      std::to_string(locs->size()) + " (a group of hexes is a temporary-group, start-turn-temporary-group or "
                      "majority objective)");
            ok = false;
        }
        if (auto b = int_attr(n, "banners", 1, 100, false))
            o.banners = static_cast<std::int32_t>(*b);
        else if (n.attribute("banners"))
            ok = false;
        if (n.attribute("held-by")) {
            if (auto h = side_attr(n, "held-by", kNamed))
                o.held_by = *h;
            else
                ok = false;
        }
        if (ok && *side != kNoSide && o.held_by != kNoSide && o.held_by != *side) {
            error(n, n.attribute("held-by"),
                  "<objective> counts for " + sc_.sides[static_cast<std::size_t>(*side)] + " only; held-by cannot give its banner to " +
                      sc_.sides[static_cast<std::size_t>(o.held_by)]);
            ok = false;
        }
        if (auto name = optional(n, "name")) o.name = one_line(*name);
        o.rule = rule_attr(n, false);
        if (!ok) return;
        o.kind = *kind;
        o.side = *side;
        o.locs = std::move(*locs);
        sc_.objectives.push_back(std::move(o));
    }

    // <objectives>: victory-banner objectives and each side's target (sudden death).
    void read_objectives(pugi::xml_node s) {
        if (!s) return;
        check_attrs(s, {});
        check_children(s, {"objective", "target"});
        for (pugi::xml_node n : s.children("objective")) read_objective(n);
        sc_.targets.assign(sc_.sides.size(), 0);
        std::map<SideId, pugi::xml_node> seen;
        for (pugi::xml_node n : s.children("target")) {
            check_attrs(n, {"side", "banners"});
            check_children(n, {});
            auto side = side_attr(n, "side", kNamed);
            auto banners = int_attr(n, "banners", 1, 1000, true);
            if (!side) continue;
            if (auto it = seen.find(*side); it != seen.end()) {
                error(n, n.attribute("side"),
                      "side " + qt(sc_.sides[static_cast<std::size_t>(*side)]) + " has a second <target> (the first is on line " +
                          std::to_string(line_of(it->second)) + ")");
                continue;
            }
            seen.emplace(*side, n);
            if (banners) sc_.targets[static_cast<std::size_t>(*side)] = static_cast<std::int32_t>(*banners);
        }
    }

    // Sudden death needs banners to count: for eliminations, from objectives, or from the games
    // (a scenario whose sides come from the game leaves its objectives to the games' records).
    bool has_banner_source() {
        // An <objective> with errors still counts: its error is the one to report.
        return sc_.elimination_banners.enabled || !sc_.objectives.empty() || sc_.sides_from_game ||
               sections_["objectives"].child("objective");
    }
    static constexpr const char* kBannerSources =
        "<banners-for-eliminations> in <victory>, an <objective> in <objectives>, or sides that come from the game";

    void read_banners_for_eliminations(pugi::xml_node n) {
        check_attrs(n, {"no-banner-roles", "rule"});
        check_children(n, {});
        EliminationBanners b;
        b.enabled = true;
        for (std::string_view r : list_attr(n, "no-banner-roles")) {
            if (std::find(b.no_banner_roles.begin(), b.no_banner_roles.end(), r) != b.no_banner_roles.end()) {
                error(n, n.attribute("no-banner-roles"),
                      "<banners-for-eliminations> attribute 'no-banner-roles' lists " + qt(r) + " twice");
                continue;
            }
            b.no_banner_roles.emplace_back(r);
        }
        b.rule = rule_attr(n, false);
        sc_.elimination_banners = std::move(b);
    }

    // An extending file that keeps its base's sudden death but changes what gave the banners.
    void check_inherited_sudden_death(pugi::xml_node root) {
        if (sections_["victory"] || sc_.end_victory != EndVictory::SuddenDeath || has_banner_source()) return;
        pugi::xml_node at = sections_["objectives"] ? sections_["objectives"] : sections_["sides"] ? sections_["sides"] : root;
        error(at, "the base scenario's <end-of-game winner=\"sudden-death\"> needs a source of banners, and this file leaves "
                  "none: " + std::string(kBannerSources));
    }

    void read_victory(pugi::xml_node v) {
        if (!v) return;
        check_attrs(v, {});
        check_children(v, {"points", "automatic", "end-of-game", "levels", "banners-for-eliminations", "factions"});
        for (pugi::xml_node n : v.children("points")) read_points(n);
        if (pugi::xml_node b = single_child(v, "banners-for-eliminations", false)) read_banners_for_eliminations(b);
        if (pugi::xml_node a = single_child(v, "automatic", false)) read_automatic(a);
        pugi::xml_node levels = single_child(v, "levels", false);
        if (levels) read_levels(levels);
        pugi::xml_node factions = single_child(v, "factions", false);
        if (factions) read_factions(factions);
        bool by_levels = false, by_factions = false, winner_known = true;
        if (pugi::xml_node e = single_child(v, "end-of-game", false)) {
            check_attrs(e, {"winner", "rule"});
            check_children(e, {});
            if (auto w = word_attr(e, "winner", {"higher-total", "levels", "sudden-death", "factions"}, true)) {
                const EndVictory kinds[] = {EndVictory::HigherTotal, EndVictory::Levels, EndVictory::SuddenDeath, EndVictory::Factions};
                sc_.end_victory = kinds[*w];
                by_levels = *w == 1;
                by_factions = *w == 3;
                if (by_factions && !factions)
                    error(e, e.attribute("winner"), "<end-of-game winner=\"factions\"> needs <factions> in <victory>");
                if (by_levels && !levels)
                    error(e, e.attribute("winner"), "<end-of-game winner=\"levels\"> needs a <levels> table in <victory>");
                if (*w == 2 && !has_banner_source())
                    error(e, e.attribute("winner"),
                          "<end-of-game winner=\"sudden-death\"> needs a source of banners: " + std::string(kBannerSources));
            } else {
                winner_known = false;
            }
            sc_.end_rule = rule_attr(e, false);
        }
        if (levels && !by_levels && winner_known)
            error(levels, "<levels> needs <end-of-game winner=\"levels\"> in the same <victory> (the table decides the game only then)");
        if (factions && !by_factions && winner_known)
            error(factions, "<factions> needs <end-of-game winner=\"factions\"> in the same <victory> (the factions' margins decide "
                            "the game only then)");
    }

    // ---- area games with factions: setup, tracks, casualties, treaty ----------------------------

    // " (1.4)" when a rule is known, for messages that cite one.
    static std::string cite(const std::string& rule) { return rule.empty() ? std::string() : " (" + rule + ")"; }

    // The pieces a faction owns, for messages: "continental, militia, fort".
    std::string pieces_of(SideId f) const {
        std::string out;
        if (f >= 0 && static_cast<std::size_t>(f) < sc_.faction_pieces.size())
            for (Piece p : sc_.faction_pieces[static_cast<std::size_t>(f)]) out += (out.empty() ? "" : ", ") + std::string(piece_name(p));
        return out;
    }

    bool owns(SideId f, Piece p) const {
        if (f < 0 || static_cast<std::size_t>(f) >= sc_.faction_pieces.size()) return false;
        const auto& v = sc_.faction_pieces[static_cast<std::size_t>(f)];
        return std::find(v.begin(), v.end(), p) != v.end();
    }

    // A piece `faction` must own (<side pieces=...>), named by attribute `name` (which gave `p`).
    bool check_owned(pugi::xml_node n, const char* name, SideId f, Piece p) {
        if (owns(f, p)) return true;
        const std::string side = sc_.sides[static_cast<std::size_t>(f)];
        const std::string has = pieces_of(f);
        error(n, n.attribute(name),
              elem(n) + " attribute " + qt(name) + ": " + qt(piece_name(p)) + " is not a piece of " + side + cite(sc_.pieces_rule) +
                  (has.empty() ? "; " + side + " owns no pieces (<side pieces=...>)" : "; " + side + " owns: " + has));
        return false;
    }

    // A piece name (case-insensitive), owned by `faction` when one is given.
    std::optional<Piece> piece_attr(pugi::xml_node n, const char* name, std::optional<SideId> faction) {
        auto i = word_attr(n, name, kPieceWords, true);
        if (!i) return std::nullopt;
        const Piece p = static_cast<Piece>(*i);
        if (faction && !check_owned(n, name, *faction, p)) return std::nullopt;
        return p;
    }

    // Needs a map of spaces; reports at `n` (attribute `attr` when given) unless the map is broken.
    bool need_spaces(pugi::xml_node n, const char* attr, const std::string& what) {
        if (!sc_.spaces.empty()) return true;
        if (map_ok_)
            error(n, attr ? n.attribute(attr) : pugi::xml_attribute(),
                  what + " needs a map of spaces (<location> elements with a type)");
        return false;
    }

    // <setup>: the starting position (support levels, pieces, blockades), like a log's area records
    // before its first turn.
    void read_setup(pugi::xml_node s) {
        if (!s) return;
        check_attrs(s, {});
        check_children(s, {"support", "place", "blockade"});
        if (!need_spaces(s, nullptr, "<setup>")) return;
        std::map<LocId, pugi::xml_node> levels, blockades;
        std::map<std::tuple<SideId, Piece, LocId>, pugi::xml_node> placed;
        for (pugi::xml_node n : s.children()) {
            if (n.type() != pugi::node_element) continue;
            const std::string_view kind = n.name();
            if (kind == "support") {
                check_attrs(n, {"space", "level"});
                check_children(n, {});
                auto space = loc_attr(n, "space", true);
                auto level = word_attr(n, "level", kSupportWords, true);
                if (!space || !level) continue;
                const std::string& name = sc_.map.name(*space);
                if (auto it = levels.find(*space); it != levels.end()) {
                    error(n, n.attribute("space"),
                          "the support level of " + qt(name) + " is given twice (first on line " + std::to_string(line_of(it->second)) + ")");
                    continue;
                }
                levels.emplace(*space, n);
                SpaceDef& d = sc_.spaces[static_cast<std::size_t>(*space)];
                const int lvl = static_cast<int>(*level) - 2;
                if (lvl != 0 && !d.support_allowed && map_ok_) {  // (a population with errors reads as 0)
                    error(n, n.attribute("level"),
                          "<support> attribute 'level': " + qt(name) + " has population 0, so it is always neutral" + cite(sc_.support_rule));
                    continue;
                }
                d.support = static_cast<std::int8_t>(lvl);
            } else if (kind == "place") {
                check_attrs(n, {"faction", "piece", "space", "count"});
                check_children(n, {});
                auto faction = side_attr(n, "faction", kNamed);
                auto piece = piece_attr(n, "piece", faction);
                auto space = loc_attr(n, "space", true);
                auto count = int_attr(n, "count", 1, 1000, false);
                if (!faction || !piece || !space || (n.attribute("count") && !count)) continue;
                const auto key = std::make_tuple(*faction, *piece, *space);
                if (auto it = placed.find(key); it != placed.end()) {
                    error(n, "the " + sc_.sides[static_cast<std::size_t>(*faction)] + " " + piece_name(*piece) + " pieces in " +
                                 qt(sc_.map.name(*space)) + " are placed twice (first on line " + std::to_string(line_of(it->second)) +
                                 "); give one <place> with a count");
                    continue;
                }
                placed.emplace(key, n);
                sc_.start_pieces.push_back(StartPieces{*faction, *piece, *space, count.value_or(1)});
            } else if (kind == "blockade") {
                check_attrs(n, {"city"});
                check_children(n, {});
                auto city = loc_attr(n, "city", true);
                if (!city) continue;
                const std::string& name = sc_.map.name(*city);
                SpaceDef& d = sc_.spaces[static_cast<std::size_t>(*city)];
                if (d.type != SpaceType::City) {
                    error(n, n.attribute("city"),
                          "<blockade> attribute 'city': " + qt(name) +
                              (d.type == SpaceType::None ? std::string(" has no type") : " is a " + std::string(space_type_name(d.type))) +
                              ", and only a city can be blockaded" + cite(sc_.blockade_rule));
                    continue;
                }
                if (auto it = blockades.find(*city); it != blockades.end()) {
                    error(n, n.attribute("city"),
                          qt(name) + " is blockaded twice (first on line " + std::to_string(line_of(it->second)) + ")");
                    continue;
                }
                blockades.emplace(*city, n);
                d.blockaded = true;
            }
        }
    }

    // A track by name (case-insensitive); `what` says which tracks are allowed in the message.
    std::optional<std::int32_t> track_by_name(pugi::xml_node n, const char* attr, std::string_view name) {
        const std::int32_t t = sc_.find_track(name);
        if (t >= 0) return t;
        if (!tracks_ok_) return std::nullopt;
        std::string list;
        for (const TrackDef& d : sc_.tracks) list += (list.empty() ? "" : ", ") + d.name;
        error(n, n.attribute(attr),
              elem(n) + " attribute " + qt(attr) + ": unknown track " + qt(name) +
                  (list.empty() ? std::string(" (the scenario has no <tracks>)") : " (tracks: " + list + ")"));
        return std::nullopt;
    }

    // A list of track names, each known and listed once; nullopt when any is wrong.
    std::optional<std::vector<std::int32_t>> tracks_list_attr(pugi::xml_node n, const char* name) {
        std::vector<std::int32_t> out;
        bool ok = true;
        for (std::string_view item : list_attr(n, name)) {
            auto t = track_by_name(n, name, item);
            if (!t) {
                ok = false;
                continue;
            }
            if (std::find(out.begin(), out.end(), *t) != out.end()) {
                error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + " lists " + qt(item) + " twice");
                ok = false;
                continue;
            }
            out.push_back(*t);
        }
        if (!ok) return std::nullopt;
        return out;
    }

    static constexpr std::string_view kDeriveWords[] = {"free", "casualties", "support", "opposition", "pieces"};

    // <tracks>: the game's numbered tracks, set by `track` records (free) or derived by the engine.
    void read_tracks(pugi::xml_node s) {
        if (!s) return;
        check_attrs(s, {});
        check_children(s, {"track"});
        std::map<std::string, pugi::xml_node, std::less<>> names;  // lower-cased
        for (pugi::xml_node n : s.children("track")) {
            check_attrs(n, {"name", "title", "derive", "faction", "piece", "start", "rule"});
            check_children(n, {});
            TrackDef t;
            bool ok = true;
            if (auto name = required(n, "name")) {
                std::string key(*name);
                for (char& c : key)
                    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
                if (name->find_first_of(" \t\r\n,") != std::string_view::npos) {
                    error(n, n.attribute("name"), "track name " + qt(*name) + " is not one word (a `track` record names it)");
                    ok = false;
                } else if (auto it = names.find(key); it != names.end()) {
                    error(n, n.attribute("name"),
                          "track " + qt(*name) + " is declared twice (first on line " + std::to_string(line_of(it->second)) + ")");
                    ok = false;
                } else {
                    names.emplace(key, n);
                    t.name = std::string(*name);
                }
            } else {
                ok = false;
            }
            if (auto title = required(n, "title"))
                t.title = one_line(*title);
            else
                ok = false;
            auto derive = word_attr(n, "derive", {"free", "casualties", "support", "opposition", "pieces"}, false);
            if (n.attribute("derive") && !derive) continue;  // reported; what else it takes depends on it
            t.derive = derive ? static_cast<TrackDerive>(*derive) : TrackDerive::Free;
            const std::string tag = "<track derive=\"" + std::string(kDeriveWords[static_cast<std::size_t>(t.derive)]) + "\">";
            if (t.derive == TrackDerive::Pieces) {
                auto faction = side_attr(n, "faction", kNamed);
                auto piece = piece_attr(n, "piece", faction);
                if (faction && piece) {
                    t.faction = *faction;
                    t.piece = *piece;
                } else {
                    ok = false;
                }
            } else {
                for (const char* attr : {"faction", "piece"})
                    if (n.attribute(attr)) {
                        error(n, n.attribute(attr), tag + " takes no " + qt(attr) + " (only derive=\"pieces\" does)");
                        ok = false;
                    }
            }
            if (t.derive == TrackDerive::Free || t.derive == TrackDerive::Casualties) {
                if (auto v = int_attr(n, "start", -1000000, 1000000, false))
                    t.start = *v;
                else if (n.attribute("start"))
                    ok = false;
            } else if (n.attribute("start")) {
                error(n, n.attribute("start"),
                      tag + " takes no 'start' (only derive=\"free\" and derive=\"casualties\" do; the engine computes the others)");
                ok = false;
            }
            if (t.derive == TrackDerive::Support || t.derive == TrackDerive::Opposition || t.derive == TrackDerive::Pieces)
                if (!need_spaces(n, "derive", tag)) ok = false;
            t.rule = rule_attr(n, false);
            if (ok) sc_.tracks.push_back(std::move(t));
        }
    }

    // An extending file that gives <tracks> but keeps its base's <casualties> or <victory>: those
    // named the base's tracks by index, so they are found again by name in the new tracks.
    void remap_inherited_tracks() {
        if (!extending_ || !sections_["tracks"] || !tracks_ok_) return;
        pugi::xml_node at = sections_["tracks"];
        std::set<std::string> reported;
        auto find = [&](std::int32_t old, const char* section, bool casualties) -> std::int32_t {
            const std::string& name = base_track_names_[static_cast<std::size_t>(old)];
            const std::int32_t t = sc_.find_track(name);
            if (t >= 0 && (!casualties || sc_.tracks[static_cast<std::size_t>(t)].derive == TrackDerive::Casualties)) return t;
            if (reported.insert(std::string(section) + "/" + name).second)
                error(at, "the base scenario's <" + std::string(section) + "> uses track " + qt(name) + ", which this <tracks> does not " +
                              (casualties ? "declare with derive=\"casualties\"" : "declare") + "; give <" + section +
                              "> in this file too");
            return old;
        };
        if (!sections_["casualties"])
            for (CasualtyDef& c : sc_.casualties) c.track = find(c.track, "casualties", true);
        if (!sections_["victory"])
            for (FactionVictoryDef& f : sc_.faction_victory.factions)
                for (ConditionDef& c : f.conditions) {
                    for (std::int32_t& t : c.plus) t = find(t, "victory", false);
                    for (std::int32_t& t : c.minus) t = find(t, "victory", false);
                }
    }

    // <casualties>: which pieces sent to the Casualties box count, and on which track.
    void read_casualties(pugi::xml_node s) {
        if (!s) return;
        check_attrs(s, {"rule"});
        check_children(s, {"casualty"});
        sc_.casualty_rule = rule_attr(s, false);
        std::map<std::pair<SideId, Piece>, pugi::xml_node> seen;
        for (pugi::xml_node n : s.children("casualty")) {
            check_attrs(n, {"faction", "pieces", "track"});
            check_children(n, {});
            auto faction = side_attr(n, "faction", kNamed);
            std::optional<std::vector<std::size_t>> pieces;
            if (required(n, "pieces")) pieces = words_list_attr(n, "pieces", kPieceWords);
            std::int32_t track = -1;  // a plain index: gcc -O2 warns (wrongly) of an optional's value here
            if (auto name = required(n, "track")) {
                track = track_by_name(n, "track", *name).value_or(-1);
                if (track >= 0 && sc_.tracks[static_cast<std::size_t>(track)].derive != TrackDerive::Casualties) {
                    error(n, n.attribute("track"),
                          "<casualty> attribute 'track': " + qt(sc_.tracks[static_cast<std::size_t>(track)].name) +
                              " is not a casualties track (<track derive=\"casualties\">)");
                    track = -1;
                }
            }
            if (!faction || !pieces || track < 0) continue;
            for (std::size_t i : *pieces) {
                const Piece p = static_cast<Piece>(i);
                if (!check_owned(n, "pieces", *faction, p)) continue;
                if (auto it = seen.find({*faction, p}); it != seen.end()) {
                    error(n, n.attribute("pieces"),
                          "<casualty> attribute 'pieces': " + sc_.sides[static_cast<std::size_t>(*faction)] + " " + piece_name(p) +
                              " already counts as a casualty (on line " + std::to_string(line_of(it->second)) + ")");
                    continue;
                }
                seen.emplace(std::make_pair(*faction, p), n);
                sc_.casualties.push_back(CasualtyDef{*faction, p, track});
            }
        }
    }

    // <treaty>: the card whose play is the treaty (Liberty or Death's Treaty of Alliance).
    void read_treaty(pugi::xml_node n) {
        if (!n) return;
        check_attrs(n, {"card", "played", "param", "rule"});
        check_children(n, {});
        TreatyDef t;
        t.declared = true;  // also with errors: a faction that requires it is not reported again
        if (auto card = required(n, "card")) {
            if (card->find_first_of(" \t\r\n") != std::string_view::npos)
                error(n, n.attribute("card"), "<treaty> attribute 'card': " + qt(*card) + " is not one word (a card id, as `card` records give it)");
            t.card = std::string(*card);
        }
        if (auto played = bool_attr(n, "played")) t.played = *played;
        if (auto p = optional(n, "param")) {
            if (const ParamDef* def = sc_.find_param(*p)) {
                t.param = def->name;
                if (def->default_value && !iequals(*def->default_value, "yes") && !iequals(*def->default_value, "no") &&
                    !iequals(*def->default_value, "true") && !iequals(*def->default_value, "false")) {
                    auto it = param_nodes_.find(def->name);
                    const std::string msg = "parameter " + qt(def->name) + ": default " + qt(*def->default_value) +
                                            " is not yes or no (<treaty param=...> plays the treaty with it)";
                    if (it != param_nodes_.end())
                        error(it->second, it->second.attribute("default"), msg);
                    else
                        error(n, n.attribute("param"), msg);
                }
            } else if (params_ok_) {
                error(n, n.attribute("param"), "<treaty> attribute 'param': unknown parameter " + qt(*p) + " (declare it in <params>)");
            }
        }
        t.rule = rule_attr(n, false);
        sc_.treaty = std::move(t);
    }

    // ---- faction victory ----------------------------------------------------------------------------

    std::optional<std::int32_t> phase_attr(pugi::xml_node n, const char* name) {
        auto v = required(n, name);
        if (!v) return std::nullopt;
        const std::int32_t ph = sc_.find_phase(*v);
        if (ph >= 0) return ph;
        if (!phases_ok_) return std::nullopt;
        std::string msg = elem(n) + " attribute " + qt(name) + ": unknown phase " + qt(*v) + " (phases: ";
        for (std::size_t i = 0; i < sc_.phases.size(); ++i) msg += (i ? ", " : "") + sc_.phases[i].name;
        error(n, n.attribute(name), msg + ")");
        return std::nullopt;
    }

    // A list that names every side exactly once (an order of the sides).
    std::optional<std::vector<SideId>> side_order_attr(pugi::xml_node n, const char* name) {
        if (!required(n, name)) return std::nullopt;
        std::vector<SideId> out;
        bool ok = true;
        for (std::string_view item : list_attr(n, name)) {
            const SideId s = sc_.find_side(item);
            if (s == kNoSide) {
                if (sides_ok_) {
                    std::string msg = elem(n) + " attribute " + qt(name) + ": unknown side " + qt(item) + " (sides: ";
                    for (std::size_t i = 0; i < sc_.sides.size(); ++i) msg += (i ? ", " : "") + sc_.sides[i];
                    error(n, n.attribute(name), msg + ")");
                }
                ok = false;
                continue;
            }
            if (std::find(out.begin(), out.end(), s) != out.end()) {
                error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + " lists " + qt(item) + " twice");
                ok = false;
                continue;
            }
            out.push_back(s);
        }
        if (!ok) return std::nullopt;
        std::string missing;
        for (std::size_t i = 0; i < sc_.sides.size(); ++i)
            if (std::find(out.begin(), out.end(), static_cast<SideId>(i)) == out.end())
                missing += (missing.empty() ? "" : ", ") + sc_.sides[i];
        if (!missing.empty()) {
            error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + " leaves out " + missing + " (it names every side once)");
            return std::nullopt;
        }
        return out;
    }

    static constexpr int kMaxConditions = 4;

    std::optional<ConditionDef> read_condition(pugi::xml_node c) {
        check_attrs(c, {"plus", "minus", "offset", "above", "what"});
        check_children(c, {});
        ConditionDef d;
        bool ok = true;
        auto plus = tracks_list_attr(c, "plus");
        auto minus = tracks_list_attr(c, "minus");
        if (plus && minus && plus->empty() && minus->empty()) {
            error(c, "<condition> needs 'plus' or 'minus' (the tracks it adds and subtracts)");
            ok = false;
        }
        if (!plus || !minus) ok = false;
        if (auto v = int_attr(c, "offset", -1000000, 1000000, false))
            d.offset = *v;
        else if (c.attribute("offset"))
            ok = false;
        if (auto v = int_attr(c, "above", 0, 1000000, false))
            d.above = *v;
        else if (c.attribute("above"))
            ok = false;
        auto what = required(c, "what");
        if (!ok || !what) return std::nullopt;
        d.plus = std::move(*plus);
        d.minus = std::move(*minus);
        d.what = one_line(*what);
        return d;
    }

    // <factions> in <victory>: each faction's conditions, when they are checked and how the game ends.
    void read_factions(pugi::xml_node s) {
        check_attrs(s, {"check-phase", "final-after-phase", "check-rule", "final-rule", "rank-rule", "players-rule", "tie-order"});
        check_children(s, {"faction", "one-player"});
        if (sc_.groups.empty()) {
            if (sides_ok_)
                error(s, "<factions> needs sides in groups (<side group=...>): a faction's win is ranked against its own "
                         "group and the other");
            return;
        }
        FactionVictory fv;
        fv.enabled = true;
        bool ok = true;
        auto check = phase_attr(s, "check-phase");
        auto final_phase = phase_attr(s, "final-after-phase");
        auto tie = side_order_attr(s, "tie-order");
        if (!check || !final_phase || !tie) ok = false;
        auto text = [&](const char* name) { auto v = optional(s, name); return v ? std::string(*v) : std::string(); };
        fv.check_rule = text("check-rule");
        fv.final_rule = text("final-rule");
        fv.rank_rule = text("rank-rule");
        fv.players_rule = text("players-rule");
        if (pugi::xml_node op = single_child(s, "one-player", false)) {
            check_attrs(op, {"rule", "tie-order"});
            check_children(op, {});
            auto rule = required(op, "rule");
            auto order = side_order_attr(op, "tie-order");
            if (rule && order) {
                fv.one_player_rule = std::string(*rule);
                fv.one_player_tie_order = std::move(*order);
            } else {
                ok = false;
            }
        }
        fv.factions.resize(sc_.sides.size());
        std::vector<pugi::xml_node> seen(sc_.sides.size());
        for (pugi::xml_node f : s.children("faction")) {
            check_attrs(f, {"name", "requires-treaty"});
            check_children(f, {"condition"});
            auto side = side_attr(f, "name", kNamed);
            FactionVictoryDef def;
            if (auto rt = bool_attr(f, "requires-treaty")) {
                def.requires_treaty = *rt;
                if (*rt && !sc_.treaty.declared) {
                    error(f, f.attribute("requires-treaty"),
                          "<faction> attribute 'requires-treaty': the scenario has no <treaty> (the card that is the treaty)");
                    ok = false;
                }
            } else if (f.attribute("requires-treaty")) {
                ok = false;
            }
            int count = 0;
            for (pugi::xml_node c : f.children("condition")) {
                if (++count > kMaxConditions) {
                    error(c, "<faction> takes at most " + std::to_string(kMaxConditions) + " <condition> elements");
                    ok = false;
                    continue;
                }
                if (auto d = read_condition(c))
                    def.conditions.push_back(std::move(*d));
                else
                    ok = false;
            }
            if (count == 0) {
                error(f, "<faction> needs at least one <condition>");
                ok = false;
            }
            if (!side) {
                ok = false;
                continue;
            }
            const std::size_t i = static_cast<std::size_t>(*side);
            if (seen[i]) {
                error(f, f.attribute("name"),
                      "faction " + qt(sc_.sides[i]) + " has a second <faction> (the first is on line " + std::to_string(line_of(seen[i])) + ")");
                ok = false;
                continue;
            }
            seen[i] = f;
            def.faction = *side;
            fv.factions[i] = std::move(def);
        }
        if (sides_ok_) {
            std::string missing;
            for (std::size_t i = 0; i < sc_.sides.size(); ++i)
                if (!seen[i]) missing += (missing.empty() ? "" : ", ") + sc_.sides[i];
            if (!missing.empty()) {
                error(s, "<factions> needs a <faction> for every side; it has none for " + missing);
                ok = false;
            }
        }
        if (!ok) return;
        fv.check_phase = *check;
        fv.final_phase = *final_phase;
        fv.tie_order = std::move(*tie);
        sc_.faction_victory = std::move(fv);
    }

    void read_rulings(pugi::xml_node s) {
        if (!s) return;
        check_attrs(s, {});
        check_children(s, {"ruling"});
        std::map<std::string, pugi::xml_node, std::less<>> ids;
        for (pugi::xml_node n : s.children("ruling")) {
            check_attrs(n, {"id"});
            check_text_only(n);
            auto id = required(n, "id");
            const std::string text = one_line(n.text().get());
            if (text.empty()) error(n, "<ruling> needs its text between <ruling ...> and </ruling>");
            if (!id || text.empty()) continue;
            if (auto it = ids.find(*id); it != ids.end()) {
                error(n, n.attribute("id"),
                      "ruling " + qt(*id) + " is given twice (first on line " + std::to_string(line_of(it->second)) + ")");
                continue;
            }
            ids.emplace(std::string(*id), n);
            // In an extending file, a ruling with a base ruling's id replaces its text.
            auto base = std::find_if(sc_.rulings.begin(), sc_.rulings.end(), [&](const RulingDef& r) { return r.id == *id; });
            if (base != sc_.rulings.end())
                base->text = text;
            else
                sc_.rulings.push_back(RulingDef{std::string(*id), text});
        }
    }

    std::string file_;
    std::string_view text_;
    std::vector<std::size_t> line_starts_;
    std::vector<ScenarioError> errors_;
    pugi::xml_document doc_;
    Scenario sc_;
    std::map<std::string, pugi::xml_node, std::less<>> sections_;
    std::map<std::string, pugi::xml_node, std::less<>> param_nodes_;
    std::vector<pugi::xml_node> unit_nodes_;  // the element of each unit of sc_.units read from this file
    bool extending_ = false;                  // <scenario extends="...">
    bool grid_ = false;
    bool sides_ok_ = false, phases_ok_ = false, params_ok_ = false, map_ok_ = false;
    bool tracks_ok_ = true;           // <tracks> (this file's, or the base's) has no errors
    bool turns_from_param_ = false;   // <scenario turns="param:NAME"> in this file
    std::vector<std::string> base_track_names_;  // an extending file's base's tracks, by index
    std::pair<int, int> grid_cols_{0, 0}, grid_rows_{0, 0};
};

ScenarioError file_error(std::string file, std::string msg) {
    ScenarioError e;
    e.file = std::move(file);
    e.message = std::move(msg);
    return e;  // line and column 0: the file as a whole
}

std::string builtin_list() {
    std::string out;
    for (const BuiltinScenario& b : builtin_scenarios()) out += (out.empty() ? "" : ", ") + std::string(b.id);
    return out.empty() ? "none" : out;
}

}  // namespace

bool is_reserved_side_word(std::string_view s) {
    for (std::string_view w : {"each", "none", "first", "second", "any", "phasing"})
        if (iequals(s, w)) return true;
    return false;
}

namespace {

std::string title_of(const void* data, std::size_t size) {
    pugi::xml_document doc;
    if (!doc.load_buffer(data, size, pugi::parse_default, pugi::encoding_utf8)) return {};
    return one_line(doc.document_element().attribute("title").value());
}

struct BuiltinTable {
    std::deque<std::string> strings;  // titles, and the ids and text of added test built-ins (stable addresses)
    std::vector<BuiltinScenario> list;
    BuiltinTable() {
        for (const EmbeddedFile* f = kEmbeddedScenarios; f->name; ++f) {
            const std::string& title = strings.emplace_back(title_of(f->data, f->size));
            list.push_back(BuiltinScenario{f->name, title, std::string_view(reinterpret_cast<const char*>(f->data), f->size)});
        }
    }
};

BuiltinTable& builtin_table() {
    static BuiltinTable table;
    return table;
}

}  // namespace

const std::vector<BuiltinScenario>& builtin_scenarios() { return builtin_table().list; }

// For tests only (declared in tests/parser/scenario/test_scenario.cpp, not in parser/scenario/scenario.hpp): adds `xml` as
// a built-in scenario `id` for the rest of the process, so that the reader can be tested with kinds
// of base no file in scenarios/ is yet (a base whose sides come from the game). An id already
// listed is left as it is. Not thread-safe: call it before reading scenarios.
void add_builtin_scenario_for_tests(const std::string& id, const std::string& xml) {
    BuiltinTable& t = builtin_table();
    if (std::any_of(t.list.begin(), t.list.end(), [&](const BuiltinScenario& b) { return b.id == id; })) return;
    const std::string& sid = t.strings.emplace_back(id);
    const std::string& text = t.strings.emplace_back(xml);
    const std::string& title = t.strings.emplace_back(title_of(text.data(), text.size()));
    t.list.push_back(BuiltinScenario{sid, title, text});
}

ScenarioLoad read_scenario_xml(std::string_view xml, std::string file) {
    try {
        return Reader(xml, file).run();
    } catch (const std::exception& ex) {  // allocation failure and the like: still a clean error
        ScenarioLoad out;
        out.errors.push_back(file_error(std::move(file), std::string("cannot read the scenario: ") + ex.what()));
        return out;
    }
}

ScenarioLoad load_scenario(std::string_view id_or_path) {
    for (const BuiltinScenario& b : builtin_scenarios()) {
        if (b.id != id_or_path) continue;
        ScenarioLoad r = read_scenario_xml(b.xml, "<built-in>");
        if (r.scenario && r.scenario->id != b.id) {
            ScenarioLoad bad;
            bad.errors.push_back(file_error("<built-in>", "built-in scenario " + qt(b.id) + " declares id " + qt(r.scenario->id)));
            return bad;
        }
        return r;
    }
    ScenarioLoad out;
    const std::string path(id_or_path);
    try {
        std::error_code ec;
        const std::filesystem::path p(path);
        if (path.empty()) {
            out.errors.push_back(file_error(path, "no scenario named (built-ins: " + builtin_list() + ")"));
            return out;
        }
        if (!std::filesystem::exists(p, ec)) {
            out.errors.push_back(file_error(path, "no such file, and no built-in scenario of that name (built-ins: " + builtin_list() + ")"));
            return out;
        }
        if (std::filesystem::is_directory(p, ec)) {
            out.errors.push_back(file_error(path, "is a directory, not a scenario file"));
            return out;
        }
        // A game names its scenario file, so the name is input: a device or a pipe (`game /dev/zero`,
        // `game /dev/tty`) would be read without end or wait for ever, and a huge file fill the
        // memory (found with fuzz_check, docs/fuzzing.md). Scenario files are some 16 KB.
        if (!std::filesystem::is_regular_file(p, ec)) {
            out.errors.push_back(file_error(path, "is not a regular file (a device or a pipe?), not a scenario file"));
            return out;
        }
        constexpr std::uintmax_t kMaxScenarioFile = 16u << 20;
        if (const std::uintmax_t size = std::filesystem::file_size(p, ec); !ec && size > kMaxScenarioFile) {
            out.errors.push_back(file_error(path, "is " + std::to_string(size) + " bytes, larger than a scenario file may be (16 MiB)"));
            return out;
        }
        std::ifstream in(p, std::ios::binary);
        if (!in) {
            out.errors.push_back(file_error(path, std::string("cannot open the file: ") + std::strerror(errno)));
            return out;
        }
        std::ostringstream buf;
        buf << in.rdbuf();
        if (in.bad()) {
            out.errors.push_back(file_error(path, "cannot read the file"));
            return out;
        }
        return read_scenario_xml(buf.str(), path);
    } catch (const std::exception& ex) {
        out.errors.push_back(file_error(path, std::string("cannot read the file: ") + ex.what()));
        return out;
    }
}

}  // namespace referee
