// A rule mechanism: one rule of play or of victory (zones of control, exits, victory banners,
// faction margins, ...), created only when the scenario's data switches it on, owning its own
// state, and told of the game's lifecycle through hooks, as boardgame.io's plugins are. The engine
// calls a hook only on the mechanisms that declared it (hooks()), in the order they were added;
// that order is fixed by the assembly (validator/mechanisms/assemble.cpp) and keeps the order of
// findings on a record (docs/engine.md).
#pragma once

#include "record.hpp"
#include "scenario.hpp"
#include "state.hpp"

#include <cstdint>
#include <span>
#include <string>

namespace referee {

class Game;
struct Verdict;

enum Hook : std::uint32_t {
    kOnSetup = 1u << 0,            // setup(): once, before the first record
    kOnPlayStart = 1u << 1,        // the first `turn` record: play begins
    kBeforeSequence = 1u << 2,     // a turn, phase or end record arrives while the game is not over
    kOnTurnEnd = 1u << 3,          // a game-turn ends (at the next `turn` record)
    kOnTurnBoundary = 1u << 4,     // at a `turn` or `end` record, before it is applied
    kOnPhaseEnd = 1u << 5,         // a phase ends (at the next phase, turn or end record, or the final scoring)
    kOnPhaseBegin = 1u << 6,       // a phase record has moved the clock to its step
    kOnPlayerTurn = 1u << 7,       // a side's player-turn begins (G2)
    kOnStep = 1u << 8,             // a phase record is applied
    kAfterRecord = 1u << 9,        // after every record (and its findings)
    kOnLogEnd = 1u << 10,          // after the last record, before the verdict
    kOnFinal = 1u << 11,           // the verdict is being made (final: the game reached its end)
    kOnStrengthLost = 1u << 12,    // a unit loses strength points (elimination included)
    kOnEliminated = 1u << 13,      // a unit is eliminated
    kOnExited = 1u << 14,          // a unit exits the map without breaking an exit rule
    kOnAward = 1u << 15,           // an award record
    kOnUnitDeclared = 1u << 16,    // a `unit` record declared a unit (before it is placed)
    kOnJudged = 1u << 17,          // the game was judged: the verdict and the scores are final
};

class Mechanism {
public:
    explicit Mechanism(Game& g) : game(g) {}
    virtual ~Mechanism() = default;
    Mechanism(const Mechanism&) = delete;
    Mechanism& operator=(const Mechanism&) = delete;

    // Its name, as in its file's name ("zones_of_control"): for tests and for people.
    virtual std::string_view name() const = 0;
    virtual std::uint32_t hooks() const = 0;
    // The record kinds it applies (the engine gives each kind to one mechanism).
    virtual std::span<const Kind> kinds() const { return {}; }
    virtual void on_record(const Record&) {}

    // false: the game cannot be judged (an input error was reported).
    virtual bool setup(std::span<const Record> header) { (void)header; return true; }
    virtual void on_play_start() {}
    virtual void before_sequence(const Record&) {}
    virtual void on_turn_end(const Record& turn_record) { (void)turn_record; }
    virtual void on_turn_boundary() {}
    virtual void on_phase_end() {}
    virtual void on_phase_begin(const Record&) {}
    virtual void on_player_turn(SideId) {}
    virtual void on_step() {}
    virtual void after_record(const Record&) {}
    virtual void on_log_end() {}
    virtual void on_final(bool final) { (void)final; }
    virtual void on_strength_lost(const Unit&, std::int64_t sp) { (void)sp; }
    virtual void on_eliminated(const Unit&) {}
    virtual void on_exited(const Unit&) {}
    virtual void on_award(SideId, std::int64_t n, std::string_view reason, std::uint32_t line) { (void)n, (void)reason, (void)line; }
    virtual void on_unit_declared(const Record&, const Unit&) {}
    virtual void on_judged() {}

protected:
    Game& game;
};

// Items of the score: each side's items come from the sources in the order they were added (banners,
// the points rules, then the awards), each citing its rule.
class ScoreSource {
public:
    // Adds `side`'s items to `sc`, and their points to `total`. `final`: the game reached its end
    // (points scored only at the end count).
    virtual void add_items(SideId side, bool final, SideScore& sc, __int128& total) = 0;

protected:
    ~ScoreSource() = default;
};

// How the game is won: the mechanism of the scenario's <victory> (higher total, ratio levels,
// victory banners, faction margins). There is exactly one.
class VictoryRule {
public:
    // An `end` record ends the game: what the rules make of it (a note, before the phase in
    // progress ends), then what decided the game (after).
    virtual void end_note(const Record& r);
    virtual std::string end_decided(const Record& r);
    // Who wins when `side` concedes.
    virtual SideId concession_winner(SideId side) const;
    // Why an unfinished game is not over, where the scenario has no last turn.
    virtual std::string_view unfinished() const { return "no end record"; }
    // True: the rule makes the whole verdict itself (decide()); else the engine's standard one,
    // which calls settle() when the game reached its end.
    virtual bool decides() const { return false; }
    virtual void decide() {}
    virtual void settle(Verdict& v) = 0;
    // A save without its log, judged from its snapshot at the game's end.
    virtual void settle_snapshot(Verdict& v);
    virtual void snapshot_note() {}
    // What a score claim counts ("points", "banners").
    virtual std::string_view score_word() const { return "points"; }
    // A name of one of the rules' sides that groups the scenario's (a faction game's Royalist and
    // Patriot sides): a claim may name it.
    virtual bool is_group(std::string_view) const { return false; }
    // A claimed winner that names no side but that the verdict bears out (the side of a combined victory, 7.2).
    virtual const std::string* claimed_group(std::string_view) const { return nullptr; }

protected:
    explicit VictoryRule(Game& g) : game_(g) {}
    ~VictoryRule() = default;
    Game& game_;
};

// A save's snapshot (xml-save.md): compared with the replay of its log, or, without a log, the
// position to judge.
class SnapshotRule {
public:
    virtual void judge_alone() = 0;
    virtual void compare() = 0;

protected:
    ~SnapshotRule() = default;
};

}  // namespace referee
