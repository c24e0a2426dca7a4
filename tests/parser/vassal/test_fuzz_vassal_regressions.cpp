// fuzz_vassal's kept inputs (fuzz/regressions/fuzz_vassal/, docs/fuzzing.md), each run through the
// same entry point as the fuzzer (fuzz/vassal_target.hpp), so that what it once found stays fixed;
// and hand-made hostile inputs with what must come of them, so that the test can fail while the
// directory holds nothing. The other targets' kept inputs are replayed by
// tests/validator/check/test_fuzz_regressions.cpp; these are in this layer's tests because they
// need only parser/vassal.
#include "fuzz_regressions.hpp"
#include "vassal_target.hpp"
#include "zip_builder.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using referee::testing::fuzz_regressions;
using referee::testing::read_bytes;
using namespace referee;
using namespace referee::fuzz;
using namespace std::string_literals;

namespace {

const std::string ESC = "\x1b";

std::string vcsk(std::string_view plain, unsigned char key) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string out = "!VCSK";
    const auto put = [&](unsigned char b) {
        out += digits[b >> 4];
        out += digits[b & 15];
    };
    put(key);
    for (char c : plain) put(static_cast<unsigned char>(c) ^ key);
    return out;
}

}  // namespace

TEST(FuzzRegressions, VassalKeptInputs) {
    for (const fs::path& f : fuzz_regressions("fuzz_vassal")) {
        SCOPED_TRACE(f.string());
        EXPECT_EQ(run_vassal(read_bytes(f)).problem, "");
    }
}

TEST(FuzzRegressions, VassalHostileInputs) {
    // A log in an archive, read all the way: its text counted as the fuzzer counts it.
    const std::string log = "begin_save" + ESC + "end_save" + ESC + "LOG\tM/1" + ESC + "LOG\tx\\" + ESC + "LOG\ty";
    const std::string zip = test::ZipBuilder().add("savedGame", vcsk(log, 0x41)).add("savedata", "<data/>").bytes();
    VassalRun run = run_vassal(zip);
    EXPECT_EQ(run.problem, "");
    EXPECT_TRUE(run.archive);
    EXPECT_TRUE(run.saved_game);
    EXPECT_EQ(run.entries, 2u);
    run = run_vassal(vcsk(log, 0x41));
    EXPECT_EQ(run.problem, "");
    EXPECT_FALSE(run.archive);
    EXPECT_EQ(run.encoding, vassal::Encoding::vcsk);
    EXPECT_EQ(run.leaves, 5u);

    // Refusals, each an error that names the file: bad hex, odd length, !VCSZ, no begin_save, no
    // end_save, a ZIP cut short, a name that climbs out, a depth bomb of backslashes and one of quotes.
    for (const std::string& bad : {"!VCSKzz"s, "!VCSK411"s, "!VCSZ00"s, "end_save"s, "begin_save" + ESC + "x",
                                   zip.substr(0, zip.size() / 2), test::ZipBuilder().add("../x", "").bytes(),
                                   std::string(5000, '\\') + ESC, std::string(3000, '\'') + std::string(3000, '\'')}) {
        SCOPED_TRACE(bad.substr(0, 40));
        EXPECT_EQ(run_vassal(bad).problem, "");
    }
}
