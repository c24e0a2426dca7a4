// Units' records (move-log.md "unit records"; G1, G2): paths, entries, losses, combats.
#include "movement.hpp"

#include "diagnostics.hpp"
#include "movement_points.hpp"
#include "record_views.hpp"
#include "reinforcements.hpp"
#include "retreat_off_map.hpp"
#include "zones_of_control.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace referee {

bool not_on_map(Game& g, const Record& r, Sym unit, UnitId u) {
    if (u < 0) {
        g.unknown_unit(r, unit);
        return false;
    }
    const Unit& us = g.state.unit(u);
    if (us.status != UnitStatus::OnMap) {
        const char* why = us.status == UnitStatus::OffMap ? "has not entered the map"
                          : us.status == UnitStatus::Exited ? "has exited the map"
                                                            : "has been eliminated";
        g.findings.add(Code::NotOnMap, r.line, fmt::format("{} {}: it cannot {}", us.name, why, kind_name(r.kind)));
        return false;
    }
    return true;
}

bool wrong_phase(Game& g, const Record& r, PhaseKind need, const char* what, SideId unit_side, bool phasing_only, std::string_view rule) {
    bool ok = true;
    auto add = [&](Code c, std::string msg) {
        if (rule.empty()) g.findings.add(c, r.line, std::move(msg));
        else g.findings.add(c, r.line, rule, std::move(msg));
    };
    if (g.clock.step() < 0 || g.clock.phase_kind() != need) {
        add(Code::WrongPhase, fmt::format("{} outside the {} phase ({})", what, need == PhaseKind::Movement ? "movement" : "combat", g.where_now()));
        ok = false;
    }
    if (phasing_only && g.clock.step() >= 0 && g.clock.phasing() != unit_side) {
        add(Code::NotPhasing, fmt::format("{} of a {} unit in the {} player-turn", what, g.side_name(unit_side), g.side_name(g.clock.phasing())));
        ok = false;
    }
    return ok;
}

std::span<const Kind> Movement::kinds() const {
    static constexpr std::array<Kind, 7> k{Kind::Move, Kind::Retreat, Kind::Advance, Kind::Enter, Kind::Eliminate, Kind::Lose, Kind::Combat};
    return k;
}

void Movement::on_record(const Record& r) {
    switch (r.kind) {
        case Kind::Move: case Kind::Retreat: case Kind::Advance: return path(r);
        case Kind::Enter: return enter(r);
        case Kind::Eliminate: case Kind::Lose: return loss(r);
        case Kind::Combat: return combat(r);
        default: return;
    }
}

bool Movement::resolve_path(const Record& r) {
    path_.clear();
    bool ok = true;
    ++path_serial_;
    for (Sym s : game.list(rec::move(r).path())) {  // move, retreat, advance
        const LocId l = game.names.loc(s);
        if (l == kNoLoc) {
            // Each unknown name once per path: a path naming one unknown location a million times
            // gets one finding, not a million.
            if (s >= unknown_stamp_.size()) unknown_stamp_.resize(std::max<std::size_t>(game.record.symbols.size(), s + 1), 0);
            if (unknown_stamp_[s] != path_serial_) {
                unknown_stamp_[s] = path_serial_;
                game.unknown_location(r, s);
            }
            ok = false;
        }
        path_.push_back(l);
    }
    return ok;
}

void Movement::path(const Record& r) {
    UnitId u = -1;
    if (!unit_on_map(game, r, rec::move(r).unit(), u)) return;
    if (!resolve_path(r)) return;
    if (path_.empty()) return;
    const Unit& us = game.state.unit(u);
    const SideId side = us.side;
    const bool is_move = r.kind == Kind::Move;
    const char* what = is_move ? "movement" : r.kind == Kind::Retreat ? "a retreat" : "an advance";
    check_phase(game, r, is_move ? PhaseKind::Movement : PhaseKind::Combat, what, side, is_move, "");
    if (path_.front() != us.loc)
        game.findings.add(Code::PathStart, r.line,
                          fmt::format("{} is at {}, but the path starts at {}", us.name, game.loc_name(us.loc), game.loc_name(path_.front())));
    for (std::size_t i = 1; i < path_.size(); ++i) {
        if (!game.scenario.map.adjacent(path_[i - 1], path_[i]))
            game.findings.add(Code::PathGap, r.line, fmt::format("{} and {} are not adjacent", game.loc_name(path_[i - 1]), game.loc_name(path_[i])));
        if (game.state.enemy_in(path_[i], side))
            game.findings.add(Code::EnemyOccupied, r.line,
                              fmt::format("{} holds a {} unit", game.loc_name(path_[i]), game.side_name(game.scenario.enemy_of(side))));
    }
    if (is_move && zoc_) zoc_->check_move(r, u, path_);
    if (is_move && mp_) mp_->moved(r, u, path_);
    // Apply as recorded: the unit passes through each location after the first (G1) and ends at the last.
    game.state.lift(u);
    for (std::size_t i = 1; i < path_.size(); ++i) game.state.pass_through(side, path_[i]);
    game.state.place(u, path_.back());
    if (is_move && path_.size() > 1 && zoc_) zoc_->stopped_if_in_zone(u, path_.back());
    if (r.kind == Kind::Retreat && rec::retreat(r).off() && retreat_) retreat_->off_map(r, u, path_.back());
}

void Movement::enter(const Record& r) {
    const auto e = rec::enter(r);
    const UnitId u = game.names.unit(e.unit());
    if (u < 0) {
        game.unknown_unit(r, e.unit());
        return;
    }
    const Unit& us = game.state.unit(u);
    const LocId l = game.names.loc(e.location());
    if (l == kNoLoc) {
        game.unknown_location(r, e.location());
        return;
    }
    if (us.status == UnitStatus::Exited || us.status == UnitStatus::Eliminated) {
        game.findings.add(Code::Reentry, r.line, game.scenario.exits.rule,
                          fmt::format("{} {} and may not come back on the map", us.name, us.status == UnitStatus::Exited ? "exited" : "was eliminated"));
        return;
    }
    if (us.status == UnitStatus::OnMap) {
        game.findings.add(Code::AlreadyOnMap, r.line,
                          fmt::format("{} is already on the map at {}; only an off-map unit can enter", us.name, game.loc_name(us.loc)));
        return;
    }
    check_phase(game, r, PhaseKind::Movement, "an entry", us.side, true, "");
    if (reinforcements_) reinforcements_->check_entry(r, us, l);
    if (game.state.enemy_in(l, us.side))
        game.findings.add(Code::EnemyOccupied, r.line, fmt::format("{} holds a {} unit", game.loc_name(l), game.side_name(game.scenario.enemy_of(us.side))));
    if (mp_) mp_->entered(r, u, l);
    game.state.pass_through(us.side, l);
    game.state.place(u, l);
    if (zoc_) zoc_->stopped_if_in_zone(u, l);  // entering into an enemy zone of control ends its move
}

void Movement::loss(const Record& r) {
    const auto ls = rec::lose(r);  // eliminate, lose
    UnitId u = -1;
    if (!unit_on_map(game, r, ls.unit(), u)) return;
    const Unit& us = game.state.unit(u);
    std::int64_t lost = us.strength;
    if (r.kind == Kind::Lose) {
        if (ls.strength() <= 0) {
            game.findings.add(Code::BadCount, r.line, fmt::format("{} cannot lose {} strength points", us.name, ls.strength()));
            return;
        }
        lost = std::min(ls.strength(), us.strength);
    }
    game.lose_strength(u, lost);
}

void Movement::combat(const Record& r) {
    UnitId u = -1;
    const auto c = rec::combat(r);
    for (Sym s : game.list(c.attackers())) unit_on_map(game, r, s, u);
    for (Sym s : game.list(c.defenders())) unit_on_map(game, r, s, u);
}

}  // namespace referee
