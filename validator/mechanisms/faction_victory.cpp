// Victory in a game of factions (7.1-7.3, 8.8; L4-L6).
#include "faction_victory.hpp"

#include "area_records.hpp"
#include "diagnostics.hpp"
#include "faction_margins.hpp"
#include "record_views.hpp"
#include "text.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace referee {

// L5: factions named in player records are played; one name on two factions of a side is one
// player running both; no player record at all: every faction is played.
bool FactionVictoryRule::setup(std::span<const Record> header) {
    set_up_ = true;
    const Scenario& s = game.scenario;
    const auto& fv = s.faction_victory;
    const auto& seq = game.clock.sequence();
    for (std::size_t i = 0; i < seq.size(); ++i) {
        if (check_step_ < 0 && seq[i].phase == fv.check_phase) check_step_ = static_cast<std::int32_t>(i);
        if (final_step_ < 0 && seq[i].phase == fv.final_phase) final_step_ = static_cast<std::int32_t>(i);
    }
    const std::size_t n = s.sides.size();
    player_.assign(n, std::string());
    non_player_.assign(n, false);
    partner_.assign(n, kNoSide);
    std::vector<std::uint32_t> named_at(n, 0);
    bool any = false;
    for (const auto& r : header) {
        if (r.kind == Kind::Turn) break;
        if (r.kind != Kind::Player) continue;
        const auto pl = rec::player(r);
        const SideId f = game.names.side(pl.side());
        if (f == kNoSide) continue;  // unknown-side, reported with the record
        any = true;
        auto& name = player_[static_cast<std::size_t>(f)];
        if (!name.empty() && name != game.str(pl.name()))
            game.findings.note(fmt::format("{}: the {} are named twice in player records; the later, line {} ({}), stands", fv.players_rule,
                                           game.side_name(f), r.line, game.str(pl.name())));
        name = game.str(pl.name());
        named_at[static_cast<std::size_t>(f)] = r.line;
    }
    std::vector<std::string> names;
    for (std::size_t f = 0; f < n; ++f) {
        non_player_[f] = any && player_[f].empty();
        if (player_[f].empty()) continue;
        if (std::find(names.begin(), names.end(), player_[f]) == names.end()) names.push_back(player_[f]);
        for (std::size_t o = 0; o < f; ++o) {
            if (player_[o] != player_[f]) continue;
            if (group_of(s, static_cast<SideId>(o)) != group_of(s, static_cast<SideId>(f)) || partner_[o] != kNoSide) {
                game.findings.input_error(Code::SideDeclaration, named_at[f], 1,
                                          fmt::format("{} plays the {} and the {}: one player may run two factions only when they are of one side ({}: {})",
                                                      player_[f], game.side_name(static_cast<SideId>(o)), game.side_name(static_cast<SideId>(f)),
                                                      fv.players_rule, fmt::join(group_names(s), ", ")));
                return false;
            }
            partner_[o] = static_cast<SideId>(f);
            partner_[f] = static_cast<SideId>(o);
        }
    }
    one_player_ = names.size() == 1 && !fv.one_player_rule.empty();
    std::vector<std::string> np;
    for (std::size_t f = 0; f < n; ++f)
        if (non_player_[f]) np.emplace_back(game.side_name(static_cast<SideId>(f)));
    if (!any)
        game.findings.note(fmt::format("{}: no player record: every faction is played", fv.players_rule));
    else if (!np.empty())
        game.findings.note(fmt::format("{}: Non-players (no player record): {}", fv.players_rule, fmt::join(np, ", ")));
    for (std::size_t f = 0; f < n; ++f)
        if (partner_[f] > static_cast<SideId>(f))
            game.findings.note(fmt::format("{}: {} runs both the {} and the {} ({} side): a combined victory at a check needs all of both "
                                           "factions' conditions (7.2); at the end both rank at the worse of their two totals (7.3)",
                                           fv.players_rule, player_[f], game.side_name(static_cast<SideId>(f)), game.side_name(partner_[f]), s.groups[f]));
    if (one_player_)
        game.findings.note(fmt::format("{}: one player ({}) against Non-players: the player never wins at a victory check, and wins at the end "
                                       "only with a margin above every Non-player's",
                                       fv.one_player_rule, names.front()));
    return true;
}

// L6: the last round's support phase is over at the next turn or phase record, or at an end record.
void FactionVictoryRule::before_sequence(const Record& r) {
    if (game.clock.turn() != game.turns) return;
    bool close = final_armed_;
    // A later phase of the last round: the support phase was left out.
    if (!close && r.kind == Kind::Phase && rec::phase(r).side() == kNoSym) {
        const std::int32_t ph = game.names.phase(rec::phase(r).name());
        const auto& seq = game.clock.sequence();
        for (std::size_t i = 0; i < seq.size() && ph >= 0 && final_step_ >= 0; ++i)
            if (seq[i].phase == ph && seq[i].side == kNoSide) {
                close = static_cast<std::int32_t>(i) > final_step_ && checked_turn_ == game.clock.turn();
                break;
            }
    }
    if (close)
        final_scoring(game.last_applied_line,
                      fmt::format("end of the support phase of Winter Quarters round {} (the last)", game.clock.turn()));
}

// L4: the victory check at the start of each Winter Quarters round: at its phase record, or, when
// the log leaves that record out, at the round's first later phase.
void FactionVictoryRule::on_phase_begin(const Record& r) {
    const auto& fv = game.scenario.faction_victory;
    const std::int32_t step = game.clock.step();
    const std::int32_t turn = game.clock.turn();
    if (checked_turn_ < turn && check_step_ >= 0 && step >= check_step_) {
        if (step != check_step_) {
            const auto ph = rec::phase(r);
            const std::string label =
                ph.side() == kNoSym ? std::string(game.str(ph.name()))
                                    : fmt::format("{} {}", game.side_name(game.names.side(ph.side())), game.str(ph.name()));
            game.findings.note(fmt::format("{}: the log has no {} phase record in game-turn {}; the check is made at line {} (phase {}), the round's first",
                                           fv.check_rule, game.scenario.phases[static_cast<std::size_t>(fv.check_phase)].name, turn, r.line, label));
        }
        victory_check(r);
    }
    if (game.over == Over::No && turn == game.turns && step == final_step_) final_armed_ = true;
}

MarginCheck FactionVictoryRule::margins(bool at_check) const {
    return faction_margins(game.scenario, area_.position(), area_.treaty(), at_check, player_, non_player_);
}

std::vector<SideId> FactionVictoryRule::rank(const std::vector<std::int64_t>& score, std::int32_t first_group) const {
    return rank_factions(game.scenario, score, non_player_, area_.treaty(), first_group, one_player_);
}

// "the British", "the British and the Indians": faction names read as plural nouns.
std::string FactionVictoryRule::faction_phrase(const std::vector<SideId>& fs) const {
    std::string out;
    for (std::size_t i = 0; i < fs.size(); ++i)
        out += fmt::format("{}the {}", i == 0 ? "" : i + 1 == fs.size() ? " and " : ", ", game.side_name(fs[i]));
    return out;
}

std::string FactionVictoryRule::faction_list(const std::vector<SideId>& fs) const {
    std::vector<std::string_view> out;
    for (SideId f : fs) out.push_back(game.side_name(f));
    return fmt::format("{}", fmt::join(out, ", "));
}

// What ranks each faction: its total (the net of its margins); with `worse_of_partners`, a player
// running two factions ranks both at the worse of their totals (7.3, 8.8).
std::vector<std::int64_t> FactionVictoryRule::ranking_scores(const MarginCheck& mc, bool worse_of_partners) const {
    const std::size_t n = game.scenario.sides.size();
    std::vector<std::int64_t> sc(n, 0);
    for (std::size_t i = 0; i < mc.factions.size(); ++i)
        sc[static_cast<std::size_t>(game.scenario.faction_victory.factions[i].faction)] = mc.factions[i].total;
    if (worse_of_partners) {
        const std::vector<std::int64_t> own = sc;
        for (std::size_t f = 0; f < n; ++f)
            if (partner_[f] != kNoSide) sc[f] = std::min(own[f], own[static_cast<std::size_t>(partner_[f])]);
    }
    return sc;
}

bool FactionVictoryRule::is_group(std::string_view name) const {
    const auto& groups = game.scenario.groups;
    return std::find(groups.begin(), groups.end(), name) != groups.end();
}

const std::string* FactionVictoryRule::claimed_group(std::string_view name) const {
    if (winner_ == kNoSide || level_ != "combined victory") return nullptr;
    const std::string& g = game.scenario.groups[static_cast<std::size_t>(winner_)];
    return iequals(name, g) ? &g : nullptr;
}

// 7.3: a save without its log at its end: the snapshot's totals rank the factions.
void FactionVictoryRule::settle_snapshot(Result& v) {
    const auto order = rank(game.sheet.totals(), -1);
    v.winner = std::string(game.side_name(order.front()));
    v.level = "final margins";
    for (SideId f : order) v.ranking.emplace_back(game.side_name(f));
}

// L4, 7.1, 7.2: the check at the start of a Winter Quarters round. A pass ends the game here.
void FactionVictoryRule::victory_check(const Record& r) {
    const auto& fv = game.scenario.faction_victory;
    const std::int32_t turn = game.clock.turn();
    checked_turn_ = turn;
    MarginCheck mc = margins(true);
    mc.round = turn;
    mc.line = r.line;
    std::vector<SideId> passed, np_passed, blocked;
    for (std::size_t i = 0; i < mc.factions.size(); ++i) {
        const SideId f = fv.factions[i].faction;
        if (!mc.factions[i].passes) continue;
        passed.push_back(f);
        if (non_player_[static_cast<std::size_t>(f)]) np_passed.push_back(f);
    }
    for (std::size_t i = 0; i < mc.factions.size(); ++i)
        if (fv.factions[i].requires_treaty && !area_.treaty() && !mc.factions[i].passes &&
            std::all_of(mc.factions[i].margins.begin(), mc.factions[i].margins.end(), [](auto m) { return m > 0; }))
            game.findings.note(fmt::format("{}: the {} meet both conditions at the check of round {} (line {}), but the Treaty of Alliance "
                                           "has not been played: they do not pass",
                                           fv.check_rule, mc.factions[i].faction, turn, r.line));
    reckonings_.push_back(Reckoning{Reckoning::VictoryCheck, std::move(mc)});
    if (passed.empty()) return;
    const MarginCheck& m = reckonings_.back().margins;
    const std::vector<std::int64_t> score = ranking_scores(m, false);
    auto pass_of = [&](SideId f) {
        for (std::size_t i = 0; i < m.factions.size(); ++i)
            if (fv.factions[i].faction == f) return m.factions[i].passes;
        return false;
    };
    const Scenario& s = game.scenario;
    SideId decider = kNoSide;
    if (!np_passed.empty()) {
        // 7.1: a Non-player passes: all players lose equally. The best of them (ties in the tie order) is first.
        for (SideId f : rank(score, group_of(s, np_passed.front())))
            if (std::find(np_passed.begin(), np_passed.end(), f) != np_passed.end()) {
                decider = f;
                break;
            }
        level_ = "all players lose";
        game.findings.note(fmt::format("{}: {} (Non-player{}) pass the victory check of round {} (line {}): all players lose equally; "
                                       "the places after the first are those of {} for the record",
                                       fv.rank_rule, faction_phrase(np_passed), np_passed.size() > 1 ? "s" : "", turn, r.line, fv.rank_rule));
    } else if (one_player_) {
        game.findings.note(fmt::format("{}: {} pass the victory check of round {} (line {}), but the lone player never wins at a victory check; play goes on",
                                       fv.one_player_rule, faction_phrase(passed), turn, r.line));
        return;
    } else {
        for (SideId f : passed) {
            const SideId p = partner_[static_cast<std::size_t>(f)];
            if (p != kNoSide && !pass_of(p)) {
                blocked.push_back(f);
                continue;
            }
            if (decider == kNoSide) decider = f;
        }
        for (SideId f : blocked)
            game.findings.note(fmt::format("{}: the {} pass the victory check of round {} (line {}), but {} also runs the {}, who do not: "
                                           "a combined victory needs all of both factions' conditions",
                                           fv.check_rule, game.side_name(f), turn, r.line, player_[static_cast<std::size_t>(f)],
                                           game.side_name(partner_[static_cast<std::size_t>(f)])));
        if (decider == kNoSide) return;
        level_ = partner_[static_cast<std::size_t>(decider)] != kNoSide ? "combined victory" : "victory check";
    }
    ranking_ = rank(score, group_of(s, decider));
    if (level_ == "all players lose") {  // the Non-player that passed comes first
        ranking_.erase(std::find(ranking_.begin(), ranking_.end(), decider));
        ranking_.insert(ranking_.begin(), decider);
    }
    winner_ = ranking_.front();
    deciding_ = static_cast<std::int32_t>(reckonings_.size() - 1);
    std::vector<SideId> who = np_passed.empty() ? passed : np_passed;
    who.erase(std::remove_if(who.begin(), who.end(), [&](SideId f) { return std::find(blocked.begin(), blocked.end(), f) != blocked.end(); }),
              who.end());
    game.end(Over::Factions, r.line, fmt::format("victory check of Winter Quarters round {}: {} pass", turn, faction_phrase(who)));
}

// L6, 7.3: after the last round's support phase, the margins netted; the highest wins.
void FactionVictoryRule::final_scoring(std::uint32_t line, std::string decided) {
    const Scenario& s = game.scenario;
    const auto& fv = s.faction_victory;
    const std::size_t n = s.sides.size();
    MarginCheck mc = margins(false);
    mc.round = game.clock.turn();
    mc.line = line;
    reckonings_.push_back(Reckoning{Reckoning::Final, std::move(mc)});
    deciding_ = static_cast<std::int32_t>(reckonings_.size() - 1);
    const std::vector<std::int64_t> score = ranking_scores(reckonings_.back().margins, true);
    ranking_ = rank(score, -1);
    winner_ = ranking_.front();
    if (one_player_) {
        // 8.8: the lone player's (worse) total against the best Non-player's; ties go to the Non-players.
        level_ = non_player_[static_cast<std::size_t>(winner_)] ? "Non-player victory" : "one-player victory";
        std::vector<std::string> np;
        for (std::size_t f = 0; f < n; ++f)
            if (non_player_[f]) np.push_back(fmt::format("{} {}", game.side_name(static_cast<SideId>(f)), score[f]));
        SideId me = kNoSide;
        for (std::size_t f = 0; f < n && me == kNoSide; ++f)
            if (!non_player_[f]) me = static_cast<SideId>(f);
        game.findings.note(fmt::format("{}: the lone player's {}margin {} ({}) against the Non-players' ({}): {}", fv.one_player_rule,
                                       partner_[static_cast<std::size_t>(me)] != kNoSide ? "lower " : "", score[static_cast<std::size_t>(me)],
                                       player_[static_cast<std::size_t>(me)], fmt::join(np, ", "),
                                       level_ == "one-player victory" ? std::string("the player wins") : fmt::format("the {} win", game.side_name(winner_))));
    } else {
        level_ = "final margins";
    }
    for (std::size_t f = 0; f < n; ++f)
        for (std::size_t o = f + 1; o < n; ++o)
            if (score[f] == score[o] && (f == static_cast<std::size_t>(ranking_.front()) || o == static_cast<std::size_t>(ranking_.front())) &&
                partner_[f] != static_cast<SideId>(o))
                game.findings.note(fmt::format("{}: the {} and the {} tie at {}; the tie order (Non-players, then {}) puts the {} first", fv.rank_rule,
                                               game.side_name(static_cast<SideId>(f)), game.side_name(static_cast<SideId>(o)), score[f],
                                               faction_list(fv.tie_order), game.side_name(ranking_.front())));
    for (std::size_t f = 0; f < n; ++f)
        if (partner_[f] > static_cast<SideId>(f))
            game.findings.note(fmt::format("{}: {} runs the {} and the {}: both rank at the worse of their totals, {}", fv.final_rule, player_[f],
                                           game.side_name(static_cast<SideId>(f)), game.side_name(partner_[f]), score[f]));
    for (const auto& fd : fv.factions)
        if (fd.requires_treaty && !area_.treaty())
            game.findings.note(fmt::format("{}: the Treaty of Alliance was never played: the {} come last and cannot win", fv.rank_rule,
                                           game.side_name(fd.faction)));
    game.end(Over::FinalScoring, line, std::move(decided));
}

// The score of each faction: its margins at the moment that decided (or now), each with its rule.
std::vector<SideScore> FactionVictoryRule::faction_scores(const MarginCheck& mc, bool check) {
    const Scenario& s = game.scenario;
    const auto& fv = s.faction_victory;
    std::vector<SideScore> out;
    for (std::size_t i = 0; i < mc.factions.size(); ++i) {
        const auto& fd = fv.factions[i];
        const auto& fm = mc.factions[i];
        SideScore sc;
        sc.side = fm.faction;
        for (std::size_t c = 0; c < fd.conditions.size(); ++c) {
            const ConditionDef& cd = fd.conditions[c];
            std::string calc;
            // The values are those of the moment that decided (mc.tracks), not of the position now.
            auto value_of = [&](std::int32_t t) {
                for (const auto& [name, v] : mc.tracks)
                    if (name == s.tracks[static_cast<std::size_t>(t)].name) return v;
                return area_.position().track(t);
            };
            for (auto t : cd.plus) calc += fmt::format("{}{} {}", calc.empty() ? "" : " + ", s.tracks[static_cast<std::size_t>(t)].title, value_of(t));
            for (auto t : cd.minus) calc += fmt::format(" - {} {}", s.tracks[static_cast<std::size_t>(t)].title, value_of(t));
            if (cd.offset) calc += fmt::format(" {} {}", cd.offset > 0 ? '+' : '-', cd.offset > 0 ? cd.offset : -cd.offset);
            if (check && cd.above) calc += fmt::format(" - {}", cd.above);
            // At a check the condition as the rules word it; at the end only the netted measure (no -10).
            sc.items.push_back(ScoreItem{mc.rule, fm.margins[c], check ? fmt::format("{}: {}", cd.what, calc) : calc});
        }
        sc.total = fm.total;
        game.sheet.totals()[static_cast<std::size_t>(fd.faction)] = fm.total;
        out.push_back(std::move(sc));
    }
    return out;
}

std::vector<SideScore> FactionVictoryRule::standing(bool) const {
    // As an unfinished game's standing gives them: no player named, none a Non-player.
    const std::size_t n = game.scenario.sides.size();
    const MarginCheck mc = faction_margins(game.scenario, area_.position(), area_.treaty(), false, std::vector<std::string>(n), std::vector<bool>(n, false));
    std::vector<SideScore> out;
    for (const FactionMargins& f : mc.factions) out.push_back(SideScore{f.faction, f.total, {}});
    return out;
}

void FactionVictoryRule::hand_over(Verdict& v) const {
    v.has_margins = set_up_;
    for (const Reckoning& r : reckonings_) v.margins.push_back(r.margins);
}

void FactionVictoryRule::decide(Verdict& verdict) {
    const auto& fv = game.scenario.faction_victory;
    Result& v = verdict.result;
    const std::int32_t turn = game.clock.turn();
    if (game.over == Over::No && final_armed_)
        final_scoring(game.last_applied_line, fmt::format("end of the support phase of Winter Quarters round {} (the last)", turn));
    if (game.over == Over::LastTurn || game.over == Over::EndRecord) {
        // An end record (or the next turn) before the last round's support phase closed: scored as at the end.
        if (!(turn == game.turns && final_armed_))
            game.findings.note(fmt::format("{}: the game ended at {} (line {}), not after the support phase of Winter Quarters round {} (the last): "
                                           "the final margins are taken there",
                                           fv.final_rule, game.where_now(), game.over_line, game.turns));
        const std::uint32_t line = game.over_line;
        std::string why = game.decided;
        game.over = Over::No;
        final_scoring(line, std::move(why));
    }
    if (game.over == Over::Concession) {
        // The conceding faction (with its partner, when one player runs both) comes last; the others by their margins now.
        const SideId quitter = game.winner;
        final_scoring(game.over_line, game.decided);
        game.over = Over::Concession;
        auto last = [&](SideId f) {
            ranking_.erase(std::find(ranking_.begin(), ranking_.end(), f));
            ranking_.push_back(f);
        };
        if (partner_[static_cast<std::size_t>(quitter)] != kNoSide) last(partner_[static_cast<std::size_t>(quitter)]);
        last(quitter);
        winner_ = ranking_.front();
        level_ = "concession";
    }
    if (game.over == Over::No) {
        const MarginCheck now = margins(false);
        verdict.scores = faction_scores(now, false);
        const auto order = rank(ranking_scores(now, true), -1);
        verdict.complete = false;
        game.findings.add(Code::Incomplete, game.record.last_line,
                          fmt::format("the record stops at {}, before the game is over (no victory check passed; the game ends after "
                                      "the support phase of Winter Quarters round {})",
                                      game.where_now(), game.turns));
        Provisional p;
        p.turn = turn;
        p.line = game.last_applied_line;
        if (game.clock.step() >= 0)
            p.phase = game.scenario.phases[static_cast<std::size_t>(game.clock.sequence()[static_cast<std::size_t>(game.clock.step())].phase)].name;
        p.standing = fmt::format("{} (final margins now: {})", game.side_name(order.front()), faction_list(order));
        v.provisional = p;
        return;
    }
    const Reckoning& deciding = reckonings_[static_cast<std::size_t>(deciding_)];
    verdict.scores = faction_scores(deciding.margins, deciding.kind == Reckoning::VictoryCheck);
    verdict.complete = true;
    v.winner = std::string(game.side_name(winner_));
    v.level = level_;
    v.decided = game.decided;
    v.line = game.over_line;
    for (SideId f : ranking_) v.ranking.emplace_back(game.side_name(f));
}

}  // namespace referee
