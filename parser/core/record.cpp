#include "record.hpp"

namespace referee {

const char* kind_name(Kind k) {
    switch (k) {
        case Kind::Game: return "game";
        case Kind::Tag: return "tag";
        case Kind::Side: return "side";
        case Kind::Player: return "player";
        case Kind::Param: return "param";
        case Kind::Setup: return "setup";
        case Kind::Unit: return "unit";
        case Kind::Hold: return "hold";
        case Kind::Objective: return "objective";
        case Kind::Target: return "target";
        case Kind::Resume: return "resume";
        case Kind::Turn: return "turn";
        case Kind::Phase: return "phase";
        case Kind::Move: return "move";
        case Kind::Enter: return "enter";
        case Kind::Exit: return "exit";
        case Kind::Retreat: return "retreat";
        case Kind::Advance: return "advance";
        case Kind::Eliminate: return "eliminate";
        case Kind::Lose: return "lose";
        case Kind::Combat: return "combat";
        case Kind::Roll: return "roll";
        case Kind::Chat: return "chat";
        case Kind::Support: return "support";
        case Kind::Place: return "place";
        case Kind::Remove: return "remove";
        case Kind::Casualty: return "casualty";
        case Kind::Blockade: return "blockade";
        case Kind::Unblockade: return "unblockade";
        case Kind::Card: return "card";
        case Kind::Track: return "track";
        case Kind::Award: return "award";
        case Kind::Concede: return "concede";
        case Kind::ClaimWinner: return "claim winner";
        case Kind::ClaimDraw: return "claim draw";
        case Kind::ClaimScore: return "claim score";
        case Kind::End: return "end";
    }
    return "?";
}

bool is_header(Kind k) { return k <= Kind::Resume; }

bool objective_single_hex(ObjectiveKind k) {
    return k != ObjectiveKind::TemporaryGroup && k != ObjectiveKind::StartTurnTemporaryGroup && k != ObjectiveKind::Majority;
}

const char* objective_kind_name(ObjectiveKind k) {
    switch (k) {
        case ObjectiveKind::Temporary: return "temporary";
        case ObjectiveKind::StartTurnTemporary: return "start-turn-temporary";
        case ObjectiveKind::TemporaryGroup: return "temporary-group";
        case ObjectiveKind::StartTurnTemporaryGroup: return "start-turn-temporary-group";
        case ObjectiveKind::Majority: return "majority";
        case ObjectiveKind::Permanent: return "permanent";
        case ObjectiveKind::StartTurnPermanent: return "start-turn-permanent";
        case ObjectiveKind::LastToOccupy: return "last-to-occupy";
    }
    return "?";
}

const char* support_level_name(int level) {
    switch (level) {
        case ActiveOpposition: return "active-opposition";
        case PassiveOpposition: return "passive-opposition";
        case Neutral: return "neutral";
        case PassiveSupport: return "passive-support";
        case ActiveSupport: return "active-support";
    }
    return "?";
}

const char* piece_name(Piece p) {
    switch (p) {
        case Piece::Regular: return "regular";
        case Piece::Tory: return "tory";
        case Piece::Continental: return "continental";
        case Piece::Militia: return "militia";
        case Piece::WarParty: return "war-party";
        case Piece::Village: return "village";
        case Piece::Fort: return "fort";
    }
    return "?";
}

const char* unit_status_name(UnitStatus s) {
    switch (s) {
        case UnitStatus::OnMap: return "on-map";
        case UnitStatus::OffMap: return "off-map";
        case UnitStatus::Exited: return "exited";
        case UnitStatus::Eliminated: return "eliminated";
    }
    return "?";
}

}  // namespace referee
