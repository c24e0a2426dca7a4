// The hex games of the generator (gen_hex.hpp): the order of battle and the sides' halves of the
// map, the moves and the entries of reserves, and the sequence of play that spreads the records
// over the scenario's game-turns and writes the final snapshot. The combats are in gen_hex_combat.cpp.
#include "gen_hex.hpp"

#include <array>

namespace referee::bench::gen {

void HexGame::place_unit(int u, LocId l) {
    U& x = units_[static_cast<std::size_t>(u)];
    x.loc = l;
    ++occ_[static_cast<std::size_t>(x.side)][static_cast<std::size_t>(l)];
    if (x.st != St::On) {
        x.st = St::On;
        x.slot = on_[static_cast<std::size_t>(x.side)].size();
        on_[static_cast<std::size_t>(x.side)].push_back(u);
    }
}

void HexGame::take_off(int u) {
    U& x = units_[static_cast<std::size_t>(u)];
    --occ_[static_cast<std::size_t>(x.side)][static_cast<std::size_t>(x.loc)];
    auto& v = on_[static_cast<std::size_t>(x.side)];
    const int last = v.back();
    v[x.slot] = last;
    units_[static_cast<std::size_t>(last)].slot = x.slot;
    v.pop_back();
    x.st = St::Dead;
}

LocId HexGame::free_hex(int side) {
    const auto& reg = region_[static_cast<std::size_t>(side)];
    for (int tries = 0; tries < 64; ++tries) {
        const LocId l = rng_.pick(reg);
        if (occ_[static_cast<std::size_t>(side)][static_cast<std::size_t>(l)] == 0) return l;
    }
    for (LocId l : reg)
        if (occ_[static_cast<std::size_t>(side)][static_cast<std::size_t>(l)] == 0) return l;
    return kNoLoc;
}

// A random walk of `steps` steps from the unit's hex inside its side's region, not turning straight
// back, ending on a hex without a unit of its side.
bool HexGame::walk(int u, int steps, std::vector<LocId>& path) {
    const U& x = units_[static_cast<std::size_t>(u)];
    const auto& in = in_[static_cast<std::size_t>(x.side)];
    const auto& occ = occ_[static_cast<std::size_t>(x.side)];
    for (int tries = 0; tries < 6; ++tries) {
        path.assign(1, x.loc);
        bool ok = true;
        for (int i = 0; i < steps && ok; ++i) {
            const LocId at = path.back();
            const LocId prev = path.size() > 1 ? path[path.size() - 2] : kNoLoc;
            LocId cand[6];
            int n = 0;
            for (LocId nb : m_.neighbours(at))
                if (in[static_cast<std::size_t>(nb)] && nb != prev && n < 6) cand[n++] = nb;
            if (n == 0) ok = false;
            else path.push_back(cand[rng_.below(n)]);
        }
        if (ok && path.back() != x.loc && occ[static_cast<std::size_t>(path.back())] == 0) return true;
    }
    return false;
}

void HexGame::emit_path(sv kw, int u, const std::vector<LocId>& path) {
    sv p[8];
    for (std::size_t i = 0; i < path.size(); ++i) p[i] = name(path[i]);
    w_.path(kw, units_[static_cast<std::size_t>(u)].id, std::span<const sv>(p, path.size()));
    U& x = units_[static_cast<std::size_t>(u)];
    --occ_[static_cast<std::size_t>(x.side)][static_cast<std::size_t>(x.loc)];
    x.loc = path.back();
    ++occ_[static_cast<std::size_t>(x.side)][static_cast<std::size_t>(x.loc)];
}

void HexGame::movement(int side, std::size_t until) {
    const auto sd = static_cast<std::size_t>(side);
    // Replacements first: reserves enter where their side has room.
    while (pending_[sd] > 0 && !reserve_[sd].empty() && w_.records < until) {
        const LocId l = free_hex(side);
        if (l == kNoLoc) break;
        const int u = reserve_[sd].back();
        reserve_[sd].pop_back();
        --pending_[sd];
        w_.enter(units_[static_cast<std::size_t>(u)].id, name(l));
        place_unit(u, l);
    }
    std::vector<LocId> path;
    int failures = 0;
    while (w_.records < until) {
        if (on_[sd].empty() || failures > 20) {  // nothing can move: a word to the opponent instead
            w_.chat(players_[sd], "no move");
            failures = 0;
            continue;
        }
        if (rng_.chance(1)) {
            w_.chat(players_[sd], rng_.chance(50) ? "moving up" : "holding the line");
            continue;
        }
        const int u = rng_.pick(on_[sd]);
        const int steps = cnc_ ? rng_.range(1, 2) : rng_.range(1, 4);
        if (!walk(u, steps, path)) {
            ++failures;
            continue;
        }
        failures = 0;
        emit_path("move", u, path);
    }
}

void HexGame::header(std::size_t max_losses) {
    cnc_ = f_ == Family::CncNapoleonics;
    if (cnc_) sides_ = {"French", "Allies"};
    else sides_ = s_.sides;
    const std::size_t ns = 2;

    // Regions: each side its own end of the map, three columns (rows) apart.
    const bool by_row = m_.grid() == GridKind::HexRows;
    int lo = 1 << 30, hi = -(1 << 30);
    for (LocId l = 0; l < static_cast<LocId>(m_.size()); ++l) {
        const int c = by_row ? m_.row(l) : m_.column(l);
        lo = std::min(lo, c);
        hi = std::max(hi, c);
    }
    const int mid = (lo + hi) / 2;
    region_.assign(ns, {});
    in_.assign(ns, std::vector<std::uint8_t>(m_.size(), 0));
    occ_.assign(ns, std::vector<int>(m_.size(), 0));
    for (LocId l = 0; l < static_cast<LocId>(m_.size()); ++l) {
        const int c = by_row ? m_.row(l) : m_.column(l);
        const int sd = c <= mid - 2 ? 0 : c >= mid + 2 ? 1 : -1;
        if (sd < 0) continue;
        region_[static_cast<std::size_t>(sd)].push_back(l);
        in_[static_cast<std::size_t>(sd)][static_cast<std::size_t>(l)] = 1;
    }

    // Order of battle: a fixed force on the map, and reserves for the eliminations to come: a side
    // loses at most half the SP `max_losses` allows (plus one), and a unit has at least 2 SP.
    const int active = cnc_ ? 12 : 22;
    const int reserves = static_cast<int>(max_losses * 6 / 10 / 2) + 4;
    static const std::vector<std::string> confederates = {
        "Armistead", "Kershaw", "Cobb", "Toombs", "Semmes", "Barksdale", "Wright", "Mahone", "Ransom", "Perry", "Law",
        "Robertson", "Benning", "Pickett", "Early", "Rodes", "Heth", "Pender", "Anderson", "Gordon", "Hays", "Hoke",
        "Lane", "Scales", "Archer", "Davis", "Pettigrew", "Garnett", "Kemper", "Jenkins", "Wofford", "Doles"};
    static const std::vector<std::string> corps = {"I", "II", "III", "V", "VI", "IX", "XI", "XII"};
    static const char* types[] = {"infantry", "infantry", "infantry", "infantry", "cavalry", "artillery"};
    static const char* cnc_types[] = {"infantry", "infantry", "light-infantry", "cavalry", "artillery"};
    auto make_id = [&](int side, int i) -> std::string {
        if (cnc_) return side == 0 ? fmt::format("{}e-Ligne", i + 1) : fmt::format("{}th-Foot", i + 1);
        if (s_.sides[static_cast<std::size_t>(side)] == "Union") {
            const int b = i % 3 + 1, d = i / 3 % 3 + 1, c = i / 9;
            if (c < static_cast<int>(corps.size())) return fmt::format("{}/{}/{}", b, d, corps[static_cast<std::size_t>(c)]);
            return fmt::format("{}/{}/{}-{}", b, d, corps[static_cast<std::size_t>(c % 8)], c / 8);
        }
        const std::string& n = confederates[static_cast<std::size_t>(i) % confederates.size()];
        const int k = i / static_cast<int>(confederates.size());
        return k == 0 ? n : fmt::format("{}-{}", n, k + 1);
    };

    static const std::array<std::array<const char*, 2>, 5> player_names = {{
        {"C. Okafor", "D. Lindqvist"}, {"A. Novak", "E. Duarte"}, {"R. Oyelaran", "S. Brandt"}, {"E. Laroche", "D. McAllister"}, {"", ""}}};
    players_ = {player_names[static_cast<std::size_t>(f_)][0], player_names[static_cast<std::size_t>(f_)][1]};

    w_.game(family_id(f_));
    w_.tag("event", "Benchmark Open 2026");
    w_.tag("round", "1");
    if (cnc_)
        for (const auto& s : sides_) w_.side(s);
    for (std::size_t s = 0; s < ns; ++s) w_.player(sides_[s], players_[s]);
    if (f_ == Family::MaryesHeights) {
        w_.param("exit-vp", "1");
        w_.param("occupation-vp", "5");
    }
    w_.setup_custom();
    for (int s = 0; s < 2; ++s)
        for (int i = 0; i < active + reserves; ++i) {
            U u;
            u.id = make_id(s, i);
            u.side = s;
            u.type = cnc_ ? cnc_types[rng_.below(5)] : types[rng_.below(6)];
            u.strength = cnc_ ? rng_.range(2, 4) : rng_.range(3, 8);
            units_.push_back(std::move(u));
        }
    on_.assign(ns, {});
    reserve_.assign(ns, {});
    pending_.assign(ns, 0);
    lost_.assign(ns, 0);
    for (int idx = 0; idx < static_cast<int>(units_.size()); ++idx) {
        U& u = units_[static_cast<std::size_t>(idx)];
        const int i = idx % (active + reserves);
        if (i < active) {
            const LocId l = free_hex(u.side);
            place_unit(idx, l);
            w_.unit(u.id, sides_[static_cast<std::size_t>(u.side)], u.type, u.strength, name(l));
        } else {
            w_.unit(u.id, sides_[static_cast<std::size_t>(u.side)], u.type, u.strength, "");
        }
    }
    for (int s = 1; s >= 0; --s)
        for (int idx = static_cast<int>(units_.size()) - 1; idx >= 0; --idx)
            if (units_[static_cast<std::size_t>(idx)].side == s && units_[static_cast<std::size_t>(idx)].st == St::Off)
                reserve_[static_cast<std::size_t>(s)].push_back(idx);
    if (cnc_) {
        // Objectives inside each side's own half, so that its units come and go on them.
        w_.objective("temporary", sides_[0], name(region_[0][region_[0].size() / 2]));
        w_.objective("start-turn-temporary", sides_[1], name(region_[1][region_[1].size() / 2]));
    }
}

void HexGame::run() {
    // The sequence of play: the steps of each turn, with their sides.
    struct Step {
        int turn;
        int side;  // -1: none
        std::int32_t phase;
        PhaseKind kind;
    };
    // Commands & Colors has no turn limit: about 90 records a game-turn.
    const int turns = s_.turns > 0 ? s_.turns : std::max(12, static_cast<int>(target_ / 90));
    std::vector<Step> steps;
    for (int t = 1; t <= turns; ++t)
        for (const SequenceStep& st : s_.sequence) {
            if (t < st.first_turn || t > st.last_turn) continue;
            const PhaseKind k = s_.phases[static_cast<std::size_t>(st.phase)].kind;
            int side = st.side;
            if (st.side == kPhasingSide) side = (t - 1) % 2;
            if (side == kNoSide) side = -1;
            // C&C: the command and draw phases are left out (nothing in them is recorded).
            if (st.side == kPhasingSide && k == PhaseKind::Other && s_.phases[static_cast<std::size_t>(st.phase)].name != "order") continue;
            steps.push_back(Step{t, side, st.phase, k});
        }
    // The body's budget: header, one turn record per turn, one phase record per step, `end`.
    const std::size_t fixed = static_cast<std::size_t>(turns) + steps.size() + 1;
    const std::size_t body = target_ > fixed + 200 ? target_ - fixed : 200;
    double weight_sum = 0;
    auto weight = [](PhaseKind k) { return k == PhaseKind::Movement ? 3.0 : k == PhaseKind::Combat ? 2.0 : 0.1; };
    for (const Step& st : steps) weight_sum += weight(st.kind);
    // The SP the combat phases may cost (their shares of the body, as below), with a margin.
    std::size_t max_losses = 0;
    for (const Step& st : steps)
        if (st.kind == PhaseKind::Combat)
            max_losses += static_cast<std::size_t>(loss_cap(static_cast<std::size_t>(static_cast<double>(body) * 1.2 * weight(st.kind) / weight_sum)));
    header(max_losses);
    w_.begin_log();
    const std::size_t start = w_.records;
    const std::size_t total = std::max(target_, start + fixed + 100);
    const std::size_t avail = total - start - fixed;  // records for the phases' contents
    double cum = 0;
    int turn = 0;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const Step& st = steps[i];
        if (st.turn != turn) {
            turn = st.turn;
            w_.turn(turn);
        }
        const sv side = st.side >= 0 ? sv(sides_[static_cast<std::size_t>(st.side)]) : sv();
        const std::string& pname = s_.phases[static_cast<std::size_t>(st.phase)].name;
        w_.phase(side, pname);
        cum += weight(st.kind);
        // Records due by the end of this step: its share of `avail`, plus the turn and phase
        // records written so far and still to come in this turn.
        const std::size_t structural_done = static_cast<std::size_t>(turn) + i + 1;
        const std::size_t until = start + structural_done + static_cast<std::size_t>(static_cast<double>(avail) * cum / weight_sum);
        if (st.kind == PhaseKind::Movement) movement(st.side, until);
        else if (st.kind == PhaseKind::Combat) combat_phase(st.side, until);
        else
            while (w_.records < until) w_.chat(players_[static_cast<std::size_t>(st.side >= 0 ? st.side : 0)], "orders issued");
        last_turn_ = turn;
        last_phase_ = side.empty() ? pname : fmt::format("{} {}", side, pname);
    }
    w_.end();
    SnapshotOut snap;
    snap.turn = last_turn_;
    snap.phase = last_phase_;
    for (const U& u : units_) {
        if (u.st == St::Off) continue;
        snap.units.push_back(SnapUnit{u.id, u.st == St::Dead, u.st == St::On ? std::string(name(u.loc)) : std::string(), u.strength});
    }
    w_.finish(&snap);
}

void write_hex_game(Family f, std::size_t target, Writer& w, std::uint64_t seed) { HexGame(f, target, w, seed).run(); }

}  // namespace referee::bench::gen
