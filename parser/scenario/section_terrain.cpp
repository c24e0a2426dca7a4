// Movement points (ruling G7): <terrain> (the map's costs: kinds of hex and of hexside, each hex's
// kind, the hexsides, what a step along a road or trail costs; or a map declared all clear) and
// <movement-points> (the rule cited, allowances by unit type, what entering and leaving the map
// cost, and rules whose terrain the map must give). Costs are exact: whole numbers, fractions
// ("1/2") or decimals ("1.5") of a movement point, kept as fractions (Mp); once both sections are
// read, the common denominator of every cost is worked out (finish_movement_points).
#include "scenario_sections.hpp"

#include <algorithm>
#include <numeric>

namespace referee::scenario_xml {

namespace {

constexpr std::int64_t kMaxCost = 1000;          // movement points
constexpr std::int64_t kMaxDenominator = 1000;   // of one cost
constexpr std::int64_t kMaxCommon = 1000000;     // of all costs together

bool all_digits(std::string_view s) {
    return !s.empty() && s.size() <= 9 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}
std::int64_t digits(std::string_view s) {
    std::int64_t v = 0;
    for (char c : s) v = v * 10 + (c - '0');
    return v;
}

// A number of movement points: "2", "1/2", "1.5" (0..kMaxCost).
std::optional<Mp> cost_attr(ReadContext& cx, pugi::xml_node n, const char* name, bool req) {
    auto v = req ? cx.required(n, name) : cx.optional(n, name);
    if (!v) return std::nullopt;
    const std::string where = elem(n) + " attribute " + qt(name) + ": ";
    if (!v->empty() && v->front() == '-') {
        cx.error(n, n.attribute(name), where + qt(*v) + " is negative: a cost is 0 or more movement points");
        return std::nullopt;
    }
    std::int64_t num = 0, den = 1;
    const std::size_t slash = v->find('/'), dot = v->find('.');
    bool ok = true;
    if (slash != std::string_view::npos) {
        const std::string_view a = v->substr(0, slash), b = v->substr(slash + 1);
        ok = all_digits(a) && all_digits(b);
        if (ok) {
            num = digits(a);
            den = digits(b);
            if (den < 1 || den > kMaxDenominator) {
                cx.error(n, n.attribute(name), where + qt(*v) + ": a fraction's denominator is 1 to " + std::to_string(kMaxDenominator));
                return std::nullopt;
            }
        }
    } else if (dot != std::string_view::npos) {
        const std::string_view a = v->substr(0, dot), b = v->substr(dot + 1);
        ok = all_digits(a) && all_digits(b) && b.size() <= 3;
        if (ok) {
            den = b.size() == 1 ? 10 : b.size() == 2 ? 100 : 1000;
            num = digits(a) * den + digits(b);
        }
    } else {
        ok = all_digits(*v);
        if (ok) num = digits(*v);
    }
    if (!ok) {
        cx.error(n, n.attribute(name),
                 where + qt(*v) + " is not a number of movement points (a whole number, a fraction such as 1/2, or a decimal such as 1.5)");
        return std::nullopt;
    }
    if (num > kMaxCost * den) {
        cx.error(n, n.attribute(name), where + std::string(*v) + " is out of range (0.." + std::to_string(kMaxCost) + " movement points)");
        return std::nullopt;
    }
    const std::int64_t g = std::gcd(num, den);
    return Mp{num / g, den / g};
}

std::string kind_list(const std::vector<TerrainKind>& kinds) {
    std::vector<std::string> names;
    for (const TerrainKind& k : kinds) names.push_back(k.name);
    return join(names);
}

// A terrain kind by name, of a hex (hexside false) or of a hexside.
std::optional<std::int32_t> kind_attr(ReadContext& cx, pugi::xml_node n, const char* name, const std::vector<TerrainKind>& kinds,
                                      bool hexside) {
    auto v = cx.required(n, name);
    if (!v) return std::nullopt;
    const auto it = std::find_if(kinds.begin(), kinds.end(), [&](const TerrainKind& k) { return iequals(k.name, *v); });
    if (it == kinds.end()) {
        cx.error(n, n.attribute(name),
                 elem(n) + " attribute " + qt(name) + ": unknown terrain kind " + qt(*v) +
                     (kinds.empty() ? std::string(" (<terrain> declares no <kind>)") : " (kinds: " + kind_list(kinds) + ")"));
        return std::nullopt;
    }
    if (it->hexside != hexside) {
        cx.error(n, n.attribute(name),
                 elem(n) + " attribute " + qt(name) + ": " + qt(it->name) + " is a kind of " + (it->hexside ? "hexside" : "hex") +
                     ", and " + elem(n) + " takes a kind of " + (hexside ? "hexside" : "hex"));
        return std::nullopt;
    }
    return static_cast<std::int32_t>(it - kinds.begin());
}

void read_kinds(ReadContext& cx, pugi::xml_node s, Terrain& t) {
    NodesByName names;  // lower-cased
    for (pugi::xml_node n : s.children("kind")) {
        cx.check_attrs(n, {"name", "cost", "hexside"});
        cx.check_children(n, {});
        auto name = cx.required(n, "name");
        auto cost = cost_attr(cx, n, "cost", true);
        auto hexside = cx.bool_attr(n, "hexside");
        if (!name) continue;
        if (name->find(',') != std::string_view::npos) {
            cx.error(n, n.attribute("name"), "a terrain kind's name cannot contain a comma");
            continue;
        }
        const std::string key = lower(*name);
        if (auto it = names.find(key); it != names.end()) {
            cx.error(n, n.attribute("name"),
                     "terrain kind " + qt(*name) + " is declared twice (first on line " + std::to_string(cx.line_of(it->second)) + ")");
            continue;
        }
        names.emplace(key, n);
        // A kind with a bad cost is still declared, so that what names it is not reported again.
        t.kinds.push_back(TerrainKind{std::string(*name), cost.value_or(Mp{}), hexside.value_or(false)});
    }
}

void read_hexes(ReadContext& cx, pugi::xml_node s, Terrain& t) {
    std::map<LocId, pugi::xml_node> given;
    for (pugi::xml_node n : s.children("hex")) {
        cx.check_attrs(n, {"kind", "hexes"});
        cx.check_children(n, {});
        auto kind = kind_attr(cx, n, "kind", t.kinds, false);
        std::optional<std::vector<LocId>> hexes;
        if (cx.required(n, "hexes")) hexes = cx.locs_attr(n, "hexes");
        if (!hexes) continue;
        for (LocId h : *hexes) {
            if (auto it = given.find(h); it != given.end()) {
                cx.error(n, n.attribute("hexes"),
                         "<hex> attribute 'hexes': " + qt(cx.sc.map.name(h)) + " is given a terrain twice (first on line " +
                             std::to_string(cx.line_of(it->second)) + ")");
                continue;
            }
            given.emplace(h, n);
            if (kind) t.hex_kind[static_cast<std::size_t>(h)] = *kind;
        }
    }
}

void read_hexsides(ReadContext& cx, pugi::xml_node s, Terrain& t) {
    std::map<std::pair<LocId, LocId>, pugi::xml_node> given;
    for (pugi::xml_node n : s.children("hexside")) {
        cx.check_attrs(n, {"kind", "hexes"});
        cx.check_children(n, {});
        auto kind = kind_attr(cx, n, "kind", t.kinds, true);
        std::optional<std::vector<LocId>> hexes;
        if (cx.required(n, "hexes")) hexes = cx.locs_attr(n, "hexes");
        if (!hexes) continue;
        if (hexes->size() != 2) {
            cx.error(n, n.attribute("hexes"),
                     "<hexside> attribute 'hexes' names the two hexes on either side of the hexside; it names " +
                         std::to_string(hexes->size()));
            continue;
        }
        const LocId a = (*hexes)[0], b = (*hexes)[1];
        if (!cx.sc.map.adjacent(a, b)) {
            cx.error(n, n.attribute("hexes"),
                     "<hexside> attribute 'hexes': " + qt(cx.sc.map.name(a)) + " and " + qt(cx.sc.map.name(b)) +
                         " are not adjacent (a hexside lies between two adjacent hexes)");
            continue;
        }
        const auto key = std::minmax(a, b);
        if (auto it = given.find(key); it != given.end()) {
            cx.error(n, n.attribute("hexes"),
                     "the hexside between " + qt(cx.sc.map.name(a)) + " and " + qt(cx.sc.map.name(b)) + " is given twice (first on line " +
                         std::to_string(cx.line_of(it->second)) + ")");
            continue;
        }
        given.emplace(key, n);
        if (kind) t.hexsides.push_back(TerrainHexside{a, b, *kind});
    }
}

}  // namespace

// <terrain>: the map's movement-point costs. An extending file's replaces its base's.
void read_terrain(ReadContext& cx, pugi::xml_node s) {
    if (!s) return;
    cx.check_attrs(s, {"default", "all-clear", "road-cost", "trail-cost"});
    cx.check_children(s, {"kind", "hex", "hexside"});
    Terrain t;
    t.declared = true;
    if (auto c = cost_attr(cx, s, "road-cost", false)) {
        t.has_road_cost = true;
        t.road_cost = *c;
    }
    if (auto c = cost_attr(cx, s, "trail-cost", false)) {
        t.has_trail_cost = true;
        t.trail_cost = *c;
    }
    const std::optional<bool> all_clear = cx.bool_attr(s, "all-clear");
    if (all_clear && *all_clear) {
        // Every hex clear, at 1 MP.
        if (s.attribute("default"))
            cx.error(s, s.attribute("default"), "<terrain all-clear=\"yes\"> makes every hex clear at 1 MP: it takes no 'default'");
        for (const char* child : {"kind", "hex", "hexside"})
            if (pugi::xml_node c = s.child(child))
                cx.error(c, "<terrain all-clear=\"yes\"> makes every hex clear at 1 MP: it takes no " + elem(c));
        t.kinds.push_back(TerrainKind{"clear", Mp{1, 1}, false});
        t.hex_kind.assign(cx.sc.map.size(), 0);
        cx.sc.terrain = std::move(t);
        return;
    }
    read_kinds(cx, s, t);
    if (t.kinds.empty()) {  // none declared, or none without an error (already reported)
        if (!s.child("kind")) cx.error(s, "<terrain> needs its kinds of terrain (<kind name=... cost=...>), or all-clear=\"yes\"");
        return;
    }
    std::int32_t dflt = -1;
    if (!s.attribute("default")) {
        cx.error(s, "<terrain> needs attribute 'default': the kind of every hex that no <hex> names");
    } else if (auto k = kind_attr(cx, s, "default", t.kinds, false)) {
        dflt = *k;
    }
    t.hex_kind.assign(cx.sc.map.size(), std::max(dflt, 0));
    read_hexes(cx, s, t);
    read_hexsides(cx, s, t);
    cx.sc.terrain = std::move(t);
}

// <movement-points>: the rule cited, allowances by type, entering and leaving the map, and the
// rules whose terrain the map must give. An extending file's changes its base's: the attributes it
// gives replace the base's, an <allowance> of a type or a <needs-hexsides> of a rule the base has
// replaces it, others are added.
void read_movement_points(ReadContext& cx, pugi::xml_node s) {
    if (!s) return;
    cx.check_attrs(s, {"rule", "enter-cost", "enter-rule", "exit-cost", "exit-rule"});
    cx.check_children(s, {"allowance", "needs-hexsides"});
    MovementRules& m = cx.sc.movement_points;
    if (s.attribute("rule")) m.rule = cx.rule_attr(s, true);
    if (auto c = cost_attr(cx, s, "enter-cost", false)) {
        m.has_enter_cost = true;
        m.enter_cost = *c;
    }
    if (auto c = cost_attr(cx, s, "exit-cost", false)) {
        m.has_exit_cost = true;
        m.exit_cost = *c;
    }
    for (const char* name : {"enter-rule", "exit-rule"}) {
        pugi::xml_attribute a = s.attribute(name);
        if (!a) continue;
        const bool enter = name[1] == 'n';
        if (!(enter ? m.has_enter_cost : m.has_exit_cost) && !s.attribute(enter ? "enter-cost" : "exit-cost")) {
            cx.error(s, a, "<movement-points> attribute " + qt(name) + " goes with " + qt(enter ? "enter-cost" : "exit-cost") +
                               " (the rule that gives that cost)");
            continue;
        }
        (enter ? m.enter_rule : m.exit_rule) = std::string(trim(a.value()));
    }
    NodesByName types;  // lower-cased: this file's
    for (pugi::xml_node n : s.children("allowance")) {
        cx.check_attrs(n, {"type", "ma"});
        cx.check_children(n, {});
        auto type = cx.required(n, "type");
        auto ma = cx.int_attr(n, "ma", 0, kMaxAllowance, true);
        if (!type || !ma) continue;
        const std::string key = lower(*type);
        if (auto it = types.find(key); it != types.end()) {
            cx.error(n, n.attribute("type"),
                     "unit type " + qt(*type) + " is given an allowance twice (first on line " + std::to_string(cx.line_of(it->second)) + ")");
            continue;
        }
        types.emplace(key, n);
        auto base = std::find_if(m.allowances.begin(), m.allowances.end(), [&](const TypeAllowance& a) { return iequals(a.type, *type); });
        if (base != m.allowances.end()) base->ma = *ma;
        else m.allowances.push_back(TypeAllowance{std::string(*type), *ma});
    }
    NodesByName rules;
    for (pugi::xml_node n : s.children("needs-hexsides")) {
        cx.check_attrs(n, {"kind", "rule", "what"});
        cx.check_children(n, {});
        auto kind = cx.required(n, "kind");
        auto rule = cx.required(n, "rule");
        auto what = cx.required(n, "what");
        if (!kind || !rule || !what) continue;
        if (auto it = rules.find(*rule); it != rules.end()) {
            cx.error(n, n.attribute("rule"),
                     "rule " + qt(*rule) + " has two <needs-hexsides> (first on line " + std::to_string(cx.line_of(it->second)) + ")");
            continue;
        }
        rules.emplace(std::string(*rule), n);
        NeededHexsides need{std::string(*kind), std::string(*rule), one_line(*what)};
        auto base = std::find_if(m.needs.begin(), m.needs.end(), [&](const NeededHexsides& x) { return x.rule == need.rule; });
        if (base != m.needs.end()) *base = std::move(need);
        else m.needs.push_back(std::move(need));
    }
}

// Once <terrain> and <movement-points> are read (this file's or the base's): every cost becomes a
// whole number of 1/denominator movement points.
void finish_movement_points(ReadContext& cx, pugi::xml_node root) {
    std::int64_t d = 1;
    bool too_fine = false;
    auto add = [&](const Mp& c) {
        if (too_fine) return;
        d = std::lcm(d, c.den);
        too_fine = d > kMaxCommon;
    };
    const Terrain& t = cx.sc.terrain;
    for (const TerrainKind& k : t.kinds) add(k.cost);
    if (t.has_road_cost) add(t.road_cost);
    if (t.has_trail_cost) add(t.trail_cost);
    const MovementRules& m = cx.sc.movement_points;
    if (m.has_enter_cost) add(m.enter_cost);
    if (m.has_exit_cost) add(m.exit_cost);
    if (too_fine) {
        pugi::xml_node at = cx.section("terrain") ? cx.section("terrain") : cx.section("movement-points") ? cx.section("movement-points") : root;
        cx.error(at, "the movement-point costs' fractions have no common denominator up to " + std::to_string(kMaxCommon) +
                         ": use simpler fractions (halves, thirds, quarters...)");
        return;
    }
    cx.sc.movement_points.denominator = d;
}

}  // namespace referee::scenario_xml
