// The command line (report.md): referee check | position | convert | vassal | module | bind | scenarios | --version | --help.
// Exit status: 0 all judged without errors, 1 error-severity violations, 2 an input not judged or a
// usage error. Reports go to standard output, usage errors to standard error.
#include "batch.hpp"
#include "check.hpp"
#include "help_text.hpp"
#include "module_command.hpp"
#include "bind_command.hpp"
#include "output.hpp"
#include "diff_command.hpp"
#include "position_command.hpp"
#include "report.hpp"
#include "scenario.hpp"
#include "scenario_show.hpp"
#include "shown.hpp"
#include "suggest.hpp"
#include "text.hpp"
#include "vassal_check.hpp"
#include "vassal_command.hpp"
#include "vassal_error.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#ifndef REFEREE_VERSION
#define REFEREE_VERSION "unknown"
#endif

namespace {

using namespace referee;

int usage_error(const std::string& message) {
    fmt::print(stderr, "referee: {}\nRun with --help for more information.\n", message);
    return 2;
}

// What a scenario that cannot be loaded says, its errors each in its place, on one line each.
std::string load_errors(const std::string& id_or_file, const ScenarioLoad& load) {
    std::string out;
    for (const ScenarioError& e : load.errors) {
        std::string where = escape_for_terminal(e.file.empty() || e.file == "<built-in>" ? id_or_file : e.file);
        if (e.line > 0) where += fmt::format(":{}", e.line);
        if (e.col > 0) where += fmt::format(":{}", e.col);
        out += fmt::format("{}{}: {}", out.empty() ? "" : "\nreferee: ", where, shown(e.message));
    }
    if (load.errors_not_kept != 0) out += fmt::format("\nreferee: {}: {} more errors, counted but not kept", id_or_file, load.errors_not_kept);
    return out;
}

// The command line's --param, checked once before any file is read (report.md, "A tournament's
// batch"; docs/decisions.md, "Parameters"): "" when right, else the one usage error. `given` is the
// scenario of --scenario, when there is one.
std::string param_mistake(const std::vector<std::pair<std::string, std::string>>& params, const Scenario* given) {
    std::vector<Scenario> builtins;   // read only when a parameter needs them
    auto all_builtins = [&]() -> const std::vector<Scenario>& {
        if (builtins.empty())
            for (const BuiltinScenario& b : builtin_scenarios())
                if (ScenarioLoad l = load_scenario(b.id); l.scenario) builtins.push_back(std::move(*l.scenario));
        return builtins;
    };
    auto has = [](const Scenario& s, std::string_view name) { return s.find_param(lower(name)) != nullptr; };
    for (const auto& [key, value] : params) {
        const auto colon = key.find(':');
        const std::string id = colon == std::string::npos ? "" : key.substr(0, colon);
        const std::string name = colon == std::string::npos ? key : key.substr(colon + 1);
        if (name.empty()) return fmt::format("--param '{}={}': the parameter name is empty", key, value);
        Suggestions near(name);
        if (!id.empty()) {
            const Scenario* s = given != nullptr && given->id == id ? given : nullptr;
            for (const Scenario& b : all_builtins())
                if (s == nullptr && b.id == id) s = &b;
            if (s == nullptr) {
                // Not a built-in: a scenario file's own id, unless it is a built-in's mistyped.
                Suggestions ids(id);
                for (const BuiltinScenario& b : builtin_scenarios()) ids.consider(b.id);
                if (const std::string hint = ids.text(); !hint.empty())
                    return fmt::format("--param {}: no built-in scenario '{}'{}", key, id, hint);
                continue;
            }
            if (has(*s, name)) continue;
            for (const ParamDef& p : s->params) near.consider(p.name);
            return fmt::format("--param {}: the scenario {} has no parameter '{}'{}", key, id, name, near.text());
        }
        if (given != nullptr) {
            if (has(*given, name)) continue;
            for (const ParamDef& p : given->params) near.consider(p.name);
            return fmt::format("--param {}: the scenario {} has no parameter '{}'{}", key, given->id, name, near.text());
        }
        bool somewhere = false;
        for (const Scenario& b : all_builtins()) {
            somewhere = somewhere || has(b, name);
            for (const ParamDef& p : b.params) near.consider(p.name);
        }
        if (!somewhere)
            return fmt::format("--param {}: no built-in scenario has a parameter '{}'{} (a scenario file's own: give --scenario FILE, or "
                               "--param ID:{}=VALUE)",
                               key, name, near.text(), name);
    }
    return "";
}

// `referee scenarios --show ID|FILE`: a scenario that cannot be read is a usage error, with each
// of its errors in its place.
int show_scenario(const std::string& id_or_file, bool as_json) {
    const ScenarioLoad load = load_scenario(id_or_file);
    if (!load.scenario) {
        fmt::print(stderr, "referee: {}\n", load_errors(id_or_file, load));
        return 2;
    }
    write_stdout(as_json ? scenario_json(*load.scenario) : scenario_text(*load.scenario));
    return 0;
}

int run(int argc, char** argv) {
    CLI::App app{"referee: validates board-wargame game records (move logs, XML saves, VASSAL saves and logs)", "referee"};
    app.set_version_flag("--version", std::string("referee ") + REFEREE_VERSION, "Print the version and exit");
    app.require_subcommand(1, 1);
    app.failure_message([](const CLI::App*, const CLI::Error& e) {
        return fmt::format("referee: {}\nRun with --help for more information.\n", shown(e.what()));
    });

    std::string scenario;
    std::string format = "text";
    std::vector<std::string> params;
    bool strict = false;
    std::vector<std::string> files;

    CLI::App* check = app.add_subcommand("check", "Check game records and report the result, scores and violations");
    check->add_option("--scenario", scenario, "Built-in scenario id or scenario file (default: the game's own)")
        ->type_name("ID|FILE");
    std::vector<std::string> scenario_path;
    check->add_option("--scenario-path", scenario_path,
                      "A folder where the scenario files games name are looked for, besides each game's own folder (repeatable)")
        ->type_name("DIR")
        ->allow_extra_args(false);
    check->add_option("--format", format,
                      "Report format: text (default), json, jsonl (one game a line, as each is done), csv (one row a game) or html (a page a game: "
                      "the verdict, the scores, the map at each game-turn, the score chart, the violations)")
        ->type_name("text|json|jsonl|csv|html")
        ->check(CLI::IsMember({"text", "json", "jsonl", "csv", "html"}).description(""));
    std::string output_dir;
    check->add_option("--output", output_dir, "With --format html: the folder to write one page a game and index.html in (made if need be)")
        ->type_name("DIR");
    check->add_option("--param", params, "Set a scenario parameter (repeatable)")
        ->type_name("NAME=VALUE")
        ->allow_extra_args(false);
    check->add_flag("--strict", strict, "Treat warnings as errors");
    bool quiet = false;
    check->add_flag("--quiet", quiet, "Leave the scenario's standing rulings out of each text report");
    std::size_t max_errors = 50;
    check->add_option("--max-errors", max_errors, "Violations listed per file, then how many more there were (default 50; 0: all)")
        ->type_name("N")
        ->check(CLI::Range(std::size_t{0}, std::size_t{1000000}).description(""));
    unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
    check->add_option("--jobs,-j", jobs, "Files checked at once, each on a thread of its own (default: the number of cores)")
        ->type_name("N")
        ->check(CLI::Range(1u, 1024u));
    std::string module_path;
    check->add_option("--module", module_path, "The module of the VASSAL games among the files (.vmod/.mod, a buildFile, or a folder holding one)")
        ->type_name("M");
    bool chain = false;
    check->add_flag("--chain", chain, "The files are VASSAL logs of one game, in order (with --module): judged as one game, with a "
                                      "chain-break where one does not begin where the one before it ended");
    check->add_option("FILE", files, "Move log, XML save, or VASSAL save or log (with --module); a folder: every game record under it; - reads standard input")
        ->type_name("")
        ->required();

    PositionOptions popts;
    CLI::App* position = app.add_subcommand("position", "Show the position at a moment of a game: units, holdings, scores (text, JSON or an SVG map)");
    position->add_option("--at", popts.at, "The moment: line:N (after the record on line N), step:N (a VASSAL game), turn:N (when game-turn N begins), "
                                           "turn:N:SIDE:PHASE (when that phase begins) or end (default)")
        ->type_name("WHEN");
    position->add_option("--format", popts.format, "Output format: text (default), json or svg")
        ->type_name("text|json|svg")
        ->check(CLI::IsMember({"text", "json", "svg"}).description(""));
    position->add_option("--scenario", scenario, "Built-in scenario id or scenario file (default: the game's own)")->type_name("ID|FILE");
    position->add_option("--scenario-path", scenario_path, "A folder where the scenario file the game names is looked for, besides its own folder (repeatable)")
        ->type_name("DIR")
        ->allow_extra_args(false);
    position->add_option("--param", params, "Set a scenario parameter (repeatable)")->type_name("NAME=VALUE")->allow_extra_args(false);
    position->add_option("--module", module_path, "The module of a VASSAL game (.vmod/.mod, a buildFile, or a folder holding one)")->type_name("M");
    position->add_option("FILE", popts.file, "Move log, XML save, or VASSAL save or log (with --module); - reads standard input")
        ->type_name("")
        ->required();

    DiffOptions dopts;
    CLI::App* diff = app.add_subcommand("diff", "Set two copies of one game side by side: the records that differ (aligned), chance named, "
                                                "each copy's verdict, and whether the difference changes the result");
    diff->add_option("--format", dopts.format, "Output format: text (default), json or html (a page that stands alone)")
        ->type_name("text|json|html")
        ->check(CLI::IsMember({"text", "json", "html"}).description(""));
    diff->add_option("--max-errors", dopts.max_errors, "List at most N differences (default 50; 0: all), then how many more")
        ->type_name("N")
        ->check(CLI::Range(std::size_t{0}, std::size_t{1000000}).description(""));
    diff->add_option("--scenario", scenario, "Built-in scenario id or scenario file (default: each copy's own; a VASSAL copy's binding)")->type_name("ID|FILE");
    diff->add_option("--scenario-path", scenario_path, "A folder where the scenario file a copy names is looked for, besides its own folder (repeatable)")
        ->type_name("DIR")
        ->allow_extra_args(false);
    diff->add_option("--param", params, "Set a scenario parameter (repeatable)")->type_name("NAME=VALUE")->allow_extra_args(false);
    diff->add_option("--module", module_path, "The module of VASSAL copies (.vmod/.mod, a buildFile, or a folder holding one)")->type_name("M");
    diff->add_flag("--strict", strict, "Treat warnings as errors in each copy's verdict");
    diff->add_option("A", dopts.a, "The first copy: move log, XML save, or VASSAL save or log (with --module)")->type_name("")->required();
    diff->add_option("B", dopts.b, "The second copy")->type_name("")->required();

    CLI::App* scenarios = app.add_subcommand("scenarios", "List the built-in scenarios (id, tab, title), or show one");
    std::string show;
    scenarios->add_option("--show", show, "Show a scenario: sides, phases, units, locations, parameters, rulings")
        ->type_name("ID|FILE");
    std::string show_format = "text";
    scenarios->add_option("--format", show_format, "Format of --show: text (default) or json")
        ->type_name("text|json")
        ->check(CLI::IsMember({"text", "json"}).description(""));

    ConvertOptions copts;
    CLI::App* convert = app.add_subcommand("convert", "Write the move log a VASSAL save or log gives, each record with its step");
    convert->add_option("--module", copts.module, "The game's module: a .vmod/.mod archive, a buildFile(.xml), or a folder holding one")
        ->type_name("M");
    convert->add_option("--scenario", copts.scenario, "A scenario file whose <vassal> section binds the module to the scenario")
        ->type_name("FILE");
    convert->add_option("FILE", copts.file, "VASSAL save (.vsav) or log (.vlog)")->type_name("")->required();

    VassalOptions vopts;
    CLI::App* vassal = app.add_subcommand("vassal", "Show what a VASSAL save or log holds (players, maps, pieces, steps), without judging it");
    vassal->add_option("--module", vopts.module, "The game's module: a .vmod/.mod archive, a buildFile(.xml), or a folder holding one")
        ->type_name("M");
    vassal->add_option("--format", vopts.format, "Output format: text (default) or json")
        ->type_name("text|json")
        ->check(CLI::IsMember({"text", "json"}).description(""));
    vassal->add_option("--locate", vopts.locate, "Print only the location name of one point of one map")
        ->type_name("MAP X Y")
        ->expected(3);
    vassal->add_flag("--chain", vopts.chain,
                     "The files are logs of one game, in order: a chain-break where one does not begin where the one before ended");
    vassal->add_option("FILE", vopts.files, "VASSAL save (.vsav) or log (.vlog)")->type_name("")->required();

    ModuleOptions mopts;
    CLI::App* module_cmd = app.add_subcommand("module", "Show what a VASSAL module holds for a binding's author: maps, boards, grids, zones, "
                                                        "piece slots with their prototypes and properties, dice, turns, global properties");
    module_cmd->add_option("--format", mopts.format, "Output format: text (default) or json")
        ->type_name("text|json")
        ->check(CLI::IsMember({"text", "json"}).description(""));
    module_cmd->add_option("M", mopts.module, "The module: a .vmod/.mod archive, a buildFile(.xml), or a folder holding one")->type_name("")->required();

    BindOptions bopts;
    CLI::App* bind_cmd = app.add_subcommand("bind", "Draft a scenario file binding a VASSAL module to a scenario (a <vassal> section, each "
                                                    "guess with a comment), learning from saves or logs of the module when given");
    bind_cmd->add_option("--module", bopts.module, "The module: a .vmod/.mod archive, a buildFile(.xml), or a folder holding one")
        ->type_name("M")
        ->required();
    bind_cmd->add_option("--scenario", bopts.scenario, "The scenario to bind: a built-in id, or a scenario file")->type_name("ID")->required();
    bind_cmd->add_option("FILE", bopts.files, "Saves (.vsav) or logs (.vlog) of the module: their pieces teach the draft")->type_name("");
    // After the subcommands, which would otherwise inherit it: the exit statuses and examples close
    // `referee --help` alone (help_text.hpp).
    app.footer(help_footer);

    // CLI11 would report an unknown subcommand as a missing one: say what is wrong.
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (!a.empty() && a[0] == '-') continue;  // top-level options take no value
        if (a != check->get_name() && a != position->get_name() && a != diff->get_name() && a != scenarios->get_name() && a != vassal->get_name() &&
            a != convert->get_name() && a != module_cmd->get_name() && a != bind_cmd->get_name())
            return usage_error(
                fmt::format("unknown subcommand '{}' (expected check, position, diff, convert, vassal, module, bind or scenarios)", shown(a)));
        break;
    }

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help and --version come here too, with exit code 0; every real error is a usage error.
        return app.exit(e) == 0 ? 0 : 2;
    }

    if (scenarios->parsed()) {
        if (show.empty()) {
            if (show_format != "text") return usage_error("--format is for --show: the list is one scenario a line (id, tab, title)");
            for (const auto& s : builtin_scenarios()) write_stdout(fmt::format("{}\t{}\n", shown(s.id), shown(s.title())));
            return 0;
        }
        return show_scenario(show, show_format == "json");
    }

    if (vassal->parsed()) return run_vassal(vopts);
    if (module_cmd->parsed()) return run_module(mopts);
    if (bind_cmd->parsed()) return run_bind(bopts);
    if (convert->parsed()) return run_convert(copts);

    // check
    CheckOptions opts;
    opts.scenario = scenario;
    for (const std::string& dir : scenario_path) {
        std::error_code ec;
        if (!std::filesystem::is_directory(dir, ec)) return usage_error(fmt::format("--scenario-path {}: not a folder", dir));
    }
    opts.scenario_path = scenario_path;
    opts.strict = strict;
    for (const auto& p : params) {
        const auto eq = p.find('=');
        if (eq == std::string::npos) return usage_error(fmt::format("--param '{}': expected NAME=VALUE", shown(p)));
        if (eq == 0) return usage_error(fmt::format("--param '{}': the parameter name is empty", shown(p)));
        opts.params.emplace_back(p.substr(0, eq), p.substr(eq + 1));
    }
    // Mistakes of the command line are said once, before any file is read (exit status 2): a
    // scenario that cannot be loaded, a parameter no scenario of the batch can have.
    std::optional<Scenario> given;
    if (!scenario.empty()) {
        ScenarioLoad load = load_scenario(scenario);
        if (!load.scenario) return usage_error(fmt::format("--scenario {}", load_errors(scenario, load)));
        given = std::move(load.scenario);
    }
    // One line, naming what the command line gave: shown escaped (shown.hpp).
    if (const std::string why = param_mistake(opts.params, given ? &*given : nullptr); !why.empty()) return usage_error(escape_for_terminal(why));
    // The module is read once, before any file: one that cannot be read is a usage error.
    std::optional<vassal::Module> module;
    if (!module_path.empty()) {
        try {
            // The piece slots only when the binding selects pieces by prototype.
            module = vassal::Module::load(module_path, vassal::LoadOptions{.catalog = given && given->vassal.needs_module_catalog()});
        } catch (const vassal::VassalError& e) {
            return usage_error(fmt::format("--module: {}", shown(e.what())));
        }
    }
    const vassal::Module* mod = module ? &*module : nullptr;
    if (position->parsed()) return run_position(popts, opts, mod);
    if (diff->parsed()) return run_diff(dopts, opts, mod);
    if (!output_dir.empty() && format != "html") return usage_error("--output is for --format html (a folder of pages)");
    if (format == "html") {
        if (chain) return usage_error("--format html: a --chain of logs has no page yet; check it as text or JSON");
        std::error_code ec;
        const bool one = files.size() == 1 && !std::filesystem::is_directory(files.front(), ec);  // one file is one entry of a batch
        if (output_dir.empty() && !one) return usage_error("--format html with several files (or a folder) writes a page a game: give --output DIR");
        if (!output_dir.empty()) {
            std::filesystem::create_directories(output_dir, ec);
            if (!std::filesystem::is_directory(output_dir, ec)) return usage_error(fmt::format("--output {}: cannot make that folder", shown(output_dir)));
        }
    }
    if (chain) {
        if (mod == nullptr) return usage_error("--chain: judging VASSAL logs as one game needs their module (--module M)");
        for (const std::string& f : files)
            if (!is_zip_file(f)) return usage_error(fmt::format("--chain: {} is not a VASSAL save or log", shown(f)));
        Report r;
        try {
            r = check_vassal_chain(files, *mod, opts);
        } catch (const std::exception& e) {
            r.file = files.front();
            r.judged = false;
            r.violations.push_back({"internal-error", true, 0, 0, "", fmt::format("could not check: {}", e.what()), std::nullopt});
        }
        const RenderOptions ro{max_errors, !quiet};
        const std::string out = format == "json"    ? render_json(std::vector<Report>{r}, ro)
                                : format == "jsonl" ? render_json_line(r, ro)
                                : format == "csv"   ? csv_header() + render_csv_row(r)
                                                    : render_text(r, ro);
        write_stdout(out);
        return r.exit_status();
    }

    // Reports come out in the order of the files whatever order they finish in; progress shows on a
    // terminal only (standard error).
    BatchOptions batch;
    batch.inputs = std::move(files);
    batch.format = format;
    batch.output = output_dir;
    batch.jobs = jobs;
    batch.max_errors = max_errors;
    batch.quiet = quiet;
    batch.progress = isatty(fileno(stderr)) != 0;
    return run_batch(batch, opts, mod);
}

}  // namespace

int main(int argc, char** argv) {
    int status = 2;
    try {
        status = run(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "referee: %s\n", escape_for_terminal(e.what()).c_str());
    } catch (...) {
        std::fprintf(stderr, "referee: unexpected error\n");
    }
    // A report that could not be written (a full disk, a closed pipe with SIGPIPE ignored) is a
    // failure: exit status 2, said on standard error (output.hpp).
    return finish_stdout() ? status : 2;
}
