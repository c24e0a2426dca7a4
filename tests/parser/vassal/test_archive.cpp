// Tests for parser/vassal/archive.cpp: ZIP archives read from memory, and the hostile ones refused
// (vassal.md: a ZIP bomb, an entry of several GB, 10^5 entries, names with "../"). Every archive is
// built in memory here (tests/support/zip_builder.hpp); nothing is written to disk.
#include "archive.hpp"
#include "vassal_error.hpp"
#include "zip_builder.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>

namespace referee::vassal {
namespace {

using test::ZipBuilder;

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

// The message of the VassalError that `f` throws ("" when it throws none).
template <typename F>
std::string error_of(F&& f) {
    try {
        f();
    } catch (const VassalError& e) {
        return e.what();
    }
    return {};
}

std::string pattern(std::size_t n) {
    std::string s(n, '\0');
    for (std::size_t i = 0; i < n; ++i) s[i] = static_cast<char>('a' + (i * 7 + i / 13) % 26);
    return s;
}

TEST(Archive, ReadsEntriesStoredAndDeflated) {
    const std::string big = pattern(200000);
    const std::string bytes = ZipBuilder()
                                  .add("savedGame", "!VCSK00", ZipBuilder::Method::stored)
                                  .add("savedata", "<data version=\"1\"/>")
                                  .add("images/board.png", big)
                                  .add("empty", "")
                                  .bytes();
    ASSERT_TRUE(Archive::looks_like_zip(bytes));
    const Archive a = Archive::from_bytes(bytes, "game.vsav");
    EXPECT_EQ(a.label(), "game.vsav");
    EXPECT_EQ(a.names(), (std::vector<std::string>{"savedGame", "savedata", "images/board.png", "empty"}));
    EXPECT_TRUE(a.has("savedGame"));
    EXPECT_FALSE(a.has("savedgame"));   // names are exact
    EXPECT_FALSE(a.has("moduledata"));
    EXPECT_EQ(a.read("savedGame"), "!VCSK00");
    EXPECT_EQ(a.read("savedata"), "<data version=\"1\"/>");
    EXPECT_EQ(a.read("images/board.png"), big);
    EXPECT_EQ(a.read("empty"), "");
    EXPECT_TRUE(contains(error_of([&] { a.read("moduledata"); }), "game.vsav: no entry 'moduledata'"));
}

TEST(Archive, MovesAndReadsAgain) {
    Archive a = Archive::from_bytes(ZipBuilder().add("savedGame", "x").bytes(), "m");
    Archive b = std::move(a);
    EXPECT_EQ(b.read("savedGame"), "x");
    EXPECT_EQ(b.read("savedGame"), "x");   // an entry can be read twice
}

TEST(Archive, EmptyArchive) {
    // The 22 bytes of an end-of-central-directory record alone: a ZIP with no entry.
    const std::string empty = std::string("PK\5\6", 4) + std::string(18, '\0');
    ASSERT_TRUE(Archive::looks_like_zip(empty));
    const Archive a = Archive::from_bytes(empty, "empty.zip");
    EXPECT_TRUE(a.names().empty());
    EXPECT_FALSE(a.has("savedGame"));
}

TEST(Archive, NotAZip) {
    for (const std::string& bytes : {std::string(), std::string("PK"), std::string("!VCSK1234"),
                                     std::string("begin_save\x1b" "end_save"), std::string("PK\1\2 central first")}) {
        SCOPED_TRACE(bytes);
        EXPECT_FALSE(Archive::looks_like_zip(bytes));
        EXPECT_EQ(error_of([&] { Archive::from_bytes(bytes, "x.vsav"); }), "x.vsav: not a ZIP archive");
    }
    // It begins as a ZIP does, and is nothing more.
    const std::string message = error_of([] { Archive::from_bytes(std::string("PK\3\4", 4) + std::string(100, 'z'), "x.vsav"); });
    EXPECT_TRUE(contains(message, "x.vsav: not a readable ZIP archive")) << message;
}

TEST(Archive, Truncated) {
    const std::string whole = ZipBuilder().add("savedGame", pattern(5000)).add("savedata", pattern(3000)).bytes();
    // Cut anywhere before the end of the central directory's last record: the directory is not found
    // or not whole.
    for (const std::size_t keep : {whole.size() / 2, whole.size() - 1, whole.size() - 22, std::size_t{30}}) {
        SCOPED_TRACE(keep);
        const std::string message = error_of([&] { Archive::from_bytes(whole.substr(0, keep), "cut.vsav"); });
        EXPECT_TRUE(contains(message, "cut.vsav: not a readable ZIP archive")) << message;
    }
}

TEST(Archive, DamagedEntryData) {
    // The directory is whole, the deflated data of the entry is not: reading it says so.
    std::string bytes = ZipBuilder().add("savedGame", pattern(50000)).bytes();
    // The deflated bytes follow the first local header, its name and its extra field.
    const std::size_t data = 30 + (std::uint8_t(bytes[26]) | std::uint8_t(bytes[27]) << 8) +
                             (std::uint8_t(bytes[28]) | std::uint8_t(bytes[29]) << 8);
    for (std::size_t i = data; i < data + 200; ++i) bytes[i] = static_cast<char>(~bytes[i]);
    const Archive a = Archive::from_bytes(bytes, "bad.vsav");
    const std::string message = error_of([&] { a.read("savedGame"); });
    EXPECT_TRUE(contains(message, "bad.vsav: entry 'savedGame' is damaged")) << message;
}

TEST(Archive, WrongCrcIsRefused) {
    std::string bytes = ZipBuilder().add("savedGame", pattern(5000)).bytes();
    const std::size_t at = test::central_header(bytes, "savedGame");
    ASSERT_NE(at, std::string::npos);
    test::put32(bytes, at + test::kCentralCrc, test::get32(bytes, at + test::kCentralCrc) ^ 1);
    const Archive a = Archive::from_bytes(bytes, "crc.vsav");
    const std::string message = error_of([&] { a.read("savedGame"); });
    EXPECT_TRUE(contains(message, "crc.vsav: entry 'savedGame' is damaged")) << message;
}

TEST(Archive, NamesThatLeaveTheFolderAreRefused) {
    // Any ".." part is refused, even one that would come back inside ("a/b/../c").
    for (const std::string name : {"../evil", "a/../../evil", "images/..", "..\\evil", "/etc/passwd", "\\evil", "C:evil", "..",
                                   "a/b/../../../c", "a/b/../c"}) {
        SCOPED_TRACE(name);
        const std::string bytes = ZipBuilder().add("savedGame", "begin_save").add(name, "x").bytes();
        const std::string message = error_of([&] { Archive::from_bytes(bytes, "evil.vsav"); });
        EXPECT_EQ(message, "evil.vsav: entry name '" + name + "' leaves the archive's folder: refused");
    }
    // Dots that do not climb are names like any other.
    for (const std::string name : {"a..b", "..x", "x../y", "./x", "images/.../y"}) {
        SCOPED_TRACE(name);
        const std::string bytes = ZipBuilder().add(name, "x").bytes();
        const Archive a = Archive::from_bytes(bytes, "ok.vsav");
        EXPECT_EQ(a.read(name), "x");
    }
}

TEST(Archive, NamesNotInUtf8AreListedAsTheyAreFound) {
    // A name that is not UTF-8, with no UTF-8 flag (a zip tool's CP437: 0x8E is "Ä"): libzip takes
    // it for CP437, and the name listed is the one that finds the entry. (fuzz_vassal found names
    // listed raw that has() and read() could not find.)
    const std::string raw = "images/\x8e.png";
    const std::string bytes = ZipBuilder().add("savedGame", "s").add(raw, "png", ZipBuilder::Method::stored).bytes();
    ASSERT_NE(bytes.find(raw), std::string::npos);   // written as it is
    const Archive a = Archive::from_bytes(bytes, "cp437.vmod");
    ASSERT_EQ(a.names().size(), 2u);
    const std::string& listed = a.names()[1];
    EXPECT_EQ(listed, "images/\xc3\x84.png");   // "Ä" in UTF-8
    EXPECT_TRUE(a.has(listed));
    EXPECT_EQ(a.read(listed), "png");
    EXPECT_EQ(a.read_prefix(listed, 2), "pn");
    for (const std::string& name : a.names()) EXPECT_TRUE(a.has(name)) << name;
}

TEST(Archive, TooManyEntriesAreRefused) {
    // 10^5 stored empty entries (about 9 MB of headers) against the default limit of 20,000.
    ZipBuilder many;
    for (int i = 0; i < 100000; ++i) many.add("e" + std::to_string(i), "", ZipBuilder::Method::stored);
    const std::string bytes = many.bytes();
    const std::string message = error_of([&] { Archive::from_bytes(bytes, "many.vmod"); });
    EXPECT_EQ(message, "many.vmod: 100000 entries, over the limit of 20000: refused");

    // At the limit is fine.
    ArchiveLimits limits;
    limits.max_entries = 3;
    const std::string three = ZipBuilder().add("a", "").add("b", "").add("c", "").bytes();
    EXPECT_EQ(Archive::from_bytes(three, "three", limits).names().size(), 3u);
    limits.max_entries = 2;
    EXPECT_EQ(error_of([&] { Archive::from_bytes(three, "three", limits); }), "three: 3 entries, over the limit of 2: refused");
}

// 300 MB of zeros, deflated (a few hundred kB): built once, by streaming the zeros through libzip.
const std::string& zip_bomb() {
    static const std::string bytes = ZipBuilder().add("savedata", "<data/>").add_zeros("savedGame", 300ull << 20).bytes();
    return bytes;
}

TEST(Archive, ZipBombRefusedByEntrySize) {
    const std::string& bomb = zip_bomb();
    ASSERT_LT(bomb.size(), 1u << 20);
    const Archive a = Archive::from_bytes(bomb, "bomb.vsav");   // the default limits: 256 MB an entry
    EXPECT_EQ(a.read("savedata"), "<data/>");                  // the other entries still read
    const std::string message = error_of([&] { a.read("savedGame"); });
    EXPECT_EQ(message, "bomb.vsav: entry 'savedGame' is 314572800 bytes uncompressed, over the limit of 268435456 bytes: refused");
}

TEST(Archive, ZipBombRefusedByRatio) {
    ArchiveLimits limits;
    limits.max_entry_bytes = 1ull << 30;   // room for its size: only the ratio refuses it
    const Archive a = Archive::from_bytes(zip_bomb(), "bomb.vsav", limits);
    const std::string message = error_of([&] { a.read("savedGame"); });
    EXPECT_TRUE(contains(message, "bomb.vsav: entry 'savedGame' inflates ")) << message;
    EXPECT_TRUE(contains(message, " bytes to 314572800, a ratio over 500: refused as a ZIP bomb")) << message;
}

TEST(Archive, RatioAppliesOnlyOverFourMebibytes) {
    // 4 MiB of zeros deflates about 1000:1, and is read: small entries are never bombs.
    const std::string bytes = ZipBuilder().add_zeros("savedGame", 4u << 20).bytes();
    EXPECT_EQ(Archive::from_bytes(bytes, "small").read("savedGame"), std::string(4u << 20, '\0'));
    const std::string over = ZipBuilder().add_zeros("savedGame", (4u << 20) + 1).bytes();
    EXPECT_TRUE(contains(error_of([&] { Archive::from_bytes(over, "over").read("savedGame"); }), "ZIP bomb"));
}

TEST(Archive, DirectoryThatLiesAboutTheSizeStopsAtTheLimit) {
    // 4 MB of zeros whose central directory (and local header) say 100 bytes: nothing in the
    // directory looks wrong, so the inflating itself must stop at the limit.
    std::string bytes = ZipBuilder().add_zeros("savedGame", 4u << 20).bytes();
    const std::size_t at = test::central_header(bytes, "savedGame");
    ASSERT_NE(at, std::string::npos);
    ASSERT_EQ(test::get32(bytes, at + test::kCentralSize), 4u << 20);
    test::put32(bytes, at + test::kCentralSize, 100);
    ASSERT_EQ(bytes.compare(0, 4, "PK\3\4"), 0);
    test::put32(bytes, test::kLocalSize, 100);
    ArchiveLimits limits;
    limits.max_entry_bytes = 1u << 20;
    const Archive a = Archive::from_bytes(bytes, "liar.vsav", limits);
    const std::string message = error_of([&] { a.read("savedGame"); });
    EXPECT_EQ(message, "liar.vsav: entry 'savedGame' inflates past the limit of 1048576 bytes: refused");
}

TEST(Archive, ReadPrefixReadsOnlyAPrefix) {
    const std::string data = pattern(300000);
    std::string bytes = ZipBuilder().add("images/map.png", data).add("stored", data, ZipBuilder::Method::stored).bytes();
    // Break both entries' CRC: a whole read fails at the end of the data, a prefix never gets there.
    for (const char* name : {"images/map.png", "stored"}) {
        const std::size_t at = test::central_header(bytes, name);
        ASSERT_NE(at, std::string::npos);
        test::put32(bytes, at + test::kCentralCrc, test::get32(bytes, at + test::kCentralCrc) ^ 0x80000000u);
    }
    const Archive a = Archive::from_bytes(bytes, "p.vmod");
    for (const char* name : {"images/map.png", "stored"}) {
        SCOPED_TRACE(name);
        EXPECT_TRUE(contains(error_of([&] { a.read(name); }), "is damaged"));
        EXPECT_EQ(a.read_prefix(name, 24), data.substr(0, 24));
        EXPECT_EQ(a.read_prefix(name, 0), "");
        EXPECT_EQ(a.read_prefix(name, 100000), data.substr(0, 100000));
    }
    EXPECT_FALSE(a.read_prefix("images/none.png", 24).has_value());
    // A prefix longer than the entry is the entry.
    const Archive b = Archive::from_bytes(ZipBuilder().add("short", "12345").bytes(), "s");
    EXPECT_EQ(b.read_prefix("short", 1000), "12345");
}

TEST(Archive, ReadPrefixOfAnEntryOverTheLimit) {
    // An image header is read from an entry too large to read whole.
    ArchiveLimits limits;
    limits.max_entry_bytes = 1000;
    const std::string data = pattern(5000);
    const Archive a = Archive::from_bytes(ZipBuilder().add("images/big.png", data).bytes(), "l", limits);
    EXPECT_TRUE(contains(error_of([&] { a.read("images/big.png"); }), "over the limit of 1000 bytes"));
    EXPECT_EQ(a.read_prefix("images/big.png", 16), data.substr(0, 16));
}

// The archive Java's ZipOutputStream writes, as VASSAL's files are: general-purpose bit 3, the
// local header with CRC and sizes 0, a data descriptor after the data, the sizes only in the
// central directory. Built by hand here (libzip writes the sizes in the local header).
std::string java_style_zip(const std::string& name, const std::string& data) {
    auto le16 = [](std::string& b, std::uint32_t v) { b += static_cast<char>(v & 0xff); b += static_cast<char>((v >> 8) & 0xff); };
    auto le32 = [&](std::string& b, std::uint32_t v) { le16(b, v & 0xffff); le16(b, v >> 16); };
    // The data stored (method 0) keeps this test about the container, not about deflate.
    std::uint32_t crc = 0xffffffffu;
    for (unsigned char c : data) {
        crc ^= c;
        for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
    }
    crc ^= 0xffffffffu;
    std::string b;
    le32(b, 0x04034b50); le16(b, 10); le16(b, 1u << 3); le16(b, 0); le16(b, 0); le16(b, 0);
    le32(b, 0); le32(b, 0); le32(b, 0); le16(b, static_cast<std::uint32_t>(name.size())); le16(b, 0);
    b += name;
    b += data;
    le32(b, 0x08074b50); le32(b, crc); le32(b, static_cast<std::uint32_t>(data.size())); le32(b, static_cast<std::uint32_t>(data.size()));
    const std::size_t directory = b.size();
    le32(b, 0x02014b50); le16(b, 20); le16(b, 10); le16(b, 1u << 3); le16(b, 0); le16(b, 0); le16(b, 0);
    le32(b, crc); le32(b, static_cast<std::uint32_t>(data.size())); le32(b, static_cast<std::uint32_t>(data.size()));
    le16(b, static_cast<std::uint32_t>(name.size())); le16(b, 0); le16(b, 0); le16(b, 0); le16(b, 0); le32(b, 0); le32(b, 0);
    b += name;
    const std::size_t directory_size = b.size() - directory;
    le32(b, 0x06054b50); le16(b, 0); le16(b, 0); le16(b, 1); le16(b, 1);
    le32(b, static_cast<std::uint32_t>(directory_size)); le32(b, static_cast<std::uint32_t>(directory)); le16(b, 7);
    b += "comment";   // an archive comment: the end record is not the file's last 22 bytes
    return b;
}

TEST(Archive, SizesComeFromTheCentralDirectory) {
    const std::string bytes = java_style_zip("savedGame", "begin_save\x1b" "end_save");
    const Archive a = Archive::from_bytes(bytes, "java.vsav");
    EXPECT_EQ(a.names(), std::vector<std::string>{"savedGame"});
    EXPECT_EQ(a.read("savedGame"), "begin_save\x1b" "end_save");
    EXPECT_EQ(a.read_prefix("savedGame", 5), "begin");
}

TEST(Archive, ADuplicatedNameIsRefused) {
    // Two entries of one name: which is meant would depend on the reader, so neither is.
    std::string bytes = ZipBuilder().add("savedGame", "one").add("savedGamf", "two").bytes();
    for (std::size_t at = bytes.find("savedGamf"); at != std::string::npos; at = bytes.find("savedGamf", at)) bytes[at + 8] = 'e';
    EXPECT_EQ(error_of([&] { Archive::from_bytes(bytes, "twice.vsav"); }),
              "twice.vsav: entry name 'savedGame' appears twice: refused (which one is meant?)");
}

TEST(Archive, MethodsVassalDoesNotWriteAreRefusedByName) {
    std::string bytes = ZipBuilder().add("savedGame", pattern(1000)).bytes();
    const std::size_t at = test::central_header(bytes, "savedGame");
    ASSERT_NE(at, std::string::npos);
    bytes[at + 10] = 12;   // bzip2
    const Archive a = Archive::from_bytes(bytes, "bz.vsav");
    EXPECT_EQ(error_of([&] { a.read("savedGame"); }),
              "bz.vsav: entry 'savedGame' is compressed with method 12, which is not read (VASSAL writes deflate)");
    bytes[at + 10] = 8;
    bytes[at + 8] = static_cast<char>(bytes[at + 8] | 1);   // the encrypted flag
    const Archive e = Archive::from_bytes(bytes, "enc.vsav");
    EXPECT_EQ(error_of([&] { e.read("savedGame"); }), "enc.vsav: entry 'savedGame' is encrypted: not read");
}

TEST(Archive, ADirectoryPointingOutsideTheFileIsRefused) {
    std::string bytes = ZipBuilder().add("savedGame", "x").bytes();
    const std::size_t end = bytes.rfind("PK\5\6");
    ASSERT_NE(end, std::string::npos);
    test::put32(bytes, end + 16, 0x7fffffff);   // the directory's offset
    EXPECT_TRUE(contains(error_of([&] { Archive::from_bytes(bytes, "far.vsav"); }),
                         "far.vsav: not a readable ZIP archive: the central directory lies outside the file"));
    // An entry whose local header is elsewhere than the directory says.
    std::string moved = ZipBuilder().add("savedGame", "x").bytes();
    const std::size_t at = test::central_header(moved, "savedGame");
    test::put32(moved, at + 42, 3);
    const Archive a = Archive::from_bytes(moved, "moved.vsav");
    EXPECT_EQ(error_of([&] { a.read("savedGame"); }), "moved.vsav: entry 'savedGame' is damaged: its local header is missing");
}

TEST(Archive, FileReading) {
    EXPECT_EQ(error_of([] { Archive::open("/nonexistent/referee/x.vsav"); }), "/nonexistent/referee/x.vsav: cannot be opened");
    // Only regular files: a device is refused unread (it might never end, or block).
    EXPECT_EQ(error_of([] { read_file_bytes("/dev/zero", 1000); }), "/dev/zero: is a character device, not a file");
    EXPECT_EQ(error_of([] { read_file_bytes("/dev/null", 1000); }), "/dev/null: is a character device, not a file");
    const std::string big = ::testing::TempDir() + "referee-archive-big.bin";
    std::ofstream(big, std::ios::binary) << std::string(1001, 'x');
    EXPECT_EQ(error_of([&] { read_file_bytes(big, 1000); }), big + ": larger than 1000 bytes: refused");
    EXPECT_EQ(read_file_bytes(big, 2000).size(), 1001u);
    std::remove(big.c_str());
}

}  // namespace
}  // namespace referee::vassal
