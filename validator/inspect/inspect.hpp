// What a VASSAL file holds, for a person and for tools (`referee vassal`, vassal.md): the header,
// the players, the maps, the pieces where they stand at the beginning and at the end, the steps,
// undos, dice, the names VASSAL computed checked against referee's, warnings, and the audit of the
// game (validator/audit: undos and what they take back, dice per player, a chain of logs). Nothing
// is judged.
#pragma once

#include "audit.hpp"
#include "vassal_file.hpp"

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace referee::vassal {

// What the module gives the summary: the name VASSAL gives a point of a map (none without a
// module, or when the map is not in it), and the module itself, whose dice buttons find the dice.
struct ModuleView {
    bool present = false;
    std::string name, version, sha256;
    const Module* module = nullptr;      // none: VASSAL's default dice report only
    std::function<std::optional<std::string>(const std::string& map, long long x, long long y)> locate;
    // Every move report format of a map ($pieceName$, $location$, $previousLocation$, ...): the
    // variables a chat line gives when it is one; none otherwise.
    std::function<std::optional<std::map<std::string, std::string>>(const std::string& map, std::string_view chat)> match_move_report;
    // The file set a map's board layout (a BoardPicker leaf): the names that follow use it. The
    // summary calls it with the layouts the file begins with, those of each step in order, and
    // the final ones before naming the final position.
    std::function<void(const std::string& leaf)> set_layout;
    std::vector<std::string> warnings;   // about the module and the file together
};

struct PieceRow {
    std::string id, name;
    std::optional<std::string> map;
    long long x = 0, y = 0;
    std::optional<std::string> location;
    std::vector<Property> properties;
};

struct StepRow {
    std::size_t step = 0;
    CommandCounts commands;
    UndoKind undo = UndoKind::none;
    std::optional<std::size_t> undoes;
    std::vector<std::string> chat;
    std::size_t dice = 0;
};

struct LocationDifference {
    std::optional<std::size_t> step;   // none: the position the file begins with
    std::string piece, map, recorded, computed, source;
    long long x = 0, y = 0;
};

struct Warning {
    std::optional<std::size_t> step;
    std::string message;
};

struct Summary {
    std::string file, kind, encoding, vassal_version;
    std::string module_name, module_version;
    std::optional<std::string> module_sha256;
    std::vector<RosterEntry> players;
    std::vector<std::pair<std::string, std::vector<std::string>>> maps;   // map id, its boards
    std::vector<PieceRow> initial, final;
    std::vector<StepRow> steps;
    CommandCounts totals;
    std::size_t undo_marked = 0, undo_probable = 0, dice = 0;
    std::map<std::string, std::size_t> unknown;
    std::size_t agree = 0;
    std::vector<LocationDifference> differences;
    std::vector<Warning> warnings;
    VassalAudit audit;
    std::vector<AuditFinding> chain;   // with --chain: this file's chain-break, when it does not follow the one before
};

Summary summarize(const VassalFile& file, const ModuleView& module);

// The board names of a layout leaf "<map>BoardPicker\t<board>[/rev]\t<col>\t<row>...".
std::vector<std::string> layout_boards(const std::string& leaf);

std::string render_vassal_json(const std::vector<Summary>& summaries);   // one object, or an array for several
std::string render_vassal_text(const Summary& summary);

}  // namespace referee::vassal
