// libFuzzer target fuzz_scenario: the scenario reader (parser/scenario/, read_scenario_xml) on arbitrary
// bytes; a file that extends a built-in reads it from the binary, so no file is opened.
// What must hold of the result is checked in fuzz/targets.hpp, shared with the regression test.
#include "targets.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto run = referee::fuzz::run_scenario(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!run.problem.empty()) {
        std::fprintf(stderr, "fuzz_scenario: %s\n", run.problem.c_str());
        __builtin_trap();
    }
    return 0;
}
