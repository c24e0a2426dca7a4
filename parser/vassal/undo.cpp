// Undos in a log (vassal_file.hpp, find_undos). VASSAL 3.6.7 on wraps an undo's inverse commands in
// "UNDO\ttrue" ... "UNDO\tfalse"; older versions log the inverse as an ordinary step. As VASSAL's
// own undo does, each undo takes back the last step not yet taken back, so the steps are kept on a
// stack. A step is a probable undo when its commands are exactly the inverse of that step's, in
// reverse order: a move with its ends swapped, a change with its states swapped, an add for a
// remove and a remove for an add, and a chat line "* UNDO: " + the line. Empty leaves are ignored.
// A hand-drag back looks the same, so it is only ever "probable" (vassal.md, "undo").
#include "vassal_file.hpp"

#include <optional>
#include <tuple>

namespace referee::vassal {

namespace {

// A leaf in a form where a command and its inverse compare equal: `inverse` builds what the undo of
// the leaf must read, `normal` what a leaf reads.
struct Canon {
    LeafKind kind;
    std::string a, b, c;
    long long n1 = 0, n2 = 0, n3 = 0, n4 = 0;
    std::string d, e;
    bool operator==(const Canon&) const = default;
};

Canon mk(LeafKind kind, std::string a, std::string b = {}, std::string c = {}, long long n1 = 0, long long n2 = 0,
         long long n3 = 0, long long n4 = 0, std::string d = {}, std::string e = {}) {
    return Canon{kind, std::move(a), std::move(b), std::move(c), n1, n2, n3, n4, std::move(d), std::move(e)};
}

std::optional<Canon> normal(std::string_view leaf) {
    const LeafKind kind = classify(leaf);
    switch (kind) {
        case LeafKind::move: {
            MovePiece m = read_move(leaf);
            return mk(kind, m.id, m.new_map, m.new_under, m.new_x, m.new_y, m.old_x, m.old_y, m.old_map, m.old_under);
        }
        case LeafKind::change: {
            ChangePiece c = read_change(leaf);
            if (!c.old_state) return std::nullopt;
            return mk(kind, c.id, c.new_state, *c.old_state);
        }
        case LeafKind::add: return mk(kind, read_add(leaf).id);
        case LeafKind::remove: return mk(kind, read_remove(leaf));
        case LeafKind::chat: return mk(kind, std::string(leaf.substr(4)));
        default: return std::nullopt;
    }
}

std::optional<Canon> inverse(std::string_view leaf) {
    const LeafKind kind = classify(leaf);
    switch (kind) {
        case LeafKind::move: {
            MovePiece m = read_move(leaf);
            return mk(kind, m.id, m.old_map, m.old_under, m.old_x, m.old_y, m.new_x, m.new_y, m.new_map, m.new_under);
        }
        case LeafKind::change: {
            ChangePiece c = read_change(leaf);
            if (!c.old_state) return std::nullopt;
            return mk(kind, c.id, *c.old_state, c.new_state);
        }
        case LeafKind::add: return mk(LeafKind::remove, read_add(leaf).id);
        case LeafKind::remove: return mk(LeafKind::add, read_remove(leaf));
        case LeafKind::chat: return mk(kind, "* UNDO: " + std::string(leaf.substr(4)));
        default: return std::nullopt;
    }
}

bool inverts(const Step& undo, const Step& done) {
    std::vector<std::string_view> a, b;
    for (const std::string& l : undo.leaves) if (!l.empty()) a.push_back(l);
    for (const std::string& l : done.leaves) if (!l.empty()) b.push_back(l);
    if (a.empty() || a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        std::optional<Canon> want = inverse(b[b.size() - 1 - i]);
        std::optional<Canon> got = normal(a[i]);
        if (!want || !got || !(*want == *got)) return false;
    }
    return true;
}

}  // namespace

void find_undos(std::vector<Step>& steps) {
    std::vector<std::size_t> open;   // indexes of steps not taken back, oldest first
    bool inside = false;             // between UNDO\ttrue and UNDO\tfalse
    for (std::size_t i = 0; i < steps.size(); ++i) {
        Step& step = steps[i];
        bool marked = inside;
        for (const std::string& leaf : step.leaves) {
            if (classify(leaf) != LeafKind::undo_marker) continue;
            marked = true;
            inside = undo_marker_begins(leaf);
        }
        if (marked) {
            step.undo = UndoKind::marked;
            if (!open.empty()) {
                step.undoes = steps[open.back()].number;
                open.pop_back();
            }
            continue;
        }
        if (!open.empty() && inverts(step, steps[open.back()])) {
            step.undo = UndoKind::probable;
            step.undoes = steps[open.back()].number;
            open.pop_back();
            continue;
        }
        open.push_back(i);
    }
}

}  // namespace referee::vassal
