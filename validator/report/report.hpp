// The report of a check as text for a person, JSON for programs (report.md), and a batch's forms:
// one CSV row a game, one JSON line a game, the summary line.
#pragma once

#include "result.hpp"

#include <nlohmann/json_fwd.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace referee {

struct RenderOptions {
    // At most this many violations listed per report (0: all), then how many more there were
    // (text: one line; JSON: "violations_omitted"). --max-errors.
    std::size_t max_violations = 0;
    // False (--quiet): the text leaves out the scenario's standing rulings (Report::standing_rulings).
    bool standing_rulings = true;
    // At most this many more violations may be listed in the batch this report is part of
    // (kMaxBatchListed, cli/batch.cpp): past it, reports give only the count of theirs.
    std::size_t batch_room = SIZE_MAX;
};

// The number of a report's violations listed with these options (the rest are counted in one line,
// or "violations_omitted").
std::size_t violations_listed(const Report& r, const RenderOptions& o);

std::string render_text(const Report& r, const RenderOptions& o = {});
// The scenario by its id and where its rules come from: "maryes-heights (built-in)", or "club (file
// games/club.xml, sha256 HEX; extends maryes-heights, changing victory, rulings)".
std::string scenario_source_text(const std::string& id, const ScenarioSource& source);
// The same as the JSON report's `scenario_source`: {"kind": "built-in"}, or {"kind": "file", "path",
// "sha256", "extends", "changes"}; null when there is none.
nlohmann::ordered_json scenario_source_json(const std::optional<ScenarioSource>& source);
// The text report's result, as its first line gives it after the file's name.
std::string render_result_line(const Report& r);
std::string render_json(const std::vector<Report>& reports, const RenderOptions& o = {});  // one object, or an array for several
std::string render_json_one(const Report& r, const RenderOptions& o = {});
// The JSON report on one line, ending with a newline (--format jsonl).
std::string render_json_line(const Report& r, const RenderOptions& o = {});

// --format csv (report.md, "A tournament's batch"): the header row, then one row a game. RFC 4180
// quoting; rows end with a line feed.
std::string csv_header();
std::string render_csv_row(const Report& r);

// The summary line over a batch: "N games: N decided, N drawn, N incomplete, N with errors, N not
// judged". Every game is counted once in decided, drawn, incomplete or not judged; "with errors"
// counts the judged games with an error-severity violation (exit status 1), among the first three.
struct BatchSummary {
    std::size_t games = 0, decided = 0, drawn = 0, incomplete = 0, with_errors = 0, not_judged = 0;
    void add(const Report& r);
    std::string line() const;  // with its newline
};

}  // namespace referee
