#include "factions.hpp"

#include <algorithm>
#include <limits>
#include <tuple>

namespace referee {

AreaPosition::AreaPosition(const Scenario& s)
    : s_(s),
      nfactions_(s.sides.size()),
      support_(s.spaces.size(), 0),
      blockaded_(s.spaces.size(), 0),
      pieces_(s.spaces.size() * s.sides.size() * kPieceKinds, 0),
      on_map_(s.sides.size() * kPieceKinds, 0),
      stored_(s.tracks.size(), 0) {}

void AreaPosition::clear() {
    std::fill(support_.begin(), support_.end(), 0);
    std::fill(blockaded_.begin(), blockaded_.end(), 0);
    std::fill(pieces_.begin(), pieces_.end(), 0);
    std::fill(on_map_.begin(), on_map_.end(), 0);
    std::fill(stored_.begin(), stored_.end(), 0);
}

void AreaPosition::load_start() {
    clear();
    for (std::size_t l = 0; l < s_.spaces.size(); ++l) {
        support_[l] = s_.spaces[l].support;
        blockaded_[l] = s_.spaces[l].blockaded ? 1 : 0;
    }
    for (const StartPieces& sp : s_.start_pieces) add_pieces(sp.space, sp.faction, sp.piece, sp.count);
    for (std::size_t t = 0; t < s_.tracks.size(); ++t) stored_[t] = s_.tracks[t].start;
}

std::int64_t AreaPosition::fit(__int128 v) const {
    constexpr std::int64_t hi = std::numeric_limits<std::int64_t>::max(), lo = std::numeric_limits<std::int64_t>::min();
    if (v >= lo && v <= hi) return static_cast<std::int64_t>(v);
    overflow_ = true;
    return v > hi ? hi : lo;
}

void AreaPosition::add_pieces(LocId l, SideId f, Piece p, std::int64_t n) {
    auto& here = pieces_[index(l, f, p)];
    here = fit(static_cast<__int128>(here) + n);
    auto& all = on_map_[static_cast<std::size_t>(f) * kPieceKinds + static_cast<std::size_t>(p)];
    all = fit(static_cast<__int128>(all) + n);
}

void AreaPosition::add_track(std::int32_t t, std::int64_t d) {
    auto& x = stored_[static_cast<std::size_t>(t)];
    x = fit(static_cast<__int128>(x) + d);
}

std::int64_t AreaPosition::total(bool support_side) const {
    std::int64_t sum = 0;
    for (std::size_t l = 0; l < s_.spaces.size(); ++l) {
        const int lvl = support_[l];
        if (lvl == 0 || (lvl > 0) != support_side || blockaded_[l]) continue;
        sum += static_cast<std::int64_t>(s_.spaces[l].population) * (lvl == 2 || lvl == -2 ? 2 : 1);
    }
    return sum;
}

std::int64_t AreaPosition::track(std::int32_t t) const {
    const TrackDef& d = s_.tracks[static_cast<std::size_t>(t)];
    switch (d.derive) {
        case TrackDerive::Support: return total(true);
        case TrackDerive::Opposition: return total(false);
        case TrackDerive::Pieces: return on_map(d.faction, d.piece);
        case TrackDerive::Free:
        case TrackDerive::Casualties: break;
    }
    return stored_[static_cast<std::size_t>(t)];
}

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
