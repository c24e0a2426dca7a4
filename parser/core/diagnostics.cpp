#include "diagnostics.hpp"

namespace referee {

namespace {

using enum Code;
constexpr Severity E = Severity::Error;
constexpr Severity W = Severity::Warning;

// One row a code, in the order of the enum (checked at compile time below).
constexpr CodeInfo kTable[kCodeCount] = {
    {Syntax, "syntax", E, false, cite::kMoveLog, "a line or element that fits no record, or input that is not text of the format"},
    {UnknownElement, "unknown-element", W, false, cite::kXmlSave, "an XML element the save format does not have (ignored)"},
    {UnknownAttribute, "unknown-attribute", W, false, cite::kXmlSave, "an XML attribute the element does not have (ignored)"},
    {Unreadable, "unreadable", E, false, cite::kCommandLine, "a file that cannot be read, or is not a file"},
    {NotAGameRecord, "not-a-game-record", E, false, cite::kBatch, "a file that is plainly not a move log, an XML save or a VASSAL game (binary, a PDF, a scenario file...)"},
    {UnknownScenario, "unknown-scenario", E, false, cite::kCommandLine, "no scenario named, or one that is neither built in nor a readable file"},
    {ScenarioFile, "scenario-file", E, false, cite::kScenarioFile, "a scenario file with an error, or one a game may not name (refused unread)"},
    {BadValue, "bad-value", E, false, cite::kHeader, "a parameter, objective or target whose value cannot be used"},
    {SideDeclaration, "side-declaration", E, false, cite::kHeader, "sides or players declared in a way the scenario cannot take"},
    {VassalBinding, "vassal-binding", E, false, cite::kVassalBinding, "a VASSAL game that cannot be turned into records: checked without its module, or a <vassal> binding that cannot stand for it"},
    {UnknownUnit, "unknown-unit", E, false, cite::kUnits, "a unit (or piece) the scenario and the set-up do not have"},
    {UnknownLocation, "unknown-location", E, false, cite::kUnits, "a location that is not on the scenario's map"},
    {UnknownSide, "unknown-side", E, false, cite::kHeader, "a side the scenario does not have"},
    {UnknownPhase, "unknown-phase", E, false, cite::kSequence, "a phase the scenario does not have"},
    {UnknownParam, "unknown-param", E, false, cite::kHeader, "a parameter the scenario does not have"},
    {UnknownTrack, "unknown-track", E, false, cite::kAreas, "a track the scenario does not have"},
    {NotInScenario, "not-in-scenario", E, false, cite::kAreas, "a record that has no meaning in the scenario"},
    {HeaderOrder, "header-order", E, false, cite::kHeader, "a header record after the first turn, or a game record not first"},
    {TurnOrder, "turn-order", E, false, cite::kSequence, "turns not 1, 2, 3...; a phase out of the sequence of play"},
    {TurnLimit, "turn-limit", E, false, cite::kSequence, "a turn beyond the scenario's last"},
    {AfterEnd, "after-end", E, false, "G3", "a record after the game was over"},
    {NotPhasing, "not-phasing", E, false, "G2", "a unit of the side not in its player-turn moves, enters or exits"},
    {WrongPhase, "wrong-phase", E, false, cite::kUnits, "a move, entry or exit outside the movement phase; a retreat or advance outside combat"},
    {NotOnMap, "not-on-map", E, false, cite::kUnits, "a unit or piece acts that is not on the map"},
    {AlreadyOnMap, "already-on-map", E, false, cite::kUnits, "an entry of a unit that is already on the map"},
    {PathStart, "path-start", E, false, cite::kUnits, "a path (or exit) that does not start where the unit is"},
    {PathGap, "path-gap", W, true, cite::kUnits, "two consecutive locations of a path that are not adjacent"},
    {EnemyOccupied, "enemy-occupied", E, false, cite::kUnits, "a path or entry into a location that holds an enemy unit"},
    {Zoc, "zoc", E, false, cite::kUnits, "a unit moves on after entering an enemy zone of control"},
    {MovementPoints, "movement-points", E, false, "G7", "a unit spends more movement points in one movement phase than its allowance"},
    {Stacking, "stacking", E, false, cite::kUnits, "more units of a side in a location than the scenario allows, at the end of a phase"},
    {ExitLocation, "exit-location", E, false, cite::kUnits, "an exit from a location the rules do not allow"},
    {ExitUnitType, "exit-unit-type", E, false, cite::kUnits, "an exit by a unit type the rules do not allow to exit"},
    {Reentry, "reentry", E, false, cite::kUnits, "a unit that exited or was eliminated comes back on the map"},
    {RetreatOffMap, "retreat-off-map", E, false, cite::kUnits, "a retreat off the map where the rules forbid it"},
    {ReinforcementEarly, "reinforcement-early", E, false, cite::kHeader, "a reinforcement enters before its turn"},
    {ReinforcementLocation, "reinforcement-location", E, false, cite::kHeader, "a reinforcement enters, or is declared to enter, where its schedule does not allow"},
    {ReinforcementLate, "reinforcement-late", E, false, cite::kHeader, "a reinforcement that had to enter on its turn did not"},
    {BadCount, "bad-count", E, false, cite::kUnits, "a strength or count that cannot be (negative, zero where one is needed)"},
    {NotCasualty, "not-casualty", E, false, cite::kAreas, "a piece sent to the Casualties box that never counts as a casualty"},
    {NoSupport, "no-support", E, false, cite::kAreas, "a support level for a space that is always neutral"},
    {Blockade, "blockade", E, false, cite::kAreas, "a blockade of what is not a city, or before blockades are possible"},
    {DerivedTrack, "derived-track", E, false, cite::kAreas, "a track record for a track the position derives"},
    {ClaimMismatch, "claim-mismatch", E, false, cite::kClaims, "a claim of the players that differs from what the record gives"},
    {SnapshotMismatch, "snapshot-mismatch", E, false, cite::kSnapshot, "a save's snapshot that differs from the replay of its log, names what the scenario does not have, or a game-turn past its last"},
    {Incomplete, "incomplete", W, true, "G5", "the record stops before the game is over"},
    {UnverifiedScore, "unverified-score", W, true, cite::kSnapshotAlone, "a score taken from a save's snapshot, with no log to recompute it"},
    {ScoreOverflow, "score-overflow", E, false, "G4", "a score, count or track past 64 bits: no result"},
    {UndoAfterRoll, "undo-after-roll", W, true, cite::kAudit, "a VASSAL undo that takes back a step which rolled dice"},
    {UndoAfterReveal, "undo-after-reveal", W, true, cite::kAudit, "a VASSAL undo that takes back a step which revealed a hidden piece"},
    {ChainBreak, "chain-break", E, false, cite::kAudit, "a VASSAL log of a --chain that does not begin where the one before it ended"},
    {ModuleVersion, "module-version", W, false, cite::kVassal, "a VASSAL module whose version is not the one the binding was written for"},
    {VassalUnread, "vassal-unread", W, false, cite::kVassal, "a VASSAL step or value the binding turns into no record (a phase it does not list...)"},
    {Duplicate, "duplicate", W, false, cite::kBatch, "a file of a batch that holds the same game (records or bytes) as an earlier one, which it names"},
};

constexpr bool in_order() {
    for (int i = 0; i < kCodeCount; ++i)
        if (static_cast<int>(kTable[i].code) != i) return false;
    return true;
}
static_assert(in_order(), "diagnostics.cpp: one row a code, in the order of enum Code");

}  // namespace

const CodeInfo& code_info(Code c) { return kTable[static_cast<int>(c)]; }
const CodeInfo* code_table() { return kTable; }

}  // namespace referee
