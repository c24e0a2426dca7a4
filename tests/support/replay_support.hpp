// What the replay tests share (tests/validator/mechanisms/test_*.cpp, one file per mechanism;
// tests/validator/engine/test_sequence.cpp; tests/validator/check/test_session.cpp). They check
// whole games through check_text (move-log or save text -> report): the games are built here, and
// dump() writes out a report for a failing assertion's message.
//
//   - any game: check(), dump(), item(), ruling_mentions();
//   - Marye's Heights: kHeader (lines 1-8), turns();
//   - Road to Richmond and Cemetery Hill: rtr(), kTrain, ch_game(), nothing(), ch_ratio(), and the
//     test scenario files kRtrTest and kChTest (samples/scenarios/*-test.xml: the built-ins with
//     invented roads);
//   - victory banners (cnc-napoleonics) and Liberty or Death: Game (a game built line by line, so
//     that each assertion names the record at which something must happen); base(), banners(),
//     episode(); custom(), margins_of(), margins(), track(), kRoyalistMap, kRebelMap.
#pragma once

#include "check.hpp"
#include "report_matchers.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace referee::testing_support {

// --- any game ---------------------------------------------------------------------------------

inline Report check(const std::string& log, CheckOptions o = {}) { return check_text(log, "test.log", o); }
// With --scenario `scenario` (a built-in's id or a scenario file; "": the game's own).
inline Report check(const std::string& log, const std::string& scenario) {
    CheckOptions o;
    o.scenario = scenario;
    return check_text(log, "test.log", o);
}

// Everything a report says that a test may be looking for: the result, the violations, the score
// items, the banners, the margins and the rulings.
inline std::string dump(const Report& r) {
    std::string s = " winner=" + (r.result.winner ? *r.result.winner : std::string("null")) +
                    " level=" + (r.result.level ? *r.result.level : std::string("null"));
    for (const auto& v : r.violations) s += " [" + v.code + "@" + std::to_string(v.line) + ": " + v.message + "]";
    for (const auto& sc : r.scores)
        for (const auto& it : sc.items) s += " {" + sc.side + " " + it.rule + " " + std::to_string(it.points) + " " + it.what + "}";
    for (const auto& b : r.banners)
        s += " {" + b.side + " " + b.kind + " " + b.what + " +" + std::to_string(b.banners) + " gained@" + std::to_string(b.gained_line) +
             (b.lost_line ? " lost@" + std::to_string(*b.lost_line) : std::string()) + (b.note.empty() ? "" : " note: " + b.note) + "}";
    for (const auto& m : r.margins) {
        s += " {" + m.kind + "@" + std::to_string(m.line);
        for (const auto& f : m.factions) {
            s += " " + f.faction;
            for (auto x : f.margins) s += " " + std::to_string(x);
            if (f.passes) s += " passes";
        }
        s += "}";
    }
    for (const auto& n : r.rulings) s += " <" + n + ">";
    return s;
}

// Points of the items citing `rule` (0 when there is none).
inline std::int64_t item(const Report& r, const std::string& side, const std::string& rule) {
    std::int64_t n = 0;
    for (const auto& s : r.scores)
        if (s.side == side)
            for (const auto& it : s.items)
                if (it.rule == rule) n += it.points;
    return n;
}

inline bool ruling_mentions(const Report& r, const std::string& text) {
    return std::any_of(r.rulings.begin(), r.rulings.end(), [&](const std::string& s) { return s.find(text) != std::string::npos; });
}

// --- Marye's Heights --------------------------------------------------------------------------

// Lines 1-8. Units stand in hexes of the same columns, so moves along a column are adjacent
// whichever columns the map shifts.
inline const std::string kHeader =
    "game maryes-heights\n"                    // 1
    "setup custom\n"                           // 2
    "unit U1 Union infantry 6 at 0506\n"       // 3
    "unit U2 Union infantry 4 at 0508\n"       // 4
    "unit U3 Union cavalry 2 at 1112\n"        // 5
    "unit C1 Confederate infantry 5 at 1713\n" // 6
    "unit C2 Confederate infantry 3 at 0510\n" // 7
    "unit C3 Confederate artillery 2 at 0113\n"; // 8

// `turn from` to `turn to`, one record a line.
inline std::string turns(int from, int to) {
    std::string s;
    for (int t = from; t <= to; ++t) s += "turn " + std::to_string(t) + "\n";
    return s;
}

// --- Road to Richmond and Cemetery Hill -------------------------------------------------------
// Test names carry the rule number they check (underscores for dots: Rule_14_51 is 14.51). Traces
// use the test map data of samples/scenarios/*-test.xml (scenario files that extend the built-ins
// with invented roads); the built-ins, which have no roads, show that a trace without map data is
// not scored.

inline const std::string kRtrTest = std::string(REFEREE_SOURCE_DIR) + "/samples/scenarios/road-to-richmond-test.xml";
inline const std::string kChTest = std::string(REFEREE_SOURCE_DIR) + "/samples/scenarios/cemetery-hill-test.xml";

// A one-turn game of Road to Richmond: the Confederate player-turn, then the Union's, then `end`
// (scored as at the game's end). `conf` and `uni` are the records of each side's movement phase.
inline std::string rtr(const std::string& units, const std::string& conf, const std::string& uni, const std::string& tail = "") {
    return "game road-to-richmond\nsetup custom\n" + units + "turn 1\nphase Confederate movement\n" + conf +
           "phase Union movement\n" + uni + tail + "end\n";
}
inline const std::string kTrain = "unit Train Union train 0 role train\n";

// The whole game of Cemetery Hill: turn 1 (Confederates only), turns 2-15 with both player-turns.
// `move(t, side)` gives the records of that side's movement phase in turn t; `combat(t, side)` of
// its combat phase.
template <class F, class G>
std::string ch_game(const std::string& units, F move, G combat, int last = 15) {
    std::string s = "game cemetery-hill\nsetup custom\n" + units;
    for (int t = 1; t <= last; ++t) {
        s += "turn " + std::to_string(t) + "\n";
        if (t > 1) s += "phase Union movement\n" + move(t, "Union") + "phase Union combat\n" + combat(t, "Union");
        s += "phase Confederate movement\n" + move(t, "Confederate") + "phase Confederate combat\n" + combat(t, "Confederate");
    }
    return s;
}
// No records in a phase (for ch_game).
inline std::string nothing(int, const std::string&) { return std::string(); }

// A whole game of Cemetery Hill whose totals come from eliminations only: `union_sp_lost` Union
// and `conf_sp_lost` Confederate strength points eliminated in the Union combat phase of turn 2.
inline Report ch_ratio(int union_sp_lost, int conf_sp_lost) {
    std::string units;
    if (union_sp_lost) units += "unit U Union infantry " + std::to_string(union_sp_lost) + " at 1010\n";
    if (conf_sp_lost) units += "unit C Confederate infantry " + std::to_string(conf_sp_lost) + " at 1212\n";
    auto combat = [&](int t, const std::string& side) {
        if (t != 2 || side != "Union") return std::string();
        return std::string(union_sp_lost ? "eliminate U\n" : "") + (conf_sp_lost ? "eliminate C\n" : "");
    };
    return check(ch_game(units, nothing, combat));
}

// --- games built line by line: victory banners and Liberty or Death ---------------------------

struct Game {
    std::string text;
    std::uint32_t lines = 0;
    // Adds a record; returns its line.
    std::uint32_t add(const std::string& record) {
        text += record + "\n";
        return ++lines;
    }
    void add_all(const std::vector<std::string>& records) {
        for (const auto& r : records) add(r);
    }
    // Liberty or Death: one whole Winter Quarters round (not the last); returns the line of its
    // victory-check phase.
    std::uint32_t round(int n) {
        add("turn " + std::to_string(n));
        const std::uint32_t check = add("phase victory-check");
        for (const char* p : {"phase supply", "phase resources", "phase support", "phase redeployment", "phase desertion", "phase reset"}) add(p);
        return check;
    }
};

inline Report check(const Game& g, CheckOptions o = {}) { return check_text(g.text, "test.log", o); }

// Victory banners (cnc-napoleonics; the board: CCRR in rows, even rows half a hex to the right).
// Two armies facing each other across row 05, on lines 1-12; `header` follows from line 13. The side
// of the first phase record moves first (the French, in most tests).
//   French: F1 at 0504, F2 at 0604, F3 at 0404, Ney (leader) at 0503.
//   British: B1 at 0706, B2 at 0806, B3 at 0906, Wel (leader) at 0907, KGL (garrison) at 1005.
// The hexes used and their neighbours:
//   0605 (odd row): 0505 0705 | 0504 0604 | 0506 0606        0504: 0404 0604 | 0503 0603 | 0505 0605
//   0705 (odd row): 0605 0805 | 0604 0704 | 0606 0706        0604: 0504 0704 | 0603 0703 | 0605 0705
//   0805 (odd row): 0705 0905 | 0704 0804 | 0706 0806        0606: 0506 0706 | 0605 0705 | 0606 0706..
inline Game base(const std::vector<std::string>& header) {
    Game g;
    for (const char* l : {"game cnc-napoleonics", "side French", "side British", "unit F1 French infantry 4 at 0504",
                          "unit F2 French infantry 4 at 0604", "unit F3 French cavalry 3 at 0404", "unit Ney French leader 1 at 0503",
                          "unit B1 British infantry 4 at 0706", "unit B2 British infantry 4 at 0806", "unit B3 British infantry 3 at 0906",
                          "unit Wel British leader 1 at 0907", "unit KGL British infantry 2 at 1005 role garrison"})
        g.add(l);
    for (const auto& h : header) g.add(h);
    return g;
}

// The banners of `kind` held by `side` (every entry, in the order gained).
inline std::vector<const BannerEntry*> banners(const Report& r, const std::string& side, const std::string& kind) {
    std::vector<const BannerEntry*> out;
    for (const auto& b : r.banners)
        if (b.side == side && b.kind == kind) out.push_back(&b);
    return out;
}

// Exactly one entry of that kind for that side, gained at `gained` and lost at `lost` (0: not lost).
inline ::testing::AssertionResult episode(const Report& r, const std::string& side, const std::string& kind, std::uint32_t gained,
                                          std::uint32_t lost) {
    const auto b = banners(r, side, kind);
    if (b.size() != 1) return ::testing::AssertionFailure() << b.size() << " " << side << " " << kind << " banners;" << dump(r);
    if (b[0]->gained_line != gained) return ::testing::AssertionFailure() << "gained at " << b[0]->gained_line << ", not " << gained << dump(r);
    if (lost == 0 && b[0]->lost_line) return ::testing::AssertionFailure() << "lost at " << *b[0]->lost_line << dump(r);
    if (lost != 0 && (!b[0]->lost_line || *b[0]->lost_line != lost))
        return ::testing::AssertionFailure() << "lost at " << (b[0]->lost_line ? std::to_string(*b[0]->lost_line) : "never") << ", not " << lost << dump(r);
    return ::testing::AssertionSuccess();
}

// Liberty or Death. Most games start from `setup custom` (every space neutral, no pieces, tracks
// at 0, no Treaty) so that each test builds exactly the position it needs. Populations used
// (scenario files): Massachusetts 2, Connecticut-Rhode Island 2, New York 2, Pennsylvania 2,
// Virginia 2 (colonies); New Jersey 1 (colony); New York City 2, Boston 1 (cities); Quebec,
// Northwest 0 (reserves). Active counts double (L1): `active-support` in Massachusetts is 4 Support.

// A game of `scenario` from an empty position, `rounds` Winter Quarters rounds long.
inline Game custom(int rounds, const std::vector<std::string>& header = {}, const std::string& scenario = "liberty-or-death-1775") {
    Game g;
    g.add("game " + scenario);
    g.add("param winter-quarters " + std::to_string(rounds));
    g.add_all(header);
    g.add("setup custom");
    return g;
}

inline const FactionMargins* margins_of(const MarginCheck& m, const std::string& faction) {
    for (const auto& f : m.factions)
        if (f.faction == faction) return &f;
    return nullptr;
}
inline std::vector<std::int64_t> margins(const MarginCheck& m, const std::string& faction) {
    const auto* f = margins_of(m, faction);
    return f ? f->margins : std::vector<std::int64_t>{};
}
inline std::int64_t track(const MarginCheck& m, const std::string& name) {
    for (const auto& [n, v] : m.tracks)
        if (n == name) return v;
    return -999;
}
using Ranking = std::vector<std::string>;

// Support 12 (three colonies of population 2 at Active Support), Opposition 0: S - O - 10 = +2.
inline const std::vector<std::string> kRoyalistMap = {"support Massachusetts active-support", "support \"Connecticut-Rhode Island\" active-support",
                                                      "support \"New York\" active-support"};
// Opposition 12, Support 0.
inline const std::vector<std::string> kRebelMap = {"support Massachusetts active-opposition", "support \"Connecticut-Rhode Island\" active-opposition",
                                                   "support \"New York\" active-opposition"};

}  // namespace referee::testing_support
