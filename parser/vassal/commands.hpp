// The leaf commands of a VASSAL file, told apart and read (the shared FORMAT.md §3.4): the four
// piece commands, chat, the roster, board layouts, properties, turn trackers, undo markers, and
// VASSAL's other commands; anything else is a module's own command, counted and skipped.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace referee::vassal {

enum class LeafKind {
    add, remove, change, move, chat,   // the kinds vassal.md counts by name
    empty,
    begin_save, end_save, player, player_remove, board_picker, global_property, mutable_property,
    turn, undo_marker, known_other,    // VASSAL's own commands: counted as "other"
    unknown,                           // a module's own command: "other", and counted by prefix
};

// The leaf with a log step's "LOG\t" taken off (a log wraps every command of a step in one).
std::string_view strip_log(std::string_view leaf);
LeafKind classify(std::string_view leaf);
// The name an unknown leaf is counted under: its leading letters, digits and '_' ("HAKA" for
// "HAKA:..."), or its first 12 bytes when it has none.
std::string unknown_key(std::string_view leaf);

struct AddPiece { std::string id, type, state; };
struct MovePiece {
    std::string id, new_map, new_under, old_map, old_under, player;   // "" for VASSAL's null
    long long new_x = 0, new_y = 0, old_x = 0, old_y = 0;
};
struct ChangePiece { std::string id, new_state; std::optional<std::string> old_state; };

AddPiece read_add(std::string_view leaf);
std::string read_remove(std::string_view leaf);
ChangePiece read_change(std::string_view leaf);
MovePiece read_move(std::string_view leaf);

struct Player { std::string id, name, side; };            // the id is a password: never output
Player read_player(std::string_view leaf);
struct PropertyChange { std::string name, old_value, new_value, container; };
PropertyChange read_global_property(std::string_view leaf);   // old_value is ""
PropertyChange read_mutable_property(std::string_view leaf);
// "UNDO\ttrue" begins VASSAL's undo of a step, "UNDO\tfalse" ends it (3.6.7 on).
bool undo_marker_begins(std::string_view leaf);
// A turn tracker's "TURN<id>\t<state>": its id and state.
std::pair<std::string, std::string> read_turn(std::string_view leaf);
// A layout "<map id>BoardPicker\t...": the map id.
std::string board_picker_map(std::string_view leaf);

}  // namespace referee::vassal
