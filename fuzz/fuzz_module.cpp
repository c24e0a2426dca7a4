// libFuzzer target fuzz_module: VASSAL modules (parser/module) on arbitrary bytes, as a module archive
// or a buildFile (its maps' layouts, location names and report formats, the dice formats matched), as
// an image header and as a BoardPicker leaf. What must hold of the result is checked in
// fuzz/module_target.hpp, shared with the regression test.
#include "module_target.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto run = referee::fuzz::run_module(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!run.problem.empty()) {
        std::fprintf(stderr, "fuzz_module: %s\n", run.problem.c_str());
        __builtin_trap();
    }
    return 0;
}
