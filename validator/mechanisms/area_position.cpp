// The position of an area game (L1: Total Support and Opposition; 1.6.5: pieces on the map; L2 tracks).
#include "area_position.hpp"

#include <algorithm>

namespace referee {

AreaPosition::AreaPosition(const Scenario& s, const ScoreSheet& exact)
    : s_(s),
      exact_(exact),
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

}  // namespace referee
