// A long file mapped rather than read (mapped_file.hpp): its bytes are the file's, the mapping goes
// away with the object, and a file cut short by another program while it is mapped stops the
// process with a message naming it and exit status 2, not a crash.
#include "mapped_file.hpp"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

using namespace referee;

namespace {

struct TempFile {
    explicit TempFile(const std::string& bytes) {
        path = (std::filesystem::temp_directory_path() / ("referee-mapped-" + std::to_string(::getpid()) + ".log")).string();
        std::ofstream(path, std::ios::binary) << bytes;
    }
    ~TempFile() { std::remove(path.c_str()); }
    std::string path;
};

std::string long_text() {
    std::string s;
    for (int i = 0; s.size() < (std::size_t{3} << 20); ++i) s += "move U" + std::to_string(i % 97) + " 0101 0102\n";
    return s;
}

}  // namespace

TEST(MappedFile, HoldsTheFilesBytes) {
    const std::string text = long_text();
    TempFile f(text);
    const int fd = ::open(f.path.c_str(), O_RDONLY);
    ASSERT_GE(fd, 0);
    std::unique_ptr<MappedFile> m = MappedFile::map(fd, text.size(), f.path);
    ::close(fd);  // the mapping stays
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(m->bytes(), text);
    EXPECT_EQ(MappedFile::map(fd, 0, f.path), nullptr) << "an empty file is read, not mapped";
}

TEST(MappedFile, ManyAtOnceAndAgain) {
    const std::string text = long_text();
    TempFile f(text);
    const int fd = ::open(f.path.c_str(), O_RDONLY);
    ASSERT_GE(fd, 0);
    for (int round = 0; round < 3; ++round) {
        std::vector<std::unique_ptr<MappedFile>> maps;
        for (int i = 0; i < 50; ++i) maps.push_back(MappedFile::map(fd, text.size(), f.path));
        for (const auto& m : maps) {
            ASSERT_NE(m, nullptr);
            EXPECT_EQ(m->bytes().substr(0, 20), text.substr(0, 20));
        }
    }
    ::close(fd);
}

TEST(MappedFileDeathTest, AFileCutShortWhileMappedStopsWithItsNameAndStatus2) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    const std::string text = long_text();
    TempFile f(text);
    EXPECT_EXIT(
        {
            const int fd = ::open(f.path.c_str(), O_RDONLY);
            std::unique_ptr<MappedFile> m = MappedFile::map(fd, text.size(), f.path + "\x1b[2J");
            if (!m) std::_Exit(3);
            if (::truncate(f.path.c_str(), 0) != 0) std::_Exit(4);
            volatile char c = m->bytes()[text.size() - 1];  // past the file's end now
            (void)c;
            std::_Exit(5);
        },
        ::testing::ExitedWithCode(2), "referee: .*referee-mapped-.*\\\\x1b\\[2J: the file was cut short by another program while it was being read; stopped");
}
