// A buildFile's text to a Module (module.hpp): the root, the maps with their boards, layouts and
// decks, the dice buttons and turn trackers (the shared FORMAT.md §5.1 and IMPORT-NOTES §1.6).
#include "buildfile_xml.hpp"
#include "image_size.hpp"
#include "module.hpp"
#include "vassal_error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string>

namespace referee::vassal {

using namespace buildfile;

const char* map_kind_name(MapKind kind) {
    switch (kind) {
        case MapKind::map: return "Map";
        case MapKind::private_map: return "PrivateMap";
        case MapKind::player_hand: return "PlayerHand";
        case MapKind::widget_map: return "WidgetMap";
    }
    return "Map";
}

const Board* MapDef::board(std::string_view board_name) const {
    for (const Board& b : boards)
        if (b.name == board_name) return &b;
    return nullptr;
}

std::string MapDef::report_format(ReportKind kind, bool first_board_has_grid) const {
    const std::optional<std::string>& written =
        kind == ReportKind::move_within ? move_within_format : kind == ReportKind::move_to ? move_to_format : create_format;
    if (written) return *written;
    if (!first_board_has_grid) return {};
    return std::string(kind == ReportKind::create ? default_create_format : default_move_format);
}

std::optional<MapKind> buildfile::map_kind(pugi::xml_node n) {
    if (class_is(n, "GlobalMap")) return std::nullopt;   // the overview window, not a map
    if (class_is(n, "WidgetMap")) return MapKind::widget_map;
    if (class_is(n, "PrivateMap")) return MapKind::private_map;
    if (class_is(n, "PlayerHand")) return MapKind::player_hand;
    if (class_is(n, "Map")) return MapKind::map;
    return std::nullopt;
}

const MapDef* Module::map(std::string_view map_id) const {
    for (const MapDef& m : maps)
        if (m.id == map_id) return &m;
    return nullptr;
}

namespace {

constexpr int max_depth = 256;   // real buildFiles nest about 12 deep

std::optional<DiceKind> dice_kind(pugi::xml_node n) {
    if (class_is(n, "SpecialDiceButton")) return DiceKind::special;
    if (class_is(n, "InternetDiceButton")) return DiceKind::internet;
    if (class_is(n, "DiceButton")) return DiceKind::standard;
    return std::nullopt;
}

struct Reader {
    Module& module;
    const std::string& label;
    const ImageReader& images;
    int map_count = 0;
    // Each image's size, read once by name: a module whose 200,000 boards name one large image
    // inflated its first 64 KiB each time (13 GB, 86 s, from a 13 kB file).
    std::map<std::string, std::optional<Size>, std::less<>> image_sizes{};

    Board read_board(pugi::xml_node n) {
        Board b;
        b.name = attr_or(n, "name", "");
        b.image = attr_or(n, "image", "");
        b.width = attr_int(n, "width", 500);
        b.height = attr_int(n, "height", 500);
        b.reversible = attr_bool(n, "reversible", false);
        if (!b.image.empty() && images) {
            auto it = image_sizes.find(b.image);
            if (it == image_sizes.end()) {
                const auto head = images(b.image);
                it = image_sizes.emplace(b.image, head ? image_size(*head) : std::nullopt).first;
            }
            b.image_size = it->second;
        }
        for (pugi::xml_node c : n.children())
            if (is_grid_element(c)) {
                b.grid = read_grid(c);
                break;
            }
        return b;
    }

    void read_board_picker(pugi::xml_node n, MapDef& map) {
        for (pugi::xml_node c : n.children()) {
            if (c.type() != pugi::node_element) continue;
            if (std::string_view(c.name()) == "setup") map.setup = c.child_value();
            else if (class_is(c, "Board")) {
                if (map.boards.size() == max_map_boards)
                    throw VassalError(fmt::format("{}: map '{}' has more than {} boards: refused", label, map.id, max_map_boards));
                map.boards.push_back(read_board(c));
            }
        }
    }

    void read_map(pugi::xml_node n, MapKind kind, std::string_view widget_entry) {
        MapDef map;
        map.class_name = n.name();
        map.kind = kind;
        map.id = attr_or(n, "mapName", "");
        if (map.id.empty() && kind == MapKind::widget_map) map.id = widget_entry;
        if (map.id.empty()) map.id = fmt::format("Map{}", map_count);
        ++map_count;
        map.edge_width = attr_int(n, "edgeWidth", 0);
        map.edge_height = attr_int(n, "edgeHeight", 0);
        if (!n.attribute("edgeWidth") && !n.attribute("edgeHeight")) {
            if (const auto edge = attr(n, "edge")) {   // the legacy "w,h"
                const auto comma = edge->find(',');
                if (comma != std::string::npos) {
                    map.edge_width = parse_int(std::string_view(*edge).substr(0, comma), 0);
                    map.edge_height = parse_int(std::string_view(*edge).substr(comma + 1), 0);
                }
            }
        }
        map.move_within_format = attr(n, "moveWithinFormat");
        map.move_to_format = attr(n, "moveToFormat");
        map.create_format = attr(n, "createFormat");
        module.maps.push_back(std::move(map));
    }

    // Depth first, in document order (the order VASSAL builds the components, and so numbers maps).
    // The entry name of the MapWidget above is a view into the document: copied for each element, a
    // long one under many elements took seconds (1 MB under 100,000 elements: 100 GB of copies).
    void walk(pugi::xml_node n, int depth, std::size_t current_map, std::string_view widget_entry) {
        if (depth > max_depth)
            throw VassalError(fmt::format("{}: elements nested more than {} deep: refused", label, max_depth));
        for (pugi::xml_node c : n.children()) {
            if (c.type() != pugi::node_element) continue;
            std::size_t map_index = current_map;
            std::string_view entry = widget_entry;
            if (const auto kind = map_kind(c)) {
                read_map(c, *kind, widget_entry);
                map_index = module.maps.size() - 1;
            } else if (class_is(c, "MapWidget")) {
                entry = c.attribute("entryName").value();
            } else if (class_is(c, "BoardPicker") && current_map != npos) {
                read_board_picker(c, module.maps[current_map]);
                continue;
            } else if (class_is(c, "DrawPile") && current_map != npos) {
                MapDef& m = module.maps[current_map];
                if (m.decks.size() == max_map_decks)
                    throw VassalError(fmt::format("{}: map '{}' has more than {} decks: refused", label, m.id, max_map_decks));
                m.decks.push_back({attr_or(c, "name", ""), {attr_int(c, "x", 0), attr_int(c, "y", 0)}, attr_or(c, "owningBoard", ""), m.id});
                continue;
            } else if (const auto dk = dice_kind(c)) {
                module.dice_buttons.push_back(read_dice_button(c, *dk));
                continue;
            } else if (class_is(c, "TurnTracker")) {
                module.turn_trackers.push_back(read_turn_tracker(c));
                continue;
            } else if (class_is(c, "PieceSlot") || class_is(c, "PrototypeDefinition")) {
                continue;   // pieces: nothing below them names a location
            }
            walk(c, depth + 1, map_index, entry);
        }
    }

    static constexpr std::size_t npos = static_cast<std::size_t>(-1);
};

std::pair<std::size_t, std::size_t> line_and_column(std::string_view text, std::ptrdiff_t offset) {
    const std::size_t end = std::min(text.size(), static_cast<std::size_t>(std::max<std::ptrdiff_t>(offset, 0)));
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return {line, column};
}

}  // namespace

Module Module::from_buildfile(std::string_view xml, const std::string& label, const ImageReader& images, const LoadOptions& options) {
    pugi::xml_document doc;
    const pugi::xml_parse_result result = doc.load_buffer(xml.data(), xml.size(), pugi::parse_default, pugi::encoding_auto);
    if (!result) {
        const auto [line, column] = line_and_column(xml, result.offset);
        throw VassalError(fmt::format("{}: not well-formed XML: {} at line {}, column {} (byte {})", label, result.description(), line,
                                      column, result.offset + 1));
    }
    const pugi::xml_node root = doc.document_element();
    const std::string_view root_name = root.name();
    if (root_name.ends_with("ModuleExtension"))
        throw VassalError(fmt::format("{}: a module extension ({}), not a module", label, root_name));
    if (!root_name.ends_with("GameModule") && !root_name.ends_with("BasicModule"))
        throw VassalError(fmt::format("{}: not a VASSAL module: its root element is <{}>, not VASSAL.build.GameModule", label,
                                      root_name.empty() ? "(none)" : root_name));
    Module m;
    m.buildfile = label;
    m.root_class = root_name;
    m.name = attr_or(root, "name", "");
    m.version = attr_or(root, "version", "");
    m.vassal_version = attr_or(root, "VassalVersion", "");
    Reader reader{m, label, images};
    reader.walk(root, 1, Reader::npos, "");
    if (options.catalog) m.catalog = read_catalog(root, m);
    return m;
}

}  // namespace referee::vassal
