// The digest of a game's records (validator/check/digest.hpp), by which a batch finds two files that
// hold the same game (report.md, "A tournament's batch": a `duplicate` note naming the other file).
#include "check.hpp"
#include "digest.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace referee;

namespace {

std::string digest(const std::string& text, const std::string& file = "a.log") {
    CheckOptions o;
    o.digest = true;
    return check_text(text, file, o).digest;
}

const std::string kLog =
    "game maryes-heights\n"
    "tag event \"Club ladder\"\n"
    "player Union \"A. Smith\"\n"
    "turn 1\n"
    "phase Union movement\n"
    "move 1/II 0810 0911\n"
    "chat Union \"good luck\"\n";

}  // namespace

TEST(Digest, SixtyFourHexDigitsOnlyWhenAskedFor) {
    const std::string d = digest(kLog);
    ASSERT_EQ(d.size(), 64u);
    EXPECT_EQ(d.find_first_not_of("0123456789abcdef"), std::string::npos) << d;
    EXPECT_EQ(check_text(kLog, "a.log", {}).digest, "");  // a single check does not compute it
}

TEST(Digest, TheSameRecordsWhateverTheirCommentsAndWhiteSpace) {
    const std::string other =
        "\xEF\xBB\xBF# Round 2, table 4\n"
        "game   maryes-heights   # the scenario\r\n"
        "\n"
        "tag event \"Club ladder\"\r\n"
        "player\tUnion \"A. Smith\"\n"
        "   turn 1\n"
        "phase Union movement\n"
        "move 1/II 0810 -> 0911   # forward\n"
        "chat Union \"good luck\"\n"
        "# end of the file\n";
    EXPECT_EQ(digest(kLog), digest(other, "b.log"));
    // The file's name is not part of it.
    EXPECT_EQ(digest(kLog, "x.log"), digest(kLog, "y.log"));
}

TEST(Digest, AnyDifferenceInARecordIsAnotherGame) {
    const std::string base = digest(kLog);
    for (const auto& [from, to] : std::initializer_list<std::pair<std::string, std::string>>{
             {"0911", "0912"},                  // a location
             {"\"A. Smith\"", "\"A. Smyth\""},  // a player's name
             {"good luck", "good luck!"},       // a chat's text (a record, not a comment)
             {"Club ladder", "Club Ladder"},    // case
             {"move 1/II 0810 0911\n", "move 1/II 0810 0911\nmove 1/II 0911 0810\n"},
             {"tag event \"Club ladder\"\n", ""},
         }) {
        std::string changed = kLog;
        changed.replace(changed.find(from), from.size(), to);
        EXPECT_NE(digest(changed), base) << from << " -> " << to;
    }
    // The same names in other fields: another game.
    EXPECT_NE(digest("game maryes-heights\ntag a b\n"), digest("game maryes-heights\ntag b a\n"));
    EXPECT_NE(digest("game maryes-heights\ntag ab c\n"), digest("game maryes-heights\ntag a bc\n"));
}

TEST(Digest, NoneWithSyntaxErrors) {
    EXPECT_EQ(digest(kLog + "mvoe x\n"), "");
}

TEST(Digest, InPiecesAsWhole) {
    // More records than one chunk of the digest's buffer: the digest of the same records is the same,
    // and differs from the digest of one record less.
    std::string big = "game maryes-heights\nturn 1\nphase Union movement\n";
    for (int i = 0; i < 3000; ++i) big += "move 1/II 0810 0911 0810\n";
    const std::string d = digest(big);
    EXPECT_EQ(digest(big), d);
    EXPECT_NE(digest(big.substr(0, big.size() - 25)), d);
}

TEST(Digest, NamesByTheirNumberAfterTheFirstTime) {
    // A name is written whole once, then by its number: the same names in another order, a name
    // again where a new one came, and a new one where a name came again are all other games.
    const std::string d = digest("game maryes-heights\ntag a b\ntag b a\n");
    EXPECT_NE(d, digest("game maryes-heights\ntag a b\ntag a b\n"));
    EXPECT_NE(d, digest("game maryes-heights\ntag b a\ntag a b\n"));
    EXPECT_NE(d, digest("game maryes-heights\ntag a b\ntag c a\n"));
    EXPECT_EQ(d, digest("game maryes-heights\n# again\ntag  a  b\ntag b a\n"));
}

TEST(Digest, LongNames) {
    // A name longer than half the digest's buffer is hashed on its own: the same text gives the
    // same digest, one byte more or another byte another.
    const std::string word(20000, 'w');
    const std::string d = digest("game maryes-heights\ntag a " + word + "\ntag b c\n");
    EXPECT_EQ(d, digest("game maryes-heights\ntag a " + word + "\ntag b c\n"));
    EXPECT_NE(d, digest("game maryes-heights\ntag a " + word + "w\ntag b c\n"));
    EXPECT_NE(d, digest("game maryes-heights\ntag a " + word.substr(1) + "v\ntag b c\n"));
}

TEST(Digest, AMoveLogAndAnXmlSaveOfTheSameRecords) {
    // The same records, one game as a move log and as an XML save (xml-save.md: "the same records as
    // the move log"): the same game. A save's snapshot is not part of it.
    const std::string save =
        "<?xml version=\"1.0\"?>\n<referee-save format=\"1\" scenario=\"maryes-heights\">\n"
        "  <tag name=\"event\" value=\"Club ladder\"/>\n  <player side=\"Union\" name=\"A. Smith\"/>\n"
        "  <log>\n    <turn n=\"1\"/>\n    <phase side=\"Union\" name=\"movement\"/>\n"
        "    <move unit=\"1/II\" path=\"0810 0911\"/>\n    <chat speaker=\"Union\" text=\"good luck\"/>\n  </log>\n"
        "</referee-save>\n";
    EXPECT_EQ(digest(save, "a.xml"), digest(kLog));
    std::string with_snapshot = save;
    with_snapshot.insert(with_snapshot.find("</referee-save>"), "  <snapshot turn=\"1\"/>\n");
    EXPECT_EQ(digest(with_snapshot, "b.xml"), digest(kLog));
}
