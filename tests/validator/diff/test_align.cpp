// The alignment of two copies' records (validator/diff/align.hpp): one record inserted, deleted or
// changed is one difference; header order, tags and chat do not count; long copies with a few
// differences are cut at the records both hold once; copies that share nothing end, paired in order.
#include "align.hpp"
#include "readers.hpp"

#include <gtest/gtest.h>

#include <string>

namespace referee::diff {
namespace {

struct Pair {
    GameRecord a, b;
    Compared ca, cb;
    Alignment al;
};

// Compared and aligned, the copies kept where the Compared point.
std::unique_ptr<Pair> aligned(const std::string& a, const std::string& b) {
    auto p = std::make_unique<Pair>();
    p->a = read_game(a, "a.log");
    p->b = read_game(b, "b.log");
    EXPECT_FALSE(p->a.has_syntax_errors());
    EXPECT_FALSE(p->b.has_syntax_errors());
    p->ca = compared_records(p->a);
    p->cb = compared_records(p->b);
    p->al = align(p->ca, p->cb);
    return p;
}

const std::string kHeader = "game maryes-heights\nplayer Union \"C. Okafor\"\nplayer Confederate \"D. Lindqvist\"\n";
const std::string kPlay =
    "turn 1\nphase Union movement\nmove 1/II 0810 0911 1011\nmove 1/2/II 0712 0812\nphase Union combat\n"
    "combat 1/II vs Cobb odds 2:1 roll 4 result Dr\nretreat Cobb 1112 1212\nturn 2\nphase Union movement\nmove 1/C/R 0309 0209\n";

TEST(Align, TheSameRecordsAreTheSameGame) {
    const auto p = aligned(kHeader + kPlay, kHeader + kPlay);
    EXPECT_TRUE(p->al.edits.empty());
    EXPECT_EQ(p->al.same, p->ca.size());
}

TEST(Align, CommentsWhiteSpaceHeaderOrderTagsAndChatDoNotCount) {
    const std::string b = "# another copy\ntag event \"x\"\nplayer Confederate \"D. Lindqvist\"\ngame   maryes-heights  # scenario\n"
                          "player Union \"C. Okafor\"\nchat Union \"good luck\"\n" +
                          kPlay + "chat Confederate \"gg\"\n";
    const auto p = aligned(kHeader + kPlay, b);
    EXPECT_TRUE(p->al.edits.empty());
}

TEST(Align, OneInsertedRecordIsOneDifference) {
    std::string b = kHeader + kPlay;
    b.insert(b.find("move 1/2/II"), "move 2/II 0810 0811\n");
    const auto p = aligned(kHeader + kPlay, b);
    ASSERT_EQ(p->al.edits.size(), 1u);
    EXPECT_EQ(p->al.edits[0].op, Op::OnlyInB);
    EXPECT_EQ(p->cb.at(p->al.edits[0].b).line, 7u);
    // Where it would be in A: before A's `move 1/2/II` (line 7 of A too).
    EXPECT_EQ(p->ca.at(p->al.edits[0].a).line, 7u);
}

TEST(Align, OneDeletedRecordIsOneDifference) {
    std::string a = kHeader + kPlay;
    std::string b = a;
    b.erase(b.find("retreat Cobb"), std::string("retreat Cobb 1112 1212\n").size());
    const auto p = aligned(a, b);
    ASSERT_EQ(p->al.edits.size(), 1u);
    EXPECT_EQ(p->al.edits[0].op, Op::OnlyInA);
    EXPECT_EQ(p->ca.at(p->al.edits[0].a).kind, Kind::Retreat);
}

TEST(Align, AChangedRecordIsOneDifference) {
    std::string b = kHeader + kPlay;
    b.replace(b.find("roll 4 result Dr"), 16, "roll 6 result De");
    const auto p = aligned(kHeader + kPlay, b);
    ASSERT_EQ(p->al.edits.size(), 1u);
    EXPECT_EQ(p->al.edits[0].op, Op::Changed);
    EXPECT_EQ(p->ca.at(p->al.edits[0].a).kind, Kind::Combat);
    EXPECT_EQ(p->cb.at(p->al.edits[0].b).kind, Kind::Combat);
}

TEST(Align, ABlockReplacedByAsManyIsThatManyChangedInOrder) {
    std::string b = kHeader + kPlay;
    b.replace(b.find("move 1/II 0810 0911 1011\nmove 1/2/II 0712 0812"), 46, "move 1/II 0810 0911 1012\nmove 1/2/II 0712 0813");
    const auto p = aligned(kHeader + kPlay, b);
    ASSERT_EQ(p->al.edits.size(), 2u);
    for (const Edit& e : p->al.edits) EXPECT_EQ(e.op, Op::Changed);
    EXPECT_LT(p->al.edits[0].a, p->al.edits[1].a);
}

TEST(Align, ALongerBlockPairsRecordsOfTheSameKind) {
    // B replaces A's move with a roll and another move: the moves pair, the roll is only in B.
    std::string b = kHeader + kPlay;
    b.replace(b.find("move 1/2/II 0712 0812"), 21, "roll 1d6 3\nmove 1/2/II 0712 0813");
    const auto p = aligned(kHeader + kPlay, b);
    ASSERT_EQ(p->al.edits.size(), 2u);
    EXPECT_EQ(p->al.edits[0].op, Op::OnlyInB);
    EXPECT_EQ(p->cb.at(p->al.edits[0].b).kind, Kind::Roll);
    EXPECT_EQ(p->al.edits[1].op, Op::Changed);
    EXPECT_EQ(p->ca.at(p->al.edits[1].a).kind, Kind::Move);
}

TEST(Align, ACopyThatStopsEarlyIsOnlyRecordsAtTheEndOfTheOther) {
    const std::string a = kHeader + kPlay;
    const std::string b = a.substr(0, a.find("turn 2"));
    const auto p = aligned(a, b);
    ASSERT_EQ(p->al.edits.size(), 3u);  // turn 2, its phase and its move
    for (const Edit& e : p->al.edits) {
        EXPECT_EQ(e.op, Op::OnlyInA);
        EXPECT_GE(e.a, p->cb.size());
    }
    EXPECT_EQ(p->al.same, p->cb.size());
}

// A long game: `turns` game-turns of distinct moves.
std::string long_game(int turns) {
    std::string s = kHeader;
    for (int t = 1; t <= turns; ++t) {
        s += "turn " + std::to_string(t) + "\nphase Union movement\n";
        for (int k = 0; k < 10; ++k) s += "move u" + std::to_string(t) + "_" + std::to_string(k) + " 0810 0911\n";
    }
    return s;
}

TEST(Align, LongCopiesWithAFewDifferencesAreCutAtTheRecordsBothHoldOnce) {
    // 24,000 records: past dtl's bound for one gap (kDtlWork), aligned by the O(NP) algorithm that
    // keeps only its path (align.cpp), whose work grows with the differences.
    const std::string a = long_game(2000);
    std::string b = a;
    b.replace(b.find("move u10_3 0810 0911"), 20, "move u10_3 0810 0912");  // changed
    b.insert(b.find("move u900_0"), "move extra 0101 0102\n");              // inserted
    b.erase(b.find("move u1900_5 0810 0911\n"), 23);                          // deleted
    const auto p = aligned(a, b);
    ASSERT_EQ(p->al.edits.size(), 3u);
    EXPECT_EQ(p->al.edits[0].op, Op::Changed);
    EXPECT_EQ(p->al.edits[1].op, Op::OnlyInB);
    EXPECT_EQ(p->al.edits[2].op, Op::OnlyInA);
    EXPECT_FALSE(p->al.paired_in_order);
}

TEST(Align, LongCopiesWithManyDifferencesAreCutAtTheRecordsBothHoldOnce) {
    // 40,000 records, every other one changed: too many differences for the O(NP) alignment's bound,
    // so the records both copies hold once cut the copies into short gaps.
    std::string a = kHeader, b = kHeader;
    for (int k = 0; k < 40000; ++k) {
        a += "move u" + std::to_string(k) + " 0101 0102\n";
        b += "move u" + std::to_string(k) + (k % 2 ? " 0101 0103\n" : " 0101 0102\n");
    }
    const auto p = aligned(a, b);
    EXPECT_FALSE(p->al.paired_in_order);
    ASSERT_EQ(p->al.edits.size(), 20000u);
    for (const Edit& e : p->al.edits) EXPECT_EQ(e.op, Op::Changed);
}

TEST(Align, CopiesThatShareNothingArePairedInOrderAndSaySo) {
    std::string a = kHeader, b = kHeader;
    for (int k = 0; k < 12000; ++k) {
        a += "move a" + std::to_string(k) + " 0101 0102\n";
        b += "move b" + std::to_string(k) + " 0101 0102\n";
    }
    const auto p = aligned(a, b);
    EXPECT_TRUE(p->al.paired_in_order);
    EXPECT_EQ(p->al.edits.size(), 12000u);  // each move changed, in order: no cascade of 24,000
}

TEST(Align, RecordsAreEqualByTheirTextNotTheirSymbols) {
    // The same names interned in another order in each copy.
    const auto p = aligned("game maryes-heights\nturn 1\nmove x 0101 0102\nmove y 0102 0103\n",
                           "game maryes-heights\ntag a y\ntag b 0103\nturn 1\nmove x 0101 0102\nmove y 0102 0103\n");
    EXPECT_TRUE(p->al.edits.empty());
    EXPECT_TRUE(same_record(p->ca.at(p->ca.size() - 1), p->a, p->cb.at(p->cb.size() - 1), p->b));
    EXPECT_FALSE(same_record(p->ca.at(p->ca.size() - 1), p->a, p->cb.at(p->cb.size() - 2), p->b));
}

}  // namespace
}  // namespace referee::diff
