// Hostile uploads (issue 20): what a game says reaches no terminal raw, and a report that cannot be
// written is a failure. A save whose every name (players, tags, units, chat, claims, and the file's
// own name) holds ESC, BEL, CR, LF and U+202E is checked, and its report in every format is read
// byte by byte: no control byte but the report's own line feeds, no bidirectional control, no
// byte that is not UTF-8; and it has as many lines as the same game with plain names.
#include "check.hpp"
#include "report.hpp"
#include "shown.hpp"

#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

using namespace referee;
namespace fs = std::filesystem;

namespace {

// The hostile pieces, as XML character references, and what each stands for.
constexpr std::string_view kEvil = "&#27;]0;owned&#7;&#13;&#10;forged: error&#x202E;&#27;]52;c;Y3VybA==&#7;&#27;[2J";

// A Marye's Heights save with the units of its own (setup custom), a chat, a claim, a record of an
// unknown unit (its message quotes the name) and an unknown tag. `evil`: the text put in each name.
std::string save(std::string_view evil) {
    const std::string e(evil);
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<referee-save format=\"1\" scenario=\"maryes-heights\">\n"
           "  <tag name=\"event\" value=\"Cup" + e + "\"/>\n"
           "  <tag name=\"round\" value=\"2" + e + "\"/>\n"
           "  <player side=\"Union\" name=\"U" + e + "\"/>\n"
           "  <player side=\"Confederate\" name=\"C" + e + "\"/>\n"
           "  <setup mode=\"custom\"/>\n"
           "  <unit id=\"Hx" + e + "\" side=\"Union\" type=\"infantry\" strength=\"4\" at=\"0514\"/>\n"
           "  <unit id=\"Cobb\" side=\"Confederate\" type=\"infantry\" strength=\"6\" at=\"1113\"/>\n"
           "  <log>\n"
           "    <turn n=\"1\"/>\n"
           "    <phase side=\"Union\" name=\"movement\"/>\n"
           "    <move unit=\"Hx" + e + "\" path=\"0514 0614\"/>\n"
           "    <move unit=\"Nobody" + e + "\" path=\"0614 0714\"/>\n"
           "    <chat speaker=\"Union\" text=\"gg" + e + "\"/>\n"
           "    <claim winner=\"Union" + e + "\"/>\n"
           "  </log>\n"
           "</referee-save>\n";
}

const std::string kHostileName = "game\x1b]0;x\x07\nb\r\xE2\x80\xAE" "lmx.xml";

// Every byte of `out` is printable ASCII, a line feed, or part of a well-formed UTF-8 character
// that is neither a C1 nor a bidirectional control: plain_text over each line.
void expect_clean(const std::string& out, const std::string& what) {
    std::size_t begin = 0;
    while (begin <= out.size()) {
        std::size_t end = out.find('\n', begin);
        if (end == std::string::npos) end = out.size();
        const std::string_view line(out.data() + begin, end - begin);
        EXPECT_TRUE(plain_text(line)) << what << ": a raw control, bidirectional control or bad byte in: " << escape_for_terminal(line);
        begin = end + 1;
    }
    EXPECT_EQ(out.find("\xE2\x80\xAE"), std::string::npos) << what;
    EXPECT_EQ(out.find('\x1b'), std::string::npos) << what;
}

std::size_t lines(const std::string& s) { return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n')); }

#ifdef REFEREE_PROGRAM
// Runs a shell command line; its exit status (-1 when it did not exit).
int shell(const std::string& command) {
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("referee-hostile-output-" + std::to_string(::getpid()) + "-" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}
#endif

}  // namespace

TEST(HostileOutput, TheNamesReallyHoldControlCharacters) {
    const Report r = check_text(save(kEvil), kHostileName, CheckOptions{});
    ASSERT_EQ(r.players.size(), 2u);
    EXPECT_NE(r.players[0].name.find('\x1b'), std::string::npos);
    EXPECT_NE(r.players[0].name.find('\n'), std::string::npos);
    EXPECT_NE(r.players[0].name.find("\xE2\x80\xAE"), std::string::npos);
    ASSERT_FALSE(r.violations.empty());
    bool quoted = false;   // a message quotes a name with its ESC
    for (const Violation& v : r.violations) quoted = quoted || v.message.find('\x1b') != std::string::npos;
    EXPECT_TRUE(quoted);
}

TEST(HostileOutput, EveryReportFormatShowsThemEscaped) {
    const Report hostile = check_text(save(kEvil), kHostileName, CheckOptions{});
    const Report plain = check_text(save("plain"), "gamelmx.xml", CheckOptions{});
    const std::string text = render_text(hostile);
    expect_clean(text, "text");
    EXPECT_EQ(lines(text), lines(render_text(plain))) << text;   // no line forged
    EXPECT_NE(text.find("game\\x1b]0;x\\x07\\nb\\r\\u202elmx.xml: "), std::string::npos) << text;
    EXPECT_NE(text.find("\\x1b]52;c;Y3VybA==\\x07"), std::string::npos) << text;

    const std::string csv = render_csv_row(hostile);
    expect_clean(csv, "csv");
    EXPECT_EQ(lines(csv), 1u) << csv;
    EXPECT_NE(csv.find("U\\x1b]0;owned\\x07\\r\\nforged: error\\u202e"), std::string::npos) << csv;

    for (const std::string& json : {render_json_one(hostile), render_json_line(hostile)}) {
        expect_clean(json, "json");
        EXPECT_NE(json.find("\\u001b]0;owned\\u0007\\r\\nforged: error\\u202e"), std::string::npos) << json;
    }
    EXPECT_EQ(lines(render_json_line(hostile)), 1u);
}

TEST(HostileOutput, InvalidUtf8InAReportIsNoFailure) {
    Report r = check_text(save("x"), "bad\xff\xC0\xAF.xml", CheckOptions{});
    r.violations.push_back({"syntax", true, 1, 1, "", "quoted \xED\xA0\x80 \xE2\x80", std::nullopt});
    std::string json;
    ASSERT_NO_THROW(json = render_json_one(r));
    expect_clean(json, "json");
    EXPECT_NE(json.find("bad\xEF\xBF\xBD"), std::string::npos) << json;   // U+FFFD, the JSON writer's replacement
    const std::string text = render_text(r);
    expect_clean(text, "text");
    EXPECT_NE(text.find("bad\\xff\\xc0\\xaf.xml"), std::string::npos);
    EXPECT_NE(text.find("quoted \\xed\\xa0\\x80 \\xe2\\x80"), std::string::npos);
}

#ifdef REFEREE_PROGRAM
// The program on a file whose name holds ESC, BEL, LF, CR and U+202E: each format's standard output
// and standard error are clean, the page too.
TEST(HostileOutput, TheCommandShowsAHostileFileNameEscaped) {
    const fs::path dir = scratch("names");
    const fs::path game = dir / kHostileName;
    std::ofstream(game, std::ios::binary) << save(kEvil);
    for (const char* format : {"text", "json", "jsonl", "csv", "html"}) {
        const fs::path out = dir / (std::string("out.") + format), err = dir / (std::string("err.") + format);
        const int rc = shell(std::string("cd '") + dir.string() + "' && '" REFEREE_PROGRAM "' check --format " + format + " game* > '" + out.string() +
                             "' 2> '" + err.string() + "'");
        EXPECT_EQ(rc, 1) << format;   // judged, with errors (the unknown unit)
        const std::string o = slurp(out);
        EXPECT_FALSE(o.empty()) << format;
        expect_clean(o, format);
        expect_clean(slurp(err), std::string(format) + " (standard error)");
    }
    // A batch of it and a copy: the duplicate's message names the other file; pages in a folder.
    fs::copy_file(game, dir / ("game2" + kHostileName.substr(4)));
    const fs::path out = dir / "out.batch", err = dir / "err.batch";
    EXPECT_EQ(shell("cd '" + dir.string() + "' && '" REFEREE_PROGRAM "' check -j1 game* > '" + out.string() + "' 2> '" + err.string() + "'"), 1);
    expect_clean(slurp(out), "batch");
    EXPECT_NE(slurp(out).find("the same file as game\\x1b"), std::string::npos) << slurp(out);
    EXPECT_EQ(shell("cd '" + dir.string() + "' && '" REFEREE_PROGRAM "' check --format html --output pages game* > '" + out.string() + "' 2> '" +
                    err.string() + "'"),
              1);
    expect_clean(slurp(err), "pages (standard error)");
    for (const auto& e : fs::directory_iterator(dir / "pages")) expect_clean(slurp(e.path()), e.path().filename().string());
    // Its position, and a usage error naming it.
    EXPECT_EQ(shell("cd '" + dir.string() + "' && '" REFEREE_PROGRAM "' position game[!2]* > '" + out.string() + "' 2> '" + err.string() + "'"), 0);
    expect_clean(slurp(out), "position");
    EXPECT_EQ(shell("cd '" + dir.string() + "' && '" REFEREE_PROGRAM "' check --scenario game[!2]* game[!2]* > '" + out.string() + "' 2> '" + err.string() + "'"), 2);
    expect_clean(slurp(err), "usage error");
    EXPECT_NE(slurp(err).find("game\\x1b]0;x\\x07\\nb"), std::string::npos) << slurp(err);
    fs::remove_all(dir);
}

// A scenario file of the game's own whose title, id and ruling hold the same: `scenarios --show` in
// text and JSON, and the report of a game checked with it.
TEST(HostileOutput, AScenarioFileShowsItsNamesEscaped) {
    const fs::path dir = scratch("scenario");
    const std::string e(kEvil);
    std::ofstream(dir / "club.xml", std::ios::binary)
        << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<scenario format=\"1\" extends=\"maryes-heights\" id=\"club\" title=\"Club" << e
        << "\">\n  <rulings>\n    <ruling id=\"M2\">Club rules" << e << "</ruling>\n  </rulings>\n</scenario>\n";
    std::ofstream(dir / "game.xml", std::ios::binary) << save(kEvil);
    const fs::path out = dir / "out", err = dir / "err";
    for (const char* format : {"text", "json"}) {
        EXPECT_EQ(shell("'" REFEREE_PROGRAM "' scenarios --show '" + (dir / "club.xml").string() + "' --format " + format + " > '" + out.string() +
                        "' 2> '" + err.string() + "'"),
                  0)
            << slurp(err);
        const std::string o = slurp(out);
        expect_clean(o, std::string("scenarios --show, ") + format);
        EXPECT_NE(o.find(std::string_view(format) == "json" ? "Club rules\\u001b]0;owned" : "Club rules\\x1b]0;owned"), std::string::npos) << o;
    }
    EXPECT_EQ(shell("'" REFEREE_PROGRAM "' check --scenario '" + (dir / "club.xml").string() + "' '" + (dir / "game.xml").string() + "' > '" +
                    out.string() + "' 2> '" + err.string() + "'"),
              1);
    expect_clean(slurp(out), "check --scenario");
    EXPECT_NE(slurp(out).find("M2 (file club.xml): Club rules\\x1b]0;owned\\x07 forged: error\\u202e"), std::string::npos) << slurp(out);
    fs::remove_all(dir);
}

// A report that cannot be written (standard output on /dev/full: ENOSPC) is exit status 2 with one
// message on standard error, in every format and command.
TEST(HostileOutput, AReportThatCannotBeWrittenIsAFailure) {
    if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
    const fs::path dir = scratch("full");
    const std::string sample = std::string(REFEREE_SOURCE_DIR) + "/samples/maryes-heights/automatic-victory.log";
    const std::string two = sample + "' '" + std::string(REFEREE_SOURCE_DIR) + "/samples/maryes-heights/disputed-claims.log";
    const std::vector<std::string> commands = {
        "check '" + sample + "'",
        "check --format json '" + sample + "'",
        "check --format jsonl '" + sample + "'",
        "check --format csv '" + sample + "'",
        "check --format html '" + sample + "'",
        "check '" + two + "'",
        "check --format json '" + two + "'",
        "position '" + sample + "'",
        "position --format json '" + sample + "'",
        "position --format svg '" + sample + "'",
        "scenarios",
        "scenarios --show maryes-heights",
        "scenarios --show maryes-heights --format json",
    };
    const fs::path err = dir / "err";
    for (const std::string& c : commands) {
        EXPECT_EQ(shell("'" REFEREE_PROGRAM "' " + c + " > /dev/full 2> '" + err.string() + "'"), 2) << c;
        EXPECT_EQ(slurp(err), "referee: cannot write the report: No space left on device\n") << c;
    }
    // --output DIR: a page that cannot be written is said, with why.
    const fs::path pages = dir / "pages";
    fs::create_directories(pages);
    fs::create_directories(pages / "index.html");   // a folder where the index would go
    EXPECT_EQ(shell("'" REFEREE_PROGRAM "' check --format html --output '" + pages.string() + "' '" + sample + "' 2> '" + err.string() + "'"), 2);
    EXPECT_NE(slurp(err).find("cannot write " + (pages / "index.html").string() + ": Is a directory"), std::string::npos) << slurp(err);
    fs::remove_all(dir);
}

// A reader that closes the pipe early ends referee by SIGPIPE, as any filter (`| head`): no message;
// when SIGPIPE is ignored, exit status 2 and the reason.
TEST(HostileOutput, AClosedPipeEndsQuietly) {
    const fs::path dir = scratch("pipe");
    const std::string sample = std::string(REFEREE_SOURCE_DIR) + "/samples/maryes-heights/automatic-victory.log";
    std::string many;
    for (int i = 0; i < 200; ++i) many += " '" + sample + "'";
    const fs::path err = dir / "err";
    EXPECT_EQ(shell("'" REFEREE_PROGRAM "' check -j1" + many + " 2> '" + err.string() + "' | head -c 10 > /dev/null"), 0);
    EXPECT_EQ(slurp(err), "");
    // With SIGPIPE ignored (by whatever started referee), the closed pipe is a write error like any.
    const fs::path rc = dir / "rc";
    shell("(trap '' PIPE; '" REFEREE_PROGRAM "' check -j1" + many + " 2> '" + err.string() + "'; echo $? > '" + rc.string() + "') | head -c 10 > /dev/null");
    EXPECT_EQ(slurp(rc), "2\n");
    EXPECT_EQ(slurp(err), "referee: cannot write the report: Broken pipe\n");
    fs::remove_all(dir);
}
#endif
