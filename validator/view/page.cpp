// A game's page and a batch's index (report.md, "Seeing the game"): HTML that stands alone (inline
// CSS and SVG, a few lines of script, no network, no other file). The page grows with the game's
// game-turns and its violations, not with its records: the map is drawn once and each moment adds
// its holdings and units; the listing holds the records the violations name.
//
// What a test or a person finds on it (tests/browser/check_page.py reads it in Chromium):
//   body[data-verdict]           the result line of the text report
//   #verdict                     the same, shown
//   #scores .side-score          one a side, with its items and their rules
//   #map svg#grid polygon.hex    one a map location (drawn once; each moment uses it)
//   figure.moment[data-moment]   the map at the beginning of each game-turn ("turn:N") and at "end",
//                                each with its g.unit markers (the units on the map then)
//   #spaces-M table              an area game's spaces at each moment (no hex map)
//   #chart polyline.series       the score of each side over the moments (area games: also tracks)
//   #violations li.violation     one a violation, linking to #L<line> in #listing
//   body[data-script="ok"]       the script ran; body[data-error] says a script error
#include "view.hpp"

#include "markup.hpp"
#include "report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <set>

namespace referee {

namespace {

constexpr std::string_view kStyle =
    "body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:12px 20px;color:#222;background:#fff}"
    "h1{font-size:20px;margin:8px 0}h2{font-size:16px;margin:22px 0 8px;border-bottom:1px solid #ccc}"
    ".verdict{font-size:17px;font-weight:600;padding:8px 12px;background:#f3f1e8;border-left:5px solid #7a6a3a}"
    ".meta{color:#555}table{border-collapse:collapse}td,th{padding:2px 8px;text-align:left;vertical-align:top}"
    "tr:nth-child(even){background:#f6f6f6}.pts{text-align:right;font-variant-numeric:tabular-nums}"
    ".side-score{display:inline-block;vertical-align:top;margin:0 24px 8px 0}.side-score h3{font-size:15px;margin:4px 0}"
    ".swatch{display:inline-block;width:11px;height:11px;margin-right:5px;border:1px solid #333}"
    "nav.moments a{display:inline-block;margin:0 4px 4px 0;padding:2px 8px;border:1px solid #bbb;border-radius:3px;text-decoration:none;color:#1f4e99}"
    ".moment{display:none;margin:0}.moment:target,#m-end{display:block}.moment:target~#m-end{display:none}"
    ".moment figcaption{font-weight:600;margin:6px 0}svg.map{max-width:100%;height:auto;border:1px solid #ddd;background:#fff}"
    ".legend span{margin-right:14px}.violation.error .sev{color:#a8322d;font-weight:600}.violation.warning .sev{color:#9a6b00}"
    "pre.listing{background:#fafafa;border:1px solid #ddd;padding:6px;overflow-x:auto}pre.listing span{display:block}"
    "pre.listing span:target{background:#fff3b0}.ln{color:#999;display:inline-block;min-width:5em}"
    ".lvl2{background:#9fc0ea}.lvl1{background:#d2e1f5}.lvl-1{background:#f5d6d2}.lvl-2{background:#eaa49c}";

// window.onerror first, so that any error after it is on the page for whoever reads it.
constexpr std::string_view kScript =
    "window.onerror=function(m){document.body.setAttribute('data-error',String(m));};"
    "(function(){var s=document.getElementById('moment-select');"
    "if(s){s.onchange=function(){location.hash=s.value;};if(location.hash)s.value=location.hash;}"
    "document.body.setAttribute('data-script','ok');})();";

std::string moment_label(const Position& p) {
    if (p.moment == "end") return "End";
    return fmt::format("Turn {}", p.turn);
}

std::string moment_id(const Position& p) { return p.moment == "end" ? "m-end" : fmt::format("m-turn-{}", p.turn); }

std::string place(const Report& r, const Violation& v) {
    if (r.places_are_steps) return v.step ? fmt::format("step {}", *v.step) : std::string("no step");
    return v.line ? fmt::format("line {}", v.line) : std::string("the file");
}

// The lines of the text, by number (1-based), for the listing.
std::map<std::uint32_t, std::string_view> lines_named(std::string_view text, const std::set<std::uint32_t>& wanted) {
    std::map<std::uint32_t, std::string_view> out;
    if (wanted.empty()) return out;
    std::uint32_t n = 1;
    std::size_t at = 0;
    const std::uint32_t last = *wanted.rbegin();
    while (at <= text.size() && n <= last) {
        std::size_t end = text.find('\n', at);
        if (end == std::string_view::npos) end = text.size();
        if (wanted.count(n)) {
            std::string_view l = text.substr(at, end - at);
            if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
            out.emplace(n, l);
        }
        if (end == text.size()) break;
        at = end + 1;
        ++n;
    }
    return out;
}

// A line of the listing, cut to a length a page can show (whole UTF-8 characters).
std::string cut_line(std::string_view l) {
    constexpr std::size_t kMax = 240;
    if (l.size() <= kMax) return std::string(l);
    std::size_t at = kMax;
    while (at > 0 && (static_cast<unsigned char>(l[at]) & 0xC0) == 0x80) --at;
    return std::string(l.substr(0, at)) + " \xE2\x80\xA6";
}

// The score of each side (and, in an area game, each track) over the moments, as polylines.
std::string chart(const std::vector<Position>& ms, const Scenario* s, bool tracks) {
    struct Series {
        std::string name;
        std::string colour;
        std::vector<std::int64_t> v;
    };
    std::vector<Series> series;
    if (!tracks) {
        for (std::size_t k = 0; k < ms.size(); ++k)
            for (const PositionScore& sc : ms[k].scores) {
                auto it = std::find_if(series.begin(), series.end(), [&](const Series& x) { return x.name == sc.side; });
                if (it == series.end()) {
                    series.push_back(Series{sc.side, side_colour(s ? side_index(*s, sc.side) : static_cast<int>(series.size())), {}});
                    it = series.end() - 1;
                }
                it->v.resize(ms.size(), 0);
                it->v[k] = sc.total;
            }
    } else {
        static constexpr const char* kTrackColours[] = {"#1f4e99", "#a8322d", "#2e7d32", "#7b3fa0", "#b8860b", "#00838f", "#555", "#d17a00"};
        for (std::size_t k = 0; k < ms.size(); ++k)
            for (const PositionTrack& t : ms[k].tracks) {
                auto it = std::find_if(series.begin(), series.end(), [&](const Series& x) { return x.name == t.name; });
                if (it == series.end()) {
                    series.push_back(Series{t.name, kTrackColours[series.size() % 8], {}});
                    it = series.end() - 1;
                }
                it->v.resize(ms.size(), 0);
                it->v[k] = t.value;
            }
    }
    if (series.empty() || ms.empty()) return "<p>No score to chart.</p>";
    std::int64_t lo = 0, hi = 1;
    for (const Series& x : series)
        for (std::int64_t v : x.v) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    const double W = 640, H = 240, L = 50, R = 20, T = 12, B = 34;
    const double span = static_cast<double>(hi) - static_cast<double>(lo);
    auto X = [&](std::size_t k) { return ms.size() == 1 ? L + (W - L - R) / 2 : L + (W - L - R) * static_cast<double>(k) / static_cast<double>(ms.size() - 1); };
    auto Y = [&](std::int64_t v) { return T + (H - T - B) * (1.0 - (static_cast<double>(v) - static_cast<double>(lo)) / span); };
    std::string out = fmt::format("<svg class=\"chart\" viewBox=\"0 0 {:.0f} {:.0f}\" width=\"{:.0f}\" height=\"{:.0f}\" role=\"img\">", W, H, W, H);
    out += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"#888\"/>", L, T, H - B);
    out += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" y2=\"{1:.1f}\" stroke=\"#888\"/>", L, Y(0), W - R);
    out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\" text-anchor=\"end\">{}</text>", L - 4, Y(hi) + 4, hi);
    if (lo != 0) out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\" text-anchor=\"end\">{}</text>", L - 4, Y(lo) + 4, lo);
    out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\" text-anchor=\"end\">0</text>", L - 4, Y(0) + 4);
    const std::size_t every = std::max<std::size_t>(1, ms.size() / 16);
    for (std::size_t k = 0; k < ms.size(); ++k)
        if (k % every == 0 || k + 1 == ms.size())
            out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\" text-anchor=\"middle\">{}</text>", X(k), H - B + 16,
                               ms[k].moment == "end" ? std::string("end") : std::to_string(ms[k].turn));
    for (const Series& x : series) {
        std::string pts;
        for (std::size_t k = 0; k < x.v.size(); ++k) pts += fmt::format("{}{:.1f},{:.1f}", k ? " " : "", X(k), Y(x.v[k]));
        out += fmt::format("<polyline class=\"series\" data-name=\"{}\" points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"/>", esc(x.name), pts,
                           x.colour);
        for (std::size_t k = 0; k < x.v.size(); ++k)
            out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"{}\"><title>{} {} at {}</title></circle>", X(k), Y(x.v[k]), x.colour,
                               esc(x.name), x.v[k], esc(moment_label(ms[k])));
    }
    out += "</svg><p class=\"legend\">";
    for (const Series& x : series) out += fmt::format("<span><i class=\"swatch\" style=\"background:{}\"></i>{}</span>", x.colour, esc(x.name));
    out += "</p>";
    return out;
}

std::string spaces_table(const Position& p) {
    std::string out = "<table class=\"spaces\"><tr><th>space</th><th>type</th><th>population</th><th>level</th><th>pieces</th></tr>";
    static constexpr const char* kLevel[] = {"Active Opposition", "Passive Opposition", "Neutral", "Passive Support", "Active Support"};
    for (const PositionSpace& s : p.spaces) {
        std::string pieces;
        for (const PositionPieces& pc : s.pieces) pieces += fmt::format("{}{} {} {}", pieces.empty() ? "" : ", ", pc.count, pc.faction, pc.piece);
        const int lv = std::clamp(s.support, -2, 2);
        out += fmt::format("<tr class=\"space\" data-space=\"{}\"><td>{}</td><td>{}</td><td class=\"pts\">{}</td><td class=\"lvl{}\">{}{}</td><td>{}</td></tr>",
                           esc(s.id), esc(s.id), esc(s.type), s.population, lv, kLevel[lv + 2], s.blockaded ? ", blockaded" : "", esc(pieces));
    }
    out += "</table>";
    if (!p.tracks.empty()) {
        out += "<p>";
        for (const PositionTrack& t : p.tracks)
            out += fmt::format("<span class=\"track\">{} <b>{}</b></span>; ", esc(t.title.empty() ? t.name : t.title), t.value);
        out += "</p>";
    }
    return out;
}

}  // namespace

std::string render_page(const PageGame& pg) {
    const Report& r = *pg.report;
    static const std::vector<Position> none;
    const std::vector<Position>& ms = pg.moments ? *pg.moments : none;
    const std::string verdict = render_result_line(r);
    std::string out = fmt::format("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">"
                                  "<title>{} \xE2\x80\x94 referee</title><style>{}{}</style></head>\n<body data-verdict=\"{}\">\n",
                                  esc(r.file), kStyle, svg_style(), esc(verdict));
    out += fmt::format("<header><h1>{}</h1><p class=\"verdict\" id=\"verdict\">{}</p>", esc(r.file), esc(verdict));
    // The scenario by its id and where its rules come from (built-in, or a file and its SHA-256).
    std::string meta = r.scenario.empty() ? std::string("no scenario")
                       : r.scenario_source ? fmt::format("scenario {}", scenario_source_text(r.scenario, *r.scenario_source))
                                           : fmt::format("scenario {}", r.scenario);
    if (pg.scenario) meta += fmt::format(" ({})", pg.scenario->title);
    for (const PlayerName& pl : r.players) meta += fmt::format("; {} played by {}", pl.side, pl.name);
    out += fmt::format("<p class=\"meta\">{}</p></header>\n", esc(meta));

    // The score, each item with its rule.
    out += "<section id=\"scores\"><h2>Score</h2>";
    if (!r.result.ranking.empty()) {
        std::string rk;
        for (const std::string& x : r.result.ranking) rk += (rk.empty() ? "" : ", ") + x;
        out += fmt::format("<p>Ranking: {}</p>", esc(rk));
    }
    if (r.scores.empty()) out += "<p>No score.</p>";
    for (const SideScore& sc : r.scores) {
        const int si = pg.scenario ? side_index(*pg.scenario, sc.side) : -1;
        out += fmt::format("<div class=\"side-score\" data-side=\"{}\"><h3><i class=\"swatch\" style=\"background:{}\"></i>{} {}</h3><table>", esc(sc.side),
                           side_colour(si), esc(sc.side), sc.total);
        for (const ScoreItem& it : sc.items)
            out += fmt::format("<tr><td>[{}]</td><td class=\"pts\">{:+}</td><td>{}</td></tr>", esc(it.rule), it.points, esc(it.what));
        out += "</table></div>";
    }
    if (r.has_banners && !r.banners.empty()) {
        out += "<h3>Banners</h3><table class=\"banners\">";
        for (const BannerEntry& b : r.banners)
            out += fmt::format("<tr><td>{}</td><td class=\"pts\">+{}</td><td>{} [{}]</td><td>gained {}{}</td></tr>", esc(b.side), b.banners, esc(b.what),
                               esc(b.rule), esc(b.gained_at), b.lost_line ? esc(fmt::format("; lost {}: {}", b.lost_at, b.lost_why)) : "");
        out += "</table>";
    }
    out += "</section>\n";

    // The map (or an area game's spaces) at each moment.
    if (!ms.empty() && pg.scenario) {
        const Scenario& s = *pg.scenario;
        const bool area = ms.front().has_area;
        out += fmt::format("<section id=\"map\"><h2>{}</h2>", area ? "The spaces" : "The map");
        out += "<nav class=\"moments\"><label>Moment <select id=\"moment-select\">";
        for (const Position& p : ms) out += fmt::format("<option value=\"#{}\"{}>{}</option>", moment_id(p), p.moment == "end" ? " selected" : "", moment_label(p));
        out += "</select></label> ";
        for (const Position& p : ms) out += fmt::format("<a href=\"#{}\">{}</a>", moment_id(p), moment_label(p));
        out += "</nav>";
        MapGeometry g;
        if (!area) {
            g = map_geometry(s);
            out += fmt::format("<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\"><defs><g id=\"grid\">{}</g></defs></svg>", svg_grid(g, s));
            out += "<p class=\"legend\">";
            for (std::size_t i = 0; i < s.sides.size(); ++i)
                out += fmt::format("<span><i class=\"swatch\" style=\"background:{}\"></i>{} (held: <i class=\"swatch\" style=\"background:{}\"></i>)</span>",
                                   side_colour(static_cast<int>(i)), esc(s.sides[i]), side_tint(static_cast<int>(i)));
            out += "<span><i class=\"swatch\" style=\"border:2px dashed #d17a00\"></i>exit</span><span><i class=\"swatch\" style=\"border:2px solid "
                   "#c9a400\"></i>objective</span><span><i class=\"swatch\" style=\"border:2px dotted #00897b\"></i>entry</span></p>";
        }
        // The end last: shown when no other moment is chosen (the style's :target rule).
        std::vector<const Position*> order;
        for (const Position& p : ms)
            if (p.moment != "end") order.push_back(&p);
        for (const Position& p : ms)
            if (p.moment == "end") order.push_back(&p);
        for (const Position* pp : order) {
            const Position& p = *pp;
            std::string where = p.step ? fmt::format("step {}", *p.step) : fmt::format("line {}", p.line);
            std::string scores;
            for (const PositionScore& sc : p.scores) scores += fmt::format("{}{} {}", scores.empty() ? "" : ", ", sc.side, sc.total);
            out += fmt::format("<figure class=\"moment\" id=\"{}\" data-moment=\"{}\"><figcaption>{}: {}{}{}</figcaption>", moment_id(p), esc(p.moment),
                               moment_label(p), esc(where), scores.empty() ? "" : esc("; score " + scores), p.over && p.moment != "end" ? " (the game is over)" : "");
            if (area) {
                out += fmt::format("<div id=\"spaces-{}\">{}</div>", moment_id(p), spaces_table(p));
            } else {
                fmt::format_to(std::back_inserter(out), "<svg class=\"map\" viewBox=\"0 0 {:.0f} {:.0f}\" width=\"{:.0f}\" height=\"{:.0f}\"><use href=\"#grid\"/>",
                               g.width, g.height, g.width, g.height);
                append_svg_position(out, g, s, p);
                out += "</svg>";
            }
            out += "</figure>";
        }
        out += "</section>\n";
        out += fmt::format("<section id=\"chart\"><h2>{}</h2>{}", area ? "Final margins over the game-turns" : "Score over the game-turns", chart(ms, &s, false));
        if (area) out += "<h3>Tracks</h3>" + chart(ms, &s, true);
        out += "</section>\n";
    }

    // The violations, each linked to its record in the listing.
    out += fmt::format("<section id=\"violations\"><h2>Violations ({})</h2>", r.violations.size());
    std::set<std::uint32_t> named;
    if (r.violations.empty()) out += "<p>None.</p>";
    else out += "<ol>";
    for (const Violation& v : r.violations) {
        const bool linked = v.line != 0 && !pg.text.empty();
        if (linked) named.insert(v.line);
        const std::string at = place(r, v);
        out += fmt::format("<li class=\"violation {}\" data-code=\"{}\">{}: <span class=\"sev\">{}</span> {}: {}{}</li>", v.error ? "error" : "warning", esc(v.code),
                           linked ? fmt::format("<a href=\"#L{}\">{}</a>", v.line, esc(at)) : esc(at), v.error ? "error" : "warning", esc(v.code), esc(v.message),
                           v.rule.empty() ? "" : esc(fmt::format(" [{}]", v.rule)));
    }
    if (!r.violations.empty()) out += "</ol>";
    out += "</section>\n";
    if (!named.empty()) {
        out += "<section id=\"listing\"><h2>The records named</h2><pre class=\"listing\">";
        for (const auto& [n, text] : lines_named(pg.text, named))
            out += fmt::format("<span id=\"L{0}\"><span class=\"ln\">{0}</span>{1}</span>", n, esc(cut_line(text)));
        out += "</pre></section>\n";
    }
    if (!r.claims.empty()) {
        out += "<section id=\"claims\"><h2>Claims</h2><ul>";
        for (const Claim& c : r.claims)
            out += fmt::format("<li>{}: stated {}, computed {} \xE2\x80\x94 {}</li>", esc(c.claim), esc(c.stated), esc(c.computed), c.agrees ? "agrees" : "disagrees");
        out += "</ul></section>\n";
    }
    if (!r.rulings.empty()) {
        out += "<section id=\"rulings\"><details><summary>Rulings applied</summary><ul>";
        for (const std::string& x : r.rulings) out += fmt::format("<li>{}</li>", esc(x));
        out += "</ul></details></section>\n";
    }
    out += fmt::format("<script>{}</script>\n</body></html>\n", kScript);
    return out;
}

IndexRow index_row(const Report& r, std::string page) {
    IndexRow row;
    row.page = std::move(page);
    row.file = r.file;
    row.scenario = r.scenario;
    row.result = render_result_line(r);
    row.errors = r.error_count();
    row.warnings = r.warning_count();
    for (const SideScore& sc : r.scores) row.score += fmt::format("{}{} {}", row.score.empty() ? "" : ", ", sc.side, sc.total);
    return row;
}

std::string render_index(const std::vector<IndexRow>& rows, const BatchSummary& summary) {
    std::string out = fmt::format("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>referee: {} games</title><style>{}</style></head>\n<body>\n",
                                  rows.size(), kStyle);
    std::string line = summary.line();
    if (!line.empty() && line.back() == '\n') line.pop_back();
    out += fmt::format("<h1>The batch</h1><p class=\"verdict\" id=\"summary\">{}</p>\n", esc(line));
    out += "<table id=\"games\"><tr><th>game</th><th>scenario</th><th>result</th><th>score</th><th>errors</th><th>warnings</th></tr>\n";
    for (const IndexRow& row : rows)
        out += fmt::format("<tr class=\"game\"><td><a href=\"{}\">{}</a></td><td>{}</td><td>{}</td><td>{}</td><td class=\"pts\">{}</td><td class=\"pts\">{}</td></tr>\n",
                           esc(row.page), esc(row.file), esc(row.scenario), esc(row.result), esc(row.score), row.errors, row.warnings);
    out += "</table>\n</body></html>\n";
    return out;
}

}  // namespace referee
