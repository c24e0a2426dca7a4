// Standard output, whose failures are failures (report.md, "Exit status"): every report, page,
// position, listing and move log referee writes goes through write_stdout, which remembers the
// first error; finish_stdout, at the end of main, flushes and closes standard output and turns any
// error into exit status 2 with one message on standard error. SIGPIPE keeps its default action:
// `referee check ... | head` ends quietly when head has read enough. When SIGPIPE is ignored (by
// whatever started referee), a closed pipe is an error like a full disk (docs/decisions.md).
#pragma once

#include <string_view>

namespace referee {

// Writes s to standard output; a short write is remembered with its errno.
void write_stdout(std::string_view s);

// Flushes standard output (written as each report is done, so that a batch's reports show as they
// come); an error is remembered.
void flush_stdout();

// Flushes and closes standard output. False, after saying on standard error "referee: cannot
// write the report: REASON", when any write to it failed.
bool finish_stdout();

}  // namespace referee
