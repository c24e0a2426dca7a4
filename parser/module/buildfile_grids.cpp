// A buildFile's grids and their numbering (buildfile_xml.hpp; the shared FORMAT.md §5.3-5.4).
#include "buildfile_xml.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace referee::vassal::buildfile {

std::optional<std::string> attr(pugi::xml_node node, const char* name) {
    const pugi::xml_attribute a = node.attribute(name);
    if (!a) return std::nullopt;
    return std::string(a.value());
}

std::string attr_or(pugi::xml_node node, const char* name, std::string_view fallback) {
    const pugi::xml_attribute a = node.attribute(name);
    return a ? std::string(a.value()) : std::string(fallback);
}

namespace {

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    if (s.starts_with('+')) s.remove_prefix(1);
    return s;
}

}  // namespace

int parse_int(std::string_view text, int fallback) {
    const std::string_view s = trimmed(text);
    int v = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || p != s.data() + s.size()) return fallback;
    return v;
}

int attr_int(pugi::xml_node node, const char* name, int fallback) {
    const pugi::xml_attribute a = node.attribute(name);
    return a ? parse_int(a.value(), fallback) : fallback;
}

double attr_double(pugi::xml_node node, const char* name, double fallback) {
    const pugi::xml_attribute a = node.attribute(name);
    if (!a) return fallback;
    const std::string_view s = trimmed(a.value());
    double v = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || p != s.data() + s.size() || !std::isfinite(v)) return fallback;
    return v;
}

bool attr_bool(pugi::xml_node node, const char* name, bool fallback) {
    const pugi::xml_attribute a = node.attribute(name);
    if (!a) return fallback;
    return std::string_view(a.value()) == "true";
}

bool is_grid_element(pugi::xml_node node) {
    return node.type() == pugi::node_element && class_is(node, "Grid");
}

namespace {

char attr_char(pugi::xml_node node, const char* name, char fallback) {
    const pugi::xml_attribute a = node.attribute(name);
    if (!a || a.value()[0] == '\0') return fallback;
    return a.value()[0];
}

std::optional<Numbering> read_numbering(pugi::xml_node grid) {
    for (pugi::xml_node n : grid.children()) {
        if (n.type() != pugi::node_element || !class_is(n, "Numbering")) continue;
        Numbering nb;
        nb.class_name = n.name();
        nb.oblique = class_is(n, "ObliqueHexGridNumbering");
        nb.first = attr_char(n, "first", 'H');
        nb.sep = attr_or(n, "sep", "");
        nb.h_type = attr_char(n, "hType", 'N');
        nb.v_type = attr_char(n, "vType", 'N');
        // leading zeros beyond a few dozen only make names longer: bounded
        nb.h_leading = std::clamp(attr_int(n, "hLeading", 1), 0, 64);
        nb.v_leading = std::clamp(attr_int(n, "vLeading", 1), 0, 64);
        nb.h_off = attr_int(n, "hOff", 1);
        nb.v_off = attr_int(n, "vOff", 1);
        nb.h_descend = attr_bool(n, "hDescend", false);
        nb.v_descend = attr_bool(n, "vDescend", false);
        nb.stagger = attr_bool(n, "stagger", true);
        nb.location_format = FormattedString(attr_or(n, "locationFormat", "$gridLocation$"));
        return nb;
    }
    return std::nullopt;
}

HexGrid read_hex(pugi::xml_node n) {
    HexGrid g;
    g.class_name = n.name();
    g.x0 = attr_double(n, "x0", 0);
    g.y0 = attr_double(n, "y0", 32);
    g.dy = attr_double(n, "dy", 64);
    g.dx = attr_double(n, "dx", g.dy * std::sqrt(3.0) / 2);
    g.sideways = attr_bool(n, "sideways", false);
    g.snap_to = attr_bool(n, "snapTo", true);
    g.edges_legal = attr_bool(n, "edgesLegal", false);
    g.corners_legal = attr_bool(n, "cornersLegal", false);
    g.snap_scale = attr_int(n, "snapscale", 0);
    g.visible = attr_bool(n, "visible", false);
    g.numbering = read_numbering(n);
    return g;
}

SquareGrid read_square(pugi::xml_node n) {
    SquareGrid g;
    g.class_name = n.name();
    g.x0 = attr_double(n, "x0", 24);
    g.y0 = attr_double(n, "y0", 24);
    g.dx = attr_double(n, "dx", 48);
    g.dy = attr_double(n, "dy", 48);
    g.snap_to = attr_bool(n, "snapTo", true);
    g.edges_legal = attr_bool(n, "edgesLegal", false);
    g.corners_legal = attr_bool(n, "cornersLegal", false);
    g.visible = attr_bool(n, "visible", false);
    g.range = attr_or(n, "range", "Metric");
    g.numbering = read_numbering(n);
    return g;
}

RegionGrid read_regions(pugi::xml_node n) {
    RegionGrid g;
    g.class_name = n.name();
    g.snap_to = attr_bool(n, "snapTo", true);
    g.visible = attr_bool(n, "visible", false);
    for (pugi::xml_node r : n.children())
        if (r.type() == pugi::node_element && class_is(r, "Region"))
            g.regions.push_back({attr_or(r, "name", ""), {attr_int(r, "originx", 0), attr_int(r, "originy", 0)}});
    return g;
}

Zone read_zone(pugi::xml_node n) {
    Zone z;
    z.name = attr_or(n, "name", "");
    z.path = parse_zone_path(attr_or(n, "path", ""));
    z.bounds = polygon_bounds(z.path);
    z.location_format = FormattedString(attr_or(n, "locationFormat", "$name$"));
    z.use_parent_grid = attr_bool(n, "useParentGrid", false);
    for (pugi::xml_node c : n.children())
        if (is_grid_element(c)) {
            z.grid = read_plain_grid(c);
            break;
        }
    return z;
}

ZonedGrid read_zoned(pugi::xml_node n) {
    ZonedGrid g;
    g.class_name = n.name();
    for (pugi::xml_node c : n.children()) {
        if (c.type() != pugi::node_element) continue;
        if (class_is(c, "Zone")) g.zones.push_back(read_zone(c));
        else if (is_grid_element(c) && !g.background) g.background = read_plain_grid(c);
    }
    return g;
}

}  // namespace

PlainGrid read_plain_grid(pugi::xml_node n) {
    if (class_is(n, "HexGrid")) return read_hex(n);
    if (class_is(n, "SquareGrid")) return read_square(n);
    if (class_is(n, "RegionGrid")) return read_regions(n);
    return UnknownGrid{n.name()};
}

Grid read_grid(pugi::xml_node n) {
    if (class_is(n, "ZonedGrid")) return read_zoned(n);
    return std::visit([](auto&& g) -> Grid { return std::move(g); }, read_plain_grid(n));
}

}  // namespace referee::vassal::buildfile
