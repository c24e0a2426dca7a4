// `referee convert` and the check of VASSAL files (vassal_check.hpp).
#include "vassal_check.hpp"

#include "check.hpp"
#include "convert.hpp"
#include "diagnostics.hpp"
#include "scenario.hpp"
#include "session.hpp"
#include "vassal_error.hpp"
#include "vassal_file.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <optional>

namespace referee {

namespace {

// A conversion, or why there is none (a code of the table and its message).
struct Converted {
    std::optional<Conversion> conversion;
    std::string scenario;  // the scenario's id, when it could be read
    Code code = Code::Unreadable;
    std::string error;
};

Converted convert_file(const std::string& file, const vassal::Module& module, const std::string& scenario_name) {
    Converted out;
    if (scenario_name.empty()) {
        out.code = Code::UnknownScenario;
        out.error = fmt::format("{} is a VASSAL game, which names no scenario: give --scenario FILE, a scenario file whose <vassal> "
                                "section binds the module's pieces to units (docs/scenario-format.md, \"VASSAL binding\")",
                                file);
        return out;
    }
    const std::shared_ptr<const ScenarioLoad> load = find_scenario(scenario_name, file);
    if (!load->scenario) {
        out.code = Code::ScenarioFile;
        out.error = fmt::format("cannot use scenario '{}'", scenario_name);
        for (const ScenarioError& e : load->errors)
            out.error += e.line == 0 ? fmt::format("; {}: {}", e.file, e.message) : fmt::format("; {}:{}:{}: {}", e.file, e.line, e.col, e.message);
        return out;
    }
    out.scenario = load->scenario->id;
    try {
        const vassal::VassalFile vf = vassal::read_vassal_file(file);
        out.conversion = convert_vassal(vf, module, *load->scenario, scenario_name);
    } catch (const ConvertError& e) {
        out.code = Code::VassalBinding;
        out.error = e.what();
    } catch (const vassal::VassalError& e) {
        out.code = Code::Unreadable;
        out.error = e.what();
    }
    return out;
}

// A comment's text on one line, whatever the file's names hold.
std::string one_line(std::string s) {
    for (char& ch : s)
        if (ch == '\n' || ch == '\r') ch = ' ';
    return s;
}

}  // namespace

bool is_zip_file(const std::string& file) {
    if (file == "-") return false;
    std::FILE* in = std::fopen(file.c_str(), "rb");
    if (in == nullptr) return false;
    char head[4] = {};
    const std::size_t n = std::fread(head, 1, sizeof head, in);
    std::fclose(in);
    return n == 4 && head[0] == 'P' && head[1] == 'K' && ((head[2] == 3 && head[3] == 4) || (head[2] == 5 && head[3] == 6));
}

Report check_vassal(const std::string& file, const vassal::Module& module, const CheckOptions& opts) {
    Converted c = convert_file(file, module, opts.scenario);
    if (!c.conversion) return vassal_not_judged(file, c.scenario, c.code, std::move(c.error));
    std::vector<std::uint32_t> steps;
    steps.reserve(c.conversion->records.size());
    for (const ConvertedRecord& r : c.conversion->records) steps.push_back(static_cast<std::uint32_t>(r.step));
    std::vector<Violation> findings;
    for (ConvertWarning& w : c.conversion->warnings) {
        const CodeInfo& info = code_info(w.code);
        findings.push_back(Violation{std::string(info.name), severity_of(w.code, opts.strict) == Severity::Error, 0, 0, std::string(info.cites),
                                     std::move(w.message), static_cast<std::uint32_t>(w.step)});
    }
    return check_steps(conversion_text(*c.conversion), file, opts, steps, std::move(findings));
}

int run_convert(const ConvertOptions& opts) {
    if (opts.module.empty()) {
        fmt::print(stderr, "referee: convert: converting a VASSAL game needs its module (--module M) and a scenario file with a <vassal> "
                           "section (--scenario FILE)\n");
        return 2;
    }
    std::optional<vassal::Module> module;
    try {
        module = vassal::Module::load(opts.module);
    } catch (const vassal::VassalError& e) {
        fmt::print(stderr, "referee: {}\n", e.what());
        return 2;
    }
    const Converted c = convert_file(opts.file, *module, opts.scenario);
    if (!c.conversion) {
        fmt::print(stderr, "referee: {}: error: {}: {}\n", opts.file, code_name(c.code), c.error);
        return 2;
    }
    std::string out = fmt::format("# {}, converted by referee with module '{}' version {} and scenario {}: each record's step is the\n"
                                  "# VASSAL step it came from (0: the position the file begins with).\n",
                                  one_line(opts.file), one_line(module->name), module->version.empty() ? "(none)" : one_line(module->version),
                                  one_line(opts.scenario));
    for (const ConvertWarning& w : c.conversion->warnings)
        out += fmt::format("# warning at step {}: {}: {}\n", w.step, code_name(w.code), one_line(w.message));
    out += conversion_text(*c.conversion);
    std::fwrite(out.data(), 1, out.size(), stdout);
    for (const ConvertWarning& w : c.conversion->warnings)
        fmt::print(stderr, "referee: {}:step {}: warning: {}: {}\n", opts.file, w.step, code_name(w.code), w.message);
    if (std::fflush(stdout) != 0) {
        fmt::print(stderr, "referee: cannot write the move log\n");
        return 2;
    }
    return 0;
}

}  // namespace referee
