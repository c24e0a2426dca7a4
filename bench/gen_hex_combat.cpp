// The combats of the generator's hex games (gen_hex.hpp): who attacks whom, the result (by the odds
// column of the combat results table, or in Commands & Colors by the dice of the attacker's blocks
// and the battle back), and the losses, retreats and advances that follow, the losses alternating
// between the sides within a combat phase's cap.
#include "gen_hex.hpp"

namespace referee::bench::gen {

// The side that takes the next loss: the one that has lost fewer SP (ties: the second side), so
// the elimination points of the two sides never differ by more than one SP.
int HexGame::loser_side() const { return lost_[0] < lost_[1] ? 0 : 1; }

void HexGame::take_loss(int u) {
    U& x = units_[static_cast<std::size_t>(u)];
    ++lost_[static_cast<std::size_t>(x.side)];
    ++phase_losses_;
    if (x.strength > 1) {
        w_.lose(x.id, 1);
        --x.strength;
        return;
    }
    // The last SP: eliminated (by `eliminate`, or in C&C by the hit that takes its last block).
    if (cnc_) w_.lose(x.id, 1);
    else w_.eliminate(x.id);
    x.strength = 0;
    take_off(u);
    ++pending_[static_cast<std::size_t>(x.side)];
}

void HexGame::one_combat(int side, bool single_records_only) {
    const int enemy = 1 - side;
    auto& mine = on_[static_cast<std::size_t>(side)];
    auto& theirs = on_[static_cast<std::size_t>(enemy)];
    if (single_records_only || mine.empty() || theirs.empty()) {
        const int v[2] = {rng_.range(1, 6), rng_.range(1, 6)};
        w_.roll("2d6", v);
        return;
    }
    int att[2] = {rng_.pick(mine), -1};
    if (mine.size() > 1 && rng_.chance(30)) {
        att[1] = rng_.pick(mine);
        if (att[1] == att[0]) att[1] = -1;
    }
    const int def = rng_.pick(theirs);
    sv an[2];
    int na = 0, sa = 0;
    for (int a : att)
        if (a >= 0) {
            an[na++] = units_[static_cast<std::size_t>(a)].id;
            sa += units_[static_cast<std::size_t>(a)].strength;
        }
    const sv dn[1] = {units_[static_cast<std::size_t>(def)].id};
    const int sd = units_[static_cast<std::size_t>(def)].strength;

    // What happens: a loss to the side whose turn it is to lose (about half the combats, up to
    // loss_cap SP a phase, so that the replacements keep up), or a retreat, or nothing.
    const bool loss = phase_losses_ < phase_cap_ && rng_.chance(45);
    const bool defender_loses = loss && loser_side() == enemy;
    const bool attacker_loses = loss && !defender_loses;
    const bool retreat = !attacker_loses && (rng_.chance(35) || (!cnc_ && defender_loses));
    std::vector<LocId> rpath, apath;
    if (cnc_) {
        // Commands & Colors: one die per block of the attacker (at most 4), hits by symbol.
        int rolls[4];
        const int nd = std::min(4, std::max(1, sa));
        for (int i = 0; i < nd; ++i) rolls[i] = rng_.range(1, 6);
        const char* result = defender_loses ? (retreat ? "1-hit-1-flag" : "1-hit") : retreat ? "1-flag" : "miss";
        w_.combat(std::span<const sv>(an, static_cast<std::size_t>(na)), dn, "", std::span<const int>(rolls, static_cast<std::size_t>(nd)), result);
        if (attacker_loses) {
            // The battle back: the defender's dice.
            int back[2] = {rng_.range(1, 6), rng_.range(1, 6)};
            const sv bn[1] = {dn[0]};
            const sv tn[1] = {an[0]};
            w_.combat(bn, tn, "", back, "1-hit");
            take_loss(att[0]);
            return;
        }
    } else {
        // The odds column of the combat results table: the best one the strengths reach.
        static const int cols[][2] = {{1, 3}, {1, 2}, {1, 1}, {3, 2}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}};
        int col = 0;
        for (int i = 0; i < 9; ++i)
            if (sa * cols[i][1] >= std::max(1, sd) * cols[i][0]) col = i;
        const std::string odds = fmt::format("{}:{}", cols[col][0], cols[col][1]);
        const int die[1] = {rng_.range(1, 6)};
        // De: the defender's last SP; Dr: it retreats (after losing a step, when it loses one).
        const char* result = defender_loses ? (sd <= 1 ? "De" : "Dr") : attacker_loses ? "Ar" : retreat ? "Dr" : "NE";
        w_.combat(std::span<const sv>(an, static_cast<std::size_t>(na)), dn, odds, die, result);
        if (attacker_loses) {
            take_loss(att[0]);
            if (units_[static_cast<std::size_t>(att[0])].st == St::On && walk(att[0], 1, rpath)) emit_path("retreat", att[0], rpath);
            return;
        }
    }
    if (defender_loses) take_loss(def);
    if (retreat && units_[static_cast<std::size_t>(def)].st == St::On && walk(def, rng_.range(1, 2), rpath)) {
        emit_path("retreat", def, rpath);
        if (rng_.chance(50) && walk(att[0], 1, apath)) emit_path("advance", att[0], apath);
    }
}

void HexGame::combat_phase(int side, std::size_t until) {
    phase_losses_ = 0;
    phase_cap_ = loss_cap(until > w_.records ? until - w_.records : 0);
    while (w_.records < until) one_combat(side, until - w_.records < 4);
}

}  // namespace referee::bench::gen
