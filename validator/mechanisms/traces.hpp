// Traces and lines of communication along the map's roads: 21.21 (R2: a chain of road or trail
// steps from 0117 to 1528 with no enemy unit on it) as a condition of the Road to Richmond points;
// 21.22 (R3: Union units that cannot reach, in 10 steps, a road or trail whose network leaves the
// map at 1528 or 2426) and 14.51/14.52 (C3: units that cannot trace, avoiding enemy units and enemy
// zones of control not held by a friendly unit, to a road whose network leaves the map by an edge)
// scored as eliminated. A network is the roads and trails joined at junctions
// (Scenario::road_networks). Without the map's roads they are not scored, and the report says so.
#pragma once

#include "game.hpp"

#include <vector>

namespace referee {

class RoadNetwork;
class ZocRule;

class Traces final : public Mechanism {
public:
    Traces(Game& g, const RoadNetwork* roads, const ZocRule* zoc) : Mechanism(g), roads_(roads), zoc_(zoc) {}
    std::string_view name() const override { return "traces"; }
    std::uint32_t hooks() const override { return 0; }
    // R2: `side` has a line of communications from `from` to `to`.
    bool line_of_communications(SideId side, LocId from, LocId to) const;
    // The item of a trace rule (kind Trace) for `side`: the SP that cannot trace, when there are any.
    // A rule the map data cannot judge is said to `say` (when given).
    bool trace_item(const PointsRule& pr, SideId side, std::int64_t v, ScoreItem& it, Remarks* say) const;

private:
    bool road_hexes_leaving(const PointsRule& pr, std::vector<std::uint8_t>& target) const;
    const RoadNetwork* roads_;
    const ZocRule* zoc_;
};

}  // namespace referee
