// `referee bind` (bind_command.hpp). The module is read with its piece slots, the scenario as
// `check --scenario` takes it (a built-in id or a file), the files as `referee vassal` reads them;
// the draft is written to standard output, with one line on standard error saying how much it binds.
// The draft is read back as a scenario before it is written: one that would not read is a bug,
// said on standard error.
#include "bind_command.hpp"

#include "draft.hpp"
#include "module.hpp"
#include "output.hpp"
#include "regular_file.hpp"
#include "scenario.hpp"
#include "shown.hpp"
#include "vassal_error.hpp"
#include "vassal_file.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <exception>
#include <fstream>
#include <optional>
#include <sstream>

namespace referee {

namespace {

int fail(const std::string& message) {
    fmt::print(stderr, "referee: {}\n", shown(message));
    return 2;
}

}  // namespace

int run_bind(const BindOptions& opts) {
    std::optional<vassal::Module> module;
    try {
        module = vassal::Module::load(opts.module, vassal::LoadOptions{.catalog = true});
    } catch (const std::bad_alloc&) {
        return fail(opts.module + ": out of memory reading the module");
    } catch (const std::exception& e) {
        return fail(e.what());
    }
    ScenarioLoad load = load_scenario(opts.scenario);
    if (!load.scenario) {
        if (load.errors.empty()) return fail(fmt::format("--scenario {}: cannot be read", opts.scenario));
        const ScenarioError& e = load.errors.front();
        return fail(fmt::format("--scenario {}: {}:{}:{}: {}{}", opts.scenario, e.file, e.line, e.col, e.message,
                                load.errors.size() > 1 ? fmt::format(" (and {} more)", load.errors.size() - 1 + load.errors_not_kept) : ""));
    }
    const Scenario& sc = *load.scenario;
    std::optional<std::string> base_text;
    if (sc.source_file != kBuiltinFile) {
        std::ifstream in(sc.source_file, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        if (!in) return fail(fmt::format("--scenario {}: cannot be read", opts.scenario));
        base_text = text.str();
    }
    std::vector<vassal::VassalFile> read;
    read.reserve(opts.files.size());
    for (const std::string& f : opts.files) {
        try {
            read.push_back(vassal::read_vassal_file(f));
        } catch (const std::bad_alloc&) {
            return fail(f + ": out of memory reading the file");
        } catch (const std::exception& e) {
            return fail(e.what());
        }
    }
    std::vector<DraftFile> files;
    for (std::size_t i = 0; i < read.size(); ++i) files.push_back(DraftFile{opts.files[i], &read[i]});
    const BindingDraft draft = draft_binding(*module, sc, files);
    const std::string text = draft_scenario_file(draft, *module, sc, sc.source_file == kBuiltinFile ? sc.id : sc.extends,
                                                 base_text ? &*base_text : nullptr);
    const ScenarioLoad again = read_scenario_xml(text, "<draft>");
    write_stdout(text);
    fmt::print(stderr, "referee bind: {}\n", shown(draft_summary(draft)));
    if (!again.scenario && !again.errors.empty()) {
        const ScenarioError& e = again.errors.front();
        fmt::print(stderr, "referee bind: the draft does not read as a scenario ({}:{}: {}): please report it\n", e.line, e.col, shown(e.message));
    }
    return 0;
}

}  // namespace referee
