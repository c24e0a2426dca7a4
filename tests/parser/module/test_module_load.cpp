// Loading a module: an archive built in memory (libzip), a buildFile, a folder; recognised by
// content; the hash of the module's file.
#include "module.hpp"
#include "sha256.hpp"
#include "vassal_error.hpp"
#include "zip_builder.hpp"

#include <gtest/gtest.h>
#include <zip.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

using namespace referee::vassal;
using referee::sha256_hex;
namespace fs = std::filesystem;

namespace {

const std::string kBuildFile = R"xml(<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.build.GameModule name="Zip Game" version="2.0" VassalVersion="3.6.7">
  <VASSAL.build.module.Map mapName="Main">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board name="Big" image="big.gif"/>
      <VASSAL.build.module.map.boardPicker.Board name="Lost" image="../../etc/passwd"/>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>
)xml";

std::string gif_head(unsigned w, unsigned h) {
    return std::string("GIF89a") + char(w & 0xFF) + char(w >> 8) + char(h & 0xFF) + char(h >> 8) + std::string(10, '\0');
}

// A ZIP archive of the entries, written by libzip into memory.
std::string zip_bytes(const std::vector<std::pair<std::string, std::string>>& entries) {
    zip_error_t error;
    zip_error_init(&error);
    zip_source_t* buffer = zip_source_buffer_create(nullptr, 0, 0, &error);
    EXPECT_NE(buffer, nullptr);
    zip_source_keep(buffer);
    zip_t* archive = zip_open_from_source(buffer, ZIP_TRUNCATE, &error);
    EXPECT_NE(archive, nullptr);
    for (const auto& [name, data] : entries) {
        zip_source_t* s = zip_source_buffer(archive, data.data(), data.size(), 0);
        EXPECT_GE(zip_file_add(archive, name.c_str(), s, ZIP_FL_ENC_UTF_8), 0);
    }
    EXPECT_EQ(zip_close(archive), 0);
    std::string out;
    EXPECT_EQ(zip_source_open(buffer), 0);
    char chunk[4096];
    for (zip_int64_t n; (n = zip_source_read(buffer, chunk, sizeof chunk)) > 0;) out.append(chunk, static_cast<std::size_t>(n));
    zip_source_close(buffer);
    zip_source_free(buffer);
    zip_error_fini(&error);
    return out;
}

struct TempDir {
    fs::path path;
    TempDir() {
        path = fs::temp_directory_path() / ("referee-module-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    void write(const std::string& name, const std::string& bytes) const {
        fs::create_directories((path / name).parent_path());
        std::ofstream(path / name, std::ios::binary) << bytes;
    }
};

}  // namespace

TEST(ModuleLoad, ArchiveFromMemory) {
    const std::string bytes = zip_bytes({{"moduledata", "<data/>"}, {"buildFile.xml", kBuildFile}, {"images/big.gif", gif_head(2256, 1409)}});
    const Module m = Module::from_bytes(bytes, "game.vmod");
    EXPECT_EQ(m.name, "Zip Game");
    EXPECT_EQ(m.path, "game.vmod");
    EXPECT_EQ(m.buildfile, "buildFile.xml");
    EXPECT_EQ(m.sha256, sha256_hex(bytes));   // the archive's bytes
    const Board& big = m.maps[0].boards[0];
    EXPECT_TRUE(big.size_known());
    EXPECT_EQ(big.size(), (Size{2256, 1409}));
    EXPECT_FALSE(m.maps[0].boards[1].size_known());   // a name climbing out of images/ is not followed
}

TEST(ModuleLoad, OldBuildFileName) {
    const std::string bytes = zip_bytes({{"buildFile", kBuildFile}});
    const Module m = Module::from_bytes(bytes, "old.mod");
    EXPECT_EQ(m.buildfile, "buildFile");
    EXPECT_FALSE(m.maps[0].boards[0].size_known());   // no image in the archive
}

TEST(ModuleLoad, PrefersBuildFileXml) {
    const std::string other = "<VASSAL.build.GameModule name=\"Old name\"/>";
    const Module m = Module::from_bytes(zip_bytes({{"buildFile", other}, {"buildFile.xml", kBuildFile}}), "both.vmod");
    EXPECT_EQ(m.name, "Zip Game");
}

TEST(ModuleLoad, ArchiveErrors) {
    try {
        Module::from_bytes(zip_bytes({{"savedGame", "!VCSK00"}}), "game.vsav");
        FAIL();
    } catch (const VassalError& e) {
        EXPECT_NE(std::string(e.what()).find("game.vsav: a ZIP archive without buildFile.xml or buildFile"), std::string::npos) << e.what();
    }
    try {
        Module::from_bytes(zip_bytes({{"buildFile.xml", "<VASSAL.build.GameModule>"}}), "cut.vmod");
        FAIL();
    } catch (const VassalError& e) {
        EXPECT_NE(std::string(e.what()).find("cut.vmod: buildFile.xml: not well-formed XML"), std::string::npos) << e.what();
    }
    try {
        Module::from_bytes("just some text", "notes.txt");
        FAIL();
    } catch (const VassalError& e) {
        EXPECT_NE(std::string(e.what()).find("notes.txt: neither a module archive (ZIP) nor a buildFile (XML)"), std::string::npos);
    }
}

TEST(ModuleLoad, BuildFileLimit) {
    // An archive's buildFile of more than 64 MiB is refused before it is inflated (pugixml would hold
    // one of 256 MiB of tiny elements in 4.7 GB).
    const std::string big = referee::test::ZipBuilder().add_zeros("buildFile.xml", (64u << 20) + 1).bytes();
    try {
        Module::from_bytes(big, "big.vmod");
        FAIL();
    } catch (const VassalError& e) {
        EXPECT_STREQ(e.what(), "big.vmod: entry 'buildFile.xml' is 67108865 bytes uncompressed, over the limit of 67108864 bytes: refused");
    }
}

TEST(ModuleLoad, FilesAndFolders) {
    const TempDir dir;
    const std::string archive = zip_bytes({{"buildFile.xml", kBuildFile}, {"images/big.gif", gif_head(640, 480)}});
    dir.write("game.zip-with-any-name", archive);
    const Module from_archive = Module::load((dir.path / "game.zip-with-any-name").string());
    EXPECT_EQ(from_archive.maps[0].boards[0].size(), (Size{640, 480}));
    EXPECT_EQ(from_archive.sha256, sha256_hex(archive));

    dir.write("folder/buildFile.xml", kBuildFile);
    dir.write("folder/images/big.gif", gif_head(300, 200) + std::string(200000, 'x'));   // only the head is read
    const Module from_folder = Module::load((dir.path / "folder").string());
    EXPECT_EQ(from_folder.name, "Zip Game");
    EXPECT_EQ(from_folder.path, (dir.path / "folder").string());
    EXPECT_EQ(from_folder.maps[0].boards[0].size(), (Size{300, 200}));
    EXPECT_EQ(from_folder.sha256, sha256_hex(kBuildFile));   // a folder's hash is its buildFile's

    const Module from_file = Module::load((dir.path / "folder" / "buildFile.xml").string());   // images beside it
    EXPECT_EQ(from_file.maps[0].boards[0].size(), (Size{300, 200}));
    EXPECT_EQ(from_file.sha256, sha256_hex(kBuildFile));

    dir.write("empty/readme", "nothing");
    EXPECT_THROW(Module::load((dir.path / "empty").string()), VassalError);
    EXPECT_THROW(Module::load((dir.path / "absent.vmod").string()), VassalError);
}
