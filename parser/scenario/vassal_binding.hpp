// How a VASSAL module's pieces, maps, trackers and dice stand for a scenario's units, locations,
// turns, phases and rolls: the <vassal> section of a scenario file (docs/scenario-format.md,
// "VASSAL binding"; vassal.md, "Judging a VASSAL game"). Plain data, read by
// parser/scenario/section_vassal.cpp; the conversion of a VASSAL game into records reads it.
//
// Patterns. Every pattern of a binding is literal text with fields in braces, matched against a
// whole text (a piece's name, a location name, a chat line, a property's value): `{side}`,
// `{unit}`, `{type}`, `{strength}`, `{turn}`, `{phase}`, `{col}`, `{row}`, `{player}`, `{text}`
// capture; `{*}` matches anything (nothing included) and keeps nothing; `{{` and `}}` are a literal
// brace. A field matches one or more characters; the shortest match that lets the rest of the
// pattern match is taken. No regular expressions: a pattern's work is bounded by its text's length
// times the pattern's length (parser/core/pattern.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace referee {

// Where one attribute of a piece comes from. Exactly one of the sources is set; none at all: not
// read (a default applies where the binding says so).
struct VassalValueSource {
    std::string property;   // a Marker, DynamicProperty or Label property's key ("Side")
    std::string layer;      // a Layer trait's name ("Step"): the value is the active level's name
                            // ("" when none is active), or its index with layer_index
    bool layer_index = false;
    std::string pattern_field;  // the piece's name, by VassalPieces::name_pattern's field ("side")
    // Values as the module writes them -> as the scenario wants them ("Rebel" -> "Confederate",
    // for strength "Full" -> "4"). A value not listed is taken as it is.
    std::vector<std::pair<std::string, std::string>> values;
    bool set() const { return !property.empty() || !layer.empty() || !pattern_field.empty(); }
};

// A piece chosen by what it is rather than by its name (modules give many counters one name): its
// palette slot (gpid), a prototype its slot uses (read from the module's piece slots), or a
// property's value.
struct VassalPieceSelector {
    enum class By : std::uint8_t { gpid, prototype, property };
    By by = By::gpid;
    std::string key;    // the gpid, the prototype's name, or the property's name
    std::string value;  // the property's value
};

// A unit named for one piece, or for every piece of one palette slot: `<piece id="..." unit="U"/>`,
// `<piece gpid="..." unit="U"/>`.
struct VassalPieceUnit {
    std::string piece_id, gpid;  // one of the two
    std::string unit;
};

struct VassalPieces {
    std::string name_pattern;  // a pattern over the piece's name ("{unit} ({side})"); "": none
    VassalValueSource side, unit, type, strength;  // unit: default the piece's name
    // A piece is a unit when its side can be read and, when `only` is given, it matches one of
    // these patterns (over its name); pieces matched by `ignore` are never units (markers, cards,
    // counters of tracks). A piece that is not a unit is left out of the game.
    std::vector<std::string> only, ignore;
    std::vector<VassalPieceSelector> only_by, ignore_by;  // the same, by gpid, prototype or property
    std::vector<VassalPieceUnit> units;                   // before `unit`: a piece's or a slot's unit id
};

// A map, or a zone of a map (`map:zone`, as VASSAL names a zone's location), standing for a box.
struct VassalPlace {
    std::string map;
    std::string zone;  // "": the whole map
};

struct VassalLocations {
    std::string map;   // the game map's VASSAL name ("Main Map")
    // Location names: VASSAL's name is the scenario's id unless a rewrite matches it; the first
    // rewrite whose `from` pattern matches the whole name gives `to` with its fields filled in
    // ("{col}.{row}" -> "{col}{row}"). Explicit pairs (VASSAL name -> id) come before rewrites.
    std::vector<std::pair<std::string, std::string>> rewrites;  // from pattern, to template
    std::vector<std::pair<std::string, std::string>> names;     // VASSAL name, scenario id
};

// Where game-turns and phases are read from. One source for the turn and one for the phase; the
// phase's value is matched against `phases` (VASSAL's text -> the record's "SIDE NAME" or "NAME").
struct VassalTurns {
    enum class Source : std::uint8_t { none, tracker, property, chat };
    Source turn_source = Source::none, phase_source = Source::none;
    std::string tracker;        // the TurnTracker's name (tracker)
    std::int32_t turn_level = 0, phase_level = 1;  // tracker: which of its levels (0-based)
    // tracker: a level naming the side, when the phase level names only the stage ("Union" and
    // "Movement"): the phase's text is the two joined by a space ("Union Movement"). -1: none.
    std::int32_t phase_side_level = -1;
    // Alternating turns: the side whose game-turn it is, by the turn's number (the first on turn 1,
    // the second on turn 2, ...), put before the phase's text read from any source. Empty: none.
    std::vector<std::string> sides_by_turn;
    std::string turn_property, phase_property;     // property: a global property's name
    std::string turn_chat, phase_chat;             // chat: patterns with {turn}, {phase} ({side})
    std::vector<std::pair<std::string, std::string>> phases;  // VASSAL's phase text -> "Union movement"
};

struct VassalDice {
    std::string button;  // a DiceButton's name in the module
    std::string side;    // "": any side (the player who rolled, when the roster says)
    std::string dice;    // the `roll` record's dice word ("2d6"); "": the button's own ("NdS")
};

struct VassalBinding {
    bool declared = false;     // the scenario has a <vassal> section
    std::string module_name;   // the module it was written for
    std::string module_version;  // "": any (no version warning)
    VassalLocations locations;
    VassalPieces pieces;
    std::vector<VassalPlace> eliminated, exited, pool;
    VassalTurns turns;
    std::vector<VassalDice> dice;
    // The chat patterns of typed chat ("{player} - {text}"; VASSAL's default when empty).
    std::string chat_pattern;
    std::string source_line;   // "file:line" of the <vassal> element, for messages
    // "file:line:col" of the parts a module must have, for the errors found when a game is converted.
    std::string module_at, map_at, tracker_at, turn_level_at, phase_level_at, phase_side_level_at;

    // A prototype selector needs the module's piece slots (vassal::LoadOptions::catalog).
    bool needs_module_catalog() const {
        for (const auto* list : {&pieces.only_by, &pieces.ignore_by})
            for (const VassalPieceSelector& s : *list)
                if (s.by == VassalPieceSelector::By::prototype) return true;
        return false;
    }
};

}  // namespace referee
