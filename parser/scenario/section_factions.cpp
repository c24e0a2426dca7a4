// Faction victory (Liberty or Death): <factions> in <victory>, with each faction's <condition>s on
// the tracks, the phases in which they are checked (7.2) and scored at the end (7.3), the order that
// breaks ties (`tie-order`, 7.1) and the one-player rule's (<one-player>, 8.8); the rule numbers
// come from its `check-rule`, `final-rule`, `rank-rule`, `players-rule` and <one-player rule=...>.
#include "scenario_sections.hpp"

#include <algorithm>

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
