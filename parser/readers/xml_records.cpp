// The record elements of the XML save (xml-save.md), header and <log> alike: each element's
// attributes decoded into the Record of its kind (record.hpp says which field holds what), with the
// move log's meaning for each (move-log.md). A bad attribute is a "syntax" diagnostic and drops the
// record.
#include "xml_reader.hpp"

namespace referee::xml {

bool Reader::record(const Elem& e, const ElemDef& def, Record& r) {
    begin(e, def);
    r = start_record(def.kind);
    switch (def.kind) {
        case Kind::Tag:
        case Kind::Param:
            r.a = name(0, "a name");
            r.b = text(1, "a value");
            break;
        case Kind::Side:
            r.a = name(0, "a side name");
            break;
        case Kind::Player:
            r.a = name(0, "a side");
            r.b = text(1, "a player name");
            break;
        case Kind::Setup:
            if (const int m = keyword<kSetupModes>(0, "standard or custom"); m == 1) r.flags |= kFlagCustom;
            break;
        case Kind::Unit: {
            r.a = name(0, "a unit id");
            r.b = name(1, "a side");
            r.c = name(2, "a unit type");
            r.n = integer(3, "the unit's strength, an integer");
            r.d = opt_name(4);
            if (has(5) != has(6)) {
                error(has(5) ? "attribute 'enters' needs 'enters-at' (the location where the unit enters)"
                             : "attribute 'enters-at' needs 'enters' (the turn the unit enters)");
            } else if (has(5)) {
                r.m = integer(5, "a turn number", 0, kMaxTurnNumber, kTurnWhat);
                r.e = name(6, "a location");
            }
            r.list = names(7, ' ', false, 0, "");
            if (has(8)) {  // ints: the movement allowance, when given
                const std::int64_t ma = integer(8, "a movement allowance, an integer");
                if (!failed_) {
                    r.ints = Span{static_cast<std::uint32_t>(g_.ints_arena.size()), 1};
                    g_.ints_arena.push_back(ma);
                }
            }
            break;
        }
        case Kind::Hold:
            r.a = name(0, "a location");
            r.b = name(1, "a side");
            break;
        case Kind::Objective: {
            const int k = keyword<kObjectiveKinds>(0,
                                  "an objective kind: temporary, start-turn-temporary, temporary-group, "
                                  "start-turn-temporary-group, majority, permanent, start-turn-permanent or last-to-occupy");
            r.n = k < 0 ? 0 : k;
            r.a = name(1, "a side or 'any'");
            r.list = names(2, ',', false, 1, "at least one location (comma-separated)");
            r.m = opt_integer(3, 1);
            r.b = opt_name(4);
            break;
        }
        case Kind::Target:
            r.a = name(0, "a side");
            r.n = integer(1, "a banner count, an integer");
            break;
        case Kind::Turn:
            r.n = integer(0, "a turn number, an integer", 0, kMaxTurnNumber, kTurnWhat);
            break;
        case Kind::Resume:
            r.n = integer(0, "a turn number, an integer", 0, kMaxTurnNumber, kTurnWhat);
            break;
        case Kind::Phase:
            r.a = opt_name(0);
            r.b = name(1, "a phase name");
            break;
        case Kind::Move:
        case Kind::Advance:
            r.a = name(0, "a unit id");
            r.list = names(1, ' ', true, 2, "at least two locations");
            break;
        case Kind::Retreat: {
            r.a = name(0, "a unit id");
            const bool off = opt_bool(2);
            if (off) r.flags |= kFlagOff;
            r.list = off ? names(1, ' ', true, 1, "at least one location")
                         : names(1, ' ', true, 2, "at least two locations (or one with off=\"true\")");
            break;
        }
        case Kind::Enter:
        case Kind::Exit:
            r.a = name(0, "a unit id");
            r.b = name(1, "a location");
            break;
        case Kind::Eliminate:
            r.a = name(0, "a unit id");
            break;
        case Kind::Lose:
            r.a = name(0, "a unit id");
            r.n = integer(1, "the strength lost, an integer");
            break;
        case Kind::Combat:
            r.list = names(0, ',', false, 1, "at least one unit id (comma-separated)");
            r.list2 = names(1, ',', false, 1, "at least one unit id (comma-separated)");
            r.a = opt_name(2);
            r.ints = ints(3, 0, "");
            r.b = opt_name(4);
            break;
        case Kind::Roll:
            r.a = name(0, "the dice, such as 2d6");
            r.ints = ints(1, 1, "at least one die value (space-separated integers)");
            break;
        case Kind::Chat:
            r.a = name(0, "a speaker");
            r.b = text(1, "the chat text");
            break;
        case Kind::Support: {
            r.a = name(0, "a space");
            const int lv = keyword<kSupportLevels>(1,
                                   "a support level: active-support, passive-support, neutral, "
                                   "passive-opposition or active-opposition");
            r.n = lv < 0 ? 0 : lv - 2;  // the list is in order -2 .. 2
            break;
        }
        case Kind::Place:
        case Kind::Remove: {
            r.a = name(0, "a faction");
            const int p = keyword<kPieces>(1, "a piece: regular, tory, continental, militia, war-party, village or fort");
            r.n = p < 0 ? 0 : p;
            r.b = name(2, "a space");
            r.m = opt_integer(3, 1);
            if (def.kind == Kind::Remove && opt_bool(4)) r.flags |= kFlagCasualty;
            break;
        }
        case Kind::Casualty: {
            r.a = name(0, "a faction");
            const int p = keyword<kPieces>(1, "a piece: regular, tory, continental, militia, war-party, village or fort");
            r.n = p < 0 ? 0 : p;
            r.m = integer(2, "a piece count, an integer");
            break;
        }
        case Kind::Blockade:
        case Kind::Unblockade:
            r.a = name(0, "a city");
            break;
        case Kind::Card:
            r.a = name(0, "a card id");
            r.b = opt_name(1);
            break;
        case Kind::Track:
            r.a = name(0, "a track name");
            r.n = integer(1, "the track's value, an integer");
            break;
        case Kind::Award:
            r.a = name(0, "a side");
            r.n = integer(1, "points, an integer");
            r.b = text(2, "a reason");
            break;
        case Kind::Concede:
            r.a = name(0, "a side");
            break;
        case Kind::ClaimWinner: {
            // <claim winner="Union" [level=]>, <claim winner="draw"/>, <claim draw="true"/>
            const bool draw_attr = has(2);
            const bool draw = opt_bool(2);
            const bool winner_is_draw = has(0) && iequals(trim(raw(0)), "draw");
            if (draw) {
                if (has(0) && !winner_is_draw)
                    error("attribute 'winner' contradicts draw=\"" + std::string(raw(2)) + "\"");
                r.kind = Kind::ClaimDraw;
            } else if (winner_is_draw) {
                if (draw_attr && !failed_)
                    error("attribute 'winner' contradicts draw=\"" + std::string(raw(2)) + "\"");
                r.kind = Kind::ClaimDraw;
            } else if (!failed_) {
                r.a = name(0, "a side, or 'draw'");
                r.b = opt_name(1);
            }
            break;
        }
        case Kind::ClaimScore: {
            const Sym side = name(0, "a side");
            const std::int64_t pts = integer(1, "points, an integer");
            if (!failed_) {
                r.list = Span{static_cast<std::uint32_t>(g_.syms_arena.size()), 1};
                g_.syms_arena.push_back(side);
                r.ints = Span{static_cast<std::uint32_t>(g_.ints_arena.size()), 1};
                g_.ints_arena.push_back(pts);
            }
            break;
        }
        case Kind::End:
        case Kind::Game:
        case Kind::ClaimDraw:
            break;
    }
    warn_child_elements(e);  // a record element has none in the format
    return !failed_;
}

}  // namespace referee::xml
