// Tests for parser/readers/xml_save.cpp: the XML save of xml-save.md read into the record model,
// collected or streamed.
#include "readers.hpp"
#include "record_views.hpp"
#include "stream_compare.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace referee {
namespace {

// The example of xml-save.md, with its "..." placeholders filled in. Line 1 is the declaration.
constexpr std::string_view kExample = R"(<?xml version="1.0" encoding="UTF-8"?>
<referee-save format="1" scenario="cemetery-hill">
  <tag name="event" value="WBC 2026"/>
  <player side="Union" name="A. Smith"/>
  <param name="treaty-played" value="yes"/>
  <setup mode="custom"/>
  <unit id="1/1/I" side="Union" type="infantry" strength="6" at="1703"/>
  <unit id="Buford" side="Union" type="cavalry" strength="3" enters="2" enters-at="0127" role="leader garrison"/>
  <hold loc="1113" side="Confederate"/>
  <objective kind="start-turn-temporary" side="British" locs="0301,0401" banners="1" held-by="British"/>
  <target side="British" n="5"/>
  <support space="Virginia" level="passive-opposition"/>   <!-- area records here set up the position -->
  <log>
    <turn n="1"/>
    <phase side="Confederate" name="movement"/>
    <move unit="Rodes" path="1214 1314 1315"/>
    <enter unit="Early" at="0104"/>
    <exit unit="Stuart" at="2412"/>
    <retreat unit="Rodes" path="1315 1314" off="false"/>
    <advance unit="Early" path="0104 0105"/>
    <eliminate unit="Rodes"/>
    <lose unit="Early" n="1"/>
    <combat attackers="A,B" defenders="C" odds="2:1" roll="5" result="Dr"/>
    <roll dice="2d6" values="3 5"/>
    <chat speaker="A. Smith" text="good game"/>
    <support space="Virginia" level="active-opposition"/>
    <place faction="Patriots" piece="fort" space="Virginia" count="1"/>
    <remove faction="Patriots" piece="fort" space="Virginia" count="1" casualty="true"/>
    <casualty faction="British" piece="regular" count="2"/>
    <blockade city="Boston"/>
    <card id="109" title="Treaty of Alliance"/>
    <track name="cbc" value="3"/>
    <award side="Union" n="5" reason="house rule"/>
    <concede side="Union"/>
    <claim winner="Union" level="Marginal"/>
    <claim-score side="Union" n="40"/>
    <end/>
  </log>
  <snapshot turn="7" phase="Union movement">
    <unit id="Rodes" status="eliminated"/>          <!-- on-map | off-map | exited | eliminated -->
    <unit id="Early" status="on-map" at="0105" strength="5"/>
    <unit id="Stuart" status="exited" at="2412"/>
    <hold loc="1113" side="Confederate"/>
    <score side="Union" value="12"/>
    <track name="cbc" value="3"/>
  </snapshot>
</referee-save>
)";

GameRecord read(std::string_view text) { return read_xml_save(text, "test.xml"); }

// A save with the given body lines after the root start tag (line 1), closed on the last line.
std::string save(std::string_view body) {
    return "<referee-save format=\"1\" scenario=\"s\">\n" + std::string(body) + "</referee-save>\n";
}

std::vector<std::string> names(const GameRecord& g, Span s) {
    std::vector<std::string> out;
    for (const Sym* p = g.list_begin(s); p != g.list_end(s); ++p) out.emplace_back(g.str(*p));
    return out;
}
std::vector<std::int64_t> ints(const GameRecord& g, Span s) {
    return std::vector<std::int64_t>(g.ints_begin(s), g.ints_end(s));
}
using Names = std::vector<std::string>;
using Ints = std::vector<std::int64_t>;

std::vector<const Diagnostic*> diags(const GameRecord& g, std::string_view code) {
    std::vector<const Diagnostic*> out;
    for (const auto& d : g.diagnostics)
        if (d.code == code) out.push_back(&d);
    return out;
}

std::string dump(const GameRecord& g) {
    std::string s;
    for (const auto& d : g.diagnostics)
        s += d.code + " " + std::to_string(d.line) + ":" + std::to_string(d.col) + " " + d.message + "\n";
    return s;
}

// The one "syntax" error of a save; fails the test when there is not exactly one.
Diagnostic only_error(const GameRecord& g) {
    const auto errs = diags(g, "syntax");
    EXPECT_EQ(errs.size(), 1u) << dump(g);
    EXPECT_EQ(g.diagnostics.size(), 1u) << dump(g);
    if (errs.empty()) return {};
    EXPECT_EQ(errs[0]->severity, Severity::Error);
    return *errs[0];
}

// Checks that every Span is inside its arena and every Sym is valid.
void expect_consistent(const GameRecord& g) {
    auto sym_ok = [&](Sym s) { return s < g.symbols.size(); };
    for (const auto& r : g.records) {
        EXPECT_TRUE(sym_ok(r.a) && sym_ok(r.b) && sym_ok(r.c) && sym_ok(r.d) && sym_ok(r.e));
        EXPECT_LE(std::uint64_t(r.list.off) + r.list.len, g.syms_arena.size());
        EXPECT_LE(std::uint64_t(r.list2.off) + r.list2.len, g.syms_arena.size());
        EXPECT_LE(std::uint64_t(r.ints.off) + r.ints.len, g.ints_arena.size());
        EXPECT_GE(r.line, 1u);
        EXPECT_GE(r.col, 1u);
    }
    for (Sym s : g.syms_arena) EXPECT_TRUE(sym_ok(s));
    for (const auto& d : g.diagnostics) {
        EXPECT_GE(d.line, 1u);
        EXPECT_GE(d.col, 1u);
        EXPECT_LE(d.line, std::max<std::uint32_t>(g.last_line, 1) + 1);
        EXPECT_FALSE(d.message.empty());
    }
}

// ----------------------------------------------------------------------------------------------
// The example

TEST(XmlSaveExample, ReadsCleanly) {
    const GameRecord g = read(kExample);
    EXPECT_TRUE(g.diagnostics.empty()) << dump(g);
    EXPECT_FALSE(g.has_syntax_errors());
    EXPECT_EQ(g.format, InputFormat::XmlSave);
    EXPECT_EQ(g.file, "test.xml");
    EXPECT_TRUE(g.has_log);
    EXPECT_TRUE(g.snapshot.has_value());
    EXPECT_EQ(g.last_line, 47u);
    ASSERT_EQ(g.records.size(), 1u + 10u + 24u);
    expect_consistent(g);
}

TEST(XmlSaveExample, KindsAndPositionsInDocumentOrder) {
    const GameRecord g = read(kExample);
    const std::vector<Kind> kinds = {
        Kind::Game, Kind::Tag, Kind::Player, Kind::Param, Kind::Setup, Kind::Unit, Kind::Unit,
        Kind::Hold, Kind::Objective, Kind::Target, Kind::Support,
        Kind::Turn, Kind::Phase, Kind::Move, Kind::Enter, Kind::Exit, Kind::Retreat, Kind::Advance,
        Kind::Eliminate, Kind::Lose, Kind::Combat, Kind::Roll, Kind::Chat, Kind::Support, Kind::Place,
        Kind::Remove, Kind::Casualty, Kind::Blockade, Kind::Card, Kind::Track, Kind::Award,
        Kind::Concede, Kind::ClaimWinner, Kind::ClaimScore, Kind::End};
    ASSERT_EQ(g.records.size(), kinds.size());
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        EXPECT_EQ(g.records[i].kind, kinds[i]) << "record " << i;
        // Game on line 2, header records on lines 3..12 (column 3), log records on 14..37 (column 5).
        const std::uint32_t line = i == 0 ? 2 : i <= 10 ? std::uint32_t(i + 2) : std::uint32_t(i + 3);
        const std::uint32_t col = i == 0 ? 1 : i <= 10 ? 3 : 5;
        EXPECT_EQ(g.records[i].line, line) << "record " << i;
        EXPECT_EQ(g.records[i].col, col) << "record " << i;
    }
}

TEST(XmlSaveExample, HeaderFields) {
    const GameRecord g = read(kExample);
    ASSERT_EQ(g.records.size(), 35u);
    const auto& r = g.records;
    EXPECT_EQ(g.str(rec::game(r[0]).scenario()), "cemetery-hill");
    EXPECT_EQ(g.str(rec::tag(r[1]).name()), "event");
    EXPECT_EQ(g.str(rec::tag(r[1]).value()), "WBC 2026");
    EXPECT_EQ(g.str(rec::player(r[2]).side()), "Union");
    EXPECT_EQ(g.str(rec::player(r[2]).name()), "A. Smith");
    EXPECT_EQ(g.str(rec::param(r[3]).name()), "treaty-played");
    EXPECT_EQ(g.str(rec::param(r[3]).value()), "yes");
    EXPECT_TRUE(rec::setup(r[4]).custom());
    // unit 1/1/I: on the map at setup
    const auto infantry = rec::unit(r[5]);
    EXPECT_EQ(g.str(infantry.id()), "1/1/I");
    EXPECT_EQ(g.str(infantry.side()), "Union");
    EXPECT_EQ(g.str(infantry.type()), "infantry");
    EXPECT_EQ(infantry.strength(), 6);
    EXPECT_EQ(g.str(infantry.at()), "1703");
    EXPECT_EQ(infantry.enters_turn(), 0);
    EXPECT_EQ(infantry.enters_at(), kNoSym);
    EXPECT_EQ(infantry.roles().len, 0u);
    // unit Buford: a reinforcement with two roles
    const auto buford = rec::unit(r[6]);
    EXPECT_EQ(g.str(buford.id()), "Buford");
    EXPECT_EQ(g.str(buford.type()), "cavalry");
    EXPECT_EQ(buford.strength(), 3);
    EXPECT_EQ(buford.at(), kNoSym);
    EXPECT_EQ(buford.enters_turn(), 2);
    EXPECT_EQ(g.str(buford.enters_at()), "0127");
    EXPECT_EQ(names(g, buford.roles()), (Names{"leader", "garrison"}));
    EXPECT_EQ(infantry.ma().len, 0u);  // no movement allowance given
    EXPECT_EQ(g.str(rec::hold(r[7]).location()), "1113");
    EXPECT_EQ(g.str(rec::hold(r[7]).side()), "Confederate");
    const auto objective = rec::objective(r[8]);
    EXPECT_EQ(objective.kind(), ObjectiveKind::StartTurnTemporary);
    EXPECT_EQ(g.str(objective.side()), "British");
    EXPECT_EQ(names(g, objective.locations()), (Names{"0301", "0401"}));
    EXPECT_EQ(objective.banners(), 1);
    EXPECT_EQ(g.str(objective.held_by()), "British");
    EXPECT_EQ(g.str(rec::target(r[9]).side()), "British");
    EXPECT_EQ(rec::target(r[9]).banners(), 5);
    EXPECT_EQ(g.str(rec::support(r[10]).space()), "Virginia");
    EXPECT_EQ(rec::support(r[10]).level(), PassiveOpposition);
}

TEST(XmlSaveExample, LogFields) {
    const GameRecord g = read(kExample);
    ASSERT_EQ(g.records.size(), 35u);
    const Record* r = g.records.data() + 11;  // <turn>
    EXPECT_EQ(rec::turn(r[0]).number(), 1);
    EXPECT_EQ(g.str(rec::phase(r[1]).side()), "Confederate");
    EXPECT_EQ(g.str(rec::phase(r[1]).name()), "movement");
    EXPECT_EQ(g.str(rec::move(r[2]).unit()), "Rodes");
    EXPECT_EQ(names(g, rec::move(r[2]).path()), (Names{"1214", "1314", "1315"}));
    EXPECT_EQ(g.str(rec::enter(r[3]).unit()), "Early");
    EXPECT_EQ(g.str(rec::enter(r[3]).location()), "0104");
    EXPECT_EQ(g.str(rec::exit(r[4]).unit()), "Stuart");
    EXPECT_EQ(g.str(rec::exit(r[4]).location()), "2412");
    EXPECT_EQ(g.str(rec::retreat(r[5]).unit()), "Rodes");
    EXPECT_EQ(names(g, rec::retreat(r[5]).path()), (Names{"1315", "1314"}));
    EXPECT_FALSE(rec::retreat(r[5]).off());
    EXPECT_EQ(g.str(rec::advance(r[6]).unit()), "Early");
    EXPECT_EQ(names(g, rec::advance(r[6]).path()), (Names{"0104", "0105"}));
    EXPECT_EQ(g.str(rec::eliminate(r[7]).unit()), "Rodes");
    EXPECT_EQ(g.str(rec::lose(r[8]).unit()), "Early");
    EXPECT_EQ(rec::lose(r[8]).strength(), 1);
    // combat
    const auto combat = rec::combat(r[9]);
    EXPECT_EQ(names(g, combat.attackers()), (Names{"A", "B"}));
    EXPECT_EQ(names(g, combat.defenders()), (Names{"C"}));
    EXPECT_EQ(g.str(combat.odds()), "2:1");
    EXPECT_EQ(ints(g, combat.rolls()), (Ints{5}));
    EXPECT_EQ(g.str(combat.result()), "Dr");
    // roll, chat
    EXPECT_EQ(g.str(rec::roll(r[10]).dice()), "2d6");
    EXPECT_EQ(ints(g, rec::roll(r[10]).values()), (Ints{3, 5}));
    EXPECT_EQ(g.str(rec::chat(r[11]).speaker()), "A. Smith");
    EXPECT_EQ(g.str(rec::chat(r[11]).text()), "good game");
    // areas
    EXPECT_EQ(g.str(rec::support(r[12]).space()), "Virginia");
    EXPECT_EQ(rec::support(r[12]).level(), ActiveOpposition);
    const auto placed = rec::place(r[13]);
    EXPECT_EQ(g.str(placed.faction()), "Patriots");
    EXPECT_EQ(placed.piece(), Piece::Fort);
    EXPECT_EQ(g.str(placed.space()), "Virginia");
    EXPECT_EQ(placed.count(), 1);
    EXPECT_EQ(r[13].flags, 0);
    const auto removed = rec::remove(r[14]);
    EXPECT_EQ(g.str(removed.faction()), "Patriots");
    EXPECT_EQ(removed.piece(), Piece::Fort);
    EXPECT_EQ(g.str(removed.space()), "Virginia");
    EXPECT_EQ(removed.count(), 1);
    EXPECT_TRUE(removed.casualty());
    EXPECT_EQ(g.str(rec::casualty(r[15]).faction()), "British");
    EXPECT_EQ(rec::casualty(r[15]).piece(), Piece::Regular);
    EXPECT_EQ(rec::casualty(r[15]).count(), 2);
    EXPECT_EQ(g.str(rec::blockade(r[16]).city()), "Boston");
    EXPECT_EQ(g.str(rec::card(r[17]).id()), "109");
    EXPECT_EQ(g.str(rec::card(r[17]).title()), "Treaty of Alliance");
    EXPECT_EQ(g.str(rec::track(r[18]).name()), "cbc");
    EXPECT_EQ(rec::track(r[18]).value(), 3);
    // results
    EXPECT_EQ(g.str(rec::award(r[19]).side()), "Union");
    EXPECT_EQ(rec::award(r[19]).points(), 5);
    EXPECT_EQ(g.str(rec::award(r[19]).reason()), "house rule");
    EXPECT_EQ(g.str(rec::concede(r[20]).side()), "Union");
    EXPECT_EQ(g.str(rec::claim_winner(r[21]).side()), "Union");
    EXPECT_EQ(g.str(rec::claim_winner(r[21]).level()), "Marginal");
    EXPECT_EQ(names(g, rec::claim_score(r[22]).sides()), (Names{"Union"}));
    EXPECT_EQ(ints(g, rec::claim_score(r[22]).points()), (Ints{40}));
    EXPECT_EQ(r[23].kind, Kind::End);
}

TEST(XmlSaveExample, Snapshot) {
    const GameRecord g = read(kExample);
    ASSERT_TRUE(g.snapshot.has_value());
    const Snapshot& s = *g.snapshot;
    EXPECT_EQ(s.line, 39u);
    ASSERT_TRUE(s.turn.has_value());
    EXPECT_EQ(*s.turn, 7);
    EXPECT_EQ(g.str(s.phase_side), "Union");
    EXPECT_EQ(g.str(s.phase), "movement");
    ASSERT_EQ(s.units.size(), 3u);
    EXPECT_EQ(g.str(s.units[0].id), "Rodes");
    EXPECT_EQ(s.units[0].status, UnitStatus::Eliminated);
    EXPECT_EQ(s.units[0].at, kNoSym);
    EXPECT_FALSE(s.units[0].strength.has_value());
    EXPECT_EQ(s.units[0].line, 40u);
    EXPECT_EQ(g.str(s.units[1].id), "Early");
    EXPECT_EQ(s.units[1].status, UnitStatus::OnMap);
    EXPECT_EQ(g.str(s.units[1].at), "0105");
    EXPECT_EQ(s.units[1].strength, std::optional<std::int64_t>(5));
    EXPECT_EQ(s.units[1].line, 41u);
    EXPECT_EQ(s.units[2].status, UnitStatus::Exited);
    EXPECT_EQ(g.str(s.units[2].at), "2412");
    EXPECT_EQ(s.units[2].line, 42u);
    ASSERT_EQ(s.holds.size(), 1u);
    EXPECT_EQ(g.str(s.holds[0].loc), "1113");
    EXPECT_EQ(g.str(s.holds[0].side), "Confederate");
    EXPECT_EQ(s.holds[0].line, 43u);
    ASSERT_EQ(s.scores.size(), 1u);
    EXPECT_EQ(g.str(s.scores[0].name), "Union");
    EXPECT_EQ(s.scores[0].value, 12);
    EXPECT_EQ(s.scores[0].line, 44u);
    ASSERT_EQ(s.tracks.size(), 1u);
    EXPECT_EQ(g.str(s.tracks[0].name), "cbc");
    EXPECT_EQ(s.tracks[0].value, 3);
    EXPECT_EQ(s.tracks[0].line, 45u);
}

TEST(XmlSaveExample, NamesAreInterned) {
    const GameRecord g = read(kExample);
    ASSERT_EQ(g.records.size(), 35u);
    const Sym union_sym = g.symbols.find("Union");
    ASSERT_NE(union_sym, kNoSym);
    EXPECT_EQ(rec::player(g.records[2]).side(), union_sym);   // player
    EXPECT_EQ(rec::unit(g.records[5]).side(), union_sym);     // unit side
    EXPECT_EQ(rec::concede(g.records[31]).side(), union_sym);  // concede
    EXPECT_EQ(g.snapshot->scores[0].name, union_sym);
    EXPECT_EQ(rec::move(g.records[13]).unit(), rec::eliminate(g.records[18]).unit());  // Rodes in move and eliminate
}

// ----------------------------------------------------------------------------------------------
// More element forms

TEST(XmlSaveForms, SideElementUnblockadeAndOptionalParts) {
    const GameRecord g = read(save(
        "<side name=\"Red Army\"/>\n"                                                       // 2
        "<unit id=\"X\" side=\"Red Army\" type=\"inf\" strength=\"2\"/>\n"                 // 3
        "<objective kind=\"MAJORITY\" side=\"any\" locs=\" a , b ,c\"/>\n"                   // 4
        "<setup mode=\"Standard\"/>\n"                                                       // 5
        "<log>\n"                                                                            // 6
        "<phase name=\"victory-check\"/>\n"                                                  // 7
        "<move unit=\"2/1/V\" path=\"1107 -> 1208  ->\t1309\"/>\n"                           // 8
        "<retreat unit=\"2/V\" path=\"0113\" off=\"yes\"/>\n"                                // 9
        "<combat attackers=\"A\" defenders=\"B, C\"/>\n"                                     // 10
        "<combat attackers=\"A\" defenders=\"B\" roll=\"1 -2 +3\"/>\n"                       // 11
        "<place faction=\"Indians\" piece=\"Village\" space=\"Quebec\"/>\n"                  // 12
        "<remove faction=\"Indians\" piece=\"WAR-PARTY\" space=\"Quebec\" count=\"2\"/>\n"   // 13
        "<unblockade city=\"Boston\"/>\n"                                                    // 14
        "<card id=\"7\"/>\n"                                                                 // 15
        "<tag name=\"round\" value=\"\"/>\n"                                                 // 16
        "</log>\n"));
    EXPECT_TRUE(g.diagnostics.empty()) << dump(g);
    ASSERT_EQ(g.records.size(), 15u);
    const auto& r = g.records;
    EXPECT_EQ(r[1].kind, Kind::Side);
    EXPECT_EQ(g.str(rec::side(r[1]).side()), "Red Army");
    EXPECT_EQ(r[2].kind, Kind::Unit);
    EXPECT_EQ(rec::unit(r[2]).at(), kNoSym);
    EXPECT_EQ(rec::unit(r[2]).enters_at(), kNoSym);
    EXPECT_EQ(rec::unit(r[2]).enters_turn(), 0);
    const auto objective = rec::objective(r[3]);
    EXPECT_EQ(objective.kind(), ObjectiveKind::Majority);
    EXPECT_EQ(g.str(objective.side()), "any");
    EXPECT_EQ(names(g, objective.locations()), (Names{"a", "b", "c"}));
    EXPECT_EQ(objective.banners(), 1);  // banners default
    EXPECT_EQ(objective.held_by(), kNoSym);
    EXPECT_EQ(r[4].kind, Kind::Setup);
    EXPECT_FALSE(rec::setup(r[4]).custom());
    EXPECT_EQ(r[5].kind, Kind::Phase);
    EXPECT_EQ(rec::phase(r[5]).side(), kNoSym);
    EXPECT_EQ(g.str(rec::phase(r[5]).name()), "victory-check");
    EXPECT_EQ(names(g, rec::move(r[6]).path()), (Names{"1107", "1208", "1309"}));
    EXPECT_EQ(r[7].kind, Kind::Retreat);
    EXPECT_TRUE(rec::retreat(r[7]).off());
    EXPECT_EQ(names(g, rec::retreat(r[7]).path()), (Names{"0113"}));
    const auto combat = rec::combat(r[8]);
    EXPECT_EQ(names(g, combat.defenders()), (Names{"B", "C"}));
    EXPECT_EQ(combat.odds(), kNoSym);
    EXPECT_EQ(combat.result(), kNoSym);
    EXPECT_EQ(combat.rolls().len, 0u);
    EXPECT_EQ(ints(g, rec::combat(r[9]).rolls()), (Ints{1, -2, 3}));
    EXPECT_EQ(rec::place(r[10]).piece(), Piece::Village);
    EXPECT_EQ(rec::place(r[10]).count(), 1);  // count default
    EXPECT_EQ(rec::remove(r[11]).piece(), Piece::WarParty);
    EXPECT_EQ(rec::remove(r[11]).count(), 2);
    EXPECT_FALSE(rec::remove(r[11]).casualty());
    EXPECT_EQ(r[12].kind, Kind::Unblockade);
    EXPECT_EQ(g.str(rec::unblockade(r[12]).city()), "Boston");
    EXPECT_EQ(r[13].kind, Kind::Card);
    EXPECT_EQ(rec::card(r[13]).title(), kNoSym);
    EXPECT_EQ(r[14].kind, Kind::Tag);  // a header record inside <log> is a record like any other
    EXPECT_EQ(rec::tag(r[14]).value(), kNoSym);
    EXPECT_EQ(r[14].line, 16u);
}

TEST(XmlSaveForms, ClosedListsAreCaseInsensitive) {
    std::string body = "<log>\n";
    const char* levels[] = {"Active-Support", "passive-support", "NEUTRAL", "passive-Opposition", "active-opposition"};
    for (const char* l : levels) body += std::string("<support space=\"V\" level=\"") + l + "\"/>\n";
    const char* pieces[] = {"Regular", "tory", "CONTINENTAL", "militia", "War-Party", "village", "Fort"};
    for (const char* p : pieces) body += std::string("<casualty faction=\"F\" piece=\"") + p + "\" count=\"1\"/>\n";
    body += "</log>\n";
    for (const char* k : {"temporary", "start-turn-temporary", "temporary-group", "start-turn-temporary-group",
                          "majority", "permanent", "Start-Turn-Permanent", "LAST-TO-OCCUPY"})
        body += std::string("<objective kind=\"") + k + "\" side=\"S\" locs=\"x\" banners=\"2\"/>\n";
    body += "<setup mode=\"CUSTOM\"/>\n";
    const GameRecord g = read(save(body));
    EXPECT_TRUE(g.diagnostics.empty()) << dump(g);
    ASSERT_EQ(g.records.size(), 1u + 8u + 1u + 5u + 7u);
    for (int i = 0; i < 8; ++i) {
        EXPECT_EQ(g.records[1 + i].kind, Kind::Objective);
        EXPECT_EQ(rec::objective(g.records[1 + i]).kind(), static_cast<ObjectiveKind>(i));
        EXPECT_EQ(rec::objective(g.records[1 + i]).banners(), 2);
    }
    EXPECT_TRUE(rec::setup(g.records[9]).custom());
    const int expected_levels[] = {ActiveSupport, PassiveSupport, Neutral, PassiveOpposition, ActiveOpposition};
    for (int i = 0; i < 5; ++i) EXPECT_EQ(rec::support(g.records[10 + i]).level(), expected_levels[i]) << levels[i];
    for (int i = 0; i < 7; ++i) EXPECT_EQ(rec::casualty(g.records[15 + i]).piece(), static_cast<Piece>(i)) << pieces[i];
}

TEST(XmlSaveForms, Booleans) {
    std::string body = "<log>\n";
    for (const char* b : {"true", "TRUE", "yes", "Yes", "1", "false", "no", "0", "False"})
        body += std::string("<remove faction=\"F\" piece=\"fort\" space=\"S\" casualty=\"") + b + "\"/>\n";
    body += "</log>\n";
    const GameRecord g = read(save(body));
    EXPECT_TRUE(g.diagnostics.empty()) << dump(g);
    ASSERT_EQ(g.records.size(), 10u);
    for (int i = 0; i < 9; ++i) EXPECT_EQ(g.records[1 + i].flags, i < 5 ? kFlagCasualty : 0) << i;
}

TEST(XmlSaveForms, Claims) {
    const GameRecord g = read(save(
        "<log>\n"
        "<claim winner=\"Confederate\"/>\n"
        "<claim winner=\"draw\"/>\n"
        "<claim winner=\"Draw\" level=\"x\"/>\n"
        "<claim draw=\"true\"/>\n"
        "<claim draw=\"yes\" winner=\"draw\"/>\n"
        "<claim draw=\"false\" winner=\"Union\"/>\n"
        "<claim-score side=\"Union\" n=\"-3\"/>\n"
        "</log>\n"));
    EXPECT_TRUE(g.diagnostics.empty()) << dump(g);
    ASSERT_EQ(g.records.size(), 8u);
    EXPECT_EQ(g.records[1].kind, Kind::ClaimWinner);
    EXPECT_EQ(g.str(rec::claim_winner(g.records[1]).side()), "Confederate");
    EXPECT_EQ(rec::claim_winner(g.records[1]).level(), kNoSym);
    for (int i = 2; i <= 5; ++i) {
        EXPECT_EQ(g.records[i].kind, Kind::ClaimDraw) << i;
        EXPECT_EQ(g.records[i].a, kNoSym);
    }
    EXPECT_EQ(g.records[6].kind, Kind::ClaimWinner);
    EXPECT_EQ(g.str(rec::claim_winner(g.records[6]).side()), "Union");
    EXPECT_EQ(g.records[7].kind, Kind::ClaimScore);
    EXPECT_EQ(names(g, rec::claim_score(g.records[7]).sides()), (Names{"Union"}));
    EXPECT_EQ(ints(g, rec::claim_score(g.records[7]).points()), (Ints{-3}));
}

TEST(XmlSaveForms, ContradictoryClaimIsAnError) {
    const GameRecord g = read(save("<log>\n<claim draw=\"true\" winner=\"Union\"/>\n</log>\n"));
    const Diagnostic d = only_error(g);
    EXPECT_EQ(d.line, 3u);
    EXPECT_NE(d.message.find("'winner' contradicts"), std::string::npos) << d.message;
    EXPECT_EQ(g.records.size(), 1u);
    const GameRecord h = read(save("<log>\n<claim draw=\"false\"/>\n</log>\n"));
    EXPECT_NE(only_error(h).message.find("missing attribute 'winner'"), std::string::npos);
}

TEST(XmlSaveForms, IntegerLimits) {
    const GameRecord g = read(save(
        "<log>\n"
        "<lose unit=\"u\" n=\"9223372036854775807\"/>\n"
        "<lose unit=\"u\" n=\"-9223372036854775808\"/>\n"
        "<lose unit=\"u\" n=\"+7\"/>\n"
        "<lose unit=\"u\" n=\" 007 \"/>\n"
        "</log>\n"));
    EXPECT_TRUE(g.diagnostics.empty()) << dump(g);
    ASSERT_EQ(g.records.size(), 5u);
    EXPECT_EQ(rec::lose(g.records[1]).strength(), INT64_MAX);
    EXPECT_EQ(rec::lose(g.records[2]).strength(), INT64_MIN);
    EXPECT_EQ(rec::lose(g.records[3]).strength(), 7);
    EXPECT_EQ(rec::lose(g.records[4]).strength(), 7);
}

TEST(XmlSaveForms, EntityAndCharacterReferencesAreDecoded) {
    const GameRecord g = read(save(
        "<log>\n<chat speaker=\"A &amp; B\" text=\"&lt;&gt;&quot;&apos;&#65;&#x42;&#xe9;&#x1F600;\"/>\n</log>\n"));
    EXPECT_TRUE(g.diagnostics.empty()) << dump(g);
    ASSERT_EQ(g.records.size(), 2u);
    EXPECT_EQ(g.str(rec::chat(g.records[1]).speaker()), "A & B");
    EXPECT_EQ(g.str(rec::chat(g.records[1]).text()), "<>\"'AB\xC3\xA9\xF0\x9F\x98\x80");
}

TEST(XmlSaveForms, CommentsProcessingInstructionsAndTextAreIgnored) {
    const GameRecord g = read(
        "<?xml version=\"1.0\"?>\n<!-- a comment -->\n<?writer some-pi?>\n"
        "<referee-save format=\"1\" scenario=\"s\"><!-- c --><?pi x?>some text<![CDATA[<turn n=\"9\"/>]]>\n"
        "<log><!-- <turn n=\"5\"/> --><turn n=\"1\"/>stray text</log></referee-save>\n<!-- trailing -->\n");
    EXPECT_TRUE(g.diagnostics.empty()) << dump(g);
    ASSERT_EQ(g.records.size(), 2u);
    EXPECT_EQ(g.records[1].kind, Kind::Turn);
    EXPECT_EQ(rec::turn(g.records[1]).number(), 1);
    EXPECT_EQ(g.records[0].line, 4u);
    EXPECT_EQ(g.records[1].line, 5u);
    EXPECT_EQ(g.records[1].col, 28u);  // after <log> (5) and the comment (22)
}

// ----------------------------------------------------------------------------------------------
// Positions

TEST(XmlSavePositions, ColumnsCountCharactersNotBytes) {
    // "é" is two bytes, the tab one character.
    const GameRecord g = read(
        "<referee-save format=\"1\" scenario=\"\xC3\xA9t\xC3\xA9\"><log>\n"
        "\t<turn n=\"1\"/><!-- \xC3\xA9\xC3\xA9 --><end/>\n"
        "</log></referee-save>");
    EXPECT_TRUE(g.diagnostics.empty()) << dump(g);
    ASSERT_EQ(g.records.size(), 3u);
    EXPECT_EQ(g.records[0].line, 1u);
    EXPECT_EQ(g.records[0].col, 1u);
    EXPECT_EQ(g.records[1].line, 2u);
    EXPECT_EQ(g.records[1].col, 2u);
    EXPECT_EQ(g.records[2].line, 2u);
    EXPECT_EQ(g.records[2].col, 2u + 13u + 11u);  // <turn n="1"/> is 13, <!-- éé --> is 11 characters (15 bytes)
    EXPECT_EQ(g.last_line, 3u);
}

TEST(XmlSavePositions, CrLfAndByteOrderMark) {
    const GameRecord g = read("\xEF\xBB\xBF<referee-save format=\"1\" scenario=\"s\">\r\n<log>\r\n  <turn n=\"1\"/>\r\n</log>\r\n</referee-save>\r\n");
    EXPECT_TRUE(g.diagnostics.empty()) << dump(g);
    ASSERT_EQ(g.records.size(), 2u);
    EXPECT_EQ(g.records[0].line, 1u);
    EXPECT_EQ(g.records[0].col, 1u);  // the byte-order mark is not a column
    EXPECT_EQ(g.records[1].line, 3u);
    EXPECT_EQ(g.records[1].col, 3u);
    EXPECT_EQ(g.last_line, 5u);
}

TEST(XmlSavePositions, LastLineWithoutFinalNewline) {
    EXPECT_EQ(read("<referee-save format=\"1\" scenario=\"s\"/>").last_line, 1u);
    EXPECT_EQ(read("<referee-save format=\"1\" scenario=\"s\"/>\n").last_line, 1u);
    EXPECT_EQ(read("<referee-save format=\"1\" scenario=\"s\"/>\n\n").last_line, 2u);
    EXPECT_EQ(read("\n<referee-save format=\"1\"\n scenario=\"s\"/>").last_line, 3u);
}

TEST(XmlSavePositions, OneLongLineStaysLinear) {
    // 200000 elements on one line: a column count from the line start per element would take
    // billions of steps; the cursor makes it linear.
    constexpr int kCount = 200000;
    std::string text = "<referee-save format=\"1\" scenario=\"s\"><log>";
    for (int i = 0; i < kCount; ++i) text += "<turn n=\"1\"/>";
    text += "</log></referee-save>";
    const auto t0 = std::chrono::steady_clock::now();
    const GameRecord g = read(text);
    const auto secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_TRUE(g.diagnostics.empty());
    ASSERT_EQ(g.records.size(), std::size_t(kCount) + 1);
    EXPECT_EQ(g.records.back().line, 1u);
    EXPECT_EQ(g.records.back().col, 44u + 13u * (kCount - 1));
    EXPECT_LT(secs, 20.0);
}

TEST(XmlSavePositions, CursorAcrossLinesAndCharacters) {
    // Elements written over several lines, two on a line, after blank lines; characters past ASCII
    // before some elements and not others; a header record after the <log>; an unknown child.
    const GameRecord g = read(
        "<referee-save format=\"1\" scenario=\"s\">\n"             // 1
        "<log>\n"                                                   // 2
        "<turn\n n=\"1\"/>  <turn n=\"2\"/>\n"                     // 3-4: 3:1, 4:11
        "\n\r\n"                                                    // 5-6
        "\t<end><x/></end>\n"                                        // 7: 7:2, <x> at 7:7
        "</log>\n"                                                  // 8
        "<tag name=\"\xC3\xA9\xE2\x82\xAC\" value=\"v\"/> <side name=\"\xF0\x9F\x98\x80\"/>\n"  // 9: 9:1, 9:28
        "</referee-save>");                                         // 10
    ASSERT_EQ(g.records.size(), 6u) << dump(g);
    const std::vector<std::pair<std::uint32_t, std::uint32_t>> at = {{1, 1}, {9, 1}, {9, 28}, {3, 1}, {4, 11}, {7, 2}};
    for (std::size_t i = 0; i < at.size(); ++i) {
        EXPECT_EQ(g.records[i].line, at[i].first) << i;
        EXPECT_EQ(g.records[i].col, at[i].second) << i;
    }
    ASSERT_EQ(g.diagnostics.size(), 1u) << dump(g);
    EXPECT_EQ(g.diagnostics[0].line, 7u);
    EXPECT_EQ(g.diagnostics[0].col, 7u);
    EXPECT_EQ(g.last_line, 10u);
}

TEST(XmlSavePositions, ErrorsBeforeTheParse) {
    // Invalid UTF-8 and a NUL, after valid multi-byte characters and on later lines.
    Diagnostic d = only_error(read("<referee-save format=\"1\" scenario=\"s\">\n<log>\n  <chat speaker=\"\xC3\xA9\xC3\xA9\" text=\"\xE2\x82\"/>\n"));
    EXPECT_EQ(d.line, 3u);
    EXPECT_EQ(d.col, 28u);
    EXPECT_NE(d.message.find("invalid UTF-8: byte 0xE2"), std::string::npos) << d.message;
    d = only_error(read(std::string("<a>\n\n\xC3\xA9x\0y\n", 10)));
    EXPECT_EQ(d.line, 3u);
    EXPECT_EQ(d.col, 3u);
    EXPECT_EQ(read(std::string("<a>\n\n\xC3\xA9x\0y\n", 10)).last_line, 3u);
    EXPECT_EQ(read("<a>\n\xFF\n\n").last_line, 3u);
}

TEST(XmlSaveForms, ReferencesAnywhereInValuesOfAnyLength) {
    // Values are measured and searched for '&' a word at a time: a reference at every place in
    // values of up to 20 bytes is decoded, and a value without one is taken as it is.
    for (std::size_t len = 0; len <= 20; ++len) {
        for (std::size_t at = 0; at <= len; ++at) {
            std::string value(len, 'a'), plain(len, 'a');
            value.insert(at, "&amp;");
            plain.insert(at, "&");
            const GameRecord g = read(save("<tag name=\"" + std::string(len, 'b') + "x\" value=\"" + value + "\"/>\n"));
            ASSERT_TRUE(g.diagnostics.empty()) << dump(g);
            ASSERT_EQ(g.records.size(), 2u);
            EXPECT_EQ(g.str(rec::tag(g.records[1]).name()), std::string(len, 'b') + "x");
            EXPECT_EQ(g.str(rec::tag(g.records[1]).value()), plain) << len << " " << at;
        }
    }
    // A '&' just after a value's end (in the next attribute) is not the value's.
    const GameRecord g = read(save("<tag name=\"ab\" v=\"&amp;\" value=\"c\"/>\n<tag name=\"ab\" value=\"&#99;\"/>\n"));
    ASSERT_EQ(g.records.size(), 3u) << dump(g);
    EXPECT_EQ(g.str(rec::tag(g.records[1]).name()), "ab");
    // A name decoded from references is the same Sym as the same name written plainly.
    EXPECT_EQ(rec::tag(g.records[1]).value(), rec::tag(g.records[2]).value());
    EXPECT_EQ(g.str(rec::tag(g.records[2]).value()), "c");
}

TEST(XmlSaveUnknown, NamesCloseToKnownOnesAreUnknown) {
    // Names are matched a word at a time: names one byte shorter or longer than known ones, or
    // differing in their last byte, around the 8- and 16-byte word boundaries.
    const GameRecord g = read(save(
        "<log>\n"
        "<unit id=\"u\" side=\"s\" type=\"t\" strength=\"1\" enters=\"2\" enters-a=\"x\" enters-atx=\"x\" enters-at=\"l\"/>\n"
        "<eliminat unit=\"u\"/><eliminatee unit=\"u\"/><eliminate uni=\"u\" unitt=\"u\" unit=\"v\"/>\n"
        "<claim-scor/><claim-scorex/><claim-score-and-more side=\"s\" n=\"1\"/><claim-score side=\"s\" n=\"1\"/>\n"
        "<unblockade cityy=\"c\" city=\"d\"/><abcdefghijklmnop/><abcdefghijklmno/>\n"
        "</log>\n"));
    EXPECT_FALSE(g.has_syntax_errors()) << dump(g);
    std::vector<std::string> warned;
    for (const auto& d : g.diagnostics) warned.push_back(d.message.substr(d.message.find(": ") + 2));
    EXPECT_EQ(warned, (std::vector<std::string>{
                          "unknown attribute 'enters-a', ignored", "unknown attribute 'enters-atx', ignored",
                          "unknown element in <log>, ignored", "unknown element in <log>, ignored",
                          "unknown attribute 'uni', ignored", "unknown attribute 'unitt', ignored",
                          "unknown element in <log>, ignored", "unknown element in <log>, ignored",
                          "unknown element in <log>, ignored", "unknown attribute 'cityy', ignored",
                          "unknown element in <log>, ignored", "unknown element in <log>, ignored"}))
        << dump(g);
    ASSERT_EQ(g.records.size(), 5u);
    EXPECT_EQ(g.records[1].kind, Kind::Unit);
    EXPECT_EQ(g.str(rec::unit(g.records[1]).enters_at()), "l");
    EXPECT_EQ(g.records[2].kind, Kind::Eliminate);
    EXPECT_EQ(g.str(rec::eliminate(g.records[2]).unit()), "v");
    EXPECT_EQ(g.records[3].kind, Kind::ClaimScore);
    EXPECT_EQ(g.records[4].kind, Kind::Unblockade);
    EXPECT_EQ(g.str(rec::unblockade(g.records[4]).city()), "d");
}

// ----------------------------------------------------------------------------------------------
// Structure

TEST(XmlSaveStructure, HeaderRecordsComeBeforeLogRecords) {
    const GameRecord g = read(save(
        "<tag name=\"a\" value=\"1\"/>\n"      // 2
        "<log>\n<turn n=\"1\"/>\n</log>\n"     // 3-5
        "<tag name=\"b\" value=\"2\"/>\n"      // 6
        "<track name=\"t\" value=\"4\"/>\n"));  // 7
    EXPECT_TRUE(g.diagnostics.empty()) << dump(g);
    ASSERT_EQ(g.records.size(), 5u);
    EXPECT_EQ(g.records[0].kind, Kind::Game);
    EXPECT_EQ(g.records[1].kind, Kind::Tag);
    EXPECT_EQ(g.records[1].line, 2u);
    EXPECT_EQ(g.records[2].kind, Kind::Tag);
    EXPECT_EQ(g.records[2].line, 6u);
    EXPECT_EQ(g.records[3].kind, Kind::Track);
    EXPECT_EQ(g.records[3].line, 7u);
    EXPECT_EQ(g.records[4].kind, Kind::Turn);
    EXPECT_EQ(g.records[4].line, 4u);
}

TEST(XmlSaveStructure, LogRecordOutsideLogIsWarnedAndIgnored) {
    const GameRecord g = read(save("<turn n=\"1\"/>\n<log/>\n"));
    ASSERT_EQ(g.diagnostics.size(), 1u) << dump(g);
    EXPECT_EQ(g.diagnostics[0].code, "unknown-element");
    EXPECT_EQ(g.diagnostics[0].severity, Severity::Warning);
    EXPECT_EQ(g.diagnostics[0].line, 2u);
    EXPECT_NE(g.diagnostics[0].message.find("outside <log>"), std::string::npos);
    EXPECT_EQ(g.records.size(), 1u);
    EXPECT_TRUE(g.has_log);
}

TEST(XmlSaveStructure, SaveWithoutLog) {
    const GameRecord g = read(save("<snapshot phase=\"support\">\n<score side=\"A\" value=\"-4\"/>\n</snapshot>\n"));
    EXPECT_TRUE(g.diagnostics.empty()) << dump(g);
    EXPECT_FALSE(g.has_log);
    ASSERT_TRUE(g.snapshot.has_value());
    EXPECT_EQ(g.snapshot->line, 2u);
    EXPECT_FALSE(g.snapshot->turn.has_value());
    EXPECT_EQ(g.snapshot->phase_side, kNoSym);
    EXPECT_EQ(g.str(g.snapshot->phase), "support");
    ASSERT_EQ(g.snapshot->scores.size(), 1u);
    EXPECT_EQ(g.snapshot->scores[0].value, -4);
    EXPECT_EQ(g.snapshot->scores[0].line, 3u);
    ASSERT_EQ(g.records.size(), 1u);
    EXPECT_EQ(g.records[0].kind, Kind::Game);
}

TEST(XmlSaveStructure, EmptyLogAndNoSnapshot) {
    const GameRecord g = read(save("<log></log>\n"));
    EXPECT_TRUE(g.diagnostics.empty()) << dump(g);
    EXPECT_TRUE(g.has_log);
    EXPECT_FALSE(g.snapshot.has_value());
    EXPECT_EQ(g.records.size(), 1u);
    const GameRecord h = read("<referee-save format=\"1\" scenario=\"s\"/>");
    EXPECT_FALSE(h.has_log);
    EXPECT_FALSE(h.snapshot.has_value());
}

TEST(XmlSaveStructure, SnapshotPhaseForms) {
    const GameRecord g = read(save("<snapshot turn=\"+3\" phase=\"  French   victory check \">\n"
                                   "<unit id=\"U\" at=\"x\"/>\n</snapshot>\n"));
    EXPECT_TRUE(g.diagnostics.empty()) << dump(g);
    ASSERT_TRUE(g.snapshot.has_value());
    EXPECT_EQ(g.snapshot->turn, std::optional<std::int64_t>(3));
    EXPECT_EQ(g.str(g.snapshot->phase_side), "French");
    EXPECT_EQ(g.str(g.snapshot->phase), "victory check");
    ASSERT_EQ(g.snapshot->units.size(), 1u);
    EXPECT_FALSE(g.snapshot->units[0].status.has_value());
    EXPECT_EQ(g.str(g.snapshot->units[0].at), "x");
}

TEST(XmlSaveStructure, SecondLogOrSnapshotIsAnError) {
    const GameRecord g = read(save("<log><turn n=\"1\"/></log>\n<log><turn n=\"2\"/></log>\n"));
    const Diagnostic d = only_error(g);
    EXPECT_EQ(d.line, 3u);
    EXPECT_NE(d.message.find("second <log>"), std::string::npos);
    ASSERT_EQ(g.records.size(), 2u);
    EXPECT_EQ(rec::turn(g.records[1]).number(), 1);
    const GameRecord h = read(save("<snapshot/>\n<snapshot turn=\"2\"/>\n"));
    EXPECT_EQ(only_error(h).line, 3u);
    ASSERT_TRUE(h.snapshot.has_value());
    EXPECT_FALSE(h.snapshot->turn.has_value());
}

TEST(XmlSaveStructure, WrongRootElement) {
    const GameRecord g = read("<?xml version=\"1.0\"?>\n<save format=\"1\" scenario=\"s\"><log><turn n=\"1\"/></log></save>");
    const Diagnostic d = only_error(g);
    EXPECT_EQ(d.line, 2u);
    EXPECT_EQ(d.col, 1u);
    EXPECT_NE(d.message.find("<referee-save>"), std::string::npos);
    EXPECT_TRUE(g.records.empty());
}

TEST(XmlSaveStructure, FormatMustBeOne) {
    for (const char* root : {"<referee-save format=\"2\" scenario=\"s\">", "<referee-save scenario=\"s\">",
                             "<referee-save format=\"one\" scenario=\"s\">"}) {
        const GameRecord g = read(std::string("\n") + root + "<log><turn n=\"1\"/></log></referee-save>");
        const Diagnostic d = only_error(g);
        EXPECT_EQ(d.line, 2u) << root;
        EXPECT_NE(d.message.find("format"), std::string::npos) << d.message;
        EXPECT_TRUE(g.records.empty()) << root;
    }
    EXPECT_FALSE(read("<referee-save format=\" 1 \" scenario=\"s\"/>").has_syntax_errors());
}

TEST(XmlSaveStructure, MissingScenarioIsAnError) {
    const GameRecord g = read("<referee-save format=\"1\">\n<log><turn n=\"1\"/></log></referee-save>");
    const Diagnostic d = only_error(g);
    EXPECT_EQ(d.line, 1u);
    EXPECT_NE(d.message.find("missing attribute 'scenario'"), std::string::npos) << d.message;
    ASSERT_EQ(g.records.size(), 1u);  // the rest still reads
    EXPECT_EQ(g.records[0].kind, Kind::Turn);
}

// ----------------------------------------------------------------------------------------------
// Unknown elements and attributes

TEST(XmlSaveUnknown, ElementsAndAttributesAreWarnedWithTheirLines) {
    const GameRecord g = read(
        "<referee-save format=\"1\" scenario=\"s\" writer=\"v2\">\n"    // 1: attribute on root
        "  <weather rain=\"yes\"><deeper/><deeper/></weather>\n"        // 2: element at top level
        "  <tag name=\"a\" value=\"b\" lang=\"en\"/>\n"                // 3: attribute on header
        "  <log compressed=\"no\">\n"                                   // 4: attribute on log
        "    <move unit=\"u\" path=\"1 2\" speed=\"3\" mp=\"2\"/>\n"   // 5: two attributes
        "    <undo steps=\"1\"/>\n"                                     // 6: element in log
        "    <Move unit=\"u\" path=\"1 2\"/>\n"                         // 7: names are case-sensitive
        "    <end><note/></end>\n"                                      // 8: child of a record
        "  </log>\n"                                                    // 9
        "  <snapshot turn=\"1\" clock=\"3\">\n"                         // 10
        "    <unit id=\"U\" status=\"on-map\" facing=\"N\"/>\n"         // 11
        "    <weather/>\n"                                              // 12
        "  </snapshot>\n"                                               // 13
        "</referee-save>\n");   // an element after it is a syntax error (test_encodings.cpp)
    EXPECT_FALSE(g.has_syntax_errors()) << dump(g);
    struct Expect {
        const char* code;
        std::uint32_t line;
        std::uint32_t col;
        const char* text;
    };
    const std::vector<Expect> expected = {
        {"unknown-attribute", 1, 1, "'writer'"},  {"unknown-element", 2, 3, "<weather>"},
        {"unknown-attribute", 3, 3, "'lang'"},    {"unknown-attribute", 4, 3, "'compressed'"},
        {"unknown-attribute", 5, 5, "'speed'"},   {"unknown-attribute", 5, 5, "'mp'"},
        {"unknown-element", 6, 5, "<undo>"},      {"unknown-element", 7, 5, "<Move>"},
        {"unknown-element", 8, 10, "<note>"},     {"unknown-attribute", 10, 3, "'clock'"},
        {"unknown-attribute", 11, 5, "'facing'"}, {"unknown-element", 12, 5, "<weather>"},
    };
    ASSERT_EQ(g.diagnostics.size(), expected.size()) << dump(g);
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const Diagnostic& d = g.diagnostics[i];
        EXPECT_EQ(d.code, expected[i].code) << i;
        EXPECT_EQ(d.severity, Severity::Warning) << i;
        EXPECT_EQ(d.line, expected[i].line) << i;
        EXPECT_EQ(d.col, expected[i].col) << i;
        EXPECT_NE(d.message.find(expected[i].text), std::string::npos) << d.message;
        EXPECT_NE(d.message.find("at line " + std::to_string(expected[i].line)), std::string::npos) << d.message;
    }
    // The known parts still read.
    ASSERT_EQ(g.records.size(), 4u);
    EXPECT_EQ(g.records[1].kind, Kind::Tag);
    EXPECT_EQ(g.records[2].kind, Kind::Move);
    EXPECT_EQ(names(g, rec::move(g.records[2]).path()), (Names{"1", "2"}));
    EXPECT_EQ(g.records[3].kind, Kind::End);
    ASSERT_TRUE(g.snapshot.has_value());
    EXPECT_EQ(g.snapshot->units.size(), 1u);
    EXPECT_EQ(g.snapshot->turn, std::optional<std::int64_t>(1));
}

TEST(XmlSaveUnknown, DeepNestingDoesNotCrash) {
    constexpr int kDepth = 100000;
    std::string open, close;
    for (int i = 0; i < kDepth; ++i) open += "<x a=\"1\">";
    for (int i = 0; i < kDepth; ++i) close += "</x>";
    const std::string nest = open + close;
    const GameRecord g = read(save(
        nest + "\n"                                                     // 2: top level
        "<log>" + nest + "<turn n=\"1\">" + nest + "</turn></log>\n"    // 3: in log, in a record
        "<snapshot>" + nest + "</snapshot>\n"));                        // 4: in snapshot
    EXPECT_FALSE(g.has_syntax_errors()) << dump(g).substr(0, 2000);
    ASSERT_EQ(g.diagnostics.size(), 4u) << dump(g).substr(0, 2000);
    const std::uint32_t lines[] = {2, 3, 3, 4};
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(g.diagnostics[i].code, "unknown-element");
        EXPECT_EQ(g.diagnostics[i].line, lines[i]);
    }
    ASSERT_EQ(g.records.size(), 2u);
    EXPECT_EQ(g.records[1].kind, Kind::Turn);

    // Deep and never closed: a parse error, not a crash.
    const GameRecord h = read("<referee-save format=\"1\" scenario=\"s\">" + open);
    EXPECT_TRUE(h.has_syntax_errors());
    EXPECT_TRUE(h.records.empty());
}

// ----------------------------------------------------------------------------------------------
// Bad values

struct BadCase {
    const char* element;  // one line, placed on line 3 inside <log>
    const char* message;  // the whole message after "<name> at line 3: "
};

TEST(XmlSaveBadValues, EachIsASyntaxErrorWithLineColumnAndMessage) {
    const std::vector<BadCase> cases = {
        {"<move unit=\"Rodes\" path=\"1214\"/>", "attribute 'path' needs at least two locations"},
        {"<move unit=\"Rodes\" path=\"1214 ->\"/>", "attribute 'path' needs at least two locations"},
        {"<move path=\"1 2\"/>", "missing attribute 'unit' (expected a unit id)"},
        {"<move unit=\"\" path=\"1 2\"/>", "attribute 'unit' is empty (expected a unit id)"},
        {"<retreat unit=\"u\" path=\"1\"/>", "attribute 'path' needs at least two locations (or one with off=\"true\")"},
        {"<retreat unit=\"u\" path=\"1 2\" off=\"maybe\"/>", "attribute 'off' needs true or false, found 'maybe'"},
        {"<turn n=\"one\"/>", "attribute 'n' needs an integer, found 'one'"},
        {"<turn n=\"1.5\"/>", "attribute 'n' needs an integer, found '1.5'"},
        {"<turn n=\"\"/>", "attribute 'n' needs an integer, found ''"},
        {"<turn n=\"+-1\"/>", "attribute 'n' needs an integer, found '+-1'"},
        {"<turn/>", "missing attribute 'n' (expected a turn number, an integer)"},
        {"<lose unit=\"u\" n=\"9223372036854775808\"/>",
         "attribute 'n' needs an integer that fits in 64 bits, found '9223372036854775808'"},
        {"<lose unit=\"u\" n=\"-99999999999999999999\"/>",
         "attribute 'n' needs an integer that fits in 64 bits, found '-99999999999999999999'"},
        {"<roll dice=\"2d6\" values=\"3 x\"/>", "attribute 'values' needs an integer, found 'x'"},
        {"<roll dice=\"2d6\" values=\" \"/>", "attribute 'values' needs at least one die value (space-separated integers)"},
        {"<combat attackers=\"A,,B\" defenders=\"C\"/>",
         "attribute 'attackers' has an empty entry in 'A,,B' (expected names separated by ',')"},
        {"<combat attackers=\"A\"/>", "missing attribute 'defenders' (expected at least one unit id (comma-separated))"},
        {"<support space=\"V\" level=\"loyal\"/>",
         "attribute 'level' needs one of active-opposition, passive-opposition, neutral, passive-support, "
         "active-support; found 'loyal'"},
        {"<place faction=\"F\" piece=\"cannon\" space=\"S\"/>",
         "attribute 'piece' needs one of regular, tory, continental, militia, war-party, village, fort; found 'cannon'"},
        {"<place faction=\"F\" piece=\"fort\" space=\"S\" count=\"two\"/>", "attribute 'count' needs an integer, found 'two'"},
        {"<casualty faction=\"F\" piece=\"fort\"/>", "missing attribute 'count' (expected a piece count, an integer)"},
        {"<setup mode=\"random\"/>", "attribute 'mode' needs one of standard, custom; found 'random'"},
        {"<objective kind=\"forever\" side=\"S\" locs=\"a\"/>",
         "attribute 'kind' needs one of temporary, start-turn-temporary, temporary-group, start-turn-temporary-group, "
         "majority, permanent, start-turn-permanent, last-to-occupy; found 'forever'"},
        {"<objective kind=\"majority\" side=\"S\" locs=\"\"/>", "attribute 'locs' needs at least one location (comma-separated)"},
        {"<objective kind=\"majority\" side=\"S\" locs=\"a\" banners=\"many\"/>",
         "attribute 'banners' needs an integer, found 'many'"},
        {"<unit id=\"U\" side=\"S\" type=\"t\" strength=\"3\" enters=\"2\"/>",
         "attribute 'enters' needs 'enters-at' (the location where the unit enters)"},
        {"<unit id=\"U\" side=\"S\" type=\"t\" strength=\"3\" enters-at=\"0101\"/>",
         "attribute 'enters-at' needs 'enters' (the turn the unit enters)"},
        {"<unit id=\"U\" side=\"S\" type=\"t\"/>", "missing attribute 'strength' (expected the unit's strength, an integer)"},
        {"<unit id=\"U\" side=\"S\" type=\"t\" strength=\"3\" ma=\"fast\"/>", "attribute 'ma' needs an integer, found 'fast'"},
        {"<track name=\"cbc\" value=\"high\"/>", "attribute 'value' needs an integer, found 'high'"},
        {"<award side=\"S\" n=\"1\"/>", "missing attribute 'reason' (expected a reason)"},
        {"<phase side=\"Union\"/>", "missing attribute 'name' (expected a phase name)"},
        {"<enter unit=\"u\" at=\"1\" unit=\"v\"/>", "attribute 'unit' is given twice"},
        {"<chat speaker=\"A & B\" text=\"x\"/>", "attribute 'speaker': '&' that starts no entity reference (write '&amp;')"},
        {"<chat speaker=\"A\" text=\"&#0;\"/>", "attribute 'text': bad character reference '&#0;'"},
        {"<chat speaker=\"A\" text=\"&#xD800;\"/>", "attribute 'text': bad character reference '&#xD800;'"},
        {"<chat speaker=\"A\" text=\"&nbsp;\"/>",
         "attribute 'text': undefined entity '&nbsp;' (only the predefined entities are read; a DOCTYPE is not)"},
        {"<claim-score side=\"S\" n=\"x\"/>", "attribute 'n' needs an integer, found 'x'"},
    };
    for (const auto& c : cases) {
        const GameRecord g = read(save(std::string("<log>\n  ") + c.element + "\n<end/></log>\n"));
        SCOPED_TRACE(c.element);
        const Diagnostic d = only_error(g);
        EXPECT_EQ(d.code, "syntax");
        EXPECT_EQ(d.line, 3u);
        EXPECT_EQ(d.col, 3u);
        const std::string_view elem(c.element);
        const std::string name(elem.substr(1, elem.find_first_of(" />") - 1));
        EXPECT_EQ(d.message, "<" + name + "> at line 3: " + c.message);
        // The bad record is dropped; the others still read.
        ASSERT_EQ(g.records.size(), 2u);
        EXPECT_EQ(g.records[1].kind, Kind::End);
        EXPECT_TRUE(g.has_syntax_errors());
    }
}

TEST(XmlSave, UnitMovementAllowance) {
    // ma (G7): the record's one int, as the move log's `ma <n>`.
    const GameRecord g = read(save("<unit id=\"U\" side=\"S\" type=\"t\" strength=\"3\" ma=\"6\" at=\"0101\"/>\n"));
    ASSERT_EQ(g.records.size(), 2u);  // the game (from scenario="s"), the unit
    const Record& u = g.records[1];
    EXPECT_EQ(u.kind, Kind::Unit);
    ASSERT_EQ(rec::unit(u).ma().len, 1u);
    EXPECT_EQ(g.ints_arena[rec::unit(u).ma().off], 6);
    EXPECT_EQ(g.str(rec::unit(u).at()), "0101");
    EXPECT_TRUE(g.diagnostics.empty());
}

TEST(XmlSaveBadValues, ExampleMessageFromTheBrief) {
    std::string body;
    for (int i = 1; i < 12; ++i) body += "\n";
    body += "<move unit=\"u\" path=\"0101\"/>\n";  // line 12
    const GameRecord g = read("<referee-save format=\"1\" scenario=\"s\"><log>" + body + "</log></referee-save>");
    const Diagnostic d = only_error(g);
    EXPECT_EQ(d.line, 12u);
    EXPECT_EQ(d.message, "<move> at line 12: attribute 'path' needs at least two locations");
}

TEST(XmlSaveBadValues, InHeaderAndSnapshot) {
    const GameRecord g = read(save(
        "<target side=\"S\" n=\"lots\"/>\n"                                    // 2
        "<snapshot turn=\"soon\">\n"                                           // 3
        "<unit id=\"U\" status=\"missing\"/>\n"                                // 4
        "<unit id=\"V\" strength=\"99999999999999999999\"/>\n"                 // 5
        "<hold loc=\"1\"/>\n"                                                  // 6
        "<score side=\"A\" value=\"\"/>\n"                                     // 7
        "<track value=\"1\"/>\n"                                               // 8
        "<unit id=\"W\" status=\"Off-Map\"/>\n"                                // 9
        "</snapshot>\n"));
    const auto errs = diags(g, "syntax");
    ASSERT_EQ(errs.size(), 7u) << dump(g);
    const std::uint32_t lines[] = {2, 3, 4, 5, 6, 7, 8};
    const char* texts[] = {"<target> at line 2: attribute 'n' needs an integer, found 'lots'",
                           "<snapshot> at line 3: attribute 'turn' needs an integer, found 'soon'",
                           "<unit> at line 4: attribute 'status' needs one of on-map, off-map, exited, eliminated; found 'missing'",
                           "<unit> at line 5: attribute 'strength' needs an integer that fits in 64 bits",
                           "<hold> at line 6: missing attribute 'side' (expected a side)",
                           "<score> at line 7: attribute 'value' needs an integer, found ''",
                           "<track> at line 8: missing attribute 'name' (expected a track name)"};
    for (int i = 0; i < 7; ++i) {
        EXPECT_EQ(errs[i]->line, lines[i]);
        EXPECT_EQ(errs[i]->message.rfind(texts[i], 0), 0u) << errs[i]->message;
    }
    EXPECT_EQ(g.records.size(), 1u);
    ASSERT_TRUE(g.snapshot.has_value());
    ASSERT_EQ(g.snapshot->units.size(), 1u);  // only W is good
    EXPECT_EQ(g.str(g.snapshot->units[0].id), "W");
    EXPECT_EQ(g.snapshot->units[0].status, UnitStatus::OffMap);
    EXPECT_TRUE(g.snapshot->holds.empty());
    EXPECT_TRUE(g.snapshot->scores.empty());
    EXPECT_TRUE(g.snapshot->tracks.empty());
}

TEST(XmlSaveBadValues, LongValuesAreCutInMessages) {
    const std::string longv(5000, '7');
    const GameRecord g = read(save("<log><turn n=\"" + longv + "\"/></log>\n"));
    const Diagnostic d = only_error(g);
    EXPECT_LT(d.message.size(), 200u);
    EXPECT_NE(d.message.find("...'"), std::string::npos);
}

// ----------------------------------------------------------------------------------------------
// Malformed and hostile input

TEST(XmlSaveMalformed, ParseErrorHasLineColumnAndNoRecords) {
    const GameRecord g = read("<referee-save format=\"1\" scenario=\"s\">\n  <log>\n    <turn n=\"1\">\n  </log>\n</referee-save>\n");
    const Diagnostic d = only_error(g);
    EXPECT_EQ(d.code, "syntax");
    EXPECT_EQ(d.line, 4u);
    EXPECT_EQ(d.col, 5u);  // pugixml reports the mismatched end tag's name
    EXPECT_EQ(d.message, "malformed XML: Start-end tags mismatch");
    EXPECT_TRUE(g.records.empty());
    EXPECT_FALSE(g.snapshot.has_value());
}

TEST(XmlSaveMalformed, BadAttributeSyntax) {
    const GameRecord g = read("<referee-save format=\"1\" scenario=\"s\">\n<log>\n<turn n=1/>\n</log></referee-save>");
    const Diagnostic d = only_error(g);
    EXPECT_EQ(d.line, 3u);
    EXPECT_EQ(d.col, 9u);
    EXPECT_EQ(d.message, "malformed XML: Error parsing element attribute");  // pugixml's description
    EXPECT_TRUE(g.records.empty());
}

TEST(XmlSaveMalformed, EmptyAndBlankInput) {
    for (std::string_view text : {std::string_view(""), std::string_view("  \n\t\n"), std::string_view("<!-- only -->")}) {
        const GameRecord g = read(text);
        const Diagnostic d = only_error(g);
        EXPECT_EQ(d.message, "malformed XML: No document element found");
        EXPECT_GE(d.line, 1u);
        EXPECT_TRUE(g.records.empty());
        EXPECT_FALSE(g.has_log);
    }
    EXPECT_EQ(read("").last_line, 0u);
}

TEST(XmlSaveMalformed, NulByte) {
    const std::string text("<referee-save format=\"1\" scenario=\"s\">\n<log>\0<turn n=\"1\"/></log></referee-save>", 71);
    const GameRecord g = read(text);
    const Diagnostic d = only_error(g);
    EXPECT_EQ(d.line, 2u);
    EXPECT_EQ(d.col, 6u);
    EXPECT_TRUE(g.records.empty());
}

TEST(XmlSaveMalformed, BinaryGarbage) {
    std::mt19937 rng(12345);
    for (int round = 0; round < 300; ++round) {
        std::string text(rng() % 2000, '\0');
        for (auto& ch : text) ch = static_cast<char>(rng() & 0xFF);
        if (round % 2) text.insert(0, "<");
        if (round % 3 == 0) text.insert(0, "<referee-save format=\"1\" scenario=\"s\"><log>");
        const GameRecord g = read(text);
        EXPECT_TRUE(g.has_syntax_errors()) << round;
        expect_consistent(g);
    }
}

TEST(XmlSaveMalformed, MutatedExamplesNeverCrash) {
    std::mt19937 rng(777);
    const std::string base(kExample);
    const std::string alphabet = "<>/=\"'& -;#x!?[]\n\xC3\xA9";
    int with_records = 0;
    for (int round = 0; round < 3000; ++round) {
        std::string text = base;
        const int edits = 1 + static_cast<int>(rng() % 4);
        for (int e = 0; e < edits; ++e) {
            const std::size_t at = rng() % text.size();
            switch (rng() % 3) {
                case 0: text.erase(at, 1 + rng() % 8); break;
                case 1: text.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
                default: text[at] = alphabet[rng() % alphabet.size()]; break;
            }
            if (text.empty()) text = "<";
        }
        const GameRecord g = read(text);
        expect_consistent(g);
        if (!g.records.empty()) ++with_records;
    }
    EXPECT_GT(with_records, 0);
}

TEST(XmlSaveHostile, BillionLaughsIsNotExpanded) {
    std::string dtd = "<!DOCTYPE referee-save [\n<!ENTITY lol \"lol\">\n";
    for (int i = 1; i <= 9; ++i) {
        dtd += "<!ENTITY lol" + std::to_string(i) + " \"";
        for (int k = 0; k < 10; ++k) dtd += "&lol" + (i == 1 ? std::string() : std::to_string(i - 1)) + ";";
        dtd += "\">\n";
    }
    dtd += "]>\n";  // the DOCTYPE takes lines 1..12
    const int dtd_lines = 12;
    const auto t0 = std::chrono::steady_clock::now();

    // Used: an undefined entity as far as the reader is concerned; a syntax error, nothing expanded.
    const GameRecord g = read(dtd + "<referee-save format=\"1\" scenario=\"s\">\n<log><chat speaker=\"a\" text=\"&lol9;\"/></log></referee-save>\n");
    const Diagnostic d = only_error(g);
    EXPECT_EQ(d.line, std::uint32_t(dtd_lines + 2));
    EXPECT_NE(d.message.find("undefined entity '&lol9;'"), std::string::npos) << d.message;
    ASSERT_EQ(g.records.size(), 1u);
    for (const auto& r : g.records) EXPECT_LT(g.str(r.a).size(), 100u);

    // Declared but unused: the save reads normally and the DOCTYPE is skipped.
    const GameRecord h = read(dtd + "<referee-save format=\"1\" scenario=\"s\">\n<log><turn n=\"1\"/></log></referee-save>\n");
    EXPECT_TRUE(h.diagnostics.empty()) << dump(h);
    ASSERT_EQ(h.records.size(), 2u);
    EXPECT_EQ(h.records[0].line, std::uint32_t(dtd_lines + 1));

    const auto secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_LT(secs, 5.0);
}

TEST(XmlSaveHostile, ExternalEntityIsNotFollowed) {
    const GameRecord g = read(
        "<!DOCTYPE referee-save [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n"
        "<referee-save format=\"1\" scenario=\"&xxe;\"/>\n");
    const Diagnostic d = only_error(g);
    EXPECT_EQ(d.line, 2u);
    EXPECT_NE(d.message.find("undefined entity '&xxe;'"), std::string::npos) << d.message;
    EXPECT_TRUE(g.records.empty());
}

TEST(XmlSaveHostile, DeeplyNestedDoctypeSections) {
    std::string dtd = "<!DOCTYPE r [";
    for (int i = 0; i < 100000; ++i) dtd += "<![INCLUDE[";
    for (int i = 0; i < 100000; ++i) dtd += "]]>";
    dtd += "]>\n";
    const GameRecord g = read(dtd + "<referee-save format=\"1\" scenario=\"s\"/>");
    EXPECT_TRUE(g.diagnostics.empty()) << dump(g);
    ASSERT_EQ(g.records.size(), 1u);
    EXPECT_EQ(g.records[0].line, 2u);
}

TEST(XmlSaveHostile, ManyAttributesAndElements) {
    // 100000 unknown attributes on one element and a duplicate known one among them: linear, one
    // warning each, one error.
    std::string attrs;
    for (int i = 0; i < 100000; ++i) attrs += " x" + std::to_string(i) + "=\"1\"";
    const GameRecord g = read(save("<log><turn n=\"1\"" + attrs + " n=\"2\"/></log>\n"));
    // The first 10,000 diagnostics kept, the rest counted (record.hpp): the error comes last.
    EXPECT_EQ(diags(g, "unknown-attribute").size() + g.warnings_not_kept, 100000u);
    EXPECT_EQ(diags(g, "syntax").size() + g.errors_not_kept, 1u);
    EXPECT_TRUE(g.has_syntax_errors());
    EXPECT_EQ(g.records.size(), 1u);
}

// ----------------------------------------------------------------------------------------------
// Streaming: read_xml_save(text, g, sink) hands over what read_xml_save(text, file) returns

// Where the streaming form differs from the collecting form on `text` ("" when it does not); the
// arenas hold no more than the record handed over. `sink` is what the streaming form was handed.
std::string stream_vs_collect(std::string_view text, fuzz::StreamCopy& sink) {
    const GameRecord collected = read(text);
    GameRecord g;
    g.file = "test.xml";
    read_xml_save(text, g, sink);
    std::string d = fuzz::stream_difference(collected, g, sink);
    if (d.empty() && sink.extra != 0) d = "the arenas held more than the record handed over";
    // And with the log's content read in pieces (readers.hpp, SaveStreaming): one construct a
    // piece, a few, and the whole log in one.
    for (const std::size_t piece : {std::size_t{1}, std::size_t{64}, std::size_t{1} << 30})
        if (d.empty()) d = fuzz::pieces_difference(text, collected, piece);
    return d;
}
std::string stream_vs_collect(std::string_view text) {
    fuzz::StreamCopy sink;
    return stream_vs_collect(text, sink);
}

std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The files below `dir` of the source tree (recursively) that `keep` accepts, sorted.
template <class Keep>
std::vector<std::filesystem::path> files_below(const char* dir, Keep keep) {
    namespace fs = std::filesystem;
    std::vector<fs::path> out;
    std::error_code ec;
    const fs::path root = fs::path(REFEREE_SOURCE_DIR) / dir;
    if (!fs::is_directory(root, ec)) return out;
    for (const auto& f : fs::recursive_directory_iterator(root))
        if (f.is_regular_file() && keep(f.path())) out.push_back(f.path());
    std::sort(out.begin(), out.end());
    return out;
}

TEST(XmlSaveStreaming, SameAsCollectingOnEverySampleSave) {
    const auto saves = files_below("samples", [](const std::filesystem::path& p) {
        // not the scenario files, nor samples/vassal/ (bindings and modules' buildFile.xml, not saves)
        return p.extension() == ".xml" && p.parent_path().filename() != "scenarios" && p.string().find("samples/vassal") == std::string::npos;
    });
    EXPECT_GE(saves.size(), 7u);  // every family has at least one
    for (const auto& f : saves) {
        fuzz::StreamCopy sink;
        EXPECT_EQ(stream_vs_collect(slurp(f), sink), "") << f;
        EXPECT_GT(sink.records.size(), 1u) << f;
    }
}

TEST(XmlSaveStreaming, SameAsCollectingOnTheFuzzRegressions) {
    // The kept inputs of fuzz_xml_save, and the saves among fuzz_check's.
    const auto inputs = files_below("fuzz/regressions", [](const std::filesystem::path& p) {
        return p.parent_path().filename() == "fuzz_xml_save" || p.extension() == ".xml";
    });
    EXPECT_GE(inputs.size(), 1u);
    for (const auto& f : inputs) EXPECT_EQ(stream_vs_collect(slurp(f)), "") << f;
}

TEST(XmlSaveStreaming, SameAsCollectingOnEachStructure) {
    const std::vector<std::string> texts = {
        std::string(kExample),
        // header elements after the <log>, some on the line of its last record
        save("<tag name=\"a\" value=\"1\"/>\n<log>\n<turn n=\"1\"/>\n<move unit=\"u\" path=\"1 2\"/></log><tag name=\"b\" value=\"2\"/>\n"
             "<unit id=\"u\" side=\"A\" type=\"i\" strength=\"3\" role=\"r1 r2\"/>\n<objective kind=\"majority\" side=\"A\" locs=\"1,2\"/>\n"),
        // no log; no snapshot; neither
        save("<tag name=\"a\" value=\"1\"/>\n<snapshot turn=\"2\"><unit id=\"U\" status=\"on-map\" at=\"1\"/></snapshot>\n"),
        save("<log><turn n=\"1\"/><roll dice=\"2d6\" values=\"3 4\"/></log>\n"),
        "<referee-save format=\"1\" scenario=\"s\"/>",
        // the snapshot before the log
        save("<snapshot><score side=\"A\" value=\"1\"/></snapshot>\n<log><turn n=\"1\"/></log>\n"),
        // bad elements: a bad record in the header, in the log and after it; unknown elements and
        // attributes everywhere; a log record outside the log; a second log and snapshot
        save("<tag name=\"\" value=\"1\"/><weird/>\n<log q=\"1\"><turn n=\"x\"/><combat attackers=\"a,b\" defenders=\"c\" roll=\"1 x\"/>"
             "<undo/><move unit=\"u\" path=\"1 2\"><x/></move></log><tag name=\"b\" value=\"2\" lang=\"en\"/><turn n=\"1\"/>\n"
             "<snapshot turn=\"y\"><unit id=\"\"/><foo/></snapshot><log/><snapshot/>\n<hold loc=\"1\"/>\n") + "<after/>",
        // nothing to read: the root, the format, the XML, the text
        "<save format=\"1\"/>", "<referee-save format=\"2\" scenario=\"s\"><log><turn n=\"1\"/></log></referee-save>",
        "<referee-save format=\"1\"><log><turn n=\"1\"/></log></referee-save>", "<referee-save", "",
        std::string("<referee-save format=\"1\" scenario=\"s\"/>\0", 41), "<referee-save format=\"1\" scenario=\"\xFF\"/>",
    };
    for (const std::string& t : texts) EXPECT_EQ(stream_vs_collect(t), "") << t;
}

TEST(XmlSaveStreaming, SameAsCollectingOnMutatedSaves) {
    std::mt19937 rng(2026);
    const std::string base = save("<tag name=\"a\" value=\"1\"/>\n<log>\n<turn n=\"1\"/>\n<move unit=\"u\" path=\"1 2 3\"/>\n"
                                  "<combat attackers=\"a\" defenders=\"b\" roll=\"4\" result=\"Dr\"/>\n</log>\n<tag name=\"b\" value=\"2\"/>\n"
                                  "<snapshot turn=\"1\"><unit id=\"u\" status=\"on-map\" at=\"3\"/></snapshot>\n");
    const std::string alphabet = "<>/=\"'& ;#x\nlogsnapshottag";
    for (int round = 0; round < 2000; ++round) {
        std::string text = base;
        for (int e = 1 + static_cast<int>(rng() % 3); e > 0 && !text.empty(); --e) {
            const std::size_t at = rng() % text.size();
            switch (rng() % 4) {
                case 0: text.erase(at, 1 + rng() % 8); break;
                case 1: text.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
                case 2: text.insert(at, text.substr(rng() % text.size(), 1 + rng() % 40)); break;
                default: text[at] = alphabet[rng() % alphabet.size()]; break;
            }
        }
        ASSERT_EQ(stream_vs_collect(text), "") << text;
    }
}

TEST(XmlSaveStreaming, HeaderElementsAfterTheLogComeFirst) {
    fuzz::StreamCopy sink;
    GameRecord g;
    read_xml_save(save("<tag name=\"a\" value=\"1\"/>\n"      // 2
                       "<log>\n<turn n=\"1\"/>\n</log>\n"     // 3-5
                       "<tag name=\"b\" value=\"2\"/>\n"      // 6
                       "<track name=\"t\" value=\"4\"/>\n"),  // 7
                  g, sink);
    ASSERT_EQ(sink.records.size(), 5u);
    const char* expected[] = {"game at 1:1", "tag at 2:1", "tag at 6:1", "track at 7:1", "turn at 4:1"};
    for (std::size_t i = 0; i < 5; ++i)
        EXPECT_EQ(sink.records[i].rfind(expected[i], 0), 0u) << sink.records[i];
    EXPECT_TRUE(g.diagnostics.empty()) << dump(g);
}

TEST(XmlSaveStreaming, LogAndSnapshotAreKnownAtBegin) {
    struct Case {
        std::string text;
        bool log, snapshot;
    };
    const std::vector<Case> cases = {
        {std::string(kExample), true, true},
        {save("<log><turn n=\"1\"/></log>\n"), true, false},
        {save("<snapshot turn=\"1\"/>\n"), false, true},
        {save("<tag name=\"a\" value=\"1\"/>\n"), false, false},
        {save("<snapshot/>\n<tag name=\"a\" value=\"1\"/>\n<log/>\n"), true, true},  // the log last, after a header record
        {save("<log/><log/><snapshot/><snapshot/>\n"), true, true},
        {save("<weird><log/><snapshot/></weird>\n"), false, false},  // not children of the root
        {"<referee-save format=\"2\" scenario=\"s\"><log/><snapshot/></referee-save>", false, false},  // not read
        {"<referee-save><log/>", false, false},  // malformed
    };
    for (const Case& c : cases) {
        fuzz::StreamCopy sink;
        GameRecord g;
        read_xml_save(c.text, g, sink);
        EXPECT_EQ(sink.begins, 1) << c.text;
        EXPECT_EQ(sink.ends, 1) << c.text;
        EXPECT_FALSE(sink.began_after_records) << c.text;
        EXPECT_EQ(sink.format_at_begin, InputFormat::XmlSave) << c.text;
        EXPECT_EQ(sink.has_log_at_begin, c.log) << c.text;
        EXPECT_EQ(sink.has_snapshot_at_begin, c.snapshot) << c.text;
        EXPECT_EQ(g.has_log, c.log) << c.text;
        EXPECT_EQ(g.has_snapshot, c.snapshot) << c.text;
        EXPECT_EQ(g.snapshot.has_value(), c.snapshot) << c.text;
    }
}

TEST(XmlSaveStreaming, ArenasHoldOneRecordAtATime) {
    // A long save whose records all have lists, with bad records among them that leave part of
    // their lists in the arenas: streamed, the arenas never hold more than the record handed over.
    constexpr int kRecords = 20000;
    std::string body = "<unit id=\"u\" side=\"A\" type=\"i\" strength=\"3\" role=\"r1 r2 r3\"/>\n<log>\n";
    for (int i = 0; i < kRecords; ++i) {
        const std::string a = std::to_string(i), b = std::to_string(i + 1);
        body += "<move unit=\"u\" path=\"" + a + " " + b + "\"/>\n";
        body += "<combat attackers=\"u,v\" defenders=\"w\" roll=\"1 2 3\" result=\"Dr\"/>\n";
        if (i % 100 == 0) body += "<combat attackers=\"u,v\" defenders=\"w\" roll=\"1 2 x\"/>\n";  // bad: 1 2 left behind
    }
    body += "</log>\n";
    const std::string text = save(body);
    fuzz::StreamCopy sink;
    EXPECT_EQ(stream_vs_collect(text, sink), "");
    ASSERT_EQ(sink.records.size(), 2u + 2u * kRecords);
    EXPECT_EQ(sink.extra, 0u);
    EXPECT_EQ(sink.largest_arena, 3u);  // the unit's roles; a combat's three attackers and defenders, or rolls
    EXPECT_NE(sink.records.back().find("[ 'u' 'v' ] [ 'w' ] [ 1 2 3 ]"), std::string::npos) << sink.records.back();
    // Collected, every list stays.
    const GameRecord g = read(text);
    EXPECT_GE(g.syms_arena.size(), 3u + 5u * kRecords);
    const auto last_move = rec::move(g.records[g.records.size() - 2]);
    EXPECT_EQ(names(g, last_move.path()), (Names{std::to_string(kRecords - 1), std::to_string(kRecords)}));
}

TEST(XmlSaveStreaming, DiagnosticsInDocumentOrderAcrossTheLog) {
    // The log's records are read after the header elements that follow it, but every diagnostic
    // stands where its element is, as the report (which sorts them stably by line) needs on a
    // line that both share.
    const std::string text = save(
        "<tag name=\"\" value=\"1\"/>\n"                                                  // 2
        "<log q=\"1\"><turn n=\"x\"/><undo/></log><tag name=\"\" value=\"2\"/><redo/>\n"  // 3
        "<snapshot turn=\"y\"><foo/></snapshot><weird/><tag name=\"\" value=\"3\"/>\n");  // 4
    const GameRecord g = read(text);
    struct Expect {
        const char* code;
        std::uint32_t line, col;
        const char* text;
    };
    const std::vector<Expect> expected = {
        {"syntax", 2, 1, "<tag>"},           {"unknown-attribute", 3, 1, "'q'"}, {"syntax", 3, 12, "<turn>"},
        {"unknown-element", 3, 25, "<undo>"}, {"syntax", 3, 38, "<tag>"},        {"unknown-element", 3, 62, "<redo>"},
        {"syntax", 4, 1, "<snapshot>"},       {"unknown-element", 4, 20, "<foo>"}, {"unknown-element", 4, 37, "<weird>"},
        {"syntax", 4, 45, "<tag>"},
    };
    ASSERT_EQ(g.diagnostics.size(), expected.size()) << dump(g);
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const Diagnostic& d = g.diagnostics[i];
        EXPECT_EQ(d.code, expected[i].code) << i << " " << d.message;
        EXPECT_EQ(d.line, expected[i].line) << i << " " << d.message;
        EXPECT_EQ(d.col, expected[i].col) << i << " " << d.message;
        EXPECT_NE(d.message.find(expected[i].text), std::string::npos) << i << " " << d.message;
    }
    EXPECT_EQ(stream_vs_collect(text), "");
}

}  // namespace
}  // namespace referee
