// The audit of one VASSAL file (audit.hpp). One walk over the steps finds each step's rolls (not an
// undo's: an undo rolls nothing, it sets a button's property back) and reveals; then each undo is
// joined to the step it takes back, and the rolls to their players.
#include "audit.hpp"

#include "diagnostics.hpp"
#include "traits.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <map>
#include <unordered_map>

namespace referee::vassal {

namespace {

// The speaker of a typed chat line as VASSAL writes it by default, "<Joel> - text" (the HTML form
// "&lt;Joel&gt; - text" too), or "".
std::string speaker(std::string_view chat) {
    std::string_view open = "<", close = "> - ";
    if (chat.starts_with("&lt;")) open = "&lt;", close = "&gt; - ";
    if (!chat.starts_with(open)) return {};
    const std::size_t end = chat.find(close, open.size());
    return end == std::string_view::npos ? std::string() : std::string(chat.substr(open.size(), end - open.size()));
}

// Who rolled (docs/vassal.md, "The audit"): the player the report names; else the roster name of
// the player whose move is in the step; else the speaker of a typed chat line in the step; else "".
std::string roller(const DiceRoll& roll, const Step& step, const Game& game) {
    if (roll.player && !roll.player->empty()) return *roll.player;
    for (const std::string& leaf : step.leaves) {
        if (classify(leaf) != LeafKind::move) continue;
        const MovePiece m = read_move(leaf);
        if (const RosterEntry* p = m.player.empty() ? nullptr : game.player_by_id(m.player)) return p->name;
    }
    for (const std::string& leaf : step.leaves)
        if (classify(leaf) == LeafKind::chat)
            if (std::string who = speaker(std::string_view(leaf).substr(4)); !who.empty()) return who;
    return {};
}

// The pieces' types and current states, to tell when a change shows a piece a Mask or Invisible trait
// hid. Only pieces whose type has such a trait are read again.
class RevealWatch {
public:
    explicit RevealWatch(const Game& initial) {
        for (const auto& [id, e] : initial.pieces()) pieces_[*id] = {e->type, e->state};
    }

    std::vector<Reveal> step(const Step& step) {
        std::vector<Reveal> out;
        for (const std::string& leaf : step.leaves) {
            switch (classify(leaf)) {
                case LeafKind::add: {
                    AddPiece a = read_add(leaf);
                    if (a.type != "stack" && !a.type.starts_with("deck;")) pieces_[a.id] = {std::move(a.type), std::move(a.state)};
                    break;
                }
                case LeafKind::remove: pieces_.erase(read_remove(leaf)); break;
                case LeafKind::change: {
                    ChangePiece c = read_change(leaf);
                    auto it = pieces_.find(c.id);
                    if (it == pieces_.end()) break;
                    auto& [type, state] = it->second;
                    if (can_hide(type)) {
                        const PieceView before = read_piece(type, c.old_state ? *c.old_state : state);
                        const PieceView after = read_piece(type, c.new_state);
                        if (before.hidden && !after.hidden) out.push_back({c.id, after.name});
                    }
                    state = std::move(c.new_state);
                    break;
                }
                default:
                    if (leaf.starts_with("UNMASK\t")) out.push_back({});
                    break;
            }
        }
        return out;
    }

private:
    // A Mask ("obs;") or Invisible ("hide;") somewhere in the chain; a false match only costs a read.
    static bool can_hide(std::string_view type) {
        return type.find("obs;") != std::string_view::npos || type.find("hide;") != std::string_view::npos;
    }
    std::unordered_map<std::string, std::pair<std::string, std::string>> pieces_;   // id -> type, state
};

std::string roll_text(const RollRow& r) {
    return r.player.empty() ? fmt::format("{} = {}", r.roll.button, r.roll.result)
                            : fmt::format("{} = {} ({})", r.roll.button, r.roll.result, r.player);
}

std::string undo_text(const UndoRow& u) {
    return fmt::format("step {} ({}) takes back step {}", u.step, u.kind == UndoKind::marked ? "an undo marked by VASSAL" : "a probable undo",
                       *u.undoes);
}

template <class T, class F>
std::string listing(const std::vector<T>& items, F&& text) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + text(items[i]);
    return out;
}

void tally(VassalAudit& out, const std::vector<RosterEntry>& roster) {
    std::map<std::string, std::size_t> index;
    for (const RollRow& r : out.rolls) {
        auto [it, fresh] = index.emplace(r.player, out.players.size());
        if (fresh) {
            PlayerDice p;
            p.player = r.player;
            for (const RosterEntry& e : roster)
                if (e.name == r.player && !r.player.empty()) {
                    p.side = e.side;
                    break;
                }
            out.players.push_back(std::move(p));
        }
        PlayerDice& p = out.players[it->second];
        ++p.rolls;
        if (r.undone) ++p.undone;
        if (r.roll.faces.empty()) {
            ++p.unread;
            continue;
        }
        auto size = std::find_if(p.sizes.begin(), p.sizes.end(), [&](const DieTally& t) { return t.sides == r.roll.sides; });
        if (size == p.sizes.end()) {
            size = p.sizes.insert(p.sizes.end(), DieTally{});
            size->sides = r.roll.sides;
            size->faces.assign(static_cast<std::size_t>(r.roll.sides), 0);
        }
        for (int f : r.roll.faces) {
            ++size->dice;
            size->sum += f;
            ++size->faces[static_cast<std::size_t>(f - 1)];
        }
    }
    for (PlayerDice& p : out.players) {
        std::sort(p.sizes.begin(), p.sizes.end(), [](const DieTally& a, const DieTally& b) { return a.sides < b.sides; });
        for (DieTally& t : p.sizes) t.fairness = fair_die_test(t.faces);
    }
}

}  // namespace

std::string reveal_text(const Reveal& r) {
    if (r.id.empty()) return "the pieces a player had masked (an UNMASK command)";
    return r.name.empty() ? fmt::format("piece {}", r.id) : fmt::format("'{}' (piece {})", r.name, r.id);
}

VassalAudit audit(const VassalFile& file, const Module* module) {
    VassalAudit out;
    if (module != nullptr) out.module = ModuleIdentity{module->name, module->version, module->sha256};
    const DiceReader dice(module);
    RevealWatch watch(file.initial);
    // Each step's rolls, as a range of out.rolls, and its reveals (index: step number - 1).
    std::vector<std::pair<std::size_t, std::size_t>> rolls_of(file.steps.size());
    std::vector<std::vector<Reveal>> reveals_of(file.steps.size());
    for (std::size_t i = 0; i < file.steps.size(); ++i) {
        const Step& step = file.steps[i];
        reveals_of[i] = watch.step(step);
        rolls_of[i].first = out.rolls.size();
        if (step.undo == UndoKind::none) {
            std::optional<DiceRoll> by_property;
            for (const std::string& leaf : step.leaves) {
                const LeafKind kind = classify(leaf);
                if (kind == LeafKind::chat) {
                    if (auto roll = dice.from_chat(std::string_view(leaf).substr(4))) out.rolls.push_back({step.number, {}, std::move(*roll)});
                } else if (kind == LeafKind::mutable_property && !by_property) {
                    by_property = dice.from_property(read_mutable_property(leaf));
                }
            }
            // A button whose report is off still sets its result: one roll for the step.
            if (out.rolls.size() == rolls_of[i].first && by_property) out.rolls.push_back({step.number, {}, std::move(*by_property)});
            for (std::size_t r = rolls_of[i].first; r < out.rolls.size(); ++r) out.rolls[r].player = roller(out.rolls[r].roll, step, file.final);
        }
        rolls_of[i].second = out.rolls.size();
    }

    for (const Step& step : file.steps) {
        if (step.undo == UndoKind::none) continue;
        UndoRow u{step.number, step.undo, step.undoes, {}, {}};
        if (u.undoes && *u.undoes >= 1 && *u.undoes <= file.steps.size()) {
            const std::size_t k = *u.undoes - 1;
            std::vector<const RollRow*> rolled;
            for (std::size_t r = rolls_of[k].first; r < rolls_of[k].second; ++r) {
                out.rolls[r].undone = true;
                u.rolled.push_back(out.rolls[r].roll);
                rolled.push_back(&out.rolls[r]);
            }
            u.revealed = reveals_of[k];
            if (!rolled.empty())
                out.findings.push_back({Code::UndoAfterRoll, file.path, step.number,
                                        fmt::format("{}, which rolled {}: a roll taken back", undo_text(u),
                                                    listing(rolled, [](const RollRow* r) { return roll_text(*r); }))});
            if (!u.revealed.empty())
                out.findings.push_back({Code::UndoAfterReveal, file.path, step.number,
                                        fmt::format("{}, which revealed {}: what was seen cannot be unseen", undo_text(u),
                                                    listing(u.revealed, reveal_text))});
        }
        out.undos.push_back(std::move(u));
    }
    tally(out, file.final.roster());
    return out;
}

VassalAudit audit_game(const std::vector<const VassalFile*>& files, const Module* module) {
    if (files.size() == 1) return audit(*files.front(), module);
    VassalAudit out;
    if (module != nullptr) out.module = ModuleIdentity{module->name, module->version, module->sha256};
    std::vector<RosterEntry> roster;  // every player of the chain, each once, in the order first seen
    std::size_t offset = 0;
    for (const VassalFile* file : files) {
        VassalAudit one = audit(*file, module);
        const auto on = [&](std::size_t step) { return step + offset; };
        for (UndoRow& u : one.undos) {
            u.step = on(u.step);
            if (u.undoes) u.undoes = on(*u.undoes);
            out.undos.push_back(std::move(u));
        }
        for (RollRow& r : one.rolls) {
            r.step = on(r.step);
            out.rolls.push_back(std::move(r));
        }
        for (AuditFinding& f : one.findings) {
            f.message = fmt::format("{}: {}", file->path, f.message);
            f.step = on(f.step);
            out.findings.push_back(std::move(f));
        }
        for (const RosterEntry& e : file->final.roster())
            if (std::none_of(roster.begin(), roster.end(), [&](const RosterEntry& r) { return r.name == e.name; })) roster.push_back(e);
        offset += file->steps.size();
    }
    tally(out, roster);
    return out;
}

}  // namespace referee::vassal
