// The position a VASSAL file describes, changed only by its commands: pieces, stacks and decks with
// their maps and positions, the roster, board layouts, global properties and turn trackers
// (docs/vassal.md, "What is read"). The Stockfish model: a small state, changed through one
// primitive per command kind (apply), read through a few queries.
#pragma once

#include "commands.hpp"
#include "traits.hpp"

#include <map>
#include <utility>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace referee::vassal {

enum class EntityKind { piece, stack, deck };

struct Entity {
    EntityKind kind = EntityKind::piece;
    std::string type, state;
    PieceView view;                       // pieces: what their traits say
    std::string map;                      // stacks and decks: from their state ("" for null)
    long long x = 0, y = 0;
    std::string parent;                   // the stack or deck holding a piece
    std::vector<std::string> children;    // a stack's or deck's pieces, bottom first
    std::size_t order = 0;                // when it was first added
};

// Where a piece stands: its stack's map and position when its stack has a map, its deck's, or its
// own (vassal.md, "A piece").
struct Placement {
    std::string map;   // "" when on no map
    long long x = 0, y = 0;
};

struct RosterEntry { std::string name, side; };

class Game {
public:
    // Applies one leaf command (with "LOG\t" already taken off). Returns the piece whose state an
    // add or a change has just set (its id and itself), so that a reader need not parse the command
    // again; none for every other command.
    std::pair<const std::string*, const Entity*> apply(std::string_view leaf);

    const Entity* find(std::string_view id) const;
    Placement placement(const Entity& piece) const;
    // The pieces (not stacks, not decks), in the order they were first added.
    std::vector<std::pair<const std::string*, const Entity*>> pieces() const;
    std::size_t piece_count() const;

    // Every roster entry seen, each (name, side) once, in the order first seen; the password ids
    // are kept apart, to join a move's player id to a side, and never output.
    const std::vector<RosterEntry>& roster() const { return roster_; }
    const RosterEntry* player_by_id(std::string_view id) const;

    // The latest layout leaf of each map ("<map>BoardPicker\t..."), in the order first seen.
    const std::vector<std::pair<std::string, std::string>>& layouts() const { return layouts_; }
    // Global properties by (container, name), and turn tracker states by id.
    const std::map<std::pair<std::string, std::string>, std::string>& properties() const { return properties_; }
    const std::map<std::string, std::string>& turns() const { return turns_; }

private:
    std::pair<const std::string*, const Entity*> add(AddPiece a);
    void remove(const std::string& id);
    std::pair<const std::string*, const Entity*> change(ChangePiece c);
    void move(const MovePiece& m);
    void detach(const std::string& id);
    void set_children(const std::string& id, Entity& holder, std::vector<std::string> children);
    void read_holder_state(Entity& e);

    std::unordered_map<std::string, Entity> entities_;
    std::size_t next_order_ = 0;
    std::vector<RosterEntry> roster_;
    std::vector<std::pair<std::string, std::size_t>> player_ids_;   // password id -> roster index
    std::vector<std::pair<std::string, std::string>> layouts_;
    std::map<std::pair<std::string, std::string>, std::string> properties_;
    std::map<std::string, std::string> turns_;
};

}  // namespace referee::vassal
