// The map: <map> (a <hex-grid>, or <location> elements with their adjacency; typed locations are
// the spaces of an area game, read by section_areas.cpp), <edges> (the hexes of each map edge) and
// <roads> (chains of adjacent hexes, and where they leave the map), then the road networks they form.
#include "scenario_sections.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>

namespace referee::scenario_xml {

namespace {

constexpr int kMaxGridNumber = 99;  // hex names stay four digits (CCRR)

void read_map_contents(ReadContext& cx, pugi::xml_node m) {
    cx.check_children(m, {"hex-grid", "location"});
    pugi::xml_node grid = cx.single_child(m, "hex-grid", false);
    pugi::xml_node first_loc = m.child("location");
    if (grid && first_loc) {
        cx.error(first_loc, "a map is either a <hex-grid> or a list of <location> elements, not both");
        return;
    }
    if (grid) {
        cx.check_attrs(grid, {"kind", "columns", "rows", "shifted"});
        cx.check_children(grid, {});
        auto kind = cx.word_attr(grid, "kind", {"hex-columns", "hex-rows"}, true);
        auto cols = cx.range_attr(grid, "columns", 0, kMaxGridNumber);
        auto rows = cx.range_attr(grid, "rows", 0, kMaxGridNumber);
        auto shifted = cx.word_attr(grid, "shifted", {"even", "odd"}, true);
        if (!kind || !cols || !rows || !shifted) return;
        cx.sc.map = Map::hex_grid(*kind == 0 ? GridKind::HexColumns : GridKind::HexRows, cols->first, cols->second,
                                  rows->first, rows->second, *shifted == 0);
        cx.grid = true;
        cx.grid_cols = *cols;
        cx.grid_rows = *rows;
        return;
    }
    if (!first_loc) {
        cx.error(m, "<map> needs a <hex-grid> or <location> elements");
        return;
    }
    NodesByName declared;
    for (pugi::xml_node n : m.children("location")) {
        cx.check_attrs(n, {"name", "adjacent", "type", "population"});
        cx.check_children(n, {});
        auto name = cx.required(n, "name");
        if (!name) continue;
        if (name->find(',') != std::string_view::npos) {
            cx.error(n, n.attribute("name"), "a location name cannot contain a comma");
            continue;
        }
        if (auto it = declared.find(*name); it != declared.end()) {
            cx.error(n, n.attribute("name"),
                     "location " + qt(*name) + " is declared twice (first on line " + std::to_string(cx.line_of(it->second)) + ")");
            continue;
        }
        declared.emplace(std::string(*name), n);
        cx.sc.map.add_location(std::string(*name));
    }
    for (pugi::xml_node n : m.children("location")) {
        auto name = cx.optional(n, "name");
        if (!name || name->empty()) continue;
        const LocId self = cx.sc.map.find(*name);
        if (self == kNoLoc || declared[std::string(*name)] != n) continue;  // a duplicate, already reported
        for (std::string_view other : cx.list_attr(n, "adjacent")) {
            const LocId o = cx.sc.map.find(other);
            if (o == kNoLoc) {
                cx.error(n, n.attribute("adjacent"), "<location> attribute 'adjacent': unknown location " + qt(other));
                continue;
            }
            if (o == self) {
                cx.error(n, n.attribute("adjacent"), "location " + qt(other) + " is listed as adjacent to itself");
                continue;
            }
            cx.sc.map.add_adjacency(self, o);
        }
    }
    read_spaces(cx, m, declared);
}

}  // namespace

void read_map(ReadContext& cx, pugi::xml_node m) {
    if (!m) return;
    cx.check_attrs(m, {"support-rule", "blockade-rule"});
    read_map_contents(cx, m);
    // The rules cited for spaces' support and for blockades: only a map of spaces has them.
    for (const char* name : {"support-rule", "blockade-rule"}) {
        pugi::xml_attribute a = m.attribute(name);
        if (!a) continue;
        if (cx.sc.spaces.empty() && cx.sc.map.size() > 0) {
            cx.error(m, a, "<map> attribute " + qt(name) + " goes with a map of spaces (<location> elements with a type), and this map has none");
            continue;
        }
        std::string& rule = std::strcmp(name, "support-rule") == 0 ? cx.sc.support_rule : cx.sc.blockade_rule;
        rule = std::string(trim(a.value()));
    }
}

// <edges>: which locations lie on each map edge, replacing what a grid's extent gives.
void read_edges(ReadContext& cx, pugi::xml_node s) {
    if (!s) return;
    cx.check_attrs(s, {});
    cx.check_children(s, {"edge"});
    std::map<Edge, pugi::xml_node> seen;
    for (pugi::xml_node n : s.children("edge")) {
        cx.check_attrs(n, {"name", "hexes"});
        cx.check_children(n, {});
        auto e = cx.edge_attr(n, "name", true);
        std::optional<std::vector<LocId>> hexes;
        if (cx.required(n, "hexes")) hexes = cx.locs_attr(n, "hexes");
        if (!e) continue;
        if (auto it = seen.find(*e); it != seen.end()) {
            cx.error(n, n.attribute("name"),
                     "edge " + qt(edge_name(*e)) + " is declared twice (first on line " + std::to_string(cx.line_of(it->second)) + ")");
            continue;
        }
        seen.emplace(*e, n);
        if (hexes) cx.sc.map.set_edge(*e, std::move(*hexes));
    }
}

// <roads>: chains of adjacent hexes, and where they leave the map. An extending file adds to
// its base's roads.
void read_roads(ReadContext& cx, pugi::xml_node s) {
    if (!s) return;
    cx.check_attrs(s, {});
    cx.check_children(s, {"road"});
    NodesByName names;  // lower-cased name: this file's road
    for (pugi::xml_node n : s.children("road")) {
        cx.check_attrs(n, {"name", "kind", "hexes", "leaves-at", "edge"});
        cx.check_children(n, {});
        Road r;
        bool ok = true;
        if (auto name = cx.required(n, "name")) {
            const std::string key = lower(one_line(*name));
            if (auto it = names.find(key); it != names.end()) {
                cx.error(n, n.attribute("name"),
                         "road " + qt(*name) + " is declared twice (first on line " + std::to_string(cx.line_of(it->second)) + ")");
                ok = false;
            } else if (std::any_of(cx.sc.roads.begin(), cx.sc.roads.end(), [&](const Road& b) { return iequals(b.name, *name); })) {
                cx.error(n, n.attribute("name"), "road " + qt(*name) + " is already a road of the base scenario " + qt(cx.sc.extends));
                ok = false;
            } else {
                names.emplace(key, n);
                r.name = one_line(*name);
            }
        } else {
            ok = false;
        }
        if (auto k = cx.word_attr(n, "kind", {"road", "trail"}, false)) r.trail = *k == 1;
        else if (n.attribute("kind")) ok = false;
        std::optional<std::vector<LocId>> hexes;
        if (cx.required(n, "hexes")) hexes = cx.locs_attr(n, "hexes");
        if (!hexes) {
            if (n.attribute("leaves-at")) cx.locs_attr(n, "leaves-at");  // still report unknown names
            continue;
        }
        r.hexes = std::move(*hexes);
        if (r.hexes.size() < 2) {
            cx.error(n, n.attribute("hexes"), "<road> attribute 'hexes' needs at least two hexes");
            continue;
        }
        for (std::size_t i = 0; i + 1 < r.hexes.size(); ++i) {
            if (cx.sc.map.adjacent(r.hexes[i], r.hexes[i + 1])) continue;
            cx.error(n, n.attribute("hexes"),
                     "<road> attribute 'hexes': " + qt(cx.sc.map.name(r.hexes[i])) + " and " + qt(cx.sc.map.name(r.hexes[i + 1])) +
                         " are not adjacent (each hex of a road must touch the next)");
            ok = false;
        }
        auto leaves = cx.locs_attr(n, "leaves-at");
        // The edge the single leaves-at hex leaves by, when given (a plain value and a flag: gcc 12
        // at -O2 warns, wrongly, that an optional's value may be used uninitialized here).
        bool by_edge = false;
        Edge edge = Edge::North;
        if (n.attribute("edge")) {
            const std::optional<Edge> e = cx.edge_attr(n, "edge", true);
            if (!e) ok = false;
            if (!leaves || leaves->size() != 1) {
                if (leaves)
                    cx.error(n, n.attribute("edge"),
                             "<road> attribute 'edge' goes with a single 'leaves-at' hex (it says which edge that hex leaves by)");
                ok = false;  // and the hexes are checked as if without it
            } else if (e) {
                by_edge = true;
                edge = *e;
            }
        }
        if (!leaves) continue;
        for (LocId h : *leaves) {
            const std::string& hn = cx.sc.map.name(h);
            if (std::find(r.hexes.begin(), r.hexes.end(), h) == r.hexes.end()) {
                cx.error(n, n.attribute("leaves-at"), "<road> attribute 'leaves-at': " + qt(hn) + " is not one of the road's hexes");
                ok = false;
                continue;
            }
            std::vector<Edge> on;
            for (Edge e : {Edge::North, Edge::South, Edge::East, Edge::West})
                if (cx.sc.map.on_edge(h, e)) on.push_back(e);
            if (on.empty()) {
                cx.error(n, n.attribute("leaves-at"), "<road> attribute 'leaves-at': " + qt(hn) + " is not on a map edge");
                ok = false;
                continue;
            }
            if (by_edge) {
                if (std::find(on.begin(), on.end(), edge) == on.end()) {
                    cx.error(n, n.attribute("edge"),
                             "<road> attribute 'edge': " + qt(hn) + " is not on the " + edge_name(edge) + " edge (it is on the " +
                                 edge_name(on.front()) + " edge" + (on.size() > 1 ? std::string(" and the ") + edge_name(on[1]) + " edge" : "") +
                                 ")");
                    ok = false;
                    continue;
                }
                r.leaves.push_back(LeavesAt{h, edge});
                continue;
            }
            if (on.size() > 1) {
                cx.error(n, n.attribute("leaves-at"),
                         "<road> attribute 'leaves-at': " + qt(hn) + " is a corner, on the " + edge_name(on[0]) + " and " +
                             edge_name(on[1]) + " edges; say which one the road leaves by with edge=\"...\"");
                ok = false;
                continue;
            }
            r.leaves.push_back(LeavesAt{h, on.front()});
        }
        if (ok) cx.sc.roads.push_back(std::move(r));
    }
}

// The road networks (R3, C3), once every road is known (the base's and this file's): roads and
// trails are joined where they share a hex. A union-find over the roads, each location keeping the
// first road through it; a set's root is its first road, so networks are numbered in the order of
// their first road, and each collects where its roads leave the map.
void join_road_networks(ReadContext& cx, pugi::xml_node) {
    const std::vector<Road>& roads = cx.sc.roads;
    RoadNetworks nw;
    if (!roads.empty()) {
        const std::size_t n = roads.size();
        std::vector<std::size_t> parent(n);
        std::iota(parent.begin(), parent.end(), std::size_t{0});
        auto root = [&](std::size_t r) {
            while (parent[r] != r) r = parent[r] = parent[parent[r]];
            return r;
        };
        std::vector<std::int32_t> first(cx.sc.map.size(), -1);  // per location: the first road through it
        for (std::size_t r = 0; r < n; ++r)
            for (LocId h : roads[r].hexes) {
                std::int32_t& f = first[static_cast<std::size_t>(h)];
                if (f < 0) {
                    f = static_cast<std::int32_t>(r);
                    continue;
                }
                const std::size_t a = root(static_cast<std::size_t>(f)), b = root(r);
                if (a != b) parent[std::max(a, b)] = std::min(a, b);  // a junction
            }
        nw.of_road.assign(n, -1);
        for (std::size_t r = 0; r < n; ++r) {
            const std::size_t top = root(r);
            if (top == r) nw.leaves.emplace_back();  // the network's first road
            const std::int32_t id = top == r ? static_cast<std::int32_t>(nw.leaves.size() - 1) : nw.of_road[top];
            nw.of_road[r] = id;
            std::vector<LeavesAt>& out = nw.leaves[static_cast<std::size_t>(id)];
            for (const LeavesAt& la : roads[r].leaves)
                if (std::none_of(out.begin(), out.end(), [&](const LeavesAt& o) { return o.hex == la.hex && o.edge == la.edge; }))
                    out.push_back(la);
        }
        nw.of_loc.assign(first.size(), -1);
        for (std::size_t h = 0; h < first.size(); ++h)
            if (first[h] >= 0) nw.of_loc[h] = nw.of_road[static_cast<std::size_t>(first[h])];
    }
    cx.sc.road_networks = std::move(nw);
}

}  // namespace referee::scenario_xml
