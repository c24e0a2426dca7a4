// The position (game.hpp). Stacks follow the shared FORMAT.md §7 item 5: a piece moved onto a piece
// at the same point joins that piece's stack just above it; otherwise onto the stack standing at
// the point, at the bottom; otherwise it stands alone until an AddPiece of a stack takes it in.
#include "game.hpp"

#include "vassal_text.hpp"

#include <algorithm>

namespace referee::vassal {

std::pair<const std::string*, const Entity*> Game::apply(std::string_view leaf) {
    switch (classify(leaf)) {
        case LeafKind::add: return add(read_add(leaf));
        case LeafKind::remove: remove(read_remove(leaf)); break;
        case LeafKind::change: return change(read_change(leaf));
        case LeafKind::move: move(read_move(leaf)); break;
        case LeafKind::player: {
            Player p = read_player(leaf);
            auto it = std::find_if(roster_.begin(), roster_.end(),
                                   [&](const RosterEntry& r) { return r.name == p.name && r.side == p.side; });
            std::size_t index = static_cast<std::size_t>(it - roster_.begin());
            if (it == roster_.end()) roster_.push_back({p.name, p.side});
            auto id = std::find_if(player_ids_.begin(), player_ids_.end(), [&](const auto& e) { return e.first == p.id; });
            if (id == player_ids_.end()) player_ids_.emplace_back(std::move(p.id), index);
            else id->second = index;
            break;
        }
        case LeafKind::board_picker: {
            std::string map = board_picker_map(leaf);
            auto it = std::find_if(layouts_.begin(), layouts_.end(), [&](const auto& l) { return l.first == map; });
            if (it == layouts_.end()) layouts_.emplace_back(std::move(map), std::string(leaf));
            else it->second = std::string(leaf);
            break;
        }
        case LeafKind::global_property: {
            PropertyChange c = read_global_property(leaf);
            properties_[{c.container, c.name}] = c.new_value;
            break;
        }
        case LeafKind::mutable_property: {
            PropertyChange c = read_mutable_property(leaf);
            properties_[{c.container, c.name}] = c.new_value;
            break;
        }
        case LeafKind::turn: {
            auto [id, state] = read_turn(leaf);
            turns_[id] = std::move(state);
            break;
        }
        default: break;
    }
    return {nullptr, nullptr};
}

const Entity* Game::find(std::string_view id) const {
    auto it = entities_.find(std::string(id));
    return it == entities_.end() ? nullptr : &it->second;
}

Placement Game::placement(const Entity& piece) const {
    // A piece in a stack or a deck is where its holder is, on no map when the holder is on none.
    if (!piece.parent.empty())
        if (const Entity* holder = find(piece.parent)) return {holder->map, holder->x, holder->y};
    if (piece.kind != EntityKind::piece) return {piece.map, piece.x, piece.y};
    return {piece.view.map, piece.view.x, piece.view.y};
}

std::vector<std::pair<const std::string*, const Entity*>> Game::pieces() const {
    std::vector<std::pair<const std::string*, const Entity*>> out;
    for (const auto& [id, e] : entities_)
        if (e.kind == EntityKind::piece) out.emplace_back(&id, &e);
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second->order < b.second->order; });
    return out;
}

std::size_t Game::piece_count() const {
    return static_cast<std::size_t>(std::count_if(entities_.begin(), entities_.end(),
                                                   [](const auto& e) { return e.second.kind == EntityKind::piece; }));
}

const RosterEntry* Game::player_by_id(std::string_view id) const {
    for (const auto& [pid, index] : player_ids_)
        if (pid == id) return &roster_[index];
    return nullptr;
}

void Game::read_holder_state(Entity& e) {
    SequenceDecoder d(e.state, ';');
    std::string map = d.next();
    e.map = map == "null" ? std::string() : map;
    e.x = d.next_int(0);
    e.y = d.next_int(0);
}

namespace {

// A stack's state: map;x;y;child;child;...;@@layer. A deck's: map;x;y;faceDown;id,id,...[;...].
std::vector<std::string> holder_children(EntityKind kind, std::string_view state) {
    std::vector<std::string> tokens = split_tokens(state, ';');
    std::vector<std::string> out;
    if (kind == EntityKind::stack) {
        for (std::size_t i = 3; i < tokens.size(); ++i)
            if (!tokens[i].empty() && !tokens[i].starts_with("@@")) out.push_back(tokens[i]);
    } else if (tokens.size() > 4) {
        for (std::string& id : split_tokens(tokens[4], ','))
            if (!id.empty()) out.push_back(std::move(id));
    }
    return out;
}

}  // namespace

void Game::detach(const std::string& id) {
    auto it = entities_.find(id);
    if (it == entities_.end() || it->second.parent.empty()) return;
    auto holder = entities_.find(it->second.parent);
    if (holder != entities_.end()) {
        auto& c = holder->second.children;
        c.erase(std::remove(c.begin(), c.end(), id), c.end());
    }
    it->second.parent.clear();
}

void Game::set_children(const std::string& id, Entity& holder, std::vector<std::string> children) {
    for (const std::string& old : holder.children) {
        auto it = entities_.find(old);
        if (it != entities_.end() && it->second.parent == id) it->second.parent.clear();
    }
    holder.children.clear();
    for (std::string& child : children) {
        auto it = entities_.find(child);
        if (it == entities_.end() || it->second.kind != EntityKind::piece || child == id) continue;
        detach(child);
        it->second.parent = id;
        holder.children.push_back(std::move(child));
    }
}

std::pair<const std::string*, const Entity*> Game::add(AddPiece a) {
    if (a.id.empty() || a.id == "null") return {nullptr, nullptr};
    Entity e;
    if (a.type == "stack") e.kind = EntityKind::stack;
    else if (a.type.starts_with("deck;")) e.kind = EntityKind::deck;
    e.type = std::move(a.type);
    e.state = std::move(a.state);
    auto existing = entities_.find(a.id);
    if (existing != entities_.end()) {
        e.order = existing->second.order;
        remove(a.id);
    } else {
        e.order = next_order_++;
    }
    auto [it, inserted] = entities_.insert_or_assign(std::move(a.id), std::move(e));
    Entity& stored = it->second;
    if (stored.kind == EntityKind::piece) {
        stored.view = read_piece(stored.type, stored.state);
        return {&it->first, &stored};
    }
    read_holder_state(stored);
    set_children(it->first, stored, holder_children(stored.kind, stored.state));
    return {nullptr, nullptr};
}

void Game::remove(const std::string& id) {
    auto it = entities_.find(id);
    if (it == entities_.end()) return;
    detach(id);
    for (const std::string& child : it->second.children) {
        auto c = entities_.find(child);
        if (c != entities_.end() && c->second.parent == id) c->second.parent.clear();
    }
    entities_.erase(id);
}

std::pair<const std::string*, const Entity*> Game::change(ChangePiece c) {
    auto it = entities_.find(c.id);
    if (it == entities_.end()) return {nullptr, nullptr};
    Entity& e = it->second;
    e.state = std::move(c.new_state);
    if (e.kind != EntityKind::piece) {
        read_holder_state(e);
        set_children(it->first, e, holder_children(e.kind, e.state));
        return {nullptr, nullptr};
    }
    PieceView before = std::move(e.view);
    e.view = read_piece(e.type, e.state);
    // VASSAL's merge (vassal.md, "Changes are merged as VASSAL merges them"): the BasicPiece part
    // moves the piece only where it differs from the old state the command carries (from the piece
    // as last seen when it carries none), and then only to a map: a stale or null map in a stacked
    // piece's state never takes it out of its stack.
    const PieceView old = c.old_state ? read_piece(e.type, *c.old_state) : PieceView{};
    const PieceView& was = c.old_state ? old : before;
    const bool changed = e.view.map != was.map || e.view.x != was.x || e.view.y != was.y;
    bool moves = changed;
    if (moves && !e.parent.empty()) {
        const Placement at = placement(e);
        moves = !e.view.map.empty() && (e.view.map != at.map || e.view.x != at.x || e.view.y != at.y);
    }
    if (!moves) {
        e.view.map = std::move(before.map);
        e.view.x = before.x;
        e.view.y = before.y;
    } else if (!e.parent.empty()) {
        detach(it->first);
    }
    return {&it->first, &e};
}

void Game::move(const MovePiece& m) {
    auto it = entities_.find(m.id);
    if (it == entities_.end()) return;
    Entity& e = it->second;
    if (e.kind != EntityKind::piece) {
        e.map = m.new_map;
        e.x = m.new_x;
        e.y = m.new_y;
        // Its pieces go with it: their own positions follow, so that a later change that carries a
        // piece's state is compared with where the piece really is.
        for (const std::string& child : e.children)
            if (auto c = entities_.find(child); c != entities_.end()) {
                c->second.view.map = m.new_map;
                c->second.view.x = m.new_x;
                c->second.view.y = m.new_y;
            }
        return;
    }
    // To no map: only a piece that stands alone leaves the map; a stacked one stays where its stack is.
    if (m.new_map.empty() && !e.parent.empty()) return;
    detach(m.id);
    e.view.map = m.new_map;
    e.view.x = m.new_x;
    e.view.y = m.new_y;
    if (m.new_map.empty()) return;
    if (!m.new_under.empty()) {
        auto under = entities_.find(m.new_under);
        if (under != entities_.end() && under->second.kind == EntityKind::piece) {
            const Placement p = placement(under->second);
            if (p.map == m.new_map && p.x == m.new_x && p.y == m.new_y && !under->second.parent.empty()) {
                auto holder = entities_.find(under->second.parent);
                if (holder != entities_.end() && holder->second.kind == EntityKind::stack) {
                    auto& c = holder->second.children;
                    auto at = std::find(c.begin(), c.end(), m.new_under);
                    c.insert(at == c.end() ? c.end() : at + 1, m.id);
                    e.parent = under->second.parent;
                    return;
                }
            }
        }
    }
    // The stack at the point; the oldest when empty stacks share it, so that the choice does not
    // depend on the hash table's order.
    std::pair<const std::string, Entity>* at = nullptr;
    for (auto& entry : entities_) {
        const Entity& s = entry.second;
        if (s.kind == EntityKind::stack && s.map == m.new_map && s.x == m.new_x && s.y == m.new_y &&
            (at == nullptr || s.order < at->second.order))
            at = &entry;
    }
    if (at != nullptr) {
        at->second.children.insert(at->second.children.begin(), m.id);
        e.parent = at->first;
    }
}

}  // namespace referee::vassal
