// The kept inputs of a fuzz target (fuzz/regressions/<target>/, docs/fuzzing.md), for the tests that
// replay them through the target's own entry point.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

namespace referee::testing {

// The files of fuzz/regressions/TARGET/, sorted (none when the directory is missing or empty).
inline std::vector<std::filesystem::path> fuzz_regressions(const char* target) {
    namespace fs = std::filesystem;
    std::vector<fs::path> out;
    const fs::path dir = fs::path(REFEREE_SOURCE_DIR) / "fuzz" / "regressions" / target;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return out;
    for (const auto& f : fs::directory_iterator(dir))
        if (f.is_regular_file()) out.push_back(f.path());
    std::sort(out.begin(), out.end());
    return out;
}

// A file's bytes as they are.
inline std::string read_bytes(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace referee::testing
