// Region grids (region_grid.hpp).
#include "region_grid.hpp"

namespace referee::vassal {

const Region* nearest_region(const RegionGrid& grid, Point p) {
    const Region* best = nullptr;
    double best_d2 = 0;
    for (const Region& r : grid.regions) {
        // In double: two differences of ints squared and added can pass long long (an origin at
        // -2^31, a point at 2^31 - 1); exact while the squares stay under 2^53 (every real board).
        const double dx = static_cast<double>(r.origin.x) - p.x;
        const double dy = static_cast<double>(r.origin.y) - p.y;
        const double d2 = dx * dx + dy * dy;
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
