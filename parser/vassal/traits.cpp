// Trait chains (traits.hpp). Each level of the chain is one TAB-separated pair (this trait, the
// rest), so the chain is read by splitting again and again; a trait is told by its prefix up to
// the first ';' (docs/vassal.md, "Pieces").
#include "traits.hpp"

#include "vassal_text.hpp"

#include <charconv>

namespace referee::vassal {

namespace {

constexpr std::size_t max_traits = 1000;

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

std::string prefix_of(std::string_view trait) {
    const std::size_t semi = trait.find(';');
    return std::string(trait.substr(0, semi == std::string_view::npos ? trait.size() : semi + 1));
}

void read_basic(std::string_view type, std::string_view state, PieceView& out) {
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

void read_layer(std::string_view type, std::string_view state, int ordinal, PieceView& out) {
    std::vector<std::string> t = split_tokens(type, ';');
    std::string name = t.size() > 19 && !t[19].empty() ? t[19] : "Layer" + std::to_string(ordinal);
    const long long level = to_ll(split_tokens(state, ';').front());
    out.properties.push_back({name + "_Level", level > 0 ? std::to_string(level) : "0"});
    if (level > 0 && t.size() > 17) {
        std::vector<std::string> names = split_tokens(t[17], ',');
        if (static_cast<std::size_t>(level) <= names.size() && !names[static_cast<std::size_t>(level) - 1].empty())
            out.properties.push_back({name + "_Name", names[static_cast<std::size_t>(level) - 1]});
    }
}

}  // namespace

PieceView read_piece(std::string_view type, std::string_view state) {
    PieceView out;
    const std::vector<std::string> types = links(type);
    const std::vector<std::string> states = links(state);
    int layers = 0;
    for (std::size_t i = 0; i < types.size(); ++i) {
        const std::string& t = types[i];
        const std::string_view s = i < states.size() ? std::string_view(states[i]) : std::string_view();
        const std::string p = prefix_of(t);
        if (p == "piece;" || (i + 1 == types.size() && p.rfind("piece", 0) == 0)) {
            read_basic(t, s, out);
        } else if (p == "mark;") {
            std::vector<std::string> keys = split_tokens(std::string_view(t).substr(5), ',');
            std::vector<std::string> values = split_tokens(s, ',');
            for (std::size_t k = 0; k < keys.size(); ++k)
                if (!keys[k].empty()) out.properties.push_back({keys[k], k < values.size() ? values[k] : std::string()});
        } else if (p == "PROP;") {
            std::vector<std::string> f = split_tokens(t, ';');
            if (f.size() > 1 && !f[1].empty()) out.properties.push_back({f[1], std::string(s)});
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
