// <scenario>'s sides and sequence of play: <sides> (and the factions of sides in groups, with the
// pieces each owns), <phases>, <params>, the turns parameter (<scenario turns="param:NAME">), the
// first player (<scenario first-player=...>) and <sequence> (its steps, night turns and
// alternating turns). Read first: everything else names sides, phases and parameters.
#include "scenario_sections.hpp"

#include <algorithm>

namespace referee::scenario_xml {

namespace {

constexpr std::string_view kFirstPlayerParam = "first-player";

// <side group="..." pieces="...">: the rules' side each faction belongs to, and the pieces it owns.
void read_factions_of_sides(ReadContext& cx, pugi::xml_node s, const std::vector<pugi::xml_node>& nodes) {
    cx.sc.faction_pieces.assign(cx.sc.sides.size(), {});
    cx.sc.groups.clear();
    for (std::size_t i = 0; i < nodes.size(); ++i)
        if (auto v = cx.words_list_attr(nodes[i], "pieces", kPieceWords))
            for (std::size_t p : *v) cx.sc.faction_pieces[i].push_back(static_cast<Piece>(p));
    if (std::none_of(nodes.begin(), nodes.end(), [](pugi::xml_node n) { return !n.attribute("group").empty(); })) return;
    // Every side has a group; the first spelling of a group is kept for all its sides.
    std::vector<std::string> groups(nodes.size());
    std::vector<std::string> distinct;
    bool ok = true;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        pugi::xml_node n = nodes[i];
        if (!n.attribute("group")) {
            cx.error(n, "<side> needs attribute 'group': the other sides have one (in a game of factions every side belongs "
                        "to a group)");
            ok = false;
            continue;
        }
        auto g = cx.required(n, "group");
        if (!g) {
            ok = false;
            continue;
        }
        if (is_reserved_side_word(*g)) {
            cx.error(n, n.attribute("group"), qt(*g) + " is a reserved word and cannot name a group");
            ok = false;
            continue;
        }
        if (cx.sc.find_side(*g) != kNoSide) {
            cx.error(n, n.attribute("group"), "group " + qt(*g) + " has the name of a side (a group's name must differ from its factions')");
            ok = false;
            continue;
        }
        auto same = std::find_if(distinct.begin(), distinct.end(), [&](const std::string& d) { return iequals(d, *g); });
        if (same == distinct.end()) same = distinct.insert(distinct.end(), std::string(*g));
        groups[i] = *same;
    }
    if (!ok) return;
    if (distinct.size() < 2) {
        cx.error(s, "<sides>: every side is in group " + qt(distinct.front()) +
                        "; a game of factions needs at least two groups (the rules' sides)");
        return;
    }
    cx.sc.groups = std::move(groups);
}

}  // namespace

void read_sides(ReadContext& cx, pugi::xml_node s) {
    if (!s) return;
    cx.check_attrs(s, {"from-game", "count", "pieces-rule"});
    if (auto r = cx.optional(s, "pieces-rule")) cx.sc.pieces_rule = std::string(*r);
    // An extending file (of a from-game base) names its sides: they are fixed from here on, also
    // when this section has errors (then cx.sides_ok keeps unknown names from being reported again).
    cx.sc.sides_from_game = false;
    if (cx.extending) {
        bool refused = false;
        for (const char* name : {"from-game", "count"})
            if (pugi::xml_attribute a = s.attribute(name)) {
                cx.error_at(cx.offset_of(s, a, true), "<sides> attribute " + qt(name) +
                                                          ": an extending scenario's <sides> lists its sides with <side> "
                                                          "elements (its base leaves them to the game)");
                refused = true;
            }
        if (refused) return;
    } else if (auto from_game = cx.bool_attr(s, "from-game"); from_game && *from_game) {
        // The game's `side` records declare the sides; the scenario names none.
        for (pugi::xml_node c : s.children("side"))
            cx.error(c, "<sides from-game=\"yes\"> has no <side> elements: each game's side records declare the sides");
        cx.check_children(s, {"side"});
        cx.sc.sides_from_game = true;
        if (auto n = cx.int_attr(s, "count", 2, 8, false)) cx.sc.game_sides = static_cast<std::int32_t>(*n);
        return;
    } else if (s.attribute("from-game") && !from_game) {
        return;  // not yes or no: reported
    } else if (pugi::xml_attribute c = s.attribute("count")) {
        cx.error(s, c, "<sides> attribute 'count' goes with from-game=\"yes\" (how many sides each game declares)");
    }
    cx.check_children(s, {"side"});
    const std::size_t before = cx.error_count();
    std::vector<pugi::xml_node> nodes;  // the element of each side of cx.sc.sides
    for (pugi::xml_node n : s.children("side")) {
        cx.check_attrs(n, {"name", "group", "pieces"});
        cx.check_children(n, {});
        auto name = cx.required(n, "name");
        if (!name) continue;
        if (is_reserved_side_word(*name)) {
            cx.error(n, n.attribute("name"), qt(*name) + " is a reserved word and cannot name a side");
            continue;
        }
        if (name->find(',') != std::string_view::npos) {
            cx.error(n, n.attribute("name"), "a side name cannot contain a comma");
            continue;
        }
        if (cx.sc.find_side(*name) != kNoSide) {
            cx.error(n, n.attribute("name"), "side " + qt(*name) + " is declared twice");
            continue;
        }
        cx.sc.sides.emplace_back(*name);
        nodes.push_back(n);
    }
    read_factions_of_sides(cx, s, nodes);
    if (cx.sc.sides.size() < 2 && cx.error_count() == before) {
        cx.error(s, "<sides> must declare at least two sides");
    } else if (!cx.extending && cx.sc.sides.size() > 2 && cx.sc.groups.empty() && cx.error_count() == before) {
        // (A battle that names the sides of a from-game base has as many as the base's count.)
        cx.error(s, "<sides> declares " + std::to_string(cx.sc.sides.size()) +
                        " sides; more than two sides need groups (<side group=...>), which make each side a faction of "
                        "one of the rules' sides");
    } else if (cx.extending && cx.error_count() == before && static_cast<std::int32_t>(cx.sc.sides.size()) != cx.sc.game_sides) {
        cx.error(s, "<sides> declares " + std::to_string(cx.sc.sides.size()) + " sides; the base scenario " + qt(cx.sc.extends) +
                        " is for games of " + std::to_string(cx.sc.game_sides) + " (<sides from-game=\"yes\" count=...>)");
    }
}

void read_phases(ReadContext& cx, pugi::xml_node s) {
    if (!s) return;
    cx.check_attrs(s, {});
    cx.check_children(s, {"phase"});
    const std::size_t before = cx.error_count();
    for (pugi::xml_node n : s.children("phase")) {
        cx.check_attrs(n, {"name", "kind"});
        cx.check_children(n, {});
        auto name = cx.required(n, "name");
        auto kind = cx.phase_kind_attr(n, "kind", true);
        if (!name || !kind) continue;
        if (cx.sc.find_phase(*name) != -1) {
            cx.error(n, n.attribute("name"), "phase " + qt(*name) + " is declared twice");
            continue;
        }
        PhaseDef p;
        p.name = std::string(*name);
        p.kind = *kind;
        cx.sc.phases.push_back(std::move(p));
    }
    if (cx.sc.phases.empty() && cx.error_count() == before) cx.error(s, "<phases> must declare at least one phase");
}

void read_params(ReadContext& cx, pugi::xml_node s) {
    if (!s) return;
    cx.check_attrs(s, {});
    cx.check_children(s, {"param"});
    for (pugi::xml_node n : s.children("param")) {
        cx.check_attrs(n, {"name", "default", "rule", "description"});
        cx.check_children(n, {});
        auto name = cx.required(n, "name");
        // In an extending file, a parameter of the base: change its default (and rule, description).
        ParamDef* inherited = nullptr;
        bool twice = false;
        if (name && cx.extending)
            for (ParamDef& p : cx.sc.params) {
                if (!iequals(p.name, *name)) continue;
                if (cx.param_nodes.count(p.name))
                    twice = true;  // this file gives it twice
                else
                    inherited = &p;
                break;
            }
        if (twice) {
            cx.error(n, n.attribute("name"), "parameter " + qt(*name) + " is declared twice");
            continue;
        }
        if (inherited) {
            if (auto d = cx.optional(n, "default")) inherited->default_value = std::string(*d);
            if (n.attribute("rule")) inherited->rule = cx.rule_attr(n, false);
            if (n.attribute("description")) {
                if (auto desc = cx.required(n, "description")) inherited->description = one_line(*desc);
            }
            cx.param_nodes[inherited->name] = n;
            continue;
        }
        auto desc = cx.required(n, "description");
        if (!name || !desc) continue;
        if (name->find_first_of(" \t\r\n") != std::string_view::npos) {
            cx.error(n, n.attribute("name"), "parameter name " + qt(*name) + " has white space in it");
            continue;
        }
        if (cx.sc.find_param(*name)) {
            cx.error(n, n.attribute("name"), "parameter " + qt(*name) + " is declared twice");
            continue;
        }
        ParamDef p;
        p.name = std::string(*name);
        if (auto d = cx.optional(n, "default")) p.default_value = std::string(*d);
        p.rule = cx.rule_attr(n, false);
        p.description = one_line(*desc);
        cx.sc.params.push_back(std::move(p));
        cx.param_nodes[cx.sc.params.back().name] = n;
    }
}

// turns="param:NAME": the parameter's default is the last turn (Scenario::turns), and the engine
// takes the game's value of NAME (Scenario::turns_param). An extending file without `turns` keeps
// its base's parameter; a new default it gives moves the last turn.
void read_turns_param(ReadContext& cx, pugi::xml_node root) {
    pugi::xml_attribute a = root.attribute("turns");
    const ParamDef* def = nullptr;
    if (cx.turns_from_param) {
        const std::string_view p = trim(trim(a.value()).substr(kParamPrefix.size()));
        def = cx.sc.find_param(p);
        if (!def) {
            if (cx.params_ok) cx.error(root, a, "turns: unknown parameter " + qt(p) + " (declare it in <params>)");
            return;
        }
    } else if (cx.extending && !a && !cx.sc.turns_param.empty()) {
        def = cx.sc.find_param(cx.sc.turns_param);
        if (!def || !cx.param_nodes.count(def->name)) return;  // the base's default, unchanged
    } else {
        return;
    }
    // The error goes to this file's <param>, or to `turns` when the parameter is the base's.
    auto it = cx.param_nodes.find(def->name);
    const bool own = it != cx.param_nodes.end();
    auto report = [&](bool at_default, const std::string& msg) {
        if (own)
            cx.error(it->second, at_default ? it->second.attribute("default") : pugi::xml_attribute(), msg);
        else
            cx.error(root, a, msg);
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
    cx.sc.turns = static_cast<std::int32_t>(*n);
    cx.sc.turns_param = def->name;
}

void read_first_player(ReadContext& cx, pugi::xml_node root) {
    auto v = cx.optional(root, "first-player");
    if (cx.sc.sides_from_game) {
        if (v)
            cx.error(root, root.attribute("first-player"),
                     "first-player: this scenario's sides come from the game (<sides from-game=\"yes\">), so it cannot "
                     "name the first player");
        return;
    }
    if (!v && cx.extending) {
        // Inherited. Where the parameter first-player exists, its default is the first player
        // (that is what the engine does with it), so a changed default moves the first player.
        const ParamDef* def = cx.sc.find_param(kFirstPlayerParam);
        if (!def || !def->default_value) return;
        const SideId s = cx.sc.find_side(*def->default_value);
        if (s != kNoSide) {
            cx.sc.first_player = s;
        } else if (auto it = cx.param_nodes.find(def->name); it != cx.param_nodes.end()) {
            pugi::xml_node pn = it->second;
            cx.error(pn, pn.attribute("default"), "parameter 'first-player': default " + qt(*def->default_value) + " is not a side");
        }
        return;
    }
    if (!v) return;
    pugi::xml_attribute a = root.attribute("first-player");
    if (v->substr(0, kParamPrefix.size()) == kParamPrefix) {
        const std::string_view p = trim(v->substr(kParamPrefix.size()));
        if (p != kFirstPlayerParam) {
            cx.error(root, a, "first-player may only come from the parameter 'first-player' (param:first-player)");
            return;
        }
        const ParamDef* def = cx.sc.find_param(p);
        if (!def) {
            if (cx.params_ok) cx.error(root, a, "first-player: unknown parameter " + qt(p) + " (declare it in <params>)");
            return;
        }
        auto it = cx.param_nodes.find(def->name);
        const pugi::xml_node pn = it != cx.param_nodes.end() ? it->second : root;  // root: the base's parameter
        if (!def->default_value) {
            cx.error(pn, "parameter 'first-player' needs a default (a side name): the first player must be known");
            return;
        }
        const SideId s = cx.sc.find_side(*def->default_value);
        if (s == kNoSide) {
            cx.error(pn, pn.attribute("default"), "parameter 'first-player': default " + qt(*def->default_value) + " is not a side");
            return;
        }
        cx.sc.first_player = s;
        return;
    }
    const SideId s = cx.sc.find_side(*v);
    if (s == kNoSide) {
        if (cx.sides_ok) cx.error(root, a, "first-player: unknown side " + qt(*v));
        return;
    }
    cx.sc.first_player = s;
}

void read_sequence(ReadContext& cx, pugi::xml_node s) {
    if (!s) return;
    cx.check_attrs(s, {"mode", "night-turns", "night-rule"});
    cx.check_children(s, {"step"});
    // mode="alternate": each game-turn is one side's turn, and steps say `phasing` or `none`.
    const auto mode = cx.word_attr(s, "mode", {"sides", "alternate"}, false);
    if (s.attribute("mode") && !mode) return;  // reported; the steps' sides cannot be judged
    cx.sc.alternate_turns = mode == 1u;
    if (auto night = cx.turns_list_attr(s, "night-turns")) cx.sc.night_turns = std::move(*night);
    if (auto r = cx.optional(s, "night-rule")) cx.sc.night_rule = std::string(*r);
    for (pugi::xml_node n : s.children("step")) {
        cx.check_attrs(n, {"side", "phase", "first-turn", "last-turn"});
        cx.check_children(n, {});
        std::optional<SideId> side;
        if (auto v = cx.optional(n, "side"); v && cx.sc.alternate_turns && !iequals(*v, "phasing") && !iequals(*v, "none")) {
            cx.error(n, n.attribute("side"),
                     "<step> attribute 'side': " + qt(*v) +
                         " in <sequence mode=\"alternate\">, where a step's side is 'phasing' (the side whose turn it is) or "
                         "'none'");
        } else if (v && !cx.sc.alternate_turns && iequals(*v, "phasing")) {
            cx.error(n, n.attribute("side"),
                     "<step> attribute 'side': 'phasing' is only for <sequence mode=\"alternate\"> (each game-turn one "
                     "side's turn)");
        } else {
            side = cx.side_attr(n, "side", cx.sc.alternate_turns ? kNone | kPhasing : kNone | kFirstSecond);
        }
        auto phase = cx.required(n, "phase");
        auto first = cx.int_attr(n, "first-turn", 1, cx.last_turn(), false);
        auto last = cx.int_attr(n, "last-turn", 1, cx.last_turn(), false);
        if ((n.attribute("first-turn") && !first) || (n.attribute("last-turn") && !last)) continue;
        if (!side || !phase) continue;
        const std::int32_t ph = cx.sc.find_phase(*phase);
        if (ph < 0) {
            if (!cx.phases_ok) continue;
            cx.unknown_phase(n, "phase", *phase);
            continue;
        }
        SequenceStep st;
        st.side = *side;
        st.phase = ph;
        if (first) st.first_turn = static_cast<std::int32_t>(*first);
        if (last) st.last_turn = static_cast<std::int32_t>(*last);
        if (st.first_turn > st.last_turn) {
            cx.error(n, "<step> first-turn " + std::to_string(st.first_turn) + " is after last-turn " + std::to_string(st.last_turn));
            continue;
        }
        cx.sc.sequence.push_back(st);
    }
    if (cx.sc.sequence.empty() && s.child("step").empty()) cx.error(s, "<sequence> needs at least one <step>");
}

}  // namespace referee::scenario_xml
