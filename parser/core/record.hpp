// The record model shared by the move-log parser, the XML save reader and the validator.
// One Record per line of a move log (or per element of an XML save), in file order.
// Names are interned Syms; lists (paths, unit lists, locations, dice) live in the GameRecord's
// arenas and a Record holds a Span into them, so a Record is a small trivially-copyable value.
#pragma once

#include "severity.hpp"
#include "symbols.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace referee {

enum class Kind : std::uint8_t {
    // header
    Game, Tag, Side, Player, Param, Setup, Unit, Hold, Objective, Target, Resume,
    // sequence
    Turn, Phase,
    // units
    Move, Enter, Exit, Retreat, Advance, Eliminate, Lose, Combat, Roll, Chat,
    // areas and tracks
    Support, Place, Remove, Casualty, Blockade, Unblockade, Card, Track,
    // results and claims
    Award, Concede, ClaimWinner, ClaimDraw, ClaimScore, End,
};
inline constexpr int kKindCount = static_cast<int>(Kind::End) + 1;

// The record's keyword as written in move-log.md ("claim winner" etc. for the claim forms).
const char* kind_name(Kind k);
bool is_header(Kind k);  // game tag side player param setup unit hold objective target resume

enum class ObjectiveKind : std::uint8_t {
    Temporary, StartTurnTemporary, TemporaryGroup, StartTurnTemporaryGroup,
    Majority, Permanent, StartTurnPermanent, LastToOccupy,
};
const char* objective_kind_name(ObjectiveKind k);  // "start-turn-temporary" ...
// Kinds judged on one hex; the group kinds and majority take a group of one or more.
bool objective_single_hex(ObjectiveKind k);

// Support levels, -2 .. 2 (a support record's level: rec::support(r).level()).
enum SupportLevel : int { ActiveOpposition = -2, PassiveOpposition = -1, Neutral = 0,
                          PassiveSupport = 1, ActiveSupport = 2 };
const char* support_level_name(int level);  // "active-support" ...

enum class Piece : std::uint8_t { Regular, Tory, Continental, Militia, WarParty, Village, Fort };
const char* piece_name(Piece p);  // "war-party" ...

struct Span {
    std::uint32_t off = 0;
    std::uint32_t len = 0;
};

// Record::flags
inline constexpr std::uint8_t kFlagCustom = 1;    // setup custom
inline constexpr std::uint8_t kFlagOff = 1;       // retreat ... off
inline constexpr std::uint8_t kFlagCasualty = 1;  // remove ... casualty

// A record's fields are named for no kind in particular: which one holds what depends on the kind,
// and parser/core/record_views.hpp names them, a view per kind (`rec::unit(r).enters_turn()`); code
// that reads or writes one kind's fields goes through its view. Text as written in the record (case
// preserved) is interned; keyword-like operands with a closed list (setup mode, objective kind,
// support level, piece) are decoded by the parser into n/flags. Multi-word free text (chat text,
// award reason) is the tokens joined by one space.
struct Record {
    Kind kind = Kind::End;
    std::uint8_t flags = 0;
    std::uint32_t line = 0;  // 1-based line of the record (XML: of the element)
    std::uint32_t col = 0;   // 1-based column (in characters) where the record starts
    Sym a = kNoSym, b = kNoSym, c = kNoSym, d = kNoSym, e = kNoSym;
    std::int64_t n = 0;
    std::int64_t m = 0;
    Span list{};   // into GameRecord::syms_arena
    Span list2{};  // into GameRecord::syms_arena
    Span ints{};   // into GameRecord::ints_arena
};

// A diagnostic about the input itself (not a rule violation): syntax errors, malformed XML,
// unknown XML elements or attributes. Syntax errors are Severity::Error with code "syntax";
// an input with any "syntax" diagnostic gets no verdict (exit status 2).
struct Diagnostic {
    std::string code;  // "syntax", "unknown-element", "unknown-attribute", "bad-value", ...
    Severity severity = Severity::Error;
    std::uint32_t line = 0;
    std::uint32_t col = 0;
    std::string message;  // e.g. "expected a location after 'at', found '#'"
};

// The XML save's snapshot (xml-save.md). Absent fields are kNoSym / std::nullopt.
enum class UnitStatus : std::uint8_t { OnMap, OffMap, Exited, Eliminated };
const char* unit_status_name(UnitStatus s);  // "on-map" ...

struct SnapshotUnit {
    std::uint32_t line = 0;
    Sym id = kNoSym;
    std::optional<UnitStatus> status;
    Sym at = kNoSym;
    std::optional<std::int64_t> strength;
};
struct SnapshotHold {
    std::uint32_t line = 0;
    Sym loc = kNoSym;
    Sym side = kNoSym;
};
struct SnapshotValue {  // <score side= value=> and <track name= value=>
    std::uint32_t line = 0;
    Sym name = kNoSym;  // side for a score, track name for a track
    std::int64_t value = 0;
};
struct Snapshot {
    std::uint32_t line = 0;
    std::optional<std::int64_t> turn;
    Sym phase_side = kNoSym;  // phase="Union movement": side "Union", phase "movement"
    Sym phase = kNoSym;       // phase="support": no side
    std::vector<SnapshotUnit> units;
    std::vector<SnapshotHold> holds;
    std::vector<SnapshotValue> scores;
    std::vector<SnapshotValue> tracks;
};

enum class InputFormat : std::uint8_t { MoveLog, XmlSave };

// The most diagnostics (and scenario-file errors, and violations: validator/verdict/result.hpp) kept
// for one file: past it they are only counted, so that memory does not grow with a hostile file of
// bad lines (docs/decisions.md, "Limits"). Readers go on reading to the end: a file with a syntax
// error beyond the cap is still not judged.
inline constexpr std::size_t kMaxKeptDiagnostics = 10000;

struct GameRecord {
    std::string file;  // as named on the command line ("-" for standard input)
    InputFormat format = InputFormat::MoveLog;
    SymbolTable symbols;
    // Every record, in file order (for a save: header elements, then <log> children), when the
    // records were collected (RecordCollector); a check streams them instead (record_sink.hpp).
    std::vector<Record> records;
    std::vector<Sym> syms_arena;
    std::vector<std::int64_t> ints_arena;
    bool has_log = true;                // an XML save without <log> has false
    bool has_snapshot = false;          // an XML save with a <snapshot> (known before its records are read)
    std::optional<Snapshot> snapshot;   // XML save only
    std::uint32_t last_line = 0;        // last line of the input (for "log stops here" reports)
    std::vector<Diagnostic> diagnostics;   // the first kMaxKeptDiagnostics, in the order found
    std::size_t errors_not_kept = 0;       // those found past them, by severity
    std::size_t warnings_not_kept = 0;

    // Every diagnostic goes in here: kept while there are fewer than kMaxKeptDiagnostics, else counted.
    void diagnose(Diagnostic d) {
        if (diagnostics.size() < kMaxKeptDiagnostics) diagnostics.push_back(std::move(d));
        else ++(d.severity == Severity::Error ? errors_not_kept : warnings_not_kept);
    }
    // How many diagnostics were found, kept or not (it grows with each one found).
    std::size_t diagnostic_count() const { return diagnostics.size() + errors_not_kept + warnings_not_kept; }
    bool has_syntax_errors() const {
        if (errors_not_kept != 0) return true;
        for (const auto& d : diagnostics)
            if (d.severity == Severity::Error) return true;
        return false;
    }
    const Sym* list_begin(Span s) const { return syms_arena.data() + s.off; }
    const Sym* list_end(Span s) const { return syms_arena.data() + s.off + s.len; }
    const std::int64_t* ints_begin(Span s) const { return ints_arena.data() + s.off; }
    const std::int64_t* ints_end(Span s) const { return ints_arena.data() + s.off + s.len; }
    std::string_view str(Sym s) const { return symbols.str(s); }
};

// The longest move-log line, and the longest XML attribute value, that is read (8 MiB): a longer
// one is a "syntax" error. It bounds the time and memory one record can take (a path of 100,000
// locations takes under 1 MiB; docs/decisions.md, "Limits").
inline constexpr std::size_t kMaxRecordBytes = std::size_t{8} << 20;

// The range of a game-turn's number in a record (docs/move-log.md, "Numbers"; the XML save's
// attributes the same): 0 to kMaxTurnNumber (a scenario has at most 10,000), so that the next turn's
// number cannot overflow. Every other number takes the whole 64 bits: strengths, counts, points,
// scores and tracks are summed with checked arithmetic (ruling G4, score-overflow).
inline constexpr std::int64_t kMaxTurnNumber = 1000000;

}  // namespace referee
