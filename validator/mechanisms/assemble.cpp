// Which mechanisms a game gets, in which order (docs/engine.md).
#include "assemble.hpp"

#include "area_records.hpp"
#include "automatic_victory.hpp"
#include "banners.hpp"
#include "claims.hpp"
#include "exit_race.hpp"
#include "exits.hpp"
#include "faction_victory.hpp"
#include "higher_total.hpp"
#include "movement.hpp"
#include "movement_points.hpp"
#include "objectives.hpp"
#include "points.hpp"
#include "ratio_levels.hpp"
#include "record_views.hpp"
#include "reinforcements.hpp"
#include "retreat_off_map.hpp"
#include "roads.hpp"
#include "snapshot.hpp"
#include "stacking.hpp"
#include "traces.hpp"
#include "zones_of_control.hpp"

#include <algorithm>
#include <memory>

namespace referee {

namespace {

// The one mechanism that is not a rule: the map's roads, kept beside the mechanisms that trace them.
class Roads final : public Mechanism {
public:
    explicit Roads(Game& g) : Mechanism(g), network(g.scenario) {}
    std::string_view name() const override { return "roads"; }
    std::uint32_t hooks() const override { return 0; }
    RoadNetwork network;
};

bool any_rule(const Scenario& s, auto&& pred) { return std::any_of(s.points.begin(), s.points.end(), pred); }

// Some unit may enter as a reinforcement: the scenario's, or one the game declares.
bool has_reinforcements(const Scenario& s, std::span<const Record> header) {
    if (s.reinforcements.declared) return true;
    if (std::any_of(s.units.begin(), s.units.end(), [](const UnitDef& u) { return u.enters_turn > 0 || u.enters_at != kNoLoc; })) return true;
    return std::any_of(header.begin(), header.end(), [](const Record& r) {
        return r.kind == Kind::Unit && (rec::unit(r).enters_turn() > 0 || rec::unit(r).enters_at() != kNoSym);
    });
}

}  // namespace

void assemble(Engine& e, std::span<const Record> header) {
    Game& g = e.game();
    const Scenario& s = g.scenario;
    auto make = [&](auto m) { return &e.add(std::move(m)); };

    // Units on the map: zones of control and stacking watch the position; the exit race and the
    // reinforcements are judged at the end of a turn, in that order.
    const bool trace_zoc = any_rule(s, [](const PointsRule& pr) { return pr.kind == PointsKind::Trace && pr.zoc == TraceZoc::BlocksUnlessFriendly; });
    ZocRule* zoc = s.zoc.enabled || trace_zoc ? make(std::make_unique<ZocRule>(g, s.zoc.enabled)) : nullptr;
    if (s.stacking.limit > 0) make(std::make_unique<StackingRule>(g));
    const RoadNetwork* roads = s.roads.empty() ? nullptr : &make(std::make_unique<Roads>(g))->network;
    ExitRace* race = any_rule(s, [](const PointsRule& pr) { return pr.kind == PointsKind::ExitLead; }) ? make(std::make_unique<ExitRace>(g)) : nullptr;
    ReinforcementRule* reinforcements = has_reinforcements(s, header) ? make(std::make_unique<ReinforcementRule>(g, roads)) : nullptr;
    RetreatRule* retreat = make(std::make_unique<RetreatRule>(g));
    // Movement points (G7), where the scenario gives the map's terrain; else the report says once
    // that they are not checked.
    MovementPoints* mp = s.terrain.declared ? make(std::make_unique<MovementPoints>(g)) : nullptr;
    if (!mp) note_movement_points_unchecked(g);
    make(std::make_unique<Movement>(g, zoc, reinforcements, retreat, mp));
    make(std::make_unique<ExitRule>(g, zoc, mp));

    // Points.
    const bool lines = any_rule(s, [](const PointsRule& pr) {
        return std::any_of(pr.requires_.begin(), pr.requires_.end(), [](const Require& rq) { return rq.kind == RequireKind::Line; });
    });
    Traces* traces = lines || any_rule(s, [](const PointsRule& pr) { return pr.kind == PointsKind::Trace; })
                         ? make(std::make_unique<Traces>(g, roads, zoc))
                         : nullptr;
    Points* points = s.points.empty() ? nullptr : make(std::make_unique<Points>(g, traces, race));

    // Victory banners: the objectives are rechecked after a record before the banners are counted.
    Banners* banners = nullptr;
    if (s.end_victory == EndVictory::SuddenDeath) {
        auto b = std::make_unique<Banners>(g);
        Objectives* objectives = make(std::make_unique<Objectives>(g, *b));
        b->watch(objectives);
        banners = make(std::move(b));
        g.score_sources.push_back(banners);
    }
    if (points) g.score_sources.push_back(points);
    if (s.automatic) make(std::make_unique<AutomaticVictoryTest>(g, points));

    // Area games and factions.
    AreaRecords* area = !s.spaces.empty() || !s.tracks.empty() || s.faction_victory.enabled ? make(std::make_unique<AreaRecords>(g)) : nullptr;

    // How the game is won.
    if (s.faction_victory.enabled) g.victory = make(std::make_unique<FactionVictoryRule>(g, *area));
    else if (banners) g.victory = banners;
    else if (s.end_victory == EndVictory::Levels && s.levels) g.victory = make(std::make_unique<RatioLevels>(g));
    else g.victory = make(std::make_unique<HigherTotal>(g));

    make(std::make_unique<Claims>(g));
    if (g.record.has_snapshot) g.snapshot = make(std::make_unique<SaveSnapshot>(g, area, points));
}

}  // namespace referee
