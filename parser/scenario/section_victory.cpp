// Victory in the games of points: <victory> (its <points> rules with their <require> conditions,
// <automatic> victory, the <levels> table and <end-of-game>; it hands <banners-for-eliminations>
// to section_banners.cpp and <factions> to section_factions.cpp), and what decides exits: <exits>
// and <retreat-off-map>. The rule numbers each item cites come from its `rule` attribute.
#include "scenario_sections.hpp"

#include <algorithm>

namespace referee::scenario_xml {

namespace {

// The kinds of points (enum PointsKind, in its order).
const Words kPointsKindWords = {"start", "elimination", "exit", "occupation", "bonus", "trace", "exit-lead"};
constexpr unsigned bit(PointsKind k) { return 1u << static_cast<unsigned>(k); }

// <require> inside <points>: a role test or a line of communications.
std::optional<Require> read_require(ReadContext& cx, pugi::xml_node r) {
    cx.check_attrs(r, {"role", "status", "at", "line-from", "line-to", "rule"});
    cx.check_children(r, {});
    const bool line = r.attribute("line-from") || r.attribute("line-to");
    const bool role = r.attribute("role") || r.attribute("status") || r.attribute("at");
    if (line && role) {
        cx.error(r, "<require> is either a unit test (role, status, at) or a line of communications (line-from, line-to), not both");
        return std::nullopt;
    }
    if (!line && !role) {
        cx.error(r, "<require> needs 'role' and 'status' (a unit test) or 'line-from' and 'line-to' (a line of communications)");
        return std::nullopt;
    }
    Require q;
    if (line) {
        q.kind = RequireKind::Line;
        auto from = cx.loc_attr(r, "line-from", true);
        auto to = cx.loc_attr(r, "line-to", true);
        q.rule = cx.rule_attr(r, false);
        if (!from || !to) return std::nullopt;
        if (*from == *to) {
            cx.error(r, r.attribute("line-to"), "<require> attribute 'line-to': " + qt(cx.sc.map.name(*to)) + " is also line-from (a line needs two different locations)");
            return std::nullopt;
        }
        q.from = *from;
        q.to = *to;
        return q;
    }
    q.kind = RequireKind::Role;
    bool ok = true;
    if (r.attribute("rule")) {
        cx.error(r, r.attribute("rule"), "<require> takes 'rule' only with 'line-from' and 'line-to'");
        ok = false;
    }
    if (auto v = cx.required(r, "role")) {
        if (v->find_first_of(" \t\r\n,") != std::string_view::npos) {
            cx.error(r, r.attribute("role"), "<require> attribute 'role': " + qt(*v) + " is not one word");
            ok = false;
        }
        q.role = std::string(*v);
    } else {
        ok = false;
    }
    if (cx.required(r, "status")) {
        if (auto st = cx.words_list_attr(r, "status", {"on-map", "exited", "eliminated", "never-entered"}))
            for (std::size_t i : *st) q.statuses.push_back(static_cast<RoleStatus>(i));
        else
            ok = false;
    } else {
        ok = false;
    }
    if (r.attribute("at")) {
        if (auto at = cx.locs_attr(r, "at"))
            q.at = std::move(*at);
        else
            ok = false;
        if (ok && std::find(q.statuses.begin(), q.statuses.end(), RoleStatus::Exited) == q.statuses.end()) {
            cx.error(r, r.attribute("at"), "<require> attribute 'at' (where the unit exited) needs status 'exited'");
            ok = false;
        }
    }
    if (!ok) return std::nullopt;
    return q;
}

void read_points(ReadContext& cx, pugi::xml_node n) {
    cx.check_attrs(n, {"kind", "side", "value", "locs", "rule", "what", "per", "when", "units-of", "to-roads-leaving-at",
                       "to-roads-leaving-edge", "max-length", "zoc", "each-turn-of", "unit-types"});
    cx.check_children(n, {"require"});
    auto kind = cx.word_attr(n, "kind", kPointsKindWords, true);
    if (!kind) return;
    PointsRule p;
    p.kind = static_cast<PointsKind>(*kind);
    const std::string tag = "<points kind=\"" + std::string(kPointsKindWords.begin()[*kind]) + "\">";
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
        cx.error(n, n.attribute(o.attr), tag + " takes no " + qt(o.attr) + " (only " + o.which + ")");
        misplaced = true;
    }
    const bool takes_requires = (bit(p.kind) & (bit(PointsKind::Exit) | bit(PointsKind::Bonus) | bit(PointsKind::Trace))) != 0;
    for (pugi::xml_node r : n.children("require")) {
        if (takes_requires) {
            if (auto q = read_require(cx, r))
                p.requires_.push_back(std::move(*q));
            else
                misplaced = true;
        } else {
            cx.error(r, tag + " takes no <require> (only kinds exit, bonus and trace do)");
            misplaced = true;
        }
    }
    const bool named = p.kind == PointsKind::Start || p.kind == PointsKind::Bonus || p.kind == PointsKind::Trace ||
                       p.kind == PointsKind::ExitLead;
    auto side = cx.side_attr(n, "side", named ? kNamed : kEach);
    auto value = cx.value_attr(n, "value", -1000000, 1000000);
    auto rule = cx.required(n, "rule");
    auto what = cx.required(n, "what");
    if (misplaced) return;
    std::optional<std::vector<LocId>> locs = std::vector<LocId>();
    if (n.attribute("locs")) locs = cx.locs_attr(n, "locs");
    if (p.kind == PointsKind::Occupation && locs && locs->empty()) {
        cx.error(n, tag + " needs 'locs' (the locations that score)");
        return;
    }
    bool ok = true;
    if (auto per = cx.word_attr(n, "per", {"sp", "unit"}, false))
        p.per_unit = *per == 1;
    else if (n.attribute("per"))
        ok = false;
    if (auto when = cx.word_attr(n, "when", {"play", "end"}, false))
        p.when = *when == 1 ? When::End : When::Play;
    else if (n.attribute("when"))
        ok = false;
    if (p.kind == PointsKind::Occupation || p.kind == PointsKind::Trace) p.when = When::End;
    if (p.kind == PointsKind::Trace) {
        if (n.attribute("units-of")) {
            if (auto u = cx.side_attr(n, "units-of", kNamed))
                p.units_of = *u;
            else
                ok = false;
        } else if (cx.sc.sides.size() != 2 && !cx.sc.sides_from_game) {  // from the game: `side` is the error
            cx.error(n, tag + " needs 'units-of' (whose units trace) in a game of more than two sides");
            ok = false;
        }
        const bool at = !n.attribute("to-roads-leaving-at").empty(), by_edge = !n.attribute("to-roads-leaving-edge").empty();
        if (at == by_edge) {
            cx.error(n, tag + " needs exactly one of 'to-roads-leaving-at' (locations) and 'to-roads-leaving-edge' (edges)");
            ok = false;
        } else if (at) {
            if (!cx.required(n, "to-roads-leaving-at")) ok = false;
            else if (auto l = cx.locs_attr(n, "to-roads-leaving-at")) p.to_roads_leaving_at = std::move(*l);
            else ok = false;
        } else {
            if (!cx.required(n, "to-roads-leaving-edge")) ok = false;
            else if (auto e = cx.edges_attr(n, "to-roads-leaving-edge")) p.to_roads_leaving_edge = std::move(*e);
            else ok = false;
        }
        if (auto m = cx.int_attr(n, "max-length", 1, 10000, false))
            p.max_length = static_cast<std::int32_t>(*m);
        else if (n.attribute("max-length"))
            ok = false;
        if (auto z = cx.word_attr(n, "zoc", {"ignored", "blocks-unless-friendly"}, false))
            p.zoc = *z == 0 ? TraceZoc::Ignored : TraceZoc::BlocksUnlessFriendly;
        else if (n.attribute("zoc"))
            ok = false;
    }
    if (p.kind == PointsKind::ExitLead) {
        if (auto t = cx.side_attr(n, "each-turn-of", kNamed))
            p.each_turn_of = *t;
        else
            ok = false;
        for (std::string_view t : cx.list_attr(n, "unit-types")) p.unit_types.emplace_back(t);
        if (cx.sc.sides.size() != 2 && !cx.sc.sides_from_game) {  // from the game: `side` is the error
            cx.error(n, tag + " needs a game of two sides (it compares a side's exits with the enemy's)");
            ok = false;
        }
    }
    if (!ok || !side || !value || !rule || !what || !locs) return;
    p.side = *side;
    p.value = std::move(*value);
    p.locs = std::move(*locs);
    p.rule = std::string(*rule);
    p.what = one_line(*what);
    cx.sc.points.push_back(std::move(p));
}

void read_automatic(ReadContext& cx, pugi::xml_node n) {
    cx.check_attrs(n, {"side", "after-turn", "ratio", "require-positive", "enemy-holds-none", "rule"});
    cx.check_children(n, {});
    AutomaticVictory a;
    auto side = cx.side_attr(n, "side", kNamed);
    auto after = cx.int_attr(n, "after-turn", 1, cx.last_turn(), true);
    auto ratio = cx.int_attr(n, "ratio", 1, 1000000, true);
    auto positive = cx.bool_attr(n, "require-positive");
    auto holds = cx.locs_attr(n, "enemy-holds-none");
    auto rule = cx.required(n, "rule");
    if (n.attribute("require-positive") && !positive) return;
    if (!side || !after || !ratio || !holds || !rule) return;
    if (cx.sc.sides.size() != 2) {
        cx.error(n, "<automatic> needs a game of two sides");
        return;
    }
    a.side = *side;
    a.after_turn = static_cast<std::int32_t>(*after);
    a.ratio = *ratio;
    a.require_positive = positive.value_or(true);
    a.enemy_holds_none = std::move(*holds);
    a.rule = std::string(*rule);
    cx.sc.automatic = std::move(a);
}

// <levels>: victory levels by the ratio of two sides' points.
void read_levels(ReadContext& cx, pugi::xml_node s) {
    cx.check_attrs(s, {"ratio", "both-zero", "rule"});
    cx.check_children(s, {"level"});
    Levels lv;
    bool ok = true;
    if (cx.sc.sides_from_game) {  // its ratio names two sides
        cx.side_pair_attr(s, "ratio");
        return;
    }
    if (cx.sc.sides.size() != 2) {
        cx.error(s, "<levels> needs a game of two sides");
        return;
    }
    if (auto pair = cx.side_pair_attr(s, "ratio")) {
        lv.num_side = pair->first;
        lv.den_side = pair->second;
    } else {
        ok = false;
    }
    if (auto z = cx.ratio_attr(s, "both-zero", false)) {
        lv.zero_num = z->first;
        lv.zero_den = z->second;
    } else if (s.attribute("both-zero")) {
        ok = false;
    }
    lv.rule = cx.rule_attr(s, false);
    std::vector<pugi::xml_node> nodes;
    for (pugi::xml_node n : s.children("level")) nodes.push_back(n);
    if (nodes.empty()) {
        cx.error(s, "<levels> needs at least one <level>");
        return;
    }
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        pugi::xml_node n = nodes[i];
        const bool last = i + 1 == nodes.size();
        cx.check_attrs(n, {"winner", "name", "at-least", "above"});
        cx.check_children(n, {});
        VictoryLevel l;
        auto winner = cx.side_attr(n, "winner", kNamed);
        auto name = cx.required(n, "name");
        const bool at_least = !n.attribute("at-least").empty(), above = !n.attribute("above").empty();
        if (!winner || !name) ok = false;
        if (at_least && above) {
            cx.error(n, n.attribute("above"), "<level> takes 'at-least' or 'above', not both");
            ok = false;
            continue;
        }
        if (last && (at_least || above)) {
            const char* attr = at_least ? "at-least" : "above";
            cx.error(n, n.attribute(attr),
                     "the last <level> takes no " + qt(attr) + ": it is the level when none above it applies");
            ok = false;
            continue;
        }
        if (!last && !at_least && !above) {
            cx.error(n, "<level> needs 'at-least' or 'above' (a ratio such as 2:1); only the last level has neither");
            ok = false;
            continue;
        }
        if (at_least || above) {
            auto r = cx.ratio_attr(n, at_least ? "at-least" : "above", true);
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
    if (ok) cx.sc.levels = std::move(lv);
}

}  // namespace

void read_exits(ReadContext& cx, pugi::xml_node n) {
    if (!n) return;
    cx.check_attrs(n, {"allowed", "locs", "edges", "unit-types", "phase", "rule"});
    cx.check_children(n, {});
    Exits e;
    e.allowed = cx.bool_attr(n, "allowed").value_or(true);
    if (auto locs = cx.locs_attr(n, "locs")) e.locs = std::move(*locs);
    if (auto edges = cx.edges_attr(n, "edges")) e.edges = std::move(*edges);
    for (std::string_view t : cx.list_attr(n, "unit-types")) e.unit_types.emplace_back(t);
    if (auto ph = cx.phase_kind_attr(n, "phase", false)) e.phase = *ph;
    e.rule = cx.rule_attr(n, false);
    if (!e.allowed && (!e.locs.empty() || !e.edges.empty() || !e.unit_types.empty()))
        cx.error(n, "<exits allowed=\"no\"> cannot list exit locations, edges or unit types");
    cx.sc.exits = std::move(e);
}

void read_retreat(ReadContext& cx, pugi::xml_node n) {
    if (!n) return;
    cx.check_attrs(n, {"result", "rule"});
    cx.check_children(n, {});
    if (auto r = cx.word_attr(n, "result", {"eliminated", "forbidden"}, true))
        cx.sc.retreat_off_map = *r == 0 ? RetreatOffMap::Eliminated : RetreatOffMap::Forbidden;
    cx.sc.retreat_rule = cx.rule_attr(n, false);
}

void read_victory(ReadContext& cx, pugi::xml_node v) {
    if (!v) return;
    cx.check_attrs(v, {});
    cx.check_children(v, {"points", "automatic", "end-of-game", "levels", "banners-for-eliminations", "factions"});
    for (pugi::xml_node n : v.children("points")) read_points(cx, n);
    if (pugi::xml_node b = cx.single_child(v, "banners-for-eliminations", false)) read_banners_for_eliminations(cx, b);
    if (pugi::xml_node a = cx.single_child(v, "automatic", false)) read_automatic(cx, a);
    pugi::xml_node levels = cx.single_child(v, "levels", false);
    if (levels) read_levels(cx, levels);
    pugi::xml_node factions = cx.single_child(v, "factions", false);
    if (factions) read_factions(cx, factions);
    bool by_levels = false, by_factions = false, winner_known = true;
    if (pugi::xml_node e = cx.single_child(v, "end-of-game", false)) {
        cx.check_attrs(e, {"winner", "rule"});
        cx.check_children(e, {});
        if (auto w = cx.word_attr(e, "winner", {"higher-total", "levels", "sudden-death", "factions"}, true)) {
            const EndVictory kinds[] = {EndVictory::HigherTotal, EndVictory::Levels, EndVictory::SuddenDeath, EndVictory::Factions};
            cx.sc.end_victory = kinds[*w];
            by_levels = *w == 1;
            by_factions = *w == 3;
            if (by_factions && !factions)
                cx.error(e, e.attribute("winner"), "<end-of-game winner=\"factions\"> needs <factions> in <victory>");
            if (by_levels && !levels)
                cx.error(e, e.attribute("winner"), "<end-of-game winner=\"levels\"> needs a <levels> table in <victory>");
            if (*w == 2 && !has_banner_source(cx))
                cx.error(e, e.attribute("winner"),
                         "<end-of-game winner=\"sudden-death\"> needs a source of banners: " + std::string(kBannerSources));
        } else {
            winner_known = false;
        }
        cx.sc.end_rule = cx.rule_attr(e, false);
    }
    if (levels && !by_levels && winner_known)
        cx.error(levels, "<levels> needs <end-of-game winner=\"levels\"> in the same <victory> (the table decides the game only then)");
    if (factions && !by_factions && winner_known)
        cx.error(factions, "<factions> needs <end-of-game winner=\"factions\"> in the same <victory> (the factions' margins decide "
                           "the game only then)");
}

}  // namespace referee::scenario_xml
