// libFuzzer target fuzz_diff: the laws of `referee diff` (fuzz/diff_target.hpp) on any two texts:
// a copy against itself is the same game; the alignment's edits, applied to A, give B.
#include "diff_target.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto run = referee::fuzz::run_diff(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!run.problem.empty()) {
        std::fprintf(stderr, "fuzz_diff: %s\n", run.problem.c_str());
        __builtin_trap();
    }
    return 0;
}
