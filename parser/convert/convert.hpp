// A VASSAL game as records of the move log (shared vassal.md, "Judging a VASSAL game"): the file's
// position and steps, read with its module (map locations, dice buttons) and the scenario's
// <vassal> binding (which pieces are units, what their side, id, type and strength are, which
// maps are boxes, where turns and phases come from). Each record keeps the step it came from
// (0: the position the file begins with). Undone steps (marked or probable undos: the step taken
// back and the undo itself) give no records. The choices the spec leaves open are in
// docs/decisions.md, "Judging VASSAL games".
#pragma once

#include "code_fwd.hpp"
#include "module.hpp"
#include "scenario.hpp"
#include "vassal_file.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace referee {

// A binding that cannot stand for the game: the message names the file and the piece (its VASSAL
// id and name) or the part of the binding at fault ("FILE:LINE:COL: ..."). Every problem found is
// in it, one a line (the binding's parts that the module lacks, every piece that cannot be bound).
class ConvertError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
    explicit ConvertError(const std::vector<std::string>& problems);
};

struct ConvertedRecord {
    std::string text;      // one record of the move log, without its line end
    std::size_t step = 0;  // 0: the file's initial position
    std::string note;      // what it was read from, when the reader should see it (a tracker's item)
};

// What the director should know, at its step: a module version other than the binding's
// (module-version), a step or a unit the conversion could not turn into a record (vassal-unread).
struct ConvertWarning {
    Code code;
    std::size_t step = 0;
    std::string message;
};

struct Conversion {
    std::vector<ConvertedRecord> records;
    std::vector<ConvertWarning> warnings;
};

// `game` is what the `game` record names (the scenario's id, or the path it was read from).
// Throws ConvertError; VassalError when the module cannot name a point of the file.
Conversion convert_vassal(const vassal::VassalFile& file, const vassal::Module& module, const Scenario& scenario,
                          const std::string& game);

// The move log (format 1): each record followed by "  # step N" (and ": NOTE" when it has one), one a line.
std::string conversion_text(const Conversion& c);

// A token of the move log: the word as it is, or a quoted string when it has a space, '#' or '"'
// (or a control character or a byte that is not UTF-8: see log_string).
std::string log_token(std::string_view word);
// A quoted string of the move log: '"' and '\\' escaped, each control character (a line break,
// ESC, BEL, a C1 control... which a move log never holds: move-log.md) written as a space, and each
// byte that begins no well-formed UTF-8 sequence as U+FFFD.
std::string log_string(std::string_view text);

}  // namespace referee
