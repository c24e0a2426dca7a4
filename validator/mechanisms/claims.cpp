// The players' claims, compared with the verdict (claim-mismatch, citing the rule of victory).
#include "claims.hpp"

#include "diagnostics.hpp"
#include "record_views.hpp"
#include "text.hpp"

#include <fmt/format.h>

#include <array>

namespace referee {

std::span<const Kind> Claims::kinds() const {
    static constexpr std::array<Kind, 3> k{Kind::ClaimWinner, Kind::ClaimDraw, Kind::ClaimScore};
    return k;
}

void Claims::on_record(const Record& r) {
    // In a faction game a winner may also be one of the rules' two sides (a combined victory, 7.2).
    const auto w = rec::claim_winner(r);  // read only for a claim winner
    const bool group = r.kind == Kind::ClaimWinner && game.victory->is_group(game.str(w.side()));
    if (r.kind == Kind::ClaimWinner && game.names.side(w.side()) == kNoSide && !group && !iequals(game.str(w.side()), "draw"))
        game.unknown_side(r, w.side());
    Record kept = r;
    if (r.kind == Kind::ClaimScore) {
        const auto cs = rec::claim_score(r);
        for (Sym s : game.list(cs.sides()))
            if (game.names.side(s) == kNoSide) game.unknown_side(r, s);
        rec::claim_score(kept).sides() = Span{static_cast<std::uint32_t>(syms_.size()), cs.sides().len};
        for (Sym s : game.list(cs.sides())) syms_.push_back(s);
        rec::claim_score(kept).points() = Span{static_cast<std::uint32_t>(ints_.size()), cs.points().len};
        for (std::int64_t n : game.ints(cs.points())) ints_.push_back(n);
    }
    claims_.push_back(kept);
}

void Claims::on_judged(Verdict& verdict) {
    const Result& v = verdict.result;
    // The scenario's rule for the end of the game; a scenario file that names none: the move log's
    // claims (docs/move-log.md#results-and-claims), so that a mismatch always cites something.
    const std::string_view end_rule =
        game.scenario.end_rule.empty() ? code_info(Code::ClaimMismatch).cites : std::string_view(game.scenario.end_rule);
    const std::string computed_winner = v.winner ? *v.winner : std::string("none (no result)");
    for (const Record& r : claims_) {
        if (r.kind == Kind::ClaimWinner || r.kind == Kind::ClaimDraw) {
            const auto w = rec::claim_winner(r);  // read only for a claim winner (a claim draw has no side)
            Claim c;
            c.line = r.line;
            c.claim = "winner";
            const bool draw = r.kind == Kind::ClaimDraw || iequals(game.str(w.side()), "draw");
            const SideId side = draw ? kNoSide : game.names.side(w.side());
            c.stated = draw ? "draw" : std::string(side == kNoSide ? game.str(w.side()) : game.side_name(side));
            c.computed = computed_winner;
            c.agrees = v.winner && (draw ? *v.winner == "draw" : *v.winner == game.side_name(side));
            if (side == kNoSide && !draw)
                if (const std::string* g = game.victory->claimed_group(game.str(w.side()))) {  // 7.2: the side of a combined victory
                    c.stated = *g;
                    c.agrees = true;
                }
            if (r.kind == Kind::ClaimWinner && w.level() != kNoSym) {
                c.stated += fmt::format(" ({})", game.str(w.level()));
                c.computed += v.level ? fmt::format(" ({})", *v.level) : std::string(" (no level)");
                c.agrees = c.agrees && v.level && iequals(*v.level, game.str(w.level()));
            }
            if (!c.agrees)
                game.findings.add(Code::ClaimMismatch, r.line, end_rule,
                                  fmt::format("the players report winner {}; the record gives {}", c.stated, c.computed));
            verdict.claims.push_back(std::move(c));
            continue;
        }
        const auto& totals = game.sheet.totals();
        const auto cs = rec::claim_score(r);  // its lists are in syms_ and ints_
        for (std::uint32_t i = 0; i < cs.sides().len && i < cs.points().len; ++i) {
            const Sym name = syms_[cs.sides().off + i];
            const std::int64_t pts = ints_[cs.points().off + i];
            const SideId side = game.names.side(name);
            Claim sc;
            sc.line = r.line;
            sc.claim = fmt::format("score {}", side == kNoSide ? game.str(name) : game.side_name(side));
            sc.stated = std::to_string(pts);
            sc.computed = side == kNoSide ? "unknown side" : std::to_string(totals[static_cast<std::size_t>(side)]);
            sc.agrees = side != kNoSide && totals[static_cast<std::size_t>(side)] == pts;
            if (!sc.agrees && side != kNoSide)
                game.findings.add(Code::ClaimMismatch, r.line, end_rule,
                                  fmt::format("the players report {} {} {}; the record gives {}", game.side_name(side), pts,
                                              game.victory->score_word(), totals[static_cast<std::size_t>(side)]));
            verdict.claims.push_back(std::move(sc));
        }
    }
}

}  // namespace referee
