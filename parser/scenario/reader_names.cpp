// The scenario reader's context, part two: attributes that name what the scenario declares (sides,
// locations, phases, parameters, tracks), resolved to indices (sides, phases and tracks
// case-insensitively, locations exactly). A name is not reported as unknown when the section that
// declares such names had errors (ReadContext::sides_ok and the like): that section's error is the
// one to fix.
#include "scenario_reader.hpp"

#include <cstdio>

namespace referee::scenario_xml {

// ---- locations --------------------------------------------------------------------------------------

std::string ReadContext::describe_map_miss(std::string_view name) const {
    std::string msg = "unknown location " + qt(name);
    if (grid) {
        char buf[96];
        std::snprintf(buf, sizeof buf, " (the map's hexes are columns %02d-%02d, rows %02d-%02d)", grid_cols.first,
                      grid_cols.second, grid_rows.first, grid_rows.second);
        msg += buf;
    }
    return msg;
}

std::optional<LocId> ReadContext::loc_by_name(pugi::xml_node n, const char* attr, std::string_view name) {
    const LocId id = sc.map.find(name);
    if (id == kNoLoc) {
        if (!map_ok) return std::nullopt;
        error(n, n.attribute(attr), elem(n) + " attribute " + qt(attr) + ": " + describe_map_miss(name));
        return std::nullopt;
    }
    return id;
}

std::optional<LocId> ReadContext::loc_attr(pugi::xml_node n, const char* name, bool req) {
    auto v = req ? required(n, name) : optional(n, name);
    if (!v) return std::nullopt;
    if (v->empty()) {
        error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + " is empty");
        return std::nullopt;
    }
    return loc_by_name(n, name, *v);
}

std::optional<std::vector<LocId>> ReadContext::locs_attr(pugi::xml_node n, const char* name) {
    return unique_list(n, name, [&](std::string_view item) { return loc_by_name(n, name, item); });
}

// ---- sides ------------------------------------------------------------------------------------------

void ReadContext::from_game_side_error(pugi::xml_node n, pugi::xml_attribute a, const char* name, std::string_view v) {
    const std::string why = "this scenario's sides come from the game (<sides from-game=\"yes\">) and it cannot name one";
    // each / none / any / phasing where the attribute does not take them (first and second do name a side).
    if (is_reserved_side_word(v) && !iequals(v, "first") && !iequals(v, "second"))
        error(n, a, elem(n) + " attribute " + qt(name) + ": " + qt(v) + " is not allowed here, and it needs a side: " + why);
    else
        error(n, a, elem(n) + " attribute " + qt(name) + ": " + qt(v) + " names a side, but " + why);
}

std::string ReadContext::unknown_side(pugi::xml_node n, const char* name, std::string_view v) const {
    return elem(n) + " attribute " + qt(name) + ": unknown side " + qt(v) + " (sides: " + join(sc.sides);
}

std::optional<SideId> ReadContext::side_attr(pugi::xml_node n, const char* name, unsigned words,
                                             std::optional<std::string_view> fallback) {
    auto v = optional(n, name);
    if (!v && fallback) v = fallback;
    if (!v) {
        error(n, elem(n) + " needs attribute " + qt(name));
        return std::nullopt;
    }
    if ((words & kEach) && iequals(*v, "each")) return kNoSide;
    if ((words & kNone) && iequals(*v, "none")) return kNoSide;
    if ((words & kAny) && iequals(*v, "any")) return kNoSide;
    if ((words & kPhasing) && iequals(*v, "phasing")) return kPhasingSide;
    if (sc.sides_from_game) {
        from_game_side_error(n, n.attribute(name), name, *v);
        return std::nullopt;
    }
    if ((words & kFirstSecond) && (iequals(*v, "first") || iequals(*v, "second"))) {
        if (sc.first_player == kNoSide || sc.sides.size() != 2) {
            error(n, n.attribute(name),
                  elem(n) + " attribute " + qt(name) + ": " + qt(*v) + " needs two sides and a first player (<scenario first-player=...>)");
            return std::nullopt;
        }
        return iequals(*v, "first") ? sc.first_player : sc.enemy_of(sc.first_player);
    }
    const SideId s = sc.find_side(*v);
    if (s == kNoSide) {
        if (!sides_ok) return std::nullopt;
        std::string msg = unknown_side(n, name, *v);
        if (words & kEach) msg += ", each";
        if (words & kNone) msg += ", none";
        if (words & kAny) msg += ", any";
        if (words & kFirstSecond) msg += ", first, second";
        if (words & kPhasing) msg += ", phasing";
        error(n, n.attribute(name), msg + ")");
        return std::nullopt;
    }
    return s;
}

std::optional<std::pair<SideId, SideId>> ReadContext::side_pair_attr(pugi::xml_node n, const char* name) {
    auto v = required(n, name);
    if (!v) return std::nullopt;
    if (sc.sides_from_game) {
        from_game_side_error(n, n.attribute(name), name, *v);
        return std::nullopt;
    }
    for (std::size_t colon = v->find(':'); colon != std::string_view::npos; colon = v->find(':', colon + 1)) {
        const SideId a = sc.find_side(trim(v->substr(0, colon))), b = sc.find_side(trim(v->substr(colon + 1)));
        if (a == kNoSide || b == kNoSide) continue;
        if (a == b) {
            error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + ": " + qt(*v) + " names the same side twice");
            return std::nullopt;
        }
        return std::make_pair(a, b);
    }
    if (!sides_ok) return std::nullopt;
    error(n, n.attribute(name),
          elem(n) + " attribute " + qt(name) + ": " + qt(*v) + " is not two sides such as " +
              (sc.sides.size() >= 2 ? sc.sides[0] + ":" + sc.sides[1] : std::string("A:B")) + " (sides: " + join(sc.sides) + ")");
    return std::nullopt;
}

// ---- parameters, phases, tracks ---------------------------------------------------------------------

std::optional<Value> ReadContext::value_attr(pugi::xml_node n, const char* name, std::int64_t lo, std::int64_t hi) {
    auto v = required(n, name);
    if (!v) return std::nullopt;
    Value out;
    if (v->substr(0, kParamPrefix.size()) == kParamPrefix) {
        const std::string_view p = trim(v->substr(kParamPrefix.size()));
        const ParamDef* def = sc.find_param(p);
        if (!def) {
            if (!params_ok) return std::nullopt;
            error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + ": unknown parameter " + qt(p) + " (declare it in <params>)");
            return std::nullopt;
        }
        out.param = def->name;
        return out;
    }
    auto x = parse_int(n, name, *v, lo, hi);
    if (!x) return std::nullopt;
    out.literal = *x;
    return out;
}

void ReadContext::unknown_phase(pugi::xml_node n, const char* name, std::string_view v) {
    std::string list;
    for (const PhaseDef& p : sc.phases) list += (list.empty() ? "" : ", ") + p.name;
    error(n, n.attribute(name), elem(n) + " attribute " + qt(name) + ": unknown phase " + qt(v) + " (phases: " + list + ")");
}

std::optional<std::int32_t> ReadContext::phase_attr(pugi::xml_node n, const char* name) {
    auto v = required(n, name);
    if (!v) return std::nullopt;
    const std::int32_t ph = sc.find_phase(*v);
    if (ph >= 0) return ph;
    if (!phases_ok) return std::nullopt;
    unknown_phase(n, name, *v);
    return std::nullopt;
}

std::optional<std::int32_t> ReadContext::track_by_name(pugi::xml_node n, const char* attr, std::string_view name) {
    const std::int32_t t = sc.find_track(name);
    if (t >= 0) return t;
    if (!tracks_ok) return std::nullopt;
    std::string list;
    for (const TrackDef& d : sc.tracks) list += (list.empty() ? "" : ", ") + d.name;
    error(n, n.attribute(attr),
          elem(n) + " attribute " + qt(attr) + ": unknown track " + qt(name) +
              (list.empty() ? std::string(" (the scenario has no <tracks>)") : " (tracks: " + list + ")"));
    return std::nullopt;
}

std::optional<std::vector<std::int32_t>> ReadContext::tracks_list_attr(pugi::xml_node n, const char* name) {
    return unique_list(n, name, [&](std::string_view item) { return track_by_name(n, name, item); });
}

}  // namespace referee::scenario_xml
