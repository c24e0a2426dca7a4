// Renders a Report as text (for a person), JSON (for programs), a CSV row or a JSON line (a
// tournament's batch), as report.md specifies.
//
// Text, one report:
//   FILE: <result line>
//     ranking: A, B, C                         (multi-faction games only)
//     SIDE TOTAL                               (each side's score)
//       RULE  +POINTS  WHAT                    (its items, columns aligned over the report)
//   banners:                                 (victory-banner games: every banner)
//     SIDE +N KIND WHAT [RULE]: gained line L (when)[; lost line L (when): why][; note]
//   margins:                                 (faction games: every victory check, then the end)
//     KIND, round N (line L) [RULE]: TRACK V, ...; treaty played|not played
//       FACTION (PLAYER|Non-player) M1, M2 = TOTAL[ passes]
//   FILE:LINE[:COL]: severity: code: message [rule]   (violations, in line order)
//   FILE:step N: severity: code: message [rule]       (a VASSAL game's: places are its steps)
//   FILE: N more violations not listed (...)    (past --max-errors, the cap kept, the batch's cap)
//   claim CLAIM: stated S, computed C — agrees|disagrees   (a disagreeing one only when no
//                                                         claim-mismatch above says it)
//   rulings:
//     RULING                                   (one a line)
#include "report.hpp"

#include "shown.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace referee {
namespace {

using ojson = nlohmann::ordered_json;

// ---- text -------------------------------------------------------------------------------------

std::string plural(std::size_t n, const char* one, const char* many) {
    return fmt::format("{} {}", n, n == 1 ? one : many);
}

std::string line_suffix(const std::optional<std::uint32_t>& line) {
    return line && *line != 0 ? fmt::format(" [line {}]", *line) : std::string();
}

// Where a finding is: its line, or in a VASSAL game its step (step 0 is a place: the initial position).
std::string place_suffix(const Report& r, const std::optional<std::uint32_t>& line, const std::optional<std::uint32_t>& step) {
    if (r.places_are_steps) return step ? fmt::format(" [step {}]", *step) : std::string();
    return line_suffix(line);
}

// "line" or "step", for the banners' and margins' places.
const char* place_word(const Report& r) { return r.places_are_steps ? "step" : "line"; }

std::string not_judged_reason(const Report& r) {
    std::size_t syntax = 0;
    for (const auto& v : r.violations)
        if (v.code == "syntax") ++syntax;
    if (syntax != 0 && r.errors_not_kept != 0)  // past the cap kept (result.hpp): counted, their codes not known
        return fmt::format("{} (and {} more {}, counted but not kept)", plural(syntax, "syntax error", "syntax errors"), r.errors_not_kept,
                           r.errors_not_kept == 1 ? "error" : "errors");
    if (syntax != 0) return plural(syntax, "syntax error", "syntax errors");
    // The codes of the errors, each once: their messages follow, each on its line, and are not
    // said twice (report.md, "A tournament's batch").
    std::vector<std::string_view> codes;
    for (const auto& v : r.violations)
        if (v.error && std::find(codes.begin(), codes.end(), v.code) == codes.end()) codes.push_back(v.code);
    if (codes.empty()) return "input could not be read";
    return fmt::format("{}", fmt::join(codes, ", "));
}

std::string provisional_text(const Report& r, const Provisional& p) {
    std::string s = p.standing.empty() || p.standing == "even" ? std::string("even")
                                                               : fmt::format("{} ahead", shown(p.standing));
    if (p.turn > 0)
        s += fmt::format(" at game-turn {}", p.turn);
    else
        s += " before the first game-turn";
    if (!p.phase.empty()) s += fmt::format(", {}", shown(p.phase));
    s += place_suffix(r, p.line == 0 ? std::nullopt : std::optional<std::uint32_t>(p.line), p.step);
    return s;
}

std::string result_text(const Report& r) {
    if (!r.judged) return "not judged: " + escape_for_terminal(not_judged_reason(r));
    const Result& v = r.result;
    if (v.winner) {
        // Faction names are plural ("the British", "the Patriots"): "British win".
        std::string s = *v.winner == "draw" ? std::string("draw") : fmt::format("{} {}", shown(*v.winner), r.has_margins ? "win" : "wins");
        if (v.level) s += fmt::format(" ({})", shown(*v.level));
        if (v.decided) s += fmt::format(", {}", shown(*v.decided));
        s += place_suffix(r, v.line, v.step);
        return s;
    }
    std::string s = r.complete ? "no result" : "no result (incomplete)";
    if (v.provisional) s += ": " + provisional_text(r, *v.provisional);
    return s;
}

std::string violation_text(const Report& r, const Violation& v) {
    std::string where = escape_for_terminal(r.file);
    if (r.places_are_steps) {
        if (v.step) where += fmt::format(":step {}", *v.step);
    } else if (v.line != 0) {
        where += fmt::format(":{}", v.line);
        if (v.col != 0) where += fmt::format(":{}", v.col);
    }
    std::string s = fmt::format("{}: {}: {}: {}", where, v.error ? "error" : "warning", shown(v.code), shown(v.message));
    if (!v.rule.empty()) s += fmt::format(" [{}]", shown(v.rule));
    return s;
}

// ---- JSON -------------------------------------------------------------------------------------

template <class T>
ojson opt_json(const std::optional<T>& o) {
    return o ? ojson(*o) : ojson(nullptr);
}

// A statistic to six decimals: the report is the same whatever the compiler's rounding of the last bit.
double six_decimals(double x) {
    return std::round(x * 1e6) / 1e6;
}

// The shapes of `referee vassal`'s JSON (docs/vassal.md, "The JSON"): a roll is its button and
// result; a revealed piece its id and name, both null for an UNMASK command.
ojson rolled_json(const AuditUndo& u) {
    ojson out = ojson::array();
    for (const AuditRoll& r : u.rolled) out.push_back(ojson{{"button", r.button}, {"result", r.result}});
    return out;
}

ojson revealed_json(const AuditUndo& u) {
    ojson out = ojson::array();
    for (const AuditReveal& r : u.revealed)
        out.push_back(ojson{{"id", r.id.empty() ? ojson(nullptr) : ojson(r.id)}, {"name", r.id.empty() ? ojson(nullptr) : ojson(r.name)}});
    return out;
}

// A VASSAL game's module and audit (vassal.md, "Judging a VASSAL game"): `module` with its name,
// version and SHA-256; `audit` with every undo and the dice of each player.
void audit_json(const GameAudit& a, ojson& j) {
    j["module"] = ojson{{"name", a.module_name}, {"version", a.module_version}, {"sha256", a.module_sha256}};
    ojson undos = ojson::array();
    for (const AuditUndo& u : a.undos)
        undos.push_back(ojson{{"step", u.step},
                              {"undo", u.marked ? "marked" : "probable"},
                              {"undoes", u.undoes ? ojson(*u.undoes) : ojson(nullptr)},
                              {"rolled", rolled_json(u)},
                              {"revealed", revealed_json(u)}});
    ojson dice = ojson::array();
    for (const AuditPlayer& p : a.players) {
        ojson sizes = ojson::array();
        for (const AuditDieSize& d : p.dice)
            sizes.push_back(ojson{{"sides", d.sides}, {"count", d.count}, {"sum", d.sum}, {"faces", d.faces},
                                  {"chi_square", six_decimals(d.chi_square)}, {"df", d.df},
                                  {"p_value", six_decimals(d.p_value)}});
        dice.push_back(ojson{{"player", p.player.empty() ? ojson(nullptr) : ojson(p.player)},
                             {"side", p.side.empty() ? ojson(nullptr) : ojson(p.side)},
                             {"rolls", p.rolls},
                             {"undone", p.undone},
                             {"unread", p.unread},
                             {"dice", std::move(sizes)}});
    }
    j["audit"] = ojson{{"undos", std::move(undos)}, {"dice", std::move(dice)}};
}

}  // namespace

// Where the scenario's rules come from: {"kind": "built-in"}, or the file's path and SHA-256 (and
// the built-in it extends, with what it changes); null when no scenario was loaded.
ojson scenario_source_json(const std::optional<ScenarioSource>& source) {
    if (!source) return ojson(nullptr);
    const ScenarioSource& s = *source;
    if (s.builtin) return ojson{{"kind", "built-in"}};
    return ojson{{"kind", "file"},
                 {"path", s.path},
                 {"sha256", s.sha256},
                 {"extends", s.extends.empty() ? ojson(nullptr) : ojson(s.extends)},
                 {"changes", s.changes}};
}

namespace {

ojson report_json(const Report& r, const RenderOptions& o) {
    ojson j = ojson::object();
    j["format"] = 1;
    j["file"] = r.file;
    j["sha256"] = r.sha256.empty() ? ojson(nullptr) : ojson(r.sha256);
    j["scenario"] = r.scenario.empty() ? ojson(nullptr) : ojson(r.scenario);
    j["scenario_source"] = scenario_source_json(r.scenario_source);
    j["status"] = std::string(r.status());
    ojson players = ojson::array();
    for (const PlayerName& p : r.players) players.push_back(ojson{{"side", p.side}, {"name", p.name}});
    j["players"] = std::move(players);
    ojson tags = ojson::object();
    for (const auto& [name, value] : r.tags) tags[name] = value;
    j["tags"] = std::move(tags);
    j["complete"] = r.complete;

    const Result& v = r.result;
    ojson res = ojson::object();
    res["winner"] = opt_json(v.winner);
    res["level"] = opt_json(v.level);
    res["decided"] = opt_json(v.decided);
    if (r.places_are_steps)
        res["step"] = v.step ? ojson(static_cast<std::int64_t>(*v.step)) : ojson(nullptr);
    else
        res["line"] = v.line ? ojson(static_cast<std::int64_t>(*v.line)) : ojson(nullptr);
    if (v.provisional) {
        const Provisional& p = *v.provisional;
        ojson pj = ojson::object();
        pj["standing"] = p.standing;
        pj["turn"] = static_cast<std::int64_t>(p.turn);
        pj["phase"] = p.phase;
        if (r.places_are_steps)
            pj["step"] = p.step ? ojson(static_cast<std::int64_t>(*p.step)) : ojson(nullptr);
        else
            pj["line"] = static_cast<std::int64_t>(p.line);
        res["provisional"] = std::move(pj);
    }
    if (!v.ranking.empty()) res["ranking"] = v.ranking;
    j["result"] = std::move(res);

    ojson scores = ojson::array();
    for (const auto& s : r.scores) {
        ojson sj = ojson::object();
        sj["side"] = s.side;
        sj["total"] = s.total;
        ojson items = ojson::array();
        for (const auto& it : s.items) {
            ojson ij = ojson::object();
            ij["rule"] = it.rule;
            ij["points"] = it.points;
            ij["what"] = it.what;
            items.push_back(std::move(ij));
        }
        sj["items"] = std::move(items);
        scores.push_back(std::move(sj));
    }
    j["scores"] = std::move(scores);

    if (r.has_banners) {
        ojson banners = ojson::array();
        for (const auto& b : r.banners) {
            ojson bj = ojson::object();
            bj["side"] = b.side;
            bj["kind"] = b.kind;
            bj["what"] = b.what;
            bj["rule"] = b.rule;
            bj["banners"] = b.banners;
            bj["gained"] = ojson{{place_word(r), static_cast<std::int64_t>(b.gained_line)}, {"at", b.gained_at}};
            if (b.lost_line)
                bj["lost"] = ojson{{place_word(r), static_cast<std::int64_t>(*b.lost_line)}, {"at", b.lost_at}, {"why", b.lost_why}};
            else
                bj["lost"] = nullptr;
            if (!b.note.empty()) bj["note"] = b.note;
            banners.push_back(std::move(bj));
        }
        j["banners"] = std::move(banners);
    }

    if (r.has_margins) {
        ojson checks = ojson::array();
        for (const auto& m : r.margins) {
            ojson mj = ojson::object();
            mj["kind"] = m.kind;
            mj["round"] = static_cast<std::int64_t>(m.round);
            mj[place_word(r)] = static_cast<std::int64_t>(m.line);
            mj["rule"] = m.rule;
            ojson tracks = ojson::object();
            for (const auto& [name, value] : m.tracks) tracks[name] = value;
            mj["tracks"] = std::move(tracks);
            mj["treaty"] = m.treaty;
            ojson fs = ojson::array();
            for (const auto& f : m.factions) {
                ojson fj = ojson::object();
                fj["faction"] = f.faction;
                fj["player"] = opt_json(f.player);
                fj["non_player"] = f.non_player;
                fj["margins"] = f.margins;
                fj["total"] = f.total;
                if (m.kind == "victory-check") fj["passes"] = f.passes;
                fs.push_back(std::move(fj));
            }
            mj["factions"] = std::move(fs);
            checks.push_back(std::move(mj));
        }
        j["margins"] = std::move(checks);
    }

    if (r.audit) audit_json(*r.audit, j);

    ojson viols = ojson::array();
    const std::size_t listed = violations_listed(r, o);
    for (const auto& x : std::span(r.violations).first(listed)) {
        ojson vj = ojson::object();
        vj["code"] = x.code;
        vj["severity"] = x.error ? "error" : "warning";
        if (r.places_are_steps) {
            vj["step"] = x.step ? ojson(static_cast<std::int64_t>(*x.step)) : ojson(nullptr);
        } else {
            vj["line"] = static_cast<std::int64_t>(x.line);
            if (x.col != 0) vj["column"] = static_cast<std::int64_t>(x.col);
        }
        vj["rule"] = x.rule.empty() ? ojson(nullptr) : ojson(x.rule);
        vj["message"] = x.message;
        viols.push_back(std::move(vj));
    }
    j["violations"] = std::move(viols);
    if (listed < r.violations.size() + r.not_kept()) j["violations_omitted"] = static_cast<std::int64_t>(r.violations.size() + r.not_kept() - listed);
    if (r.not_kept() != 0) j["violations_not_kept"] = static_cast<std::int64_t>(r.not_kept());

    ojson claims = ojson::array();
    for (const auto& c : r.claims) {
        ojson cj = ojson::object();
        cj["claim"] = c.claim;
        cj["stated"] = c.stated;
        cj["computed"] = c.computed;
        cj["agrees"] = c.agrees;
        if (r.places_are_steps) cj["step"] = c.step ? ojson(static_cast<std::int64_t>(*c.step)) : ojson(nullptr);
        claims.push_back(std::move(cj));
    }
    j["claims"] = std::move(claims);

    j["rulings"] = r.rulings;
    return j;
}

// Messages may quote input bytes that are not valid UTF-8: replace them rather than throw.
// DEL, C1 and bidirectional controls are written \u escapes (shown.hpp), so that the JSON is safe
// to show on a terminal too.
std::string dump(const ojson& j) { return escape_json_text(j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n"); }
std::string dump_line(const ojson& j) { return escape_json_text(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n"); }

// The violations in the order the text lists them: by line and column, or by step.
std::vector<const Violation*> in_order(const Report& r) {
    std::vector<const Violation*> vs;
    vs.reserve(r.violations.size());
    for (const auto& v : r.violations) vs.push_back(&v);
    std::stable_sort(vs.begin(), vs.end(), [&](const Violation* a, const Violation* b) {
        if (r.places_are_steps) return a->step.value_or(0) < b->step.value_or(0);
        return a->line != b->line ? a->line < b->line : a->col < b->col;
    });
    return vs;
}

// ---- CSV --------------------------------------------------------------------------------------

// One cell, RFC 4180: quoted when it holds a comma, a quote or a line break, its quotes doubled. A
// cell that would begin with = + - @ or a tab or carriage return (names come from the game file)
// is given a ' in front, so that a spreadsheet never takes it for a formula (docs/decisions.md); a
// lone "-" (standard input) is no formula and stays as it is.
std::string csv_cell(std::string_view text) {
    std::string s = escape_for_terminal(text);   // names come from the input (shown.hpp)
    if (!s.empty() && s != "-" && (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@' || s[0] == '\t' || s[0] == '\r')) s.insert(s.begin(), '\'');
    if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"') out += '"';
        out += c;
    }
    out += '"';
    return out;
}

std::string tag_value(const Report& r, std::string_view name) {
    for (const auto& [n, v] : r.tags)
        if (n == name) return v;
    return {};
}

// A VASSAL game's module, undos and dice, as `referee vassal` shows them.
std::string audit_text(const GameAudit& a) {
    std::string out = fmt::format("  module: {} version {}, sha256 {}\n", shown(a.module_name), shown(a.module_version.empty() ? "(none)" : a.module_version),
                                  shown(a.module_sha256));
    out += fmt::format("  undos: {}\n", a.undos.size());
    for (const AuditUndo& u : a.undos) {
        out += fmt::format("    step {} ({}) ", u.step, u.marked ? "marked" : "probable");
        out += u.undoes ? fmt::format("takes back step {}", *u.undoes) : std::string("has no step left to take back");
        for (const AuditRoll& roll : u.rolled) out += fmt::format("; it rolled {} = {}", shown(roll.button), shown(roll.result));
        for (const AuditReveal& piece : u.revealed) out += fmt::format("; it revealed {}", shown(piece.text));
        out += "\n";
    }
    std::uint64_t rolls = 0;
    for (const AuditPlayer& p : a.players) rolls += p.rolls;
    out += fmt::format("  dice: {}\n", plural(rolls, "roll", "rolls"));
    for (const AuditPlayer& p : a.players) {
        out += fmt::format("    {}{}: {}", shown(p.player.empty() ? std::string("(no player named)") : p.player),
                           p.side.empty() ? std::string() : fmt::format(" ({})", shown(p.side)), plural(p.rolls, "roll", "rolls"));
        if (p.undone) out += fmt::format(", {} of them taken back", p.undone);
        if (p.unread) out += fmt::format(", {} whose dice are not known one by one", p.unread);
        out += "\n";
        for (const AuditDieSize& d : p.dice)
            out += fmt::format("      d{}: {}, sum {}, faces {}; chi-square {:.2f} ({} df), p = {:.3g}\n", d.sides, plural(d.count, "die", "dice"),
                               d.sum, fmt::join(d.faces, " "), d.chi_square, d.df, d.p_value);
    }
    return out;
}

// The line after the violations listed: how many more there are, and why they are not listed
// (--max-errors, the cap of violations kept for one file, the cap of violations listed in a batch).
std::string not_listed_text(const Report& r, const RenderOptions& o, std::size_t more) {
    std::vector<std::string> why;
    if (o.max_violations != 0 && o.max_violations < r.violations.size()) why.push_back(fmt::format("--max-errors {}", o.max_violations));
    if (o.batch_room < std::min(o.max_violations == 0 ? SIZE_MAX : o.max_violations, r.violations.size()))
        why.push_back("the batch has listed as many violations as a batch lists");
    if (r.not_kept() != 0) why.push_back(fmt::format("referee keeps {} violations of a file, and counts the rest", kMaxKeptViolations));
    else if (o.max_violations != 0 && o.max_violations < r.violations.size()) why.push_back("--max-errors 0 lists them all");
    return fmt::format("{}: {} not listed ({})\n", shown(r.file), plural(more, "more violation", "more violations"), fmt::join(why, "; "));
}

}  // namespace

std::size_t violations_listed(const Report& r, const RenderOptions& o) {
    const std::size_t n = o.max_violations == 0 ? r.violations.size() : std::min(o.max_violations, r.violations.size());
    return std::min(n, o.batch_room);
}

std::string render_result_line(const Report& r) { return result_text(r); }

std::string scenario_source_text(const std::string& id, const ScenarioSource& s) {
    if (s.builtin) return fmt::format("{} (built-in)", id);
    std::string out = fmt::format("{} (file {}, sha256 {}", id, s.path, s.sha256);
    if (!s.extends.empty()) {
        out += fmt::format("; extends {}", s.extends);
        if (!s.changes.empty()) out += fmt::format(", changing {}", fmt::join(s.changes, ", "));
    }
    return out + ")";
}

std::string render_text(const Report& r, const RenderOptions& o) {
    std::string out = fmt::format("{}: {}\n", shown(r.file), result_text(r));
    if (r.scenario_source) out += fmt::format("  scenario: {}\n", shown(scenario_source_text(r.scenario, *r.scenario_source)));

    if (!r.result.ranking.empty()) {
        out += "  ranking: ";
        for (std::size_t i = 0; i < r.result.ranking.size(); ++i) {
            if (i != 0) out += ", ";
            append_escaped(out, r.result.ranking[i]);
        }
        out += "\n";
    }

    // Score items: the rule column left-aligned and the points right-aligned, over the whole report.
    std::size_t rule_w = 0, pts_w = 0;
    for (const auto& s : r.scores)
        for (const auto& it : s.items) {
            rule_w = std::max(rule_w, escape_for_terminal(it.rule).size());
            pts_w = std::max(pts_w, fmt::format("{:+}", it.points).size());
        }
    for (const auto& s : r.scores) {
        out += fmt::format("  {} {}\n", shown(s.side), s.total);
        for (const auto& it : s.items)
            out += fmt::format("    {:<{}}  {:>{}}  {}\n", escape_for_terminal(it.rule), rule_w, fmt::format("{:+}", it.points),
                               pts_w, shown(it.what));
    }

    // Victory banners: every one, with when it was gained and (when it was) lost.
    if (r.has_banners && !r.banners.empty()) {
        out += "  banners:\n";
        for (const auto& b : r.banners) {
            out += fmt::format("    {} +{} {} {} [{}]: gained {}{}", shown(b.side), b.banners, shown(b.kind), shown(b.what), shown(b.rule),
                               b.gained_line ? fmt::format("{} {} ", place_word(r), b.gained_line) : std::string(), fmt::format("({})", shown(b.gained_at)));
            if (b.lost_line) out += fmt::format("; lost {} {} ({}): {}", place_word(r), *b.lost_line, shown(b.lost_at), shown(b.lost_why));
            if (!b.note.empty()) out += fmt::format("; {}", shown(b.note));
            out += "\n";
        }
    }

    // Faction games: every faction's margins at each victory check and at the end.
    if (r.has_margins && !r.margins.empty()) {
        out += "  margins:\n";
        for (const auto& m : r.margins) {
            std::vector<std::string> tracks;
            for (const auto& [name, value] : m.tracks) tracks.push_back(fmt::format("{} {}", shown(name), value));
            out += fmt::format("    {}, round {} ({} {}) [{}]: {}; treaty {}\n", m.kind == "final" ? "final scoring" : "victory check", m.round,
                               place_word(r), m.line, shown(m.rule), fmt::join(tracks, ", "), m.treaty ? "played" : "not played");
            for (const auto& f : m.factions) {
                std::vector<std::string> ms;
                for (auto x : f.margins) ms.push_back(fmt::format("{:+}", x));
                out += fmt::format("      {} ({}) {} = {:+}{}\n", shown(f.faction),
                                   shown(f.non_player ? std::string("Non-player") : f.player ? *f.player : std::string("player")), fmt::join(ms, ", "),
                                   f.total, f.passes ? " passes" : "");
            }
        }
    }

    if (r.audit) out += audit_text(*r.audit);

    const std::vector<const Violation*> vs = in_order(r);
    const std::size_t listed = violations_listed(r, o);
    for (const Violation* v : std::span(vs).first(listed)) out += violation_text(r, *v) + "\n";
    if (listed < vs.size() + r.not_kept()) out += not_listed_text(r, o, vs.size() + r.not_kept() - listed);

    // A claim that disagrees is said once, as its claim-mismatch violation above; the claim lines
    // give the rest (those that agree, and any the violations do not name).
    for (const auto& c : r.claims) {
        const auto on_list = std::span(vs).first(listed);   // past --max-errors, the claim line says it
        const bool said = !c.agrees && c.computed != "unknown side" && std::any_of(on_list.begin(), on_list.end(), [&](const Violation* v) {
            return v->code == "claim-mismatch" && v->line == c.line && v->step == c.step;   // a record, a line: its claims
        });
        if (said) continue;
        out += fmt::format("claim {}: stated {}, computed {} \u2014 {}\n", shown(c.claim), shown(c.stated), shown(c.computed),
                           c.agrees ? "agrees" : "disagrees");
    }

    const std::size_t skip = o.standing_rulings ? 0 : std::min(r.standing_rulings, r.rulings.size());
    if (r.rulings.size() > skip) {
        out += "rulings:\n";
        for (const auto& ru : std::span(r.rulings).subspan(skip)) out += fmt::format("  {}\n", shown(ru));
    }
    return out;
}

std::string render_json_one(const Report& r, const RenderOptions& o) { return dump(report_json(r, o)); }

std::string render_json_line(const Report& r, const RenderOptions& o) { return dump_line(report_json(r, o)); }

std::string render_json(const std::vector<Report>& reports, const RenderOptions& o) {
    if (reports.size() == 1) return render_json_one(reports.front(), o);
    ojson arr = ojson::array();
    for (const auto& r : reports) arr.push_back(report_json(r, o));
    return dump(arr);
}

std::string csv_header() {
    return "file,sha256,scenario,event,round,players,status,winner,level,scores,errors,warnings,claims,first_error,scenario_source,"
           "scenario_sha256\n";
}

std::string render_csv_row(const Report& r) {
    std::vector<std::string> players;
    for (const PlayerName& p : r.players) players.push_back(fmt::format("{}: {}", p.side, p.name));
    std::vector<std::string> scores;
    for (const SideScore& sc : r.scores) scores.push_back(fmt::format("{} {}", sc.side, sc.total));
    const std::size_t errors = r.error_count(), warnings = r.warning_count();
    std::string claims;
    if (!r.claims.empty())
        claims = std::all_of(r.claims.begin(), r.claims.end(), [](const Claim& c) { return c.agrees; }) ? "agree" : "disagree";
    std::string first_error;
    for (const Violation* v : in_order(r)) {
        if (!v->error) continue;
        first_error = v->code;
        if (r.places_are_steps) {
            if (v->step) first_error += fmt::format(" step {}", *v->step);
        } else if (v->line != 0) {
            first_error += fmt::format(" line {}", v->line);
        }
        break;
    }
    const std::string cells[] = {r.file,
                                 r.sha256,
                                 r.scenario,
                                 tag_value(r, "event"),
                                 tag_value(r, "round"),
                                 fmt::format("{}", fmt::join(players, "; ")),
                                 std::string(r.status()),
                                 r.result.winner.value_or(""),
                                 r.result.level.value_or(""),
                                 fmt::format("{}", fmt::join(scores, "; ")),
                                 std::to_string(errors),
                                 std::to_string(warnings),
                                 claims,
                                 first_error,
                                 !r.scenario_source ? "" : r.scenario_source->builtin ? "built-in" : r.scenario_source->path,
                                 r.scenario_source ? r.scenario_source->sha256 : ""};
    std::string out;
    for (const std::string& c : cells) {
        if (!out.empty()) out += ',';
        out += csv_cell(c);
    }
    out += '\n';
    return out;
}

void BatchSummary::add(const Report& r) {
    ++games;
    const std::string_view s = r.status();
    if (s == "decided") ++decided;
    else if (s == "draw") ++drawn;
    else if (s == "incomplete") ++incomplete;
    else ++not_judged;
    if (r.judged && r.has_errors()) ++with_errors;
}

std::string BatchSummary::line() const {
    return fmt::format("{}: {} decided, {} drawn, {} incomplete, {} with errors, {} not judged\n", plural(games, "game", "games"), decided,
                       drawn, incomplete, with_errors, not_judged);
}

}  // namespace referee
