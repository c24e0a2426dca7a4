// A long move log is parsed on a thread of its own while the engine judges the records already
// read (readers.hpp, ReadAhead): the report is the one the same game gets when it is read on one
// thread. Each sample log is made long without moving a record: its first line, a comment, padded
// past ReadAhead's smallest text, so that lines and columns stay as they were. And a long file is
// mapped rather than read (mapped_file.hpp): checked from the file, the report is the text's.
#include "check.hpp"
#include "readers.hpp"
#include "report.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

using namespace referee;

namespace {

std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string json(const std::string& text, const CheckOptions& opts) {
    Report r = check_text(text, "game.log", opts);
    r.sha256.clear();  // of the bytes, which the padding changes
    return render_json_one(r);
}

TEST(LongLogs, ReadAheadTheReportIsTheOneThreadsOnEverySample) {
    namespace fs = std::filesystem;
    const std::size_t pad = ReadAhead{}.min_bytes + 1000;
    std::size_t logs = 0;
    for (const auto& f : fs::recursive_directory_iterator(fs::path(REFEREE_SOURCE_DIR) / "samples")) {
        if (!f.is_regular_file() || f.path().extension() != ".log") continue;
        const std::string text = slurp(f.path());
        if (text.empty() || text[0] != '#') continue;
        SCOPED_TRACE(f.path().string());
        std::string padded = text;
        padded.insert(padded.find('\n'), pad, 'x');
        ASSERT_GE(padded.size(), ReadAhead{}.min_bytes);
        CheckOptions opts;
        opts.scenario_path = {(fs::path(REFEREE_SOURCE_DIR) / "samples" / "scenarios").string()};
        EXPECT_EQ(json(padded, opts), json(text, opts));
        ++logs;
    }
    EXPECT_GE(logs, 20u);
}

TEST(LongLogs, ALongFileCheckedFromTheFileGetsItsTextsReport) {
    namespace fs = std::filesystem;
    std::string text = slurp(fs::path(REFEREE_SOURCE_DIR) / "samples" / "maryes-heights" / "automatic-victory.log");
    ASSERT_EQ(text[0], '#');
    text.insert(text.find('\n'), kMapBytes, 'x');
    const std::string path = (fs::temp_directory_path() / ("referee-long-" + std::to_string(::getpid()) + ".log")).string();
    std::ofstream(path, std::ios::binary) << text;
    const Input in = read_input(path);
    EXPECT_NE(in.mapped, nullptr) << "a file of 1 MiB or more is mapped";
    EXPECT_EQ(in.bytes(), text);
    const Report from_file = check_file(path, CheckOptions{});
    std::remove(path.c_str());
    const Report from_text = check_hashed(text, path, CheckOptions{});
    EXPECT_EQ(render_json_one(from_file), render_json_one(from_text));
    EXPECT_EQ(from_file.sha256.size(), 64u);
}

}  // namespace
