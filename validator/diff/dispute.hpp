// A dispute: two copies of one game set side by side (event.md, "referee diff"; docs/diff.md). Each
// copy is read once for what is compared of its records (compared.hpp, a few words a record, not the
// records), aligned with the other's (align.hpp), then checked once as `referee check` checks it,
// streaming, for its verdict and its positions at the first divergence and at the end of the
// shorter copy.
#pragma once

#include "options.hpp"
#include "position.hpp"
#include "result.hpp"
#include "scenario.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace referee::diff {

// One copy, as the command line read it.
struct CopyInput {
    std::string file;
    std::string_view text;                     // a move log or an XML save, or a VASSAL file's conversion
    std::vector<std::uint32_t> step_of_line;   // a VASSAL file: the step of the text's line i + 1
    std::optional<Report> report;              // a VASSAL file: `referee check`'s report (its audit too)
    std::shared_ptr<const void> keep;          // what holds `text` (the bytes read or mapped), if not the caller
};

// A record's place in its copy and the record as written.
struct Place {
    std::uint32_t line = 0;                    // in the copy's text (a VASSAL file: its conversion)
    std::optional<std::uint32_t> step;         // a VASSAL file: the step it came from
    std::string record;                        // the line as written, its comment and white space aside
};

struct Difference {
    std::string kind;  // changed, only-in-a, only-in-b, roll-differs, result-differs, undo-differs
    std::optional<Place> a, b;
    // only-in-a and only-in-b: where the record would be in the copy without it, before its record on
    // this line (0: after its last record).
    std::uint32_t before = 0;
    std::optional<std::uint32_t> before_step;  // a VASSAL copy: the step of that record
    // roll-differs, result-differs: what chance decided.
    bool chance() const { return kind == "roll-differs" || kind == "result-differs"; }
};

// A unit that stands differently in the two copies at a moment: where each has it ("1703",
// "eliminated", "exited from 0121", "off-map", "absent").
struct UnitApart {
    std::string unit, a, b;
};

struct Moments {
    std::uint32_t a_line = 0, b_line = 0;  // the moment in each copy (its text's line)
    std::optional<std::uint32_t> a_step, b_step;
    std::vector<UnitApart> units;
};

struct Dispute {
    std::string a_file, b_file;
    bool a_steps = false, b_steps = false;  // a VASSAL file: places are steps
    bool same = false;
    std::optional<char> prefix;             // 'a' or 'b': that copy holds the other's first records and stops
    std::size_t a_records = 0, b_records = 0;  // the records compared
    Place a_last, b_last;                   // each copy's last compared record
    std::vector<Difference> differences;    // in the copies' order, the first divergence first
    bool paired_in_order = false;           // part of two copies sharing almost nothing paired in order (align.hpp)
    Report a, b;                            // each copy's verdict (`referee check`'s report)
    bool result_changes = false;            // the winner or the level differ
    std::optional<Moments> divergence;      // each copy just after its first differing record
    std::optional<Moments> end;             // the end of the shorter copy, and where the longer is then
    std::optional<Position> a_at, b_at;     // the positions at the divergence (the page's maps)
    std::optional<Scenario> scenario;       // A's scenario (the maps'); none when A was not judged
};

// Compares two copies read by the command line, judged with `opts` (a VASSAL copy's report given).
Dispute compare(const CopyInput& a, const CopyInput& b, const CheckOptions& opts);

}  // namespace referee::diff
