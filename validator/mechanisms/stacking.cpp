// Stacking (the Blue & Gray standard rules): locations over the limit at the end of each phase.
#include "stacking.hpp"

#include "diagnostics.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace referee {

StackingRule::StackingRule(Game& g) : Mechanism(g), dirty_flag_(g.scenario.map.size(), 0), placed_line_(g.scenario.map.size(), 0) {
    g.state.listen(this, true, false, false);
}

void StackingRule::placed(UnitId, LocId l) {
    if (game.clock.turn() <= 0) return;  // stacking is judged at the end of each phase, not at set-up
    placed_line_[static_cast<std::size_t>(l)] = game.line;
    if (!dirty_flag_[static_cast<std::size_t>(l)]) {
        dirty_flag_[static_cast<std::size_t>(l)] = 1;
        dirty_.push_back(l);
    }
}

void StackingRule::on_phase_end() {
    const Stacking& st = game.scenario.stacking;
    for (LocId l : dirty_) {
        dirty_flag_[static_cast<std::size_t>(l)] = 0;
        for (std::size_t sd = 0; sd < game.state.sides(); ++sd) {
            const SideId side = static_cast<SideId>(sd);
            const std::int64_t n = game.state.occupants(l, side);
            if (n <= st.limit) continue;
            std::vector<std::string_view> who;
            for (const Unit& us : game.state.units())
                if (us.status == UnitStatus::OnMap && us.loc == l && us.side == side) who.push_back(us.name);
            game.findings.add(Code::Stacking, placed_line_[static_cast<std::size_t>(l)], st.rule,
                              fmt::format("at the end of {}, {} holds {} {} units ({}); at most {} may stack", game.where_now(), game.loc_name(l),
                                          n, game.side_name(side), fmt::join(who, ", "), st.limit));
        }
    }
    dirty_.clear();
}

}  // namespace referee
