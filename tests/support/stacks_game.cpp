// The Marye's Heights game on the module of `referee bind` (stacks_game.hpp). What it holds, in
// the records a binding should give (tests/data/vassal/stacks/mh-stacks-binding.xml):
//   set-up: 1/1/I and 3/1/I stacked at 1703, 2/1/I and 4/1/I stacked at 1802, 3/V at 0206, 1/C/R at
//   0309, V at 0808, Cobb at 1112, Ransom at 1113, Kershaw at 1512; Wilcox in the Reinforcement
//   Pool; markers Turn Marker and Control [CSA] on the map; the tracker at turn 1, Union Movement.
//   Union movement: the stack at 1703 dragged to 1704; 3/V 0206 -> 0207; 1/C/R 0309 -> 0310.
//   Union combat: a roll of 4; Cobb's Strength layer 6 -> 5.
//   Confederate movement: Cobb 1112 -> 1111; Wilcox from the pool to 0519.
//   Confederate combat: a roll of 6; 4/1/I (out of its stack) into the Casualties zone; chat.
//   Turn 2, Union movement: 1/C/R 0310 -> 0113, then into the Exit Box. Union combat.
#include "stacks_game.hpp"

#include "vassal_writer.hpp"

#include <map>
#include <vector>

namespace referee::vassal::testing {

namespace {

constexpr const char* union_id = "union-secret";
constexpr const char* confederate_id = "confederate-secret";
constexpr const char* game_map = "Battlefield";

struct Piece {
    std::string id, name, arm;
    int strength = 0, gpid = 0;
    std::string map;
    int x = 0, y = 0;
};

// The Layer "Strength": 13 levels named 1 to 13 (the module's prototype Steps, expanded).
std::string layer_type() {
    std::string images, names;
    for (int k = 1; k <= 13; ++k) {
        images += (k > 1 ? "," : "") + std::string("s") + std::to_string(k) + ".png";
        names += (k > 1 ? "," : "") + std::to_string(k);
    }
    std::vector<std::string> f(20);
    f[0] = "emb2";
    f[16] = images;
    f[17] = names;
    f[19] = "Strength";
    std::string out;
    for (std::size_t i = 0; i < f.size(); ++i) out += (i ? ";" : "") + f[i];
    return out;
}

std::string type_of(const Piece& p) {
    if (p.arm.empty()) return chain({"piece;;;marker.png;" + p.name});
    return chain({layer_type(), "mark;Arm", "piece;;;" + p.arm + ".png;" + p.name});
}

std::string state_of(const Piece& p) {
    const std::string basic = encode({p.map.empty() ? "null" : p.map, std::to_string(p.x), std::to_string(p.y), std::to_string(p.gpid), "0"}, ';');
    if (p.arm.empty()) return basic;
    return chain({std::to_string(p.strength), p.arm, basic});
}

std::string tracker(int turn, int phase) {
    const std::string list = encode({std::to_string(phase), "0", "0", "true"}, ';');
    return "TURNTurnTracker0\t" + encode({"0", encode({std::to_string(turn), "0", "false", "-1", list}, ';')}, '|');
}

class Game {
public:
    void piece(const std::string& id, const std::string& name, const std::string& arm, int strength, int gpid, const std::string& map, int x,
               int y) {
        pieces_[id] = Piece{id, name, arm, strength, gpid, map, x, y};
        order_.push_back(id);
    }
    void stack(const std::string& id, const std::vector<std::string>& children) {
        const Piece& first = pieces_.at(children.front());
        std::vector<std::string> s{first.map, std::to_string(first.x), std::to_string(first.y)};
        s.insert(s.end(), children.begin(), children.end());
        stacks_.push_back(add_piece(id, "stack", encode(s, ';')));
        for (const std::string& c : children) stacked_[c] = id;
        stack_at_[id] = {first.map, first.x, first.y};
    }
    std::vector<std::string> position() const {
        std::vector<std::string> adds{""};
        for (const std::string& id : order_) adds.push_back(add_piece(id, type_of(pieces_.at(id)), state_of(pieces_.at(id))));
        adds.insert(adds.end(), stacks_.begin(), stacks_.end());
        return {compound(adds),
                encode({"PLAYER", union_id, "A. Smith", "Union"}, '\t'),
                encode({"PLAYER", confederate_id, "B. Jones", "Confederate"}, '\t'),
                "BattlefieldBoardPicker\t" + encode({"Heights", "0", "0"}, '\t'),
                "BoxesBoardPicker\t" + encode({"Boxes", "0", "0"}, '\t'),
                tracker(1, 0)};
    }
    // A drag of a piece (out of its stack) or of a whole stack.
    std::string move(const std::string& id, const std::string& map, int x, int y, const char* player) {
        if (auto s = stack_at_.find(id); s != stack_at_.end()) {
            const Where old = s->second;
            s->second = {map, x, y};
            for (auto& [pid, sid] : stacked_)
                if (sid == id) pieces_[pid].map = map, pieces_[pid].x = x, pieces_[pid].y = y;
            return move_piece(id, map, x, y, "null", old.map, old.x, old.y, "null", player);
        }
        Piece& p = pieces_.at(id);
        const std::string out = move_piece(id, map, x, y, "null", p.map, p.x, p.y, "null", player);
        p.map = map, p.x = x, p.y = y;
        stacked_.erase(id);
        return out;
    }
    std::string strength(const std::string& id, int s) {
        Piece& p = pieces_.at(id);
        const std::string old = state_of(p);
        p.strength = s;
        return change_piece(id, state_of(p), old);
    }

private:
    struct Where {
        std::string map;
        int x = 0, y = 0;
    };
    std::map<std::string, Piece> pieces_;
    std::vector<std::string> order_;
    std::vector<std::string> stacks_;
    std::map<std::string, std::string> stacked_;
    std::map<std::string, Where> stack_at_;
};

}  // namespace

std::string stacks_game_log() {
    const HexGeometry grid = blue_and_gray_grid();   // the same hexes; the module names them row first
    const auto at = [&](const char* ccrr) { return hex_centre(grid, ccrr); };
    Game g;
    const auto unit = [&](const char* id, const char* name, const char* arm, int strength, int gpid, const char* hex) {
        const PixelPoint p = at(hex);
        g.piece(id, name, arm, strength, gpid, game_map, p.x, p.y);
    };
    unit("1800000000001", "1/1/I [USA]", "Inf", 6, 1, "1703");
    unit("1800000000002", "3/1/I [USA]", "Inf", 5, 2, "1703");
    unit("1800000000003", "2/1/I [USA]", "Inf", 5, 3, "1802");
    unit("1800000000004", "4/1/I [USA]", "Inf", 6, 4, "1802");
    unit("1800000000005", "3/v [USA]", "Inf", 13, 5, "0206");
    unit("1800000000006", "1/C/R [USA]", "Cav", 4, 6, "0309");
    unit("1800000000007", "V [USA]", "Art", 2, 7, "0808");
    unit("1800000000009", "Cobb [CSA]", "Inf", 6, 9, "1112");
    unit("1800000000010", "Ransom [CSA]", "Inf", 10, 10, "1113");
    unit("1800000000011", "Kershaw [CSA]", "Inf", 7, 11, "1512");
    g.piece("1800000000012", "Wilcox [CSA]", "Inf", 5, 12, "Boxes", 340, 40);
    const PixelPoint control = at("1711"), turn = at("0101");
    g.piece("1800000000014", "Control [CSA]", "", 0, 14, game_map, control.x, control.y);
    g.piece("1800000000015", "Turn Marker", "", 0, 15, game_map, turn.x, turn.y);
    g.stack("1800000000101", {"1800000000001", "1800000000002"});
    g.stack("1800000000102", {"1800000000003", "1800000000004"});
    const std::vector<std::string> position = g.position();

    std::vector<std::string> steps;
    std::string die;
    const auto step = [&](const std::string& leaf) { steps.push_back(log_step({leaf})); };
    const auto drag = [&](const char* id, const char* hex, const char* player) {
        const PixelPoint p = at(hex);
        step(g.move(id, game_map, p.x, p.y, player));
    };
    drag("1800000000101", "1704", union_id);            // the stack of 1/1/I and 3/1/I
    drag("1800000000005", "0207", union_id);
    drag("1800000000006", "0310", union_id);
    step(tracker(1, 1));
    steps.push_back(log_step({encode({"MutableProperty", "Battle Die_result", die, "4", "Module"}, '\t'),
                              "CHAT*** Battle Die = 4 rolled by A. Smith"}));
    die = "4";
    step(g.strength("1800000000009", 5));
    step(tracker(1, 2));
    drag("1800000000009", "1111", confederate_id);
    drag("1800000000012", "0519", confederate_id);      // Wilcox from the pool
    step(tracker(1, 3));
    steps.push_back(log_step({encode({"MutableProperty", "Battle Die_result", die, "6", "Module"}, '\t'),
                              "CHAT*** Battle Die = 6 rolled by B. Jones"}));
    step(g.move("1800000000004", game_map, 1560, 60, confederate_id));   // into the Casualties zone
    step("CHAT<B. Jones> - the wall holds");
    step(tracker(2, 0));
    drag("1800000000006", "0113", union_id);
    step(g.move("1800000000006", "Boxes", 40, 40, union_id));            // into the Exit Box
    step(tracker(2, 1));

    const std::string text = game_text(position, steps);
    const std::string head = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<data version=\"1\">";
    const std::string moduledata = head + "<version>0.3</version><extra1/><extra2/><VassalVersion>3.7.20</VassalVersion><dateSaved>0</dateSaved>"
                                          "<description/><name>Heights Stacks Test</name></data>";
    const std::string savedata = head + "<version>0.3</version><extra1/><extra2/><VassalVersion>3.7.20</VassalVersion><dateSaved>0</dateSaved>"
                                        "<description>referee test game (bind)</description></data>";
    return make_zip({{"savedGame", vcsk(text, 0x3c)}, {"moduledata", moduledata}, {"savedata", savedata}});
}

}  // namespace referee::vassal::testing
