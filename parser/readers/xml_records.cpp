// The record elements of the XML save (xml-save.md), header and <log> alike: each element's
// attributes decoded into the Record of its kind (record_views.hpp names what each field holds),
// with the move log's meaning for each (move-log.md). A bad attribute is a "syntax" diagnostic and
// drops the record.
#include "record_views.hpp"
#include "xml_reader.hpp"

namespace referee::xml {

bool Reader::record(const Elem& e, const ElemDef& def, Record& r) {
    begin(e, def);
    r = start_record(def.kind);
    switch (def.kind) {
        case Kind::Tag:
        case Kind::Param: {
            const auto t = rec::tag(r);  // param too
            t.name() = name(0, "a name");
            t.value() = text(1, "a value");
            break;
        }
        case Kind::Side:
            rec::side(r).side() = name(0, "a side name");
            break;
        case Kind::Player: {
            const auto pl = rec::player(r);
            pl.side() = name(0, "a side");
            pl.name() = text(1, "a player name");
            break;
        }
        case Kind::Setup:
            if (const int m = keyword<kSetupModes>(0, "standard or custom"); m == 1) rec::setup(r).set_custom(true);
            break;
        case Kind::Unit: {
            const auto u = rec::unit(r);
            u.id() = name(0, "a unit id");
            u.side() = name(1, "a side");
            u.type() = name(2, "a unit type");
            u.strength() = integer(3, "the unit's strength, an integer");
            u.at() = opt_name(4);
            if (has(5) != has(6)) {
                error(has(5) ? "attribute 'enters' needs 'enters-at' (the location where the unit enters)"
                             : "attribute 'enters-at' needs 'enters' (the turn the unit enters)");
            } else if (has(5)) {
                u.enters_turn() = integer(5, "a turn number", 0, kMaxTurnNumber, kTurnWhat);
                u.enters_at() = name(6, "a location");
            }
            u.roles() = names(7, ' ', false, 0, "");
            if (has(8)) {  // the movement allowance, when given
                const std::int64_t ma = integer(8, "a movement allowance, an integer");
                if (!failed_) {
                    u.ma() = Span{static_cast<std::uint32_t>(g_.ints_arena.size()), 1};
                    g_.ints_arena.push_back(ma);
                }
            }
            break;
        }
        case Kind::Hold: {
            const auto h = rec::hold(r);
            h.location() = name(0, "a location");
            h.side() = name(1, "a side");
            break;
        }
        case Kind::Objective: {
            const int k = keyword<kObjectiveKinds>(0,
                                  "an objective kind: temporary, start-turn-temporary, temporary-group, "
                                  "start-turn-temporary-group, majority, permanent, start-turn-permanent or last-to-occupy");
            const auto o = rec::objective(r);
            o.set_kind(static_cast<ObjectiveKind>(k < 0 ? 0 : k));
            o.side() = name(1, "a side or 'any'");
            o.locations() = names(2, ',', false, 1, "at least one location (comma-separated)");
            o.banners() = opt_integer(3, 1);
            o.held_by() = opt_name(4);
            break;
        }
        case Kind::Target: {
            const auto t = rec::target(r);
            t.side() = name(0, "a side");
            t.banners() = integer(1, "a banner count, an integer");
            break;
        }
        case Kind::Turn:
            rec::turn(r).number() = integer(0, "a turn number, an integer", 0, kMaxTurnNumber, kTurnWhat);
            break;
        case Kind::Resume:
            rec::resume(r).turn() = integer(0, "a turn number, an integer", 0, kMaxTurnNumber, kTurnWhat);
            break;
        case Kind::Phase: {
            const auto ph = rec::phase(r);
            ph.side() = opt_name(0);
            ph.name() = name(1, "a phase name");
            break;
        }
        case Kind::Move:
        case Kind::Advance: {
            const auto m = rec::move(r);  // advance too
            m.unit() = name(0, "a unit id");
            m.path() = names(1, ' ', true, 2, "at least two locations");
            break;
        }
        case Kind::Retreat: {
            const auto rt = rec::retreat(r);
            rt.unit() = name(0, "a unit id");
            const bool off = opt_bool(2);
            if (off) rt.set_off(true);
            rt.path() = off ? names(1, ' ', true, 1, "at least one location")
                         : names(1, ' ', true, 2, "at least two locations (or one with off=\"true\")");
            break;
        }
        case Kind::Enter:
        case Kind::Exit: {
            const auto en = rec::enter(r);  // exit too
            en.unit() = name(0, "a unit id");
            en.location() = name(1, "a location");
            break;
        }
        case Kind::Eliminate:
            rec::eliminate(r).unit() = name(0, "a unit id");
            break;
        case Kind::Lose: {
            const auto lo = rec::lose(r);
            lo.unit() = name(0, "a unit id");
            lo.strength() = integer(1, "the strength lost, an integer");
            break;
        }
        case Kind::Combat: {
            const auto c = rec::combat(r);
            c.attackers() = names(0, ',', false, 1, "at least one unit id (comma-separated)");
            c.defenders() = names(1, ',', false, 1, "at least one unit id (comma-separated)");
            c.odds() = opt_name(2);
            c.rolls() = ints(3, 0, "");
            c.result() = opt_name(4);
            break;
        }
        case Kind::Roll: {
            const auto ro = rec::roll(r);
            ro.dice() = name(0, "the dice, such as 2d6");
            ro.values() = ints(1, 1, "at least one die value (space-separated integers)");
            break;
        }
        case Kind::Chat: {
            const auto ch = rec::chat(r);
            ch.speaker() = name(0, "a speaker");
            ch.text() = text(1, "the chat text");
            break;
        }
        case Kind::Support: {
            const auto su = rec::support(r);
            su.space() = name(0, "a space");
            const int lv = keyword<kSupportLevels>(1,
                                   "a support level: active-support, passive-support, neutral, "
                                   "passive-opposition or active-opposition");
            su.level() = lv < 0 ? 0 : lv - 2;  // the list is in order -2 .. 2
            break;
        }
        case Kind::Place:
        case Kind::Remove: {
            const auto pl = rec::place(r);  // remove too
            pl.faction() = name(0, "a faction");
            const int p = keyword<kPieces>(1, "a piece: regular, tory, continental, militia, war-party, village or fort");
            pl.set_piece(static_cast<Piece>(p < 0 ? 0 : p));
            pl.space() = name(2, "a space");
            pl.count() = opt_integer(3, 1);
            if (def.kind == Kind::Remove && opt_bool(4)) pl.set_casualty(true);
            break;
        }
        case Kind::Casualty: {
            const auto ca = rec::casualty(r);
            ca.faction() = name(0, "a faction");
            const int p = keyword<kPieces>(1, "a piece: regular, tory, continental, militia, war-party, village or fort");
            ca.set_piece(static_cast<Piece>(p < 0 ? 0 : p));
            ca.count() = integer(2, "a piece count, an integer");
            break;
        }
        case Kind::Blockade:
        case Kind::Unblockade:
            rec::blockade(r).city() = name(0, "a city");  // unblockade too
            break;
        case Kind::Card: {
            const auto cd = rec::card(r);
            cd.id() = name(0, "a card id");
            cd.title() = opt_name(1);
            break;
        }
        case Kind::Track: {
            const auto tr = rec::track(r);
            tr.name() = name(0, "a track name");
            tr.value() = integer(1, "the track's value, an integer");
            break;
        }
        case Kind::Award: {
            const auto aw = rec::award(r);
            aw.side() = name(0, "a side");
            aw.points() = integer(1, "points, an integer");
            aw.reason() = text(2, "a reason");
            break;
        }
        case Kind::Concede:
            rec::concede(r).side() = name(0, "a side");
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
                const auto cw = rec::claim_winner(r);
                cw.side() = name(0, "a side, or 'draw'");
                cw.level() = opt_name(1);
            }
            break;
        }
        case Kind::ClaimScore: {
            const Sym side = name(0, "a side");
            const std::int64_t pts = integer(1, "points, an integer");
            if (!failed_) {
                const auto cs = rec::claim_score(r);
                cs.sides() = Span{static_cast<std::uint32_t>(g_.syms_arena.size()), 1};
                g_.syms_arena.push_back(side);
                cs.points() = Span{static_cast<std::uint32_t>(g_.ints_arena.size()), 1};
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
