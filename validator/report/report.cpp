// Renders a Report as text (for a person) or JSON (for programs), as report.md specifies.
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
//   claim CLAIM: stated S, computed C — agrees|disagrees
//   rulings:
//     RULING                                   (one a line)
#include "report.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstddef>
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
    if (syntax != 0) return plural(syntax, "syntax error", "syntax errors");
    for (const auto& v : r.violations)  // the one error that takes a replayed game's result away
        if (v.code == "score-overflow") return v.message;
    for (const auto& v : r.violations)
        if (v.error) return v.message.empty() ? v.code : v.message;
    return "input could not be read";
}

std::string provisional_text(const Report& r, const Provisional& p) {
    std::string s = p.standing.empty() || p.standing == "even" ? std::string("even")
                                                               : fmt::format("{} ahead", p.standing);
    if (p.turn > 0)
        s += fmt::format(" at game-turn {}", p.turn);
    else
        s += " before the first game-turn";
    if (!p.phase.empty()) s += fmt::format(", {}", p.phase);
    s += place_suffix(r, p.line == 0 ? std::nullopt : std::optional<std::uint32_t>(p.line), p.step);
    return s;
}

std::string result_text(const Report& r) {
    if (!r.judged) return "not judged: " + not_judged_reason(r);
    const Verdict& v = r.result;
    if (v.winner) {
        // Faction names are plural ("the British", "the Patriots"): "British win".
        std::string s = *v.winner == "draw" ? std::string("draw") : fmt::format("{} {}", *v.winner, r.has_margins ? "win" : "wins");
        if (v.level) s += fmt::format(" ({})", *v.level);
        if (v.decided) s += fmt::format(", {}", *v.decided);
        s += place_suffix(r, v.line, v.step);
        return s;
    }
    std::string s = r.complete ? "no result" : "no result (incomplete)";
    if (v.provisional) s += ": " + provisional_text(r, *v.provisional);
    return s;
}

std::string violation_text(const Report& r, const Violation& v) {
    std::string where = r.file;
    if (r.places_are_steps) {
        if (v.step) where += fmt::format(":step {}", *v.step);
    } else if (v.line != 0) {
        where += fmt::format(":{}", v.line);
        if (v.col != 0) where += fmt::format(":{}", v.col);
    }
    std::string s = fmt::format("{}: {}: {}: {}", where, v.error ? "error" : "warning", v.code, v.message);
    if (!v.rule.empty()) s += fmt::format(" [{}]", v.rule);
    return s;
}

// ---- JSON -------------------------------------------------------------------------------------

template <class T>
ojson opt_json(const std::optional<T>& o) {
    return o ? ojson(*o) : ojson(nullptr);
}

ojson report_json(const Report& r) {
    ojson j = ojson::object();
    j["file"] = r.file;
    j["scenario"] = r.scenario.empty() ? ojson(nullptr) : ojson(r.scenario);
    j["complete"] = r.complete;

    const Verdict& v = r.result;
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

    ojson viols = ojson::array();
    for (const auto& x : r.violations) {
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

std::string dump(const ojson& j) {
    // Messages may quote input bytes that are not valid UTF-8: replace them rather than throw.
    return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace

std::string render_text(const Report& r) {
    std::string out = fmt::format("{}: {}\n", r.file, result_text(r));

    if (!r.result.ranking.empty()) {
        out += "  ranking: ";
        for (std::size_t i = 0; i < r.result.ranking.size(); ++i) {
            if (i != 0) out += ", ";
            out += r.result.ranking[i];
        }
        out += "\n";
    }

    // Score items: the rule column left-aligned and the points right-aligned, over the whole report.
    std::size_t rule_w = 0, pts_w = 0;
    for (const auto& s : r.scores)
        for (const auto& it : s.items) {
            rule_w = std::max(rule_w, it.rule.size());
            pts_w = std::max(pts_w, fmt::format("{:+}", it.points).size());
        }
    for (const auto& s : r.scores) {
        out += fmt::format("  {} {}\n", s.side, s.total);
        for (const auto& it : s.items)
            out += fmt::format("    {:<{}}  {:>{}}  {}\n", it.rule, rule_w, fmt::format("{:+}", it.points),
                               pts_w, it.what);
    }

    // Victory banners: every one, with when it was gained and (when it was) lost.
    if (r.has_banners && !r.banners.empty()) {
        out += "  banners:\n";
        for (const auto& b : r.banners) {
            out += fmt::format("    {} +{} {} {} [{}]: gained {}{}", b.side, b.banners, b.kind, b.what, b.rule,
                               b.gained_line ? fmt::format("{} {} ", place_word(r), b.gained_line) : std::string(), fmt::format("({})", b.gained_at));
            if (b.lost_line) out += fmt::format("; lost {} {} ({}): {}", place_word(r), *b.lost_line, b.lost_at, b.lost_why);
            if (!b.note.empty()) out += fmt::format("; {}", b.note);
            out += "\n";
        }
    }

    // Faction games: every faction's margins at each victory check and at the end.
    if (r.has_margins && !r.margins.empty()) {
        out += "  margins:\n";
        for (const auto& m : r.margins) {
            std::vector<std::string> tracks;
            for (const auto& [name, value] : m.tracks) tracks.push_back(fmt::format("{} {}", name, value));
            out += fmt::format("    {}, round {} ({} {}) [{}]: {}; treaty {}\n", m.kind == "final" ? "final scoring" : "victory check", m.round,
                               place_word(r), m.line, m.rule, fmt::join(tracks, ", "), m.treaty ? "played" : "not played");
            for (const auto& f : m.factions) {
                std::vector<std::string> ms;
                for (auto x : f.margins) ms.push_back(fmt::format("{:+}", x));
                out += fmt::format("      {} ({}) {} = {:+}{}\n", f.faction,
                                   f.non_player ? std::string("Non-player") : f.player ? *f.player : std::string("player"), fmt::join(ms, ", "),
                                   f.total, f.passes ? " passes" : "");
            }
        }
    }

    std::vector<const Violation*> vs;
    vs.reserve(r.violations.size());
    for (const auto& v : r.violations) vs.push_back(&v);
    std::stable_sort(vs.begin(), vs.end(), [&](const Violation* a, const Violation* b) {
        if (r.places_are_steps) return a->step.value_or(0) < b->step.value_or(0);
        return a->line != b->line ? a->line < b->line : a->col < b->col;
    });
    for (const Violation* v : vs) out += violation_text(r, *v) + "\n";

    for (const auto& c : r.claims)
        out += fmt::format("claim {}: stated {}, computed {} \u2014 {}\n", c.claim, c.stated, c.computed,
                           c.agrees ? "agrees" : "disagrees");

    if (!r.rulings.empty()) {
        out += "rulings:\n";
        for (const auto& ru : r.rulings) out += fmt::format("  {}\n", ru);
    }
    return out;
}

std::string render_json_one(const Report& r) { return dump(report_json(r)); }

std::string render_json(const std::vector<Report>& reports) {
    if (reports.size() == 1) return render_json_one(reports.front());
    ojson arr = ojson::array();
    for (const auto& r : reports) arr.push_back(report_json(r));
    return dump(arr);
}

}  // namespace referee
