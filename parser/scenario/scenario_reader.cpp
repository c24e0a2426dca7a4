// The scenario reader: XML scenario files (docs/scenario-format.md) into referee::Scenario. This
// file reads the document and <scenario> itself (format, id, title, turns, extends), finds its
// sections, and runs the section readers (scenario_sections.hpp) in the order of kSections.
//
// Every problem becomes a ScenarioError with the file, the 1-based line and column and a message;
// nothing throws out of here. The reader checks the whole file and reports every problem it finds,
// in line order (errors at one place in the order they were found).
//
// Sections are read in dependency order, not file order: sides, phases and params first, then the
// map, then everything that refers to them by name. Names are resolved by the section readers
// (sides and phases case-insensitively, locations exactly), so the engine only ever sees indices.
#include "scenario_sections.hpp"
#include "sha256.hpp"

#include <algorithm>
#include <iterator>

namespace referee::scenario_xml {

namespace {

// What an extending file's section does to its base's (<scenario extends="ID">: docs/scenario-format.md).
enum class Inherit : std::uint8_t {
    Step,     // not a section: a step on <scenario> itself
    Replace,  // the file's replaces the base's: what the row's `forget` clears, before any section is read
    Merge,    // the file's changes the base's, in its reader (by name: params, rulings; added: roads, edges)
    Base,     // the base's alone: an extending file may not give it (refuse_base_section)
};

// One step of reading <scenario>.
struct Section {
    const char* element;  // the child of <scenario> it reads; nullptr: a step on <scenario> itself
    SectionReader read;   // given that child (a null node when the file has none), or <scenario>
    Inherit inherit = Inherit::Step;
    // Replace: clears the base's part of the scenario that the file's section replaces (none: its
    // reader sets the whole part).
    void (*forget)(ReadContext&) = nullptr;
    // Set after the step: it reported no errors (and the file has the section, when it must). Later
    // sections do not report the names such a section left out (ReadContext::sides_ok and the like).
    bool ReadContext::*ok = nullptr;
};

using enum Inherit;

// Every section of <scenario> (each at most once) and every check on <scenario>, in the order they
// are read: what a section names is declared by a section before it. Each row says, too, what an
// extending file's section does to its base's.
const Section kSections[] = {
    {"description", read_description, Replace},
    {"sides", read_sides, Base, nullptr, &ReadContext::sides_ok},  // a from-game base's file names them (read_sides)
    {"phases", read_phases, Base, nullptr, &ReadContext::phases_ok},
    {"params", read_params, Merge, nullptr, &ReadContext::params_ok},  // a base's parameter: a new default
    {nullptr, read_turns_param},  // before anything that checks a turn against the last one
    {"map", read_map, Base, nullptr, &ReadContext::map_ok},
    {"edges", read_edges, Merge},  // before anything that asks which hexes lie on an edge
    {nullptr, read_first_player},
    {"sequence", read_sequence, Replace, [](ReadContext& cx) {
         cx.sc.sequence.clear();
         cx.sc.night_turns.clear();
         cx.sc.night_rule.clear();
         cx.sc.alternate_turns = false;
     }},
    {"roads", read_roads, Merge},
    {nullptr, join_road_networks},  // the base's roads and this file's, joined at junctions
    {"units", read_units, Replace, [](ReadContext& cx) { cx.sc.units.clear(); }},
    {"holdings", read_holdings, Replace, [](ReadContext& cx) {
         cx.sc.holds.clear();
         cx.sc.holding_rule.clear();
     }},
    {"exits", read_exits, Replace, [](ReadContext& cx) { cx.sc.exits = Exits{}; }},
    {"retreat-off-map", read_retreat, Replace, [](ReadContext& cx) {
         cx.sc.retreat_off_map = RetreatOffMap::Eliminated;
         cx.sc.retreat_rule.clear();
     }},
    {"reinforcements", read_reinforcements, Replace, [](ReadContext& cx) { cx.sc.reinforcements = Reinforcements{}; },
     &ReadContext::reinforcements_ok},
    {"zones-of-control", read_zoc, Replace, [](ReadContext& cx) { cx.sc.zoc = ZonesOfControl{}; }},
    {"stacking", read_stacking, Replace, [](ReadContext& cx) { cx.sc.stacking = Stacking{}; }},
    {"terrain", read_terrain, Replace},          // after <map>; roads are costed at play, not here
    {"movement-points", read_movement_points, Merge},  // by type and by rule
    {nullptr, finish_movement_points},
    {"objectives", read_objectives, Replace, [](ReadContext& cx) {  // before <victory>: sudden death needs a source of banners
         cx.sc.objectives.clear();
         cx.sc.targets.clear();
     }},
    {"setup", read_setup, Replace, [](ReadContext& cx) {
         for (SpaceDef& d : cx.sc.spaces) {
             d.support = 0;
             d.blockaded = false;
         }
         cx.sc.start_pieces.clear();
     }},
    {"tracks", read_tracks, Replace, [](ReadContext& cx) {
         // what the base's casualties and conditions named, to find them again (remap_inherited_tracks)
         for (const TrackDef& t : cx.sc.tracks) cx.base_track_names.push_back(t.name);
         cx.sc.tracks.clear();
     },
     &ReadContext::tracks_ok},
    {nullptr, remap_inherited_tracks},
    {"casualties", read_casualties, Replace, [](ReadContext& cx) {
         cx.sc.casualties.clear();
         cx.sc.casualty_rule.clear();
     }},
    {"treaty", read_treaty, Replace, [](ReadContext& cx) { cx.sc.treaty = TreatyDef{}; }},  // before <victory>: a faction may require the treaty
    {"victory", read_victory, Replace, [](ReadContext& cx) {
         cx.sc.points.clear();
         cx.sc.automatic.reset();
         cx.sc.end_victory = EndVictory::HigherTotal;
         cx.sc.end_rule.clear();
         cx.sc.levels.reset();
         cx.sc.elimination_banners = EliminationBanners{};
         cx.sc.faction_victory = FactionVictory{};
     }},
    {"rulings", read_rulings, Merge},  // a ruling with a base ruling's id replaces its text
    {"vassal", read_vassal, Replace, [](ReadContext& cx) { cx.sc.vassal = VassalBinding{}; }},  // last: it names sides, phases and locations
    {nullptr, check_arrivals},
    {nullptr, check_inherited_turns},
    {nullptr, check_inherited_sudden_death},
};

// An extending file, once its sections are found: refuses those only its base may give, then
// clears what the ones it gives replace. False when the base could not be read (then nothing else
// can be judged: names, turns and hexes all come from the base).
bool start_from_base(ReadContext& cx, bool base_ok) {
    for (const Section& s : kSections)
        if (s.inherit == Base && cx.section(s.element)) refuse_base_section(cx, s.element, base_ok);
    if (!base_ok) return false;
    for (const Section& s : kSections)
        if (s.inherit == Replace && s.forget && cx.section(s.element)) s.forget(cx);
    return true;
}

// The sections a file that extends no other must give, in the order their absence is reported.
const char* const kRequired[] = {"sides", "phases", "sequence", "map"};

bool required_section(const ReadContext& cx, const char* element) {
    return !cx.extending && element &&
           std::any_of(std::begin(kRequired), std::end(kRequired), [&](const char* r) { return std::string_view(r) == element; });
}

class Reader {
public:
    Reader(std::string_view xml, std::string file) : cx_(xml, std::move(file)), bytes_(xml) {}

    ScenarioLoad run() {
        ScenarioLoad out;
        read();
        if (cx_.error_count() > 0) {
            out.errors_not_kept = cx_.errors_not_kept();
            out.errors = cx_.take_errors();
            std::stable_sort(out.errors.begin(), out.errors.end(), [](const ScenarioError& a, const ScenarioError& b) {
                return a.line != b.line ? a.line < b.line : a.col < b.col;
            });
            return out;
        }
        Scenario& sc = cx_.sc;
        sc.source_file = cx_.file;
        if (cx_.file != kBuiltinFile) sc.source_sha256 = sha256_hex(bytes_);
        // One entry per side, also without <reinforcements> (empty: a side has no alternate edges).
        sc.reinforcements.alternate_edges.resize(sc.sides.size());
        sc.targets.resize(sc.sides.size(), 0);  // 0: no target for that side
        sc.faction_pieces.resize(sc.sides.size());  // one entry per side (empty: it owns no pieces)
        sc.index_units();
        out.scenario = std::move(sc);
        return out;
    }

private:
    void read() {
        if (cx_.text.empty()) {
            cx_.error_at(0, "the file is empty");
            return;
        }
        pugi::xml_parse_result res = doc_.load_buffer(cx_.text.data(), cx_.text.size(), pugi::parse_default, pugi::encoding_utf8);
        if (!res) {
            cx_.error_at(res.offset, std::string("malformed XML: ") + res.description());
            return;
        }
        pugi::xml_node root;
        for (pugi::xml_node c : doc_.children()) {
            if (c.type() != pugi::node_element) continue;
            if (root) {
                cx_.error(c, "a second top-level element " + elem(c) + " (a scenario file has one <scenario> element)");
                continue;
            }
            root = c;
        }
        if (!root) {
            cx_.error_at(0, "no <scenario> element");
            return;
        }
        if (std::string_view(root.name()) != "scenario") {
            cx_.error(root, "the top-level element is " + elem(root) + ", not <scenario>");
            return;
        }
        read_root(root);
    }

    void read_root(pugi::xml_node root) {
        ReadContext& cx = cx_;
        std::vector<std::string_view> elements;
        for (const Section& s : kSections)
            if (s.element) elements.push_back(s.element);
        cx.check_attrs(root, {"format", "id", "title", "turns", "first-player", "extends"});
        cx.check_children(root, elements);
        if (auto f = cx.optional(root, "format"); f && *f != "1")
            cx.error(root, root.attribute("format"), "scenario format " + qt(*f) + " is not supported (this reader knows format 1)");
        // Inheritance: the base is read first and this file starts from it.
        cx.extending = !root.attribute("extends").empty();
        const bool base_ok = cx.extending && read_base(cx, root);
        if (auto id = cx.required(root, "id")) {
            if (id->find_first_of(" \t\r\n") != std::string_view::npos)
                cx.error(root, root.attribute("id"), "the scenario id " + qt(*id) + " has white space in it");
            // A file may not pass for a built-in: a report that names a built-in's id is judged by
            // the built-in's rules (docs/scenario-format.md, "Inheritance"). The built-in's own file,
            // byte for byte, is the built-in.
            if (cx.file != kBuiltinFile)
                for (const BuiltinScenario& b : builtin_scenarios())
                    if (b.id == *id && b.xml != bytes_)
                        cx.error(root, root.attribute("id"),
                                 "the scenario id " + qt(*id) + " is a built-in scenario's: a scenario file has an id of its own (" +
                                     (cx.extending ? "" : "extends=" + qt(*id) + " and ") + "another id, such as " + qt(std::string(*id) + "-club") + ")");
            cx.sc.id = std::string(*id);
        }
        if (auto t = cx.required(root, "title")) cx.sc.title = one_line(*t);
        // An extending scenario inherits its base's turns unless it gives them. "none": no turn limit;
        // "param:NAME": the default of parameter NAME, resolved once <params> is read.
        if (auto t = cx.optional(root, "turns"); t && iequals(*t, "none")) {
            cx.sc.turns = 0;
            cx.sc.turns_param.clear();
        } else if (t && t->substr(0, kParamPrefix.size()) == kParamPrefix) {
            cx.turns_from_param = true;
            cx.sc.turns_param.clear();
        } else if (auto n = cx.int_attr(root, "turns", 1, kMaxTurns, !cx.extending)) {
            cx.sc.turns = static_cast<std::int32_t>(*n);
            cx.sc.turns_param.clear();
        }
        for (const Section& s : kSections)
            if (s.element) cx.sections[s.element] = cx.single_child(root, s.element, false);
        for (const char* name : kRequired)
            if (required_section(cx, name) && !cx.section(name)) cx.single_child(root, name, true);  // reports it missing
        if (cx.extending && !start_from_base(cx, base_ok)) return;

        if (cx.extending) {  // what the file changes of its base, for the report
            for (const char* a : {"turns", "first-player"})
                if (root.attribute(a)) cx.sc.file_changes.emplace_back(a);
            for (const Section& s : kSections)
                if (s.element && cx.section(s.element) && std::string_view(s.element) != "description") cx.sc.file_changes.emplace_back(s.element);
        }
        for (const Section& s : kSections) {
            const pugi::xml_node node = s.element ? cx.section(s.element) : root;
            const std::size_t before = cx.error_count();
            s.read(cx, node);
            if (s.ok) cx.*s.ok = cx.error_count() == before && (node || !required_section(cx, s.element));
        }
    }

    ReadContext cx_;
    std::string_view bytes_;  // the file as given (for its SHA-256)
    pugi::xml_document doc_;
};

}  // namespace

ScenarioLoad read_scenario(std::string_view xml, std::string file) { return Reader(xml, std::move(file)).run(); }

}  // namespace referee::scenario_xml
