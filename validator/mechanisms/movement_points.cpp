// Movement points (G7; Cemetery Hill 14.32, 14.4, 14.6; Marye's Heights 17.3): each step's cost
// worked out once from the scenario's terrain, summed per unit and phase, and the `movement-points`
// finding at the record that passes the allowance.
#include "movement_points.hpp"

#include "diagnostics.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <climits>
#include <numeric>

namespace referee {

namespace {

std::int64_t add_saturated(std::int64_t a, std::int64_t b) {
    std::int64_t s = 0;
    return __builtin_add_overflow(a, b, &s) ? INT64_MAX : s;
}

// The hexside kinds a need names (case-insensitively) lie somewhere on the map.
bool has_hexsides_of(const Terrain& t, const std::string& kind) {
    for (const TerrainHexside& h : t.hexsides)
        if (iequals(t.kinds[static_cast<std::size_t>(h.kind)].name, kind)) return true;
    return false;
}

bool has_movement_phase(const Scenario& s) {
    return std::any_of(s.phases.begin(), s.phases.end(), [](const PhaseDef& p) { return p.kind == PhaseKind::Movement; });
}

}  // namespace

MovementPoints::MovementPoints(Game& g)
    : Mechanism(g), map_(g.scenario.map), denominator_(std::max<std::int64_t>(g.scenario.movement_points.denominator, 1)),
      rule_(g.scenario.movement_points.rule.empty() ? std::string("G7") : g.scenario.movement_points.rule) {
    const Scenario& s = g.scenario;
    const Terrain& t = s.terrain;
    const std::size_t n = map_.size();
    terrain_.assign(n, units(Mp{1, 1}));
    for (std::size_t l = 0; l < n && l < t.hex_kind.size(); ++l) terrain_[l] = units(t.kinds[static_cast<std::size_t>(t.hex_kind[l])].cost);
    // Each step from a location to a neighbour: the terrain entered plus the hexside crossed; a
    // step along a road or trail costs its road or trail cost when that is cheaper (the unit may
    // move either way).
    offset_.assign(n + 1, 0);
    for (std::size_t l = 0; l < n; ++l) offset_[l + 1] = offset_[l] + map_.neighbours(static_cast<LocId>(l)).size();
    cost_.assign(offset_[n], 0);
    auto edge = [&](LocId a, LocId b) -> std::int64_t* {
        const auto& nb = map_.neighbours(a);
        for (std::size_t k = 0; k < nb.size(); ++k)
            if (nb[k] == b) return &cost_[offset_[static_cast<std::size_t>(a)] + k];
        return nullptr;
    };
    for (std::size_t l = 0; l < n; ++l) {
        const auto& nb = map_.neighbours(static_cast<LocId>(l));
        for (std::size_t k = 0; k < nb.size(); ++k) cost_[offset_[l] + k] = terrain_[static_cast<std::size_t>(nb[k])];
    }
    for (const TerrainHexside& h : t.hexsides) {
        const std::int64_t c = units(t.kinds[static_cast<std::size_t>(h.kind)].cost);
        for (auto [a, b] : {std::pair{h.a, h.b}, std::pair{h.b, h.a}})
            if (std::int64_t* e = edge(a, b)) *e += c;
    }
    for (const Road& road : s.roads) {
        if (road.trail ? !t.has_trail_cost : !t.has_road_cost) continue;
        const std::int64_t c = units(road.trail ? t.trail_cost : t.road_cost);
        for (std::size_t i = 0; i + 1 < road.hexes.size(); ++i)
            for (auto [a, b] : {std::pair{road.hexes[i], road.hexes[i + 1]}, std::pair{road.hexes[i + 1], road.hexes[i]}})
                if (std::int64_t* e = edge(a, b)) *e = std::min(*e, c);
    }
    dist_.assign(n, 0);
    seen_.assign(n, 0);
    heap_.reserve(offset_[n] + 1);  // a search pushes at most once per step it relaxes, plus its start
    // Rules whose terrain the map must give (Cemetery Hill 14.6: the creek as ford hexsides).
    for (const NeededHexsides& need : s.movement_points.needs)
        if (!has_hexsides_of(t, need.kind))
            g.findings.note(fmt::format("{} not modelled: {} (the scenario's terrain has no '{}' hexsides)", need.rule, need.what, need.kind));
}

void MovementPoints::on_play_start() { resolve(); }

// Every unit's allowance: its own `ma` (a `unit` record's, or the scenario's unit's), else its
// type's in <movement-points>, else none. Units come only from the set-up, so once is enough.
void MovementPoints::resolve() {
    const auto all = game.state.units();
    const std::size_t from = budgets_.size();
    budgets_.resize(all.size());
    flagged_.resize(all.size(), 0);
    const auto& types = game.scenario.movement_points.allowances;
    for (std::size_t u = from; u < all.size(); ++u) {
        std::int64_t ma = all[u].ma;
        if (ma < 0)
            for (const TypeAllowance& ta : types)
                if (iequals(ta.type, all[u].type)) ma = ta.ma;
        if (ma < 0) continue;
        std::int64_t a = 0;
        budgets_[u].allowance = __builtin_mul_overflow(ma, denominator_, &a) ? INT64_MAX : a;
    }
}

void MovementPoints::unchecked(UnitId u) {
    std::uint8_t& f = flagged_[static_cast<std::size_t>(u)];
    if (f) return;
    f = 1;
    unchecked_.push_back(u);
}

void MovementPoints::on_log_end() {
    if (unchecked_.empty()) return;
    constexpr std::size_t kNamed = 10;
    std::vector<std::string_view> names;
    for (std::size_t i = 0; i < unchecked_.size() && i < kNamed; ++i) names.push_back(game.state.unit(unchecked_[i]).name);
    const std::size_t more = unchecked_.size() - names.size();
    game.findings.note(fmt::format(
        "G7: movement points are not checked for {} unit{} without a movement allowance: {}{} (a unit record's ma, or the scenario's "
        "allowance for the unit's type, gives one)",
        unchecked_.size(), unchecked_.size() == 1 ? "" : "s", fmt::join(names, ", "), more ? fmt::format(" and {} more", more) : ""));
}

std::int64_t MovementPoints::route(LocId from, LocId to) {
    if (from == to) return 0;
    if (++search_ == 0) {  // the stamps wrapped: start them afresh
        std::fill(seen_.begin(), seen_.end(), 0);
        search_ = 1;
    }
    auto greater = [](const std::pair<std::int64_t, LocId>& x, const std::pair<std::int64_t, LocId>& y) { return x.first > y.first; };
    heap_.clear();
    dist_[static_cast<std::size_t>(from)] = 0;
    seen_[static_cast<std::size_t>(from)] = search_;
    heap_.push_back({0, from});
    // Lazy deletion: an entry whose distance is no longer its location's is stale. Costs are never
    // negative, so each location is expanded once and the heap never outgrows its reserve.
    while (!heap_.empty()) {
        std::pop_heap(heap_.begin(), heap_.end(), greater);
        const auto [d, l] = heap_.back();
        heap_.pop_back();
        if (d != dist_[static_cast<std::size_t>(l)]) continue;  // a stale entry
        if (l == to) return d;
        const auto& nb = map_.neighbours(l);
        const std::size_t base = offset_[static_cast<std::size_t>(l)];
        for (std::size_t k = 0; k < nb.size(); ++k) {
            const std::size_t m = static_cast<std::size_t>(nb[k]);
            const std::int64_t nd = add_saturated(d, cost_[base + k]);
            if (seen_[m] == search_ && dist_[m] <= nd) continue;
            seen_[m] = search_;
            dist_[m] = nd;
            heap_.push_back({nd, nb[k]});
            std::push_heap(heap_.begin(), heap_.end(), greater);
        }
    }
    return 0;  // not reachable over the map (an area map in pieces): nothing is charged
}

std::int64_t MovementPoints::entry_cost(LocId l) const {
    const MovementRules& m = game.scenario.movement_points;
    if (m.has_enter_cost) return units(m.enter_cost);
    // The rules give no cost: the entry hex's terrain, or a road's or trail's that comes onto the
    // map there, when cheaper.
    std::int64_t c = terrain_[static_cast<std::size_t>(l)];
    const Terrain& t = game.scenario.terrain;
    for (const Road& road : game.scenario.roads) {
        if (road.trail ? !t.has_trail_cost : !t.has_road_cost) continue;
        for (const LeavesAt& at : road.leaves)
            if (at.hex == l) c = std::min(c, units(road.trail ? t.trail_cost : t.road_cost));
    }
    return c;
}

void MovementPoints::spend_path(const Record& r, Budget& b, UnitId u, std::span<const LocId> path) {
    std::size_t at = 0;  // the step that passes the allowance
    for (std::size_t i = 1; i < path.size(); ++i) {
        b.spent = add_saturated(b.spent, step(path[i - 1], path[i]));
        if (!at && b.spent > b.allowance) at = i;
    }
    if (!at) [[likely]] return;
    const LocId from = path[at - 1], to = path[at];
    passed(r, game.state.unit(u), b, rule_, fmt::format("on entering {} ({})", game.loc_name(to), describe_step(from, to)));
}

void MovementPoints::spend_entry(const Record& r, Budget& b, UnitId u, LocId l) {
    const std::int64_t c = entry_cost(l);
    b.spent = add_saturated(b.spent, c);
    if (b.spent <= b.allowance) return;
    const MovementRules& m = game.scenario.movement_points;
    passed(r, game.state.unit(u), b, m.has_enter_cost && !m.enter_rule.empty() ? m.enter_rule : rule_,
           fmt::format("on entering the map at {} ({} MP{})", game.loc_name(l), text(c), m.enter_rule.empty() ? std::string() : ", " + m.enter_rule));
}

void MovementPoints::spend_exit(const Record& r, Budget& b, UnitId u, LocId l) {
    const MovementRules& m = game.scenario.movement_points;
    if (!m.has_exit_cost) return;  // the rules give leaving the map no cost
    const std::int64_t c = units(m.exit_cost);
    b.spent = add_saturated(b.spent, c);
    if (b.spent <= b.allowance) return;
    passed(r, game.state.unit(u), b, m.exit_rule.empty() ? rule_ : m.exit_rule,
           fmt::format("on leaving the map at {} ({} MP{})", game.loc_name(l), text(c), m.exit_rule.empty() ? std::string() : ", " + m.exit_rule));
}

void MovementPoints::passed(const Record& r, const Unit& us, Budget& b, const std::string& rule, const std::string& how) {
    game.findings.add(Code::MovementPoints, r.line, rule,
                      fmt::format("{} spends {} MP in {}, more than its movement allowance of {} ({}): it passes the allowance {}", us.name,
                                  text(b.spent), game.where_now(), text(b.allowance), rule_, how));
    b.over = true;
}

std::string MovementPoints::describe_step(LocId from, LocId to) {
    const std::int64_t c = step(from, to);
    if (!map_.adjacent(from, to))
        return fmt::format("not next to {}: the cheapest route there costs {} MP", game.loc_name(from), text(c));
    const Terrain& t = game.scenario.terrain;
    std::string what = t.kinds[static_cast<std::size_t>(t.hex_kind[static_cast<std::size_t>(to)])].name;
    std::int64_t across = terrain_[static_cast<std::size_t>(to)];
    for (const TerrainHexside& h : t.hexsides)
        if ((h.a == from && h.b == to) || (h.a == to && h.b == from)) {
            what += fmt::format(" across a {} hexside", t.kinds[static_cast<std::size_t>(h.kind)].name);
            across += units(t.kinds[static_cast<std::size_t>(h.kind)].cost);
        }
    if (c < across) {  // a road or trail is cheaper
        bool trail = false;
        for (const Road& road : game.scenario.roads)
            for (std::size_t i = 0; i + 1 < road.hexes.size(); ++i)
                if (((road.hexes[i] == from && road.hexes[i + 1] == to) || (road.hexes[i] == to && road.hexes[i + 1] == from)) && road.trail &&
                    t.has_trail_cost && units(t.trail_cost) == c)
                    trail = true;
        what = trail ? "along a trail" : "along a road";
    }
    return fmt::format("{}, {} MP", what, text(c));
}

std::string MovementPoints::step_cost_text(LocId from, LocId to) { return text(step(from, to)); }

std::string MovementPoints::text(std::int64_t u) const {
    if (u == INT64_MAX) return "more than can be counted";
    const std::int64_t whole = u / denominator_, part = u % denominator_;
    if (part == 0) return std::to_string(whole);
    const std::int64_t g = std::gcd(part, denominator_);
    const std::string frac = fmt::format("{}/{}", part / g, denominator_ / g);
    return whole ? fmt::format("{} {}", whole, frac) : frac;
}

void note_movement_points_unchecked(Game& g) {
    const Scenario& s = g.scenario;
    if (!has_movement_phase(s)) return;
    std::string n = fmt::format("G7: movement points are not checked: {} gives no terrain costs (a scenario file that extends it can give "
                                "them in <terrain>)",
                                s.title);
    for (const NeededHexsides& need : s.movement_points.needs) n += fmt::format("; {} not modelled: {}", need.rule, need.what);
    g.findings.note(std::move(n));
}

}  // namespace referee
