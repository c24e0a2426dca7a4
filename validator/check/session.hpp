// The check of one game as its records stream in from the reader: the records its set-up needs are
// kept (engine/intake.hpp) until its scenario is known (--scenario, or the `game` record) and its
// header is complete; then the engine is assembled and set up, and every later record goes
// straight through it. A syntax error stops the replay (such a game gets no verdict); the reader
// still reports every bad line.
#pragma once

#include "digest.hpp"
#include "engine.hpp"
#include "intake.hpp"
#include "options.hpp"
#include "record_sink.hpp"
#include "result.hpp"
#include "scenario.hpp"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace referee {

class Session final : public RecordSink {
public:
    Session(const CheckOptions& opts, std::string file);
    ~Session() override;

    void begin(const GameRecord& g) override;
    void record(const Record& r, const GameRecord& g) override;
    void end(const GameRecord& g) override;
    // The report, once the reader is done (check.cpp).
    Report report(const GameRecord& g);
    // A `game` record was read (the text is a move log or save, whatever its syntax errors).
    bool game_named() const { return game_named_; }

private:
    bool scenario_known(const GameRecord& g);
    void start(const GameRecord& g);
    bool syntax_error(const GameRecord& g);

    const CheckOptions& opts_;
    std::string file_;
    std::string scen_name_;             // --scenario, or the game record's
    std::uint32_t scen_line_ = 0, scen_col_ = 0;
    std::shared_ptr<const ScenarioLoad> load_;
    std::optional<Scenario> bound_;     // a scenario whose sides the game declares, with them
    const Scenario* scenario_ = nullptr;
    Intake intake_;
    std::unique_ptr<Engine> engine_;
    Engine* live_ = nullptr;            // the engine, while records go to it
    std::optional<Report> unjudged_;    // the set-up failed before the engine existed (side-declaration)
    bool stopped_ = false;              // a syntax error, or a scenario that cannot be used: nothing is applied
    std::size_t diagnostics_seen_ = 0;
    std::uint64_t records_ = 0;         // records the reader handed over
    std::vector<PlayerName> players_;   // the `player` and `tag` records, wherever they are (Report::players, tags)
    std::vector<std::pair<std::string, std::string>> tags_;
    std::optional<GameDigest> digest_;  // with CheckOptions::digest
    bool game_named_ = false;
};

// A scenario named by --scenario (`named_by_game` false: a built-in id or any path, the director's
// choice) or by the game `game_file` (a built-in id, or a scenario file in one of its
// scenario_folders; an absolute path, a '..' step or a symbolic link out of them is refused
// unread: ScenarioLoad::refused). Built-ins are read once per process and shared
// (scenario_lookup.cpp).
std::shared_ptr<const ScenarioLoad> find_scenario(const std::string& name, const std::string& game_file, const CheckOptions& opts,
                                                  bool named_by_game);
// Where a scenario file a game names is looked for, in order: the --scenario-path folders, then the
// game's own folder ("" for the current one); standard input ("-") has no folder of its own.
std::vector<std::string> scenario_folders(const std::string& game_file, const CheckOptions& opts);

}  // namespace referee
