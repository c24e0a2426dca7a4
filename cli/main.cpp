// The command line (report.md): referee check | convert | vassal | scenarios | --version | --help.
// Exit status: 0 all judged without errors, 1 error-severity violations, 2 an input not judged or a
// usage error. Reports go to standard output, usage errors to standard error.
#include "check.hpp"
#include "help_text.hpp"
#include "report.hpp"
#include "scenario.hpp"
#include "scenario_show.hpp"
#include "vassal_check.hpp"
#include "vassal_command.hpp"
#include "vassal_error.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <mutex>
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

// `referee scenarios --show ID|FILE`: a scenario that cannot be read is a usage error, with each
// of its errors in its place.
int show_scenario(const std::string& id_or_file, bool as_json) {
    const ScenarioLoad load = load_scenario(id_or_file);
    if (!load.scenario) {
        for (const ScenarioError& e : load.errors) {
            std::string where = e.file.empty() ? id_or_file : e.file;
            if (e.line > 0) where += fmt::format(":{}", e.line);
            if (e.col > 0) where += fmt::format(":{}", e.col);
            fmt::print(stderr, "referee: {}: {}\n", where, e.message);
        }
        return 2;
    }
    const std::string out = as_json ? scenario_json(*load.scenario) : scenario_text(*load.scenario);
    std::fwrite(out.data(), 1, out.size(), stdout);
    return std::fflush(stdout) == 0 ? 0 : 2;
}

// One file's report; an exception from the checker becomes a report of an input not judged. A
// VASSAL file, with the game's module, is judged through its conversion (vassal_check.hpp).
Report check_one(const std::string& file, const CheckOptions& opts, const vassal::Module* module) {
    try {
        if (module != nullptr && is_zip_file(file)) return check_vassal(file, *module, opts);
        return check_file(file, opts);
    } catch (const std::exception& e) {
        Report r;
        r.file = file;
        r.judged = false;
        r.violations.push_back({"internal-error", true, 0, 0, "", fmt::format("could not check: {}", e.what()), std::nullopt});
        return r;
    }
}

// Checks `files` on `jobs` threads and hands each report to `emit` in the order of the files, as
// soon as it and every report before it are done. With `progress`, a count on standard error.
template <class Emit>
void check_all(const std::vector<std::string>& files, const CheckOptions& opts, const vassal::Module* module, unsigned jobs, bool progress,
               Emit emit) {
    const std::size_t n = files.size();
    std::vector<std::optional<Report>> done(n);
    std::mutex m;
    std::condition_variable ready;
    std::atomic<std::size_t> next{0};
    std::size_t finished = 0;
    auto worker = [&] {
        for (std::size_t i = next++; i < n; i = next++) {
            Report r = check_one(files[i], opts, module);
            std::lock_guard<std::mutex> lock(m);
            done[i] = std::move(r);
            ++finished;
            ready.notify_one();
        }
    };
    std::vector<std::thread> pool;
    const unsigned threads = static_cast<unsigned>(std::min<std::size_t>(jobs, n));
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);  // this thread emits in order
    if (threads <= 1) worker();
    for (std::size_t i = 0; i < n; ++i) {
        Report r;
        std::size_t count = 0;
        {
            std::unique_lock<std::mutex> lock(m);
            ready.wait(lock, [&] { return done[i].has_value(); });
            r = std::move(*done[i]);
            done[i].reset();
            count = finished;
        }
        if (progress) fmt::print(stderr, "\r\x1b[K");  // the report takes the line the count was on
        emit(i, std::move(r));
        if (progress && i + 1 < n) fmt::print(stderr, "referee: {} of {} files checked\r", count, n);
    }
    for (auto& t : pool) t.join();
    if (progress) fmt::print(stderr, "\r\x1b[K");
}

int run(int argc, char** argv) {
    CLI::App app{"referee: validates board-wargame game records (move logs, XML saves, VASSAL saves and logs)", "referee"};
    app.set_version_flag("--version", std::string("referee ") + REFEREE_VERSION, "Print the version and exit");
    app.require_subcommand(1, 1);
    app.failure_message([](const CLI::App*, const CLI::Error& e) {
        return fmt::format("referee: {}\nRun with --help for more information.\n", e.what());
    });

    std::string scenario;
    std::string format = "text";
    std::vector<std::string> params;
    bool strict = false;
    std::vector<std::string> files;

    CLI::App* check = app.add_subcommand("check", "Check game records and report the result, scores and violations");
    check->add_option("--scenario", scenario, "Built-in scenario id or scenario file (default: the game's own)")
        ->type_name("ID|FILE");
    check->add_option("--format", format, "Report format: text (default) or json")
        ->type_name("text|json")
        ->check(CLI::IsMember({"text", "json"}).description(""));
    check->add_option("--param", params, "Set a scenario parameter (repeatable)")
        ->type_name("NAME=VALUE")
        ->allow_extra_args(false);
    check->add_flag("--strict", strict, "Treat warnings as errors");
    unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
    check->add_option("--jobs,-j", jobs, "Files checked at once (default: the number of cores)")
        ->type_name("N")
        ->check(CLI::Range(1u, 1024u));
    std::string module_path;
    check->add_option("--module", module_path, "The module of the VASSAL games among the files (.vmod/.mod, a buildFile, or a folder holding one)")
        ->type_name("M");
    bool chain = false;
    check->add_flag("--chain", chain, "The files are VASSAL logs of one game, in order (with --module): judged as one game, with a "
                                      "chain-break where one does not begin where the one before it ended");
    check->add_option("FILE", files, "Move log, XML save, or VASSAL save or log (with --module); - reads standard input")
        ->type_name("")
        ->required();

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
    // After the subcommands, which would otherwise inherit it: the exit statuses and examples close
    // `referee --help` alone (help_text.hpp).
    app.footer(help_footer);

    // CLI11 would report an unknown subcommand as a missing one: say what is wrong.
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (!a.empty() && a[0] == '-') continue;  // top-level options take no value
        if (a != check->get_name() && a != scenarios->get_name() && a != vassal->get_name() && a != convert->get_name())
            return usage_error(fmt::format("unknown subcommand '{}' (expected check, convert, vassal or scenarios)", a));
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
            for (const auto& s : builtin_scenarios()) fmt::print("{}\t{}\n", s.id, s.title);
            return 0;
        }
        return show_scenario(show, show_format == "json");
    }

    if (vassal->parsed()) return run_vassal(vopts);
    if (convert->parsed()) return run_convert(copts);

    // check
    CheckOptions opts;
    opts.scenario = scenario;
    opts.strict = strict;
    for (const auto& p : params) {
        const auto eq = p.find('=');
        if (eq == std::string::npos) return usage_error(fmt::format("--param '{}': expected NAME=VALUE", p));
        if (eq == 0) return usage_error(fmt::format("--param '{}': the parameter name is empty", p));
        opts.params.emplace_back(p.substr(0, eq), p.substr(eq + 1));
    }
    // The module is read once, before any file: one that cannot be read is a usage error.
    std::optional<vassal::Module> module;
    if (!module_path.empty()) {
        try {
            module = vassal::Module::load(module_path);
        } catch (const vassal::VassalError& e) {
            return usage_error(fmt::format("--module: {}", e.what()));
        }
    }
    const vassal::Module* mod = module ? &*module : nullptr;
    if (chain) {
        if (mod == nullptr) return usage_error("--chain: judging VASSAL logs as one game needs their module (--module M)");
        for (const std::string& f : files)
            if (!is_zip_file(f)) return usage_error(fmt::format("--chain: {} is not a VASSAL save or log", f));
        Report r;
        try {
            r = check_vassal_chain(files, *mod, opts);
        } catch (const std::exception& e) {
            r.file = files.front();
            r.judged = false;
            r.violations.push_back({"internal-error", true, 0, 0, "", fmt::format("could not check: {}", e.what()), std::nullopt});
        }
        const std::string out = format == "json" ? render_json(std::vector<Report>{r}) : render_text(r);
        std::fwrite(out.data(), 1, out.size(), stdout);
        return r.exit_status();
    }

    // Reports come out in the order of the files whatever order they finish in; progress shows on a
    // terminal only (standard error), and never for one file.
    const bool progress = files.size() > 1 && isatty(fileno(stderr)) != 0;
    int status = 0;
    if (format == "json") {
        std::vector<Report> reports(files.size());
        check_all(files, opts, mod, jobs, progress, [&](std::size_t i, Report r) {
            status = std::max(status, r.exit_status());
            reports[i] = std::move(r);
        });
        const std::string out = render_json(reports);
        std::fwrite(out.data(), 1, out.size(), stdout);
    } else {
        check_all(files, opts, mod, jobs, progress, [&](std::size_t i, Report r) {
            status = std::max(status, r.exit_status());
            std::string out = render_text(r);
            if (i != 0) out.insert(out.begin(), '\n');
            std::fwrite(out.data(), 1, out.size(), stdout);
            std::fflush(stdout);
        });
    }
    if (std::fflush(stdout) != 0) {
        fmt::print(stderr, "referee: cannot write the report\n");
        return 2;
    }
    return status;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "referee: %s\n", e.what());
    } catch (...) {
        std::fprintf(stderr, "referee: unexpected error\n");
    }
    return 2;
}
