// What a check of one game produces. The verdict (struct Verdict) is one plain value: the result,
// the scores with their items and rules, the violations, the claims, the rulings applied, the banners
// and margins where the game has them, and a VASSAL game's audit. The engine makes it once, when the
// game has been replayed (validator/engine/engine.cpp, Engine::finish, from what each mechanism hands
// over); check, position, every report format, and diffs and events of several games read it. A
// Report is a verdict with the file it was made from (name, SHA-256, scenario, players, tags, digest);
// validator/report/report.cpp writes it as text or JSON (report.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace referee {

struct ScoreItem {
    std::string rule;    // "17.11"
    std::int64_t points = 0;
    std::string what;    // "14 Union SP eliminated x1"
};

struct SideScore {
    std::string side;
    std::int64_t total = 0;
    std::vector<ScoreItem> items;
};

struct Violation {
    std::string code;       // report.md's codes ("path-gap", "syntax", ...)
    bool error = true;      // severity: error or warning
    std::uint32_t line = 0;
    std::uint32_t col = 0;  // 0: not known / not given
    std::string rule;       // rule number cited ("17.3", "G3"), may be empty for input errors
    std::string message;
    std::optional<std::uint32_t> step;  // a VASSAL game (Report::places_are_steps): the step, none when no place
};

struct Claim {
    std::string claim;     // "winner", "score Union", "draw"
    std::string stated;
    std::string computed;
    bool agrees = false;
    std::uint32_t line = 0;
    std::optional<std::uint32_t> step;  // as Violation::step
};

struct Provisional {
    std::string standing;  // the side ahead on points, or "even"
    std::int32_t turn = 0;
    std::string phase;     // "Union movement" or "" before the first phase
    std::uint32_t line = 0;
    std::optional<std::uint32_t> step;  // as Violation::step
};

// One victory banner (Commands & Colors family), from the moment a side gained it until it lost it
// (an objective's banner can be gained and lost several times: each time is one entry).
struct BannerEntry {
    std::string side;       // who holds it
    std::string kind;       // an objective kind ("start-turn-temporary"), "elimination" or "award"
    std::string what;       // "La Haye Sainte (0605)", "British 2/KGL eliminated"
    std::string rule;       // "B3"
    std::int64_t banners = 1;
    std::uint32_t gained_line = 0;  // 0: held at the start by the scenario file
    std::string gained_at;          // "game-turn 3, French movement" / "at the start (held-by)"
    std::optional<std::uint32_t> lost_line;  // none: still held when the game ended (or the log stopped)
    std::string lost_at;
    std::string lost_why;   // "no French unit occupies 0605"
    std::string note;       // B4: kept while its hex was empty in its side's movement phase
};

// One faction's margins at a victory check or at the end (the faction games: Liberty or Death 7.1-7.3).
struct FactionMargins {
    std::string faction;
    std::optional<std::string> player;  // the player's name, when the game names one
    bool non_player = false;            // L5: not named in any player record (when some are)
    std::vector<std::int64_t> margins;  // one per victory condition, in the scenario's order
    std::int64_t total = 0;             // their sum: the net margin that ranks the factions
    bool passes = false;                // at a check: every margin positive (and the treaty where needed)
};

// Every faction's margins at one moment: a victory check (7.2) or the final scoring (7.3).
struct MarginCheck {
    std::string kind;        // "victory-check" or "final"
    std::int32_t round = 0;  // the Winter Quarters round (= the game-turn)
    std::uint32_t line = 0;  // the record at which it was made
    std::string rule;        // "7.2" / "7.3"
    std::vector<std::pair<std::string, std::int64_t>> tracks;  // the tracks the conditions read ("support" 4 ...)
    bool treaty = false;     // the Treaty of Alliance had been played
    std::vector<FactionMargins> factions;  // in the scenario's order of factions
};

// The audit of a VASSAL game (vassal.md, "Judging a VASSAL game"; docs/vassal.md, "The audit"), as
// the report of its check gives it beside the verdict: the module it was read with, every undo, and
// the dice each player rolled. Plain data, filled by the check of a VASSAL game.
struct AuditRoll {
    std::string button, result;            // "2d6", "3, 5"
};

struct AuditReveal {
    std::string id, name;                  // id "": an UNMASK command, which names no piece
    std::string text;                      // as the text report says it
};

struct AuditUndo {
    std::uint32_t step = 0;
    bool marked = false;                   // inside VASSAL's undo markers; else a probable undo
    std::optional<std::uint32_t> undoes;   // the step taken back; none: no step left to take back
    std::vector<AuditRoll> rolled;         // what that step rolled
    std::vector<AuditReveal> revealed;     // and the pieces it revealed
};

struct AuditDieSize {
    int sides = 0;
    std::uint64_t count = 0;               // dice whose face is known
    std::int64_t sum = 0;
    std::vector<std::uint64_t> faces;      // faces[i]: dice that showed i + 1
    double chi_square = 0;                 // Pearson's statistic against a fair die
    int df = 0;
    double p_value = 1;
};

struct AuditPlayer {
    std::string player, side;              // "" when not known
    std::uint64_t rolls = 0, undone = 0, unread = 0;
    std::vector<AuditDieSize> dice;        // by die size, smallest first
};

struct GameAudit {
    std::string module_name, module_version, module_sha256;
    std::vector<AuditUndo> undos;          // in step order
    std::vector<AuditPlayer> players;      // in the order they first rolled
};

// The result: who won, how and where.
struct Result {
    std::optional<std::string> winner;  // side name, "draw", or none (null)
    std::optional<std::string> level;   // "automatic", "concession", ... or none
    std::optional<std::string> decided; // "end of game-turn 11"
    std::optional<std::uint32_t> line;
    std::optional<std::uint32_t> step;  // as Violation::step
    std::optional<Provisional> provisional;
    std::vector<std::string> ranking;   // multi-faction games
};

// Where the rules a game was judged by come from (docs/report.md, "Files from players"): a
// built-in scenario, or a scenario file, named by its path and the SHA-256 of its bytes, with the
// built-in it extends and what it changes of it.
struct ScenarioSource {
    bool builtin = true;
    std::string path;                  // a file's, as it was found ("games/r1/club.xml")
    std::string sha256;                // a file's bytes
    std::string extends;               // "" or the built-in it starts from
    std::vector<std::string> changes;  // what an extending file gives of its own: its sections, `turns`, `first-player`
};

// Who played a side (a `player` record), as the JSON report's `players` gives it.
struct PlayerName {
    std::string side;  // or faction
    std::string name;
};

// The most violations a report keeps (as the readers keep at most kMaxKeptDiagnostics, record.hpp):
// past it they are only counted, by severity, so that a hostile game's report stays bounded in
// memory and size whatever --max-errors says (docs/decisions.md, "Limits").
inline constexpr std::size_t kMaxKeptViolations = 10000;

// Keeps `v` in `kept` while it holds fewer than kMaxKeptViolations; past them, counts it by severity.
// What a verdict does with a violation (Verdict::add), and the findings of a replay before it
// (validator/engine/findings.cpp).
inline void keep_violation(std::vector<Violation>& kept, std::size_t& errors_past, std::size_t& warnings_past, Violation v) {
    if (kept.size() < kMaxKeptViolations) kept.push_back(std::move(v));
    else ++(v.error ? errors_past : warnings_past);
}

// The verdict on one game, a value: what the replay decided and found.
struct Verdict {
    bool complete = false;
    bool judged = false;    // false: the input could not be judged (exit status 2), no result
    Result result;
    std::vector<SideScore> scores;
    std::vector<Violation> violations;  // sorted by line; at most kMaxKeptViolations (add)
    std::size_t errors_not_kept = 0;    // the violations found past them, by severity
    std::size_t warnings_not_kept = 0;
    std::vector<Claim> claims;
    std::vector<std::string> rulings;
    std::size_t standing_rulings = 0;  // the first ones of `rulings` are the scenario's own, the same in every game of it
    bool has_banners = false;          // a victory-banner game: `banners` is reported
    std::vector<BannerEntry> banners;  // in the order gained
    bool has_margins = false;          // a faction game: `margins` is reported
    std::vector<MarginCheck> margins;  // every victory check, then the final scoring, in order
    std::optional<GameAudit> audit;    // a VASSAL game: `module` and `audit` are reported

    // Every violation goes in here: kept while there are fewer than kMaxKeptViolations, else counted.
    void add(Violation v) { keep_violation(violations, errors_not_kept, warnings_not_kept, std::move(v)); }
    std::size_t not_kept() const { return errors_not_kept + warnings_not_kept; }
    // The violations found of each severity, kept or only counted.
    std::size_t error_count() const { return errors_not_kept + count_kept(true); }
    std::size_t warning_count() const { return warnings_not_kept + count_kept(false); }
    std::size_t count_kept(bool error) const {
        std::size_t n = 0;
        for (const auto& v : violations) n += v.error == error;
        return n;
    }
    bool has_errors() const {
        if (errors_not_kept != 0) return true;
        for (const auto& v : violations)
            if (v.error) return true;
        return false;
    }
    // 0: judged, no error-severity violation; 1: errors found; 2: not judged.
    int exit_status() const { return !judged ? 2 : has_errors() ? 1 : 0; }
    // report.md's status: "not-judged"; else "decided" (complete, a side wins), "draw" (complete,
    // a draw) or "incomplete" (no result).
    std::string_view status() const {
        if (!judged) return "not-judged";
        if (complete && result.winner) return *result.winner == "draw" ? "draw" : "decided";
        return "incomplete";
    }
};

// The report on one file: its verdict, and what names the file and the game in it.
struct Report : Verdict {
    std::string file;
    std::string sha256;     // of the input file's bytes, 64 lowercase hex digits; "" when not read (or not asked for)
    std::string scenario;   // scenario id, "" when none could be loaded
    std::optional<ScenarioSource> scenario_source;  // none when no scenario could be loaded
    std::vector<PlayerName> players;                         // the `player` records, in record order
    std::vector<std::pair<std::string, std::string>> tags;   // the `tag` records: name, value (a name given twice: its last value)
    // A VASSAL game judged through its conversion (vassal.md, "Judging a VASSAL game"): places are
    // the game's steps (0: its initial position), in the `step` fields; the banners' and margins'
    // lines are steps too. The report says "step N" where it says "line N" for a move log.
    bool places_are_steps = false;
    // False when the input is plainly not a game record (its one violation, not-a-game-record, says
    // what it is) or holds no record at all: a batch skips such files found in a folder.
    bool game_record = true;
    // The SHA-256 of the game's records, whatever their comments, whitespace and line numbers ("":
    // not asked for, or the game has syntax errors): two files of a batch with the same digest hold
    // the same game.
    std::string digest;
};

}  // namespace referee
