// `referee check` over a tournament's batch (report.md, "A tournament's batch"; docs/decisions.md):
// folders read recursively, the files checked on worker threads while the calling thread writes
// each report in the order of the files as soon as it and those before it are done, in one of the
// formats (text with its summary line, JSON, JSON lines, CSV), duplicate games noted.
#pragma once

#include "module.hpp"
#include "options.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace referee {

struct BatchOptions {
    std::vector<std::string> inputs;  // files and folders as given ("-": standard input)
    std::string format = "text";      // text, json, jsonl, csv or html
    std::string output;               // html: the folder of the pages and index.html ("": one page, on standard output)
    unsigned jobs = 1;                // worker threads
    std::size_t max_errors = 50;      // violations listed per report (0: all)
    bool quiet = false;               // the text leaves out the scenario's standing rulings
    bool progress = false;            // a count of the files checked on standard error (a terminal)
};

// One input of a batch, in the order checked.
struct BatchEntry {
    std::string path;
    bool in_folder = false;  // found in a folder: skipped (listed once) when it is not a game record
    std::string problem;     // a folder that could not be listed, a file not read: its report says so (unreadable)
};

// The inputs with every folder replaced by the files under it, recursively, in path order. Names
// that begin with '.' (hidden files and folders) are left out, and so are folders reached through a
// symbolic link (a link may lead back up the tree). What is not a regular file (a named pipe, a
// device, a socket), and a symbolic link that leads out of the folder named, is an entry with its
// problem: never opened, reported `unreadable`.
std::vector<BatchEntry> batch_entries(const std::vector<std::string>& inputs);

// Checks the inputs and writes the reports to standard output (skipped files: in the text report,
// else on standard error). Returns the exit status: the worst of the reports' (report.md).
int run_batch(const BatchOptions& batch, CheckOptions opts, const vassal::Module* module);

}  // namespace referee
