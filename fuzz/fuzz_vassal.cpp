// libFuzzer target fuzz_vassal: VASSAL files (parser/vassal) on arbitrary bytes, as an archive
// (entries, savedGame, de-obfuscation, the top level, the command tree) and as a savedGame's text.
// What must hold of the result is checked in fuzz/vassal_target.hpp, shared with the regression test.
#include "vassal_target.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto run = referee::fuzz::run_vassal(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!run.problem.empty()) {
        std::fprintf(stderr, "fuzz_vassal: %s\n", run.problem.c_str());
        __builtin_trap();
    }
    return 0;
}
