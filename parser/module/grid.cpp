// The grid of a board (grid.hpp).
#include "grid.hpp"

namespace referee::vassal {

const std::string& grid_class(const Grid& grid) {
    return std::visit([](const auto& g) -> const std::string& { return g.class_name; }, grid);
}

const std::string& grid_class(const PlainGrid& grid) {
    return std::visit([](const auto& g) -> const std::string& { return g.class_name; }, grid);
}

const Numbering* grid_numbering(const PlainGrid& grid) {
    if (const auto* h = std::get_if<HexGrid>(&grid)) return h->numbering ? &*h->numbering : nullptr;
    if (const auto* s = std::get_if<SquareGrid>(&grid)) return s->numbering ? &*s->numbering : nullptr;
    return nullptr;
}

namespace {

bool descends(const PlainGrid& grid) {
    const Numbering* n = grid_numbering(grid);
    return n != nullptr && n->descending();
}

}  // namespace

bool needs_board_size(const Grid& grid) {
    if (const auto* h = std::get_if<HexGrid>(&grid)) return h->numbering && h->numbering->descending();
    if (const auto* s = std::get_if<SquareGrid>(&grid)) return s->numbering && s->numbering->descending();
    if (const auto* z = std::get_if<ZonedGrid>(&grid)) return z->background && descends(*z->background);
    return false;
}

}  // namespace referee::vassal
