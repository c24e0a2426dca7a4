// A save's snapshot compared with the replay of its log (xml-save.md).
#include "snapshot.hpp"

#include "area_records.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace referee {

void SaveSnapshot::unknown(Code code, std::uint32_t line, const char* what, Sym s) {
    game.findings.add(code, line, cite::kSnapshot, fmt::format("the snapshot names {} '{}', which {} does not have", what, game.str(s), game.scenario.title));
}

void SaveSnapshot::compare() {
    const Snapshot& sn = *game.record.snapshot;
    const Clock& c = game.clock;
    auto mismatch = [this](std::uint32_t line, std::string msg) { game.findings.add(Code::SnapshotMismatch, line, std::move(msg)); };
    if (sn.turn && *sn.turn != c.turn())
        mismatch(sn.line, fmt::format("snapshot says game-turn {}; the replay of the log is at game-turn {}", *sn.turn, c.turn()));
    if (sn.phase != kNoSym) {
        const SideId side = game.names.side(sn.phase_side);
        const std::int32_t ph = game.names.phase(sn.phase);
        const bool same = c.step() >= 0 && c.sequence()[static_cast<std::size_t>(c.step())].phase == ph &&
                          c.sequence()[static_cast<std::size_t>(c.step())].side == side;
        if (!same)
            mismatch(sn.line, fmt::format("snapshot says phase '{}{}{}'; the replay of the log is at {}", game.str(sn.phase_side),
                                          sn.phase_side != kNoSym ? " " : "", game.str(sn.phase), game.where_now()));
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
