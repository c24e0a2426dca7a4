// Victory banners (Commands & Colors): <objectives> (the objectives that give banners, B5 and the
// like, and each side's <target>, the banners it needs for sudden death, B1), <banners-for-eliminations>
// (in <victory>; B2), and whether a sudden-death game has a source of banners at all. The rule each
// cites is its `rule` attribute.
#include "scenario_sections.hpp"

#include <algorithm>

namespace referee::scenario_xml {

const char* const kBannerSources =
    "<banners-for-eliminations> in <victory>, an <objective> in <objectives>, or sides that come from the game";

namespace {

// The move log's objective kinds (ObjectiveKind, in its order), by name.
constexpr int kObjectiveKinds = static_cast<int>(ObjectiveKind::LastToOccupy) + 1;

std::optional<ObjectiveKind> objective_kind_attr(ReadContext& cx, pugi::xml_node n, const char* name) {
    auto v = cx.required(n, name);
    if (!v) return std::nullopt;
    std::string list;
    for (int i = 0; i < kObjectiveKinds; ++i) {
        const auto k = static_cast<ObjectiveKind>(i);
        if (iequals(*v, objective_kind_name(k))) return k;
        list += (i ? ", " : "") + std::string(objective_kind_name(k));
    }
    cx.error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + ": " + qt(*v) + " is not one of " + list);
    return std::nullopt;
}

void read_objective(ReadContext& cx, pugi::xml_node n) {
    cx.check_attrs(n, {"kind", "side", "locs", "banners", "held-by", "name", "rule"});
    cx.check_children(n, {});
    ObjectiveDef o;
    bool ok = true;
    auto kind = objective_kind_attr(cx, n, "kind");
    auto side = cx.side_attr(n, "side", kAny);
    if (!kind || !side) ok = false;
    std::optional<std::vector<LocId>> locs;
    if (cx.required(n, "locs")) locs = cx.locs_attr(n, "locs");
    if (!locs) {
        ok = false;
    } else if (kind && objective_single_hex(*kind) && locs->size() != 1) {
        cx.error(n, n.attribute("locs"),
                 "<objective kind=\"" + std::string(objective_kind_name(*kind)) + "\"> takes one hex in 'locs', not " +
                     std::to_string(locs->size()) + " (a group of hexes is a temporary-group, start-turn-temporary-group or "
                     "majority objective)");
        ok = false;
    }
    if (auto b = cx.int_attr(n, "banners", 1, 100, false))
        o.banners = static_cast<std::int32_t>(*b);
    else if (n.attribute("banners"))
        ok = false;
    if (n.attribute("held-by")) {
        if (auto h = cx.side_attr(n, "held-by", kNamed))
            o.held_by = *h;
        else
            ok = false;
    }
    if (ok && *side != kNoSide && o.held_by != kNoSide && o.held_by != *side) {
        cx.error(n, n.attribute("held-by"),
                 "<objective> counts for " + cx.sc.sides[static_cast<std::size_t>(*side)] + " only; held-by cannot give its banner to " +
                     cx.sc.sides[static_cast<std::size_t>(o.held_by)]);
        ok = false;
    }
    if (auto name = cx.optional(n, "name")) o.name = one_line(*name);
    o.rule = cx.rule_attr(n, false);
    if (!ok) return;
    o.kind = *kind;
    o.side = *side;
    o.locs = std::move(*locs);
    cx.sc.objectives.push_back(std::move(o));
}

}  // namespace

// <objectives>: victory-banner objectives and each side's target (sudden death).
void read_objectives(ReadContext& cx, pugi::xml_node s) {
    if (!s) return;
    cx.check_attrs(s, {});
    cx.check_children(s, {"objective", "target"});
    for (pugi::xml_node n : s.children("objective")) read_objective(cx, n);
    cx.sc.targets.assign(cx.sc.sides.size(), 0);
    std::map<SideId, pugi::xml_node> seen;
    for (pugi::xml_node n : s.children("target")) {
        cx.check_attrs(n, {"side", "banners"});
        cx.check_children(n, {});
        auto side = cx.side_attr(n, "side", kNamed);
        auto banners = cx.int_attr(n, "banners", 1, 1000, true);
        if (!side) continue;
        if (auto it = seen.find(*side); it != seen.end()) {
            cx.error(n, n.attribute("side"),
                     "side " + qt(cx.sc.sides[static_cast<std::size_t>(*side)]) + " has a second <target> (the first is on line " +
                         std::to_string(cx.line_of(it->second)) + ")");
            continue;
        }
        seen.emplace(*side, n);
        if (banners) cx.sc.targets[static_cast<std::size_t>(*side)] = static_cast<std::int32_t>(*banners);
    }
}

void read_banners_for_eliminations(ReadContext& cx, pugi::xml_node n) {
    cx.check_attrs(n, {"no-banner-roles", "rule"});
    cx.check_children(n, {});
    EliminationBanners b;
    b.enabled = true;
    for (std::string_view r : cx.list_attr(n, "no-banner-roles")) {
        if (std::find(b.no_banner_roles.begin(), b.no_banner_roles.end(), r) != b.no_banner_roles.end()) {
            cx.error(n, n.attribute("no-banner-roles"),
                     "<banners-for-eliminations> attribute 'no-banner-roles' lists " + qt(r) + " twice");
            continue;
        }
        b.no_banner_roles.emplace_back(r);
    }
    b.rule = cx.rule_attr(n, false);
    cx.sc.elimination_banners = std::move(b);
}

// Sudden death needs banners to count: for eliminations, from objectives, or from the games
// (a scenario whose sides come from the game leaves its objectives to the games' records).
bool has_banner_source(const ReadContext& cx) {
    // An <objective> with errors still counts: its error is the one to report.
    return cx.sc.elimination_banners.enabled || !cx.sc.objectives.empty() || cx.sc.sides_from_game ||
           cx.section("objectives").child("objective");
}

}  // namespace referee::scenario_xml
