// A record that takes a game up after its beginning (move-log.md, "resume"; docs/decisions.md,
// "A game taken up after turn 1"): a save made in game-turn 3, a play-by-email log that begins in
// game-turn 4. The replay starts at that turn, from the position the set-up records give; what
// happened before is read from that position where it can be, and said to be unknown where it
// cannot:
// - a unit already out of play: `eliminate U` or `exit U LOC` before the first `turn` record. Its
//   strength counts as eliminated, or its exit as made there (the exit's legality cannot be checked,
//   and the report says so: `unverified-score`);
// - a location where a unit stands is held by that unit's side (G1: its side entered it last);
// - a location where none stands is held as the set-up says, and who last entered it before the
//   record is unknown: where such a holding decides points, `unverified-score` says so (points.cpp).
#include "diagnostics.hpp"
#include "engine.hpp"
#include "record_views.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace referee {

void Engine::resume_record(const Record& r) {
    Game& g = game_;
    if (g.resume_turn > 0) {
        g.findings.add(Code::HeaderOrder, r.line, fmt::format("a second resume record: the record already resumes in game-turn {} (line {})",
                                                              g.resume_turn, g.resume_line));
        return;
    }
    const std::int64_t turn = rec::resume(r).turn();
    if (turn < 1 || (g.turns > 0 && turn > g.turns)) {
        g.findings.add(Code::BadValue, r.line,
                       g.turns > 0 ? fmt::format("resume {}: {} has game-turns 1 to {}", turn, g.scenario.title, g.turns)
                                   : fmt::format("resume {}: a game-turn is 1 or more", turn));
        return;
    }
    g.resume_turn = static_cast<std::int32_t>(turn);
    g.resume_line = r.line;
}

void Engine::out_before_play(const Record& r) {
    Game& g = game_;
    const UnitId u = g.names.unit(rec::unit_of(r));  // an eliminate or exit record
    if (u < 0) return g.unknown_unit(r, rec::unit_of(r));
    const Unit& us = g.state.unit(u);
    if (us.status == UnitStatus::Eliminated || us.status == UnitStatus::Exited) {
        g.findings.add(Code::NotOnMap, r.line,
                       fmt::format("{} {}: the unit is already {} before the record begins", kind_name(r.kind), us.name,
                                   us.status == UnitStatus::Eliminated ? "eliminated" : "off the map (exited)"));
        return;
    }
    if (r.kind == Kind::Eliminate) {
        // Its strength as declared is what was lost: the enemy scores it as any elimination.
        const std::int64_t sp = us.strength;
        if (sp > 0) g.lose_strength(u, sp);
        else g.state.set_status(u, UnitStatus::Eliminated);
        return;
    }
    const LocId at = g.names.loc(rec::exit(r).location());
    if (at == kNoLoc) return g.unknown_location(r, rec::exit(r).location());
    g.exit_unit(u, at, true);
    g.findings.add(Code::UnverifiedScore, r.line,
                   fmt::format("{} left the map at {} before the record begins (game-turn {}): the exit is counted as allowed, and "
                               "whether it was cannot be checked",
                               us.name, g.loc_name(at), g.resume_turn));
}

void Engine::take_up_position() {
    Game& g = game_;
    g.state.resume_holdings();
    for (LocId l : g.held_by_record) g.state.set_holder(l, g.state.last_mover(l));  // a `hold` record is known
}

}  // namespace referee
