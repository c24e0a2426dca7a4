// Tests of the move-log parser (parser/readers/move_log.cpp) against move-log.md and the field-by-kind
// table of parser/core/record.hpp.
#include "game_dump.hpp"
#include "readers.hpp"
#include "record_views.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <vector>

using namespace referee;
using referee::testing_support::diagnostics_text;
using referee::testing_support::dump;

namespace {

GameRecord parse(std::string_view text) { return parse_move_log(text, "test.log"); }

std::string str(const GameRecord& g, Sym s) { return std::string(g.str(s)); }

std::vector<std::string> syms(const GameRecord& g, Span span) {
    std::vector<std::string> out;
    for (const Sym* p = g.list_begin(span); p != g.list_end(span); ++p) out.emplace_back(g.str(*p));
    return out;
}

std::vector<std::int64_t> ints(const GameRecord& g, Span span) {
    return std::vector<std::int64_t>(g.ints_begin(span), g.ints_end(span));
}

// Parses a one-record text that must be free of errors; returns the record.
Record one(const GameRecord& g) {
    EXPECT_TRUE(g.diagnostics.empty()) << diagnostics_text(g);
    EXPECT_EQ(g.records.size(), 1u);
    return g.records.empty() ? Record{} : g.records.front();
}

// The single syntax error of a one-line text.
Diagnostic error_of(std::string_view text) {
    GameRecord g = parse(text);
    EXPECT_TRUE(g.records.empty()) << "a bad line must yield no record";
    EXPECT_EQ(g.diagnostics.size(), 1u) << diagnostics_text(g);
    if (g.diagnostics.empty()) return Diagnostic{};
    const Diagnostic& d = g.diagnostics.front();
    EXPECT_EQ(d.code, "syntax");
    EXPECT_EQ(d.severity, Severity::Error);
    return d;
}

bool contains(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }

}  // namespace

///////////////////////////////////////////////////////////////////////////////////////////////
// The whole example of move-log.md
///////////////////////////////////////////////////////////////////////////////////////////////
TEST(MoveLog, SpecExample) {
    const char* text =
        "game maryes-heights\n"
        "tag event \"Club ladder\"\n"
        "player Union \"A. Smith\"\n"
        "player Confederate \"B. Jones\"\n"
        "turn 1\n"
        "phase Union movement\n"
        "move 3/V 0206 0307 0407        # Humphreys' division\n"
        "phase Union combat\n"
        "combat 3/V vs Ransom odds 1:1 roll 4 result Ar\n"
        "retreat 3/V 0407 0307\n"
        "phase Confederate movement\n"
        "claim winner Confederate\n"
        "end\n";
    GameRecord g = parse(text);
    ASSERT_TRUE(g.diagnostics.empty()) << diagnostics_text(g);
    EXPECT_EQ(g.file, "test.log");
    EXPECT_EQ(g.format, InputFormat::MoveLog);
    EXPECT_TRUE(g.has_log);
    EXPECT_EQ(g.last_line, 13u);
    const std::vector<Kind> kinds = {Kind::Game,    Kind::Tag,   Kind::Player, Kind::Player, Kind::Turn,
                                     Kind::Phase,   Kind::Move,  Kind::Phase,  Kind::Combat, Kind::Retreat,
                                     Kind::Phase,   Kind::ClaimWinner, Kind::End};
    ASSERT_EQ(g.records.size(), kinds.size());
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        EXPECT_EQ(g.records[i].kind, kinds[i]) << "record " << i;
        EXPECT_EQ(g.records[i].line, i + 1);
        EXPECT_EQ(g.records[i].col, 1u);
    }
    EXPECT_EQ(str(g, rec::game(g.records[0]).scenario()), "maryes-heights");
    EXPECT_EQ(str(g, rec::player(g.records[2]).name()), "A. Smith");
    EXPECT_EQ(syms(g, rec::move(g.records[6]).path()), (std::vector<std::string>{"0206", "0307", "0407"}));
    EXPECT_EQ(str(g, rec::combat(g.records[8]).result()), "Ar");
}

///////////////////////////////////////////////////////////////////////////////////////////////
// Header records
///////////////////////////////////////////////////////////////////////////////////////////////
TEST(MoveLogHeader, Game) {
    GameRecord g = parse("game scenarios/my-battle.xml\n");
    Record r = one(g);
    EXPECT_EQ(r.kind, Kind::Game);
    EXPECT_EQ(str(g, rec::game(r).scenario()), "scenarios/my-battle.xml");
    EXPECT_EQ(r.b, kNoSym);
}

TEST(MoveLogHeader, TagWithStringAndWords) {
    GameRecord g = parse("tag event \"WBC 2026\"\ntag round 3\ntag date 2026-08-01\n");
    ASSERT_EQ(g.records.size(), 3u) << diagnostics_text(g);
    EXPECT_EQ(g.records[0].kind, Kind::Tag);
    EXPECT_EQ(str(g, rec::tag(g.records[0]).name()), "event");
    EXPECT_EQ(str(g, rec::tag(g.records[0]).value()), "WBC 2026");
    EXPECT_EQ(str(g, rec::tag(g.records[1]).value()), "3");
    EXPECT_EQ(str(g, rec::tag(g.records[2]).name()), "date");
    EXPECT_EQ(str(g, rec::tag(g.records[2]).value()), "2026-08-01");
}

TEST(MoveLogHeader, SideAndPlayer) {
    GameRecord g = parse("side French\nplayer French \"N. Bonaparte\"\n");
    ASSERT_EQ(g.records.size(), 2u) << diagnostics_text(g);
    EXPECT_EQ(g.records[0].kind, Kind::Side);
    EXPECT_EQ(str(g, rec::side(g.records[0]).side()), "French");
    EXPECT_EQ(g.records[1].kind, Kind::Player);
    EXPECT_EQ(str(g, rec::player(g.records[1]).side()), "French");
    EXPECT_EQ(str(g, rec::player(g.records[1]).name()), "N. Bonaparte");
    EXPECT_EQ(rec::side(g.records[0]).side(), rec::player(g.records[1]).side()) << "the same text interns to the same Sym";
}

TEST(MoveLogHeader, Param) {
    GameRecord g = parse("param treaty-played yes\n");
    Record r = one(g);
    EXPECT_EQ(r.kind, Kind::Param);
    EXPECT_EQ(str(g, rec::param(r).name()), "treaty-played");
    EXPECT_EQ(str(g, rec::param(r).value()), "yes");
}

TEST(MoveLogHeader, SetupModesCaseInsensitive) {
    GameRecord g = parse("setup standard\nsetup custom\nSetup Custom\nSETUP STANDARD\nsetup \"custom\"\n");
    ASSERT_EQ(g.records.size(), 5u) << diagnostics_text(g);
    for (const Record& r : g.records) EXPECT_EQ(r.kind, Kind::Setup);
    EXPECT_FALSE(rec::setup(g.records[0]).custom());
    EXPECT_TRUE(rec::setup(g.records[1]).custom());
    EXPECT_TRUE(rec::setup(g.records[2]).custom());
    EXPECT_FALSE(rec::setup(g.records[3]).custom());
    EXPECT_TRUE(rec::setup(g.records[4]).custom());
}

TEST(MoveLogHeader, UnitAllOptions) {
    GameRecord g = parse("unit 2/1/V Union infantry 6 at 1107 enters 3 at 0101 role leader role supply-wagon\n");
    Record r = one(g);
    EXPECT_EQ(r.kind, Kind::Unit);
    const auto u = rec::unit(r);
    EXPECT_EQ(str(g, u.id()), "2/1/V");
    EXPECT_EQ(str(g, u.side()), "Union");
    EXPECT_EQ(str(g, u.type()), "infantry");
    EXPECT_EQ(u.strength(), 6);
    EXPECT_EQ(str(g, u.at()), "1107");
    EXPECT_EQ(u.enters_turn(), 3);
    EXPECT_EQ(str(g, u.enters_at()), "0101");
    EXPECT_EQ(syms(g, u.roles()), (std::vector<std::string>{"leader", "supply-wagon"}));
}

TEST(MoveLogHeader, UnitOptionsInAnyOrder) {
    GameRecord g = parse("unit A Union inf 4 role train enters 2 at 0505 role leader at 0101\n");
    Record r = one(g);
    const auto u = rec::unit(r);
    EXPECT_EQ(str(g, u.at()), "0101");
    EXPECT_EQ(u.enters_turn(), 2);
    EXPECT_EQ(str(g, u.enters_at()), "0505");
    EXPECT_EQ(syms(g, u.roles()), (std::vector<std::string>{"train", "leader"}));
}

TEST(MoveLogHeader, UnitMovementAllowance) {
    // `ma <n>` (G7): in any place among the options, kept as the record's one int.
    GameRecord g = parse("unit A Union inf 4 ma 6 at 0101\nunit B Union inf 4 at 0101 role leader MA -2\nunit C Union inf 4\n");
    ASSERT_EQ(g.records.size(), 3u) << diagnostics_text(g);
    const auto a = rec::unit(g.records[0]), b = rec::unit(g.records[1]), c = rec::unit(g.records[2]);
    ASSERT_EQ(a.ma().len, 1u);
    EXPECT_EQ(g.ints_arena[a.ma().off], 6);
    EXPECT_EQ(str(g, a.at()), "0101");
    ASSERT_EQ(b.ma().len, 1u);
    EXPECT_EQ(g.ints_arena[b.ma().off], -2);  // the engine says what is wrong with it
    EXPECT_EQ(syms(g, b.roles()), (std::vector<std::string>{"leader"}));
    EXPECT_EQ(c.ma().len, 0u);
}

TEST(MoveLogHeader, UnitWithoutOptions) {
    GameRecord g = parse("unit B Confederate cavalry 3\n");
    Record r = one(g);
    const auto u = rec::unit(r);
    EXPECT_EQ(u.strength(), 3);
    EXPECT_EQ(u.at(), kNoSym);
    EXPECT_EQ(u.enters_turn(), 0);
    EXPECT_EQ(u.enters_at(), kNoSym);
    EXPECT_EQ(u.roles().len, 0u);
}

TEST(MoveLogHeader, UnitOptionKeywordsCaseInsensitive) {
    GameRecord g = parse("UNIT x Union inf 1 AT a ENTERS 4 At b ROLE Leader\n");
    Record r = one(g);
    const auto u = rec::unit(r);
    EXPECT_EQ(str(g, u.id()), "x");
    EXPECT_EQ(str(g, u.at()), "a");
    EXPECT_EQ(u.enters_turn(), 4);
    EXPECT_EQ(str(g, u.enters_at()), "b");
    EXPECT_EQ(syms(g, u.roles()), (std::vector<std::string>{"Leader"}));
}

TEST(MoveLogHeader, Hold) {
    GameRecord g = parse("hold 1107 Union\n");
    Record r = one(g);
    EXPECT_EQ(r.kind, Kind::Hold);
    EXPECT_EQ(str(g, rec::hold(r).location()), "1107");
    EXPECT_EQ(str(g, rec::hold(r).side()), "Union");
}

TEST(MoveLogHeader, ObjectiveListAndOptions) {
    GameRecord g = parse("objective start-turn-temporary-group Union 0101,0102,0203 banners 2 held-by French\n");
    Record r = one(g);
    EXPECT_EQ(r.kind, Kind::Objective);
    const auto o = rec::objective(r);
    EXPECT_EQ(o.kind(), ObjectiveKind::StartTurnTemporaryGroup);
    EXPECT_EQ(str(g, o.side()), "Union");
    EXPECT_EQ(syms(g, o.locations()), (std::vector<std::string>{"0101", "0102", "0203"}));
    EXPECT_EQ(o.banners(), 2);
    EXPECT_EQ(str(g, o.held_by()), "French");
}

TEST(MoveLogHeader, ObjectiveOptionsInAnyOrder) {
    GameRecord g = parse("objective permanent Union A,B HELD-BY French Banners 3\n");
    Record r = one(g);
    const auto o = rec::objective(r);
    EXPECT_EQ(o.banners(), 3);
    EXPECT_EQ(str(g, o.held_by()), "French");
    EXPECT_EQ(syms(g, o.locations()), (std::vector<std::string>{"A", "B"}));
}

TEST(MoveLogHeader, ObjectiveDefaults) {
    GameRecord g = parse("objective Last-To-Occupy any Hill\n");
    Record r = one(g);
    const auto o = rec::objective(r);
    EXPECT_EQ(o.kind(), ObjectiveKind::LastToOccupy);
    EXPECT_EQ(str(g, o.side()), "any");
    EXPECT_EQ(syms(g, o.locations()), (std::vector<std::string>{"Hill"}));
    EXPECT_EQ(o.banners(), 1) << "banners defaults to 1";
    EXPECT_EQ(o.held_by(), kNoSym);
}

TEST(MoveLogHeader, ObjectiveListInOneString) {
    GameRecord g = parse("objective majority any \"New York,Long Island\"\n");
    Record r = one(g);
    EXPECT_EQ(syms(g, rec::objective(r).locations()), (std::vector<std::string>{"New York", "Long Island"}));
}

TEST(MoveLogHeader, ObjectiveKinds) {
    const std::pair<const char*, ObjectiveKind> kinds[] = {
        {"temporary", ObjectiveKind::Temporary},
        {"start-turn-temporary", ObjectiveKind::StartTurnTemporary},
        {"temporary-group", ObjectiveKind::TemporaryGroup},
        {"start-turn-temporary-group", ObjectiveKind::StartTurnTemporaryGroup},
        {"majority", ObjectiveKind::Majority},
        {"permanent", ObjectiveKind::Permanent},
        {"start-turn-permanent", ObjectiveKind::StartTurnPermanent},
        {"last-to-occupy", ObjectiveKind::LastToOccupy},
    };
    for (const auto& [word, kind] : kinds) {
        GameRecord g = parse(std::string("objective ") + word + " Union X\n");
        const Record r = one(g);
        EXPECT_EQ(rec::objective(r).kind(), kind) << word;
    }
}

TEST(MoveLogHeader, Target) {
    GameRecord g = parse("target French 4\n");
    Record r = one(g);
    EXPECT_EQ(r.kind, Kind::Target);
    EXPECT_EQ(str(g, rec::target(r).side()), "French");
    EXPECT_EQ(rec::target(r).banners(), 4);
}

///////////////////////////////////////////////////////////////////////////////////////////////
// Sequence records
///////////////////////////////////////////////////////////////////////////////////////////////
TEST(MoveLogSequence, Turn) {
    GameRecord g = parse("turn 12\n");
    Record r = one(g);
    EXPECT_EQ(r.kind, Kind::Turn);
    EXPECT_EQ(rec::turn(r).number(), 12);
}

// referee's own header record (docs/move-log.md, "A game taken up after turn 1").
TEST(MoveLogHeader, Resume) {
    GameRecord g = parse("resume 4\n");
    Record r = one(g);
    EXPECT_EQ(r.kind, Kind::Resume);
    EXPECT_EQ(rec::resume(r).turn(), 4);
    EXPECT_TRUE(is_header(Kind::Resume));
    GameRecord bad = parse("resume four\n");
    EXPECT_TRUE(bad.has_syntax_errors());
    EXPECT_NE(diagnostics_text(bad).find("a number (the game-turn play resumes in)"), std::string::npos) << diagnostics_text(bad);
}

TEST(MoveLogSequence, PhaseOfASideAndOfNoSide) {
    GameRecord g = parse("phase Union movement\nphase victory-check\n");
    ASSERT_EQ(g.records.size(), 2u) << diagnostics_text(g);
    EXPECT_EQ(g.records[0].kind, Kind::Phase);
    EXPECT_EQ(str(g, rec::phase(g.records[0]).side()), "Union");
    EXPECT_EQ(str(g, rec::phase(g.records[0]).name()), "movement");
    EXPECT_EQ(rec::phase(g.records[1]).side(), kNoSym);
    EXPECT_EQ(str(g, rec::phase(g.records[1]).name()), "victory-check");
}

///////////////////////////////////////////////////////////////////////////////////////////////
// Unit records
///////////////////////////////////////////////////////////////////////////////////////////////
TEST(MoveLogUnits, Move) {
    GameRecord g = parse("move 2/1/V 1107 1208 1309\n");
    Record r = one(g);
    EXPECT_EQ(r.kind, Kind::Move);
    EXPECT_EQ(str(g, rec::move(r).unit()), "2/1/V");
    EXPECT_EQ(syms(g, rec::move(r).path()), (std::vector<std::string>{"1107", "1208", "1309"}));
}

TEST(MoveLogUnits, ArrowsAreDropped) {
    GameRecord g = parse("move 2/1/V 1107 -> 1208 -> 1309\nmove 2/1/V 1107 -> 1208 1309\n");
    ASSERT_EQ(g.records.size(), 2u) << diagnostics_text(g);
    const std::vector<std::string> path = {"1107", "1208", "1309"};
    EXPECT_EQ(syms(g, rec::move(g.records[0]).path()), path);
    EXPECT_EQ(syms(g, rec::move(g.records[1]).path()), path);
    // A quoted "->" is a location, not an arrow.
    GameRecord q = parse("move U A \"->\" B\n");
    const Record quoted = one(q);
    EXPECT_EQ(syms(q, rec::move(quoted).path()), (std::vector<std::string>{"A", "->", "B"}));
}

TEST(MoveLogUnits, EnterExit) {
    GameRecord g = parse("enter 5/V 0101\nexit 5/V 3001\n");
    ASSERT_EQ(g.records.size(), 2u) << diagnostics_text(g);
    EXPECT_EQ(g.records[0].kind, Kind::Enter);
    EXPECT_EQ(str(g, rec::enter(g.records[0]).unit()), "5/V");
    EXPECT_EQ(str(g, rec::enter(g.records[0]).location()), "0101");
    EXPECT_EQ(g.records[1].kind, Kind::Exit);
    EXPECT_EQ(str(g, rec::exit(g.records[1]).location()), "3001");
}

TEST(MoveLogUnits, RetreatWithAndWithoutOff) {
    GameRecord g = parse("retreat 3/V 0407 0307\nretreat 2/V 0113 off\nretreat 2/V 0113 -> 0114 OFF\n");
    ASSERT_EQ(g.records.size(), 3u) << diagnostics_text(g);
    EXPECT_EQ(g.records[0].kind, Kind::Retreat);
    EXPECT_EQ(str(g, rec::retreat(g.records[0]).unit()), "3/V");
    EXPECT_EQ(syms(g, rec::retreat(g.records[0]).path()), (std::vector<std::string>{"0407", "0307"}));
    EXPECT_FALSE(rec::retreat(g.records[0]).off());
    EXPECT_EQ(syms(g, rec::retreat(g.records[1]).path()), (std::vector<std::string>{"0113"}));
    EXPECT_TRUE(rec::retreat(g.records[1]).off());
    EXPECT_EQ(syms(g, rec::retreat(g.records[2]).path()), (std::vector<std::string>{"0113", "0114"}));
    EXPECT_TRUE(rec::retreat(g.records[2]).off());
}

TEST(MoveLogUnits, Advance) {
    GameRecord g = parse("advance 3/V 0407 -> 0508\n");
    Record r = one(g);
    EXPECT_EQ(r.kind, Kind::Advance);
    EXPECT_EQ(str(g, rec::advance(r).unit()), "3/V");
    EXPECT_EQ(syms(g, rec::advance(r).path()), (std::vector<std::string>{"0407", "0508"}));
}

TEST(MoveLogUnits, EliminateLose) {
    GameRecord g = parse("eliminate 3/V\nlose 3/V 2\n");
    ASSERT_EQ(g.records.size(), 2u) << diagnostics_text(g);
    EXPECT_EQ(g.records[0].kind, Kind::Eliminate);
    EXPECT_EQ(str(g, rec::eliminate(g.records[0]).unit()), "3/V");
    EXPECT_EQ(g.records[1].kind, Kind::Lose);
    EXPECT_EQ(str(g, rec::lose(g.records[1]).unit()), "3/V");
    EXPECT_EQ(rec::lose(g.records[1]).strength(), 2);
}

TEST(MoveLogUnits, CombatFull) {
    GameRecord g = parse("combat 3/V,4/V vs Ransom,Cobb odds 3:1 roll 4 6 result Ar\n");
    Record r = one(g);
    EXPECT_EQ(r.kind, Kind::Combat);
    const auto c = rec::combat(r);
    EXPECT_EQ(syms(g, c.attackers()), (std::vector<std::string>{"3/V", "4/V"}));
    EXPECT_EQ(syms(g, c.defenders()), (std::vector<std::string>{"Ransom", "Cobb"}));
    EXPECT_EQ(str(g, c.odds()), "3:1");
    EXPECT_EQ(ints(g, c.rolls()), (std::vector<std::int64_t>{4, 6}));
    EXPECT_EQ(str(g, c.result()), "Ar");
}

TEST(MoveLogUnits, CombatMinimal) {
    GameRecord g = parse("combat A VS B\n");
    Record r = one(g);
    const auto c = rec::combat(r);
    EXPECT_EQ(syms(g, c.attackers()), (std::vector<std::string>{"A"}));
    EXPECT_EQ(syms(g, c.defenders()), (std::vector<std::string>{"B"}));
    EXPECT_EQ(c.odds(), kNoSym);
    EXPECT_EQ(c.rolls().len, 0u);
    EXPECT_EQ(c.result(), kNoSym);
}

TEST(MoveLogUnits, Roll) {
    GameRecord g = parse("roll 2d6 3 5\n");
    Record r = one(g);
    EXPECT_EQ(r.kind, Kind::Roll);
    EXPECT_EQ(str(g, rec::roll(r).dice()), "2d6");
    EXPECT_EQ(ints(g, rec::roll(r).values()), (std::vector<std::int64_t>{3, 5}));
}

TEST(MoveLogUnits, ChatTextJoinedWithOneSpace) {
    GameRecord g = parse("chat Union  good\tgame,   \"well \\\"played\\\"\"  # not part of it\n");
    Record r = one(g);
    EXPECT_EQ(r.kind, Kind::Chat);
    EXPECT_EQ(str(g, rec::chat(r).speaker()), "Union");
    EXPECT_EQ(str(g, rec::chat(r).text()), "good game, well \"played\"");
}

///////////////////////////////////////////////////////////////////////////////////////////////
// Area and track records
///////////////////////////////////////////////////////////////////////////////////////////////
TEST(MoveLogAreas, SupportLevels) {
    GameRecord g = parse(
        "support Boston active-support\nsupport Boston Passive-Support\nsupport Boston NEUTRAL\n"
        "support Boston passive-opposition\nsupport \"New York\" Active-Opposition\n");
    ASSERT_EQ(g.records.size(), 5u) << diagnostics_text(g);
    const std::int64_t levels[] = {ActiveSupport, PassiveSupport, Neutral, PassiveOpposition, ActiveOpposition};
    for (std::size_t i = 0; i < 5; ++i) {
        EXPECT_EQ(g.records[i].kind, Kind::Support);
        EXPECT_EQ(rec::support(g.records[i]).level(), levels[i]) << i;
    }
    EXPECT_EQ(str(g, rec::support(g.records[0]).space()), "Boston");
    EXPECT_EQ(str(g, rec::support(g.records[4]).space()), "New York");
}

TEST(MoveLogAreas, PlaceCountDefaultsToOne) {
    GameRecord g = parse("place Patriots fort Virginia\nplace Indians Village Quebec 2\n");
    ASSERT_EQ(g.records.size(), 2u) << diagnostics_text(g);
    EXPECT_EQ(g.records[0].kind, Kind::Place);
    EXPECT_EQ(str(g, rec::place(g.records[0]).faction()), "Patriots");
    EXPECT_EQ(rec::place(g.records[0]).piece(), Piece::Fort);
    EXPECT_EQ(str(g, rec::place(g.records[0]).space()), "Virginia");
    EXPECT_EQ(rec::place(g.records[0]).count(), 1);
    EXPECT_EQ(rec::place(g.records[1]).piece(), Piece::Village);
    EXPECT_EQ(rec::place(g.records[1]).count(), 2);
}

TEST(MoveLogAreas, Pieces) {
    const std::pair<const char*, Piece> pieces[] = {
        {"regular", Piece::Regular}, {"tory", Piece::Tory},         {"continental", Piece::Continental},
        {"militia", Piece::Militia}, {"war-party", Piece::WarParty}, {"village", Piece::Village},
        {"fort", Piece::Fort},
    };
    for (const auto& [word, piece] : pieces) {
        GameRecord g = parse(std::string("casualty British ") + word + " 1\n");
        const Record r = one(g);
        EXPECT_EQ(rec::casualty(r).piece(), piece) << word;
    }
}

TEST(MoveLogAreas, RemoveCountAndCasualty) {
    GameRecord g = parse(
        "remove British regular Boston\nremove British regular Boston 3\n"
        "remove British regular Boston casualty\nremove British tory Boston 2 Casualty\n");
    ASSERT_EQ(g.records.size(), 4u) << diagnostics_text(g);
    for (const Record& r : g.records) {
        EXPECT_EQ(r.kind, Kind::Remove);
        EXPECT_EQ(str(g, rec::remove(r).faction()), "British");
        EXPECT_EQ(str(g, rec::remove(r).space()), "Boston");
    }
    EXPECT_EQ(rec::remove(g.records[0]).count(), 1);
    EXPECT_FALSE(rec::remove(g.records[0]).casualty());
    EXPECT_EQ(rec::remove(g.records[1]).count(), 3);
    EXPECT_FALSE(rec::remove(g.records[1]).casualty());
    EXPECT_EQ(rec::remove(g.records[2]).count(), 1);
    EXPECT_TRUE(rec::remove(g.records[2]).casualty());
    EXPECT_EQ(rec::remove(g.records[3]).piece(), Piece::Tory);
    EXPECT_EQ(rec::remove(g.records[3]).count(), 2);
    EXPECT_TRUE(rec::remove(g.records[3]).casualty());
}

TEST(MoveLogAreas, Casualty) {
    GameRecord g = parse("casualty Patriots continental 3\n");
    Record r = one(g);
    EXPECT_EQ(r.kind, Kind::Casualty);
    EXPECT_EQ(str(g, rec::casualty(r).faction()), "Patriots");
    EXPECT_EQ(rec::casualty(r).piece(), Piece::Continental);
    EXPECT_EQ(rec::casualty(r).count(), 3);
}

TEST(MoveLogAreas, BlockadeUnblockade) {
    GameRecord g = parse("blockade Boston\nunblockade Boston\n");
    ASSERT_EQ(g.records.size(), 2u) << diagnostics_text(g);
    EXPECT_EQ(g.records[0].kind, Kind::Blockade);
    EXPECT_EQ(g.records[1].kind, Kind::Unblockade);
    EXPECT_EQ(str(g, rec::blockade(g.records[0]).city()), "Boston");
    EXPECT_EQ(rec::blockade(g.records[0]).city(), rec::unblockade(g.records[1]).city());
}

TEST(MoveLogAreas, Card) {
    GameRecord g = parse("card 109 \"Treaty of Alliance\"\ncard 12\n");
    ASSERT_EQ(g.records.size(), 2u) << diagnostics_text(g);
    EXPECT_EQ(g.records[0].kind, Kind::Card);
    EXPECT_EQ(str(g, rec::card(g.records[0]).id()), "109");
    EXPECT_EQ(str(g, rec::card(g.records[0]).title()), "Treaty of Alliance");
    EXPECT_EQ(str(g, rec::card(g.records[1]).id()), "12");
    EXPECT_EQ(rec::card(g.records[1]).title(), kNoSym);
}

TEST(MoveLogAreas, Track) {
    GameRecord g = parse("track british-casualties -3\n");
    Record r = one(g);
    EXPECT_EQ(r.kind, Kind::Track);
    EXPECT_EQ(str(g, rec::track(r).name()), "british-casualties");
    EXPECT_EQ(rec::track(r).value(), -3);
}

///////////////////////////////////////////////////////////////////////////////////////////////
// Results and claims
///////////////////////////////////////////////////////////////////////////////////////////////
TEST(MoveLogResults, Award) {
    GameRecord g = parse("award Union 2 held the bridge  at dusk\n");
    Record r = one(g);
    EXPECT_EQ(r.kind, Kind::Award);
    EXPECT_EQ(str(g, rec::award(r).side()), "Union");
    EXPECT_EQ(rec::award(r).points(), 2);
    EXPECT_EQ(str(g, rec::award(r).reason()), "held the bridge at dusk");
}

TEST(MoveLogResults, Concede) {
    GameRecord g = parse("concede Confederate\n");
    Record r = one(g);
    EXPECT_EQ(r.kind, Kind::Concede);
    EXPECT_EQ(str(g, rec::concede(r).side()), "Confederate");
}

TEST(MoveLogResults, ClaimWinner) {
    GameRecord g = parse("claim winner Confederate\nClaim Winner Union decisive\n");
    ASSERT_EQ(g.records.size(), 2u) << diagnostics_text(g);
    EXPECT_EQ(g.records[0].kind, Kind::ClaimWinner);
    EXPECT_EQ(str(g, rec::claim_winner(g.records[0]).side()), "Confederate");
    EXPECT_EQ(rec::claim_winner(g.records[0]).level(), kNoSym);
    EXPECT_EQ(g.records[1].kind, Kind::ClaimWinner);
    EXPECT_EQ(str(g, rec::claim_winner(g.records[1]).side()), "Union");
    EXPECT_EQ(str(g, rec::claim_winner(g.records[1]).level()), "decisive");
}

TEST(MoveLogResults, ClaimDrawAndEnd) {
    GameRecord g = parse("claim draw\nend\n");
    ASSERT_EQ(g.records.size(), 2u) << diagnostics_text(g);
    EXPECT_EQ(g.records[0].kind, Kind::ClaimDraw);
    EXPECT_EQ(g.records[1].kind, Kind::End);
    EXPECT_EQ(g.records[1].line, 2u);
}

TEST(MoveLogResults, ClaimScore) {
    GameRecord g = parse("claim score Union 12 Confederate -3\nclaim score French 1\n");
    ASSERT_EQ(g.records.size(), 2u) << diagnostics_text(g);
    EXPECT_EQ(g.records[0].kind, Kind::ClaimScore);
    EXPECT_EQ(syms(g, rec::claim_score(g.records[0]).sides()), (std::vector<std::string>{"Union", "Confederate"}));
    EXPECT_EQ(ints(g, rec::claim_score(g.records[0]).points()), (std::vector<std::int64_t>{12, -3}));
    EXPECT_EQ(syms(g, rec::claim_score(g.records[1]).sides()), (std::vector<std::string>{"French"}));
    EXPECT_EQ(ints(g, rec::claim_score(g.records[1]).points()), (std::vector<std::int64_t>{1}));
}

///////////////////////////////////////////////////////////////////////////////////////////////
// Lexical rules
///////////////////////////////////////////////////////////////////////////////////////////////
TEST(MoveLogLexical, KeywordsCaseInsensitiveIdsCaseSensitive) {
    GameRecord g = parse("MOVE u A B\nMove U a b\nmOvE u A B\n");
    ASSERT_EQ(g.records.size(), 3u) << diagnostics_text(g);
    for (const Record& r : g.records) EXPECT_EQ(r.kind, Kind::Move);
    const auto m0 = rec::move(g.records[0]), m1 = rec::move(g.records[1]), m2 = rec::move(g.records[2]);
    EXPECT_NE(m0.unit(), m1.unit()) << "unit ids are case-sensitive";
    EXPECT_EQ(m0.unit(), m2.unit());
    EXPECT_EQ(syms(g, m1.path()), (std::vector<std::string>{"a", "b"}));
    EXPECT_NE(g.syms_arena[m0.path().off], g.syms_arena[m1.path().off])
        << "locations are case-sensitive";
    EXPECT_EQ(str(g, m1.unit()), "U");
}

TEST(MoveLogLexical, KeywordMustBeAWholeWord) {
    Diagnostic d = error_of("moves U A B\n");
    EXPECT_EQ(d.col, 1u);
    EXPECT_TRUE(contains(d.message, "found 'moves'")) << d.message;
}

TEST(MoveLogLexical, WordsThatLookLikeKeywordsAsOperands) {
    GameRecord g = parse("move at vs off\nretreat X off A\ncombat vs2 vs at\n");
    ASSERT_EQ(g.records.size(), 3u) << diagnostics_text(g);
    EXPECT_EQ(str(g, rec::move(g.records[0]).unit()), "at");
    EXPECT_EQ(syms(g, rec::move(g.records[0]).path()), (std::vector<std::string>{"vs", "off"}));
    EXPECT_EQ(syms(g, rec::retreat(g.records[1]).path()), (std::vector<std::string>{"off", "A"}))
        << "'off' is the keyword only as the last token";
    EXPECT_FALSE(rec::retreat(g.records[1]).off());
    EXPECT_EQ(syms(g, rec::combat(g.records[2]).attackers()), (std::vector<std::string>{"vs2"}));
    EXPECT_EQ(syms(g, rec::combat(g.records[2]).defenders()), (std::vector<std::string>{"at"}));
}

TEST(MoveLogLexical, StringsWithEscapes) {
    GameRecord g = parse(R"(tag note "say \"hi\" \\ # not a comment")" "\n");
    Record r = one(g);
    EXPECT_EQ(str(g, rec::tag(r).value()), R"(say "hi" \ # not a comment)");
}

TEST(MoveLogLexical, StringsStandWhereWordsMay) {
    GameRecord g = parse("move \"1st Division\" \"Marye's Heights\" \"Sunken Road\"\nlose \"1st Division\" \"2\"\n");
    ASSERT_EQ(g.records.size(), 2u) << diagnostics_text(g);
    EXPECT_EQ(str(g, rec::move(g.records[0]).unit()), "1st Division");
    EXPECT_EQ(syms(g, rec::move(g.records[0]).path()), (std::vector<std::string>{"Marye's Heights", "Sunken Road"}));
    EXPECT_EQ(rec::move(g.records[0]).unit(), rec::lose(g.records[1]).unit());
    EXPECT_EQ(rec::lose(g.records[1]).strength(), 2);
}

TEST(MoveLogLexical, UnicodeTextAndColumnsInCharacters) {
    GameRecord g = parse("player Français \"Émile Zola\"\n  move Überläufer Köln Mühle\n");
    ASSERT_EQ(g.records.size(), 2u) << diagnostics_text(g);
    EXPECT_EQ(str(g, rec::player(g.records[0]).side()), "Français");
    EXPECT_EQ(str(g, rec::player(g.records[0]).name()), "Émile Zola");
    EXPECT_EQ(g.records[1].col, 3u);
    // An error after multi-byte characters: the column counts characters, not bytes.
    Diagnostic d = error_of("move Überläufer Köln\n");
    EXPECT_EQ(d.col, 21u) << d.message;  // end of line: 20 characters, 23 bytes
}

TEST(MoveLogLexical, CommentsBlankLinesAndWhitespace) {
    GameRecord g = parse(
        "# a comment\n"
        "\n"
        "   \t \n"
        "   # an indented comment\n"
        "\tturn\t1\t# the first turn\n"
        "turn 2#glued comment\n"
        "end#done\n");
    ASSERT_TRUE(g.diagnostics.empty()) << diagnostics_text(g);
    ASSERT_EQ(g.records.size(), 3u);
    EXPECT_EQ(g.records[2].kind, Kind::End);
    EXPECT_EQ(rec::turn(g.records[0]).number(), 1);
    EXPECT_EQ(g.records[0].line, 5u);
    EXPECT_EQ(g.records[0].col, 2u);
    EXPECT_EQ(rec::turn(g.records[1]).number(), 2);
    EXPECT_EQ(g.records[1].line, 6u);
    EXPECT_EQ(g.last_line, 7u);
}

TEST(MoveLogLexical, CrLfLineEnds) {
    GameRecord g = parse("game x\r\nturn 1\r\n\r\nmove U A B\r\nlose U six\r\n");
    ASSERT_EQ(g.records.size(), 3u) << diagnostics_text(g);
    EXPECT_EQ(g.records[2].line, 4u);
    EXPECT_EQ(syms(g, rec::move(g.records[2]).path()), (std::vector<std::string>{"A", "B"})) << "no '\\r' in the last token";
    EXPECT_EQ(g.last_line, 5u);
    ASSERT_EQ(g.diagnostics.size(), 1u);
    EXPECT_EQ(g.diagnostics[0].line, 5u);
    EXPECT_EQ(g.diagnostics[0].col, 8u);
}

TEST(MoveLogLexical, ByteOrderMarkAtStartIgnored) {
    GameRecord g = parse("\xEF\xBB\xBFgame maryes-heights\nturn 1\n");
    ASSERT_EQ(g.records.size(), 2u) << diagnostics_text(g);
    EXPECT_EQ(g.records[0].kind, Kind::Game);
    EXPECT_EQ(g.records[0].col, 1u);
    EXPECT_EQ(str(g, rec::game(g.records[0]).scenario()), "maryes-heights");
    // Elsewhere it is an ordinary character, part of a word.
    GameRecord mid = parse("turn 1\n\xEF\xBB\xBFturn 2\n");
    EXPECT_EQ(mid.records.size(), 1u);
    ASSERT_EQ(mid.diagnostics.size(), 1u);
    EXPECT_EQ(mid.diagnostics[0].line, 2u);
    EXPECT_EQ(mid.diagnostics[0].col, 1u);
    EXPECT_TRUE(contains(mid.diagnostics[0].message, "expected a record keyword")) << mid.diagnostics[0].message;
    // A file that is only a byte-order mark has no lines.
    GameRecord bom = parse("\xEF\xBB\xBF");
    EXPECT_TRUE(bom.records.empty());
    EXPECT_TRUE(bom.diagnostics.empty());
    EXPECT_EQ(bom.last_line, 0u);
}

TEST(MoveLogLexical, LastLine) {
    EXPECT_EQ(parse("").last_line, 0u);
    EXPECT_EQ(parse("turn 1").last_line, 1u);
    EXPECT_EQ(parse("turn 1\n").last_line, 1u);
    EXPECT_EQ(parse("turn 1\n\n\n").last_line, 3u);
    EXPECT_EQ(parse("\n# c\nturn 1\n# end").last_line, 4u);
    GameRecord g = parse("turn 1");
    EXPECT_EQ(g.records.size(), 1u) << "a last line without a line end is parsed";
}

TEST(MoveLogLexical, Numbers) {
    GameRecord g = parse(
        "track t +5\ntrack t -0\ntrack t 9223372036854775807\ntrack t -9223372036854775808\ntrack t 007\n");
    ASSERT_EQ(g.records.size(), 5u) << diagnostics_text(g);
    EXPECT_EQ(rec::track(g.records[0]).value(), 5);
    EXPECT_EQ(rec::track(g.records[1]).value(), 0);
    EXPECT_EQ(rec::track(g.records[2]).value(), std::numeric_limits<std::int64_t>::max());
    EXPECT_EQ(rec::track(g.records[3]).value(), std::numeric_limits<std::int64_t>::min());
    EXPECT_EQ(rec::track(g.records[4]).value(), 7);
}

TEST(MoveLogLexical, NoSemanticChecks) {
    // Unknown sides, units and phases, turns out of order, records after end: all the validator's.
    GameRecord g = parse("end\nturn 7\nturn 3\nphase Martians lunch\nmove nobody nowhere elsewhere\nlose X -4\n");
    EXPECT_TRUE(g.diagnostics.empty()) << diagnostics_text(g);
    EXPECT_EQ(g.records.size(), 6u);
}

///////////////////////////////////////////////////////////////////////////////////////////////
// Syntax errors: line, column (characters, 1-based) and what was expected
///////////////////////////////////////////////////////////////////////////////////////////////
TEST(MoveLogErrors, UnknownKeyword) {
    Diagnostic d = error_of("  mvoe 3/V 0206 0307\n");
    EXPECT_EQ(d.line, 1u);
    EXPECT_EQ(d.col, 3u);
    EXPECT_TRUE(contains(d.message, "expected a record keyword (game, tag, side, player, param, setup, unit, hold, "
                                    "objective, target, turn, phase, move,"))
        << d.message;
    EXPECT_TRUE(contains(d.message, "found 'mvoe'")) << d.message;
}

TEST(MoveLogErrors, MissingOperandAtEndOfLine) {
    Diagnostic d = error_of("unit 2/1/V Union inf 6 at\n");
    EXPECT_EQ(d.col, 26u);
    EXPECT_EQ(d.message, "expected a location after 'at', found end of line");
    // A comment ends the line as well.
    Diagnostic c = error_of("unit 2/1/V Union inf 6 at   # where?\n");
    EXPECT_EQ(c.col, 29u);
    EXPECT_EQ(c.message, "expected a location after 'at', found end of line");
}

TEST(MoveLogErrors, MissingOperands) {
    EXPECT_EQ(error_of("game\n").message, "expected a scenario (an id or a path) after 'game', found end of line");
    EXPECT_EQ(error_of("move 3/V\n").message, "expected a path (two or more locations), found end of line");
    Diagnostic d = error_of("move 3/V 0206\n");
    EXPECT_EQ(d.col, 14u);
    EXPECT_EQ(d.message, "expected a second location of the path, found end of line");
    EXPECT_EQ(error_of("retreat 3/V 0206\n").message,
              "expected a second location of the path or 'off', found end of line");
    EXPECT_EQ(error_of("combat A B\n").message, "expected 'vs', found 'B'");
    EXPECT_EQ(error_of("chat Union\n").message, "expected the chat text, found end of line");
    EXPECT_EQ(error_of("award Union 3\n").message, "expected the reason, found end of line");
    EXPECT_EQ(error_of("claim score\n").message, "expected a side and its score, found end of line");
    EXPECT_EQ(error_of("claim score Union 3 Confederate\n").message, "expected a number (score), found end of line");
    EXPECT_EQ(error_of("claim\n").message, "expected 'winner', 'draw' or 'score' after 'claim', found end of line");
    EXPECT_EQ(error_of("claim victory Union\n").col, 7u);
    EXPECT_EQ(error_of("unit A Union inf 2 enters 3 0101\n").message, "expected 'at' after 'enters <turn>', found '0101'");
    EXPECT_EQ(error_of("setup maybe\n").message, "expected 'standard' or 'custom', found 'maybe'");
    EXPECT_EQ(error_of("unit A Union inf 2 role\n").message, "expected a role after 'role', found end of line");
    EXPECT_EQ(error_of("objective majority any A banners\n").message,
              "expected a number (banners) after 'banners', found end of line");
    Diagnostic twice = error_of("objective majority any A banners 2 held-by Union banners 3\n");
    EXPECT_EQ(twice.col, 50u);
    EXPECT_EQ(twice.message, "'banners' given twice");
    EXPECT_EQ(error_of("objective majority any A held-by Union foo\n").message,
              "expected 'banners', 'held-by' or end of line, found 'foo'");
    EXPECT_EQ(error_of("claim\"winner\" Union\n").col, 6u);
    EXPECT_TRUE(contains(error_of("support Boston lukewarm\n").message, "expected a support level (active-support,"));
    EXPECT_TRUE(contains(error_of("place British cannon Boston\n").message, "expected a piece (regular,"));
    EXPECT_TRUE(contains(error_of("objective sometimes Union A\n").message, "expected an objective kind (temporary,"));
}

TEST(MoveLogErrors, ArrowsOutOfPlace) {
    Diagnostic lead = error_of("move U -> A B\n");
    EXPECT_EQ(lead.col, 8u);
    EXPECT_EQ(lead.message, "expected a path (two or more locations), found '->'");
    Diagnostic twice = error_of("move U A -> -> B\n");
    EXPECT_EQ(twice.col, 13u);
    EXPECT_EQ(twice.message, "expected a location after '->', found '->'");
    Diagnostic trailing = error_of("move U A B ->\n");
    EXPECT_EQ(trailing.col, 14u);
    EXPECT_EQ(trailing.message, "expected a location after '->', found end of line");
}

TEST(MoveLogErrors, BadNumber) {
    Diagnostic d = error_of("unit 2/1/V Union inf six\n");
    EXPECT_EQ(d.col, 22u);
    EXPECT_EQ(d.message, "expected a number (strength), found 'six'");
    Diagnostic x = error_of("lose 3/V 3x\n");
    EXPECT_EQ(x.col, 10u);
    EXPECT_EQ(x.message, "expected a number (strength lost), found '3x'");
    EXPECT_EQ(error_of("turn -\n").message, "expected a number (turn), found '-'");
    EXPECT_EQ(error_of("turn 1.5\n").message, "expected a number (turn), found '1.5'");
    // Optional counts: a word that is not a number is reported as such.
    Diagnostic c = error_of("place Patriots fort Virginia 2x\n");
    EXPECT_EQ(c.col, 30u);
    EXPECT_EQ(c.message, "expected a count or end of line, found '2x'");
    EXPECT_EQ(error_of("roll 2d6 3 x\n").message, "expected end of line after the record, found 'x'");
    EXPECT_EQ(error_of("roll 2d6\n").message, "expected a number (die roll), found end of line");
    EXPECT_EQ(error_of("combat A vs B roll four\n").message, "expected a number (die roll) after 'roll', found 'four'");
}

TEST(MoveLogErrors, NumberOutOfRange) {
    Diagnostic d = error_of("lose 3/V 9223372036854775808\n");
    EXPECT_EQ(d.col, 10u);
    EXPECT_TRUE(contains(d.message, "number out of range")) << d.message;
    Diagnostic n = error_of("turn -9223372036854775809\n");
    EXPECT_EQ(n.col, 6u);
    EXPECT_TRUE(contains(n.message, "number out of range")) << n.message;
    Diagnostic big = error_of("combat A vs B roll 1 " + std::string(5000, '9') + "\n");
    EXPECT_EQ(big.col, 22u);
    EXPECT_TRUE(contains(big.message, "number out of range")) << big.message;
    EXPECT_LT(big.message.size(), 200u) << "a huge token is abridged in the message";
}

TEST(MoveLogErrors, TrailingToken) {
    Diagnostic d = error_of("end extra\n");
    EXPECT_EQ(d.col, 5u);
    EXPECT_EQ(d.message, "expected end of line after the record, found 'extra'");
    EXPECT_EQ(error_of("phase Union movement now\n").message, "expected end of line after the record, found 'now'");
}

TEST(MoveLogErrors, UnterminatedString) {
    Diagnostic d = error_of("tag event \"WBC 2026\n");
    EXPECT_EQ(d.col, 11u);
    EXPECT_EQ(d.message, "unterminated string");
    Diagnostic e = error_of("tag event \"WBC\\\"\n");  // the closing quote is escaped
    EXPECT_EQ(e.col, 11u);
    EXPECT_EQ(e.message, "unterminated string");
    Diagnostic h = error_of("tag x \"a # b\n");  // '#' inside a string starts no comment
    EXPECT_EQ(h.col, 7u);
    EXPECT_EQ(h.message, "unterminated string");
}

TEST(MoveLogErrors, BadEscape) {
    Diagnostic d = error_of("tag note \"a\\nb\"\n");
    EXPECT_EQ(d.col, 10u);
    EXPECT_TRUE(contains(d.message, "bad escape '\\n'")) << d.message;
    EXPECT_TRUE(contains(d.message, "only \\\" and \\\\")) << d.message;
}

TEST(MoveLogErrors, TokensMustBeSeparated) {
    Diagnostic before = error_of("tag event\"WBC\"\n");
    EXPECT_EQ(before.col, 10u);
    EXPECT_EQ(before.message, "expected a space before the string, found '\"WBC\"'");
    Diagnostic after = error_of("tag \"event\"x y\n");
    EXPECT_EQ(after.col, 12u);
    EXPECT_EQ(after.message, "expected a space after the string, found 'x'");
    EXPECT_EQ(error_of("tag\"x\" y\n").col, 4u);
}

TEST(MoveLogErrors, EmptyString) {
    Diagnostic d = error_of("tag event \"\"\n");
    EXPECT_EQ(d.col, 11u);
    EXPECT_TRUE(contains(d.message, "non-empty string")) << d.message;
}

TEST(MoveLogErrors, EmptyListElement) {
    Diagnostic doubled = error_of("combat A,,B vs C\n");
    EXPECT_EQ(doubled.col, 10u);
    EXPECT_EQ(doubled.message, "expected a unit id after ',', found ','");
    Diagnostic trailing = error_of("combat A vs B,\n");
    EXPECT_EQ(trailing.col, 15u);
    EXPECT_EQ(trailing.message, "expected a unit id after ',', found the end of the list");
    Diagnostic leading = error_of("objective majority any ,A\n");
    EXPECT_EQ(leading.col, 24u);
    EXPECT_EQ(leading.message, "expected a location, found ','");
    EXPECT_EQ(error_of("objective majority any \"A,,B\"\n").col, 27u);
}

TEST(MoveLogErrors, RepeatedUnitOptions) {
    Diagnostic at = error_of("unit X U inf 3 at A role r at B\n");
    EXPECT_EQ(at.col, 28u);
    EXPECT_TRUE(contains(at.message, "'at' given twice")) << at.message;
    Diagnostic enters = error_of("unit X U inf 3 enters 2 at A enters 3 at B\n");
    EXPECT_EQ(enters.col, 30u);
    EXPECT_TRUE(contains(enters.message, "'enters' given twice")) << enters.message;
    Diagnostic ma = error_of("unit X U inf 3 ma 4 at A ma 5\n");
    EXPECT_EQ(ma.col, 26u);
    EXPECT_TRUE(contains(ma.message, "'ma' given twice")) << ma.message;
    EXPECT_EQ(error_of("unit X U inf 3 ma four\n").message, "expected a number (movement allowance) after 'ma', found 'four'");
    EXPECT_EQ(error_of("unit X U inf 3 at A foo\n").message, "expected 'at', 'enters', 'ma', 'role' or end of line, found 'foo'");
}

TEST(MoveLogErrors, InvalidUtf8) {
    Diagnostic d = error_of("move U A\xFF B\n");
    EXPECT_EQ(d.col, 9u);
    EXPECT_TRUE(contains(d.message, "invalid UTF-8")) << d.message;
    // After multi-byte characters, and in a comment too.
    Diagnostic c = error_of("turn 1 # ééé \xC3\x28\n");
    EXPECT_EQ(c.col, 14u);
    EXPECT_TRUE(contains(c.message, "invalid UTF-8")) << c.message;
    // Overlong encodings, surrogates, truncated sequences.
    EXPECT_EQ(error_of("chat U \xC0\xAF\n").col, 8u);
    EXPECT_EQ(error_of("chat U \xED\xA0\x80\n").col, 8u);
    EXPECT_EQ(error_of("chat U ab\xE2\x82").col, 10u);
    EXPECT_EQ(error_of("chat U \xF4\x90\x80\x80\n").col, 8u);
}

TEST(MoveLogErrors, ControlCharacters) {
    Diagnostic nul = error_of(std::string_view("turn 1\0\n", 8));
    EXPECT_EQ(nul.col, 7u);
    EXPECT_TRUE(contains(nul.message, "control character U+0000")) << nul.message;
    EXPECT_EQ(error_of("turn\x1b[0m 1\n").col, 5u);
    EXPECT_EQ(error_of("turn 1\rturn 2\n").col, 7u) << "a lone CR is no line end";
    EXPECT_TRUE(contains(error_of("chat U \xC2\x85\n").message, "U+0085"));
    GameRecord tab = parse("turn\t1\n");
    EXPECT_TRUE(tab.diagnostics.empty()) << "tab is allowed";
}

TEST(MoveLogErrors, EveryBadLineReportedGoodLinesKept) {
    const char* text =
        "game maryes-heights\n"
        "turn 1\n"
        "mvoe 3/V 0206 0307\n"           // 3: unknown keyword
        "move 3/V 0206 0307\n"
        "lose 3/V two\n"                 // 5: bad number
        "# comment\n"
        "phase Union combat\n"
        "tag event \"unterminated\n"     // 8: unterminated string
        "end\n";
    GameRecord g = parse(text);
    ASSERT_EQ(g.diagnostics.size(), 3u) << diagnostics_text(g);
    EXPECT_EQ(g.diagnostics[0].line, 3u);
    EXPECT_EQ(g.diagnostics[0].col, 1u);
    EXPECT_EQ(g.diagnostics[1].line, 5u);
    EXPECT_EQ(g.diagnostics[1].col, 10u);
    EXPECT_EQ(g.diagnostics[2].line, 8u);
    EXPECT_EQ(g.diagnostics[2].col, 11u);
    EXPECT_TRUE(g.has_syntax_errors());
    ASSERT_EQ(g.records.size(), 5u);
    const std::uint32_t lines[] = {1, 2, 4, 7, 9};
    for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(g.records[i].line, lines[i]);
    EXPECT_EQ(g.records[2].kind, Kind::Move);
    EXPECT_EQ(syms(g, rec::move(g.records[2]).path()), (std::vector<std::string>{"0206", "0307"}));
    EXPECT_EQ(g.last_line, 9u);
}

///////////////////////////////////////////////////////////////////////////////////////////////
// Robustness: no crash, no hang, nothing quadratic
///////////////////////////////////////////////////////////////////////////////////////////////
TEST(MoveLogRobustness, BinaryGarbage) {
    std::mt19937 rng(12345);
    std::string text(1 << 20, '\0');
    for (char& c : text) c = static_cast<char>(rng() & 0xFF);
    GameRecord g = parse(text);
    EXPECT_FALSE(g.diagnostics.empty());
    for (const Diagnostic& d : g.diagnostics) {
        EXPECT_GE(d.line, 1u);
        EXPECT_LE(d.line, g.last_line);
        EXPECT_GE(d.col, 1u);
    }
}

TEST(MoveLogRobustness, RandomTokenSoupOneOutcomePerLine) {
    // Every non-blank, non-comment line gives exactly one record or exactly one diagnostic (and
    // so does a comment line with an invalid byte).
    const char* vocab[] = {"move", "unit", "at", "enters", "role", "retreat", "off", "->", "combat", "vs",
                           "odds", "roll", "result", "claim", "score", "winner", "draw", "objective",
                           "majority", "banners", "held-by", "remove", "casualty", "place", "fort", "3",
                           "-2", "99999999999999999999", "A,B", "A,,B", ",", "\"x y\"", "\"a\\\"b\"",
                           "\"bad\\q\"", "\"open", "#c", "\t", "é", "\xff", "Union", "1107", "setup",
                           "custom", "support", "neutral", "chat", "award", "end", "turn", "phase"};
    std::mt19937 rng(777);
    std::string text;
    std::size_t lines = 0;
    for (int i = 0; i < 20000; ++i) {
        const int n = 1 + static_cast<int>(rng() % 8);
        std::string line;
        for (int k = 0; k < n; ++k) {
            if (k != 0) line += ' ';
            line += vocab[rng() % (sizeof vocab / sizeof vocab[0])];
        }
        std::size_t p = line.find_first_not_of(" \t");
        if ((p != std::string::npos && line[p] != '#') || line.find('\xff') != std::string::npos) ++lines;
        text += line;
        text += (i % 3 == 0) ? "\r\n" : "\n";
    }
    GameRecord g = parse(text);
    EXPECT_EQ(g.records.size() + g.diagnostic_count(), lines);  // past the first 10,000, diagnostics are counted
    EXPECT_EQ(g.diagnostics.size(), std::min(g.diagnostic_count(), kMaxKeptDiagnostics));
    EXPECT_EQ(g.last_line, 20000u);
    std::uint32_t previous = 0;
    for (const Diagnostic& d : g.diagnostics) {
        EXPECT_GT(d.line, previous) << "one diagnostic a line, in order";
        previous = d.line;
        EXPECT_FALSE(d.message.empty());
    }
}

TEST(MoveLogRobustness, HugeLines) {
    // A path of 500,000 locations, a 4 MB chat line, a 4 MB unterminated string, a 4 MB bad word.
    std::string path = "move U";
    for (int i = 0; i < 500000; ++i) path += (i % 2 == 0) ? " A ->" : " B";
    path += " C\n";
    const std::string chat = "chat U " + std::string(4 << 20, 'x') + " y\n";
    const std::string open = "tag t \"" + std::string(4 << 20, 'x') + "\n";
    const std::string junk = std::string(4 << 20, 'q') + "\n";
    GameRecord g = parse(path + chat + open + junk);
    ASSERT_EQ(g.records.size(), 2u) << diagnostics_text(g).substr(0, 500);
    EXPECT_EQ(rec::move(g.records[0]).path().len, 500001u);  // 250,000 A, 250,000 B and C; no arrows
    EXPECT_EQ(g.str(rec::chat(g.records[1]).text()).size(), (4u << 20) + 2u);
    ASSERT_EQ(g.diagnostics.size(), 2u);
    EXPECT_EQ(g.diagnostics[0].line, 3u);
    EXPECT_EQ(g.diagnostics[0].message, "unterminated string");
    EXPECT_EQ(g.diagnostics[1].line, 4u);
    EXPECT_LT(g.diagnostics[1].message.size(), 600u);
}

TEST(MoveLogRobustness, ManyLines) {
    std::string text;
    for (int i = 0; i < 200000; ++i) text += (i % 4 == 3) ? "mvoe X\n" : "move 2/V 0101 0102\n";
    GameRecord g = parse(text);
    EXPECT_EQ(g.records.size(), 150000u);
    // The first 10,000 diagnostics are kept (record.hpp), the other 40,000 counted.
    EXPECT_EQ(g.diagnostics.size(), kMaxKeptDiagnostics);
    EXPECT_EQ(g.errors_not_kept, 40000u);
    EXPECT_TRUE(g.has_syntax_errors());
    EXPECT_EQ(g.last_line, 200000u);
    EXPECT_EQ(g.diagnostics.back().line, 40000u);
}

///////////////////////////////////////////////////////////////////////////////////////////////
// The fast paths for plain moves, advances and combats (move_log_fast_paths.cpp, Parser::plain_path and
// plain_combat) must make exactly what the grammar makes: the same records, lists, symbols (in the
// same order) and diagnostics.
///////////////////////////////////////////////////////////////////////////////////////////////
namespace {

void expect_fast_path_same(std::string_view text) {
    const GameRecord fast = parse_move_log(text, "t.log", true);
    const GameRecord grammar = parse_move_log(text, "t.log", false);
    EXPECT_EQ(dump(fast), dump(grammar)) << "input:\n" << text;
}

}  // namespace

TEST(PlainFastPaths, SameAsTheGrammarOnTheSamples) {
    namespace fs = std::filesystem;
    std::size_t logs = 0, moves = 0;
    for (const auto& dir : fs::directory_iterator(fs::path(REFEREE_SOURCE_DIR) / "samples")) {
        if (!dir.is_directory()) continue;
        for (const auto& f : fs::directory_iterator(dir.path())) {
            if (f.path().extension() != ".log") continue;
            std::ifstream in(f.path(), std::ios::binary);
            const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            SCOPED_TRACE(f.path().string());
            expect_fast_path_same(text);
            ++logs;
            for (const Record& r : parse_move_log(text, "t.log", false).records)
                moves += r.kind == Kind::Move || r.kind == Kind::Advance || r.kind == Kind::Combat;
        }
    }
    EXPECT_GE(logs, 20u);
    EXPECT_GE(moves, 100u);  // the samples do exercise the fast paths
}

TEST(PlainFastPaths, SameAsTheGrammarOnEdgeCases) {
    for (const char* line : {
             "move A 0101 0102", "MOVE A 0101 0102", "  advance\tA\t0101 0102  ", "move A 0101 0102 # comment",
             "move A 0101 0102#glued comment", "move A 0101#c 0102", "move A 0101", "move A", "move",
             "move A 0101 -> 0102", "move A -> 0101 0102", "move A 0101 0102 ->", "move -> 0101 0102",
             "move A 0101 ->0102", "move A 0101 \"0102\"", "move \"A B\" 0101 0102", "move A 0101 0102\"x\"",
             "move A 0101 \"unterminated", "move A 0101 0102 \"\"", "move A 0101 0102\r", "move A 0101 0102 \xC3\xA9",
             "move A 0101 0102 0103 0104 0105 0106 0107 0108 0109 0110 0111 0112 0113 0114 0115 0116 0117 0118 "
             "0119 0120 0121 0122 0123 0124 0125 0126",
             "move A 0101 0102 0103 0104 0105 0106 0107 0108 0109 0110 0111 0112 0113 0114 0115 0116 0117 0118 "
             "0119 0120 0121 0122 0123",
             "move A off 0102", "advance A 0101 off", "move A,B 0101 0102", "move A 0101 0101",
             "  \xC3\xA9 move A 0101 0102", "move\"A\" 0101 0102",
             "combat A vs B", "combat A,B vs C odds 3:1 roll 4 result DR", "COMBAT a VS b ODDS 1:1 ROLL 1 2 3 RESULT x",
             "combat A vs B roll 6", "combat A vs B result NE", "combat A vs B odds 2:1", "combat A vs B odds roll 3",
             "combat A vs B odds result", "combat A vs B odds", "combat A vs B roll", "combat A vs B roll x",
             "combat A vs B roll 3 odds 2:1", "combat A vs B roll +3 -2 result r", "combat A vs B roll 99999999999999999999",
             "combat A vs B roll 1 99999999999999999999", "combat A vs B result", "combat A vs B result r extra",
             "combat A vs B odds 1:1 odds 2:1", "combat vs A vs B", "combat A vs vs", "combat A B", "combat A vs",
             "combat ,A vs B", "combat A, vs B", "combat A,,B vs C", "combat A vs B,", "combat A vs \"B\"",
             "combat A vs B # c", "combat A vs B#c", "combat A vs B roll 3#c", "combat A vsB", "combat A -> vs B",
             "combat A vs B roll 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21",
             "combat A vs B roll 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22",
             "retreat A 0101 0102", "retreat A 0101 off", "retreat A 0101 OFF", "retreat A 0101 0102 off", "retreat A off",
             "retreat A 0101", "retreat A", "retreat", "retreat A off 0102", "retreat A off off", "retreat A 0101 off # c",
             "retreat A 0101 off#c", "retreat A 0101 off x", "retreat A 0101 -> 0102", "retreat A 0101 -> off",
             "retreat A 0101 \"off\"", "RETREAT a 0101 0102 0103 Off", "retreat A,B 0101 off", "retreat A 0101 0102\r",
             "retreat A 0101 0102 0103 0104 0105 0106 0107 0108 0109 0110 0111 0112 0113 0114 0115 0116 0117 0118 "
             "0119 0120 0121 0122 off"}) {
        expect_fast_path_same(line);
        expect_fast_path_same(std::string("game maryes-heights\n") + line + "\nmove B 0201 0202\n");
    }
}

// The one-pass scan (move_log_scan.hpp) reads sixteen bytes at a time and the text's last bytes
// apart: lines of every length, ending at every place of a block, with and without a last line
// feed, the same with the fast paths as with the grammar alone.
TEST(PlainFastPaths, SameAsTheGrammarWhereverALineEnds) {
    const std::vector<std::string> lines = {"move 2/1/IX 1025 1024 0925 0926", "combat A,B vs C odds 3:1 roll 6 result NE",
                                            "retreat Kershaw 1924 1925 off", "advance A 0101 0102", "move A 0101 \"0102\"",
                                            "move A 0101 0102 # c", "move A 0101 0102\r"};
    for (const std::string& line : lines)
        for (std::size_t cut = 0; cut <= line.size(); ++cut)
            for (const std::string lead : {"", " ", "move B 0201 0202\n", "game maryes-heights\nturn 1\n"}) {
                expect_fast_path_same(lead + line.substr(0, cut));
                expect_fast_path_same(lead + line.substr(0, cut) + "\n");
                expect_fast_path_same(lead + "   " + line.substr(0, cut) + "   \nmove C 0301 0302");
            }
}

TEST(PlainFastPaths, SameAsTheGrammarOnRandomLines) {
    const std::vector<std::string> pieces = {"move", "advance", "MOVE", "Advance", "combat", "Combat", "retreat", "Retreat",
                                             "->", "-", ">", "0101", "0102", "A", "2/1/I", "off", "#", "# c",
                                             "\"q\"", "\"a b\"", "\"\"", "\"x\\\"y\"", "\"bad\\n\"", "\"open",
                                             "\xC3\xA9", "x\"y", "at", ",", "A,B", "A,", ",B", "vs", "VS", "odds",
                                             "roll", "result", "3", "-4", "3:1", "99999999999999999999"};
    const std::vector<std::string> gaps = {" ", " ", "  ", "\t", ""};
    std::mt19937 rng(20261121);
    std::string text;
    for (int i = 0; i < 40000; ++i) {
        std::string line = rng() % 4 == 0 ? gaps[rng() % gaps.size()] : "";
        line += pieces[rng() % 8];  // a move, advance, combat or retreat keyword, in some case
        const int n = static_cast<int>(rng() % 9);
        for (int k = 0; k < n; ++k) line += gaps[rng() % gaps.size()] + pieces[rng() % pieces.size()];
        text += line + (rng() % 10 == 0 ? "\r\n" : "\n");
    }
    expect_fast_path_same(text);
    // And the fast path was taken for some of them and not for others: both kinds are in the text.
    const GameRecord g = parse_move_log(text, "t.log", false);
    EXPECT_GT(g.records.size(), 1000u);
    EXPECT_GT(g.diagnostics.size(), 1000u);
}

// Mostly well-formed moves and combats, with one token changed now and then: most lines take the
// fast paths, and the changed ones test where they must give up.
TEST(PlainFastPaths, SameAsTheGrammarOnNearlyPlainLines) {
    const std::vector<std::string> odd = {"->", "\"q\"", "vs", "odds", "roll", "result", "#", "A,", ",,", "-7",
                                          "99999999999999999999", "", "x\"y", "VS", "Roll", "off"};
    std::mt19937 rng(1121);
    auto pick = [&](std::initializer_list<const char*> v) { return std::string(v.begin()[rng() % v.size()]); };
    std::string text;
    for (int i = 0; i < 20000; ++i) {
        std::vector<std::string> t;
        if (rng() % 2 == 0) {
            t = {pick({"move", "advance", "Move", "retreat", "Retreat"}), pick({"A", "2/1/I", "Mahone"})};
            for (int k = 0, n = 2 + static_cast<int>(rng() % 4); k < n; ++k) t.push_back(pick({"0101", "0102", "1717"}));
            if ((t[0][0] == 'r' || t[0][0] == 'R') && rng() % 2) t.push_back(pick({"off", "OFF"}));
        } else {
            t = {pick({"combat", "COMBAT"}), pick({"A", "A,B", "2/1/I,3/1/I"}), pick({"vs", "Vs"}), pick({"C", "C,D"})};
            if (rng() % 2) t.insert(t.end(), {pick({"odds", "ODDS"}), pick({"3:1", "1:2", "roll"})});
            if (rng() % 2) {
                t.push_back(pick({"roll", "Roll"}));
                for (int k = 0, n = 1 + static_cast<int>(rng() % 3); k < n; ++k) t.push_back(std::to_string(rng() % 7));
            }
            if (rng() % 2) t.insert(t.end(), {"result", pick({"DR", "NE", "AE"})});
        }
        if (rng() % 3 == 0) t[1 + rng() % (t.size() - 1)] = odd[rng() % odd.size()];
        if (rng() % 10 == 0) t.push_back("# comment");
        std::string line;
        for (const std::string& w : t) line += (line.empty() ? "" : rng() % 8 == 0 ? "\t " : " ") + w;
        text += line + "\n";
    }
    expect_fast_path_same(text);
    const GameRecord g = parse_move_log(text, "t.log", true);
    std::size_t combats = 0, moves = 0;
    for (const Record& r : g.records) (r.kind == Kind::Combat ? combats : moves) += 1;
    EXPECT_GT(combats, 5000u);
    EXPECT_GT(moves, 5000u);
    EXPECT_GT(g.diagnostics.size(), 1000u);
}
