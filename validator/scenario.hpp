// A scenario: the rules of one game as data (sides, sequence of play, map, order of battle,
// holdings, exits, victory points and tests). Read from XML by parser/scenario_reader.cpp; the
// format is docs/scenario-format.md. Names are resolved to indices by the reader, so the engine
// works on indices only.
#pragma once

#include "hexmap.hpp"

#include <climits>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace referee {

using SideId = std::int32_t;  // index into Scenario::sides; -1: none
inline constexpr SideId kNoSide = -1;

enum class PhaseKind : std::uint8_t { Movement, Combat, Other };

struct PhaseDef {
    std::string name;  // "movement" (compared case-insensitively with the log)
    PhaseKind kind = PhaseKind::Other;
};

// One step of a game-turn's sequence of play: a phase, of a side or of none, in force on turns
// first_turn..last_turn. A game-turn runs the steps in order; steps not in force that turn are skipped.
struct SequenceStep {
    SideId side = kNoSide;
    std::int32_t phase = 0;  // index into Scenario::phases
    std::int32_t first_turn = 1;
    std::int32_t last_turn = INT_MAX;
};

// A number given in the scenario, or taken from a parameter ("param:exit-vp").
struct Value {
    std::int64_t literal = 0;
    std::string param;  // empty: the literal
};

struct ParamDef {
    std::string name;
    std::optional<std::string> default_value;  // none: unset unless the game or command line sets it
    std::string rule;                          // rule number it belongs to ("17.12")
    std::string description;
};

struct RulingDef {
    std::string id;    // "M1"
    std::string text;  // one line, in our own words
};

struct UnitDef {
    std::string id;
    SideId side = kNoSide;
    std::string type;           // "infantry", "cavalry", "artillery", "leader", "train" ...
    std::int64_t strength = 0;  // combat strength points
    LocId at = kNoLoc;          // on the map at setup; kNoLoc: off the map
    std::int32_t enters_turn = 0;  // reinforcement turn; 0: none
    LocId enters_at = kNoLoc;
    std::vector<std::string> roles;  // "train", "supply-wagon", "leader", "garrison"
    std::string source;              // where the data comes from (citation), for the docs only
};

struct InitialHold {
    LocId loc = kNoLoc;
    SideId side = kNoSide;
};

// Victory points, each item citing its rule.
enum class PointsKind : std::uint8_t {
    Start,        // `points` to `side` at the start (17.3: the Confederates' 4 points)
    Elimination,  // `per_sp` x enemy combat SP eliminated, to `side` (kNoSide: each side)
    Exit,         // `per_sp` x own SP exited (from `locs` when non-empty), to `side` (kNoSide: each side)
    Occupation,   // `per_hex` for each of `locs` the side holds at the game's end (kNoSide: each side)
};

struct PointsRule {
    PointsKind kind = PointsKind::Start;
    SideId side = kNoSide;
    Value value;                // points, per SP or per hex by kind
    std::vector<LocId> locs;    // Exit: exit hexes that count (empty: all); Occupation: the hexes
    std::string rule;           // "17.11"
    std::string what;           // short description for the report ("starting points for a previous exit")
};

// The automatic-victory test (Marye's Heights 17.0, ruling M1): after the last record of
// game-turn `after_turn`, `side` wins when its elimination points >= ratio x the enemy's,
// its points > 0 (when require_positive), and the enemy holds none of `enemy_holds_none`.
struct AutomaticVictory {
    SideId side = kNoSide;
    std::int32_t after_turn = 0;
    std::int64_t ratio = 1;
    bool require_positive = true;
    std::vector<LocId> enemy_holds_none;
    std::string rule;
};

enum class EndVictory : std::uint8_t {
    HigherTotal,  // the side with more points wins; equal totals: a draw
};

struct Exits {
    bool allowed = false;
    std::vector<LocId> locs;        // allowed exit hexes (empty with allowed: any map-edge hex)
    std::vector<std::string> unit_types;  // empty: any type may exit
    PhaseKind phase = PhaseKind::Movement;  // only in the side's own phase of this kind
    std::string rule;
};

enum class RetreatOffMap : std::uint8_t {
    Eliminated,  // allowed; the unit is eliminated (Marye's Heights 17.3, M3)
    Forbidden,   // `retreat-off-map` violation; the unit is treated as eliminated (Cemetery Hill, C5)
};

struct Scenario {
    std::string id;     // "maryes-heights"
    std::string title;  // "Marye's Heights"
    std::string source_file;  // "<built-in>" or the path it was read from
    std::vector<std::string> sides;  // order as declared
    std::vector<PhaseDef> phases;
    std::vector<SequenceStep> sequence;
    std::int32_t turns = 0;       // last game-turn
    SideId first_player = kNoSide;
    Map map;
    std::vector<UnitDef> units;
    std::vector<InitialHold> holds;
    std::string holding_rule;     // rule number for holding ("17.2")
    Exits exits;
    RetreatOffMap retreat_off_map = RetreatOffMap::Eliminated;
    std::string retreat_rule;     // "17.3"
    std::vector<PointsRule> points;
    std::optional<AutomaticVictory> automatic;
    EndVictory end_victory = EndVictory::HigherTotal;
    std::string end_rule;         // "17.0"
    std::vector<ParamDef> params;
    std::vector<RulingDef> rulings;

    SideId find_side(std::string_view name) const;  // case-insensitive; kNoSide when unknown
    SideId enemy_of(SideId s) const { return sides.size() == 2 ? 1 - s : kNoSide; }
    std::int32_t find_phase(std::string_view name) const;  // case-insensitive; -1 when unknown
    const ParamDef* find_param(std::string_view name) const;
};

// A scenario file's problem: file, line and column (1-based), and what is wrong.
struct ScenarioError {
    std::string file;
    std::uint32_t line = 0;
    std::uint32_t col = 0;
    std::string message;
};

struct ScenarioLoad {
    std::optional<Scenario> scenario;  // empty when errors is not empty
    std::vector<ScenarioError> errors;
};

struct BuiltinScenario {
    std::string_view id;
    std::string_view title;
    std::string_view xml;  // the embedded file
};

// parser/scenario_reader.cpp
const std::vector<BuiltinScenario>& builtin_scenarios();
ScenarioLoad read_scenario_xml(std::string_view xml, std::string file);
// A built-in id ("maryes-heights") or a path to a scenario file.
ScenarioLoad load_scenario(std::string_view id_or_path);

bool iequals(std::string_view a, std::string_view b);

}  // namespace referee
