#include "session.hpp"

#include "assemble.hpp"
#include "record_views.hpp"

#include <algorithm>
#include <utility>

namespace referee {

namespace {
constexpr std::size_t kMaxIntake = 100000;
}  // namespace

Session::Session(const CheckOptions& opts, std::string file) : opts_(opts), file_(std::move(file)), scen_name_(opts.scenario) {
    if (opts.digest) digest_.emplace();
}
Session::~Session() = default;

// A syntax error anywhere means no verdict: what was applied is dropped, and nothing more is.
bool Session::syntax_error(const GameRecord& g) {
    for (; diagnostics_seen_ < g.diagnostics.size(); ++diagnostics_seen_)
        if (g.diagnostics[diagnostics_seen_].severity == Severity::Error) return true;
    if (g.errors_not_kept != 0) return true;  // past the cap of kept diagnostics, only counted
    diagnostics_seen_ = g.diagnostic_count();  // warnings past the cap
    return false;
}

bool Session::scenario_known(const GameRecord&) {
    if (scenario_) return true;
    if (load_ || scen_name_.empty()) return false;
    load_ = find_scenario(scen_name_, file_, opts_, opts_.scenario.empty());
    if (!load_->scenario) {  // reported with the report (unknown-scenario, scenario-file)
        stopped_ = true;
        intake_.clear();
        return false;
    }
    scenario_ = &*load_->scenario;
    return true;
}

static_assert(static_cast<int>(Kind::Game) <= static_cast<int>(Kind::Player) && static_cast<int>(Kind::Tag) <= static_cast<int>(Kind::Player) && static_cast<int>(Kind::Player) < static_cast<int>(Kind::Turn),
              "Session::record: the game, player and tag records are looked for among the first kinds");

void Session::begin(const GameRecord& g) {
    if (opts_.records) opts_.records->begin(g);
}

void Session::record(const Record& r, const GameRecord& g) {
    ++records_;
    if (opts_.records) [[unlikely]]
        opts_.records->record(r, g);
    if (digest_) digest_->add(r, g);
    // Whether the game names its scenario, who played and the game's tags, for the report (one
    // comparison a record: Game, Tag, Side and Player are the first kinds).
    if (static_cast<int>(r.kind) <= static_cast<int>(Kind::Player)) [[unlikely]] {
        if (r.kind == Kind::Game) {
            game_named_ = true;
        } else if (r.kind == Kind::Player) {
            players_.push_back(PlayerName{std::string(g.str(rec::player(r).side())), std::string(g.str(rec::player(r).name()))});
        } else if (r.kind == Kind::Tag) {
            std::string name(g.str(rec::tag(r).name())), value(g.str(rec::tag(r).value()));
            auto it = std::find_if(tags_.begin(), tags_.end(), [&](const auto& t) { return t.first == name; });
            if (it != tags_.end()) it->second = std::move(value);  // a tag given twice: its last value
            else tags_.emplace_back(std::move(name), std::move(value));
        }
    }
    if (live_ && diagnostics_seen_ == g.diagnostic_count()) [[likely]] return live_->record(r, g.syms_arena.data(), g.ints_arena.data());
    // The scenario is the first game record's, wherever it is (even after a syntax error: the
    // report names it).
    if (opts_.scenario.empty() && scen_name_.empty() && r.kind == Kind::Game) {
        scen_name_ = std::string(g.str(rec::game(r).scenario()));
        scen_line_ = r.line;
        scen_col_ = r.col;
    }
    if (stopped_) return;
    if (syntax_error(g)) {
        stopped_ = true;
        live_ = nullptr;
        engine_.reset();
        intake_.clear();
        return;
    }
    if (engine_) return engine_->record(r, g.syms_arena.data(), g.ints_arena.data());
    intake_.add(r, g);
    // The records before the first turn wait for the set-up to be complete; a game that holds more
    // than kMaxIntake of them starts there, so that memory does not grow with a hostile file of
    // records and no turn (docs/decisions.md, "Limits").
    if (scenario_known(g) && (intake_.complete(scenario_->alternate_turns) || intake_.records().size() >= kMaxIntake)) start(g);
}

void Session::end(const GameRecord& g) {
    if (opts_.records) opts_.records->end(g);
    if (stopped_ || engine_ || syntax_error(g)) return;
    if (scenario_known(g)) start(g);  // a game with no turn record: its set-up is all it has
}

void Session::start(const GameRecord& g) {
    const Scenario* s = scenario_;
    if (s->sides_from_game) {
        std::vector<Violation> errors;
        bound_ = bind_sides(intake_.records(), g, *s, errors);
        if (!bound_) {
            Report rep;
            rep.file = file_;
            rep.scenario = s->id;
            rep.violations = std::move(errors);
            unjudged_ = std::move(rep);
            stopped_ = true;
            intake_.clear();
            return;
        }
        s = &*bound_;
    }
    engine_ = std::make_unique<Engine>(*s, g, opts_);
    assemble(*engine_, intake_.records());
    if (engine_->start(intake_.records(), intake_.syms(), intake_.ints())) live_ = engine_.get();
    else stopped_ = true;  // its report says why
    intake_.clear();
}

}  // namespace referee
