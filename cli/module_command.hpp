// `referee module M [--format text|json]` (the shared spec/vassal.md, "Inspecting a module and
// drafting a binding"; docs/vassal-modules.md, "Showing a module"): what a module holds for a
// binding's author.
#pragma once

#include <string>

namespace referee {

struct ModuleOptions {
    std::string module;
    std::string format = "text";
};

// Prints what the module holds; returns 0 when it was read, 2 when it could not be (one line on
// standard error: "referee: PATH: what is wrong").
int run_module(const ModuleOptions& opts);

}  // namespace referee
