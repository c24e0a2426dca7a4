// The map of a position as SVG, from the scenario's geometry: hex columns (flat-topped hexes,
// every other column half a hex lower) or hex rows (pointed tops, every other row half a hex to
// the right; the Commands & Colors maps), either parity; area maps and locations off the grid as
// boxes. Units on the map are counters stacked in their hex, marked with their id and strength.
#include "markup.hpp"

#include "shown.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

namespace referee {

std::string esc(std::string_view text) {
    // Control and bidirectional characters, and bytes that are no UTF-8, shown as the text report
    // shows them (shown.hpp); then the markup's own characters.
    const std::string shown_text = plain_text(text) ? std::string() : escape_for_terminal(text);
    const std::string_view s = shown_text.empty() ? text : std::string_view(shown_text);
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

namespace {
constexpr const char* kColour[] = {"#1f4e99", "#a8322d", "#2e7d32", "#7b3fa0", "#b8860b", "#00838f"};
constexpr const char* kTint[] = {"#c9d8f0", "#f0cfcc", "#cfe8d0", "#e3d3ee", "#f3e4bf", "#c6ebee"};
constexpr int kColours = 6;
constexpr double kSqrt3 = 1.7320508075688772;

bool shifted(int n, bool shift_even) { return ((n % 2) == 0) == shift_even; }
}  // namespace

const char* side_colour(int i) { return i < 0 ? "#666" : kColour[i % kColours]; }
const char* side_tint(int i) { return i < 0 ? "#e4e4e4" : kTint[i % kColours]; }

int side_index(const Scenario& s, std::string_view side) {
    const SideId id = s.find_side(side);
    return id >= 0 ? static_cast<int>(id) : -1;
}

namespace {
std::string box_points(const MapGeometry& g, std::size_t l);
}  // namespace

MapGeometry map_geometry(const Scenario& s) {
    MapGeometry g;
    const Map& m = s.map;
    const std::size_t n = m.size();
    g.x.assign(n, 0);
    g.y.assign(n, 0);
    g.hexes = m.grid() == GridKind::HexColumns || m.grid() == GridKind::HexRows;
    g.columns = m.grid() == GridKind::HexColumns;
    double minx = std::numeric_limits<double>::max(), miny = minx, maxx = std::numeric_limits<double>::lowest(), maxy = maxx;
    std::vector<std::size_t> boxes;
    for (std::size_t l = 0; l < n; ++l) {
        const LocId id = static_cast<LocId>(l);
        if (!g.hexes || !m.on_grid(id)) {
            boxes.push_back(l);
            continue;
        }
        const int c = m.column(id), r = m.row(id);
        if (g.columns) {
            g.x[l] = c * 1.5 * g.r;
            g.y[l] = (r + (shifted(c, m.shift_even()) ? 0.5 : 0.0)) * kSqrt3 * g.r;
        } else {
            g.x[l] = (c + (shifted(r, m.shift_even()) ? 0.5 : 0.0)) * kSqrt3 * g.r;
            g.y[l] = r * 1.5 * g.r;
        }
        minx = std::min(minx, g.x[l]);
        maxx = std::max(maxx, g.x[l]);
        miny = std::min(miny, g.y[l]);
        maxy = std::max(maxy, g.y[l]);
    }
    const double margin = g.r * 1.2;
    if (boxes.size() < n) {
        for (std::size_t l = 0; l < n; ++l) {
            if (!g.hexes || !m.on_grid(static_cast<LocId>(l))) continue;
            g.x[l] += margin - minx;
            g.y[l] += margin - miny;
        }
        g.width = maxx - minx + 2 * margin;
        g.height = maxy - miny + 2 * margin;
    }
    // Boxes in rows below the grid (or alone), as many a row as make the drawing about square.
    if (!boxes.empty()) {
        const std::size_t per_row = std::max<std::size_t>(
            1, g.hexes ? static_cast<std::size_t>(std::max(1.0, g.width / (g.box_w + 10)))
                       : static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(boxes.size()) * 1.6))));
        const double top = g.height + 10;
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            g.x[boxes[i]] = 10 + (i % per_row) * (g.box_w + 10) + g.box_w / 2;
            g.y[boxes[i]] = top + (i / per_row) * (g.box_h + 10) + g.box_h / 2;
        }
        const std::size_t rows = (boxes.size() + per_row - 1) / per_row;
        g.width = std::max(g.width, 10 + per_row * (g.box_w + 10));
        g.height = top + rows * (g.box_h + 10);
    }
    // Each location's outline once: a page draws it in the grid and again for each holding.
    g.outline.resize(n);
    for (std::size_t l = 0; l < n; ++l) g.outline[l] = g.hexes && m.on_grid(static_cast<LocId>(l)) ? hex_points(g, l) : box_points(g, l);
    return g;
}

namespace {

bool is_hex(const MapGeometry& g, const Scenario& s, std::size_t l) { return g.hexes && s.map.on_grid(static_cast<LocId>(l)); }

}  // namespace

std::string hex_points(const MapGeometry& g, std::size_t l, double scale) {
    const double cx = g.x[l], cy = g.y[l], r = g.r * scale;
    std::string out;
    for (int k = 0; k < 6; ++k) {
        const double a = (g.columns ? 0.0 : 30.0) + 60.0 * k;
        const double rad = a * 3.14159265358979323846 / 180.0;
        out += fmt::format("{}{:.1f},{:.1f}", k ? " " : "", cx + r * std::cos(rad), cy + r * std::sin(rad));
    }
    return out;
}

namespace {

std::string box_points(const MapGeometry& g, std::size_t l) {
    const double x0 = g.x[l] - g.box_w / 2, y0 = g.y[l] - g.box_h / 2, x1 = x0 + g.box_w, y1 = y0 + g.box_h;
    return fmt::format("{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}", x0, y0, x1, y0, x1, y1, x0, y1);
}

const std::string& shape(const MapGeometry& g, std::size_t l) { return g.outline[l]; }

const char* level_name(int level) {
    switch (level) {
        case 2: return "Active Support";
        case 1: return "Passive Support";
        case -1: return "Passive Opposition";
        case -2: return "Active Opposition";
        default: return "Neutral";
    }
}

const char* level_fill(int level) {
    switch (level) {
        case 2: return "#9fc0ea";
        case 1: return "#d2e1f5";
        case -1: return "#f5d6d2";
        case -2: return "#eaa49c";
        default: return "#f7f5ef";
    }
}

}  // namespace

std::string_view svg_style() {
    return ".hex{fill:#fbfaf5;stroke:#9a9483;stroke-width:1}.hexid{font:9px sans-serif;fill:#8a8576;text-anchor:middle}"
           ".held{stroke:none;opacity:.7}.mark{fill:none;stroke-width:3}.mark-exit{stroke:#d17a00;stroke-dasharray:6 3}"
           ".mark-objective{stroke:#c9a400}.mark-entry{stroke:#00897b;stroke-dasharray:2 3}"
           ".unit rect{stroke:#222;stroke-width:.8}.unit text{font:8px sans-serif;fill:#fff;text-anchor:middle}"
           ".space text{font:10px sans-serif;fill:#222}.space .sid{font-weight:bold}";
}

std::string svg_grid(const MapGeometry& g, const Scenario& s) {
    std::string out = "<g class=\"grid\">";
    for (std::size_t l = 0; l < s.map.size(); ++l) {
        const std::string name = esc(s.map.name(static_cast<LocId>(l)));
        out += fmt::format("<polygon class=\"hex\" data-loc=\"{}\" points=\"{}\"/>", name, shape(g, l));
        if (is_hex(g, s, l))
            out += fmt::format("<text class=\"hexid\" x=\"{:.1f}\" y=\"{:.1f}\">{}</text>", g.x[l], g.y[l] - g.r * 0.55, name);
    }
    out += "</g>";
    return out;
}

std::string svg_position(const MapGeometry& g, const Scenario& s, const Position& p) {
    std::string out;
    append_svg_position(out, g, s, p);
    return out;
}

void append_svg_position(std::string& out, const MapGeometry& g, const Scenario& s, const Position& p) {
    // Formatted into fmt's own buffer (its fast path), then appended once.
    fmt::memory_buffer buf;
    auto to = std::back_inserter(buf);
    const auto put = [&](std::string_view t) { buf.append(t); };
    auto loc = [&](const std::string& name) -> long {
        const LocId l = s.map.find(name);
        return l < 0 ? -1 : static_cast<long>(l);
    };
    if (p.has_area) {
        // Each space: its level as a fill, its id, type and population, its pieces.
        put("<g class=\"spaces\">");
        for (const PositionSpace& sp : p.spaces) {
            const long l = loc(sp.id);
            if (l < 0) continue;
            const std::size_t i = static_cast<std::size_t>(l);
            const double x0 = g.x[i] - g.box_w / 2 + 5, y0 = g.y[i] - g.box_h / 2;
            fmt::format_to(to, "<g class=\"space\" data-space=\"{}\"><polygon points=\"{}\" style=\"fill:{};stroke:{}\"/>", esc(sp.id), box_points(g, i),
                               level_fill(sp.support), sp.blockaded ? "#000;stroke-width:3" : "#9a9483");
            fmt::format_to(to, "<text class=\"sid\" x=\"{:.1f}\" y=\"{:.1f}\">{}</text>", x0, y0 + 14, esc(sp.id));
            fmt::format_to(to, "<text x=\"{:.1f}\" y=\"{:.1f}\">{}{} {}{}</text>", x0, y0 + 28, esc(sp.type), sp.population ? fmt::format(" {}", sp.population) : "",
                               level_name(sp.support), sp.blockaded ? ", blockaded" : "");
            std::string pieces;
            for (const PositionPieces& pc : sp.pieces) pieces += fmt::format("{}{} {} {}", pieces.empty() ? "" : ", ", pc.count, pc.faction, pc.piece);
            if (!pieces.empty()) fmt::format_to(to, "<text x=\"{:.1f}\" y=\"{:.1f}\">{}</text>", x0, y0 + 44, esc(pieces.substr(0, 60)));
            put("</g>");
        }
        put("</g>");
        out.append(buf.data(), buf.size());
        return;
    }
    put("<g class=\"holdings\">");
    for (const PositionHolding& h : p.holdings) {
        const long l = loc(h.location);
        if (l < 0) continue;
        fmt::format_to(to, "<polygon class=\"held\" data-loc=\"{}\" data-side=\"{}\" style=\"fill:{}\" points=\"{}\"/>", esc(h.location), esc(h.side),
                           side_tint(side_index(s, h.side)), shape(g, static_cast<std::size_t>(l)));
    }
    put("</g><g class=\"marks\">");
    for (const PositionMark& m : p.marks) {
        const long l = loc(m.location);
        if (l < 0) continue;
        const std::size_t i = static_cast<std::size_t>(l);
        // A mark is drawn inside the hex's edge, so that two marks of one hex both show.
        const double inset = m.kind == "exit" ? 0.72 : m.kind == "objective" ? 0.84 : 0.6;
        fmt::format_to(to, "<polygon class=\"mark mark-{}\" data-loc=\"{}\" points=\"{}\"><title>{}{}</title></polygon>", esc(m.kind), esc(m.location),
                           is_hex(g, s, i) ? hex_points(g, i, inset) : box_points(g, i), esc(m.what), m.side.empty() ? "" : esc(", held by " + m.side));
    }
    put("</g><g class=\"units\">");
    std::vector<int> stacked(s.map.size(), 0);
    for (const PositionUnit& u : p.units) {
        if (u.status != "on-map" || !u.at) continue;
        const long l = loc(*u.at);
        if (l < 0) continue;
        const std::size_t i = static_cast<std::size_t>(l);
        const int k = stacked[i]++;
        const double side = g.r * 0.95, off = std::min(k, 4) * g.r * 0.16;
        const double x0 = g.x[i] - side / 2 + off - g.r * 0.1, y0 = g.y[i] - side / 2 + off - g.r * 0.05;
        const int si = side_index(s, u.side);
        std::string label = u.id.size() > 9 ? u.id.substr(0, 8) + "\xE2\x80\xA6" : u.id;
        fmt::format_to(to, 
            "<g class=\"unit\" data-unit=\"{}\" data-side=\"{}\"><title>{} ({} {}, strength {}) at {}</title>"
            "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" rx=\"2\" style=\"fill:{}\"/>"
            "<text x=\"{:.1f}\" y=\"{:.1f}\">{}</text><text x=\"{:.1f}\" y=\"{:.1f}\" style=\"font-size:10px;font-weight:bold\">{}</text></g>",
            esc(u.id), esc(u.side), esc(u.id), esc(u.side), esc(u.type), u.strength, esc(*u.at), x0, y0, side, side, side_colour(si), x0 + side / 2,
            y0 + side * 0.36, esc(label), x0 + side / 2, y0 + side * 0.82, u.strength);
    }
    put("</g>");
    out.append(buf.data(), buf.size());
}

std::string render_position_svg(const Position& p, const Scenario& s) {
    const MapGeometry g = map_geometry(s);
    const double legend = 28;
    std::string out = fmt::format(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {:.0f} {:.0f}\" width=\"{:.0f}\" "
        "height=\"{:.0f}\">\n<style>{}</style>\n<title>{}</title>\n",
        g.width, g.height + legend, g.width, g.height + legend, svg_style(), esc(fmt::format("{} at {}", p.file, p.moment)));
    std::string where = p.turn > 0 ? fmt::format("game-turn {}", p.turn) : std::string("before the first game-turn");
    if (!p.phase.empty()) where += fmt::format(", {}{}", p.side.empty() ? "" : p.side + " ", p.phase);
    std::string scores;
    for (const PositionScore& sc : p.scores) scores += fmt::format("{}{} {}", scores.empty() ? "" : ", ", sc.side, sc.total);
    out += fmt::format("<text x=\"8\" y=\"18\" style=\"font:13px sans-serif\">{}</text>\n",
                       esc(fmt::format("{} ({}), {}: {}{}{}", p.scenario, p.moment, p.step ? fmt::format("step {}", *p.step) : fmt::format("line {}", p.line),
                                       where, scores.empty() ? "" : "; ", scores)));
    out += fmt::format("<g transform=\"translate(0,{:.0f})\">", legend);
    out += svg_grid(g, s);
    out += svg_position(g, s, p);
    out += "</g>\n</svg>\n";
    return out;
}

}  // namespace referee
