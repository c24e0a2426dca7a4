// `referee diff` (diff_command.hpp): each copy read as `referee check` reads it, then compared
// (validator/diff).
#include "diff_command.hpp"

#include "check.hpp"
#include "dispute.hpp"
#include "dispute_report.hpp"
#include "output.hpp"
#include "shown.hpp"
#include "vassal_check.hpp"

#include <fmt/format.h>

#include <memory>
#include <optional>
#include <string>

namespace referee {

namespace {

// One copy, or why it cannot be compared (said as `referee: diff: FILE: ...`).
std::optional<diff::CopyInput> read_copy(const std::string& file, const CheckOptions& opts, const vassal::Module* module, std::string& error) {
    diff::CopyInput c;
    c.file = file;
    if (is_zip_file(file)) {
        if (!module) {
            error = "a VASSAL save or log is compared through its records: give its module (--module M) and a scenario file "
                    "binding it (--scenario FILE)";
            return std::nullopt;
        }
        Converted conv = convert_file(file, *module, opts.scenario);
        if (!conv.conversion) {
            error = conv.error;
            return std::nullopt;
        }
        auto text = std::make_shared<const std::string>(conversion_text(*conv.conversion));
        c.text = *text;
        c.keep = std::move(text);
        for (const ConvertedRecord& r : conv.conversion->records) c.step_of_line.push_back(static_cast<std::uint32_t>(r.step));
        c.report = check_vassal(file, *module, opts);  // its verdict as `referee check` gives it: the conversion's findings, the audit
        return c;
    }
    // The bytes as read (or mapped), not copied: a copy of a long game is tens of megabytes.
    auto in = std::make_shared<Input>(read_input(file));
    if (in->failure) {
        error = in->failure->violations.empty() ? std::string("cannot be read") : in->failure->violations.front().message;
        return std::nullopt;
    }
    if (std::optional<Report> refused = refused_text(in->bytes(), file)) {
        error = refused->violations.empty() ? std::string("not a game record") : refused->violations.front().message;
        return std::nullopt;
    }
    c.text = in->bytes();
    c.keep = std::move(in);
    return c;
}

}  // namespace

int run_diff(const DiffOptions& d, const CheckOptions& opts, const vassal::Module* module) {
    std::string error;
    std::optional<diff::CopyInput> a = read_copy(d.a, opts, module, error);
    if (!a) {
        fmt::print(stderr, "referee: diff: {}: {}\n", shown(d.a), shown(error));
        return 2;
    }
    std::optional<diff::CopyInput> b = read_copy(d.b, opts, module, error);
    if (!b) {
        fmt::print(stderr, "referee: diff: {}: {}\n", shown(d.b), shown(error));
        return 2;
    }
    const diff::Dispute dispute = diff::compare(*a, *b, opts);
    write_stdout(d.format == "json" ? diff::render_json(dispute, d.max_errors)
                 : d.format == "html" ? diff::render_html(dispute, d.max_errors)
                                      : diff::render_text(dispute, d.max_errors));
    return diff::exit_status(dispute);
}

}  // namespace referee
