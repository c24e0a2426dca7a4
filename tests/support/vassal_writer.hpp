// A test-only writer of VASSAL files: command trees joined with ESC (escaped by the fuzz target's
// encode_sequence, VASSAL's SequenceEncoder rules), pieces' trait chains, the piece commands, log
// steps, the "!VCSK" obfuscation, and the ZIP around them (zip_builder.hpp).
#pragma once

#include "vassal_target.hpp"
#include "zip_builder.hpp"

#include <stdexcept>
#include <utility>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace referee::vassal::testing {

// VASSAL's escaping of a token sequence: the fuzz target's encoder (fuzz/vassal_target.hpp).
inline std::string encode(const std::vector<std::string>& tokens, char delimiter) {
    return fuzz::encode_sequence(tokens, delimiter);
}

// A command with sub-commands: VASSAL encodes it as its own text, then ESC and each sub-command.
inline std::string compound(const std::vector<std::string>& commands) { return encode(commands, '\x1b'); }

// A piece's chains: each trait wraps the rest (outermost first), TAB-separated per level.
inline std::string chain(const std::vector<std::string>& links) {
    if (links.empty()) return {};
    std::string rest = links.back();
    for (std::size_t i = links.size() - 1; i-- > 0;) rest = encode({links[i], rest}, '\t');
    return rest;
}

inline std::string add_piece(const std::string& id, const std::string& type, const std::string& state) {
    return encode({"+", id, type, state}, '/');
}
inline std::string move_piece(const std::string& id, const std::string& new_map, int nx, int ny, const std::string& new_under,
                              const std::string& old_map, int ox, int oy, const std::string& old_under = "null",
                              const std::string& player = "") {
    std::vector<std::string> t{"M", id, new_map, std::to_string(nx), std::to_string(ny), new_under, old_map,
                               std::to_string(ox), std::to_string(oy), old_under};
    if (!player.empty()) t.push_back(player);
    return encode(t, '/');
}
inline std::string change_piece(const std::string& id, const std::string& new_state, const std::string& old_state) {
    return encode({"D", id, new_state, old_state}, '/');
}
inline std::string remove_piece(const std::string& id) { return encode({"-", id}, '/'); }
inline std::string log_step(const std::vector<std::string>& leaves) {
    std::vector<std::string> logged;
    for (const std::string& l : leaves) logged.push_back("LOG\t" + l);
    return logged.size() == 1 ? logged.front() : compound(logged);
}

// The whole text of a save or log: begin_save, the position's commands, end_save, the steps.
inline std::string game_text(const std::vector<std::string>& position, const std::vector<std::string>& steps = {}) {
    std::vector<std::string> top{"begin_save"};
    top.insert(top.end(), position.begin(), position.end());
    top.push_back("end_save");
    top.insert(top.end(), steps.begin(), steps.end());
    return compound(top);
}

// The !VCSK form of `plain` with `key`: the key, then each byte XOR the key, as two hex digits.
inline std::string vcsk(std::string_view plain, unsigned char key, bool upper = false) {
    const char* digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    std::string out = "!VCSK";
    const auto put = [&](unsigned char b) {
        out += digits[b >> 4];
        out += digits[b & 15];
    };
    put(key);
    for (char c : plain) put(static_cast<unsigned char>(c) ^ key);
    return out;
}

// A ZIP archive of the given entries, deflated as VASSAL writes them (tests/support/zip_builder.hpp).
inline std::string make_zip(const std::vector<std::pair<std::string, std::string>>& entries) {
    test::ZipBuilder zip;
    for (const auto& [name, data] : entries) zip.add(name, data);
    return zip.bytes();
}

// A VASSAL save or log: a ZIP with savedGame (obfuscated with `key`) and, when given, savedata.
inline std::string make_vassal_file(const std::string& text, unsigned char key = 0x5a, const std::string& vassal_version = "3.7.20") {
    std::string savedata = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><data version=\"1\"><version>1.0</version><VassalVersion>" +
                           vassal_version + "</VassalVersion><dateSaved>0</dateSaved><description>test</description></data>";
    return make_zip({{"savedGame", vcsk(text, key)}, {"savedata", savedata}});
}

}  // namespace referee::vassal::testing

// ---------------------------------------------------------------------------------------------
// A game-level writer (vassal_writer.cpp): a small C++ description of a game played with one of
// the test modules (samples/vassal/*/buildFile.xml) written as VASSAL writes a save or a log.
// The position: begin_save, one NullCommand holding an AddPiece per unit (trait chain: a Marker
// `mark;Side,Unit,Type,Strength` around a BasicPiece `piece;;;<type>.png;<unit>`, state
// `<map>;<x>;<y>;<gpid>;0`), the roster, the boards, global properties, the turn tracker, end_save.
// Each step: one press of VASSAL's Step button, its leaves logged as LogCommands.
namespace referee::vassal::testing {

// The raw geometry of a module's hex grid and numbering, as far as the writer needs it: the centre
// of the hex a scenario names CCRR. Written from the grid's definition (the shared FORMAT.md 5.3),
// apart from parser/module, so that a test can hold one against the other.
struct HexGeometry {
    double x0 = 0, y0 = 0, dx = 0, dy = 0;
    bool sideways = false;     // pointy-topped: x and y swap, and the numbering's column is the screen row
    int h_off = 1, v_off = 1;  // the numbering's offsets: raw cell 0 is number h_off / v_off
};
struct PixelPoint {
    int x = 0, y = 0;
    bool operator==(const PixelPoint&) const = default;
};
// The centre of hex CCRR (two-digit column, two-digit row). Throws std::invalid_argument for an id
// that is not four digits.
PixelPoint hex_centre(const HexGeometry& grid, std::string_view ccrr);

// The test modules' grids (their buildFile.xml comments say the same).
HexGeometry blue_and_gray_grid();     // samples/vassal/bluegray: columns offset
HexGeometry napoleonics_grid();       // samples/vassal/napoleonics: rows offset (sideways)

// What the writer needs of the module a game is played with.
struct WriterModule {
    std::string name, version;
    std::string game_map;                    // the map hexes are on
    HexGeometry grid;
    std::vector<std::string> maps;           // every map, in the module's order (boards: one each)
    std::vector<std::string> boards;         // the board of each map
    std::string tracker_id = "TurnTracker0"; // the id VASSAL gives the module's first TurnTracker
    bool tracker_counter = true;             // its top level is a counter (holding the phase list)
    std::string dice_button;                 // the DiceButton's name
    std::string dice_format;                 // its report format ($name$, $result$, $PlayerName$)
};
WriterModule blue_and_gray_module();
WriterModule napoleonics_module();

// A unit's piece: its Marker values and its palette slot.
struct UnitSpec {
    std::string side, unit, type;
    int strength = 0;
    int gpid = 0;
};

// Where a piece stands: a hex of the game map, or a box (a map of its own), or a pixel.
struct Place {
    std::string map;
    int x = 0, y = 0;
    std::string hex;   // the hex's id when on the game map ("" in a box)
};

class GameWriter {
public:
    explicit GameWriter(WriterModule module);

    const WriterModule& module() const { return module_; }

    // --- The position (before any step). ---
    void player(std::string user_id, std::string name, std::string side);
    void unit(std::string piece_id, UnitSpec spec, const Place& where);
    void global_property(std::string name, std::string value);
    void tracker(int turn, int phase_index);       // the tracker's state when the file begins
    Place hex(std::string_view ccrr) const;         // the centre of a hex of the game map
    Place box(std::string_view map) const;          // a point of a box (the next free one)
    // Moves a piece in the position itself (before the first step): for a log that does not begin
    // where the one before it ended.
    void relocate(const std::string& piece_id, const Place& where);

    // --- Steps (each call after begin_step adds leaves to the current step). ---
    void begin_step();
    void move(const std::string& piece_id, const Place& to, const std::string& user_id); // M/ and its report
    void strength(const std::string& piece_id, int new_strength);                      // D/ of the Marker
    void chat(const std::string& player_name, const std::string& text);                // typed chat
    void roll(const std::string& player_name, const std::vector<int>& dice);           // the button's report
    void advance(int turn, int phase_index);                                           // TURN<id>
    void property(const std::string& name, const std::string& value);                  // MutableProperty
    // One step that marks an undo (UNDO markers around the inverse of the last step not yet taken
    // back, in reverse order). Throws std::logic_error when there is none.
    void undo();

    // --- Output. ---
    std::string text() const;                                    // the command text
    std::string bytes(unsigned char key = 0x3c) const;           // the ZIP: savedGame, moduledata, savedata
    std::size_t steps() const { return steps_.size(); }
    // A writer whose position is this one's final position (a log that continues this one).
    GameWriter continued() const;

    // A piece's current place and strength (for tests).
    Place where(const std::string& piece_id) const;

private:
    struct Piece {
        std::string id;
        UnitSpec spec;
        Place at;
    };
    struct Player {
        std::string user_id, name, side;
    };
    struct State {
        std::vector<Piece> pieces;
        std::vector<std::pair<std::string, std::string>> properties;
        int turn = 1, phase = 0;
    };
    struct LoggedStep {
        std::vector<std::string> leaves, inverse;   // inverse: in the order an undo writes it
        State before;
    };
    Piece& piece(const std::string& id);
    const Piece& piece(const std::string& id) const;
    std::string type_of(const Piece& p) const;
    std::string state_of(const Piece& p) const;
    std::string tracker_leaf(int turn, int phase_index) const;

    WriterModule module_;
    std::vector<Player> players_;
    std::vector<Piece> pieces_;
    std::vector<std::pair<std::string, std::string>> properties_;
    int turn_ = 1, phase_ = 0;
    State state() const;
    void restore(const State& s);
    LoggedStep& current_step();
    std::vector<LoggedStep> steps_;
    std::optional<State> initial_;             // the position, once the first step has begun
    std::vector<std::size_t> open_;            // steps not taken back, for undo
    std::map<std::string, int> box_fill_;      // pieces put in each box so far
    bool in_step_ = false;
};

}  // namespace referee::vassal::testing
