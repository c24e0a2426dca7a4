// <vassal>: how a VASSAL module's pieces, maps, trackers and dice stand for this scenario's units,
// locations, turns, phases and rolls (docs/scenario-format.md, "VASSAL binding"; the data is
// vassal_binding.hpp). Read last, since it names the scenario's sides, phases and locations. Every
// pattern is compiled here, so that a pattern that cannot match is an error at its attribute and
// not a surprise when a game is judged. An extending file's <vassal> replaces its base's.
#include "scenario_sections.hpp"

#include "pattern.hpp"

namespace referee::scenario_xml {

namespace {

// The fields a piece's name pattern may capture.
const Words kPieceFields = {"side", "unit", "type", "strength"};

// A pattern attribute: compiled, and its fields among `fields` (a pattern that keeps nothing, such
// as `only` and `ignore`, takes an empty list: `{*}` only). Returns the text, or none (reported).
std::optional<std::string> pattern_attr(ReadContext& cx, pugi::xml_node n, const char* name, Words fields,
                                        bool req, std::optional<Pattern>* compiled = nullptr, bool a_template = false) {
    auto v = req ? cx.required(n, name) : cx.optional(n, name);
    if (!v) return std::nullopt;
    std::string error;
    auto p = Pattern::compile(*v, &error);
    if (!p) {
        cx.error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + ": the pattern " + qt(*v) + " is wrong: " + error);
        return std::nullopt;
    }
    if (!a_template && p->has_transforms()) {
        cx.error(n, n.attribute(name),
                 elem(n) + " attribute " + qt(name) + ": the pattern " + qt(*v) +
                     " has a numbering transform (+N, -N, :WIDTH), which only a <rewrite>'s 'to' may have");
        return std::nullopt;
    }
    for (std::string_view f : p->field_names()) {
        if (std::find(fields.begin(), fields.end(), f) != fields.end()) continue;
        std::vector<std::string_view> list(fields.begin(), fields.end());
        cx.error(n, n.attribute(name),
                 elem(n) + " attribute " + qt(name) + ": the pattern " + qt(*v) + " has the field {" + std::string(f) +
                     "}, which it cannot use (" + (list.empty() ? std::string("only {*} here") : "its fields: " + join(list)) +
                     ")");
        return std::nullopt;
    }
    if (compiled) *compiled = std::move(p);
    return std::string(*v);
}

// "Union movement" or "movement": a side's phase, or a phase of no side.
bool is_phase_record(const Scenario& sc, std::string_view as) {
    as = trim(as);
    if (sc.find_phase(as) >= 0) return true;
    for (std::size_t i = 0; i < as.size(); ++i) {
        if (as[i] != ' ') continue;
        const std::string_view side = as.substr(0, i), phase = trim(as.substr(i + 1));
        if (sc.find_phase(phase) < 0) continue;
        if (sc.sides_from_game || sc.find_side(side) != kNoSide) return true;
    }
    return false;
}

// <side>, <unit>, <type>, <strength>: where that attribute of a piece is read, and its values.
void read_value_source(ReadContext& cx, pugi::xml_node n, VassalValueSource& out, const std::optional<Pattern>& name_pattern,
                       const char* what) {
    if (!n) return;
    cx.check_attrs(n, {"property", "layer", "index", "field"});
    cx.check_children(n, {"value"});
    int given = 0;
    if (auto p = cx.optional(n, "property")) out.property = std::string(*p), ++given;
    if (auto l = cx.optional(n, "layer")) out.layer = std::string(*l), ++given;
    if (auto f = cx.optional(n, "field")) {
        ++given;
        if (!name_pattern) {
            cx.error(n, n.attribute("field"),
                     elem(n) + " attribute 'field': the piece's name has no pattern to take a field from (give <pieces name-pattern=...>)");
        } else if (!name_pattern->has_field(*f)) {
            cx.error(n, n.attribute("field"),
                     elem(n) + " attribute 'field': the pieces' name-pattern " + qt(name_pattern->text()) + " has no field {" +
                         std::string(*f) + "}");
        } else {
            out.pattern_field = std::string(*f);
        }
    }
    if (given > 1) cx.error(n, elem(n) + " takes one of 'property', 'layer' and 'field', not several");
    if (given == 0) cx.error(n, elem(n) + " needs where the piece's " + what + " is read: 'property', 'layer' or 'field'");
    if (n.attribute("index")) {
        if (out.layer.empty()) cx.error(n, n.attribute("index"), elem(n) + " attribute 'index' goes with 'layer'");
        if (auto b = cx.bool_attr(n, "index")) out.layer_index = *b;
    }
    const bool side = std::string_view(what) == "side", strength = std::string_view(what) == "strength";
    for (pugi::xml_node v : n.children("value")) {
        cx.check_attrs(v, {"vassal", "as"});
        cx.check_children(v, {});
        auto from = cx.required(v, "vassal");
        auto as = cx.required(v, "as");
        if (!from || !as) continue;
        if (side && !cx.sc.sides_from_game && cx.sc.find_side(*as) == kNoSide) {
            cx.error(v, v.attribute("as"), cx.unknown_side(v, "as", *as) + ")");
            continue;
        }
        if (strength && (!whole_number(*as) || *whole_number(*as) < 0)) {
            cx.error(v, v.attribute("as"), "<value> attribute 'as': a strength is a whole number, not " + qt(*as));
            continue;
        }
        out.values.emplace_back(std::string(*from), std::string(*as));
    }
}

void read_places(ReadContext& cx, pugi::xml_node v, const char* name, std::vector<VassalPlace>& out) {
    for (pugi::xml_node n : v.children(name)) {
        cx.check_attrs(n, {"map", "zone"});
        cx.check_children(n, {});
        auto map = cx.required(n, "map");
        if (!map) continue;
        VassalPlace p{std::string(*map), ""};
        if (auto z = cx.optional(n, "zone")) p.zone = std::string(*z);
        out.push_back(std::move(p));
    }
}

// <turns> and <phases>: a source (tracker, property or chat) and its details.
void read_clock_source(ReadContext& cx, pugi::xml_node n, bool phase, VassalTurns& t) {
    cx.check_attrs(n, phase ? Words{"source", "tracker", "level", "side-level", "sides-by-turn", "property", "pattern"}
                            : Words{"source", "tracker", "level", "property", "pattern"});
    cx.check_children(n, phase ? Words{"phase"} : Words{});
    auto source = cx.word_attr(n, "source", {"tracker", "property", "chat"}, true);
    if (!source) return;
    const auto kind = static_cast<VassalTurns::Source>(*source + 1);
    (phase ? t.phase_source : t.turn_source) = kind;
    auto refuse = [&](const char* attr, const char* wanted) {
        if (n.attribute(attr))
            cx.error(n, n.attribute(attr), elem(n) + " attribute " + qt(attr) + " goes with source=\"" + wanted + "\"");
    };
    if (kind != VassalTurns::Source::tracker) refuse("tracker", "tracker"), refuse("level", "tracker"), refuse("side-level", "tracker");
    if (kind != VassalTurns::Source::property) refuse("property", "property");
    if (kind != VassalTurns::Source::chat) refuse("pattern", "chat");
    switch (kind) {
    case VassalTurns::Source::tracker: {
        auto tracker = cx.required(n, "tracker");
        if (tracker) {
            if (!t.tracker.empty() && t.tracker != *tracker)
                cx.error(n, n.attribute("tracker"),
                         elem(n) + ": turns and phases read from two trackers (" + qt(t.tracker) + " and " + qt(*tracker) +
                             "); VASSAL's turn tracker keeps both")
                ;
            else
                t.tracker = std::string(*tracker);
        }
        if (auto l = cx.int_attr(n, "level", 1, 16, false)) (phase ? t.phase_level : t.turn_level) = static_cast<std::int32_t>(*l - 1);
        if (phase)
            if (auto l = cx.int_attr(n, "side-level", 1, 16, false)) t.phase_side_level = static_cast<std::int32_t>(*l - 1);
        break;
    }
    case VassalTurns::Source::property:
        if (auto p = cx.required(n, "property")) (phase ? t.phase_property : t.turn_property) = std::string(*p);
        break;
    case VassalTurns::Source::chat: {
        std::optional<Pattern> compiled;
        auto p = phase ? pattern_attr(cx, n, "pattern", {"phase", "side"}, true, &compiled)
                       : pattern_attr(cx, n, "pattern", {"turn"}, true, &compiled);
        const char* field = phase ? "phase" : "turn";
        if (p && !compiled->has_field(field))
            cx.error(n, n.attribute("pattern"), elem(n) + " attribute 'pattern': " + qt(*p) + " has no {" + field + "} field");
        else if (p)
            (phase ? t.phase_chat : t.turn_chat) = *p;
        break;
    }
    case VassalTurns::Source::none:
        break;
    }
    if (!phase) return;
    if (auto sides = cx.optional(n, "sides-by-turn")) {
        if (n.attribute("side-level")) cx.error(n, n.attribute("sides-by-turn"), elem(n) + ": 'sides-by-turn' and 'side-level' both give the side");
        std::string_view rest = *sides;
        while (!rest.empty()) {
            const auto comma = rest.find(',');
            const std::string_view side = trim(rest.substr(0, comma));
            if (side.empty() || (!cx.sc.sides_from_game && cx.sc.find_side(side) == kNoSide))
                cx.error(n, n.attribute("sides-by-turn"), elem(n) + " attribute 'sides-by-turn': " + qt(side) + " is no side of the scenario");
            else
                t.sides_by_turn.emplace_back(side);
            if (comma == std::string_view::npos) break;
            rest = rest.substr(comma + 1);
        }
    }
    for (pugi::xml_node ph : n.children("phase")) {
        cx.check_attrs(ph, {"vassal", "as"});
        cx.check_children(ph, {});
        auto from = cx.required(ph, "vassal");
        auto as = cx.required(ph, "as");
        if (!from || !as) continue;
        if (!is_phase_record(cx.sc, *as)) {
            std::string phases;
            for (const PhaseDef& d : cx.sc.phases) phases += (phases.empty() ? "" : ", ") + d.name;
            cx.error(ph, ph.attribute("as"),
                     "<phase> attribute 'as': " + qt(*as) + " is not a phase of the scenario (\"SIDE PHASE\" or \"PHASE\"; phases: " +
                         phases + ")");
            continue;
        }
        t.phases.emplace_back(std::string(*from), std::string(trim(*as)));
    }
}

// "2d6": N dice of S sides.
bool dice_word(std::string_view d) {
    const auto at = d.find('d');
    if (at == std::string_view::npos || at == 0 || at + 1 == d.size()) return false;
    const auto n = whole_number(d.substr(0, at)), s = whole_number(d.substr(at + 1));
    return n && s && *n >= 1 && *n <= 100 && *s >= 2 && *s <= 1000 && d.find_first_of("+- ") == std::string_view::npos;
}

}  // namespace

void read_vassal(ReadContext& cx, pugi::xml_node v) {
    if (!v) return;
    VassalBinding b;
    b.declared = true;
    b.source_line = cx.file + ":" + std::to_string(cx.line_of(v));
    cx.check_attrs(v, {"module", "version"});
    cx.check_children(v, {"map", "pieces", "eliminated", "exited", "pool", "turns", "phases", "dice", "chat"});
    if (auto m = cx.required(v, "module")) b.module_name = std::string(*m), b.module_at = cx.place_of(v, v.attribute("module"));
    if (auto ver = cx.optional(v, "version")) b.module_version = std::string(*ver);

    if (pugi::xml_node m = cx.single_child(v, "map", true)) {
        cx.check_attrs(m, {"name"});
        cx.check_children(m, {"location", "rewrite"});
        if (auto name = cx.required(m, "name")) b.locations.map = std::string(*name), b.map_at = cx.place_of(m, m.attribute("name"));
        for (pugi::xml_node l : m.children("location")) {
            cx.check_attrs(l, {"vassal", "id"});
            cx.check_children(l, {});
            auto from = cx.required(l, "vassal");
            auto id = cx.loc_attr(l, "id", true);
            if (from && id) b.locations.names.emplace_back(std::string(*from), cx.sc.map.name(*id));
        }
        for (pugi::xml_node r : m.children("rewrite")) {
            cx.check_attrs(r, {"from", "to"});
            cx.check_children(r, {});
            std::optional<Pattern> from_p;
            auto from = pattern_attr(cx, r, "from", {"col", "row"}, true, &from_p);
            auto to = pattern_attr(cx, r, "to", {"col", "row"}, true, nullptr, true);
            if (!from || !to) continue;
            bool ok = true;
            // Kept in a variable: the names are views into it (a temporary would be gone before the loop).
            const std::optional<Pattern> to_p = Pattern::compile(*to, nullptr);
            if (!to_p || !from_p) continue;
            for (std::string_view f : to_p->field_names())
                if (!from_p->has_field(f)) {
                    cx.error(r, r.attribute("to"),
                             "<rewrite> attribute 'to': {" + std::string(f) + "} is not a field of 'from' (" + qt(*from) + ")");
                    ok = false;
                }
            if (ok) b.locations.rewrites.emplace_back(std::move(*from), std::move(*to));
        }
    }

    if (pugi::xml_node p = cx.single_child(v, "pieces", true)) {
        cx.check_attrs(p, {"name-pattern"});
        cx.check_children(p, {"side", "unit", "type", "strength", "only", "ignore", "piece"});
        std::optional<Pattern> name_pattern;
        if (auto np = pattern_attr(cx, p, "name-pattern", kPieceFields, false, &name_pattern)) b.pieces.name_pattern = *np;
        read_value_source(cx, cx.single_child(p, "side", false), b.pieces.side, name_pattern, "side");
        read_value_source(cx, cx.single_child(p, "unit", false), b.pieces.unit, name_pattern, "unit");
        read_value_source(cx, cx.single_child(p, "type", false), b.pieces.type, name_pattern, "type");
        read_value_source(cx, cx.single_child(p, "strength", false), b.pieces.strength, name_pattern, "strength");
        // Without <side>, the name pattern's {side}; a unit is a piece whose side can be read.
        if (!p.child("side") && name_pattern && name_pattern->has_field("side")) b.pieces.side.pattern_field = "side";
        if (!p.child("unit") && name_pattern && name_pattern->has_field("unit")) b.pieces.unit.pattern_field = "unit";
        if (!p.child("type") && name_pattern && name_pattern->has_field("type")) b.pieces.type.pattern_field = "type";
        if (!p.child("strength") && name_pattern && name_pattern->has_field("strength")) b.pieces.strength.pattern_field = "strength";
        if (!b.pieces.side.set() && !p.child("side"))
            cx.error(p, "<pieces> needs <side> (or a name-pattern with {side}): a piece is a unit when its side can be read");
        for (const char* list : {"only", "ignore"})
            for (pugi::xml_node n : p.children(list)) {
                cx.check_attrs(n, {"name", "gpid", "prototype", "property", "value"});
                cx.check_children(n, {});
                const bool only = std::string_view(list) == "only";
                const int given = !!n.attribute("name") + !!n.attribute("gpid") + !!n.attribute("prototype") + !!n.attribute("property");
                if (given != 1) {
                    cx.error(n, elem(n) + " takes one of 'name', 'gpid', 'prototype' or 'property' (with 'value')");
                    continue;
                }
                if (n.attribute("name")) {
                    if (auto pat = pattern_attr(cx, n, "name", {}, true)) (only ? b.pieces.only : b.pieces.ignore).push_back(*pat);
                    continue;
                }
                VassalPieceSelector sel;
                if (auto g = cx.optional(n, "gpid")) sel.by = VassalPieceSelector::By::gpid, sel.key = std::string(*g);
                if (auto pr = cx.optional(n, "prototype")) sel.by = VassalPieceSelector::By::prototype, sel.key = std::string(*pr);
                if (auto prop = cx.optional(n, "property")) {
                    sel.by = VassalPieceSelector::By::property;
                    sel.key = std::string(*prop);
                    auto val = cx.required(n, "value");
                    if (!val) continue;
                    sel.value = std::string(*val);
                } else if (n.attribute("value")) {
                    cx.error(n, n.attribute("value"), elem(n) + " attribute 'value' goes with 'property'");
                    continue;
                }
                (only ? b.pieces.only_by : b.pieces.ignore_by).push_back(std::move(sel));
            }
        for (pugi::xml_node n : p.children("piece")) {
            cx.check_attrs(n, {"id", "gpid", "unit"});
            cx.check_children(n, {});
            VassalPieceUnit pu;
            auto id = cx.optional(n, "id");
            auto gpid = cx.optional(n, "gpid");
            auto unit = cx.required(n, "unit");
            if (!!id == !!gpid) {
                cx.error(n, "<piece> takes one of 'id' (a piece's VASSAL id) or 'gpid' (its palette slot), and 'unit'");
                continue;
            }
            if (!unit) continue;
            if (id) pu.piece_id = std::string(*id);
            if (gpid) pu.gpid = std::string(*gpid);
            pu.unit = std::string(*unit);
            b.pieces.units.push_back(std::move(pu));
        }
    }

    read_places(cx, v, "eliminated", b.eliminated);
    read_places(cx, v, "exited", b.exited);
    read_places(cx, v, "pool", b.pool);
    for (const char* name : {"turns", "phases"})
        if (pugi::xml_node t = cx.single_child(v, name, false)) {
            const bool phase = std::string_view(name) == "phases";
            read_clock_source(cx, t, phase, b.turns);
            if (t.attribute("tracker") && b.tracker_at.empty()) b.tracker_at = cx.place_of(t, t.attribute("tracker"));
            const pugi::xml_attribute level = t.attribute("level");
            (phase ? b.phase_level_at : b.turn_level_at) = level ? cx.place_of(t, level) : cx.place_of(t);
            if (phase && t.attribute("side-level")) b.phase_side_level_at = cx.place_of(t, t.attribute("side-level"));
        }

    for (pugi::xml_node d : v.children("dice")) {
        cx.check_attrs(d, {"button", "side", "dice"});
        cx.check_children(d, {});
        VassalDice dice;
        auto button = cx.required(d, "button");
        if (!button) continue;
        dice.button = std::string(*button);
        if (auto s = cx.optional(d, "side"); s && !trim(*s).empty()) {
            if (!cx.sc.sides_from_game && cx.sc.find_side(*s) == kNoSide) {
                cx.error(d, d.attribute("side"), cx.unknown_side(d, "side", *s) + "; \"\" for the side of the player who rolled)");
                continue;
            }
            dice.side = std::string(trim(*s));
        }
        if (auto w = cx.optional(d, "dice"); w && !trim(*w).empty()) {
            if (!dice_word(trim(*w))) {
                cx.error(d, d.attribute("dice"), "<dice> attribute 'dice': " + qt(*w) + " is not a dice word such as \"2d6\"");
                continue;
            }
            dice.dice = std::string(trim(*w));
        }
        b.dice.push_back(std::move(dice));
    }
    if (pugi::xml_node c = cx.single_child(v, "chat", false)) {
        cx.check_attrs(c, {"pattern"});
        cx.check_children(c, {});
        std::optional<Pattern> compiled;
        if (auto p = pattern_attr(cx, c, "pattern", {"player", "text"}, true, &compiled)) {
            if (!compiled->has_field("text"))
                cx.error(c, c.attribute("pattern"), "<chat> attribute 'pattern': " + qt(*p) + " has no {text} field");
            else
                b.chat_pattern = *p;
        }
    }
    cx.sc.vassal = std::move(b);
}

}  // namespace referee::scenario_xml
