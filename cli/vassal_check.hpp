// Judging a VASSAL game (vassal.md, "Judging a VASSAL game"): `referee convert FILE --module M
// --scenario S` writes the move log its conversion gives, each record with its step;
// `referee check FILE --module M --scenario S` judges that move log with the same engine and
// reports the steps in place of lines.
#pragma once

#include "convert.hpp"
#include "diagnostics.hpp"
#include "module.hpp"
#include "options.hpp"
#include "positions.hpp"
#include "result.hpp"

#include <optional>
#include <string>
#include <vector>

namespace referee {

// True when FILE begins as a ZIP archive does (a VASSAL save or log; "-" never).
bool is_zip_file(const std::string& file);

// The check of one VASSAL file with the game's module: not judged (exit 2) when it cannot be
// converted (no --scenario, a scenario without a <vassal> section, a binding for another module,
// an unreadable file), else the engine's report with steps for places.
Report check_vassal(const std::string& file, const vassal::Module& module, const CheckOptions& opts);

// Several logs of one game, in order (--chain), judged as one game: the first log's records, then
// each later log's steps, counted on from the steps before it (docs/decisions.md); a log that does
// not begin where the one before it ended is a chain-break at the step it follows. The audit's
// undo-after-roll and undo-after-reveal are warnings at the undo's step. The report names the first file.
Report check_vassal_chain(const std::vector<std::string>& files, const vassal::Module& module, const CheckOptions& opts);

// The positions of one VASSAL file at `moments` (report.md, "Seeing the game"): its conversion's
// move log replayed with a watch, each position with its step. When the file cannot be converted,
// the report says why (not judged) and no position is taken.
Positions vassal_positions(const std::string& file, const vassal::Module& module, const CheckOptions& opts, const std::vector<Moment>& moments);

// A VASSAL file's conversion through `scenario_name`'s binding (--scenario): the file read, its
// conversion, and the scenario's id; or, when it cannot be converted, why (`code`, `error`).
struct Converted {
    std::optional<vassal::VassalFile> file;
    std::optional<Conversion> conversion;
    std::string scenario;  // the scenario's id, when it could be read
    Code code = Code::Unreadable;
    std::string error;
};
Converted convert_file(const std::string& file, const vassal::Module& module, const std::string& scenario_name);

struct ConvertOptions {
    std::string file;
    std::string module;
    std::string scenario;
};

// Writes the move log of the conversion on standard output and its warnings on standard error;
// returns the exit status (0, or 2 when the file could not be converted: its message on standard error).
int run_convert(const ConvertOptions& opts);

}  // namespace referee
