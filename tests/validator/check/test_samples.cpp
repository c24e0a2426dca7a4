// Every sample game samples/FAMILY/NAME.EXT carries its expected JSON report,
// samples/expected/FAMILY/NAME.json (kept apart so that `referee check samples/FAMILY/*` sees games only);
// the report referee gives now must be the same, field for field. The expected reports were
// checked by hand against the computation written in each sample's header comment.
#include "check.hpp"
#include "report.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;
using namespace referee;

namespace {

std::vector<std::string> sample_files() {
    std::vector<std::string> out;
    for (const auto& dir : fs::directory_iterator(fs::path(REFEREE_SOURCE_DIR) / "samples")) {
        // expected/: the reports; scenarios/: scenario files the games use, not games; vassal/: VASSAL
        // games, each checked with its module and binding by its line of checks.txt
        // (test_vassal_samples.cpp); disputes/: pairs of copies, each pair compared by `referee diff`
        // (tests/cli/diff_test.cmake).
        const auto family = dir.path().filename();
        if (!dir.is_directory() || family == "expected" || family == "scenarios" || family == "vassal" || family == "disputes") continue;
        for (const auto& f : fs::directory_iterator(dir.path())) {
            const std::string name = f.path().filename().string();
            if (name == "README.md") continue;
            out.push_back(fs::relative(f.path(), REFEREE_SOURCE_DIR).string());
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string expected_path(const std::string& sample) {
    const fs::path p(sample);  // samples/FAMILY/NAME.EXT
    return (fs::path("samples") / "expected" / p.parent_path().filename() / (p.stem().string() + ".json")).string();
}

}  // namespace

class Sample : public ::testing::TestWithParam<std::string> {};

TEST_P(Sample, ReportMatchesTheExpectedOne) {
    fs::current_path(REFEREE_SOURCE_DIR);  // reports name the file as given: samples/...
    const std::string sample = GetParam();
    std::ifstream in(expected_path(sample));
    ASSERT_TRUE(in) << "no expected report for " << sample << " (" << expected_path(sample) << ")";
    std::stringstream ss;
    ss << in.rdbuf();
    const nlohmann::json expected = nlohmann::json::parse(ss.str());
    CheckOptions opts;
    opts.scenario_path = {"samples/scenarios"};  // as scripts/update-sample-reports gives it: reports name the files found so
    const nlohmann::json actual = nlohmann::json::parse(render_json_one(check_file(sample, opts)));
    EXPECT_EQ(actual, expected) << "diff (RFC 6902, expected -> actual):\n" << nlohmann::json::diff(expected, actual).dump(2);
}

INSTANTIATE_TEST_SUITE_P(Samples, Sample, ::testing::ValuesIn(sample_files()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                             std::string n = info.param;
                             for (char& c : n)
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             return n;
                         });

TEST(Samples, EverySampleDirectoryHasGames) {
    // Issue 2: at least six Marye's Heights games; issue 3: five each of Road to Richmond and
    // Cemetery Hill; issue 4: six victory-banner battles (Commands & Colors: Napoleonics); six
    // Liberty or Death games (faction margins).
    auto games = [](const std::string& family) {
        int n = 0;
        for (const auto& s : sample_files())
            if (s.starts_with("samples/" + family + "/")) ++n;
        return n;
    };
    EXPECT_GE(games("maryes-heights"), 6);
    EXPECT_GE(games("road-to-richmond"), 5);
    EXPECT_GE(games("cemetery-hill"), 5);
    EXPECT_GE(games("cnc-napoleonics"), 6);
    EXPECT_GE(games("liberty-or-death"), 6);
}
