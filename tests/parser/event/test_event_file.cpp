// The event file (parser/event/event_file.hpp; event.md, "referee event"): event.md's example read
// whole; each error at its line and column, every error of a file at once, a did-you-mean for a
// mistaken key; paths kept inside the event's folder; the limits on hostile files.
#include "event_file.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace referee::event {
namespace {

// event.md's example, as a director would write it.
const std::string kExample = R"(name = "Gettysburg 2026, Cemetery Hill"
games = ["round-1", "round-2", "round-3/*.vlog"]   # files and folders

[scoring]
win = 1
draw = 0.5
loss = 0
tiebreaks = ["head-to-head", "opponents-points", "margin", "wins"]

[[judge]]
files = "round-3/*.vlog"
module = "modules/bluegray.vmod"
scenario = "bindings/cemetery-hill.xml"
param = { }

[[players]]
name = "Anna Kowalczyk"
aliases = ["A. Kowalczyk", "anna_k"]

[[rulings]]
file = "round-2/smith-jones.log"
result = "Union"
why = "protest upheld: the 14.4 exit at line 88 is taken back"
)";

TEST(EventFile, TheSpecsExampleIsReadWhole) {
    const EventRead r = parse_event(kExample, "events/gettysburg.toml");
    ASSERT_TRUE(r.errors.empty()) << r.errors.front().message;
    const EventFile& e = *r.event;
    EXPECT_EQ(e.name, "Gettysburg 2026, Cemetery Hill");
    EXPECT_EQ(e.folder, "events");
    ASSERT_EQ(e.games.size(), 3u);
    EXPECT_EQ(e.games[2].first, "round-3/*.vlog");
    EXPECT_EQ(e.games[0].second.line, 2u);
    EXPECT_EQ(e.scoring.draw, 0.5);
    EXPECT_EQ(e.scoring.tiebreaks.size(), 4u);
    ASSERT_EQ(e.judges.size(), 1u);
    EXPECT_EQ(e.judges[0].module, "modules/bluegray.vmod");
    EXPECT_EQ(e.judges[0].scenario, "bindings/cemetery-hill.xml");
    ASSERT_EQ(e.players.size(), 1u);
    EXPECT_EQ(e.players[0].aliases, (std::vector<std::string>{"A. Kowalczyk", "anna_k"}));
    ASSERT_EQ(e.rulings.size(), 1u);
    EXPECT_EQ(e.rulings[0].result, "Union");
    EXPECT_EQ(e.rulings[0].at.line, 20u);
}

TEST(EventFile, ATomlErrorIsOneErrorAtItsLineAndColumn) {
    const EventRead r = parse_event("name = \"x\"\ngames = [\"a\",\n[scoring]\n", "e.toml");
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_FALSE(r.event);
    EXPECT_EQ(r.errors[0].at.line, 3u);
    EXPECT_GT(r.errors[0].at.column, 0u);
    EXPECT_EQ(error_line("e.toml", r.errors[0]).rfind("e.toml:3:", 0), 0u);
}

TEST(EventFile, EveryErrorIsSaidAtOnceInTheOrderOfTheFile) {
    const EventRead r = parse_event(
        "nmae = \"x\"\ngames = [\"../other\", \"/etc\", \"ok\"]\n[scoring]\nwin = \"one\"\ntiebreaks = [\"head-to-haed\"]\n"
        "[[players]]\nname = \"Bo\"\n[[players]]\nname = \"Li\"\naliases = [\"Bo\"]\n[[rulings]]\nfile = \"a.log\"\nresult = \"forfeit\"\n",
        "e.toml");
    EXPECT_FALSE(r.event);
    ASSERT_EQ(r.errors.size(), 7u);
    EXPECT_EQ(r.errors[0].at.line, 1u);
    EXPECT_NE(r.errors[0].message.find("did you mean 'name'"), std::string::npos) << r.errors[0].message;
    EXPECT_NE(r.errors[1].message.find("leaves the event file's folder"), std::string::npos);
    EXPECT_NE(r.errors[2].message.find("not relative"), std::string::npos);
    EXPECT_EQ(r.errors[3].at.line, 4u);
    EXPECT_NE(r.errors[4].message.find("did you mean 'head-to-head'"), std::string::npos) << r.errors[4].message;
    EXPECT_NE(r.errors[5].message.find("already a player's name"), std::string::npos);
    EXPECT_EQ(r.errors[6].at.line, 13u);
    for (std::size_t k = 1; k < r.errors.size(); ++k) EXPECT_LE(r.errors[k - 1].at.line, r.errors[k].at.line);
}

TEST(EventFile, GamesAreNeeded) {
    const EventRead r = parse_event("name = \"x\"\n", "e.toml");
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(error_line("e.toml", r.errors[0]), "e.toml: error: the event file names no games (games = [\"FOLDER\", ...])");
}

TEST(EventFile, NoPathLeavesTheFolder) {
    std::string why;
    EXPECT_TRUE(plain_relative_path("round-1/a.log", why));
    EXPECT_TRUE(plain_relative_path("round-3/*.vlog", why));
    EXPECT_TRUE(plain_relative_path("a..b/c", why));  // a name with dots, not a step out
    EXPECT_FALSE(plain_relative_path("round-1/../../x", why));
    EXPECT_FALSE(plain_relative_path("..", why));
    EXPECT_FALSE(plain_relative_path("/abs", why));
    EXPECT_FALSE(plain_relative_path("C:x", why));
    EXPECT_FALSE(plain_relative_path("", why));
    EXPECT_FALSE(plain_relative_path("a\\..\\b", why));
}

TEST(EventFile, DeepNestingIsOneError) {
    const std::string deep = "games = " + std::string(100000, '[') + std::string(100000, ']') + "\n";
    const EventRead r = parse_event(deep, "e.toml");
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_FALSE(r.event);
}

TEST(EventFile, TooManyPlayersIsOneError) {
    std::string text = "games = [\"a\"]\n";
    for (std::size_t k = 0; k <= kMaxPlayers; ++k) text += "[[players]]\nname = \"p" + std::to_string(k) + "\"\n";
    const EventRead r = parse_event(text, "e.toml");
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_NE(r.errors[0].message.find("at most 10000"), std::string::npos) << r.errors[0].message;
}

TEST(EventFile, AFileTooLargeIsRefusedBeforeItIsRead) {
    const std::filesystem::path p = std::filesystem::temp_directory_path() / "referee-event-large.toml";
    {
        std::ofstream out(p, std::ios::binary);
        out.seekp(static_cast<std::streamoff>(kMaxEventBytes) + 10);
        out.put('\n');  // a sparse file: its size, not its bytes, is what is refused
    }
    const EventRead r = read_event_file(p.string());
    std::filesystem::remove(p);
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_NE(r.errors[0].message.find("is not read"), std::string::npos);
}

TEST(EventFile, AMissingFileIsOneError) {
    const EventRead r = read_event_file("/nonexistent/event.toml");
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(r.errors[0].at.line, 0u);
}

}  // namespace
}  // namespace referee::event
