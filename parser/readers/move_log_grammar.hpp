// The Spirit X3 grammar of a move-log line (move-log.md), laid out like X3's rexpr example:
//   move_log_ast.hpp            the AST, and move_log_ast_adapted.hpp its Fusion adaptations
//   move_log_lexer.hpp          the lexical rules (blanks, WORDs, STRINGs, INTs)
//   move_log_keywords.hpp       the keyword tables
//   move_log_error_handler.hpp  errors as Diagnostics, and position annotation
//   move_log_parsers.hpp        the primitive parsers
//   move_log_grammar.hpp        this: the record rules as the driver sees them, with their context
//   move_log_grammar_def.hpp    the rules' definitions
// The driver, which runs them a line at a time, is move_log_parser.hpp (move_log.cpp, move_log_fast_paths.cpp).
//
// The driver includes move_log_grammar_def.hpp, so the rules are compiled in its own translation
// unit. rexpr instantiates its rules in a source of their own instead (BOOST_SPIRIT_INSTANTIATE of
// each rule for context_type): measured with GCC 12 at -O3, that cost `referee check` 1% to 2% more
// instructions on the 10^5-record logs (the lexer's scan_token, inlined into the rules when they are
// compiled with the driver, was called instead), for no gain but build time.
//
// The grammar runs over one line at a time, on `const char*` iterators, with spaces and tabs as
// the skipper. The driver reads the record keyword first and then runs the one rule of that
// record kind (parse() below), so each rule starts by stepping over the keyword it already knows.
// Tokens are taken as ranges of the line (ast::Tok); nothing is copied. (For the plain forms of
// move, advance and combat the driver has fast paths that must make what path_record and
// combat_record make: keep them in step, tests/parser/readers/test_move_log.cpp PlainFastPaths.)
#pragma once

#include "move_log_ast.hpp"
#include "move_log_error_handler.hpp"
#include "move_log_lexer.hpp"
#include "move_log_parsers.hpp"

#include <boost/spirit/home/x3.hpp>

#include <functional>

namespace referee::movelog::grammar {

// The skipper, and the context every record rule runs in: the skipper's and the error handler's.
inline parsers::blank_parser const skipper{};
using phrase_context_type = x3::phrase_parse_context<parsers::blank_parser>::type;
using context_type = x3::context<error_handler_tag, std::reference_wrapper<line_error_handler>, phrase_context_type>;

// One rule per record kind, named by its keyword; the rule IDs are defined in move_log_grammar_def.hpp.
struct game_class; struct tag_class; struct side_class; struct player_class; struct param_class; struct setup_class;
struct unit_class; struct hold_class; struct objective_class; struct target_class; struct resume_class; struct turn_class;
struct phase_class; struct path_record_class; struct unit_loc_class; struct retreat_class; struct eliminate_class;
struct lose_class; struct combat_class; struct roll_class; struct chat_class; struct support_class;
struct place_class; struct remove_class; struct casualty_class; struct city_class; struct card_class;
struct track_class; struct award_class; struct concede_class; struct claim_winner_class; struct claim_draw_class;
struct claim_score_class; struct end_class;

x3::rule<game_class, ast::OneTok> const game_record = "game";
x3::rule<tag_class, ast::TwoToks> const tag_record = "tag";
x3::rule<side_class, ast::OneTok> const side_record = "side";
x3::rule<player_class, ast::TwoToks> const player_record = "player";
x3::rule<param_class, ast::TwoToks> const param_record = "param";
x3::rule<setup_class, ast::SetupRec> const setup_record = "setup";
x3::rule<unit_class, ast::UnitRec> const unit_record = "unit";
x3::rule<hold_class, ast::TwoToks> const hold_record = "hold";
x3::rule<objective_class, ast::ObjectiveRec> const objective_record = "objective";
x3::rule<target_class, ast::TokInt> const target_record = "target";
x3::rule<resume_class, ast::TurnRec> const resume_record = "resume";
x3::rule<turn_class, ast::TurnRec> const turn_record = "turn";
x3::rule<phase_class, ast::TokOptTok> const phase_record = "phase";
x3::rule<path_record_class, ast::PathRec> const path_record = "move/advance";
x3::rule<unit_loc_class, ast::TwoToks> const unit_loc_record = "enter/exit";
x3::rule<retreat_class, ast::RetreatRec> const retreat_record = "retreat";
x3::rule<eliminate_class, ast::OneTok> const eliminate_record = "eliminate";
x3::rule<lose_class, ast::TokInt> const lose_record = "lose";
x3::rule<combat_class, ast::CombatRec> const combat_record = "combat";
x3::rule<roll_class, ast::RollRec> const roll_record = "roll";
x3::rule<chat_class, ast::ChatRec> const chat_record = "chat";
x3::rule<support_class, ast::SupportRec> const support_record = "support";
x3::rule<place_class, ast::PlaceRec> const place_record = "place";
x3::rule<remove_class, ast::RemoveRec> const remove_record = "remove";
x3::rule<casualty_class, ast::CasualtyRec> const casualty_record = "casualty";
x3::rule<city_class, ast::OneTok> const city_record = "blockade/unblockade";
x3::rule<card_class, ast::TokOptTok> const card_record = "card";
x3::rule<track_class, ast::TokInt> const track_record = "track";
x3::rule<award_class, ast::AwardRec> const award_record = "award";
x3::rule<concede_class, ast::OneTok> const concede_record = "concede";
x3::rule<claim_winner_class, ast::TokOptTok> const claim_winner_record = "claim winner";
x3::rule<claim_draw_class, ast::NoOperands> const claim_draw_record = "claim draw";
x3::rule<claim_score_class, ast::ClaimScoreRec> const claim_score_record = "claim score";
x3::rule<end_class, ast::NoOperands> const end_record = "end";

BOOST_SPIRIT_DECLARE(decltype(game_record), decltype(tag_record), decltype(side_record), decltype(player_record),
                     decltype(param_record), decltype(setup_record), decltype(unit_record), decltype(hold_record),
                     decltype(objective_record), decltype(target_record), decltype(resume_record), decltype(turn_record),
                     decltype(phase_record), decltype(path_record), decltype(unit_loc_record),
                     decltype(retreat_record), decltype(eliminate_record), decltype(lose_record),
                     decltype(combat_record), decltype(roll_record), decltype(chat_record), decltype(support_record),
                     decltype(place_record), decltype(remove_record), decltype(casualty_record),
                     decltype(city_record), decltype(card_record), decltype(track_record), decltype(award_record),
                     decltype(concede_record), decltype(claim_winner_record), decltype(claim_draw_record),
                     decltype(claim_score_record), decltype(end_record))

// Runs a record rule on the line [first, last) from its keyword: true with `ast` filled, or false
// with the error reported to `errors`.
template <typename Rule>
bool parse(Rule const& rule, Iterator first, Iterator last, line_error_handler& errors,
           typename Rule::attribute_type& ast) {
    auto const parser = x3::with<error_handler_tag>(std::ref(errors))[rule];
    return x3::phrase_parse(first, last, parser, skipper, ast);
}

}  // namespace referee::movelog::grammar
