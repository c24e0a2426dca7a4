// Exits from the map (17.3 and M4, 21.12, 14.4): where, by which unit types, in which phase.
#include "exits.hpp"

#include "diagnostics.hpp"
#include "movement.hpp"
#include "movement_points.hpp"
#include "record_views.hpp"
#include "zones_of_control.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>

namespace referee {

namespace {
constexpr std::array<Edge, 4> kAllEdges{Edge::North, Edge::South, Edge::East, Edge::West};

bool on_any_edge(const Map& map, LocId l, std::span<const Edge> edges) {
    return std::any_of(edges.begin(), edges.end(), [&](Edge e) { return map.on_edge(l, e); });
}
}  // namespace

std::span<const Kind> ExitRule::kinds() const {
    static constexpr std::array<Kind, 1> k{Kind::Exit};
    return k;
}

void ExitRule::on_record(const Record& r) {
    const auto x = rec::exit(r);
    UnitId u = -1;
    if (!unit_on_map(game, r, x.unit(), u)) return;
    const LocId l = game.names.loc(x.location());
    if (l == kNoLoc) {
        game.unknown_location(r, x.location());
        return;
    }
    const Unit& us = game.state.unit(u);
    const Exits& ex = game.scenario.exits;
    const Map& map = game.scenario.map;
    const Findings::Scope checks(game.findings);  // an exit that breaks a rule below is not legal
    if (us.loc != l)
        game.findings.add(Code::PathStart, r.line, ex.rule,
                          fmt::format("{} is at {}, not at {} where it exits", us.name, game.loc_name(us.loc), game.loc_name(l)));
    if (!ex.allowed) {
        game.findings.add(Code::ExitLocation, r.line, ex.rule, fmt::format("{} exits at {}: the scenario allows no exits", us.name, game.loc_name(l)));
    } else if (ex.locs.empty() && ex.edges.empty()
                   ? !on_any_edge(map, l, kAllEdges)
                   : std::find(ex.locs.begin(), ex.locs.end(), l) == ex.locs.end() && !on_any_edge(map, l, ex.edges)) {
        std::string allowed;
        for (LocId x : ex.locs) allowed += (allowed.empty() ? "" : ", ") + map.name(x);
        for (Edge e : ex.edges) allowed += fmt::format("{}any hex of the {} edge", allowed.empty() ? "" : ", ", edge_name(e));
        game.findings.add(Code::ExitLocation, r.line, ex.rule,
                          ex.locs.empty() && ex.edges.empty()
                              ? fmt::format("{} exits at {}, which is not a map-edge hex", us.name, game.loc_name(l))
                              : fmt::format("{} exits at {}: units may exit only from {}", us.name, game.loc_name(l), allowed));
    }
    if (!type_in(ex.unit_types, us.type))
        game.findings.add(Code::ExitUnitType, r.line, ex.rule,
                          fmt::format("{} ({}) exits at {}: only {} may exit the map", us.name, us.type, game.loc_name(l), fmt::join(ex.unit_types, ", ")));
    check_phase(game, r, ex.phase, "an exit", us.side, true, ex.rule);
    if (zoc_) zoc_->check_exit(r, u, l);
    // The unit is off the map either way; an exit that broke an exit rule scores nothing. Movement
    // points passed here are reported, but are not an exit rule (docs/decisions.md, G7).
    const bool legal = checks.clean();
    if (mp_) mp_->exited(r, u, l);
    game.exit_unit(u, l, legal);
}

}  // namespace referee
