// fuzz_convert's kept inputs (fuzz/regressions/fuzz_convert/, docs/fuzzing.md), each run through the
// same entry point as the fuzzer (fuzz/convert_target.hpp), so that what it once found stays fixed;
// and hand-made inputs with what must come of them, so that the test can fail while the directory
// holds nothing. These are in this layer's tests because they need parser/convert (and the move-log
// reader, which reads the converted records back).
#include "convert_target.hpp"
#include "fuzz_regressions.hpp"
#include "archive.hpp"
#include "vassal_text.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;
using referee::testing::fuzz_regressions;
using referee::testing::read_bytes;
using namespace referee;
using namespace referee::fuzz;

namespace {

std::string sample(const std::string& rel) { return read_bytes(fs::path(REFEREE_SOURCE_DIR) / rel); }

// A sample game's savedGame text, made plain (as fuzz/convert-seeds writes it).
std::string saved_game(const std::string& rel) {
    const vassal::Archive a = vassal::Archive::from_bytes(sample(rel), rel);
    return vassal::deobfuscate(a.read("savedGame"), rel).text;
}

std::string input(const std::string& binding, const std::string& game) {
    return sample(binding) + std::string(kConvertSeparator) + game;
}

}  // namespace

TEST(FuzzRegressions, ConvertKeptInputs) {
    for (const fs::path& f : fuzz_regressions("fuzz_convert")) {
        SCOPED_TRACE(f.string());
        EXPECT_EQ(run_convert(read_bytes(f)).problem, "");
    }
}

TEST(FuzzRegressions, ConvertHostileInputs) {
    // A sample binding with its own game: converted, every law held.
    ConvertRun run = run_convert(input("samples/vassal/mh-binding.xml", saved_game("samples/vassal/mh-assault.vlog")));
    EXPECT_EQ(run.problem, "");
    EXPECT_EQ(run.refusal, "");
    ASSERT_TRUE(run.conversion.has_value());
    EXPECT_FALSE(run.conversion->records.empty());
    EXPECT_NE(run.text.find("game fuzz-binding.xml"), std::string::npos) << run.text;
    // The stacks module, chosen by the binding's module="...", with its game.
    run = run_convert(input("tests/data/vassal/stacks/mh-stacks-binding.xml", saved_game("tests/data/vassal/stacks/mh-stacks.vlog")));
    EXPECT_EQ(run.problem, "");
    ASSERT_TRUE(run.conversion.has_value()) << run.refusal;
    EXPECT_FALSE(run.conversion->records.empty());

    // A binding alone: the game is an empty save, read.
    run = run_convert(sample("samples/vassal/ch-binding.xml"));
    EXPECT_EQ(run.problem, "");
    EXPECT_TRUE(run.scenario);
    EXPECT_TRUE(run.file);

    // Not a scenario, or nothing before the separator: no scenario, nothing else tried.
    for (const char* bad : {"<x/>", "\n=====\n", "", "<scenario extends=\"maryes-heights\"><vassal"}) {
        run = run_convert(bad);
        EXPECT_EQ(run.problem, "");
        EXPECT_FALSE(run.scenario);
    }

    // A game that is no game: a VassalError naming the file.
    for (const std::string& bad : {std::string("zz"), std::string("!VCSKzz"), std::string(5000, '\\') + "\x1b",
                                  std::string(3000, '\'') + std::string(3000, '\'')}) {
        run = run_convert(input("samples/vassal/mh-binding.xml", bad));
        EXPECT_EQ(run.problem, "");
        EXPECT_FALSE(run.file);
        EXPECT_EQ(run.refusal.rfind("fuzz.vlog:", 0), 0u) << run.refusal;
    }

    // A game of another module under a binding: refused or converted, never wrong.
    run = run_convert(input("samples/vassal/mh-binding.xml", saved_game("samples/vassal/cnc-battle.vlog")));
    EXPECT_EQ(run.problem, "");
    EXPECT_TRUE(run.file);
}
