// The scenario reader: XML scenario files (docs/scenario-format.md) into referee::Scenario. This
// file reads the document and <scenario> itself (format, id, title, turns, extends), finds its
// sections, and runs the section readers (scenario_sections.hpp) in the order of kSections.
//
// Every problem becomes a ScenarioError with the file, the 1-based line and column and a message;
// nothing throws out of here. The reader checks the whole file and reports every problem it finds,
// in line order (errors at one place in the order they were found).
//
// Sections are read in dependency order, not file order: sides, phases and params first, then the
// map, then everything that refers to them by name. Names are resolved by the section readers
// (sides and phases case-insensitively, locations exactly), so the engine only ever sees indices.
#include "scenario_sections.hpp"

#include <algorithm>
#include <climits>
#include <cstring>
#include <iterator>
#include <set>
#include <tuple>

namespace referee::scenario_xml {

namespace {

// One step of reading <scenario>.
struct Section {
    const char* element;  // the child of <scenario> it reads; nullptr: a step on <scenario> itself
    SectionReader read;   // given that child (a null node when the file has none), or <scenario>
    // Set after the step: it reported no errors (and the file has the section, when it must). Later
    // sections do not report the names such a section left out (ReadContext::sides_ok and the like).
    bool ReadContext::*ok = nullptr;
};

// Every section of <scenario> (each at most once) and every check on <scenario>, in the order they
// are read: what a section names is declared by a section before it.
const Section kSections[] = {
    {"description", read_description},
    {"sides", read_sides, &ReadContext::sides_ok},
    {"phases", read_phases, &ReadContext::phases_ok},
    {"params", read_params, &ReadContext::params_ok},
    {nullptr, read_turns_param},  // before anything that checks a turn against the last one
    {"map", read_map, &ReadContext::map_ok},
    {"edges", read_edges},  // before anything that asks which hexes lie on an edge
    {nullptr, read_first_player},
    {"sequence", read_sequence},
    {"roads", read_roads},
    {"units", read_units},
    {"holdings", read_holdings},
    {"exits", read_exits},
    {"retreat-off-map", read_retreat},
    {"reinforcements", read_reinforcements, &ReadContext::reinforcements_ok},
    {"zones-of-control", read_zoc},
    {"stacking", read_stacking},
    {"objectives", read_objectives},  // before <victory>: sudden death needs a source of banners
    {"setup", read_setup},
    {"tracks", read_tracks, &ReadContext::tracks_ok},
    {nullptr, remap_inherited_tracks},
    {"casualties", read_casualties},
    {"treaty", read_treaty},  // before <victory>: a faction may require the treaty
    {"victory", read_victory},
    {"rulings", read_rulings},
    {nullptr, check_arrivals},
    {nullptr, check_inherited_turns},
    {nullptr, check_inherited_sudden_death},
};

// The sections a file that extends no other must give, in the order their absence is reported.
const char* const kRequired[] = {"sides", "phases", "sequence", "map"};

bool required_section(const ReadContext& cx, const char* element) {
    return !cx.extending && element &&
           std::any_of(std::begin(kRequired), std::end(kRequired), [&](const char* r) { return std::string_view(r) == element; });
}

class Reader {
public:
    Reader(std::string_view xml, std::string file) : cx_(xml, std::move(file)) {}

    ScenarioLoad run() {
        ScenarioLoad out;
        read();
        if (cx_.error_count() > 0) {
            out.errors = cx_.take_errors();
            std::stable_sort(out.errors.begin(), out.errors.end(), [](const ScenarioError& a, const ScenarioError& b) {
                return a.line != b.line ? a.line < b.line : a.col < b.col;
            });
            return out;
        }
        Scenario& sc = cx_.sc;
        sc.source_file = cx_.file;
        // One entry per side, also without <reinforcements> (empty: a side has no alternate edges).
        sc.reinforcements.alternate_edges.resize(sc.sides.size());
        sc.targets.resize(sc.sides.size(), 0);  // 0: no target for that side
        sc.faction_pieces.resize(sc.sides.size());  // one entry per side (empty: it owns no pieces)
        out.scenario = std::move(sc);
        return out;
    }

private:
    void read() {
        if (cx_.text.empty()) {
            cx_.error_at(0, "the file is empty");
            return;
        }
        pugi::xml_parse_result res = doc_.load_buffer(cx_.text.data(), cx_.text.size(), pugi::parse_default, pugi::encoding_utf8);
        if (!res) {
            cx_.error_at(res.offset, std::string("malformed XML: ") + res.description());
            return;
        }
        pugi::xml_node root;
        for (pugi::xml_node c : doc_.children()) {
            if (c.type() != pugi::node_element) continue;
            if (root) {
                cx_.error(c, "a second top-level element " + elem(c) + " (a scenario file has one <scenario> element)");
                continue;
            }
            root = c;
        }
        if (!root) {
            cx_.error_at(0, "no <scenario> element");
            return;
        }
        if (std::string_view(root.name()) != "scenario") {
            cx_.error(root, "the top-level element is " + elem(root) + ", not <scenario>");
            return;
        }
        read_root(root);
    }

    void read_root(pugi::xml_node root) {
        ReadContext& cx = cx_;
        std::vector<std::string_view> elements;
        for (const Section& s : kSections)
            if (s.element) elements.push_back(s.element);
        cx.check_attrs(root, {"format", "id", "title", "turns", "first-player", "extends"});
        cx.check_children(root, elements);
        if (auto f = cx.optional(root, "format"); f && *f != "1")
            cx.error(root, root.attribute("format"), "scenario format " + qt(*f) + " is not supported (this reader knows format 1)");
        // Inheritance: the base is read first and this file starts from it.
        cx.extending = !root.attribute("extends").empty();
        const bool base_ok = cx.extending && read_base(cx, root);
        if (auto id = cx.required(root, "id")) {
            if (id->find_first_of(" \t\r\n") != std::string_view::npos)
                cx.error(root, root.attribute("id"), "the scenario id " + qt(*id) + " has white space in it");
            cx.sc.id = std::string(*id);
        }
        if (auto t = cx.required(root, "title")) cx.sc.title = one_line(*t);
        // An extending scenario inherits its base's turns unless it gives them. "none": no turn limit;
        // "param:NAME": the default of parameter NAME, resolved once <params> is read.
        if (auto t = cx.optional(root, "turns"); t && iequals(*t, "none")) {
            cx.sc.turns = 0;
            cx.sc.turns_param.clear();
        } else if (t && t->substr(0, kParamPrefix.size()) == kParamPrefix) {
            cx.turns_from_param = true;
            cx.sc.turns_param.clear();
        } else if (auto n = cx.int_attr(root, "turns", 1, kMaxTurns, !cx.extending)) {
            cx.sc.turns = static_cast<std::int32_t>(*n);
            cx.sc.turns_param.clear();
        }
        for (const Section& s : kSections)
            if (s.element) cx.sections[s.element] = cx.single_child(root, s.element, false);
        for (const char* name : kRequired)
            if (required_section(cx, name) && !cx.section(name)) cx.single_child(root, name, true);  // reports it missing
        if (cx.extending && !start_from_base(cx, base_ok)) return;

        for (const Section& s : kSections) {
            const pugi::xml_node node = s.element ? cx.section(s.element) : root;
            const std::size_t before = cx.error_count();
            s.read(cx, node);
            if (s.ok) cx.*s.ok = cx.error_count() == before && (node || !required_section(cx, s.element));
        }
    }

    ReadContext cx_;
    pugi::xml_document doc_;
};

}  // namespace

ScenarioLoad read_scenario(std::string_view xml, std::string file) { return Reader(xml, std::move(file)).run(); }

}  // namespace referee::scenario_xml

// -------------------------------------------------------------------------------------------------

// Area games with factions (Liberty or Death): the spaces of the map (typed <location>s, their
// population and whether they may have Support, 1.6.1), <setup> (support levels, pieces, blockades),
// <tracks> (set by `track` records or derived: casualties, Total Support and Opposition, L1,
// pieces), <casualties> (L2) and <treaty> (L3); the rule numbers cited come from the scenario's
// `support-rule`, `blockade-rule`, `pieces-rule` and `rule` attributes.

namespace referee::scenario_xml {

namespace {

// Support levels -2..2 (support_level_name), in that order.
const Words kSupportWords = {"active-opposition", "passive-opposition", "neutral", "passive-support", "active-support"};
// How a track gets its value (enum TrackDerive, in its order).
const Words kDeriveWords = {"free", "casualties", "support", "opposition", "pieces"};

// " (1.4)" when a rule is known, for messages that cite one.
std::string cite(const std::string& rule) { return rule.empty() ? std::string() : " (" + rule + ")"; }

// The pieces a faction owns, for messages: "continental, militia, fort".
std::string pieces_of(const ReadContext& cx, SideId f) {
    std::string out;
    if (f >= 0 && static_cast<std::size_t>(f) < cx.sc.faction_pieces.size())
        for (Piece p : cx.sc.faction_pieces[static_cast<std::size_t>(f)]) out += (out.empty() ? "" : ", ") + std::string(piece_name(p));
    return out;
}

bool owns(const ReadContext& cx, SideId f, Piece p) {
    if (f < 0 || static_cast<std::size_t>(f) >= cx.sc.faction_pieces.size()) return false;
    const auto& v = cx.sc.faction_pieces[static_cast<std::size_t>(f)];
    return std::find(v.begin(), v.end(), p) != v.end();
}

// A piece `faction` must own (<side pieces=...>), named by attribute `name` (which gave `p`).
bool check_owned(ReadContext& cx, pugi::xml_node n, const char* name, SideId f, Piece p) {
    if (owns(cx, f, p)) return true;
    const std::string side = cx.sc.sides[static_cast<std::size_t>(f)];
    const std::string has = pieces_of(cx, f);
    cx.error(n, n.attribute(name),
             elem(n) + " attribute " + qt(name) + ": " + qt(piece_name(p)) + " is not a piece of " + side + cite(cx.sc.pieces_rule) +
                 (has.empty() ? "; " + side + " owns no pieces (<side pieces=...>)" : "; " + side + " owns: " + has));
    return false;
}

// A piece name (case-insensitive), owned by `faction` when one is given.
std::optional<Piece> piece_attr(ReadContext& cx, pugi::xml_node n, const char* name, std::optional<SideId> faction) {
    auto i = cx.word_attr(n, name, kPieceWords, true);
    if (!i) return std::nullopt;
    const Piece p = static_cast<Piece>(*i);
    if (faction && !check_owned(cx, n, name, *faction, p)) return std::nullopt;
    return p;
}

// Needs a map of spaces; reports at `n` (attribute `attr` when given) unless the map is broken.
bool need_spaces(ReadContext& cx, pugi::xml_node n, const char* attr, const std::string& what) {
    if (!cx.sc.spaces.empty()) return true;
    if (cx.map_ok)
        cx.error(n, attr ? n.attribute(attr) : pugi::xml_attribute(),
                 what + " needs a map of spaces (<location> elements with a type)");
    return false;
}

}  // namespace

// Spaces: when any <location> has a type, every location is a space (SpaceDef, by LocId) with a
// type (none when not given) and a population (0 when not given). Population 0: always neutral.
void read_spaces(ReadContext& cx, pugi::xml_node m, const NodesByName& declared) {
    bool typed = false;
    for (pugi::xml_node n : m.children("location")) typed = typed || n.attribute("type");
    std::vector<SpaceDef> spaces(cx.sc.map.size());
    for (pugi::xml_node n : m.children("location")) {
        if (!n.attribute("type") && n.attribute("population")) {
            cx.error(n, n.attribute("population"), "<location> attribute 'population' goes with 'type' (a space has both)");
            continue;
        }
        auto type = cx.word_attr(n, "type", {"city", "colony", "reserve", "box"}, false);
        auto pop = cx.int_attr(n, "population", 0, 9, false);
        auto name = cx.optional(n, "name");
        auto it = name ? declared.find(*name) : declared.end();
        if (it == declared.end() || it->second != n) continue;  // no name, or a duplicate: reported
        const LocId self = cx.sc.map.find(*name);
        if (self == kNoLoc) continue;
        SpaceDef& d = spaces[static_cast<std::size_t>(self)];
        if (type) d.type = static_cast<SpaceType>(*type + 1);
        if (pop) d.population = static_cast<std::int32_t>(*pop);
    }
    if (!typed) return;
    for (SpaceDef& d : spaces) d.support_allowed = d.population > 0;  // 1.6.1
    cx.sc.spaces = std::move(spaces);
}

// <setup>: the starting position (support levels, pieces, blockades), like a log's area records
// before its first turn.
void read_setup(ReadContext& cx, pugi::xml_node s) {
    if (!s) return;
    cx.check_attrs(s, {});
    cx.check_children(s, {"support", "place", "blockade"});
    if (!need_spaces(cx, s, nullptr, "<setup>")) return;
    std::map<LocId, pugi::xml_node> levels, blockades;
    std::map<std::tuple<SideId, Piece, LocId>, pugi::xml_node> placed;
    for (pugi::xml_node n : s.children()) {
        if (n.type() != pugi::node_element) continue;
        const std::string_view kind = n.name();
        if (kind == "support") {
            cx.check_attrs(n, {"space", "level"});
            cx.check_children(n, {});
            auto space = cx.loc_attr(n, "space", true);
            auto level = cx.word_attr(n, "level", kSupportWords, true);
            if (!space || !level) continue;
            const std::string& name = cx.sc.map.name(*space);
            if (auto it = levels.find(*space); it != levels.end()) {
                cx.error(n, n.attribute("space"),
                         "the support level of " + qt(name) + " is given twice (first on line " + std::to_string(cx.line_of(it->second)) + ")");
                continue;
            }
            levels.emplace(*space, n);
            SpaceDef& d = cx.sc.spaces[static_cast<std::size_t>(*space)];
            const int lvl = static_cast<int>(*level) - 2;
            if (lvl != 0 && !d.support_allowed && cx.map_ok) {  // (a population with errors reads as 0)
                cx.error(n, n.attribute("level"),
                         "<support> attribute 'level': " + qt(name) + " has population 0, so it is always neutral" + cite(cx.sc.support_rule));
                continue;
            }
            d.support = static_cast<std::int8_t>(lvl);
        } else if (kind == "place") {
            cx.check_attrs(n, {"faction", "piece", "space", "count"});
            cx.check_children(n, {});
            auto faction = cx.side_attr(n, "faction", kNamed);
            auto piece = piece_attr(cx, n, "piece", faction);
            auto space = cx.loc_attr(n, "space", true);
            auto count = cx.int_attr(n, "count", 1, 1000, false);
            if (!faction || !piece || !space || (n.attribute("count") && !count)) continue;
            const auto key = std::make_tuple(*faction, *piece, *space);
            if (auto it = placed.find(key); it != placed.end()) {
                cx.error(n, "the " + cx.sc.sides[static_cast<std::size_t>(*faction)] + " " + piece_name(*piece) + " pieces in " +
                                qt(cx.sc.map.name(*space)) + " are placed twice (first on line " + std::to_string(cx.line_of(it->second)) +
                                "); give one <place> with a count");
                continue;
            }
            placed.emplace(key, n);
            cx.sc.start_pieces.push_back(StartPieces{*faction, *piece, *space, count.value_or(1)});
        } else if (kind == "blockade") {
            cx.check_attrs(n, {"city"});
            cx.check_children(n, {});
            auto city = cx.loc_attr(n, "city", true);
            if (!city) continue;
            const std::string& name = cx.sc.map.name(*city);
            SpaceDef& d = cx.sc.spaces[static_cast<std::size_t>(*city)];
            if (d.type != SpaceType::City) {
                cx.error(n, n.attribute("city"),
                         "<blockade> attribute 'city': " + qt(name) +
                             (d.type == SpaceType::None ? std::string(" has no type") : " is a " + std::string(space_type_name(d.type))) +
                             ", and only a city can be blockaded" + cite(cx.sc.blockade_rule));
                continue;
            }
            if (auto it = blockades.find(*city); it != blockades.end()) {
                cx.error(n, n.attribute("city"),
                         qt(name) + " is blockaded twice (first on line " + std::to_string(cx.line_of(it->second)) + ")");
                continue;
            }
            blockades.emplace(*city, n);
            d.blockaded = true;
        }
    }
}

// <tracks>: the game's numbered tracks, set by `track` records (free) or derived by the engine.
void read_tracks(ReadContext& cx, pugi::xml_node s) {
    if (!s) return;
    cx.check_attrs(s, {});
    cx.check_children(s, {"track"});
    NodesByName names;  // lower-cased
    for (pugi::xml_node n : s.children("track")) {
        cx.check_attrs(n, {"name", "title", "derive", "faction", "piece", "start", "rule"});
        cx.check_children(n, {});
        TrackDef t;
        bool ok = true;
        if (auto name = cx.required(n, "name")) {
            const std::string key = lower(*name);
            if (name->find_first_of(" \t\r\n,") != std::string_view::npos) {
                cx.error(n, n.attribute("name"), "track name " + qt(*name) + " is not one word (a `track` record names it)");
                ok = false;
            } else if (auto it = names.find(key); it != names.end()) {
                cx.error(n, n.attribute("name"),
                         "track " + qt(*name) + " is declared twice (first on line " + std::to_string(cx.line_of(it->second)) + ")");
                ok = false;
            } else {
                names.emplace(key, n);
                t.name = std::string(*name);
            }
        } else {
            ok = false;
        }
        if (auto title = cx.required(n, "title"))
            t.title = one_line(*title);
        else
            ok = false;
        auto derive = cx.word_attr(n, "derive", kDeriveWords, false);
        if (n.attribute("derive") && !derive) continue;  // reported; what else it takes depends on it
        t.derive = derive ? static_cast<TrackDerive>(*derive) : TrackDerive::Free;
        const std::string tag = "<track derive=\"" + std::string(kDeriveWords.begin()[static_cast<std::size_t>(t.derive)]) + "\">";
        if (t.derive == TrackDerive::Pieces) {
            auto faction = cx.side_attr(n, "faction", kNamed);
            auto piece = piece_attr(cx, n, "piece", faction);
            if (faction && piece) {
                t.faction = *faction;
                t.piece = *piece;
            } else {
                ok = false;
            }
        } else {
            for (const char* attr : {"faction", "piece"})
                if (n.attribute(attr)) {
                    cx.error(n, n.attribute(attr), tag + " takes no " + qt(attr) + " (only derive=\"pieces\" does)");
                    ok = false;
                }
        }
        if (t.derive == TrackDerive::Free || t.derive == TrackDerive::Casualties) {
            if (auto v = cx.int_attr(n, "start", -1000000, 1000000, false))
                t.start = *v;
            else if (n.attribute("start"))
                ok = false;
        } else if (n.attribute("start")) {
            cx.error(n, n.attribute("start"),
                     tag + " takes no 'start' (only derive=\"free\" and derive=\"casualties\" do; the engine computes the others)");
            ok = false;
        }
        if (t.derive == TrackDerive::Support || t.derive == TrackDerive::Opposition || t.derive == TrackDerive::Pieces)
            if (!need_spaces(cx, n, "derive", tag)) ok = false;
        t.rule = cx.rule_attr(n, false);
        if (ok) cx.sc.tracks.push_back(std::move(t));
    }
}

// <casualties>: which pieces sent to the Casualties box count, and on which track.
void read_casualties(ReadContext& cx, pugi::xml_node s) {
    if (!s) return;
    cx.check_attrs(s, {"rule"});
    cx.check_children(s, {"casualty"});
    cx.sc.casualty_rule = cx.rule_attr(s, false);
    std::map<std::pair<SideId, Piece>, pugi::xml_node> seen;
    for (pugi::xml_node n : s.children("casualty")) {
        cx.check_attrs(n, {"faction", "pieces", "track"});
        cx.check_children(n, {});
        auto faction = cx.side_attr(n, "faction", kNamed);
        std::optional<std::vector<std::size_t>> pieces;
        if (cx.required(n, "pieces")) pieces = cx.words_list_attr(n, "pieces", kPieceWords);
        std::int32_t track = -1;  // a plain index: gcc -O2 warns (wrongly) of an optional's value here
        if (auto name = cx.required(n, "track")) {
            track = cx.track_by_name(n, "track", *name).value_or(-1);
            if (track >= 0 && cx.sc.tracks[static_cast<std::size_t>(track)].derive != TrackDerive::Casualties) {
                cx.error(n, n.attribute("track"),
                         "<casualty> attribute 'track': " + qt(cx.sc.tracks[static_cast<std::size_t>(track)].name) +
                             " is not a casualties track (<track derive=\"casualties\">)");
                track = -1;
            }
        }
        if (!faction || !pieces || track < 0) continue;
        for (std::size_t i : *pieces) {
            const Piece p = static_cast<Piece>(i);
            if (!check_owned(cx, n, "pieces", *faction, p)) continue;
            if (auto it = seen.find({*faction, p}); it != seen.end()) {
                cx.error(n, n.attribute("pieces"),
                         "<casualty> attribute 'pieces': " + cx.sc.sides[static_cast<std::size_t>(*faction)] + " " + piece_name(p) +
                             " already counts as a casualty (on line " + std::to_string(cx.line_of(it->second)) + ")");
                continue;
            }
            seen.emplace(std::make_pair(*faction, p), n);
            cx.sc.casualties.push_back(CasualtyDef{*faction, p, track});
        }
    }
}

// <treaty>: the card whose play is the treaty (Liberty or Death's Treaty of Alliance).
void read_treaty(ReadContext& cx, pugi::xml_node n) {
    if (!n) return;
    cx.check_attrs(n, {"card", "played", "param", "rule"});
    cx.check_children(n, {});
    TreatyDef t;
    t.declared = true;  // also with errors: a faction that requires it is not reported again
    if (auto card = cx.required(n, "card")) {
        if (card->find_first_of(" \t\r\n") != std::string_view::npos)
            cx.error(n, n.attribute("card"), "<treaty> attribute 'card': " + qt(*card) + " is not one word (a card id, as `card` records give it)");
        t.card = std::string(*card);
    }
    if (auto played = cx.bool_attr(n, "played")) t.played = *played;
    if (auto p = cx.optional(n, "param")) {
        if (const ParamDef* def = cx.sc.find_param(*p)) {
            t.param = def->name;
            if (def->default_value && !iequals(*def->default_value, "yes") && !iequals(*def->default_value, "no") &&
                !iequals(*def->default_value, "true") && !iequals(*def->default_value, "false")) {
                auto it = cx.param_nodes.find(def->name);
                const std::string msg = "parameter " + qt(def->name) + ": default " + qt(*def->default_value) +
                                        " is not yes or no (<treaty param=...> plays the treaty with it)";
                if (it != cx.param_nodes.end())
                    cx.error(it->second, it->second.attribute("default"), msg);
                else
                    cx.error(n, n.attribute("param"), msg);
            }
        } else if (cx.params_ok) {
            cx.error(n, n.attribute("param"), "<treaty> attribute 'param': unknown parameter " + qt(*p) + " (declare it in <params>)");
        }
    }
    t.rule = cx.rule_attr(n, false);
    cx.sc.treaty = std::move(t);
}

}  // namespace referee::scenario_xml

// -------------------------------------------------------------------------------------------------

// Faction victory (Liberty or Death): <factions> in <victory>, with each faction's <condition>s on
// the tracks, the phases in which they are checked (7.2) and scored at the end (7.3), the order that
// breaks ties (`tie-order`, 7.1) and the one-player rule's (<one-player>, 8.8); the rule numbers
// come from its `check-rule`, `final-rule`, `rank-rule`, `players-rule` and <one-player rule=...>.

namespace referee::scenario_xml {

namespace {

constexpr int kMaxConditions = 4;

// A list that names every side exactly once (an order of the sides).
std::optional<std::vector<SideId>> side_order_attr(ReadContext& cx, pugi::xml_node n, const char* name) {
    if (!cx.required(n, name)) return std::nullopt;
    auto order = cx.unique_list(n, name, [&](std::string_view item) -> std::optional<SideId> {
        const SideId s = cx.sc.find_side(item);
        if (s != kNoSide) return s;
        if (cx.sides_ok) cx.error(n, n.attribute(name), cx.unknown_side(n, name, item) + ")");
        return std::nullopt;
    });
    if (!order) return std::nullopt;
    const std::vector<SideId>& out = *order;
    std::string missing;
    for (std::size_t i = 0; i < cx.sc.sides.size(); ++i)
        if (std::find(out.begin(), out.end(), static_cast<SideId>(i)) == out.end())
            missing += (missing.empty() ? "" : ", ") + cx.sc.sides[i];
    if (!missing.empty()) {
        cx.error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + " leaves out " + missing + " (it names every side once)");
        return std::nullopt;
    }
    return order;
}

std::optional<ConditionDef> read_condition(ReadContext& cx, pugi::xml_node c) {
    cx.check_attrs(c, {"plus", "minus", "offset", "above", "what"});
    cx.check_children(c, {});
    ConditionDef d;
    bool ok = true;
    auto plus = cx.tracks_list_attr(c, "plus");
    auto minus = cx.tracks_list_attr(c, "minus");
    if (plus && minus && plus->empty() && minus->empty()) {
        cx.error(c, "<condition> needs 'plus' or 'minus' (the tracks it adds and subtracts)");
        ok = false;
    }
    if (!plus || !minus) ok = false;
    if (auto v = cx.int_attr(c, "offset", -1000000, 1000000, false))
        d.offset = *v;
    else if (c.attribute("offset"))
        ok = false;
    if (auto v = cx.int_attr(c, "above", 0, 1000000, false))
        d.above = *v;
    else if (c.attribute("above"))
        ok = false;
    auto what = cx.required(c, "what");
    if (!ok || !what) return std::nullopt;
    d.plus = std::move(*plus);
    d.minus = std::move(*minus);
    d.what = one_line(*what);
    return d;
}

}  // namespace

// <factions> in <victory>: each faction's conditions, when they are checked and how the game ends.
void read_factions(ReadContext& cx, pugi::xml_node s) {
    cx.check_attrs(s, {"check-phase", "final-after-phase", "check-rule", "final-rule", "rank-rule", "players-rule", "tie-order"});
    cx.check_children(s, {"faction", "one-player"});
    if (cx.sc.groups.empty()) {
        if (cx.sides_ok)
            cx.error(s, "<factions> needs sides in groups (<side group=...>): a faction's win is ranked against its own "
                        "group and the other");
        return;
    }
    FactionVictory fv;
    fv.enabled = true;
    bool ok = true;
    auto check = cx.phase_attr(s, "check-phase");
    auto final_phase = cx.phase_attr(s, "final-after-phase");
    auto tie = side_order_attr(cx, s, "tie-order");
    if (!check || !final_phase || !tie) ok = false;
    auto text = [&](const char* name) { auto v = cx.optional(s, name); return v ? std::string(*v) : std::string(); };
    fv.check_rule = text("check-rule");
    fv.final_rule = text("final-rule");
    fv.rank_rule = text("rank-rule");
    fv.players_rule = text("players-rule");
    if (pugi::xml_node op = cx.single_child(s, "one-player", false)) {
        cx.check_attrs(op, {"rule", "tie-order"});
        cx.check_children(op, {});
        auto rule = cx.required(op, "rule");
        auto order = side_order_attr(cx, op, "tie-order");
        if (rule && order) {
            fv.one_player_rule = std::string(*rule);
            fv.one_player_tie_order = std::move(*order);
        } else {
            ok = false;
        }
    }
    fv.factions.resize(cx.sc.sides.size());
    std::vector<pugi::xml_node> seen(cx.sc.sides.size());
    for (pugi::xml_node f : s.children("faction")) {
        cx.check_attrs(f, {"name", "requires-treaty"});
        cx.check_children(f, {"condition"});
        auto side = cx.side_attr(f, "name", kNamed);
        FactionVictoryDef def;
        if (auto rt = cx.bool_attr(f, "requires-treaty")) {
            def.requires_treaty = *rt;
            if (*rt && !cx.sc.treaty.declared) {
                cx.error(f, f.attribute("requires-treaty"),
                         "<faction> attribute 'requires-treaty': the scenario has no <treaty> (the card that is the treaty)");
                ok = false;
            }
        } else if (f.attribute("requires-treaty")) {
            ok = false;
        }
        int count = 0;
        for (pugi::xml_node c : f.children("condition")) {
            if (++count > kMaxConditions) {
                cx.error(c, "<faction> takes at most " + std::to_string(kMaxConditions) + " <condition> elements");
                ok = false;
                continue;
            }
            if (auto d = read_condition(cx, c))
                def.conditions.push_back(std::move(*d));
            else
                ok = false;
        }
        if (count == 0) {
            cx.error(f, "<faction> needs at least one <condition>");
            ok = false;
        }
        if (!side) {
            ok = false;
            continue;
        }
        const std::size_t i = static_cast<std::size_t>(*side);
        if (seen[i]) {
            cx.error(f, f.attribute("name"),
                     "faction " + qt(cx.sc.sides[i]) + " has a second <faction> (the first is on line " + std::to_string(cx.line_of(seen[i])) + ")");
            ok = false;
            continue;
        }
        seen[i] = f;
        def.faction = *side;
        fv.factions[i] = std::move(def);
    }
    if (cx.sides_ok) {
        std::string missing;
        for (std::size_t i = 0; i < cx.sc.sides.size(); ++i)
            if (!seen[i]) missing += (missing.empty() ? "" : ", ") + cx.sc.sides[i];
        if (!missing.empty()) {
            cx.error(s, "<factions> needs a <faction> for every side; it has none for " + missing);
            ok = false;
        }
    }
    if (!ok) return;
    fv.check_phase = *check;
    fv.final_phase = *final_phase;
    fv.tie_order = std::move(*tie);
    cx.sc.faction_victory = std::move(fv);
}

}  // namespace referee::scenario_xml

// -------------------------------------------------------------------------------------------------

// Text for people: <description> (free text, not read by referee) and <rulings> (each <ruling id=...>
// the scenario's own reading of the rules, cited by its id in the report; an extending file's
// ruling with a base ruling's id replaces its text).

namespace referee::scenario_xml {

void read_description(ReadContext& cx, pugi::xml_node d) {
    if (!d) return;
    cx.check_attrs(d, {});
    cx.check_text_only(d);
}

void read_rulings(ReadContext& cx, pugi::xml_node s) {
    if (!s) return;
    cx.check_attrs(s, {});
    cx.check_children(s, {"ruling"});
    NodesByName ids;
    for (pugi::xml_node n : s.children("ruling")) {
        cx.check_attrs(n, {"id"});
        cx.check_text_only(n);
        auto id = cx.required(n, "id");
        const std::string text = one_line(n.text().get());
        if (text.empty()) cx.error(n, "<ruling> needs its text between <ruling ...> and </ruling>");
        if (!id || text.empty()) continue;
        if (auto it = ids.find(*id); it != ids.end()) {
            cx.error(n, n.attribute("id"),
                     "ruling " + qt(*id) + " is given twice (first on line " + std::to_string(cx.line_of(it->second)) + ")");
            continue;
        }
        ids.emplace(std::string(*id), n);
        // In an extending file, a ruling with a base ruling's id replaces its text.
        auto base = std::find_if(cx.sc.rulings.begin(), cx.sc.rulings.end(), [&](const RulingDef& r) { return r.id == *id; });
        if (base != cx.sc.rulings.end())
            base->text = text;
        else
            cx.sc.rulings.push_back(RulingDef{std::string(*id), text});
    }
}

}  // namespace referee::scenario_xml

// -------------------------------------------------------------------------------------------------

// Inheritance, <scenario extends="ID">: the built-in scenario ID is read first and this file starts
// from it. A section the file gives replaces the base's (params, roads, edges and rulings merge
// instead, in their readers); sides, phases and map stay the base's. What the file keeps of the base
// must still fit what it changes: the base's turns against fewer turns, its sudden death against a
// changed source of banners, its tracks (by name) against new <tracks>.

namespace referee::scenario_xml {

namespace {

// How deep load_scenario is nested through `extends` (a guard against a built-in that extends itself).
thread_local int g_extends_depth = 0;

// Sections an extending file gives replace the base's wholesale (params, roads, edges and
// rulings merge instead; see their readers).
void clear_replaced_sections(ReadContext& cx) {
    if (cx.section("sequence")) {
        cx.sc.sequence.clear();
        cx.sc.night_turns.clear();
        cx.sc.night_rule.clear();
    }
    if (cx.section("units")) cx.sc.units.clear();
    if (cx.section("holdings")) {
        cx.sc.holds.clear();
        cx.sc.holding_rule.clear();
    }
    if (cx.section("exits")) cx.sc.exits = Exits{};
    if (cx.section("retreat-off-map")) {
        cx.sc.retreat_off_map = RetreatOffMap::Eliminated;
        cx.sc.retreat_rule.clear();
    }
    if (cx.section("victory")) {
        cx.sc.points.clear();
        cx.sc.automatic.reset();
        cx.sc.end_victory = EndVictory::HigherTotal;
        cx.sc.end_rule.clear();
        cx.sc.levels.reset();
        cx.sc.elimination_banners = EliminationBanners{};
    }
    if (cx.section("sequence")) cx.sc.alternate_turns = false;
    if (cx.section("objectives")) {
        cx.sc.objectives.clear();
        cx.sc.targets.clear();
    }
    if (cx.section("zones-of-control")) cx.sc.zoc = ZonesOfControl{};
    if (cx.section("stacking")) cx.sc.stacking = Stacking{};
    if (cx.section("reinforcements")) cx.sc.reinforcements = Reinforcements{};
    if (cx.section("victory")) cx.sc.faction_victory = FactionVictory{};
    if (cx.section("setup")) {
        for (SpaceDef& d : cx.sc.spaces) {
            d.support = 0;
            d.blockaded = false;
        }
        cx.sc.start_pieces.clear();
    }
    if (cx.section("tracks")) {  // what the base's casualties and conditions named, to find them again
        for (const TrackDef& t : cx.sc.tracks) cx.base_track_names.push_back(t.name);
        cx.sc.tracks.clear();
    }
    if (cx.section("casualties")) {
        cx.sc.casualties.clear();
        cx.sc.casualty_rule.clear();
    }
    if (cx.section("treaty")) cx.sc.treaty = TreatyDef{};
}

}  // namespace

// <scenario extends="ID">: ID must be a built-in; the base becomes the starting point of cx.sc.
bool read_base(ReadContext& cx, pugi::xml_node root) {
    pugi::xml_attribute a = root.attribute("extends");
    const std::string_view id = trim(a.value());
    const auto& list = builtin_scenarios();
    if (std::none_of(list.begin(), list.end(), [&](const BuiltinScenario& b) { return b.id == id; })) {
        cx.error(root, a, "'extends': " + qt(id) + " is not a built-in scenario (built-ins: " + builtin_list() + ")");
        return false;
    }
    if (g_extends_depth >= 8) {
        cx.error(root, a, "'extends': the built-in scenarios extend each other in a circle (through " + qt(id) + ")");
        return false;
    }
    ++g_extends_depth;
    ScenarioLoad base = load_scenario(id);
    --g_extends_depth;
    if (!base.scenario) {
        const ScenarioError& e = base.errors.front();
        cx.error(root, a,
                 "'extends': the built-in scenario " + qt(id) + " cannot be read (" + std::to_string(e.line) + ":" +
                     std::to_string(e.col) + ": " + e.message + ")");
        return false;
    }
    cx.sc = std::move(*base.scenario);
    cx.sc.extends = std::string(id);
    if (cx.sc.map.grid() != GridKind::None && cx.sc.map.size() > 0) {  // for "unknown location" messages
        cx.grid = true;
        cx.grid_cols = cx.grid_rows = {INT_MAX, INT_MIN};
        for (LocId l = 0; l < static_cast<LocId>(cx.sc.map.size()); ++l) {
            cx.grid_cols = {std::min(cx.grid_cols.first, cx.sc.map.column(l)), std::max(cx.grid_cols.second, cx.sc.map.column(l))};
            cx.grid_rows = {std::min(cx.grid_rows.first, cx.sc.map.row(l)), std::max(cx.grid_rows.second, cx.sc.map.row(l))};
        }
    }
    return true;
}

bool start_from_base(ReadContext& cx, bool base_ok) {
    for (const char* name : {"sides", "phases", "map"}) {
        if (!cx.section(name)) continue;
        const bool sides = !std::strcmp(name, "sides");
        // A base whose sides come from the game lets its extending file name them (a battle
        // names its armies). Without the base, whether it does is not known: no error.
        if (sides && (!base_ok || cx.sc.sides_from_game)) continue;
        cx.error(cx.section(name), "<" + std::string(name) +
                                      "> is not allowed in a scenario that extends another: an extending scenario "
                                      "keeps its base's sides, phases and map" +
                                      (sides ? " (only a base whose sides come from the game, <sides from-game=\"yes\">, "
                                               "lets it name its sides)"
                                             : ""));
        cx.sections[name] = pugi::xml_node();
    }
    // Without its base nothing else in the file can be judged: names, turns and hexes all come
    // from the base.
    if (!base_ok) return false;
    clear_replaced_sections(cx);
    return true;
}

// An extending file that gives <tracks> but keeps its base's <casualties> or <victory>: those
// named the base's tracks by index, so they are found again by name in the new tracks.
void remap_inherited_tracks(ReadContext& cx, pugi::xml_node /*root*/) {
    if (!cx.extending || !cx.section("tracks") || !cx.tracks_ok) return;
    pugi::xml_node at = cx.section("tracks");
    std::set<std::string> reported;
    auto find = [&](std::int32_t old, const char* section, bool casualties) -> std::int32_t {
        const std::string& name = cx.base_track_names[static_cast<std::size_t>(old)];
        const std::int32_t t = cx.sc.find_track(name);
        if (t >= 0 && (!casualties || cx.sc.tracks[static_cast<std::size_t>(t)].derive == TrackDerive::Casualties)) return t;
        if (reported.insert(std::string(section) + "/" + name).second)
            cx.error(at, "the base scenario's <" + std::string(section) + "> uses track " + qt(name) + ", which this <tracks> does not " +
                             (casualties ? "declare with derive=\"casualties\"" : "declare") + "; give <" + section +
                             "> in this file too");
        return old;
    };
    if (!cx.section("casualties"))
        for (CasualtyDef& c : cx.sc.casualties) c.track = find(c.track, "casualties", true);
    if (!cx.section("victory"))
        for (FactionVictoryDef& f : cx.sc.faction_victory.factions)
            for (ConditionDef& c : f.conditions) {
                for (std::int32_t& t : c.plus) t = find(t, "victory", false);
                for (std::int32_t& t : c.minus) t = find(t, "victory", false);
            }
}

// An extending file that gives fewer turns than its base: what it inherits must still fit. The
// turns are given by `turns`, or by a new default of the base's turns parameter (turns="param:NAME").
void check_inherited_turns(ReadContext& cx, pugi::xml_node root) {
    if (!cx.extending) return;
    pugi::xml_node at = root;
    pugi::xml_attribute a = root.attribute("turns");
    std::string prefix = "turns";
    if (!a && !cx.sc.turns_param.empty()) {
        auto it = cx.param_nodes.find(cx.sc.turns_param);
        if (it != cx.param_nodes.end() && it->second.attribute("default")) {
            at = it->second;
            a = at.attribute("default");
            prefix = "parameter " + qt(cx.sc.turns_param) + " (the last turn)";
        }
    }
    if (!a || cx.sc.turns == 0) return;  // not given, or "none": no limit for anything inherited
    const std::int32_t turns = cx.sc.turns;
    auto report = [&](const char* section, std::int32_t turn, const std::string& what) {
        cx.error(at, a,
                 prefix + ": the base scenario's <" + std::string(section) + "> uses turn " + std::to_string(turn) + " (" + what +
                     "), after the last turn " + std::to_string(turns) + "; give <" + section +
                     "> in this file, or more turns");
    };
    if (!cx.section("sequence")) {
        for (const SequenceStep& st : cx.sc.sequence)
            if (st.first_turn > turns) {
                report("sequence", st.first_turn, "a step's first-turn");
                break;
            }
        for (std::int32_t t : cx.sc.night_turns)
            if (t > turns) {
                report("sequence", t, "a night turn");
                break;
            }
    }
    if (!cx.section("units"))
        for (const UnitDef& u : cx.sc.units)
            if (u.enters_turn > turns) {
                report("units", u.enters_turn, "unit " + qt(u.id) + " enters then");
                break;
            }
    if (!cx.section("victory") && cx.sc.automatic && cx.sc.automatic->after_turn > turns)
        report("victory", cx.sc.automatic->after_turn, "the <automatic> test's after-turn");
    if (!cx.section("reinforcements")) {
        if (cx.sc.reinforcements.optional_after_turn > turns)
            report("reinforcements", cx.sc.reinforcements.optional_after_turn, "optional-after-turn");
        for (const Arrival& r : cx.sc.reinforcements.schedule)
            if (r.turn > turns) {
                report("reinforcements", r.turn, "an arrival");
                break;
            }
    }
}

// An extending file that keeps its base's sudden death but changes what gave the banners.
void check_inherited_sudden_death(ReadContext& cx, pugi::xml_node root) {
    if (!cx.extending) return;
    if (cx.section("victory") || cx.sc.end_victory != EndVictory::SuddenDeath || has_banner_source(cx)) return;
    pugi::xml_node at = cx.section("objectives") ? cx.section("objectives") : cx.section("sides") ? cx.section("sides") : root;
    cx.error(at, "the base scenario's <end-of-game winner=\"sudden-death\"> needs a source of banners, and this file leaves "
                 "none: " + std::string(kBannerSources));
}

}  // namespace referee::scenario_xml
