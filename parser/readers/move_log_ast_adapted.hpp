// Boost.Fusion adaptations of the move-log AST (move_log_ast.hpp), so that the Spirit X3
// grammar's sequences fill the structs member by member. The Positioned base is not adapted:
// it is set by the grammar's annotate_position handler.
#pragma once

#include "move_log_ast.hpp"

#include <boost/fusion/include/adapt_struct.hpp>

BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::OneTok, a)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::TwoToks, a, b)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::TokOptTok, a, b)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::TokInt, a, n)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::TurnRec, n)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::SetupRec, custom)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::AtOpt, loc)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::EntersOpt, turn, loc)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::MaOpt, n)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::UnitRec, id, side, type, strength, opts)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::BannersOpt, n)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::HeldByOpt, side)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::ObjectiveRec, kind, side, locs, opts)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::PathRec, unit, path)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::RetreatRec, unit, path, off)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::CombatRec, attackers, defenders, odds, rolls, result)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::RollRec, dice, values)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::ChatRec, speaker, text)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::AwardRec, side, n, reason)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::SupportRec, space, level)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::PlaceRec, faction, piece, space, count)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::RemoveRec, faction, piece, space, count, casualty)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::CasualtyRec, faction, piece, count)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::ScorePair, side, n)
BOOST_FUSION_ADAPT_STRUCT(referee::movelog::ast::ClaimScoreRec, first, more)
