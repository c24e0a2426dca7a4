// A position as text (for a person) and as JSON (report.md, "Seeing the game").
//
// Text:
//   FILE at MOMENT: line L (step S), game-turn T, SIDE PHASE[; the game is over: HOW]
//   scenario: ID (built-in) | ID (file PATH, sha256 HEX[; extends ID, changing ...])
//   scores: SIDE TOTAL, ...
//   units:                          (every unit, in the scenario's then the game's order)
//     ID  SIDE  TYPE  strength N  STATUS [at LOC]
//   holdings: LOC SIDE, ...         (hex games)
//   banners: SIDE +N KIND WHAT [RULE], ...   (victory-banner games: those held)
//   tracks: NAME V, ...             (area games, and tracks a game sets)
//   spaces:                         (area games)
//     ID TYPE POP LEVEL[ blockaded]: N FACTION PIECE, ...
#include "view.hpp"

#include "shown.hpp"
#include "report.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>

namespace referee {

namespace {

using ojson = nlohmann::ordered_json;

std::string where(const Position& p) {
    std::string s = p.step ? fmt::format("step {}", *p.step) : fmt::format("line {}", p.line);
    s += p.turn > 0 ? fmt::format(", game-turn {}", p.turn) : std::string(", before the first game-turn");
    if (!p.phase.empty()) s += fmt::format(", {}{}", shown(p.side.empty() ? "" : p.side + " "), shown(p.phase));
    if (p.over) s += fmt::format("; the game is over{}{}", p.decided.empty() ? "" : ": ", shown(p.decided));
    return s;
}

const char* level_word(int level) {
    switch (level) {
        case 2: return "active-support";
        case 1: return "passive-support";
        case -1: return "passive-opposition";
        case -2: return "active-opposition";
        default: return "neutral";
    }
}

}  // namespace

std::string render_position_text(const Position& p) {
    std::string out = fmt::format("{} at {}: {}\n", shown(p.file), shown(p.moment), where(p));
    if (p.scenario_source) out += fmt::format("  scenario: {}\n", shown(scenario_source_text(p.scenario, *p.scenario_source)));
    std::string scores;
    for (const PositionScore& s : p.scores) scores += fmt::format("{}{} {}", scores.empty() ? "" : ", ", shown(s.side), s.total);
    out += fmt::format("  scores: {}\n", scores.empty() ? "none" : scores);
    if (!p.units.empty()) {
        std::size_t w_id = 0, w_side = 0, w_type = 0;
        for (const PositionUnit& u : p.units) {
            w_id = std::max(w_id, escape_for_terminal(u.id).size());
            w_side = std::max(w_side, escape_for_terminal(u.side).size());
            w_type = std::max(w_type, escape_for_terminal(u.type).size());
        }
        out += "  units:\n";
        for (const PositionUnit& u : p.units)
            out += fmt::format("    {:<{}}  {:<{}}  {:<{}}  strength {:>2}  {}{}\n", escape_for_terminal(u.id), w_id, escape_for_terminal(u.side), w_side,
                               escape_for_terminal(u.type), w_type, u.strength, shown(u.status),
                               shown(u.at ? (u.status == "exited" ? " from " : " at ") + *u.at : std::string()));
    }
    if (!p.holdings.empty()) {
        std::string h;
        for (const PositionHolding& x : p.holdings) h += fmt::format("{}{} {}", h.empty() ? "" : ", ", shown(x.location), shown(x.side));
        out += fmt::format("  holdings: {}\n", h);
    }
    if (p.has_banners) {
        out += "  banners:";
        if (p.banners.empty()) out += " none";
        out += "\n";
        for (const PositionBanner& b : p.banners)
            out += fmt::format("    {} +{} {} {} [{}]\n", shown(b.side), b.banners, shown(b.kind), shown(b.what), shown(b.rule));
    }
    if (!p.tracks.empty()) {
        std::string t;
        for (const PositionTrack& x : p.tracks) t += fmt::format("{}{} {}", t.empty() ? "" : ", ", shown(x.name), x.value);
        out += fmt::format("  tracks: {}\n", t);
    }
    if (!p.spaces.empty()) {
        out += "  spaces:\n";
        for (const PositionSpace& s : p.spaces) {
            std::string pieces;
            for (const PositionPieces& pc : s.pieces) pieces += fmt::format("{}{} {} {}", pieces.empty() ? "" : ", ", pc.count, shown(pc.faction), shown(pc.piece));
            out += fmt::format("    {} {} {} {}{}{}{}\n", shown(s.id), shown(s.type), s.population, level_word(s.support), s.blockaded ? " blockaded" : "",
                               pieces.empty() ? "" : ": ", pieces);
        }
    }
    return out;
}

std::string render_position_json(const Position& p) {
    ojson j;
    j["file"] = p.file;
    j["scenario"] = p.scenario;
    j["scenario_source"] = scenario_source_json(p.scenario_source);
    j["moment"] = p.moment;
    ojson at;
    at["line"] = p.line;
    if (p.step) at["step"] = *p.step;
    at["turn"] = p.turn;
    at["side"] = p.side.empty() ? ojson() : ojson(p.side);
    at["phase"] = p.phase.empty() ? ojson() : ojson(p.phase);
    j["at"] = std::move(at);
    j["over"] = p.over;
    j["decided"] = p.decided.empty() ? ojson() : ojson(p.decided);
    ojson units = ojson::array();
    for (const PositionUnit& u : p.units)
        units.push_back(ojson{{"id", u.id}, {"side", u.side}, {"type", u.type}, {"strength", u.strength}, {"status", u.status},
                              {"at", u.at ? ojson(*u.at) : ojson()}});
    j["units"] = std::move(units);
    ojson holdings = ojson::array();
    for (const PositionHolding& h : p.holdings) holdings.push_back(ojson{{"location", h.location}, {"side", h.side}});
    j["holdings"] = std::move(holdings);
    ojson marks = ojson::array();
    for (const PositionMark& m : p.marks) {
        ojson o{{"location", m.location}, {"kind", m.kind}, {"what", m.what}};
        if (!m.side.empty()) o["side"] = m.side;
        marks.push_back(std::move(o));
    }
    j["marks"] = std::move(marks);
    ojson scores = ojson::array();
    for (const PositionScore& s : p.scores) scores.push_back(ojson{{"side", s.side}, {"total", s.total}});
    j["scores"] = std::move(scores);
    if (p.has_banners) {
        ojson b = ojson::array();
        for (const PositionBanner& x : p.banners)
            b.push_back(ojson{{"side", x.side}, {"kind", x.kind}, {"what", x.what}, {"rule", x.rule}, {"banners", x.banners}});
        j["banners"] = std::move(b);
    }
    if (!p.tracks.empty()) {
        ojson t = ojson::array();
        for (const PositionTrack& x : p.tracks) {
            ojson o{{"name", x.name}, {"value", x.value}};
            if (!x.title.empty()) o["title"] = x.title;
            t.push_back(std::move(o));
        }
        j["tracks"] = std::move(t);
    }
    if (p.has_area) {
        ojson sp = ojson::array();
        for (const PositionSpace& s : p.spaces) {
            ojson pieces = ojson::array();
            for (const PositionPieces& pc : s.pieces) pieces.push_back(ojson{{"faction", pc.faction}, {"piece", pc.piece}, {"count", pc.count}});
            sp.push_back(ojson{{"id", s.id}, {"type", s.type}, {"population", s.population}, {"support", level_word(s.support)},
                               {"blockaded", s.blockaded}, {"pieces", std::move(pieces)}});
        }
        j["spaces"] = std::move(sp);
    }
    return escape_json_text(j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

}  // namespace referee
