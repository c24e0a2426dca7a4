#include "hexmap.hpp"

#include <algorithm>
#include <string>

namespace referee {

namespace {
// A number as printf's "%02d" writes it, appended to out.
void append_2d(std::string& out, int n) {
    if (n < 0) {
        out += '-';
        n = -n;  // the extent is read into a checked range far from INT_MIN
        if (n < 10) {
            out += static_cast<char>('0' + n);
            return;
        }
    }
    char digits[12];
    int k = 0;
    do digits[k++] = static_cast<char>('0' + n % 10);
    while ((n /= 10) != 0);
    if (k == 1) out += '0';
    while (k > 0) out += digits[--k];
}
std::string ccrr(int col, int row) {
    std::string s;
    append_2d(s, col);
    append_2d(s, row);
    return s;
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
    // Built hex by hex without the name index: find() computes a grid hex's id from its name
    // (grid_id), so only locations added by name later go into index_. Start-up of every check
    // builds the built-in scenario's grid (docs/performance.md, "Issue 19").
    const std::size_t n = static_cast<std::size_t>(col_max - col_min + 1) * static_cast<std::size_t>(row_max - row_min + 1);
    m.names_.reserve(n);
    m.cols_.reserve(n);
    m.rows_.reserve(n);
    m.adj_.resize(n);
    for (int c = col_min; c <= col_max; ++c)
        for (int r = row_min; r <= row_max; ++r) {
            m.names_.push_back(ccrr(c, r));
            if (c < 0 || r < 0) m.index_.emplace(m.names_.back(), static_cast<LocId>(m.names_.size() - 1));  // not digits alone
            m.cols_.push_back(c);
            m.rows_.push_back(r);
        }
    for (LocId id = 0; id < static_cast<LocId>(n); ++id) {
        Coord nb[6];
        hex_neighbours(kind, shift_even, {m.cols_[static_cast<std::size_t>(id)], m.rows_[static_cast<std::size_t>(id)]}, nb);
        Neighbours& adj = m.adj_[static_cast<std::size_t>(id)];
        for (const Coord& c : nb) {
            if (c.col < col_min || c.col > col_max || c.row < row_min || c.row > row_max) continue;
            adj.near[adj.n++] = static_cast<LocId>((c.col - col_min) * (row_max - row_min + 1) + (c.row - row_min));
        }
        std::sort(adj.near.begin(), adj.near.begin() + adj.n);
    }
    return m;
}

// A name of the generated grid: its digits split into a column and a row within the extent, whose
// hex has exactly that name. Every split is tried, as "%02d%02d" runs wider numbers together.
LocId Map::grid_id(std::string_view name) const {
    if (cols_.empty() || name.size() < 2 || name.size() > 18) return kNoLoc;
    for (char ch : name)
        if (ch < '0' || ch > '9') return kNoLoc;  // a negative number's hex is in index_ (hex_grid)
    for (std::size_t split = 1; split < name.size(); ++split) {
        long long c = 0, r = 0;
        for (std::size_t i = 0; i < split; ++i) c = c * 10 + (name[i] - '0');
        for (std::size_t i = split; i < name.size(); ++i) r = r * 10 + (name[i] - '0');
        if (c < col_min_ || c > col_max_ || r < row_min_ || r > row_max_) continue;
        const LocId id = static_cast<LocId>((c - col_min_) * (row_max_ - row_min_ + 1) + (r - row_min_));
        if (names_[static_cast<std::size_t>(id)] == name) return id;
    }
    return kNoLoc;
}

LocId Map::add_location(std::string name) {
    if (const LocId id = find(name); id != kNoLoc) return id;
    const LocId id = static_cast<LocId>(names_.size());
    index_.emplace(name, id);
    names_.push_back(std::move(name));
    adj_.emplace_back();
    return id;
}

void Map::Neighbours::insert(LocId x) {
    if (more.empty()) {
        LocId* end = near.data() + n;
        LocId* at = std::lower_bound(near.data(), end, x);
        if (at != end && *at == x) return;
        if (n < near.size()) {
            std::copy_backward(at, end, end + 1);
            *at = x;
            ++n;
            return;
        }
        more.assign(near.begin(), near.end());  // a seventh: the list moves to the heap
        n = 0;
    }
    auto it = std::lower_bound(more.begin(), more.end(), x);
    if (it == more.end() || *it != x) more.insert(it, x);
}

void Map::add_adjacency(LocId a, LocId b) {
    if (a == b || a < 0 || b < 0) return;
    adj_[static_cast<std::size_t>(a)].insert(b);
    adj_[static_cast<std::size_t>(b)].insert(a);
}

LocId Map::find(std::string_view name) const {
    if (const LocId id = grid_id(name); id != kNoLoc) return id;
    if (index_.empty()) return kNoLoc;
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
