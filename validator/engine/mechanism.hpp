// A rule mechanism: one rule of play or of victory (zones of control, exits, victory banners,
// faction margins, ...), created only when the scenario's data switches it on, owning its own
// state, and told of the game's lifecycle through hooks, as boardgame.io's plugins are. The engine
// calls a hook only on the mechanisms that declared it (hooks()), in the order they were added;
// that order is fixed by the assembly (validator/mechanisms/assemble.cpp) and keeps the order of
// findings on a record (docs/engine.md).
#pragma once

#include "record.hpp"
#include "result.hpp"
#include "scenario.hpp"
#include "state.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace referee {

class Game;
struct Position;

// The hooks' places in a mechanism's mask, in order; kHookCount, past the last, is how many there
// are (the engine keeps a list of mechanisms for each): a new hook is a new place here and its bit
// below, and the count follows.
enum HookIndex : std::uint32_t {
    iOnSetup,
    iOnPlayStart,
    iBeforeSequence,
    iOnTurnEnd,
    iOnTurnBoundary,
    iOnPhaseEnd,
    iOnPhaseBegin,
    iOnPlayerTurn,
    iOnStep,
    iAfterRecord,
    iOnLogEnd,
    iOnFinal,
    iOnStrengthLost,
    iOnEliminated,
    iOnExited,
    iOnAward,
    iOnUnitDeclared,
    iOnJudged,
    iOnVerdict,
    kHookCount
};
static_assert(kHookCount <= 32, "a mechanism's hooks are bits of a 32-bit mask");

enum Hook : std::uint32_t {
    kOnSetup = 1u << iOnSetup,                // setup(): once, before the first record
    kOnPlayStart = 1u << iOnPlayStart,        // the first `turn` record: play begins
    kBeforeSequence = 1u << iBeforeSequence,  // a turn, phase or end record arrives while the game is not over
    kOnTurnEnd = 1u << iOnTurnEnd,            // a game-turn ends (at the next `turn` record)
    kOnTurnBoundary = 1u << iOnTurnBoundary,  // at a `turn` or `end` record, before it is applied
    kOnPhaseEnd = 1u << iOnPhaseEnd,          // a phase ends (at the next phase, turn or end record, or the final scoring)
    kOnPhaseBegin = 1u << iOnPhaseBegin,      // a phase record has moved the clock to its step
    kOnPlayerTurn = 1u << iOnPlayerTurn,      // a side's player-turn begins (G2)
    kOnStep = 1u << iOnStep,                  // a phase record is applied
    kAfterRecord = 1u << iAfterRecord,        // after every record (and its findings)
    kOnLogEnd = 1u << iOnLogEnd,              // after the last record, before the verdict
    kOnFinal = 1u << iOnFinal,                // the verdict is being made (final: the game reached its end)
    kOnStrengthLost = 1u << iOnStrengthLost,  // a unit loses strength points (elimination included)
    kOnEliminated = 1u << iOnEliminated,      // a unit is eliminated
    kOnExited = 1u << iOnExited,              // a unit exits the map without breaking an exit rule
    kOnAward = 1u << iOnAward,                // an award record
    kOnUnitDeclared = 1u << iOnUnitDeclared,  // a `unit` record declared a unit (before it is placed)
    kOnJudged = 1u << iOnJudged,              // the game was judged: the verdict and the scores are final
    kOnVerdict = 1u << iOnVerdict,            // the verdict is made, judged or not: a mechanism hands over its part
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
    // The verdict's result and scores are final: what is judged against them (the players' claims).
    virtual void on_judged(Verdict&) {}
    // The verdict is made (judged or not): the mechanism's part of it, from the state it owns (the
    // banners gained and lost, the margins at each check). Nothing else writes into a verdict.
    virtual void hand_over(Verdict&) const {}
    // The position view (validator/check/positions.cpp): what the mechanism's state shows at this
    // moment (its tracks and spaces, its objectives' holders, the banners held). Changes nothing.
    virtual void describe(Position&) const {}

protected:
    Game& game;
};

// What scoring has to say besides its items: a rule that scores nothing, and why; a holding that only
// the set-up vouches for. Kept in the order said; the verdict's scoring says them (Game::build_scores),
// a position's score drops them (Game::score), so that taking a position changes no report.
class Remarks {
public:
    // A note for the rulings, said once per key (the text itself, or a key of its own).
    void note_once(std::string text) { items_.push_back(Item{Item::Note, kNoLoc, {}, std::move(text)}); }
    void note_once(std::string key, std::string text) { items_.push_back(Item{Item::Note, kNoLoc, std::move(key), std::move(text)}); }
    // Game::unverified_holding(l, rule, what): said where the game was resumed.
    void unverified_holding(LocId l, std::string rule, std::string what) { items_.push_back(Item{Item::Holding, l, std::move(rule), std::move(what)}); }

    struct Item {
        enum Kind : std::uint8_t { Note, Holding } kind;
        LocId loc;
        std::string key;   // Note: "" (the text is the key); Holding: the rule
        std::string text;
    };
    const std::vector<Item>& items() const { return items_; }

private:
    std::vector<Item> items_;
};

// Items of the score: each side's items come from the sources in the order they were added (banners,
// the points rules, then the awards), each citing its rule.
class ScoreSource {
public:
    // Adds `side`'s items to `sc`, and their points to `total`; changes nothing else. `final`: the
    // game reached its end (points scored only at the end count). What the scoring has to say goes
    // to `say` (none: a position's score, which says nothing).
    virtual void add_items(SideId side, bool final, SideScore& sc, __int128& total, Remarks* say) const = 0;

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
    virtual void decide(Verdict&) {}
    virtual void settle(Result& v) = 0;
    // A save without its log, judged from its snapshot at the game's end.
    virtual void settle_snapshot(Result& v);
    virtual void snapshot_note() {}
    // Each side's score as it stands, for a position (changes nothing): the score sources' items
    // (Game::score), or what the rule ranks by (a faction game: its margins now).
    virtual std::vector<SideScore> standing(bool final) const;
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
    virtual void judge_alone(Verdict&) = 0;
    virtual void compare() = 0;

protected:
    ~SnapshotRule() = default;
};

}  // namespace referee
