// `referee convert` and the check of VASSAL files (vassal_check.hpp).
#include "vassal_check.hpp"

#include "audit.hpp"
#include "check.hpp"
#include "convert.hpp"
#include "diagnostics.hpp"
#include "regular_file.hpp"
#include "scenario.hpp"
#include "session.hpp"
#include "output.hpp"
#include "sha256.hpp"
#include "shown.hpp"
#include "text.hpp"
#include "vassal_error.hpp"
#include "vassal_file.hpp"

#include <fmt/format.h>

#include <unistd.h>

#include <cstdio>
#include <memory>
#include <optional>

namespace referee {

// A conversion, or why there is none (a code of the table and its message).
Converted convert_file(const std::string& file, const vassal::Module& module, const std::string& scenario_name) {
    Converted out;
    if (scenario_name.empty()) {
        out.code = Code::UnknownScenario;
        out.error = fmt::format("{} is a VASSAL game, which names no scenario: give --scenario FILE, a scenario file whose <vassal> "
                                "section binds the module's pieces to units (docs/scenario-format.md, \"VASSAL binding\")",
                                file);
        return out;
    }
    const std::shared_ptr<const ScenarioLoad> load = find_scenario(scenario_name, file, CheckOptions{}, false);  // --scenario: a VASSAL game names none
    if (!load->scenario) {
        out.code = Code::ScenarioFile;
        // Every error of the file, each at its place, on a line of its own (a violation each).
        for (const ScenarioError& e : load->errors)
            out.error += fmt::format("{}cannot use scenario '{}': {}", out.error.empty() ? "" : "\n", scenario_name,
                                     e.line == 0 ? fmt::format("{}: {}", e.file, e.message) : fmt::format("{}:{}:{}: {}", e.file, e.line, e.col, e.message));
        if (out.error.empty()) out.error = fmt::format("cannot use scenario '{}'", scenario_name);
        return out;
    }
    out.scenario = load->scenario->id;
    try {
        out.file = vassal::read_vassal_file(file);
        out.conversion = convert_vassal(*out.file, module, *load->scenario, scenario_name);
    } catch (const ConvertError& e) {
        // The binding at fault named, where a scenario file holds it (issue 32).
        // Each problem on a line of its own; one that does not say where in the binding it is names
        // the binding at fault.
        out.code = Code::VassalBinding;
        const std::string& binding = load->scenario->vassal.source_line;
        const std::string file_of_binding = binding.substr(0, binding.rfind(':'));
        const std::string what = e.what();
        for (std::string_view l : split_lines(what)) {
            std::string line(l);
            if (!binding.empty() && !line.starts_with(file_of_binding + ":")) line += fmt::format(" (the binding: <vassal> at {})", binding);
            out.error += (out.error.empty() ? "" : "\n") + line;
        }
    } catch (const vassal::VassalError& e) {
        out.code = Code::Unreadable;
        out.error = e.what();
    }
    return out;
}

namespace {

// A comment's text on one line, whatever the file's names hold.
std::string one_line(const std::string& s) { return escape_for_terminal(s); }

// The audit as the report gives it (result.hpp, GameAudit).
GameAudit report_audit(const vassal::VassalAudit& a) {
    GameAudit out;
    if (a.module) {
        out.module_name = a.module->name;
        out.module_version = a.module->version;
        out.module_sha256 = a.module->sha256;
    }
    for (const vassal::UndoRow& u : a.undos) {
        AuditUndo row;
        row.step = static_cast<std::uint32_t>(u.step);
        row.marked = u.kind == vassal::UndoKind::marked;
        if (u.undoes) row.undoes = static_cast<std::uint32_t>(*u.undoes);
        for (const vassal::DiceRoll& r : u.rolled) row.rolled.push_back(AuditRoll{r.button, r.result});
        for (const vassal::Reveal& r : u.revealed) row.revealed.push_back(AuditReveal{r.id, r.name, vassal::reveal_text(r)});
        out.undos.push_back(std::move(row));
    }
    for (const vassal::PlayerDice& p : a.players) {
        AuditPlayer row{p.player, p.side, p.rolls, p.undone, p.unread, {}};
        for (const vassal::DieTally& t : p.sizes)
            row.dice.push_back(AuditDieSize{t.sides, t.dice, t.sum, std::vector<std::uint64_t>(t.faces.begin(), t.faces.end()),
                                            t.fairness.statistic, t.fairness.df, t.fairness.p_value});
        out.players.push_back(std::move(row));
    }
    return out;
}

}  // namespace

bool is_zip_file(const std::string& file) {
    if (file == "-") return false;
    const OpenedFile f = open_regular_file(file);  // a named pipe or a device is no archive, and is not waited on
    if (f.fd < 0) return false;
    std::FILE* in = ::fdopen(f.fd, "rb");
    if (in == nullptr) {
        ::close(f.fd);
        return false;
    }
    char head[4] = {};
    const std::size_t n = std::fread(head, 1, sizeof head, in);
    std::fclose(in);
    return n == 4 && head[0] == 'P' && head[1] == 'K' && ((head[2] == 3 && head[3] == 4) || (head[2] == 5 && head[3] == 6));
}

Report check_vassal(const std::string& file, const vassal::Module& module, const CheckOptions& opts) {
    return check_vassal_chain({file}, module, opts);
}

namespace {

Report judge_chain(const std::vector<std::string>& files, const vassal::Module& module, const CheckOptions& opts) {
    const std::string& first = files.front();
    // Each log converted on its own; a later log's records of its first position (step 0) are left
    // out, since the game goes on from where the log before it ended (a chain-break says where it
    // does not), and its steps are counted on from the steps before it.
    std::vector<Converted> logs;
    logs.reserve(files.size());
    for (const std::string& f : files) {
        Converted c = convert_file(f, module, opts.scenario);
        if (!c.conversion) {
            std::string why = files.size() > 1 ? fmt::format("{}: {}", f, c.error) : std::move(c.error);
            return vassal_not_judged(first, c.scenario, c.code, std::move(why));
        }
        logs.push_back(std::move(c));
    }
    Conversion all;
    std::vector<std::uint32_t> steps;
    std::vector<Violation> findings;
    const auto finding = [&](Code code, std::size_t step, std::string message) {
        const CodeInfo& info = code_info(code);
        findings.push_back(Violation{std::string(info.name), severity_of(code, opts.strict) == Severity::Error, 0, 0, std::string(info.cites),
                                     std::move(message), static_cast<std::uint32_t>(step)});
    };
    std::vector<std::size_t> offsets;
    std::size_t offset = 0;
    for (std::size_t i = 0; i < logs.size(); ++i) {
        offsets.push_back(offset);
        Conversion& c = *logs[i].conversion;
        for (ConvertedRecord& r : c.records) {
            if (i > 0 && r.step == 0) continue;
            r.step += offset;
            steps.push_back(static_cast<std::uint32_t>(r.step));
            all.records.push_back(std::move(r));
        }
        for (ConvertWarning& w : c.warnings)  // a later log's first position is the game's so far: said for the first log
            if (i == 0 || w.step > 0) finding(w.code, w.step + offset, std::move(w.message));
        offset += logs[i].file->steps.size();
    }
    std::vector<const vassal::VassalFile*> chain;
    for (const Converted& c : logs) chain.push_back(&*c.file);
    // The audit of the whole game: undos that take back a roll or a reveal (warnings at the undo's
    // step), and what the report gives beside the verdict.
    vassal::VassalAudit audit = vassal::audit_game(chain, &module);
    for (vassal::AuditFinding& a : audit.findings) finding(a.code, a.step, std::move(a.message));
    if (logs.size() > 1) {
        for (vassal::AuditFinding& a : vassal::audit_chain(chain)) {
            std::size_t at = 0;  // the step the later log begins after: the last step before it
            for (std::size_t i = 0; i < files.size(); ++i)
                if (files[i] == a.file) at = offsets[i] + a.step;
            finding(a.code, at, std::move(a.message));  // the message names both files
        }
    }
    Report report = check_steps(conversion_text(all), first, opts, steps, std::move(findings));
    report.audit = report_audit(audit);
    return report;
}

}  // namespace

Report check_vassal_chain(const std::vector<std::string>& files, const vassal::Module& module, const CheckOptions& opts) {
    Report r = judge_chain(files, module, opts);
    // The report's sha256 is the first file's (the file it names), whether or not it could be judged.
    if (Input in = read_input(files.front()); !in.failure) r.sha256 = sha256_hex(in.bytes());
    return r;
}

Positions vassal_positions(const std::string& file, const vassal::Module& module, const CheckOptions& opts, const std::vector<Moment>& moments) {
    Converted c = convert_file(file, module, opts.scenario);
    if (!c.conversion) {
        Positions out;
        out.report = vassal_not_judged(file, c.scenario, c.code, std::move(c.error));
        return out;
    }
    std::vector<std::uint32_t> steps;
    for (const ConvertedRecord& r : c.conversion->records) steps.push_back(static_cast<std::uint32_t>(r.step));
    Positions out = positions_of_text(conversion_text(*c.conversion), file, opts, moments, &steps);
    out.report.places_are_steps = true;
    return out;
}

int run_convert(const ConvertOptions& opts) {
    if (opts.module.empty()) {
        fmt::print(stderr, "referee: convert: converting a VASSAL game needs its module (--module M) and a scenario file with a <vassal> "
                           "section (--scenario FILE)\n");
        return 2;
    }
    std::optional<vassal::Module> module;
    try {
        module = vassal::Module::load(opts.module, vassal::LoadOptions{.catalog = true});   // a binding may select by prototype
    } catch (const vassal::VassalError& e) {
        fmt::print(stderr, "referee: {}\n", shown(e.what()));
        return 2;
    }
    const Converted c = convert_file(opts.file, *module, opts.scenario);
    if (!c.conversion) {
        for (std::string_view line : split_lines(c.error))
            fmt::print(stderr, "referee: {}: error: {}: {}\n", shown(opts.file), code_name(c.code), shown(line));
        return 2;
    }
    std::string out = fmt::format("# {}, converted by referee with module '{}' version {} and scenario {}: each record's step is the\n"
                                  "# VASSAL step it came from (0: the position the file begins with).\n",
                                  one_line(opts.file), one_line(module->name), module->version.empty() ? "(none)" : one_line(module->version),
                                  one_line(opts.scenario));
    for (const ConvertWarning& w : c.conversion->warnings)
        out += fmt::format("# warning at step {}: {}: {}\n", w.step, code_name(w.code), one_line(w.message));
    out += conversion_text(*c.conversion);
    write_stdout(out);
    for (const ConvertWarning& w : c.conversion->warnings)
        fmt::print(stderr, "referee: {}:step {}: warning: {}: {}\n", shown(opts.file), w.step, code_name(w.code), shown(w.message));
    return 0;  // a failed write: main's finish_stdout makes it 2
}

}  // namespace referee
