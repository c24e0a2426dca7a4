// What each field of a Record holds, by kind: one view a record kind (or a family of kinds written
// alike), named for what its fields hold. A view is a reference to the record and nothing else, so
// `rec::unit(r).enters_turn()` costs what `r.m` costs; it reads a const Record and writes a Record
// (the readers fill records through the same names: `rec::unit(r).strength() = 4`).
// Sym fields are kNoSym when absent; numbers 0 unless said otherwise. Lists are Spans into the
// GameRecord's arenas (list_begin/list_end, ints_begin/ints_end).
// Apart from record.hpp so that only the files that read or write records' fields include it.
#pragma once

#include "record.hpp"

#include <concepts>
#include <type_traits>

namespace referee::rec {

// game SCENARIO
template <class R> struct Game {
    R& r;
    auto& scenario() const { return r.a; }  // an id or a path
};
// tag NAME VALUE, param NAME VALUE
template <class R> struct Tag {
    R& r;
    auto& name() const { return r.a; }
    auto& value() const { return r.b; }
};
template <class R> using Param = Tag<R>;
// side SIDE
template <class R> struct Side {
    R& r;
    auto& side() const { return r.a; }
};
// player SIDE NAME (or FACTION NAME)
template <class R> struct Player {
    R& r;
    auto& side() const { return r.a; }
    auto& name() const { return r.b; }
};
// setup standard|custom
template <class R> struct Setup {
    R& r;
    bool custom() const { return (r.flags & kFlagCustom) != 0; }
    void set_custom(bool on) const { r.flags = on ? kFlagCustom : 0; }
};
// unit ID SIDE TYPE STRENGTH [at LOC] [enters TURN at LOC] [roles...] [ma N]
template <class R> struct Unit {
    R& r;
    auto& id() const { return r.a; }
    auto& side() const { return r.b; }
    auto& type() const { return r.c; }
    auto& strength() const { return r.n; }
    auto& at() const { return r.d; }           // kNoSym: none
    auto& enters_turn() const { return r.m; }  // 0: none
    auto& enters_at() const { return r.e; }    // kNoSym: none
    auto& roles() const { return r.list; }
    auto& ma() const { return r.ints; }        // one value when given, else empty
};
// hold LOC SIDE
template <class R> struct Hold {
    R& r;
    auto& location() const { return r.a; }
    auto& side() const { return r.b; }
};
// objective KIND SIDE LOCS... [banners N] [held-by SIDE]
template <class R> struct Objective {
    R& r;
    ObjectiveKind kind() const { return static_cast<ObjectiveKind>(r.n); }
    void set_kind(ObjectiveKind k) const { r.n = static_cast<std::int64_t>(k); }
    auto& side() const { return r.a; }       // the text "any" allowed
    auto& locations() const { return r.list; }
    auto& banners() const { return r.m; }    // 1 when not given
    auto& held_by() const { return r.b; }    // kNoSym: none
};
// target SIDE BANNERS
template <class R> struct Target {
    R& r;
    auto& side() const { return r.a; }
    auto& banners() const { return r.n; }
};
// resume TURN
template <class R> struct Resume {
    R& r;
    auto& turn() const { return r.n; }
};
// turn N
template <class R> struct Turn {
    R& r;
    auto& number() const { return r.n; }
};
// phase [SIDE] NAME
template <class R> struct Phase {
    R& r;
    auto& side() const { return r.a; }  // kNoSym: a phase of no side
    auto& name() const { return r.b; }
};
// move UNIT PATH, advance UNIT PATH, retreat UNIT PATH [off]
template <class R> struct Move {
    R& r;
    auto& unit() const { return r.a; }
    auto& path() const { return r.list; }  // locations, the "->" tokens dropped
    bool off() const { return (r.flags & kFlagOff) != 0; }  // retreat ... off
    void set_off(bool on) const { r.flags = on ? kFlagOff : 0; }
};
template <class R> using Advance = Move<R>;
template <class R> using Retreat = Move<R>;
// enter UNIT LOC, exit UNIT LOC
template <class R> struct Enter {
    R& r;
    auto& unit() const { return r.a; }
    auto& location() const { return r.b; }
};
template <class R> using Exit = Enter<R>;
// eliminate UNIT, lose UNIT N
template <class R> struct Lose {
    R& r;
    auto& unit() const { return r.a; }
    auto& strength() const { return r.n; }  // 0 for eliminate
};
template <class R> using Eliminate = Lose<R>;
// combat ATTACKERS vs DEFENDERS [odds] [roll VALUES] [result WORD]
template <class R> struct Combat {
    R& r;
    auto& attackers() const { return r.list; }
    auto& defenders() const { return r.list2; }
    auto& odds() const { return r.a; }    // "3:1", or kNoSym
    auto& rolls() const { return r.ints; }
    auto& result() const { return r.b; }  // kNoSym: none
};
// roll DICE VALUES
template <class R> struct Roll {
    R& r;
    auto& dice() const { return r.a; }  // "2d6"
    auto& values() const { return r.ints; }
};
// chat SPEAKER TEXT
template <class R> struct Chat {
    R& r;
    auto& speaker() const { return r.a; }
    auto& text() const { return r.b; }  // the words joined by one space
};
// support SPACE LEVEL
template <class R> struct Support {
    R& r;
    auto& space() const { return r.a; }
    auto& level() const { return r.n; }  // a SupportLevel, -2 .. 2
};
// place FACTION PIECE SPACE [COUNT], remove ... [casualty], casualty FACTION PIECE COUNT
template <class R> struct Place {
    R& r;
    auto& faction() const { return r.a; }
    Piece piece() const { return static_cast<Piece>(r.n); }
    void set_piece(Piece p) const { r.n = static_cast<std::int64_t>(p); }
    auto& space() const { return r.b; }  // kNoSym for casualty
    auto& count() const { return r.m; }  // 1 when not given (place, remove)
    bool casualty() const { return (r.flags & kFlagCasualty) != 0; }  // remove ... casualty
    void set_casualty(bool on) const { r.flags = on ? kFlagCasualty : 0; }
};
template <class R> using Remove = Place<R>;
template <class R> using Casualty = Place<R>;
// blockade CITY, unblockade CITY
template <class R> struct Blockade {
    R& r;
    auto& city() const { return r.a; }
};
// card ID [TITLE]
template <class R> struct Card {
    R& r;
    auto& id() const { return r.a; }
    auto& title() const { return r.b; }  // kNoSym: none
};
// track NAME VALUE
template <class R> struct Track {
    R& r;
    auto& name() const { return r.a; }
    auto& value() const { return r.n; }
};
// award SIDE POINTS REASON
template <class R> struct Award {
    R& r;
    auto& side() const { return r.a; }
    auto& points() const { return r.n; }
    auto& reason() const { return r.b; }
};
// concede SIDE
template <class R> using Concede = Side<R>;
// claim winner SIDE [LEVEL]
template <class R> struct ClaimWinner {
    R& r;
    auto& side() const { return r.a; }
    auto& level() const { return r.b; }  // kNoSym: none
};
// claim score SIDE POINTS ...
template <class R> struct ClaimScore {
    R& r;
    auto& sides() const { return r.list; }
    auto& points() const { return r.ints; }  // as many as sides
};

// The views, by the record's keyword: `rec::unit(r)` is a Unit<const Record> for a const record and a
// Unit<Record> for one being written.
template <class R>
concept AnyRecord = std::same_as<std::remove_const_t<R>, Record>;
#define REFEREE_RECORD_VIEW(fn, View) \
    template <AnyRecord R>            \
    constexpr View<R> fn(R& r) { return {r}; }
REFEREE_RECORD_VIEW(game, Game)
REFEREE_RECORD_VIEW(tag, Tag)
REFEREE_RECORD_VIEW(param, Param)
REFEREE_RECORD_VIEW(side, Side)
REFEREE_RECORD_VIEW(player, Player)
REFEREE_RECORD_VIEW(setup, Setup)
REFEREE_RECORD_VIEW(unit, Unit)
REFEREE_RECORD_VIEW(hold, Hold)
REFEREE_RECORD_VIEW(objective, Objective)
REFEREE_RECORD_VIEW(target, Target)
REFEREE_RECORD_VIEW(resume, Resume)
REFEREE_RECORD_VIEW(turn, Turn)
REFEREE_RECORD_VIEW(phase, Phase)
REFEREE_RECORD_VIEW(move, Move)
REFEREE_RECORD_VIEW(advance, Advance)
REFEREE_RECORD_VIEW(retreat, Retreat)
REFEREE_RECORD_VIEW(enter, Enter)
REFEREE_RECORD_VIEW(exit, Exit)
REFEREE_RECORD_VIEW(eliminate, Eliminate)
REFEREE_RECORD_VIEW(lose, Lose)
REFEREE_RECORD_VIEW(combat, Combat)
REFEREE_RECORD_VIEW(roll, Roll)
REFEREE_RECORD_VIEW(chat, Chat)
REFEREE_RECORD_VIEW(support, Support)
REFEREE_RECORD_VIEW(place, Place)
REFEREE_RECORD_VIEW(remove, Remove)
REFEREE_RECORD_VIEW(casualty, Casualty)
REFEREE_RECORD_VIEW(blockade, Blockade)
REFEREE_RECORD_VIEW(unblockade, Blockade)
REFEREE_RECORD_VIEW(card, Card)
REFEREE_RECORD_VIEW(track, Track)
REFEREE_RECORD_VIEW(award, Award)
REFEREE_RECORD_VIEW(concede, Concede)
REFEREE_RECORD_VIEW(claim_winner, ClaimWinner)
REFEREE_RECORD_VIEW(claim_score, ClaimScore)
#undef REFEREE_RECORD_VIEW

// The unit a unit record names (move, enter, exit, retreat, advance, eliminate, lose: all in one place).
inline Sym unit_of(const Record& r) { return r.a; }

}  // namespace referee::rec
