// The files a tournament checks are the players' uploads (issue 20): the scenario file a game names
// is looked for only in the game's own folder and in --scenario-path folders, and an absolute path,
// a '..' step or a symbolic link out of them is refused without being opened
// (validator/check/scenario_lookup.cpp); only regular files are read as games or scenarios
// (parser/core/regular_file.hpp). --scenario, the director's own choice, takes any path.
#include "check.hpp"
#include "report.hpp"
#include "scenario.hpp"
#include "session.hpp"
#include "sha256.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <thread>

using namespace referee;
namespace fs = std::filesystem;

namespace {

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

std::string listing(const Report& r) {
    std::string s;
    for (const auto& v : r.violations) s += v.code + ": " + v.message + "\n";
    return s;
}

// A valid scenario file of its own id, starting from a built-in.
const std::string kScenario = "<scenario format=\"1\" extends=\"maryes-heights\" id=\"upload-test\" title=\"Upload test\"/>\n";

void write(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}

// A fresh folder for one test: games/ (where the games are) and elsewhere/ (a folder beside it).
class Uploads : public ::testing::Test {
protected:
    void SetUp() override {
        root_ = fs::temp_directory_path() / ("referee_uploads_" + std::to_string(::getpid()) + "_" +
                                             ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(root_);
        fs::create_directories(root_ / "games");
        fs::create_directories(root_ / "elsewhere");
    }
    void TearDown() override { fs::remove_all(root_); }

    // The game `game NAME` in games/g.log, checked as a file of a batch.
    Report game_naming(const std::string& name, const CheckOptions& opts = {}) {
        const fs::path g = root_ / "games" / "g.log";
        write(g, "game " + name + "\n");
        return check_file(g.string(), opts);
    }

    static void expect_refused(const Report& r, const std::string& name, std::string_view why) {
        EXPECT_FALSE(r.judged) << listing(r);
        EXPECT_EQ(r.exit_status(), 2);
        ASSERT_EQ(r.violations.size(), 1u) << listing(r);
        EXPECT_EQ(r.violations[0].code, "scenario-file");
        EXPECT_EQ(r.violations[0].line, 1u);
        EXPECT_EQ(r.violations[0].rule, "docs/move-log.md#header-records");
        EXPECT_TRUE(contains(r.violations[0].message, name + ": refused, not read: ")) << r.violations[0].message;
        EXPECT_TRUE(contains(r.violations[0].message, why)) << r.violations[0].message;
    }

    fs::path root_;
};

// Runs `f` and fails the whole program (rather than hang the test run) when it takes more than 20 s:
// what a blocking open of a named pipe would do.
template <class F>
void within_seconds(F f) {
    std::atomic<bool> done{false};
    std::thread watchdog([&] {
        for (int i = 0; i < 200 && !done; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
        if (!done) {
            std::fprintf(stderr, "test_uploads: still waiting after 20 s: a named pipe was opened\n");
            std::_Exit(1);
        }
    });
    f();
    done = true;
    watchdog.join();
}

}  // namespace

TEST_F(Uploads, AbsolutePathIsRefusedUnopened) {
    expect_refused(game_naming("/etc/passwd"), "/etc/passwd", "not by an absolute path");
    // Refused before the file system is asked: a path that does not exist is refused, not "no such
    // file"; and a named pipe (which a blocking open would wait on for ever) is not opened.
    expect_refused(game_naming("/nonexistent-folder/none.xml"), "/nonexistent-folder/none.xml", "not by an absolute path");
    const fs::path fifo = root_ / "elsewhere" / "pipe.xml";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    within_seconds([&] { expect_refused(game_naming(fifo.string()), fifo.string(), "not by an absolute path"); });
    // Even a valid scenario file, by its absolute path.
    write(root_ / "elsewhere" / "s.xml", kScenario);
    expect_refused(game_naming((root_ / "elsewhere" / "s.xml").string()), (root_ / "elsewhere" / "s.xml").string(), "absolute path");
}

TEST_F(Uploads, DotDotIsRefused) {
    write(root_ / "elsewhere" / "s.xml", kScenario);  // valid, and there: still refused
    expect_refused(game_naming("../elsewhere/s.xml"), "../elsewhere/s.xml", "through '..'");
    expect_refused(game_naming("../../../../etc/passwd"), "../../../../etc/passwd", "through '..'");
    write(root_ / "games" / "s.xml", kScenario);  // a way back into the folder is refused too: no '..' at all
    expect_refused(game_naming("sub/../s.xml"), "sub/../s.xml", "through '..'");
}

TEST_F(Uploads, SymbolicLinkOutOfTheFolderIsRefused) {
    write(root_ / "elsewhere" / "s.xml", kScenario);
    fs::create_symlink(root_ / "elsewhere" / "s.xml", root_ / "games" / "link.xml");
    expect_refused(game_naming("link.xml"), "link.xml", "leads out of the folder");
    fs::create_symlink("/etc/passwd", root_ / "games" / "passwd.xml");
    expect_refused(game_naming("passwd.xml"), "passwd.xml", "leads out of the folder");
    // A folder of the game's that is a link out: what is under it is out too.
    fs::create_directory_symlink(root_ / "elsewhere", root_ / "games" / "sub");
    expect_refused(game_naming("sub/s.xml"), "sub/s.xml", "leads out of the folder");
    // A link to a named pipe out of the folder: refused, never opened.
    ASSERT_EQ(::mkfifo((root_ / "elsewhere" / "pipe").c_str(), 0600), 0);
    fs::create_symlink(root_ / "elsewhere" / "pipe", root_ / "games" / "pipe.xml");
    within_seconds([&] { expect_refused(game_naming("pipe.xml"), "pipe.xml", "leads out of the folder"); });
}

TEST_F(Uploads, FileInTheGamesFolderAndLinksWithinItAreRead) {
    write(root_ / "games" / "s.xml", kScenario);
    Report r = game_naming("s.xml");
    ASSERT_TRUE(r.judged) << listing(r);
    EXPECT_EQ(r.scenario, "upload-test");
    write(root_ / "games" / "rules" / "t.xml", kScenario);
    r = game_naming("rules/t.xml");
    ASSERT_TRUE(r.judged) << listing(r);
    fs::create_symlink("rules/t.xml", root_ / "games" / "link.xml");
    r = game_naming("link.xml");
    ASSERT_TRUE(r.judged) << listing(r);
    EXPECT_EQ(r.scenario, "upload-test");
}

TEST_F(Uploads, NamedPipeInTheGamesFolderIsNotOpened) {
    ASSERT_EQ(::mkfifo((root_ / "games" / "pipe.xml").c_str(), 0600), 0);
    within_seconds([&] {
        const Report r = game_naming("pipe.xml");
        EXPECT_FALSE(r.judged);
        ASSERT_EQ(r.violations.size(), 1u) << listing(r);
        EXPECT_EQ(r.violations[0].code, "scenario-file");
        EXPECT_TRUE(contains(r.violations[0].message, "is a named pipe, not a scenario file")) << r.violations[0].message;
    });
}

TEST_F(Uploads, ScenarioPathFolders) {
    write(root_ / "elsewhere" / "s.xml", kScenario);
    Report r = game_naming("s.xml");  // not in the game's folder
    EXPECT_FALSE(r.judged);
    ASSERT_EQ(r.violations.size(), 1u) << listing(r);
    EXPECT_TRUE(contains(r.violations[0].message, "no such file in the game's folder")) << r.violations[0].message;
    CheckOptions o;
    o.scenario_path = {(root_ / "nothing-here").string(), (root_ / "elsewhere").string()};
    r = game_naming("s.xml", o);
    ASSERT_TRUE(r.judged) << listing(r);
    EXPECT_EQ(r.scenario, "upload-test");
    // The director's folders come first: a player's file of the same name does not take their place.
    write(root_ / "games" / "s.xml", "<scenario format=\"1\" extends=\"maryes-heights\" id=\"players-own\" title=\"P\"/>\n");
    r = game_naming("s.xml", o);
    ASSERT_TRUE(r.judged) << listing(r);
    EXPECT_EQ(r.scenario, "upload-test");
    // A link out of a --scenario-path folder is refused as well.
    fs::create_directories(root_ / "third");
    write(root_ / "third-target.xml", kScenario);
    fs::create_symlink(root_ / "third-target.xml", root_ / "third" / "x.xml");
    o.scenario_path = {(root_ / "third").string()};
    expect_refused(game_naming("x.xml", o), "x.xml", "leads out of the folder");
    // Absolute paths and '..' stay refused whatever the folders.
    expect_refused(game_naming((root_ / "elsewhere" / "s.xml").string(), o), (root_ / "elsewhere" / "s.xml").string(), "absolute path");
}

TEST_F(Uploads, StandardInputHasNoFolderOfItsOwn) {
    write(root_ / "games" / "s.xml", kScenario);
    const fs::path was = fs::current_path();
    fs::current_path(root_ / "games");  // the file is in the current folder: still not looked for
    Report r = check_text("game s.xml\n", "-", {});
    EXPECT_FALSE(r.judged);
    ASSERT_EQ(r.violations.size(), 1u) << listing(r);
    EXPECT_TRUE(contains(r.violations[0].message, "standard input has no folder of its own")) << r.violations[0].message;
    CheckOptions o;
    o.scenario_path = {"."};
    r = check_text("game s.xml\n", "-", o);
    EXPECT_TRUE(r.judged) << listing(r);
    fs::current_path(was);
}

TEST_F(Uploads, TheDirectorsScenarioTakesAnyPath) {
    write(root_ / "elsewhere" / "s.xml", kScenario);
    CheckOptions o;
    o.scenario = (root_ / "elsewhere" / "s.xml").string();
    const Report r = game_naming("/etc/passwd", o);  // the game's own record is not used
    ASSERT_TRUE(r.judged) << listing(r);
    EXPECT_EQ(r.scenario, "upload-test");
}

TEST_F(Uploads, OnlyRegularFilesAreReadAsGames) {
    const fs::path fifo = root_ / "games" / "p.log";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    within_seconds([&] {
        const Report r = check_file(fifo.string(), {});
        EXPECT_FALSE(r.judged);
        ASSERT_EQ(r.violations.size(), 1u) << listing(r);
        EXPECT_EQ(r.violations[0].code, "unreadable");
        EXPECT_TRUE(contains(r.violations[0].message, "is a named pipe, not a game record")) << r.violations[0].message;
    });
    const Report dev = check_file("/dev/null", {});
    ASSERT_EQ(dev.violations.size(), 1u) << listing(dev);
    EXPECT_EQ(dev.violations[0].code, "unreadable");
    EXPECT_TRUE(contains(dev.violations[0].message, "/dev/null is a character device, not a game record")) << dev.violations[0].message;
    const Report dir = check_file(root_.string(), {});
    ASSERT_EQ(dir.violations.size(), 1u) << listing(dir);
    EXPECT_TRUE(contains(dir.violations[0].message, "is a directory, not a game record")) << dir.violations[0].message;
    // A link given by the director is followed, wherever it leads.
    write(root_ / "elsewhere" / "real.log", "game maryes-heights\n");
    fs::create_symlink(root_ / "elsewhere" / "real.log", root_ / "games" / "link.log");
    const Report linked = check_file((root_ / "games" / "link.log").string(), {});
    EXPECT_TRUE(linked.judged) << listing(linked);
}

TEST_F(Uploads, ScenarioFoldersInOrder) {
    CheckOptions o;
    o.scenario_path = {"a", "b"};
    EXPECT_EQ(scenario_folders("games/r1/g.log", o), (std::vector<std::string>{"a", "b", "games/r1"}));
    EXPECT_EQ(scenario_folders("g.log", o), (std::vector<std::string>{"a", "b", ""}));
    EXPECT_EQ(scenario_folders("-", o), (std::vector<std::string>{"a", "b"}));
}

// --- Whose rules (issue 20): a file never passes for a built-in, and every report names its source. ---

TEST_F(Uploads, AScenarioFileMayNotTakeABuiltinsId) {
    // Other turns and points under the built-in's name: refused, the game not judged.
    write(root_ / "games" / "fake.xml",
          "<scenario format=\"1\" extends=\"maryes-heights\" id=\"maryes-heights\" title=\"Marye's Heights\" turns=\"2\"/>\n");
    Report r = game_naming("fake.xml");
    EXPECT_FALSE(r.judged);
    EXPECT_EQ(r.exit_status(), 2);
    EXPECT_TRUE(contains(listing(r), "the scenario id 'maryes-heights' is a built-in scenario's: a scenario file has an id of its own")) << listing(r);
    // Without extends, and another built-in's id: the same.
    const std::string whole = "<scenario format=\"1\" id=\"cemetery-hill\" title=\"X\" turns=\"3\"><sides><side name=\"A\"/></sides></scenario>\n";
    const ScenarioLoad l = read_scenario_xml(whole, "other.xml");
    EXPECT_FALSE(l.scenario);
    bool said = false;
    for (const ScenarioError& e : l.errors) said = said || contains(e.message, "the scenario id 'cemetery-hill' is a built-in scenario's");
    EXPECT_TRUE(said);
    // The built-in's own file, byte for byte, is the built-in.
    const ScenarioLoad own = load_scenario(std::string(REFEREE_SOURCE_DIR) + "/scenarios/maryes-heights.xml");
    EXPECT_TRUE(own.scenario);
}

TEST_F(Uploads, EveryFormNamesTheScenarioFileAndItsHash) {
    const std::string xml =
        "<scenario format=\"1\" extends=\"maryes-heights\" id=\"club\" title=\"Club\" turns=\"6\">\n"
        "  <rulings><ruling id=\"M2\">Club rules: exit-vp is 1.</ruling><ruling id=\"K1\">Our own.</ruling></rulings>\n"
        "</scenario>\n";
    write(root_ / "games" / "club.xml", xml);
    const Report r = game_naming("club.xml");
    ASSERT_TRUE(r.judged) << listing(r);
    ASSERT_TRUE(r.scenario_source);
    const std::string path = (root_ / "games" / "club.xml").string();
    const std::string hash = sha256_hex(xml);
    EXPECT_FALSE(r.scenario_source->builtin);
    EXPECT_EQ(r.scenario_source->path, path);
    EXPECT_EQ(r.scenario_source->sha256, hash);
    EXPECT_EQ(r.scenario_source->extends, "maryes-heights");
    EXPECT_EQ(r.scenario_source->changes, (std::vector<std::string>{"turns", "rulings"}));
    const std::string text = render_text(r);
    EXPECT_TRUE(contains(text, "\n  scenario: club (file " + path + ", sha256 " + hash + "; extends maryes-heights, changing turns, rulings)\n")) << text;
    // The rulings the file gives or changes are the file's; the built-in's others are not marked.
    EXPECT_TRUE(contains(text, "  M2 (file club.xml): Club rules: exit-vp is 1.\n")) << text;
    EXPECT_TRUE(contains(text, "  K1 (file club.xml): Our own.\n")) << text;
    EXPECT_TRUE(contains(text, "  M1: The automatic-victory test")) << text;
    const std::string json = render_json_one(r);
    EXPECT_TRUE(contains(json, "\"scenario_source\": {\n    \"kind\": \"file\",\n    \"path\": \"" + path + "\",\n    \"sha256\": \"" + hash + "\"")) << json;
    EXPECT_TRUE(contains(json, "\"M2 (file club.xml): Club rules: exit-vp is 1.\"")) << json;
    const std::string csv = render_csv_row(r);
    EXPECT_TRUE(csv.ends_with("," + path + "," + hash + "\n")) << csv;
    EXPECT_TRUE(csv_header().ends_with(",first_error,scenario_source,scenario_sha256\n"));
}

TEST_F(Uploads, ABuiltinsReportSaysBuiltIn) {
    const Report r = game_naming("maryes-heights");
    ASSERT_TRUE(r.judged) << listing(r);
    ASSERT_TRUE(r.scenario_source);
    EXPECT_TRUE(r.scenario_source->builtin);
    EXPECT_TRUE(contains(render_text(r), "\n  scenario: maryes-heights (built-in)\n")) << render_text(r);
    EXPECT_TRUE(contains(render_json_one(r), "\"scenario_source\": {\n    \"kind\": \"built-in\"\n  }")) << render_json_one(r);
    EXPECT_TRUE(render_csv_row(r).ends_with(",built-in,\n")) << render_csv_row(r);
    for (const std::string& ruling : r.rulings) EXPECT_FALSE(contains(ruling, "(file ")) << ruling;
    // No scenario read: no source.
    const Report none = game_naming("no-such-scenario");
    EXPECT_FALSE(none.scenario_source);
    EXPECT_TRUE(contains(render_json_one(none), "\"scenario_source\": null")) << render_json_one(none);
}
