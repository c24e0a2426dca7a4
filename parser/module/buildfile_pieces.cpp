// A buildFile's piece slots, prototypes and global properties (catalog.hpp; docs/vassal-modules.md,
// "Showing a module"). A slot's text is an AddPiece command, `+/null/<type>/<state>`, and so is a
// PrototypeDefinition's (the shared FORMAT.md §4, §5.1). A `prototype;<name>` trait stands for the
// traits of the definition of that name (its BasicPiece left out), as VASSAL expands them when it
// makes a piece of the slot; prototypes may use prototypes. Each definition is read and expanded
// once, however many slots use it.
#include "buildfile_xml.hpp"
#include "catalog.hpp"
#include "commands.hpp"
#include "traits.hpp"
#include "vassal_text.hpp"


#include <algorithm>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace referee::vassal::buildfile {

namespace {

constexpr int max_walk_depth = 256;   // as the maps' reader (buildfile.cpp)
// Reading a chain copies what follows each trait (traits.cpp), so its cost is about its length
// times its traits; past this total the remaining slots are left out (the real modules take a few MB).
constexpr std::size_t read_budget = std::size_t{1} << 30;
// The most bytes of names and values given to slots and prototypes in all, which bounds what
// `referee module` prints (a prototype's values are copied to every slot that uses it; a real
// module gives a few hundred kB): past it, what is left is cut.
constexpr std::size_t value_budget = std::size_t{4} << 20;

// A label of the path above a slot, cut to at most this many bytes (at a character's start).
constexpr std::size_t max_label_bytes = 256;
constexpr std::size_t max_where_bytes = 1024;

// What a chain's traits give, its prototypes expanded.
struct Expansion {
    std::vector<SlotProperty> properties;
    std::map<std::string, std::size_t, std::less<>> index;   // a property's place in properties
    std::vector<std::string> prototypes;
    std::vector<std::string> missing;
    std::string basic_name;               // the outermost basicName trait's name
    bool cycle = false;
    bool too_deep = false;
    bool cut = false;

    void add_value(std::string_view name, std::string_view value, std::size_t& values_spent) {
        values_spent += name.size() + value.size() + 1;
        if (values_spent > value_budget) {
            cut = true;
            return;
        }
        auto it = index.find(name);
        if (it == index.end()) {
            if (properties.size() == max_slot_properties) {
                cut = true;
                return;
            }
            it = index.emplace(std::string(name), properties.size()).first;
            properties.push_back({std::string(name), {}});
        }
        std::vector<std::string>& values = properties[it->second].values;
        if (std::find(values.begin(), values.end(), value) != values.end()) return;
        if (values.size() == max_property_values) {
            cut = true;
            return;
        }
        values.emplace_back(value);
    }

    // False when the name was there already (or there is no room for it).
    static bool add_name(std::vector<std::string>& names, std::string_view name, bool& cut, std::size_t& values_spent) {
        if (std::find(names.begin(), names.end(), name) != names.end()) return false;
        values_spent += name.size() + 1;
        if (names.size() == max_slot_prototypes || values_spent > value_budget) {
            cut = true;
            return false;
        }
        names.emplace_back(name);
        return true;
    }

    void merge(const Expansion& e, std::size_t& values_spent) {
        for (const SlotProperty& p : e.properties)
            for (const std::string& v : p.values) add_value(p.name, v, values_spent);
        for (const std::string& n : e.prototypes) add_name(prototypes, n, cut, values_spent);
        for (const std::string& n : e.missing) add_name(missing, n, cut, values_spent);
        if (basic_name.empty()) basic_name = e.basic_name;
        cycle = cycle || e.cycle;
        too_deep = too_deep || e.too_deep;
        cut = cut || e.cut;
    }
};

// The prototype a `prototype;` trait names: its first ';'-token after the prefix.
std::string prototype_name(std::string_view type) {
    SequenceDecoder d(type.substr(std::min<std::size_t>(type.size(), 10)), ';');
    return d.next();
}

struct CatalogReader {
    const Module& module;
    Catalog catalog;
    struct SlotNode {
        pugi::xml_node node;
        std::string where;
    };
    std::vector<SlotNode> slot_nodes;
    std::map<std::string, std::string_view, std::less<>> definitions;   // by name: the last of a name, as a map keyed by name keeps it
    std::map<std::string, Expansion, std::less<>> expanded;
    std::vector<std::string> expanding;                                 // the prototypes being expanded, outermost first
    std::size_t spent = 0;
    std::size_t values_spent = 0;
    std::size_t map_count = 0;

    // Whether a chain can still be read (see read_budget); its cost is spent when it can.
    bool afford(std::string_view text) {
        const std::size_t links = std::min<std::size_t>(max_traits, static_cast<std::size_t>(std::count(text.begin(), text.end(), '\t')) + 1);
        const std::size_t cost = (text.size() + 1) * links;
        if (cost > read_budget - std::min(spent, read_budget)) return false;
        spent += cost;
        return true;
    }

    // The traits of a chain, outermost first, with the prototypes they name expanded; the
    // BasicPiece is left out (the caller reads a slot's own). A prototype used twice adds nothing
    // the second time (the values are kept once each).
    void expand(const std::vector<TraitLink>& chain, Expansion& out, int depth) {
        int layers = 0;
        for (std::size_t i = 0; i + 1 < chain.size(); ++i) {
            const std::string& t = chain[i].type;
            const std::string p = trait_prefix(t);
            if (p == "mark;") {
                for (const Property& m : read_marker(t, chain[i].state)) out.add_value(m.key, m.value, values_spent);
            } else if (p == "PROP;") {
                if (const auto d = read_dynamic_property(t, chain[i].state)) out.add_value(d->key, d->value, values_spent);
            } else if (p == "emb2;" || p == "emb;") {
                const LayerType layer = read_layer_type(t, ++layers);
                for (std::size_t level = 1; level <= layer.level_names.size() && level <= max_property_values; ++level)
                    out.add_value(layer.name + "_Level", std::to_string(level), values_spent);
                for (const std::string& n : layer.level_names)
                    if (!n.empty()) out.add_value(layer.name + "_Name", n, values_spent);
            } else if (p == "basicName;") {
                const std::vector<std::string> f = split_tokens(t, ';');
                if (out.basic_name.empty() && f.size() > 1) out.basic_name = f[1];
            } else if (p == "prototype;") {
                const std::string name = prototype_name(t);
                if (!Expansion::add_name(out.prototypes, name, out.cut, values_spent)) continue;
                if (const Expansion* e = prototype(name, depth + 1, out)) out.merge(*e, values_spent);
            }
        }
    }

    // The expansion of the prototype `name`, read once; none (and `user` told why) when it is
    // undefined, being expanded already (a cycle), or too deep. An expansion cut short by a cycle
    // or the depth is kept as it is, flag included, for every later use: each definition is read
    // at most once, whatever a hostile module nests.
    const Expansion* prototype(const std::string& name, int depth, Expansion& user) {
        if (const auto it = expanded.find(name); it != expanded.end()) return &it->second;
        const auto def = definitions.find(name);
        if (def == definitions.end()) {
            Expansion::add_name(user.missing, name, user.cut, values_spent);
            return nullptr;
        }
        if (std::find(expanding.begin(), expanding.end(), name) != expanding.end()) {
            user.cycle = true;
            return nullptr;
        }
        if (depth > max_prototype_depth) {
            user.too_deep = true;
            return nullptr;
        }
        Expansion e;
        if (def->second.size() > max_definition_bytes || !afford(def->second)) {
            e.cut = true;
        } else {
            expanding.push_back(name);
            const AddPiece add = read_add(def->second);
            expand(trait_links(add.type, add.state), e, depth);
            expanding.pop_back();
        }
        return &expanded.emplace(name, std::move(e)).first->second;
    }

    static std::string_view label_of(pugi::xml_node n) {
        for (const char* a : {"entryName", "name", "mapName"})
            if (const char* v = n.attribute(a).value(); *v != '\0') return v;
        return {};
    }

    // A label cut to max_label_bytes (at a character's start), "..." marking the cut.
    static void append_label(std::string& out, std::string_view label) {
        if (label.size() <= max_label_bytes) {
            out.append(label);
            return;
        }
        std::size_t cut = max_label_bytes;
        while (cut > 0 && (static_cast<unsigned char>(label[cut]) & 0xC0) == 0x80) --cut;
        out.append(label.substr(0, cut)).append("...");
    }

    // The labels above a slot joined with " > ", the whole cut after about max_where_bytes.
    std::string where_of() const {
        std::string out;
        for (std::string_view label : path) {
            if (label.empty()) continue;
            if (out.size() >= max_where_bytes) {
                out += " > ...";
                break;
            }
            if (!out.empty()) out += " > ";
            append_label(out, label);
        }
        return out;
    }

    // A global property's container: "Module", the map's id, or "map:zone".
    static std::string container_of(std::string_view map, std::string_view zone) {
        if (map.empty()) return "Module";
        std::string out;
        append_label(out, map);
        if (!zone.empty()) append_label(out += ':', zone);
        return out;
    }

    // `path`: the labels of the elements above (palettes, maps, stacks, decks); `map`, `zone`: the
    // map and zone there, if any.
    std::vector<std::string_view> path;

    void walk(pugi::xml_node n, int depth, std::string_view map, std::string_view zone) {
        if (depth > max_walk_depth) return;
        for (pugi::xml_node c : n.children()) {
            if (c.type() != pugi::node_element) continue;
            std::string_view label = label_of(c);
            std::string_view inner_map = map;
            std::string_view inner_zone = zone;
            if (map_kind(c)) {
                // The maps' reader numbered them in the same document order.
                if (map_count < module.maps.size()) label = module.maps[map_count].id;
                ++map_count;
                inner_map = label;
                inner_zone = {};
            } else if (class_is(c, "PrototypeDefinition")) {
                ++catalog.prototype_definitions;
                definitions.insert_or_assign(attr_or(c, "name", ""), std::string_view(c.child_value()));
                continue;
            } else if (class_is(c, "PieceSlot") || class_is(c, "CardSlot")) {
                slot_nodes.push_back({c, where_of()});
                continue;
            } else if (class_is(c, "GlobalProperty") || class_is(c, "ZoneProperty")) {
                if (catalog.properties.size() == max_catalog_properties) {
                    ++catalog.properties_left_out;
                } else {
                    catalog.properties.push_back(
                        {attr_or(c, "name", ""), attr_or(c, "initialValue", ""), container_of(map, zone), attr_bool(c, "isNumeric", false)});
                }
                continue;
            } else if (class_is(c, "Zone")) {
                inner_zone = label;
            }
            path.push_back(label);
            walk(c, depth + 1, inner_map, inner_zone);
            path.pop_back();
        }
    }

    void read_slot(const SlotNode& s) {
        const std::string_view text = s.node.child_value();
        if (catalog.slots.size() == max_catalog_slots || text.size() > max_definition_bytes || !afford(text)) {
            ++catalog.slots_left_out;
            return;
        }
        PieceSlotDef d;
        d.class_name = s.node.name();
        d.where = s.where;
        const AddPiece add = read_add(text);
        const std::vector<TraitLink> chain = trait_links(add.type, add.state);
        PieceView basic;
        if (!chain.empty() && trait_prefix(chain.back().type).starts_with("piece")) read_basic_piece(chain.back().type, chain.back().state, basic);
        Expansion e;
        expand(chain, e, 0);
        d.piece_name = e.basic_name.empty() ? basic.name : e.basic_name;
        d.name = attr_or(s.node, "entryName", "");
        if (d.name.empty()) d.name = d.piece_name;
        d.gpid = attr_or(s.node, "gpid", "");
        if (d.gpid.empty()) d.gpid = basic.gpid;
        d.prototypes = std::move(e.prototypes);
        d.missing_prototypes = std::move(e.missing);
        d.prototype_cycle = e.cycle;
        d.prototype_too_deep = e.too_deep;
        d.properties_cut = e.cut;
        d.properties = std::move(e.properties);
        catalog.slots.push_back(std::move(d));
    }
};

}  // namespace

Catalog read_catalog(pugi::xml_node root, const Module& module) {
    CatalogReader r{module, {}, {}, {}, {}, {}, 0, 0, 0, {}};
    r.walk(root, 1, "", "");
    for (const CatalogReader::SlotNode& s : r.slot_nodes) r.read_slot(s);
    r.catalog.read = true;
    return std::move(r.catalog);
}

}  // namespace referee::vassal::buildfile
