// Every code a check reports, declared once in codes.def (as clang declares its diagnostics): its
// name in the report (report.md, "Violation codes"), its default severity, whether --strict makes it
// an error, and what it cites when the check that finds it has no rule of the game's own to cite.
// The enum here and the table (diagnostics.cpp) are derived from that one list. Readers, the engine
// and the mechanisms report through this table and never spell a code themselves; the list with
// what each code means is docs/codes.md. Only what makes or reads findings by code includes this
// header: a severity alone is severity.hpp, a finding once made is plain data (result.hpp).
#pragma once

#include "severity.hpp"

#include <cstdint>
#include <string_view>

namespace referee {

enum class Code : std::uint8_t {
#define REFEREE_CODE(id, name, severity, strict, cites, what) id,
#include "codes.def"
#undef REFEREE_CODE
};
inline constexpr int kCodeCount = 0
#define REFEREE_CODE(id, name, severity, strict, cites, what) +1
#include "codes.def"
#undef REFEREE_CODE
    ;

// What a finding cites when no rule of the game applies: the section of the project's pages that
// defines what was checked, as docs/PAGE.md#ANCHOR with the anchor GitHub gives its heading (a
// director who cloned the repository has them), or the general ruling (G2 ...) that decides it
// (docs/rulings.md). tests/parser/core/test_doc_citations.cpp checks that each resolves.
namespace cite {
inline constexpr std::string_view kHeader = "docs/move-log.md#header-records";
inline constexpr std::string_view kSequence = "docs/move-log.md#sequence-records";
inline constexpr std::string_view kUnits = "docs/move-log.md#unit-records";
inline constexpr std::string_view kAreas = "docs/move-log.md#area-and-track-records";
inline constexpr std::string_view kClaims = "docs/move-log.md#results-and-claims";
inline constexpr std::string_view kSnapshot = "docs/xml-save.md#the-snapshot";
inline constexpr std::string_view kSnapshotAlone = "docs/xml-save.md#a-save-without-its-log";
inline constexpr std::string_view kCommandLine = "docs/report.md#command-line";
inline constexpr std::string_view kBatch = "docs/report.md#a-tournaments-batch";  // a batch's findings (issue 17)
inline constexpr std::string_view kScenarioFile = "docs/scenario-format.md#errors";
inline constexpr std::string_view kVassalBinding = "docs/scenario-format.md#vassal-vassal-binding";
inline constexpr std::string_view kMoveLog = "docs/move-log.md#syntax-errors";  // a reader's diagnostic, by the input's format
inline constexpr std::string_view kXmlSave = "docs/xml-save.md#reading-a-save";
inline constexpr std::string_view kVassal = "docs/vassal.md#judging-a-vassal-game";
inline constexpr std::string_view kAudit = "docs/vassal.md#the-audit";
}  // namespace cite

struct CodeInfo {
    Code code;
    std::string_view name;   // "path-gap"
    Severity severity;       // by default
    bool strict;             // --strict makes it an error (the rule warnings; not a reader's warnings)
    std::string_view cites;  // by default (a check that applies a game rule cites that rule instead)
    std::string_view what;   // what it means, in one line
};

const CodeInfo& code_info(Code c);
inline std::string_view code_name(Code c) { return code_info(c).name; }
// The severity a finding of code `c` takes, with --strict or without.
inline Severity severity_of(Code c, bool strict) {
    const CodeInfo& i = code_info(c);
    return strict && i.strict ? Severity::Error : i.severity;
}
// Every code, in the order of the enum (for docs and tests).
const CodeInfo* code_table();

}  // namespace referee
