// The map: a table of locations with their adjacency. Hex grids with SPI-style CCRR numbering are
// generated from their extent; the scenario says which columns (or rows) are shifted.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace referee {

using LocId = std::int32_t;  // index into Map::names; -1: none / unknown
inline constexpr LocId kNoLoc = -1;

enum class GridKind : std::uint8_t {
    None,        // no generated grid: locations are declared one by one (area maps)
    HexColumns,  // hexes in vertical columns, named CCRR (column, row); alternate columns shifted
    HexRows,     // hexes in horizontal rows, named CCRR too; alternate rows shifted
};

enum class Edge : std::uint8_t { North, South, East, West };

class Map {
public:
    // A hex grid of columns col_min..col_max and rows row_min..row_max, named with two-digit
    // column then two-digit row ("0113"; wider numbers get more digits).
    // HexColumns: shift_even true means even-numbered columns sit half a hex lower than odd ones.
    // HexRows: shift_even true means even-numbered rows sit half a hex to the right.
    static Map hex_grid(GridKind kind, int col_min, int col_max, int row_min, int row_max, bool shift_even);

    // Area maps: locations added by name, adjacency declared pairwise.
    LocId add_location(std::string name);
    void add_adjacency(LocId a, LocId b);

    LocId find(std::string_view name) const;  // kNoLoc when unknown
    const std::string& name(LocId id) const { return names_[static_cast<std::size_t>(id)]; }
    std::size_t size() const { return names_.size(); }
    // A neighbour list (sorted) has six entries at most on a grid, a handful on an area map: those
    // are scanned; a long one (a scenario file may declare any) is searched. In the header: the
    // replay asks for every step of every path.
    bool adjacent(LocId a, LocId b) const {
        if (a < 0 || b < 0) return false;
        const Neighbours& nb = adj_[static_cast<std::size_t>(a)];
        if (nb.more.empty()) [[likely]] {  // six at most, the rest kNoLoc: compared at once, with no branch to mispredict
            const auto& v = nb.near;
            const auto is = [b](LocId x) { return static_cast<unsigned>(x == b); };
            return (is(v[0]) | is(v[1]) | is(v[2]) | is(v[3]) | is(v[4]) | is(v[5])) != 0;
        }
        const std::span<const LocId> v(nb.more);
        if (v.size() > 16) return std::binary_search(v.begin(), v.end(), b);
        for (LocId n : v)
            if (n == b) return true;
        return false;
    }
    std::span<const LocId> neighbours(LocId id) const { return adj_[static_cast<std::size_t>(id)].list(); }
    bool on_edge(LocId id, Edge e) const;  // as set by set_edge; otherwise, on grids, from the extent
    // The hexes of one edge, replacing what the extent gives (irregular map sheets; area maps).
    void set_edge(Edge e, std::vector<LocId> hexes);
    bool edge_declared(Edge e) const { return edge_set_[static_cast<std::size_t>(e)]; }
    GridKind grid() const { return grid_; }
    int column(LocId id) const { return cols_.empty() ? 0 : cols_[static_cast<std::size_t>(id)]; }
    int row(LocId id) const { return rows_.empty() ? 0 : rows_[static_cast<std::size_t>(id)]; }
    // A hex of the generated grid (a location added by name after it has no column or row).
    bool on_grid(LocId id) const { return id >= 0 && static_cast<std::size_t>(id) < cols_.size(); }
    // HexColumns: even columns sit half a hex lower; HexRows: even rows half a hex to the right (else the odd ones).
    bool shift_even() const { return shift_even_; }

private:
    LocId grid_id(std::string_view name) const;  // a hex of the generated grid by its name, or kNoLoc

    GridKind grid_ = GridKind::None;
    bool shift_even_ = false;
    int col_min_ = 0, col_max_ = 0, row_min_ = 0, row_max_ = 0;
    std::vector<std::string> names_;
    std::vector<int> cols_, rows_;
    // A location's neighbours, sorted: up to six (a hex's) held in place, more (an area map's busy
    // province) on the heap. A grid of 700 hexes is built with no allocation per hex.
    struct Neighbours {
        std::array<LocId, 6> near{kNoLoc, kNoLoc, kNoLoc, kNoLoc, kNoLoc, kNoLoc};  // those not in use are kNoLoc
        std::uint8_t n = 0;  // entries of `near` in use, while `more` is empty
        std::vector<LocId> more;
        std::span<const LocId> list() const { return more.empty() ? std::span<const LocId>(near.data(), n) : std::span<const LocId>(more); }
        void insert(LocId x);  // keeps the list sorted and without repeats
    };
    std::vector<Neighbours> adj_;
    std::unordered_map<std::string, LocId> index_;  // the locations added by name (not the grid's)
    std::array<std::vector<LocId>, 4> edge_override_;
    std::array<bool, 4> edge_set_{};
};

const char* edge_name(Edge e);  // "north" ...

// The six neighbours of (col,row) on a grid, without regard to the extent.
struct Coord { int col, row; };
void hex_neighbours(GridKind kind, bool shift_even, Coord c, Coord out[6]);

}  // namespace referee
