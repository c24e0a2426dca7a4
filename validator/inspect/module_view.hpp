// The module as the summary of a VASSAL file sees it (inspect.hpp's ModuleView), made from a
// module read by parser/module and the file's board layouts: names of points, dice reports, move
// reports. The layouts are checked against the module first: a board the file places on a map of
// the module that the module lacks is an error naming both; a map the module lacks is an error
// when a piece stands on it, otherwise a warning (docs/vassal-modules.md).
#pragma once

#include "inspect.hpp"
#include "module.hpp"

#include <memory>
#include <optional>
#include <string>

namespace referee::vassal {

struct ModuleBinding;   // the locators, one per map, kept alive with the view

struct BoundModule {
    std::shared_ptr<ModuleBinding> binding;
    ModuleView view;
};

BoundModule bind_module(const Module& module, const VassalFile& file);

// `referee vassal --locate MAP X Y`: VASSAL's name of the point with the file's last layout of the
// map (the module's default layout when the file has none). Throws VassalError where VASSAL would
// name the point only for want of a numbering, and for a map the module lacks.
// When the point falls on a board whose image is not in the module, its size is unknown and the
// point is taken to be on it: `note` says so.
struct Located {
    std::string name;
    std::optional<std::string> note;
};
Located locate_strict(const Module& module, const VassalFile& file, const std::string& map, int x, int y);

}  // namespace referee::vassal
