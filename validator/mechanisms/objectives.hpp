// The objectives of a victory-banner battle (the scenario's <objectives> and the game's `objective`
// records; rulings B3-B7): temporary objectives (one hex or a group) are gained the moment a unit of
// their side occupies them and lost at once when none does, in either side's turn (B3), unless B4
// keeps them through their side's own movement phase; start-turn objectives are judged when their
// side's player-turn begins (B3, G2); a majority goes to the side holding strictly more of the
// group (B5); permanent objectives are kept once gained (passing through counts, G1); last to occupy
// goes to the side that last entered the hex (B6); the position when play begins counts as
// occupation (B7: temporary and permanent objectives a unit of their side stands on are gained at
// the first `turn` record, a last-to-occupy one goes to the side standing on it, start-turn ones
// wait for their side's first player-turn). Only objectives a record touched are looked at again.
#pragma once

#include "game.hpp"

#include <string>
#include <vector>

namespace referee {

class Banners;

class Objectives final : public PositionListener, public Mechanism {
public:
    Objectives(Game& g, Banners& banners) : Mechanism(g), banners_(banners) {}
    std::string_view name() const override { return "objectives"; }
    std::uint32_t hooks() const override { return kOnSetup | kOnPlayStart | kOnPhaseEnd | kOnPlayerTurn | kAfterRecord | kOnFinal; }
    std::span<const Kind> kinds() const override;
    void on_record(const Record& r) override;  // objective
    bool setup(std::span<const Record> header) override;
    void on_play_start() override;
    void on_phase_end() override { resolve_suspended(); }
    void on_player_turn(SideId side) override;
    void after_record(const Record& r) override;
    void on_final(bool final) override {
        if (!final) pending_b4_note();
    }
    // The objectives (the scenario's, then the game's), each with the side whose banner it is now
    // (kNoSide: nobody's): the marks of a position's map (validator/check/positions.cpp).
    void describe(Position& p) const override;  // each objective's hexes, marked with its holder now
    std::size_t size() const { return objectives_.size(); }
    const ObjectiveDef& objective(std::size_t i) const { return objectives_[i].def; }
    SideId owner(std::size_t i) const { return objectives_[i].owner; }
    // The objectives' banners a side holds now, one score item each.
    void add_items(SideId side, SideScore& sc) const;

    void placed(UnitId, LocId l) override { touch(l); }
    void lifted(UnitId, LocId l) override { touch(l); }
    void passed(SideId side, LocId l) override;

private:
    struct Objective {
        ObjectiveDef def;
        SideId owner = kNoSide;          // the side whose banner it is now
        bool suspended = false;          // B4: kept, but not counted, while its hexes are empty
        std::uint32_t suspend_line = 0;  // the record that emptied it
        std::string suspend_at;
        std::int32_t entry = -1;         // the banner it gained, open until lost (Banners::banner)
        std::uint32_t stamp = 0;         // rechecked after this record already
        std::uint32_t line = 0;          // the objective record (0: the scenario file)
    };
    void touch(LocId l) {
        if (!at_[static_cast<std::size_t>(l)].empty()) touched_.push_back(l);
    }
    bool eligible(const ObjectiveDef& d, SideId side) const { return d.side == kNoSide || d.side == side; }
    std::int32_t hexes_held(const ObjectiveDef& d, SideId side) const;
    bool condition(const Objective& o, SideId side) const;  // the side meets the objective's test now
    void gain(Objective& o, SideId side, std::uint32_t line, std::string at);
    void lose(Objective& o, std::uint32_t line, std::string at, std::string why);
    std::string lost_reason(const Objective& o, SideId side) const;
    std::string label(const ObjectiveDef& d) const;
    void recheck(Objective& o);
    SideId standing_side(const Objective& o) const;
    std::string set_up_at(SideId side) const;
    void resolve_suspended();
    void pending_b4_note();

    Banners& banners_;
    std::vector<Objective> objectives_;
    std::vector<std::vector<std::int32_t>> at_;  // per location: the objectives that include it
    std::vector<LocId> touched_;                 // locations a unit left or entered in this record
    std::uint32_t stamp_ = 0;
    bool setting_up_ = false;  // on_play_start is judging the set-up (B7)
};

}  // namespace referee
