#include "scenario_show.hpp"

#include "shown.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <climits>
#include <string>
#include <vector>

namespace referee {

namespace {

using json = nlohmann::ordered_json;

const char* phase_kind(PhaseKind k) {
    switch (k) {
        case PhaseKind::Movement: return "movement";
        case PhaseKind::Combat: return "combat";
        case PhaseKind::Other: break;
    }
    return "other";
}

std::string side_name(const Scenario& s, SideId side) {
    if (side >= 0 && static_cast<std::size_t>(side) < s.sides.size()) return s.sides[static_cast<std::size_t>(side)];
    return "";
}

std::string loc_name(const Scenario& s, LocId loc) {
    return loc == kNoLoc ? std::string() : s.map.name(loc);
}

std::vector<std::string> loc_names(const Scenario& s, const std::vector<LocId>& locs) {
    std::vector<std::string> out;
    for (LocId l : locs) out.push_back(loc_name(s, l));
    return out;
}

// "Union movement", "French turn" (a phase of no side: its name alone).
std::string step_text(const Scenario& s, const SequenceStep& step) {
    const std::string& phase = s.phases[static_cast<std::size_t>(step.phase)].name;
    // kNoSide: a phase of no side; kPhasingSide: of the side whose turn it is (alternate turns).
    std::string text = step.side < 0 ? phase : fmt::format("{} {}", side_name(s, step.side), phase);
    if (step.first_turn > 1 || step.last_turn != INT_MAX)
        text += step.last_turn == INT_MAX ? fmt::format(" (from turn {})", step.first_turn)
                                          : fmt::format(" (turns {} to {})", step.first_turn, step.last_turn);
    return text;
}

// A unit's set-up: its hex, its reinforcement turn and hex, or off the map.
std::string setup_text(const Scenario& s, const UnitDef& u) {
    if (u.at != kNoLoc) return loc_name(s, u.at);
    if (u.enters_turn > 0)
        return u.enters_at == kNoLoc ? fmt::format("enters turn {}", u.enters_turn)
                                     : fmt::format("enters turn {} at {}", u.enters_turn, loc_name(s, u.enters_at));
    return "off the map";
}

const char* grid_name(GridKind g) {
    switch (g) {
        case GridKind::HexColumns: return "hex-columns";
        case GridKind::HexRows: return "hex-rows";
        case GridKind::None: break;
    }
    return "areas";
}

// One line of the text, ending with its line feed: what it shows of the scenario escaped (shown.hpp),
// so that a name cannot break the line or act on the terminal.
void put(std::string& out, std::string_view line) {
    if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
    append_escaped(out, line);
    out += '\n';
}

std::string turns_text(const Scenario& s) {
    if (!s.turns_param.empty()) return fmt::format("{} (parameter {})", s.turns, s.turns_param);
    return s.turns == 0 ? "no limit (the game ends by its victory conditions or an end record)" : std::to_string(s.turns);
}

}  // namespace

std::string scenario_text(const Scenario& s) {
    std::string out;
    put(out, fmt::format("{}: {}\n", s.id, s.title));
    if (!s.extends.empty()) put(out, fmt::format("extends: {}\n", s.extends));
    if (s.sides_from_game)
        put(out, fmt::format("sides: {} declared by the game's side records\n", s.game_sides));
    else
        put(out, fmt::format("sides: {}\n", fmt::join(s.sides, ", ")));
    if (s.first_player != kNoSide) put(out, fmt::format("first player: {}\n", side_name(s, s.first_player)));
    put(out, fmt::format("turns: {}\n", turns_text(s)));
    std::vector<std::string> phases;
    for (const PhaseDef& p : s.phases) phases.push_back(fmt::format("{} ({})", p.name, phase_kind(p.kind)));
    put(out, fmt::format("phases: {}\n", fmt::join(phases, ", ")));
    if (!s.sequence.empty()) {
        std::vector<std::string> steps;
        for (const SequenceStep& st : s.sequence) steps.push_back(step_text(s, st));
        put(out, fmt::format("sequence of a game-turn: {}\n", fmt::join(steps, ", ")));
        if (s.alternate_turns) put(out, "  each game-turn is one side's turn, the sides alternating; the side of the first phase record moves first\n");
    }

    if (!s.units.empty()) {
        put(out, fmt::format("units ({}):\n", s.units.size()));
        std::size_t wid = 2, wside = 4, wtype = 4;
        for (const UnitDef& u : s.units) {
            wid = std::max(wid, u.id.size());
            wside = std::max(wside, side_name(s, u.side).size());
            wtype = std::max(wtype, u.type.size());
        }
        put(out, fmt::format("  {:<{}}  {:<{}}  {:<{}}  {:>8}  {}\n", "id", wid, "side", wside, "type", wtype, "strength", "set-up"));
        for (const UnitDef& u : s.units)
            put(out, fmt::format("  {:<{}}  {:<{}}  {:<{}}  {:>8}  {}\n", u.id, wid, side_name(s, u.side), wside, u.type, wtype, u.strength,
                               setup_text(s, u)));
    }
    if (s.units.empty() && s.start_pieces.empty())
        put(out, "units: none built in: a game gives its own (setup custom and unit records)\n");
    if (!s.reinforcements.schedule.empty()) {
        std::vector<std::string> arrivals;
        for (const Arrival& a : s.reinforcements.schedule)
            arrivals.push_back(fmt::format("{} turn {} at {}", side_name(s, a.side), a.turn, loc_name(s, a.at)));
        put(out, fmt::format("reinforcement schedule{}: {}\n",
                           s.reinforcements.schedule_rule.empty() ? "" : fmt::format(" ({})", s.reinforcements.schedule_rule),
                           fmt::join(arrivals, "; ")));
    }
    if (!s.start_pieces.empty()) {
        put(out, "set-up pieces:\n");
        for (const StartPieces& p : s.start_pieces)
            put(out, fmt::format("  {} {} x{} in {}\n", side_name(s, p.faction), piece_name(p.piece), p.count, loc_name(s, p.space)));
    }

    if (s.map.grid() == GridKind::None) {
        std::vector<std::string> names;
        for (std::size_t i = 0; i < s.map.size(); ++i) names.push_back(s.map.name(static_cast<LocId>(i)));
        put(out, fmt::format("locations ({}): {}\n", names.size(), fmt::join(names, ", ")));
    } else if (s.map.size() > 0) {
        put(out, fmt::format("locations: a hex grid ({}) of {} hexes, {} to {}\n", grid_name(s.map.grid()), s.map.size(), s.map.name(0),
                           s.map.name(static_cast<LocId>(s.map.size() - 1))));
    }
    if (!s.holds.empty()) {
        std::vector<std::string> holds;
        for (const InitialHold& h : s.holds) holds.push_back(fmt::format("{} {}", loc_name(s, h.loc), side_name(s, h.side)));
        put(out, fmt::format("held at the start{}: {}\n", s.holding_rule.empty() ? "" : fmt::format(" ({})", s.holding_rule),
                           fmt::join(holds, ", ")));
    }
    if (s.exits.allowed) {
        std::vector<std::string> where = loc_names(s, s.exits.locs);
        for (Edge e : s.exits.edges) where.push_back(fmt::format("the {} edge", edge_name(e)));
        put(out, fmt::format("exits{}: {}{}\n", s.exits.rule.empty() ? "" : fmt::format(" ({})", s.exits.rule),
                           where.empty() ? "any map-edge hex" : fmt::format("{}", fmt::join(where, ", ")),
                           s.exits.unit_types.empty() ? "" : fmt::format("; {} only", fmt::join(s.exits.unit_types, ", "))));
    }
    if (!s.objectives.empty()) {
        put(out, "objectives:\n");
        for (const ObjectiveDef& o : s.objectives)
            put(out, fmt::format("  {}{}: {} {}, {} banner{}{}\n", o.name.empty() ? "" : o.name + " ", fmt::join(loc_names(s, o.locs), " "),
                               objective_kind_name(o.kind), o.side == kNoSide ? "for either side" : "for " + side_name(s, o.side),
                               o.banners, o.banners == 1 ? "" : "s", o.rule.empty() ? "" : fmt::format(" [{}]", o.rule)));
    }

    if (!s.params.empty()) {
        put(out, "parameters (--param NAME=VALUE, or --param " + s.id + ":NAME=VALUE in a batch):\n");
        for (const ParamDef& p : s.params)
            put(out, fmt::format("  {} = {}{}{}\n", p.name, p.default_value ? *p.default_value : "(no default: not set)",
                               p.rule.empty() ? "" : fmt::format(" [{}]", p.rule), p.description.empty() ? "" : ": " + p.description));
    }
    if (!s.rulings.empty()) {
        put(out, "rulings:\n");
        for (const RulingDef& r : s.rulings) put(out, fmt::format("  {}: {}\n", r.id, r.text));
    }
    return out;
}

std::string scenario_json(const Scenario& s) {
    json j;
    j["format"] = 1;
    j["id"] = s.id;
    j["title"] = s.title;
    j["extends"] = s.extends.empty() ? json(nullptr) : json(s.extends);
    j["sides"] = s.sides;   // empty when the game's side records declare them
    j["first_player"] = s.first_player == kNoSide ? json(nullptr) : json(side_name(s, s.first_player));
    j["turns"] = s.turns == 0 ? json(nullptr) : json(s.turns);
    json phases = json::array();
    for (const PhaseDef& p : s.phases) phases.push_back(json{{"name", p.name}, {"kind", phase_kind(p.kind)}});
    j["phases"] = std::move(phases);
    json sequence = json::array();
    for (const SequenceStep& st : s.sequence)
        sequence.push_back(json{{"side", st.side == kPhasingSide ? json("phasing") : st.side < 0 ? json(nullptr) : json(side_name(s, st.side))},
                                {"phase", s.phases[static_cast<std::size_t>(st.phase)].name},
                                {"first_turn", st.first_turn},
                                {"last_turn", st.last_turn == INT_MAX ? json(nullptr) : json(st.last_turn)}});
    j["sequence"] = std::move(sequence);
    json units = json::array();
    for (const UnitDef& u : s.units)
        units.push_back(json{{"id", u.id},
                             {"side", side_name(s, u.side)},
                             {"type", u.type},
                             {"strength", u.strength},
                             {"setup", u.at == kNoLoc ? json(nullptr) : json(loc_name(s, u.at))},
                             {"enters_turn", u.enters_turn > 0 ? json(u.enters_turn) : json(nullptr)},
                             {"enters_at", u.enters_at == kNoLoc ? json(nullptr) : json(loc_name(s, u.enters_at))}});
    j["units"] = std::move(units);
    json arrivals = json::array();
    for (const Arrival& a : s.reinforcements.schedule)
        arrivals.push_back(json{{"side", side_name(s, a.side)}, {"turn", a.turn}, {"at", loc_name(s, a.at)}});
    j["reinforcements"] = std::move(arrivals);
    json pieces = json::array();
    for (const StartPieces& p : s.start_pieces)
        pieces.push_back(json{{"side", side_name(s, p.faction)}, {"piece", piece_name(p.piece)}, {"count", p.count}, {"at", loc_name(s, p.space)}});
    j["pieces"] = std::move(pieces);
    json locations = json::array();
    for (std::size_t i = 0; i < s.map.size(); ++i) locations.push_back(s.map.name(static_cast<LocId>(i)));
    j["map"] = grid_name(s.map.grid());
    j["locations"] = std::move(locations);
    json params = json::array();
    for (const ParamDef& p : s.params)
        params.push_back(json{{"name", p.name},
                              {"default", p.default_value ? json(*p.default_value) : json(nullptr)},
                              {"rule", p.rule.empty() ? json(nullptr) : json(p.rule)},
                              {"description", p.description}});
    j["parameters"] = std::move(params);
    json rulings = json::array();
    for (const RulingDef& r : s.rulings) rulings.push_back(json{{"id", r.id}, {"text", r.text}});
    j["rulings"] = std::move(rulings);
    return escape_json_text(j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

}  // namespace referee
