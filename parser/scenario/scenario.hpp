// A scenario: the rules of one game as data (sides, sequence of play, map, order of battle,
// holdings, exits, victory points and tests). Read from XML by parser/scenario/scenario_reader.cpp
// and its section readers (section_*.cpp); the format is docs/scenario-format.md. Names are
// resolved to indices by the reader, so the engine works on indices only.
#pragma once

#include "record.hpp"  // ObjectiveKind (move-log.md's objective kinds)
#include "text.hpp"    // iequals
#include "hexmap.hpp"
#include "vassal_binding.hpp"

#include <climits>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace referee {

using SideId = std::int32_t;  // index into Scenario::sides; -1: none
inline constexpr SideId kNoSide = -1;
// In a sequence step of an alternating game (Scenario::alternate_turns): the side whose turn it is.
inline constexpr SideId kPhasingSide = -2;

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
    bool from_file = false;  // given (or replaced) by a scenario file, not a built-in's own
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
    std::int64_t ma = -1;            // movement allowance in MP (G7); -1: none (its type's, if the scenario gives one)
};

struct InitialHold {
    LocId loc = kNoLoc;
    SideId side = kNoSide;
};

// A road or trail of the map: a chain of adjacent hexes. Roads meet (a junction) where they share
// a hex. A step between two hexes follows a road when they are consecutive in some road's chain.
struct LeavesAt {
    LocId hex = kNoLoc;   // a hex of the road on the map's edge
    Edge edge = Edge::North;  // the edge it leaves by
};
struct Road {
    std::string name;
    bool trail = false;
    std::vector<LocId> hexes;      // in order; consecutive hexes are adjacent
    std::vector<LeavesAt> leaves;  // where the road leaves the map (none: it stays on the map)
};

// --- Movement points (G7): the map's terrain costs (<terrain>) and the rules that spend them
// (<movement-points>). Costs are exact fractions of a movement point. --------------------------
struct Mp {
    std::int64_t num = 0;
    std::int64_t den = 1;  // > 0; num/den in lowest terms
};

// A kind of terrain the scenario names ("clear", "woods", "ford"): of a hex (entering it costs
// `cost`) or of a hexside (crossing it adds `cost` to the hex entered).
struct TerrainKind {
    std::string name;  // matched case-insensitively
    Mp cost;
    bool hexside = false;
};
struct TerrainHexside {
    LocId a = kNoLoc, b = kNoLoc;  // adjacent
    std::int32_t kind = -1;        // index into Terrain::kinds (a hexside kind)
};
struct Terrain {
    bool declared = false;               // the scenario gives the map's costs; false: movement points are not checked
    std::vector<TerrainKind> kinds;
    std::vector<std::int32_t> hex_kind;  // per LocId: index into kinds (the default kind where no <hex> names it)
    std::vector<TerrainHexside> hexsides;
    // A step between consecutive hexes of a road (trail) of Scenario::roads costs this instead of
    // the terrain and the hexside, when given.
    bool has_road_cost = false, has_trail_cost = false;
    Mp road_cost, trail_cost;
};
struct TypeAllowance {
    std::string type;  // matched case-insensitively with a unit's type
    std::int64_t ma = 0;
};
// A rule whose terrain the map must give as hexsides of `kind` (Cemetery Hill 14.6: the creek is
// fords along its whole length); while the terrain has none, the report names the rule as not modelled.
struct NeededHexsides {
    std::string kind;
    std::string rule;
    std::string what;
};
struct MovementRules {
    std::string rule;                       // cited by `movement-points`; empty: G7
    std::vector<TypeAllowance> allowances;  // by unit type, for units without their own
    bool has_enter_cost = false, has_exit_cost = false;
    Mp enter_cost, exit_cost;               // entering the map (14.32), leaving it (14.4, 17.3)
    std::string enter_rule, exit_rule;
    std::vector<NeededHexsides> needs;
    // The denominator every cost of the scenario (terrain and these) is a whole multiple of.
    std::int64_t denominator = 1;
};

// The road networks of the map (R3, C3): roads and trails joined at junctions (a hex two of them
// share), so that a road "which in turn exits the map" at a hex, or "leads off" an edge, is any road
// or trail of a network one of whose roads leaves there. A road that meets no other is a network of
// its own. Worked out once, when the scenario is read (after <roads>: the base's roads and the
// file's), so that a game only looks them up.
struct RoadNetworks {
    std::vector<std::int32_t> of_road;          // per road (index into Scenario::roads): its network
    std::vector<std::int32_t> of_loc;           // per location: the network of the roads through it, -1: none
                                                // (empty when the scenario has no roads)
    std::vector<std::vector<LeavesAt>> leaves;  // per network: where its roads leave the map (each place once)
    std::size_t size() const { return leaves.size(); }
    std::int32_t of(LocId l) const { return l < 0 || static_cast<std::size_t>(l) >= of_loc.size() ? -1 : of_loc[static_cast<std::size_t>(l)]; }
};

// Zones of control: each unit of combat strength > 0 on the map controls its neighbours. A unit
// that enters an enemy-controlled hex stops there for the rest of the phase (`zoc` otherwise).
struct ZonesOfControl {
    bool enabled = false;
    std::string rule;
};

// At most `limit` units of one side in a location at the end of a phase (not at setup).
struct Stacking {
    std::int32_t limit = 0;  // 0: no limit
    std::string rule;
};

// A published arrival: `side`'s reinforcements enter on `turn` at `at`.
struct Arrival {
    SideId side = kNoSide;
    std::int32_t turn = 0;
    LocId at = kNoLoc;
};

struct Reinforcements {
    bool declared = false;
    std::string rule;           // cited by reinforcement-early / -location / -late (14.33)
    std::string schedule_rule;  // cited when a unit's enters/enters-at is not a published arrival (14.34)
    std::vector<Arrival> schedule;  // empty: any turn and hex a unit declares
    // A reinforcement due on or before this turn must enter on its turn (`reinforcement-late`);
    // after it, entering later than scheduled is allowed (C6). 0: always allowed.
    std::int32_t optional_after_turn = 0;
    // Per side (index = SideId): the edges where a late reinforcement may enter instead of its
    // scheduled hex, on a road hex of those edges (C6). Empty for a side: only its own hex.
    std::vector<std::vector<Edge>> alternate_edges;
};

// Victory points, each item citing its rule.
enum class PointsKind : std::uint8_t {
    Start,        // `points` to `side` at the start (17.3: the Confederates' 4 points)
    Elimination,  // `per_sp` x enemy combat SP eliminated, to `side` (kNoSide: each side)
    Exit,         // `per_sp` x own SP exited (from `locs` when non-empty), to `side` (kNoSide: each side)
    Occupation,   // `per_hex` for each of `locs` the side holds at the game's end (kNoSide: each side)
    Bonus,        // `value` to `side` when its conditions hold (21.11 supply wagon, 21.12 train bonuses)
    Trace,        // `value` per SP of each unit of `units_of` on the map at the end that cannot trace (14.51, 21.22)
    ExitLead,     // at the end of each player-turn of `each_turn_of`: `value` x (own exited units of
                  // `unit_types` - the enemy's), when positive (14.53)
};

// A condition on a points rule (all of a rule's conditions must hold).
enum class RequireKind : std::uint8_t {
    Role,  // a unit with `role` has one of `statuses` (exited: at one of `at`, when given)
    Line,  // the scoring side has a line of communications from `from` to `to` along roads (21.21, R2)
};
enum class RoleStatus : std::uint8_t { OnMap, Exited, Eliminated, NeverEntered };
struct Require {
    RequireKind kind = RequireKind::Role;
    std::string role;                    // "train"
    std::vector<RoleStatus> statuses;    // any of them
    std::vector<LocId> at;               // Exited: where (empty: anywhere)
    LocId from = kNoLoc, to = kNoLoc;    // Line
    std::string rule;                    // "21.21": cited when the map data to judge it is missing
};

enum class TraceZoc : std::uint8_t {
    Ignored,              // enemy zones of control do not matter (21.22, R3)
    BlocksUnlessFriendly, // a hex in an enemy ZOC may be entered only if a friendly unit stands there (C3)
};

enum class When : std::uint8_t { Play, End };  // scored as play goes, or only at the game's end

struct PointsRule {
    PointsKind kind = PointsKind::Start;
    SideId side = kNoSide;
    Value value;                // points, per SP or per hex by kind
    std::vector<LocId> locs;    // Exit: exit hexes that count (empty: all); Occupation: the hexes
    std::string rule;           // "17.11"
    std::string what;           // short description for the report ("starting points for a previous exit")
    bool per_unit = false;      // Exit: value per unit exited instead of per SP (21.12 item 1)
    When when = When::Play;     // End: left out of provisional standings (Occupation, Trace: always End)
    std::vector<Require> requires_;
    // Trace:
    SideId units_of = kNoSide;         // whose units trace (kNoSide: the enemy of `side`)
    std::vector<LocId> to_roads_leaving_at;  // target: any hex of a road that leaves the map at one of these
    std::vector<Edge> to_roads_leaving_edge; // ... or by one of these edges
    std::int32_t max_length = 0;       // steps; 0: any length
    TraceZoc zoc = TraceZoc::Ignored;
    // ExitLead:
    std::vector<std::string> unit_types;  // which exited units count (empty: all)
    SideId each_turn_of = kNoSide;        // scored at the end of each of this side's player-turns
};

// Victory levels by the ratio of two sides' points (14.5, C2), exact by cross-multiplication.
enum class LevelTest : std::uint8_t { AtLeast, Above, Otherwise };
struct VictoryLevel {
    SideId winner = kNoSide;
    std::string name;  // "Decisive"
    LevelTest test = LevelTest::Otherwise;
    std::int64_t num = 1, den = 1;  // the ratio a:b compared with
};
struct Levels {
    SideId num_side = kNoSide, den_side = kNoSide;  // ratio num_side points : den_side points
    std::int64_t zero_num = 1, zero_den = 1;        // both totals 0 count as this ratio (C2: 1:1)
    std::vector<VictoryLevel> levels;                // first that matches; the last is Otherwise
    std::string rule;
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
    Levels,       // the victory level table (Scenario::levels) gives winner and level
    SuddenDeath,  // victory banners: a side wins the moment it reaches its target (B1); no end-of-game scoring
    Factions,     // faction margins (Scenario::faction_victory): checks in a phase, final margins and ranking
};

// A victory-banner objective (Commands & Colors), as the move log's `objective` record gives it.
struct ObjectiveDef {
    ObjectiveKind kind = ObjectiveKind::Temporary;
    SideId side = kNoSide;        // the side it counts for; kNoSide: any side
    std::vector<LocId> locs;      // one hex, or the hexes of a group
    std::int32_t banners = 1;     // banners it is worth
    SideId held_by = kNoSide;     // a banner held at the start (kNoSide: none)
    std::string name;             // for people ("Hougoumont"); may be empty
    std::string rule;             // cited in the report (the battle's notes, or the kind's ruling)
};

// Banners for eliminations (B2): one per enemy unit eliminated (leaders included); none for a
// unit with one of `no_banner_roles`.
struct EliminationBanners {
    bool enabled = false;
    std::vector<std::string> no_banner_roles;  // "garrison"
    std::string rule;                          // "B2"
};

struct Exits {
    bool allowed = false;
    std::vector<LocId> locs;        // allowed exit hexes (empty with allowed and no edges: any map-edge hex)
    std::vector<Edge> edges;        // also any hex on these edges (14.4: east or south)
    std::vector<std::string> unit_types;  // empty: any type may exit
    PhaseKind phase = PhaseKind::Movement;  // only in the side's own phase of this kind
    std::string rule;
};

enum class RetreatOffMap : std::uint8_t {
    Eliminated,  // allowed; the unit is eliminated (Marye's Heights 17.3, M3)
    Forbidden,   // `retreat-off-map` violation; the unit is treated as eliminated (Cemetery Hill, C5)
};

// --- Area games with factions (Liberty or Death, issue 5) ------------------------------------
// An area map's spaces carry a type and a population; each has a support level (-2..2, the
// SupportLevel of record.hpp); cities may be blockaded. Each side of the scenario is then a
// faction, grouped into the rules' two sides (`Scenario::groups`). Pieces belong to factions, lie
// in spaces, and some count as casualties on a track. Tracks are either set by `track` records
// (Free) or derived by the engine. Each faction has conditions on the tracks, checked in a phase
// and netted at the game's end.
enum class SpaceType : std::uint8_t { None, City, Colony, Reserve, Box };
const char* space_type_name(SpaceType t);  // "city", "colony", "reserve", "box", "none"

struct SpaceDef {
    SpaceType type = SpaceType::None;
    std::int32_t population = 0;
    bool support_allowed = true;  // false: the space never has Support or Opposition (1.6.1)
    std::int8_t support = 0;      // starting level, -2..2
    bool blockaded = false;       // at the start
};

struct StartPieces {
    SideId faction = kNoSide;
    Piece piece = Piece::Regular;
    LocId space = kNoLoc;
    std::int64_t count = 0;
};

enum class TrackDerive : std::uint8_t {
    Free,        // set by `track` records only
    Casualties,  // the sum of casualties the casualty rules send to it (plus `start`)
    Support,     // Total Support (L1): 2 x population at Active Support + population at Passive
    Opposition,  // Total Opposition, likewise
    Pieces,      // the number of `faction`'s `piece` on the map
};
struct TrackDef {
    std::string name;   // "cbc" (matched case-insensitively with `track` records and snapshots)
    std::string title;  // "Cumulative British Casualties"
    TrackDerive derive = TrackDerive::Free;
    SideId faction = kNoSide;      // Pieces
    Piece piece = Piece::Regular;  // Pieces
    std::int64_t start = 0;        // Free and Casualties: the value at the start
    std::string rule;
};

// Which pieces sent to the Casualties box count, and on which track (L2). Any other piece sent
// there is `not-casualty`.
struct CasualtyDef {
    SideId faction = kNoSide;
    Piece piece = Piece::Regular;
    std::int32_t track = -1;  // index into Scenario::tracks
};

struct TreatyDef {
    bool declared = false;
    std::string card;          // "109": playing it is the treaty
    bool played = false;       // at the start (the 1778 scenario)
    std::string param;         // "treaty-played": a yes/no parameter that also plays it
    std::string rule;          // "L3"
};

// One victory condition: value = sum(plus) - sum(minus) + offset. At a check it holds when the
// value is above `above` (margin value - above, positive when it holds); at the end its margin is
// the value itself (7.3: "without the -10").
struct ConditionDef {
    std::vector<std::int32_t> plus, minus;  // indices into Scenario::tracks
    std::int64_t offset = 0;
    std::int64_t above = 0;
    std::string what;  // "Support exceeds Opposition by more than 10"
};
struct FactionVictoryDef {
    SideId faction = kNoSide;
    std::vector<ConditionDef> conditions;  // all must hold at a check
    bool requires_treaty = false;          // cannot win without the treaty, and ranks last without it
};
struct FactionVictory {
    bool enabled = false;
    std::vector<FactionVictoryDef> factions;  // one per side, in the order of the sides
    std::int32_t check_phase = -1;   // index into phases: the victory check at its start
    std::int32_t final_phase = -1;   // index into phases: final scoring when it ends in the last turn
    std::vector<SideId> tie_order;   // ties between factions; Non-players always come first
    std::vector<SideId> one_player_tie_order;  // 8.8: which Non-player wins a tie against another
    std::string check_rule;       // "7.2"
    std::string final_rule;       // "7.3"
    std::string rank_rule;        // "7.1"
    std::string players_rule;     // "L5"
    std::string one_player_rule;  // "8.8"; empty: no one-player rule
};

struct Scenario {
    std::string id;     // "maryes-heights"
    std::string title;  // "Marye's Heights"
    std::string source_file;  // "<built-in>" or the path it was read from
    std::string source_sha256;  // a file's: the SHA-256 of its bytes (64 hex digits); "" for a built-in
    // A file that extends a built-in: what it gives of its own (the base's are replaced or merged):
    // its sections, and `turns` or `first-player` when it sets them, in the order of the format.
    std::vector<std::string> file_changes;
    std::vector<std::string> sides;  // order as declared
    std::vector<PhaseDef> phases;
    std::vector<SequenceStep> sequence;
    std::int32_t turns = 0;       // last game-turn; 0: no limit (games that end by banners or `end`)
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
    std::optional<Levels> levels; // with EndVictory::Levels
    std::vector<Road> roads;      // map data; empty: not known (traces that need it are not scored)
    RoadNetworks road_networks;   // the roads joined at junctions (from `roads` and the map)
    Terrain terrain;              // movement-point costs of the map (G7); not declared: not known
    MovementRules movement_points;
    ZonesOfControl zoc;
    Stacking stacking;
    Reinforcements reinforcements;
    std::vector<std::int32_t> night_turns;  // recorded (Road to Richmond 14.22); shown in positions
    std::string night_rule;
    std::string extends;          // the built-in scenario this one extends ("" none)
    // Victory banners (issue 4):
    bool sides_from_game = false; // the game's `side` records declare the sides (`sides` is empty)
    std::int32_t game_sides = 2;  // how many sides such a game declares
    bool alternate_turns = false; // each game-turn is one side's turn; sides alternate; the side of
                                  // the first `phase` record moves first; steps use kPhasingSide
    std::vector<ObjectiveDef> objectives;
    std::vector<std::int32_t> targets;  // per side (index SideId): banners to win; 0: none set
    EliminationBanners elimination_banners;
    // Area games with factions (issue 5): all empty / disabled for the hex games.
    std::string turns_param;            // "winter-quarters": a parameter that overrides `turns`
    std::vector<std::string> groups;    // per side: the rules' side it belongs to ("Royalist"); empty: none
    std::vector<std::vector<Piece>> faction_pieces;  // per side: the pieces it owns; empty: no pieces
    std::string pieces_rule;            // cited when a faction names a piece it does not own
    std::vector<SpaceDef> spaces;       // per LocId; empty: the map has no spaces (hex games)
    std::string support_rule;           // "L1"
    std::string blockade_rule;          // cited when a blockade names what is not a city
    std::vector<StartPieces> start_pieces;
    std::vector<TrackDef> tracks;
    std::vector<CasualtyDef> casualties;
    std::string casualty_rule;          // "L2"
    TreatyDef treaty;
    FactionVictory faction_victory;
    std::vector<ParamDef> params;
    std::vector<RulingDef> rulings;
    VassalBinding vassal;               // <vassal>: how a VASSAL module stands for this scenario

    // The units by id: indices into `units` in the order of their ids, made once the scenario is
    // read (index_units), so that a game's set-up binds its names with no table of its own.
    std::vector<std::int32_t> unit_order;
    void index_units();
    std::int32_t find_unit(std::string_view id) const;  // exact id; -1 when none (searched in turn if `units` changed since)

    SideId find_side(std::string_view name) const;  // case-insensitive; kNoSide when unknown
    std::int32_t find_track(std::string_view name) const;  // case-insensitive; -1 when unknown
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
    std::vector<ScenarioError> errors;  // at most kMaxKeptDiagnostics (record.hpp), sorted by place
    std::size_t errors_not_kept = 0;   // those found past them, only counted
    bool refused = false;  // a scenario file a game named that it may not use, refused unread (validator/check/scenario_lookup.cpp)
};

struct BuiltinScenario {
    std::string_view id;
    std::string_view xml;  // the embedded file
    std::string title() const;  // its root's title, on one line: read from the file when asked
};

// The file name a built-in scenario is read under (Scenario::source_file, ScenarioError::file).
inline constexpr std::string_view kBuiltinFile = "<built-in>";

// parser/scenario/builtins.cpp
const std::vector<BuiltinScenario>& builtin_scenarios();
ScenarioLoad read_scenario_xml(std::string_view xml, std::string file);
// A built-in id ("maryes-heights") or a path to a scenario file.
ScenarioLoad load_scenario(std::string_view id_or_path);
// The scenario file at `path` (a regular file only, opened without blocking), its errors naming it
// `shown` (the path as the game or the command line gave it).
ScenarioLoad load_scenario_file(const std::string& path, const std::string& shown);

// The words the scenario format gives a meaning where a side is named (each, none, first, second,
// any, phasing): no side may be called so (parser/scenario/scenario.cpp).
bool is_reserved_side_word(std::string_view s);

}  // namespace referee
