// Victory points (17.3, 17.11-17.13 and M2; 21.11, 21.12 and R1; 14.52): counts and score items.
#include "points.hpp"

#include "exit_race.hpp"
#include "traces.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace referee {

namespace {

std::string unscored(const Game& g, const PointsRule& pr, const std::string& why, bool map_data) {
    std::string n = fmt::format("{} ({}) not scored: {}", pr.rule, pr.what, why);
    const Scenario& s = g.scenario;
    if (map_data) n += fmt::format("; a scenario file that extends {} can add the map data", s.extends.empty() ? s.id : s.extends);
    return n;
}

}  // namespace

void unscored_note(Game& g, const PointsRule& pr, const std::string& why, bool map_data) { g.findings.note_once(unscored(g, pr, why, map_data)); }

void unscored_note(const Game& g, Remarks* say, const PointsRule& pr, const std::string& why, bool map_data) {
    if (say) say->note_once(unscored(g, pr, why, map_data));
}

void Points::score_elimination(SideId loser, std::int64_t sp) {
    if (sp <= 0) return;
    const Scenario& s = game.scenario;
    for (std::size_t i = 0; i < s.points.size(); ++i) {
        const auto& pr = s.points[i];
        if (pr.kind != PointsKind::Elimination) continue;
        const SideId scorer = pr.side == kNoSide ? s.enemy_of(loser) : pr.side;
        if (scorer == kNoSide || scorer == loser) continue;
        game.sheet.count(i, scorer) = game.sheet.add(game.sheet.count(i, scorer), sp);
    }
}

void Points::score_exit(const Unit& us) {
    const Scenario& s = game.scenario;
    for (std::size_t i = 0; i < s.points.size(); ++i) {
        const auto& pr = s.points[i];
        if (pr.kind != PointsKind::Exit || (pr.side != kNoSide && pr.side != us.side)) continue;
        if (!pr.locs.empty() && std::find(pr.locs.begin(), pr.locs.end(), us.exit_loc) == pr.locs.end()) continue;
        game.sheet.count(i, us.side) = game.sheet.add(game.sheet.count(i, us.side), pr.per_unit ? 1 : us.strength);
    }
}

std::int64_t Points::elimination_points(SideId side) const {
    if (side == kNoSide) return 0;
    std::int64_t total = 0;
    const Scenario& s = game.scenario;
    for (std::size_t i = 0; i < s.points.size(); ++i) {
        const auto& pr = s.points[i];
        if (pr.kind != PointsKind::Elimination) continue;
        const auto v = game.names.value(pr.value);
        if (!v) continue;
        total = game.sheet.add(total, game.sheet.mul(game.sheet.count(i, side), *v));
    }
    return total;
}

Points::Judged Points::requires_hold(const PointsRule& pr, SideId side, Remarks* say) const {
    Judged j;
    const Scenario& s = game.scenario;
    for (const Require& rq : pr.requires_) {
        if (rq.kind == RequireKind::Line) {
            const std::string rule = rq.rule.empty() ? std::string() : fmt::format(" ({})", rq.rule);
            if (s.roads.empty() || !traces_) {
                j.unknown = true;
                j.why = fmt::format("the scenario has no road data to trace a line of communications from {} to {}{}", game.loc_name(rq.from),
                                    game.loc_name(rq.to), rule);
                continue;
            }
            if (!traces_->line_of_communications(side, rq.from, rq.to)) {
                j.holds = false;
                j.line_failed = true;
                j.why = fmt::format("there is no {} line of communications from {} to {}{}", game.side_name(side), game.loc_name(rq.from),
                                    game.loc_name(rq.to), rule);
                return j;
            }
            continue;
        }
        bool any_unit = false, ok = false;
        for (const Unit& us : game.state.units()) {
            if (!us.has_role(rq.role)) continue;
            any_unit = true;
            for (RoleStatus st : rq.statuses) switch (st) {
                    case RoleStatus::OnMap: ok |= us.status == UnitStatus::OnMap; break;
                    case RoleStatus::Exited:
                        ok |= us.status == UnitStatus::Exited && (rq.at.empty() || std::find(rq.at.begin(), rq.at.end(), us.exit_loc) != rq.at.end());
                        break;
                    case RoleStatus::Eliminated: ok |= us.status == UnitStatus::Eliminated; break;
                    case RoleStatus::NeverEntered: ok |= us.status == UnitStatus::OffMap; break;
                }
        }
        if (!any_unit) {
            // No such unit in this game (setup custom without it): it never entered the map.
            ok = std::find(rq.statuses.begin(), rq.statuses.end(), RoleStatus::NeverEntered) != rq.statuses.end();
            const std::string n = fmt::format("no unit has role {} in this game: it is taken as never having entered the map", rq.role);
            if (ok && say) say->note_once(n, fmt::format("{}: {}", pr.rule, n));  // said where it earns points
        }
        if (!ok) {
            j.holds = false;
            std::vector<std::string> want;
            for (RoleStatus st : rq.statuses) {
                const char* w = st == RoleStatus::OnMap ? "on the map" : st == RoleStatus::Exited ? "exited" : st == RoleStatus::Eliminated ? "eliminated" : "never entered";
                std::string at;
                for (LocId l : rq.at) at += (at.empty() ? " at " : " or ") + s.map.name(l);
                want.push_back(st == RoleStatus::Exited ? w + at : std::string(w));
            }
            j.why = fmt::format("the unit with role {} is not {}", rq.role, fmt::join(want, " or "));
            return j;
        }
    }
    return j;
}

void Points::add_items(SideId side, bool final, SideScore& sc, __int128& total, Remarks* say) const {
    const Scenario& s = game.scenario;
    for (std::size_t i = 0; i < s.points.size(); ++i) {
        const auto& pr = s.points[i];
        if (pr.side != kNoSide && pr.side != side) continue;
        const auto v = game.names.value(pr.value);
        if (!v) {
            // Said once a parameter (the first rule it leaves unscored).
            if (say)
                say->note_once(fmt::format("unset parameter {}", pr.value.param),
                               fmt::format("{}: {} not scored: parameter {} is not set (set it with --param {}=N or a param record)", s.id, pr.rule,
                                           pr.value.param, pr.value.param));
            continue;
        }
        const bool at_end_only = pr.when == When::End || pr.kind == PointsKind::Occupation || pr.kind == PointsKind::Trace;
        if (at_end_only && !final) continue;
        if (!pr.requires_.empty()) {
            const std::int64_t n = game.sheet.count(i, side);
            const bool could_score = pr.kind != PointsKind::Exit || n > 0;
            const Judged j = requires_hold(pr, side, say);
            if (!j.holds) {
                // A cut line is the one failed condition the rest of the report does not show.
                if (could_score && pr.kind == PointsKind::Exit && j.line_failed && say)
                    say->note_once(fmt::format("{} ({}) scores nothing: {} {} {} exited, but {}", pr.rule, pr.what, n, game.side_name(side),
                                               pr.per_unit ? "units" : "SP", j.why));
                continue;
            }
            if (j.unknown) {
                if (could_score) unscored_note(game, say, pr, j.why);
                continue;
            }
        }
        ScoreItem it;
        it.rule = pr.rule;
        if (!item(i, side, *v, final, it, say)) continue;
        total += it.points;
        sc.items.push_back(std::move(it));
    }
}

// The item of points rule i for `side`, if it scores.
bool Points::item(std::size_t i, SideId side, std::int64_t v, bool final, ScoreItem& it, Remarks* say) const {
    const PointsRule& pr = game.scenario.points[i];
    const std::int64_t n = game.sheet.count(i, side);
    switch (pr.kind) {
        case PointsKind::Start:
        case PointsKind::Bonus:
            if (pr.side != side) return false;
            it.points = v;
            it.what = pr.what;
            return true;
        case PointsKind::Elimination:
            if (n == 0) return false;
            it.points = game.sheet.mul(n, v);
            it.what = fmt::format("{} {} SP eliminated x{}", n, game.side_name(game.scenario.enemy_of(side)), v);
            return true;
        case PointsKind::Exit: {
            if (n == 0) return false;
            it.points = game.sheet.mul(n, v);
            std::string from;
            for (LocId l : pr.locs) from += (from.empty() ? " from " : " or ") + game.scenario.map.name(l);
            it.what = fmt::format("{} {} {} exited{} x{}", n, game.side_name(side), pr.per_unit ? (n == 1 ? "unit" : "units") : "SP", from, v);
            return true;
        }
        case PointsKind::Trace:
            return pr.side == side && traces_ && traces_->trace_item(pr, side, v, it, say);
        case PointsKind::ExitLead:
            return pr.side == side && race_ && race_->item(i, side, v, it);
        case PointsKind::Occupation: {
            if (!final) return false;
            if (say)
                for (LocId l : pr.locs) say->unverified_holding(l, pr.rule, fmt::format("the points for {} ({} a location) rest on it", pr.what, v));
            std::vector<std::string_view> held;
            for (LocId l : pr.locs)
                if (game.state.holder(l) == side) held.push_back(game.scenario.map.name(l));
            if (held.empty()) return false;
            it.points = game.sheet.mul(static_cast<std::int64_t>(held.size()), v);
            it.what = fmt::format("holds {} at the end x{}", fmt::join(held, ", "), v);
            return true;
        }
    }
    return false;
}

}  // namespace referee
