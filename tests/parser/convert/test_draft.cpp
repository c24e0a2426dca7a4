// `referee bind`'s drafting (parser/convert/draft.hpp) on the test module made for it
// (tests/data/vassal/stacks: row-first numbering, zones, a second window, the side in the piece's
// name, the strength in a Layer) and a game of Marye's Heights played with it
// (tests/support/stacks_game.cpp): the draft reads as a scenario, and the game converted with it
// gives at least 9 in 10 of the records the hand-written binding gives. Then the real modules of
// ../shared/vassal with their files, which are other games: the draft must still be written and read.
#include "convert.hpp"
#include "draft.hpp"
#include "stacks_game.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace referee {
namespace {

const std::string source_dir = REFEREE_SOURCE_DIR;
const std::string stacks_dir = source_dir + "/tests/data/vassal/stacks";

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string errors_of(const ScenarioLoad& load) {
    std::string out;
    for (const ScenarioError& e : load.errors) out += std::to_string(e.line) + ":" + std::to_string(e.col) + ": " + e.message + "\n";
    return out;
}

// The committed log is the writer's (REFEREE_WRITE_TEST_DATA=1 writes it again).
TEST(Draft, CommittedLogIsTheWritersOwn) {
    const std::string bytes = vassal::testing::stacks_game_log();
    const std::string path = stacks_dir + "/mh-stacks.vlog";
    if (std::getenv("REFEREE_WRITE_TEST_DATA") != nullptr) std::ofstream(path, std::ios::binary) << bytes;
    EXPECT_EQ(slurp(path), bytes) << path << " is not the writer's: run test_draft with REFEREE_WRITE_TEST_DATA=1";
}

TEST(Draft, StacksModuleDraftGivesNineInTenOfTheHandBindingsRecords) {
    const vassal::Module module = vassal::Module::load(stacks_dir, vassal::LoadOptions{.catalog = true});
    const ScenarioLoad base = load_scenario("maryes-heights");
    ASSERT_TRUE(base.scenario);
    const vassal::VassalFile file = vassal::read_vassal_bytes(vassal::testing::stacks_game_log(), "mh-stacks.vlog");
    const BindingDraft draft = draft_binding(module, *base.scenario, {DraftFile{"mh-stacks.vlog", &file}});
    const std::string text = draft_scenario_file(draft, module, *base.scenario, "maryes-heights", nullptr);
    const ScenarioLoad drafted = read_scenario_xml(text, "draft.xml");
    ASSERT_TRUE(drafted.scenario) << errors_of(drafted) << text;

    // What it rests on, said; what it could not decide, said too.
    EXPECT_NE(text.find("<rewrite from=\"{row}.{col}\" to=\"{col}{row}\"/>"), std::string::npos) << text;
    EXPECT_NE(text.find("<pieces name-pattern=\"{unit} [{side}]\">"), std::string::npos) << text;
    EXPECT_NE(text.find("<value vassal=\"CSA\" as=\"Confederate\"/>"), std::string::npos) << text;
    EXPECT_NE(text.find("<strength layer=\"Strength\"/>"), std::string::npos) << text;
    EXPECT_NE(text.find("<eliminated map=\"Battlefield\" zone=\"Casualties\"/>"), std::string::npos) << text;
    EXPECT_NE(text.find("<phase vassal=\"Rebel Combat\" as=\"Confederate combat\"/>"), std::string::npos) << text;
    EXPECT_NE(text.find("TO RESOLVE: 2 palette slots have this name"), std::string::npos) << text;
    EXPECT_NE(text.find("unit(s) of the scenario match no piece name"), std::string::npos) << text;
    EXPECT_EQ(draft.coverage.pieces, 13u);
    EXPECT_EQ(draft.coverage.bound, 11u);   // all but Control [CSA] and Turn Marker
    EXPECT_NE(text.find("Not bound (markers, or units to bind by hand): Control [CSA], Turn Marker."), std::string::npos) << text;

    const ScenarioLoad hand = load_scenario_file(stacks_dir + "/mh-stacks-binding.xml", "mh-stacks-binding.xml");
    ASSERT_TRUE(hand.scenario) << errors_of(hand);
    const Conversion want = convert_vassal(file, module, *hand.scenario, "maryes-heights");
    const Conversion got = convert_vassal(file, module, *drafted.scenario, "maryes-heights");
    std::map<std::string, int> have;
    for (const ConvertedRecord& r : got.records) ++have[r.text];
    std::size_t matched = 0;
    std::string missing;
    for (const ConvertedRecord& r : want.records) {
        if (have[r.text] > 0) --have[r.text], ++matched;
        else missing += "  " + r.text + "\n";
    }
    std::cout << "draft: " << matched << " of the hand binding's " << want.records.size() << " records (" << got.records.size()
              << " in all)\n" << missing;
    EXPECT_GE(want.records.size(), 30u) << conversion_text(want);
    EXPECT_GE(matched * 10, want.records.size() * 9) << "missing:\n" << missing << "hand:\n" << conversion_text(want) << "draft:\n"
                                                    << conversion_text(got);
}

// The scenario given as a file: its own sections kept, its <vassal> replaced by the draft's.
TEST(Draft, ScenarioFileKeepsItsOwnSections) {
    const vassal::Module module = vassal::Module::load(stacks_dir, vassal::LoadOptions{.catalog = true});
    const std::string path = stacks_dir + "/mh-stacks-binding.xml";
    const ScenarioLoad base = load_scenario_file(path, path);
    ASSERT_TRUE(base.scenario);
    const std::string original = slurp(path);
    const BindingDraft draft = draft_binding(module, *base.scenario, {});
    const std::string text = draft_scenario_file(draft, module, *base.scenario, base.scenario->extends, &original);
    EXPECT_NE(text.find("id=\"mh-stacks-test\""), std::string::npos);
    EXPECT_EQ(text.find("<ignore name="), std::string::npos) << "the file's <vassal> is replaced";
    const ScenarioLoad drafted = read_scenario_xml(text, "draft.xml");
    EXPECT_TRUE(drafted.scenario) << errors_of(drafted) << text;
    EXPECT_FALSE(draft.has_files);
}

// The real modules of ../shared/vassal with their saves and logs (other games than Marye's
// Heights: few or no units match), read in place: the draft is written and reads as a scenario.
TEST(Draft, RealModulesGiveADraftThatReads) {
    namespace fs = std::filesystem;
    const fs::path shared = fs::path(source_dir) / ".." / "shared" / "vassal";
    if (!fs::is_directory(shared)) GTEST_SKIP() << "../shared/vassal is absent: the drafts of real modules are not tested";
    const ScenarioLoad base = load_scenario("maryes-heights");
    ASSERT_TRUE(base.scenario);
    const std::vector<std::pair<std::string, std::vector<std::string>>> games = {
        {"bbvassal/buildFile", {"bbvassal/testlog.vlog"}},
        {"ftp/buildFile.xml", {"ftp/1862-3-5.vsav"}},
        {"kassala/buildFile.xml", {"kassala/Default Setup.vsav"}},
        {"ragnarok/buildFile.xml", {"ragnarok/ragnarok-start.vsav"}},
        {"riskofcatan/Risk of Catan.vmod", {"riskofcatan/test_map2.vsav"}},
        {"tld/buildFile", {"tld/0606-2.log", "tld/scenario_1.sav"}},
        {"tour/tour.mod", {"tour/tour.log"}},
        {"zxvt/buildFile", {"zxvt/5x5_startup.vlog"}},
    };
    std::size_t drafted = 0, pieces = 0;
    for (const auto& [m, fs_] : games) {
        if (!fs::exists(shared / m)) continue;
        SCOPED_TRACE(m);
        const vassal::Module module = vassal::Module::load((shared / m).string(), vassal::LoadOptions{.catalog = true});
        std::vector<vassal::VassalFile> read;
        for (const std::string& f : fs_) read.push_back(vassal::read_vassal_file((shared / f).string()));
        std::vector<DraftFile> files;
        for (std::size_t i = 0; i < read.size(); ++i) files.push_back(DraftFile{fs_[i], &read[i]});
        const BindingDraft draft = draft_binding(module, *base.scenario, files);
        const std::string text = draft_scenario_file(draft, module, *base.scenario, "maryes-heights", nullptr);
        const ScenarioLoad again = read_scenario_xml(text, "draft.xml");
        EXPECT_TRUE(again.scenario) << errors_of(again) << text;
        pieces += draft.coverage.pieces;   // a log may begin with none (zxvt's)
        std::cout << m << ": " << draft_summary(draft) << "\n";
        ++drafted;
    }
    EXPECT_GE(drafted, 5u);
    EXPECT_GT(pieces, 1000u);
}

}  // namespace
}  // namespace referee
