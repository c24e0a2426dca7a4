// Tests of a game of factions read whole, and of <factions> in <victory> (parser/scenario/section_factions.cpp).
#include "scenario.hpp"
#include "scenario_support.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

using namespace referee;
using namespace referee::testing_support;

TEST(Factions, EveryField) {
    ScenarioLoad r = valid(kFactionGame);
    ASSERT_TRUE(r.scenario);
    const Scenario& s = *r.scenario;
    EXPECT_EQ(s.turns, 3);
    EXPECT_EQ(s.turns_param, "rounds");
    EXPECT_EQ(s.sides, (std::vector<std::string>{"Crown", "Rebels", "Allies", "Tribes"}));
    EXPECT_EQ(s.groups, (std::vector<std::string>{"Royal", "Free", "Free", "Royal"}));
    EXPECT_EQ(s.pieces_rule, "1.4");
    ASSERT_EQ(s.faction_pieces.size(), 4u);
    EXPECT_EQ(s.faction_pieces[0], (std::vector<Piece>{Piece::Regular, Piece::Fort}));
    EXPECT_EQ(s.faction_pieces[1], (std::vector<Piece>{Piece::Militia, Piece::Fort}));
    EXPECT_EQ(s.faction_pieces[3], (std::vector<Piece>{Piece::WarParty, Piece::Village}));

    // Spaces, by LocId; an untyped location is a space of no type and population 0.
    EXPECT_EQ(s.support_rule, "L1");
    EXPECT_EQ(s.blockade_rule, "1.9");
    ASSERT_EQ(s.spaces.size(), 5u);
    const SpaceDef& port = s.spaces[static_cast<std::size_t>(loc(s, "Port"))];
    EXPECT_EQ(port.type, SpaceType::City);
    EXPECT_EQ(port.population, 2);
    EXPECT_TRUE(port.support_allowed);
    EXPECT_EQ(port.support, ActiveSupport);
    EXPECT_TRUE(port.blockaded);
    const SpaceDef& farm = s.spaces[static_cast<std::size_t>(loc(s, "Farm"))];
    EXPECT_EQ(farm.type, SpaceType::Colony);
    EXPECT_EQ(farm.support, PassiveOpposition);
    EXPECT_FALSE(farm.blockaded);
    const SpaceDef& woods = s.spaces[static_cast<std::size_t>(loc(s, "Woods"))];
    EXPECT_EQ(woods.type, SpaceType::Reserve);
    EXPECT_FALSE(woods.support_allowed);  // 1.6.1: population 0
    const SpaceDef& sea = s.spaces[static_cast<std::size_t>(loc(s, "Sea"))];
    EXPECT_EQ(sea.type, SpaceType::Box);
    EXPECT_EQ(sea.population, 0);
    const SpaceDef& shoal = s.spaces[static_cast<std::size_t>(loc(s, "Shoal"))];
    EXPECT_EQ(shoal.type, SpaceType::None);
    EXPECT_FALSE(shoal.support_allowed);
    EXPECT_STREQ(space_type_name(SpaceType::Reserve), "reserve");

    ASSERT_EQ(s.start_pieces.size(), 2u);
    EXPECT_EQ(s.start_pieces[0].faction, 0);
    EXPECT_EQ(s.start_pieces[0].piece, Piece::Regular);
    EXPECT_EQ(s.start_pieces[0].space, loc(s, "Port"));
    EXPECT_EQ(s.start_pieces[0].count, 3);
    EXPECT_EQ(s.start_pieces[1].faction, 3);  // names and pieces are matched case-insensitively
    EXPECT_EQ(s.start_pieces[1].piece, Piece::Village);
    EXPECT_EQ(s.start_pieces[1].count, 1);

    ASSERT_EQ(s.tracks.size(), 5u);
    EXPECT_EQ(s.find_track("LOSSES"), 2);
    EXPECT_EQ(s.find_track("nothing"), -1);
    EXPECT_EQ(s.tracks[0].derive, TrackDerive::Support);
    EXPECT_EQ(s.tracks[0].title, "Total Support");
    EXPECT_EQ(s.tracks[0].rule, "L1");
    EXPECT_EQ(s.tracks[1].derive, TrackDerive::Opposition);
    EXPECT_EQ(s.tracks[2].derive, TrackDerive::Casualties);
    EXPECT_EQ(s.tracks[2].start, 2);
    EXPECT_EQ(s.tracks[3].derive, TrackDerive::Pieces);
    EXPECT_EQ(s.tracks[3].faction, 3);
    EXPECT_EQ(s.tracks[3].piece, Piece::Village);
    EXPECT_EQ(s.tracks[4].derive, TrackDerive::Free);  // the default
    EXPECT_EQ(s.tracks[4].start, -1);

    EXPECT_EQ(s.casualty_rule, "L2");
    ASSERT_EQ(s.casualties.size(), 2u);
    EXPECT_EQ(s.casualties[1].faction, 0);
    EXPECT_EQ(s.casualties[1].piece, Piece::Fort);
    EXPECT_EQ(s.casualties[1].track, 2);

    EXPECT_TRUE(s.treaty.declared);
    EXPECT_EQ(s.treaty.card, "109");
    EXPECT_FALSE(s.treaty.played);  // the default
    EXPECT_EQ(s.treaty.param, "treaty");
    EXPECT_EQ(s.treaty.rule, "L3");

    EXPECT_EQ(s.end_victory, EndVictory::Factions);
    EXPECT_EQ(s.end_rule, "7.3");
    const FactionVictory& fv = s.faction_victory;
    EXPECT_TRUE(fv.enabled);
    EXPECT_EQ(fv.check_phase, 0);
    EXPECT_EQ(fv.final_phase, 1);
    EXPECT_EQ(fv.tie_order, (std::vector<SideId>{1, 0, 2, 3}));
    EXPECT_EQ(fv.one_player_tie_order, (std::vector<SideId>{2, 3, 1, 0}));
    EXPECT_EQ(fv.check_rule, "7.2");
    EXPECT_EQ(fv.final_rule, "7.3");
    EXPECT_EQ(fv.rank_rule, "7.1");
    EXPECT_EQ(fv.players_rule, "L5");
    EXPECT_EQ(fv.one_player_rule, "8.8");
    ASSERT_EQ(fv.factions.size(), 4u);
    for (SideId f = 0; f < 4; ++f) EXPECT_EQ(fv.factions[static_cast<std::size_t>(f)].faction, f);
    EXPECT_FALSE(fv.factions[0].requires_treaty);
    EXPECT_TRUE(fv.factions[2].requires_treaty);
    const ConditionDef& c0 = fv.factions[0].conditions.at(0);
    EXPECT_EQ(c0.plus, (std::vector<std::int32_t>{0}));
    EXPECT_EQ(c0.minus, (std::vector<std::int32_t>{1}));
    EXPECT_EQ(c0.above, 10);
    EXPECT_EQ(c0.offset, 0);
    EXPECT_EQ(c0.what, "Support ahead by more than 10");
    EXPECT_EQ(fv.factions[1].conditions.at(0).minus, (std::vector<std::int32_t>{0, 3}));
    EXPECT_EQ(fv.factions[1].conditions.at(0).offset, 3);
    ASSERT_EQ(fv.factions[2].conditions.size(), 2u);
    EXPECT_TRUE(fv.factions[2].conditions[1].plus.empty());
    EXPECT_EQ(fv.factions[2].conditions[1].minus, (std::vector<std::int32_t>{2}));
    EXPECT_EQ(fv.factions[3].conditions.at(0).offset, -3);
}

TEST(Factions, VictoryErrors) {
    const std::string tribes = "<faction name=\"Tribes\">\n        <condition plus=\"villages\" offset=\"-3\" what=\"Villages\"/>\n      </faction>";
    expect_breaks(
        kFactionGame,
        {
            {{{"check-phase=\"check\"", "check-phase=\"audit\""}},
             "audit",
             "<factions> attribute 'check-phase': unknown phase 'audit' (phases: check, support)"},
            {{{"tie-order=\"Rebels, Crown, Allies, Tribes\"", "tie-order=\"Rebels, Crown, Allies\""}},
             "Rebels, Crown, Allies\"",
             "<factions> attribute 'tie-order' leaves out Tribes (it names every side once)"},
            {{{"tie-order=\"Rebels, Crown, Allies, Tribes\"", "tie-order=\"Rebels, Crown, Allies, rebels\""}},
             "Rebels, Crown, Allies, rebels",
             "<factions> attribute 'tie-order' lists 'rebels' twice"},
            {{{"tie-order=\"Allies, Tribes, Rebels, Crown\"", "tie-order=\"Allies, Tribes, Rebels, King\""}},
             "Allies, Tribes, Rebels, King",
             "<one-player> attribute 'tie-order': unknown side 'King' (sides: Crown, Rebels, Allies, Tribes)"},
            {{{"<one-player rule=\"8.8\" ", "<one-player "}}, "<one-player", "<one-player> needs attribute 'rule'"},
            {{{"<treaty card=\"109\" param=\"treaty\" rule=\"L3\"/>", ""}},
             "yes\">",
             "<faction> attribute 'requires-treaty': the scenario has no <treaty> (the card that is the treaty)"},
            {{{tribes, "<faction name=\"Tribes\"><condition plus=\"villages\" what=\"v\"/><condition plus=\"villages\" what=\"v\"/>"
                       "<condition plus=\"villages\" what=\"v\"/><condition plus=\"villages\" what=\"v\"/>"
                       "<condition minus=\"naval\" what=\"fifth\"/></faction>"}},
             "<condition minus=\"naval\"",
             "<faction> takes at most 4 <condition> elements"},
            {{{tribes, "<faction name=\"Tribes\"/>"}}, "<faction name=\"Tribes\"/>", "<faction> needs at least one <condition>"},
            {{{tribes, tribes + "<faction name=\"crown\"><condition plus=\"support\" what=\"again\"/></faction>"}},
             "crown\"><condition",
             "faction 'Crown' has a second <faction> (the first is on line 38)"},
            {{{tribes, ""}}, "<factions check-phase", "<factions> needs a <faction> for every side; it has none for Tribes"},
            {{{"<condition plus=\"opposition\" what=\"Opposition\"/>", "<condition what=\"Opposition\"/>"}},
             "<condition what",
             "<condition> needs 'plus' or 'minus' (the tracks it adds and subtracts)"},
            {{{"plus=\"villages\" offset", "plus=\"towns\" offset"}},
             "towns",
             "<condition> attribute 'plus': unknown track 'towns' (tracks: support, opposition, losses, villages, naval)"},
            {{{"minus=\"support, villages\"", "minus=\"support, Support\""}},
             "support, Support",
             "<condition> attribute 'minus' lists 'Support' twice"},
            {{{"above=\"10\"", "above=\"-5\""}}, "-5", "<condition> attribute 'above': -5 is out of range (0..1000000)"},
            {{{"<end-of-game winner=\"factions\" rule=\"7.3\"/>", ""}},
             "<factions check-phase",
             "<factions> needs <end-of-game winner=\"factions\"> in the same <victory> (the factions' margins decide the game only then)"},
        });
    std::string xml = with(R"(<victory><end-of-game winner="factions"/></victory>)");
    ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "factions\"/>");
    EXPECT_TRUE(contains(e.message, "<end-of-game winner=\"factions\"> needs <factions> in <victory>")) << e.message;
    xml = with(R"(<victory><factions check-phase="movement" final-after-phase="combat" tie-order="Blue, Red"/><end-of-game winner="factions"/></victory>)");
    e = one_error(xml);
    EXPECT_AT(e, xml, "<factions");
    EXPECT_TRUE(contains(e.message, "<factions> needs sides in groups (<side group=...>)")) << e.message;
}
