// The scenario reader's context (internal to parser/scenario/; nothing above it includes this): what
// every section reader (scenario_sections.hpp) works with. ReadContext holds the Scenario being
// read, what the sections tell each other (which sections the file gives, which were read without
// errors, the elements that declared parameters and units), and the file's text, so that any
// problem becomes a ScenarioError at its line and column.
//
// reader_xml.cpp: positions, errors, and attributes of every kind (numbers, yes/no, words, lists,
// ranges, ratios, edges, turns). reader_names.cpp: attributes that name what the scenario declares
// (sides, locations, phases, parameters, tracks), resolved to indices.
#pragma once

#include "scenario.hpp"

#include <pugixml.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace referee::scenario_xml {

constexpr std::string_view kParamPrefix = "param:";  // a value taken from a parameter: "param:exit-vp"
constexpr int kMaxTurns = 10000;
constexpr std::int64_t kMaxAllowance = 1000;  // a movement allowance (G7), in movement points

// A closed list of words an attribute takes (case-insensitive); a word is read as its index.
using Words = std::initializer_list<std::string_view>;
// The pieces of area games (enum Piece of parser/core/record.hpp, in its order; piece_name gives them).
inline const Words kPieceWords = {"regular", "tory", "continental", "militia", "war-party", "village", "fort"};
// Map edges (enum Edge, in its order).
inline const Words kEdgeWords = {"north", "south", "east", "west"};
// Phase kinds (enum PhaseKind, in its order).
inline const Words kPhaseKindWords = {"movement", "combat", "other"};

// Elements by name (std::less<>: looked up with string_views).
using NodesByName = std::map<std::string, pugi::xml_node, std::less<>>;

// ---- text -------------------------------------------------------------------------------------------

std::string_view trim(std::string_view s);
// Collapses runs of white space into one space (texts written over several lines in the file).
std::string one_line(std::string_view s);
std::string qt(std::string_view s);    // 'name'
std::string elem(pugi::xml_node n);   // <name>
// A whole decimal number with an optional sign ("+3", "-2") and white space around it; nullopt
// when it is not one.
std::optional<std::int64_t> whole_number(std::string_view v);
// "a, b, c" (for messages that list what is allowed).
std::string join(std::span<const std::string_view> items);
std::string join(const std::vector<std::string>& items);

// ---- the context ------------------------------------------------------------------------------------

// What unique_list reads with `resolve` (which returns an optional).
template <class Resolve>
using ListOf = std::vector<typename std::invoke_result_t<Resolve&, std::string_view>::value_type>;

// How unique_list names an item listed twice: as written, quoted.
struct QuoteItem {
    template <class T>
    std::string operator()(std::string_view item, const T&) const { return qt(item); }
};

// Which of each / none / first / second / any / phasing a side attribute also takes (side_attr).
enum SideWords : unsigned { kNamed = 0, kEach = 1, kNone = 2, kFirstSecond = 4, kAny = 8, kPhasing = 16 };

class ReadContext {
public:
    // `xml` must outlive the context (positions are found in it). A UTF-8 byte-order mark is
    // skipped; positions count from the character after it.
    ReadContext(std::string_view xml, std::string file);

    // ---- the scenario, and what the sections tell each other ------------------------------------

    Scenario sc;
    std::string file;
    std::string_view text;   // the file, without a byte-order mark
    NodesByName sections;    // <scenario>'s sections by name (a null node: not in this file)
    pugi::xml_node section(std::string_view name) const;
    NodesByName param_nodes;                 // the <param> of each parameter this file declares or changes
    std::vector<pugi::xml_node> unit_nodes;  // the element of each unit of sc.units read from this file
    bool extending = false;                  // <scenario extends="...">
    bool turns_from_param = false;           // <scenario turns="param:NAME"> in this file
    std::vector<std::string> base_track_names;  // an extending file's base's tracks, by index
    // A section with errors makes the names it declares unreliable: references to them are not
    // reported again, so one mistake gives one error, not a cascade. Set as each is read.
    bool sides_ok = false, phases_ok = false, params_ok = false, map_ok = false;
    bool tracks_ok = true;  // <tracks> (this file's, or the base's) has no errors
    bool reinforcements_ok = false;
    // A hex grid's extent, for "unknown location" messages.
    bool grid = false;
    std::pair<int, int> grid_cols{0, 0}, grid_rows{0, 0};

    // ---- positions and errors (reader_xml.cpp) -----------------------------------------------------

    void error_at(std::ptrdiff_t offset, std::string msg);
    std::ptrdiff_t offset_of(pugi::xml_node n) const;
    // An attribute's value (or name), located from its distance to the element's name in
    // pugixml's parse buffer (parsing is in place, so strings keep their starting offsets).
    std::ptrdiff_t offset_of(pugi::xml_node n, pugi::xml_attribute a, bool at_name = false) const;
    void error(pugi::xml_node n, std::string msg) { error_at(offset_of(n), std::move(msg)); }
    void error(pugi::xml_node n, pugi::xml_attribute a, std::string msg) { error_at(offset_of(n, a), std::move(msg)); }
    std::uint32_t line_of(pugi::xml_node n) const;
    // "FILE:LINE:COL" of an element, or of one of its attributes: for messages given later (a
    // binding that does not fit a module is found when a game is converted).
    std::string place_of(pugi::xml_node n, pugi::xml_attribute a = {}) const;
    std::size_t error_count() const { return errors_.size() + errors_not_kept_; }  // found, kept or not
    std::vector<ScenarioError> take_errors() { return std::move(errors_); }
    std::size_t errors_not_kept() const { return errors_not_kept_; }

    // The highest game-turn an attribute may name: the last turn, or any turn when there is no limit.
    std::int32_t last_turn() const { return sc.turns > 0 ? sc.turns : kMaxTurns; }

    // ---- elements and attributes (reader_xml.cpp) --------------------------------------------------

    // Reports attributes the element does not take (and attributes given twice).
    void check_attrs(pugi::xml_node n, Words allowed);
    // Reports child elements the element does not take, and text where only elements belong.
    void check_children(pugi::xml_node n, Words allowed) { check_children(n, std::span(allowed.begin(), allowed.size())); }
    void check_children(pugi::xml_node n, std::span<const std::string_view> allowed);
    void check_text_only(pugi::xml_node n);
    // The one child `name`; a second one is reported, and a missing one when required.
    pugi::xml_node single_child(pugi::xml_node n, const char* name, bool required);

    std::optional<std::string_view> required(pugi::xml_node n, const char* name);
    std::optional<std::string_view> optional(pugi::xml_node n, const char* name);
    std::optional<std::int64_t> parse_int(pugi::xml_node n, const char* name, std::string_view v, std::int64_t lo,
                                          std::int64_t hi);
    std::optional<std::int64_t> int_attr(pugi::xml_node n, const char* name, std::int64_t lo, std::int64_t hi, bool req);
    std::optional<bool> bool_attr(pugi::xml_node n, const char* name);
    // One of a closed list of words (case-insensitive); returns its index.
    std::optional<std::size_t> word_attr(pugi::xml_node n, const char* name, Words words, bool req);
    // A comma-separated list; names may contain spaces ("New York City, Boston").
    std::vector<std::string_view> list_attr(pugi::xml_node n, const char* name);
    // A list of words from a closed list, each at most once; their indices, or nullopt when any is wrong.
    std::optional<std::vector<std::size_t>> words_list_attr(pugi::xml_node n, const char* name, Words words);
    // A rule number ("17.12"); empty when not given.
    std::string rule_attr(pugi::xml_node n, bool req);
    // Turn ranges "a-b" and grid ranges "01-25".
    std::optional<std::pair<int, int>> range_attr(pugi::xml_node n, const char* name, int lo, int hi);
    // A ratio of two positive whole numbers, "2:1".
    std::optional<std::pair<std::int64_t, std::int64_t>> ratio_attr(pugi::xml_node n, const char* name, bool req);
    // A list of game-turns (1..last_turn()), each at most once.
    std::optional<std::vector<std::int32_t>> turns_list_attr(pugi::xml_node n, const char* name);
    std::optional<Edge> edge_attr(pugi::xml_node n, const char* name, bool req);
    std::optional<std::vector<Edge>> edges_attr(pugi::xml_node n, const char* name);
    std::optional<PhaseKind> phase_kind_attr(pugi::xml_node n, const char* name, bool req);

    // A list whose items `resolve` reads (an optional value; it reports what is wrong), each at
    // most once; nullopt when any is wrong. `twice(item, value)` names an item listed twice.
    template <class Resolve, class Twice = QuoteItem>
    std::optional<ListOf<Resolve>> unique_list(pugi::xml_node n, const char* name, Resolve resolve, Twice twice = {});

    // ---- names the scenario declares (reader_names.cpp) --------------------------------------------

    std::optional<LocId> loc_by_name(pugi::xml_node n, const char* attr, std::string_view name);
    std::optional<LocId> loc_attr(pugi::xml_node n, const char* name, bool req);
    // A list of locations, each known and listed once; nullopt when any is wrong.
    std::optional<std::vector<LocId>> locs_attr(pugi::xml_node n, const char* name);
    // A side by name; `words` (SideWords) says which of each / none / first / second / any /
    // phasing are also accepted. Returns kNoSide for each/none/any, kPhasingSide for phasing;
    // nullopt on error. `fallback`: the value when the attribute is not given (a <group>'s).
    std::optional<SideId> side_attr(pugi::xml_node n, const char* name, unsigned words,
                                    std::optional<std::string_view> fallback = {});
    // Two different sides, "Union:Confederate" (side names may contain a colon: any split that
    // names two sides will do).
    std::optional<std::pair<SideId, SideId>> side_pair_attr(pugi::xml_node n, const char* name);
    // In a scenario whose sides come from the game, an attribute that names a side is an error.
    void from_game_side_error(pugi::xml_node n, pugi::xml_attribute a, const char* name, std::string_view v);
    // "<x> attribute 'name': unknown side 'v' (sides: A, B" (the caller adds the words it takes and ")").
    std::string unknown_side(pugi::xml_node n, const char* name, std::string_view v) const;
    // A number, or "param:NAME" of a declared parameter.
    std::optional<Value> value_attr(pugi::xml_node n, const char* name, std::int64_t lo, std::int64_t hi);
    std::optional<std::int32_t> phase_attr(pugi::xml_node n, const char* name);
    // Reports `v` of attribute `name` as an unknown phase, listing the phases.
    void unknown_phase(pugi::xml_node n, const char* name, std::string_view v);
    // A track by name (case-insensitive).
    std::optional<std::int32_t> track_by_name(pugi::xml_node n, const char* attr, std::string_view name);
    // A list of track names, each known and listed once; nullopt when any is wrong.
    std::optional<std::vector<std::int32_t>> tracks_list_attr(pugi::xml_node n, const char* name);

private:
    std::string describe_map_miss(std::string_view name) const;

    void index_text() const;  // fills the two below, once
    mutable bool indexed_ = false;
    mutable std::vector<std::size_t> line_starts_;
    static constexpr std::size_t kBlock = 4096;
    mutable std::vector<std::size_t> chars_before_block_;  // the characters before each block of kBlock bytes
    std::size_t chars_before(std::size_t off) const;
    std::vector<ScenarioError> errors_;   // the first kMaxKeptDiagnostics found
    std::size_t errors_not_kept_ = 0;     // the rest, counted
};

template <class Resolve, class Twice>
std::optional<ListOf<Resolve>> ReadContext::unique_list(pugi::xml_node n, const char* name, Resolve resolve, Twice twice) {
    ListOf<Resolve> out;
    bool ok = true;
    for (std::string_view item : list_attr(n, name)) {
        const auto v = resolve(item);
        if (!v) {
            ok = false;
            continue;
        }
        if (std::find(out.begin(), out.end(), *v) != out.end()) {
            error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + " lists " + twice(item, *v) + " twice");
            ok = false;
            continue;
        }
        out.push_back(*v);
    }
    if (!ok) return std::nullopt;
    return out;
}

}  // namespace referee::scenario_xml
