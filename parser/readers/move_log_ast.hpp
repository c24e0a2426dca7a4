// The abstract syntax of one move-log line (move-log.md), as the Spirit X3 grammar in
// move_log_grammar.hpp synthesises it. Nothing here owns text: a token is a range of the input
// line, so parsing a line allocates nothing; parser/readers/move_log.cpp then interns the tokens into the
// GameRecord and turns each AST record into a referee::Record.
//
// The AST objects are reused from line to line (see clear()), so their vectors keep their capacity.
#pragma once

#include "record.hpp"

#include <boost/optional.hpp>

#include <cstdint>
#include <vector>

namespace referee::movelog::ast {

// Position annotation: where a record starts (its keyword), set by the grammar's
// annotate_position handler when the record's rule succeeds (the equivalent of
// x3::position_tagged, without a position cache: a Record only needs its start).
struct Positioned {
    const char* where = nullptr;
};

// A token as a range of the input line. A WORD is [first, last); for a STRING, src is the opening
// quote and [first, last) the text between the quotes, still escaped when `escaped` is set.
struct Tok {
    const char* src = nullptr;
    const char* first = nullptr;
    const char* last = nullptr;
    bool quoted = false;
    bool escaped = false;  // a STRING with \" or \\ in it: the text must be unescaped
};

using OptTok = boost::optional<Tok>;
using OptInt = boost::optional<std::int64_t>;
using Toks = std::vector<Tok>;
using Ints = std::vector<std::int64_t>;

// end, claim draw
struct NoOperands : Positioned {};

// game <scenario>, side <name>, eliminate <unit>, blockade/unblockade <city>, concede <side>
struct OneTok : Positioned {
    Tok a;
};

// tag/param <name> <value>, player <side> <name>, hold <loc> <side>, enter/exit <unit> <loc>
struct TwoToks : Positioned {
    Tok a;
    Tok b;
};

// phase [<side>] <name>, card <id> [<title>], claim winner <side> [<level>]
struct TokOptTok : Positioned {
    Tok a;
    OptTok b;
};

// target <side> <n>, lose <unit> <n>, track <name> <value>
struct TokInt : Positioned {
    Tok a;
    std::int64_t n = 0;
};

// turn <n>
struct TurnRec : Positioned {
    std::int64_t n = 0;
};

// setup standard|custom
struct SetupRec : Positioned {
    bool custom = false;
};

// unit <id> <side> <type> <strength> [at <loc>] [enters <turn> at <loc>] [ma <n>] [role <word>]...
// The options come in any order; the grammar's semantic actions fill UnitOpts (at, enters and ma
// at most once each).
struct AtOpt : Positioned {  // where: the 'at' keyword
    Tok loc;
};
struct EntersOpt : Positioned {  // where: the 'enters' keyword
    std::int64_t turn = 0;
    Tok loc;
};
struct MaOpt : Positioned {  // where: the 'ma' keyword
    std::int64_t n = 0;
};
struct UnitOpts {
    boost::optional<AtOpt> at;
    boost::optional<EntersOpt> enters;
    boost::optional<MaOpt> ma;
    Toks roles;
};
struct UnitRec : Positioned {
    Tok id;
    Tok side;
    Tok type;
    std::int64_t strength = 0;
    UnitOpts opts;
    void clear() {
        where = nullptr;
        id = side = type = Tok{};
        strength = 0;
        opts.at = boost::none;
        opts.enters = boost::none;
        opts.ma = boost::none;
        opts.roles.clear();
    }
};

// objective <kind> <side> <loc>[,<loc>...] [banners <n>] [held-by <side>]
// The options, like a unit's, come in any order, each at most once.
struct BannersOpt : Positioned {  // where: the 'banners' keyword
    std::int64_t n = 0;
};
struct HeldByOpt : Positioned {  // where: the 'held-by' keyword
    Tok side;
};
struct ObjectiveOpts {
    boost::optional<BannersOpt> banners;
    boost::optional<HeldByOpt> held_by;
};
struct ObjectiveRec : Positioned {
    ObjectiveKind kind = ObjectiveKind::Temporary;
    Tok side;
    Tok locs;  // one WORD, split on ',' (the grammar has checked that no element is empty)
    ObjectiveOpts opts;
};

// move/advance <unit> <path>
struct PathRec : Positioned {
    Tok unit;
    Toks path;  // "->" tokens already dropped
    void clear() {
        where = nullptr;
        unit = Tok{};
        path.clear();
    }
};

// retreat <unit> <path> [off]
struct RetreatRec : Positioned {
    Tok unit;
    Toks path;
    bool off = false;
    void clear() {
        where = nullptr;
        unit = Tok{};
        path.clear();
        off = false;
    }
};

// combat <units> vs <units> [odds <a:b>] [roll <n>...] [result <word>]
struct CombatRec : Positioned {
    Tok attackers;  // one WORD, split on ','
    Tok defenders;  // one WORD, split on ','
    OptTok odds;
    Ints rolls;
    OptTok result;
    void clear() {
        where = nullptr;
        attackers = defenders = Tok{};
        odds = boost::none;
        rolls.clear();
        result = boost::none;
    }
};

// roll <dice> <n>...
struct RollRec : Positioned {
    Tok dice;
    Ints values;
    void clear() {
        where = nullptr;
        dice = Tok{};
        values.clear();
    }
};

// chat <speaker> <text>
struct ChatRec : Positioned {
    Tok speaker;
    Toks text;  // one or more tokens, joined with one space
    void clear() {
        where = nullptr;
        speaker = Tok{};
        text.clear();
    }
};

// award <side> <n> <reason>
struct AwardRec : Positioned {
    Tok side;
    std::int64_t n = 0;
    Toks reason;  // one or more tokens, joined with one space
    void clear() {
        where = nullptr;
        side = Tok{};
        n = 0;
        reason.clear();
    }
};

// support <space> <level>
struct SupportRec : Positioned {
    Tok space;
    SupportLevel level = Neutral;
};

// place <faction> <piece> <space> [<count>]
struct PlaceRec : Positioned {
    Tok faction;
    Piece piece = Piece::Regular;
    Tok space;
    OptInt count;
};

// remove <faction> <piece> <space> [<count>] [casualty]
struct RemoveRec : Positioned {
    Tok faction;
    Piece piece = Piece::Regular;
    Tok space;
    OptInt count;
    bool casualty = false;
};

// casualty <faction> <piece> <count>
struct CasualtyRec : Positioned {
    Tok faction;
    Piece piece = Piece::Regular;
    std::int64_t count = 0;
};

// one <side> <n> pair of claim score
struct ScorePair {
    Tok side;
    std::int64_t n = 0;
};

// claim score <side> <n> [<side> <n>]...
struct ClaimScoreRec : Positioned {
    ScorePair first;
    std::vector<ScorePair> more;
    void clear() {
        where = nullptr;
        first = ScorePair{};
        more.clear();
    }
};

// Resets a reused AST object to its default state, keeping vector capacity.
template <typename T>
void clear(T& t) {
    if constexpr (requires { t.clear(); })
        t.clear();
    else
        t = T{};
}

}  // namespace referee::movelog::ast
