#include "positions.hpp"

#include "check.hpp"
#include "engine.hpp"
#include "text.hpp"

#include <fmt/format.h>

#include <charconv>
#include <climits>

namespace referee {

namespace {

bool number(std::string_view s, std::uint32_t& n) {
    if (s.empty() || s.size() > 9) return false;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
    return ec == std::errc() && p == s.data() + s.size() && n > 0;
}

}  // namespace

std::optional<Moment> parse_moment(std::string_view when, std::string& error) {
    Moment m;
    m.text = std::string(when);
    auto bad = [&](std::string why) -> std::optional<Moment> {
        error = fmt::format("--at '{}': {} (expected line:N, step:N, turn:N, turn:N:SIDE:PHASE or end)", when, why);
        return std::nullopt;
    };
    if (when == "end") return m;
    const std::size_t colon = when.find(':');
    if (colon == std::string_view::npos) return bad("no such moment");
    const std::string_view kind = when.substr(0, colon), rest = when.substr(colon + 1);
    if (kind == "line" || kind == "step") {
        m.kind = kind == "line" ? Moment::Kind::Line : Moment::Kind::Step;
        if (!number(rest, m.n)) return bad(fmt::format("'{}' is not a {} number (1 or more)", rest, kind));
        return m;
    }
    if (kind != "turn") return bad(fmt::format("no moment '{}'", kind));
    const std::size_t c2 = rest.find(':');
    if (!number(rest.substr(0, c2), m.n)) return bad(fmt::format("'{}' is not a game-turn (1 or more)", rest.substr(0, c2)));
    if (c2 == std::string_view::npos) {
        m.kind = Moment::Kind::Turn;
        return m;
    }
    // turn:N:SIDE:PHASE; a phase no side owns: turn:N::PHASE (or turn:N:-:PHASE, or turn:N:PHASE).
    const std::string_view tail = rest.substr(c2 + 1);
    const std::size_t c3 = tail.rfind(':');
    m.kind = Moment::Kind::Phase;
    if (c3 == std::string_view::npos) {
        m.phase = std::string(tail);
    } else {
        m.side = std::string(tail.substr(0, c3));
        m.phase = std::string(tail.substr(c3 + 1));
    }
    if (m.phase.empty()) return bad("no phase named");
    return m;
}

namespace {

// Takes the positions as the replay goes (engine/watch.hpp).
class PositionWatch final : public Watch {
public:
    PositionWatch(const std::vector<Moment>& moments, const std::vector<std::uint32_t>* step_of_line)
        : moments_(moments), taken_(moments.size(), false), step_of_line_(step_of_line) {
        // A step is the last line converted from it or an earlier step.
        for (std::size_t i = 0; i < moments_.size(); ++i) {
            Moment& m = moments_[i];
            if (m.kind == Moment::Kind::Turns) every_turn_ = true;
            if (m.kind == Moment::Kind::Step) line_of_step(m);
        }
    }

    void started(Engine& e) override { mechanisms_ = &e.mechanisms(); }

    void before(Game& g, const Record& r) override {
        for (std::size_t i = 0; i < moments_.size(); ++i) {
            const Moment& m = moments_[i];
            if (taken_[i] || (m.kind != Moment::Kind::Line && m.kind != Moment::Kind::Step)) continue;
            if (r.line > m.n) take(g, i);
        }
    }

    void after(Game& g, const Record& r) override {
        seen_line_ = r.line;
        if (g.clock.turn() > reached_turn_) reached_turn_ = g.clock.turn();
        if (r.kind != Kind::Turn && r.kind != Kind::Phase) return;
        const bool applied = g.last_applied_line == r.line && g.current == &r;
        if (!applied) return;
        const Clock& c = g.clock;
        if (r.kind == Kind::Turn && every_turn_ && c.turn() > last_turn_) {
            last_turn_ = c.turn();
            taken.push_back(take_now(g, fmt::format("turn:{}", c.turn())));
        }
        for (std::size_t i = 0; i < moments_.size(); ++i) {
            const Moment& m = moments_[i];
            if (taken_[i] || static_cast<std::int32_t>(m.n) != c.turn()) continue;
            if (m.kind == Moment::Kind::Turn && r.kind == Kind::Turn) take(g, i);
            if (m.kind == Moment::Kind::Phase && r.kind == Kind::Phase && c.step() >= 0) {
                const SequenceStep& st = c.sequence()[static_cast<std::size_t>(c.step())];
                const SideId side = st.side;  // the clock's sequence names the side of a turn's steps (alternating turns too)
                const std::string& phase = g.scenario.phases[static_cast<std::size_t>(st.phase)].name;
                const std::string_view side_name = side >= 0 ? g.side_name(side) : std::string_view();
                if (iequals(phase, m.phase) && (iequals(side_name, m.side) || (side < 0 && m.side == "-"))) take(g, i);
            }
        }
    }

    void last(Game& g) override {
        // A line or step past the last record: the position the records leave, before the verdict.
        for (std::size_t i = 0; i < moments_.size(); ++i) {
            const Moment& m = moments_[i];
            if (taken_[i] || (m.kind != Moment::Kind::Line && m.kind != Moment::Kind::Step)) continue;
            if (m.n <= g.record.last_line) take(g, i);
        }
    }

    // The verdict is made: the end, whose verdict, scores and banners are the report's (complete()).
    void finished(Game& g) override {
        for (std::size_t i = 0; i < moments_.size(); ++i) {
            if (taken_[i] || (moments_[i].kind != Moment::Kind::End && moments_[i].kind != Moment::Kind::Turns)) continue;
            taken_[i] = true;
            end_ = position(g, "end", seen_line_);
            scenario_ = g.scenario;
        }
    }

    // After the check: the end's parts that are the verdict's.
    void complete(const Verdict& v) {
        if (!end_) return;
        Position& p = *end_;
        p.over = v.complete;
        p.decided = v.result.decided.value_or("");
        for (const SideScore& sc : v.scores) p.scores.push_back(PositionScore{sc.side, sc.total});
        taken.push_back(std::move(p));
        end_.reset();
    }

    std::vector<std::string> unreached() const {
        std::vector<std::string> out;
        for (std::size_t i = 0; i < moments_.size(); ++i)
            if (!taken_[i] && moments_[i].kind != Moment::Kind::Turns) out.push_back(moments_[i].text);
        return out;
    }

    std::vector<Position> taken;
    std::optional<Scenario> scenario_;  // the game's, with the sides it declares (for the maps)

private:
    void line_of_step(Moment& m) {
        std::uint32_t line = 0;
        bool any = false;
        if (step_of_line_)
            for (std::size_t l = 0; l < step_of_line_->size(); ++l)
                if ((*step_of_line_)[l] <= m.n) {
                    line = static_cast<std::uint32_t>(l + 1);
                    any = true;
                }
        // Steps beyond the game's last are not reached; a game with no line for a step at or before it
        // begins with the position of step 0.
        const bool beyond = !step_of_line_ || step_of_line_->empty() || m.n > step_of_line_->back();
        m.n = beyond ? UINT32_MAX : any ? line : 0;
    }

    void take(Game& g, std::size_t i) {
        taken_[i] = true;
        taken.push_back(take_now(g, moments_[i].text));
    }

    // The position now, with each side's score as it stands (the victory rule's standing: points
    // counted only at the end wait for it), taken without changing anything the verdict is made of.
    Position take_now(const Game& g, std::string moment) const {
        Position p = position(g, std::move(moment), seen_line_);
        p.over = g.over != Over::No;
        p.decided = g.decided;
        for (const SideScore& sc : g.victory->standing(g.over == Over::LastTurn || g.over == Over::EndRecord))
            p.scores.push_back(PositionScore{sc.side, sc.total});
        return p;
    }

    // Everything but the scores: the clock, the units, the holdings, the marks, and what each
    // mechanism's state shows (describe(): tracks and spaces, objectives' holders, banners held).
    Position position(const Game& g, std::string moment, std::uint32_t line) const {
        const Scenario& s = g.scenario;
        Position p;
        p.file = g.record.file;
        p.scenario = s.id;
        p.moment = std::move(moment);
        p.line = line;
        if (step_of_line_ && line >= 1 && line <= step_of_line_->size()) p.step = (*step_of_line_)[line - 1];
        else if (step_of_line_) p.step = 0;
        const Clock& c = g.clock;
        p.turn = c.turn();
        if (c.step() >= 0) {
            const SequenceStep& st = c.sequence()[static_cast<std::size_t>(c.step())];
            if (st.side >= 0) p.side = std::string(g.side_name(st.side));
            p.phase = s.phases[static_cast<std::size_t>(st.phase)].name;
        }
        for (const Unit& u : g.state.units()) {
            // The page's maps (every game-turn) show the units on the map alone: the others would
            // make each moment as long as the game's roster.
            if (every_turn_ && u.status != UnitStatus::OnMap) continue;
            PositionUnit pu{std::string(u.name), std::string(g.side_name(u.side)), std::string(u.type), u.strength, unit_status_name(u.status), std::nullopt};
            const LocId at = g.state.where_is(u);
            if (at != kNoLoc) pu.at = s.map.name(at);
            p.units.push_back(std::move(pu));
        }
        if (s.spaces.empty())
            for (std::size_t l = 0; l < s.map.size(); ++l) {
                const SideId h = g.state.holder(static_cast<LocId>(l));
                if (h >= 0) p.holdings.push_back(PositionHolding{s.map.name(static_cast<LocId>(l)), std::string(g.side_name(h))});
            }
        scenario_marks(g, p);
        if (mechanisms_)
            for (const auto& m : *mechanisms_) m->describe(p);
        if (every_turn_) p.banners.clear();  // the page's maps show no banner list
        entry_marks(g, p);
        for (const auto& [name, value] : g.state.free_tracks()) p.tracks.push_back(PositionTrack{std::string(g.str(name)), "", value});
        return p;
    }

    // The exit and objective hexes of the scenario (the victory-banner objectives are their
    // mechanism's to describe, with their holders).
    void scenario_marks(const Game& g, Position& p) const {
        const Scenario& s = g.scenario;
        for (LocId l : s.exits.locs) mark(g, p, l, "exit", fmt::format("exit hex ({})", s.exits.rule));
        for (const PointsRule& pr : s.points) {
            const char* kind = pr.kind == PointsKind::Exit ? "exit" : pr.kind == PointsKind::Occupation ? "objective" : nullptr;
            if (kind)
                for (LocId l : pr.locs) mark(g, p, l, kind, fmt::format("{} ({})", pr.what, pr.rule));
        }
        if (s.automatic)
            for (LocId l : s.automatic->enemy_holds_none) mark(g, p, l, "objective", fmt::format("automatic victory ({})", s.automatic->rule));
    }

    void mark(const Game& g, Position& p, LocId l, const char* kind, std::string what) const {
        if (l >= 0) add_mark(p, g.scenario.map.name(l), kind, std::move(what));
    }

    // The entry hexes of the scenario's schedule and of the game's own records.
    void entry_marks(const Game& g, Position& p) const {
        const Scenario& s = g.scenario;
        for (const Arrival& a : s.reinforcements.schedule)
            mark(g, p, a.at, "entry", fmt::format("{} reinforcements, game-turn {} ({})", g.side_name(a.side), a.turn, s.reinforcements.rule));
        for (const Unit& u : g.state.units())
            if (u.enters_turn > 0 && u.enters_at >= 0) mark(g, p, u.enters_at, "entry", fmt::format("{} reinforcements", g.side_name(u.side)));
    }

    std::vector<Moment> moments_;
    std::vector<bool> taken_;
    const std::vector<std::uint32_t>* step_of_line_;
    const std::vector<std::unique_ptr<Mechanism>>* mechanisms_ = nullptr;
    bool every_turn_ = false;
    std::int32_t last_turn_ = 0;
    std::optional<Position> end_;  // taken when the verdict is made, completed from the report
public:
    std::uint32_t seen_line_ = 0;  // the line of the last record the engine was given (header records too)
    std::int32_t reached_turn_ = 0;  // the last game-turn the record reaches
};

}  // namespace

namespace {

// The check itself (`judge`, given options with the watch), watched, and what the watch took.
template <class Judge>
Positions watched(const CheckOptions& opts, const std::vector<Moment>& moments, const std::vector<std::uint32_t>* step_of_line, Judge judge) {
    PositionWatch watch(moments, step_of_line);
    CheckOptions o = opts;
    o.watch = &watch;
    Positions out;
    out.report = judge(o);
    if (!out.report.judged) return out;
    watch.complete(out.report);
    out.taken = std::move(watch.taken);
    out.unreached = watch.unreached();
    out.last_line = watch.seen_line_;
    out.last_turn = watch.reached_turn_;
    if (step_of_line && !step_of_line->empty()) out.last_step = step_of_line->back();
    out.scenario = std::move(watch.scenario_);
    return out;
}

}  // namespace

Positions positions_of_text(std::string_view text, const std::string& file, const CheckOptions& opts, const std::vector<Moment>& moments,
                            const std::vector<std::uint32_t>* step_of_line) {
    return watched(opts, moments, step_of_line, [&](const CheckOptions& o) { return check_text(text, file, o); });
}

Positions positions_of_game(const GameRecord& game, std::string_view text, const CheckOptions& opts, const std::vector<Moment>& moments,
                            const std::vector<std::uint32_t>* step_of_line) {
    return watched(opts, moments, step_of_line, [&](const CheckOptions& o) { return check_game(game, text, o); });
}

std::string how_far(const Positions& ps, const Moment& m) {
    const bool over = ps.report.complete;
    switch (m.kind) {
    case Moment::Kind::Line: return fmt::format("its last record is on line {}", ps.last_line);
    case Moment::Kind::Step: return ps.last_step ? fmt::format("its last step is {}", *ps.last_step) : std::string("it has no steps");
    case Moment::Kind::Turn:
    case Moment::Kind::Phase:
        if (ps.last_turn <= 0) return "its record has no game-turn";
        if (m.kind == Moment::Kind::Phase && static_cast<std::int64_t>(m.n) <= ps.last_turn)
            return fmt::format("game-turn {} has no such phase in its record", m.n);
        return fmt::format("{} in game-turn {}", over ? "the game ends" : "its record stops", ps.last_turn);
    default: return over ? "the game ends first" : "its record stops first";
    }
}

}  // namespace referee
