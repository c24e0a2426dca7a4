// The hex games of the generator (Marye's Heights, Road to Richmond, Cemetery Hill, Commands &
// Colors; generate.hpp says how they are played): the game and the position it keeps. Its set-up,
// movement and sequence of play are in gen_hex.cpp, its combats in gen_hex_combat.cpp.
#pragma once

#include "gen_common.hpp"

#include <algorithm>

namespace referee::bench::gen {

class HexGame {
public:
    HexGame(Family f, std::size_t target, Writer& w, std::uint64_t seed)
        : f_(f), s_(scenario_of(f)), m_(s_.map), target_(target), w_(w), rng_(seed) {}

    void run();

private:
    enum class St : std::uint8_t { Off, On, Dead };
    struct U {
        std::string id;
        int side = 0;
        std::string type;
        int strength = 0;
        LocId loc = kNoLoc;
        St st = St::Off;
        std::size_t slot = 0;  // index in on_[side] while on the map
    };

    Family f_;
    const Scenario& s_;
    const Map& m_;
    std::size_t target_;
    Writer& w_;
    Rng rng_;
    bool cnc_ = false;
    std::vector<std::string> sides_;
    std::vector<std::vector<LocId>> region_;       // per side: its hexes
    std::vector<std::vector<std::uint8_t>> in_;    // per side, per LocId: in its region
    std::vector<std::vector<int>> occ_;            // per side, per LocId: its units there
    std::vector<U> units_;
    std::vector<std::vector<int>> on_;             // per side: units on the map
    std::vector<std::vector<int>> reserve_;        // per side: units off the map, not yet entered
    std::vector<int> pending_;                     // per side: eliminated units to replace
    std::vector<long> lost_;                       // per side: SP lost so far
    std::vector<std::string> players_;
    int last_turn_ = 0;
    std::string last_phase_;
    int phase_losses_ = 0;  // SP lost in the current combat phase
    int phase_cap_ = 0;     // at most this many (see loss_cap)
    static int loss_cap(std::size_t phase_records) { return static_cast<int>(std::clamp<std::size_t>(phase_records / 10, 1, 10)); }

    sv name(LocId l) const { return m_.name(l); }
    void header(std::size_t max_losses);
    void place_unit(int u, LocId l);
    void take_off(int u);
    LocId free_hex(int side);
    bool walk(int u, int steps, std::vector<LocId>& path);
    void emit_path(sv kw, int u, const std::vector<LocId>& path);
    void movement(int side, std::size_t until);
    void combat_phase(int side, std::size_t until);
    void one_combat(int side, bool single_records_only);
    void take_loss(int u);
    int loser_side() const;
};

}  // namespace referee::bench::gen
