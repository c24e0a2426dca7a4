// The VASSAL test games of issue 16 (tests/support/vassal_games.cpp) and their move-log twins
// (tests/data/vassal/*.log).
// 1. Each twin checks to the verdict its header works out by hand.
// 2. Each VASSAL game, judged by `referee check FILE --module M --scenario BINDING` (with --chain
//    for a chain of logs), gets its twin's verdict, scores and violations, plus what only a VASSAL
//    file can show (undo-after-roll, chain-break). While referee check cannot judge VASSAL games
//    (its report for one is not judged and says so), this comparison is skipped, saying why.
#include "check.hpp"
#include "report.hpp"
#include "run_program.hpp"
#include "vassal_games.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <optional>
#include <fstream>
#include <set>

namespace fs = std::filesystem;
using namespace referee;
using namespace referee::vassal::testing;
using nlohmann::json;

namespace {

const fs::path data_dir = fs::path(REFEREE_SOURCE_DIR) / "tests" / "data" / "vassal";   // the twins
const fs::path samples_dir = fs::path(REFEREE_SOURCE_DIR) / "samples" / "vassal";     // the modules and bindings

json report_of(const std::string& path) { return json::parse(render_json_one(check_file(path, {}))); }

std::multiset<std::string> codes(const json& report, const std::set<std::string>& leave_out = {}) {
    std::multiset<std::string> out;
    for (const json& v : report.at("violations")) {
        const std::string code = v.at("code").get<std::string>();
        if (!leave_out.count(code)) out.insert(code + " " + v.at("severity").get<std::string>());
    }
    return out;
}

// What the twins' headers work out.
struct TwinVerdict {
    const char* twin;
    bool complete;
    const char* winner;          // "" : none
    const char* level;           // "" : none
    std::vector<std::pair<const char*, int>> totals;
    std::multiset<std::string> violations;
};

}  // namespace

class Twin : public ::testing::TestWithParam<TwinVerdict> {};

TEST_P(Twin, ChecksToTheVerdictOfItsHeader) {
    const TwinVerdict& v = GetParam();
    const json r = report_of((data_dir / v.twin).string());
    EXPECT_EQ(r.at("complete").get<bool>(), v.complete);
    const json& winner = r.at("result").at("winner");
    EXPECT_EQ(winner.is_null() ? std::string() : winner.get<std::string>(), v.winner);
    const json& level = r.at("result").at("level");
    EXPECT_EQ(level.is_null() ? std::string() : level.get<std::string>(), v.level);
    ASSERT_EQ(r.at("scores").size(), v.totals.size());
    for (std::size_t i = 0; i < v.totals.size(); ++i) {
        EXPECT_EQ(r.at("scores")[i].at("side").get<std::string>(), v.totals[i].first);
        EXPECT_EQ(r.at("scores")[i].at("total").get<int>(), v.totals[i].second);
    }
    EXPECT_EQ(codes(r), v.violations);
}

INSTANTIATE_TEST_SUITE_P(
    VassalTwins, Twin,
    ::testing::Values(TwinVerdict{"mh-assault.log", true, "Confederate", "automatic", {{"Union", 1}, {"Confederate", 8}}, {}},
                      TwinVerdict{"ch-first-day.log", false, "", "", {{"Union", 6}, {"Confederate", 9}}, {"incomplete warning"}},
                      TwinVerdict{"cnc-battle.log", true, "French", "sudden death", {{"French", 2}, {"British", 0}}, {}},
                      TwinVerdict{"mh-illegal.log", false, "", "", {{"Union", 0}, {"Confederate", 4}},
                              {"exit-location error", "not-phasing error", "incomplete warning"}},
                      TwinVerdict{"mh-undo-roll.log", false, "", "", {{"Union", 2}, {"Confederate", 4}}, {"incomplete warning"}},
                      TwinVerdict{"mh-turn-4.log", true, "Confederate", "automatic", {{"Union", 1}, {"Confederate", 8}},
                                  {"unverified-score warning", "unverified-score warning"}}),
    [](const ::testing::TestParamInfo<TwinVerdict>& info) {
        std::string n = info.param.twin;
        for (char& c : n)
            if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
        return n;
    });

namespace {

// Runs the referee program; its standard output and exit status.
std::pair<std::string, int> run(const std::vector<std::string>& args) {
    return referee::test::run_program(REFEREE_PROGRAM, args);
}

// Codes only a VASSAL file can give: the twin cannot have them.
const std::set<std::string> vassal_only{"undo-after-roll", "undo-after-reveal", "chain-break"};

// Why referee check cannot judge a VASSAL game yet, when it cannot: its report for one is not
// judged (an unreadable error) and says it does not judge VASSAL games.
std::optional<std::string> cannot_judge_vassal(const std::string& vassal_file) {
    const json r = report_of(vassal_file);
    for (const json& v : r.at("violations")) {
        const std::string message = v.at("message").get<std::string>();
        if (v.at("code") == "unreadable" && message.find("VASSAL") != std::string::npos &&
            (message.find("does not judge") != std::string::npos || message.find("not do yet") != std::string::npos))
            return message;
    }
    return std::nullopt;
}

}  // namespace

class VassalGame : public ::testing::TestWithParam<TestGame> {};

TEST_P(VassalGame, GetsTheVerdictOfItsTwin) {
    const TestGame& game = GetParam();
    const fs::path dir = fs::temp_directory_path() / ("referee-vassal-twins-" + std::to_string(getpid()));
    fs::create_directories(dir);
    std::vector<std::string> files;
    for (std::size_t i = 0; i < game.logs.size(); ++i) {
        const fs::path f = dir / (game.name + "-" + std::to_string(i + 1) + ".vlog");
        std::ofstream(f, std::ios::binary) << game.logs[i].bytes(static_cast<unsigned char>(0x41 + i));
        files.push_back(f.string());
    }
    const auto cleanup = [&] { fs::remove_all(dir); };

    std::vector<std::string> args{"check"};
    if (files.size() > 1) args.push_back("--chain");
    args.insert(args.end(), files.begin(), files.end());
    for (const std::string& a : std::vector<std::string>{"--module", (samples_dir / game.module / "buildFile.xml").string(),
                                                          "--scenario", (samples_dir / game.binding).string(), "--format", "json"})
        args.push_back(a);
    const auto [out, status] = run(args);
    json vassal = json::parse(out, nullptr, false);
    if (vassal.is_discarded() || (vassal.is_object() && vassal.value("scenario", json()).is_null())) {
        // Not judged: skipped only while referee check says it does not judge VASSAL games.
        const auto why = cannot_judge_vassal(files.front());
        cleanup();
        if (why)
            GTEST_SKIP() << "referee check does not judge VASSAL games yet (it needs `referee check --module`, issue 16's "
                            "binding and conversion): "
                         << *why;
        FAIL() << "referee check did not judge " << game.name << " (exit " << status << "): " << out;
    }
    cleanup();
    ASSERT_FALSE(vassal.is_discarded()) << "not JSON from referee check: " << out;
    if (vassal.is_array()) {   // a chain is one game: one report
        ASSERT_EQ(vassal.size(), 1u) << out;
        vassal = vassal[0];
    }
    const json twin = report_of((data_dir / game.twin).string());

    // The verdict, the scores item by item (rule and points), the violations by code.
    EXPECT_EQ(vassal.at("complete"), twin.at("complete"));
    for (const char* field : {"winner", "level", "decided"}) EXPECT_EQ(vassal.at("result").at(field), twin.at("result").at(field)) << field;
    ASSERT_EQ(vassal.at("scores").size(), twin.at("scores").size());
    for (std::size_t i = 0; i < twin.at("scores").size(); ++i) {
        const json& a = vassal.at("scores")[i];
        const json& b = twin.at("scores")[i];
        EXPECT_EQ(a.at("side"), b.at("side"));
        EXPECT_EQ(a.at("total"), b.at("total"));
        ASSERT_EQ(a.at("items").size(), b.at("items").size());
        for (std::size_t k = 0; k < b.at("items").size(); ++k) {
            EXPECT_EQ(a.at("items")[k].at("rule"), b.at("items")[k].at("rule"));
            EXPECT_EQ(a.at("items")[k].at("points"), b.at("items")[k].at("points"));
        }
    }
    EXPECT_EQ(codes(vassal, vassal_only), codes(twin)) << out;
    // Findings of a VASSAL game name its step, never a line.
    for (const json& v : vassal.at("violations")) EXPECT_TRUE(v.contains("step")) << v.dump();

    // What only the VASSAL file shows.
    const std::multiset<std::string> all = codes(vassal);
    EXPECT_EQ(all.count("undo-after-roll warning"), game.undone_rolls);
    EXPECT_EQ(all.count("chain-break error"), game.chain_broken ? 1u : 0u);
    if (game.chain_broken) {
        bool names_ransom = false;
        for (const json& v : vassal.at("violations"))
            if (v.at("code") == "chain-break") names_ransom = v.at("message").get<std::string>().find("Ransom") != std::string::npos;
        EXPECT_TRUE(names_ransom) << "the chain-break names the piece that differs";
    }
    bool errors = game.chain_broken;
    for (const json& v : twin.at("violations")) errors |= v.at("severity") == "error";
    EXPECT_EQ(status, errors ? 1 : 0);
}

INSTANTIATE_TEST_SUITE_P(Games, VassalGame, ::testing::ValuesIn(all_test_games()),
                         [](const ::testing::TestParamInfo<TestGame>& info) { return info.param.name; });
