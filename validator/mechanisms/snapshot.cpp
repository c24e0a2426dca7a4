// A save's snapshot compared with the replay of its log (xml-save.md).
#include "snapshot.hpp"

#include "area_records.hpp"
#include "diagnostics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>

namespace referee {

void SaveSnapshot::unknown(Code code, std::uint32_t line, const char* what, Sym s) {
    const std::string_view wrong = game.str(s);
    const std::string near = code == Code::UnknownUnit       ? game.near_unit(wrong)
                             : code == Code::UnknownLocation ? game.near_location(wrong)
                             : code == Code::UnknownSide     ? game.near_side(wrong)
                                                             : std::string();
    // A snapshot that names what the scenario does not have is not the position of this game: a
    // snapshot-mismatch, with a log or without (docs/xml-save.md, "The snapshot").
    game.findings.add(Code::SnapshotMismatch, line, cite::kSnapshot,
                      fmt::format("the snapshot names {} '{}', which {} does not have{}", what, wrong, game.scenario.title, near));
}

void SaveSnapshot::compare() {
    const Snapshot& sn = *game.record.snapshot;
    const Clock& c = game.clock;
    auto mismatch = [this](std::uint32_t line, std::string msg) { game.findings.add(Code::SnapshotMismatch, line, std::move(msg)); };
    // The turn and the phase name the point the log has reached, or the step that begins next
    // (xml-save.md): a save made right after a `turn` record, or at the end of a phase, may name
    // the phase that begins next, which is the next game-turn's first after the last step of a turn.
    if (sn.turn || sn.phase != kNoSym) {
        const Clock::Point now = c.now();
        const std::optional<Clock::Point> next = c.next_step(game.turns);
        // The phase as the snapshot writes it ("Union movement", "support"), compared as a whole
        // with each point's, case aside: a side's name may have several words.
        const std::string phase_named =
            fmt::format("{}{}{}", game.str(sn.phase_side), sn.phase_side != kNoSym ? " " : "", game.str(sn.phase));
        auto turn_is = [&](const Clock::Point& p) { return !sn.turn || *sn.turn == p.turn; };
        // In a game whose sides alternate, a log that stops before its first phase record of a
        // side has not said who moves first: a step of the side whose turn it is may be either's.
        const bool either_side = c.alternating() && !c.first_mover_known();
        auto phase_is = [&](const Clock::Point& p) {
            if (sn.phase == kNoSym) return true;
            if (p.step < 0) return false;
            const std::string& ph = game.scenario.phases[static_cast<std::size_t>(c.sequence()[static_cast<std::size_t>(p.step)].phase)].name;
            if (either_side && game.scenario.sequence[static_cast<std::size_t>(p.step)].side == kPhasingSide) {
                for (std::size_t s = 0; s < game.scenario.sides.size(); ++s)
                    if (iequals(phase_named, fmt::format("{} {}", game.scenario.sides[s], ph))) return true;
                return false;
            }
            return iequals(phase_named, p.side == kNoSide ? ph : fmt::format("{} {}", game.side_name(p.side), ph));
        };
        const bool turn_ok = turn_is(now) || (next && turn_is(*next));
        const bool phase_ok = phase_is(now) || (next && phase_is(*next));
        const bool both_ok = (turn_is(now) && phase_is(now)) || (next && turn_is(*next) && phase_is(*next));
        const std::string replay =
            next ? fmt::format("{} (a save made there may name the step that begins next, {})", c.where(now), c.where(*next)) : c.where(now);
        if (!turn_ok) mismatch(sn.line, fmt::format("snapshot says game-turn {}; the replay of the log is at {}", *sn.turn, replay));
        if (!phase_ok) mismatch(sn.line, fmt::format("snapshot says phase '{}'; the replay of the log is at {}", phase_named, replay));
        if (turn_ok && phase_ok && !both_ok)
            mismatch(sn.line, fmt::format("snapshot says game-turn {}, phase '{}'; the replay of the log is at {}", *sn.turn, phase_named, replay));
    }
    for (const auto& su : sn.units) {
        const UnitId u = game.names.unit(su.id);
        if (u < 0) {
            unknown(Code::UnknownUnit, su.line, "unit", su.id);
            continue;
        }
        const Unit& us = game.state.unit(u);
        if (su.status && *su.status != us.status) {
            // One difference: where the unit is and what it has follow from its status.
            const LocId replay_at = game.state.where_is(us);
            mismatch(su.line, fmt::format("{}: snapshot says {}{}{}, the replay of the log says {}{}", us.name, unit_status_name(*su.status),
                                          su.at != kNoSym ? " at " : "", game.str(su.at), unit_status_name(us.status),
                                          replay_at != kNoLoc ? " at " + game.scenario.map.name(replay_at) : std::string()));
            continue;
        }
        if (su.at != kNoSym) {
            const LocId l = game.names.loc(su.at);
            const LocId replay_at = game.state.where_is(us);
            if (l != replay_at)
                mismatch(su.line, fmt::format("{}: snapshot has it at {}, the replay of the log at {}", us.name, game.str(su.at),
                                              replay_at == kNoLoc ? std::string("no location") : game.scenario.map.name(replay_at)));
        }
        if (su.strength && *su.strength != us.strength)
            mismatch(su.line, fmt::format("{}: snapshot gives strength {}, the replay of the log {}", us.name, *su.strength, us.strength));
    }
    for (const auto& h : sn.holds) {
        const LocId l = game.names.loc(h.loc);
        if (l == kNoLoc) {
            unknown(Code::UnknownLocation, h.line, "location", h.loc);
            continue;
        }
        const SideId side = game.names.side(h.side);
        if (side == kNoSide) {
            unknown(Code::UnknownSide, h.line, "side", h.side);
            continue;
        }
        const SideId holder = game.state.holder(l);
        if (side != holder)
            mismatch(h.line, fmt::format("{}: snapshot says {} holds it, the replay of the log says {}", game.scenario.map.name(l), game.str(h.side),
                                         game.side_name(holder)));
    }
    const auto& totals = game.sheet.totals();
    for (const auto& sc : sn.scores) {
        const SideId side = game.names.side(sc.name);
        if (side == kNoSide) {
            unknown(Code::UnknownSide, sc.line, "side", sc.name);
            continue;
        }
        if (sc.value != totals[static_cast<std::size_t>(side)])
            mismatch(sc.line, fmt::format("{} score: snapshot says {}, the replay of the log gives {}", game.side_name(side), sc.value,
                                          totals[static_cast<std::size_t>(side)]));
    }
    const auto& free = game.state.free_tracks();
    for (const auto& t : sn.tracks) {
        if (area_) {
            if (const auto v = area_->track_value(t.name)) {
                if (*v != t.value)
                    mismatch(t.line, fmt::format("track {}: snapshot says {}, the replay of the log gives {}", game.str(t.name), t.value, *v));
                continue;
            }
        }
        auto it = std::find_if(free.begin(), free.end(), [&](const auto& x) { return x.first == t.name; });
        if (it == free.end() || it->second != t.value)
            mismatch(t.line, fmt::format("track {}: snapshot says {}, the replay of the log gives {}", game.str(t.name), t.value,
                                         it == free.end() ? std::string("no value") : std::to_string(it->second)));
    }
}

}  // namespace referee
