// Writes the VASSAL games of samples/vassal/ (vassal_games.hpp, vassal_sample_files) into a folder:
//   write_vassal_samples DIR
// They are made by the project's test-only writer, never by VASSAL: the test
// VassalSamples.FilesAreTheWritersOwn fails when the committed files differ from what this writes.
#include "vassal_games.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: write_vassal_samples DIR\n");
        return 2;
    }
    const std::filesystem::path dir(argv[1]);
    for (const auto& f : referee::vassal::testing::vassal_sample_files()) {
        std::ofstream out(dir / f.name, std::ios::binary);
        out << f.bytes;
        if (!out.flush()) {
            std::fprintf(stderr, "write_vassal_samples: cannot write %s\n", (dir / f.name).c_str());
            return 2;
        }
        std::printf("wrote %s\n", (dir / f.name).c_str());
    }
    return 0;
}
