// A piece's type and state: a chain of traits, outermost first, ending in the BasicPiece (the
// shared FORMAT.md §4). What referee reads of it: the name, the map and position, the palette
// slot (gpid), the properties a director or a scenario binding can use (Marker, DynamicProperty,
// the active level of a Layer, a Label), the BasicPiece's persistent properties (OldLocationName
// and the rest) and whether a Mask or Invisible trait hides it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace referee::vassal {

struct Property {
    std::string key;
    std::string value;
    friend bool operator==(const Property&, const Property&) = default;
};

struct PieceView {
    std::string name;                     // the BasicPiece's name, or a basicName trait's
    std::string map;                      // the BasicPiece's map id; "" when null
    long long x = 0, y = 0;
    std::string gpid;
    std::vector<Property> properties;     // Marker, DynamicProperty, Layer, Label, in trait order
    std::vector<Property> persistent;     // the BasicPiece's own (OldLocationName, OldX, ...)
    bool hidden = false;                  // a Mask or Invisible trait hides it now
};

// Reads a piece's trait chains. Never throws: a malformed chain gives what could be read.
PieceView read_piece(std::string_view type, std::string_view state);

// The most traits a chain is read to (real pieces have a few dozen).
inline constexpr std::size_t max_traits = 1000;

// A chain cut into its traits, outermost first (the BasicPiece last): each trait's type with its
// state ("" where the state chain has fewer links). At most max_traits.
struct TraitLink {
    std::string type;
    std::string state;
};
std::vector<TraitLink> trait_links(std::string_view type, std::string_view state);

// What tells a trait's kind: its type up to and including the first ';' ("mark;", "PROP;", "emb2;").
std::string trait_prefix(std::string_view type);

// A Marker's (mark;) properties: each key with the state's value in its place ("" when the state
// has fewer), empty keys left out.
std::vector<Property> read_marker(std::string_view type, std::string_view state);
// A DynamicProperty's (PROP;) name with its value, the state; none when it has no name.
std::optional<Property> read_dynamic_property(std::string_view type, std::string_view state);
// A BasicPiece's (piece;) name (when `out` has none yet), map, position, gpid and persistent properties.
void read_basic_piece(std::string_view type, std::string_view state, PieceView& out);

// A Layer trait's (emb2;, emb;) type: its name ("Layer<ordinal>" when it has none, `ordinal`
// counting the piece's layers from 1, outermost first) and its levels' names, one per level image
// ("" for a level without a name).
struct LayerType {
    std::string name;
    std::vector<std::string> level_names;
};
LayerType read_layer_type(std::string_view type, int ordinal);

// The value of `key` among `props`, or null when absent.
const std::string* find_property(const std::vector<Property>& props, std::string_view key);

}  // namespace referee::vassal
