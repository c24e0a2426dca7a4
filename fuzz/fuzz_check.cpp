// libFuzzer target fuzz_check: the whole check of one input as `referee check` runs it
// (validator/check/check.cpp: read the log or save, load the scenario it names, replay), then the text
// and JSON reports.
// What must hold of the result is checked in fuzz/targets.hpp, shared with the regression test.
#include "targets.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto run = referee::fuzz::run_check(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!run.problem.empty()) {
        std::fprintf(stderr, "fuzz_check: %s\n", run.problem.c_str());
        __builtin_trap();
    }
    return 0;
}
