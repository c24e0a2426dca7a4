// The laws fuzz_diff checks (fuzz/diff_target.hpp), on the inputs it starts from: every pair of
// samples/disputes, every sample game against a copy of it with lines left out and doubled, and every
// input of its tracked corpus (fuzz/corpus/fuzz_diff/: what rounds of fuzzing kept).
#include "diff_target.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

namespace referee::fuzz {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

TEST(DiffLaws, HoldOnEverySampleAndTheTrackedCorpus) {
    const fs::path src(REFEREE_SOURCE_DIR);
    std::size_t inputs = 0;
    for (const auto& f : fs::recursive_directory_iterator(src / "samples")) {
        const std::string ext = f.path().extension().string();
        if (!f.is_regular_file() || (ext != ".log" && ext != ".xml") || f.path().string().find("/scenarios/") != std::string::npos ||
            f.path().string().find("/vassal/") != std::string::npos)
            continue;
        SCOPED_TRACE(f.path().string());
        EXPECT_EQ(run_diff(slurp(f.path())).problem, "");
        ++inputs;
    }
    for (const auto& f : fs::directory_iterator(src / "fuzz" / "corpus" / "fuzz_diff")) {
        SCOPED_TRACE(f.path().string());
        EXPECT_EQ(run_diff(slurp(f.path())).problem, "");
        ++inputs;
    }
    EXPECT_GE(inputs, 60u);
}

TEST(DiffLaws, ABrokenAlignmentIsFound) {
    // The check itself can fail: an edit taken out of a true alignment no longer rebuilds B.
    const std::string a = slurp(fs::path(REFEREE_SOURCE_DIR) / "samples" / "disputes" / "inserted-move" / "okafor.log");
    const std::string b = slurp(fs::path(REFEREE_SOURCE_DIR) / "samples" / "disputes" / "inserted-move" / "lindqvist.log");
    const GameRecord ga = read_game(a, "a.log"), gb = read_game(b, "b.log");
    const diff::Compared ca = diff::compared_records(ga), cb = diff::compared_records(gb);
    diff::Alignment al = diff::align(ca, cb);
    ASSERT_EQ(al.edits.size(), 1u);
    EXPECT_EQ(check_alignment(ca, cb, al), "");
    al.edits.clear();
    EXPECT_NE(check_alignment(ca, cb, al), "");
}

// Long gaps are aligned without dtl, by the same O(NP) algorithm keeping only its path's snakes
// (align.cpp): on random pairs of copies, both ways find as many equal pairs (the longest common
// run of records, which any shortest alignment has) and both keep the laws.
TEST(DiffLaws, TheAlignmentWithoutDtlAgreesWithDtl) {
    const char* pool[] = {"turn 1\n", "move a 0101 0102\n", "move b 0102 0103\n", "roll 4\n", "phase Union movement\n", "move a 0102 0101\n"};
    std::mt19937 rng(20261129);
    std::size_t differing = 0;
    for (int round = 0; round < 400; ++round) {
        std::string a = "game maryes-heights\n", b = a;
        const int na = static_cast<int>(rng() % 120), nb = static_cast<int>(rng() % 120);
        for (int k = 0; k < na; ++k) a += pool[rng() % 6];
        // B: A with a few records changed, left out or added, or records of its own.
        if (rng() % 4 == 0) {
            for (int k = 0; k < nb; ++k) b += pool[rng() % 6];
        } else {
            std::istringstream in(a.substr(a.find('\n') + 1));
            for (std::string line; std::getline(in, line);) {
                const unsigned r = rng() % 10;
                if (r == 0) continue;
                b += (r == 1 ? std::string(pool[rng() % 6]) : line + "\n");
                if (r == 2) b += pool[rng() % 6];
            }
        }
        const GameRecord ga = read_game(a, "a.log"), gb = read_game(b, "b.log");
        const diff::Compared ca = diff::compared_records(ga), cb = diff::compared_records(gb);
        const diff::Alignment with_dtl = diff::align(ca, cb), without = diff::align(ca, cb, 0);
        SCOPED_TRACE(a + "----\n" + b);
        EXPECT_EQ(without.same, with_dtl.same);
        EXPECT_EQ(check_alignment(ca, cb, without), "");
        EXPECT_EQ(check_alignment(ca, cb, with_dtl), "");
        if (!with_dtl.edits.empty()) ++differing;
    }
    EXPECT_GE(differing, 300u);
}

}  // namespace
}  // namespace referee::fuzz
