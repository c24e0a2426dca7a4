// A chain of logs of one game (audit.hpp): each must begin in the position where the one before it
// ended. Every piece is compared by its id: where it stands (its map, and its point, a stacked
// piece's being its stack's), then what referee reads of its state (its name, its properties and
// whether a Mask or Invisible trait hides it). The traits referee does not read are not compared:
// a difference there changes nothing referee judges, and the replay does not track them exactly.
#include "audit.hpp"
#include "diagnostics.hpp"

#include <fmt/format.h>

namespace referee::vassal {

namespace {

std::string where(const Placement& p) {
    return p.map.empty() ? std::string("on no map") : fmt::format("on {} at ({}, {})", p.map, p.x, p.y);
}

std::string piece_name(const std::string& id, const Entity& e) {
    return e.view.name.empty() ? fmt::format("piece {}", id) : fmt::format("piece '{}' (id {})", e.view.name, id);
}

// How the state of one piece differs, or "" when it does not.
std::string state_difference(const Entity& a, const Entity& b, const std::string& end, const std::string& start) {
    if (a.view.name != b.view.name) return fmt::format("named '{}' at the end of {}, '{}' at the start of {}", a.view.name, end, b.view.name, start);
    if (a.view.hidden != b.view.hidden)
        return fmt::format("{} at the end of {}, {} at the start of {}", a.view.hidden ? "hidden" : "shown", end,
                           b.view.hidden ? "hidden" : "shown", start);
    for (const Property& p : a.view.properties) {
        const std::string* other = find_property(b.view.properties, p.key);
        if (other == nullptr)
            return fmt::format("property {} = '{}' at the end of {}, none at the start of {}", p.key, p.value, end, start);
        if (*other != p.value)
            return fmt::format("property {} = '{}' at the end of {}, '{}' at the start of {}", p.key, p.value, end, *other, start);
    }
    for (const Property& p : b.view.properties)
        if (find_property(a.view.properties, p.key) == nullptr)
            return fmt::format("no property {} at the end of {}, '{}' at the start of {}", p.key, end, p.value, start);
    return {};
}

const Entity* piece(const Game& game, std::string_view id) {
    const Entity* e = game.find(id);
    return e != nullptr && e->kind == EntityKind::piece ? e : nullptr;
}

}  // namespace

std::optional<AuditFinding> chain_break(const VassalFile& before, const VassalFile& after) {
    const Game& end = before.final;   // a save's final position is its initial one
    const Game& start = after.initial;
    std::string first;
    std::size_t differing = 0;
    auto found = [&](std::string text) {
        if (differing++ == 0) first = std::move(text);
    };
    for (const auto& [id, e] : end.pieces()) {
        const Entity* other = piece(start, *id);
        const Placement at_end = end.placement(*e);
        if (other == nullptr) {
            found(fmt::format("{} is missing: it stood {} at the end of {}, and {} does not have it", piece_name(*id, *e), where(at_end),
                              before.path, after.path));
            continue;
        }
        const Placement at_start = start.placement(*other);
        if (at_end.map != at_start.map || at_end.x != at_start.x || at_end.y != at_start.y) {
            found(fmt::format("{} moved: it stood {} at the end of {}, {} at the start of {}", piece_name(*id, *e), where(at_end), before.path,
                              where(at_start), after.path));
            continue;
        }
        if (std::string how = state_difference(*e, *other, before.path, after.path); !how.empty())
            found(fmt::format("{} changed state: {}", piece_name(*id, *e), how));
    }
    for (const auto& [id, e] : start.pieces())
        if (piece(end, *id) == nullptr)
            found(fmt::format("{} was added: {} does not have it at its end, and it stands {} at the start of {}", piece_name(*id, *e),
                              before.path, where(start.placement(*e)), after.path));
    if (differing == 0) return std::nullopt;
    std::string message = fmt::format("{} does not begin where {} ended: {}", after.path, before.path, first);
    if (differing > 1) message += fmt::format("; {} more piece{} differ{}", differing - 1, differing == 2 ? "" : "s", differing == 2 ? "s" : "");
    if (!before.unknown.empty())
        message += fmt::format(" ({} holds commands of its module's own that referee skips, which may account for it)", before.path);
    return AuditFinding{Code::ChainBreak, after.path, 0, std::move(message)};
}

std::vector<AuditFinding> audit_chain(const std::vector<const VassalFile*>& files) {
    std::vector<AuditFinding> out;
    for (std::size_t i = 1; i < files.size(); ++i)
        if (auto f = chain_break(*files[i - 1], *files[i])) out.push_back(std::move(*f));
    return out;
}

}  // namespace referee::vassal
