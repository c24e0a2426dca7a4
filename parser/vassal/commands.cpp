// Leaf commands (commands.hpp).
#include "commands.hpp"

#include "vassal_text.hpp"

namespace referee::vassal {

std::string_view strip_log(std::string_view leaf) {
    while (leaf.starts_with("LOG\t")) leaf.remove_prefix(4);
    return leaf;
}

namespace {

bool is_key_char(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// VASSAL's own commands that tell nothing referee reads (notes, line of sight, key commands,
// sounds, extensions, set-up markers, the 2.x version checks).
constexpr std::string_view known_prefixes[] = {
    "NOTES\t", "PNOTES\t", "SNOTE\t", "PNOTE\t", "UNMASK\t", "LOS\t", "SGKC\t", "LOCKSPOTAB\t", "EXT\t",
    "PLUGIN\t", "AUDIO\t", "PLAY\t", "SETUP_STACK\t", "CHECK\t", "PYREMOVE\t",
};

}  // namespace

LeafKind classify(std::string_view leaf) {
    if (leaf.empty()) return LeafKind::empty;
    if (leaf.starts_with("+/")) return LeafKind::add;
    if (leaf.starts_with("-/")) return LeafKind::remove;
    if (leaf.starts_with("D/")) return LeafKind::change;
    if (leaf.starts_with("M/")) return LeafKind::move;
    if (leaf.starts_with("CHAT")) return LeafKind::chat;
    if (leaf == "begin_save") return LeafKind::begin_save;
    if (leaf == "end_save") return LeafKind::end_save;
    if (leaf.starts_with("PLAYER\t")) return LeafKind::player;
    if (leaf.starts_with("PYREMOVE\t")) return LeafKind::player_remove;
    if (leaf.starts_with("GlobalProperty\t")) return LeafKind::global_property;
    if (leaf.starts_with("MutableProperty\t")) return LeafKind::mutable_property;
    if (leaf.starts_with("UNDO\t")) return LeafKind::undo_marker;
    if (leaf.starts_with("TURN")) return LeafKind::turn;
    for (std::string_view p : known_prefixes)
        if (leaf.starts_with(p)) return LeafKind::known_other;
    const std::size_t tab = leaf.find('\t');
    if (leaf.substr(0, tab).ends_with("BoardPicker")) return LeafKind::board_picker;
    return LeafKind::unknown;
}

std::string unknown_key(std::string_view leaf) {
    std::size_t n = 0;
    while (n < leaf.size() && n < 40 && is_key_char(leaf[n])) ++n;
    if (n == 0) n = std::min<std::size_t>(leaf.size(), 12);
    return std::string(leaf.substr(0, n));
}

AddPiece read_add(std::string_view leaf) {
    SequenceDecoder d(leaf, '/');
    d.next();
    AddPiece a;
    a.id = d.next();
    a.type = d.next();
    a.state = d.next();
    return a;
}

std::string read_remove(std::string_view leaf) {
    SequenceDecoder d(leaf, '/');
    d.next();
    return d.next();
}

ChangePiece read_change(std::string_view leaf) {
    SequenceDecoder d(leaf, '/');
    d.next();
    ChangePiece c;
    c.id = d.next();
    c.new_state = d.next();
    if (d.has_more()) c.old_state = d.next();
    return c;
}

namespace {
std::string null_to_empty(std::string s) { return s == "null" ? std::string() : s; }
}  // namespace

MovePiece read_move(std::string_view leaf) {
    SequenceDecoder d(leaf, '/');
    d.next();
    MovePiece m;
    m.id = d.next();
    m.new_map = null_to_empty(d.next());
    m.new_x = d.next_int(0);
    m.new_y = d.next_int(0);
    m.new_under = null_to_empty(d.next());
    m.old_map = null_to_empty(d.next());
    m.old_x = d.next_int(0);
    m.old_y = d.next_int(0);
    m.old_under = null_to_empty(d.next());
    if (d.has_more()) m.player = null_to_empty(d.next());
    return m;
}

Player read_player(std::string_view leaf) {
    SequenceDecoder d(leaf, '\t');
    d.next();
    Player p;
    p.id = d.next();
    p.name = d.next();
    p.side = d.next();
    return p;
}

PropertyChange read_global_property(std::string_view leaf) {
    SequenceDecoder d(leaf, ';');
    d.next();   // "GlobalProperty\t"
    PropertyChange c;
    c.name = d.next();
    c.new_value = d.next();
    c.container = d.next();
    return c;
}

PropertyChange read_mutable_property(std::string_view leaf) {
    SequenceDecoder d(leaf, '\t');
    d.next();
    PropertyChange c;
    c.name = d.next();
    c.old_value = d.next();
    c.new_value = d.next();
    c.container = d.next();
    return c;
}

bool undo_marker_begins(std::string_view leaf) {
    SequenceDecoder d(leaf, '\t');
    d.next();
    return d.next() == "true";
}

std::pair<std::string, std::string> read_turn(std::string_view leaf) {
    leaf.remove_prefix(4);
    const std::size_t tab = leaf.find('\t');
    if (tab == std::string_view::npos) return {std::string(leaf), {}};
    return {std::string(leaf.substr(0, tab)), std::string(leaf.substr(tab + 1))};
}

std::string board_picker_map(std::string_view leaf) {
    const std::size_t tab = leaf.find('\t');
    std::string_view head = leaf.substr(0, tab);
    head.remove_suffix(std::string_view("BoardPicker").size());
    return std::string(head);
}

}  // namespace referee::vassal
