// What a module offers a binding's author besides its maps (docs/vassal-modules.md, "Showing a
// module"): the piece slots of its palettes, at-start stacks and decks, each with the prototypes it
// uses and the properties its Marker, DynamicProperty and Layer traits set (its prototypes'
// traits included), and the module's global properties. Read only when asked (LoadOptions): the
// checks never need it.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace referee::vassal {

// A property a slot's traits set, with every value they give it (distinct, in trait order,
// outermost first): a Marker's value, a DynamicProperty's initial value, a Layer's levels.
struct SlotProperty {
    std::string name;
    std::vector<std::string> values;
};

struct PieceSlotDef {
    std::string class_name;                 // PieceSlot, CardSlot, as written
    std::string name;                       // the slot's entryName, else the piece's name
    std::string piece_name;                 // the BasicPiece's name, or a basicName trait's
    std::string gpid;                       // the gpid attribute, else the BasicPiece's; "" when none
    std::string where;                      // the palette, map or deck above it: "Counters > Units"
    std::vector<std::string> prototypes;    // every prototype it uses, directly or through another, in order of use
    std::vector<std::string> missing_prototypes;   // named by a prototype trait, defined nowhere
    bool prototype_cycle = false;           // a prototype that uses itself (directly or not) was cut there
    bool prototype_too_deep = false;        // prototypes nested deeper than max_prototype_depth were cut
    bool properties_cut = false;            // more properties or values than the caps: the rest left out
    std::vector<SlotProperty> properties;
};

// A GlobalProperty (or a ZoneProperty, a GlobalProperty of a zone): `container` is "Module", the
// map's id, or "map:zone" (the shared FORMAT.md §3.4).
struct GlobalPropertyDef {
    std::string name;
    std::string initial_value;
    std::string container;
    bool numeric = false;
};

// The caps (real modules have a few thousand slots, each with a few dozen properties).
inline constexpr std::size_t max_catalog_slots = 10000;
inline constexpr std::size_t max_slot_properties = 256;
inline constexpr std::size_t max_property_values = 64;
inline constexpr std::size_t max_slot_prototypes = 256;
inline constexpr int max_prototype_depth = 32;
inline constexpr std::size_t max_catalog_properties = 10000;
// A slot's or prototype's text longer than this is not read (the longest real one is 26 kB).
inline constexpr std::size_t max_definition_bytes = 1u << 20;

struct Catalog {
    bool read = false;                      // LoadOptions::catalog was asked
    std::vector<PieceSlotDef> slots;
    std::size_t slots_left_out = 0;         // beyond max_catalog_slots, or the reading budget
    std::size_t prototype_definitions = 0;  // PrototypeDefinition elements
    std::vector<GlobalPropertyDef> properties;
    std::size_t properties_left_out = 0;
};

}  // namespace referee::vassal
