// The generator's two writers (gen_common.hpp): the records of a game as the lines of a move log
// (move-log.md), or as the elements of an XML save (xml-save.md) followed by the final position's
// snapshot.
#include "gen_common.hpp"

#include <initializer_list>

namespace referee::bench::gen {

namespace {

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

}  // namespace

std::unique_ptr<Writer> make_writer(Format format) {
    if (format == Format::MoveLog) return std::make_unique<LogWriter>();
    return std::make_unique<XmlWriter>();
}

}  // namespace referee::bench::gen
