// The definitions of the move-log grammar's rules (declared in move_log_grammar.hpp), as X3's
// rexpr example keeps them in rexpr_def.hpp; included by the driver, move_log.cpp (why there and
// not in a source of their own: move_log_grammar.hpp). Every operand is a named rule (`as`,
// `named`), so an expectation failure says what was expected there; errors go to the handler of
// move_log_error_handler.hpp.
#pragma once

#include "move_log_ast.hpp"
#include "move_log_ast_adapted.hpp"
#include "move_log_error_handler.hpp"
#include "move_log_grammar.hpp"
#include "move_log_keywords.hpp"
#include "move_log_parsers.hpp"

#include <boost/spirit/home/x3.hpp>

#include <cstdint>
#include <memory>

namespace referee::movelog::grammar {

using x3::matches;

// A named rule inline: `as<T>("what is expected", parser)`; the name is what an expectation
// failure reports.
template <typename T, typename Parser>
auto as(char const* name, Parser const& p) {
    return x3::rule<struct as_rule, T>{name} = x3::as_parser(p);
}

inline parsers::token_parser const tok{};
inline parsers::int_parser const num{};  // any 64-bit integer: sums of points and counts are checked (G4)
// A game-turn: a range in which the next turn's number cannot overflow (docs/move-log.md,
// "Numbers"; record.hpp's kMaxTurnNumber).
inline parsers::int_parser const turn_num{0, kMaxTurnNumber, "a game-turn"};
inline parsers::record_keyword_parser const keyword_{};
inline parsers::end_parser const eol{};
inline parsers::list_word_parser const unit_list{"a unit id"};
inline parsers::list_word_parser const loc_list{"a location"};

constexpr parsers::keyword_parser kw(const char* word) { return parsers::keyword_parser(word); }
template <typename Parser>
constexpr auto named(const char* name, Parser const& p) {
    return parsers::named_directive<typename x3::extension::as_parser<Parser>::value_type>(name, x3::as_parser(p));
}

template <typename T, typename Matcher>
constexpr parsers::closed_word_parser<T, Matcher> closed_word(Matcher const& m) {
    return parsers::closed_word_parser<T, Matcher>(std::addressof(m));
}
inline auto const setup_mode = closed_word<bool>(tables::setup_mode_matcher);
inline auto const objective_kind = closed_word<ObjectiveKind>(tables::objective_kind_matcher);
inline auto const support_level = closed_word<SupportLevel>(tables::support_level_matcher);
inline auto const piece = closed_word<Piece>(tables::piece_matcher);

// Operands, each named by what is expected.
auto const end_of_record = as<x3::unused_type>("end of line after the record", eol);
auto const unit_id = as<ast::Tok>("a unit id", tok);
auto const side = as<ast::Tok>("a side", tok);
auto const location = as<ast::Tok>("a location", tok);
auto const faction = as<ast::Tok>("a faction", tok);
auto const space = as<ast::Tok>("a space", tok);

// Paths: two or more locations; a bare "->" between two of them is dropped. The locations are
// pushed onto the path being built (_val) by a semantic action: X3 would otherwise append the
// tail of a sequence to a non-empty container through a temporary vector, an allocation a line.
auto const push_loc = [](auto& ctx) { x3::_val(ctx).push_back(x3::_attr(ctx)); };
auto const arrow = kw("->");
auto const path_loc = as<ast::Tok>("a location", parsers::path_location_parser(false));
auto const loc_after_arrow = as<ast::Tok>("a location after '->'", path_loc);
auto const path_step = as<ast::Tok>("a location", (arrow > loc_after_arrow) | path_loc);
struct path_class;
x3::rule<path_class, ast::Toks> const path = "a path (two or more locations)";
auto const path_def =
    path_loc[push_loc] > named("a second location of the path", path_step[push_loc]) > *path_step[push_loc];

// retreat: a bare "off" as the last token is the keyword, not a location; with it the path may
// be one location.
auto const off_at_end = kw("off") >> eol;
auto const retreat_loc = as<ast::Tok>("a location", parsers::path_location_parser(true));
auto const retreat_step = as<ast::Tok>("a location", (arrow > as<ast::Tok>("a location after '->'", retreat_loc)) | retreat_loc);
struct retreat_path_class;
x3::rule<retreat_path_class, ast::Toks> const retreat_path = "a path (two or more locations, or one and 'off')";
auto const retreat_path_def =
    retreat_loc[push_loc] >
    named("a second location of the path or 'off'", &off_at_end | retreat_step[push_loc]) >
    *retreat_step[push_loc];
BOOST_SPIRIT_DEFINE(path, retreat_path)

// unit options, in any order; at, enters and ma at most once each (semantic actions on the
// UnitOpts being built, reached as _val). The option nodes are annotated with their position,
// so that a repeated option is reported at its keyword.
struct at_option_class : annotate_position {};
struct enters_option_class : annotate_position {};
struct ma_option_class : annotate_position {};
x3::rule<at_option_class, ast::AtOpt> const at_option = "'at'";
x3::rule<enters_option_class, ast::EntersOpt> const enters_option = "'enters'";
x3::rule<ma_option_class, ast::MaOpt> const ma_option = "'ma'";
auto const at_option_def = kw("at") > as<ast::Tok>("a location after 'at'", tok);
auto const enters_option_def = kw("enters") > as<std::int64_t>("a number (turn) after 'enters'", turn_num) >
                               as<x3::unused_type>("'at' after 'enters <turn>'", kw("at")) >
                               as<ast::Tok>("a location after 'at'", tok);
auto const ma_option_def = kw("ma") > as<std::int64_t>("a number (movement allowance) after 'ma'", num);
auto const role_option = kw("role") > as<ast::Tok>("a role after 'role'", tok);

auto const set_at = [](auto& ctx) {
    ast::UnitOpts& opts = x3::_val(ctx);
    if (opts.at) throw syntax_error(x3::_attr(ctx).where, "'at' given twice: a unit has at most one 'at <loc>'");
    opts.at = x3::_attr(ctx);
};
auto const set_enters = [](auto& ctx) {
    ast::UnitOpts& opts = x3::_val(ctx);
    if (opts.enters)
        throw syntax_error(x3::_attr(ctx).where, "'enters' given twice: a unit has at most one 'enters <turn> at <loc>'");
    opts.enters = x3::_attr(ctx);
};
auto const set_ma = [](auto& ctx) {
    ast::UnitOpts& opts = x3::_val(ctx);
    if (opts.ma) throw syntax_error(x3::_attr(ctx).where, "'ma' given twice: a unit has at most one 'ma <n>'");
    opts.ma = x3::_attr(ctx);
};
auto const add_role = [](auto& ctx) { x3::_val(ctx).roles.push_back(x3::_attr(ctx)); };

struct unit_options_class;
x3::rule<unit_options_class, ast::UnitOpts> const unit_options = "unit options";
auto const unit_options_def = *(at_option[set_at] | enters_option[set_enters] | ma_option[set_ma] | role_option[add_role]);
BOOST_SPIRIT_DEFINE(at_option, enters_option, ma_option, unit_options)

// objective options, likewise in any order, each at most once.
struct banners_option_class : annotate_position {};
struct held_by_option_class : annotate_position {};
x3::rule<banners_option_class, ast::BannersOpt> const banners_option = "'banners'";
x3::rule<held_by_option_class, ast::HeldByOpt> const held_by_option = "'held-by'";
auto const banners_option_def = kw("banners") > as<std::int64_t>("a number (banners) after 'banners'", num);
auto const held_by_option_def = kw("held-by") > as<ast::Tok>("a side after 'held-by'", tok);
auto const set_banners = [](auto& ctx) {
    ast::ObjectiveOpts& opts = x3::_val(ctx);
    if (opts.banners) throw syntax_error(x3::_attr(ctx).where, "'banners' given twice");
    opts.banners = x3::_attr(ctx);
};
auto const set_held_by = [](auto& ctx) {
    ast::ObjectiveOpts& opts = x3::_val(ctx);
    if (opts.held_by) throw syntax_error(x3::_attr(ctx).where, "'held-by' given twice");
    opts.held_by = x3::_attr(ctx);
};
struct objective_options_class;
x3::rule<objective_options_class, ast::ObjectiveOpts> const objective_options = "objective options";
auto const objective_options_def = *(banners_option[set_banners] | held_by_option[set_held_by]);
BOOST_SPIRIT_DEFINE(banners_option, held_by_option, objective_options)

// Die rolls, pushed onto the list being built (_val) like the locations of a path: `+num` inside
// an `as` rule filled a temporary vector, an allocation a combat.
auto const push_int = [](auto& ctx) { x3::_val(ctx).push_back(x3::_attr(ctx)); };
struct combat_rolls_class;
struct roll_values_class;
x3::rule<combat_rolls_class, ast::Ints> const combat_rolls = "'roll'";
x3::rule<roll_values_class, ast::Ints> const roll_values = "a number (die roll)";
auto const combat_rolls_def =
    -((kw("roll") > named("a number (die roll) after 'roll'", num[push_int])) >> *num[push_int]);
auto const roll_values_def = num[push_int] >> *num[push_int];
BOOST_SPIRIT_DEFINE(combat_rolls, roll_values)

// claim score pairs
auto const score_pair = as<ast::ScorePair>("a side and its score", tok > as<std::int64_t>("a number (score)", num));

///////////////////////////////////////////////////////////////////////////////////////////////
// One rule per record kind. Each starts at the record keyword.
///////////////////////////////////////////////////////////////////////////////////////////////
struct record_rule_base : error_handler_base, annotate_position {};

struct game_class : record_rule_base {};
struct tag_class : record_rule_base {};
struct side_class : record_rule_base {};
struct player_class : record_rule_base {};
struct param_class : record_rule_base {};
struct setup_class : record_rule_base {};
struct unit_class : record_rule_base {};
struct hold_class : record_rule_base {};
struct objective_class : record_rule_base {};
struct target_class : record_rule_base {};
struct resume_class : record_rule_base {};
struct turn_class : record_rule_base {};
struct phase_class : record_rule_base {};
struct path_record_class : record_rule_base {};
struct unit_loc_class : record_rule_base {};
struct retreat_class : record_rule_base {};
struct eliminate_class : record_rule_base {};
struct lose_class : record_rule_base {};
struct combat_class : record_rule_base {};
struct roll_class : record_rule_base {};
struct chat_class : record_rule_base {};
struct support_class : record_rule_base {};
struct place_class : record_rule_base {};
struct remove_class : record_rule_base {};
struct casualty_class : record_rule_base {};
struct city_class : record_rule_base {};
struct card_class : record_rule_base {};
struct track_class : record_rule_base {};
struct award_class : record_rule_base {};
struct concede_class : record_rule_base {};
struct claim_winner_class : record_rule_base {};
struct claim_draw_class : record_rule_base {};
struct claim_score_class : record_rule_base {};
struct end_class : record_rule_base {};

// header
auto const game_record_def = keyword_ > as<ast::Tok>("a scenario (an id or a path) after 'game'", tok) > end_of_record;
auto const tag_record_def = keyword_ > as<ast::Tok>("a tag name", tok) > as<ast::Tok>("a tag value", tok) > end_of_record;
auto const side_record_def = keyword_ > as<ast::Tok>("a side name", tok) > end_of_record;
auto const player_record_def = keyword_ > side > as<ast::Tok>("a player name", tok) > end_of_record;
auto const param_record_def =
    keyword_ > as<ast::Tok>("a parameter name", tok) > as<ast::Tok>("a parameter value", tok) > end_of_record;
auto const setup_record_def = keyword_ > as<bool>("'standard' or 'custom'", setup_mode) > end_of_record;
auto const unit_record_def = keyword_ > unit_id > side > as<ast::Tok>("a unit type", tok) >
                             as<std::int64_t>("a number (strength)", num) > unit_options >
                             as<x3::unused_type>("'at', 'enters', 'ma', 'role' or end of line", eol);
auto const hold_record_def = keyword_ > location > side > end_of_record;
auto const objective_record_def =
    keyword_ >
    as<ObjectiveKind>("an objective kind (temporary, start-turn-temporary, temporary-group, "
                      "start-turn-temporary-group, majority, permanent, start-turn-permanent, last-to-occupy)",
                      objective_kind) >
    as<ast::Tok>("a side (or 'any')", tok) > as<ast::Tok>("a location, or locations joined by ','", loc_list) >
    objective_options > as<x3::unused_type>("'banners', 'held-by' or end of line", eol);
auto const target_record_def = keyword_ > side > as<std::int64_t>("a number (banners)", num) > end_of_record;

// The game-turn a record takes the game up in (a save made, or a log begun, after turn 1).
auto const resume_record_def = keyword_ > as<std::int64_t>("a number (the game-turn play resumes in)", turn_num) > end_of_record;

// sequence
auto const turn_record_def = keyword_ > as<std::int64_t>("a number (turn)", turn_num) > end_of_record;
auto const phase_record_def =
    keyword_ > as<ast::Tok>("a phase name (or a side and a phase name)", tok) > -tok > end_of_record;

// units
auto const path_record_def = keyword_ > unit_id > path > end_of_record;
auto const unit_loc_record_def = keyword_ > unit_id > location > end_of_record;
auto const retreat_record_def =
    keyword_ > unit_id > retreat_path > matches[kw("off")] > as<x3::unused_type>("end of line after 'off'", eol);
auto const eliminate_record_def = keyword_ > unit_id > end_of_record;
auto const lose_record_def = keyword_ > unit_id > as<std::int64_t>("a number (strength lost)", num) > end_of_record;
auto const combat_record_def =
    keyword_ > as<ast::Tok>("the attacking units (a unit id, or ids joined by ',')", !kw("vs") >> unit_list) >
    kw("vs") > as<ast::Tok>("the defending units after 'vs'", unit_list) >
    -(kw("odds") > as<ast::Tok>("the odds after 'odds'", tok)) >
    combat_rolls >
    -(kw("result") > as<ast::Tok>("a result after 'result'", tok)) >
    as<x3::unused_type>("'odds', 'roll', 'result' or end of line", eol);
auto const roll_record_def = keyword_ > as<ast::Tok>("the dice (such as 2d6)", tok) > roll_values > end_of_record;
auto const chat_record_def =
    keyword_ > as<ast::Tok>("the speaker", tok) > as<ast::Toks>("the chat text", +tok) > end_of_record;

// areas and tracks
auto const support_record_def =
    keyword_ > space >
    as<SupportLevel>("a support level (active-support, passive-support, neutral, passive-opposition, "
                     "active-opposition)",
                     support_level) >
    end_of_record;
auto const piece_operand =
    as<Piece>("a piece (regular, tory, continental, militia, war-party, village, fort)", piece);
auto const place_record_def =
    keyword_ > faction > piece_operand > space > -num > as<x3::unused_type>("a count or end of line", eol);
auto const remove_record_def = keyword_ > faction > piece_operand > space > -num > matches[kw("casualty")] >
                               as<x3::unused_type>("a count, 'casualty' or end of line", eol);
auto const casualty_record_def =
    keyword_ > faction > piece_operand > as<std::int64_t>("a number (count)", num) > end_of_record;
auto const city_record_def = keyword_ > as<ast::Tok>("a city", tok) > end_of_record;
auto const card_record_def = keyword_ > as<ast::Tok>("a card id", tok) > -tok >
                             as<x3::unused_type>("end of line after the title (quote a title with spaces)", eol);
auto const track_record_def =
    keyword_ > as<ast::Tok>("a track name", tok) > as<std::int64_t>("a number (track value)", num) > end_of_record;

// results and claims
auto const award_record_def = keyword_ > side > as<std::int64_t>("a number (points)", num) >
                              as<ast::Toks>("the reason", +tok) > end_of_record;
auto const concede_record_def = keyword_ > side > end_of_record;
auto const claim_keywords_ = keyword_ >> keyword_;  // "claim winner" ...
auto const claim_winner_record_def = claim_keywords_ > side > -tok > end_of_record;
auto const claim_draw_record_def = claim_keywords_ > end_of_record;
auto const claim_score_record_def = claim_keywords_ > score_pair > *score_pair > end_of_record;
auto const end_record_def = keyword_ > end_of_record;

BOOST_SPIRIT_DEFINE(game_record, tag_record, side_record, player_record, param_record, setup_record, unit_record,
                    hold_record, objective_record, target_record, resume_record, turn_record, phase_record)
BOOST_SPIRIT_DEFINE(path_record, unit_loc_record, retreat_record, eliminate_record, lose_record, combat_record,
                    roll_record, chat_record)
BOOST_SPIRIT_DEFINE(support_record, place_record, remove_record, casualty_record, city_record, card_record,
                    track_record)
BOOST_SPIRIT_DEFINE(award_record, concede_record, claim_winner_record, claim_draw_record, claim_score_record,
                    end_record)

}  // namespace referee::movelog::grammar