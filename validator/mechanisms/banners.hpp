// Victory banners (the Commands & Colors family; rulings B1, B2): banners are counted after every
// record, and a side whose count reaches its target wins at that record, even in the other side's
// turn (B1; both at once: the side whose player-turn it is). One banner for each enemy unit or
// leader eliminated, none for a garrison (B2); banners an award record gives count at once. Every
// banner is listed in the report with the record that gained it and the one that lost it. The
// objectives' banners are gained and lost by objectives.cpp. Targets come from the scenario or the
// game's `target` records.
#pragma once

#include "game.hpp"

#include <string>
#include <vector>

namespace referee {

class Objectives;

class Banners final : public Mechanism, public VictoryRule, public ScoreSource {
public:
    explicit Banners(Game& g) : Mechanism(g), VictoryRule(g) {}
    void watch(const Objectives* objectives) { objectives_ = objectives; }
    std::string_view name() const override { return "banners"; }
    std::uint32_t hooks() const override { return kOnSetup | kOnEliminated | kOnAward | kAfterRecord | kOnLogEnd; }
    std::span<const Kind> kinds() const override;
    void on_record(const Record& r) override;  // target
    bool setup(std::span<const Record> header) override;
    void on_eliminated(const Unit& u) override;
    void on_award(SideId side, std::int64_t n, std::string_view reason, std::uint32_t line) override;
    void after_record(const Record& r) override;  // B1: sudden death
    void on_log_end() override;

    // The banners a side holds now, one score item each (B1): objectives, then eliminations.
    void add_items(SideId side, bool final, SideScore& sc, __int128& total) override;

    // VictoryRule
    void end_note(const Record& r) override;
    std::string end_decided(const Record& r) override;
    std::string_view unfinished() const override { return "no side has reached its banner target"; }
    void settle(Verdict& v) override;
    void snapshot_note() override;
    std::string_view score_word() const override { return "banners"; }

    // The banners that count for a side now (objectives gain and lose them).
    std::int64_t& count(SideId side) { return count_[static_cast<std::size_t>(side)]; }
    // A new entry of the report's banner list: its index.
    std::size_t open(SideId side, std::string kind, std::string what, std::string rule, std::int64_t banners, std::uint32_t line, std::string at);

private:
    const Objectives* objectives_ = nullptr;
    std::vector<std::int64_t> count_;    // per side: banners that count now (B1)
    std::vector<std::int64_t> targets_;  // per side: banners to win; 0: none
};

}  // namespace referee
