// The engine: it knows no game. It sets the game up (parameters, the order of battle, each
// mechanism's own set-up), reads the records one at a time as a reader hands them over, applies
// the sequence of play (turn, phase and end records: G2, G3, G6) and the header records itself,
// gives every other record to the mechanism that applies its kind, raises the lifecycle events
// (mechanism.hpp), and at the end asks the victory rule for the verdict.
#pragma once

#include "game.hpp"
#include "mechanism.hpp"
#include "watch.hpp"

#include <array>
#include <memory>
#include <span>
#include <vector>

namespace referee {

class Engine {
public:
    Engine(const Scenario& s, const GameRecord& g, const CheckOptions& o);
    Game& game() { return game_; }
    const Game& game() const { return game_; }

    // Adds a mechanism (assemble.cpp decides which, in which order); returns it.
    template <typename M>
    M& add(std::unique_ptr<M> m) {
        M& ref = *m;
        adopt(std::move(m));
        return ref;
    }

    // The mechanisms of this game, in the order they were added.
    std::vector<std::string_view> mechanism_names() const;
    const std::vector<std::unique_ptr<Mechanism>>& mechanisms() const { return mechanisms_; }

    // Sets the game up from its header records (every record before the first `turn`), whose lists
    // are at `syms` / `ints`. False: the game cannot be judged (an input error was reported).
    bool start(std::span<const Record> header, const Sym* syms, const std::int64_t* ints);
    // Applies one record; its lists are at `syms` / `ints`.
    void record(const Record& r, const Sym* syms, const std::int64_t* ints);
    // After the last record: the verdict (the result, the scores, the claims, the rulings, every
    // violation), made once, as a value.
    Verdict finish();

private:
    void adopt(std::unique_ptr<Mechanism> m);
    void apply(const Record& r);
    void header(const Record& r);
    void unit_record(const Record& r);
    void turn(const Record& r);
    // resume.cpp: the `resume` record, a unit out of play before the record begins (an `eliminate`
    // or `exit` before the first turn of a resumed record), the position play resumes from.
    void resume_record(const Record& r);
    void out_before_play(const Record& r);
    void take_up_position();
    void phase(const Record& r);
    void end_record(const Record& r);
    void concede(const Record& r);
    void award(const Record& r);
    void free_track(const Record& r);
    [[gnu::cold]] void after_end(const Record& r);
    [[gnu::cold]] void not_in_scenario(const Record& r, const char* what);
    void decide(Verdict& v);

    Game game_;
    Watch* watch_ = nullptr;
    std::vector<std::unique_ptr<Mechanism>> mechanisms_;
    std::array<Mechanism*, kKindCount> handler_{};
    std::array<Mechanism*, kKindCount> direct_{};  // kinds a mechanism applies without the engine's own steps
    std::uint64_t records_ = 0;     // records read so far
    std::uint64_t index_ = 0;       // the number of the record being applied (the game record must be the first)
    bool snapshot_alone_ = false;   // a save with a snapshot and no log: only its header is applied
    bool judged_ = false;
};

}  // namespace referee
