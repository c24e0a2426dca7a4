// The road network of a map (<roads>), for 21.21, 21.22, 14.51, 14.52 and C6.
#include "roads.hpp"

#include <algorithm>

namespace referee {

RoadNetwork::RoadNetwork(const Scenario& s) {
    if (s.roads.empty()) return;
    adj_.resize(s.map.size());
    auto link = [this](LocId a, LocId b) {
        auto& v = adj_[static_cast<std::size_t>(a)];
        if (std::find(v.begin(), v.end(), b) == v.end()) v.push_back(b);
    };
    for (const Road& road : s.roads)
        for (std::size_t i = 1; i < road.hexes.size(); ++i) {
            link(road.hexes[i - 1], road.hexes[i]);
            link(road.hexes[i], road.hexes[i - 1]);
        }
}

}  // namespace referee
