// `referee diff`'s text and JSON (dispute_report.hpp); its page is in dispute_page.cpp.
#include "dispute_report.hpp"

#include "report.hpp"
#include "shown.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <map>

namespace referee::diff {

namespace {

using ojson = nlohmann::ordered_json;

// "a.log:41", or "a.vlog:step 12" for a VASSAL copy (gcc's FILE:LINE, which editors follow).
std::string where(const std::string& file, const Place& p) {
    if (p.step) return fmt::format("{}:step {}", shown(file), *p.step);
    return fmt::format("{}:{}", shown(file), p.line);
}

std::string side_line(const std::string& file, const std::optional<Place>& p) {
    if (!p) return {};
    return fmt::format("{}  {}", where(file, *p), p->record.empty() ? std::string("(no record text)") : fmt::format("{}", shown(p->record)));
}

std::map<std::string, std::size_t> by_code(const Report& r) {
    std::map<std::string, std::size_t> out;
    for (const Violation& v : r.violations) ++out[v.code];
    return out;
}

std::string verdict_line(const Report& r) {
    std::string out = render_result_line(r);
    std::string scores;
    for (const SideScore& s : r.scores) scores += fmt::format("{}{} {}", scores.empty() ? "" : ", ", s.side, s.total);
    if (!scores.empty()) out += fmt::format("; scores {}", scores);
    std::string codes;
    for (const auto& [code, n] : by_code(r)) codes += fmt::format("{}{} {}", codes.empty() ? "" : ", ", code, n);
    out += codes.empty() ? "; no violations" : fmt::format("; violations {}", codes);
    return out;
}

std::string winner_text(const Report& r) {
    if (!r.judged) return "not judged";
    if (!r.result.winner) return "no result";
    return *r.result.winner + (r.result.level ? fmt::format(" ({})", *r.result.level) : std::string());
}

std::string units_text(const std::string& title, const Moments& m, const Dispute& d) {
    if (m.units.empty()) return {};
    const auto at = [](const std::string& file, std::uint32_t line, const std::optional<std::uint32_t>& step) {
        return step ? fmt::format("{}:step {}", shown(file), *step) : fmt::format("{}:{}", shown(file), line);
    };
    std::string out = fmt::format("{} ({}, {}):\n", title, at(d.a_file, m.a_line, m.a_step), at(d.b_file, m.b_line, m.b_step));
    for (const UnitApart& u : m.units) out += fmt::format("  {}: {} in A, {} in B\n", shown(u.unit), shown(u.a), shown(u.b));
    return out;
}

ojson place_json(const std::optional<Place>& p) {
    if (!p) return nullptr;
    ojson j = ojson::object();
    if (p->step) j["step"] = *p->step;
    else j["line"] = p->line;
    j["record"] = p->record;
    return j;
}

ojson difference_json(const Difference& x) {
    ojson j{{"kind", x.kind}, {"a", place_json(x.a)}, {"b", place_json(x.b)}, {"chance", x.chance()}};
    if (x.kind == "only-in-a" || x.kind == "only-in-b") {
        if (!x.before) j["before"] = nullptr;
        else if (x.before_step) j["before"] = ojson{{"step", x.before_step.value_or(0)}};
        else j["before"] = ojson{{"line", x.before}};
    }
    return j;
}

ojson verdict_json(const Report& r) {
    ojson j = ojson::object();
    j["status"] = std::string(r.status());
    j["winner"] = r.result.winner ? ojson(*r.result.winner) : ojson(nullptr);
    j["level"] = r.result.level ? ojson(*r.result.level) : ojson(nullptr);
    ojson scores = ojson::object();
    for (const SideScore& s : r.scores) scores[s.side] = s.total;
    j["scores"] = scores;
    ojson codes = ojson::object();
    for (const auto& [code, n] : by_code(r)) codes[code] = n;
    j["violations"] = codes;
    j["errors"] = r.error_count();
    j["warnings"] = r.warning_count();
    return j;
}

ojson moments_json(const std::optional<Moments>& m, bool a_steps, bool b_steps) {
    if (!m) return nullptr;
    const auto at = [](std::uint32_t line, const std::optional<std::uint32_t>& step, bool steps) {
        return steps && step ? ojson{{"step", *step}} : ojson{{"line", line}};
    };
    ojson units = ojson::array();
    for (const UnitApart& u : m->units) units.push_back(ojson{{"unit", u.unit}, {"a", u.a}, {"b", u.b}});
    return ojson{{"a", at(m->a_line, m->a_step, a_steps)}, {"b", at(m->b_line, m->b_step, b_steps)}, {"units", units}};
}

}  // namespace

int exit_status(const Dispute& d) { return d.same ? 0 : 1; }

std::string render_text(const Dispute& d, std::size_t max) {
    const std::string a = fmt::format("{}", shown(d.a_file)), b = fmt::format("{}", shown(d.b_file));
    if (d.same) return fmt::format("{} and {}: the same game ({} records)\n", a, b, d.a_records);
    std::string out;
    const std::size_t n = d.differences.size();
    if (d.prefix) {
        // "B stops at line 140 of A's 212": where the shorter copy's last record is in the longer.
        const bool b_stops = *d.prefix == 'b';
        const std::string& sf = b_stops ? b : a;
        const std::string& lf = b_stops ? a : b;
        const Place& longer = b_stops ? d.a_last : d.b_last;
        std::string at = "its beginning";
        if (d.end) {
            const std::uint32_t line = b_stops ? d.end->a_line : d.end->b_line;
            const bool steps = b_stops ? d.a_steps : d.b_steps;
            const std::uint32_t step = (b_stops ? d.end->a_step : d.end->b_step).value_or(0);
            at = steps ? fmt::format("step {}", step) : fmt::format("line {}", line);
        }
        const std::uint32_t last = longer.step ? longer.step.value_or(0) : longer.line;
        const std::size_t held = b_stops ? d.b_records : d.a_records;
        out += fmt::format("{} and {}: {} stops early, at {} of {}'s {}: its {} records are {}'s first {}, and {} has {} more\n", a, b, sf, at,
                           lf, last, held, lf, held, lf, n);
    } else {
        out += fmt::format("{} and {}: {} difference{}\n", a, b, n, n == 1 ? "" : "s");
        const Difference& f = d.differences.front();
        out += fmt::format("first divergence: {}{} at {}\n", f.kind, f.chance() ? " (chance)" : "",
                           f.a && f.b ? where(d.a_file, *f.a) + " and " + where(d.b_file, *f.b) : f.a ? where(d.a_file, *f.a) : where(d.b_file, *f.b));
        const auto missing = [&](const std::string& file) {
            if (!f.before) return std::string("(none: it would come after its last record)");
            return f.before_step ? fmt::format("(none: it would come before {}:step {})", file, f.before_step.value_or(0))
                                 : fmt::format("(none: it would come before {}:{})", file, f.before);
        };
        out += fmt::format("  A: {}\n", f.a ? (f.a->record.empty() ? std::string("(no record text)") : fmt::format("{}", shown(f.a->record))) : missing(a));
        out += fmt::format("  B: {}\n", f.b ? (f.b->record.empty() ? std::string("(no record text)") : fmt::format("{}", shown(f.b->record))) : missing(b));
    }
    if (d.paired_in_order)
        out += "note: the copies share almost nothing: part of them is paired in order rather than aligned\n";
    out += "differences:\n";
    const std::size_t listed = max == 0 ? n : std::min(n, max);
    for (std::size_t i = 0; i < listed; ++i) {
        const Difference& x = d.differences[i];
        const std::string kind = x.chance() ? x.kind + " (chance)" : x.kind;
        const std::string la = side_line(d.a_file, x.a), lb = side_line(d.b_file, x.b);
        out += fmt::format("  {:<24} {}\n", kind, la.empty() ? lb : la);
        if (!la.empty() && !lb.empty()) out += fmt::format("  {:<24} {}\n", "", lb);
    }
    if (listed < n) out += fmt::format("  ... and {} more difference{}\n", n - listed, n - listed == 1 ? "" : "s");
    out += "verdicts:\n";
    out += fmt::format("  A {}: {}\n", a, verdict_line(d.a));
    out += fmt::format("  B {}: {}\n", b, verdict_line(d.b));
    out += d.result_changes ? fmt::format("the difference changes the result: {} in A, {} in B\n", winner_text(d.a), winner_text(d.b))
                            : fmt::format("the difference does not change the result: {} in both\n", winner_text(d.a));
    if (d.divergence) out += units_text("units standing differently after the first divergence", *d.divergence, d);
    if (d.end) out += units_text("units standing differently at the end of the shorter copy", *d.end, d);
    return out;
}

std::string render_json(const Dispute& d, std::size_t max) {
    ojson j = ojson::object();
    j["format"] = 1;
    j["a"] = d.a_file;
    j["b"] = d.b_file;
    j["same"] = d.same;
    j["first"] = d.differences.empty() ? ojson(nullptr) : difference_json(d.differences.front());
    ojson list = ojson::array();
    const std::size_t listed = max == 0 ? d.differences.size() : std::min(d.differences.size(), max);
    for (std::size_t i = 0; i < listed; ++i) list.push_back(difference_json(d.differences[i]));
    j["differences"] = list;
    j["differences_total"] = d.differences.size();
    j["differences_omitted"] = d.differences.size() - listed;
    j["prefix"] = d.prefix ? ojson(std::string(1, *d.prefix)) : ojson(nullptr);
    j["records"] = ojson{{"a", d.a_records}, {"b", d.b_records}};
    j["verdicts"] = ojson{{"a", verdict_json(d.a)}, {"b", verdict_json(d.b)}};
    j["result_changes"] = d.result_changes;
    j["divergence"] = moments_json(d.divergence, d.a_steps, d.b_steps);
    j["end"] = moments_json(d.end, d.a_steps, d.b_steps);
    j["paired_in_order"] = d.paired_in_order;
    return escape_json_text(j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

}  // namespace referee::diff
