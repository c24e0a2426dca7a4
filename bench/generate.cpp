// The game generator of the benchmarks: see generate.hpp for what a generated game is.
#include "generate.hpp"

#include "scenario.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>

namespace referee::bench {

const std::vector<Family>& all_families() {
    static const std::vector<Family> v = {Family::MaryesHeights, Family::RoadToRichmond, Family::CemeteryHill,
                                          Family::CncNapoleonics, Family::LibertyOrDeath1775};
    return v;
}

std::string_view family_id(Family f) {
    switch (f) {
        case Family::MaryesHeights: return "maryes-heights";
        case Family::RoadToRichmond: return "road-to-richmond";
        case Family::CemeteryHill: return "cemetery-hill";
        case Family::CncNapoleonics: return "cnc-napoleonics";
        case Family::LibertyOrDeath1775: return "liberty-or-death-1775";
    }
    return "";
}

bool family_from_id(std::string_view id, Family& out) {
    for (Family f : all_families())
        if (family_id(f) == id) {
            out = f;
            return true;
        }
    return false;
}

namespace {

using sv = std::string_view;

// splitmix64: the same sequence on every platform (std's distributions are not).
class Rng {
public:
    explicit Rng(std::uint64_t seed) : s_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }  // 0 .. n-1
    int range(int lo, int hi) { return lo + below(hi - lo + 1); }                           // lo .. hi
    bool chance(int percent) { return below(100) < percent; }
    template <class T> const T& pick(const std::vector<T>& v) { return v[static_cast<std::size_t>(below(static_cast<int>(v.size())))]; }

private:
    std::uint64_t s_;
};

// ---------------------------------------------------------------------------------------------
// The two writers: one call per record, the same calls for both formats.

struct SnapUnit {
    std::string id;
    bool eliminated = false;
    std::string at;
    int strength = 0;
};
struct SnapshotOut {
    int turn = 0;
    std::string phase;  // "Union combat"
    std::vector<SnapUnit> units;
};

class Writer {
public:
    virtual ~Writer() = default;
    std::size_t records = 0;
    std::string out;

    virtual void game(sv scenario) = 0;
    virtual void tag(sv name, sv value) = 0;
    virtual void side(sv name) = 0;
    virtual void player(sv side, sv name) = 0;
    virtual void param(sv name, sv value) = 0;
    virtual void setup_custom() = 0;
    virtual void unit(sv id, sv side, sv type, int strength, sv at) = 0;  // at empty: off the map
    virtual void objective(sv kind, sv side, sv loc) = 0;
    virtual void begin_log() = 0;
    virtual void turn(int n) = 0;
    virtual void phase(sv side, sv name) = 0;  // side empty: a phase of no side
    virtual void path(sv keyword, sv unit, std::span<const sv> path) = 0;  // move, retreat, advance
    virtual void enter(sv unit, sv at) = 0;
    virtual void eliminate(sv unit) = 0;
    virtual void lose(sv unit, int n) = 0;
    virtual void combat(std::span<const sv> att, std::span<const sv> def, sv odds, std::span<const int> rolls, sv result) = 0;
    virtual void roll(sv dice, std::span<const int> values) = 0;
    virtual void chat(sv speaker, sv text) = 0;
    virtual void support(sv space, sv level) = 0;
    virtual void place(sv faction, sv piece, sv space, int count) = 0;
    virtual void remove(sv faction, sv piece, sv space, int count, bool casualty) = 0;
    virtual void casualty(sv faction, sv piece, int count) = 0;
    virtual void blockade(sv city, bool on) = 0;
    virtual void card(int id, sv title) = 0;
    virtual void track(sv name, int value) = 0;
    virtual void end() = 0;
    virtual void finish(const SnapshotOut* snap) = 0;

protected:
    template <class... A> void put(fmt::format_string<A...> f, A&&... a) { fmt::format_to(std::back_inserter(out), f, std::forward<A>(a)...); }
};

class LogWriter final : public Writer {
public:
    void game(sv s) override { line("game {}", q(s)); }
    void tag(sv n, sv v) override { line("tag {} {}", q(n), q(v)); }
    void side(sv n) override { line("side {}", q(n)); }
    void player(sv s, sv n) override { line("player {} {}", q(s), q(n)); }
    void param(sv n, sv v) override { line("param {} {}", q(n), q(v)); }
    void setup_custom() override { line("setup custom"); }
    void unit(sv id, sv s, sv type, int strength, sv at) override {
        if (at.empty()) line("unit {} {} {} {}", q(id), q(s), type, strength);
        else line("unit {} {} {} {} at {}", q(id), q(s), type, strength, q(at));
    }
    void objective(sv kind, sv s, sv loc) override { line("objective {} {} {}", kind, q(s), q(loc)); }
    void begin_log() override { out += '\n'; }
    void turn(int n) override {
        out += '\n';
        line("turn {}", n);
    }
    void phase(sv s, sv n) override {
        if (s.empty()) line("phase {}", n);
        else line("phase {} {}", q(s), n);
    }
    void path(sv kw, sv u, std::span<const sv> p) override {
        put("{} {}", kw, q(u));
        for (sv l : p) put(" {}", q(l));
        nl();
    }
    void enter(sv u, sv at) override { line("enter {} {}", q(u), q(at)); }
    void eliminate(sv u) override { line("eliminate {}", q(u)); }
    void lose(sv u, int n) override { line("lose {} {}", q(u), n); }
    void combat(std::span<const sv> att, std::span<const sv> def, sv odds, std::span<const int> rolls, sv result) override {
        out += "combat ";
        list(att, ',');
        out += " vs ";
        list(def, ',');
        if (!odds.empty()) put(" odds {}", odds);
        if (!rolls.empty()) {
            out += " roll";
            for (int v : rolls) put(" {}", v);
        }
        if (!result.empty()) put(" result {}", result);
        nl();
    }
    void roll(sv dice, std::span<const int> values) override {
        put("roll {}", dice);
        for (int v : values) put(" {}", v);
        nl();
    }
    void chat(sv sp, sv t) override { line("chat {} {}", q(sp), q(t)); }
    void support(sv sp, sv lv) override { line("support {} {}", q(sp), lv); }
    void place(sv f, sv p, sv sp, int n) override { line("place {} {} {} {}", f, p, q(sp), n); }
    void remove(sv f, sv p, sv sp, int n, bool cas) override { line("remove {} {} {} {}{}", f, p, q(sp), n, cas ? " casualty" : ""); }
    void casualty(sv f, sv p, int n) override { line("casualty {} {} {}", f, p, n); }
    void blockade(sv c, bool on) override { line("{} {}", on ? "blockade" : "unblockade", q(c)); }
    void card(int id, sv t) override { line("card {} {}", id, q(t)); }
    void track(sv n, int v) override { line("track {} {}", n, v); }
    void end() override { line("end"); }
    void finish(const SnapshotOut*) override {}

private:
    template <class... A> void line(fmt::format_string<A...> f, A&&... a) {
        put(f, std::forward<A>(a)...);
        nl();
    }
    void nl() {
        out += '\n';
        ++records;
    }
    // A WORD, or a STRING when it holds a space, a tab, '#' or '"'.
    static std::string q(sv s) {
        if (!s.empty() && s.find_first_of(" \t#\"\\") == sv::npos) return std::string(s);
        std::string r = "\"";
        for (char c : s) {
            if (c == '"' || c == '\\') r += '\\';
            r += c;
        }
        r += '"';
        return r;
    }
    void list(std::span<const sv> v, char sep) {
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (i) out += sep;
            out += v[i];
        }
    }
};

class XmlWriter final : public Writer {
public:
    void game(sv s) override {
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
        put("<referee-save format=\"1\" scenario=\"{}\">\n", e(s));
        ++records;
        indent_ = "  ";
    }
    void tag(sv n, sv v) override { el("tag", {{"name", n}, {"value", v}}); }
    void side(sv n) override { el("side", {{"name", n}}); }
    void player(sv s, sv n) override { el("player", {{"side", s}, {"name", n}}); }
    void param(sv n, sv v) override { el("param", {{"name", n}, {"value", v}}); }
    void setup_custom() override { el("setup", {{"mode", "custom"}}); }
    void unit(sv id, sv s, sv type, int strength, sv at) override {
        const std::string st = std::to_string(strength);
        if (at.empty()) el("unit", {{"id", id}, {"side", s}, {"type", type}, {"strength", st}});
        else el("unit", {{"id", id}, {"side", s}, {"type", type}, {"strength", st}, {"at", at}});
    }
    void objective(sv kind, sv s, sv loc) override { el("objective", {{"kind", kind}, {"side", s}, {"locs", loc}}); }
    void begin_log() override {
        out += "  <log>\n";
        indent_ = "    ";
    }
    void turn(int n) override { el("turn", {{"n", std::to_string(n)}}); }
    void phase(sv s, sv n) override {
        if (s.empty()) el("phase", {{"name", n}});
        else el("phase", {{"side", s}, {"name", n}});
    }
    void path(sv kw, sv u, std::span<const sv> p) override { el(kw, {{"unit", u}, {"path", join(p, ' ')}}); }
    void enter(sv u, sv at) override { el("enter", {{"unit", u}, {"at", at}}); }
    void eliminate(sv u) override { el("eliminate", {{"unit", u}}); }
    void lose(sv u, int n) override { el("lose", {{"unit", u}, {"n", std::to_string(n)}}); }
    void combat(std::span<const sv> att, std::span<const sv> def, sv odds, std::span<const int> rolls, sv result) override {
        std::string r;
        for (int v : rolls) r += (r.empty() ? "" : " ") + std::to_string(v);
        std::vector<std::pair<sv, std::string>> a = {{"attackers", join(att, ',')}, {"defenders", join(def, ',')}};
        if (!odds.empty()) a.emplace_back("odds", std::string(odds));
        if (!rolls.empty()) a.emplace_back("roll", r);
        if (!result.empty()) a.emplace_back("result", std::string(result));
        el2("combat", a);
    }
    void roll(sv dice, std::span<const int> values) override {
        std::string r;
        for (int v : values) r += (r.empty() ? "" : " ") + std::to_string(v);
        el("roll", {{"dice", dice}, {"values", r}});
    }
    void chat(sv sp, sv t) override { el("chat", {{"speaker", sp}, {"text", t}}); }
    void support(sv sp, sv lv) override { el("support", {{"space", sp}, {"level", lv}}); }
    void place(sv f, sv p, sv sp, int n) override { el("place", {{"faction", f}, {"piece", p}, {"space", sp}, {"count", std::to_string(n)}}); }
    void remove(sv f, sv p, sv sp, int n, bool cas) override {
        if (cas) el("remove", {{"faction", f}, {"piece", p}, {"space", sp}, {"count", std::to_string(n)}, {"casualty", "true"}});
        else el("remove", {{"faction", f}, {"piece", p}, {"space", sp}, {"count", std::to_string(n)}});
    }
    void casualty(sv f, sv p, int n) override { el("casualty", {{"faction", f}, {"piece", p}, {"count", std::to_string(n)}}); }
    void blockade(sv c, bool on) override { el(on ? "blockade" : "unblockade", {{"city", c}}); }
    void card(int id, sv t) override { el("card", {{"id", std::to_string(id)}, {"title", t}}); }
    void track(sv n, int v) override { el("track", {{"name", n}, {"value", std::to_string(v)}}); }
    void end() override { el("end", {}); }
    void finish(const SnapshotOut* snap) override {
        out += "  </log>\n";
        if (snap) {
            put("  <snapshot turn=\"{}\" phase=\"{}\">\n", snap->turn, e(snap->phase));
            for (const SnapUnit& u : snap->units) {
                if (u.eliminated) put("    <unit id=\"{}\" status=\"eliminated\"/>\n", e(u.id));
                else put("    <unit id=\"{}\" status=\"on-map\" at=\"{}\" strength=\"{}\"/>\n", e(u.id), e(u.at), u.strength);
            }
            out += "  </snapshot>\n";
        }
        out += "</referee-save>\n";
    }

private:
    std::string indent_;
    struct Attr {
        sv name;
        sv value;
    };
    void el(sv name, std::initializer_list<Attr> attrs) {
        out += indent_;
        out += '<';
        out += name;
        for (const Attr& a : attrs) put(" {}=\"{}\"", a.name, e(a.value));
        out += "/>\n";
        ++records;
    }
    void el2(sv name, const std::vector<std::pair<sv, std::string>>& attrs) {
        out += indent_;
        out += '<';
        out += name;
        for (const auto& [n, v] : attrs) put(" {}=\"{}\"", n, e(v));
        out += "/>\n";
        ++records;
    }
    static std::string join(std::span<const sv> v, char sep) {
        std::string r;
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (i) r += sep;
            r += v[i];
        }
        return r;
    }
    static std::string e(sv s) {
        if (s.find_first_of("&<>\"") == sv::npos) return std::string(s);
        std::string r;
        for (char c : s) {
            switch (c) {
                case '&': r += "&amp;"; break;
                case '<': r += "&lt;"; break;
                case '>': r += "&gt;"; break;
                case '"': r += "&quot;"; break;
                default: r += c;
            }
        }
        return r;
    }
};

const Scenario& scenario_of(Family f) {
    static std::array<std::optional<Scenario>, 5> cache;
    auto& slot = cache[static_cast<std::size_t>(f)];
    if (!slot) {
        ScenarioLoad load = load_scenario(family_id(f));
        if (!load.scenario) throw std::runtime_error("cannot load built-in scenario " + std::string(family_id(f)));
        slot = std::move(*load.scenario);
    }
    return *slot;
}

// ---------------------------------------------------------------------------------------------
// Hex games.

class HexGame {
public:
    HexGame(Family f, std::size_t target, Writer& w, std::uint64_t seed)
        : f_(f), s_(scenario_of(f)), m_(s_.map), target_(target), w_(w), rng_(seed) {}

    void run();

private:
    enum class St : std::uint8_t { Off, On, Dead };
    struct U {
        std::string id;
        int side = 0;
        std::string type;
        int strength = 0;
        LocId loc = kNoLoc;
        St st = St::Off;
        std::size_t slot = 0;  // index in on_[side] while on the map
    };

    Family f_;
    const Scenario& s_;
    const Map& m_;
    std::size_t target_;
    Writer& w_;
    Rng rng_;
    bool cnc_ = false;
    std::vector<std::string> sides_;
    std::vector<std::vector<LocId>> region_;       // per side: its hexes
    std::vector<std::vector<std::uint8_t>> in_;    // per side, per LocId: in its region
    std::vector<std::vector<int>> occ_;            // per side, per LocId: its units there
    std::vector<U> units_;
    std::vector<std::vector<int>> on_;             // per side: units on the map
    std::vector<std::vector<int>> reserve_;        // per side: units off the map, not yet entered
    std::vector<int> pending_;                     // per side: eliminated units to replace
    std::vector<long> lost_;                       // per side: SP lost so far
    std::vector<std::string> players_;
    int last_turn_ = 0;
    std::string last_phase_;
    int phase_losses_ = 0;  // SP lost in the current combat phase
    int phase_cap_ = 0;     // at most this many (see loss_cap)
    static int loss_cap(std::size_t phase_records) { return static_cast<int>(std::clamp<std::size_t>(phase_records / 10, 1, 10)); }

    sv name(LocId l) const { return m_.name(l); }
    void header(std::size_t max_losses);
    void place_unit(int u, LocId l);
    void take_off(int u);
    LocId free_hex(int side);
    bool walk(int u, int steps, std::vector<LocId>& path);
    void emit_path(sv kw, int u, const std::vector<LocId>& path);
    void movement(int side, std::size_t until);
    void combat_phase(int side, std::size_t until);
    void one_combat(int side, bool single_records_only);
    void take_loss(int u);
    int loser_side() const;
};

void HexGame::place_unit(int u, LocId l) {
    U& x = units_[static_cast<std::size_t>(u)];
    x.loc = l;
    ++occ_[static_cast<std::size_t>(x.side)][static_cast<std::size_t>(l)];
    if (x.st != St::On) {
        x.st = St::On;
        x.slot = on_[static_cast<std::size_t>(x.side)].size();
        on_[static_cast<std::size_t>(x.side)].push_back(u);
    }
}

void HexGame::take_off(int u) {
    U& x = units_[static_cast<std::size_t>(u)];
    --occ_[static_cast<std::size_t>(x.side)][static_cast<std::size_t>(x.loc)];
    auto& v = on_[static_cast<std::size_t>(x.side)];
    const int last = v.back();
    v[x.slot] = last;
    units_[static_cast<std::size_t>(last)].slot = x.slot;
    v.pop_back();
    x.st = St::Dead;
}

LocId HexGame::free_hex(int side) {
    const auto& reg = region_[static_cast<std::size_t>(side)];
    for (int tries = 0; tries < 64; ++tries) {
        const LocId l = rng_.pick(reg);
        if (occ_[static_cast<std::size_t>(side)][static_cast<std::size_t>(l)] == 0) return l;
    }
    for (LocId l : reg)
        if (occ_[static_cast<std::size_t>(side)][static_cast<std::size_t>(l)] == 0) return l;
    return kNoLoc;
}

// A random walk of `steps` steps from the unit's hex inside its side's region, not turning straight
// back, ending on a hex without a unit of its side.
bool HexGame::walk(int u, int steps, std::vector<LocId>& path) {
    const U& x = units_[static_cast<std::size_t>(u)];
    const auto& in = in_[static_cast<std::size_t>(x.side)];
    const auto& occ = occ_[static_cast<std::size_t>(x.side)];
    for (int tries = 0; tries < 6; ++tries) {
        path.assign(1, x.loc);
        bool ok = true;
        for (int i = 0; i < steps && ok; ++i) {
            const LocId at = path.back();
            const LocId prev = path.size() > 1 ? path[path.size() - 2] : kNoLoc;
            LocId cand[6];
            int n = 0;
            for (LocId nb : m_.neighbours(at))
                if (in[static_cast<std::size_t>(nb)] && nb != prev && n < 6) cand[n++] = nb;
            if (n == 0) ok = false;
            else path.push_back(cand[rng_.below(n)]);
        }
        if (ok && path.back() != x.loc && occ[static_cast<std::size_t>(path.back())] == 0) return true;
    }
    return false;
}

void HexGame::emit_path(sv kw, int u, const std::vector<LocId>& path) {
    sv p[8];
    for (std::size_t i = 0; i < path.size(); ++i) p[i] = name(path[i]);
    w_.path(kw, units_[static_cast<std::size_t>(u)].id, std::span<const sv>(p, path.size()));
    U& x = units_[static_cast<std::size_t>(u)];
    --occ_[static_cast<std::size_t>(x.side)][static_cast<std::size_t>(x.loc)];
    x.loc = path.back();
    ++occ_[static_cast<std::size_t>(x.side)][static_cast<std::size_t>(x.loc)];
}

// The side that takes the next loss: the one that has lost fewer SP (ties: the second side), so
// the elimination points of the two sides never differ by more than one SP.
int HexGame::loser_side() const { return lost_[0] < lost_[1] ? 0 : 1; }

void HexGame::take_loss(int u) {
    U& x = units_[static_cast<std::size_t>(u)];
    ++lost_[static_cast<std::size_t>(x.side)];
    ++phase_losses_;
    if (x.strength > 1) {
        w_.lose(x.id, 1);
        --x.strength;
        return;
    }
    // The last SP: eliminated (by `eliminate`, or in C&C by the hit that takes its last block).
    if (cnc_) w_.lose(x.id, 1);
    else w_.eliminate(x.id);
    x.strength = 0;
    take_off(u);
    ++pending_[static_cast<std::size_t>(x.side)];
}

void HexGame::movement(int side, std::size_t until) {
    const auto sd = static_cast<std::size_t>(side);
    // Replacements first: reserves enter where their side has room.
    while (pending_[sd] > 0 && !reserve_[sd].empty() && w_.records < until) {
        const LocId l = free_hex(side);
        if (l == kNoLoc) break;
        const int u = reserve_[sd].back();
        reserve_[sd].pop_back();
        --pending_[sd];
        w_.enter(units_[static_cast<std::size_t>(u)].id, name(l));
        place_unit(u, l);
    }
    std::vector<LocId> path;
    int failures = 0;
    while (w_.records < until) {
        if (on_[sd].empty() || failures > 20) {  // nothing can move: a word to the opponent instead
            w_.chat(players_[sd], "no move");
            failures = 0;
            continue;
        }
        if (rng_.chance(1)) {
            w_.chat(players_[sd], rng_.chance(50) ? "moving up" : "holding the line");
            continue;
        }
        const int u = rng_.pick(on_[sd]);
        const int steps = cnc_ ? rng_.range(1, 2) : rng_.range(1, 4);
        if (!walk(u, steps, path)) {
            ++failures;
            continue;
        }
        failures = 0;
        emit_path("move", u, path);
    }
}

void HexGame::one_combat(int side, bool single_records_only) {
    const int enemy = 1 - side;
    auto& mine = on_[static_cast<std::size_t>(side)];
    auto& theirs = on_[static_cast<std::size_t>(enemy)];
    if (single_records_only || mine.empty() || theirs.empty()) {
        const int v[2] = {rng_.range(1, 6), rng_.range(1, 6)};
        w_.roll("2d6", v);
        return;
    }
    int att[2] = {rng_.pick(mine), -1};
    if (mine.size() > 1 && rng_.chance(30)) {
        att[1] = rng_.pick(mine);
        if (att[1] == att[0]) att[1] = -1;
    }
    const int def = rng_.pick(theirs);
    sv an[2];
    int na = 0, sa = 0;
    for (int a : att)
        if (a >= 0) {
            an[na++] = units_[static_cast<std::size_t>(a)].id;
            sa += units_[static_cast<std::size_t>(a)].strength;
        }
    const sv dn[1] = {units_[static_cast<std::size_t>(def)].id};
    const int sd = units_[static_cast<std::size_t>(def)].strength;

    // What happens: a loss to the side whose turn it is to lose (about half the combats, up to
    // loss_cap SP a phase, so that the replacements keep up), or a retreat, or nothing.
    const bool loss = phase_losses_ < phase_cap_ && rng_.chance(45);
    const bool defender_loses = loss && loser_side() == enemy;
    const bool attacker_loses = loss && !defender_loses;
    const bool retreat = !attacker_loses && (rng_.chance(35) || (!cnc_ && defender_loses));
    std::vector<LocId> rpath, apath;
    if (cnc_) {
        // Commands & Colors: one die per block of the attacker (at most 4), hits by symbol.
        int rolls[4];
        const int nd = std::min(4, std::max(1, sa));
        for (int i = 0; i < nd; ++i) rolls[i] = rng_.range(1, 6);
        const char* result = defender_loses ? (retreat ? "1-hit-1-flag" : "1-hit") : retreat ? "1-flag" : "miss";
        w_.combat(std::span<const sv>(an, static_cast<std::size_t>(na)), dn, "", std::span<const int>(rolls, static_cast<std::size_t>(nd)), result);
        if (attacker_loses) {
            // The battle back: the defender's dice.
            int back[2] = {rng_.range(1, 6), rng_.range(1, 6)};
            const sv bn[1] = {dn[0]};
            const sv tn[1] = {an[0]};
            w_.combat(bn, tn, "", back, "1-hit");
            take_loss(att[0]);
            return;
        }
    } else {
        // The odds column of the combat results table: the best one the strengths reach.
        static const int cols[][2] = {{1, 3}, {1, 2}, {1, 1}, {3, 2}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}};
        int col = 0;
        for (int i = 0; i < 9; ++i)
            if (sa * cols[i][1] >= std::max(1, sd) * cols[i][0]) col = i;
        const std::string odds = fmt::format("{}:{}", cols[col][0], cols[col][1]);
        const int die[1] = {rng_.range(1, 6)};
        // De: the defender's last SP; Dr: it retreats (after losing a step, when it loses one).
        const char* result = defender_loses ? (sd <= 1 ? "De" : "Dr") : attacker_loses ? "Ar" : retreat ? "Dr" : "NE";
        w_.combat(std::span<const sv>(an, static_cast<std::size_t>(na)), dn, odds, die, result);
        if (attacker_loses) {
            take_loss(att[0]);
            if (units_[static_cast<std::size_t>(att[0])].st == St::On && walk(att[0], 1, rpath)) emit_path("retreat", att[0], rpath);
            return;
        }
    }
    if (defender_loses) take_loss(def);
    if (retreat && units_[static_cast<std::size_t>(def)].st == St::On && walk(def, rng_.range(1, 2), rpath)) {
        emit_path("retreat", def, rpath);
        if (rng_.chance(50) && walk(att[0], 1, apath)) emit_path("advance", att[0], apath);
    }
}

void HexGame::combat_phase(int side, std::size_t until) {
    phase_losses_ = 0;
    phase_cap_ = loss_cap(until > w_.records ? until - w_.records : 0);
    while (w_.records < until) one_combat(side, until - w_.records < 4);
}

void HexGame::header(std::size_t max_losses) {
    cnc_ = f_ == Family::CncNapoleonics;
    if (cnc_) sides_ = {"French", "Allies"};
    else sides_ = s_.sides;
    const std::size_t ns = 2;

    // Regions: each side its own end of the map, three columns (rows) apart.
    const bool by_row = m_.grid() == GridKind::HexRows;
    int lo = 1 << 30, hi = -(1 << 30);
    for (LocId l = 0; l < static_cast<LocId>(m_.size()); ++l) {
        const int c = by_row ? m_.row(l) : m_.column(l);
        lo = std::min(lo, c);
        hi = std::max(hi, c);
    }
    const int mid = (lo + hi) / 2;
    region_.assign(ns, {});
    in_.assign(ns, std::vector<std::uint8_t>(m_.size(), 0));
    occ_.assign(ns, std::vector<int>(m_.size(), 0));
    for (LocId l = 0; l < static_cast<LocId>(m_.size()); ++l) {
        const int c = by_row ? m_.row(l) : m_.column(l);
        const int sd = c <= mid - 2 ? 0 : c >= mid + 2 ? 1 : -1;
        if (sd < 0) continue;
        region_[static_cast<std::size_t>(sd)].push_back(l);
        in_[static_cast<std::size_t>(sd)][static_cast<std::size_t>(l)] = 1;
    }

    // Order of battle: a fixed force on the map, and reserves for the eliminations to come: a side
    // loses at most half the SP `max_losses` allows (plus one), and a unit has at least 2 SP.
    const int active = cnc_ ? 12 : 22;
    const int reserves = static_cast<int>(max_losses * 6 / 10 / 2) + 4;
    static const std::vector<std::string> confederates = {
        "Armistead", "Kershaw", "Cobb", "Toombs", "Semmes", "Barksdale", "Wright", "Mahone", "Ransom", "Perry", "Law",
        "Robertson", "Benning", "Pickett", "Early", "Rodes", "Heth", "Pender", "Anderson", "Gordon", "Hays", "Hoke",
        "Lane", "Scales", "Archer", "Davis", "Pettigrew", "Garnett", "Kemper", "Jenkins", "Wofford", "Doles"};
    static const std::vector<std::string> corps = {"I", "II", "III", "V", "VI", "IX", "XI", "XII"};
    static const char* types[] = {"infantry", "infantry", "infantry", "infantry", "cavalry", "artillery"};
    static const char* cnc_types[] = {"infantry", "infantry", "light-infantry", "cavalry", "artillery"};
    auto make_id = [&](int side, int i) -> std::string {
        if (cnc_) return side == 0 ? fmt::format("{}e-Ligne", i + 1) : fmt::format("{}th-Foot", i + 1);
        if (s_.sides[static_cast<std::size_t>(side)] == "Union") {
            const int b = i % 3 + 1, d = i / 3 % 3 + 1, c = i / 9;
            if (c < static_cast<int>(corps.size())) return fmt::format("{}/{}/{}", b, d, corps[static_cast<std::size_t>(c)]);
            return fmt::format("{}/{}/{}-{}", b, d, corps[static_cast<std::size_t>(c % 8)], c / 8);
        }
        const std::string& n = confederates[static_cast<std::size_t>(i) % confederates.size()];
        const int k = i / static_cast<int>(confederates.size());
        return k == 0 ? n : fmt::format("{}-{}", n, k + 1);
    };

    static const std::array<std::array<const char*, 2>, 5> player_names = {{
        {"C. Okafor", "D. Lindqvist"}, {"A. Novak", "E. Duarte"}, {"R. Oyelaran", "S. Brandt"}, {"E. Laroche", "D. McAllister"}, {"", ""}}};
    players_ = {player_names[static_cast<std::size_t>(f_)][0], player_names[static_cast<std::size_t>(f_)][1]};

    w_.game(family_id(f_));
    w_.tag("event", "Benchmark Open 2026");
    w_.tag("round", "1");
    if (cnc_)
        for (const auto& s : sides_) w_.side(s);
    for (std::size_t s = 0; s < ns; ++s) w_.player(sides_[s], players_[s]);
    if (f_ == Family::MaryesHeights) {
        w_.param("exit-vp", "1");
        w_.param("occupation-vp", "5");
    }
    w_.setup_custom();
    for (int s = 0; s < 2; ++s)
        for (int i = 0; i < active + reserves; ++i) {
            U u;
            u.id = make_id(s, i);
            u.side = s;
            u.type = cnc_ ? cnc_types[rng_.below(5)] : types[rng_.below(6)];
            u.strength = cnc_ ? rng_.range(2, 4) : rng_.range(3, 8);
            units_.push_back(std::move(u));
        }
    on_.assign(ns, {});
    reserve_.assign(ns, {});
    pending_.assign(ns, 0);
    lost_.assign(ns, 0);
    for (int idx = 0; idx < static_cast<int>(units_.size()); ++idx) {
        U& u = units_[static_cast<std::size_t>(idx)];
        const int i = idx % (active + reserves);
        if (i < active) {
            const LocId l = free_hex(u.side);
            place_unit(idx, l);
            w_.unit(u.id, sides_[static_cast<std::size_t>(u.side)], u.type, u.strength, name(l));
        } else {
            w_.unit(u.id, sides_[static_cast<std::size_t>(u.side)], u.type, u.strength, "");
        }
    }
    for (int s = 1; s >= 0; --s)
        for (int idx = static_cast<int>(units_.size()) - 1; idx >= 0; --idx)
            if (units_[static_cast<std::size_t>(idx)].side == s && units_[static_cast<std::size_t>(idx)].st == St::Off)
                reserve_[static_cast<std::size_t>(s)].push_back(idx);
    if (cnc_) {
        // Objectives inside each side's own half, so that its units come and go on them.
        w_.objective("temporary", sides_[0], name(region_[0][region_[0].size() / 2]));
        w_.objective("start-turn-temporary", sides_[1], name(region_[1][region_[1].size() / 2]));
    }
}

void HexGame::run() {
    // The sequence of play: the steps of each turn, with their sides.
    struct Step {
        int turn;
        int side;  // -1: none
        std::int32_t phase;
        PhaseKind kind;
    };
    // Commands & Colors has no turn limit: about 90 records a game-turn.
    const int turns = s_.turns > 0 ? s_.turns : std::max(12, static_cast<int>(target_ / 90));
    std::vector<Step> steps;
    for (int t = 1; t <= turns; ++t)
        for (const SequenceStep& st : s_.sequence) {
            if (t < st.first_turn || t > st.last_turn) continue;
            const PhaseKind k = s_.phases[static_cast<std::size_t>(st.phase)].kind;
            int side = st.side;
            if (st.side == kPhasingSide) side = (t - 1) % 2;
            if (side == kNoSide) side = -1;
            // C&C: the command and draw phases are left out (nothing in them is recorded).
            if (st.side == kPhasingSide && k == PhaseKind::Other && s_.phases[static_cast<std::size_t>(st.phase)].name != "order") continue;
            steps.push_back(Step{t, side, st.phase, k});
        }
    // The body's budget: header, one turn record per turn, one phase record per step, `end`.
    const std::size_t fixed = static_cast<std::size_t>(turns) + steps.size() + 1;
    const std::size_t body = target_ > fixed + 200 ? target_ - fixed : 200;
    double weight_sum = 0;
    auto weight = [](PhaseKind k) { return k == PhaseKind::Movement ? 3.0 : k == PhaseKind::Combat ? 2.0 : 0.1; };
    for (const Step& st : steps) weight_sum += weight(st.kind);
    // The SP the combat phases may cost (their shares of the body, as below), with a margin.
    std::size_t max_losses = 0;
    for (const Step& st : steps)
        if (st.kind == PhaseKind::Combat)
            max_losses += static_cast<std::size_t>(loss_cap(static_cast<std::size_t>(static_cast<double>(body) * 1.2 * weight(st.kind) / weight_sum)));
    header(max_losses);
    w_.begin_log();
    const std::size_t start = w_.records;
    const std::size_t total = std::max(target_, start + fixed + 100);
    const std::size_t avail = total - start - fixed;  // records for the phases' contents
    double cum = 0;
    int turn = 0;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const Step& st = steps[i];
        if (st.turn != turn) {
            turn = st.turn;
            w_.turn(turn);
        }
        const sv side = st.side >= 0 ? sv(sides_[static_cast<std::size_t>(st.side)]) : sv();
        const std::string& pname = s_.phases[static_cast<std::size_t>(st.phase)].name;
        w_.phase(side, pname);
        cum += weight(st.kind);
        // Records due by the end of this step: its share of `avail`, plus the turn and phase
        // records written so far and still to come in this turn.
        const std::size_t structural_done = static_cast<std::size_t>(turn) + i + 1;
        const std::size_t until = start + structural_done + static_cast<std::size_t>(static_cast<double>(avail) * cum / weight_sum);
        if (st.kind == PhaseKind::Movement) movement(st.side, until);
        else if (st.kind == PhaseKind::Combat) combat_phase(st.side, until);
        else
            while (w_.records < until) w_.chat(players_[static_cast<std::size_t>(st.side >= 0 ? st.side : 0)], "orders issued");
        last_turn_ = turn;
        last_phase_ = side.empty() ? pname : fmt::format("{} {}", side, pname);
    }
    w_.end();
    SnapshotOut snap;
    snap.turn = last_turn_;
    snap.phase = last_phase_;
    for (const U& u : units_) {
        if (u.st == St::Off) continue;
        snap.units.push_back(SnapUnit{u.id, u.st == St::Dead, u.st == St::On ? std::string(name(u.loc)) : std::string(), u.strength});
    }
    w_.finish(&snap);
}

// ---------------------------------------------------------------------------------------------
// Liberty or Death.

class LodGame {
public:
    LodGame(std::size_t target, Writer& w, std::uint64_t seed) : s_(scenario_of(Family::LibertyOrDeath1775)), m_(s_.map), target_(target), w_(w), rng_(seed) {}
    void run();

private:
    const Scenario& s_;
    const Map& m_;
    std::size_t target_;
    Writer& w_;
    Rng rng_;
    // The position the generator keeps: support levels, blockades, pieces.
    std::vector<int> level_;
    std::vector<std::uint8_t> blockaded_;
    std::vector<std::array<std::array<int, 7>, 4>> pieces_;  // [space][faction][piece]
    std::vector<LocId> populated_, cities_, spaces_;
    bool treaty_ = false;
    int fni_ = 0;
    std::vector<int> faction_;  // British, Patriots, French, Indians: SideIds

    int total(bool support) const {
        int t = 0;
        for (LocId l = 0; l < static_cast<LocId>(level_.size()); ++l) {
            const int lv = level_[static_cast<std::size_t>(l)];
            const int pop = blockaded_[static_cast<std::size_t>(l)] ? 0 : s_.spaces[static_cast<std::size_t>(l)].population;
            if (support ? lv > 0 : lv < 0) t += pop * std::abs(lv);
        }
        return t;
    }
    bool balanced() const { return std::abs(total(true) - total(false)) <= 10; }
    void shift_support();
    void piece_action(bool allow_casualty);
    void blockade_action();
    void card_play();
};

static const char* kLevels[] = {"active-opposition", "passive-opposition", "neutral", "passive-support", "active-support"};
static const char* kPieceNames[] = {"regular", "tory", "continental", "militia", "war-party", "village", "fort"};

// One support shift of one level in a populated space, kept when |Support - Opposition| <= 10.
void LodGame::shift_support() {
    for (int tries = 0; tries < 8; ++tries) {
        const LocId l = rng_.pick(populated_);
        int& lv = level_[static_cast<std::size_t>(l)];
        const int old = lv;
        const int nl = std::clamp(old + (rng_.chance(50) ? 1 : -1), -2, 2);
        if (nl == old) continue;
        lv = nl;
        if (!balanced()) {
            lv = old;
            continue;
        }
        w_.support(m_.name(l), kLevels[nl + 2]);
        return;
    }
    w_.track("fni", fni_);
}

// A faction places pieces, or removes some (to the Casualties box when they count there).
void LodGame::piece_action(bool allow_casualty) {
    const int fi = rng_.below(4);
    const SideId f = faction_[static_cast<std::size_t>(fi)];
    const auto& owned = s_.faction_pieces[static_cast<std::size_t>(f)];
    const Piece p = owned[static_cast<std::size_t>(rng_.below(static_cast<int>(owned.size())))];
    const LocId l = rng_.pick(spaces_);
    int& there = pieces_[static_cast<std::size_t>(l)][static_cast<std::size_t>(f)][static_cast<std::size_t>(p)];
    const std::string& fname = s_.sides[static_cast<std::size_t>(f)];
    const bool remove = there > 0 && (there >= 4 || rng_.chance(50));
    if (!remove) {
        const int n = rng_.range(1, 2);
        w_.place(fname, kPieceNames[static_cast<int>(p)], m_.name(l), n);
        there += n;
        return;
    }
    const int n = rng_.range(1, there);
    const bool counts = std::any_of(s_.casualties.begin(), s_.casualties.end(),
                                    [&](const CasualtyDef& c) { return c.faction == f && c.piece == p; });
    w_.remove(fname, kPieceNames[static_cast<int>(p)], m_.name(l), n, allow_casualty && counts && rng_.chance(60));
    there -= n;
}

void LodGame::blockade_action() {
    const LocId c = rng_.pick(cities_);
    const bool on = !blockaded_[static_cast<std::size_t>(c)];
    blockaded_[static_cast<std::size_t>(c)] = on;
    if (!balanced()) {
        blockaded_[static_cast<std::size_t>(c)] = !on;
        w_.track("fni", fni_);
        return;
    }
    w_.blockade(m_.name(c), on);
}

void LodGame::card_play() {
    static const std::vector<std::pair<int, const char*>> cards = {
        {44, "Earl of Mansfield Recalled From Paris"}, {76, "Edward Hand Raids into Indian Country"},
        {74, "Chickasaw Ally with the British"},       {69, "Admiral Pierre Andre de Suffren"},
        {12, "Martha Washington to Valley Forge"},     {94, "Herkimer's Relief Column"},
        {36, "Naval Battle in West Indies"},           {16, "Mercy Warren's \"The Motley Assembly\""},
        {64, "The Affair of Fielding and Bylandt"},    {81, "Creek and Seminole Active in South"},
        {5, "Benjamin Franklin Travels to France"},    {23, "Lieutenant Colonel Francis Marion"},
        {31, "Thomas Brown and the King's Rangers"},   {52, "French Fleet Arrives in the Wrong Spot"},
        {58, "Marquis de Lafayette Arrives"},          {87, "Patriots Massacre Lenape Indians"}};
    const auto& c = rng_.pick(cards);
    w_.card(c.first, c.second);
    // The card's effect: a few area records.
    const int effects = rng_.range(1, 4);
    for (int i = 0; i < effects; ++i) {
        const int k = rng_.below(100);
        if (k < 35) shift_support();
        else if (k < 85) piece_action(true);
        else if (k < 92) {
            static const std::array<std::pair<const char*, const char*>, 4> cas = {
                {{"British", "regular"}, {"British", "tory"}, {"French", "regular"}, {"Patriots", "continental"}}};
            const auto& [fc, pc] = cas[static_cast<std::size_t>(rng_.below(4))];
            w_.casualty(fc, pc, rng_.range(1, 2));
        } else if (k < 97 && treaty_) blockade_action();
        else {
            fni_ = rng_.range(0, 3);
            w_.track("fni", fni_);
        }
    }
}

void LodGame::run() {
    for (const char* n : {"British", "Patriots", "French", "Indians"}) faction_.push_back(s_.find_side(n));
    level_.assign(m_.size(), 0);
    blockaded_.assign(m_.size(), 0);
    pieces_.assign(m_.size(), {});
    for (LocId l = 0; l < static_cast<LocId>(m_.size()); ++l) {
        const SpaceDef& sp = s_.spaces[static_cast<std::size_t>(l)];
        level_[static_cast<std::size_t>(l)] = sp.support;
        blockaded_[static_cast<std::size_t>(l)] = sp.blockaded;
        if (sp.type == SpaceType::Box) continue;
        spaces_.push_back(l);
        if (sp.support_allowed && sp.population > 0) populated_.push_back(l);
        if (sp.type == SpaceType::City) cities_.push_back(l);
    }
    for (const StartPieces& sp : s_.start_pieces)
        pieces_[static_cast<std::size_t>(sp.space)][static_cast<std::size_t>(sp.faction)][static_cast<std::size_t>(sp.piece)] +=
            static_cast<int>(sp.count);

    // About a thousand records a Winter Quarters round, at least the scenario's six rounds.
    const int rounds = static_cast<int>(std::clamp<std::size_t>(target_ / 1000, 6, 10000));
    w_.game(family_id(Family::LibertyOrDeath1775));
    w_.tag("event", "Benchmark Open 2026");
    w_.tag("round", "1");
    w_.player("British", "S. Lindahl");
    w_.player("Indians", "K. Brant");
    w_.player("Patriots", "M. Ferreira");
    w_.player("French", "J. Moreau");
    w_.param("winter-quarters", std::to_string(rounds));
    w_.begin_log();
    const std::size_t start = w_.records;
    // Per round: turn + 7 phases (4 in the last, which ends after its support phase) + `end`.
    const std::size_t fixed = static_cast<std::size_t>(rounds) * 8 - 3 + 1;
    const std::size_t total = std::max(target_, start + fixed + 100);
    const std::size_t avail = total - start - fixed;
    for (int t = 1; t <= rounds; ++t) {
        w_.turn(t);
        const bool last = t == rounds;
        const std::size_t done_fixed = static_cast<std::size_t>(t - 1) * 8 + 1;
        // The campaign: 85% of the round's share; the Winter Quarters phases the rest.
        const double share = static_cast<double>(avail) / rounds;
        const std::size_t round_base = start + done_fixed + static_cast<std::size_t>(share * (t - 1));
        const std::size_t campaign_until = round_base + static_cast<std::size_t>(share * 0.85);
        const std::size_t round_until = start + done_fixed + (last ? 4 : 7) + static_cast<std::size_t>(share * t);
        if (t == 1) {
            // The Treaty of Alliance comes early, so blockades are allowed afterwards.
            w_.card(109, "Treaty of Alliance");
            treaty_ = true;
        }
        while (w_.records + 4 < campaign_until) card_play();
        while (w_.records < campaign_until) shift_support();
        static const char* phases[] = {"victory-check", "supply", "resources", "support", "redeployment", "desertion", "reset"};
        const int nph = last ? 4 : 7;
        for (int p = 0; p < nph; ++p) {
            w_.phase("", phases[p]);
            // What is left of the round's share goes to the support phase (shifts) and to
            // redeployment and desertion (pieces moved and removed).
            const std::size_t left_phases = static_cast<std::size_t>(nph - p - 1);
            if (p == 3) {
                const std::size_t until = round_until - left_phases - (last ? 0 : (round_until - w_.records - left_phases) / 2);
                while (w_.records < until) shift_support();
            } else if (p >= 4 && p <= 5) {
                const std::size_t until = p == 5 ? round_until - left_phases : w_.records + (round_until - left_phases - w_.records) / 2;
                while (w_.records < until) piece_action(false);
            }
        }
    }
    w_.end();
    w_.finish(nullptr);
}

}  // namespace

Generated generate(Family f, std::size_t records, Format format, std::uint64_t seed) {
    std::unique_ptr<Writer> w;
    if (format == Format::MoveLog) w = std::make_unique<LogWriter>();
    else w = std::make_unique<XmlWriter>();
    // Text size: about 30 bytes a record in a log, 60 in a save.
    w->out.reserve(records * (format == Format::MoveLog ? 32 : 64) + 4096);
    if (f == Family::LibertyOrDeath1775) LodGame(records, *w, seed).run();
    else HexGame(f, records, *w, seed).run();
    return Generated{std::move(w->out), w->records};
}

}  // namespace referee::bench
