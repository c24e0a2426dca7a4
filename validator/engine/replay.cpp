// The replay: one pass over a game's records, in order, through a small state (units, holdings,
// turn and phase, score counters), in the manner of a chess engine's do_move. Names were interned
// at parse time; here they are bound to scenario indices once per distinct symbol (lazily, cached
// in vectors), so applying a record does no string look-up and no allocation unless it reports.
#include "judge.hpp"
#include "factions.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <span>

namespace referee {

namespace {

struct UnitState {
    std::string_view name;
    SideId side = kNoSide;
    std::string_view type;
    std::int64_t strength = 0;
    std::int64_t initial_strength = 0;
    UnitStatus status = UnitStatus::OffMap;
    LocId loc = kNoLoc;
    std::int32_t enters_turn = 0;
    LocId enters_at = kNoLoc;
    LocId exit_loc = kNoLoc;
    std::uint32_t declared_line = 0;
    bool zoc_on = false;          // counted in the zones of control of its neighbours
    bool exit_legal = false;      // exited without breaking an exit rule (only such exits score)
    std::uint32_t zoc_stop = 0;   // phase serial in which it entered an enemy zone of control
    std::vector<std::string_view> roles;
};

// Where the spec defines a check that no rule of the game's own text covers, the report cites the
// spec's section (report.md: every violation cites a rule).
const char* const kHeader = "move-log.md header records";
const char* const kSequence = "move-log.md sequence records";
const char* const kUnits = "move-log.md unit records";
const char* const kAreas = "move-log.md area records";
const char* const kSnapshot = "xml-save.md snapshot";

constexpr std::array<Edge, 4> kAllEdges{Edge::North, Edge::South, Edge::East, Edge::West};

// A list of unit types a rule names (empty: every type), matched case-insensitively.
bool type_allowed(const std::vector<std::string>& types, std::string_view type) {
    return types.empty() || std::any_of(types.begin(), types.end(), [&](const std::string& t) { return iequals(t, type); });
}

// The rule a banner of each kind cites: the ruling that says how it is judged.
const char* kind_rule(ObjectiveKind k) {
    switch (k) {
        case ObjectiveKind::Majority: return "B5";
        case ObjectiveKind::LastToOccupy: return "B6";
        case ObjectiveKind::Permanent: return "victory banners: permanent objective";
        default: return "B3";
    }
}
// Kinds whose banner is lost when the condition fails (B3), to which B4's re-occupation note applies.
bool temporary_kind(ObjectiveKind k) {
    return k == ObjectiveKind::Temporary || k == ObjectiveKind::StartTurnTemporary || k == ObjectiveKind::TemporaryGroup ||
           k == ObjectiveKind::StartTurnTemporaryGroup || k == ObjectiveKind::Majority;
}
// Kinds judged at the start of the side's player-turn (B3, B5).
bool start_turn_kind(ObjectiveKind k) {
    return k == ObjectiveKind::StartTurnTemporary || k == ObjectiveKind::StartTurnTemporaryGroup ||
           k == ObjectiveKind::StartTurnPermanent || k == ObjectiveKind::Majority;
}

// Why the game is over. Factions: a faction game decided at a victory check (7.2); FinalScoring:
// the last Winter Quarters round's support phase is over (7.3, L6).
enum class Over : std::uint8_t { No, Automatic, Concession, EndRecord, LastTurn, SuddenDeath, Factions, FinalScoring };

class Replay {
public:
    Replay(const GameRecord& g, const Scenario& s, const CheckOptions& o) : g_(g), s_(s), opts_(o) {}
    Report run();

private:
    // Overflow-safe arithmetic on points (G4: exact integers). A sum or product past 64 bits
    // saturates and sets overflow_: the game then gets no result (score-overflow, in run()).
    std::int64_t mul_sat(std::int64_t a, std::int64_t b) const {
        std::int64_t r = 0;
        if (!__builtin_mul_overflow(a, b, &r)) return r;
        note_overflow();
        return (a < 0) != (b < 0) ? INT64_MIN : INT64_MAX;
    }
    std::int64_t add_sat(std::int64_t a, std::int64_t b) const {
        std::int64_t r = 0;
        if (!__builtin_add_overflow(a, b, &r)) return r;
        note_overflow();
        return b < 0 ? INT64_MIN : INT64_MAX;
    }
    std::int64_t fit(__int128 v) const {  // an exact sum, saturated (and noted) if past 64 bits
        if (v >= INT64_MIN && v <= INT64_MAX) return static_cast<std::int64_t>(v);
        note_overflow();
        return v < 0 ? INT64_MIN : INT64_MAX;
    }
    void note_overflow() const {
        if (!overflow_) overflow_line_ = cur_rec_ ? cur_rec_->line : 0;  // 0: in the final count
        overflow_ = true;
    }
    mutable bool overflow_ = false;
    mutable std::uint32_t overflow_line_ = 0;

    // --- binding of symbols to scenario indices (cached per symbol) ---
    SideId side_of(Sym sym);
    LocId loc_of(Sym sym);
    std::int32_t phase_of(Sym sym);
    std::int32_t unit_of(Sym sym) const { return sym < unit_of_sym_.size() ? unit_of_sym_[sym] : -1; }

    // --- reporting ---
    void violation(const char* code, const Record& r, std::string rule, std::string msg, bool error = true);
    void input_error(const char* code, std::uint32_t line, std::uint32_t col, std::string msg);
    std::string_view side_name(SideId s) const { return s >= 0 ? std::string_view(s_.sides[static_cast<std::size_t>(s)]) : "nobody"; }
    std::string_view loc_name(LocId l) const { return l >= 0 ? std::string_view(s_.map.name(l)) : "nowhere"; }
    std::string where_now() const;
    void unknown_unit(const Record& r, Sym s) {
        violation("unknown-unit", r, kUnits, fmt::format("no unit '{}' in the scenario or the set-up", g_.str(s)));
    }
    void unknown_location(const Record& r, Sym s) {
        violation("unknown-location", r, kUnits, fmt::format("no location '{}' on the {} map", g_.str(s), s_.title));
    }
    void snapshot_unknown(const char* code, std::uint32_t line, const char* what, Sym s) {
        rep_.violations.push_back(Violation{code, true, line, 0, kSnapshot,
                                            fmt::format("the snapshot names {} '{}', which {} does not have", what, g_.str(s), s_.title)});
    }
    void unknown_side(const Record& r, Sym s) { violation("unknown-side", r, kHeader, fmt::format("no side '{}' in {}", g_.str(s), s_.title)); }

    // --- set-up ---
    bool setup();
    void apply_params();
    void bind_units();
    std::optional<std::int64_t> value(const Value& v) const;

    // --- state changes ---
    void place(std::int32_t u, LocId to);
    void leave(std::int32_t u);
    void entered(SideId side, LocId loc) {
        last_mover_[static_cast<std::size_t>(loc)] = side;
        if (play_started_ && !obj_at_.empty()) on_enter(side, loc);
    }
    std::int32_t& zoc(LocId l, SideId s) { return zoc_[static_cast<std::size_t>(l) * nsides_ + static_cast<std::size_t>(s)]; }
    bool enemy_zoc(LocId l, SideId side) const;   // an enemy unit of combat strength stands next to l
    bool has_role(const UnitState& us, std::string_view role) const;
    void eliminated(std::int32_t u, std::int64_t sp_lost);
    void score_elimination(SideId loser, std::int64_t sp_lost);  // 17.11-style points to the enemy
    void score_exit(const UnitState& us);                         // 17.12-style points for its exit hex
    LocId where_is(const UnitState& us) const;                    // its hex, or its exit hex; else none
    std::int64_t& occ(LocId l, SideId s) { return occupants_[static_cast<std::size_t>(l) * nsides_ + static_cast<std::size_t>(s)]; }
    std::int64_t occ(LocId l, SideId s) const { return occupants_[static_cast<std::size_t>(l) * nsides_ + static_cast<std::size_t>(s)]; }
    SideId holder(LocId l) const;
    bool enemy_in(LocId l, SideId side) const;

    // --- records ---
    void do_record(const Record& r);
    void do_header(const Record& r);
    void do_turn(const Record& r);
    void do_phase(const Record& r);
    void do_path(const Record& r);  // move, retreat, advance
    void do_enter(const Record& r);
    void do_exit(const Record& r);
    void do_loss(const Record& r);  // eliminate, lose
    void do_combat(const Record& r);
    void do_claim(const Record& r);
    bool unit_on_map(const Record& r, Sym unit_sym, std::int32_t& u);
    bool check_phase(const Record& r, PhaseKind need, const char* what, SideId unit_side, bool phasing_only, const std::string& rule);
    bool resolve_path(const Record& r, std::vector<LocId>& out);

    // --- sequence ---
    bool step_in_force(std::size_t i, std::int32_t turn) const {
        const auto& st = s_.sequence[i];
        return turn >= st.first_turn && turn <= st.last_turn;
    }
    void maybe_automatic(std::uint32_t at_line);
    void end_of_phase();                        // stacking (checked at the end of every phase)
    std::int32_t first_step_of(SideId s, std::int32_t turn) const;
    std::int32_t last_step_of(SideId s, std::int32_t turn) const;
    void lead_checks(bool turn_over, bool game_over_now);  // 14.53-style awards at the end of a player-turn
    void fire_lead(std::size_t rule);
    void check_late_reinforcements(const Record& r);
    void check_schedule(const Record& r, const UnitState& us);
    void check_alternate_entry(const Record& r, const UnitState& us, LocId l);
    bool on_any_edge(LocId l, std::span<const Edge> edges) const {
        return std::any_of(edges.begin(), edges.end(), [&](Edge e) { return s_.map.on_edge(l, e); });
    }
    bool is_road_hex(LocId l) const { return !road_adj_.empty() && !road_adj_[static_cast<std::size_t>(l)].empty(); }
    const std::string& reinf_rule() const { return s_.reinforcements.declared && !s_.reinforcements.rule.empty() ? s_.reinforcements.rule : kHeaderStr; }
    static inline const std::string kHeaderStr = kHeader;
    bool last_player_turn_begun() const;
    void game_over(Over why, std::uint32_t line, std::string decided);

    // --- scores ---
    struct Judged { bool holds = true; bool unknown = false; bool line_failed = false; std::string why; };  // a points rule's conditions
    Judged requires_hold(const PointsRule& pr, SideId side);
    bool line_of_communications(SideId side, LocId from, LocId to) const;
    bool road_hex_leaving(const PointsRule& pr, std::vector<std::uint8_t>& target) const;
    void unscored_note(const PointsRule& pr, const std::string& why, bool map_data = true);
    bool first_time(const std::string& key);  // true once per key: a note said once per report
    bool trace_item(const PointsRule& pr, SideId side, std::int64_t v, ScoreItem& it);
    std::int64_t elimination_points(SideId side) const;
    SideId leader() const;  // the side with the highest total; kNoSide when the highest is shared
    void build_scores(bool final_scoring);
    void decide();
    void judge_claims();
    void level_verdict(const Levels& lv);
    void compare_snapshot();
    void judge_snapshot_alone();

    // --- victory banners (B1-B6) ---
    struct Objective {
        ObjectiveDef def;
        SideId owner = kNoSide;          // the side whose banner it is now
        bool suspended = false;          // B4: kept, but not counted, while its hexes are empty
        std::uint32_t suspend_line = 0;  // the record that emptied it
        std::string suspend_at;
        std::int32_t entry = -1;         // the open entry of rep_.banners
        std::uint32_t stamp = 0;         // rechecked after this record already
        std::uint32_t line = 0;          // the objective record (0: the scenario file)
    };
    void add_objective(const Record& r);
    void add_target(const Record& r);
    void start_play();
    bool eligible(const ObjectiveDef& d, SideId side) const { return d.side == kNoSide || d.side == side; }
    std::int32_t hexes_held(const ObjectiveDef& d, SideId side) const;
    bool condition(const Objective& o, SideId side) const;  // the side meets the objective's test now
    void gain(Objective& o, SideId side, std::uint32_t line, std::string at);
    void lose(Objective& o, std::uint32_t line, std::string at, std::string why);
    std::string lost_reason(const Objective& o, SideId side) const;
    std::string objective_label(const ObjectiveDef& d) const;
    void recheck(Objective& o);
    void on_enter(SideId side, LocId l);
    void player_turn_starts(SideId side);
    void resolve_suspended();
    void pending_b4_note();
    void after_record(const Record& r);
    void elimination_banner(const UnitState& us);
    void banner_scores(SideScore& sc, SideId side);
    bool movement_phase_of(SideId side) const;
    // The kind of the phase in progress (Other before the first phase of a turn).
    PhaseKind phase_kind() const {
        return step_ >= 0 ? s_.phases[static_cast<std::size_t>(sequence_[static_cast<std::size_t>(step_)].phase)].kind : PhaseKind::Other;
    }

    bool banners_on_ = false;
    bool play_started_ = false;
    std::vector<Objective> objectives_;
    std::vector<std::vector<std::int32_t>> obj_at_;  // per location: the objectives that include it
    std::vector<std::int64_t> banner_count_;         // per side: banners that count now (B1)
    std::vector<std::int64_t> targets_;              // per side: banners to win; 0: none
    std::vector<LocId> touched_;                     // locations a unit left or entered in this record
    std::uint32_t obj_stamp_ = 0;
    SideId first_mover_ = kNoSide;                   // alternating turns: the side of turn 1
    // Alternating turns: whose game-turn this is (the sides in order from the first mover).
    SideId turn_side() const {
        return static_cast<SideId>((static_cast<std::size_t>(first_mover_) + static_cast<std::size_t>(turn_ - 1)) % nsides_);
    }
    std::size_t open_banner(SideId side, std::string kind, std::string what, std::string rule, std::int64_t banners, std::uint32_t line,
                            std::string at);
    const Record* cur_rec_ = nullptr;

    const GameRecord& g_;
    const Scenario& s_;
    const CheckOptions& opts_;
    Report rep_;
    bool fatal_ = false;

    std::size_t nsides_ = 0;
    std::vector<std::int32_t> side_cache_, loc_cache_, phase_cache_;
    std::vector<std::uint32_t> unknown_stamp_;  // per symbol: the last path (path_serial_) that reported it unknown
    std::uint32_t path_serial_ = 0;
    std::vector<std::int32_t> unit_of_sym_;
    std::vector<UnitState> units_;
    std::vector<std::int64_t> occupants_;
    std::vector<SideId> last_mover_;
    bool track_zoc_ = false;                        // zones of control are in the rules or a trace
    std::vector<std::int32_t> zoc_;                 // [loc * nsides + side]: combat units of side next to loc
    std::vector<std::vector<LocId>> road_adj_;      // per hex: the hexes one road step away
    std::vector<LocId> dirty_;                      // hexes a unit entered this phase (stacking)
    std::vector<std::uint8_t> dirty_flag_;
    std::vector<std::uint32_t> placed_line_;        // per hex: line of the record that last put a unit there
    std::uint32_t phase_serial_ = 1;
    std::uint32_t cur_line_ = 0;
    std::vector<std::int32_t> lead_fired_;          // per points rule: last turn a 14.53-style award was made
    std::vector<std::vector<std::pair<std::int32_t, std::int64_t>>> lead_log_;
    std::vector<std::string> noted_;                // keys of the notes already given (first_time)
    std::vector<std::pair<std::string, std::string>> params_;  // effective values
    std::vector<std::uint32_t> param_line_;
    std::vector<SequenceStep> sequence_;

    // replay position
    std::int32_t turn_ = 0;
    std::int32_t step_ = -1;        // index into sequence_ in the current turn, -1 before the first phase
    SideId phasing_ = kNoSide;      // side whose player-turn it is (G2)
    bool seen_turn_ = false;
    Over over_ = Over::No;
    std::uint32_t over_line_ = 0;
    std::string decided_;
    SideId winner_side_ = kNoSide;  // for concession / automatic
    bool automatic_done_ = false;
    std::uint32_t last_applied_line_ = 0;

    // score counters: per points rule, per side
    std::vector<std::int64_t> counts_;  // [rule * nsides + side]
    std::int64_t& count(std::size_t rule, SideId side) { return counts_[rule * nsides_ + static_cast<std::size_t>(side)]; }
    struct AwardItem { SideId side; std::int64_t n; std::string reason; std::uint32_t line; };
    std::vector<AwardItem> awards_;
    std::vector<std::pair<Sym, std::int64_t>> tracks_;
    std::vector<const Record*> claims_;
    std::vector<LocId> path_;  // scratch, reused: no allocation per record once grown
    std::vector<std::int64_t> totals_;
    bool final_scored_ = false;
    std::vector<std::string> notes_;
    std::int32_t turns_ = 0;  // the last game-turn: the scenario's, or its turns parameter's (winter-quarters)

    // --- faction games (Liberty or Death: L1-L6, 7.1-7.3, 8.8) ---
    bool factions_on_ = false;
    std::optional<AreaPosition> area_;
    bool treaty_ = false;
    std::vector<std::string> player_;      // per faction: the player's name ("" when none is given)
    std::vector<bool> non_player_;         // per faction (L5)
    std::vector<SideId> partner_;          // per faction: the other faction its player also runs (kNoSide: none)
    bool one_player_ = false;              // 8.8: one player name in the game
    std::int32_t checked_turn_ = 0;        // the last game-turn whose victory check was made
    bool final_armed_ = false;             // the last round's final phase (support) has begun
    std::int32_t check_step_ = -1, final_step_ = -1;  // their steps in the sequence
    std::vector<SideId> ranking_;
    SideId fwinner_ = kNoSide;
    std::string flevel_;
    std::int32_t deciding_ = -1;           // index into rep_.margins of the check or scoring that decided
    Sym treaty_card_ = kNoSym;             // the symbol of the treaty's card id, when the game names it
    std::vector<std::int32_t> track_cache_;  // per symbol: the scenario track (-1 none, -2 not looked up)
    std::int32_t track_of(Sym sym) {
        if (!area_ || sym == kNoSym) return -1;
        auto& c = track_cache_[sym];
        if (c == -2) c = s_.find_track(g_.str(sym));
        return c;
    }
    bool area_setup(bool custom);
    void do_area(const Record& r);
    bool area_piece(const Record& r, SideId& f, Piece& p, LocId* space);
    void casualty(const Record& r, SideId f, Piece p, std::int64_t n);
    void do_track(const Record& r);
    void victory_check(const Record& r);
    void final_scoring(std::uint32_t line, std::string decided);
    std::vector<std::int64_t> ranking_scores(const MarginCheck& mc, bool worse_of_partners) const;
    std::string faction_list(const std::vector<SideId>& fs) const;
    std::string faction_phrase(const std::vector<SideId>& fs) const;
    void faction_scores(const MarginCheck& mc);
    void decide_factions();
};

// ---------------------------------------------------------------------------------------------

SideId Replay::side_of(Sym sym) {
    if (sym == kNoSym) return kNoSide;
    auto& c = side_cache_[sym];
    if (c == -2) c = s_.find_side(g_.str(sym));
    return c;
}
LocId Replay::loc_of(Sym sym) {
    if (sym == kNoSym) return kNoLoc;
    auto& c = loc_cache_[sym];
    if (c == -2) c = s_.map.find(g_.str(sym));
    return c;
}
std::int32_t Replay::phase_of(Sym sym) {
    if (sym == kNoSym) return -1;
    auto& c = phase_cache_[sym];
    if (c == -2) c = s_.find_phase(g_.str(sym));
    return c;
}

void Replay::violation(const char* code, const Record& r, std::string rule, std::string msg, bool error) {
    if (!error && opts_.strict) error = true;
    rep_.violations.push_back(Violation{code, error, r.line, 0, std::move(rule), std::move(msg)});
}
void Replay::input_error(const char* code, std::uint32_t line, std::uint32_t col, std::string msg) {
    fatal_ = true;
    rep_.violations.push_back(Violation{code, true, line, col, line ? kHeader : "report.md command line", std::move(msg)});
}

std::string Replay::where_now() const {
    if (turn_ == 0) return "before the first turn";
    const bool night = std::find(s_.night_turns.begin(), s_.night_turns.end(), turn_) != s_.night_turns.end();
    const std::string turn = fmt::format("game-turn {}{}", turn_, night ? " (night)" : "");
    if (step_ < 0) return turn;
    const auto& st = sequence_[static_cast<std::size_t>(step_)];
    const auto& ph = s_.phases[static_cast<std::size_t>(st.phase)].name;
    if (st.side == kNoSide) return fmt::format("{}, {} phase", turn, ph);
    return fmt::format("{}, {} {}", turn, side_name(st.side), ph);
}

std::optional<std::int64_t> Replay::value(const Value& v) const {
    if (v.param.empty()) return v.literal;
    for (const auto& [name, val] : params_)
        if (name == v.param) return to_int(val);
    return std::nullopt;
}

// --- set-up ----------------------------------------------------------------------------------

void Replay::apply_params() {
    // Precedence: scenario default < `param` record in the game < --param on the command line.
    for (const auto& p : s_.params)
        if (p.default_value) {
            params_.emplace_back(p.name, *p.default_value);
            param_line_.push_back(0);
        }
    auto set = [this](std::string name, std::string val, std::uint32_t line) {
        for (std::size_t i = 0; i < params_.size(); ++i)
            if (params_[i].first == name) {
                params_[i].second = std::move(val);
                param_line_[i] = line;
                return;
            }
        params_.emplace_back(std::move(name), std::move(val));
        param_line_.push_back(line);
    };
    for (const auto& r : g_.records) {
        if (r.kind == Kind::Turn) break;
        if (r.kind != Kind::Param) continue;
        const std::string name = lower(g_.str(r.a));
        if (!s_.find_param(name)) {
            violation("unknown-param", r, kHeader, fmt::format("the scenario {} has no parameter '{}'", s_.id, g_.str(r.a)));
            continue;
        }
        set(name, std::string(g_.str(r.b)), r.line);
    }
    for (const auto& [n, v] : opts_.params) {
        const std::string name = lower(n);
        if (!s_.find_param(name)) {
            input_error("unknown-param", 0, 0, fmt::format("--param {}: the scenario {} has no parameter '{}'", n, s_.id, n));
            continue;
        }
        set(name, v, 0);
    }
    // Numeric parameters must be integers: a bad value cannot be judged (exit status 2).
    auto check_numeric = [this](const Value& v) {
        if (v.param.empty()) return;
        for (std::size_t i = 0; i < params_.size(); ++i)
            if (params_[i].first == v.param && !to_int(params_[i].second)) {
                const std::uint32_t line = param_line_[i];
                input_error("bad-value", line, line ? 1 : 0,
                            fmt::format("parameter {} must be a whole number, not '{}'{}", v.param, params_[i].second,
                                        line ? "" : " (from --param)"));
            }
    };
    for (const auto& pr : s_.points) check_numeric(pr.value);

    // The number of game-turns from a parameter (Liberty or Death: winter-quarters, 6 / 4 / 3 rounds).
    turns_ = s_.turns;
    for (std::size_t i = 0; i < params_.size() && !s_.turns_param.empty(); ++i) {
        if (params_[i].first != lower(s_.turns_param)) continue;
        const auto n = to_int(params_[i].second);
        const std::uint32_t line = param_line_[i];
        if (!n || *n < 1 || *n > 10000)
            input_error("bad-value", line, line ? 1 : 0,
                        fmt::format("parameter {} must be a whole number of game-turns from 1 to 10000, not '{}'{}", s_.turns_param,
                                    params_[i].second, line ? "" : " (from --param)"));
        else
            turns_ = static_cast<std::int32_t>(*n);
    }
    // L3: the treaty played from the start by a yes/no parameter (`no` does not undo the scenario's).
    for (std::size_t i = 0; i < params_.size() && !s_.treaty.param.empty(); ++i) {
        if (params_[i].first != lower(s_.treaty.param)) continue;
        const std::string v = lower(params_[i].second);
        const std::uint32_t line = param_line_[i];
        if (v == "yes")
            treaty_ = true;  // area_setup adds the scenario's own
        else if (v != "no")
            input_error("bad-value", line, line ? 1 : 0,
                        fmt::format("parameter {} is yes or no, not '{}'{}", s_.treaty.param, params_[i].second, line ? "" : " (from --param)"));
    }

    // first-player (G6): where the scenario has the parameter, the named side's steps come first.
    sequence_ = s_.sequence;
    for (const auto& [name, val] : params_) {
        if (name != "first-player") continue;
        const SideId first = s_.find_side(val);
        if (first == kNoSide) {
            input_error("bad-value", 0, 0, fmt::format("parameter first-player: '{}' is not a side of {}", val, s_.id));
            break;
        }
        std::stable_partition(sequence_.begin(), sequence_.end(),
                              [first](const SequenceStep& st) { return st.side == first; });
    }
}

bool Replay::setup() {
    nsides_ = s_.sides.size();
    side_cache_.assign(g_.symbols.size(), -2);
    loc_cache_.assign(g_.symbols.size(), -2);
    phase_cache_.assign(g_.symbols.size(), -2);
    unit_of_sym_.assign(g_.symbols.size(), -1);
    occupants_.assign(s_.map.size() * nsides_, 0);
    last_mover_.assign(s_.map.size(), kNoSide);
    counts_.assign(s_.points.size() * nsides_, 0);
    totals_.assign(nsides_, 0);
    // Zones of control are counted only where something asks for them (no cost per move otherwise).
    track_zoc_ = s_.zoc.enabled || std::any_of(s_.points.begin(), s_.points.end(), [](const PointsRule& pr) {
                     return pr.kind == PointsKind::Trace && pr.zoc == TraceZoc::BlocksUnlessFriendly;
                 });
    zoc_.assign(track_zoc_ ? s_.map.size() * nsides_ : 0, 0);
    dirty_flag_.assign(s_.map.size(), 0);
    placed_line_.assign(s_.map.size(), 0);
    lead_fired_.assign(s_.points.size(), 0);
    lead_log_.resize(s_.points.size());
    if (!s_.roads.empty()) {
        road_adj_.resize(s_.map.size());
        auto link = [this](LocId a, LocId b) {
            auto& v = road_adj_[static_cast<std::size_t>(a)];
            if (std::find(v.begin(), v.end(), b) == v.end()) v.push_back(b);
        };
        for (const Road& road : s_.roads)
            for (std::size_t i = 1; i < road.hexes.size(); ++i) {
                link(road.hexes[i - 1], road.hexes[i]);
                link(road.hexes[i], road.hexes[i - 1]);
            }
    }

    apply_params();
    if (fatal_) return false;

    banners_on_ = s_.end_victory == EndVictory::SuddenDeath;
    rep_.has_banners = banners_on_;
    banner_count_.assign(nsides_, 0);
    targets_.assign(nsides_, 0);
    for (std::size_t i = 0; i < s_.targets.size() && i < nsides_; ++i) targets_[i] = s_.targets[i];
    for (const ObjectiveDef& d : s_.objectives) {
        Objective o;
        o.def = d;
        if (o.def.rule.empty()) o.def.rule = kind_rule(o.def.kind);
        objectives_.push_back(std::move(o));
    }
    if (s_.alternate_turns) {
        // The side of the first `phase` record moves first; the sides then alternate.
        for (const auto& r : g_.records)
            if (r.kind == Kind::Phase && r.a != kNoSym) {
                first_mover_ = side_of(r.a);
                break;
            }
        if (first_mover_ == kNoSide) first_mover_ = 0;
    }

    for (const auto& h : s_.holds) last_mover_[static_cast<std::size_t>(h.loc)] = h.side;

    bool custom = false;
    for (const auto& r : g_.records) {
        if (r.kind == Kind::Turn) break;
        if (r.kind == Kind::Setup) custom = (r.flags & kFlagCustom) != 0;
    }
    if (!area_setup(custom)) return false;
    if (!custom) {
        for (const auto& ud : s_.units) {
            UnitState u;
            u.name = ud.id;
            u.side = ud.side;
            u.type = ud.type;
            u.strength = u.initial_strength = ud.strength;
            u.enters_turn = ud.enters_turn;
            u.enters_at = ud.enters_at;
            for (const auto& role : ud.roles) u.roles.push_back(role);
            const std::int32_t idx = static_cast<std::int32_t>(units_.size());
            units_.push_back(u);
            if (ud.at != kNoLoc) place(idx, ud.at);
            const Sym sym = g_.symbols.find(ud.id);
            if (sym != kNoSym) unit_of_sym_[sym] = idx;
        }
    }
    return true;
}

// --- state changes ---------------------------------------------------------------------------

void Replay::place(std::int32_t u, LocId to) {
    auto& us = units_[static_cast<std::size_t>(u)];
    us.status = UnitStatus::OnMap;
    us.loc = to;
    ++occ(to, us.side);
    if (play_started_ && !obj_at_.empty() && !obj_at_[static_cast<std::size_t>(to)].empty()) touched_.push_back(to);
    if (track_zoc_ && us.strength > 0) {  // a combat unit controls the hexes around it
        for (LocId n : s_.map.neighbours(to)) ++zoc(n, us.side);
        us.zoc_on = true;
    }
    // Stacking is judged at the end of each phase, not at setup.
    if (s_.stacking.limit > 0 && turn_ > 0) {
        placed_line_[static_cast<std::size_t>(to)] = cur_line_;
        if (!dirty_flag_[static_cast<std::size_t>(to)]) {
            dirty_flag_[static_cast<std::size_t>(to)] = 1;
            dirty_.push_back(to);
        }
    }
}

void Replay::leave(std::int32_t u) {
    auto& us = units_[static_cast<std::size_t>(u)];
    if (us.status == UnitStatus::OnMap && us.loc != kNoLoc) {
        --occ(us.loc, us.side);
        if (play_started_ && !obj_at_.empty() && !obj_at_[static_cast<std::size_t>(us.loc)].empty()) touched_.push_back(us.loc);
    }
    if (us.zoc_on) {
        for (LocId n : s_.map.neighbours(us.loc)) --zoc(n, us.side);
        us.zoc_on = false;
    }
}

bool Replay::enemy_zoc(LocId l, SideId side) const {
    if (!track_zoc_) return false;
    for (std::size_t s = 0; s < nsides_; ++s)
        if (static_cast<SideId>(s) != side && zoc_[static_cast<std::size_t>(l) * nsides_ + s] > 0) return true;
    return false;
}

bool Replay::has_role(const UnitState& us, std::string_view role) const {
    return std::any_of(us.roles.begin(), us.roles.end(), [&](std::string_view r) { return iequals(r, role); });
}

SideId Replay::holder(LocId l) const {
    // G1: the side of the units standing there; else the last side to move a unit in; else the
    // initial holder. (Two sides standing in one hex only follows an enemy-occupied violation:
    // the last to move in holds it.)
    SideId standing = kNoSide;
    int sides_standing = 0;
    for (std::size_t s = 0; s < nsides_; ++s)
        if (occ(l, static_cast<SideId>(s)) > 0) {
            standing = static_cast<SideId>(s);
            ++sides_standing;
        }
    if (sides_standing == 1) return standing;
    return last_mover_[static_cast<std::size_t>(l)];
}

bool Replay::enemy_in(LocId l, SideId side) const {
    for (std::size_t s = 0; s < nsides_; ++s)
        if (static_cast<SideId>(s) != side && occ(l, static_cast<SideId>(s)) > 0) return true;
    return false;
}

void Replay::score_elimination(SideId loser, std::int64_t sp_lost) {
    if (sp_lost <= 0) return;
    for (std::size_t i = 0; i < s_.points.size(); ++i) {
        const auto& pr = s_.points[i];
        if (pr.kind != PointsKind::Elimination) continue;
        const SideId scorer = pr.side == kNoSide ? s_.enemy_of(loser) : pr.side;
        if (scorer == kNoSide || scorer == loser) continue;
        count(i, scorer) = add_sat(count(i, scorer), sp_lost);
    }
}

void Replay::score_exit(const UnitState& us) {
    for (std::size_t i = 0; i < s_.points.size(); ++i) {
        const auto& pr = s_.points[i];
        if (pr.kind != PointsKind::Exit || (pr.side != kNoSide && pr.side != us.side)) continue;
        if (!pr.locs.empty() && std::find(pr.locs.begin(), pr.locs.end(), us.exit_loc) == pr.locs.end()) continue;
        count(i, us.side) = add_sat(count(i, us.side), pr.per_unit ? 1 : us.strength);
    }
}

LocId Replay::where_is(const UnitState& us) const {
    return us.status == UnitStatus::Exited ? us.exit_loc : us.status == UnitStatus::OnMap ? us.loc : kNoLoc;
}

void Replay::eliminated(std::int32_t u, std::int64_t sp_lost) {
    auto& us = units_[static_cast<std::size_t>(u)];
    score_elimination(us.side, sp_lost);
    us.strength -= sp_lost;
    if (us.strength <= 0) {
        us.strength = 0;
        leave(u);
        us.status = UnitStatus::Eliminated;
        if (banners_on_ && s_.elimination_banners.enabled) elimination_banner(us);
    }
}

// --- records ---------------------------------------------------------------------------------

bool Replay::unit_on_map(const Record& r, Sym unit_sym, std::int32_t& u) {
    u = unit_of(unit_sym);
    if (u < 0) {
        unknown_unit(r, unit_sym);
        return false;
    }
    const auto& us = units_[static_cast<std::size_t>(u)];
    if (us.status != UnitStatus::OnMap) {
        const char* why = us.status == UnitStatus::OffMap ? "has not entered the map"
                          : us.status == UnitStatus::Exited ? "has exited the map"
                                                            : "has been eliminated";
        violation("not-on-map", r, kUnits, fmt::format("{} {}: it cannot {}", us.name, why, kind_name(r.kind)));
        return false;
    }
    return true;
}

bool Replay::check_phase(const Record& r, PhaseKind need, const char* what, SideId unit_side, bool phasing_only,
                         const std::string& rule) {
    bool ok = true;
    if (step_ < 0 || phase_kind() != need) {
        violation("wrong-phase", r, rule.empty() ? kUnits : rule,
                  fmt::format("{} outside the {} phase ({})", what, need == PhaseKind::Movement ? "movement" : "combat", where_now()));
        ok = false;
    }
    if (phasing_only && step_ >= 0 && phasing_ != unit_side) {
        violation("not-phasing", r, rule.empty() ? std::string("G2") : rule,
                  fmt::format("{} of a {} unit in the {} player-turn", what, side_name(unit_side), side_name(phasing_)));
        ok = false;
    }
    return ok;
}

bool Replay::resolve_path(const Record& r, std::vector<LocId>& out) {
    out.clear();
    bool ok = true;
    ++path_serial_;
    for (const Sym* p = g_.list_begin(r.list); p != g_.list_end(r.list); ++p) {
        const LocId l = loc_of(*p);
        if (l == kNoLoc) {
            // Each unknown name once per path: a path naming one unknown location a million times
            // gets one violation, not a million.
            if (unknown_stamp_.empty()) unknown_stamp_.assign(g_.symbols.size(), 0);
            if (*p >= unknown_stamp_.size() || unknown_stamp_[*p] != path_serial_) {
                if (*p < unknown_stamp_.size()) unknown_stamp_[*p] = path_serial_;
                unknown_location(r, *p);
            }
            ok = false;
        }
        out.push_back(l);
    }
    return ok;
}

void Replay::do_path(const Record& r) {
    std::int32_t u = -1;
    if (!unit_on_map(r, r.a, u)) return;
    if (!resolve_path(r, path_)) return;
    if (path_.empty()) return;
    auto& us = units_[static_cast<std::size_t>(u)];
    const bool is_move = r.kind == Kind::Move;
    const char* what = is_move ? "movement" : r.kind == Kind::Retreat ? "a retreat" : "an advance";
    check_phase(r, is_move ? PhaseKind::Movement : PhaseKind::Combat, what, us.side, is_move, "");
    if (path_.front() != us.loc)
        violation("path-start", r, kUnits, fmt::format("{} is at {}, but the path starts at {}", us.name, loc_name(us.loc), loc_name(path_.front())));
    for (std::size_t i = 1; i < path_.size(); ++i) {
        if (!s_.map.adjacent(path_[i - 1], path_[i]))
            violation("path-gap", r, kUnits, fmt::format("{} and {} are not adjacent", loc_name(path_[i - 1]), loc_name(path_[i])), false);
        if (enemy_in(path_[i], us.side))
            violation("enemy-occupied", r, kUnits, fmt::format("{} holds a {} unit", loc_name(path_[i]), side_name(s_.enemy_of(us.side))));
    }
    if (is_move && s_.zoc.enabled) {
        // A unit that enters an enemy zone of control stops there for the rest of the phase.
        if (us.zoc_stop == phase_serial_)
            violation("zoc", r, s_.zoc.rule,
                      fmt::format("{} entered an enemy zone of control at {} earlier in this phase and may not move again", us.name, loc_name(us.loc)));
        else
            for (std::size_t i = 1; i + 1 < path_.size(); ++i)
                if (enemy_zoc(path_[i], us.side)) {
                    violation("zoc", r, s_.zoc.rule,
                              fmt::format("{} enters an enemy zone of control at {} and moves on to {}", us.name, loc_name(path_[i]), loc_name(path_[i + 1])));
                    break;
                }
    }
    // Apply as recorded: the unit passes through each location after the first (G1) and ends
    // at the last.
    leave(u);
    for (std::size_t i = 1; i < path_.size(); ++i) entered(us.side, path_[i]);
    place(u, path_.back());
    if (is_move && path_.size() > 1 && enemy_zoc(path_.back(), us.side)) us.zoc_stop = phase_serial_;
    if (r.kind == Kind::Retreat && (r.flags & kFlagOff)) {
        if (s_.retreat_off_map == RetreatOffMap::Forbidden)
            violation("retreat-off-map", r, s_.retreat_rule,
                      fmt::format("{} retreats off the map from {}: the rules forbid it; treated as eliminated", us.name, loc_name(path_.back())));
        if (s_.retreat_rule.empty() && first_time("retreat off the map")) {
            notes_.push_back(fmt::format("no rule of {} covers a retreat off the map: {} (line {}) is treated as eliminated, and its SP score "
                                         "for the enemy",
                                         s_.title, us.name, r.line));
        }
        eliminated(u, us.strength);  // M3 / C5: eliminated, and scored as such
    }
}

void Replay::do_enter(const Record& r) {
    const std::int32_t u = unit_of(r.a);
    if (u < 0) {
        unknown_unit(r, r.a);
        return;
    }
    auto& us = units_[static_cast<std::size_t>(u)];
    const LocId l = loc_of(r.b);
    if (l == kNoLoc) {
        unknown_location(r, r.b);
        return;
    }
    if (us.status == UnitStatus::Exited || us.status == UnitStatus::Eliminated) {
        violation("reentry", r, s_.exits.rule,
                  fmt::format("{} {} and may not come back on the map", us.name, us.status == UnitStatus::Exited ? "exited" : "was eliminated"));
        return;
    }
    if (us.status == UnitStatus::OnMap) {
        violation("already-on-map", r, kUnits, fmt::format("{} is already on the map at {}; only an off-map unit can enter", us.name, loc_name(us.loc)));
        return;
    }
    check_phase(r, PhaseKind::Movement, "an entry", us.side, true, "");
    if (us.enters_turn > 0 && turn_ < us.enters_turn)
        violation("reinforcement-early", r, reinf_rule(), fmt::format("{} enters on game-turn {}; it is due on game-turn {}", us.name, turn_, us.enters_turn));
    if (us.enters_at != kNoLoc && l != us.enters_at) check_alternate_entry(r, us, l);
    if (enemy_in(l, us.side))
        violation("enemy-occupied", r, kUnits, fmt::format("{} holds a {} unit", loc_name(l), side_name(s_.enemy_of(us.side))));
    entered(us.side, l);
    place(u, l);
    if (enemy_zoc(l, us.side)) us.zoc_stop = phase_serial_;  // entering into an enemy zone of control ends its move
}

// A unit declared by the game as a reinforcement must match a published arrival of its side
// (when the scenario publishes any for that side).
void Replay::check_schedule(const Record& r, const UnitState& us) {
    const Reinforcements& rf = s_.reinforcements;
    if (us.enters_turn <= 0 || rf.schedule.empty()) return;
    bool any = false;
    for (const Arrival& a : rf.schedule) {
        if (a.side != us.side) continue;
        any = true;
        if (a.turn == us.enters_turn && (us.enters_at == kNoLoc || a.at == us.enters_at)) return;
    }
    if (!any) return;
    std::vector<std::string> list;
    for (const Arrival& a : rf.schedule)
        if (a.side == us.side) list.push_back(fmt::format("turn {} at {}", a.turn, loc_name(a.at)));
    violation("reinforcement-location", r, rf.schedule_rule.empty() ? reinf_rule() : rf.schedule_rule,
              fmt::format("unit {} is declared to enter on game-turn {} at {}, which is not a {} arrival of the schedule ({})", us.name,
                          us.enters_turn, loc_name(us.enters_at), side_name(us.side), fmt::join(list, "; ")));
}

// An entry away from the scheduled hex (C6): only later than scheduled, at a map-edge road hex of
// the side's edges. Without road data the road part cannot be judged: said under rulings.
void Replay::check_alternate_entry(const Record& r, const UnitState& us, LocId l) {
    const Reinforcements& rf = s_.reinforcements;
    const std::vector<Edge>* edges = rf.declared && static_cast<std::size_t>(us.side) < rf.alternate_edges.size()
                                         ? &rf.alternate_edges[static_cast<std::size_t>(us.side)]
                                         : nullptr;
    if (!edges || edges->empty()) {
        violation("reinforcement-location", r, reinf_rule(), fmt::format("{} enters at {}; it is due at {}", us.name, loc_name(l), loc_name(us.enters_at)));
        return;
    }
    std::vector<std::string_view> names;
    for (Edge e : *edges) names.push_back(edge_name(e));
    if (turn_ <= us.enters_turn) {
        violation("reinforcement-location", r, reinf_rule(),
                  fmt::format("{} enters at {} on game-turn {}; on its own turn it must enter at {} (another hex only on a later turn)",
                              us.name, loc_name(l), turn_, loc_name(us.enters_at)));
        return;
    }
    if (!on_any_edge(l, *edges)) {
        violation("reinforcement-location", r, reinf_rule(),
                  fmt::format("{} enters at {} instead of {}: a late {} reinforcement may enter only at a road hex of the {} edge", us.name,
                              loc_name(l), loc_name(us.enters_at), side_name(us.side), fmt::join(names, " or ")));
        return;
    }
    if (s_.roads.empty()) {
        notes_.push_back(fmt::format("{}: {} entered at {} instead of {} (line {}); the scenario has no road data, so that {} is a road hex was "
                                     "not checked, only that it lies on the {} edge",
                                     reinf_rule(), us.name, loc_name(l), loc_name(us.enters_at), r.line, loc_name(l), fmt::join(names, " or ")));
        return;
    }
    if (!is_road_hex(l))
        violation("reinforcement-location", r, reinf_rule(),
                  fmt::format("{} enters at {} instead of {}: {} is on the {} edge but not on a road", us.name, loc_name(l),
                              loc_name(us.enters_at), loc_name(l), fmt::join(names, " or ")));
}

// At the end of a game-turn: reinforcements whose entry was compulsory on it (14.33: on turn 1).
void Replay::check_late_reinforcements(const Record& r) {
    const std::int32_t limit = s_.reinforcements.optional_after_turn;
    if (turn_ <= 0 || turn_ > limit) return;
    for (const UnitState& us : units_)
        if (us.enters_turn == turn_ && us.status == UnitStatus::OffMap)
            violation("reinforcement-late", r, reinf_rule(),
                      fmt::format("{} was due on game-turn {} at {} and did not enter; entry is optional only after game-turn {}", us.name,
                                  turn_, loc_name(us.enters_at), limit));
}

void Replay::end_of_phase() {
    for (LocId l : dirty_) {
        dirty_flag_[static_cast<std::size_t>(l)] = 0;
        for (std::size_t sd = 0; sd < nsides_; ++sd) {
            const std::int64_t n = occ(l, static_cast<SideId>(sd));
            if (n <= s_.stacking.limit) continue;
            std::vector<std::string_view> who;
            for (const UnitState& us : units_)
                if (us.status == UnitStatus::OnMap && us.loc == l && us.side == static_cast<SideId>(sd)) who.push_back(us.name);
            rep_.violations.push_back(Violation{"stacking", true, placed_line_[static_cast<std::size_t>(l)], 0, s_.stacking.rule,
                                                fmt::format("at the end of {}, {} holds {} {} units ({}); at most {} may stack", where_now(),
                                                            loc_name(l), n, side_name(static_cast<SideId>(sd)), fmt::join(who, ", "),
                                                            s_.stacking.limit)});
        }
    }
    dirty_.clear();
    ++phase_serial_;
    if (!objectives_.empty()) resolve_suspended();
}

std::int32_t Replay::first_step_of(SideId s, std::int32_t turn) const {
    for (std::size_t i = 0; i < sequence_.size(); ++i)
        if (sequence_[i].side == s && step_in_force(i, turn)) return static_cast<std::int32_t>(i);
    return -1;
}
std::int32_t Replay::last_step_of(SideId s, std::int32_t turn) const {
    std::int32_t last = -1;
    for (std::size_t i = 0; i < sequence_.size(); ++i)
        if (sequence_[i].side == s && step_in_force(i, turn)) last = static_cast<std::int32_t>(i);
    return last;
}

// Awards made at the end of each player-turn of a side (14.53, C4). A player-turn is over when a
// later step of the turn begins, when the turn ends, or when the game ends during or after it.
void Replay::lead_checks(bool turn_over, bool game_over_now) {
    if (turn_ <= 0) return;
    for (std::size_t i = 0; i < s_.points.size(); ++i) {
        const PointsRule& pr = s_.points[i];
        if (pr.kind != PointsKind::ExitLead || lead_fired_[i] == turn_) continue;
        const std::int32_t last = last_step_of(pr.each_turn_of, turn_);
        if (last < 0) continue;  // no player-turn of that side in this game-turn (14.1: turn 1)
        const bool over = turn_over || (step_ > last) ||
                          (game_over_now && step_ >= first_step_of(pr.each_turn_of, turn_));
        if (over) fire_lead(i);
    }
}

void Replay::fire_lead(std::size_t i) {
    const PointsRule& pr = s_.points[i];
    lead_fired_[i] = turn_;
    const SideId enemy = s_.enemy_of(pr.side);
    std::int64_t mine = 0, theirs = 0;
    for (const UnitState& us : units_) {
        if (us.status != UnitStatus::Exited || !us.exit_legal) continue;  // an illegal exit counts for no side
        if (!type_allowed(pr.unit_types, us.type)) continue;
        if (us.side == pr.side) ++mine;
        else if (us.side == enemy) ++theirs;
    }
    const std::int64_t excess = mine > theirs ? mine - theirs : 0;
    if (excess == 0) return;
    count(i, pr.side) = add_sat(count(i, pr.side), excess);
    lead_log_[i].emplace_back(turn_, excess);
}

void Replay::do_exit(const Record& r) {
    std::int32_t u = -1;
    if (!unit_on_map(r, r.a, u)) return;
    const LocId l = loc_of(r.b);
    if (l == kNoLoc) {
        unknown_location(r, r.b);
        return;
    }
    auto& us = units_[static_cast<std::size_t>(u)];
    const Exits& ex = s_.exits;
    const std::size_t before = rep_.violations.size();
    if (us.loc != l)
        violation("path-start", r, ex.rule, fmt::format("{} is at {}, not at {} where it exits", us.name, loc_name(us.loc), loc_name(l)));
    if (!ex.allowed) {
        violation("exit-location", r, ex.rule, fmt::format("{} exits at {}: the scenario allows no exits", us.name, loc_name(l)));
    } else if (ex.locs.empty() && ex.edges.empty()
                   ? !on_any_edge(l, kAllEdges)
                   : std::find(ex.locs.begin(), ex.locs.end(), l) == ex.locs.end() && !on_any_edge(l, ex.edges)) {
        std::string allowed;
        for (LocId x : ex.locs) allowed += (allowed.empty() ? "" : ", ") + s_.map.name(x);
        for (Edge e : ex.edges) allowed += fmt::format("{}any hex of the {} edge", allowed.empty() ? "" : ", ", edge_name(e));
        violation("exit-location", r, ex.rule,
                  ex.locs.empty() && ex.edges.empty() ? fmt::format("{} exits at {}, which is not a map-edge hex", us.name, loc_name(l))
                                                      : fmt::format("{} exits at {}: units may exit only from {}", us.name, loc_name(l), allowed));
    }
    if (!type_allowed(ex.unit_types, us.type))
        violation("exit-unit-type", r, ex.rule, fmt::format("{} ({}) exits at {}: only {} may exit the map", us.name, us.type, loc_name(l), fmt::join(ex.unit_types, ", ")));
    check_phase(r, ex.phase, "an exit", us.side, true, ex.rule);
    if (s_.zoc.enabled && us.zoc_stop == phase_serial_)  // leaving the map is moving on
        violation("zoc", r, s_.zoc.rule,
                  fmt::format("{} entered an enemy zone of control at {} in this phase and may not move on off the map", us.name, loc_name(l)));
    leave(u);
    us.status = UnitStatus::Exited;
    us.exit_loc = l;
    // The unit is off the map either way; an exit that broke an exit rule scores nothing.
    us.exit_legal = rep_.violations.size() == before;
    if (us.exit_legal) score_exit(us);
}

void Replay::do_loss(const Record& r) {
    std::int32_t u = -1;
    if (!unit_on_map(r, r.a, u)) return;
    auto& us = units_[static_cast<std::size_t>(u)];
    std::int64_t lost = us.strength;
    if (r.kind == Kind::Lose) {
        if (r.n <= 0) {
            violation("bad-count", r, kUnits, fmt::format("{} cannot lose {} strength points", us.name, r.n));
            return;
        }
        lost = std::min(r.n, us.strength);
    }
    eliminated(u, lost);
}

void Replay::do_combat(const Record& r) {
    auto check = [&](Span s) {
        for (const Sym* p = g_.list_begin(s); p != g_.list_end(s); ++p) {
            std::int32_t u = -1;
            unit_on_map(r, *p, u);
        }
    };
    check(r.list);
    check(r.list2);
}

void Replay::maybe_automatic(std::uint32_t at_line) {
    if (!s_.automatic || automatic_done_ || over_ != Over::No) return;
    const AutomaticVictory& av = *s_.automatic;
    if (turn_ != av.after_turn) return;
    automatic_done_ = true;
    const SideId enemy = s_.enemy_of(av.side);
    const std::int64_t mine = elimination_points(av.side), theirs = elimination_points(enemy);
    const bool ratio_ok = static_cast<__int128>(mine) >= static_cast<__int128>(av.ratio) * theirs && (!av.require_positive || mine > 0);
    std::vector<std::string> held;
    for (LocId l : av.enemy_holds_none)
        if (holder(l) == enemy) held.push_back(s_.map.name(l));
    std::string ruling = fmt::format("{} automatic-victory test after game-turn {}: {} {} to {} {} elimination points{}; ",
                                     av.rule, av.after_turn, side_name(av.side), mine, side_name(enemy), theirs,
                                     ratio_ok ? fmt::format(" (at least {} to 1)", av.ratio)
                                              : fmt::format(" (needs at least {} to 1 and more than 0)", av.ratio));
    ruling += held.empty() ? fmt::format("{} holds none of the hexes", side_name(enemy))
                           : fmt::format("{} holds {}", side_name(enemy), fmt::join(held, ", "));
    ruling += ratio_ok && held.empty() ? ": passed" : ": not passed, play continues";
    notes_.push_back(ruling);
    if (ratio_ok && held.empty()) {
        winner_side_ = av.side;
        game_over(Over::Automatic, at_line, fmt::format("end of game-turn {}", av.after_turn));
    }
}

void Replay::game_over(Over why, std::uint32_t line, std::string decided) {
    over_ = why;
    over_line_ = line;
    decided_ = std::move(decided);
}

bool Replay::last_player_turn_begun() const {
    if (turn_ != turns_ || step_ < 0) return false;
    SideId last_side = kNoSide;
    for (std::size_t i = 0; i < sequence_.size(); ++i)
        if (step_in_force(i, turn_) && sequence_[i].side != kNoSide) last_side = sequence_[i].side;
    return last_side == kNoSide || phasing_ == last_side;
}

void Replay::do_turn(const Record& r) {
    if (over_ == Over::No && turn_ > 0) {
        end_of_phase();
        lead_checks(true, false);
        check_late_reinforcements(r);
    }
    maybe_automatic(last_applied_line_);
    if (over_ != Over::No) {
        violation("after-end", r, "G3", fmt::format("turn {} after the game was over ({})", r.n, decided_));
        return;
    }
    seen_turn_ = true;
    if (r.n != turn_ + 1)
        violation("turn-order", r, kSequence, fmt::format("turn {} follows turn {}: turns go 1, 2, 3...", r.n, turn_));
    if (turns_ > 0 && r.n > turns_) {
        violation("turn-limit", r, s_.end_rule, fmt::format("turn {}: {} lasts {} game-turns", r.n, s_.title, turns_));
        if (turn_ >= turns_) {
            game_over(Over::LastTurn, last_applied_line_, fmt::format("end of game-turn {}", turns_));
            return;
        }
    }
    turn_ = static_cast<std::int32_t>(std::clamp<std::int64_t>(r.n, 0, INT32_MAX));
    step_ = -1;
    phasing_ = kNoSide;
    last_applied_line_ = r.line;
    if (s_.alternate_turns && nsides_ > 0) {
        // Each game-turn is one side's turn, in the order of the sides from the first mover.
        const SideId side = turn_side();
        for (std::size_t i = 0; i < sequence_.size(); ++i)
            if (s_.sequence[i].side == kPhasingSide) sequence_[i].side = side;
    }
    if (!play_started_) start_play();
}

void Replay::do_phase(const Record& r) {
    SideId side = kNoSide;
    if (r.a != kNoSym) {
        side = side_of(r.a);
        if (side == kNoSide) {
            unknown_side(r, r.a);
            return;
        }
    }
    const std::int32_t ph = phase_of(r.b);
    if (ph < 0) {
        violation("unknown-phase", r, kSequence, fmt::format("no phase '{}' in {}", g_.str(r.b), s_.title));
        return;
    }
    const std::string label = side == kNoSide ? std::string(g_.str(r.b)) : fmt::format("{} {}", side_name(side), g_.str(r.b));
    if (turn_ == 0) {
        violation("turn-order", r, kSequence, fmt::format("phase {} before the first turn record", label));
        return;
    }
    // The next step of this turn's sequence with this side and phase, at or after the current one.
    std::int32_t found = -1, anywhere = -1;
    for (std::size_t i = 0; i < sequence_.size(); ++i) {
        if (sequence_[i].side != side || sequence_[i].phase != ph) continue;
        if (anywhere < 0) anywhere = static_cast<std::int32_t>(i);
        if (step_in_force(i, turn_) && static_cast<std::int32_t>(i) >= step_) {
            found = static_cast<std::int32_t>(i);
            break;
        }
    }
    if (found < 0) {
        if (s_.alternate_turns && nsides_ > 0 && side != kNoSide && side != turn_side()) {
            violation("turn-order", r, kSequence,
                      fmt::format("phase {} in game-turn {}, which is the {} turn: the sides alternate, {} moving first (its first phase record)",
                                  label, turn_, side_name(turn_side()), side_name(first_mover_)));
            return;
        }
        if (anywhere < 0)
            violation("turn-order", r, kSequence, fmt::format("{} has no phase {}", s_.title, label));
        else if (!step_in_force(static_cast<std::size_t>(anywhere), turn_))
            violation("turn-order", r, kSequence, fmt::format("there is no {} phase in game-turn {}", label, turn_));
        else
            violation("turn-order", r, kSequence, fmt::format("phase {} out of the sequence of play: it comes before {}", label, where_now()));
        found = anywhere;
        if (found < 0) return;
    }
    end_of_phase();
    step_ = found;
    if (factions_on_ && over_ == Over::No) {
        // L4: the victory check at the start of each Winter Quarters round: at its phase record, or,
        // when the log leaves that record out, at the round's first later phase.
        if (checked_turn_ < turn_ && check_step_ >= 0 && found >= check_step_) {
            if (found != check_step_)
                notes_.push_back(fmt::format("{}: the log has no {} phase record in game-turn {}; the check is made at line {} (phase {}), the round's first",
                                             s_.faction_victory.check_rule, s_.phases[static_cast<std::size_t>(s_.faction_victory.check_phase)].name,
                                             turn_, r.line, label));
            victory_check(r);
        }
        if (over_ == Over::No && turn_ == turns_ && found == final_step_) final_armed_ = true;
        if (over_ != Over::No) {
            last_applied_line_ = r.line;
            return;
        }
    }
    if (side != kNoSide && side != phasing_) {  // G2: a side's phase after another side's starts its player-turn
        phasing_ = side;
        if (!objectives_.empty()) player_turn_starts(side);
    }
    lead_checks(false, false);
    last_applied_line_ = r.line;
}

void Replay::do_claim(const Record& r) {
    // In a faction game a winner may also be one of the rules' two sides (a combined victory, 7.2).
    const bool group = factions_on_ && r.kind == Kind::ClaimWinner &&
                       std::find(s_.groups.begin(), s_.groups.end(), g_.str(r.a)) != s_.groups.end();
    if ((r.kind == Kind::ClaimWinner && side_of(r.a) == kNoSide && !group && !iequals(g_.str(r.a), "draw")))
        unknown_side(r, r.a);
    if (r.kind == Kind::ClaimScore)
        for (const Sym* p = g_.list_begin(r.list); p != g_.list_end(r.list); ++p)
            if (side_of(*p) == kNoSide) unknown_side(r, *p);
    claims_.push_back(&r);
}

void Replay::do_header(const Record& r) {
    if (seen_turn_) {
        violation("header-order", r, kHeader, fmt::format("{} record after the first turn record; header records come first", kind_name(r.kind)));
        return;
    }
    switch (r.kind) {
        case Kind::Game:
            if (&r != &g_.records.front())
                violation("header-order", r, kHeader, "the game record must be the first record");
            break;
        case Kind::Side:
        case Kind::Player:
            if (side_of(r.a) == kNoSide) unknown_side(r, r.a);
            break;
        case Kind::Unit: {
            const SideId side = side_of(r.b);
            if (side == kNoSide) {
                violation("unknown-side", r, kHeader, fmt::format("unit {}: no side '{}' in {}", g_.str(r.a), g_.str(r.b), s_.title));
                return;
            }
            const LocId at = loc_of(r.d), enters_at = loc_of(r.e);
            if ((r.d != kNoSym && at == kNoLoc) || (r.e != kNoSym && enters_at == kNoLoc)) {
                violation("unknown-location", r, kUnits, fmt::format("unit {}: no location '{}' on the {} map", g_.str(r.a),
                                                                 g_.str(r.d != kNoSym && at == kNoLoc ? r.d : r.e), s_.title));
                return;
            }
            if (r.n < 0) {
                violation("bad-count", r, kUnits, fmt::format("unit {}: strength {} is negative", g_.str(r.a), r.n));
                return;
            }
            std::int32_t idx = unit_of(r.a);
            if (idx >= 0) {
                leave(idx);  // replaces the scenario's unit of that id
            } else {
                idx = static_cast<std::int32_t>(units_.size());
                units_.emplace_back();
                unit_of_sym_[r.a] = idx;
            }
            UnitState& us = units_[static_cast<std::size_t>(idx)];
            us = UnitState{};
            us.name = g_.str(r.a);
            us.side = side;
            us.type = g_.str(r.c);
            us.strength = us.initial_strength = r.n;
            us.enters_turn = static_cast<std::int32_t>(std::clamp<std::int64_t>(r.m, 0, INT32_MAX));
            us.enters_at = enters_at;
            us.declared_line = r.line;
            for (const Sym* p = g_.list_begin(r.list); p != g_.list_end(r.list); ++p) us.roles.push_back(g_.str(*p));
            check_schedule(r, us);
            if (at != kNoLoc) place(idx, at);
            break;
        }
        case Kind::Hold: {
            const LocId l = loc_of(r.a);
            const SideId side = side_of(r.b);
            if (l == kNoLoc) unknown_location(r, r.a);
            if (side == kNoSide) unknown_side(r, r.b);
            if (l != kNoLoc && side != kNoSide) last_mover_[static_cast<std::size_t>(l)] = side;
            break;
        }
        case Kind::Objective:
        case Kind::Target:
            if (banners_on_) return r.kind == Kind::Objective ? add_objective(r) : add_target(r);
            violation("not-in-scenario", r, kAreas, fmt::format("{} records have no meaning in {}: it has no victory banners", kind_name(r.kind), s_.title));
            break;
        default: break;  // tag, param (applied in set-up), setup (applied in set-up)
    }
}

void Replay::do_record(const Record& r) {
    cur_line_ = r.line;
    // L6: the last round's support phase is over at the next turn or phase record, or at an end record.
    if (factions_on_ && over_ == Over::No && turn_ == turns_ && (r.kind == Kind::Turn || r.kind == Kind::Phase || r.kind == Kind::End)) {
        bool close = final_armed_;
        if (!close && r.kind == Kind::Phase && r.a == kNoSym) {  // a later phase of the last round: the support phase was left out
            const std::int32_t ph = phase_of(r.b);
            for (std::size_t i = 0; i < sequence_.size() && ph >= 0 && final_step_ >= 0; ++i)
                if (sequence_[i].phase == ph && sequence_[i].side == kNoSide) {
                    close = static_cast<std::int32_t>(i) > final_step_ && checked_turn_ == turn_;
                    break;
                }
        }
        if (close)
            final_scoring(last_applied_line_, fmt::format("end of the support phase of Winter Quarters round {} (the last)", turn_));
    }
    // G3: after the end, every record but tag, chat, roll, claim and end is reported and not applied.
    if (over_ != Over::No && r.kind != Kind::Turn) {
        switch (r.kind) {
            case Kind::Tag: case Kind::Chat: case Kind::Roll: case Kind::ClaimWinner: case Kind::ClaimDraw:
            case Kind::ClaimScore: case Kind::End:
                break;
            default:
                violation("after-end", r, "G3", fmt::format("{} record after the game was over ({})", kind_name(r.kind), decided_));
                return;
        }
    }
    switch (r.kind) {
        case Kind::Game: case Kind::Tag: case Kind::Side: case Kind::Player: case Kind::Param: case Kind::Setup:
        case Kind::Unit: case Kind::Hold: case Kind::Objective: case Kind::Target:
            do_header(r);
            return;  // header records do not move the "last record" of a turn
        case Kind::Turn: do_turn(r); return;
        case Kind::Phase: do_phase(r); return;
        case Kind::Move: case Kind::Retreat: case Kind::Advance: do_path(r); break;
        case Kind::Enter: do_enter(r); break;
        case Kind::Exit: do_exit(r); break;
        case Kind::Eliminate: case Kind::Lose: do_loss(r); break;
        case Kind::Combat: do_combat(r); break;
        case Kind::Roll: case Kind::Chat: break;
        case Kind::Support: case Kind::Place: case Kind::Remove: case Kind::Casualty: case Kind::Blockade:
        case Kind::Unblockade: case Kind::Card:
            if (!s_.spaces.empty()) {
                do_area(r);
                break;
            }
            violation("not-in-scenario", r, kAreas, fmt::format("{} records have no meaning in {}: it has no area map", kind_name(r.kind), s_.title));
            break;
        case Kind::Track:
            do_track(r);
            break;
        case Kind::Award: {
            const SideId side = side_of(r.a);
            if (side == kNoSide) {
                unknown_side(r, r.a);
                break;
            }
            awards_.push_back(AwardItem{side, r.n, std::string(g_.str(r.b)), r.line});
            if (banners_on_) {  // an award of banners counts toward the target at once (B1)
                banner_count_[static_cast<std::size_t>(side)] = add_sat(banner_count_[static_cast<std::size_t>(side)], r.n);
                open_banner(side, "award", std::string(g_.str(r.b)), "award", r.n, r.line, where_now());
            }
            break;
        }
        case Kind::Concede: {
            const SideId side = side_of(r.a);
            if (side == kNoSide) {
                unknown_side(r, r.a);
                break;
            }
            // A concession ends the game at once: the automatic test of a turn it interrupts is not made.
            // (In a faction game the conceding faction is kept here: decide_factions ranks it last.)
            winner_side_ = factions_on_ ? side : s_.enemy_of(side);
            game_over(Over::Concession, r.line, fmt::format("{} conceded at {}", side_name(side), where_now()));
            break;
        }
        case Kind::ClaimWinner: case Kind::ClaimDraw: case Kind::ClaimScore:
            do_claim(r);
            return;
        case Kind::End:
            if (over_ != Over::No) return;
            maybe_automatic(last_applied_line_);
            if (over_ != Over::No) return;
            if (banners_on_)
                notes_.push_back(fmt::format("the players ended the game at {} (line {}) before any side reached its banner target (B1); "
                                             "the side with more banners is taken as the winner, equal banners as a draw",
                                             where_now(), r.line));
            else if (factions_on_) {
                // decide_factions says where the final margins were taken (7.3)
            } else if (turns_ == 0)
                notes_.push_back(fmt::format("the players ended the game at {} (line {}); scored as at the game's end", where_now(), r.line));
            else if (turn_ < turns_ || !last_player_turn_begun())
                notes_.push_back(fmt::format("the players ended the game at {} (line {}), before the end of game-turn {}; scored as at the game's end",
                                             where_now(), r.line, turns_));
            end_of_phase();
            if (banners_on_) {
                std::vector<std::string> held;
                for (std::size_t sd = 0; sd < nsides_; ++sd)
                    held.push_back(fmt::format("{} {}", side_name(static_cast<SideId>(sd)), banner_count_[sd]));
                game_over(Over::EndRecord, r.line,
                          fmt::format("end record at {}, no banner target reached (banners: {})", where_now(), fmt::join(held, ", ")));
                return;
            }
            game_over(Over::EndRecord, r.line,
                      turn_ == turns_ && last_player_turn_begun() ? fmt::format("end of game-turn {}", turns_)
                                                                    : fmt::format("end record at {}", where_now()));
            return;
    }
    last_applied_line_ = r.line;
}

// --- victory banners (B1-B6) ------------------------------------------------------------------


void Replay::add_objective(const Record& r) {
    ObjectiveDef d;
    d.kind = static_cast<ObjectiveKind>(r.n);
    const std::string_view kind = objective_kind_name(d.kind);
    if (iequals(g_.str(r.a), "any")) {
        d.side = kNoSide;
    } else {
        d.side = side_of(r.a);
        if (d.side == kNoSide)
            return input_error("unknown-side", r.line, r.col, fmt::format("objective {}: no side '{}' in {} (a side, or any)", kind, g_.str(r.a), s_.title));
    }
    for (const Sym* p = g_.list_begin(r.list); p != g_.list_end(r.list); ++p) {
        const LocId l = loc_of(*p);
        if (l == kNoLoc)
            return input_error("unknown-location", r.line, r.col, fmt::format("objective {}: no location '{}' on the {} map", kind, g_.str(*p), s_.title));
        if (std::find(d.locs.begin(), d.locs.end(), l) != d.locs.end())
            return input_error("bad-value", r.line, r.col, fmt::format("objective {}: {} is named twice", kind, g_.str(*p)));
        d.locs.push_back(l);
    }
    if (objective_single_hex(d.kind) && d.locs.size() != 1)
        return input_error("bad-value", r.line, r.col,
                           fmt::format("objective {} takes one location, not {} (a group of hexes is temporary-group, start-turn-temporary-group or majority)",
                                       kind, d.locs.size()));
    if (r.m < 1 || r.m > 100)  // as in a scenario file (docs/scenario-format.md)
        return input_error("bad-value", r.line, r.col, fmt::format("objective {}: banners {} must be 1 to 100", kind, r.m));
    d.banners = static_cast<std::int32_t>(r.m);
    if (r.b != kNoSym) {
        d.held_by = side_of(r.b);
        if (d.held_by == kNoSide)
            return input_error("unknown-side", r.line, r.col, fmt::format("objective {}: held-by names no side of {}: '{}'", kind, s_.title, g_.str(r.b)));
        if (!eligible(d, d.held_by))
            return input_error("bad-value", r.line, r.col,
                               fmt::format("objective {} counts for {} only; {} cannot hold its banner at the start", kind, side_name(d.side), side_name(d.held_by)));
    }
    d.rule = kind_rule(d.kind);
    Objective o;
    o.def = std::move(d);
    o.line = r.line;
    objectives_.push_back(std::move(o));
}

void Replay::add_target(const Record& r) {
    const SideId side = side_of(r.a);
    if (side == kNoSide) return input_error("unknown-side", r.line, r.col, fmt::format("target: no side '{}' in {}", g_.str(r.a), s_.title));
    if (r.n < 1 || r.n > 1000)  // as in a scenario file (docs/scenario-format.md)
        return input_error("bad-value", r.line, r.col, fmt::format("target {}: {} banners must be 1 to 1000", side_name(side), r.n));
    targets_[static_cast<std::size_t>(side)] = r.n;  // a later target for the same side replaces an earlier one
}

std::string Replay::objective_label(const ObjectiveDef& d) const {
    std::vector<std::string_view> hexes;
    for (LocId l : d.locs) hexes.push_back(loc_name(l));
    const std::string where = fmt::format("{}", fmt::join(hexes, ", "));
    return d.name.empty() ? where : fmt::format("{} ({})", d.name, where);
}

std::int32_t Replay::hexes_held(const ObjectiveDef& d, SideId side) const {
    std::int32_t n = 0;
    for (LocId l : d.locs)
        if (occ(l, side) > 0) ++n;
    return n;
}

bool Replay::condition(const Objective& o, SideId side) const {
    if (side == kNoSide || !eligible(o.def, side)) return false;
    const std::int32_t mine = hexes_held(o.def, side);
    if (o.def.kind != ObjectiveKind::Majority) return mine > 0;
    for (std::size_t s = 0; s < nsides_; ++s)  // B5: strictly more of the group's hexes than the other side
        if (static_cast<SideId>(s) != side && hexes_held(o.def, static_cast<SideId>(s)) >= mine) return false;
    return mine > 0;
}

std::string Replay::lost_reason(const Objective& o, SideId side) const {
    if (o.def.kind == ObjectiveKind::Majority) {
        std::vector<std::string> counts;
        for (std::size_t s = 0; s < nsides_; ++s)
            counts.push_back(fmt::format("{} {}", side_name(static_cast<SideId>(s)), hexes_held(o.def, static_cast<SideId>(s))));
        return fmt::format("{} no longer holds a majority of the group's hexes ({} of {})", side_name(side), fmt::join(counts, ", "), o.def.locs.size());
    }
    return fmt::format("no {} unit occupies {}", side_name(side), o.def.locs.size() == 1 ? "the hex" : "any hex of the group");
}

void Replay::gain(Objective& o, SideId side, std::uint32_t line, std::string at) {
    o.owner = side;
    o.suspended = false;
    banner_count_[static_cast<std::size_t>(side)] += o.def.banners;
    o.entry = static_cast<std::int32_t>(
        open_banner(side, objective_kind_name(o.def.kind), objective_label(o.def), o.def.rule, o.def.banners, line, std::move(at)));
}

// A new entry of the report's banner list: its index.
std::size_t Replay::open_banner(SideId side, std::string kind, std::string what, std::string rule, std::int64_t banners, std::uint32_t line,
                                std::string at) {
    BannerEntry e;
    e.side = side_name(side);
    e.kind = std::move(kind);
    e.what = std::move(what);
    e.rule = std::move(rule);
    e.banners = banners;
    e.gained_line = line;
    e.gained_at = std::move(at);
    rep_.banners.push_back(std::move(e));
    return rep_.banners.size() - 1;
}

void Replay::lose(Objective& o, std::uint32_t line, std::string at, std::string why) {
    if (!o.suspended) banner_count_[static_cast<std::size_t>(o.owner)] -= o.def.banners;
    BannerEntry& e = rep_.banners[static_cast<std::size_t>(o.entry)];
    e.lost_line = line;
    e.lost_at = std::move(at);
    e.lost_why = std::move(why);
    o.owner = kNoSide;
    o.suspended = false;
    o.entry = -1;
}

bool Replay::movement_phase_of(SideId side) const {
    return phasing_ == side && phase_kind() == PhaseKind::Movement;
}

// After a record that moved units: temporary banners are lost at once when their test fails (B3),
// unless B4 keeps them through their own movement phase; immediate kinds are gained at once.
void Replay::recheck(Objective& o) {
    const ObjectiveKind k = o.def.kind;
    if (o.owner != kNoSide && temporary_kind(k)) {
        const bool holds = condition(o, o.owner);
        if (o.suspended && holds) {  // B4: re-occupied in the same movement phase
            o.suspended = false;
            banner_count_[static_cast<std::size_t>(o.owner)] += o.def.banners;
            BannerEntry& e = rep_.banners[static_cast<std::size_t>(o.entry)];
            if (!e.note.empty()) e.note += "; ";
            e.note += fmt::format("B4: kept, {} empty from line {} to line {} in the {} movement phase (not counted meanwhile)",
                                  o.def.locs.size() == 1 ? "its hex" : "its hexes", o.suspend_line, cur_line_, side_name(o.owner));
        } else if (!o.suspended && !holds) {
            if (cur_rec_ && cur_rec_->kind == Kind::Move && movement_phase_of(o.owner)) {
                o.suspended = true;  // B4: another unit of the side may occupy it later in this phase
                o.suspend_line = cur_line_;
                o.suspend_at = where_now();
                banner_count_[static_cast<std::size_t>(o.owner)] -= o.def.banners;
            } else {
                lose(o, cur_line_, where_now(), lost_reason(o, o.owner));
            }
        }
    }
    if (o.owner == kNoSide && (k == ObjectiveKind::Temporary || k == ObjectiveKind::TemporaryGroup)) {
        // Gained the moment a unit of the side occupies it (the side whose turn it is first).
        if (condition(o, phasing_)) return gain(o, phasing_, cur_line_, where_now());
        for (std::size_t s = 0; s < nsides_; ++s)
            if (condition(o, static_cast<SideId>(s))) return gain(o, static_cast<SideId>(s), cur_line_, where_now());
    }
}

// A unit enters a location (passing through counts, G1): permanent banners are gained, and the
// last side to enter takes a last-to-occupy banner (B6).
void Replay::on_enter(SideId side, LocId l) {
    for (std::int32_t oi : obj_at_[static_cast<std::size_t>(l)]) {
        Objective& o = objectives_[static_cast<std::size_t>(oi)];
        if (o.def.kind == ObjectiveKind::Permanent) {
            if (o.owner == kNoSide && eligible(o.def, side)) gain(o, side, cur_line_, where_now());
        } else if (o.def.kind == ObjectiveKind::LastToOccupy) {
            if (o.owner == side) continue;
            if (o.owner != kNoSide)
                lose(o, cur_line_, where_now(), fmt::format("a {} unit enters {}", side_name(side), loc_name(l)));
            if (eligible(o.def, side)) gain(o, side, cur_line_, where_now());
        }
    }
}

// G2: a side's player-turn begins. Start-turn objectives and majorities are judged now (B3, B5).
void Replay::player_turn_starts(SideId side) {
    for (Objective& o : objectives_) {
        if (!start_turn_kind(o.def.kind) || o.owner != kNoSide) continue;
        if (condition(o, side)) gain(o, side, cur_line_, fmt::format("start of the {} player-turn, {}", side_name(side), where_now()));
    }
}

// The end of a phase: a banner B4 kept through its side's movement phase is lost if its hexes are
// still empty; the loss dates from the record that emptied them.
void Replay::resolve_suspended() {
    for (Objective& o : objectives_) {
        if (!o.suspended) continue;
        const SideId side = o.owner;
        lose(o, o.suspend_line, o.suspend_at,
             fmt::format("{}, and no other {} unit occupied it before the end of that movement phase (B4)", lost_reason(o, side), side_name(side)));
    }
}

// The game ended (or the log stopped) inside a movement phase in which B4 keeps a banner whose
// hexes are empty: it does not count, and its entry says why.
void Replay::pending_b4_note() {
    for (Objective& o : objectives_) {
        if (!o.suspended) continue;
        BannerEntry& e = rep_.banners[static_cast<std::size_t>(o.entry)];
        if (!e.note.empty()) e.note += "; ";
        e.note += fmt::format("B4: {} empty since line {} in the {} movement phase, which had not ended: not counted",
                              o.def.locs.size() == 1 ? "its hex is" : "its hexes are", o.suspend_line, side_name(o.owner));
    }
}

void Replay::elimination_banner(const UnitState& us) {
    for (const std::string& role : s_.elimination_banners.no_banner_roles)
        if (has_role(us, role)) return;  // B2: a garrison gives none
    const SideId enemy = s_.enemy_of(us.side);
    if (enemy == kNoSide) return;
    banner_count_[static_cast<std::size_t>(enemy)] += 1;
    const bool leader = has_role(us, "leader") || iequals(us.type, "leader");
    open_banner(enemy, "elimination", fmt::format("{} {} {} eliminated", side_name(us.side), leader ? "leader" : "unit", us.name),
                s_.elimination_banners.rule.empty() ? "B2" : s_.elimination_banners.rule, 1, cur_line_, where_now());
}

// The first `turn` record: play begins. Banners held at the start are given, and the temporary
// ones are judged against the position as it stands (B3).
void Replay::start_play() {
    play_started_ = true;
    if (objectives_.empty()) return;
    obj_at_.assign(s_.map.size(), {});
    for (std::size_t i = 0; i < objectives_.size(); ++i)
        for (LocId l : objectives_[i].def.locs) obj_at_[static_cast<std::size_t>(l)].push_back(static_cast<std::int32_t>(i));
    for (Objective& o : objectives_) {
        if (o.def.held_by == kNoSide) continue;
        gain(o, o.def.held_by, o.line, o.line ? "held at the start: held-by" : "held at the start: held-by in the scenario file");
    }
    for (Objective& o : objectives_) recheck(o);
}

void Replay::after_record(const Record& r) {
    if (!touched_.empty()) {
        ++obj_stamp_;
        for (LocId l : touched_)
            for (std::int32_t oi : obj_at_[static_cast<std::size_t>(l)]) {
                Objective& o = objectives_[static_cast<std::size_t>(oi)];
                if (o.stamp == obj_stamp_) continue;
                o.stamp = obj_stamp_;
                recheck(o);
            }
        touched_.clear();
    }
    if (over_ != Over::No || !play_started_) return;
    // B1: a side whose banners reach its target wins at this record; both: the side whose turn it is.
    SideId winner = kNoSide;
    for (std::size_t s = 0; s < nsides_; ++s) {
        if (targets_[s] <= 0 || banner_count_[s] < targets_[s]) continue;
        if (winner == kNoSide || static_cast<SideId>(s) == phasing_) winner = static_cast<SideId>(s);
    }
    if (winner == kNoSide) return;
    winner_side_ = winner;
    const std::size_t w = static_cast<std::size_t>(winner);
    std::string decided = fmt::format("{} reached {} banners (target {}) at {}", side_name(winner), banner_count_[w], targets_[w], where_now());
    if (phasing_ != kNoSide && phasing_ != winner) decided += fmt::format(", in the {} player-turn", side_name(phasing_));
    game_over(Over::SuddenDeath, r.line, std::move(decided));
}

// The banners a side holds now, one score item each (B1): objectives, then eliminations.
void Replay::banner_scores(SideScore& sc, SideId side) {
    for (const Objective& o : objectives_) {
        if (o.owner != side || o.suspended) continue;
        const BannerEntry& e = rep_.banners[static_cast<std::size_t>(o.entry)];
        sc.items.push_back(ScoreItem{o.def.rule, o.def.banners,
                                     fmt::format("{} {} objective, held since {}", e.what, e.kind,
                                                 e.gained_line ? fmt::format("line {}", e.gained_line) : std::string("the start"))});
        sc.total = add_sat(sc.total, o.def.banners);
    }
    for (const BannerEntry& e : rep_.banners) {
        if (e.kind != "elimination" || e.side != side_name(side)) continue;
        sc.items.push_back(ScoreItem{e.rule, 1, fmt::format("{}, line {}", e.what, e.gained_line)});
        sc.total = add_sat(sc.total, 1);
    }
}

// --- scores and verdict ----------------------------------------------------------------------

Replay::Judged Replay::requires_hold(const PointsRule& pr, SideId side) {
    Judged j;
    for (const Require& rq : pr.requires_) {
        if (rq.kind == RequireKind::Line) {
            if (s_.roads.empty()) {
                j.unknown = true;
                j.why = fmt::format("the scenario has no road data to trace a line of communications from {} to {}{}", loc_name(rq.from),
                                    loc_name(rq.to), rq.rule.empty() ? std::string() : fmt::format(" ({})", rq.rule));
                continue;
            }
            if (!line_of_communications(side, rq.from, rq.to)) {
                j.holds = false;
                j.line_failed = true;
                j.why = fmt::format("there is no {} line of communications from {} to {}{}", side_name(side), loc_name(rq.from), loc_name(rq.to),
                                    rq.rule.empty() ? std::string() : fmt::format(" ({})", rq.rule));
                return j;
            }
            continue;
        }
        bool any_unit = false, ok = false;
        for (const UnitState& us : units_) {
            if (!has_role(us, rq.role)) continue;
            any_unit = true;
            for (RoleStatus st : rq.statuses) switch (st) {
                    case RoleStatus::OnMap: ok |= us.status == UnitStatus::OnMap; break;
                    case RoleStatus::Exited:
                        ok |= us.status == UnitStatus::Exited && (rq.at.empty() || std::find(rq.at.begin(), rq.at.end(), us.exit_loc) != rq.at.end());
                        break;
                    case RoleStatus::Eliminated: ok |= us.status == UnitStatus::Eliminated; break;
                    case RoleStatus::NeverEntered: ok |= us.status == UnitStatus::OffMap; break;
                }
        }
        if (!any_unit) {
            // No such unit in this game (setup custom without it): it never entered the map.
            ok = std::find(rq.statuses.begin(), rq.statuses.end(), RoleStatus::NeverEntered) != rq.statuses.end();
            const std::string n = fmt::format("no unit has role {} in this game: it is taken as never having entered the map", rq.role);
            if (ok && first_time(n)) notes_.push_back(fmt::format("{}: {}", pr.rule, n));  // said where it earns points
        }
        if (!ok) {
            j.holds = false;
            std::vector<std::string> want;
            for (RoleStatus st : rq.statuses) {
                const char* w = st == RoleStatus::OnMap ? "on the map" : st == RoleStatus::Exited ? "exited" : st == RoleStatus::Eliminated ? "eliminated" : "never entered";
                std::string at;
                for (LocId l : rq.at) at += (at.empty() ? " at " : " or ") + s_.map.name(l);
                want.push_back(st == RoleStatus::Exited ? w + at : std::string(w));
            }
            j.why = fmt::format("the unit with role {} is not {}", rq.role, fmt::join(want, " or "));
            return j;
        }
    }
    return j;
}

bool Replay::first_time(const std::string& key) {
    if (std::find(noted_.begin(), noted_.end(), key) != noted_.end()) return false;
    noted_.push_back(key);
    return true;
}

void Replay::unscored_note(const PointsRule& pr, const std::string& why, bool map_data) {
    std::string n = fmt::format("{} ({}) not scored: {}", pr.rule, pr.what, why);
    if (map_data) n += fmt::format("; a scenario file that extends {} can add the map data", s_.extends.empty() ? s_.id : s_.extends);
    if (first_time(n)) notes_.push_back(std::move(n));
}

// R2: a chain of road or trail steps from `from` to `to`, both included, none of whose hexes holds
// an enemy unit. Zones of control do not matter.
bool Replay::line_of_communications(SideId side, LocId from, LocId to) const {
    if (from == kNoLoc || to == kNoLoc || enemy_in(from, side) || enemy_in(to, side)) return false;
    std::vector<std::uint8_t> seen(s_.map.size(), 0);
    std::vector<LocId> queue{from};
    seen[static_cast<std::size_t>(from)] = 1;
    for (std::size_t q = 0; q < queue.size(); ++q) {
        const LocId h = queue[q];
        if (h == to) return true;
        for (LocId n : road_adj_[static_cast<std::size_t>(h)])
            if (!seen[static_cast<std::size_t>(n)] && !enemy_in(n, side)) {
                seen[static_cast<std::size_t>(n)] = 1;
                queue.push_back(n);
            }
    }
    return false;
}

// Marks the hexes of every road that leaves the map where the rule says; false when none does.
bool Replay::road_hex_leaving(const PointsRule& pr, std::vector<std::uint8_t>& target) const {
    target.assign(s_.map.size(), 0);
    bool any = false;
    for (const Road& road : s_.roads) {
        const bool leaves = std::any_of(road.leaves.begin(), road.leaves.end(), [&](const LeavesAt& la) {
            return std::find(pr.to_roads_leaving_at.begin(), pr.to_roads_leaving_at.end(), la.hex) != pr.to_roads_leaving_at.end() ||
                   std::find(pr.to_roads_leaving_edge.begin(), pr.to_roads_leaving_edge.end(), la.edge) != pr.to_roads_leaving_edge.end();
        });
        if (!leaves) continue;
        any = true;
        for (LocId h : road.hexes) target[static_cast<std::size_t>(h)] = 1;
    }
    return any;
}

// 14.51/14.52 (C3) and 21.22 (R3): the units of one side on the map at the end that cannot reach a
// hex of a road leaving the map where the rule says. One search from those road hexes outwards.
bool Replay::trace_item(const PointsRule& pr, SideId side, std::int64_t v, ScoreItem& it) {
    const SideId tracer = pr.units_of != kNoSide ? pr.units_of : s_.enemy_of(side);
    std::string to;
    if (!pr.to_roads_leaving_at.empty()) {
        std::vector<std::string_view> at;
        for (LocId l : pr.to_roads_leaving_at) at.push_back(loc_name(l));
        to = fmt::format("a road leaving the map at {}", fmt::join(at, " or "));
    } else {
        std::vector<std::string_view> e;
        for (Edge x : pr.to_roads_leaving_edge) e.push_back(edge_name(x));
        to = fmt::format("a road leaving the map by the {} edge", fmt::join(e, " or "));
    }
    std::vector<std::uint8_t> target;
    if (!road_hex_leaving(pr, target)) {
        unscored_note(pr, fmt::format("the scenario's map data has no {}", to.substr(2)));
        return false;
    }
    auto blocked = [&](LocId h) {
        if (enemy_in(h, tracer)) return true;
        return pr.zoc == TraceZoc::BlocksUnlessFriendly && enemy_zoc(h, tracer) && occ(h, tracer) == 0;
    };
    std::vector<std::int32_t> dist(s_.map.size(), -1);
    std::vector<LocId> queue;
    for (std::size_t h = 0; h < target.size(); ++h)
        if (target[h] && !blocked(static_cast<LocId>(h))) {
            dist[h] = 0;
            queue.push_back(static_cast<LocId>(h));
        }
    for (std::size_t q = 0; q < queue.size(); ++q) {
        const LocId h = queue[q];
        const std::int32_t d = dist[static_cast<std::size_t>(h)];
        if (pr.max_length > 0 && d >= pr.max_length) continue;
        for (LocId n : s_.map.neighbours(h))
            if (dist[static_cast<std::size_t>(n)] < 0 && !blocked(n)) {
                dist[static_cast<std::size_t>(n)] = d + 1;
                queue.push_back(n);
            }
    }
    std::int64_t sp = 0;
    std::vector<std::string_view> cut;
    for (const UnitState& us : units_) {
        if (us.side != tracer || us.status != UnitStatus::OnMap || us.strength <= 0) continue;
        const std::size_t h0 = static_cast<std::size_t>(us.loc);
        bool ok = target[h0] || dist[h0] >= 0;
        for (LocId n : s_.map.neighbours(us.loc))
            ok = ok || (dist[static_cast<std::size_t>(n)] >= 0 && (pr.max_length == 0 || dist[static_cast<std::size_t>(n)] + 1 <= pr.max_length));
        if (ok) continue;
        sp = add_sat(sp, us.strength);
        cut.push_back(us.name);
    }
    if (sp == 0) return false;
    it.points = mul_sat(sp, v);
    it.what = fmt::format("{} {} SP that cannot trace to {}{}: {} x{}", sp, side_name(tracer), to,
                          pr.max_length > 0 ? fmt::format(" within {} hexes", pr.max_length) : std::string(), fmt::join(cut, ", "), v);
    return true;
}

std::int64_t Replay::elimination_points(SideId side) const {
    if (side == kNoSide) return 0;
    std::int64_t total = 0;
    for (std::size_t i = 0; i < s_.points.size(); ++i) {
        const auto& pr = s_.points[i];
        if (pr.kind != PointsKind::Elimination) continue;
        const auto v = value(pr.value);
        if (!v) continue;
        total = add_sat(total, mul_sat(counts_[i * nsides_ + static_cast<std::size_t>(side)], *v));
    }
    return total;
}

SideId Replay::leader() const {
    SideId best = kNoSide;
    bool tie = false;
    for (std::size_t s = 0; s < nsides_; ++s) {
        if (best == kNoSide || totals_[s] > totals_[static_cast<std::size_t>(best)]) {
            best = static_cast<SideId>(s);
            tie = false;
        } else if (totals_[s] == totals_[static_cast<std::size_t>(best)]) {
            tie = true;
        }
    }
    return tie ? kNoSide : best;
}

void Replay::build_scores(bool final_scoring) {
    rep_.scores.clear();
    std::vector<std::string> unset;
    for (std::size_t s = 0; s < nsides_; ++s) {
        const SideId side = static_cast<SideId>(s);
        SideScore sc;
        sc.side = s_.sides[s];
        if (banners_on_) banner_scores(sc, side);
        __int128 total = sc.total;  // summed exactly: awards may be negative, and only the total must fit
        for (std::size_t i = 0; i < s_.points.size(); ++i) {
            const auto& pr = s_.points[i];
            const bool mine = pr.side == kNoSide || pr.side == side;
            if (!mine) continue;
            const auto v = value(pr.value);
            if (!v) {
                if (std::find(unset.begin(), unset.end(), pr.value.param) == unset.end()) {
                    unset.push_back(pr.value.param);
                    notes_.push_back(fmt::format("{}: {} not scored: parameter {} is not set (set it with --param {}=N or a param record)",
                                                 s_.id, pr.rule, pr.value.param, pr.value.param));
                }
                continue;
            }
            ScoreItem it;
            it.rule = pr.rule;
            const bool at_end_only = pr.when == When::End || pr.kind == PointsKind::Occupation || pr.kind == PointsKind::Trace;
            if (at_end_only && !final_scoring) continue;
            if (!pr.requires_.empty()) {
                const bool could_score = pr.kind != PointsKind::Exit || counts_[i * nsides_ + s] > 0;
                const Judged j = requires_hold(pr, side);
                if (!j.holds) {
                    // A cut line is the one failed condition the rest of the report does not show.
                    if (could_score && pr.kind == PointsKind::Exit && j.line_failed) {
                        std::string n = fmt::format("{} ({}) scores nothing: {} {} {} exited, but {}", pr.rule, pr.what,
                                                    counts_[i * nsides_ + s], side_name(side), pr.per_unit ? "units" : "SP", j.why);
                        if (first_time(n)) notes_.push_back(std::move(n));
                    }
                    continue;
                }
                if (j.unknown) {
                    if (could_score) unscored_note(pr, j.why);
                    continue;
                }
            }
            switch (pr.kind) {
                case PointsKind::Start:
                    if (pr.side != side) continue;
                    it.points = *v;
                    it.what = pr.what;
                    break;
                case PointsKind::Elimination: {
                    const std::int64_t n = counts_[i * nsides_ + s];
                    if (n == 0) continue;
                    it.points = mul_sat(n, *v);
                    it.what = fmt::format("{} {} SP eliminated x{}", n, side_name(s_.enemy_of(side)), *v);
                    break;
                }
                case PointsKind::Exit: {
                    const std::int64_t n = counts_[i * nsides_ + s];
                    if (n == 0) continue;
                    it.points = mul_sat(n, *v);
                    std::string from;
                    for (LocId l : pr.locs) from += (from.empty() ? " from " : " or ") + s_.map.name(l);
                    it.what = fmt::format("{} {} {} exited{} x{}", n, side_name(side), pr.per_unit ? (n == 1 ? "unit" : "units") : "SP", from, *v);
                    break;
                }
                case PointsKind::Bonus:
                    if (pr.side != side) continue;
                    it.points = *v;
                    it.what = pr.what;
                    break;
                case PointsKind::Trace:
                    if (pr.side != side) continue;
                    if (!trace_item(pr, side, *v, it)) continue;
                    break;
                case PointsKind::ExitLead: {
                    if (pr.side != side) continue;
                    const std::int64_t n = counts_[i * nsides_ + s];
                    if (n == 0) continue;
                    it.points = mul_sat(n, *v);
                    std::vector<std::string> turns;
                    for (const auto& [t, x] : lead_log_[i]) turns.push_back(fmt::format("turn {}: {}", t, x));
                    it.what = fmt::format("{} exited {}units beyond the {} count, summed at the end of each {} player-turn ({}) x{}", n,
                                          pr.unit_types.empty() ? std::string() : fmt::format("{} ", fmt::join(pr.unit_types, "/")),
                                          side_name(s_.enemy_of(side)), side_name(pr.each_turn_of), fmt::join(turns, ", "), *v);
                    break;
                }
                case PointsKind::Occupation: {
                    if (!final_scoring) continue;
                    std::vector<std::string_view> held;
                    for (LocId l : pr.locs)
                        if (holder(l) == side) held.push_back(s_.map.name(l));
                    if (held.empty()) continue;
                    it.points = mul_sat(static_cast<std::int64_t>(held.size()), *v);
                    it.what = fmt::format("holds {} at the end x{}", fmt::join(held, ", "), *v);
                    break;
                }
            }
            total += it.points;
            sc.items.push_back(std::move(it));
        }
        for (const auto& a : awards_) {
            if (a.side != side) continue;
            total += a.n;
            sc.items.push_back(ScoreItem{"award", a.n, fmt::format("{} (award record, line {})", a.reason, a.line)});
        }
        sc.total = fit(total);
        totals_[s] = sc.total;
        rep_.scores.push_back(std::move(sc));
    }
}

void Replay::decide() {
    if (factions_on_) return decide_factions();
    Verdict& v = rep_.result;
    if (over_ == Over::No && last_player_turn_begun() && turn_ == turns_)
        game_over(Over::LastTurn, last_applied_line_, fmt::format("end of game-turn {}", turns_));
    const bool final_scoring = over_ == Over::LastTurn || over_ == Over::EndRecord;
    if (final_scoring) {
        end_of_phase();
        lead_checks(false, true);
    }
    build_scores(final_scoring);
    if (!final_scoring) pending_b4_note();  // a final scoring ended the phase, which settled B4 (end_of_phase)
    if (over_ == Over::No) {
        rep_.complete = false;
        rep_.violations.push_back(Violation{"incomplete", opts_.strict, g_.last_line, 0, "G5",
                                            turns_ > 0 ? fmt::format("the record stops at {}, before the game is over (game-turn {} is the last)",
                                                                       where_now(), turns_)
                                                         : fmt::format("the record stops at {}, before the game is over ({})", where_now(),
                                                                       banners_on_ ? "no side has reached its banner target" : "no end record")});
        Provisional p;
        p.turn = turn_;
        p.line = last_applied_line_;
        if (step_ >= 0) {
            const auto& st = sequence_[static_cast<std::size_t>(step_)];
            p.phase = st.side == kNoSide ? s_.phases[static_cast<std::size_t>(st.phase)].name
                                         : fmt::format("{} {}", side_name(st.side), s_.phases[static_cast<std::size_t>(st.phase)].name);
        }
        const SideId best = leader();
        p.standing = best == kNoSide ? "even" : std::string(side_name(best));
        v.provisional = p;
        return;
    }
    rep_.complete = true;
    v.decided = decided_;
    v.line = over_line_;
    switch (over_) {
        case Over::Automatic:
            v.winner = std::string(side_name(winner_side_));
            v.level = "automatic";
            return;
        case Over::Concession:
            v.winner = std::string(side_name(winner_side_));
            v.level = "concession";
            return;
        case Over::SuddenDeath:
            v.winner = std::string(side_name(winner_side_));
            v.level = "sudden death";
            return;
        default: break;
    }
    if (s_.end_victory == EndVictory::Levels && s_.levels) {
        level_verdict(*s_.levels);
        return;
    }
    // HigherTotal (17.0, M5): the side with more points wins; equal totals are a draw.
    const SideId best = leader();
    v.winner = best == kNoSide ? std::string("draw") : std::string(side_name(best));
}

// 14.5 (C2): the first level whose bound the ratio meets, compared exactly: a:b >= n:d is a*d >= n*b.
void Replay::level_verdict(const Levels& lv) {
    __int128 a = totals_[static_cast<std::size_t>(lv.num_side)], b = totals_[static_cast<std::size_t>(lv.den_side)];
    const bool both_zero = a == 0 && b == 0;
    if (both_zero) {
        a = lv.zero_num;
        b = lv.zero_den;
    }
    for (const VictoryLevel& l : lv.levels) {
        const __int128 lhs = a * l.den, rhs = static_cast<__int128>(l.num) * b;
        const bool match = l.test == LevelTest::Otherwise || (l.test == LevelTest::AtLeast ? lhs >= rhs : lhs > rhs);
        if (!match) continue;
        rep_.result.winner = l.winner == kNoSide ? std::string("draw") : std::string(side_name(l.winner));
        rep_.result.level = l.name;
        const char* test = l.test == LevelTest::AtLeast ? "at least " : l.test == LevelTest::Above ? "above " : "";
        notes_.push_back(fmt::format("{}: {} {} to {} {}{}: {} {}{}", lv.rule, side_name(lv.num_side), totals_[static_cast<std::size_t>(lv.num_side)],
                                     side_name(lv.den_side), totals_[static_cast<std::size_t>(lv.den_side)],
                                     both_zero ? fmt::format(" (both 0, taken as {}:{})", lv.zero_num, lv.zero_den) : std::string(),
                                     rep_.result.winner ? *rep_.result.winner : "", l.name,
                                     l.test == LevelTest::Otherwise ? std::string(" (no higher level reached)")
                                                                    : fmt::format(" (ratio {}{}:{})", test, l.num, l.den)));
        return;
    }
}

// --- faction games: Liberty or Death (L1-L6, 7.1-7.3, 8.8) ------------------------------------

// The area position at the start, the players (L5) and the steps of the check and final phases.
bool Replay::area_setup(bool custom) {
    factions_on_ = s_.faction_victory.enabled;
    rep_.has_margins = factions_on_;
    if (s_.spaces.empty() && s_.tracks.empty() && !factions_on_) return true;  // a hex game
    area_.emplace(s_);
    track_cache_.assign(g_.symbols.size(), -2);
    if (s_.treaty.declared && !s_.treaty.card.empty()) treaty_card_ = g_.symbols.find(s_.treaty.card);
    if (custom) area_->clear();  // move-log.md: every space neutral, no pieces, every track 0, the treaty not played
    else area_->load_start();
    if (!custom && s_.treaty.declared && s_.treaty.played) treaty_ = true;
    if (!factions_on_) return true;
    const auto& fv = s_.faction_victory;
    for (std::size_t i = 0; i < sequence_.size(); ++i) {
        if (check_step_ < 0 && sequence_[i].phase == fv.check_phase) check_step_ = static_cast<std::int32_t>(i);
        if (final_step_ < 0 && sequence_[i].phase == fv.final_phase) final_step_ = static_cast<std::int32_t>(i);
    }
    // L5: factions named in player records are played; one name on two factions of a side is one
    // player running both; no player record at all: every faction is played.
    player_.assign(nsides_, std::string());
    non_player_.assign(nsides_, false);
    partner_.assign(nsides_, kNoSide);
    std::vector<std::uint32_t> named_at(nsides_, 0);
    bool any = false;
    for (const auto& r : g_.records) {
        if (r.kind == Kind::Turn) break;
        if (r.kind != Kind::Player) continue;
        const SideId f = side_of(r.a);
        if (f == kNoSide) continue;  // unknown-side, reported by do_header
        any = true;
        auto& name = player_[static_cast<std::size_t>(f)];
        if (!name.empty() && name != g_.str(r.b))
            notes_.push_back(fmt::format("{}: the {} are named twice in player records; the later, line {} ({}), stands",
                                         fv.players_rule, side_name(f), r.line, g_.str(r.b)));
        name = g_.str(r.b);
        named_at[static_cast<std::size_t>(f)] = r.line;
    }
    std::vector<std::string> names;
    for (std::size_t f = 0; f < nsides_; ++f) {
        non_player_[f] = any && player_[f].empty();
        if (player_[f].empty()) continue;
        if (std::find(names.begin(), names.end(), player_[f]) == names.end()) names.push_back(player_[f]);
        for (std::size_t o = 0; o < f; ++o) {
            if (player_[o] != player_[f]) continue;
            if (group_of(s_, static_cast<SideId>(o)) != group_of(s_, static_cast<SideId>(f)) || partner_[o] != kNoSide) {
                input_error("side-declaration", named_at[f], 1,
                            fmt::format("{} plays the {} and the {}: one player may run two factions only when they are of one side ({}: {})",
                                        player_[f], side_name(static_cast<SideId>(o)), side_name(static_cast<SideId>(f)), fv.players_rule,
                                        fmt::join(group_names(s_), ", ")));
                return false;
            }
            partner_[o] = static_cast<SideId>(f);
            partner_[f] = static_cast<SideId>(o);
        }
    }
    one_player_ = names.size() == 1 && !fv.one_player_rule.empty();
    std::vector<std::string> np;
    for (std::size_t f = 0; f < nsides_; ++f)
        if (non_player_[f]) np.emplace_back(side_name(static_cast<SideId>(f)));
    if (!any)
        notes_.push_back(fmt::format("{}: no player record: every faction is played", fv.players_rule));
    else if (!np.empty())
        notes_.push_back(fmt::format("{}: Non-players (no player record): {}", fv.players_rule, fmt::join(np, ", ")));
    for (std::size_t f = 0; f < nsides_; ++f)
        if (partner_[f] > static_cast<SideId>(f))
            notes_.push_back(fmt::format("{}: {} runs both the {} and the {} ({} side): a combined victory at a check needs all of both "
                                         "factions' conditions (7.2); at the end both rank at the worse of their two totals (7.3)",
                                         fv.players_rule, player_[f], side_name(static_cast<SideId>(f)), side_name(partner_[f]), s_.groups[f]));
    if (one_player_)
        notes_.push_back(fmt::format("{}: one player ({}) against Non-players: the player never wins at a victory check, and wins at the end "
                                     "only with a margin above every Non-player's", fv.one_player_rule, names.front()));
    return true;
}

// The faction and piece of a place, remove or casualty record (and its space): false, with the
// violation reported, when one of them cannot be used.
bool Replay::area_piece(const Record& r, SideId& f, Piece& p, LocId* space) {
    f = side_of(r.a);
    if (f == kNoSide) {
        unknown_side(r, r.a);
        return false;
    }
    p = static_cast<Piece>(r.n);
    const auto& own = s_.faction_pieces[static_cast<std::size_t>(f)];
    if (std::find(own.begin(), own.end(), p) == own.end()) {
        violation("unknown-unit", r, s_.pieces_rule.empty() ? kAreas : s_.pieces_rule,
                  fmt::format("the {} have no {} pieces", side_name(f), piece_name(p)));
        return false;
    }
    if (space) {
        *space = loc_of(r.b);
        if (*space == kNoLoc) {
            violation("unknown-location", r, kAreas, fmt::format("no space '{}' on the {} map", g_.str(r.b), s_.title));
            return false;
        }
    }
    if (r.m < 1) {
        violation("bad-count", r, kAreas, fmt::format("{} {} {}: the count must be 1 or more, not {}", kind_name(r.kind), side_name(f), piece_name(p), r.m));
        return false;
    }
    return true;
}

// L2: pieces sent to the Casualties box count on their track, or never (`not-casualty`).
void Replay::casualty(const Record& r, SideId f, Piece p, std::int64_t n) {
    for (const CasualtyDef& c : s_.casualties)
        if (c.faction == f && c.piece == p) {
            area_->add_track(c.track, n);
            return;
        }
    violation("not-casualty", r, s_.casualty_rule.empty() ? kAreas : s_.casualty_rule,
              fmt::format("{} {} never count as casualties: none goes to the Casualties box", side_name(f), piece_name(p)));
}

void Replay::do_area(const Record& r) {
    switch (r.kind) {
        case Kind::Support: {
            const LocId l = loc_of(r.a);
            if (l == kNoLoc) {
                violation("unknown-location", r, kAreas, fmt::format("no space '{}' on the {} map", g_.str(r.a), s_.title));
                return;
            }
            if (!s_.spaces[static_cast<std::size_t>(l)].support_allowed && r.n != Neutral) {
                violation("no-support", r, s_.support_rule.empty() ? std::string(kAreas) : s_.support_rule,
                          fmt::format("{} has no population: it is always neutral and cannot be at {}", loc_name(l), support_level_name(static_cast<int>(r.n))));
                return;
            }
            area_->set_support(l, static_cast<int>(r.n));
            return;
        }
        case Kind::Place: case Kind::Remove: {
            SideId f;
            Piece p;
            LocId l;
            if (!area_piece(r, f, p, &l)) return;
            std::int64_t n = r.m;
            if (r.kind == Kind::Remove) {
                const std::int64_t there = area_->pieces(l, f, p);
                if (there < n) {
                    violation("not-on-map", r, kAreas,
                              fmt::format("remove {} {} {} from {}: {} there", n, side_name(f), piece_name(p), loc_name(l),
                                          there == 0 ? std::string("none is") : fmt::format("only {} {}", there, there == 1 ? "is" : "are")));
                    n = there;  // what was there leaves; only that can be a casualty
                }
                area_->add_pieces(l, f, p, -n);
                if ((r.flags & kFlagCasualty) && n > 0) casualty(r, f, p, n);
                else if (r.flags & kFlagCasualty) casualty(r, f, p, 0);
            } else {
                area_->add_pieces(l, f, p, n);
            }
            return;
        }
        case Kind::Casualty: {
            SideId f;
            Piece p;
            if (!area_piece(r, f, p, nullptr)) return;
            casualty(r, f, p, r.m);
            return;
        }
        case Kind::Blockade: case Kind::Unblockade: {
            const LocId l = loc_of(r.a);
            const std::string& rule = s_.blockade_rule.empty() ? std::string(kAreas) : s_.blockade_rule;
            if (l == kNoLoc) {
                violation("unknown-location", r, kAreas, fmt::format("no space '{}' on the {} map", g_.str(r.a), s_.title));
                return;
            }
            if (s_.spaces[static_cast<std::size_t>(l)].type != SpaceType::City) {
                violation("blockade", r, rule, fmt::format("{} is not a city: only cities are blockaded", loc_name(l)));
                return;
            }
            if (r.kind == Kind::Blockade && s_.treaty.declared && !treaty_) {
                violation("blockade", r, rule, fmt::format("{} blockaded before the Treaty of Alliance was played: no blockade until then", loc_name(l)));
                return;
            }
            area_->set_blockaded(l, r.kind == Kind::Blockade);
            return;
        }
        case Kind::Card:
            if (r.a == treaty_card_ && treaty_card_ != kNoSym && !treaty_) {
                treaty_ = true;
                notes_.push_back(fmt::format("{}: the Treaty of Alliance is played at line {} (card {})", s_.treaty.rule, r.line, s_.treaty.card));
            }
            return;
        default: return;
    }
}

// A track record: free tracks take the value; derived ones are the engine's (L1, L2), except that
// before the first turn a casualty track may be set (move-log.md: area records there set up).
void Replay::do_track(const Record& r) {
    const std::int32_t t = track_of(r.a);
    if (t < 0) {
        if (area_ && !s_.tracks.empty()) {
            violation("unknown-track", r, kAreas, fmt::format("no track '{}' in {}", g_.str(r.a), s_.title));
            return;
        }
        auto it = std::find_if(tracks_.begin(), tracks_.end(), [&](const auto& x) { return x.first == r.a; });
        if (it == tracks_.end()) tracks_.emplace_back(r.a, r.n); else it->second = r.n;
        return;
    }
    const TrackDef& d = s_.tracks[static_cast<std::size_t>(t)];
    const bool settable = d.derive == TrackDerive::Free || (d.derive == TrackDerive::Casualties && turn_ == 0);
    if (!settable) {
        violation("derived-track", r, d.rule.empty() ? kAreas : d.rule,
                  fmt::format("track {} is derived from the {} records; a track record cannot set it{}", d.name,
                              d.derive == TrackDerive::Casualties ? "casualty" : d.derive == TrackDerive::Pieces ? "place and remove" : "support and blockade",
                              d.derive == TrackDerive::Casualties ? " after the first turn" : ""));
        return;
    }
    area_->set_track(t, r.n);
}

// "the British", "the British and the Indians": faction names read as plural nouns.
std::string Replay::faction_phrase(const std::vector<SideId>& fs) const {
    std::string out;
    for (std::size_t i = 0; i < fs.size(); ++i)
        out += fmt::format("{}the {}", i == 0 ? "" : i + 1 == fs.size() ? " and " : ", ", side_name(fs[i]));
    return out;
}

std::string Replay::faction_list(const std::vector<SideId>& fs) const {
    std::vector<std::string_view> out;
    for (SideId f : fs) out.push_back(side_name(f));
    return fmt::format("{}", fmt::join(out, ", "));
}

// What ranks each faction: its total (the net of its margins); with `worse_of_partners`, a player
// running two factions ranks both at the worse of their totals (7.3, 8.8).
std::vector<std::int64_t> Replay::ranking_scores(const MarginCheck& mc, bool worse_of_partners) const {
    std::vector<std::int64_t> sc(nsides_, 0);
    for (std::size_t i = 0; i < mc.factions.size(); ++i)
        sc[static_cast<std::size_t>(s_.faction_victory.factions[i].faction)] = mc.factions[i].total;
    if (worse_of_partners) {
        std::vector<std::int64_t> own = sc;
        for (std::size_t f = 0; f < nsides_; ++f)
            if (partner_[f] != kNoSide) sc[f] = std::min(own[f], own[static_cast<std::size_t>(partner_[f])]);
    }
    return sc;
}

// L4, 7.1, 7.2: the check at the start of a Winter Quarters round. A pass ends the game here.
void Replay::victory_check(const Record& r) {
    const auto& fv = s_.faction_victory;
    checked_turn_ = turn_;
    MarginCheck mc = faction_margins(s_, *area_, treaty_, true, player_, non_player_);
    mc.round = turn_;
    mc.line = r.line;
    std::vector<SideId> passed, np_passed, blocked;
    for (std::size_t i = 0; i < mc.factions.size(); ++i) {
        const SideId f = fv.factions[i].faction;
        if (!mc.factions[i].passes) continue;
        passed.push_back(f);
        if (non_player_[static_cast<std::size_t>(f)]) np_passed.push_back(f);
    }
    for (std::size_t i = 0; i < mc.factions.size(); ++i)
        if (fv.factions[i].requires_treaty && !treaty_ && !mc.factions[i].passes &&
            std::all_of(mc.factions[i].margins.begin(), mc.factions[i].margins.end(), [](auto m) { return m > 0; }))
            notes_.push_back(fmt::format("{}: the {} meet both conditions at the check of round {} (line {}), but the Treaty of Alliance "
                                         "has not been played: they do not pass", fv.check_rule, mc.factions[i].faction, turn_, r.line));
    rep_.margins.push_back(std::move(mc));
    if (passed.empty()) return;
    const MarginCheck& m = rep_.margins.back();
    const std::vector<std::int64_t> score = ranking_scores(m, false);
    auto pass_of = [&](SideId f) {
        for (std::size_t i = 0; i < m.factions.size(); ++i)
            if (fv.factions[i].faction == f) return m.factions[i].passes;
        return false;
    };
    SideId decider = kNoSide;
    if (!np_passed.empty()) {
        // 7.1: a Non-player passes: all players lose equally. The best of them (ties in the tie order) is first.
        for (SideId f : rank_factions(s_, score, non_player_, treaty_, group_of(s_, np_passed.front()), one_player_))
            if (std::find(np_passed.begin(), np_passed.end(), f) != np_passed.end()) {
                decider = f;
                break;
            }
        flevel_ = "all players lose";
        notes_.push_back(fmt::format("{}: {} (Non-player{}) pass the victory check of round {} (line {}): all players lose equally; "
                                     "the places after the first are those of {} for the record", fv.rank_rule, faction_phrase(np_passed), np_passed.size() > 1 ? "s" : "",
                                     turn_, r.line, fv.rank_rule));
    } else if (one_player_) {
        notes_.push_back(fmt::format("{}: {} pass the victory check of round {} (line {}), but the lone player never wins at a victory check; play goes on",
                                     fv.one_player_rule, faction_phrase(passed), turn_, r.line));
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
            notes_.push_back(fmt::format("{}: the {} pass the victory check of round {} (line {}), but {} also runs the {}, who do not: "
                                         "a combined victory needs all of both factions' conditions", fv.check_rule, side_name(f), turn_, r.line,
                                         player_[static_cast<std::size_t>(f)], side_name(partner_[static_cast<std::size_t>(f)])));
        if (decider == kNoSide) return;
        flevel_ = partner_[static_cast<std::size_t>(decider)] != kNoSide ? "combined victory" : "victory check";
    }
    ranking_ = rank_factions(s_, score, non_player_, treaty_, group_of(s_, decider), one_player_);
    if (flevel_ == "all players lose") {  // the Non-player that passed comes first
        ranking_.erase(std::find(ranking_.begin(), ranking_.end(), decider));
        ranking_.insert(ranking_.begin(), decider);
    }
    fwinner_ = ranking_.front();
    deciding_ = static_cast<std::int32_t>(rep_.margins.size() - 1);
    std::vector<SideId> who = np_passed.empty() ? passed : np_passed;
    who.erase(std::remove_if(who.begin(), who.end(), [&](SideId f) { return std::find(blocked.begin(), blocked.end(), f) != blocked.end(); }), who.end());
    game_over(Over::Factions, r.line,
              fmt::format("victory check of Winter Quarters round {}: {} pass", turn_, faction_phrase(who)));
}

// L6, 7.3: after the last round's support phase, the margins netted; the highest wins.
void Replay::final_scoring(std::uint32_t line, std::string decided) {
    const auto& fv = s_.faction_victory;
    MarginCheck mc = faction_margins(s_, *area_, treaty_, false, player_, non_player_);
    mc.round = turn_;
    mc.line = line;
    rep_.margins.push_back(std::move(mc));
    deciding_ = static_cast<std::int32_t>(rep_.margins.size() - 1);
    const std::vector<std::int64_t> score = ranking_scores(rep_.margins.back(), true);
    ranking_ = rank_factions(s_, score, non_player_, treaty_, -1, one_player_);
    fwinner_ = ranking_.front();
    if (one_player_) {
        // 8.8: the lone player's (worse) total against the best Non-player's; ties go to the Non-players.
        flevel_ = non_player_[static_cast<std::size_t>(fwinner_)] ? "Non-player victory" : "one-player victory";
        std::vector<std::string> np;
        for (std::size_t f = 0; f < nsides_; ++f)
            if (non_player_[f]) np.push_back(fmt::format("{} {}", side_name(static_cast<SideId>(f)), score[f]));
        SideId me = kNoSide;
        for (std::size_t f = 0; f < nsides_ && me == kNoSide; ++f)
            if (!non_player_[f]) me = static_cast<SideId>(f);
        notes_.push_back(fmt::format("{}: the lone player's {}margin {} ({}) against the Non-players' ({}): {}", fv.one_player_rule,
                                     partner_[static_cast<std::size_t>(me)] != kNoSide ? "lower " : "", score[static_cast<std::size_t>(me)],
                                     player_[static_cast<std::size_t>(me)], fmt::join(np, ", "),
                                     flevel_ == "one-player victory" ? "the player wins" : fmt::format("the {} win", side_name(fwinner_))));
    } else {
        flevel_ = "final margins";
    }
    for (std::size_t f = 0; f < nsides_; ++f)
        for (std::size_t o = f + 1; o < nsides_; ++o)
            if (score[f] == score[o] && (f == static_cast<std::size_t>(ranking_.front()) || o == static_cast<std::size_t>(ranking_.front())) &&
                partner_[f] != static_cast<SideId>(o)) {
                notes_.push_back(fmt::format("{}: the {} and the {} tie at {}; the tie order (Non-players, then {}) puts the {} first", fv.rank_rule,
                                             side_name(static_cast<SideId>(f)), side_name(static_cast<SideId>(o)), score[f],
                                             faction_list(fv.tie_order), side_name(ranking_.front())));
            }
    for (std::size_t f = 0; f < nsides_; ++f)
        if (partner_[f] > static_cast<SideId>(f))
            notes_.push_back(fmt::format("{}: {} runs the {} and the {}: both rank at the worse of their totals, {}", fv.final_rule, player_[f],
                                         side_name(static_cast<SideId>(f)), side_name(partner_[f]), score[f]));
    for (const auto& fd : fv.factions)
        if (fd.requires_treaty && !treaty_)
            notes_.push_back(fmt::format("{}: the Treaty of Alliance was never played: the {} come last and cannot win", fv.rank_rule, side_name(fd.faction)));
    game_over(Over::FinalScoring, line, std::move(decided));
}

// The score of each faction: its margins at the moment that decided (or now), each with its rule.
void Replay::faction_scores(const MarginCheck& mc) {
    const auto& fv = s_.faction_victory;
    rep_.scores.clear();
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
                    if (name == s_.tracks[static_cast<std::size_t>(t)].name) return v;
                return area_->track(t);
            };
            for (auto t : cd.plus) calc += fmt::format("{}{} {}", calc.empty() ? "" : " + ", s_.tracks[static_cast<std::size_t>(t)].title, value_of(t));
            for (auto t : cd.minus) calc += fmt::format(" - {} {}", s_.tracks[static_cast<std::size_t>(t)].title, value_of(t));
            if (cd.offset) calc += fmt::format(" {} {}", cd.offset > 0 ? '+' : '-', cd.offset > 0 ? cd.offset : -cd.offset);
            const bool check = mc.kind == "victory-check";
            if (check && cd.above) calc += fmt::format(" - {}", cd.above);
            // At a check the condition as the rules word it; at the end only the netted measure (no -10).
            sc.items.push_back(ScoreItem{mc.rule, fm.margins[c], check ? fmt::format("{}: {}", cd.what, calc) : calc});
        }
        sc.total = fm.total;
        totals_[static_cast<std::size_t>(fd.faction)] = fm.total;
        rep_.scores.push_back(std::move(sc));
    }
}

void Replay::decide_factions() {
    const auto& fv = s_.faction_victory;
    Verdict& v = rep_.result;
    if (over_ == Over::No && final_armed_)
        final_scoring(last_applied_line_, fmt::format("end of the support phase of Winter Quarters round {} (the last)", turn_));
    if (over_ == Over::LastTurn || over_ == Over::EndRecord) {
        // An end record (or the next turn) before the last round's support phase closed: scored as at the end.
        if (!(turn_ == turns_ && final_armed_))
            notes_.push_back(fmt::format("{}: the game ended at {} (line {}), not after the support phase of Winter Quarters round {} (the last): "
                                         "the final margins are taken there", fv.final_rule, where_now(), over_line_, turns_));
        const std::uint32_t line = over_line_;
        std::string why = decided_;
        over_ = Over::No;
        final_scoring(line, std::move(why));
    }
    if (over_ == Over::Concession) {
        // The conceding faction (with its partner, when one player runs both) comes last; the others by their margins now.
        const SideId quitter = winner_side_;
        final_scoring(over_line_, decided_);
        over_ = Over::Concession;
        auto last = [&](SideId f) {
            ranking_.erase(std::find(ranking_.begin(), ranking_.end(), f));
            ranking_.push_back(f);
        };
        if (partner_[static_cast<std::size_t>(quitter)] != kNoSide) last(partner_[static_cast<std::size_t>(quitter)]);
        last(quitter);
        fwinner_ = ranking_.front();
        flevel_ = "concession";
    }
    if (over_ == Over::No) {
        const MarginCheck now = faction_margins(s_, *area_, treaty_, false, player_, non_player_);
        faction_scores(now);
        const auto order = rank_factions(s_, ranking_scores(now, true), non_player_, treaty_, -1, one_player_);
        rep_.complete = false;
        rep_.violations.push_back(Violation{"incomplete", opts_.strict, g_.last_line, 0, "G5",
                                            fmt::format("the record stops at {}, before the game is over (no victory check passed; the game ends after "
                                                        "the support phase of Winter Quarters round {})", where_now(), turns_)});
        Provisional p;
        p.turn = turn_;
        p.line = last_applied_line_;
        if (step_ >= 0) p.phase = s_.phases[static_cast<std::size_t>(sequence_[static_cast<std::size_t>(step_)].phase)].name;
        p.standing = fmt::format("{} (final margins now: {})", side_name(order.front()), faction_list(order));
        v.provisional = p;
        return;
    }
    faction_scores(rep_.margins[static_cast<std::size_t>(deciding_)]);
    rep_.complete = true;
    v.winner = std::string(side_name(fwinner_));
    v.level = flevel_;
    v.decided = decided_;
    v.line = over_line_;
    for (SideId f : ranking_) v.ranking.emplace_back(side_name(f));
}

void Replay::judge_claims() {
    const std::string computed_winner = rep_.result.winner ? *rep_.result.winner : std::string("none (no result)");
    for (const Record* r : claims_) {
        Claim c;
        c.line = r->line;
        if (r->kind == Kind::ClaimWinner || r->kind == Kind::ClaimDraw) {
            c.claim = "winner";
            const bool draw = r->kind == Kind::ClaimDraw || iequals(g_.str(r->a), "draw");
            const SideId side = draw ? kNoSide : side_of(r->a);
            c.stated = draw ? "draw" : std::string(side == kNoSide ? g_.str(r->a) : side_name(side));
            c.computed = computed_winner;
            c.agrees = rep_.result.winner && (draw ? *rep_.result.winner == "draw" : *rep_.result.winner == side_name(side));
            if (side == kNoSide && !draw && factions_on_ && fwinner_ != kNoSide && flevel_ == "combined victory" &&
                iequals(g_.str(r->a), s_.groups[static_cast<std::size_t>(fwinner_)])) {  // 7.2: the side of a combined victory
                c.stated = s_.groups[static_cast<std::size_t>(fwinner_)];
                c.agrees = true;
            }
            if (r->kind == Kind::ClaimWinner && r->b != kNoSym) {
                c.stated += fmt::format(" ({})", g_.str(r->b));
                c.computed += rep_.result.level ? fmt::format(" ({})", *rep_.result.level) : std::string(" (no level)");
                c.agrees = c.agrees && rep_.result.level && iequals(*rep_.result.level, g_.str(r->b));
            }
            if (!c.agrees)
                rep_.violations.push_back(Violation{"claim-mismatch", true, r->line, 0, s_.end_rule,
                                                    fmt::format("the players report winner {}; the record gives {}", c.stated, c.computed)});
            rep_.claims.push_back(std::move(c));
        } else {
            const Sym* sides = g_.list_begin(r->list);
            const std::int64_t* pts = g_.ints_begin(r->ints);
            for (std::uint32_t i = 0; i < r->list.len && i < r->ints.len; ++i) {
                const SideId side = side_of(sides[i]);
                Claim sc;
                sc.line = r->line;
                sc.claim = fmt::format("score {}", side == kNoSide ? g_.str(sides[i]) : side_name(side));
                sc.stated = std::to_string(pts[i]);
                sc.computed = side == kNoSide ? "unknown side" : std::to_string(totals_[static_cast<std::size_t>(side)]);
                sc.agrees = side != kNoSide && totals_[static_cast<std::size_t>(side)] == pts[i];
                if (!sc.agrees && side != kNoSide)
                    rep_.violations.push_back(Violation{"claim-mismatch", true, r->line, 0, s_.end_rule,
                                                        fmt::format("the players report {} {} {}; the record gives {}", side_name(side),
                                                                    pts[i], banners_on_ ? "banners" : "points", totals_[static_cast<std::size_t>(side)])});
                rep_.claims.push_back(std::move(sc));
            }
        }
    }
}

void Replay::compare_snapshot() {
    const Snapshot& sn = *g_.snapshot;
    auto mismatch = [this](std::uint32_t line, std::string msg) {
        rep_.violations.push_back(Violation{"snapshot-mismatch", true, line, 0, kSnapshot, std::move(msg)});
    };
    if (sn.turn && *sn.turn != turn_)
        mismatch(sn.line, fmt::format("snapshot says game-turn {}; the replay of the log is at game-turn {}", *sn.turn, turn_));
    if (sn.phase != kNoSym) {
        const SideId side = side_of(sn.phase_side);
        const std::int32_t ph = phase_of(sn.phase);
        const bool same = step_ >= 0 && sequence_[static_cast<std::size_t>(step_)].phase == ph &&
                          sequence_[static_cast<std::size_t>(step_)].side == side;
        if (!same)
            mismatch(sn.line, fmt::format("snapshot says phase '{}{}{}'; the replay of the log is at {}", g_.str(sn.phase_side),
                                          sn.phase_side != kNoSym ? " " : "", g_.str(sn.phase), where_now()));
    }
    for (const auto& su : sn.units) {
        const std::int32_t u = unit_of(su.id);
        if (u < 0) {
            snapshot_unknown("unknown-unit", su.line, "unit", su.id);
            continue;
        }
        const UnitState& us = units_[static_cast<std::size_t>(u)];
        if (su.status && *su.status != us.status) {
            // One difference: where the unit is and what it has follow from its status.
            const LocId replay_at = where_is(us);
            mismatch(su.line, fmt::format("{}: snapshot says {}{}{}, the replay of the log says {}{}", us.name, unit_status_name(*su.status),
                                          su.at != kNoSym ? " at " : "", g_.str(su.at), unit_status_name(us.status),
                                          replay_at != kNoLoc ? " at " + s_.map.name(replay_at) : std::string()));
            continue;
        }
        if (su.at != kNoSym) {
            const LocId l = loc_of(su.at);
            const LocId replay_at = where_is(us);
            if (l != replay_at)
                mismatch(su.line, fmt::format("{}: snapshot has it at {}, the replay of the log at {}", us.name, g_.str(su.at),
                                              replay_at == kNoLoc ? std::string("no location") : s_.map.name(replay_at)));
        }
        if (su.strength && *su.strength != us.strength)
            mismatch(su.line, fmt::format("{}: snapshot gives strength {}, the replay of the log {}", us.name, *su.strength, us.strength));
    }
    for (const auto& h : sn.holds) {
        const LocId l = loc_of(h.loc);
        if (l == kNoLoc) {
            snapshot_unknown("unknown-location", h.line, "location", h.loc);
            continue;
        }
        const SideId side = side_of(h.side);
        if (side != holder(l))
            mismatch(h.line, fmt::format("{}: snapshot says {} holds it, the replay of the log says {}", s_.map.name(l), g_.str(h.side), side_name(holder(l))));
    }
    for (const auto& sc : sn.scores) {
        const SideId side = side_of(sc.name);
        if (side == kNoSide) {
            snapshot_unknown("unknown-side", sc.line, "side", sc.name);
            continue;
        }
        if (sc.value != totals_[static_cast<std::size_t>(side)])
            mismatch(sc.line, fmt::format("{} score: snapshot says {}, the replay of the log gives {}", side_name(side), sc.value, totals_[static_cast<std::size_t>(side)]));
    }
    for (const auto& t : sn.tracks) {
        if (const std::int32_t at = track_of(t.name); at >= 0) {
            if (area_->track(at) != t.value)
                mismatch(t.line, fmt::format("track {}: snapshot says {}, the replay of the log gives {}", g_.str(t.name), t.value, area_->track(at)));
            continue;
        }
        auto it = std::find_if(tracks_.begin(), tracks_.end(), [&](const auto& x) { return x.first == t.name; });
        if (it == tracks_.end() || it->second != t.value)
            mismatch(t.line, fmt::format("track {}: snapshot says {}, the replay of the log gives {}", g_.str(t.name), t.value,
                                         it == tracks_.end() ? std::string("no value") : std::to_string(it->second)));
    }
}

// A save with a snapshot and no log: the snapshot is the position to judge.
void Replay::judge_snapshot_alone() {
    const Snapshot& sn = *g_.snapshot;
    turn_ = sn.turn ? static_cast<std::int32_t>(std::clamp<std::int64_t>(*sn.turn, 0, INT32_MAX)) : 0;
    for (const auto& su : sn.units) {
        const std::int32_t u = unit_of(su.id);
        if (u < 0) {
            snapshot_unknown("unknown-unit", su.line, "unit", su.id);
            continue;
        }
        UnitState& us = units_[static_cast<std::size_t>(u)];
        leave(u);
        const LocId l = loc_of(su.at);
        if (su.at != kNoSym && l == kNoLoc)
            snapshot_unknown("unknown-location", su.line, "location", su.at);
        if (su.strength) us.strength = *su.strength;
        const UnitStatus st = su.status.value_or(us.status);
        const LocId keep = us.loc;
        us.status = st;
        if (st == UnitStatus::OnMap) {
            // On the map where the snapshot says; with no location given, where the set-up had it.
            const LocId where = l != kNoLoc ? l : keep;
            if (where != kNoLoc) place(u, where);
            else us.status = UnitStatus::OffMap;
        }
        if (st == UnitStatus::Exited) {
            us.exit_loc = l;
            us.exit_legal = true;  // the snapshot does not say how it left: taken as it stands
        }
    }
    for (const auto& h : sn.holds) {
        const LocId l = loc_of(h.loc);
        const SideId side = side_of(h.side);
        if (l != kNoLoc && side != kNoSide) last_mover_[static_cast<std::size_t>(l)] = side;
    }
    // What history would give: eliminated units' strength and exits, from the statuses.
    for (std::size_t u = 0; u < units_.size(); ++u) {
        UnitState& us = units_[u];
        if (us.status == UnitStatus::Eliminated) {
            score_elimination(us.side, us.initial_strength);
            us.strength = 0;
        } else if (us.status == UnitStatus::Exited) {
            score_exit(us);
        }
    }
    const bool at_end = turns_ > 0 && turn_ >= turns_;
    // Awards made at the end of each player-turn (14.53) accumulate over the game's history, which
    // a snapshot without its log does not have.
    for (const auto& pr : s_.points)
        if (pr.kind == PointsKind::ExitLead)
            unscored_note(pr, fmt::format("it accumulates at the end of each {} player-turn, and the save has no log to replay",
                                          side_name(pr.each_turn_of)),
                          false);
    if (banners_on_)
        notes_.push_back("B1: banners are counted record by record as the game is played; a save without its log has no record to count "
                         "them from, so only its snapshot's scores can stand for them");
    build_scores(at_end);
    std::vector<std::string> taken;
    for (const auto& sc : sn.scores) {
        const SideId side = side_of(sc.name);
        if (side == kNoSide) {
            snapshot_unknown("unknown-side", sc.line, "side", sc.name);
            continue;
        }
        SideScore& ss = rep_.scores[static_cast<std::size_t>(side)];
        ss.items.assign(1, ScoreItem{"snapshot", sc.value, fmt::format("score taken from the save's snapshot (line {}): no log to recompute it", sc.line)});
        ss.total = sc.value;
        totals_[static_cast<std::size_t>(side)] = sc.value;
        taken.push_back(s_.sides[static_cast<std::size_t>(side)]);
    }
    notes_.push_back(taken.empty()
                         ? std::string("the save has no log: the result is judged from its snapshot's position")
                         : fmt::format("the save has no log: the result is judged from its snapshot; the scores of {} are the snapshot's own",
                                       fmt::join(taken, " and ")));
    if (at_end) {
        game_over(Over::LastTurn, sn.line, fmt::format("snapshot at game-turn {}", turn_));
        rep_.complete = true;
        rep_.result.decided = decided_;
        rep_.result.line = sn.line;
        const SideId best = leader();
        rep_.result.winner = best == kNoSide ? std::string("draw") : std::string(side_name(best));
        if (factions_on_) {  // 7.3: the snapshot's totals rank the factions
            const auto order = rank_factions(s_, totals_, non_player_, treaty_, -1, one_player_);
            rep_.result.winner = std::string(side_name(order.front()));
            rep_.result.level = "final margins";
            for (SideId f : order) rep_.result.ranking.emplace_back(side_name(f));
        }
    } else {
        rep_.complete = false;
        rep_.violations.push_back(Violation{"incomplete", opts_.strict, sn.line, 0, "G5",
                                            turns_ > 0 ? fmt::format("the snapshot is at game-turn {}, before the game is over (game-turn {} is the last)", turn_, turns_)
                                                         : fmt::format("the snapshot is at game-turn {}; without the log, the end of the game cannot be established", turn_)});
        Provisional p;
        p.turn = turn_;
        p.line = sn.line;
        const SideId best = leader();
        p.standing = best == kNoSide ? "even" : std::string(side_name(best));
        rep_.result.provisional = p;
    }
}

Report Replay::run() {
    rep_.file = g_.file;
    rep_.scenario = s_.id;
    if (!setup()) {
        rep_.judged = false;
        return std::move(rep_);
    }
    rep_.judged = true;
    path_.reserve(16);
    const bool snapshot_alone = !g_.has_log && g_.snapshot;
    for (const auto& r : g_.records) {
        if (snapshot_alone && !is_header(r.kind)) continue;
        cur_rec_ = &r;
        do_record(r);
        if (area_ && !overflow_ && area_->overflowed()) note_overflow();  // the line where a count passed 64 bits
        if (banners_on_) after_record(r);
    }
    cur_rec_ = nullptr;
    if (fatal_) {
        rep_.judged = false;  // an objective or target that cannot be understood: no verdict
    } else if (snapshot_alone) {
        judge_snapshot_alone();
    } else {
        if (banners_on_)
            for (std::size_t sd = 0; sd < nsides_; ++sd)
                if (targets_[sd] <= 0)
                    notes_.push_back(fmt::format("B1: {} has no banner target (no target record, none in the scenario): it cannot win by sudden death",
                                                 side_name(static_cast<SideId>(sd))));
        if (over_ == Over::No && turn_ == (s_.automatic ? s_.automatic->after_turn : -1)) maybe_automatic(last_applied_line_);
        decide();
        if (g_.snapshot) compare_snapshot();
    }
    // Points, banners, tracks or margins past 64 bits cannot be counted exactly (G4): whatever was
    // computed from them is not a result.
    if (rep_.judged && (overflow_ || (area_ && area_->overflowed()))) {
        rep_.judged = false;
        rep_.complete = false;
        rep_.result = Verdict{};
        rep_.scores.clear();
        rep_.banners.clear();
        rep_.margins.clear();
        rep_.violations.push_back(Violation{
            "score-overflow", true, overflow_ ? overflow_line_ : 0, 0, "G4",
            fmt::format("a score, count or track passes the 64-bit range ({} to {}){}: it cannot be counted exactly, so the game gets no result",
                        INT64_MIN, INT64_MAX,
                        overflow_ && overflow_line_ != 0 ? fmt::format(" at line {}", overflow_line_) : std::string(" when the scores are counted"))});
    }
    if (rep_.judged) {
        judge_claims();
        for (const auto& ru : s_.rulings) rep_.rulings.push_back(fmt::format("{}: {}", ru.id, ru.text));
        for (auto& n : notes_) rep_.rulings.push_back(std::move(n));
    }
    std::stable_sort(rep_.violations.begin(), rep_.violations.end(),
                     [](const Violation& a, const Violation& b) { return a.line < b.line; });
    return std::move(rep_);
}

}  // namespace

namespace {

// A scenario whose sides come from the game (the victory-banner family): its sides are the game's
// `side` records, in their order. Anything else cannot be judged (exit status 2).
std::optional<Scenario> bind_sides(const GameRecord& game, const Scenario& scenario, Report& rep) {
    Scenario bound = scenario;
    bound.sides.clear();
    const Record* last = nullptr;
    auto fail = [&](const Record* r, std::string msg) {
        rep.violations.push_back(Violation{"side-declaration", true, r ? r->line : 1, r ? r->col : 1, "move-log.md header records", std::move(msg)});
        return std::nullopt;
    };
    for (const Record& r : game.records) {
        if (r.kind == Kind::Turn) break;
        if (r.kind != Kind::Side) continue;
        last = &r;
        const std::string_view name = game.str(r.a);
        if (is_reserved_side_word(name) || iequals(name, "draw"))  // "draw": claim winner draw
            return fail(&r, fmt::format("'{}' cannot name a side: it is a reserved word of the move log and the scenario format", name));
        if (bound.find_side(name) != kNoSide) return fail(&r, fmt::format("side {} is declared twice", name));
        if (static_cast<std::int32_t>(bound.sides.size()) == scenario.game_sides)
            return fail(&r, fmt::format("{} is played by {} sides; this is a {}th side record", scenario.title, scenario.game_sides, bound.sides.size() + 1));
        bound.sides.emplace_back(name);
    }
    if (static_cast<std::int32_t>(bound.sides.size()) != scenario.game_sides)
        return fail(last, fmt::format("{} takes its {} sides from the game's side records (`side <name>` before the first turn); the game declares {}",
                                      scenario.title, scenario.game_sides, bound.sides.size()));
    bound.sides_from_game = false;
    bound.targets.resize(bound.sides.size(), 0);
    return bound;
}

}  // namespace

Report judge(const GameRecord& game, const Scenario& scenario, const CheckOptions& opts) {
    if (scenario.sides_from_game) {
        Report rep;
        rep.file = game.file;
        rep.scenario = scenario.id;
        std::optional<Scenario> bound = bind_sides(game, scenario, rep);
        if (!bound) return rep;  // judged == false
        Replay r(game, *bound, opts);
        return r.run();
    }
    Replay r(game, scenario, opts);
    return r.run();
}

}  // namespace referee
