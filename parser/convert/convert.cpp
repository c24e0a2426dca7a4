// A VASSAL game as records of the move log (convert.hpp). The file's position is replayed command
// by command on a copy of its initial Game; after each piece command the bound units are read
// again (where each stands, and its strength) and the difference from before is written as
// records, as vassal.md's table says. Chat lines become rolls, turns, phases or chat.
#include "convert.hpp"

#include "board_layout.hpp"
#include "commands.hpp"
#include "diagnostics.hpp"
#include "format.hpp"
#include "locate.hpp"
#include "pattern.hpp"
#include "text.hpp"
#include "traits.hpp"
#include "tracker.hpp"
#include "vassal_error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace referee {

using vassal::Entity;
using vassal::Game;

namespace {

std::string joined_lines(const std::vector<std::string>& problems) {
    std::string out;
    for (const std::string& p : problems) out += (out.empty() ? "" : "\n") + p;
    return out;
}

}  // namespace

ConvertError::ConvertError(const std::vector<std::string>& problems) : std::runtime_error(joined_lines(problems)) {}

namespace {

// The most problems one conversion reports (each piece that cannot be bound is one).
constexpr std::size_t kMaxProblems = 50;

enum class Where { elsewhere, map, pool, eliminated, exited };

const char* where_name(Where w) {
    switch (w) {
    case Where::map: return "on the game map";
    case Where::pool: return "in the pool";
    case Where::eliminated: return "in the eliminated box";
    case Where::exited: return "in the exited box";
    case Where::elsewhere: break;
    }
    return "off the maps the binding names";
}

struct UnitState {
    std::string piece;  // the VASSAL id
    std::string piece_name;
    Where where = Where::elsewhere;
    std::string loc;    // on the game map: the scenario's location (or VASSAL's name as it is)
    std::string side, type;
    std::int64_t strength = 0;
    std::size_t order = 0;  // the piece's order in the game
};

using Position = std::map<std::string, UnitState>;  // by unit id

Pattern must_compile(const std::string& text) {
    std::string error;
    auto p = Pattern::compile(text, &error);
    if (!p) throw ConvertError("the scenario's <vassal> pattern '" + text + "' is wrong: " + error);
    return *p;
}

vassal::Point point(long long x, long long y) {
    auto clamp = [](long long v) {
        return static_cast<int>(std::clamp<long long>(v, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
    };
    return vassal::Point{clamp(x), clamp(y)};
}

// The whole numbers of a dice button's result ("3,5", "3 5", "8").
std::vector<std::string> numbers_of(std::string_view s) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : s) {
        if (c >= '0' && c <= '9') {
            cur.push_back(c);
        } else if (!cur.empty()) {
            out.push_back(cur);
            cur.clear();
        }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

class Converter {
public:
    Converter(const vassal::VassalFile& file, const vassal::Module& module, const Scenario& sc)
        : file_(file), module_(module), sc_(sc), b_(sc.vassal) {
        if (!b_.declared)
            throw ConvertError("the scenario '" + sc.id + "' has no <vassal> section: give a scenario file with one (docs/scenario-format.md, \"VASSAL binding\")");
        // Every part of the binding that the module does not have, each at its place in the binding.
        std::vector<std::string> problems;
        const auto at = [](const std::string& place) { return place.empty() ? std::string() : place + ": "; };
        if (!b_.module_name.empty() && b_.module_name != module_.name)
            problems.push_back(fmt::format("{}the scenario's <vassal> binding is for module '{}'; the module given ({}) is '{}': give the "
                                           "game's module, or a scenario whose binding names it",
                                           at(b_.module_at), b_.module_name, module_label(), module_.name));
        if (!b_.pieces.name_pattern.empty()) name_pattern_ = must_compile(b_.pieces.name_pattern);
        for (const std::string& p : b_.pieces.only) only_.push_back(must_compile(p));
        for (const std::string& p : b_.pieces.ignore) ignore_.push_back(must_compile(p));
        for (const auto& [from, to] : b_.locations.rewrites) rewrites_.emplace_back(must_compile(from), must_compile(to));
        chat_ = must_compile(b_.chat_pattern.empty() ? "{player} - {text}" : b_.chat_pattern);
        if (!b_.turns.turn_chat.empty()) turn_chat_ = must_compile(b_.turns.turn_chat);
        if (!b_.turns.phase_chat.empty()) phase_chat_ = must_compile(b_.turns.phase_chat);
        if (b_.turns.turn_source == VassalTurns::Source::tracker || b_.turns.phase_source == VassalTurns::Source::tracker) {
            for (std::size_t i = 0; i < module_.turn_trackers.size(); ++i)
                if (module_.turn_trackers[i].name == b_.turns.tracker) tracker_ = &module_.turn_trackers[i], tracker_index_ = i;
            if (tracker_ == nullptr) {
                std::string names;
                for (const vassal::TurnTracker& t : module_.turn_trackers) names += (names.empty() ? "'" : ", '") + t.name + "'";
                problems.push_back(at(b_.tracker_at) + "the scenario's <vassal> reads turns or phases from the turn tracker '" + b_.turns.tracker +
                                   "', which module " + module_label() + " does not have" +
                                   (names.empty() ? std::string(" (it has none)") : " (it has " + names + ")"));
            } else {
                const std::size_t levels = tracker_level_count(*tracker_);
                const bool phases = b_.turns.phase_source == VassalTurns::Source::tracker;
                for (const auto& [used, level, what, place] :
                     {std::tuple{b_.turns.turn_source == VassalTurns::Source::tracker, b_.turns.turn_level, "turns", &b_.turn_level_at},
                      std::tuple{phases, b_.turns.phase_level, "phases", &b_.phase_level_at},
                      std::tuple{phases && b_.turns.phase_side_level >= 0, b_.turns.phase_side_level, "the phases' sides", &b_.phase_side_level_at}})
                    if (used && (level < 0 || static_cast<std::size_t>(level) >= levels))
                        problems.push_back(fmt::format("{}the scenario's <vassal> reads {} from level {} of the turn tracker '{}', which has {} "
                                                       "level{} in module {}",
                                                       at(*place), what, level + 1, b_.turns.tracker, levels, levels == 1 ? "" : "s", module_label()));
            }
        }
        if (b_.needs_module_catalog() && !module_.catalog.read)
            problems.push_back("the scenario's <vassal> selects pieces by prototype, and module " + module_label() +
                               " was read without its piece slots (vassal::LoadOptions::catalog)");
        if (module_.map(b_.locations.map) == nullptr) {
            std::string names;
            for (const vassal::MapDef& m : module_.maps) names += (names.empty() ? "'" : ", '") + m.id + "'";
            problems.push_back(at(b_.map_at) + "the scenario's <vassal> names the game map '" + b_.locations.map + "', which module " +
                               module_label() + " does not have (its maps: " + names + ")");
        }
        if (!problems.empty()) throw ConvertError(problems);
    }

    Conversion run(const std::string& game_ref) {
        if (!b_.module_version.empty() && b_.module_version != module_.version)
            warn(Code::ModuleVersion, fmt::format("the scenario's binding was written for module '{}' version {}; the module given ({}) is "
                                                  "version {}: the binding may not fit it",
                                                  b_.module_name, b_.module_version, module_label(),
                                                  module_.version.empty() ? "(none)" : module_.version));
        Game game = file_.initial;
        Position pos = snapshot(game);
        header(game_ref, game, pos);
        // Undone steps: each undo, and the step it takes back.
        std::set<std::size_t> undone;
        for (const vassal::Step& s : file_.steps)
            if (s.undo != vassal::UndoKind::none) {
                undone.insert(s.number);
                if (s.undoes) undone.insert(*s.undoes);
            }
        bool any_unit = !pos.empty();
        for (const vassal::Step& s : file_.steps) {
            step_ = s.number;
            const bool skip = undone.count(s.number) != 0;
            for (const std::string& leaf : s.leaves) {
                const vassal::LeafKind kind = vassal::classify(leaf);
                game.apply(leaf);
                if (kind == vassal::LeafKind::board_picker) locators_.erase(vassal::board_picker_map(leaf));
                if (skip) continue;
                switch (kind) {
                case vassal::LeafKind::add:
                case vassal::LeafKind::remove:
                case vassal::LeafKind::change:
                case vassal::LeafKind::move: {
                    Position now = snapshot(game);
                    any_unit = any_unit || !now.empty();
                    diff(pos, now);
                    pos = std::move(now);
                    break;
                }
                case vassal::LeafKind::chat:
                    chat(std::string_view(leaf).substr(4));
                    break;
                case vassal::LeafKind::turn: {
                    auto [id, state] = vassal::read_turn(leaf);
                    tracker(id, state);
                    break;
                }
                case vassal::LeafKind::global_property:
                case vassal::LeafKind::mutable_property: {
                    const vassal::PropertyChange p = kind == vassal::LeafKind::global_property ? vassal::read_global_property(leaf)
                                                                                                : vassal::read_mutable_property(leaf);
                    property(p.name, p.new_value);
                    break;
                }
                default:
                    break;
            }
            }
            if (skip) pos = snapshot(game);  // the undo has put it back; read it again as it is
        }
        step_ = 0;
        resume();
        if (!any_unit)
            throw ConvertError(fmt::format("{}: the scenario's <vassal> binding makes no piece of the file a unit (a unit is a piece "
                                           "on the game map '{}' or in a box whose side can be read, and that no <only>/<ignore> "
                                           "leaves out)",
                                           file_.path, b_.locations.map));
        return std::move(out_);
    }

private:
    std::string module_label() const { return module_.path.empty() ? "'" + module_.name + "'" : module_.path; }

    void warn(Code code, std::string message) { out_.warnings.push_back(ConvertWarning{code, step_, std::move(message)}); }

    void emit(std::string text) { out_.records.push_back(ConvertedRecord{std::move(text), step_, std::move(note_)}), note_.clear(); }

    // ---- the header: game, players, the units of the initial position, turn and phase ----------
    void header(const std::string& game_ref, const Game& game, const Position& pos) {
        emit("game " + log_token(game_ref));
        std::set<std::string> seen;
        for (const vassal::RosterEntry& r : file_.final.roster()) {
            const std::string side = mapped(b_.pieces.side, r.side);
            if (sc_.sides_from_game ? side.empty() : sc_.find_side(side) == kNoSide) continue;  // an observer
            if (!seen.insert(side + '\n' + r.name).second) continue;
            emit("player " + log_token(side) + " " + log_token(r.name));
        }
        emit("setup custom");
        std::vector<const std::pair<const std::string, UnitState>*> units;
        for (const auto& u : pos) units.push_back(&u);
        std::sort(units.begin(), units.end(), [](auto* a, auto* b) { return a->second.order < b->second.order; });
        for (const auto* u : units) {
            const UnitState& s = u->second;
            std::string rec = fmt::format("unit {} {} {} {}", log_token(u->first), log_token(s.side), log_token(s.type), s.strength);
            if (s.where == Where::map) rec += " at " + log_token(s.loc);
            if (const UnitDef* def = scenario_unit(u->first)) {
                if (def->ma >= 0) rec += fmt::format(" ma {}", def->ma);
                for (const std::string& r : def->roles) rec += " role " + log_token(r);
            }
            emit(std::move(rec));
            if (s.where == Where::eliminated) eliminated_.push_back(u->first);
            if (s.where == Where::exited)
                warn(Code::VassalUnread, fmt::format("unit {} is in the exited box when the file begins: where it left the map is not in "
                                                    "the file, so it is declared off the map and its exit is not counted",
                                                    u->first));
        }
        header_end_ = out_.records.size();
        // The turn and phase the file begins in.
        auto global = [&](const std::string& name) -> std::optional<std::string> {
            for (const auto& [key, value] : game.properties())
                if (key.second == name) return value;
            return std::nullopt;
        };
        if (b_.turns.turn_source == VassalTurns::Source::property)
            if (auto v = global(b_.turns.turn_property)) property(b_.turns.turn_property, *v);
        if (b_.turns.phase_source == VassalTurns::Source::property)
            if (auto v = global(b_.turns.phase_property)) property(b_.turns.phase_property, *v);
        if (tracker_ != nullptr)
            for (const auto& [id, state] : game.turns()) tracker(id, state);
    }

    // A file that begins after game-turn 1 (a save made in turn 3, a log begun in turn 4), or with
    // units already eliminated: the record resumes the game in its first game-turn, and the units out
    // of play are eliminated before it (move-log.md, "resume"; docs/vassal.md). Put in at the end of
    // the header once the first turn is known, whatever source gives it (a tracker, a property, chat).
    void resume() {
        std::int64_t first = 0;
        for (const ConvertedRecord& r : out_.records)
            if (r.text.starts_with("turn ")) {
                first = to_int(std::string_view(r.text).substr(5)).value_or(0);
                break;
            }
        if (first > 1 || (first == 1 && !eliminated_.empty())) {
            std::vector<ConvertedRecord> resumed;
            resumed.push_back(ConvertedRecord{fmt::format("resume {}", first), 0, fmt::format("the file begins in game-turn {}", first)});
            for (const std::string& u : eliminated_)
                resumed.push_back(ConvertedRecord{"eliminate " + log_token(u), 0, "in the eliminated box when the file begins"});
            out_.records.insert(out_.records.begin() + static_cast<std::ptrdiff_t>(header_end_), resumed.begin(), resumed.end());
            return;
        }
        for (const std::string& u : eliminated_)
            warn(Code::VassalUnread, fmt::format("unit {} is in the eliminated box when the file begins, and the file gives no game-turn "
                                                "to resume in: it is declared off the map, and its elimination is not counted",
                                                u));
    }

    const UnitDef* scenario_unit(const std::string& id) const {
        for (const UnitDef& u : sc_.units)
            if (u.id == id) return &u;
        return nullptr;
    }

    // ---- turns, phases, chat and dice ---------------------------------------------------------------
    void turn(std::string_view value) {
        const auto n = to_int(trim_copy(value));
        if (!n || *n < 1) {
            warn(Code::VassalUnread, fmt::format("the turn '{}' is not a whole number: no turn record", value));
            return;
        }
        if (*n > kMaxTurnNumber) {  // a move log's game-turn is at most this (found by fuzz_convert)
            warn(Code::VassalUnread, fmt::format("the turn '{}' is past {}, the last a move log can number: no turn record", value, kMaxTurnNumber));
            return;
        }
        if (*n == turn_) return;
        turn_ = *n;
        phase_.clear();  // a new game-turn begins before its first phase
        combat_side_.clear();
        emit(fmt::format("turn {}", *n));
    }

    void phase(std::string_view value) {
        std::string v = trim_copy(value);
        // Alternating turns: the side whose game-turn it is goes before the stage read.
        const auto& sides = b_.turns.sides_by_turn;
        if (!sides.empty() && turn_ >= 1) v = sides[static_cast<std::size_t>((turn_ - 1) % static_cast<std::int64_t>(sides.size()))] + " " + v;
        for (const auto& [from, as] : b_.turns.phases)
            if (iequals(from, v)) {
                if (as == phase_) return;
                phase_ = as;
                combat_side_ = combat_side_of(as);
                emit("phase " + as);
                return;
            }
        warn(Code::VassalUnread, fmt::format("the phase '{}' is not one the binding names (<phase vassal=...>): no phase record", v));
    }

    // The phasing side of a combat phase ("Union combat": "Union"), or "" for any other phase: a
    // unit dragged in it is retreating (its enemy's) or advancing (the phasing side's).
    std::string combat_side_of(const std::string& as) const {
        const auto space = as.rfind(' ');
        if (space == std::string::npos) return {};
        const std::int32_t ph = sc_.find_phase(std::string_view(as).substr(space + 1));
        if (ph < 0 || sc_.phases[static_cast<std::size_t>(ph)].kind != PhaseKind::Combat) return {};
        return as.substr(0, space);
    }

    static std::string trim_copy(std::string_view s) {
        while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
        while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
        return std::string(s);
    }

    void property(const std::string& name, const std::string& value) {
        if (b_.turns.turn_source == VassalTurns::Source::property && name == b_.turns.turn_property) turn(value);
        if (b_.turns.phase_source == VassalTurns::Source::property && name == b_.turns.phase_property) phase(value);
    }

    // A TURN leaf: the tracker's state, read with the module's levels; a turn and a phase record
    // when the levels the binding names changed. Each record says in its comment what it was read
    // from (a list's item is counted from 0, an assumption: docs/decisions.md).
    void tracker(const std::string& id, const std::string& state) {
        if (tracker_ == nullptr) return;  // turns and phases come from no tracker: a TURN leaf says nothing (found by fuzz_convert)
        // VASSAL names a module's trackers TurnTracker0, TurnTracker1, ... in the module's order (the
        // real files show TurnTracker0 for a module's one tracker); with one tracker, any id is it.
        if (module_.turn_trackers.size() > 1 && id != fmt::format("TurnTracker{}", tracker_index_)) return;
        const std::vector<TrackerLevelValue> levels = read_tracker_state(*tracker_, state);
        auto read = [&](std::int32_t level, const char* what) -> std::optional<std::string> {
            const TrackerLevelValue& v = levels[static_cast<std::size_t>(level)];
            if (!v.problem.empty()) {
                warn(Code::VassalUnread, fmt::format("the turn tracker '{}' level {} ('{}') gives no {}: {}", tracker_->name, level + 1, v.name,
                                                     what, v.problem));
                return std::nullopt;
            }
            return v.text;
        };
        auto note = [&](std::int32_t level) {
            const TrackerLevelValue& v = levels[static_cast<std::size_t>(level)];
            return v.list ? fmt::format("tracker '{}' level {} item {} (from 0) '{}'", tracker_->name, level + 1, v.value, v.text)
                          : fmt::format("tracker '{}' level {} value {}", tracker_->name, level + 1, v.text);
        };
        if (b_.turns.turn_source == VassalTurns::Source::tracker)
            if (auto t = read(b_.turns.turn_level, "turn")) {
                note_ = note(b_.turns.turn_level);
                turn(*t);
                note_.clear();
            }
        if (b_.turns.phase_source == VassalTurns::Source::tracker)
            if (auto p = read(b_.turns.phase_level, "phase")) {
                note_ = note(b_.turns.phase_level);
                // Two levels, the side's and the stage's: the phase is their texts joined.
                if (b_.turns.phase_side_level >= 0) {
                    const auto side = read(b_.turns.phase_side_level, "side");
                    if (!side) {
                        note_.clear();
                        return;
                    }
                    *p = *side + " " + *p;
                    note_ = note(b_.turns.phase_side_level) + ", " + note_;
                }
                phase(*p);
                note_.clear();
            }
    }

    static std::string_view field(const PatternFields& f, std::string_view name) {
        for (const auto& [n, v] : f)
            if (n == name) return v;
        return {};
    }

    void chat(std::string_view text) {
        if (vassal::undo_chat(text)) return;   // an old undo of a line: neither a roll, a turn nor chat
        const std::string report = vassal::normalize_report_text(vassal::report_of_chat(text));
        PatternFields f;
        if (turn_chat_ && (turn_chat_->match(report, &f) || turn_chat_->match(text, &f))) {
            turn(field(f, "turn"));
            return;
        }
        if (phase_chat_ && (phase_chat_->match(report, &f) || phase_chat_->match(text, &f))) {
            std::string v(field(f, "phase"));
            if (phase_chat_->has_field("side")) v = std::string(field(f, "side")) + " " + v;
            phase(v);
            return;
        }
        for (const VassalDice& d : b_.dice) {
            const vassal::DiceButton* button = nullptr;
            for (const vassal::DiceButton& db : module_.dice_buttons)
                if (db.name == d.button) button = &db;
            if (button == nullptr || button->report_format.empty()) continue;
            auto vars = vassal::match_format(vassal::normalize_report_text(button->report_format), report);
            if (!vars) continue;
            if (auto it = vars->find("name"); it != vars->end() && it->second != button->name) continue;
            auto result = vars->find("result");
            if (result == vars->end()) continue;
            const std::vector<std::string> numbers = numbers_of(result->second);
            if (numbers.empty()) continue;
            // A move log's number fits in 64 bits (found by fuzz_convert: a longer one made the
            // converted game a syntax error).
            if (std::any_of(numbers.begin(), numbers.end(), [](const std::string& n) { return !to_int(n); })) {
                warn(Code::VassalUnread, fmt::format("the roll of '{}' shows a number past 64 bits ('{}'): no roll record", button->name, result->second));
                return;
            }
            std::string rec = "roll " + (d.dice.empty() ? fmt::format("{}d{}", button->n_dice, button->n_sides) : d.dice);
            for (const std::string& n : numbers) rec += " " + n;
            emit(std::move(rec));
            return;
        }
        if (!text.empty() && text.front() == '*') return;  // a report VASSAL made, not typed chat
        // Typed chat as the player typed it: VASSAL 3.5 on writes "&lt;Alice&gt; - text".
        const std::string typed = vassal::decode_entities(text);
        if (chat_->match(typed, &f)) {
            std::string player(field(f, "player"));
            if (player.size() >= 2 && player.front() == '<' && player.back() == '>') player = player.substr(1, player.size() - 2);
            emit("chat " + log_token(player.empty() ? "?" : player) + " " + log_string(field(f, "text")));
        }
    }

    // ---- locations ------------------------------------------------------------------------------------
    std::string vassal_location(const Game& game, const std::string& map, long long x, long long y) {
        auto it = locators_.find(map);
        if (it == locators_.end()) {
            vassal::BoardLayout layout;
            bool found = false;
            for (const auto& [id, leaf] : game.layouts())
                if (id == map) layout = vassal::parse_board_picker(leaf), found = true;
            if (!found) {
                const vassal::MapDef* def = module_.map(map);
                if (def == nullptr) return "";
                layout = vassal::default_layout(*def);
            }
            it = locators_.emplace(map, vassal::Locator(module_, layout)).first;
        }
        return it->second.name(point(x, y));
    }

    std::string scenario_location(const std::string& name) const {
        for (const auto& [from, id] : b_.locations.names)
            if (from == name) return id;
        PatternFields f;
        for (const auto& [from, to] : rewrites_)
            if (from.match(name, &f))
                if (auto filled = to.fill(f)) return *filled;
        return name;
    }

    static bool in(const std::vector<VassalPlace>& places, const std::string& map, const std::string& zone_name) {
        for (const VassalPlace& p : places)
            if (p.map == map && (p.zone.empty() || p.zone == zone_name)) return true;
        return false;
    }

    // ---- binding pieces -------------------------------------------------------------------------------
    std::string mapped(const VassalValueSource& src, const std::string& v) const {
        for (const auto& [from, as] : src.values)
            if (from == v) return as;
        return v;
    }

    std::optional<std::string> value_of(const VassalValueSource& src, const vassal::PieceView& view, const PatternFields* fields) const {
        const std::string* v = nullptr;
        std::string layer_value;
        if (!src.property.empty()) {
            v = vassal::find_property(view.properties, src.property);
        } else if (!src.layer.empty()) {
            v = vassal::find_property(view.properties, src.layer + (src.layer_index ? "_Level" : "_Name"));
        } else if (!src.pattern_field.empty()) {
            if (fields == nullptr) return std::nullopt;
            for (const auto& [n, value] : *fields)
                if (n == src.pattern_field) layer_value = std::string(value), v = &layer_value;
        }
        if (v == nullptr) return std::nullopt;
        return mapped(src, *v);
    }

    // A piece that cannot be bound: snapshot() gathers every one of a position before it stops.
    struct Unbound {
        std::string message;
    };
    [[noreturn]] void unbound(const std::string& id, const Entity& e, Where where, const std::string& why) const {
        throw Unbound{fmt::format("{}: {}piece {} '{}' ({}) looks like a unit (its side can be read) but cannot be bound: {}",
                                       file_.path, step_ == 0 ? "" : fmt::format("step {}: ", step_), id, e.view.name,
                                       where_name(where), why)};
    }

    // Whether a piece is what a selector names: its palette slot, a prototype its slot uses (from
    // the module's piece slots), or a property's value.
    bool selects(const VassalPieceSelector& s, const vassal::PieceView& view) const {
        switch (s.by) {
        case VassalPieceSelector::By::gpid: return view.gpid == s.key;
        case VassalPieceSelector::By::property: {
            const std::string* v = vassal::find_property(view.properties, s.key);
            return v != nullptr && *v == s.value;
        }
        case VassalPieceSelector::By::prototype:
            for (const vassal::PieceSlotDef& slot : module_.catalog.slots)
                if (!view.gpid.empty() && slot.gpid == view.gpid)
                    return std::find(slot.prototypes.begin(), slot.prototypes.end(), s.key) != slot.prototypes.end();
            return false;
        }
        return false;
    }

    // The unit a piece stands for, or none when it is not a unit.
    std::optional<UnitState> bind(const std::string& id, const Entity& e, Where where) const {
        const std::string& name = e.view.name;
        for (const Pattern& p : ignore_)
            if (p.match(name, nullptr)) return std::nullopt;
        for (const VassalPieceSelector& s : b_.pieces.ignore_by)
            if (selects(s, e.view)) return std::nullopt;
        const bool chosen = std::any_of(only_.begin(), only_.end(), [&](const Pattern& p) { return p.match(name, nullptr); }) ||
                            std::any_of(b_.pieces.only_by.begin(), b_.pieces.only_by.end(), [&](const VassalPieceSelector& s) { return selects(s, e.view); });
        if ((!only_.empty() || !b_.pieces.only_by.empty()) && !chosen) return std::nullopt;
        PatternFields fields;
        const bool named = name_pattern_ && name_pattern_->match(name, &fields);
        const PatternFields* f = named ? &fields : nullptr;
        const auto side = value_of(b_.pieces.side, e.view, f);
        if (!side || side->empty()) return std::nullopt;
        UnitState u;
        u.piece = id;
        u.piece_name = name;
        u.where = where;
        u.order = e.order;
        if (!sc_.sides_from_game && sc_.find_side(*side) == kNoSide)
            unbound(id, e, where, fmt::format("its side '{}' is no side of the scenario (map it with <side><value vassal=... as=...>)", *side));
        u.side = *side;
        std::string unit = name;
        const VassalPieceUnit* own = nullptr;   // a piece's own unit, or its slot's
        for (const VassalPieceUnit& pu : b_.pieces.units)
            if (pu.piece_id == id || (own == nullptr && !pu.gpid.empty() && pu.gpid == e.view.gpid)) own = &pu;
        if (own != nullptr) unit = own->unit;
        else if (b_.pieces.unit.set()) unit = value_of(b_.pieces.unit, e.view, f).value_or("");
        if (unit.empty()) unbound(id, e, where, "its unit id cannot be read");
        const UnitDef* def = scenario_unit(unit);
        if (b_.pieces.type.set()) {
            u.type = value_of(b_.pieces.type, e.view, f).value_or("");
            if (u.type.empty()) unbound(id, e, where, "its type cannot be read");
        } else if (def != nullptr) {
            u.type = def->type;
        } else {
            unbound(id, e, where, fmt::format("its type is not read (no <type>) and the scenario has no unit '{}'", unit));
        }
        if (b_.pieces.strength.set()) {
            const auto s = value_of(b_.pieces.strength, e.view, f);
            const auto n = s ? to_int(trim_copy(*s)) : std::nullopt;
            if (!n || *n < 0) unbound(id, e, where, s ? fmt::format("its strength '{}' is not a whole number", *s) : "it has no strength");
            u.strength = *n;
        } else if (def != nullptr) {
            u.strength = def->strength;
        } else {
            unbound(id, e, where, fmt::format("its strength is not read (no <strength>) and the scenario has no unit '{}'", unit));
        }
        // The unit's id is kept in the UnitState's map key; its location is set by the caller.
        u.loc = std::move(unit);
        return u;
    }

    Position snapshot(const Game& game) {
        Position out;
        std::vector<std::string> problems;   // every piece of the position that cannot be bound
        std::size_t more = 0;
        const auto problem = [&](std::string message) {
            if (problems.size() < kMaxProblems) problems.push_back(std::move(message));
            else ++more;
        };
        for (const auto& [id, e] : game.pieces()) {
            const vassal::Placement p = game.placement(*e);
            if (p.map.empty()) continue;
            Where where = Where::elsewhere;
            std::string loc;
            const bool game_map = p.map == b_.locations.map;
            const bool box_map = in(b_.eliminated, p.map, "") || in(b_.exited, p.map, "") || in(b_.pool, p.map, "");
            const bool zoned = [&] {
                for (const auto* places : {&b_.eliminated, &b_.exited, &b_.pool})
                    for (const VassalPlace& pl : *places)
                        if (pl.map == p.map && !pl.zone.empty()) return true;
                return false;
            }();
            if (!game_map && !box_map && !zoned) continue;
            const std::string name = (game_map || zoned) ? vassal_location(game, p.map, p.x, p.y) : std::string();
            if (in(b_.eliminated, p.map, name)) where = Where::eliminated;
            else if (in(b_.exited, p.map, name)) where = Where::exited;
            else if (in(b_.pool, p.map, name)) where = Where::pool;
            else if (game_map) where = Where::map, loc = scenario_location(name);
            if (where == Where::elsewhere) continue;
            std::optional<UnitState> u;
            try {
                u = bind(*id, *e, where);
            } catch (Unbound& x) {
                problem(std::move(x.message));
                continue;
            }
            if (!u) continue;
            const std::string unit = std::move(u->loc);
            u->loc = loc;
            if (auto it = out.find(unit); it != out.end()) {
                problem(fmt::format("{}: {}pieces {} '{}' and {} '{}' are both unit {}: a unit is one piece (tell them apart with "
                                    "<piece id=... unit=...>)",
                                    file_.path, step_ == 0 ? "" : fmt::format("step {}: ", step_), it->second.piece, it->second.piece_name,
                                    *id, e->view.name, unit));
                continue;
            }
            out.emplace(unit, std::move(*u));
        }
        if (more > 0) problems.push_back(fmt::format("{}: {} more pieces that cannot be bound", file_.path, more));
        if (!problems.empty()) throw ConvertError(problems);
        return out;
    }

    // ---- what changed -----------------------------------------------------------------------------------
    void diff(const Position& before, const Position& after) {
        std::vector<const std::pair<const std::string, UnitState>*> changed;
        for (const auto& u : after) changed.push_back(&u);
        std::sort(changed.begin(), changed.end(), [](auto* a, auto* b) { return a->second.order < b->second.order; });
        for (const auto* entry : changed) {
            const std::string& unit = entry->first;
            const UnitState& now = entry->second;
            auto it = before.find(unit);
            const UnitState* was = it == before.end() ? nullptr : &it->second;
            const std::string u = log_token(unit);
            if (now.where == Where::map) {
                if (was == nullptr || was->where != Where::map)
                    emit("enter " + u + " " + log_token(now.loc));
                else if (was->loc != now.loc)
                    // A drag in a combat phase is a retreat (the side not phasing) or an advance.
                    emit((combat_side_.empty() ? "move " : iequals(now.side, combat_side_) ? "advance " : "retreat ") + u + " " +
                         log_token(was->loc) + " " + log_token(now.loc));
                if (was != nullptr && now.strength < was->strength) emit(fmt::format("lose {} {}", u, was->strength - now.strength));
            } else if (was != nullptr && was->where == Where::map) {
                if (now.where == Where::eliminated) emit("eliminate " + u);
                else if (now.where == Where::exited && !combat_side_.empty() && !iequals(now.side, combat_side_))
                    emit("retreat " + u + " " + log_token(was->loc) + " off");   // off the map in a retreat
                else if (now.where == Where::exited) emit("exit " + u + " " + log_token(was->loc));
                else warn(Code::VassalUnread, fmt::format("unit {} went from the game map to {}: no record", unit, where_name(now.where)));
            }
        }
        for (const auto& [unit, was] : before)
            if (was.where == Where::map && after.find(unit) == after.end()) emit("eliminate " + log_token(unit));
    }

    const vassal::VassalFile& file_;
    const vassal::Module& module_;
    const Scenario& sc_;
    const VassalBinding& b_;
    std::optional<Pattern> name_pattern_, turn_chat_, phase_chat_;
    std::vector<Pattern> only_, ignore_;
    std::vector<std::pair<Pattern, Pattern>> rewrites_;
    std::optional<Pattern> chat_;
    std::map<std::string, vassal::Locator, std::less<>> locators_;
    const vassal::TurnTracker* tracker_ = nullptr;  // the binding's tracker, when turns or phases come from one
    std::size_t tracker_index_ = 0;
    std::string note_;  // what the next record was read from, for its comment
    std::vector<std::string> eliminated_;  // units in the eliminated box when the file begins
    std::size_t header_end_ = 0;           // the records before it are the header's game, players and units
    std::size_t step_ = 0;
    std::int64_t turn_ = 0;
    std::string phase_;
    std::string combat_side_;  // the phasing side while a combat phase is under way, else ""
    Conversion out_;
};

}  // namespace

Conversion convert_vassal(const vassal::VassalFile& file, const vassal::Module& module, const Scenario& scenario,
                          const std::string& game) {
    return Converter(file, module, scenario).run(game);
}

}  // namespace referee
