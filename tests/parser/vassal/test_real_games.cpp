// The real third-party VASSAL files of ../shared/vassal (provenance in its PROVENANCE.md), read
// from there and never copied into the project; the tests skip, saying so, when it is absent.
// Expected figures were computed independently of referee, with a throwaway Python decoder
// (zipfile, the !VCSK rule, VASSAL's token rules): pieces = AddPiece ids that are neither stacks nor
// decks, after the position and after replaying the steps' adds and removes. The Longest Day's
// command counts and its 78 probable undos are also the figures vassal.md's example gives.
#include "vassal_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>

using namespace referee::vassal;

namespace {

const std::string kShared = REFEREE_SOURCE_DIR "/../shared/vassal/";

struct Expected {
    const char* path;
    const char* encoding;
    std::size_t steps, initial_pieces, final_pieces;
};

const Expected kFiles[] = {
    {"tour/tour.log", "plain", 115, 11, 18},
    {"tld/0606-2.log", "VCSK", 841, 2382, 2329},
    {"tld/scenario_1.sav", "VCSK", 0, 45, 45},
    {"zxvt/5x5_startup.vlog", "VCSK", 6, 0, 6},
    {"bbvassal/testlog.vlog", "VCSK", 6, 22, 22},
    {"trc/Campaign-180907.vsav", "VCSK", 0, 215, 215},
    {"kassala/Default Setup.vsav", "VCSK", 0, 23, 23},
    {"ftp/1862-3-5.vsav", "VCSK", 0, 632, 632},
    {"ragnarok/ragnarok-start.vsav", "VCSK", 0, 99, 99},
    {"riskofcatan/test_map2.vsav", "VCSK", 0, 64, 64},
};

bool have_shared() { return std::filesystem::exists(kShared + "PROVENANCE.md"); }

}  // namespace

TEST(RealVassalGames, EveryFileReadsWithItsStepsAndPieces) {
    if (!have_shared()) GTEST_SKIP() << "../shared/vassal is absent: the real VASSAL files are not here to test with";
    for (const Expected& e : kFiles) {
        SCOPED_TRACE(e.path);
        VassalFile f = read_vassal_file(kShared + e.path);
        EXPECT_STREQ(encoding_name(f.encoding), e.encoding);
        EXPECT_EQ(f.steps.size(), e.steps);
        EXPECT_EQ(f.initial.piece_count(), e.initial_pieces);
        EXPECT_EQ(f.final.piece_count(), e.final_pieces);
    }
}

TEST(RealVassalGames, TheLongestDayLog) {
    if (!have_shared()) GTEST_SKIP() << "../shared/vassal is absent: the real VASSAL files are not here to test with";
    VassalFile f = read_vassal_file(kShared + "tld/0606-2.log");
    EXPECT_EQ(f.totals.add, 57u);
    EXPECT_EQ(f.totals.remove, 65u);
    EXPECT_EQ(f.totals.change, 381u);
    EXPECT_EQ(f.totals.move, 707u);
    EXPECT_EQ(f.totals.chat, 221u);
    EXPECT_EQ(f.totals.other, 0u);
    EXPECT_EQ(f.totals.empty, 223u);
    std::size_t probable = 0, undo_chats = 0;
    for (const Step& s : f.steps) {
        if (s.undo != UndoKind::probable) continue;
        ++probable;
        for (const std::string& l : s.leaves) undo_chats += l.starts_with("CHAT* UNDO:");
    }
    EXPECT_EQ(probable, 78u);
    EXPECT_EQ(undo_chats, 16u);   // of the log's 19 "* UNDO:" lines (IMPORT-NOTES §6)
    ASSERT_EQ(f.final.roster().size(), 2u);
    EXPECT_EQ(f.final.roster()[0].name, "Joel");
    EXPECT_EQ(f.final.roster()[0].side, "Allies");
    EXPECT_EQ(f.final.roster()[1].name, "Nate");
    EXPECT_EQ(f.final.roster()[1].side, "Germans");
    // 2.x files hold only savedGame: the version is in a CHECK command (IMPORT-NOTES §1.1).
    EXPECT_FALSE(f.metadata.has_savedata);
    EXPECT_EQ(f.running_vassal_version, "2.9.8");
}

// VASSAL's merge (vassal.md, "Changes are merged as VASSAL merges them"): a stacked piece is where
// its stack is; the log's 2.x changes with a stale null map and its moves of stacked pieces to no
// map never take a piece out of its stack. VASSAL shows 546 pieces on Normandy at the end and none
// on no map (the spec's figure; 14 were left on no map before the merge was VASSAL's).
TEST(RealVassalGames, TheLongestDayLogEndsWith546PiecesOnNormandyAndNoneOnNoMap) {
    if (!have_shared()) GTEST_SKIP() << "../shared/vassal is absent: the real VASSAL files are not here to test with";
    VassalFile f = read_vassal_file(kShared + "tld/0606-2.log");
    std::size_t normandy = 0, nowhere = 0;
    for (const auto& [id, piece] : f.final.pieces()) {
        const Placement p = f.final.placement(*piece);
        normandy += p.map == "Normandy";
        nowhere += p.map.empty();
    }
    EXPECT_EQ(normandy, 546u);
    EXPECT_EQ(nowhere, 0u);
}

TEST(RealVassalGames, UnknownCommandsAreCountedNotFatal) {
    if (!have_shared()) GTEST_SKIP() << "../shared/vassal is absent: the real VASSAL files are not here to test with";
    VassalFile f = read_vassal_file(kShared + "bbvassal/testlog.vlog");
    ASSERT_EQ(f.unknown.count("HAKA"), 1u);
    EXPECT_EQ(f.unknown.at("HAKA"), 2u);
    EXPECT_FALSE(f.warnings.empty());
}

TEST(RealVassalGames, AModuleIsNotAGame) {
    if (!have_shared()) GTEST_SKIP() << "../shared/vassal is absent: the real VASSAL files are not here to test with";
    try {
        read_vassal_file(kShared + "riskofcatan/Risk of Catan.vmod");
        FAIL() << "a module read as a game";
    } catch (const std::exception& e) {
        EXPECT_NE(std::string(e.what()).find("module"), std::string::npos) << e.what();
    }
}
