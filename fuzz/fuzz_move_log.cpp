// libFuzzer target fuzz_move_log: the move-log grammar (parser/readers/move_log.cpp) on arbitrary bytes.
// What must hold of the result is checked in fuzz/targets.hpp, shared with the regression test.
#include "targets.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto run = referee::fuzz::run_move_log(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!run.problem.empty()) {
        std::fprintf(stderr, "fuzz_move_log: %s\n", run.problem.c_str());
        __builtin_trap();
    }
    return 0;
}
