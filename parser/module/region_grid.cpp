// Region grids (region_grid.hpp).
#include "region_grid.hpp"

namespace referee::vassal {

const Region* nearest_region(const RegionGrid& grid, Point p) {
    const Region* best = nullptr;
    long long best_d2 = 0;
    for (const Region& r : grid.regions) {
        const long long dx = static_cast<long long>(r.origin.x) - p.x;
        const long long dy = static_cast<long long>(r.origin.y) - p.y;
        const long long d2 = dx * dx + dy * dy;
        if (best == nullptr || d2 < best_d2) {
            best = &r;
            best_d2 = d2;
        }
    }
    return best;
}

bool append_region_location(std::string& out, const RegionGrid& grid, Point local) {
    const Region* r = nearest_region(grid, local);
    if (r == nullptr) return false;
    out += r->name;
    return true;
}

}  // namespace referee::vassal
