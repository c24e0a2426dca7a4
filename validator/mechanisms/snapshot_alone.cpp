// A save with a snapshot and no log (xml-save.md): the snapshot is the position to judge. The units
// stand where it says; what history would have scored (eliminated units' strength, exits) is scored
// from their statuses; what only history gives (the exit race, banners) is said not to be there;
// each side's score the snapshot states is taken as it is, and the report says so.
#include "diagnostics.hpp"
#include "snapshot.hpp"

#include "points.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <climits>

namespace referee {

void SaveSnapshot::judge_alone(Verdict& verdict) {
    const Snapshot& sn = *game.record.snapshot;
    GameState& st = game.state;
    // A game-turn the scenario does not have is no position of this game (the verdict is still
    // worked out, at the turn nearest it, but the report has an error).
    if (sn.turn && (*sn.turn < 0 || (game.turns > 0 && *sn.turn > game.turns)))
        game.findings.add(Code::SnapshotMismatch, sn.line,
                          game.turns > 0 ? fmt::format("the snapshot says game-turn {}; {} has game-turns 1 to {}", *sn.turn, game.scenario.title, game.turns)
                                         : fmt::format("the snapshot says game-turn {}; a game-turn is not negative", *sn.turn));
    const std::int64_t last = game.turns > 0 ? game.turns : INT32_MAX;
    game.clock.set_turn(sn.turn ? static_cast<std::int32_t>(std::clamp<std::int64_t>(*sn.turn, 0, last)) : 0);
    for (const auto& su : sn.units) {
        const UnitId u = game.names.unit(su.id);
        if (u < 0) {
            unknown(Code::UnknownUnit, su.line, "unit", su.id);
            continue;
        }
        st.lift(u);
        const LocId l = game.names.loc(su.at);
        if (su.at != kNoSym && l == kNoLoc) unknown(Code::UnknownLocation, su.line, "location", su.at);
        if (su.strength) st.set_strength(u, *su.strength);
        const UnitStatus status = su.status.value_or(st.unit(u).status);
        const LocId keep = st.unit(u).loc;
        st.set_status(u, status);
        if (status == UnitStatus::OnMap) {
            // On the map where the snapshot says; with no location given, where the set-up had it.
            const LocId where = l != kNoLoc ? l : keep;
            if (where != kNoLoc) st.place(u, where);
            else st.set_status(u, UnitStatus::OffMap);
        }
        if (status == UnitStatus::Exited) st.set_exit(u, l, true);  // the snapshot does not say how it left: taken as it stands
    }
    for (const auto& h : sn.holds) {
        const LocId l = game.names.loc(h.loc);
        const SideId side = game.names.side(h.side);
        if (l == kNoLoc) unknown(Code::UnknownLocation, h.line, "location", h.loc);
        else if (side == kNoSide) unknown(Code::UnknownSide, h.line, "side", h.side);
        else st.set_holder(l, side);
    }
    // What history would give: eliminated units' strength and exits, from the statuses.
    for (std::size_t i = 0; i < st.units().size(); ++i) {
        const UnitId u = static_cast<UnitId>(i);
        const Unit& us = st.unit(u);
        if (us.status == UnitStatus::Eliminated) {
            if (points_) points_->score_elimination(us.side, us.initial_strength);
            st.set_strength(u, 0);
        } else if (us.status == UnitStatus::Exited) {
            if (points_) points_->score_exit(us);
        }
    }
    const bool at_end = game.turns > 0 && game.clock.turn() >= game.turns;
    // Awards made at the end of each player-turn (14.53) accumulate over the game's history, which
    // a snapshot without its log does not have.
    for (const auto& pr : game.scenario.points)
        if (pr.kind == PointsKind::ExitLead)
            unscored_note(game, pr,
                          fmt::format("it accumulates at the end of each {} player-turn, and the save has no log to replay", game.side_name(pr.each_turn_of)),
                          false);
    game.victory->snapshot_note();
    game.build_scores(verdict, at_end);
    auto& totals = game.sheet.totals();
    std::vector<std::string> taken;
    for (const auto& sc : sn.scores) {
        const SideId side = game.names.side(sc.name);
        if (side == kNoSide) {
            unknown(Code::UnknownSide, sc.line, "side", sc.name);
            continue;
        }
        SideScore& ss = verdict.scores[static_cast<std::size_t>(side)];
        ss.items.assign(1, ScoreItem{"snapshot", sc.value, fmt::format("score taken from the save's snapshot (line {}): no log to recompute it", sc.line)});
        ss.total = sc.value;
        totals[static_cast<std::size_t>(side)] = sc.value;
        taken.push_back(game.scenario.sides[static_cast<std::size_t>(side)]);
        // Nothing shows that score is true: the result that rests on it is not verified.
        game.findings.add(Code::UnverifiedScore, sc.line,
                          fmt::format("{} score {} is the snapshot's own: with no log, referee cannot recompute it, and the result takes it as it is",
                                      game.side_name(side), sc.value));
    }
    game.findings.note(taken.empty() ? std::string("the save has no log: the result is judged from its snapshot's position")
                                     : fmt::format("the save has no log: the result is judged from its snapshot; the scores of {} are the snapshot's own",
                                                   fmt::join(taken, " and ")));
    if (at_end) {
        game.end(Over::LastTurn, sn.line, fmt::format("snapshot at game-turn {}", game.clock.turn()));
        verdict.complete = true;
        verdict.result.decided = game.decided;
        verdict.result.line = sn.line;
        game.victory->settle_snapshot(verdict.result);
        return;
    }
    verdict.complete = false;
    game.findings.add(Code::Incomplete, sn.line,
                      game.turns > 0 ? fmt::format("the snapshot is at game-turn {}, before the game is over (game-turn {} is the last)", game.clock.turn(), game.turns)
                                     : fmt::format("the snapshot is at game-turn {}; without the log, the end of the game cannot be established", game.clock.turn()));
    Provisional p;
    p.turn = game.clock.turn();
    p.line = sn.line;
    const SideId best = game.sheet.leader();
    p.standing = best == kNoSide ? "even" : std::string(game.side_name(best));
    verdict.result.provisional = p;
}

}  // namespace referee
