// `referee bind --module M --scenario ID [FILE...]` (the shared spec/vassal.md, "Inspecting a module
// and drafting a binding"; docs/vassal.md, "Drafting a binding: referee bind"): a draft scenario
// file with a <vassal> section, to standard output. The drafting is parser/convert/draft.hpp.
#pragma once

#include <string>
#include <vector>

namespace referee {

struct BindOptions {
    std::string module;
    std::string scenario;             // a built-in id or a scenario file
    std::vector<std::string> files;   // saves or logs of the module
};

// Writes the draft; 0 when it was written, 2 when the module, the scenario or a file could not be
// read (one line on standard error: "referee: ...").
int run_bind(const BindOptions& opts);

}  // namespace referee
