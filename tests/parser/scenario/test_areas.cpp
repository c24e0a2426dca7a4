// Tests of the area games' sections: the spaces of the map, <setup>, <tracks>, <casualties> and
// <treaty> (parser/scenario/section_areas.cpp).
#include "scenario.hpp"
#include "scenario_support.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace referee;
using namespace referee::testing_support;

TEST(Factions, HexGamesKeepEverythingEmpty) {
    const Scenario& s = maryes();
    EXPECT_TRUE(s.turns_param.empty());
    EXPECT_TRUE(s.groups.empty());
    EXPECT_EQ(s.faction_pieces.size(), 2u);  // one (empty) entry per side
    EXPECT_TRUE(s.faction_pieces[0].empty());
    EXPECT_TRUE(s.spaces.empty());
    EXPECT_TRUE(s.start_pieces.empty());
    EXPECT_TRUE(s.tracks.empty());
    EXPECT_TRUE(s.casualties.empty());
    EXPECT_FALSE(s.treaty.declared);
    EXPECT_FALSE(s.faction_victory.enabled);
    // An area map without types has no spaces either.
    ScenarioLoad r = valid(R"(<scenario id="a" title="A" turns="1">
  <sides><side name="A"/><side name="B"/></sides>
  <phases><phase name="p" kind="other"/></phases>
  <sequence><step side="none" phase="p"/></sequence>
  <map><location name="X" adjacent="Y"/><location name="Y"/></map>
</scenario>)");
    ASSERT_TRUE(r.scenario);
    EXPECT_TRUE(r.scenario->spaces.empty());
}

TEST(Factions, MapErrors) {
    expect_breaks(kFactionGame,
                  {
                      {{{"<location name=\"Shoal\"/>", "<location name=\"Shoal\" population=\"7\"/>"}},
                       "7\"/>",
                       "<location> attribute 'population' goes with 'type' (a space has both)"},
                      {{{"type=\"box\"", "type=\"ocean\""}}, "ocean", "<location> attribute 'type': 'ocean' is not one of city, colony, reserve, box"},
                      {{{"population=\"2\"", "population=\"10\""}}, "10\" adjacent", "<location> attribute 'population': 10 is out of range (0..9)"},
                  });
    std::string xml = replace(kMinimal, "<map><hex-grid", "<map blockade-rule=\"1.9\"><hex-grid");
    ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "1.9");
    EXPECT_TRUE(contains(e.message, "<map> attribute 'blockade-rule' goes with a map of spaces (<location> elements with a type), and "
                                    "this map has none"))
        << e.message;
}

TEST(Factions, SetupErrors) {
    expect_breaks(
        kFactionGame,
        {
            {{{"<blockade city=\"Port\"/>", "<support space=\"Port\" level=\"neutral\"/>"}},
             "Port\" level=\"neutral\"",
             "the support level of 'Port' is given twice (first on line 18)"},
            {{{"<blockade city=\"Port\"/>", "<support space=\"Woods\" level=\"passive-support\"/>"}},
             "passive-support",
             "<support> attribute 'level': 'Woods' has population 0, so it is always neutral (L1)"},
            {{{"level=\"active-support\"", "level=\"fervent\""}},
             "fervent",
             "<support> attribute 'level': 'fervent' is not one of active-opposition, passive-opposition, neutral, passive-support, "
             "active-support"},
            {{{"piece=\"regular\" space=\"Port\"", "piece=\"tory\" space=\"Port\""}},
             "tory\" space",
             "<place> attribute 'piece': 'tory' is not a piece of Crown (1.4); Crown owns: regular, fort"},
            {{{"<blockade city=\"Port\"/>", "<place faction=\"Crown\" piece=\"Regular\" space=\"Port\"/>"}},
             "<place faction=\"Crown\" piece=\"Regular\"",
             "the Crown regular pieces in 'Port' are placed twice (first on line 20); give one <place> with a count"},
            {{{"count=\"3\"", "count=\"1001\""}}, "1001", "<place> attribute 'count': 1001 is out of range (1..1000)"},
            {{{"faction=\"Crown\" piece=\"regular\"", "faction=\"Kings\" piece=\"regular\""}},
             "Kings",
             "<place> attribute 'faction': unknown side 'Kings' (sides: Crown, Rebels, Allies, Tribes)"},
            {{{"space=\"Woods\"", "space=\"Lake\""}}, "Lake", "<place> attribute 'space': unknown location 'Lake'"},
            {{{"<blockade city=\"Port\"/>", "<blockade city=\"Farm\"/>"}},
             "Farm\"/>\n  </setup>",
             "<blockade> attribute 'city': 'Farm' is a colony, and only a city can be blockaded (1.9)"},
            {{{"<blockade city=\"Port\"/>", "<blockade city=\"Shoal\"/>"}},
             "Shoal\"/>\n  </setup>",
             "<blockade> attribute 'city': 'Shoal' has no type, and only a city can be blockaded (1.9)"},
            {{{"<blockade city=\"Port\"/>", "<blockade city=\"Port\"/><blockade city=\"Port\" />"}},
             "Port\" />",
             "'Port' is blockaded twice (first on line 22)"},
        });
    // A faction that owns no pieces.
    const std::string no_pieces = replace(kFactionGame, "<side name=\"Allies\" group=\"Free\" pieces=\"regular\"/>",
                                          "<side name=\"Allies\" group=\"Free\"/>");
    std::string xml = replace(replace(no_pieces, "<blockade city=\"Port\"/>", "<place faction=\"Allies\" piece=\"regular\" space=\"Sea\"/>"),
                              "<condition plus=\"opposition\" what=\"Opposition\"/>", "");
    ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "regular\" space=\"Sea\"");
    EXPECT_TRUE(contains(e.message, "<place> attribute 'piece': 'regular' is not a piece of Allies (1.4); Allies owns no pieces "
                                    "(<side pieces=...>)"))
        << e.message;
    // A setup needs spaces.
    xml = with("<setup/>");
    e = one_error(xml);
    EXPECT_AT(e, xml, "<setup/>");
    EXPECT_TRUE(contains(e.message, "<setup> needs a map of spaces (<location> elements with a type)")) << e.message;
}

TEST(Factions, TracksErrors) {
    expect_breaks(kFactionGame,
                  {
                      {{{"name=\"naval\"", "name=\"naval power\""}}, "naval power", "track name 'naval power' is not one word (a `track` record names it)"},
                      {{{"name=\"naval\"", "name=\"Losses\""}}, "Losses", "track 'Losses' is declared twice (first on line 27)"},
                      {{{"title=\"Naval\" start", "title=\"Naval\" derive=\"sum\" start"}},
                       "sum",
                       "<track> attribute 'derive': 'sum' is not one of free, casualties, support, opposition, pieces"},
                      {{{"derive=\"opposition\"/>", "derive=\"opposition\" faction=\"Crown\"/>"}},
                       "Crown\"/>\n    <track",
                       "<track derive=\"opposition\"> takes no 'faction' (only derive=\"pieces\" does)"},
                      {{{"derive=\"opposition\"/>", "derive=\"opposition\" start=\"4\"/>"}},
                       "4\"/>",
                       "<track derive=\"opposition\"> takes no 'start' (only derive=\"free\" and derive=\"casualties\" do; the engine "
                       "computes the others)"},
                      {{{"derive=\"pieces\" faction=\"Tribes\" piece", "derive=\"pieces\" piece"}},
                       "<track name=\"villages\"",
                       "<track> needs attribute 'faction'"},
                      {{{"faction=\"Tribes\" piece=\"village\" rule", "faction=\"Crown\" piece=\"village\" rule"}},
                       "village\" rule",
                       "<track> attribute 'piece': 'village' is not a piece of Crown (1.4); Crown owns: regular, fort"},
                      {{{"title=\"Naval\" ", ""}}, "<track name=\"naval\"", "<track> needs attribute 'title'"},
                  });
    const std::string xml = with(R"(<tracks><track name="s" title="S" derive="support"/></tracks>)");
    ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "support\"/>");
    EXPECT_TRUE(contains(e.message, "<track derive=\"support\"> needs a map of spaces (<location> elements with a type)")) << e.message;
}

TEST(Factions, CasualtiesErrors) {
    expect_breaks(kFactionGame,
                  {
                      {{{"track=\"losses\"", "track=\"deaths\""}},
                       "deaths",
                       "<casualty> attribute 'track': unknown track 'deaths' (tracks: support, opposition, losses, villages, naval)"},
                      {{{"track=\"losses\"", "track=\"naval\""}},
                       "naval\"/>",
                       "<casualty> attribute 'track': 'naval' is not a casualties track (<track derive=\"casualties\">)"},
                      {{{"pieces=\"regular, fort\" track", "pieces=\"regular, tory\" track"}},
                       "regular, tory",
                       "<casualty> attribute 'pieces': 'tory' is not a piece of Crown (1.4); Crown owns: regular, fort"},
                      {{{"</casualties>", "  <casualty faction=\"crown\" pieces=\"fort\" track=\"losses\"/>\n  </casualties>"}},
                       "fort\" track=\"losses\"/>\n  </casualties>",
                       "<casualty> attribute 'pieces': Crown fort already counts as a casualty (on line 32)"},
                  });
    const std::string xml = with(R"(<casualties><casualty faction="Blue" pieces="regular" track="x"/></casualties>)");
    ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "x\"/>");
    EXPECT_TRUE(contains(e.message, "<casualty> attribute 'track': unknown track 'x' (the scenario has no <tracks>)")) << e.message;
}

TEST(Factions, TreatyErrors) {
    expect_breaks(kFactionGame,
                  {
                      {{{"param=\"treaty\"", "param=\"alliance\""}},
                       "alliance",
                       "<treaty> attribute 'param': unknown parameter 'alliance' (declare it in <params>)"},
                      {{{"default=\"no\"", "default=\"maybe\""}},
                       "maybe",
                       "parameter 'treaty': default 'maybe' is not yes or no (<treaty param=...> plays the treaty with it)"},
                      {{{"card=\"109\"", "card=\"Treaty of Alliance\""}},
                       "Treaty of",
                       "<treaty> attribute 'card': 'Treaty of Alliance' is not one word (a card id, as `card` records give it)"},
                      {{{"card=\"109\"", "card=\"109\" played=\"often\""}}, "often", "<treaty> attribute 'played': 'often' is not yes or no"},
                  });
}
