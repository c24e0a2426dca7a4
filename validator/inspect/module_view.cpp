// The module bound to a file for the summary (module_view.hpp).
#include "module_view.hpp"

#include "board_layout.hpp"
#include "commands.hpp"
#include "format.hpp"
#include "grid.hpp"
#include "locate.hpp"
#include "vassal_error.hpp"

#include <fmt/format.h>
#include <limits>
#include <map>
#include <set>
#include <variant>

namespace referee::vassal {

struct ModuleBinding {
    std::map<std::string, Locator, std::less<>> locators;
};

namespace {

std::set<std::string> maps_with_pieces(const VassalFile& file) {
    std::set<std::string> out;
    for (const Game* g : {&file.initial, &file.final})
        for (const auto& [id, e] : g->pieces()) {
            const Placement p = g->placement(*e);
            if (!p.map.empty()) out.insert(p.map);
        }
    return out;
}

Point point(long long x, long long y) {
    auto clamp = [](long long v) {
        return static_cast<int>(std::max<long long>(std::numeric_limits<int>::min(), std::min<long long>(v, std::numeric_limits<int>::max())));
    };
    return Point{clamp(x), clamp(y)};
}

BoardLayout layout_of(const Module& module, const VassalFile& file, std::string_view map) {
    for (const auto& [id, leaf] : file.final.layouts())
        if (id == map) return parse_board_picker(leaf);
    if (const MapDef* def = module.map(map)) return default_layout(*def);
    throw VassalError(fmt::format("module {} has no map '{}'", module.path, map));
}

// VASSAL's text of a move report, from a chat line, in one form.
std::string report_text(std::string_view chat) { return normalize_report_text(report_of_chat(chat)); }

// check_layout, its message saying which file and which module file.
void check_layout_of(const Module& module, const VassalFile& file, const BoardLayout& layout) {
    try {
        check_layout(module, layout);
    } catch (const VassalError& e) {
        throw VassalError(fmt::format("{}: {} (module file {}, version {})", file.path, e.what(), module.path,
                                      module.version.empty() ? "not given" : module.version));
    }
}

}  // namespace

BoundModule bind_module(const Module& module, const VassalFile& file) {
    BoundModule out;
    auto binding = std::make_shared<ModuleBinding>();
    ModuleView& view = out.view;
    view.present = true;
    view.name = module.name;
    view.version = module.version;
    view.sha256 = module.sha256;
    view.module = &module;
    // Every layout the file sets, at its start and in its steps, is checked before anything is
    // named: a board the module lacks is an error naming it; a map it lacks, an error when pieces
    // stand on it, else a warning (once).
    const std::set<std::string> occupied = maps_with_pieces(file);
    std::set<std::string> missing_maps;
    auto check = [&](const std::string& leaf) {
        BoardLayout layout = parse_board_picker(leaf);
        if (module.map(layout.map) == nullptr) {
            if (occupied.count(layout.map) != 0)
                throw VassalError(fmt::format("{}: the file's layout names map '{}', which module {} does not have, and pieces stand on it",
                                              file.path, layout.map, module.path));
            if (missing_maps.insert(layout.map).second)
                view.warnings.push_back(fmt::format("the file's layout names map '{}', which the module does not have (no piece stands on it)",
                                                    layout.map));
            return;
        }
        check_layout_of(module, file, layout);
    };
    for (const auto& [map, leaf] : file.initial.layouts()) check(leaf);
    for (const Step& step : file.steps)
        for (const std::string& leaf : step.leaves)
            if (classify(leaf) == LeafKind::board_picker) check(leaf);
    // A hex or square grid without numbering names every point "offboard" (VASSAL does the same):
    // said once per board of a map pieces stand on, so that a director is not surprised.
    for (const std::string& map_id : occupied) {
        const MapDef* def = module.map(map_id);
        if (def == nullptr) continue;
        for (const Board& board : def->boards) {
            if (!board.grid) continue;
            const bool plain = std::holds_alternative<HexGrid>(*board.grid) || std::holds_alternative<SquareGrid>(*board.grid);
            if (!plain) continue;
            const PlainGrid grid = std::holds_alternative<HexGrid>(*board.grid) ? PlainGrid(std::get<HexGrid>(*board.grid))
                                                                                : PlainGrid(std::get<SquareGrid>(*board.grid));
            if (grid_numbering(grid) == nullptr)
                view.warnings.push_back(fmt::format("map '{}' board '{}': its grid has no numbering, so its points are named "
                                                    "'offboard', as VASSAL names them",
                                                    map_id, board.name));
        }
    }
    const FileMetadata& m = file.metadata;
    if (m.has_moduledata && (m.module_name != module.name || m.module_version != module.version))
        view.warnings.push_back(fmt::format("the file was written with module '{}' version {}, the module given is '{}' version {}",
                                            m.module_name, m.module_version, module.name, module.version));

    ModuleBinding* b = binding.get();
    const Module* mod = &module;
    view.set_layout = [b, mod](const std::string& leaf) {
        BoardLayout layout = parse_board_picker(leaf);
        if (mod->map(layout.map) == nullptr) return;   // warned above
        b->locators.erase(layout.map);
        b->locators.emplace(layout.map, Locator(*mod, layout));
    };
    view.locate = [b, mod](const std::string& map, long long x, long long y) -> std::optional<std::string> {
        auto it = b->locators.find(map);
        if (it == b->locators.end()) {
            const MapDef* def = mod->map(map);
            if (def == nullptr) return std::nullopt;
            it = b->locators.emplace(map, Locator(*mod, default_layout(*def))).first;
        }
        return it->second.name(point(x, y));
    };
    view.match_move_report = [b](const std::string& map, std::string_view chat) -> std::optional<std::map<std::string, std::string>> {
        auto it = b->locators.find(map);
        if (it == b->locators.end() || undo_chat(chat)) return std::nullopt;   // "* UNDO: ..." reports no move
        const std::string text = report_text(chat);
        for (ReportKind kind : {ReportKind::move_within, ReportKind::move_to, ReportKind::create}) {
            const std::string format = it->second.report_format(kind);
            if (format.empty()) continue;
            if (auto vars = match_format(normalize_report_text(format), text)) {
                std::map<std::string, std::string> out(vars->begin(), vars->end());
                return out;
            }
        }
        return std::nullopt;
    };
    out.binding = std::move(binding);
    return out;
}

Located locate_strict(const Module& module, const VassalFile& file, const std::string& map, int x, int y) {
    BoardLayout layout = layout_of(module, file, map);
    check_layout_of(module, file, layout);
    Locator locator(module, layout);
    Located out{locator.name_strict(Point{x, y}), std::nullopt};
    if (const PlacedBoard* b = locator.board_at(Point{x, y}); b != nullptr && !b->size_known)
        out.note = fmt::format("board '{}' of map '{}': its image '{}' is not in the module, so its size is unknown and the point "
                               "is taken to be on it (give the module archive, or its folder with images/, for a sure answer)",
                               b->board->name, map, b->board->image);
    return out;
}

}  // namespace referee::vassal
