// Victory by the higher total (17.0 and M5, 21.0 and R4).
#include "higher_total.hpp"

namespace referee {

void settle_by_higher_total(const Game& g, Result& v) {
    const SideId best = g.sheet.leader();
    v.winner = best == kNoSide ? std::string("draw") : std::string(g.side_name(best));
}

}  // namespace referee
