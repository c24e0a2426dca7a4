// Drafting a <vassal> binding (draft.hpp). Each part is guessed on its own, from "samples": the
// module's piece slots (a property with every value its traits give it) and, with files, the
// pieces at the start of each file (one value each, and where they stand). A sample whose name
// gives a scenario unit is evidence: its values against the unit's side, type and strength, its
// VASSAL location name against the unit's set-up hex.
#include "draft.hpp"

#include "board_layout.hpp"
#include "locate.hpp"
#include "pattern.hpp"
#include "text.hpp"
#include "traits.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <type_traits>
#include <variant>

namespace referee {

namespace {

using vassal::Module;

// ---- text ---------------------------------------------------------------------------------------

std::string attr(std::string_view v) {
    std::string out;
    for (char c : v) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += (static_cast<unsigned char>(c) < 0x20) ? ' ' : c;
        }
    }
    return out;
}

// Text inside an XML comment: no "--", no control characters, not ending with '-'.
std::string comment_text(std::string_view v) {
    std::string out;
    for (char c : v) {
        if (static_cast<unsigned char>(c) < 0x20) c = ' ';
        if (c == '-' && !out.empty() && out.back() == '-') out += ' ';
        out += c;
    }
    if (!out.empty() && out.back() == '-') out += ' ';
    return out;
}

// A literal for a pattern: braces doubled.
std::string literal(std::string_view v) {
    std::string out;
    for (char c : v) {
        out += c;
        if (c == '{' || c == '}') out += c;
    }
    return out;
}

// Lower case, white space left out: how names are compared when they are not the same.
std::string loose(std::string_view v) {
    std::string out;
    for (char c : v)
        if (!std::isspace(static_cast<unsigned char>(c))) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string quoted_list(const std::vector<std::string>& items, std::size_t most = 40) {
    std::string out;
    for (std::size_t i = 0; i < items.size() && i < most; ++i) out += (i ? ", " : "") + items[i];
    if (items.size() > most) out += fmt::format(" and {} more", items.size() - most);
    return out;
}

std::vector<std::string> words_of(std::string_view v) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : v) {
        if (std::isalnum(static_cast<unsigned char>(c))) {
            cur += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else if (!cur.empty()) {
            out.push_back(cur);
            cur.clear();
        }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

std::string_view trimmed(std::string_view v) {
    while (!v.empty() && std::isspace(static_cast<unsigned char>(v.front()))) v.remove_prefix(1);
    while (!v.empty() && std::isspace(static_cast<unsigned char>(v.back()))) v.remove_suffix(1);
    return v;
}

bool whole_number(std::string_view v) { return to_int(trimmed(v)).has_value(); }

// ---- samples ------------------------------------------------------------------------------------

struct Sample {
    std::string name;                     // the piece's name (what a binding's patterns read)
    std::string gpid;
    std::vector<std::pair<std::string, std::vector<std::string>>> props;  // in trait order
    bool from_file = false;
    std::string file;                     // the file's name (files only)
    std::string map;                      // where it stands at the file's start ("" none)
    std::string location;                 // VASSAL's name of its point there
};

const std::vector<std::string>* prop(const Sample& s, std::string_view key) {
    for (const auto& [k, v] : s.props)
        if (k == key) return &v;
    return nullptr;
}

// Names points of maps: a Locator per map and layout.
class Namer {
public:
    explicit Namer(const Module& m) : module_(m) {}

    std::optional<std::string> name(const vassal::BoardLayout& layout, const vassal::BoardSizes& sizes, vassal::Point p) {
        try {
            const std::string key = layout.map + '\n' + std::to_string(layout.boards.size()) + (layout.boards.empty() ? "" : layout.boards[0].board);
            auto it = locators_.find(key);
            if (it == locators_.end()) it = locators_.emplace(key, vassal::Locator(module_, layout, sizes)).first;
            return it->second.name(p);
        } catch (const std::exception&) {
            return std::nullopt;
        }
    }

private:
    const Module& module_;
    std::map<std::string, vassal::Locator> locators_;
};

// ---- the draft ----------------------------------------------------------------------------------

// A candidate source of one attribute of a piece.
struct Source {
    std::string kind;    // "property", "layer", "layer-index", "field"
    std::string key;     // the property's key, the layer's name, the field's name
    std::string element(const char* tag, const std::vector<std::pair<std::string, std::string>>& values) const {
        std::string a = kind == "property" ? fmt::format("property=\"{}\"", attr(key))
                        : kind == "layer"  ? fmt::format("layer=\"{}\"", attr(key))
                        : kind == "layer-index" ? fmt::format("layer=\"{}\" index=\"yes\"", attr(key))
                                                : fmt::format("field=\"{}\"", attr(key));
        if (values.empty()) return fmt::format("      <{} {}/>\n", tag, a);
        std::string out = fmt::format("      <{} {}>\n", tag, a);
        for (const auto& [v, as] : values) out += fmt::format("        <value vassal=\"{}\" as=\"{}\"/>\n", attr(v), attr(as));
        return out + fmt::format("      </{}>\n", tag);
    }
    std::string label() const {
        return kind == "property" ? fmt::format("the property '{}'", key)
               : kind == "layer"  ? fmt::format("the active level's name of the Layer '{}'", key)
               : kind == "layer-index" ? fmt::format("the active level's number of the Layer '{}'", key)
                                       : fmt::format("the name pattern's {{{}}}", key);
    }
};

struct Evidence {
    std::size_t agree = 0, disagree = 0;
    std::vector<std::pair<std::string, std::string>> values;  // value -> as, where they differ
    std::vector<std::string> conflicts;
};

// How each value of a source maps onto what the matched units say (value -> target, by majority).
Evidence map_values(const std::vector<std::pair<std::string, std::string>>& pairs) {
    std::map<std::string, std::map<std::string, std::size_t>> votes;
    std::vector<std::string> order;
    for (const auto& [v, t] : pairs) {
        if (votes.find(v) == votes.end()) order.push_back(v);
        ++votes[v][t];
    }
    Evidence e;
    for (const std::string& v : order) {
        const auto& tally = votes[v];
        auto best = std::max_element(tally.begin(), tally.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
        e.agree += best->second;
        for (const auto& [t, n] : tally)
            if (t != best->first) {
                e.disagree += n;
                e.conflicts.push_back(fmt::format("'{}' is {} for {} piece(s) but {} for {}", v, best->first, best->second, t, n));
            }
        if (v != best->first) e.values.emplace_back(v, best->first);
    }
    return e;
}

class Drafter {
public:
    Drafter(const Module& m, const Scenario& sc, const std::vector<DraftFile>& files) : m_(m), sc_(sc), files_(files), namer_(m) {}

    BindingDraft run() {
        collect();
        choose_pattern();
        std::string pieces = pieces_part();
        std::string map = map_part();
        std::string boxes = boxes_part();
        std::string turns = turns_part();
        std::string dice = dice_part();
        std::string& v = out_.vassal;
        v += fmt::format("  <!-- Drafted by `referee bind` from module '{}' version {}{}: check every guess, resolve every\n"
                         "       comment marked TO RESOLVE, then run `referee check GAME --module M --scenario THIS-FILE`. -->\n",
                         comment_text(m_.name), comment_text(m_.version.empty() ? "(none)" : m_.version),
                         files_.empty() ? "" : fmt::format(" and {} file(s) of it", files_.size()));
        v += fmt::format("  <vassal module=\"{}\"{}>\n", attr(m_.name), m_.version.empty() ? "" : fmt::format(" version=\"{}\"", attr(m_.version)));
        v += map + pieces + boxes + turns + dice;
        v += "  </vassal>\n";
        coverage();
        out_.units = sc_.units.size();
        return std::move(out_);
    }

private:
    // ---- the samples ----
    void collect() {
        for (const vassal::PieceSlotDef& s : m_.catalog.slots) {
            Sample x;
            x.name = s.piece_name.empty() ? s.name : s.piece_name;
            x.gpid = s.gpid;
            for (const vassal::SlotProperty& p : s.properties) x.props.emplace_back(p.name, p.values);
            slot_count_[x.name] += 1;
            samples_.push_back(std::move(x));
        }
        for (const DraftFile& f : files_) {
            if (f.file == nullptr) continue;
            const vassal::Game& g = f.file->initial;
            for (const auto& [id, e] : g.pieces()) {
                Sample x;
                x.name = e->view.name;
                x.gpid = e->view.gpid;
                x.from_file = true;
                x.file = f.name;
                for (const vassal::Property& p : e->view.properties) x.props.push_back({p.key, {p.value}});
                const vassal::Placement p = g.placement(*e);
                x.map = p.map;
                if (!p.map.empty()) x.location = locate(g, p.map, p.x, p.y);
                samples_.push_back(std::move(x));
            }
        }
    }

    std::string locate(const vassal::Game& g, const std::string& map, long long x, long long y) {
        const vassal::MapDef* def = m_.map(map);
        if (def == nullptr) return "";
        vassal::BoardLayout layout;
        bool found = false;
        for (const auto& [id, leaf] : g.layouts())
            if (id == map) layout = vassal::parse_board_picker(leaf), found = true;
        if (!found) layout = vassal::default_layout(*def);
        const auto clamp = [](long long v) { return static_cast<int>(std::clamp<long long>(v, -(1LL << 30), 1LL << 30)); };
        return namer_.name(layout, {}, vassal::Point{clamp(x), clamp(y)}).value_or("");
    }

    // ---- names: the pattern, the units ----
    struct NameMatch {
        std::string unit_text, side_text;
        std::int32_t unit = -1;    // index into sc_.units
    };

    std::optional<NameMatch> match_name(const std::optional<Pattern>& p, const std::string& name) const {
        NameMatch nm;
        if (p) {
            PatternFields f;
            if (!p->match(name, &f)) return std::nullopt;
            for (const auto& [k, v] : f) {
                if (k == "unit") nm.unit_text = std::string(v);
                if (k == "side") nm.side_text = std::string(v);
            }
        } else {
            nm.unit_text = name;
        }
        nm.unit = sc_.find_unit(nm.unit_text);
        if (nm.unit < 0) {
            const auto it = loose_units_.find(loose(nm.unit_text));
            if (it != loose_units_.end() && it->second >= 0) nm.unit = it->second;
        }
        return nm;
    }

    void choose_pattern() {
        for (std::size_t i = 0; i < sc_.units.size(); ++i) {
            const std::string k = loose(sc_.units[i].id);
            auto [it, fresh] = loose_units_.emplace(k, static_cast<std::int32_t>(i));
            if (!fresh) it->second = -1;   // two units alike once loosened: only their exact ids match
        }
        std::vector<std::string> names;
        for (const Sample& s : samples_)
            if (std::find(names.begin(), names.end(), s.name) == names.end()) names.push_back(s.name);
        std::size_t best = 0;
        for (const char* text : {"", "{unit} [{side}]", "{unit} ({side})", "{unit} - {side}", "{unit}, {side}", "{unit} [{*}]", "{unit} ({*})"}) {
            std::optional<Pattern> p;
            if (*text != '\0') p = Pattern::compile(text, nullptr);
            std::set<std::int32_t> units;
            for (const std::string& n : names)
                if (auto nm = match_name(p, n); nm && nm->unit >= 0) units.insert(nm->unit);
            if (units.size() > best) best = units.size(), pattern_text_ = text, pattern_ = p;
        }
        // Each name that gives a unit; several names of one unit: the first is bound, the others are said.
        for (const std::string& n : names) {
            auto nm = match_name(pattern_, n);
            if (!nm || nm->unit < 0) continue;
            auto [it, fresh] = unit_name_.emplace(nm->unit, n);
            if (!fresh) {
                other_names_[nm->unit].push_back(n);
                continue;
            }
            name_unit_[n] = *nm;
        }
        out_.units_matched = unit_name_.size();
    }

    // The samples whose name gives a unit, with the unit.
    std::vector<std::pair<const Sample*, const UnitDef*>> matched() const {
        std::vector<std::pair<const Sample*, const UnitDef*>> out;
        for (const Sample& s : samples_)
            if (auto it = name_unit_.find(s.name); it != name_unit_.end())
                out.emplace_back(&s, &sc_.units[static_cast<std::size_t>(it->second.unit)]);
        return out;
    }

    // The candidate sources of the samples' properties: each Marker/DynamicProperty key, each Layer
    // (by the name of its active level, and by its number).
    std::vector<Source> property_sources() const {
        std::vector<Source> out;
        std::set<std::string> seen;
        const auto add = [&](Source s) {
            if (seen.insert(s.kind + '\n' + s.key).second) out.push_back(std::move(s));
        };
        for (const auto& [s, u] : matched())
            for (const auto& [k, v] : s->props) {
                if (k.size() > 5 && k.ends_with("_Name")) add({"layer", k.substr(0, k.size() - 5)});
                else if (k.size() > 6 && k.ends_with("_Level")) add({"layer-index", k.substr(0, k.size() - 6)});
                else add({"property", k});
            }
        return out;
    }

    // A sample's values from a source: a property's, a layer's level names or numbers, a field.
    std::vector<std::string> values_of(const Sample& s, const Source& src) const {
        if (src.kind == "field") {
            auto it = name_unit_.find(s.name);
            if (it == name_unit_.end()) return {};
            return {src.key == "side" ? it->second.side_text : it->second.unit_text};
        }
        const std::string key = src.kind == "layer" ? src.key + "_Name" : src.kind == "layer-index" ? src.key + "_Level" : src.key;
        const std::vector<std::string>* v = prop(s, key);
        return v == nullptr ? std::vector<std::string>{} : *v;
    }

    // ---- <pieces> ----
    std::string pieces_part() {
        std::string out;
        const auto m = matched();
        // The side.
        std::vector<Source> candidates = property_sources();
        if (pattern_ && pattern_->has_field("side")) candidates.insert(candidates.begin(), Source{"field", "side"});
        std::optional<Source> side;
        Evidence side_ev;
        long best = 0;
        for (const Source& src : candidates) {
            std::vector<std::pair<std::string, std::string>> pairs;
            bool named = false;
            for (const auto& [s, u] : m) {
                const auto v = values_of(*s, src);
                if (v.size() != 1 || v[0].empty()) continue;
                pairs.emplace_back(v[0], sc_.sides[static_cast<std::size_t>(u->side)]);
                named = named || sc_.find_side(v[0]) != kNoSide;
            }
            Evidence e = map_values(pairs);
            std::set<std::string> sides;
            for (const auto& p : pairs) sides.insert(p.second);
            std::set<std::string> values;
            for (const auto& p : pairs) values.insert(p.first);
            if (values.size() < sides.size()) continue;   // one value for two sides: not the side
            const long score = static_cast<long>(e.agree) * 4 - static_cast<long>(e.disagree) * 8 + (named ? 1 : 0);
            if (!pairs.empty() && score > best) best = score, side = src, side_ev = std::move(e);
        }
        if (!side) {
            // No unit matched: a property whose values are the sides' names.
            std::size_t hits = 0;
            std::map<std::string, std::size_t> count;
            for (const Sample& s : samples_)
                for (const auto& [k, v] : s.props)
                    for (const std::string& x : v)
                        if (sc_.find_side(x) != kNoSide) ++count[k];
            for (const auto& [k, n] : count)
                if (n > hits) hits = n, side = Source{"property", k};
        }
        std::string np = pattern_text_;
        std::vector<std::pair<std::string, std::string>> unit_values;
        for (const auto& [name, nm] : name_unit_) {
            const std::string& id = sc_.units[static_cast<std::size_t>(nm.unit)].id;
            if (nm.unit_text != id) unit_values.emplace_back(nm.unit_text, id);
        }
        if (np.empty() && !unit_values.empty()) np = "{unit}";
        out += "    <!-- Pieces: ";
        if (pattern_text_.empty())
            out += fmt::format("{} of the scenario's {} units matched to a piece by its name (exact, then ignoring case and spaces).",
                               unit_name_.size(), sc_.units.size());
        else
            out += fmt::format("{} of the scenario's {} units matched to a piece by the {{unit}} of the name pattern '{}'.",
                               unit_name_.size(), sc_.units.size(), comment_text(pattern_text_));
        out += " -->\n";
        out += np.empty() ? "    <pieces>\n" : fmt::format("    <pieces name-pattern=\"{}\">\n", attr(np));
        if (side) {
            side_values_ = side_ev.values;
            std::vector<std::pair<std::string, std::string>> values;
            for (const auto& [v, as] : side_ev.values) values.emplace_back(v, as);
            out += fmt::format("      <!-- The side: {}, {} -->\n", side->label(),
                               m.empty() ? "whose values name the scenario's sides (no unit matched: a guess)"
                                         : fmt::format("which agrees with {} matched piece(s) and disagrees with {}{}", side_ev.agree,
                                                       side_ev.disagree,
                                                       side_ev.conflicts.empty() ? "" : " (TO RESOLVE: " + comment_text(quoted_list(side_ev.conflicts, 5)) + ")"));
            out += side->element("side", values);
        } else {
            out += "      <!-- The side: TO RESOLVE. No property or part of the pieces' names gives the scenario's sides;\n"
                   "           'Side' is a placeholder: name the property (referee module M lists them). -->\n";
            out += "      <side property=\"Side\"/>\n";
        }
        if (!unit_values.empty()) {
            out += "      <!-- The unit: the name's {unit}; these pieces spell their unit otherwise than the scenario. -->\n";
            out += Source{"field", "unit"}.element("unit", unit_values);
        }
        out += type_part(m);
        out += strength_part(m);
        // Which pieces are units: the matched names, one each.
        std::vector<std::pair<std::int32_t, std::string>> bound(unit_name_.begin(), unit_name_.end());
        std::sort(bound.begin(), bound.end());
        if (!bound.empty()) out += "      <!-- The units: only the pieces whose names matched a unit of the scenario. -->\n";
        for (const auto& [u, name] : bound) {
            out += fmt::format("      <only name=\"{}\"/>", attr(literal(name)));
            const std::size_t slots = slot_count_.count(name) ? slot_count_.at(name) : 0;
            std::vector<std::string> notes;
            if (slots > 1)
                notes.push_back(fmt::format("TO RESOLVE: {} palette slots have this name; where a game has two such pieces, tell them apart "
                                            "with <piece id=\"VASSAL-ID\" unit=\"UNIT\"/> or <piece gpid=\"GPID\" unit=\"UNIT\"/> "
                                            "(referee module lists the slots' gpids)",
                                            slots));
            if (auto it = other_names_.find(u); it != other_names_.end())
                notes.push_back("TO RESOLVE: also named " + quoted_list(it->second, 5) + ", left out");
            if (!notes.empty()) out += " <!-- " + comment_text(quoted_list(notes)) + " -->";
            out += "\n";
        }
        if (bound.empty()) {
            // No unit matched: a name nobody has, so that no piece is taken for a unit by mistake.
            out += "      <!-- TO RESOLVE: no piece's name gives a unit of the scenario; nothing is bound until <only> names the units' pieces. -->\n";
            out += "      <only name=\"(no unit matched)\"/>\n";
        }
        std::vector<std::string> missing;
        for (std::size_t i = 0; i < sc_.units.size(); ++i)
            if (!unit_name_.count(static_cast<std::int32_t>(i))) missing.push_back(sc_.units[i].id);
        if (!missing.empty())
            out += fmt::format("      <!-- TO RESOLVE: {} unit(s) of the scenario match no piece name: {}. -->\n", missing.size(),
                               comment_text(quoted_list(missing, 60)));
        out += "    </pieces>\n";
        return out;
    }

    std::string type_part(const std::vector<std::pair<const Sample*, const UnitDef*>>& m) {
        std::optional<Source> best;
        Evidence best_ev;
        long best_score = 0;
        for (const Source& src : property_sources()) {
            if (src.kind == "layer-index") continue;
            std::vector<std::pair<std::string, std::string>> pairs;
            bool everyone = true;
            for (const auto& [s, u] : m) {
                const auto v = values_of(*s, src);
                if (v.size() != 1 || v[0].empty()) {
                    everyone = everyone && v.size() > 1;
                    continue;
                }
                pairs.emplace_back(v[0], u->type);
            }
            if (!everyone || pairs.size() < 2) continue;
            Evidence e = map_values(pairs);
            std::set<std::string> types, values;
            for (const auto& p : pairs) types.insert(p.second), values.insert(p.first);
            if (values.size() < types.size() || e.disagree * 4 > e.agree) continue;
            const long score = static_cast<long>(e.agree) * 4 - static_cast<long>(e.disagree) * 8;
            if (score > best_score) best_score = score, best = src, best_ev = std::move(e);
        }
        if (!best) return "      <!-- The type: no property matched the units' types; each unit's type is the scenario's. -->\n";
        std::string out = fmt::format("      <!-- The type: {}, which agrees with {} matched piece(s) and disagrees with {}{}. -->\n",
                                      best->label(), best_ev.agree, best_ev.disagree,
                                      best_ev.conflicts.empty() ? "" : " (TO RESOLVE: " + comment_text(quoted_list(best_ev.conflicts, 5)) + ")");
        return out + best->element("type", best_ev.values);
    }

    std::string strength_part(const std::vector<std::pair<const Sample*, const UnitDef*>>& m) {
        std::optional<Source> best;
        Evidence best_ev;
        long best_score = 0;
        std::size_t best_files = 0;
        for (const Source& src : property_sources()) {
            std::vector<std::pair<std::string, std::string>> pairs;   // files: value -> strength
            std::size_t agree = 0, disagree = 0, files = 0;
            bool usable = true;
            for (const auto& [s, u] : m) {
                const auto v = values_of(*s, src);
                if (v.empty()) {
                    usable = false;   // a unit without it could not be bound
                    break;
                }
                const std::string strength = std::to_string(u->strength);
                if (s->from_file) {
                    ++files;
                    pairs.emplace_back(v[0], strength);
                    continue;
                }
                bool numeric = true, has = false;
                for (const std::string& x : v) {
                    numeric = numeric && whole_number(x);
                    has = has || (whole_number(x) && to_int(trimmed(x)) == u->strength);
                }
                if (!numeric && v.size() > 1) {
                    usable = false;
                    break;
                }
                if (v.size() == 1 && !numeric) pairs.emplace_back(v[0], strength);
                else if (has) ++agree;
                else ++disagree;
            }
            if (!usable || m.empty()) continue;
            // File pieces: a number is read as it is (a piece already reduced disagrees); other values map.
            std::vector<std::pair<std::string, std::string>> mapped;
            for (const auto& [v, st] : pairs) {
                if (whole_number(v)) (to_int(trimmed(v)) == to_int(st) ? agree : disagree) += 1;
                else mapped.emplace_back(v, st);
            }
            Evidence e = map_values(mapped);
            e.agree += agree;
            e.disagree += disagree;
            const long score = static_cast<long>(e.agree) * 4 - static_cast<long>(e.disagree) * 3 + (src.kind == "layer-index" ? -1 : 0);
            if (score > best_score || (score == best_score && best && files > best_files))
                best_score = score, best = src, best_ev = std::move(e), best_files = files;
        }
        if (!best) return "      <!-- The strength: no number of the pieces matched the units' strengths; each unit's strength is the scenario's, and losses are not read. -->\n";
        std::string out = fmt::format("      <!-- The strength: {}, which gives {} matched piece(s) their scenario strength and {} another{}. -->\n",
                                      best->label(), best_ev.agree, best_ev.disagree,
                                      best_ev.conflicts.empty() ? "" : " (TO RESOLVE: " + comment_text(quoted_list(best_ev.conflicts, 5)) + ")");
        return out + best->element("strength", best_ev.values);
    }

    // ---- <map> ----
    struct MapNames {
        const vassal::MapDef* map = nullptr;
        std::set<std::string> names;
        std::vector<vassal::Numbering> numberings;   // copies: a plain grid may be a temporary made of the board's
    };

    template <class G, class Centre>
    void cells(const G& g, Centre centre, vassal::Size size, const std::function<void(vassal::Point)>& each) {
        if (!(g.dx > 0) || !(g.dy > 0)) return;
        const long cols = std::min<long>(static_cast<long>(size.width / g.dx) + 2, 1000);
        const long rows = std::min<long>(static_cast<long>(size.height / g.dy) + 2, 1000);
        long left = 200000;
        for (long c = -1; c <= cols && left > 0; ++c)
            for (long r = -1; r <= rows && left-- > 0; ++r) {
                const vassal::Point p = centre(g, vassal::Cell{static_cast<int>(c), static_cast<int>(r)});
                if (p.x >= 0 && p.y >= 0 && p.x < size.width && p.y < size.height) each(p);
            }
    }

    MapNames names_of(const vassal::MapDef& map) {
        MapNames out;
        out.map = &map;
        for (const vassal::Board& b : map.boards) {
            if (!b.grid) continue;
            const vassal::Size size = b.size();
            const vassal::BoardLayout layout{map.id, {vassal::BoardPlacement{b.name, false, 0, 0}}};
            const vassal::BoardSizes sizes{{b.name, size}};
            const std::function<void(vassal::Point)> each = [&](vassal::Point p) {
                if (auto n = namer_.name(layout, sizes, p); n && *n != vassal::offboard) out.names.insert(*n);
            };
            const auto plain = [&](const vassal::PlainGrid& g) {
                if (const auto* h = std::get_if<vassal::HexGrid>(&g)) {
                    if (h->numbering) out.numberings.push_back(*h->numbering);
                    cells(*h, vassal::hex_centre, size, each);
                } else if (const auto* s = std::get_if<vassal::SquareGrid>(&g)) {
                    if (s->numbering) out.numberings.push_back(*s->numbering);
                    cells(*s, vassal::square_centre, size, each);
                } else if (const auto* r = std::get_if<vassal::RegionGrid>(&g)) {
                    for (const auto& region : r->regions) out.names.insert(region.name);
                }
            };
            if (const auto* z = std::get_if<vassal::ZonedGrid>(&*b.grid)) {
                for (const vassal::Zone& zone : z->zones) zones_.push_back({&map, &zone});
                if (z->background) plain(*z->background);
            } else {
                std::visit([&](const auto& g) {
                    using T = std::decay_t<decltype(g)>;
                    if constexpr (!std::is_same_v<T, vassal::ZonedGrid>) plain(vassal::PlainGrid(g));
                }, *b.grid);
            }
        }
        return out;
    }

    struct Rewrite {
        std::string from, to;   // "" "": none
    };

    std::optional<std::string> rewrite(const Rewrite& r, const std::string& name) const {
        if (r.from.empty()) return name;
        const auto from = Pattern::compile(r.from, nullptr);
        const auto to = Pattern::compile(r.to, nullptr);
        PatternFields f;
        if (!from || !to || !from->match(name, &f)) return name;
        return to->fill(f);
    }

    std::string map_part() {
        std::vector<MapNames> maps;
        for (const vassal::MapDef& d : m_.maps) maps.push_back(names_of(d));
        std::vector<Rewrite> rewrites{{"", ""}};
        const auto add = [&](std::string from, std::string to) {
            for (const Rewrite& r : rewrites)
                if (r.from == from) return;
            rewrites.push_back({std::move(from), std::move(to)});
        };
        for (const MapNames& mn : maps)
            for (const vassal::Numbering& n : mn.numberings)
                if (!n.sep.empty() && n.sep.find_first_of("{}") == std::string::npos)
                    add(n.first == 'H' ? "{col}" + n.sep + "{row}" : "{row}" + n.sep + "{col}", "{col}{row}");
        for (const char* sep : {".", "-", " ", ",", "/"}) {
            add(std::string("{col}") + sep + "{row}", "{col}{row}");
            add(std::string("{row}") + sep + "{col}", "{col}{row}");
        }
        std::set<std::string> locs;
        for (std::size_t i = 0; i < sc_.map.size(); ++i) locs.insert(sc_.map.name(static_cast<LocId>(i)));
        const MapNames* best = nullptr;
        Rewrite best_rw;
        std::size_t best_hits = 0, best_agree = 0;
        for (const MapNames& mn : maps)
            for (const Rewrite& rw : rewrites) {
                std::size_t hits = 0, agree = 0;
                for (const std::string& n : mn.names)
                    if (auto r = rewrite(rw, n); r && locs.count(*r)) ++hits;
                for (const auto& [s, u] : matched())
                    if (s->from_file && s->map == mn.map->id && u->at != kNoLoc)
                        if (auto r = rewrite(rw, s->location); r && *r == sc_.map.name(u->at)) ++agree;
                if (agree > best_agree || (agree == best_agree && hits > best_hits))
                    best = &mn, best_rw = rw, best_hits = hits, best_agree = agree;
            }
        std::string out;
        if (best == nullptr) {
            // No map names a location: the first map with a grid, else the first map.
            for (const MapNames& mn : maps)
                if (best == nullptr && !mn.names.empty()) best = &mn;
            if (best == nullptr && !maps.empty()) best = &maps.front();
            out += "    <!-- The game map: TO RESOLVE. No map's grid names any location of the scenario, even rewritten"
                   " (\"{col}.{row}\" -> \"{col}{row}\", row first -> column first); a guess. -->\n";
        } else {
            out += fmt::format("    <!-- The game map: its grid names {} of the scenario's {} locations{}{}. -->\n", best_hits, locs.size(),
                               best_rw.from.empty() ? " as they are" : " once rewritten",
                               best_agree ? fmt::format("; {} matched piece(s) of the files stand on their set-up hexes", best_agree) : "");
        }
        game_map_ = best ? best->map->id : "";
        out += fmt::format("    <map name=\"{}\">\n", attr(game_map_));
        // What the files teach: a piece whose name gives a unit, at its set-up hex under another name.
        std::map<std::string, std::string> explicit_names;
        std::vector<std::string> elsewhere;
        for (const auto& [s, u] : matched()) {
            if (!s->from_file || s->map != game_map_ || u->at == kNoLoc || s->location.empty()) continue;
            const std::string want = sc_.map.name(u->at);
            const auto r = rewrite(best_rw, s->location);
            if (r && *r == want) continue;
            if (r && locs.count(*r)) {
                elsewhere.push_back(fmt::format("{} at {} (set up at {})", u->id, *r, want));
                continue;
            }
            explicit_names.emplace(s->location, want);
        }
        for (const auto& [from, id] : explicit_names)
            out += fmt::format("      <location vassal=\"{}\" id=\"{}\"/> <!-- a piece of the files stands there on its unit's set-up hex -->\n", attr(from), attr(id));
        if (!best_rw.from.empty())
            out += fmt::format("      <!-- VASSAL names hexes '{}'; the scenario '{}'. -->\n      <rewrite from=\"{}\" to=\"{}\"/>\n",
                               comment_text(best_rw.from), comment_text(best_rw.to), attr(best_rw.from), attr(best_rw.to));
        if (!elsewhere.empty())
            out += "      <!-- Pieces of the files away from their set-up hexes (moved before the file began?): " +
                   comment_text(quoted_list(elsewhere, 10)) + " -->\n";
        out += "    </map>\n";
        return out;
    }

    // ---- the boxes ----
    static int box_kind(std::string_view name) {
        const std::string l = lower(name);
        const auto any = [&](std::initializer_list<const char*> ws) {
            return std::any_of(ws.begin(), ws.end(), [&](const char* w) { return l.find(w) != std::string::npos; });
        };
        if (any({"dead", "elim", "casualt", "killed", "destroyed", "loss", "graveyard", "kia", "cemetery"})) return 0;
        if (any({"exit", "withdraw", "escape", "evacuat"})) return 1;
        if (any({"reinforc", "pool", "arriv", "reserve", "available", "entry"})) return 2;
        return -1;
    }

    std::string boxes_part() {
        std::vector<std::string> lines[3];
        static const char* const tags[3] = {"eliminated", "exited", "pool"};
        for (const vassal::MapDef& d : m_.maps) {
            if (d.id == game_map_) continue;
            if (const int k = box_kind(d.id); k >= 0)
                lines[k].push_back(fmt::format("    <{} map=\"{}\"/> <!-- the map's name -->\n", tags[k], attr(d.id)));
        }
        for (const auto& [map, zone] : zones_)
            if (const int k = box_kind(zone->name); k >= 0) {
                const bool plain = zone->location_format.text() == "$name$";
                lines[k].push_back(fmt::format("    <{} map=\"{}\" zone=\"{}\"/> <!-- the zone's name{} -->\n", tags[k], attr(map->id),
                                               attr(zone->name),
                                               plain ? "" : fmt::format("; TO RESOLVE: its locations are named '{}', and the zone attribute is that name",
                                                                        comment_text(zone->location_format.text()))));
            }
        std::string out = "    <!-- The boxes: the maps and zones whose names say so (dead, eliminated, casualties...; exit...; reinforcements, pool...). -->\n";
        for (int k = 0; k < 3; ++k) {
            if (lines[k].empty()) out += fmt::format("    <!-- TO RESOLVE: no map or zone is named like the {} box. -->\n", tags[k]);
            for (const std::string& l : lines[k]) out += l;
        }
        return out;
    }

    // ---- turns and phases ----
    struct Level {
        const vassal::TurnLevel* level;
        int number;   // 1-based, depth first
    };
    static void flatten(const std::vector<vassal::TurnLevel>& levels, std::vector<Level>& out) {
        for (const vassal::TurnLevel& l : levels) {
            out.push_back({&l, static_cast<int>(out.size()) + 1});
            flatten(l.levels, out);
        }
    }

    // A list item read as "SIDE PHASE": the scenario's phase whose name a word of the item begins
    // (or is begun by), and the side another word names (or a value the side's source maps).
    struct ItemMatch {
        std::int32_t phase = -1;
        SideId side = kNoSide;
        std::string other;   // the words that are not the phase, when no side is found
    };
    ItemMatch match_item(const std::string& item) const {
        ItemMatch m;
        std::string rest;
        for (const std::string& w : words_of(item)) {
            bool phase_word = false;
            if (m.phase < 0 && w.size() >= 3)
                for (std::size_t p = 0; p < sc_.phases.size(); ++p) {
                    const std::string n = lower(sc_.phases[p].name);
                    if (n.starts_with(w) || w.starts_with(n)) m.phase = static_cast<std::int32_t>(p), phase_word = true;
                    if (phase_word) break;
                }
            if (phase_word) continue;
            if (m.side == kNoSide) m.side = sc_.find_side(w);
            if (m.side == kNoSide)
                for (const auto& [v, as] : side_values_)
                    if (iequals(v, w)) m.side = sc_.find_side(as);
            if (m.side == kNoSide) rest += (rest.empty() ? "" : " ") + w;
        }
        m.other = rest;
        return m;
    }

    std::string turns_part() {
        if (m_.turn_trackers.empty()) {
            for (const vassal::GlobalPropertyDef& g : m_.catalog.properties)
                if (iequals(g.name, "turn"))
                    return fmt::format("    <!-- Turns: the module has no turn tracker; its global property '{}' is a guess. Phases: TO RESOLVE. -->\n"
                                       "    <turns source=\"property\" property=\"{}\"/>\n",
                                       comment_text(g.name), attr(g.name));
            return "    <!-- Turns and phases: TO RESOLVE. The module has no turn tracker: give <turns> and <phases> (a global\n"
                   "         property, or chat lines), or the game's turns are not read. -->\n";
        }
        const vassal::TurnTracker& t = m_.turn_trackers.front();
        std::vector<Level> levels;
        flatten(t.levels, levels);
        std::string out;
        if (m_.turn_trackers.size() > 1) out += fmt::format("    <!-- The module has {} turn trackers; the first is read. -->\n", m_.turn_trackers.size());
        const Level* counter = nullptr;
        for (const Level& l : levels)
            if (counter == nullptr && l.level->class_name.ends_with("CounterTurnLevel")) counter = &l;
        if (counter != nullptr)
            out += fmt::format("    <!-- Turns: the turn tracker '{}', level {} ('{}'), its first counter. -->\n"
                               "    <turns source=\"tracker\" tracker=\"{}\" level=\"{}\"/>\n",
                               comment_text(t.name), counter->number, comment_text(counter->level->name), attr(t.name), counter->number);
        else
            out += fmt::format("    <!-- Turns: TO RESOLVE. The turn tracker '{}' has no counter level. -->\n", comment_text(t.name));
        // Phases: the list level whose items name most of the scenario's phases.
        const Level* list = nullptr;
        std::size_t best = 0;
        for (const Level& l : levels) {
            if (l.level->items.empty()) continue;
            std::size_t n = 0;
            for (const std::string& item : l.level->items) n += match_item(item).phase >= 0 ? 1 : 0;
            if (n > best) best = n, list = &l;
        }
        if (list == nullptr) return out + "    <!-- Phases: TO RESOLVE. No list level of the turn tracker names the scenario's phases. -->\n";
        std::vector<ItemMatch> items;
        std::set<SideId> seen;
        std::set<std::string> unknown;
        for (const std::string& item : list->level->items) {
            items.push_back(match_item(item));
            if (items.back().side != kNoSide) seen.insert(items.back().side);
            else if (items.back().phase >= 0 && !items.back().other.empty()) unknown.insert(items.back().other);
        }
        // One word that names no side, and one side no item names: that side (a guess, said).
        std::string guessed;
        if (unknown.size() == 1 && sc_.sides.size() == seen.size() + 1)
            for (std::size_t s = 0; s < sc_.sides.size(); ++s)
                if (!seen.count(static_cast<SideId>(s))) {
                    for (ItemMatch& i : items)
                        if (i.side == kNoSide && i.other == *unknown.begin()) i.side = static_cast<SideId>(s);
                    guessed = fmt::format(" '{}' is taken for {}, the side no other item names (a guess).", *unknown.begin(), sc_.sides[s]);
                }
        const bool sided = std::any_of(sc_.sequence.begin(), sc_.sequence.end(), [](const SequenceStep& s) { return s.side != kNoSide; });
        out += fmt::format("    <!-- Phases: level {} ('{}') of the tracker, whose items are matched to the scenario's phases by name.{} -->\n",
                           list->number, comment_text(list->level->name), comment_text(guessed));
        out += fmt::format("    <phases source=\"tracker\" tracker=\"{}\" level=\"{}\">\n", attr(t.name), list->number);
        for (std::size_t i = 0; i < items.size(); ++i) {
            const std::string& item = list->level->items[i];
            const ItemMatch& im = items[i];
            if (im.phase < 0) {
                out += fmt::format("      <!-- TO RESOLVE: '{}' names no phase of the scenario. -->\n", comment_text(item));
            } else if (im.side == kNoSide && sided) {
                out += fmt::format("      <!-- TO RESOLVE: '{}' names no side (phase {}). -->\n", comment_text(item),
                                   comment_text(sc_.phases[static_cast<std::size_t>(im.phase)].name));
            } else {
                const std::string as = im.side == kNoSide ? sc_.phases[static_cast<std::size_t>(im.phase)].name
                                                          : sc_.sides[static_cast<std::size_t>(im.side)] + " " + sc_.phases[static_cast<std::size_t>(im.phase)].name;
                out += fmt::format("      <phase vassal=\"{}\" as=\"{}\"/>\n", attr(item), attr(as));
            }
        }
        return out + "    </phases>\n";
    }

    std::string dice_part() {
        if (m_.dice_buttons.empty()) return "    <!-- Dice: the module has no dice button. -->\n";
        std::string out = "    <!-- Dice: every dice button of the module, rolled by any side (side=\"\": the roller's). -->\n";
        std::size_t n = 0;
        for (const vassal::DiceButton& d : m_.dice_buttons) {
            if (++n > 50) {
                out += fmt::format("    <!-- and {} more buttons, left out -->\n", m_.dice_buttons.size() - 50);
                break;
            }
            if (d.name.empty()) continue;
            out += fmt::format("    <dice button=\"{}\" side=\"\"/>\n", attr(d.name));
        }
        return out;
    }

    // ---- what the files' pieces become ----
    void coverage() {
        out_.has_files = !files_.empty();
        if (files_.empty()) return;
        DraftCoverage& c = out_.coverage;
        std::set<std::string> bound;
        for (const auto& [u, name] : unit_name_) bound.insert(name);
        std::map<std::string, std::size_t> index;
        for (const Sample& s : samples_) {
            if (!s.from_file) continue;
            ++c.pieces;
            if (bound.count(s.name)) {
                ++c.bound;
                continue;
            }
            auto [it, fresh] = index.emplace(s.name, c.unbound.size());
            if (fresh) c.unbound.emplace_back(s.name, 0);
            ++c.unbound[it->second].second;
        }
        out_.notes.push_back(fmt::format("The files' pieces at their start: {} of {} are bound as units.", c.bound, c.pieces));
        if (!c.unbound.empty()) {
            std::vector<std::string> rest;
            for (const auto& [n, k] : c.unbound) rest.push_back(k > 1 ? fmt::format("{} (x{})", n, k) : n);
            out_.notes.push_back("Not bound (markers, or units to bind by hand): " + quoted_list(rest, 200) + ".");
        }
    }

    const Module& m_;
    const Scenario& sc_;
    const std::vector<DraftFile>& files_;
    Namer namer_;
    std::vector<Sample> samples_;
    std::map<std::string, std::size_t> slot_count_;
    std::map<std::string, std::int32_t> loose_units_;
    std::string pattern_text_;
    std::optional<Pattern> pattern_;
    std::map<std::int32_t, std::string> unit_name_;                 // unit -> the piece name bound to it
    std::map<std::string, NameMatch> name_unit_;                     // that name -> its match
    std::map<std::int32_t, std::vector<std::string>> other_names_;  // unit -> other names that gave it
    std::vector<std::pair<std::string, std::string>> side_values_;  // the side source's value mapping
    std::vector<std::pair<const vassal::MapDef*, const vassal::Zone*>> zones_;
    std::string game_map_;
    BindingDraft out_;
};

}  // namespace

BindingDraft draft_binding(const vassal::Module& module, const Scenario& scenario, const std::vector<DraftFile>& files) {
    return Drafter(module, scenario, files).run();
}

std::string draft_scenario_file(const BindingDraft& draft, const vassal::Module& module, const Scenario& scenario,
                                const std::string& base, const std::string* base_text) {
    std::string tail;
    for (const std::string& n : draft.notes) tail += "  <!-- " + comment_text(n) + " -->\n";
    if (base_text != nullptr) {
        std::string text = *base_text;
        // The file's own <vassal>, if any, is replaced.
        for (std::size_t at = text.find("<vassal"); at != std::string::npos; at = text.find("<vassal", at + 1)) {
            const char next = at + 7 < text.size() ? text[at + 7] : '\0';
            if (next != '>' && next != ' ' && next != '\n' && next != '\t' && next != '\r') continue;
            const std::size_t end = text.find("</vassal>", at);
            if (end == std::string::npos) break;
            text.erase(at, end + 9 - at);
            break;
        }
        const std::size_t close = text.rfind("</scenario>");
        if (close != std::string::npos)
            return text.substr(0, close) + draft.vassal + tail + text.substr(close);
    }
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += fmt::format("<!--\n  A draft binding of module '{}' to scenario '{}', written by `referee bind`\n"
                       "  (docs/vassal.md, \"Drafting a binding\"; the syntax: docs/scenario-format.md, \"VASSAL binding\").\n-->\n",
                       comment_text(module.name), comment_text(scenario.id));
    std::string id;
    for (char c : scenario.id + "-" + module.name) {
        const unsigned char u = static_cast<unsigned char>(c);
        id += std::isalnum(u) ? static_cast<char>(std::tolower(u)) : '-';
    }
    out += fmt::format("<scenario format=\"1\" extends=\"{}\" id=\"{}\" title=\"{}\">\n", attr(base), attr(id + "-draft"),
                       attr(scenario.title + " (" + module.name + ", draft binding)"));
    return out + draft.vassal + tail + "</scenario>\n";
}

std::string draft_summary(const BindingDraft& d) {
    std::string s = fmt::format("{} of the scenario's {} units matched to a piece", d.units_matched, d.units);
    if (d.has_files) s += fmt::format("; the draft binds {} of the files' {} pieces", d.coverage.bound, d.coverage.pieces);
    return s;
}

}  // namespace referee
