// A buildFile's dice buttons and turn trackers (buildfile_xml.hpp; the shared FORMAT.md §6).
#include "buildfile_xml.hpp"

#include "vassal_text.hpp"

namespace referee::vassal::buildfile {

namespace {

constexpr std::string_view default_dice_format = "** $name$ = $result$ *** &lt;$PlayerName$&gt;";
constexpr std::string_view default_special_format = "** $name$ = [$result1$] *** &lt;$PlayerName$&gt;";

SpecialDie read_special_die(pugi::xml_node n) {
    SpecialDie die;
    die.name = attr_or(n, "name", "");
    die.format = attr_or(n, "format", "$result$");
    for (pugi::xml_node f : n.children())
        if (f.type() == pugi::node_element && class_is(f, "SpecialDieFace"))
            die.faces.push_back({attr_or(f, "text", ""), attr_or(f, "value", ""), attr_or(f, "icon", "")});
    return die;
}

constexpr int max_turn_depth = 64;   // real trackers nest 4 deep

TurnLevel read_turn_level(pugi::xml_node n, int depth) {
    TurnLevel level;
    level.class_name = n.name();
    level.name = attr_or(n, "name", "");
    level.property = attr_or(n, "property", "");
    level.turn_format = attr_or(n, "turnFormat", "$value$");
    level.start = attr_int(n, "start", 1);
    level.incr = attr_int(n, "incr", 1);
    level.loop = attr_bool(n, "loop", false);
    level.loop_limit = attr_int(n, "loopLimit", -1);
    if (const auto list = attr(n, "list"); list && !list->empty()) level.items = split_tokens(*list, ',');
    for (pugi::xml_node c : n.children())
        if (c.type() == pugi::node_element && class_is(c, "TurnLevel") && depth < max_turn_depth)
            level.levels.push_back(read_turn_level(c, depth + 1));
    return level;
}

}  // namespace

DiceButton read_dice_button(pugi::xml_node n, DiceKind kind) {
    DiceButton b;
    b.class_name = n.name();
    b.kind = kind;
    b.name = attr_or(n, "name", "");
    if (kind == DiceKind::special) {
        b.report_format = attr_or(n, "format", default_special_format);
        for (pugi::xml_node c : n.children())
            if (c.type() == pugi::node_element && class_is(c, "SpecialDie")) b.dice.push_back(read_special_die(c));
        b.n_dice = static_cast<int>(b.dice.size());
        b.n_sides = b.dice.empty() ? 0 : static_cast<int>(b.dice.front().faces.size());
        return b;
    }
    b.report_format = attr_or(n, "reportFormat", default_dice_format);
    b.n_dice = attr_int(n, "nDice", 2);
    b.n_sides = attr_int(n, "nSides", 6);
    b.plus = attr_int(n, "plus", 0);
    b.add_to_total = attr_int(n, "addToTotal", 0);
    b.report_total = attr_bool(n, "reportTotal", false);
    b.sort_dice = attr_bool(n, "sortDice", false);
    b.keep_dice = attr_bool(n, "keepDice", false);
    b.keep_count = attr_int(n, "keepCount", 1);
    return b;
}

TurnTracker read_turn_tracker(pugi::xml_node n) {
    TurnTracker t;
    t.class_name = n.name();
    t.name = attr_or(n, "name", "");
    t.report_format = attr_or(n, "reportFormat", "");
    t.turn_format = attr_or(n, "turnFormat", "");
    for (pugi::xml_node c : n.children())
        if (c.type() == pugi::node_element && class_is(c, "TurnLevel")) t.levels.push_back(read_turn_level(c, 1));
    return t;
}

}  // namespace referee::vassal::buildfile
