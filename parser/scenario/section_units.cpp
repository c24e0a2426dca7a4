// The order of battle and how units move: <units> (with <group>s that give their units a side,
// type or source), <holdings> (who holds a location at the start), <reinforcements> (the published
// arrivals, checked against the units' enters and enters-at; rule numbers from `rule` and
// `schedule-rule`), <zones-of-control> and <stacking>.
#include "scenario_sections.hpp"

#include <algorithm>
#include <tuple>

namespace referee::scenario_xml {

namespace {

void read_unit(ReadContext& cx, pugi::xml_node n, pugi::xml_node group, NodesByName& ids) {
    cx.check_attrs(n, {"id", "side", "type", "strength", "at", "enters", "enters-at", "roles", "source", "ma"});
    cx.check_children(n, {});
    auto group_attr = [&](const char* name) -> std::optional<std::string_view> {
        if (!group) return std::nullopt;
        return cx.optional(group, name);
    };
    UnitDef u;
    bool ok = true;
    if (auto id = cx.required(n, "id")) {
        if (id->find_first_of(" \t\r\n,") != std::string_view::npos) {
            cx.error(n, n.attribute("id"), "unit id " + qt(*id) + " contains white space or a comma");
            ok = false;
        } else if (auto it = ids.find(*id); it != ids.end()) {
            cx.error(n, n.attribute("id"),
                     "unit id " + qt(*id) + " is used twice (first on line " + std::to_string(cx.line_of(it->second)) + ")");
            ok = false;
        } else {
            ids.emplace(std::string(*id), n);
            u.id = std::string(*id);
        }
    } else {
        ok = false;
    }
    if (cx.sc.sides_from_game && !n.attribute("side") && !group_attr("side")) {
        cx.error(n, "<unit> needs a side, and this scenario's sides come from the game (<sides from-game=\"yes\">): "
                    "its games declare their units with `unit` records");
        ok = false;
    } else if (auto s = cx.side_attr(n, "side", kNamed, group_attr("side"))) {
        u.side = *s;
    } else {
        ok = false;
    }
    auto type = cx.optional(n, "type");
    if (!type) type = group_attr("type");
    if (!type || type->empty()) {
        cx.error(n, "<unit> needs attribute 'type' (or a <group type=...>)");
        ok = false;
    } else {
        u.type = std::string(*type);
    }
    if (auto st = cx.int_attr(n, "strength", 0, 1000000, true))
        u.strength = *st;
    else
        ok = false;
    if (!n.attribute("at").empty()) {
        if (auto at = cx.loc_attr(n, "at", true))
            u.at = *at;
        else
            ok = false;
    }
    const bool has_enters = !n.attribute("enters").empty(), has_enters_at = !n.attribute("enters-at").empty();
    if (has_enters != has_enters_at) {
        cx.error(n, "<unit> needs both 'enters' (a turn) and 'enters-at' (a location), or neither");
        ok = false;
    } else if (has_enters) {
        if (!n.attribute("at").empty()) {
            cx.error(n, n.attribute("enters"), "<unit> has both 'at' (on the map at setup) and 'enters' (a reinforcement)");
            ok = false;
        }
        if (auto t = cx.int_attr(n, "enters", 1, cx.last_turn(), true))
            u.enters_turn = static_cast<std::int32_t>(*t);
        else
            ok = false;
        if (auto l = cx.loc_attr(n, "enters-at", true))
            u.enters_at = *l;
        else
            ok = false;
    }
    for (std::string_view r : cx.list_attr(n, "roles")) u.roles.emplace_back(r);
    // The movement allowance (G7), the unit's own or its group's.
    if (n.attribute("ma")) {
        if (auto ma = cx.int_attr(n, "ma", 0, kMaxAllowance, true)) u.ma = *ma;
        else ok = false;
    } else if (group && group.attribute("ma")) {  // checked once, by read_units
        u.ma = whole_number(group.attribute("ma").value()).value_or(-1);
    }
    if (auto src = cx.optional(n, "source"))
        u.source = one_line(*src);
    else if (auto gs = group_attr("source"))
        u.source = one_line(*gs);
    if (ok) {
        cx.sc.units.push_back(std::move(u));
        cx.unit_nodes.push_back(n);
    }
}

}  // namespace

void read_units(ReadContext& cx, pugi::xml_node s) {
    if (!s) return;
    cx.check_attrs(s, {});
    cx.check_children(s, {"unit", "group"});
    NodesByName ids;
    for (pugi::xml_node c : s.children()) {
        if (c.type() != pugi::node_element) continue;
        const std::string_view name = c.name();
        if (name == "unit") {
            read_unit(cx, c, pugi::xml_node(), ids);
        } else if (name == "group") {
            cx.check_attrs(c, {"side", "type", "source", "ma"});
            cx.check_children(c, {"unit"});
            if (auto gs = cx.optional(c, "side"); gs && cx.sc.sides_from_game) {
                cx.from_game_side_error(c, c.attribute("side"), "side", *gs);
                continue;
            }
            if (auto gs = cx.optional(c, "side"); gs && cx.sc.find_side(*gs) == kNoSide) {
                if (cx.sides_ok) cx.error(c, c.attribute("side"), "<group> attribute 'side': unknown side " + qt(*gs));
                continue;
            }
            if (c.attribute("ma") && !cx.int_attr(c, "ma", 0, kMaxAllowance, true)) continue;
            for (pugi::xml_node u : c.children("unit")) read_unit(cx, u, c, ids);
        }
    }
}

void read_holdings(ReadContext& cx, pugi::xml_node s) {
    if (!s) return;
    cx.check_attrs(s, {"rule"});
    cx.check_children(s, {"hold"});
    cx.sc.holding_rule = cx.rule_attr(s, false);
    std::map<LocId, pugi::xml_node> seen;
    for (pugi::xml_node n : s.children("hold")) {
        cx.check_attrs(n, {"loc", "side"});
        cx.check_children(n, {});
        auto loc = cx.loc_attr(n, "loc", true);
        auto side = cx.side_attr(n, "side", kNamed);
        if (!loc || !side) continue;
        if (auto it = seen.find(*loc); it != seen.end()) {
            cx.error(n, n.attribute("loc"),
                     "location " + qt(cx.sc.map.name(*loc)) + " is held twice (first on line " + std::to_string(cx.line_of(it->second)) + ")");
            continue;
        }
        seen.emplace(*loc, n);
        cx.sc.holds.push_back(InitialHold{*loc, *side});
    }
}

// <reinforcements>: the published arrivals and what a late reinforcement may do.
void read_reinforcements(ReadContext& cx, pugi::xml_node s) {
    if (!s) return;
    cx.check_attrs(s, {"rule", "schedule-rule", "optional-after-turn"});
    cx.check_children(s, {"side", "arrival"});
    Reinforcements& r = cx.sc.reinforcements;
    r.declared = true;
    r.rule = cx.rule_attr(s, false);
    if (auto v = cx.optional(s, "schedule-rule")) r.schedule_rule = std::string(*v);
    if (auto t = cx.int_attr(s, "optional-after-turn", 0, cx.last_turn(), false)) r.optional_after_turn = static_cast<std::int32_t>(*t);
    r.alternate_edges.assign(cx.sc.sides.size(), {});
    std::map<SideId, pugi::xml_node> sides;
    for (pugi::xml_node n : s.children("side")) {
        cx.check_attrs(n, {"name", "alternate-edges"});
        cx.check_children(n, {});
        auto side = cx.side_attr(n, "name", kNamed);
        auto edges = cx.edges_attr(n, "alternate-edges");
        if (!side) continue;
        if (auto it = sides.find(*side); it != sides.end()) {
            cx.error(n, n.attribute("name"),
                     "<reinforcements> names side " + qt(cx.sc.sides[static_cast<std::size_t>(*side)]) + " twice (first on line " +
                         std::to_string(cx.line_of(it->second)) + ")");
            continue;
        }
        sides.emplace(*side, n);
        if (edges) r.alternate_edges[static_cast<std::size_t>(*side)] = std::move(*edges);
    }
    std::map<std::tuple<SideId, std::int32_t, LocId>, pugi::xml_node> seen;
    for (pugi::xml_node n : s.children("arrival")) {
        cx.check_attrs(n, {"side", "turn", "at"});
        cx.check_children(n, {});
        auto side = cx.side_attr(n, "side", kNamed);
        auto turn = cx.int_attr(n, "turn", 1, cx.last_turn(), true);
        auto at = cx.loc_attr(n, "at", true);
        if (!side || !turn || !at) continue;
        const Arrival a{*side, static_cast<std::int32_t>(*turn), *at};
        if (auto it = seen.find({a.side, a.turn, a.at}); it != seen.end()) {
            cx.error(n, "arrival of " + cx.sc.sides[static_cast<std::size_t>(a.side)] + " on turn " + std::to_string(a.turn) + " at " +
                            cx.sc.map.name(a.at) + " is listed twice (first on line " + std::to_string(cx.line_of(it->second)) + ")");
            continue;
        }
        seen.emplace(std::make_tuple(a.side, a.turn, a.at), n);
        r.schedule.push_back(a);
    }
}

// A unit's enters/enters-at must be one of its side's published arrivals, when the schedule
// lists any for that side (and <reinforcements> has no errors).
void check_arrivals(ReadContext& cx, pugi::xml_node /*root*/) {
    if (!cx.reinforcements_ok) return;
    const Reinforcements& r = cx.sc.reinforcements;
    if (r.schedule.empty()) return;
    const bool own_units = !cx.section("units").empty();
    pugi::xml_node reinf = cx.section("reinforcements");
    if (!own_units && !reinf) return;  // both the base's: already checked
    for (std::size_t i = 0; i < cx.sc.units.size(); ++i) {
        const UnitDef& u = cx.sc.units[i];
        if (u.enters_turn == 0) continue;
        std::string listed;
        bool match = false;
        for (const Arrival& a : r.schedule) {
            if (a.side != u.side) continue;
            listed += (listed.empty() ? "" : "; ") + std::string("turn ") + std::to_string(a.turn) + " at " + cx.sc.map.name(a.at);
            match = match || (a.turn == u.enters_turn && a.at == u.enters_at);
        }
        if (match || listed.empty()) continue;
        const std::string side = cx.sc.sides[static_cast<std::size_t>(u.side)];
        const std::string msg = "unit " + qt(u.id) + " enters on turn " + std::to_string(u.enters_turn) + " at " +
                                cx.sc.map.name(u.enters_at) + ", which is not an arrival of " + side +
                                " in <reinforcements>" + (r.schedule_rule.empty() ? "" : " (" + r.schedule_rule + ")") +
                                "; " + side + " arrives on: " + listed;
        if (own_units && i < cx.unit_nodes.size())
            cx.error(cx.unit_nodes[i], msg);
        else
            cx.error(reinf, "the base scenario's " + msg + " (give <units> in this file too)");
    }
}

void read_zoc(ReadContext& cx, pugi::xml_node n) {
    if (!n) return;
    cx.check_attrs(n, {"rule"});
    cx.check_children(n, {});
    cx.sc.zoc.enabled = true;
    cx.sc.zoc.rule = cx.rule_attr(n, false);
}

void read_stacking(ReadContext& cx, pugi::xml_node n) {
    if (!n) return;
    cx.check_attrs(n, {"limit", "rule"});
    cx.check_children(n, {});
    if (auto l = cx.int_attr(n, "limit", 1, 1000, true)) cx.sc.stacking.limit = static_cast<std::int32_t>(*l);
    cx.sc.stacking.rule = cx.rule_attr(n, false);
}

}  // namespace referee::scenario_xml
