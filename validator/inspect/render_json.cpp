// `referee vassal --format json` (vassal.md): one object per file, in the spec's field order; an
// array when several files are given.
#include "inspect.hpp"

#include "diagnostics.hpp"
#include "shown.hpp"

#include <nlohmann/json.hpp>

namespace referee::vassal {

namespace {

using json = nlohmann::ordered_json;

json counts_json(const CommandCounts& c) {
    return json{{"add", c.add}, {"remove", c.remove}, {"change", c.change}, {"move", c.move},
                {"chat", c.chat}, {"other", c.other}, {"empty", c.empty}};
}

json optional_step(std::optional<std::size_t> step) { return step ? json(*step) : json(nullptr); }

json pieces_json(const std::vector<PieceRow>& rows) {
    json out = json::array();
    for (const PieceRow& r : rows) {
        json props = json::object();
        for (const Property& p : r.properties) props[p.key] = p.value;
        out.push_back(json{{"id", r.id},
                           {"name", r.name},
                           {"map", r.map ? json(*r.map) : json(nullptr)},
                           {"x", r.x},
                           {"y", r.y},
                           {"location", r.location ? json(*r.location) : json(nullptr)},
                           {"properties", std::move(props)}});
    }
    return out;
}

const char* undo_name(UndoKind k) {
    switch (k) {
        case UndoKind::marked: return "marked";
        case UndoKind::probable: return "probable";
        case UndoKind::none: break;
    }
    return nullptr;
}

json findings_json(const Summary& s) {
    json out = json::array();
    for (const std::vector<AuditFinding>* list : {&s.chain, &s.audit.findings})
        for (const AuditFinding& f : *list)
            out.push_back(json{{"step", f.step},
                               {"severity", code_info(f.code).severity == referee::Severity::Error ? "error" : "warning"},
                               {"code", code_name(f.code)},
                               {"message", f.message}});
    return out;
}

// The audit (validator/audit): undos with what they take back, dice per player, the findings.
json audit_json(const Summary& s) {
    json undos = json::array();
    for (const UndoRow& u : s.audit.undos) {
        json rolled = json::array(), revealed = json::array();
        for (const DiceRoll& r : u.rolled) rolled.push_back(json{{"button", r.button}, {"result", r.result}});
        for (const Reveal& r : u.revealed)
            revealed.push_back(json{{"id", r.id.empty() ? json(nullptr) : json(r.id)}, {"name", r.id.empty() ? json(nullptr) : json(r.name)}});
        undos.push_back(json{{"step", u.step}, {"undo", undo_name(u.kind)}, {"undoes", optional_step(u.undoes)},
                             {"rolled", std::move(rolled)}, {"revealed", std::move(revealed)}});
    }
    json dice = json::array();
    for (const PlayerDice& p : s.audit.players) {
        json sizes = json::array();
        for (const DieTally& t : p.sizes)
            sizes.push_back(json{{"sides", t.sides}, {"count", t.dice}, {"sum", t.sum}, {"faces", t.faces},
                                 {"chi_square", t.fairness.statistic}, {"df", t.fairness.df}, {"p_value", t.fairness.p_value}});
        dice.push_back(json{{"player", p.player.empty() ? json(nullptr) : json(p.player)},
                            {"side", p.side.empty() ? json(nullptr) : json(p.side)},
                            {"rolls", p.rolls},
                            {"undone", p.undone},
                            {"unread", p.unread},
                            {"dice", std::move(sizes)}});
    }
    return json{{"undos", std::move(undos)}, {"dice", std::move(dice)}, {"findings", findings_json(s)}};
}

json summary_json(const Summary& s) {
    json players = json::array();
    for (const RosterEntry& p : s.players) players.push_back(json{{"name", p.name}, {"side", p.side}});
    json maps = json::array();
    for (const auto& [name, boards] : s.maps) maps.push_back(json{{"name", name}, {"boards", boards}});
    json steps = json::array();
    for (const StepRow& r : s.steps) {
        const char* undo = undo_name(r.undo);
        steps.push_back(json{{"step", r.step},
                             {"commands", counts_json(r.commands)},
                             {"undo", undo ? json(undo) : json(nullptr)},
                             {"chat", r.chat}});
    }
    json unknown = json::object();
    for (const auto& [k, n] : s.unknown) unknown[k] = n;
    json differences = json::array();
    for (const LocationDifference& d : s.differences)
        differences.push_back(json{{"step", optional_step(d.step)}, {"piece", d.piece}, {"map", d.map}, {"x", d.x}, {"y", d.y},
                                   {"recorded", d.recorded}, {"computed", d.computed}, {"source", d.source}});
    json warnings = json::array();
    for (const Warning& w : s.warnings) warnings.push_back(json{{"step", optional_step(w.step)}, {"message", w.message}});
    return json{
        {"file", s.file},
        {"kind", s.kind},
        {"encoding", s.encoding},
        {"vassal_version", s.vassal_version},
        {"module", json{{"name", s.module_name}, {"version", s.module_version},
                        {"sha256", s.module_sha256 ? json(*s.module_sha256) : json(nullptr)}}},
        {"players", std::move(players)},
        {"maps", std::move(maps)},
        {"initial", json{{"pieces", pieces_json(s.initial)}}},
        {"final", json{{"pieces", pieces_json(s.final)}}},
        {"steps", std::move(steps)},
        {"counts", json{{"steps", s.steps.size()}, {"commands", counts_json(s.totals)}, {"undo_marked", s.undo_marked},
                        {"undo_probable", s.undo_probable}, {"dice", s.dice}, {"unknown", std::move(unknown)}}},
        {"location_checks", json{{"agree", s.agree}, {"disagree", s.differences.size()}, {"differences", std::move(differences)}}},
        {"warnings", std::move(warnings)},
        {"audit", audit_json(s)},
    };
}

}  // namespace

std::string render_vassal_json(const std::vector<Summary>& summaries) {
    json out;
    if (summaries.size() == 1) {
        out = summary_json(summaries.front());
    } else {
        out = json::array();
        for (const Summary& s : summaries) out.push_back(summary_json(s));
    }
    // Invalid UTF-8 in a file's text is replaced, never a reason to fail.
    return escape_json_text(out.dump(2, ' ', false, json::error_handler_t::replace) + "\n");
}

}  // namespace referee::vassal
