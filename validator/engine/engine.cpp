#include "engine.hpp"

#include "diagnostics.hpp"
#include "record_views.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <climits>

namespace referee {

Engine::Engine(const Scenario& s, const GameRecord& g, const CheckOptions& o) : game_(s, g, o), watch_(o.watch) {}

void Engine::adopt(std::unique_ptr<Mechanism> m) {
    game_.add_hooks(m.get());
    for (Kind k : m->kinds()) {
        handler_[static_cast<std::size_t>(k)] = m.get();
        // A record of these kinds, while the game is not over, is its mechanism's alone, and moves
        // the game on (apply() does the rest the same way; this is the common case made short).
        switch (k) {
            case Kind::Move: case Kind::Enter: case Kind::Exit: case Kind::Retreat: case Kind::Advance: case Kind::Eliminate:
            case Kind::Lose: case Kind::Combat: case Kind::Support: case Kind::Place: case Kind::Remove: case Kind::Casualty:
            case Kind::Blockade: case Kind::Unblockade: case Kind::Card: case Kind::Track:
                direct_[static_cast<std::size_t>(k)] = m.get();
                break;
            default: break;
        }
    }
    mechanisms_.push_back(std::move(m));
}

std::vector<std::string_view> Engine::mechanism_names() const {
    std::vector<std::string_view> out;
    for (const auto& m : mechanisms_) out.push_back(m->name());
    return out;
}

bool Engine::start(std::span<const Record> header, const Sym* syms, const std::int64_t* ints) {
    Game& g = game_;
    g.lists_from(syms, ints);
    g.names.apply_params(header, g.options, g.findings);
    if (g.findings.fatal()) return false;
    g.turns = g.names.turns();
    if (g.names.first_player() != kNoSide) g.clock.put_first(g.names.first_player());
    for (const Record& r : header) {
        if (r.kind == Kind::Turn) break;
        if (r.kind == Kind::Setup) g.custom_setup = rec::setup(r).custom();
    }
    if (g.clock.alternating()) {
        // The side of the first `phase` record moves first; the sides then alternate.
        SideId first = kNoSide;
        for (const Record& r : header)
            if (r.kind == Kind::Phase && rec::phase(r).side() != kNoSym) {
                first = g.names.side(rec::phase(r).side());
                break;
            }
        g.clock.set_first_mover(first == kNoSide ? 0 : first, first != kNoSide);
    }
    // The scenario's units are in play (and their names bound) before any mechanism sets up.
    if (!g.custom_setup) g.names.use_scenario_units();
    for (Mechanism* m : g.with(kOnSetup))
        if (!m->setup(header)) return false;
    if (!g.custom_setup) {
        for (const UnitDef& ud : g.scenario.units) {
            Unit u;
            u.name = ud.id;
            u.side = ud.side;
            u.type = ud.type;
            u.strength = u.initial_strength = ud.strength;
            u.enters_turn = ud.enters_turn;
            u.enters_at = ud.enters_at;
            u.ma = ud.ma;
            for (const auto& role : ud.roles) u.roles.push_back(role);
            const UnitId id = g.state.add_unit(std::move(u));
            if (ud.at != kNoLoc) g.state.place(id, ud.at);
        }
    }
    snapshot_alone_ = !g.record.has_log && g.record.has_snapshot;
    judged_ = true;
    if (watch_) watch_->started(*this);
    for (const Record& r : header) record(r, syms, ints);
    return true;
}

void Engine::record(const Record& r, const Sym* syms, const std::int64_t* ints) {
    index_ = records_++;
    if (snapshot_alone_ && !is_header(r.kind)) return;
    Game& g = game_;
    g.names.sync();
    g.lists_from(syms, ints);
    g.current = &r;
    g.line = r.line;
    if (watch_) [[unlikely]]
        watch_->before(g, r);
    Mechanism* const direct = direct_[static_cast<std::size_t>(r.kind)];
    if (direct && g.over == Over::No && (g.seen_turn || g.resume_turn == 0)) {
        direct->on_record(r);
        g.last_applied_line = r.line;
    } else {
        apply(r);
    }
    for (Mechanism* m : g.with(kAfterRecord)) m->after_record(r);
    if (watch_) [[unlikely]]
        watch_->after(g, r);
}

void Engine::apply(const Record& r) {
    Game& g = game_;
    if (g.over == Over::No && (r.kind == Kind::Turn || r.kind == Kind::Phase || r.kind == Kind::End))
        for (Mechanism* m : g.with(kBeforeSequence)) m->before_sequence(r);
    // G3: after the end, every record but tag, chat, roll, claim and end is reported and not applied.
    if (g.over != Over::No && r.kind != Kind::Turn) {
        switch (r.kind) {
            case Kind::Tag: case Kind::Chat: case Kind::Roll: case Kind::ClaimWinner: case Kind::ClaimDraw:
            case Kind::ClaimScore: case Kind::End:
                break;
            default:
                return after_end(r);
        }
    }
    if (!g.seen_turn && g.resume_turn > 0 && (r.kind == Kind::Eliminate || r.kind == Kind::Exit)) return out_before_play(r);
    Mechanism* const handler = handler_[static_cast<std::size_t>(r.kind)];
    switch (r.kind) {
        case Kind::Game: case Kind::Tag: case Kind::Side: case Kind::Player: case Kind::Param: case Kind::Setup:
        case Kind::Unit: case Kind::Hold: case Kind::Objective: case Kind::Target: case Kind::Resume:
            header(r);
            return;  // header records do not move the "last record" of a turn
        case Kind::Turn: turn(r); return;
        case Kind::Phase: phase(r); return;
        case Kind::ClaimWinner: case Kind::ClaimDraw: case Kind::ClaimScore:
            if (handler) handler->on_record(r);
            return;
        case Kind::End: end_record(r); return;
        case Kind::Roll: case Kind::Chat: break;
        case Kind::Support: case Kind::Place: case Kind::Remove: case Kind::Casualty: case Kind::Blockade:
        case Kind::Unblockade: case Kind::Card:
            if (handler) handler->on_record(r);
            else not_in_scenario(r, "area map");
            break;
        case Kind::Track:
            if (handler) handler->on_record(r);
            else free_track(r);
            break;
        case Kind::Award: award(r); break;
        case Kind::Concede: concede(r); break;
        default:  // the units' records: move, enter, exit, retreat, advance, eliminate, lose, combat
            if (handler) handler->on_record(r);
            break;
    }
    g.last_applied_line = r.line;
}

void Engine::after_end(const Record& r) {
    game_.findings.add(Code::AfterEnd, r.line, fmt::format("{} record after the game was over ({})", kind_name(r.kind), game_.decided));
}

void Engine::not_in_scenario(const Record& r, const char* what) {
    game_.findings.add(Code::NotInScenario, r.line,
                       fmt::format("{} records have no meaning in {}: it has no {}", kind_name(r.kind), game_.scenario.title, what));
}

void Engine::header(const Record& r) {
    Game& g = game_;
    if (g.seen_turn) {
        g.findings.add(Code::HeaderOrder, r.line, fmt::format("{} record after the first turn record; header records come first", kind_name(r.kind)));
        return;
    }
    switch (r.kind) {
        case Kind::Game:
            if (index_ != 0) g.findings.add(Code::HeaderOrder, r.line, "the game record must be the first record");
            break;
        case Kind::Side:
        case Kind::Player:  // both name their side first
            if (g.names.side(rec::side(r).side()) == kNoSide) g.unknown_side(r, rec::side(r).side());
            break;
        case Kind::Unit: unit_record(r); break;
        case Kind::Hold: {
            const auto h = rec::hold(r);
            const LocId l = g.names.loc(h.location());
            const SideId side = g.names.side(h.side());
            if (l == kNoLoc) g.unknown_location(r, h.location());
            if (side == kNoSide) g.unknown_side(r, h.side());
            if (l != kNoLoc && side != kNoSide) {
                g.state.set_holder(l, side);
                g.held_by_record.push_back(l);
            }
            break;
        }
        case Kind::Resume: resume_record(r); break;
        case Kind::Objective:
        case Kind::Target:
            if (Mechanism* h = handler_[static_cast<std::size_t>(r.kind)]) h->on_record(r);
            else not_in_scenario(r, "victory banners");
            break;
        default: break;  // tag, param and setup (read at set-up)
    }
}

// A unit of the game's own (move-log.md `unit`): it replaces the scenario's unit of that id.
void Engine::unit_record(const Record& r) {
    Game& g = game_;
    const auto d = rec::unit(r);
    const SideId side = g.names.side(d.side());
    if (side == kNoSide) {
        g.findings.add(Code::UnknownSide, r.line,
                       fmt::format("unit {}: no side '{}' in {}{}", g.str(d.id()), g.str(d.side()), g.scenario.title, g.near_side(g.str(d.side()))));
        return;
    }
    const LocId at = g.names.loc(d.at()), enters_at = g.names.loc(d.enters_at());
    if ((d.at() != kNoSym && at == kNoLoc) || (d.enters_at() != kNoSym && enters_at == kNoLoc)) {
        const std::string_view wrong = g.str(d.at() != kNoSym && at == kNoLoc ? d.at() : d.enters_at());
        g.findings.add(Code::UnknownLocation, r.line,
                       fmt::format("unit {}: no location '{}' on the {} map{}", g.str(d.id()), wrong, g.scenario.title, g.near_location(wrong)));
        return;
    }
    if (d.strength() < 0) {
        g.findings.add(Code::BadCount, r.line, fmt::format("unit {}: strength {} is negative", g.str(d.id()), d.strength()));
        return;
    }
    const std::span<const std::int64_t> ma = g.ints(d.ma());  // `ma <n>`, when given
    if (!ma.empty() && ma.front() < 0) {
        g.findings.add(Code::BadCount, r.line, fmt::format("unit {}: movement allowance {} is negative", g.str(d.id()), ma.front()));
        return;
    }
    Unit u;
    u.name = g.str(d.id());
    u.side = side;
    u.type = g.str(d.type());
    u.strength = u.initial_strength = d.strength();
    u.enters_turn = static_cast<std::int32_t>(std::clamp<std::int64_t>(d.enters_turn(), 0, INT32_MAX));
    u.enters_at = enters_at;
    u.declared_line = r.line;
    if (!ma.empty()) u.ma = ma.front();
    for (Sym role : g.list(d.roles())) u.roles.push_back(g.str(role));
    UnitId id = g.names.unit(d.id());
    if (id >= 0) {
        g.state.replace_unit(id, std::move(u));
    } else {
        id = g.state.add_unit(std::move(u));
        g.names.bind_unit(d.id(), id);
    }
    for (Mechanism* m : g.with(kOnUnitDeclared)) m->on_unit_declared(r, g.state.unit(id));
    if (at != kNoLoc) g.state.place(id, at);
}

void Engine::turn(const Record& r) {
    Game& g = game_;
    const std::int64_t number = rec::turn(r).number();
    if (g.over == Over::No && g.clock.turn() > 0) {
        g.end_of_phase();
        for (Mechanism* m : g.with(kOnTurnEnd)) m->on_turn_end(r);
    }
    for (Mechanism* m : g.with(kOnTurnBoundary)) m->on_turn_boundary();
    if (g.over != Over::No) {
        g.findings.add(Code::AfterEnd, r.line, fmt::format("turn {} after the game was over ({})", number, g.decided));
        return;
    }
    g.seen_turn = true;
    if (g.clock.turn() == 0 && g.resume_turn > 0) {
        if (number != g.resume_turn)
            g.findings.add(Code::TurnOrder, r.line,
                           fmt::format("turn {}: the record resumes the game in game-turn {} (its resume record, line {})", number, g.resume_turn, g.resume_line));
    } else if (number != g.clock.turn() + 1) {
        g.findings.add(Code::TurnOrder, r.line, fmt::format("turn {} follows turn {}: turns go 1, 2, 3...", number, g.clock.turn()));
    }
    if (g.turns > 0 && number > g.turns) {
        g.findings.add(Code::TurnLimit, r.line, g.scenario.end_rule, fmt::format("turn {}: {} lasts {} game-turns", number, g.scenario.title, g.turns));
        if (g.clock.turn() >= g.turns) {
            g.end(Over::LastTurn, g.last_applied_line, fmt::format("end of game-turn {}", g.turns));
            return;
        }
    }
    g.clock.begin_turn(static_cast<std::int32_t>(std::clamp<std::int64_t>(number, 0, INT32_MAX)));
    g.last_applied_line = r.line;
    if (!g.play_started) {
        g.play_started = true;
        if (g.resume_turn > 0) take_up_position();
        for (Mechanism* m : g.with(kOnPlayStart)) m->on_play_start();
    }
}

void Engine::phase(const Record& r) {
    Game& g = game_;
    const Sym side_sym = rec::phase(r).side(), name = rec::phase(r).name();
    SideId side = kNoSide;
    if (side_sym != kNoSym) {
        side = g.names.side(side_sym);
        if (side == kNoSide) {
            g.unknown_side(r, side_sym);
            return;
        }
    }
    const std::int32_t ph = g.names.phase(name);
    if (ph < 0) {
        g.findings.add(Code::UnknownPhase, r.line, fmt::format("no phase '{}' in {}{}", g.str(name), g.scenario.title, g.near_phase(g.str(name))));
        return;
    }
    const std::string label = side == kNoSide ? std::string(g.str(name)) : fmt::format("{} {}", g.side_name(side), g.str(name));
    const Clock& c = g.clock;
    if (c.turn() == 0) {
        g.findings.add(Code::TurnOrder, r.line, fmt::format("phase {} before the first turn record", label));
        return;
    }
    // The next step of this turn's sequence with this side and phase, at or after the current one.
    std::int32_t found = -1, anywhere = -1;
    const auto& seq = c.sequence();
    for (std::size_t i = 0; i < seq.size(); ++i) {
        if (seq[i].side != side || seq[i].phase != ph) continue;
        if (anywhere < 0) anywhere = static_cast<std::int32_t>(i);
        if (c.step_in_force(i, c.turn()) && static_cast<std::int32_t>(i) >= c.step()) {
            found = static_cast<std::int32_t>(i);
            break;
        }
    }
    if (found < 0) {
        if (c.alternating() && side != kNoSide && side != c.turn_side()) {
            g.findings.add(Code::TurnOrder, r.line,
                           fmt::format("phase {} in game-turn {}, which is the {} turn: the sides alternate, {} moving first (its first phase record)",
                                       label, c.turn(), g.side_name(c.turn_side()), g.side_name(c.first_mover())));
            return;
        }
        if (anywhere < 0)
            g.findings.add(Code::TurnOrder, r.line, fmt::format("{} has no phase {}", g.scenario.title, label));
        else if (!c.step_in_force(static_cast<std::size_t>(anywhere), c.turn()))
            g.findings.add(Code::TurnOrder, r.line, fmt::format("there is no {} phase in game-turn {}", label, c.turn()));
        else
            g.findings.add(Code::TurnOrder, r.line, fmt::format("phase {} out of the sequence of play: it comes before {}", label, g.where_now()));
        found = anywhere;
        if (found < 0) return;
    }
    g.end_of_phase();
    g.clock.enter_step(found);
    for (Mechanism* m : g.with(kOnPhaseBegin)) m->on_phase_begin(r);
    if (g.over != Over::No) {
        g.last_applied_line = r.line;
        return;
    }
    if (side != kNoSide && side != c.phasing()) {  // G2: a side's phase after another side's starts its player-turn
        g.clock.set_phasing(side);
        for (Mechanism* m : g.with(kOnPlayerTurn)) m->on_player_turn(side);
    }
    for (Mechanism* m : g.with(kOnStep)) m->on_step();
    g.last_applied_line = r.line;
}

void Engine::end_record(const Record& r) {
    Game& g = game_;
    if (g.over != Over::No) return;
    for (Mechanism* m : g.with(kOnTurnBoundary)) m->on_turn_boundary();
    if (g.over != Over::No) return;
    g.victory->end_note(r);
    g.end_of_phase();
    g.end(Over::EndRecord, r.line, g.victory->end_decided(r));
}

void Engine::concede(const Record& r) {
    Game& g = game_;
    const SideId side = g.names.side(rec::concede(r).side());
    if (side == kNoSide) {
        g.unknown_side(r, rec::concede(r).side());
        return;
    }
    // A concession ends the game at once: the automatic test of a turn it interrupts is not made.
    g.winner = g.victory->concession_winner(side);
    g.end(Over::Concession, r.line, fmt::format("{} conceded at {}", g.side_name(side), g.where_now()));
}

void Engine::award(const Record& r) {
    Game& g = game_;
    const auto a = rec::award(r);
    const SideId side = g.names.side(a.side());
    if (side == kNoSide) {
        g.unknown_side(r, a.side());
        return;
    }
    g.award(side, a.points(), std::string(g.str(a.reason())), r.line);
}

// A track the scenario does not keep (it has no tracks): the value is kept for the snapshot.
void Engine::free_track(const Record& r) { game_.state.set_free_track(rec::track(r).name(), rec::track(r).value()); }

// The verdict, made once: the victory rule's result and scores, each mechanism's part (hand_over),
// the claims judged against them, the rulings, and every finding, by line.
Verdict Engine::finish() {
    Game& g = game_;
    g.current = nullptr;
    g.line = 0;
    Verdict v;
    v.judged = judged_;  // false: the set-up failed, and an input error says why
    if (judged_) {
        if (watch_) watch_->last(g);
        if (g.findings.fatal()) {
            v.judged = false;  // an objective or target that cannot be understood: no verdict
        } else if (snapshot_alone_ && g.record.snapshot && g.snapshot) {
            g.snapshot->judge_alone(v);
        } else {
            for (Mechanism* m : g.with(kOnLogEnd)) m->on_log_end();
            decide(v);
            if (g.record.snapshot && g.snapshot) g.snapshot->compare();
        }
    }
    for (Mechanism* m : g.with(kOnVerdict)) m->hand_over(v);
    // Points, banners, tracks or margins past 64 bits cannot be counted exactly (G4): whatever was
    // computed from them is not a result.
    if (v.judged && g.sheet.overflowed()) {
        v.judged = false;
        v.complete = false;
        v.result = Result{};
        v.scores.clear();
        v.banners.clear();
        v.margins.clear();
        const std::uint32_t at = g.sheet.overflow_line();
        g.findings.add(Code::ScoreOverflow, at,
                       fmt::format("a score, count or track passes the 64-bit range ({} to {}){}: it cannot be counted exactly, so the game gets no result",
                                   INT64_MIN, INT64_MAX, at != 0 ? fmt::format(" at line {}", at) : std::string(" when the scores are counted")));
    }
    if (v.judged) {
        for (Mechanism* m : g.with(kOnJudged)) m->on_judged(v);
        // A ruling a scenario file gives (or changes) says so: the file's, not the program's.
        for (const auto& ru : g.scenario.rulings)
            v.rulings.push_back(ru.from_file ? fmt::format("{} (file {}): {}", ru.id, std::filesystem::path(g.scenario.source_file).filename().string(), ru.text)
                                             : fmt::format("{}: {}", ru.id, ru.text));
        v.standing_rulings = g.scenario.rulings.size();  // --quiet leaves these out of the text
    }
    g.findings.hand_over(v);  // the violations, and a judged game's notes after the scenario's rulings
    std::stable_sort(v.violations.begin(), v.violations.end(), [](const Violation& a, const Violation& b) { return a.line < b.line; });
    if (watch_ && judged_) watch_->finished(g);
    return v;
}

// The verdict, unless the victory rule makes it itself (faction games).
void Engine::decide(Verdict& verdict) {
    Game& g = game_;
    if (g.victory->decides()) return g.victory->decide(verdict);
    Result& v = verdict.result;
    if (g.over == Over::No && g.clock.last_player_turn_begun(g.turns) && g.clock.turn() == g.turns)
        g.end(Over::LastTurn, g.last_applied_line, fmt::format("end of game-turn {}", g.turns));
    const bool final = g.over == Over::LastTurn || g.over == Over::EndRecord;
    if (final) g.end_of_phase();
    for (Mechanism* m : g.with(kOnFinal)) m->on_final(final);
    g.build_scores(verdict, final);
    if (g.over == Over::No) return g.incomplete(verdict, g.victory->unfinished());
    verdict.complete = true;
    v.decided = g.decided;
    v.line = g.over_line;
    switch (g.over) {
        case Over::Automatic: v.level = "automatic"; break;
        case Over::Concession: v.level = "concession"; break;
        case Over::SuddenDeath: v.level = "sudden death"; break;
        default: return g.victory->settle(v);
    }
    v.winner = std::string(g.side_name(g.winner));
}

}  // namespace referee
