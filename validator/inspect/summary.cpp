// The summary of a VASSAL file (inspect.hpp): the counts vassal.md defines, pieces with their
// locations, dice, undos, and the location checks.
#include "inspect.hpp"

#include "vassal_text.hpp"
#include "traits.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <set>

namespace referee::vassal {

std::vector<std::string> layout_boards(const std::string& leaf) {
    std::vector<std::string> tokens = split_tokens(leaf, '\t');
    std::vector<std::string> boards;
    for (std::size_t i = 1; i < tokens.size(); i += 3) {
        std::string name = tokens[i];
        if (name.ends_with("/rev")) name.resize(name.size() - 4);
        if (!name.empty()) boards.push_back(std::move(name));
    }
    return boards;
}

namespace {

std::vector<PieceRow> rows(const Game& game, const ModuleView& module) {
    std::vector<PieceRow> out;
    for (const auto& [id, e] : game.pieces()) {
        PieceRow r;
        r.id = *id;
        r.name = e->view.name;
        const Placement p = game.placement(*e);
        if (!p.map.empty()) {
            r.map = p.map;
            if (module.present && module.locate) r.location = module.locate(p.map, p.x, p.y);
        }
        r.x = p.x;
        r.y = p.y;
        r.properties = e->view.properties;
        out.push_back(std::move(r));
    }
    return out;
}

class LocationChecks {
public:
    LocationChecks(const ModuleView& module, Summary& out) : module_(module), out_(out) {}

    void compare(std::optional<std::size_t> step, const std::string& piece, const std::string& map, long long x, long long y,
                 const std::string& recorded, const char* source) {
        if (recorded == "?" || !module_.locate) return;   // a hidden piece's location is not shown
        std::optional<std::string> computed = module_.locate(map, x, y);
        if (!computed) return;
        if (*computed == recorded) {
            ++out_.agree;
            return;
        }
        out_.differences.push_back({step, piece, map, recorded, *computed, source, x, y});
    }

    // The move reports of one step: each chat line that one of the maps' report formats gives,
    // against the names of where the step's moves to that map began and ended.
    void move_reports(const Step& step) {
        std::vector<MovePiece> moves;
        for (const std::string& leaf : step.leaves) {
            const LeafKind kind = classify(leaf);
            if (kind == LeafKind::move) {
                moves.push_back(read_move(leaf));
            } else if (kind == LeafKind::add) {
                // A piece created on a map is reported like a move from nowhere ($location$ only).
                AddPiece a = read_add(leaf);
                if (a.type == "stack" || a.type.starts_with("deck;")) continue;
                PieceView v = read_piece(a.type, a.state);
                if (v.map.empty()) continue;
                MovePiece m;
                m.id = std::move(a.id);
                m.new_map = std::move(v.map);
                m.new_x = v.x;
                m.new_y = v.y;
                moves.push_back(std::move(m));
            }
        }
        if (moves.empty() || !module_.match_move_report) return;
        std::set<std::string> maps;
        for (const MovePiece& m : moves) if (!m.new_map.empty()) maps.insert(m.new_map);
        for (const std::string& leaf : step.leaves) {
            if (classify(leaf) != LeafKind::chat) continue;
            const std::string_view chat = std::string_view(leaf).substr(4);
            for (const std::string& map : maps) {
                auto vars = module_.match_move_report(map, chat);
                if (!vars) continue;
                one_report(step, moves, map, *vars);
                break;
            }
        }
    }

private:
    void one_report(const Step& step, const std::vector<MovePiece>& moves, const std::string& map,
                    const std::map<std::string, std::string>& vars) {
        auto check = [&](const char* var, bool at_end) {
            auto it = vars.find(var);
            if (it == vars.end() || it->second == "?" || it->second.empty()) return;
            std::vector<std::string> names;
            const MovePiece* first = nullptr;
            for (const MovePiece& m : moves) {
                if (m.new_map != map) continue;
                const std::string& on = at_end ? m.new_map : m.old_map;
                if (on.empty()) continue;
                std::optional<std::string> name = module_.locate(on, at_end ? m.new_x : m.old_x, at_end ? m.new_y : m.old_y);
                if (!name) continue;
                if (first == nullptr) first = &m;
                names.push_back(*name);
            }
            if (names.empty()) return;
            if (std::find(names.begin(), names.end(), it->second) != names.end()) {
                ++out_.agree;
                return;
            }
            out_.differences.push_back({step.number, first->id, at_end ? first->new_map : first->old_map, it->second, names.front(),
                                        "move report", at_end ? first->new_x : first->old_x, at_end ? first->new_y : first->old_y});
        };
        check("location", true);
        check("previousLocation", false);
    }

    const ModuleView& module_;
    Summary& out_;
};

}  // namespace

Summary summarize(const VassalFile& file, const ModuleView& module) {
    Summary s;
    s.file = file.path;
    s.kind = file.is_log() ? "log" : "save";
    s.encoding = encoding_name(file.encoding);
    const FileMetadata& m = file.metadata;
    s.vassal_version = !m.vassal_version.empty() ? m.vassal_version
                       : !m.module_vassal_version.empty() ? m.module_vassal_version : file.running_vassal_version;
    s.module_name = !m.module_name.empty() ? m.module_name : module.name;
    s.module_version = !m.module_version.empty() ? m.module_version : module.version;
    if (module.present) s.module_sha256 = module.sha256;
    s.players = file.final.roster();
    for (const auto& [map, leaf] : file.final.layouts()) s.maps.emplace_back(map, layout_boards(leaf));
    // Names are given with the layouts of the moment: those the file begins with, then each
    // step's, then the final ones.
    auto use_layouts = [&](const Game& game) {
        if (module.set_layout)
            for (const auto& [map, leaf] : game.layouts()) module.set_layout(leaf);
    };
    use_layouts(file.initial);
    s.initial = rows(file.initial, module);

    LocationChecks checks(module, s);
    std::size_t next_name = 0;
    auto check_recorded_names = [&](std::size_t step) {
        for (; next_name < file.recorded_names.size() && file.recorded_names[next_name].step <= step; ++next_name) {
            const RecordedName& r = file.recorded_names[next_name];
            checks.compare(r.step == 0 ? std::nullopt : std::optional<std::size_t>(r.step), r.piece, r.map, r.x, r.y, r.name,
                           "OldLocationName");
        }
    };
    check_recorded_names(0);

    // The dice are the audit's: a report line of a button, or its result property (validator/audit).
    s.audit = audit(file, module.module);
    auto roll = s.audit.rolls.begin();
    for (const Step& step : file.steps) {
        StepRow row;
        row.step = step.number;
        row.commands = step.counts;
        row.undo = step.undo;
        row.undoes = step.undoes;
        for (const std::string& leaf : step.leaves) {
            const LeafKind kind = classify(leaf);
            if (kind == LeafKind::board_picker && module.set_layout) module.set_layout(leaf);
            else if (kind == LeafKind::chat) row.chat.emplace_back(std::string_view(leaf).substr(4));
        }
        for (; roll != s.audit.rolls.end() && roll->step == step.number; ++roll) ++row.dice;
        s.dice += row.dice;
        if (step.undo == UndoKind::marked) ++s.undo_marked;
        if (step.undo == UndoKind::probable) ++s.undo_probable;
        check_recorded_names(step.number);
        if (module.present) checks.move_reports(step);
        s.steps.push_back(std::move(row));
    }
    check_recorded_names(file.steps.size() + 1);
    if (file.is_log()) {
        use_layouts(file.final);
        s.final = rows(file.final, module);
    } else {
        s.final = s.initial;
    }
    s.totals = file.totals;
    s.unknown = file.unknown;
    for (const std::string& w : file.warnings) s.warnings.push_back({std::nullopt, w});
    for (const std::string& w : module.warnings) s.warnings.push_back({std::nullopt, w});
    if (!module.present)
        s.warnings.push_back({std::nullopt, "no module given (--module): pieces are listed with their map and position but no location"});
    return s;
}

}  // namespace referee::vassal
