// Faction margins and ranking (7.1-7.3, L4, L6, 8.8).
#include "faction_margins.hpp"

#include <algorithm>
#include <tuple>

namespace referee {

MarginCheck faction_margins(const Scenario& s, const AreaPosition& pos, bool treaty, bool at_check,
                            const std::vector<std::string>& player, const std::vector<bool>& non_player) {
    const FactionVictory& fv = s.faction_victory;
    MarginCheck mc;
    mc.kind = at_check ? "victory-check" : "final";
    mc.rule = at_check ? fv.check_rule : fv.final_rule;
    mc.treaty = treaty;
    // The tracks the conditions read, each once, in the order first read.
    std::vector<std::int32_t> read;
    for (const auto& f : fv.factions)
        for (const auto& c : f.conditions) {
            for (auto t : c.plus)
                if (std::find(read.begin(), read.end(), t) == read.end()) read.push_back(t);
            for (auto t : c.minus)
                if (std::find(read.begin(), read.end(), t) == read.end()) read.push_back(t);
        }
    for (auto t : read) mc.tracks.emplace_back(s.tracks[static_cast<std::size_t>(t)].name, pos.track(t));
    for (const auto& f : fv.factions) {
        FactionMargins fm;
        fm.faction = s.sides[static_cast<std::size_t>(f.faction)];
        const std::string& who = player[static_cast<std::size_t>(f.faction)];
        if (!who.empty()) fm.player = who;
        fm.non_player = non_player[static_cast<std::size_t>(f.faction)];
        bool all = true;
        __int128 total = 0;
        for (const auto& c : f.conditions) {
            __int128 v = c.offset;
            for (auto t : c.plus) v += pos.track(t);
            for (auto t : c.minus) v -= pos.track(t);
            if (at_check) v -= c.above;
            const std::int64_t m = pos.fit(v);
            fm.margins.push_back(m);
            all = all && m > 0;
            total += m;
        }
        fm.total = pos.fit(total);
        fm.passes = at_check && all && (!f.requires_treaty || treaty);
        mc.factions.push_back(std::move(fm));
    }
    return mc;
}

std::vector<std::string> group_names(const Scenario& s) {
    std::vector<std::string> out;
    for (const auto& g : s.groups)
        if (std::find(out.begin(), out.end(), g) == out.end()) out.push_back(g);
    return out;
}

std::int32_t group_of(const Scenario& s, SideId f) {
    if (f < 0 || static_cast<std::size_t>(f) >= s.groups.size()) return -1;
    const auto names = group_names(s);
    return static_cast<std::int32_t>(std::find(names.begin(), names.end(), s.groups[static_cast<std::size_t>(f)]) - names.begin());
}

std::vector<SideId> rank_factions(const Scenario& s, const std::vector<std::int64_t>& score, const std::vector<bool>& non_player,
                                  bool treaty, std::int32_t first_group, bool one_player) {
    const FactionVictory& fv = s.faction_victory;
    auto pos_in = [](const std::vector<SideId>& order, SideId f) {
        const auto it = std::find(order.begin(), order.end(), f);
        return static_cast<std::size_t>(it - order.begin());
    };
    auto needs_treaty = [&](SideId f) {
        for (const auto& d : fv.factions)
            if (d.faction == f) return d.requires_treaty;
        return false;
    };
    std::vector<SideId> order;
    for (std::size_t f = 0; f < s.sides.size(); ++f) order.push_back(static_cast<SideId>(f));
    auto key = [&](SideId f) {
        const auto u = static_cast<std::size_t>(f);
        const bool last = needs_treaty(f) && !treaty;  // 7.1: last, whatever its margin
        const std::int32_t grp = first_group < 0 ? 0 : group_of(s, f) == first_group ? 0 : 1;
        const std::size_t tie = non_player[u] && one_player && !fv.one_player_tie_order.empty() ? pos_in(fv.one_player_tie_order, f)
                                                                                                 : pos_in(fv.tie_order, f);
        return std::make_tuple(last, grp, -static_cast<__int128>(score[u]), non_player[u] ? 0 : 1, tie);
    };
    std::stable_sort(order.begin(), order.end(), [&](SideId a, SideId b) { return key(a) < key(b); });
    return order;
}

}  // namespace referee
