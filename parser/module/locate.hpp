// The name VASSAL gives a point of a map (Map.locationName; the shared FORMAT.md §5 and
// IMPORT-NOTES §1.6): a deck standing exactly at the point names it; otherwise the first board of
// the layout that contains the point, in the board's own pixels (a reversed board turned round),
// named by the board's grid: a zoned grid by the first zone holding the point (its location format)
// or else its background grid; a hex or square grid by its numbering; a region grid by the nearest
// region. No board there, no grid, or a grid without numbering: "offboard".
//
// A Locator is made once per map and layout and then names points without allocating anything but
// the name; it refers to the module, which must outlive it.
#pragma once

#include "board_layout.hpp"
#include "geometry.hpp"
#include "module.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace referee::vassal {

inline constexpr std::string_view offboard = "offboard";

// The longest name a grid may give a point (VASSAL's are a few words): a location format can repeat
// a grid location, each up to 8 kB far off a fine grid, and a 6 kB module whose numbering's format
// held 200,000 of them named a point in 800 MB.
inline constexpr std::size_t max_location_name = 64 * 1024;

struct DeckPosition {
    std::string name;
    Point position;                        // in map pixels
};

class Locator {
public:
    // Throws VassalError when the module lacks the layout's map or one of its boards (check_layout).
    // A board whose image is missing needs a size from `sizes` when the layout places several
    // boards, reverses it, or its numbering descends; without one, naming a point throws (problem()).
    Locator(const Module& module, const BoardLayout& layout, const BoardSizes& sizes = {});

    const MapDef& map() const { return *map_; }
    const std::vector<PlacedBoard>& boards() const { return boards_; }
    const std::vector<DeckPosition>& decks() const { return decks_; }
    // The decks are the module's DrawPiles (placed on their owning boards); a game's own deck
    // positions can replace them.
    void set_decks(std::vector<DeckPosition> decks) { decks_ = std::move(decks); }
    // Why no point can be named (a board size needed and unknown), if so.
    const std::optional<std::string>& problem() const { return problem_; }

    // The first board of the layout that contains the point, or none.
    const PlacedBoard* board_at(Point p) const;

    // VASSAL's name of the point. Throws VassalError for a grid of an unknown class, a grid's name
    // longer than max_location_name, and problem().
    std::string name(Point p) const;
    // The same, for `referee vassal --locate`: it also throws where VASSAL would say "offboard"
    // only for want of a numbering ("map X board Y: its grid has no numbering").
    std::string name_strict(Point p) const;
    void append_name(std::string& out, Point p, bool strict) const;

    // The map's report format with VASSAL's defaults, which apply when the layout's first board has a grid.
    std::string report_format(ReportKind kind) const;

private:
    const MapDef* map_;
    std::vector<PlacedBoard> boards_;
    std::vector<DeckPosition> decks_;
    std::optional<std::string> problem_;
};

}  // namespace referee::vassal
