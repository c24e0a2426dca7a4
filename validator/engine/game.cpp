#include "game.hpp"

#include "diagnostics.hpp"
#include "suggest.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace referee {

Game::Game(const Scenario& s, const GameRecord& g, const CheckOptions& o)
    : scenario(s), record(g), options(o), findings(o.strict), names(s, g.symbols), clock(s), state(s),
      sheet(s.points.size(), s.sides.size(), line) {}

void Game::add_hooks(Mechanism* m) {
    const std::uint32_t h = m->hooks();
    for (std::uint32_t i = 0; i < kHookCount; ++i)
        if (h & (1u << i)) hooks_[i].push_back(m);
}

void Game::lose_strength(UnitId u, std::int64_t sp) {
    const Unit& unit = state.unit(u);
    for (Mechanism* m : with(kOnStrengthLost)) m->on_strength_lost(unit, sp);
    if (state.reduce(u, sp))
        for (Mechanism* m : with(kOnEliminated)) m->on_eliminated(unit);
}

void Game::exit_unit(UnitId u, LocId l, bool legal) {
    state.lift(u);
    state.set_exit(u, l, legal);
    if (legal)
        for (Mechanism* m : with(kOnExited)) m->on_exited(state.unit(u));
}

void Game::award(SideId side, std::int64_t n, std::string reason, std::uint32_t at_line) {
    for (Mechanism* m : with(kOnAward)) m->on_award(side, n, reason, at_line);
    sheet.award(side, n, std::move(reason), at_line);
}

void Game::unverified_holding(LocId l, std::string_view rule, const std::string& what_rests) {
    if (resume_turn == 0 || !state.holding_unknown(l)) return;
    for (std::size_t s = 0; s < scenario.sides.size(); ++s)
        if (state.occupants(l, static_cast<SideId>(s)) > 0) return;
    if (!findings.first_time(fmt::format("resume holding {} {}", rule, loc_name(l)))) return;
    const SideId h = state.holder(l);
    findings.add(Code::UnverifiedScore, resume_line, rule,
                 fmt::format("who holds {} is not known: no unit has stood in or entered it since the record resumed the game in game-turn {}, "
                             "and who entered it last before then is not in the record; it is taken as {}, and {}",
                             loc_name(l), resume_turn, h == kNoSide ? std::string("held by no side") : fmt::format("{}'s", side_name(h)), what_rests));
}

void Game::end_of_phase() {
    for (Mechanism* m : with(kOnPhaseEnd)) m->on_phase_end();
    clock.next_phase();
}

}  // namespace referee

namespace referee {

std::string Game::near_unit(std::string_view wrong) const {
    Suggestions near(wrong);
    for (const Unit& u : state.units()) near.consider(u.name);
    return near.text();
}

std::string Game::near_location(std::string_view wrong) const {
    const Map& map = scenario.map;
    // A hex number that is only off the grid is not a typing mistake: its neighbours in spelling
    // are dozens of hexes, so the grid's extent is said instead.
    if (map.grid() != GridKind::None && map.size() > 0 && !wrong.empty() &&
        std::all_of(wrong.begin(), wrong.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return fmt::format(" (the map's hexes run from {} to {})", map.name(0), map.name(static_cast<LocId>(map.size() - 1)));
    Suggestions near(wrong);
    for (std::size_t i = 0; i < map.size(); ++i) near.consider(map.name(static_cast<LocId>(i)));
    return near.text();
}

std::string Game::near_side(std::string_view wrong) const {
    return did_you_mean(wrong, scenario.sides);
}

std::string Game::near_phase(std::string_view wrong) const {
    Suggestions near(wrong);
    for (const PhaseDef& p : scenario.phases) near.consider(p.name);
    return near.text();
}

void Game::unknown_unit(const Record& r, Sym s) {
    findings.add(Code::UnknownUnit, r.line, fmt::format("no unit '{}' in the scenario or the set-up{}", str(s), near_unit(str(s))));
}
void Game::unknown_location(const Record& r, Sym s) {
    findings.add(Code::UnknownLocation, r.line, fmt::format("no location '{}' on the {} map{}", str(s), scenario.title, near_location(str(s))));
}
void Game::unknown_side(const Record& r, Sym s) {
    findings.add(Code::UnknownSide, r.line, fmt::format("no side '{}' in {}{}", str(s), scenario.title, near_side(str(s))));
}

std::vector<SideScore> Game::score(bool final, Remarks* say) const {
    std::vector<SideScore> out;
    for (std::size_t s = 0; s < state.sides(); ++s) {
        const SideId side = static_cast<SideId>(s);
        SideScore sc;
        sc.side = scenario.sides[s];
        __int128 total = 0;  // summed exactly: awards may be negative, and only the total must fit
        for (const ScoreSource* src : score_sources) src->add_items(side, final, sc, total, say);
        for (const auto& a : sheet.awards()) {
            if (a.side != side) continue;
            total += a.n;
            sc.items.push_back(ScoreItem{"award", a.n, fmt::format("{} (award record, line {})", a.reason, a.line)});
        }
        sc.total = sheet.fit(total);
        out.push_back(std::move(sc));
    }
    return out;
}

void Game::build_scores(Verdict& v, bool final) {
    Remarks say;
    v.scores = score(final, &say);
    for (std::size_t s = 0; s < v.scores.size(); ++s) sheet.totals()[s] = v.scores[s].total;
    for (const Remarks::Item& it : say.items()) switch (it.kind) {
            case Remarks::Item::Note:
                if (findings.first_time(it.key.empty() ? it.text : it.key)) findings.note(it.text);
                break;
            case Remarks::Item::Holding: unverified_holding(it.loc, it.key, it.text); break;
        }
}

void Game::incomplete(Verdict& v, std::string_view why_not_over) {
    v.complete = false;
    findings.add(Code::Incomplete, record.last_line,
                 turns > 0 ? fmt::format("the record stops at {}, before the game is over (game-turn {} is the last)", where_now(), turns)
                           : fmt::format("the record stops at {}, before the game is over ({})", where_now(), why_not_over));
    Provisional p;
    p.turn = clock.turn();
    p.line = last_applied_line;
    if (clock.step() >= 0) {
        const auto& st = clock.sequence()[static_cast<std::size_t>(clock.step())];
        const std::string& name = scenario.phases[static_cast<std::size_t>(st.phase)].name;
        p.phase = st.side == kNoSide ? name : fmt::format("{} {}", side_name(st.side), name);
    }
    const SideId best = sheet.leader();
    p.standing = best == kNoSide ? "even" : std::string(side_name(best));
    v.result.provisional = p;
}

}  // namespace referee
