// The position of an area game (Liberty or Death): each space's support level (-2 Active Opposition
// .. 2 Active Support), blockaded cities, the factions' pieces in each space, and the tracks, free
// (set by `track` records), casualties (L2) or derived from the position (L1: Total Support and
// Opposition; pieces on the map). Counts are exact (G4): past 64 bits the score sheet notes it.
#pragma once

#include "scenario.hpp"
#include "score_sheet.hpp"

#include <cstdint>
#include <vector>

namespace referee {

inline constexpr int kPieceKinds = static_cast<int>(Piece::Fort) + 1;

class AreaPosition {
public:
    AreaPosition(const Scenario& s, const ScoreSheet& exact);
    void clear();       // `setup custom`: every space neutral, no pieces, every track 0
    void load_start();  // the scenario's starting position

    int support(LocId l) const { return support_[static_cast<std::size_t>(l)]; }
    void set_support(LocId l, int level) { support_[static_cast<std::size_t>(l)] = static_cast<std::int8_t>(level); }
    bool blockaded(LocId l) const { return blockaded_[static_cast<std::size_t>(l)] != 0; }
    void set_blockaded(LocId l, bool b) { blockaded_[static_cast<std::size_t>(l)] = b ? 1 : 0; }
    std::int64_t pieces(LocId l, SideId f, Piece p) const { return pieces_[index(l, f, p)]; }
    // Adds n (negative: removes) pieces; the caller makes sure the count stays >= 0.
    void add_pieces(LocId l, SideId f, Piece p, std::int64_t n);
    std::int64_t on_map(SideId f, Piece p) const { return on_map_[static_cast<std::size_t>(f) * kPieceKinds + static_cast<std::size_t>(p)]; }

    // A track's value; derived tracks are computed from the position (L1, pieces on the map).
    std::int64_t track(std::int32_t t) const;
    void set_track(std::int32_t t, std::int64_t v) { stored_[static_cast<std::size_t>(t)] = v; }
    void add_track(std::int32_t t, std::int64_t d);

    // L1: 2 x population at Active + population at Passive; a blockaded city counts 0.
    std::int64_t total(bool support_side) const;

    // v saturated to 64 bits; past them the score sheet notes the overflow (G4).
    std::int64_t fit(__int128 v) const { return exact_.fit(v); }

private:
    std::size_t index(LocId l, SideId f, Piece p) const {
        return (static_cast<std::size_t>(l) * nfactions_ + static_cast<std::size_t>(f)) * kPieceKinds + static_cast<std::size_t>(p);
    }
    const Scenario& s_;
    const ScoreSheet& exact_;
    std::size_t nfactions_;
    std::vector<std::int8_t> support_;
    std::vector<std::uint8_t> blockaded_;
    std::vector<std::int64_t> pieces_;  // [space][faction][piece]
    std::vector<std::int64_t> on_map_;  // [faction][piece]
    std::vector<std::int64_t> stored_;  // free and casualty tracks
};

}  // namespace referee
