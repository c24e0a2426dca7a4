// The game-level writer of VASSAL files for the tests (vassal_writer.hpp). Test-only: linked into
// the test programs, never into referee.
#include "vassal_writer.hpp"

#include <algorithm>
#include <stdexcept>

namespace referee::vassal::testing {

namespace {

// Java's (int) cast of a double: truncation toward zero.
int java_int(double v) { return static_cast<int>(v); }

std::string join(const std::vector<int>& values, const char* sep) {
    std::string out;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0) out += sep;
        out += std::to_string(values[i]);
    }
    return out;
}

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

// What VASSAL's chat sends for a report line: one more '*' when it starts with one, else "* ".
std::string report_line(const std::string& text) { return text.starts_with('*') ? "CHAT*" + text : "CHAT* " + text; }

}  // namespace

PixelPoint hex_centre(const HexGeometry& g, std::string_view ccrr) {
    if (ccrr.size() != 4 || !std::all_of(ccrr.begin(), ccrr.end(), [](char c) { return c >= '0' && c <= '9'; }))
        throw std::invalid_argument("not a CCRR hex id: " + std::string(ccrr));
    const int column = (ccrr[0] - '0') * 10 + (ccrr[1] - '0');
    const int row = (ccrr[2] - '0') * 10 + (ccrr[3] - '0');
    // The grid's raw cell (c, r): c counts along the grid's own x, which is the screen's y on a
    // sideways grid, where the numbering's "column" is therefore the screen row.
    const int c = (g.sideways ? row : column) - g.h_off;
    const int r = (g.sideways ? column : row) - g.v_off;
    const int gx = java_int(g.dx * c + g.x0);
    const int gy = c % 2 == 0 ? java_int(g.dy * r + g.y0) : java_int(g.dy * r + java_int(g.dy / 2) + g.y0);
    return g.sideways ? PixelPoint{gy, gx} : PixelPoint{gx, gy};
}

HexGeometry blue_and_gray_grid() { return HexGeometry{40, 40, 56, 64, false, 1, 1}; }
HexGeometry napoleonics_grid() { return HexGeometry{40, 40, 56, 64, true, 1, 1}; }

WriterModule blue_and_gray_module() {
    WriterModule m;
    m.name = "Blue and Gray Test";
    m.version = "1.0";
    m.game_map = "Main Map";
    m.grid = blue_and_gray_grid();
    m.maps = {"Main Map", "Dead Pile", "Exited", "Reinforcements"};
    m.boards = {"Blue and Gray", "Dead Pile", "Exited", "Reinforcements"};
    m.tracker_counter = true;
    m.dice_button = "1d6";
    m.dice_format = "** $name$ = $result$ rolled by $PlayerName$";
    return m;
}

WriterModule napoleonics_module() {
    WriterModule m;
    m.name = "Napoleonics Test";
    m.version = "1.0";
    m.game_map = "Battlefield";
    m.grid = napoleonics_grid();
    m.maps = {"Battlefield", "Dead Pile", "Exited", "Reinforcements"};
    m.boards = {"Battlefield", "Dead Pile", "Exited", "Reinforcements"};
    m.tracker_counter = false;
    m.dice_button = "Battle";
    m.dice_format = "** $name$ = $result$ rolled by $PlayerName$";
    return m;
}

GameWriter::GameWriter(WriterModule module) : module_(std::move(module)) {}

void GameWriter::player(std::string user_id, std::string name, std::string side) {
    players_.push_back({std::move(user_id), std::move(name), std::move(side)});
}

void GameWriter::unit(std::string piece_id, UnitSpec spec, const Place& where) {
    if (in_step_) throw std::logic_error("a unit is added to the position before the first step");
    pieces_.push_back({std::move(piece_id), std::move(spec), where});
}

void GameWriter::global_property(std::string name, std::string value) {
    properties_.emplace_back(std::move(name), std::move(value));
}

void GameWriter::tracker(int turn, int phase_index) {
    turn_ = turn;
    phase_ = phase_index;
}

Place GameWriter::hex(std::string_view ccrr) const {
    const PixelPoint p = hex_centre(module_.grid, ccrr);
    return Place{module_.game_map, p.x, p.y, std::string(ccrr)};
}

Place GameWriter::box(std::string_view map) const {
    // Boxes are maps without grids: pieces side by side, 60 pixels apart.
    const auto it = box_fill_.find(std::string(map));
    const int n = it == box_fill_.end() ? 0 : it->second;
    return Place{std::string(map), 40 + 60 * (n % 6), 40 + 60 * (n / 6), {}};
}

void GameWriter::relocate(const std::string& piece_id, const Place& where) {
    if (in_step_) throw std::logic_error("relocate changes the position, before the first step");
    piece(piece_id).at = where;
}

GameWriter::Piece& GameWriter::piece(const std::string& id) {
    for (Piece& p : pieces_)
        if (p.id == id) return p;
    throw std::invalid_argument("no piece " + id);
}
const GameWriter::Piece& GameWriter::piece(const std::string& id) const {
    for (const Piece& p : pieces_)
        if (p.id == id) return p;
    throw std::invalid_argument("no piece " + id);
}

Place GameWriter::where(const std::string& piece_id) const { return piece(piece_id).at; }

std::string GameWriter::type_of(const Piece& p) const {
    return chain({"mark;Side,Unit,Type,Strength", "piece;;;" + p.spec.type + ".png;" + p.spec.unit});
}

std::string GameWriter::state_of(const Piece& p) const {
    const std::string marker = encode({p.spec.side, p.spec.unit, p.spec.type, std::to_string(p.spec.strength)}, ',');
    const std::string basic = encode({p.at.map.empty() ? "null" : p.at.map, std::to_string(p.at.x), std::to_string(p.at.y),
                                      std::to_string(p.spec.gpid), "0"},
                                     ';');
    return chain({marker, basic});
}

// A TurnTracker's state, in the form real saves hold (docs/decisions.md, "Turns and phases from
// the turn tracker"): the current level, '|', then
// each level's state, its value first (a list level's value is its item's index), the levels
// it holds nested in its last field.
std::string GameWriter::tracker_leaf(int turn, int phase_index) const {
    const std::string list = encode({std::to_string(phase_index), "0", "0", "true"}, ';');
    const std::string top = module_.tracker_counter ? encode({std::to_string(turn), "0", "false", "-1", list}, ';') : list;
    return "TURN" + module_.tracker_id + "\t" + encode({"0", top}, '|');
}

GameWriter::State GameWriter::state() const { return State{pieces_, properties_, turn_, phase_}; }

void GameWriter::restore(const State& s) {
    pieces_ = s.pieces;
    properties_ = s.properties;
    turn_ = s.turn;
    phase_ = s.phase;
}

void GameWriter::begin_step() {
    if (!initial_) initial_ = state();
    in_step_ = true;
    steps_.push_back(LoggedStep{{}, {}, state()});
    open_.push_back(steps_.size() - 1);
}

GameWriter::LoggedStep& GameWriter::current_step() {
    if (steps_.empty()) throw std::logic_error("no step begun");
    return steps_.back();
}

void GameWriter::move(const std::string& piece_id, const Place& to, const std::string& user_id) {
    LoggedStep& step = current_step();
    Piece& p = piece(piece_id);
    const Place from = p.at;
    const auto map_or_null = [](const std::string& m) { return m.empty() ? std::string("null") : m; };
    step.leaves.push_back(move_piece(p.id, map_or_null(to.map), to.x, to.y, "null", map_or_null(from.map), from.x, from.y,
                                     "null", user_id));
    step.inverse.insert(step.inverse.begin(),
                        move_piece(p.id, map_or_null(from.map), from.x, from.y, "null", map_or_null(to.map), to.x, to.y, "null",
                                   user_id));
    if (to.map != module_.game_map) ++box_fill_[to.map];
    p.at = to;
    // The move report of the game map (its moveWithinFormat): only a move within it has one, the
    // boxes having no grid (VASSAL's defaults need one) and no formats of their own.
    if (from.map == module_.game_map && to.map == module_.game_map) {
        const std::string report = report_line(p.spec.unit + " moves " + from.hex + " &rarr; " + to.hex + " *");
        step.leaves.push_back(report);
        step.inverse.insert(step.inverse.begin(), "CHAT* UNDO: " + report.substr(4));
    }
}

void GameWriter::strength(const std::string& piece_id, int new_strength) {
    LoggedStep& step = current_step();
    Piece& p = piece(piece_id);
    const std::string old_state = state_of(p);
    p.spec.strength = new_strength;
    const std::string new_state = state_of(p);
    step.leaves.push_back(change_piece(p.id, new_state, old_state));
    step.inverse.insert(step.inverse.begin(), change_piece(p.id, old_state, new_state));
}

void GameWriter::chat(const std::string& player_name, const std::string& text) {
    LoggedStep& step = current_step();
    const std::string line = "<" + player_name + "> - " + text;
    step.leaves.push_back("CHAT" + line);
    step.inverse.insert(step.inverse.begin(), "CHAT* UNDO: " + line);
}

void GameWriter::roll(const std::string& player_name, const std::vector<int>& dice) {
    LoggedStep& step = current_step();
    const std::string result = join(dice, ",");
    std::string text = replace_all(module_.dice_format, "$name$", module_.dice_button);
    text = replace_all(text, "$result$", result);
    text = replace_all(text, "$PlayerName$", player_name);
    const std::string line = report_line(text);
    // The button sets its result property, then reports (FORMAT.md 6).
    const std::string property = module_.dice_button + "_result";
    std::string old_value;
    for (auto& [name, value] : properties_)
        if (name == property) old_value = value;
    step.leaves.push_back(encode({"MutableProperty", property, old_value, result, "Module"}, '\t'));
    step.leaves.push_back(line);
    step.inverse.insert(step.inverse.begin(), encode({"MutableProperty", property, result, old_value, "Module"}, '\t'));
    step.inverse.insert(step.inverse.begin(), "CHAT* UNDO: " + line.substr(4));
    bool found = false;
    for (auto& [name, value] : properties_)
        if (name == property) value = result, found = true;
    if (!found) properties_.emplace_back(property, result);
}

void GameWriter::advance(int turn, int phase_index) {
    LoggedStep& step = current_step();
    const std::string before = tracker_leaf(turn_, phase_);
    turn_ = turn;
    phase_ = phase_index;
    step.leaves.push_back(tracker_leaf(turn_, phase_));
    step.inverse.insert(step.inverse.begin(), before);
}

void GameWriter::property(const std::string& name, const std::string& value) {
    LoggedStep& step = current_step();
    std::string old_value;
    bool found = false;
    for (auto& [n, v] : properties_)
        if (n == name) old_value = v, v = value, found = true;
    if (!found) properties_.emplace_back(name, value);
    step.leaves.push_back(encode({"MutableProperty", name, old_value, value, "Module"}, '\t'));
    step.inverse.insert(step.inverse.begin(), encode({"MutableProperty", name, value, old_value, "Module"}, '\t'));
}

void GameWriter::undo() {
    if (open_.empty()) throw std::logic_error("nothing to undo");
    const std::size_t undone = open_.back();
    open_.pop_back();
    if (!initial_) initial_ = state();
    LoggedStep undo_step{{}, {}, state()};
    undo_step.leaves.push_back("UNDO\ttrue");
    for (const std::string& l : steps_[undone].inverse) undo_step.leaves.push_back(l);
    undo_step.leaves.push_back("UNDO\tfalse");
    restore(steps_[undone].before);
    steps_.push_back(std::move(undo_step));   // an undo is never open: undos take back steps, not undos
    in_step_ = true;
}

std::string GameWriter::text() const {
    const State first = initial_ ? *initial_ : state();
    std::vector<std::string> position;
    // One NullCommand whose children add every piece (VASSAL: pieces off any map first, then by map).
    std::vector<std::string> adds{""};
    for (const Piece& p : first.pieces) adds.push_back(add_piece(p.id, type_of(p), state_of(p)));
    position.push_back(compound(adds));
    for (const Player& pl : players_) position.push_back(encode({"PLAYER", pl.user_id, pl.name, pl.side}, '\t'));
    for (std::size_t i = 0; i < module_.maps.size(); ++i)
        position.push_back(module_.maps[i] + "BoardPicker\t" + encode({module_.boards[i], "0", "0"}, '\t'));
    for (const auto& [name, value] : first.properties) position.push_back("GlobalProperty\t" + encode({"", name, value, "Module"}, ';'));
    position.push_back(tracker_leaf(first.turn, first.phase));
    std::vector<std::string> steps;
    for (const LoggedStep& s : steps_) steps.push_back(log_step(s.leaves));
    return game_text(position, steps);
}

std::string GameWriter::bytes(unsigned char key) const {
    const std::string vassal_version = "3.7.20";
    const std::string head = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<data version=\"1\">";
    const std::string moduledata = head + "<version>" + module_.version + "</version><extra1/><extra2/><VassalVersion>" +
                                   vassal_version + "</VassalVersion><dateSaved>0</dateSaved><description/><name>" + module_.name +
                                   "</name></data>";
    const std::string savedata = head + "<version>" + module_.version + "</version><extra1/><extra2/><VassalVersion>" +
                                 vassal_version + "</VassalVersion><dateSaved>0</dateSaved><description>referee test game" +
                                 "</description></data>";
    return make_zip({{"savedGame", vcsk(text(), key)}, {"moduledata", moduledata}, {"savedata", savedata}});
}

GameWriter GameWriter::continued() const {
    GameWriter next(module_);
    next.players_ = players_;
    next.pieces_ = pieces_;
    next.properties_ = properties_;
    next.turn_ = turn_;
    next.phase_ = phase_;
    next.box_fill_ = box_fill_;
    return next;
}

}  // namespace referee::vassal::testing
