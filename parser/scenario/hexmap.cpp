#include "hexmap.hpp"

#include <algorithm>
#include <cstdio>

namespace referee {

namespace {
std::string ccrr(int col, int row) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%02d%02d", col, row);
    return buf;
}
bool is_shifted(int n, bool shift_even) { return ((n % 2) == 0) == shift_even; }
}  // namespace

void hex_neighbours(GridKind kind, bool shift_even, Coord c, Coord out[6]) {
    if (kind == GridKind::HexColumns) {
        // Same column: straight above and below. Neighbouring columns: a shifted (lower) column
        // touches rows r and r+1 of its neighbours; an unshifted one touches rows r-1 and r.
        const int lo = is_shifted(c.col, shift_even) ? c.row : c.row - 1;
        out[0] = {c.col, c.row - 1};
        out[1] = {c.col, c.row + 1};
        out[2] = {c.col - 1, lo};
        out[3] = {c.col - 1, lo + 1};
        out[4] = {c.col + 1, lo};
        out[5] = {c.col + 1, lo + 1};
    } else {
        // Rows: a shifted (right-hand) row touches columns c and c+1 of the rows above and below.
        const int lo = is_shifted(c.row, shift_even) ? c.col : c.col - 1;
        out[0] = {c.col - 1, c.row};
        out[1] = {c.col + 1, c.row};
        out[2] = {lo, c.row - 1};
        out[3] = {lo + 1, c.row - 1};
        out[4] = {lo, c.row + 1};
        out[5] = {lo + 1, c.row + 1};
    }
}

Map Map::hex_grid(GridKind kind, int col_min, int col_max, int row_min, int row_max, bool shift_even) {
    Map m;
    m.grid_ = kind;
    m.shift_even_ = shift_even;
    m.col_min_ = col_min;
    m.col_max_ = col_max;
    m.row_min_ = row_min;
    m.row_max_ = row_max;
    for (int c = col_min; c <= col_max; ++c)
        for (int r = row_min; r <= row_max; ++r) {
            const LocId id = m.add_location(ccrr(c, r));
            m.cols_.push_back(c);
            m.rows_.push_back(r);
            (void)id;
        }
    for (LocId id = 0; id < static_cast<LocId>(m.size()); ++id) {
        Coord nb[6];
        hex_neighbours(kind, shift_even, {m.cols_[static_cast<std::size_t>(id)], m.rows_[static_cast<std::size_t>(id)]}, nb);
        for (const Coord& c : nb) {
            if (c.col < col_min || c.col > col_max || c.row < row_min || c.row > row_max) continue;
            const LocId other = static_cast<LocId>((c.col - col_min) * (row_max - row_min + 1) + (c.row - row_min));
            m.adj_[static_cast<std::size_t>(id)].push_back(other);
        }
        std::sort(m.adj_[static_cast<std::size_t>(id)].begin(), m.adj_[static_cast<std::size_t>(id)].end());
    }
    return m;
}

LocId Map::add_location(std::string name) {
    if (auto it = index_.find(name); it != index_.end()) return it->second;
    const LocId id = static_cast<LocId>(names_.size());
    index_.emplace(name, id);
    names_.push_back(std::move(name));
    adj_.emplace_back();
    return id;
}

void Map::add_adjacency(LocId a, LocId b) {
    if (a == b || a < 0 || b < 0) return;
    auto add = [this](LocId x, LocId y) {
        auto& v = adj_[static_cast<std::size_t>(x)];
        auto it = std::lower_bound(v.begin(), v.end(), y);
        if (it == v.end() || *it != y) v.insert(it, y);
    };
    add(a, b);
    add(b, a);
}

LocId Map::find(std::string_view name) const {
    auto it = index_.find(std::string(name));
    return it == index_.end() ? kNoLoc : it->second;
}

void Map::set_edge(Edge e, std::vector<LocId> hexes) {
    auto& v = edge_override_[static_cast<std::size_t>(e)];
    v = std::move(hexes);
    std::sort(v.begin(), v.end());
    edge_set_[static_cast<std::size_t>(e)] = true;
}

bool Map::on_edge(LocId id, Edge e) const {
    if (id < 0) return false;
    if (edge_set_[static_cast<std::size_t>(e)]) {
        const auto& v = edge_override_[static_cast<std::size_t>(e)];
        return std::binary_search(v.begin(), v.end(), id);
    }
    if (grid_ == GridKind::None) return false;
    const int c = cols_[static_cast<std::size_t>(id)], r = rows_[static_cast<std::size_t>(id)];
    switch (e) {
        case Edge::North: return r == row_min_;
        case Edge::South: return r == row_max_;
        case Edge::West: return c == col_min_;
        case Edge::East: return c == col_max_;
    }
    return false;
}

const char* edge_name(Edge e) {
    switch (e) {
        case Edge::North: return "north";
        case Edge::South: return "south";
        case Edge::East: return "east";
        case Edge::West: return "west";
    }
    return "?";
}

}  // namespace referee
