// A draft of a scenario's <vassal> binding for a module nobody has bound (`referee bind`; the
// shared spec/vassal.md, "Inspecting a module and drafting a binding"; docs/vassal.md, "Drafting a
// binding"). From the module's maps, grids, piece slots, turn tracker and dice, and the scenario's
// locations, sides, units and phases, it guesses each part of the binding in the syntax of
// docs/scenario-format.md ("VASSAL binding"), each guess with an XML comment saying what it rests
// on; units left unmatched and ambiguous pieces are comments to resolve. Saves or logs of the
// module teach it more: the pieces at their start, matched to the scenario's units by name, say
// which value means which side, type or strength, and how the grid's names become location ids.
// Never throws for what a module or a file holds: a part it cannot guess is a comment.
#pragma once

#include "module.hpp"
#include "scenario.hpp"
#include "vassal_file.hpp"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace referee {

// A save or log of the module, read (vassal_file.hpp), and how to name it in comments.
struct DraftFile {
    std::string name;
    const vassal::VassalFile* file = nullptr;
};

// With files: how many of the pieces at their start the draft binds, and the others by name
// (each name with how many pieces bear it), in order of first appearance.
struct DraftCoverage {
    std::size_t pieces = 0;
    std::size_t bound = 0;
    std::vector<std::pair<std::string, std::size_t>> unbound;
};

struct BindingDraft {
    std::string vassal;                 // the <vassal> element with its comments, each line indented by two spaces
    std::vector<std::string> notes;     // comments for the end of the file (the coverage of the files)
    bool has_files = false;
    DraftCoverage coverage;
    std::size_t units_matched = 0;      // scenario units matched to a piece name
    std::size_t units = 0;              // the scenario's units
};

// The module must have been loaded with LoadOptions{.catalog = true} (else only the files' pieces
// are there to match).
BindingDraft draft_binding(const vassal::Module& module, const Scenario& scenario, const std::vector<DraftFile>& files);

// The whole draft file. A built-in base (`base` its id): a scenario file that extends it. A
// scenario file (`base_text` its text): that file with its own <vassal> taken out and the draft's
// put in before </scenario>, so that it keeps what the file gives.
std::string draft_scenario_file(const BindingDraft& draft, const vassal::Module& module, const Scenario& scenario,
                                const std::string& base, const std::string* base_text);

// One line for standard error: how many of the files' pieces the draft binds.
std::string draft_summary(const BindingDraft& draft);

}  // namespace referee
