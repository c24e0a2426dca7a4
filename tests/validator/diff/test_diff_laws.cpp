// The laws fuzz_diff checks (fuzz/diff_target.hpp), on the inputs it starts from: every pair of
// samples/disputes, every sample game against a copy of it with lines left out and doubled, and every
// input of its tracked corpus (fuzz/corpus/fuzz_diff/: what rounds of fuzzing kept).
#include "diff_target.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
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

}  // namespace
}  // namespace referee::fuzz
