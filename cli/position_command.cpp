#include "position_command.hpp"

#include "check.hpp"
#include "content.hpp"
#include "output.hpp"
#include "positions.hpp"
#include "report.hpp"
#include "sha256.hpp"
#include "shown.hpp"
#include "vassal_check.hpp"
#include "view.hpp"

#include <fmt/format.h>

#include <cstdio>

namespace referee {

namespace {

// The positions of a file at the moments, whatever it is: a move log, an XML save, or with the
// module a VASSAL save or log. `text`: the text replayed, for a page's listing (none for VASSAL).
Positions positions_of_file(const std::string& file, const CheckOptions& opts, const vassal::Module* module, const std::vector<Moment>& moments,
                            std::string* text) {
    Input in = read_input(file);
    if (in.failure) {
        Positions out;
        out.report = std::move(*in.failure);
        return out;
    }
    if (zip_kind(in.bytes()) == ZipKind::VassalGame && module != nullptr) {
        Positions out = vassal_positions(file, *module, opts, moments);
        out.report.sha256 = sha256_hex(in.bytes());
        return out;
    }
    Positions out = positions_of_text(in.bytes(), file, opts, moments);
    out.report.sha256 = sha256_hex(in.bytes());
    if (text) *text = in.mapped ? std::string(in.bytes()) : std::move(in.read);
    return out;
}

}  // namespace

int run_position(const PositionOptions& p, const CheckOptions& opts, const vassal::Module* module) {
    std::string error;
    const std::optional<Moment> m = parse_moment(p.at, error);
    if (!m) {
        fmt::print(stderr, "referee: {}\nRun with --help for more information.\n", shown(error));
        return 2;
    }
    if (m->kind == Moment::Kind::Step && (module == nullptr || !is_zip_file(p.file))) {
        fmt::print(stderr, "referee: --at {}: steps are a VASSAL game's (a save or log, with its --module); a move log or XML save has lines (line:N)\n", shown(p.at));
        return 2;
    }
    Positions ps = positions_of_file(p.file, opts, module, {*m}, nullptr);
    if (!ps.report.judged) {
        const std::string why = render_text(ps.report);
        fmt::print(stderr, "referee: {} cannot be judged, so it has no position:\n{}", shown(p.file), why);
        return 2;
    }
    if (!ps.unreached.empty() || ps.taken.empty()) {
        fmt::print(stderr, "referee: --at {}: {} never reaches that moment ({})\nRun with --help for more information.\n", shown(p.at),
                   shown(p.file), how_far(ps, *m));
        return 2;
    }
    Position pos = ps.taken.front();
    pos.scenario_source = ps.report.scenario_source;  // whose rules: a built-in, or a file and its SHA-256
    const std::string out = p.format == "json" ? render_position_json(pos)
                            : p.format == "svg" ? render_position_svg(pos, *ps.scenario)
                                                : render_position_text(pos);
    write_stdout(out);  // a failure: main's finish_stdout says it (exit status 2)
    return 0;
}

GamePage game_page(const std::string& file, const CheckOptions& opts, const vassal::Module* module) {
    Moment turns;
    turns.kind = Moment::Kind::Turns;
    turns.text = "turns";
    std::string text;
    Positions ps = positions_of_file(file, opts, module, {turns}, &text);
    GamePage g;
    // A VASSAL game's report is its check's (its steps, the conversion's findings, the audit); the
    // positions are those of its conversion's replay.
    if (module != nullptr && is_zip_file(file) && ps.report.judged)
        g.report = check_vassal(file, *module, opts);
    else
        g.report = std::move(ps.report);
    const Scenario* s = ps.scenario ? &*ps.scenario : nullptr;
    g.page = render_page(PageGame{&g.report, &ps.taken, s, text});
    return g;
}

}  // namespace referee
