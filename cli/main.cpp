// The command line (report.md): referee check | scenarios | --version | --help.
// Exit status: 0 all judged without errors, 1 error-severity violations, 2 an input not judged or a
// usage error. Reports go to standard output, usage errors to standard error.
#include "validator/check.hpp"
#include "validator/result.hpp"
#include "validator/scenario.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <string>
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

// One file's report; an exception from the checker becomes a report of an input not judged.
Report check_one(const std::string& file, const CheckOptions& opts) {
    try {
        return check_file(file, opts);
    } catch (const std::exception& e) {
        Report r;
        r.file = file;
        r.judged = false;
        r.violations.push_back({"internal-error", true, 0, 0, "", fmt::format("could not check: {}", e.what())});
        return r;
    }
}

int run(int argc, char** argv) {
    CLI::App app{"referee: validates board-wargame game records (move logs and XML saves)", "referee"};
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
    check->add_option("FILE", files, "Move log or XML save; - reads standard input")
        ->type_name("")
        ->required();

    CLI::App* scenarios = app.add_subcommand("scenarios", "List the built-in scenarios (id, tab, title)");

    // CLI11 would report an unknown subcommand as a missing one: say what is wrong.
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (!a.empty() && a[0] == '-') continue;  // top-level options take no value
        if (a != check->get_name() && a != scenarios->get_name())
            return usage_error(fmt::format("unknown subcommand '{}' (expected check or scenarios)", a));
        break;
    }

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help and --version come here too, with exit code 0; every real error is a usage error.
        return app.exit(e) == 0 ? 0 : 2;
    }

    if (scenarios->parsed()) {
        for (const auto& s : builtin_scenarios()) fmt::print("{}\t{}\n", s.id, s.title);
        return 0;
    }

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

    int status = 0;
    if (format == "json") {
        std::vector<Report> reports;
        reports.reserve(files.size());
        for (const auto& f : files) {
            reports.push_back(check_one(f, opts));
            status = std::max(status, reports.back().exit_status());
        }
        const std::string out = render_json(reports);
        std::fwrite(out.data(), 1, out.size(), stdout);
    } else {
        for (std::size_t i = 0; i < files.size(); ++i) {
            const Report r = check_one(files[i], opts);
            status = std::max(status, r.exit_status());
            std::string out = render_text(r);
            if (i != 0) out.insert(out.begin(), '\n');
            std::fwrite(out.data(), 1, out.size(), stdout);
            std::fflush(stdout);
        }
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
