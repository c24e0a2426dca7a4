// `referee vassal` for a person (vassal.md): the header, the players, the maps, the pieces by map
// and location at the end, each step with its commands, the undos, the dice, the location checks
// and the warnings. A file's text is shown escaped (control and bidirectional characters, bytes
// that are no UTF-8: shown.hpp), never sent to the terminal raw.
#include "diagnostics.hpp"
#include "inspect.hpp"
#include "shown.hpp"

#include <fmt/format.h>

#include <map>

namespace referee::vassal {

namespace {

std::string clean(std::string_view s) { return escape_for_terminal(s); }

std::string counts_text(const CommandCounts& c) {
    std::string out;
    auto part = [&](const char* name, std::size_t n) {
        if (n == 0) return;
        if (!out.empty()) out += ", ";
        out += fmt::format("{} {}", name, n);
    };
    part("add", c.add);
    part("remove", c.remove);
    part("change", c.change);
    part("move", c.move);
    part("chat", c.chat);
    part("other", c.other);
    part("empty", c.empty);
    return out.empty() ? "nothing" : out;
}

std::string piece_text(const PieceRow& p) {
    std::string out = p.name.empty() ? fmt::format("(unnamed {})", p.id) : clean(p.name);
    if (!p.properties.empty()) {
        out += " [";
        for (std::size_t i = 0; i < p.properties.size(); ++i)
            out += fmt::format("{}{}={}", i ? ", " : "", clean(p.properties[i].key), clean(p.properties[i].value));
        out += "]";
    }
    return out;
}

// The audit's undos, each with the step it takes back and what that step rolled or revealed, then
// the dice of each player by die size, with the chi-square test against a fair die.
template <class Line>
void audit_text(const VassalAudit& a, Line& line) {
    for (const UndoRow& u : a.undos) {
        std::string text = fmt::format("  step {} ({}) ", u.step, u.kind == UndoKind::marked ? "marked" : "probable");
        text += u.undoes ? fmt::format("takes back step {}", *u.undoes) : std::string("has no step left to take back");
        for (const DiceRoll& r : u.rolled) text += fmt::format("; it rolled {} = {}", clean(r.button), clean(r.result));
        for (const Reveal& r : u.revealed)
            text += r.id.empty() ? std::string("; it unmasked pieces") : fmt::format("; it revealed {}", clean(r.name.empty() ? r.id : r.name));
        line(text);
    }
    std::size_t rolls = 0;
    for (const PlayerDice& p : a.players) rolls += p.rolls;
    line(fmt::format("dice: {} roll{}", rolls, rolls == 1 ? "" : "s"));
    for (const PlayerDice& p : a.players) {
        std::string who = p.player.empty() ? std::string("no one named") : clean(p.player);
        if (!p.side.empty()) who += fmt::format(" ({})", clean(p.side));
        std::string text = fmt::format("  {}: {} roll{}", who, p.rolls, p.rolls == 1 ? "" : "s");
        if (p.undone) text += fmt::format(", {} of them taken back (counted: they were rolled)", p.undone);
        if (p.unread) text += fmt::format(", {} whose dice are not known one by one", p.unread);
        line(text);
        for (const DieTally& t : p.sizes) {
            std::string faces;
            for (std::size_t i = 0; i < t.faces.size(); ++i) faces += fmt::format("{}{}:{}", i ? " " : "", i + 1, t.faces[i]);
            line(fmt::format("    d{}: {} di{}, sum {}, faces {}; chi-square {:.2f} ({} df), p = {:.3g}", t.sides, t.dice,
                             t.dice == 1 ? "e" : "ce", t.sum, faces, t.fairness.statistic, t.fairness.df, t.fairness.p_value));
        }
    }
}

}  // namespace

std::string render_vassal_text(const Summary& s) {
    std::string out;
    auto line = [&](std::string text) {
        out += text;
        out += '\n';
    };
    line(fmt::format("{}: VASSAL {}{}, {} text{}", clean(s.file), s.kind,
                     s.kind == "log" ? fmt::format(" of {} step{}", s.steps.size(), s.steps.size() == 1 ? "" : "s") : "",
                     clean(s.encoding), s.vassal_version.empty() ? "" : ", written by VASSAL " + clean(s.vassal_version)));
    line(fmt::format("module: {}{}{}", s.module_name.empty() ? "(not named in the file)" : clean(s.module_name),
                     s.module_version.empty() ? "" : " version " + clean(s.module_version),
                     s.module_sha256 ? ", sha256 " + *s.module_sha256 : ", no module given"));
    if (s.players.empty()) line("players: none in the roster");
    for (const RosterEntry& p : s.players) line(fmt::format("player: {} ({})", clean(p.name), clean(p.side)));
    for (const auto& [map, boards] : s.maps) {
        std::string b;
        for (const std::string& name : boards) b += (b.empty() ? "" : ", ") + clean(name);
        line(fmt::format("map: {}: {}", clean(map), b.empty() ? "no board" : b));
    }

    line(fmt::format("\npieces{} ({}), by map and location:", s.kind == "log" ? " after the last step" : "", s.final.size()));
    std::vector<std::string> order;
    std::map<std::string, std::map<std::string, std::vector<const PieceRow*>>> by_map;
    for (const PieceRow& p : s.final) {
        const std::string map = p.map ? *p.map : std::string();
        if (by_map.find(map) == by_map.end()) order.push_back(map);
        const std::string where = p.location ? *p.location : fmt::format("({}, {})", p.x, p.y);
        by_map[map][map.empty() ? std::string() : where].push_back(&p);
    }
    for (const std::string& map : order) {
        line(map.empty() ? "  on no map:" : fmt::format("  {}:", clean(map)));
        for (const auto& [where, pieces] : by_map[map]) {
            std::string names;
            for (const PieceRow* p : pieces) names += (names.empty() ? "" : "; ") + piece_text(*p);
            line(where.empty() ? fmt::format("    {}", names) : fmt::format("    {}: {}", clean(where), names));
        }
    }

    if (!s.steps.empty()) {
        line("\nsteps:");
        for (const StepRow& r : s.steps) {
            std::string text = fmt::format("  {:>4}  {}", r.step, counts_text(r.commands));
            if (r.undo != UndoKind::none)
                text += fmt::format("  UNDO ({}{})", r.undo == UndoKind::marked ? "marked by VASSAL" : "probable",
                                    r.undoes ? fmt::format(", takes back step {}", *r.undoes) : "");
            if (r.dice) text += fmt::format("  dice {}", r.dice);
            line(text);
            for (const std::string& c : r.chat) line(fmt::format("        | {}", clean(c)));
        }
    }

    line(fmt::format("\ncounts: {} step{}; commands: {}", s.steps.size(), s.steps.size() == 1 ? "" : "s", counts_text(s.totals)));
    line(fmt::format("undos: {} marked by VASSAL, {} probable", s.undo_marked, s.undo_probable));
    audit_text(s.audit, line);
    for (const std::vector<AuditFinding>* list : {&s.chain, &s.audit.findings})
        for (const AuditFinding& f : *list)
            line(fmt::format("{}: step {}: {}: {}", code_info(f.code).severity == referee::Severity::Error ? "error" : "warning", f.step,
                             code_name(f.code), clean(f.message)));
    for (const auto& [key, n] : s.unknown) line(fmt::format("unknown commands: {} x{}", clean(key), n));
    line(fmt::format("location checks: {} agree, {} differ", s.agree, s.differences.size()));
    for (const LocationDifference& d : s.differences)
        line(fmt::format("  {}piece {} on {} at ({}, {}): the file says '{}', referee computes '{}' ({})",
                         d.step ? fmt::format("step {}: ", *d.step) : "", clean(d.piece), clean(d.map), d.x, d.y, clean(d.recorded),
                         clean(d.computed), clean(d.source)));
    for (const Warning& w : s.warnings)
        line(fmt::format("warning: {}{}", w.step ? fmt::format("step {}: ", *w.step) : "", clean(w.message)));
    return out;
}

}  // namespace referee::vassal
