// Dice read from a VASSAL file's chat lines and properties with a module's dice buttons
// (parser/module/dice.hpp), and with VASSAL's default report format when there is no module.
#include "dice.hpp"

#include <gtest/gtest.h>

using namespace referee::vassal;

namespace {

constexpr const char* kButtons = R"xml(<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.build.GameModule name="Dice Test" version="2.0">
  <VASSAL.build.module.DiceButton name="d6" nDice="1" nSides="6" reportTotal="true" reportFormat="** $name$ = $result$ *** &lt;$playerName$&gt;"/>
  <VASSAL.build.module.DiceButton name="2d6" nDice="2" nSides="6"/>
  <VASSAL.build.module.DiceButton name="d10+1" nDice="1" nSides="10" plus="1"/>
  <VASSAL.build.module.DiceButton name="3d6 sum" nDice="3" nSides="6" reportTotal="true"/>
  <VASSAL.build.module.DiceButton name="best" nDice="3" nSides="6" keepDice="true" keepCount="2"/>
  <VASSAL.build.module.DiceButton name="silent" nDice="1" nSides="8" reportFormat="Rolled $result$ for $name$"/>
  <VASSAL.build.module.SpecialDiceButton name="Coin" format="$name$ falls $result1$ for $PlayerName$">
    <VASSAL.build.module.SpecialDie name="Penny"><VASSAL.build.module.SpecialDieFace text="heads"/><VASSAL.build.module.SpecialDieFace text="tails"/></VASSAL.build.module.SpecialDie>
  </VASSAL.build.module.SpecialDiceButton>
</VASSAL.build.GameModule>
)xml";

const Module& buttons() {
    static const Module m = Module::from_buildfile(kButtons, "dice.xml");
    return m;
}

}  // namespace

TEST(Dice, ALoneDieReportedAsATotalGivesItsFaceAndPlayer) {
    const DiceReader r(&buttons());
    auto roll = r.from_chat("*** d6 = 4 *** &lt;Joel&gt;");   // VASSAL adds one '*' to a report that has one
    ASSERT_TRUE(roll);
    EXPECT_EQ(roll->button, "d6");
    EXPECT_EQ(roll->player, "Joel");
    EXPECT_EQ(roll->sides, 6);
    EXPECT_EQ(roll->faces, (std::vector<int>{4}));
    EXPECT_EQ(roll->total, 4);
    EXPECT_EQ(roll->result, "4");
}

TEST(Dice, AListGivesEachDieAndTheButtonIsTheOneItsNameSays) {
    const DiceReader r(&buttons());
    // The same default format as d6's, told apart by $name$.
    auto roll = r.from_chat("*** 2d6 = 3,5 *** <Ann>");
    ASSERT_TRUE(roll);
    EXPECT_EQ(roll->button, "2d6");
    EXPECT_EQ(roll->player, "Ann");   // $PlayerName$ of the default format
    EXPECT_EQ(roll->faces, (std::vector<int>{3, 5}));
    EXPECT_EQ(roll->total, 8);
    // plus is taken off each die.
    roll = r.from_chat("*** d10+1 = 11 *** <Ann>");
    ASSERT_TRUE(roll);
    EXPECT_EQ(roll->sides, 10);
    EXPECT_EQ(roll->faces, (std::vector<int>{10}));
}

TEST(Dice, FacesThatCannotBeReadAreNotGuessed) {
    const DiceReader r(&buttons());
    auto roll = r.from_chat("*** 3d6 sum = 11 *** <Ann>");   // a total of three dice
    ASSERT_TRUE(roll);
    EXPECT_TRUE(roll->faces.empty());
    EXPECT_EQ(roll->total, 11);
    roll = r.from_chat("*** best = 6,5 *** <Ann>");          // kept dice: not a fair sample
    ASSERT_TRUE(roll);
    EXPECT_TRUE(roll->faces.empty());
    roll = r.from_chat("*** 2d6 = 3,9 *** <Ann>");           // 9 on a six-sided die
    ASSERT_TRUE(roll);
    EXPECT_TRUE(roll->faces.empty());
    roll = r.from_chat("*** 2d6 = 3 *** <Ann>");             // one value for two dice
    ASSERT_TRUE(roll);
    EXPECT_TRUE(roll->faces.empty());
}

TEST(Dice, AFormatWithoutAPlayerAndASpecialButton) {
    const DiceReader r(&buttons());
    auto roll = r.from_chat("* Rolled 7 for silent");
    ASSERT_TRUE(roll);
    EXPECT_EQ(roll->button, "silent");
    EXPECT_FALSE(roll->player);
    EXPECT_EQ(roll->faces, (std::vector<int>{7}));
    roll = r.from_chat("* Coin falls tails for Ann");
    ASSERT_TRUE(roll);
    EXPECT_EQ(roll->button, "Coin");
    EXPECT_EQ(roll->player, "Ann");
    EXPECT_EQ(roll->sides, 2);
    EXPECT_TRUE(roll->faces.empty());
}

TEST(Dice, OtherChatIsNoRoll) {
    const DiceReader r(&buttons());
    EXPECT_FALSE(r.from_chat("<Joel> - d6 = 4, honest"));
    EXPECT_FALSE(r.from_chat("* Tiger moves 0101 &rarr; 0202 *"));
    EXPECT_FALSE(r.from_chat("*** unknown = 4 *** <Joel>"));    // no button of that name
    EXPECT_FALSE(r.from_chat("*** 2d6 = lots *** <Joel>"));     // not numbers
    EXPECT_FALSE(r.from_chat("* UNDO: *** d6 = 4 *** <Joel>")); // an undone report
    EXPECT_FALSE(r.from_chat(""));
}

TEST(Dice, WithoutAModuleVassalsDefaultFormatAndTheButtonsName) {
    const DiceReader r(nullptr);
    auto roll = r.from_chat("*** 2d6 = 3,5 *** &lt;Joel&gt;");
    ASSERT_TRUE(roll);
    EXPECT_EQ(roll->button, "2d6");
    EXPECT_EQ(roll->player, "Joel");
    EXPECT_EQ(roll->sides, 6);
    EXPECT_EQ(roll->faces, (std::vector<int>{3, 5}));
    roll = r.from_chat("*** d6 = 2 *** <Joel>");   // the 2.x form
    ASSERT_TRUE(roll);
    EXPECT_EQ(roll->faces, (std::vector<int>{2}));
    roll = r.from_chat("*** Combat = 2 *** <Joel>");   // a name that says no die size
    ASSERT_TRUE(roll);
    EXPECT_EQ(roll->sides, 0);
    EXPECT_TRUE(roll->faces.empty());
    EXPECT_FALSE(r.from_chat("* Rolled 7 for silent"));
}

TEST(Dice, AResultPropertyIsARollOfItsButton) {
    const DiceReader r(&buttons());
    auto roll = r.from_property({"2d6_result", "1,1", "6,2", "Module"});
    ASSERT_TRUE(roll);
    EXPECT_EQ(roll->button, "2d6");
    EXPECT_FALSE(roll->player);
    EXPECT_EQ(roll->faces, (std::vector<int>{6, 2}));
    EXPECT_FALSE(r.from_property({"2d6_total", "2", "8", "Module"}));
    EXPECT_FALSE(r.from_property({"_result", "", "3", "Module"}));
    roll = r.from_property({"Coin_result", "", "heads", "Module"});   // face texts: a roll, unread
    ASSERT_TRUE(roll);
    EXPECT_EQ(roll->button, "Coin");
    EXPECT_TRUE(roll->faces.empty());
}
