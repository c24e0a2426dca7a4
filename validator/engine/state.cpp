#include "state.hpp"

#include "text.hpp"

#include <algorithm>

namespace referee {

bool Unit::has_role(std::string_view role) const {
    return std::any_of(roles.begin(), roles.end(), [&](std::string_view r) { return iequals(r, role); });
}

bool type_in(const std::vector<std::string>& types, std::string_view type) {
    return types.empty() || std::any_of(types.begin(), types.end(), [&](const std::string& t) { return iequals(t, type); });
}

GameState::GameState(const Scenario& s)
    : nsides_(s.sides.size()), occ_(s.map.size() * s.sides.size(), 0), last_mover_(s.map.size(), kNoSide) {
    for (const auto& h : s.holds) last_mover_[static_cast<std::size_t>(h.loc)] = h.side;
}

SideId GameState::holder(LocId l) const {
    // Two sides standing in one hex only follows an enemy-occupied violation: the last to move in holds it.
    SideId standing = kNoSide;
    int sides_standing = 0;
    for (std::size_t s = 0; s < nsides_; ++s)
        if (occ_[index(l, static_cast<SideId>(s))] > 0) {
            standing = static_cast<SideId>(s);
            ++sides_standing;
        }
    if (sides_standing == 1) return standing;
    return last_mover_[static_cast<std::size_t>(l)];
}

void GameState::resume_holdings() {
    unknown_holding_.assign(last_mover_.size(), 1);
    for (std::size_t l = 0; l < last_mover_.size(); ++l) {
        const SideId standing = holder(static_cast<LocId>(l));
        for (std::size_t s = 0; s < nsides_; ++s)
            if (occ_[l * nsides_ + s] > 0) {
                unknown_holding_[l] = 0;
                last_mover_[l] = standing;
            }
    }
}

LocId GameState::where_is(const Unit& u) const {
    return u.status == UnitStatus::Exited ? u.exit_loc : u.status == UnitStatus::OnMap ? u.loc : kNoLoc;
}

UnitId GameState::add_unit(Unit u) {
    units_.push_back(std::move(u));
    return static_cast<UnitId>(units_.size() - 1);
}

void GameState::replace_unit(UnitId id, Unit u) {
    lift(id);
    at(id) = std::move(u);
}

bool GameState::reduce(UnitId id, std::int64_t sp) {
    Unit& u = at(id);
    u.strength -= sp;
    if (u.strength > 0) return false;
    u.strength = 0;
    lift(id);
    u.status = UnitStatus::Eliminated;
    return true;
}

void GameState::set_exit(UnitId id, LocId l, bool legal) {
    Unit& u = at(id);
    u.status = UnitStatus::Exited;
    u.exit_loc = l;
    u.exit_legal = legal;
}

void GameState::set_free_track(Sym name, std::int64_t value) {
    auto it = std::find_if(free_tracks_.begin(), free_tracks_.end(), [&](const auto& x) { return x.first == name; });
    if (it == free_tracks_.end()) free_tracks_.emplace_back(name, value);
    else it->second = value;
}

void GameState::listen(PositionListener* p, bool placed, bool lifted, bool passed) {
    if (placed) on_placed_.push_back(p);
    if (lifted) on_lifted_.push_back(p);
    if (passed) on_passed_.push_back(p);
}

}  // namespace referee
