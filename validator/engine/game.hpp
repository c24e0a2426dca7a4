// The game being judged, as the mechanisms see it: the scenario and the record, the state, the
// clock, the names, the score sheet, the findings, whether and how the game is over, and the
// events mechanisms raise for each other (a unit loses strength, exits, an award is made).
#pragma once

#include "binder.hpp"
#include "clock.hpp"
#include "findings.hpp"
#include "mechanism.hpp"
#include "options.hpp"
#include "record.hpp"
#include "result.hpp"
#include "scenario.hpp"
#include "score_sheet.hpp"
#include "state.hpp"

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace referee {

// Why the game is over. Factions: decided at a victory check (7.2); FinalScoring: the last Winter
// Quarters round's support phase is over (7.3, L6).
enum class Over : std::uint8_t { No, Automatic, Concession, EndRecord, LastTurn, SuddenDeath, Factions, FinalScoring };

class Game {
public:
    Game(const Scenario& s, const GameRecord& g, const CheckOptions& o);

    const Scenario& scenario;
    const GameRecord& record;  // the symbols, the file, its last line, the snapshot
    const CheckOptions& options;
    Findings findings;
    Binder names;
    Clock clock;
    GameState state;
    ScoreSheet sheet;
    VictoryRule* victory = nullptr;      // exactly one (assemble.cpp)
    SnapshotRule* snapshot = nullptr;    // a save with a snapshot

    // Where the replay is.
    std::int32_t turns = 0;               // the last game-turn: the scenario's, or its turns parameter's
    std::uint32_t line = 0;               // the line of the record being applied
    std::uint32_t last_applied_line = 0;  // the last record that moved the game on (the end of a turn is after it)
    const Record* current = nullptr;      // the record being applied (none before the first and after the last)
    bool seen_turn = false;
    bool play_started = false;
    bool custom_setup = false;            // `setup custom`: the game declares its units (move-log.md)
    // `resume N`: the record takes the game up in game-turn N (a save made, or a log begun, after
    // turn 1: validator/engine/resume.cpp); 0 when it begins at the beginning.
    std::int32_t resume_turn = 0;
    std::uint32_t resume_line = 0;
    std::vector<LocId> held_by_record;    // the `hold` records' locations (resume keeps their holders)

    // Whether and how the game is over.
    Over over = Over::No;
    std::uint32_t over_line = 0;
    std::string decided;
    SideId winner = kNoSide;  // for a concession, an automatic or a sudden-death victory
    void end(Over why, std::uint32_t at_line, std::string what) {
        over = why;
        over_line = at_line;
        decided = std::move(what);
    }

    // The lists of the record being applied.
    std::span<const Sym> list(Span s) const { return {syms_ + s.off, s.len}; }
    std::span<const std::int64_t> ints(Span s) const { return {ints_ + s.off, s.len}; }
    void lists_from(const Sym* syms, const std::int64_t* ints) {
        syms_ = syms;
        ints_ = ints;
    }
    std::string_view str(Sym s) const { return record.symbols.str(s); }
    std::string_view side_name(SideId s) const { return s >= 0 ? std::string_view(scenario.sides[static_cast<std::size_t>(s)]) : "nobody"; }
    // A record that resumes the game after turn 1 (resume.cpp): when no unit has stood in or entered
    // l since, and none stands there, who holds it is only the set-up's say; where that decides
    // points or a victory test (`what_rests`: "the automatic-victory test rests on it") an
    // unverified-score warning says so, once a location and rule.
    void unverified_holding(LocId l, std::string_view rule, const std::string& what_rests);
    std::string_view loc_name(LocId l) const { return l >= 0 ? std::string_view(scenario.map.name(l)) : "nowhere"; }
    std::string where_now() const { return clock.where_now(); }

    // --- events: changes that other mechanisms score or judge -------------------------------------
    // `u` loses `sp` strength points (all of them: eliminated).
    void lose_strength(UnitId u, std::int64_t sp);
    // `u` leaves the map at `l`; an exit that broke no exit rule scores.
    void exit_unit(UnitId u, LocId l, bool legal);
    void award(SideId side, std::int64_t n, std::string reason, std::uint32_t at_line);
    // The phase in progress ends: stacking, victory banners kept through it (B4).
    void end_of_phase();

    // --- findings every mechanism makes --------------------------------------------------------
    // " (did you mean 'X'?)" for a name that is not known (parser/core/suggest.hpp), from the
    // game's units, the map's locations, the sides and the phases; "" when none is close.
    std::string near_unit(std::string_view wrong) const;
    std::string near_location(std::string_view wrong) const;
    std::string near_side(std::string_view wrong) const;
    std::string near_phase(std::string_view wrong) const;
    void unknown_unit(const Record& r, Sym s);
    void unknown_location(const Record& r, Sym s);
    void unknown_side(const Record& r, Sym s);

    // --- the verdict --------------------------------------------------------------------------
    // Each side's score as it stands: the score sources' items, then the awards (report.md
    // `scores`). Changes nothing (a position's score: validator/check/positions.cpp); what the
    // scoring has to say goes to `say`, when given.
    std::vector<SideScore> score(bool final, Remarks* say = nullptr) const;
    // The verdict's scores: score(), the totals the sheet keeps for the claims and the standing, and
    // what the scoring says (Remarks), said.
    void build_scores(Verdict& v, bool final);
    // The game is not over: `incomplete` (G5) and the standing so far.
    void incomplete(Verdict& v, std::string_view why_not_over);

    // The mechanisms that declared a hook, in order.
    const std::vector<Mechanism*>& with(Hook h) const { return hooks_[bit(h)]; }
    void add_hooks(Mechanism* m);
    std::vector<ScoreSource*> score_sources;

private:
    static constexpr std::size_t bit(Hook h) { return static_cast<std::size_t>(__builtin_ctz(static_cast<unsigned>(h))); }
    std::array<std::vector<Mechanism*>, kHookCount> hooks_;
    const Sym* syms_ = nullptr;
    const std::int64_t* ints_ = nullptr;
};

}  // namespace referee
