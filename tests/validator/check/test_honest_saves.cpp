// Honest saves are never called tampered (xml-save.md; issue 15): every sample game of every
// built-in family is cut at every record boundary, and the save that an honest program with no
// VASSAL behind it would write there is checked. Its log is the game's records up to the cut; its
// snapshot is the position the program reached, worked out here apart from the engine: the turn and
// the phase (the point the log reached, or the step of the family's sequence of play that begins
// next: both are written, one save each), every unit's status, place and strength (the unit records
// applied as move-log.md says), and each side's score (as the game up to the cut is scored). No such
// save may give a `snapshot-mismatch`; a save whose snapshot names a step two on, or whose unit or
// score was changed, still must. A program that knows the rules stops where the game ended (G3):
// past that record its snapshot stays where the game stopped.
#include "check.hpp"
#include "replay_support.hpp"
#include "sample_options.hpp"
#include "scenario.hpp"

#include <gtest/gtest.h>
#include <pugixml.hpp>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace fs = std::filesystem;
using namespace referee;
using namespace referee::testing_support;

namespace {

// --- a game as XML records -----------------------------------------------------------------------

struct Rec {
    std::string name;                                         // the XML element (xml-save.md)
    std::vector<std::pair<std::string, std::string>> attrs;   // in order
    std::uint32_t line = 0;                                   // in the sample
    const std::string* get(const std::string& a) const {
        for (const auto& [k, v] : attrs)
            if (k == a) return &v;
        return nullptr;
    }
};

struct GameRecords {
    std::string scenario;
    std::vector<Rec> header;  // before the first turn
    std::vector<Rec> log;
};

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// A move-log line's tokens (move-log.md: words, strings with \" and \\, # to the end of the line).
std::vector<std::string> tokens(const std::string& line) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < line.size();) {
        const char c = line[i];
        if (c == ' ' || c == '\t' || c == '\r') {
            ++i;
        } else if (c == '#') {
            break;
        } else if (c == '"') {
            std::string t;
            for (++i; i < line.size() && line[i] != '"'; ++i) {
                if (line[i] == '\\' && i + 1 < line.size()) ++i;
                t += line[i];
            }
            ++i;
            out.push_back(t);
        } else {
            std::size_t j = i;
            while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '#' && line[j] != '"' && line[j] != '\r') ++j;
            out.push_back(line.substr(i, j - i));
            i = j;
        }
    }
    return out;
}

std::string join(const std::vector<std::string>& v, std::size_t from, std::size_t to, const char* skip = nullptr) {
    std::string s;
    for (std::size_t i = from; i < to && i < v.size(); ++i) {
        if (skip && v[i] == skip) continue;
        if (!s.empty()) s += ' ';
        s += v[i];
    }
    return s;
}

// One move-log record as the save's element (xml-save.md gives each record's attributes).
std::vector<Rec> record_of(const std::vector<std::string>& t) {
    const std::string kw = lower(t[0]);
    auto a = [&](std::size_t i) { return i < t.size() ? t[i] : std::string(); };
    Rec r;
    r.name = kw;
    auto put = [&](const char* k, std::string v) { r.attrs.emplace_back(k, std::move(v)); };
    static const std::map<std::string, std::vector<const char*>> plain = {
        {"turn", {"n"}}, {"enter", {"unit", "at"}}, {"exit", {"unit", "at"}}, {"eliminate", {"unit"}}, {"lose", {"unit", "n"}},
        {"support", {"space", "level"}}, {"casualty", {"faction", "piece", "count"}}, {"blockade", {"city"}},
        {"unblockade", {"city"}}, {"track", {"name", "value"}}, {"concede", {"side"}}, {"end", {}}, {"tag", {"name", "value"}},
        {"side", {"name"}}, {"player", {"side", "name"}}, {"param", {"name", "value"}}, {"setup", {"mode"}},
        {"hold", {"loc", "side"}}, {"target", {"side", "n"}}};
    if (auto it = plain.find(kw); it != plain.end()) {
        for (std::size_t i = 0; i < it->second.size(); ++i) put(it->second[i], a(i + 1));
    } else if (kw == "phase") {
        if (t.size() >= 3) put("side", t[1]);
        put("name", t.back());
    } else if (kw == "move" || kw == "advance") {
        put("unit", t[1]);
        put("path", join(t, 2, t.size(), "->"));
    } else if (kw == "retreat") {
        const bool off = lower(t.back()) == "off";
        put("unit", t[1]);
        put("path", join(t, 2, off ? t.size() - 1 : t.size(), "->"));
        put("off", off ? "true" : "false");
    } else if (kw == "combat") {
        const auto vs = std::find(t.begin(), t.end(), "vs") - t.begin();
        put("attackers", t[1]);
        put("defenders", a(static_cast<std::size_t>(vs) + 1));
        for (std::size_t i = static_cast<std::size_t>(vs) + 2; i < t.size(); ++i) {
            if (t[i] == "odds" || t[i] == "result") {
                put(t[i] == "odds" ? "odds" : "result", a(i + 1));
                ++i;
            } else if (t[i] == "roll") {
                std::size_t j = i + 1;
                while (j < t.size() && !t[j].empty() && std::all_of(t[j].begin(), t[j].end(), ::isdigit)) ++j;
                put("roll", join(t, i + 1, j));
                i = j - 1;
            }
        }
    } else if (kw == "roll") {
        put("dice", t[1]);
        put("values", join(t, 2, t.size()));
    } else if (kw == "chat") {
        put("speaker", t[1]);
        put("text", join(t, 2, t.size()));
    } else if (kw == "place") {
        put("faction", t[1]);
        put("piece", t[2]);
        put("space", t[3]);
        if (t.size() > 4) put("count", t[4]);
    } else if (kw == "remove") {
        put("faction", t[1]);
        put("piece", t[2]);
        put("space", t[3]);
        for (std::size_t i = 4; i < t.size(); ++i) put(lower(t[i]) == "casualty" ? "casualty" : "count", lower(t[i]) == "casualty" ? "true" : t[i]);
    } else if (kw == "card") {
        put("id", t[1]);
        if (t.size() > 2) put("title", t[2]);
    } else if (kw == "award") {
        put("side", t[1]);
        put("n", t[2]);
        put("reason", join(t, 3, t.size()));
    } else if (kw == "claim") {
        const std::string what = lower(t[1]);
        if (what == "winner") {
            put("winner", t[2]);
            if (t.size() > 3) put("level", t[3]);
        } else if (what == "draw") {
            put("draw", "true");
        } else {  // score: one element a side
            std::vector<Rec> out;
            for (std::size_t i = 2; i + 1 < t.size(); i += 2) out.push_back(Rec{"claim-score", {{"side", t[i]}, {"n", t[i + 1]}}, 0});
            return out;
        }
    } else if (kw == "objective") {
        put("kind", t[1]);
        put("side", t[2]);
        put("locs", t[3]);
        for (std::size_t i = 4; i + 1 < t.size(); i += 2) put(t[i] == "banners" ? "banners" : "held-by", t[i + 1]);
    } else if (kw == "unit") {
        put("id", t[1]);
        put("side", t[2]);
        put("type", t[3]);
        put("strength", t[4]);
        for (std::size_t i = 5; i < t.size(); ++i) {
            if (t[i] == "at") put("at", a(++i));
            else if (t[i] == "enters") {
                put("enters", a(i + 1));
                put("enters-at", a(i + 3));
                i += 3;
            } else if (t[i] == "role") put("role", a(++i));
            else if (t[i] == "ma") ++i;
        }
    } else {
        ADD_FAILURE() << "no XML element for the record '" << t[0] << "'";
        return {};
    }
    return {r};
}

GameRecords read_log(const std::string& text) {
    GameRecords g;
    std::istringstream in(text);
    std::string line;
    bool in_log = false;
    for (std::uint32_t n = 1; std::getline(in, line); ++n) {
        const auto t = tokens(line);
        if (t.empty()) continue;
        if (lower(t[0]) == "game") {
            g.scenario = t[1];
            continue;
        }
        if (lower(t[0]) == "turn") in_log = true;
        for (Rec& r : record_of(t)) {
            r.line = n;
            (in_log ? g.log : g.header).push_back(std::move(r));
        }
    }
    return g;
}

GameRecords read_save(const std::string& text) {
    GameRecords g;
    pugi::xml_document doc;
    EXPECT_TRUE(doc.load_string(text.c_str()));
    const pugi::xml_node root = doc.child("referee-save");
    g.scenario = root.attribute("scenario").value();
    auto rec = [&](pugi::xml_node n) {
        Rec r;
        r.name = n.name();
        for (pugi::xml_attribute at : n.attributes()) r.attrs.emplace_back(at.name(), at.value());
        r.line = static_cast<std::uint32_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(n.offset_debug()), '\n') + 1);
        return r;
    };
    for (pugi::xml_node n : root.children()) {
        if (n.type() != pugi::node_element || std::string(n.name()) == "snapshot") continue;
        if (std::string(n.name()) == "log") {
            for (pugi::xml_node c : n.children())
                if (c.type() == pugi::node_element) g.log.push_back(rec(c));
        } else {
            g.header.push_back(rec(n));
        }
    }
    return g;
}

std::string escape(const std::string& v) {
    std::string s;
    for (char c : v) {
        switch (c) {
            case '&': s += "&amp;"; break;
            case '<': s += "&lt;"; break;
            case '>': s += "&gt;"; break;
            case '"': s += "&quot;"; break;
            default: s += c;
        }
    }
    return s;
}

std::string element(const Rec& r) {
    std::string s = "<" + r.name;
    for (const auto& [k, v] : r.attrs) s += " " + k + "=\"" + escape(v) + "\"";
    return s + "/>\n";
}

// The save: the game's header, its log up to `cut` records, and `snapshot` (empty: none).
std::string save_text(const GameRecords& g, std::size_t cut, const std::string& snapshot) {
    std::string s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<referee-save format=\"1\" scenario=\"" + escape(g.scenario) + "\">\n";
    for (const Rec& r : g.header) s += element(r);
    s += "<log>\n";
    for (std::size_t i = 0; i < cut; ++i) s += element(g.log[i]);
    return s + "</log>\n" + snapshot + "</referee-save>\n";
}

// --- the honest program: where the game is ---------------------------------------------------------

// A family's sequence of play, as its rules give it: each step's side (a side's name, "" for a phase
// of no side, "*" for the side whose game-turn it is) and phase, and the first turn it is in force.
struct Step {
    std::string side, phase;
    int first_turn = 1;
};
struct Sequence {
    std::vector<Step> steps;
    bool alternating = false;
    std::vector<std::string> sides;  // alternating: in order, the first mover first
    int turns = 0;                   // the last game-turn; 0: none
};

std::optional<std::string> header_value(const GameRecords& g, const std::string& rec, const std::string& name) {
    for (const Rec& r : g.header)
        if (r.name == rec && r.get("name") && lower(*r.get("name")) == name) return r.get("value") ? *r.get("value") : std::string();
    return std::nullopt;
}

Sequence sequence_of(const std::string& family, const GameRecords& g, const Scenario& scenario) {
    Sequence q;
    auto bg = [&](const std::string& first, const std::string& second, int turns, int first_from) {
        q.steps = {{first, "movement", first_from}, {first, "combat", first_from}, {second, "movement", 1}, {second, "combat", 1}};
        q.turns = turns;
    };
    if (family == "maryes-heights") {  // G6: the Union first, unless first-player says otherwise
        const bool confederate = lower(header_value(g, "param", "first-player").value_or("Union")) == "confederate";
        bg(confederate ? "Confederate" : "Union", confederate ? "Union" : "Confederate", 11, 1);
    } else if (family == "road-to-richmond") {  // G6: the Confederates first; twenty game-turns
        bg("Confederate", "Union", 20, 1);
    } else if (family == "cemetery-hill") {  // 14.1, C1: no Union player-turn on turn 1; fifteen game-turns
        bg("Union", "Confederate", 15, 2);
    } else if (family == "cnc-napoleonics") {  // each game-turn is one side's; the side of the first phase record moves first
        for (const char* p : {"command", "order", "movement", "combat", "draw"}) q.steps.push_back({"*", p, 1});
        q.alternating = true;
        for (const Rec& r : g.header)
            if (r.name == "side") q.sides.push_back(*r.get("name"));
        // A battle's own scenario file may name the sides itself (no `side` records in the game).
        if (q.sides.empty()) q.sides = scenario.sides;
        if (q.sides.size() != 2) {
            ADD_FAILURE() << "an alternating game needs two sides, it has " << q.sides.size();
            return q;
        }
        for (const Rec& r : g.log)
            if (r.name == "phase" && r.get("side")) {
                if (lower(*r.get("side")) != lower(q.sides.front())) std::swap(q.sides[0], q.sides[1]);
                break;
            }
    } else if (family == "liberty-or-death") {  // the Winter Quarters round, phases of no side; its rounds by scenario
        for (const char* p : {"victory-check", "supply", "resources", "support", "redeployment", "desertion", "reset"}) q.steps.push_back({"", p, 1});
        const std::string& id = g.scenario;
        q.turns = id == "liberty-or-death-1775" ? 6 : id == "liberty-or-death-1776" ? 4 : 3;
        if (const auto wq = header_value(g, "param", "winter-quarters")) q.turns = std::stoi(*wq);
    } else {
        ADD_FAILURE() << "no sequence of play for the family " << family;
    }
    return q;
}

struct Point {
    int turn = 0;
    int step = -1;
};

class Tool {
public:
    Tool(const Sequence& q) : q_(q) {}

    std::string side_of(const Point& p) const {
        const std::string& s = q_.steps[static_cast<std::size_t>(p.step)].side;
        return s == "*" ? q_.sides[static_cast<std::size_t>(p.turn - 1) % q_.sides.size()] : s;
    }
    // The snapshot's attributes for a point.
    std::string when(const Point& p) const {
        std::string s = p.turn > 0 ? "turn=\"" + std::to_string(p.turn) + "\"" : "";
        if (p.step >= 0) {
            const std::string side = side_of(p);
            s += " phase=\"" + escape(side.empty() ? q_.steps[static_cast<std::size_t>(p.step)].phase : side + " " + q_.steps[static_cast<std::size_t>(p.step)].phase) + "\"";
        }
        return s;
    }
    bool in_force(std::size_t i, int turn) const { return turn >= q_.steps[i].first_turn; }
    // The step that begins next, if any.
    std::optional<Point> next(const Point& p) const {
        for (std::size_t i = static_cast<std::size_t>(p.step + 1); i < q_.steps.size(); ++i)
            if (in_force(i, p.turn)) return Point{p.turn, static_cast<int>(i)};
        if (q_.turns > 0 && p.turn >= q_.turns) return std::nullopt;
        for (std::size_t i = 0; i < q_.steps.size(); ++i)
            if (in_force(i, p.turn + 1)) return Point{p.turn + 1, static_cast<int>(i)};
        return std::nullopt;
    }
    void apply(const Rec& r) {
        if (r.name == "turn") {
            now_ = Point{std::stoi(*r.get("n")), -1};
        } else if (r.name == "phase" && now_.turn > 0) {
            const std::string side = r.get("side") ? lower(*r.get("side")) : "";
            const std::string name = lower(*r.get("name"));
            // As the engine finds it: the next step with that side and phase in force this turn,
            // at or after the current one; else (a phase out of order) the first with them.
            int found = -1, anywhere = -1;
            for (std::size_t i = 0; i < q_.steps.size(); ++i) {
                if (lower(q_.steps[i].phase) != name || lower(side_of(Point{now_.turn, static_cast<int>(i)})) != side) continue;
                if (anywhere < 0) anywhere = static_cast<int>(i);
                if (in_force(i, now_.turn) && static_cast<int>(i) >= now_.step) {
                    found = static_cast<int>(i);
                    break;
                }
            }
            if (found < 0) found = anywhere;
            if (found >= 0) now_.step = found;
        }
    }
    const Point& now() const { return now_; }

private:
    const Sequence& q_;
    Point now_;
};

// --- the honest program: where the units are -------------------------------------------------------

struct UnitState {
    std::string status = "off-map", at;
    std::int64_t strength = 0;
};

class Units {
public:
    Units(const Scenario* s, const GameRecords& g) : s_(s) {
        bool custom = false;
        for (const Rec& r : g.header)
            if (r.name == "setup" && r.get("mode") && lower(*r.get("mode")) == "custom") custom = true;
        if (s && !custom)
            for (const UnitDef& u : s->units) declare(u.id, u.strength, u.at != kNoLoc ? s->map.name(u.at) : "");
        for (const Rec& r : g.header)
            if (r.name == "unit") declare(*r.get("id"), std::stoll(*r.get("strength")), r.get("at") ? *r.get("at") : "");
    }
    bool known(const std::string& loc) const { return s_ && s_->map.find(loc) != kNoLoc; }
    void apply(const Rec& r) {
        const std::string* id = r.get("unit");
        if (!id || !units_.contains(*id)) return;
        UnitState& u = units_[*id];
        const bool on = u.status == "on-map";
        if (r.name == "move" || r.name == "advance" || r.name == "retreat") {
            std::vector<std::string> path;
            std::istringstream in(*r.get("path"));
            for (std::string l; in >> l;) path.push_back(l);
            if (!on || path.empty() || !std::all_of(path.begin(), path.end(), [&](const std::string& l) { return known(l); })) return;
            u.at = path.back();
            if (r.name == "retreat" && r.get("off") && *r.get("off") == "true") eliminate(u);  // M3, C5: eliminated
        } else if (r.name == "enter") {
            if (u.status == "off-map" && known(*r.get("at"))) {
                u.status = "on-map";
                u.at = *r.get("at");
            }
        } else if (r.name == "exit") {
            if (on && known(*r.get("at"))) {
                u.status = "exited";
                u.at = *r.get("at");
            }
        } else if (r.name == "eliminate") {
            if (on) eliminate(u);
        } else if (r.name == "lose") {
            const std::int64_t n = std::stoll(*r.get("n"));
            if (!on || n <= 0) return;
            u.strength -= std::min(n, u.strength);
            if (u.strength == 0) eliminate(u);
        }
    }
    // Every unit as the snapshot states it; `tamper`: the first unit on the map one strength point stronger.
    std::string elements(bool tamper) const {
        std::string s;
        for (const std::string& id : order_) {
            const UnitState& u = units_.at(id);
            s += "<unit id=\"" + escape(id) + "\" status=\"" + u.status + "\"";
            if (u.status == "on-map" || u.status == "exited") s += " at=\"" + escape(u.at) + "\"";
            if (u.status == "on-map") {
                s += " strength=\"" + std::to_string(u.strength + (tamper ? 1 : 0)) + "\"";
                tamper = false;
            }
            s += "/>\n";
        }
        return s;
    }
    bool any_on_map() const {
        return std::any_of(units_.begin(), units_.end(), [](const auto& u) { return u.second.status == "on-map"; });
    }

private:
    void declare(const std::string& id, std::int64_t strength, const std::string& at) {
        if (!units_.contains(id)) order_.push_back(id);
        units_[id] = UnitState{at.empty() ? "off-map" : "on-map", at, strength};
    }
    static void eliminate(UnitState& u) {
        u.status = "eliminated";
        u.strength = 0;
        u.at.clear();
    }
    const Scenario* s_;
    std::map<std::string, UnitState> units_;
    std::vector<std::string> order_;
};

std::string scores(const Report& r, bool tamper) {
    std::string s;
    for (const SideScore& sc : r.scores) {
        s += "<score side=\"" + escape(sc.side) + "\" value=\"" + std::to_string(sc.total + (tamper ? 1 : 0)) + "\"/>\n";
        tamper = false;
    }
    return s;
}

std::string snapshot(const std::string& when, const std::string& body) { return "<snapshot " + when + ">\n" + body + "</snapshot>\n"; }

std::vector<std::string> games() {
    std::vector<std::string> out;
    for (const auto& dir : fs::directory_iterator(fs::path(REFEREE_SOURCE_DIR) / "samples")) {
        // expected/: reports; scenarios/: scenario files; vassal/: VASSAL games with their modules and bindings
        const auto family = dir.path().filename();
        if (!dir.is_directory() || family == "expected" || family == "scenarios" || family == "vassal") continue;
        for (const auto& f : fs::directory_iterator(dir.path()))
            if (f.path().extension() == ".log" || f.path().extension() == ".xml")
                out.push_back(fs::relative(f.path(), REFEREE_SOURCE_DIR).string());
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace

class HonestSave : public ::testing::TestWithParam<std::string> {};

TEST_P(HonestSave, AtEveryRecordBoundaryPassesItsOwnSnapshot) {
    fs::current_path(REFEREE_SOURCE_DIR);
    const std::string sample = GetParam();
    const std::string family = fs::path(sample).parent_path().filename().string();
    const Report whole = check_file(sample, referee::test::sample_options());
    if (!whole.judged) GTEST_SKIP() << sample << " cannot be judged (its report says why): no save of it can be";
    const std::string text = read(sample);
    const GameRecords g = fs::path(sample).extension() == ".xml" ? read_save(text) : read_log(text);
    if (g.log.empty()) GTEST_SKIP() << sample << " has no log to cut";
    const ScenarioLoad load = load_scenario(g.scenario.ends_with(".xml") ? referee::test::kSampleScenarios + "/" + g.scenario : g.scenario);
    ASSERT_TRUE(load.scenario) << sample << ": " << g.scenario;
    const Sequence q = sequence_of(family, g, *load.scenario);
    // A program that knows the rules stops where the game ended (G3).
    const std::uint32_t stop = whole.complete && whole.result.line ? *whole.result.line : UINT32_MAX;
    Tool tool(q);
    Units units(&*load.scenario, g);
    int honest = 0, caught = 0;
    for (std::size_t cut = 1; cut <= g.log.size(); ++cut) {
        const Rec& last = g.log[cut - 1];
        if (last.line <= stop) {
            tool.apply(last);
            units.apply(last);
        }
        const Report plain = check_text(save_text(g, cut, ""), sample, referee::test::sample_options());
        ASSERT_TRUE(plain.judged) << sample << " cut after line " << last.line << dump(plain);
        const Point now = tool.now();
        const std::optional<Point> next = tool.next(now);
        std::vector<Point> points{now};
        if (next) points.push_back(*next);
        for (const Point& p : points) {
            const std::string save = save_text(g, cut, snapshot(tool.when(p), units.elements(false) + scores(plain, false)));
            const Report r = check_text(save, sample, referee::test::sample_options());
            ++honest;
            EXPECT_EQ(count_code(r, "snapshot-mismatch"), 0)
                << sample << ": the save made after line " << last.line << " (" << tool.when(p) << ") is called tampered" << dump(r);
        }
        // Tampered: a step two on (or a game-turn two on), and a unit or a score changed.
        const std::optional<Point> two_on = next ? tool.next(*next) : std::nullopt;
        const std::string wrong_when = two_on ? tool.when(*two_on) : "turn=\"" + std::to_string(now.turn + 2) + "\"";
        const std::string changed_units = units.elements(cut % 2 == 0 && units.any_on_map());
        const std::string changed_scores = scores(plain, !(cut % 2 == 0 && units.any_on_map()));
        for (const std::string& save : {save_text(g, cut, snapshot(wrong_when, units.elements(false) + scores(plain, false))),
                                        save_text(g, cut, snapshot(tool.when(now), changed_units + changed_scores))}) {
            const Report r = check_text(save, sample, referee::test::sample_options());
            ++caught;
            EXPECT_GE(count_code(r, "snapshot-mismatch"), 1) << sample << ": a tampered save after line " << last.line << " passes" << dump(r);
        }
    }
    EXPECT_GT(honest, 0);
    EXPECT_GT(caught, 0);
}

INSTANTIATE_TEST_SUITE_P(Samples, HonestSave, ::testing::ValuesIn(games()), [](const ::testing::TestParamInfo<std::string>& info) {
    std::string n = info.param;
    for (char& c : n)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return n;
});

TEST(HonestSave, EveryFamilyHasAGameToCut) {
    std::map<std::string, int> per_family;
    for (const std::string& s : games()) ++per_family[fs::path(s).parent_path().filename().string()];
    for (const char* f : {"maryes-heights", "road-to-richmond", "cemetery-hill", "cnc-napoleonics", "liberty-or-death"})
        EXPECT_GT(per_family[f], 0) << f;
}
