// Hex grids: raw cells, centres, numbered cells and names (hex_grid.hpp).
#include "hex_grid.hpp"

#include <cmath>

namespace referee::vassal {

namespace {

Point swapped(const HexGrid& g, Point p) { return g.sideways ? Point{p.y, p.x} : p; }

}  // namespace

Cell hex_raw_cell(const HexGrid& g, Point local) {
    const Point p = swapped(g, local);
    const int col = java_round((p.x - g.x0) / g.dx);
    const int row = col % 2 == 0 ? java_round((p.y - g.y0) / g.dy) : java_round((p.y - g.y0 - g.dy / 2) / g.dy);
    return {col, row};
}

Point hex_centre(const HexGrid& g, Cell raw) {
    const int x = java_int(g.dx * raw.col + g.x0);
    const int y = raw.col % 2 == 0 ? java_int(g.dy * raw.row + g.y0) : java_int(g.dy * raw.row + java_int(g.dy / 2) + g.y0);
    return swapped(g, Point{x, y});
}

Cell hex_numbered_cell(const HexGrid& g, const Numbering& nb, Point local, Size container) {
    const Cell raw = hex_raw_cell(g, local);
    // As VASSAL has it: rows count the container's height in dx, columns its width in dy.
    const int max_rows = java_round(container.height / g.dx);
    const int max_cols = java_round(container.width / g.dy);
    long long col = raw.col;
    long long row = raw.row;
    if (nb.v_descend && g.sideways) col = static_cast<long long>(max_rows) - col;
    if (nb.h_descend && !g.sideways) col = static_cast<long long>(max_cols) - col;
    if (nb.v_descend && !g.sideways) row = static_cast<long long>(max_rows) - row;
    if (nb.h_descend && g.sideways) row = static_cast<long long>(max_cols) - row;
    if (nb.oblique) {
        // ObliqueHexGridNumbering (best effort): rows run obliquely in place of the stagger.
        row = nb.stagger ? col / 2 + row : row - col / 2 + 1;
    } else if (nb.stagger && raw.col % 2 != 0) {
        row += (g.sideways ? nb.h_descend : nb.v_descend) ? -1 : 1;
    }
    return {java_int(static_cast<double>(col)), java_int(static_cast<double>(row))};
}

bool append_hex_location(std::string& out, const HexGrid& g, Point local, Size container, std::size_t limit) {
    if (!g.numbering) return false;
    const Cell c = hex_numbered_cell(g, *g.numbering, local, container);
    append_cell_name(out, *g.numbering, c.col, c.row, limit);
    return true;
}

}  // namespace referee::vassal
