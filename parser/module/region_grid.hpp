// VASSAL's region grid (RegionGrid): named points; a point takes the name of the nearest region
// origin (Euclidean distance; on a tie the region written first, where VASSAL's order is a hash
// map's and so not defined).
#pragma once

#include "geometry.hpp"

#include <string>
#include <vector>

namespace referee::vassal {

struct Region {
    std::string name;
    Point origin;
};

struct RegionGrid {
    std::string class_name;
    bool snap_to = true;
    bool visible = false;
    std::vector<Region> regions;
};

const Region* nearest_region(const RegionGrid& grid, Point local);   // none when the grid has no regions
bool append_region_location(std::string& out, const RegionGrid& grid, Point local);

}  // namespace referee::vassal
