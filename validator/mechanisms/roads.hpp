// The road network of a map (the scenario's <roads>): which hexes are one road or trail step
// apart. Roads meet at junctions (a hex they share). Used by the traces and lines of communication
// (21.21, 21.22, 14.51, 14.52) and by late reinforcements that may enter at a road hex (C6).
#pragma once

#include "scenario.hpp"

#include <vector>

namespace referee {

class RoadNetwork {
public:
    explicit RoadNetwork(const Scenario& s);
    bool known() const { return !adj_.empty(); }  // the scenario has road data
    bool is_road_hex(LocId l) const { return known() && !adj_[static_cast<std::size_t>(l)].empty(); }
    const std::vector<LocId>& steps(LocId l) const { return adj_[static_cast<std::size_t>(l)]; }

private:
    std::vector<std::vector<LocId>> adj_;  // per hex: the hexes one road step away
};

}  // namespace referee
