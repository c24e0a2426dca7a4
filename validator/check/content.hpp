// What an input is, from its content (report.md, "A tournament's batch"): a file that is plainly not
// a game record (binary data, a PDF, a PGN game, a JSON document, a scenario file, another XML
// document...) is said to be so once, as `not-a-game-record`, instead of one syntax error a line;
// a move log with a few bad lines keeps its syntax errors (docs/decisions.md, "A tournament's batch").
#pragma once

#include "record.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace referee {

// A ZIP archive (vassal.md): a VASSAL save or log (a `savedGame` entry), a VASSAL module (a
// `buildFile` entry), or another archive. Entry names are stored as plain text in the archive.
enum class ZipKind { NotZip, VassalGame, Module, Other };
ZipKind zip_kind(std::string_view bytes);

// Before reading: what the text is ("a PDF document") when its beginning says plainly that it is
// no game record, else none. Looks at the beginning of the text only.
std::optional<std::string> plainly_not_a_record(std::string_view text);

// After reading a move log with syntax errors that names no scenario with a `game` record: what the
// text is when its first line that holds anything but a comment fits no record and more than half
// of those lines fit none, else none (its syntax errors stand).
std::optional<std::string> mostly_not_records(std::string_view text, const GameRecord& g);

}  // namespace referee
