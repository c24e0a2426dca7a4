// The real VASSAL files of ../shared/vassal/ (third-party test data, PROVENANCE.md there: read in
// place, never copied into the project), through the archive, the de-obfuscation and the command
// tree. A game file is found by its content, a ZIP archive with a savedGame entry, whatever its
// name (0606-2.log, scenario_1.sav, "Default Setup.vsav"); the modules beside them are ZIPs too.
//
// The expected numbers were computed apart from parser/vassal, by a one-off python3 script (not
// kept): zipfile read savedGame; "!VCSK" data went through bytes.fromhex and a XOR with the first
// byte; the top level was cut with re.split(rb'(?<!\\)\x1b', text) (an ESC not after a backslash)
// and counted up to end_save (the header) and after it (the steps); the leaves came from a Python
// decoder written from FORMAT.md §3.1-3.2, classed after taking off "LOG\t". Its counts for the
// Longest Day log are those vassal.md's example gives (841 steps, 57 add, 65 remove, 381 change,
// 707 move, 221 chat, 223 empty).
#include "archive.hpp"
#include "vassal_text.hpp"
#include "vassal_error.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace referee::vassal {
namespace {

namespace fs = std::filesystem;

const fs::path kDir = fs::path(REFEREE_SOURCE_DIR "/../shared/vassal");

struct Kinds {   // the leaves of the steps, "LOG\t" taken off, by the first characters
    int add = 0, remove = 0, change = 0, move = 0, chat = 0, empty = 0, other = 0;
    bool operator==(const Kinds&) const = default;
};

struct Expected {
    Encoding encoding;
    char hex_case;           // 'u' or 'l' for !VCSK: the case of the hex letters; '-' otherwise
    std::size_t header;      // top-level commands, begin_save to end_save
    std::size_t steps;       // top-level commands after end_save
    std::size_t leaves;      // leaf commands of the whole text
    Kinds step_kinds;
};

// Keyed by the path under ../shared/vassal.
const std::map<std::string, Expected>& expected() {
    static const std::map<std::string, Expected> files = {
        {"bbvassal/testlog.vlog", {Encoding::vcsk, 'l', 12, 6, 106, {0, 0, 10, 4, 9, 16, 10}}},
        {"ftp/1862-3-5.vsav", {Encoding::vcsk, 'l', 283, 0, 1459, {}}},
        {"kassala/Default Setup.vsav", {Encoding::vcsk, 'l', 9, 0, 53, {}}},
        {"ragnarok/ragnarok-start.vsav", {Encoding::vcsk, 'l', 12, 0, 168, {}}},
        {"riskofcatan/test_map2.vsav", {Encoding::vcsk, 'l', 47, 0, 111, {}}},
        {"tld/0606-2.log", {Encoding::vcsk, 'u', 18, 841, 6164, {57, 65, 381, 707, 221, 223, 0}}},   // VASSAL 2.9.8: upper case
        {"tld/scenario_1.sav", {Encoding::vcsk, 'u', 16, 0, 129, {}}},
        {"tour/tour.log", {Encoding::plain, '-', 7, 115, 217, {15, 4, 43, 32, 91, 4, 3}}},           // VASSAL 2.0: plain
        {"trc/Campaign-180907.vsav", {Encoding::vcsk, 'l', 16, 0, 591, {}}},
        {"zxvt/5x5_startup.vlog", {Encoding::vcsk, 'l', 6, 6, 21, {8, 0, 0, 0, 6, 0, 0}}},
    };
    return files;
}

Kinds kinds(const std::vector<std::string>& steps) {
    Kinds k;
    for (const std::string& step : steps)
        for_each_leaf(step, [&](std::string_view leaf) {
            if (leaf.starts_with("LOG\t")) leaf.remove_prefix(4);
            if (leaf.empty()) ++k.empty;
            else if (leaf.starts_with("+/")) ++k.add;
            else if (leaf.starts_with("-/")) ++k.remove;
            else if (leaf.starts_with("D/")) ++k.change;
            else if (leaf.starts_with("M/")) ++k.move;
            else if (leaf.starts_with("CHAT")) ++k.chat;
            else ++k.other;
        });
    return k;
}

std::string kinds_text(const Kinds& k) {
    return "add " + std::to_string(k.add) + ", remove " + std::to_string(k.remove) + ", change " + std::to_string(k.change) + ", move " +
           std::to_string(k.move) + ", chat " + std::to_string(k.chat) + ", empty " + std::to_string(k.empty) + ", other " +
           std::to_string(k.other);
}

TEST(RealFiles, EveryGameFileReads) {
    if (!fs::is_directory(kDir)) GTEST_SKIP() << kDir << " is absent: the real VASSAL files are not on this machine";
    std::vector<std::string> found;
    std::vector<fs::path> paths;
    for (const auto& e : fs::recursive_directory_iterator(kDir))
        if (e.is_regular_file()) paths.push_back(e.path());
    std::sort(paths.begin(), paths.end());
    for (const fs::path& path : paths) {
        const std::string bytes = read_file_bytes(path.string(), ArchiveLimits{}.max_file_bytes);
        if (!Archive::looks_like_zip(bytes)) continue;
        const std::string rel = path.lexically_relative(kDir).generic_string();
        SCOPED_TRACE(rel);
        const Archive archive = Archive::from_bytes(bytes, rel);
        if (!archive.has("savedGame")) continue;   // a module
        found.push_back(rel);
        const auto want = expected().find(rel);
        ASSERT_NE(want, expected().end()) << "a game file the test does not know: " << rel;
        const Expected& x = want->second;

        const std::string data = archive.read("savedGame");
        const Deobfuscated d = deobfuscate(data, rel);
        EXPECT_EQ(d.encoding, x.encoding) << encoding_name(d.encoding);
        if (d.encoding == Encoding::vcsk) {
            const bool upper = std::any_of(data.begin() + 5, data.end(), [](char c) { return c >= 'A' && c <= 'F'; });
            const bool lower = std::any_of(data.begin() + 5, data.end(), [](char c) { return c >= 'a' && c <= 'f'; });
            EXPECT_NE(upper, lower) << "hex letters of both cases";
            EXPECT_EQ(upper ? 'u' : 'l', x.hex_case);
            EXPECT_EQ(data.size(), 7 + 2 * d.text.size());
        } else {
            EXPECT_EQ(d.text, data);
        }

        const TopLevel top = split_top_level(d.text, rel);
        EXPECT_EQ(top.header.front(), "begin_save");
        EXPECT_EQ(top.header.back(), "end_save");
        EXPECT_EQ(top.header.size(), x.header);
        EXPECT_EQ(top.steps.size(), x.steps);
        std::size_t leaves = 0;
        for_each_leaf(d.text, [&](std::string_view) { ++leaves; });
        EXPECT_EQ(leaves, x.leaves);
        const Kinds k = kinds(top.steps);
        EXPECT_TRUE(k == x.step_kinds) << kinds_text(k) << "; expected " << kinds_text(x.step_kinds);
    }
    std::vector<std::string> all;
    for (const auto& [rel, x] : expected()) all.push_back(rel);
    EXPECT_EQ(found, all) << "game files found by content differ from those expected";
}

TEST(RealFiles, ModulesAreArchivesWithoutASavedGame) {
    if (!fs::is_directory(kDir)) GTEST_SKIP() << kDir << " is absent: the real VASSAL files are not on this machine";
    for (const char* rel : {"tour/tour.mod", "riskofcatan/Risk of Catan.vmod"}) {
        SCOPED_TRACE(rel);
        const fs::path path = kDir / rel;
        if (!fs::exists(path)) continue;
        const Archive a = Archive::open(path.string());
        EXPECT_FALSE(a.has("savedGame"));
        EXPECT_TRUE(a.has("buildFile") || a.has("buildFile.xml"));
        EXPECT_GT(a.names().size(), 10u);
        // Every entry reads within the limits, and an image's header as a prefix.
        for (const std::string& name : a.names()) {
            const std::string whole = a.read(name);
            EXPECT_EQ(a.read_prefix(name, 8), whole.substr(0, 8)) << name;
        }
    }
}

}  // namespace
}  // namespace referee::vassal
