// Lines of communication (21.21, R2) and traces to a road network leaving the map (21.22 and R3;
// 14.51, 14.52 and C3).
#include "traces.hpp"

#include "points.hpp"
#include "roads.hpp"
#include "zones_of_control.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace referee {

bool Traces::line_of_communications(SideId side, LocId from, LocId to) const {
    const GameState& st = game.state;
    if (from == kNoLoc || to == kNoLoc || st.enemy_in(from, side) || st.enemy_in(to, side)) return false;
    std::vector<std::uint8_t> seen(game.scenario.map.size(), 0);
    std::vector<LocId> queue{from};
    seen[static_cast<std::size_t>(from)] = 1;
    for (std::size_t q = 0; q < queue.size(); ++q) {
        const LocId h = queue[q];
        if (h == to) return true;
        for (LocId n : roads_->steps(h))
            if (!seen[static_cast<std::size_t>(n)] && !st.enemy_in(n, side)) {
                seen[static_cast<std::size_t>(n)] = 1;
                queue.push_back(n);
            }
    }
    return false;
}

// Marks the hexes of every road network (roads and trails joined at junctions, worked out when the
// scenario was read) that leaves the map where the rule says; false when none does. A road that
// meets no other is a network of its own.
bool Traces::road_hexes_leaving(const PointsRule& pr, std::vector<std::uint8_t>& target) const {
    const RoadNetworks& nw = game.scenario.road_networks;
    std::vector<std::uint8_t> leaves(nw.size(), 0);  // per network
    bool any = false;
    for (std::size_t k = 0; k < nw.size(); ++k) {
        leaves[k] = std::any_of(nw.leaves[k].begin(), nw.leaves[k].end(), [&](const LeavesAt& la) {
            return std::find(pr.to_roads_leaving_at.begin(), pr.to_roads_leaving_at.end(), la.hex) != pr.to_roads_leaving_at.end() ||
                   std::find(pr.to_roads_leaving_edge.begin(), pr.to_roads_leaving_edge.end(), la.edge) != pr.to_roads_leaving_edge.end();
        });
        any = any || leaves[k];
    }
    target.assign(game.scenario.map.size(), 0);
    for (std::size_t h = 0; h < nw.of_loc.size(); ++h)
        if (nw.of_loc[h] >= 0) target[h] = leaves[static_cast<std::size_t>(nw.of_loc[h])];
    return any;
}

// One search from the road hexes outwards; a unit traces when its hex, or a neighbour within the
// length, was reached.
bool Traces::trace_item(const PointsRule& pr, SideId side, std::int64_t v, ScoreItem& it, Remarks* say) const {
    const Scenario& s = game.scenario;
    const GameState& st = game.state;
    const SideId tracer = pr.units_of != kNoSide ? pr.units_of : s.enemy_of(side);
    std::string to;
    if (!pr.to_roads_leaving_at.empty()) {
        std::vector<std::string_view> at;
        for (LocId l : pr.to_roads_leaving_at) at.push_back(game.loc_name(l));
        to = fmt::format("a road leaving the map at {}", fmt::join(at, " or "));
    } else {
        std::vector<std::string_view> e;
        for (Edge x : pr.to_roads_leaving_edge) e.push_back(edge_name(x));
        to = fmt::format("a road leaving the map by the {} edge", fmt::join(e, " or "));
    }
    std::vector<std::uint8_t> target;
    if (!road_hexes_leaving(pr, target)) {
        unscored_note(game, say, pr, fmt::format("the scenario's map data has no {}", to.substr(2)));
        return false;
    }
    auto blocked = [&](LocId h) {
        if (st.enemy_in(h, tracer)) return true;
        return pr.zoc == TraceZoc::BlocksUnlessFriendly && zoc_ && zoc_->enemy_zoc(h, tracer) && st.occupants(h, tracer) == 0;
    };
    std::vector<std::int32_t> dist(s.map.size(), -1);
    std::vector<LocId> queue;
    for (std::size_t h = 0; h < target.size(); ++h)
        if (target[h] && !blocked(static_cast<LocId>(h))) {
            dist[h] = 0;
            queue.push_back(static_cast<LocId>(h));
        }
    for (std::size_t q = 0; q < queue.size(); ++q) {
        const LocId h = queue[q];
        const std::int32_t d = dist[static_cast<std::size_t>(h)];
        if (pr.max_length > 0 && d >= pr.max_length) continue;
        for (LocId n : s.map.neighbours(h))
            if (dist[static_cast<std::size_t>(n)] < 0 && !blocked(n)) {
                dist[static_cast<std::size_t>(n)] = d + 1;
                queue.push_back(n);
            }
    }
    std::int64_t sp = 0;
    std::vector<std::string_view> cut;
    for (const Unit& us : st.units()) {
        if (us.side != tracer || us.status != UnitStatus::OnMap || us.strength <= 0) continue;
        const std::size_t h0 = static_cast<std::size_t>(us.loc);
        bool ok = target[h0] || dist[h0] >= 0;
        for (LocId n : s.map.neighbours(us.loc))
            ok = ok || (dist[static_cast<std::size_t>(n)] >= 0 && (pr.max_length == 0 || dist[static_cast<std::size_t>(n)] + 1 <= pr.max_length));
        if (ok) continue;
        sp = game.sheet.add(sp, us.strength);
        cut.push_back(us.name);
    }
    if (sp == 0) return false;
    it.points = game.sheet.mul(sp, v);
    it.what = fmt::format("{} {} SP that cannot trace to {}{}: {} x{}", sp, game.side_name(tracer), to,
                          pr.max_length > 0 ? fmt::format(" within {} hexes", pr.max_length) : std::string(), fmt::join(cut, ", "), v);
    return true;
}

}  // namespace referee
