// The VASSAL sample games (samples/vassal/README.md, samples/vassal/checks.txt):
// 1. the .vlog files there are exactly what the project's test-only writer makes (never VASSAL's
//    files, never a third party's: tests/support/vassal_games.cpp describes each game);
// 2. each game, checked by its line of checks.txt, gives its expected report
//    samples/expected/vassal/NAME.json, field for field, and the exit status its findings call for;
// 3. the README shows each of those commands, so that what a director reads is what is tested.
#include "run_program.hpp"
#include "vassal_games.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

const fs::path source_dir(REFEREE_SOURCE_DIR);

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

struct SampleCheck {
    std::string name;
    std::vector<std::string> args;   // after `referee`
};

std::vector<SampleCheck> sample_checks() {
    std::vector<SampleCheck> out;
    std::ifstream in(source_dir / "samples" / "vassal" / "checks.txt");
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        const auto colon = line.find(": ");
        if (colon == std::string::npos) continue;
        SampleCheck c{line.substr(0, colon), {}};
        std::istringstream words(line.substr(colon + 2));
        for (std::string w; words >> w;) c.args.push_back(w);
        out.push_back(std::move(c));
    }
    return out;
}

// Runs the referee program from the source folder (the reports name the files as given).
std::pair<std::string, int> run(const std::vector<std::string>& args) {
    return referee::test::run_program(REFEREE_PROGRAM, args, source_dir.string());
}

}  // namespace

TEST(VassalSamples, FilesAreTheWritersOwn) {
    std::size_t files = 0;
    for (const auto& f : referee::vassal::testing::vassal_sample_files()) {
        const fs::path p = source_dir / "samples" / "vassal" / f.name;
        ASSERT_TRUE(fs::exists(p)) << p << " is missing: run write_vassal_samples samples/vassal (scripts/update-sample-reports)";
        EXPECT_TRUE(slurp(p) == f.bytes) << p << " is not what the test writer makes: run write_vassal_samples samples/vassal";
        ++files;
    }
    // And samples/vassal holds no other VASSAL file: every .vlog there is the writer's.
    std::size_t vlogs = 0;
    for (const auto& e : fs::directory_iterator(source_dir / "samples" / "vassal"))
        if (e.path().extension() == ".vlog" || e.path().extension() == ".vsav") ++vlogs;
    EXPECT_EQ(vlogs, files);
}

class VassalSample : public ::testing::TestWithParam<SampleCheck> {};

TEST_P(VassalSample, ReportMatchesTheExpectedOne) {
    const SampleCheck& c = GetParam();
    std::vector<std::string> args = c.args;
    args.insert(args.end(), {"--format", "json"});
    const auto [out, status] = run(args);
    const json actual = json::parse(out, nullptr, false);
    ASSERT_FALSE(actual.is_discarded()) << "not JSON from referee " << ::testing::PrintToString(c.args) << ":\n" << out;
    const fs::path expected_path = source_dir / "samples" / "expected" / "vassal" / (c.name + ".json");
    ASSERT_TRUE(fs::exists(expected_path)) << "no expected report " << expected_path;
    const json expected = json::parse(slurp(expected_path));
    EXPECT_EQ(actual, expected) << "diff (RFC 6902, expected -> actual):\n" << json::diff(expected, actual).dump(2);
    // The exit status follows the findings: 1 with an error, else 0 (every sample is judged).
    bool errors = false;
    for (const json& v : actual.at("violations")) errors |= v.at("severity") == "error";
    EXPECT_EQ(status, errors ? 1 : 0);
    // Its findings name steps, never lines; the report names the module and audits the game.
    for (const json& v : actual.at("violations")) EXPECT_TRUE(v.contains("step") && !v.contains("line")) << v.dump();
    EXPECT_TRUE(actual.contains("module") && actual.contains("audit"));
}

TEST_P(VassalSample, TheReadmeShowsItsCommand) {
    const std::string readme = slurp(source_dir / "samples" / "vassal" / "README.md");
    std::string command = "referee";
    for (const std::string& a : GetParam().args) command += " " + a;
    EXPECT_NE(readme.find(command), std::string::npos) << "samples/vassal/README.md does not show: " << command;
}

INSTANTIATE_TEST_SUITE_P(Samples, VassalSample, ::testing::ValuesIn(sample_checks()),
                         [](const ::testing::TestParamInfo<SampleCheck>& info) {
                             std::string n = info.param.name;
                             for (char& ch : n)
                                 if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                             return n;
                         });

TEST(VassalSamples, EveryGameHasACheck) {
    // Six games (one a chain of two logs), as checks.txt lists them.
    EXPECT_EQ(sample_checks().size(), 6u);
}
