// The Scenario model's look-ups by name (sides, phases and tracks case-insensitively) and the words
// no side may be called.
#include "scenario.hpp"

#include <algorithm>

namespace referee {

SideId Scenario::find_side(std::string_view name) const {
    for (std::size_t i = 0; i < sides.size(); ++i)
        if (iequals(sides[i], name)) return static_cast<SideId>(i);
    return kNoSide;
}

void Scenario::index_units() {
    unit_order.resize(units.size());
    for (std::size_t i = 0; i < units.size(); ++i) unit_order[i] = static_cast<std::int32_t>(i);
    std::sort(unit_order.begin(), unit_order.end(), [this](std::int32_t a, std::int32_t b) {
        return units[static_cast<std::size_t>(a)].id < units[static_cast<std::size_t>(b)].id;
    });
}

std::int32_t Scenario::find_unit(std::string_view id) const {
    if (unit_order.size() == units.size()) {
        auto it = std::lower_bound(unit_order.begin(), unit_order.end(), id,
                                   [this](std::int32_t u, std::string_view key) { return units[static_cast<std::size_t>(u)].id < key; });
        if (it != unit_order.end() && units[static_cast<std::size_t>(*it)].id == id) return *it;
        return -1;
    }
    for (std::size_t i = 0; i < units.size(); ++i)
        if (units[i].id == id) return static_cast<std::int32_t>(i);
    return -1;
}

std::int32_t Scenario::find_phase(std::string_view name) const {
    for (std::size_t i = 0; i < phases.size(); ++i)
        if (iequals(phases[i].name, name)) return static_cast<std::int32_t>(i);
    return -1;
}

std::int32_t Scenario::find_track(std::string_view name) const {
    for (std::size_t i = 0; i < tracks.size(); ++i)
        if (iequals(tracks[i].name, name)) return static_cast<std::int32_t>(i);
    return -1;
}

const char* space_type_name(SpaceType t) {
    switch (t) {
        case SpaceType::None: return "none";
        case SpaceType::City: return "city";
        case SpaceType::Colony: return "colony";
        case SpaceType::Reserve: return "reserve";
        case SpaceType::Box: return "box";
    }
    return "?";
}

const ParamDef* Scenario::find_param(std::string_view name) const {
    for (const ParamDef& p : params)
        if (iequals(p.name, name)) return &p;
    return nullptr;
}

bool is_reserved_side_word(std::string_view s) {
    for (std::string_view w : {"each", "none", "first", "second", "any", "phasing"})
        if (iequals(s, w)) return true;
    return false;
}

}  // namespace referee
