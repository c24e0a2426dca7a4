// Victory levels by the ratio of the totals (14.5, C2).
#include "ratio_levels.hpp"

#include <fmt/format.h>

namespace referee {

// a:b >= n:d is a*d >= n*b.
void RatioLevels::settle(Result& v) {
    const Levels& lv = *game.scenario.levels;
    const auto& totals = game.sheet.totals();
    __int128 a = totals[static_cast<std::size_t>(lv.num_side)], b = totals[static_cast<std::size_t>(lv.den_side)];
    const bool both_zero = a == 0 && b == 0;
    if (both_zero) {
        a = lv.zero_num;
        b = lv.zero_den;
    }
    for (const VictoryLevel& l : lv.levels) {
        const __int128 lhs = a * l.den, rhs = static_cast<__int128>(l.num) * b;
        const bool match = l.test == LevelTest::Otherwise || (l.test == LevelTest::AtLeast ? lhs >= rhs : lhs > rhs);
        if (!match) continue;
        v.winner = l.winner == kNoSide ? std::string("draw") : std::string(game.side_name(l.winner));
        v.level = l.name;
        const char* test = l.test == LevelTest::AtLeast ? "at least " : l.test == LevelTest::Above ? "above " : "";
        game.findings.note(fmt::format("{}: {} {} to {} {}{}: {} {}{}", lv.rule, game.side_name(lv.num_side),
                                       totals[static_cast<std::size_t>(lv.num_side)], game.side_name(lv.den_side),
                                       totals[static_cast<std::size_t>(lv.den_side)],
                                       both_zero ? fmt::format(" (both 0, taken as {}:{})", lv.zero_num, lv.zero_den) : std::string(),
                                       v.winner ? *v.winner : "", l.name,
                                       l.test == LevelTest::Otherwise ? std::string(" (no higher level reached)")
                                                                      : fmt::format(" (ratio {}{}:{})", test, l.num, l.den)));
        return;
    }
}

}  // namespace referee
