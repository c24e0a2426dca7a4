// Area games with factions (Liberty or Death): the position (support levels, blockades, pieces,
// tracks) and the faction victory mechanisms (margins, checks, ranking). The replay
// (validator/engine/replay.cpp) applies the records and calls these; everything here works on indices.
#pragma once

#include "result.hpp"
#include "scenario.hpp"

#include <cstdint>
#include <vector>

namespace referee {

inline constexpr int kPieceKinds = static_cast<int>(Piece::Fort) + 1;

class AreaPosition {
public:
    explicit AreaPosition(const Scenario& s);
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

    // A count, track or margin passed 64 bits and was saturated: the position is not exact (G4).
    bool overflowed() const { return overflow_; }
    // v saturated to 64 bits; past them, overflowed() becomes true.
    std::int64_t fit(__int128 v) const;

private:
    std::size_t index(LocId l, SideId f, Piece p) const {
        return (static_cast<std::size_t>(l) * nfactions_ + static_cast<std::size_t>(f)) * kPieceKinds + static_cast<std::size_t>(p);
    }
    const Scenario& s_;
    std::size_t nfactions_;
    std::vector<std::int8_t> support_;
    std::vector<std::uint8_t> blockaded_;
    std::vector<std::int64_t> pieces_;  // [space][faction][piece]
    std::vector<std::int64_t> on_map_;  // [faction][piece]
    std::vector<std::int64_t> stored_;  // free and casualty tracks
    mutable bool overflow_ = false;
};

// The margins of each faction's conditions: at a check (7.2) value - above, at the end (7.3) the
// value itself. `passes` (checks only): every margin positive and the treaty where it is needed.
// Per faction: `player` the player's name ("" when none is given), `non_player` (L5).
MarginCheck faction_margins(const Scenario& s, const AreaPosition& pos, bool treaty, bool at_check,
                            const std::vector<std::string>& player, const std::vector<bool>& non_player);

// 7.1: the order of the factions. `score` per faction is what ranks (higher first). With
// `first_group` >= 0 (a win at a check), that group's factions come first, then the others.
// Ties: Non-players first, then the scenario's tie order (with `one_player`, Non-players among
// themselves in the one-player tie order). A faction that needs the treaty is last without it.
std::vector<SideId> rank_factions(const Scenario& s, const std::vector<std::int64_t>& score, const std::vector<bool>& non_player,
                                  bool treaty, std::int32_t first_group, bool one_player);

// The group (index into the distinct values of Scenario::groups, in order of first appearance) of a faction.
std::int32_t group_of(const Scenario& s, SideId f);
std::vector<std::string> group_names(const Scenario& s);

}  // namespace referee
