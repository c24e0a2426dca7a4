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
    // Seven games (one a chain of two logs; one that begins in game-turn 4), as checks.txt lists them.
    EXPECT_EQ(sample_checks().size(), 7u);
}

// `referee position --at step:N` (report.md, "Seeing the game") on mh-assault, worked out by hand
// from the steps tests/support/vassal_games.cpp writes: 1 drags 2/1/IX from 1110 to 1111, 2 drags
// 1/C/R from 0112 to 0113, 3 drags it to the Exited box, 4 clicks the tracker to the Union combat,
// 5 rolls, 6 sets Cobb's strength to 5, 7 drags 2/1/IX to the Dead Pile (4 elimination points to the
// Confederates, 17.11, on top of their 4 starting points, 17.3).
namespace {

json position_at(const std::string& step) {
    const auto [out, status] = run({"position", "samples/vassal/mh-assault.vlog", "--module", "samples/vassal/bluegray", "--scenario",
                                    "samples/vassal/mh-binding.xml", "--at", step, "--format", "json"});
    EXPECT_EQ(status, 0) << step << ":\n" << out;
    json j = json::parse(out, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << step << ":\n" << out;
    return j;
}

const json& unit_of(const json& pos, const std::string& id) {
    for (const json& u : pos.at("units"))
        if (u.at("id") == id) return u;
    static const json none;
    ADD_FAILURE() << "no unit " << id << " in " << pos.dump();
    return none;
}

std::string holder_of(const json& pos, const std::string& loc) {
    for (const json& h : pos.at("holdings"))
        if (h.at("location") == loc) return h.at("side");
    return "";
}

int score_of(const json& pos, const std::string& side) {
    for (const json& s : pos.at("scores"))
        if (s.at("side") == side) return s.at("total");
    return -1;
}

}  // namespace

TEST(VassalPositions, StepByStepAsTheGameWasPlayed) {
    const json s1 = position_at("step:1");
    EXPECT_EQ(s1.at("at").at("step"), 1);
    EXPECT_EQ(unit_of(s1, "2/1/IX").at("at"), "1111");
    EXPECT_EQ(unit_of(s1, "1/C/R").at("at"), "0112");
    EXPECT_EQ(holder_of(s1, "1111"), "Union");

    const json s2 = position_at("step:2");
    EXPECT_EQ(unit_of(s2, "1/C/R").at("status"), "on-map");
    EXPECT_EQ(unit_of(s2, "1/C/R").at("at"), "0113");
    EXPECT_EQ(holder_of(s2, "0113"), "Union");  // G1: the last side to move through it

    const json s3 = position_at("step:3");
    EXPECT_EQ(unit_of(s3, "1/C/R").at("status"), "exited");
    EXPECT_EQ(s3.at("at").at("phase"), "movement");

    const json s4 = position_at("step:4");
    EXPECT_EQ(s4.at("at").at("turn"), 1);
    EXPECT_EQ(s4.at("at").at("side"), "Union");
    EXPECT_EQ(s4.at("at").at("phase"), "combat");

    const json s6 = position_at("step:6");
    EXPECT_EQ(unit_of(s6, "Cobb").at("strength"), 5);
    EXPECT_EQ(unit_of(s6, "2/1/IX").at("status"), "on-map");
    EXPECT_EQ(score_of(s6, "Confederate"), 4);
    EXPECT_EQ(score_of(s6, "Union"), 1);  // Cobb's lost strength point (17.11)

    const json s7 = position_at("step:7");
    EXPECT_EQ(unit_of(s7, "2/1/IX").at("status"), "eliminated");
    EXPECT_EQ(score_of(s7, "Confederate"), 8);
    EXPECT_EQ(score_of(s7, "Union"), 1);
}

TEST(VassalPositions, AStepTheLogNeverReachesIsAUsageError) {
    const auto [out, status] = run({"position", "samples/vassal/mh-assault.vlog", "--module", "samples/vassal/bluegray", "--scenario",
                                    "samples/vassal/mh-binding.xml", "--at", "step:999"});
    EXPECT_EQ(status, 2) << out;
    EXPECT_EQ(out, "");  // no position: the usage error is on standard error
}
