// Trait chains (traits.hpp). Each level of the chain is one TAB-separated pair (this trait, the
// rest), so the chain is read by splitting again and again; a trait is told by its prefix up to
// the first ';' (docs/vassal.md, "Pieces").
#include "traits.hpp"

#include "vassal_text.hpp"

#include <algorithm>
#include <charconv>

namespace referee::vassal {

namespace {

// The chain's links, outermost first.
std::vector<std::string> links(std::string_view chain) {
    std::vector<std::string> out;
    std::string rest(chain);
    while (out.size() < max_traits) {
        SequenceDecoder d(rest, '\t');
        out.push_back(d.next());
        if (!d.has_more()) break;
        rest = d.next();
    }
    return out;
}

long long to_ll(std::string_view s) {
    long long v = 0;
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    std::from_chars(s.data(), s.data() + s.size(), v);
    return v;
}

void read_layer(std::string_view type, std::string_view state, int ordinal, PieceView& out) {
    const LayerType layer = read_layer_type(type, ordinal);
    const long long level = to_ll(split_tokens(state, ';').front());
    out.properties.push_back({layer.name + "_Level", level > 0 ? std::to_string(level) : "0"});
    if (level > 0 && static_cast<std::size_t>(level) <= layer.level_names.size() && !layer.level_names[static_cast<std::size_t>(level) - 1].empty())
        out.properties.push_back({layer.name + "_Name", layer.level_names[static_cast<std::size_t>(level) - 1]});
}

}  // namespace

void read_basic_piece(std::string_view type, std::string_view state, PieceView& out) {
    std::vector<std::string> t = split_tokens(type, ';');
    if (t.size() > 4 && out.name.empty()) out.name = t[4];
    SequenceDecoder s(state, ';');
    std::string map = s.next();
    out.map = map == "null" ? std::string() : map;
    out.x = s.next_int(0);
    out.y = s.next_int(0);
    out.gpid = s.next();
    const std::int64_t n = s.next_int(0);
    for (std::int64_t i = 0; i < n && s.has_more(); ++i) {
        std::string k = s.next();
        std::string v = s.next();
        out.persistent.push_back({std::move(k), std::move(v)});
    }
}

std::vector<Property> read_marker(std::string_view type, std::string_view state) {
    std::vector<Property> out;
    std::vector<std::string> keys = split_tokens(type.substr(std::min<std::size_t>(type.size(), 5)), ',');
    std::vector<std::string> values = split_tokens(state, ',');
    for (std::size_t k = 0; k < keys.size(); ++k)
        if (!keys[k].empty()) out.push_back({std::move(keys[k]), k < values.size() ? std::move(values[k]) : std::string()});
    return out;
}

std::optional<Property> read_dynamic_property(std::string_view type, std::string_view state) {
    std::vector<std::string> f = split_tokens(type, ';');
    if (f.size() < 2 || f[1].empty()) return std::nullopt;
    return Property{std::move(f[1]), std::string(state)};
}

std::vector<TraitLink> trait_links(std::string_view type, std::string_view state) {
    std::vector<std::string> types = links(type);
    std::vector<std::string> states = links(state);
    std::vector<TraitLink> out;
    out.reserve(types.size());
    for (std::size_t i = 0; i < types.size(); ++i)
        out.push_back({std::move(types[i]), i < states.size() ? std::move(states[i]) : std::string()});
    return out;
}

std::string trait_prefix(std::string_view trait) {
    const std::size_t semi = trait.find(';');
    return std::string(trait.substr(0, semi == std::string_view::npos ? trait.size() : semi + 1));
}

// The level images are the 16th ';'-field after the prefix, their names the 17th, the layer's name
// the 19th (the shared FORMAT.md §4).
LayerType read_layer_type(std::string_view type, int ordinal) {
    std::vector<std::string> t = split_tokens(type, ';');
    LayerType layer;
    layer.name = t.size() > 19 && !t[19].empty() ? t[19] : "Layer" + std::to_string(ordinal);
    const std::size_t images = t.size() > 16 ? split_tokens(t[16], ',').size() : 0;
    if (t.size() > 17 && !t[17].empty()) layer.level_names = split_tokens(t[17], ',');
    if (layer.level_names.size() < images) layer.level_names.resize(images);
    return layer;
}

PieceView read_piece(std::string_view type, std::string_view state) {
    PieceView out;
    const std::vector<TraitLink> chain = trait_links(type, state);
    int layers = 0;
    for (std::size_t i = 0; i < chain.size(); ++i) {
        const std::string& t = chain[i].type;
        const std::string_view s = chain[i].state;
        const std::string p = trait_prefix(t);
        if (p == "piece;" || (i + 1 == chain.size() && p.rfind("piece", 0) == 0)) {
            read_basic_piece(t, s, out);
        } else if (p == "mark;") {
            for (Property& m : read_marker(t, s)) out.properties.push_back(std::move(m));
        } else if (p == "PROP;") {
            if (auto d = read_dynamic_property(t, s)) out.properties.push_back(std::move(*d));
        } else if (p == "emb2;" || p == "emb;") {
            read_layer(t, s, ++layers, out);
        } else if (p == "label;") {
            std::vector<std::string> f = split_tokens(t, ';');
            out.properties.push_back({f.size() > 16 && !f[16].empty() ? f[16] : std::string("Label"), std::string(s)});
        } else if (p == "basicName;") {
            std::vector<std::string> f = split_tokens(t, ';');
            if (f.size() > 1 && !f[1].empty()) out.name = f[1];
        } else if (p == "obs;" || p == "hide;") {
            const std::string by = split_tokens(s, ';').front();
            if (!by.empty() && by != "null") out.hidden = true;
        }
    }
    return out;
}

const std::string* find_property(const std::vector<Property>& props, std::string_view key) {
    for (const Property& p : props)
        if (p.key == key) return &p.value;
    return nullptr;
}

}  // namespace referee::vassal
