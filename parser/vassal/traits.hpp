// A piece's type and state: a chain of traits, outermost first, ending in the BasicPiece (the
// shared FORMAT.md §4). What referee reads of it: the name, the map and position, the palette
// slot (gpid), the properties a director or a scenario binding can use (Marker, DynamicProperty,
// the active level of a Layer, a Label), the BasicPiece's persistent properties (OldLocationName
// and the rest) and whether a Mask or Invisible trait hides it.
#pragma once

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

// The value of `key` among `props`, or null when absent.
const std::string* find_property(const std::vector<Property>& props, std::string_view key);

}  // namespace referee::vassal
