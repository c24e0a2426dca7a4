// Board layouts: which boards stand on a map, in which cells, and which are reversed. A save holds
// one per map as a leaf "<mapId>BoardPicker\t<board>[/rev]\t<col>\t<row>..." (tab-separated with
// VASSAL's escaping); the module's BoardPicker <setup> holds the default in the same form. Boards
// are placed as VASSAL places them (the shared FORMAT.md §5.2): a board in cell (col,row) starts at
// the map's edge plus the widths of the boards before it in its row and the heights of the boards
// above it in its column.
#pragma once

#include "geometry.hpp"
#include "module.hpp"

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace referee::vassal {

struct BoardPlacement {
    std::string board;
    bool reversed = false;
    int col = 0;
    int row = 0;
    friend bool operator==(const BoardPlacement&, const BoardPlacement&) = default;
};

struct BoardLayout {
    std::string map;                       // the map's id
    std::vector<BoardPlacement> boards;
};

// The most boards a layout may place (real maps have a few dozen at most): placing boards compares
// each with every other, and 300,000 boards in a module's <setup> took minutes.
inline constexpr std::size_t max_layout_boards = 4096;

// True for a "...BoardPicker" leaf: the text before its first tab ends in "BoardPicker" (a chat
// line never is one).
bool is_board_picker(std::string_view leaf);
// Throws VassalError when the leaf is not a BoardPicker leaf, a cell is not a number, or it places
// more than max_layout_boards boards.
BoardLayout parse_board_picker(std::string_view leaf);

// The map's default layout: its <setup>, else its only board at (0,0), else no board.
BoardLayout default_layout(const MapDef& map);

// Throws VassalError naming both when the layout names a map the module lacks (and places boards
// on it: an empty layout of a missing map places nothing), or a board the map lacks:
// "module M has no board 'Board F' on map 'Normandy'".
void check_layout(const Module& module, const BoardLayout& layout);

// Sizes the caller knows for boards whose images are missing, by board name or image name.
using BoardSizes = std::map<std::string, Size, std::less<>>;

struct PlacedBoard {
    const Board* board = nullptr;
    bool reversed = false;
    int col = 0;
    int row = 0;
    Point origin;                          // in map pixels
    Size size;
    bool size_known = true;                // false: the image is missing and no size was given
    Rect bounds() const { return {origin.x, origin.y, size.width, size.height}; }
};

// The layout's boards with their origins and sizes (check_layout first). A board whose image size
// is unknown takes a size from `sizes`, else its width x height with size_known false.
std::vector<PlacedBoard> place_boards(const MapDef& map, const BoardLayout& layout, const BoardSizes& sizes = {});

}  // namespace referee::vassal
