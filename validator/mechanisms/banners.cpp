// Victory banners (B1, B2): counts, targets, sudden death, banners for eliminations and awards.
#include "banners.hpp"

#include "diagnostics.hpp"
#include "higher_total.hpp"
#include "objectives.hpp"
#include "position.hpp"
#include "record_views.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>

namespace referee {

std::span<const Kind> Banners::kinds() const {
    static constexpr std::array<Kind, 1> k{Kind::Target};
    return k;
}

bool Banners::setup(std::span<const Record>) {
    set_up_ = true;
    const std::size_t n = game.scenario.sides.size();
    count_.assign(n, 0);
    targets_.assign(n, 0);
    for (std::size_t i = 0; i < game.scenario.targets.size() && i < n; ++i) targets_[i] = game.scenario.targets[i];
    return true;
}

void Banners::on_record(const Record& r) {
    const auto t = rec::target(r);
    const SideId side = game.names.side(t.side());
    if (side == kNoSide)
        return game.findings.input_error(Code::UnknownSide, r.line, r.col, fmt::format("target: no side '{}' in {}{}", game.str(t.side()), game.scenario.title, game.near_side(game.str(t.side()))));
    if (t.banners() < 1 || t.banners() > 1000)  // as in a scenario file (docs/scenario-format.md)
        return game.findings.input_error(Code::BadValue, r.line, r.col,
                                         fmt::format("target {}: {} banners must be 1 to 1000", game.side_name(side), t.banners()));
    targets_[static_cast<std::size_t>(side)] = t.banners();  // a later target for the same side replaces an earlier one
}

std::size_t Banners::open(SideId side, BannerSource source, ObjectiveKind objective, std::string what, std::string rule, std::int64_t banners,
                          std::uint32_t line, std::string at) {
    Banner b;
    b.side = side;
    b.source = source;
    b.objective = objective;
    b.what = std::move(what);
    b.rule = std::move(rule);
    b.banners = banners;
    b.gained_line = line;
    b.gained_at = std::move(at);
    banners_.push_back(std::move(b));
    return banners_.size() - 1;
}

std::string_view Banners::kind_name(const Banner& b) {
    switch (b.source) {
        case BannerSource::Elimination: return "elimination";
        case BannerSource::Award: return "award";
        case BannerSource::Objective: break;
    }
    return objective_kind_name(b.objective);
}

void Banners::hand_over(Verdict& v) const {
    v.has_banners = set_up_;
    for (const Banner& b : banners_)
        v.banners.push_back(BannerEntry{std::string(game.side_name(b.side)), std::string(kind_name(b)), b.what, b.rule, b.banners, b.gained_line,
                                        b.gained_at, b.lost_line, b.lost_at, b.lost_why, b.note});
}

void Banners::describe(Position& p) const {
    p.has_banners = true;
    for (const Banner& b : banners_)
        if (!b.lost_line) p.banners.push_back(PositionBanner{std::string(game.side_name(b.side)), std::string(kind_name(b)), b.what, b.rule, b.banners});
}

// B2: one banner for each enemy unit or leader eliminated; none for a garrison.
void Banners::on_eliminated(const Unit& us) {
    const EliminationBanners& eb = game.scenario.elimination_banners;
    if (!eb.enabled) return;
    for (const std::string& role : eb.no_banner_roles)
        if (us.has_role(role)) return;
    const SideId enemy = game.scenario.enemy_of(us.side);
    if (enemy == kNoSide) return;
    count_[static_cast<std::size_t>(enemy)] += 1;
    const bool leader = us.has_role("leader") || iequals(us.type, "leader");
    open(enemy, BannerSource::Elimination, {}, fmt::format("{} {} {} eliminated", game.side_name(us.side), leader ? "leader" : "unit", us.name),
         eb.rule.empty() ? "B2" : eb.rule, 1, game.line, game.where_now());
}

// An award of banners counts toward the target at once (B1).
void Banners::on_award(SideId side, std::int64_t n, std::string_view reason, std::uint32_t line) {
    count_[static_cast<std::size_t>(side)] = game.sheet.add(count_[static_cast<std::size_t>(side)], n);
    open(side, BannerSource::Award, {}, std::string(reason), "award", n, line, game.where_now());
}

// B1: a side whose banners reach its target wins at this record; both: the side whose turn it is.
void Banners::after_record(const Record& r) {
    if (game.over != Over::No || !game.play_started) return;
    const SideId phasing = game.clock.phasing();
    SideId winner = kNoSide;
    for (std::size_t s = 0; s < count_.size(); ++s) {
        if (targets_[s] <= 0 || count_[s] < targets_[s]) continue;
        if (winner == kNoSide || static_cast<SideId>(s) == phasing) winner = static_cast<SideId>(s);
    }
    if (winner == kNoSide) return;
    game.winner = winner;
    const std::size_t w = static_cast<std::size_t>(winner);
    std::string decided = fmt::format("{} reached {} banners (target {}) at {}", game.side_name(winner), count_[w], targets_[w], game.where_now());
    if (phasing != kNoSide && phasing != winner) decided += fmt::format(", in the {} player-turn", game.side_name(phasing));
    game.end(Over::SuddenDeath, r.line, std::move(decided));
}

void Banners::on_log_end() {
    for (std::size_t s = 0; s < targets_.size(); ++s)
        if (targets_[s] <= 0)
            game.findings.note(fmt::format("B1: {} has no banner target (no target record, none in the scenario): it cannot win by sudden death",
                                           game.side_name(static_cast<SideId>(s))));
}

void Banners::add_items(SideId side, bool, SideScore& sc, __int128& total, Remarks*) const {
    if (objectives_) objectives_->add_items(side, sc);
    for (const Banner& e : banners_) {
        if (e.source != BannerSource::Elimination || e.side != side) continue;
        sc.items.push_back(ScoreItem{e.rule, 1, fmt::format("{}, line {}", e.what, e.gained_line)});
        sc.total = game.sheet.add(sc.total, 1);
    }
    total += sc.total;
}

void Banners::end_note(const Record& r) {
    game.findings.note(fmt::format("the players ended the game at {} (line {}) before any side reached its banner target (B1); "
                                   "the side with more banners is taken as the winner, equal banners as a draw",
                                   game.where_now(), r.line));
}

std::string Banners::end_decided(const Record&) {
    std::vector<std::string> held;
    for (std::size_t sd = 0; sd < count_.size(); ++sd) held.push_back(fmt::format("{} {}", game.side_name(static_cast<SideId>(sd)), count_[sd]));
    return fmt::format("end record at {}, no banner target reached (banners: {})", game.where_now(), fmt::join(held, ", "));
}

void Banners::settle(Result& v) { settle_by_higher_total(game, v); }

void Banners::snapshot_note() {
    game.findings.note("B1: banners are counted record by record as the game is played; a save without its log has no record to count "
                       "them from, so only its snapshot's scores can stand for them");
}

}  // namespace referee
