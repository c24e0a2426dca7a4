// Text for people: <description> (free text, not read by referee) and <rulings> (each <ruling id=...>
// the scenario's own reading of the rules, cited by its id in the report; an extending file's
// ruling with a base ruling's id replaces its text).
#include "scenario_sections.hpp"

#include <map>
#include <string>

namespace referee::scenario_xml {

void read_description(ReadContext& cx, pugi::xml_node d) {
    if (!d) return;
    cx.check_attrs(d, {});
    cx.check_text_only(d);
}

void read_rulings(ReadContext& cx, pugi::xml_node s) {
    if (!s) return;
    cx.check_attrs(s, {});
    cx.check_children(s, {"ruling"});
    NodesByName ids;
    // A base's rulings (an extending file's), by id: a ruling of this file replaces the one with its
    // id. Looked up, not searched for: a file of 10^5 rulings reads in linear time.
    std::map<std::string, std::size_t, std::less<>> base;
    for (std::size_t i = 0; i < cx.sc.rulings.size(); ++i) base.emplace(cx.sc.rulings[i].id, i);
    for (pugi::xml_node n : s.children("ruling")) {
        cx.check_attrs(n, {"id"});
        cx.check_text_only(n);
        auto id = cx.required(n, "id");
        const std::string text = one_line(n.text().get());
        if (text.empty()) cx.error(n, "<ruling> needs its text between <ruling ...> and </ruling>");
        if (!id || text.empty()) continue;
        if (auto it = ids.find(*id); it != ids.end()) {
            cx.error(n, n.attribute("id"),
                     "ruling " + qt(*id) + " is given twice (first on line " + std::to_string(cx.line_of(it->second)) + ")");
            continue;
        }
        ids.emplace(std::string(*id), n);
        // In an extending file, a ruling with a base ruling's id replaces its text.
        const bool from_file = cx.file != kBuiltinFile;
        if (auto b = base.find(*id); b != base.end()) {
            cx.sc.rulings[b->second].text = text;
            cx.sc.rulings[b->second].from_file = from_file;
        } else {
            cx.sc.rulings.push_back(RulingDef{std::string(*id), text, from_file});
        }
    }
}

}  // namespace referee::scenario_xml
