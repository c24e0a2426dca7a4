// Area games with factions (Liberty or Death): the spaces of the map (typed <location>s, their
// population and whether they may have Support, 1.6.1), <setup> (support levels, pieces, blockades),
// <tracks> (set by `track` records or derived: casualties, Total Support and Opposition, L1,
// pieces), <casualties> (L2) and <treaty> (L3); the rule numbers cited come from the scenario's
// `support-rule`, `blockade-rule`, `pieces-rule` and `rule` attributes.
#include "scenario_sections.hpp"

#include <algorithm>
#include <tuple>

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
