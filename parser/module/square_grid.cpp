// Square grids (square_grid.hpp).
#include "square_grid.hpp"

namespace referee::vassal {

Cell square_raw_cell(const SquareGrid& g, Point p) {
    return {java_round((p.x - g.x0) / g.dx), java_int((p.y - g.y0) / g.dy + 0.5)};
}

Point square_centre(const SquareGrid& g, Cell raw) {
    return {java_int(g.x0 + g.dx * raw.col), java_int(g.y0 + g.dy * raw.row)};
}

Cell square_numbered_cell(const SquareGrid& g, const Numbering& nb, Point local, Size container) {
    Cell c = square_raw_cell(g, local);
    if (nb.h_descend) c.col = java_int(static_cast<double>(java_int(container.width / g.dx + 0.5)) - c.col);
    if (nb.v_descend) c.row = java_int(static_cast<double>(java_int(container.height / g.dy + 0.5)) - c.row);
    return c;
}

bool append_square_location(std::string& out, const SquareGrid& g, Point local, Size container, std::size_t limit) {
    if (!g.numbering) return false;
    const Cell c = square_numbered_cell(g, *g.numbering, local, container);
    append_cell_name(out, *g.numbering, c.col, c.row, limit);
    return true;
}

}  // namespace referee::vassal
