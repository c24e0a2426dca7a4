// The event file (event_file.hpp), read with toml++: the TOML parsed whole (its syntax errors are
// toml++'s, at their line and column), then each table checked against event.md's keys, every
// error kept rather than the first alone.
#include "event_file.hpp"

#include "suggest.hpp"

#include <fmt/format.h>

// toml++ compiled into this file from Debian's headers (its header-only form), so that the
// sanitizers and the fuzzer see its parser too; without exceptions: a parse returns its error.
#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 0
#include <toml++/toml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace referee::event {

namespace {

Place place_of(const toml::source_region& s) { return Place{static_cast<std::uint32_t>(s.begin.line), static_cast<std::uint32_t>(s.begin.column)}; }
Place place_of(const toml::node& n) { return place_of(n.source()); }

const char* type_name(const toml::node& n) {
    switch (n.type()) {
        case toml::node_type::table: return "a table";
        case toml::node_type::array: return "an array";
        case toml::node_type::string: return "a string";
        case toml::node_type::integer: return "an integer";
        case toml::node_type::floating_point: return "a number";
        case toml::node_type::boolean: return "a boolean";
        default: return "a date or time";
    }
}

class Reader {
public:
    explicit Reader(EventRead& out) : out_(out) {}

    void error(Place at, std::string message) { out_.errors.push_back(EventError{at, std::move(message)}); }

    // A key no table of event.md has: said with the closest known one.
    void unknown_key(const toml::key& k, std::string_view where, const std::vector<std::string>& known) {
        error(place_of(k.source()), fmt::format("unknown key '{}' in {}{}", k.str(), where, did_you_mean(k.str(), known)));
    }

    std::optional<std::string> string_of(const toml::node& n, std::string_view what) {
        if (const auto* s = n.as_string()) return s->get();
        error(place_of(n), fmt::format("{} must be a string, not {}", what, type_name(n)));
        return std::nullopt;
    }

    std::optional<double> number_of(const toml::node& n, std::string_view what) {
        if (const auto* i = n.as_integer()) return static_cast<double>(i->get());
        if (const auto* f = n.as_floating_point()) {
            if (f->get() == f->get() && f->get() - f->get() == 0) return f->get();  // not NaN, not infinite
            error(place_of(n), fmt::format("{} must be a finite number", what));
            return std::nullopt;
        }
        error(place_of(n), fmt::format("{} must be a number, not {}", what, type_name(n)));
        return std::nullopt;
    }

    // A path of the event: relative and staying in its folder.
    std::optional<std::string> path_of(const toml::node& n, std::string_view what) {
        std::optional<std::string> s = string_of(n, what);
        if (!s) return std::nullopt;
        std::string why;
        if (!plain_relative_path(*s, why)) {
            error(place_of(n), fmt::format("{} '{}' {}", what, *s, why));
            return std::nullopt;
        }
        return s;
    }

    const toml::array* array_of(const toml::node& n, std::string_view what, std::size_t most) {
        const auto* a = n.as_array();
        if (!a) {
            error(place_of(n), fmt::format("{} must be an array, not {}", what, type_name(n)));
            return nullptr;
        }
        if (a->size() > most) {
            error(place_of(n), fmt::format("{} has {} entries: at most {} are read", what, a->size(), most));
            return nullptr;
        }
        return a;
    }

    // An array of tables ([[NAME]]), each table given to `each`.
    template <class F>
    void tables(const toml::node& n, std::string_view what, std::size_t most, F each) {
        const toml::array* a = array_of(n, what, most);
        if (!a) return;
        for (const toml::node& e : *a) {
            if (const auto* t = e.as_table()) each(*t);
            else error(place_of(e), fmt::format("each {} must be a table ([[{}]]), not {}", what, what, type_name(e)));
        }
    }

    void scoring(const toml::table& t, Scoring& s) {
        static const std::vector<std::string> keys = {"win", "draw", "loss", "tiebreaks", "places"};
        for (const auto& [k, v] : t) {
            if (k == "win" || k == "draw" || k == "loss") {
                if (auto x = number_of(v, fmt::format("scoring.{}", k.str()))) (k == "win" ? s.win : k == "draw" ? s.draw : s.loss) = *x;
            } else if (k == "tiebreaks") {
                const toml::array* a = array_of(v, "scoring.tiebreaks", 16);
                if (!a) continue;
                s.tiebreaks.clear();
                for (const toml::node& e : *a) {
                    std::optional<std::string> name = string_of(e, "a tiebreak");
                    if (!name) continue;
                    const auto& known = known_tiebreaks();
                    if (std::find(known.begin(), known.end(), *name) == known.end())
                        error(place_of(e), fmt::format("unknown tiebreak '{}'{} (known: {})", *name, did_you_mean(*name, known),
                                                       fmt::join(known, ", ")));
                    else if (std::find(s.tiebreaks.begin(), s.tiebreaks.end(), *name) != s.tiebreaks.end())
                        error(place_of(e), fmt::format("tiebreak '{}' given twice", *name));
                    else
                        s.tiebreaks.push_back(*name);
                }
            } else if (k == "places") {
                const toml::array* a = array_of(v, "scoring.places", 16);
                if (!a) continue;
                for (const toml::node& e : *a)
                    if (auto x = number_of(e, "a place's points")) s.places.push_back(*x);
            } else {
                unknown_key(k, "[scoring]", keys);
            }
        }
    }

    void judge(const toml::table& t, std::vector<Judge>& out) {
        static const std::vector<std::string> keys = {"files", "module", "scenario", "param", "round"};
        Judge j;
        j.at = place_of(t);
        bool files = false;
        for (const auto& [k, v] : t) {
            if (k == "files") {
                if (auto s = path_of(v, "[[judge]] files")) j.files = *s;
                files = true;
            } else if (k == "module") {
                if (auto s = path_of(v, "[[judge]] module")) j.module = *s;
            } else if (k == "scenario") {
                // A built-in scenario's id, or a scenario file of the event's folder.
                if (auto s = string_of(v, "[[judge]] scenario")) {
                    std::string why;
                    if (s->find('/') != std::string::npos || s->ends_with(".xml")) {
                        if (!plain_relative_path(*s, why)) error(place_of(v), fmt::format("[[judge]] scenario '{}' {}", *s, why));
                    }
                    j.scenario = *s;
                }
            } else if (k == "param") {
                const auto* p = v.as_table();
                if (!p) {
                    error(place_of(v), fmt::format("[[judge]] param must be a table (param = {{ NAME = VALUE }}), not {}", type_name(v)));
                    continue;
                }
                for (const auto& [name, value] : *p) {
                    if (const auto* s = value.as_string()) j.params.emplace_back(name.str(), s->get());
                    else if (const auto* i = value.as_integer()) j.params.emplace_back(name.str(), std::to_string(i->get()));
                    else if (const auto* b = value.as_boolean()) j.params.emplace_back(name.str(), b->get() ? "true" : "false");
                    else error(place_of(value), fmt::format("parameter '{}' must be a string, an integer or a boolean, not {}", name.str(), type_name(value)));
                }
            } else if (k == "round") {
                const auto* i = v.as_integer();
                if (!i || i->get() < 1 || i->get() > 1'000'000) error(place_of(v), "[[judge]] round must be a whole number from 1 to 1000000");
                else j.round = i->get();
            } else {
                unknown_key(k, "[[judge]]", keys);
            }
        }
        if (!files) error(j.at, "[[judge]] needs files = \"PATTERN\" (the files it judges)");
        out.push_back(std::move(j));
    }

    void player(const toml::table& t, std::vector<Player>& out, std::map<std::string, Place>& names) {
        static const std::vector<std::string> keys = {"name", "aliases"};
        Player p;
        p.at = place_of(t);
        const auto claim = [&](const std::string& name, const toml::node& n) {
            if (name.empty()) {
                error(place_of(n), "a player's name or alias may not be empty");
                return false;
            }
            const auto [it, fresh] = names.emplace(name, place_of(n));
            if (!fresh) error(place_of(n), fmt::format("'{}' is already a player's name or alias (line {})", name, it->second.line));
            return fresh;
        };
        for (const auto& [k, v] : t) {
            if (k == "name") {
                if (auto s = string_of(v, "[[players]] name"); s && claim(*s, v)) p.name = *s;
            } else if (k == "aliases") {
                const toml::array* a = array_of(v, "[[players]] aliases", kMaxEntries);
                if (!a) continue;
                for (const toml::node& e : *a)
                    if (auto s = string_of(e, "an alias"); s && claim(*s, e)) p.aliases.push_back(*s);
            } else {
                unknown_key(k, "[[players]]", keys);
            }
        }
        if (!t.contains("name")) error(p.at, "[[players]] needs name = \"NAME\"");
        out.push_back(std::move(p));
    }

    void ruling(const toml::table& t, std::vector<Ruling>& out) {
        static const std::vector<std::string> keys = {"file", "result", "why"};
        Ruling r;
        r.at = place_of(t);
        for (const auto& [k, v] : t) {
            if (k == "file") {
                if (auto s = path_of(v, "[[rulings]] file")) r.file = *s;
            } else if (k == "result") {
                if (auto s = string_of(v, "[[rulings]] result")) {
                    if (s->empty() || *s == "forfeit" || (s->starts_with("forfeit ") && s->find_first_not_of(' ', 8) == std::string::npos))
                        error(place_of(v), fmt::format("[[rulings]] result '{}' is not a side, \"draw\", \"void\" or \"forfeit SIDE\"", *s));
                    else
                        r.result = *s;
                }
            } else if (k == "why") {
                if (auto s = string_of(v, "[[rulings]] why")) r.why = *s;
            } else {
                unknown_key(k, "[[rulings]]", keys);
            }
        }
        if (!t.contains("file")) error(r.at, "[[rulings]] needs file = \"PATH\" (the game it rules on)");
        if (!t.contains("result")) error(r.at, "[[rulings]] needs result = \"SIDE\", \"draw\", \"void\" or \"forfeit SIDE\"");
        out.push_back(std::move(r));
    }

    void event(const toml::table& root, EventFile& e) {
        static const std::vector<std::string> keys = {"name", "games", "scoring", "judge", "players", "rulings"};
        std::map<std::string, Place> names;
        for (const auto& [k, v] : root) {
            if (k == "name") {
                if (auto s = string_of(v, "name")) e.name = *s;
            } else if (k == "games") {
                const toml::array* a = array_of(v, "games", kMaxEntries);
                if (!a) continue;
                for (const toml::node& g : *a)
                    if (auto s = path_of(g, "a game path")) e.games.emplace_back(*s, place_of(g));
            } else if (k == "scoring") {
                if (const auto* t = v.as_table()) scoring(*t, e.scoring);
                else error(place_of(v), fmt::format("scoring must be a table ([scoring]), not {}", type_name(v)));
            } else if (k == "judge") {
                tables(v, "judge", kMaxEntries, [&](const toml::table& t) { judge(t, e.judges); });
            } else if (k == "players") {
                tables(v, "players", kMaxPlayers, [&](const toml::table& t) { player(t, e.players, names); });
            } else if (k == "rulings") {
                tables(v, "rulings", kMaxEntries, [&](const toml::table& t) { ruling(t, e.rulings); });
            } else {
                unknown_key(k, "the event file", keys);
            }
        }
        if (!root.contains("games")) error(Place{}, "the event file names no games (games = [\"FOLDER\", ...])");
    }

private:
    EventRead& out_;
};

}  // namespace

bool plain_relative_path(std::string_view relative, std::string& why) {
    if (relative.empty()) {
        why = "is empty";
        return false;
    }
    if (relative.front() == '/' || relative.front() == '~' || (relative.size() > 1 && relative[1] == ':')) {
        why = "is not relative to the event file's folder";
        return false;
    }
    if (relative.find('\0') != std::string_view::npos) {
        why = "holds a NUL byte";
        return false;
    }
    for (std::size_t at = 0; at <= relative.size();) {
        std::size_t end = relative.find_first_of("/\\", at);
        if (end == std::string_view::npos) end = relative.size();
        if (relative.substr(at, end - at) == "..") {
            why = "leaves the event file's folder ('..')";
            return false;
        }
        at = end + 1;
    }
    return true;
}

EventRead parse_event(std::string_view text, const std::string& path) {
    EventRead out;
    toml::parse_result parsed = toml::parse(text, path);
    if (!parsed) {
        const toml::parse_error& err = parsed.error();
        out.errors.push_back(EventError{place_of(err.source()), std::string(err.description())});
        return out;
    }
    EventFile e;
    e.path = path;
    const std::filesystem::path p(path);
    e.folder = p.has_parent_path() ? p.parent_path().string() : std::string(".");
    e.name = p.stem().string();
    Reader(out).event(parsed.table(), e);
    std::stable_sort(out.errors.begin(), out.errors.end(), [](const EventError& x, const EventError& y) {
        return std::pair{x.at.line, x.at.column} < std::pair{y.at.line, y.at.column};
    });
    if (out.errors.empty()) out.event = std::move(e);
    return out;
}

EventRead read_event_file(const std::string& path) {
    EventRead out;
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec || !std::filesystem::is_regular_file(path, ec)) {
        out.errors.push_back(EventError{Place{}, ec ? fmt::format("cannot be read: {}", ec.message()) : std::string("is not a file")});
        return out;
    }
    if (size > kMaxEventBytes) {
        out.errors.push_back(EventError{Place{}, fmt::format("is {} bytes: an event file of more than {} bytes is not read", size, kMaxEventBytes)});
        return out;
    }
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    if (!in && !in.eof()) {
        out.errors.push_back(EventError{Place{}, "cannot be read"});
        return out;
    }
    return parse_event(ss.str(), path);
}

std::string error_line(const std::string& path, const EventError& e) {
    if (e.at.line == 0) return fmt::format("{}: error: {}", path, e.message);
    return fmt::format("{}:{}:{}: error: {}", path, e.at.line, e.at.column, e.message);
}

}  // namespace referee::event
