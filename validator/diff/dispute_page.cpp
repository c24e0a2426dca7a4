// `referee diff --format html`: one page standing alone (no script, no file beside it): the two
// copies' differences side by side, each marked by its kind, each copy's map just after the first
// divergence, with the units that stand differently outlined, and both verdicts.
#include "dispute_report.hpp"

#include "markup.hpp"
#include "report.hpp"
#include "view.hpp"

#include <fmt/format.h>

namespace referee::diff {

namespace {

constexpr std::string_view kStyle =
    "body{font:14px sans-serif;margin:1.5em;color:#222}h1{font-size:1.3em}h2{font-size:1.1em;margin-top:1.4em}"
    "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}"
    "td.record{font-family:monospace;white-space:pre-wrap;max-width:40em}td.none{color:#888;font-style:italic}"
    "tr.changed td.record{background:#fff3bf}tr.only-in-a td.a,tr.only-in-b td.b{background:#ffd8d8}"
    "tr.roll-differs td.record,tr.result-differs td.record{background:#d0ebff}tr.undo-differs td.record{background:#e5dbff}"
    ".maps{display:flex;flex-wrap:wrap;gap:1em}.maps figure{margin:0;flex:1 1 30em}.maps svg{max-width:100%;height:auto}"
    "#result{font-weight:bold}";

// Text inside a CSS string in a <style> element: quotes and backslashes escaped, and '<' too, so
// that no "</style>" can end the element (HTML's escapes mean nothing there).
std::string css_string(std::string_view s) {
    std::string out;
    for (char c : s) {
        if (c == '"' || c == '\\') out += fmt::format("\\{}", c);
        else if (c == '<' || static_cast<unsigned char>(c) < 0x20) out += fmt::format("\\{:x} ", static_cast<unsigned char>(c));
        else out += c;
    }
    return out;
}

std::string place_text(const std::optional<Place>& p) {
    if (!p) return {};
    return p->step ? fmt::format("step {}", *p->step) : fmt::format("line {}", p->line);
}

std::string cell(const char* copy, const std::optional<Place>& p) {
    if (!p) return fmt::format("<td class=\"{} place\"></td><td class=\"{} record none\">(not in this copy)</td>", copy, copy);
    return fmt::format("<td class=\"{} place\">{}</td><td class=\"{} record\">{}</td>", copy, esc(place_text(p)), copy, esc(p->record));
}

std::string verdict_row(const char* copy, const std::string& file, const Report& r) {
    std::string scores;
    for (const SideScore& s : r.scores) scores += fmt::format("{}{} {}", scores.empty() ? "" : ", ", s.side, s.total);
    const std::size_t errors = r.error_count(), warnings = r.warning_count();
    return fmt::format("<tr id=\"verdict-{}\" data-status=\"{}\"><th>{}</th><td>{}</td><td>{}</td><td class=\"result\">{}</td><td>{}</td><td>{}</td></tr>\n",
                       copy, esc(r.status()), copy[0] == 'a' ? "A" : "B", esc(file), esc(r.status()), esc(render_result_line(r)), esc(scores),
                       fmt::format("{} error{}, {} warning{}", errors, errors == 1 ? "" : "s", warnings, warnings == 1 ? "" : "s"));
}

std::string map_figure(const char* copy, const std::string& file, const std::optional<Position>& p, const std::optional<Scenario>& s) {
    if (!p || !s) return fmt::format("<figure class=\"map none\" data-copy=\"{}\"><figcaption>{}: no map (the copy was not judged, or has no record there)</figcaption></figure>\n", copy, esc(file));
    std::string svg = render_position_svg(*p, *s);
    if (svg.rfind("<?xml", 0) == 0) svg.erase(0, svg.find('\n') + 1);  // the prolog: not inside HTML
    return fmt::format("<figure class=\"map\" data-copy=\"{}\"><figcaption>{} ({}) just after its first differing record</figcaption>\n{}</figure>\n",
                       copy, copy[0] == 'a' ? "A" : "B", esc(file), svg);
}

}  // namespace

std::string render_html(const Dispute& d, std::size_t max) {
    // The units that stand differently, outlined on both maps (their markers carry data-unit).
    std::string apart;
    if (d.divergence)
        for (const UnitApart& u : d.divergence->units)
            apart += fmt::format(".maps g[data-unit=\"{}\"]>*{{stroke:#c92a2a;stroke-width:3}}", css_string(u.unit));
    std::string out = fmt::format(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{} against {} \xE2\x80\x94 referee diff</title>"
        "<style>{}{}{}</style></head>\n<body data-same=\"{}\" data-differences=\"{}\" data-result-changes=\"{}\">\n",
        esc(d.a_file), esc(d.b_file), kStyle, svg_style(), apart, d.same ? "true" : "false", d.differences.size(), d.result_changes ? "true" : "false");
    out += fmt::format("<h1>A dispute: {} against {}</h1>\n", esc(d.a_file), esc(d.b_file));
    std::string summary;
    if (d.same) summary = fmt::format("The same game ({} records).", d.a_records);
    else if (d.prefix) summary = fmt::format("{} stops early: it holds the other copy's first records ({} more in {}).", *d.prefix == 'a' ? "A" : "B",
                                             d.differences.size(), *d.prefix == 'a' ? "B" : "A");
    else summary = fmt::format("{} difference{}.", d.differences.size(), d.differences.size() == 1 ? "" : "s");
    out += fmt::format("<p id=\"summary\">{}</p>\n", esc(summary));
    out += fmt::format("<p id=\"result\" data-changes=\"{}\">{}</p>\n", d.result_changes ? "true" : "false",
                       d.result_changes ? "The difference changes the result." : "The difference does not change the result.");

    out += "<h2>Verdicts</h2>\n<table id=\"verdicts\"><tr><th></th><th>file</th><th>status</th><th>result</th><th>scores</th><th>violations</th></tr>\n";
    out += verdict_row("a", d.a_file, d.a);
    out += verdict_row("b", d.b_file, d.b);
    out += "</table>\n";

    if (!d.same) {
        out += "<h2>Differences</h2>\n<table id=\"differences\"><tr><th>kind</th><th colspan=\"2\">A</th><th colspan=\"2\">B</th></tr>\n";
        const std::size_t listed = max == 0 ? d.differences.size() : std::min(d.differences.size(), max);
        for (std::size_t i = 0; i < listed; ++i) {
            const Difference& x = d.differences[i];
            out += fmt::format("<tr class=\"difference {}\" data-kind=\"{}\" data-chance=\"{}\"{}><td>{}{}</td>{}{}</tr>\n", esc(x.kind), esc(x.kind),
                               x.chance() ? "true" : "false", i == 0 ? " id=\"first\"" : "", esc(x.kind), x.chance() ? " (chance)" : "", cell("a", x.a),
                               cell("b", x.b));
        }
        out += "</table>\n";
        if (listed < d.differences.size())
            out += fmt::format("<p id=\"more\">and {} more difference{}</p>\n", d.differences.size() - listed, d.differences.size() - listed == 1 ? "" : "s");
        out += "<h2>The maps just after the first divergence</h2>\n<div class=\"maps\">\n";
        out += map_figure("a", d.a_file, d.a_at, d.scenario);
        out += map_figure("b", d.b_file, d.b_at, d.scenario);
        out += "</div>\n";
        for (const auto& [title, m] : {std::pair{"Units standing differently after the first divergence", d.divergence},
                                       std::pair{"Units standing differently at the end of the shorter copy", d.end}}) {
            if (!m || m->units.empty()) continue;
            out += fmt::format("<h2>{}</h2>\n<table class=\"units\"><tr><th>unit</th><th>A</th><th>B</th></tr>\n", title);
            for (const UnitApart& u : m->units)
                out += fmt::format("<tr class=\"unit-apart\" data-unit=\"{}\"><td>{}</td><td>{}</td><td>{}</td></tr>\n", esc(u.unit), esc(u.unit), esc(u.a), esc(u.b));
            out += "</table>\n";
        }
    }
    out += "</body></html>\n";
    return out;
}

}  // namespace referee::diff
