// Victory in a game of factions (Liberty or Death 7.1-7.3, 8.8; rulings L4-L6): the players (L5:
// factions named in player records are played, one name on two factions of a side runs both),
// the victory check at each Winter Quarters round (L4, 7.2: a faction, or a player's two factions
// together, whose every condition is exceeded wins there; a Non-player passing means all players
// lose), the final scoring after the last round's support phase (L6, 7.3: the margins netted,
// highest first, the worse of two totals for a player of two factions), the one-player game (8.8),
// and the ranking of every faction with its ties (7.1).
#pragma once

#include "game.hpp"
#include "result.hpp"

#include <string>
#include <vector>

namespace referee {

class AreaRecords;

class FactionVictoryRule final : public Mechanism, public VictoryRule {
public:
    FactionVictoryRule(Game& g, AreaRecords& area) : Mechanism(g), VictoryRule(g), area_(area) {}
    std::string_view name() const override { return "faction_victory"; }
    std::uint32_t hooks() const override { return kOnSetup | kBeforeSequence | kOnPhaseBegin | kOnVerdict; }
    bool setup(std::span<const Record> header) override;      // the players (L5)
    void before_sequence(const Record& r) override;           // the last round's support phase is over (L6)
    void on_phase_begin(const Record& r) override;            // the victory check (L4)
    void hand_over(Verdict& v) const override;                // the margins at every check, then at the final scoring

    // VictoryRule
    void end_note(const Record&) override {}  // the verdict says where the final margins were taken
    SideId concession_winner(SideId side) const override { return side; }  // the conceding faction, ranked last
    bool decides() const override { return true; }
    void decide(Verdict& v) override;
    std::vector<SideScore> standing(bool final) const override;  // each faction's final margins as they stand (7.3)
    void settle(Result&) override {}
    void settle_snapshot(Result& v) override;
    bool is_group(std::string_view name) const override;
    const std::string* claimed_group(std::string_view name) const override;

private:
    void victory_check(const Record& r);
    void final_scoring(std::uint32_t line, std::string decided);
    MarginCheck margins(bool at_check) const;
    std::vector<std::int64_t> ranking_scores(const MarginCheck& mc, bool worse_of_partners) const;
    std::vector<SideId> rank(const std::vector<std::int64_t>& score, std::int32_t first_group) const;
    std::string faction_list(const std::vector<SideId>& fs) const;
    std::string faction_phrase(const std::vector<SideId>& fs) const;
    std::vector<SideScore> faction_scores(const MarginCheck& mc, bool at_check);

    AreaRecords& area_;
    std::vector<std::string> player_;  // per faction: the player's name ("" when none is given)
    std::vector<bool> non_player_;     // per faction (L5)
    std::vector<SideId> partner_;      // per faction: the other faction its player also runs (kNoSide: none)
    bool one_player_ = false;          // 8.8: one player name in the game
    std::int32_t checked_turn_ = 0;    // the last game-turn whose victory check was made
    bool final_armed_ = false;         // the last round's final phase (support) has begun
    std::int32_t check_step_ = -1, final_step_ = -1;  // their steps in the sequence
    std::vector<SideId> ranking_;
    SideId winner_ = kNoSide;
    std::string level_;
    // Every victory check (L4), then the final scoring (7.3), in order: the verdict's margins.
    struct Reckoning {
        enum Kind : std::uint8_t { VictoryCheck, Final } kind;
        MarginCheck margins;
    };
    std::vector<Reckoning> reckonings_;
    bool set_up_ = false;
    std::int32_t deciding_ = -1;       // index into reckonings_ of the check or scoring that decided
};

}  // namespace referee
