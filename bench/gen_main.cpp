// referee_gen FAMILY RECORDS [log|xml] [SEED]: writes a generated game (bench/generate.hpp) to
// standard output, to look at or to check with `referee check -`.
#include "generate.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

int main(int argc, char** argv) {
    using namespace referee::bench;
    Family f{};
    if (argc < 3 || !family_from_id(argv[1], f)) {
        std::fprintf(stderr, "usage: referee_gen FAMILY RECORDS [log|xml] [SEED]\nfamilies:");
        for (Family x : all_families()) std::fprintf(stderr, " %.*s", static_cast<int>(family_id(x).size()), family_id(x).data());
        std::fprintf(stderr, "\n");
        return 2;
    }
    const std::size_t n = std::strtoull(argv[2], nullptr, 10);
    const Format fmt = argc > 3 && std::string_view(argv[3]) == "xml" ? Format::XmlSave : Format::MoveLog;
    const std::uint64_t seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
    const Generated g = generate(f, n, fmt, seed);
    std::fwrite(g.text.data(), 1, g.text.size(), stdout);
    std::fprintf(stderr, "%zu records, %zu bytes\n", g.records, g.text.size());
    return 0;
}
