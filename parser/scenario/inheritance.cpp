// Inheritance, <scenario extends="ID">: the built-in scenario ID is read first and this file starts
// from it. What each section the file gives does to the base's (replaces it, changes it, or is
// refused: sides, phases and map stay the base's) is its row of kSections (scenario_reader.cpp). What the file keeps of the base
// must still fit what it changes: the base's turns against fewer turns, its sudden death against a
// changed source of banners, its tracks (by name) against new <tracks>.
#include "scenario_sections.hpp"

#include <algorithm>
#include <climits>
#include <cstring>
#include <set>

namespace referee::scenario_xml {

namespace {

// How deep load_scenario is nested through `extends` (a guard against a built-in that extends itself).
thread_local int g_extends_depth = 0;

}  // namespace

// <scenario extends="ID">: ID must be a built-in; the base becomes the starting point of cx.sc.
bool read_base(ReadContext& cx, pugi::xml_node root) {
    pugi::xml_attribute a = root.attribute("extends");
    const std::string_view id = trim(a.value());
    const auto& list = builtin_scenarios();
    if (std::none_of(list.begin(), list.end(), [&](const BuiltinScenario& b) { return b.id == id; })) {
        cx.error(root, a, "'extends': " + qt(id) + " is not a built-in scenario (built-ins: " + builtin_list() + ")");
        return false;
    }
    if (g_extends_depth >= 8) {
        cx.error(root, a, "'extends': the built-in scenarios extend each other in a circle (through " + qt(id) + ")");
        return false;
    }
    ++g_extends_depth;
    ScenarioLoad base = load_scenario(id);
    --g_extends_depth;
    if (!base.scenario) {
        const ScenarioError& e = base.errors.front();
        cx.error(root, a,
                 "'extends': the built-in scenario " + qt(id) + " cannot be read (" + std::to_string(e.line) + ":" +
                     std::to_string(e.col) + ": " + e.message + ")");
        return false;
    }
    cx.sc = std::move(*base.scenario);
    cx.sc.extends = std::string(id);
    if (cx.sc.map.grid() != GridKind::None && cx.sc.map.size() > 0) {  // for "unknown location" messages
        cx.grid = true;
        cx.grid_cols = cx.grid_rows = {INT_MAX, INT_MIN};
        for (LocId l = 0; l < static_cast<LocId>(cx.sc.map.size()); ++l) {
            cx.grid_cols = {std::min(cx.grid_cols.first, cx.sc.map.column(l)), std::max(cx.grid_cols.second, cx.sc.map.column(l))};
            cx.grid_rows = {std::min(cx.grid_rows.first, cx.sc.map.row(l)), std::max(cx.grid_rows.second, cx.sc.map.row(l))};
        }
    }
    return true;
}

// An extending file gives <sides>, <phases> or <map>, which stay its base's: an error, and the
// section is not read (a base whose sides come from the game lets its file name them; without the
// base, whether it does is not known: no error).
void refuse_base_section(ReadContext& cx, const char* name, bool base_ok) {
    const bool sides = !std::strcmp(name, "sides");
    if (sides && (!base_ok || cx.sc.sides_from_game)) return;
    cx.error(cx.section(name), "<" + std::string(name) +
                                  "> is not allowed in a scenario that extends another: an extending scenario "
                                  "keeps its base's sides, phases and map" +
                                  (sides ? " (only a base whose sides come from the game, <sides from-game=\"yes\">, "
                                           "lets it name its sides)"
                                         : ""));
    cx.sections[name] = pugi::xml_node();
}

// An extending file that gives <tracks> but keeps its base's <casualties> or <victory>: those
// named the base's tracks by index, so they are found again by name in the new tracks.
void remap_inherited_tracks(ReadContext& cx, pugi::xml_node /*root*/) {
    if (!cx.extending || !cx.section("tracks") || !cx.tracks_ok) return;
    pugi::xml_node at = cx.section("tracks");
    std::set<std::string> reported;
    auto find = [&](std::int32_t old, const char* section, bool casualties) -> std::int32_t {
        const std::string& name = cx.base_track_names[static_cast<std::size_t>(old)];
        const std::int32_t t = cx.sc.find_track(name);
        if (t >= 0 && (!casualties || cx.sc.tracks[static_cast<std::size_t>(t)].derive == TrackDerive::Casualties)) return t;
        if (reported.insert(std::string(section) + "/" + name).second)
            cx.error(at, "the base scenario's <" + std::string(section) + "> uses track " + qt(name) + ", which this <tracks> does not " +
                             (casualties ? "declare with derive=\"casualties\"" : "declare") + "; give <" + section +
                             "> in this file too");
        return old;
    };
    if (!cx.section("casualties"))
        for (CasualtyDef& c : cx.sc.casualties) c.track = find(c.track, "casualties", true);
    if (!cx.section("victory"))
        for (FactionVictoryDef& f : cx.sc.faction_victory.factions)
            for (ConditionDef& c : f.conditions) {
                for (std::int32_t& t : c.plus) t = find(t, "victory", false);
                for (std::int32_t& t : c.minus) t = find(t, "victory", false);
            }
}

// An extending file that gives fewer turns than its base: what it inherits must still fit. The
// turns are given by `turns`, or by a new default of the base's turns parameter (turns="param:NAME").
void check_inherited_turns(ReadContext& cx, pugi::xml_node root) {
    if (!cx.extending) return;
    pugi::xml_node at = root;
    pugi::xml_attribute a = root.attribute("turns");
    std::string prefix = "turns";
    if (!a && !cx.sc.turns_param.empty()) {
        auto it = cx.param_nodes.find(cx.sc.turns_param);
        if (it != cx.param_nodes.end() && it->second.attribute("default")) {
            at = it->second;
            a = at.attribute("default");
            prefix = "parameter " + qt(cx.sc.turns_param) + " (the last turn)";
        }
    }
    if (!a || cx.sc.turns == 0) return;  // not given, or "none": no limit for anything inherited
    const std::int32_t turns = cx.sc.turns;
    auto report = [&](const char* section, std::int32_t turn, const std::string& what) {
        cx.error(at, a,
                 prefix + ": the base scenario's <" + std::string(section) + "> uses turn " + std::to_string(turn) + " (" + what +
                     "), after the last turn " + std::to_string(turns) + "; give <" + section +
                     "> in this file, or more turns");
    };
    if (!cx.section("sequence")) {
        for (const SequenceStep& st : cx.sc.sequence)
            if (st.first_turn > turns) {
                report("sequence", st.first_turn, "a step's first-turn");
                break;
            }
        for (std::int32_t t : cx.sc.night_turns)
            if (t > turns) {
                report("sequence", t, "a night turn");
                break;
            }
    }
    if (!cx.section("units"))
        for (const UnitDef& u : cx.sc.units)
            if (u.enters_turn > turns) {
                report("units", u.enters_turn, "unit " + qt(u.id) + " enters then");
                break;
            }
    if (!cx.section("victory") && cx.sc.automatic && cx.sc.automatic->after_turn > turns)
        report("victory", cx.sc.automatic->after_turn, "the <automatic> test's after-turn");
    if (!cx.section("reinforcements")) {
        if (cx.sc.reinforcements.optional_after_turn > turns)
            report("reinforcements", cx.sc.reinforcements.optional_after_turn, "optional-after-turn");
        for (const Arrival& r : cx.sc.reinforcements.schedule)
            if (r.turn > turns) {
                report("reinforcements", r.turn, "an arrival");
                break;
            }
    }
}

// An extending file that keeps its base's sudden death but changes what gave the banners.
void check_inherited_sudden_death(ReadContext& cx, pugi::xml_node root) {
    if (!cx.extending) return;
    if (cx.section("victory") || cx.sc.end_victory != EndVictory::SuddenDeath || has_banner_source(cx)) return;
    pugi::xml_node at = cx.section("objectives") ? cx.section("objectives") : cx.section("sides") ? cx.section("sides") : root;
    cx.error(at, "the base scenario's <end-of-game winner=\"sudden-death\"> needs a source of banners, and this file leaves "
                 "none: " + std::string(kBannerSources));
}

}  // namespace referee::scenario_xml
