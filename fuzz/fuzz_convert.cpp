// libFuzzer target fuzz_convert: the conversion of a VASSAL game (parser/convert) on arbitrary bytes,
// one input giving both the scenario file with its <vassal> binding and the game's savedGame text.
// What must hold of the result is checked in fuzz/convert_target.hpp, shared with the regression test.
#include "convert_target.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto run = referee::fuzz::run_convert(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!run.problem.empty()) {
        std::fprintf(stderr, "fuzz_convert: %s\n", run.problem.c_str());
        __builtin_trap();
    }
    return 0;
}
