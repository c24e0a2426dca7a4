// Victory points (the scenario's <points>): points for enemy strength eliminated (17.11, 21.11,
// 14.52), for strength or units exited (17.12, 21.12), for locations held at the end (17.13),
// starting points (17.3) and bonuses under conditions (21.11, 21.12: a unit of a role exited or
// eliminated, a line of communications). Each rule's items in the scenario's order, each citing its
// rule; a rule whose value is an unset parameter is not scored, and the report says so (M2). The
// trace rules (14.51, 21.22) and the exit race (14.53) score through their own mechanisms.
#pragma once

#include "game.hpp"

#include <string>
#include <vector>

namespace referee {

class Traces;
class ExitRace;

// "RULE (WHAT) not scored: WHY", once per report: said now, or by the scoring that found it (to
// `say`, when given; a position's scoring says nothing).
void unscored_note(Game& g, const PointsRule& pr, const std::string& why, bool map_data = true);
void unscored_note(const Game& g, Remarks* say, const PointsRule& pr, const std::string& why, bool map_data = true);

class Points final : public Mechanism, public ScoreSource {
public:
    Points(Game& g, Traces* traces, ExitRace* race) : Mechanism(g), traces_(traces), race_(race) {}
    std::string_view name() const override { return "points"; }
    std::uint32_t hooks() const override { return kOnStrengthLost | kOnExited; }
    void on_strength_lost(const Unit& u, std::int64_t sp) override { score_elimination(u.side, sp); }
    void on_exited(const Unit& u) override { score_exit(u); }
    void add_items(SideId side, bool final, SideScore& sc, __int128& total, Remarks* say) const override;

    void score_elimination(SideId loser, std::int64_t sp);  // to the enemy, per elimination rule
    void score_exit(const Unit& u);                         // per exit rule whose hexes include its exit hex
    // The points a side has from the elimination rules now (the automatic-victory test, M1).
    std::int64_t elimination_points(SideId side) const;

private:
    struct Judged {
        bool holds = true;
        bool unknown = false;      // the map data to judge it is missing
        bool line_failed = false;  // a line of communications is cut
        std::string why;
    };
    Judged requires_hold(const PointsRule& pr, SideId side, Remarks* say) const;
    bool item(std::size_t i, SideId side, std::int64_t v, bool final, ScoreItem& it, Remarks* say) const;

    Traces* traces_;
    ExitRace* race_;
};

}  // namespace referee
