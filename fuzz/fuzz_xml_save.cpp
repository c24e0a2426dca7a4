// libFuzzer target fuzz_xml_save: the XML save reader (parser/readers/xml_save.cpp) on arbitrary bytes.
// What must hold of the result is checked in fuzz/targets.hpp, shared with the regression test.
#include "targets.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto run = referee::fuzz::run_xml_save(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!run.problem.empty()) {
        std::fprintf(stderr, "fuzz_xml_save: %s\n", run.problem.c_str());
        __builtin_trap();
    }
    return 0;
}
