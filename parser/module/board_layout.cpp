// Board layouts: the BoardPicker leaf, the check against the module, the board origins (board_layout.hpp).
#include "board_layout.hpp"

#include "vassal_text.hpp"
#include "vassal_error.hpp"

#include <charconv>
#include <fmt/format.h>

namespace referee::vassal {

namespace {

constexpr std::string_view picker_suffix = "BoardPicker";
constexpr std::string_view reversed_suffix = "/rev";

// A leaf's text quoted in a message: its control bytes written \xNN (a NUL would end the message
// where what() is printed, an ESC could drive the terminal).
std::string shown(std::string_view text) {
    std::string out;
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7F) out += fmt::format("\\x{:02X}", u);
        else out += c;
    }
    return out;
}

int cell_number(std::string_view leaf, const std::string& token, std::string_view what) {
    int v = 0;
    const auto [p, ec] = std::from_chars(token.data(), token.data() + token.size(), v);
    if (token.empty() || ec != std::errc() || p != token.data() + token.size())
        throw VassalError(fmt::format("board layout '{}': the {} '{}' is not a number", shown(leaf.substr(0, leaf.find('\t'))), what, shown(token)));
    return v;
}

}  // namespace

bool is_board_picker(std::string_view leaf) {
    if (leaf.starts_with("CHAT")) return false;   // a chat line is free text
    const std::size_t tab = leaf.find('\t');
    return leaf.substr(0, tab).ends_with(picker_suffix);
}

BoardLayout parse_board_picker(std::string_view leaf) {
    if (!is_board_picker(leaf))
        throw VassalError(fmt::format("'{}' is not a board layout (<map>BoardPicker...)", shown(leaf.substr(0, 80))));
    const std::vector<std::string> tokens = split_tokens(leaf, '\t');
    BoardLayout layout;
    const std::string& head = tokens.front();
    layout.map = head.substr(0, head.size() - picker_suffix.size());
    for (std::size_t i = 1; i < tokens.size(); i += 3) {
        if (i + 1 == tokens.size() && tokens[i].empty()) break;   // a trailing tab
        BoardPlacement b;
        b.board = tokens[i];
        if (b.board.ends_with(reversed_suffix)) {
            b.reversed = true;
            b.board.resize(b.board.size() - reversed_suffix.size());
        }
        if (layout.boards.size() == max_layout_boards)
            throw VassalError(fmt::format("board layout of map '{}': more than {} boards: refused", shown(layout.map), max_layout_boards));
        if (i + 2 >= tokens.size())
            throw VassalError(fmt::format("board layout of map '{}': board '{}' without its column and row", shown(layout.map), shown(b.board)));
        b.col = cell_number(leaf, tokens[i + 1], "column");
        b.row = cell_number(leaf, tokens[i + 2], "row");
        layout.boards.push_back(std::move(b));
    }
    return layout;
}

BoardLayout default_layout(const MapDef& map) {
    if (!map.setup.empty() && is_board_picker(map.setup)) {
        BoardLayout layout = parse_board_picker(map.setup);
        layout.map = map.id;
        return layout;
    }
    BoardLayout layout;
    layout.map = map.id;
    if (map.boards.size() == 1) layout.boards.push_back({map.boards.front().name, false, 0, 0});
    return layout;
}

void check_layout(const Module& module, const BoardLayout& layout) {
    const MapDef* map = module.map(layout.map);
    const std::string& module_name = module.name.empty() ? module.path : module.name;
    if (map == nullptr) {
        if (layout.boards.empty()) return;
        throw VassalError(fmt::format("module {} has no map '{}' (the board layout places board '{}' on it)", module_name, shown(layout.map),
                                      shown(layout.boards.front().board)));
    }
    for (const BoardPlacement& b : layout.boards)
        if (map->board(b.board) == nullptr)
            throw VassalError(fmt::format("module {} has no board '{}' on map '{}'", module_name, shown(b.board), shown(layout.map)));
}

std::vector<PlacedBoard> place_boards(const MapDef& map, const BoardLayout& layout, const BoardSizes& sizes) {
    std::vector<PlacedBoard> placed;
    placed.reserve(layout.boards.size());
    for (const BoardPlacement& bp : layout.boards) {
        const Board* board = map.board(bp.board);
        if (board == nullptr) throw VassalError(fmt::format("map '{}' has no board '{}'", map.id, bp.board));
        PlacedBoard pb;
        pb.board = board;
        pb.reversed = bp.reversed;
        pb.col = bp.col;
        pb.row = bp.row;
        pb.size = board->size();
        pb.size_known = board->size_known();
        if (!pb.size_known) {
            auto it = sizes.find(board->name);
            if (it == sizes.end()) it = sizes.find(board->image);
            if (it != sizes.end()) {
                pb.size = it->second;
                pb.size_known = true;
            }
        }
        placed.push_back(pb);
    }
    for (PlacedBoard& pb : placed) {
        long long x = map.edge_width, y = map.edge_height;
        for (const PlacedBoard& other : placed) {
            if (other.row == pb.row && other.col < pb.col) x += other.size.width;
            if (other.col == pb.col && other.row < pb.row) y += other.size.height;
        }
        pb.origin = {java_int(static_cast<double>(x)), java_int(static_cast<double>(y))};
    }
    return placed;
}

}  // namespace referee::vassal
