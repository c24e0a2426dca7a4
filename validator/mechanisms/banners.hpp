// Victory banners (the Commands & Colors family; rulings B1, B2): banners are counted after every
// record, and a side whose count reaches its target wins at that record, even in the other side's
// turn (B1; both at once: the side whose player-turn it is). One banner for each enemy unit or
// leader eliminated, none for a garrison (B2); banners an award record gives count at once. Every
// banner is kept here with the record that gained it and the one that lost it, and handed over to the
// verdict when it is made (its `banners`). The
// objectives' banners are gained and lost by objectives.cpp. Targets come from the scenario or the
// game's `target` records.
#pragma once

#include "game.hpp"

#include <optional>
#include <string>
#include <vector>

namespace referee {

class Objectives;

// What gained a banner.
enum class BannerSource : std::uint8_t { Objective, Elimination, Award };

// One banner held from the moment a side gained it until it lost it (an objective's can be gained
// and lost several times: each time is one).
struct Banner {
    SideId side = kNoSide;
    BannerSource source = BannerSource::Objective;
    ObjectiveKind objective{};      // Objective: its kind
    std::string what, rule;         // "La Haye Sainte (0605)", "B3"
    std::int64_t banners = 1;
    std::uint32_t gained_line = 0;  // 0: held at the start by the scenario file
    std::string gained_at;
    std::optional<std::uint32_t> lost_line;  // none: still held
    std::string lost_at, lost_why;
    std::string note;               // B4: kept while its hex was empty in its side's movement phase
};

class Banners final : public Mechanism, public VictoryRule, public ScoreSource {
public:
    explicit Banners(Game& g) : Mechanism(g), VictoryRule(g) {}
    void watch(const Objectives* objectives) { objectives_ = objectives; }
    std::string_view name() const override { return "banners"; }
    std::uint32_t hooks() const override { return kOnSetup | kOnEliminated | kOnAward | kAfterRecord | kOnLogEnd | kOnVerdict; }
    std::span<const Kind> kinds() const override;
    void on_record(const Record& r) override;  // target
    bool setup(std::span<const Record> header) override;
    void on_eliminated(const Unit& u) override;
    void on_award(SideId side, std::int64_t n, std::string_view reason, std::uint32_t line) override;
    void after_record(const Record& r) override;  // B1: sudden death
    void on_log_end() override;
    void hand_over(Verdict& v) const override;  // every banner, in the order gained
    void describe(Position& p) const override;  // the banners held now

    // The banners a side holds now, one score item each (B1): objectives, then eliminations.
    void add_items(SideId side, bool final, SideScore& sc, __int128& total, Remarks* say) const override;

    // VictoryRule
    void end_note(const Record& r) override;
    std::string end_decided(const Record& r) override;
    std::string_view unfinished() const override { return "no side has reached its banner target"; }
    void settle(Result& v) override;
    void snapshot_note() override;
    std::string_view score_word() const override { return "banners"; }

    // The banners that count for a side now (objectives gain and lose them).
    std::int64_t& count(SideId side) { return count_[static_cast<std::size_t>(side)]; }
    // A banner gained: its index among the banners.
    std::size_t open(SideId side, BannerSource source, ObjectiveKind objective, std::string what, std::string rule, std::int64_t banners,
                     std::uint32_t line, std::string at);
    Banner& banner(std::size_t i) { return banners_[i]; }
    const Banner& banner(std::size_t i) const { return banners_[i]; }
    // As the report names a banner's kind: its objective's kind ("start-turn-temporary"), "elimination" or "award".
    static std::string_view kind_name(const Banner& b);

private:
    const Objectives* objectives_ = nullptr;
    bool set_up_ = false;
    std::vector<Banner> banners_;        // in the order gained
    std::vector<std::int64_t> count_;    // per side: banners that count now (B1)
    std::vector<std::int64_t> targets_;  // per side: banners to win; 0: none
};

}  // namespace referee
