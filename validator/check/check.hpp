// The entry point of validation: read one input, load its scenario, replay, report.
#pragma once

#include "code_fwd.hpp"
#include "mapped_file.hpp"
#include "options.hpp"
#include "record.hpp"
#include "result.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace referee {

// Everything for one input text: parse (log or save), find the scenario (options, then the
// `game` record / scenario attribute), judge. Input problems give a Report with judged == false.
Report check_text(std::string_view text, const std::string& file, const CheckOptions& opts);

// What check_text says of a text before reading it as a game: a ZIP archive that is not read here
// (a VASSAL file, or another archive), or a text that is plainly not a game record; nullopt else.
std::optional<Report> refused_text(std::string_view text, const std::string& file);

// check_text on a game already read whole (readers.hpp's read_game: its records collected), from
// its `text`: the records replayed from memory, read once for what else needs them (referee diff
// aligns them). The report is check_text's on that text; `text` must outlive the call.
Report check_game(const GameRecord& game, std::string_view text, const CheckOptions& opts);

// A VASSAL game judged through its conversion (vassal.md, "Judging a VASSAL game"): `text` is the
// move log the conversion wrote for `file`, `step_of_line[i]` the step of its line i + 1, and
// `findings` what the conversion reported (with their steps). The report is check_text's on the
// text, its places the steps of the lines it names (Report::places_are_steps), with the findings.
Report check_steps(std::string_view text, const std::string& file, const CheckOptions& opts,
                   const std::vector<std::uint32_t>& step_of_line, std::vector<Violation> findings);

// A VASSAL file that could not be converted: not judged, with `code` and `message` (no place).
Report vassal_not_judged(const std::string& file, const std::string& scenario, Code code, std::string message);

// An input that cannot be read (a folder of a batch that cannot be listed...): not judged, its one
// violation (unreadable) saying why.
Report unreadable(const std::string& file, std::string message);

// A text that is plainly not a game record (content.hpp): not judged, its one violation
// (not-a-game-record) saying what it is; Report::game_record is false.
Report not_a_game_record(const std::string& file, std::string what);

// The bytes of FILE ("-": standard input), or, when it cannot be read (no such file, a folder,
// more than 1 GiB...), its report: not judged, `unreadable`. A file of kMapBytes or more is mapped
// rather than read (mapped_file.hpp), when it can be.
struct Input {
    std::string read;                    // the bytes read
    std::unique_ptr<MappedFile> mapped;  // or mapped
    std::optional<Report> failure;
    std::string_view bytes() const { return mapped ? mapped->bytes() : std::string_view(read); }
};
inline constexpr std::uint64_t kMapBytes = std::uint64_t{1} << 20;
Input read_input(const std::string& file);

// check_text, and the report's SHA-256 of the bytes (taken on a second thread for a large file).
Report check_hashed(std::string_view bytes, const std::string& file, const CheckOptions& opts);
// Reads FILE ("-": standard input) and checks it; the report has the SHA-256 of its bytes.
Report check_file(const std::string& file, const CheckOptions& opts);

}  // namespace referee
