// `referee vassal --module M FILE` on every real file of ../shared/vassal (skipped, saying so, when
// the folder is absent): the counts, players, maps and locations each file holds, and no
// difference between the names VASSAL wrote (OldLocationName, move reports) and referee's. The
// figures were counted by hand from the files (docs/vassal.md) and by the parser/module tests.
#include "inspect.hpp"
#include "module.hpp"
#include "module_view.hpp"
#include "vassal_error.hpp"

#include <gtest/gtest.h>

#include <filesystem>

using namespace referee::vassal;

namespace {

const std::string kData = REFEREE_SOURCE_DIR "/../shared/vassal";

#define REQUIRE_DATA()                                                                                    \
    if (!std::filesystem::is_directory(kData)) GTEST_SKIP() << "no real VASSAL files at " << kData;

struct Read {
    Module module;
    VassalFile file;
    Summary summary;
};

Read read(const std::string& module, const std::string& file) {
    Read r{Module::load(kData + "/" + module), read_vassal_file(kData + "/" + file), {}};
    const BoundModule bound = bind_module(r.module, r.file);
    r.summary = summarize(r.file, bound.view);
    return r;
}

const PieceRow* piece(const std::vector<PieceRow>& rows, const std::string& id) {
    for (const PieceRow& r : rows)
        if (r.id == id) return &r;
    return nullptr;
}

std::string location(const std::vector<PieceRow>& rows, const std::string& id) {
    const PieceRow* r = piece(rows, id);
    return r == nullptr ? "(no piece " + id + ")" : r->location.value_or("(no location)");
}

// Every piece on a map of the module has a location.
std::size_t unnamed(const std::vector<PieceRow>& rows) {
    std::size_t n = 0;
    for (const PieceRow& r : rows) n += r.map && !r.location;
    return n;
}

std::string differences(const Summary& s) {
    std::string out;
    for (const LocationDifference& d : s.differences)
        out += "\n  " + d.map + " " + std::to_string(d.x) + "," + std::to_string(d.y) + ": '" + d.recorded + "', referee '" + d.computed + "'";
    return out;
}

bool warned(const Summary& s, const std::string& text) {
    for (const Warning& w : s.warnings)
        if (w.message.find(text) != std::string::npos) return true;
    return false;
}

}  // namespace

TEST(RealFiles, TheLongestDayLog) {
    REQUIRE_DATA();
    const Read r = read("tld/tmp/buildFile", "tld/0606-2.log");
    const Summary& s = r.summary;
    EXPECT_EQ(s.steps.size(), 841u);
    EXPECT_EQ(s.totals.move, 707u);
    EXPECT_EQ(s.undo_probable, 78u);
    EXPECT_EQ(s.dice, 80u);   // the module's dice button format, "** $name$ = $result$ *** <$playerName$>"
    ASSERT_EQ(s.players.size(), 2u);
    EXPECT_EQ(s.players[1].name, "Nate");
    EXPECT_EQ(s.players[1].side, "Germans");
    EXPECT_EQ(s.initial.size(), 2382u);
    EXPECT_EQ(s.final.size(), 2329u);
    EXPECT_EQ(unnamed(s.final), 0u);
    EXPECT_EQ(location(s.final, "1168285005460"), "8036");     // INTERDICT 3 at (4415,2272) of Normandy
    EXPECT_EQ(location(s.final, "1168285081299"), "1206");     // MKB YORK at (646,352)
    EXPECT_EQ(s.agree, 0u);                                     // the log names no location itself
    EXPECT_TRUE(s.differences.empty()) << differences(s);
    ASSERT_TRUE(s.module_sha256);
    EXPECT_EQ(s.module_sha256->size(), 64u);
}

TEST(RealFiles, TheLongestDaySave) {
    REQUIRE_DATA();
    const Read r = read("tld/tmp/buildFile", "tld/scenario_1.sav");
    EXPECT_EQ(r.summary.initial.size(), 45u);
    ASSERT_FALSE(r.summary.maps.empty());
    EXPECT_EQ(r.summary.maps[0].first, "Normandy");
    EXPECT_EQ(r.summary.maps[0].second, std::vector<std::string>{"Board F"});
    EXPECT_EQ(location(r.summary.initial, "1168284786468"), "5266");   // 184/84 at (1977,576)
    EXPECT_EQ(unnamed(r.summary.initial), 0u);
}

TEST(RealFiles, TheOlderModuleLacksBoardF) {
    REQUIRE_DATA();
    const Module old = Module::load(kData + "/tld/buildFile");
    const VassalFile save = read_vassal_file(kData + "/tld/scenario_1.sav");
    try {
        bind_module(old, save);
        FAIL() << "no error";
    } catch (const VassalError& e) {
        const std::string m = e.what();
        EXPECT_NE(m.find("scenario_1.sav"), std::string::npos) << m;
        EXPECT_NE(m.find("no board 'Board F' on map 'Normandy'"), std::string::npos) << m;
        EXPECT_NE(m.find("tld/buildFile"), std::string::npos) << m;
    }
    // The log's layout names maps the older module lacks, with pieces on them.
    const VassalFile log = read_vassal_file(kData + "/tld/0606-2.log");
    try {
        bind_module(old, log);
        FAIL() << "no error";
    } catch (const VassalError& e) {
        EXPECT_NE(std::string(e.what()).find("which module"), std::string::npos) << e.what();
    }
}

TEST(RealFiles, TourLogChangesItsBoardsAndAgreesWithEveryReport) {
    REQUIRE_DATA();
    const Read r = read("tour/tour.mod", "tour/tour.log");
    const Summary& s = r.summary;
    EXPECT_EQ(s.steps.size(), 115u);
    EXPECT_EQ(s.initial.size(), 11u);
    EXPECT_EQ(s.final.size(), 18u);
    EXPECT_EQ(s.agree, 45u);   // 25 move reports naming 45 locations, with the boards of their moment
    EXPECT_TRUE(s.differences.empty()) << differences(s);
    EXPECT_EQ(location(s.final, "1116882739937"), "Ship Reserves");   // DD, a region of the Force Pool
}

TEST(RealFiles, ZxvtAndBloodBowlLogs) {
    REQUIRE_DATA();
    const Read z = read("zxvt/buildFile", "zxvt/5x5_startup.vlog");
    EXPECT_EQ(z.summary.initial.size(), 0u);
    EXPECT_EQ(z.summary.final.size(), 6u);
    EXPECT_EQ(z.summary.agree, 6u);   // six pieces created, each reported where it was made
    EXPECT_TRUE(z.summary.differences.empty()) << differences(z.summary);
    EXPECT_EQ(location(z.summary.final, "1571600961012"), "B05");
    ASSERT_EQ(z.summary.players.size(), 1u);
    EXPECT_EQ(z.summary.players[0].side, "<observer>");

    const Read bb = read("bbvassal/buildFile", "bbvassal/testlog.vlog");
    EXPECT_EQ(bb.summary.final.size(), 22u);
    EXPECT_EQ(bb.summary.agree, 8u);
    EXPECT_TRUE(bb.summary.differences.empty()) << differences(bb.summary);
    EXPECT_EQ(bb.summary.unknown.at("HAKA"), 2u);
    EXPECT_EQ(location(bb.summary.final, "1508578119047"), "Blue Re-Rolls");
}

TEST(RealFiles, SavesWithOldLocationNames) {
    REQUIRE_DATA();
    const Read ftp = read("ftp/buildFile.xml", "ftp/1862-3-5.vsav");
    EXPECT_EQ(ftp.summary.initial.size(), 632u);
    EXPECT_EQ(ftp.summary.agree, 137u);
    EXPECT_TRUE(ftp.summary.differences.empty()) << differences(ftp.summary);
    EXPECT_EQ(location(ftp.summary.initial, "1643744878828"), "Draw");   // a card in the Draw deck
    EXPECT_EQ(location(ftp.summary.initial, "1643744879910"), "Army of the Cumberland: Commanding General");
    EXPECT_TRUE(warned(ftp.summary, "version 3.5, the module given is 'For the People' version 3.6"));

    const Read rag = read("ragnarok/buildFile.xml", "ragnarok/ragnarok-start.vsav");
    EXPECT_EQ(rag.summary.initial.size(), 99u);
    EXPECT_EQ(rag.summary.agree, 43u);
    EXPECT_TRUE(rag.summary.differences.empty()) << differences(rag.summary);
    EXPECT_EQ(location(rag.summary.initial, "1711658022991"), "Endurance 019");
    EXPECT_EQ(location(rag.summary.initial, "1711662942934"), "0101");

    const Read roc = read("riskofcatan/Risk of Catan.vmod", "riskofcatan/test_map2.vsav");
    EXPECT_EQ(roc.summary.initial.size(), 64u);
    EXPECT_EQ(roc.summary.agree, 7u);
    EXPECT_TRUE(roc.summary.differences.empty()) << differences(roc.summary);
    EXPECT_EQ(location(roc.summary.initial, "1772283392661"), "0902");
    // Its layout names a map "Main Map" the module does not have, with nothing on it.
    EXPECT_TRUE(warned(roc.summary, "names map 'Main Map', which the module does not have"));
}

TEST(RealFiles, SavesWithoutRecordedNames) {
    REQUIRE_DATA();
    const Read trc = read("trc/buildFile-trc.yml", "trc/Campaign-180907.vsav");
    EXPECT_EQ(trc.summary.initial.size(), 215u);
    EXPECT_EQ(unnamed(trc.summary.initial), 0u);
    EXPECT_EQ(location(trc.summary.initial, "1447557399765"), "2729");   // ge-inf-30 at (2173,2648)

    const Read k = read("kassala/buildFile.xml", "kassala/Default Setup.vsav");
    EXPECT_EQ(k.summary.initial.size(), 23u);
    for (const PieceRow& p : k.summary.initial) EXPECT_EQ(p.location, "offboard") << p.name;
    EXPECT_TRUE(warned(k.summary, "board 'Kassala': its grid has no numbering"));
    try {
        locate_strict(k.module, k.file, "Main Map", 100, 100);
        FAIL() << "no error";
    } catch (const VassalError& e) {
        EXPECT_NE(std::string(e.what()).find("its grid has no numbering"), std::string::npos) << e.what();
    }
}
