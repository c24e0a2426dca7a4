// "Not a game record" (report.md, "A tournament's batch"; validator/check/content.hpp): a file that
// is plainly no move log, XML save or VASSAL game is said to be so once, instead of one syntax error
// a line; a move log with bad lines keeps its syntax errors. And what every report of a check now
// carries: the file's SHA-256, the players and the tags (the JSON's sha256, players, tags).
#include "check.hpp"
#include "content.hpp"
#include "sha256.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

using namespace referee;
namespace fs = std::filesystem;

namespace {

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

std::string listing(const Report& r) {
    std::string s;
    for (const auto& v : r.violations) s += std::to_string(v.line) + ": " + v.code + ": " + v.message.substr(0, 300) + "\n";
    return s;
}

// The one not-a-game-record violation, saying `what`.
void expect_not_a_record(const Report& r, std::string_view what) {
    EXPECT_FALSE(r.judged);
    EXPECT_FALSE(r.game_record);
    EXPECT_EQ(r.exit_status(), 2);
    ASSERT_EQ(r.violations.size(), 1u) << listing(r);
    EXPECT_EQ(r.violations[0].code, "not-a-game-record");
    EXPECT_TRUE(r.violations[0].error);
    EXPECT_EQ(r.violations[0].line, 0u);
    EXPECT_TRUE(contains(r.violations[0].message, what)) << r.violations[0].message;
    EXPECT_TRUE(contains(r.violations[0].message, "not a game record")) << r.violations[0].message;
}

const char* const kGame = "game maryes-heights\ntag event \"Club ladder\"\nplayer Union \"A. Smith\"\nplayer Confederate \"B. Jones\"\nturn 1\n";

}  // namespace

// ---- Plainly not a game record, from its first bytes --------------------------------------------

TEST(NotAGameRecord, ByItsMagicBytes) {
    const struct {
        std::string text;
        const char* what;
    } cases[] = {
        {"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n", "a PDF document"},
        {std::string("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 16), "a PNG image"},
        {"GIF89a\x01\x00\x01\x00", "a GIF image"},
        {"\xFF\xD8\xFF\xE0\x00\x10JFIF", "a JPEG image"},
        {"\x1F\x8B\x08\x00\x00\x00", "gzip-compressed data"},
        {"\x7F" "ELF\x02\x01\x01", "an executable program"},
        {"{\\rtf1\\ansi game maryes-heights}", "an RTF document"},
        {std::string("\xFF\xFEg\0a\0m\0e\0", 10), "UTF-16"},
    };
    for (const auto& c : cases) expect_not_a_record(check_text(c.text, "x", {}), c.what);
}

TEST(NotAGameRecord, OtherDocuments) {
    expect_not_a_record(check_text("[Event \"Casual Game\"]\n[Site \"Berlin\"]\n\n1. e4 e5 2. Nf3\n", "g.pgn", {}), "a PGN chess game");
    expect_not_a_record(check_text("{\n  \"file\": \"a.log\",\n  \"scenario\": \"maryes-heights\"\n}\n", "r.json", {}), "a JSON document");
    expect_not_a_record(check_text("[\n  {\"file\": \"a.log\"}\n]\n", "r.json", {}), "a JSON document");
    expect_not_a_record(check_text("<!DOCTYPE html>\n<html><body>game</body></html>\n", "p.html", {}), "an HTML page");
    expect_not_a_record(check_text("<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "i.svg", {}), "an SVG image");
    expect_not_a_record(check_text("<?xml version=\"1.0\"?>\n<VASSAL.launch.BasicModule name=\"x\"/>\n", "buildFile", {}),
                        "a VASSAL module's buildFile");
    expect_not_a_record(check_text("<?xml version=\"1.0\"?><catalog><book/></catalog>", "c.xml", {}), "root element is <catalog>");
}

TEST(NotAGameRecord, AScenarioFileAfterItsDeclarationAndComments) {
    // The samples' scenario files begin with a long comment: the root is found after it.
    const std::string scen = "\xEF\xBB\xBF<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!--\n  a comment with <tags> and -- dashes\n-->\n"
                             "<!-- another -->\n<scenario format=\"1\" id=\"x\" extends=\"maryes-heights\"/>\n";
    expect_not_a_record(check_text(scen, "s.xml", {}), "a scenario file");
    // The save itself, with the same preamble, is read as a save (here: a judged game).
    const std::string save = "<?xml version=\"1.0\"?>\n<!-- a save -->\n<referee-save format=\"1\" scenario=\"maryes-heights\"><log><turn n=\"1\"/></log></referee-save>\n";
    const Report r = check_text(save, "s.xml", {});
    EXPECT_TRUE(r.judged) << listing(r);
    EXPECT_TRUE(r.game_record);
}

TEST(NotAGameRecord, BinaryData) {
    std::string junk;
    for (int i = 0; i < 3000; ++i) junk += static_cast<char>((i * 7919) % 256);
    expect_not_a_record(check_text(junk, "x.bin", {}), "binary data");
}

TEST(NotAGameRecord, ZipArchives) {
    // A module (its buildFile entry) or another archive is no game record; a VASSAL save or log
    // is, and is said to need its module (tests/cli: check --module judges it).
    const std::string head("PK\x03\x04", 4);
    expect_not_a_record(check_text(head + "....buildFile.xml....moduledata....", "m.vmod", {}), "a VASSAL module");
    expect_not_a_record(check_text(head + "....word/document.xml....", "d.docx", {}), "a ZIP archive");
    const Report game = check_text(head + "....savedGame....", "g.vsav", {});
    EXPECT_TRUE(game.game_record);
    ASSERT_EQ(game.violations.size(), 1u);
    EXPECT_EQ(game.violations[0].code, "vassal-binding");   // it reads; what it needs is its module and a binding
    EXPECT_TRUE(contains(game.violations[0].message, "--module M")) << game.violations[0].message;
    // A module that holds a predefined set-up (a save stored whole, its "savedGame" name readable)
    // is still a module.
    EXPECT_EQ(zip_kind(head + "..savedGame....buildFile.."), ZipKind::Module);
    EXPECT_EQ(zip_kind("PK\x05\x06"), ZipKind::Other);
    EXPECT_EQ(zip_kind("PK"), ZipKind::NotZip);
}

// ---- Text that is mostly not records ------------------------------------------------------------

TEST(NotAGameRecord, TextWhoseLinesFitNoRecord) {
    std::string rules = "# Notes\n\n";
    for (int i = 1; i <= 40; ++i) rules += "Rule " + std::to_string(i) + ": units move one hex at a time.\n";
    const Report r = check_text(rules, "notes.md", {});
    expect_not_a_record(r, "text that is not a move log: 40 of its 40 lines fit no record, the first of them line 3: 'Rule 1: units move");
    // One message, however long the text.
    std::string big;
    for (int i = 0; i < 20000; ++i) big += "Lorem ipsum dolor sit amet\n";
    expect_not_a_record(check_text(big, "big.txt", {}), "20000 of its 20000 lines");
}

TEST(NotAGameRecord, AMoveLogWithBadLinesKeepsItsSyntaxErrors) {
    // It names its scenario: every bad line is said, whatever their number.
    std::string log = "game maryes-heights\n";
    for (int i = 0; i < 30; ++i) log += "mvoe 1/II 0810 0911\n";
    Report r = check_text(log, "a.log", {});
    EXPECT_TRUE(r.game_record);
    EXPECT_EQ(r.violations.size(), 30u);
    EXPECT_EQ(r.violations[0].code, "syntax");
    // No game record, but its first line is a record: syntax errors.
    r = check_text("turn 1\nmvoe x\nmvoe y\nmvoe z\n", "b.log", {});
    EXPECT_EQ(r.violations.size(), 3u) << listing(r);
    EXPECT_EQ(r.violations[0].code, "syntax");
    // Its first line is bad but most lines are records: syntax error (one).
    r = check_text("Game: Marye's Heights\nturn 1\nturn 2\nturn 3\n", "c.log", {});
    ASSERT_FALSE(r.violations.empty());
    EXPECT_EQ(r.violations[0].code, "syntax") << listing(r);
    EXPECT_TRUE(r.game_record);
}

TEST(NotAGameRecord, AnEmptyLogIsAGameRecordOfNothing) {
    // Not "not a game record": it holds no record, which the report says (unknown-scenario), and a
    // batch skips it when found in a folder (Report::game_record).
    const Report r = check_text("# nothing yet\n\n", "e.log", {});
    ASSERT_EQ(r.violations.size(), 1u);
    EXPECT_EQ(r.violations[0].code, "unknown-scenario");
    EXPECT_FALSE(r.game_record);
}

// ---- What every report carries ------------------------------------------------------------------

TEST(ReportFields, PlayersAndTagsInRecordOrder) {
    const Report r = check_text(std::string(kGame) + "tag round 3\ntag event \"Club ladder, final\"\n", "a.log", {});
    ASSERT_EQ(r.players.size(), 2u);
    EXPECT_EQ(r.players[0].side, "Union");
    EXPECT_EQ(r.players[0].name, "A. Smith");
    EXPECT_EQ(r.players[1].side, "Confederate");
    EXPECT_EQ(r.players[1].name, "B. Jones");
    // A tag given twice keeps its first place and takes its last value.
    ASSERT_EQ(r.tags.size(), 2u);
    EXPECT_EQ(r.tags[0], (std::pair<std::string, std::string>{"event", "Club ladder, final"}));
    EXPECT_EQ(r.tags[1], (std::pair<std::string, std::string>{"round", "3"}));
}

TEST(ReportFields, PlayersAndTagsOfAGameNotJudged) {
    // A syntax error leaves the game unjudged; who played is still said.
    const Report r = check_text(std::string(kGame) + "mvoe x\n", "a.log", {});
    EXPECT_FALSE(r.judged);
    EXPECT_EQ(r.players.size(), 2u);
    EXPECT_EQ(r.tags.size(), 1u);
}

TEST(ReportFields, PlayersAndTagsOfASave) {
    const std::string save = "<referee-save format=\"1\" scenario=\"maryes-heights\"><tag name=\"event\" value=\"WBC 2026\"/>"
                             "<player side=\"Union\" name=\"A. Smith\"/><log><turn n=\"1\"/></log></referee-save>";
    const Report r = check_text(save, "s.xml", {});
    ASSERT_EQ(r.players.size(), 1u);
    EXPECT_EQ(r.players[0].name, "A. Smith");
    ASSERT_EQ(r.tags.size(), 1u);
    EXPECT_EQ(r.tags[0].second, "WBC 2026");
}

TEST(ReportFields, Sha256OfTheFilesBytes) {
    const fs::path path = fs::temp_directory_path() / ("referee-content-" + std::to_string(::getpid()) + ".log");
    const std::string text = std::string(kGame) + "\xEF\xBB\xBF";  // any bytes, as they are
    std::ofstream(path, std::ios::binary) << text;
    const Report r = check_file(path.string(), {});
    EXPECT_EQ(r.sha256, sha256_hex(text));
    fs::remove(path);
    // A file that cannot be read has none.
    EXPECT_EQ(check_file(path.string(), {}).sha256, "");
}
