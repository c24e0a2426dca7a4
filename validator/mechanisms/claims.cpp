// The players' claims, compared with the verdict (claim-mismatch, citing the rule of victory).
#include "claims.hpp"

#include "diagnostics.hpp"
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
    const bool group = r.kind == Kind::ClaimWinner && game.victory->is_group(game.str(r.a));
    if (r.kind == Kind::ClaimWinner && game.names.side(r.a) == kNoSide && !group && !iequals(game.str(r.a), "draw")) game.unknown_side(r, r.a);
    Record kept = r;
    if (r.kind == Kind::ClaimScore) {
        for (Sym s : game.list(r.list))
            if (game.names.side(s) == kNoSide) game.unknown_side(r, s);
        kept.list = Span{static_cast<std::uint32_t>(syms_.size()), r.list.len};
        for (Sym s : game.list(r.list)) syms_.push_back(s);
        kept.ints = Span{static_cast<std::uint32_t>(ints_.size()), r.ints.len};
        for (std::int64_t n : game.ints(r.ints)) ints_.push_back(n);
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
            Claim c;
            c.line = r.line;
            c.claim = "winner";
            const bool draw = r.kind == Kind::ClaimDraw || iequals(game.str(r.a), "draw");
            const SideId side = draw ? kNoSide : game.names.side(r.a);
            c.stated = draw ? "draw" : std::string(side == kNoSide ? game.str(r.a) : game.side_name(side));
            c.computed = computed_winner;
            c.agrees = v.winner && (draw ? *v.winner == "draw" : *v.winner == game.side_name(side));
            if (side == kNoSide && !draw)
                if (const std::string* g = game.victory->claimed_group(game.str(r.a))) {  // 7.2: the side of a combined victory
                    c.stated = *g;
                    c.agrees = true;
                }
            if (r.kind == Kind::ClaimWinner && r.b != kNoSym) {
                c.stated += fmt::format(" ({})", game.str(r.b));
                c.computed += v.level ? fmt::format(" ({})", *v.level) : std::string(" (no level)");
                c.agrees = c.agrees && v.level && iequals(*v.level, game.str(r.b));
            }
            if (!c.agrees)
                game.findings.add(Code::ClaimMismatch, r.line, end_rule,
                                  fmt::format("the players report winner {}; the record gives {}", c.stated, c.computed));
            verdict.claims.push_back(std::move(c));
            continue;
        }
        const auto& totals = game.sheet.totals();
        for (std::uint32_t i = 0; i < r.list.len && i < r.ints.len; ++i) {
            const Sym name = syms_[r.list.off + i];
            const std::int64_t pts = ints_[r.ints.off + i];
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
