// The Scenario model's look-ups by name (sides, phases and tracks case-insensitively) and the words
// no side may be called.
#include "scenario.hpp"

namespace referee {

SideId Scenario::find_side(std::string_view name) const {
    for (std::size_t i = 0; i < sides.size(); ++i)
        if (iequals(sides[i], name)) return static_cast<SideId>(i);
    return kNoSide;
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
