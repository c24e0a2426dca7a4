// `referee module` (module_command.hpp). The module is described once, as JSON in the spec's key
// order (with keys of our own after them); the text form is written from that description, so the
// two say the same. Text from the module is shown escaped (shown.hpp).
#include "module_command.hpp"

#include "board_layout.hpp"
#include "locate.hpp"
#include "module.hpp"
#include "output.hpp"
#include "shown.hpp"
#include "vassal_error.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>

namespace referee {

namespace {

using json = nlohmann::ordered_json;
using namespace vassal;

// The caps of what is shown of hostile modules (real ones are far below them).
constexpr std::size_t max_zones_listed = 1000;       // a board's
constexpr std::size_t max_regions_listed = 1000;     // a region grid's
constexpr std::size_t max_zone_examples = 1000;      // the module's zones named by an example point
constexpr std::size_t example_bytes_budget = 1u << 20;

// Names points of a board as VASSAL would, the board alone on its map at cell (0,0), within a
// budget of examples for the whole module.
class Namer {
public:
    explicit Namer(const Module& module) : module_(module) {}

    // The name of a board's point, or none (the board's map cannot be laid out, the grid cannot
    // name it, the budget is spent).
    std::optional<std::string> name(const MapDef& map, const Board& board, Point local) {
        if (spent_ >= example_bytes_budget) return std::nullopt;
        try {
            const Locator& l = locator(map, board);
            if (l.boards().empty()) return std::nullopt;
            const Point origin = l.boards().front().origin;
            std::string n = l.name({java_add(origin.x, local.x), java_add(origin.y, local.y)});
            spent_ += n.size() + 1;
            return n;
        } catch (const std::exception&) {
            return std::nullopt;
        }
    }

private:
    const Locator& locator(const MapDef& map, const Board& board) {
        if (!current_ || current_map_ != &map || current_board_ != &board) {
            current_.reset();
            BoardLayout layout{map.id, {BoardPlacement{board.name, false, 0, 0}}};
            // A board whose image is missing has no known size: it is taken to hold every point,
            // unless its numbering counts from its far side (its size attributes then stand in).
            const bool unbounded = !board.size_known() && !(board.grid && needs_board_size(*board.grid));
            current_.emplace(module_, layout, BoardSizes{{board.name, unbounded ? Size{1 << 30, 1 << 30} : board.size()}});
            current_map_ = &map;
            current_board_ = &board;
        }
        return *current_;
    }

    const Module& module_;
    std::optional<Locator> current_;
    const MapDef* current_map_ = nullptr;
    const Board* current_board_ = nullptr;
    std::size_t spent_ = 0;
};

json numbering_json(const Numbering* n) {
    if (n == nullptr) return nullptr;
    auto type = [](char t) { return t == 'A' ? "alphabetic" : "numeric"; };
    json j{{"class", n->class_name},
           {"first", n->first == 'H' ? "column" : "row"},
           {"separator", n->sep},
           {"column_type", type(n->h_type)},
           {"row_type", type(n->v_type)},
           {"column_leading", n->h_leading},
           {"row_leading", n->v_leading},
           {"column_offset", n->h_off},
           {"row_offset", n->v_off},
           {"column_descending", n->h_descend},
           {"row_descending", n->v_descend},
           {"stagger", n->stagger},
           {"location_format", n->location_format.text()}};
    if (n->oblique) j["oblique"] = true;
    return j;
}

// Two points of a hex or square grid, in board pixels: the centre of the cell near the board's
// top-left corner and of the next one down the diagonal.
template <class G, class RawCell, class Centre>
std::vector<Point> two_cells(const G& g, RawCell raw_cell, Centre centre) {
    const Cell c = raw_cell(g, Point{java_int(g.dx / 2), java_int(g.dy / 2)});
    return {centre(g, c), centre(g, Cell{c.col + 1, c.row + 1})};
}

// A plain grid (of a board, a zone, or behind the zones). `examples_at`: names of its points, when
// it names them by itself (not a zone's grid, which the zone's format wraps).
json plain_grid_json(const PlainGrid& grid, const std::function<std::optional<std::string>(Point)>* examples_at) {
    json j{{"kind", "?"}, {"class", grid_class(grid)}};
    std::vector<Point> points;
    json examples = json::array();
    // A hex or square grid: its cells, their numbering, two of their names.
    const auto cells = [&](const auto& g, const char* kind, auto raw_cell, auto centre) {
        j["kind"] = kind;
        j["dx"] = g.dx;
        j["dy"] = g.dy;
        j["x0"] = g.x0;
        j["y0"] = g.y0;
        j["numbering"] = numbering_json(g.numbering ? &*g.numbering : nullptr);
        if (g.numbering) points = two_cells(g, raw_cell, centre);
    };
    if (const auto* h = std::get_if<HexGrid>(&grid)) {
        cells(*h, "HexGrid", hex_raw_cell, hex_centre);
        j["sideways"] = h->sideways;
    } else if (const auto* s = std::get_if<SquareGrid>(&grid)) {
        cells(*s, "SquareGrid", square_raw_cell, square_centre);
    } else if (const auto* r = std::get_if<RegionGrid>(&grid)) {
        j["kind"] = "RegionGrid";
        j["numbering"] = nullptr;
        json regions = json::array();
        for (const Region& region : r->regions) {
            if (regions.size() == max_regions_listed) break;
            regions.push_back(json{{"name", region.name}, {"x", region.origin.x}, {"y", region.origin.y}});
        }
        for (std::size_t i = 0; i < r->regions.size() && i < 2; ++i) examples.push_back(r->regions[i].name);
        j["regions"] = std::move(regions);
        if (r->regions.size() > max_regions_listed) j["regions_left_out"] = r->regions.size() - max_regions_listed;
    } else {
        j["kind"] = std::get<UnknownGrid>(grid).class_name;
        j["numbering"] = nullptr;
    }
    if (examples_at != nullptr)
        for (const Point p : points)
            if (auto n = (*examples_at)(p)) examples.push_back(std::move(*n));
    j["examples"] = std::move(examples);
    return j;
}

// Finding a point of each zone tests polygons, each test as long as its polygon; past this many
// vertices tested in all (a real module tests a few hundred thousand), zones get no example.
constexpr std::size_t max_vertices_tested = 50'000'000;

// A point of the zone, in board pixels, that VASSAL names by it: the first of an 8 x 8 lattice over
// its bounding box that the polygon holds and no zone before it does (else one that the polygon
// holds, an earlier zone holding it too). `tested` counts the vertices tested.
std::optional<Point> point_in(const ZonedGrid& grid, const Zone& zone, std::size_t all_vertices, std::size_t& tested) {
    std::optional<Point> shared;
    for (int i = 0; i < 8; ++i)
        for (int k = 0; k < 8; ++k) {
            if (tested > max_vertices_tested) return shared;
            const Point p{java_int(zone.bounds.x + (k + 0.5) * zone.bounds.width / 8.0), java_int(zone.bounds.y + (i + 0.5) * zone.bounds.height / 8.0)};
            tested += zone.path.size() + 1;
            if (!polygon_contains(zone.path, zone.bounds, p)) continue;
            tested += all_vertices;
            if (zone_at(grid, p) == &zone) return p;
            if (!shared) shared = p;
        }
    return shared;
}

struct Describer {
    const Module& module;
    Namer namer{module};
    std::size_t zone_examples = 0;
    std::size_t vertices_tested = 0;

    json board_json(const MapDef& map, const Board& board) {
        json b{{"name", board.name}, {"grid", nullptr}, {"zones", json::array()}};
        const Size size = board.size();
        b["width"] = size.width;
        b["height"] = size.height;
        if (!board.size_known()) b["size_known"] = false;
        if (!board.image.empty()) b["image"] = board.image;
        if (board.reversible) b["reversible"] = true;
        if (!board.grid) return b;
        const std::function<std::optional<std::string>(Point)> at = [&](Point p) { return namer.name(map, board, p); };
        if (const auto* z = std::get_if<ZonedGrid>(&*board.grid)) {
            json g{{"kind", "ZonedGrid"}, {"class", z->class_name}};
            json background = z->background ? plain_grid_json(*z->background, &at) : json(nullptr);
            g["numbering"] = background.is_null() ? json(nullptr) : background["numbering"];
            json examples = json::array();
            json zones = json::array();
            std::size_t all_vertices = 0;
            for (const Zone& zone : z->zones) all_vertices += zone.path.size() + 1;
            for (const Zone& zone : z->zones) {
                if (zones.size() == max_zones_listed) break;
                json zj{{"name", zone.name}, {"location_format", zone.location_format.text()}};
                if (zone.use_parent_grid) zj["use_parent_grid"] = true;
                zj["grid"] = zone.grid ? plain_grid_json(*zone.grid, nullptr) : json(nullptr);
                std::optional<std::string> example;
                if (zone_examples < max_zone_examples) {
                    ++zone_examples;
                    if (const auto p = point_in(*z, zone, all_vertices, vertices_tested)) {
                        vertices_tested += all_vertices;   // naming it finds its zone again
                        example = at(*p);
                    }
                }
                zj["example"] = example ? json(*example) : json(nullptr);
                if (example && examples.size() < 2) examples.push_back(*example);
                zones.push_back(std::move(zj));
            }
            if (examples.size() < 2 && !background.is_null())
                for (const json& e : background["examples"])
                    if (examples.size() < 2) examples.push_back(e);
            g["examples"] = std::move(examples);
            g["background"] = std::move(background);
            b["grid"] = std::move(g);
            b["zones"] = std::move(zones);
            if (z->zones.size() > max_zones_listed) b["zones_left_out"] = z->zones.size() - max_zones_listed;
            return b;
        }
        const PlainGrid plain = std::visit(
            [](const auto& g) -> PlainGrid {
                if constexpr (std::is_same_v<std::decay_t<decltype(g)>, ZonedGrid>) return UnknownGrid{g.class_name};
                else return g;
            },
            *board.grid);
        b["grid"] = plain_grid_json(plain, &at);
        return b;
    }

    json maps_json() {
        json maps = json::array();
        for (const MapDef& map : module.maps) {
            json boards = json::array();
            for (const Board& board : map.boards) boards.push_back(board_json(map, board));
            json m{{"name", map.id}, {"boards", std::move(boards)}, {"kind", map_kind_name(map.kind)}};
            json decks = json::array();
            for (const DrawPile& d : map.decks) decks.push_back(d.name);
            if (!decks.empty()) m["decks"] = std::move(decks);
            maps.push_back(std::move(m));
        }
        return maps;
    }
};

json pieces_json(const Catalog& catalog) {
    std::map<std::string_view, std::size_t> named;
    for (const PieceSlotDef& s : catalog.slots) ++named[s.name];
    json pieces = json::array();
    for (const PieceSlotDef& s : catalog.slots) {
        json props = json::object();
        for (const SlotProperty& p : s.properties) props[p.name] = p.values;
        json j{{"name", s.name},
               {"gpid", s.gpid.empty() ? json(nullptr) : json(s.gpid)},
               {"prototypes", s.prototypes},
               {"properties", std::move(props)},
               {"piece_name", s.piece_name},
               {"where", s.where}};
        if (named[s.name] > 1) j["same_name"] = named[s.name];
        if (!s.missing_prototypes.empty()) j["missing_prototypes"] = s.missing_prototypes;
        if (s.prototype_cycle) j["prototype_cycle"] = true;
        if (s.prototype_too_deep) j["prototypes_too_deep"] = true;
        if (s.properties_cut) j["properties_cut"] = true;
        pieces.push_back(std::move(j));
    }
    return pieces;
}

const char* dice_kind_name(DiceKind k) {
    switch (k) {
        case DiceKind::standard: return "standard";
        case DiceKind::special: return "special";
        case DiceKind::internet: return "internet";
    }
    return "standard";
}

json dice_json(const Module& module) {
    json dice = json::array();
    for (const DiceButton& b : module.dice_buttons) {
        json j{{"name", b.name}, {"kind", dice_kind_name(b.kind)}, {"report_format", b.report_format}, {"dice", b.n_dice}, {"sides", b.n_sides}};
        if (b.kind == DiceKind::special) {
            json faces = json::array();
            for (const SpecialDie& d : b.dice) {
                json f = json::array();
                for (const SpecialDieFace& face : d.faces) f.push_back(face.text);
                faces.push_back(json{{"name", d.name}, {"faces", std::move(f)}});
            }
            j["special_dice"] = std::move(faces);
        } else {
            j["plus"] = b.plus;
            j["add_to_total"] = b.add_to_total;
            j["report_total"] = b.report_total;
        }
        dice.push_back(std::move(j));
    }
    return dice;
}

json level_json(const TurnLevel& level) {
    const std::string_view cls = level.class_name;
    const char* kind = cls.ends_with("CounterTurnLevel") ? "counter" : cls.ends_with("ListTurnLevel") ? "list" : "other";
    json j{{"name", level.name}, {"kind", kind}, {"property", level.property}};
    if (std::string_view(kind) == "counter") {
        j["start"] = level.start;
        j["incr"] = level.incr;
        if (level.loop) j["loop_limit"] = level.loop_limit;
    } else {
        j["items"] = level.items;
    }
    json levels = json::array();
    for (const TurnLevel& l : level.levels) levels.push_back(level_json(l));
    j["levels"] = std::move(levels);
    return j;
}

json turn_json(const Module& module) {
    json out = json::array();
    for (const TurnTracker& t : module.turn_trackers)
        for (const TurnLevel& l : t.levels) {
            json j = level_json(l);
            j["tracker"] = t.name;
            out.push_back(std::move(j));
        }
    return out;
}

json properties_json(const Catalog& catalog) {
    json out = json::array();
    for (const GlobalPropertyDef& p : catalog.properties)
        out.push_back(json{{"name", p.name}, {"initial_value", p.initial_value}, {"container", p.container}, {"numeric", p.numeric}});
    return out;
}

json describe(const Module& module) {
    Describer d{module};
    json j{{"name", module.name},
           {"version", module.version},
           {"sha256", module.sha256},
           {"maps", d.maps_json()},
           {"pieces", pieces_json(module.catalog)},
           {"dice", dice_json(module)},
           {"turn_tracker", turn_json(module)},
           {"properties", properties_json(module.catalog)}};
    j["file"] = module.path;
    j["buildfile"] = module.buildfile;
    j["vassal_version"] = module.vassal_version;
    j["pieces_left_out"] = module.catalog.slots_left_out;
    j["prototype_definitions"] = module.catalog.prototype_definitions;
    j["properties_left_out"] = module.catalog.properties_left_out;
    return j;
}

// ---- The text form, from the description.

std::string str(const json& j) { return j.is_string() ? j.get<std::string>() : j.dump(); }
std::string shown_str(const json& j) { return escape_for_terminal(str(j)); }
std::string quoted(const json& j) { return "\"" + shown_str(j) + "\""; }

std::string numbering_text(const json& n) {
    if (n.is_null()) return "no numbering (its points are named offboard)";
    auto axis = [&](const char* which, const char* type, const char* leading, const char* offset, const char* descending) {
        std::string t = fmt::format("{} {}", which, str(n[type]));
        if (n[type] == "numeric") t += fmt::format(" (leading zeros {})", str(n[leading]));
        t += fmt::format(" from {}", str(n[offset]));
        if (n[descending].get<bool>()) t += " descending";
        return t;
    };
    std::string t = fmt::format("{} first, separator {}, {}, {}", str(n["first"]), quoted(n["separator"]),
                                axis("columns", "column_type", "column_leading", "column_offset", "column_descending"),
                                axis("rows", "row_type", "row_leading", "row_offset", "row_descending"));
    if (n["stagger"].get<bool>()) t += ", stagger";
    return t + fmt::format(", location {}", quoted(n["location_format"]));
}

std::string examples_text(const json& examples) {
    if (examples.empty()) return "";
    std::string t = "; e.g. ";
    for (std::size_t i = 0; i < examples.size(); ++i) t += (i ? ", " : "") + quoted(examples[i]);
    return t;
}

// A number of pixels: whole ones without a decimal point.
std::string pixels(const json& n) { return n.is_number_float() ? fmt::format("{:g}", n.get<double>()) : str(n); }

std::string plain_grid_text(const json& g, bool with_examples = true) {
    std::string t = shown_str(g["kind"]);
    if (g.contains("dx")) t += fmt::format(" {}x{} at ({}, {})", pixels(g["dx"]), pixels(g["dy"]), pixels(g["x0"]), pixels(g["y0"]));
    if (g.value("sideways", false)) t += " sideways";
    if (g.contains("regions")) t += fmt::format(", {} regions", g["regions"].size() + g.value("regions_left_out", std::size_t{0}));
    if (g["kind"] == "HexGrid" || g["kind"] == "SquareGrid") t += "; " + numbering_text(g["numbering"]);
    return with_examples ? t + examples_text(g["examples"]) : t;
}

std::string render_text(const json& d) {
    std::string out = fmt::format("module {} {}", quoted(d["name"]), quoted(d["version"]));
    if (!d["vassal_version"].get<std::string>().empty()) out += fmt::format(" (VASSAL {})", shown_str(d["vassal_version"]));
    out += fmt::format(": {}\nsha256 {}\n", shown_str(d["file"]), shown_str(d["sha256"]));
    out += fmt::format("maps: {}\n", d["maps"].size());
    for (const json& m : d["maps"]) {
        out += fmt::format("  {} ({})", quoted(m["name"]), shown_str(m["kind"]));
        if (m.contains("decks")) {
            out += ", decks:";
            for (const json& deck : m["decks"]) out += " " + quoted(deck);
        }
        out += "\n";
        for (const json& b : m["boards"]) {
            out += fmt::format("    board {} {}x{}{}: ", quoted(b["name"]), str(b["width"]), str(b["height"]),
                               b.value("size_known", true) ? "" : " (its image is missing: its size attributes)");
            const json& g = b["grid"];
            if (g.is_null()) {
                out += "no grid\n";
                continue;
            }
            if (g["kind"] != "ZonedGrid") {
                out += plain_grid_text(g) + "\n";
                if (g.contains("regions")) {
                    out += "      regions:";
                    for (const json& r : g["regions"]) out += " " + quoted(r["name"]);
                    if (g.contains("regions_left_out")) out += fmt::format(" ... and {} more", str(g["regions_left_out"]));
                    out += "\n";
                }
                continue;
            }
            out += fmt::format("ZonedGrid, {} zones", b["zones"].size() + b.value("zones_left_out", std::size_t{0}));
            out += g["background"].is_null() ? ", no background grid" : ", background " + plain_grid_text(g["background"], false);
            out += examples_text(g["examples"]) + "\n";
            for (const json& z : b["zones"]) {
                out += fmt::format("      zone {}: location {}", quoted(z["name"]), quoted(z["location_format"]));
                if (z.value("use_parent_grid", false)) out += ", the background grid";
                else if (!z["grid"].is_null()) out += ", " + plain_grid_text(z["grid"]);
                if (!z["example"].is_null()) out += fmt::format("; e.g. {}", quoted(z["example"]));
                out += "\n";
            }
            if (b.contains("zones_left_out")) out += fmt::format("      ... and {} more zones, not listed\n", str(b["zones_left_out"]));
        }
    }
    out += fmt::format("pieces: {} slots, {} prototype definitions\n", d["pieces"].size() + d["pieces_left_out"].get<std::size_t>(),
                       str(d["prototype_definitions"]));
    for (const json& p : d["pieces"]) {
        out += fmt::format("  {}", quoted(p["name"]));
        out += p["gpid"].is_null() ? std::string(" (no gpid)") : fmt::format(" gpid {}", shown_str(p["gpid"]));
        if (p["piece_name"] != p["name"]) out += fmt::format(", piece {}", quoted(p["piece_name"]));
        if (!p["where"].get<std::string>().empty()) out += fmt::format(", in {}", shown_str(p["where"]));
        if (p.contains("same_name")) out += fmt::format(" ({} slots have this name)", str(p["same_name"]));
        out += "\n";
        if (!p["prototypes"].empty()) {
            out += "    prototypes:";
            for (const json& n : p["prototypes"]) out += " " + quoted(n);
            out += "\n";
        }
        std::string notes;
        if (p.contains("missing_prototypes")) {
            notes += "    undefined prototypes:";
            for (const json& n : p["missing_prototypes"]) notes += " " + quoted(n);
            notes += "\n";
        }
        if (p.contains("prototype_cycle")) notes += "    a prototype uses itself: expanded once\n";
        if (p.contains("prototypes_too_deep")) notes += fmt::format("    prototypes nested more than {} deep: cut there\n", max_prototype_depth);
        if (p.contains("properties_cut")) notes += "    more properties or values than are listed\n";
        if (!p["properties"].empty()) {
            out += "    ";
            bool first = true;
            for (const auto& [key, values] : p["properties"].items()) {
                out += fmt::format("{}{}=", first ? "" : "; ", escape_for_terminal(key));
                first = false;
                for (std::size_t i = 0; i < values.size(); ++i) out += (i ? "|" : "") + shown_str(values[i]);
            }
            out += "\n";
        }
        out += notes;
    }
    if (d["pieces_left_out"].get<std::size_t>() != 0)
        out += fmt::format("  ... and {} more slots, not listed (more than referee lists, or too long to read)\n", str(d["pieces_left_out"]));
    out += fmt::format("dice: {}\n", d["dice"].size());
    for (const json& b : d["dice"]) {
        out += fmt::format("  {}: {}", quoted(b["name"]), str(b["kind"]) == "special" ? fmt::format("{} special dice", str(b["dice"]))
                                                                                       : fmt::format("{}d{}", str(b["dice"]), str(b["sides"])));
        if (b.value("plus", 0) != 0) out += fmt::format(" +{} a die", str(b["plus"]));
        if (b.value("add_to_total", 0) != 0) out += fmt::format(" +{} to the total", str(b["add_to_total"]));
        out += fmt::format(", report {}\n", quoted(b["report_format"]));
    }
    if (d["turn_tracker"].empty()) out += "turn tracker: none\n";
    const std::function<void(const json&, int)> level = [&](const json& l, int depth) {
        out += fmt::format("{:{}}{} ({}", "", 2 + 2 * depth, quoted(l["name"]), str(l["kind"]));
        if (l.contains("start")) out += fmt::format(" from {} by {}", str(l["start"]), str(l["incr"]));
        if (l.contains("loop_limit")) out += fmt::format(" up to {}", str(l["loop_limit"]));
        if (!str(l["property"]).empty()) out += fmt::format(", property {}", quoted(l["property"]));
        out += ")";
        if (l.contains("items")) {
            out += ":";
            for (std::size_t i = 0; i < l["items"].size(); ++i) out += (i ? ", " : " ") + shown_str(l["items"][i]);
        }
        out += "\n";
        for (const json& c : l["levels"]) level(c, depth + 1);
    };
    const json* tracker = nullptr;   // the levels of one tracker follow one another
    for (const json& l : d["turn_tracker"]) {
        if (tracker == nullptr || *tracker != l["tracker"]) out += fmt::format("turn tracker {}:\n", quoted(l["tracker"]));
        tracker = &l["tracker"];
        level(l, 0);
    }
    out += fmt::format("global properties: {}\n", d["properties"].size() + d["properties_left_out"].get<std::size_t>());
    for (const json& p : d["properties"])
        out += fmt::format("  {} = {} ({}{})\n", quoted(p["name"]), quoted(p["initial_value"]), shown_str(p["container"]), p["numeric"].get<bool>() ? ", numeric" : "");
    if (d["properties_left_out"].get<std::size_t>() != 0) out += fmt::format("  ... and {} more, not listed\n", str(d["properties_left_out"]));
    return out;
}

}  // namespace

int run_module(const ModuleOptions& opts) {
    std::optional<Module> module;
    try {
        module = Module::load(opts.module, LoadOptions{.catalog = true});
    } catch (const VassalError& e) {
        fmt::print(stderr, "referee: {}\n", shown(e.what()));
        return 2;
    } catch (const std::bad_alloc&) {
        fmt::print(stderr, "referee: {}: out of memory reading the module\n", shown(opts.module));
        return 2;
    } catch (const std::exception& e) {
        fmt::print(stderr, "referee: {}: {}\n", shown(opts.module), shown(e.what()));
        return 2;
    }
    const json d = describe(*module);
    if (opts.format == "json") write_stdout(escape_json_text(d.dump(2, ' ', false, json::error_handler_t::replace) + "\n"));
    else write_stdout(render_text(d));
    return 0;
}

}  // namespace referee
