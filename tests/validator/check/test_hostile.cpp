// Hostile inputs (issue 6, item 3), one test each: empty files, binary garbage, a 100 MB line, a
// million unit records, deep XML nesting, entity expansion, numbers past 32 and 64 bits, a path of
// 100,000 locations, scenario files that are not there. Each must end in a clear message (with
// file, line and column where there is one) and exit status 2, or in a correct verdict, in bounded
// time and memory. The big inputs are made here, in memory.
#include "check.hpp"
#include "readers.hpp"
#include "scenario.hpp"
#include "report.hpp"
#include "report_matchers.hpp"

#include <gtest/gtest.h>

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <string_view>

using namespace referee;
using namespace referee::testing_support;
namespace fs = std::filesystem;

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

// Time allowed for one big input: a few seconds in an optimised build (the report gives the
// Release timings); the sanitizer build is several times slower.
constexpr double kBudgetSeconds = kSanitized ? 90.0 : 15.0;
// The longest message a hostile input may produce (report texts are cut at 4096 bytes).
constexpr std::size_t kMaxMessage = 4096 + 64;

Report check(const std::string& text, CheckOptions o = {}, const std::string& file = "hostile.log") {
    return check_text(text, file, o);
}

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

std::string listing(const Report& r) {
    std::string s;
    for (const auto& v : r.violations) {
        s += std::to_string(v.line) + ":" + std::to_string(v.col) + ": " + v.code + ": ";
        s += v.message.size() > 200 ? v.message.substr(0, 200) + "..." : v.message;
        s += "\n";
    }
    return s;
}

struct Timer {
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); }
};

// Peak resident memory of this process (each test runs in its own process under ctest), in MiB.
long peak_rss_mib() {
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss / 1024;
}

void report_cost(const char* what, double seconds) {
    std::cout << "[ cost     ] " << what << ": " << seconds << " s, peak RSS " << peak_rss_mib() << " MiB\n";
}

// Not judged, exit status 2, and at least one error; every message bounded.
void expect_not_judged(const Report& r) {
    EXPECT_FALSE(r.judged) << listing(r);
    EXPECT_EQ(r.exit_status(), 2);
    EXPECT_FALSE(r.result.winner.has_value());
    EXPECT_TRUE(r.has_errors()) << listing(r);
    for (const auto& v : r.violations) EXPECT_LE(v.message.size(), kMaxMessage);
}

const Violation* first_of(const Report& r, const std::string& code) { return find(r, code); }

// A string literal with its NUL bytes.
template <std::size_t N>
std::string bytes(const char (&s)[N]) {
    return std::string(s, N - 1);
}

std::string turns(int from, int to) {
    std::string s;
    for (int t = from; t <= to; ++t) s += "turn " + std::to_string(t) + "\n";
    return s;
}

// A temporary file, removed at the end of the test.
struct TempFile {
    fs::path path;
    TempFile(const std::string& name, const std::string& text) {
        path = fs::temp_directory_path() / ("referee-hostile-" + std::to_string(::getpid()) + "-" + name);
        std::ofstream(path, std::ios::binary) << text;
    }
    ~TempFile() {
        std::error_code ec;
        fs::remove(path, ec);
    }
};

}  // namespace

// --- 1. empty inputs -------------------------------------------------------------------------

TEST(Hostile, EmptyMoveLog) {
    // No record at all: nothing names the scenario; the message says the file holds no record.
    for (const std::string& text : {std::string(), std::string("  \n\t\n# only a comment\n   # another\n\n"),
                                   std::string("\xEF\xBB\xBF"), std::string("\xEF\xBB\xBF\r\n\r\n")}) {
        const Report r = check(text, {}, "empty.log");
        expect_not_judged(r);
        ASSERT_EQ(r.violations.size(), 1u) << listing(r);
        EXPECT_EQ(r.violations[0].code, "unknown-scenario");
        EXPECT_TRUE(contains(r.violations[0].message, "holds no record")) << r.violations[0].message;
        EXPECT_EQ(r.violations[0].line, 1u);
        EXPECT_EQ(r.violations[0].col, 1u);
        EXPECT_TRUE(contains(render_text(r), "empty.log: not judged: unknown-scenario\n")) << render_text(r);
        EXPECT_TRUE(contains(render_text(r), "empty.log:1:1: error: unknown-scenario: ")) << render_text(r);
    }
}

TEST(Hostile, EmptyMoveLogWithAScenarioIsAnIncompleteGame) {
    // With --scenario the empty record is a game that stopped before its first turn (G5): no
    // winner, the incomplete warning and the standing before play.
    CheckOptions o;
    o.scenario = "maryes-heights";
    const Report r = check("", o, "empty.log");
    ASSERT_TRUE(r.judged) << listing(r);
    EXPECT_EQ(r.exit_status(), 0);
    EXPECT_FALSE(r.complete);
    EXPECT_FALSE(r.result.winner.has_value());
    ASSERT_TRUE(r.result.provisional.has_value());
    EXPECT_EQ(r.result.provisional->turn, 0);
    EXPECT_EQ(count_code(r, "incomplete"), 1) << listing(r);
}

TEST(Hostile, EmptyXmlSave) {
    for (const std::string& text : {std::string("<?xml version=\"1.0\"?>"), std::string("<?xml version=\"1.0\"?>\n\n"),
                                   std::string("\xEF\xBB\xBF<?xml version=\"1.0\"?><!-- nothing -->\n")}) {
        const Report r = check(text, {}, "empty.xml");
        expect_not_judged(r);
        const Violation* v = first_of(r, "syntax");
        ASSERT_NE(v, nullptr) << listing(r);
        EXPECT_TRUE(contains(v->message, "malformed XML: No document element found")) << v->message;
        EXPECT_GE(v->line, 1u);
        EXPECT_GE(v->col, 1u);
        EXPECT_TRUE(contains(render_text(r), "empty.xml:" + std::to_string(v->line) + ":" + std::to_string(v->col) + ": error: syntax: "));
    }
    // The root alone, with no scenario attribute: a syntax error, not a verdict.
    const Report bare = check("<?xml version=\"1.0\"?>\n<referee-save format=\"1\"/>\n", {}, "bare.xml");
    expect_not_judged(bare);
}

// --- 2. binary garbage -----------------------------------------------------------------------

TEST(Hostile, RandomBytes) {
    // Random bytes (NULs and invalid UTF-8 among them), read as a move log and, behind a '<', as a
    // save: plainly no game record, said once (report.md, "A tournament's batch"), never a verdict.
    std::mt19937 rng(20260801);
    std::uniform_int_distribution<int> byte(0, 255);
    for (int round = 0; round < 20; ++round) {
        std::string text(64 * 1024, '\0');
        for (char& c : text) c = static_cast<char>(byte(rng));
        if (round % 2 == 1) std::replace(text.begin(), text.end(), '\0', 'a');  // past the NUL checks
        for (const bool save : {false, true}) {
            std::string in = text;
            if (save) in.insert(in.begin(), '<');
            else if (in[0] == '<' || in[0] == ' ' || in[0] == '\t' || in[0] == '\r' || in[0] == '\n') in[0] = 'x';
            const Timer t;
            const Report r = check(in, {}, save ? "garbage.xml" : "garbage.log");
            EXPECT_LT(t.seconds(), kBudgetSeconds);
            expect_not_judged(r);
            ASSERT_EQ(r.violations.size(), 1u) << listing(r);
            EXPECT_EQ(r.violations[0].code, "not-a-game-record");
            EXPECT_TRUE(contains(r.violations[0].message, "binary data")) << r.violations[0].message;
            EXPECT_FALSE(r.game_record);
        }
    }
}

TEST(Hostile, NulAndInvalidUtf8) {
    // In a move log: the byte and where it is.
    Report r = check("game maryes-heights\nturn 1\ntag x \xC3\x28\n");
    expect_not_judged(r);
    EXPECT_TRUE(has(r, "syntax", 3));
    EXPECT_EQ(first_of(r, "syntax")->col, 7u);
    EXPECT_TRUE(contains(first_of(r, "syntax")->message, "invalid UTF-8: byte 0xC3"));

    r = check(bytes("game maryes-heights\ntag x a\0b\n"));
    expect_not_judged(r);
    EXPECT_TRUE(has(r, "syntax", 2));
    EXPECT_EQ(first_of(r, "syntax")->col, 8u);
    EXPECT_TRUE(contains(first_of(r, "syntax")->message, "control character U+0000"));

    // In a save: a NUL byte, and bytes that are not UTF-8 (pugixml checks neither).
    r = check(bytes("<referee-save format=\"1\" scenario=\"maryes-heights\">\0</referee-save>"), {}, "nul.xml");
    expect_not_judged(r);
    EXPECT_TRUE(contains(first_of(r, "syntax")->message, "NUL byte")) << listing(r);
    EXPECT_EQ(first_of(r, "syntax")->line, 1u);

    r = check("<?xml version=\"1.0\"?>\n<referee-save format=\"1\" scenario=\"maryes-heights\"><log><turn n=\"1\"/>\n"
              "<move unit=\"\xFF\xFE\" path=\"0506 0507\"/></log></referee-save>\n",
              {}, "latin.xml");
    expect_not_judged(r);
    const Violation* v = first_of(r, "syntax");
    ASSERT_NE(v, nullptr) << listing(r);
    EXPECT_TRUE(contains(v->message, "invalid UTF-8: byte 0xFF")) << v->message;
    EXPECT_EQ(v->line, 3u);
    EXPECT_EQ(v->col, 13u);
    // An overlong form and a surrogate are not UTF-8 either.
    for (const std::string& bad : {std::string("\xC0\xAF"), std::string("\xED\xA0\x80"), std::string("\xF4\x90\x80\x80")}) {
        r = check("<referee-save format=\"1\" scenario=\"maryes-heights\"><tag name=\"a\" value=\"" + bad + "\"/><log/></referee-save>",
                  {}, "bad.xml");
        expect_not_judged(r);
        EXPECT_TRUE(contains(first_of(r, "syntax")->message, "invalid UTF-8")) << listing(r);
    }
    // Well-formed UTF-8 in a save is still read.
    r = check("<referee-save format=\"1\" scenario=\"maryes-heights\"><tag name=\"\xC3\xA9v\xC3\xA9nement\" value=\"\xF0\x9F\x98\x80\"/><log/></referee-save>",
              {}, "utf8.xml");
    EXPECT_TRUE(r.judged) << listing(r);
}

TEST(Hostile, LoneByteOrderMark) {
    // A BOM and nothing else is an empty move log (exit 2, no record); a BOM then '<' is a save.
    const Report log = check("\xEF\xBB\xBF", {}, "bom.log");
    expect_not_judged(log);
    EXPECT_TRUE(contains(log.violations[0].message, "holds no record"));
    const Report save = check("\xEF\xBB\xBF<", {}, "bom.xml");
    expect_not_judged(save);
    EXPECT_TRUE(has(save, "syntax", 1)) << listing(save);
}

// --- 3. a 100 MB line ------------------------------------------------------------------------

namespace {
constexpr std::size_t k100MB = std::size_t{100} << 20;

void expect_line_too_long(const std::string& text, std::uint32_t line, const char* what) {
    const Timer t;
    const Report r = check(text, {}, "long.log");
    const double secs = t.seconds();
    report_cost(what, secs);
    EXPECT_LT(secs, kBudgetSeconds);
    expect_not_judged(r);
    ASSERT_EQ(r.violations.size(), 1u) << listing(r);
    const Violation& v = r.violations[0];
    EXPECT_EQ(v.code, "syntax");
    EXPECT_EQ(v.line, line);
    EXPECT_EQ(v.col, 1u);
    EXPECT_TRUE(contains(v.message, "line too long")) << v.message;
    EXPECT_LT(v.message.size(), 200u);
    const std::string out = render_text(r);
    EXPECT_LT(out.size(), 1000u);
    EXPECT_TRUE(contains(out, "long.log:" + std::to_string(line) + ":1: error: syntax: line too long: ")) << out;
    EXPECT_LT(render_json(std::vector<Report>{r}).size(), 2000u);
}
}  // namespace

TEST(Hostile, HundredMegabyteChatLine) {
    std::string text = "game maryes-heights\nturn 1\nchat Union ";
    text.reserve(text.size() + k100MB + 1);
    while (text.size() < k100MB) text += "ab ";
    text += "\nturn 2\n";
    expect_line_too_long(text, 3, "100 MB chat line");
}

TEST(Hostile, HundredMegabyteWord) {
    std::string text = "game maryes-heights\nturn 1\n";
    text.append(k100MB, 'x');
    expect_line_too_long(text, 3, "100 MB word without spaces");
    // The same as an unterminated string, and as the operand of a record.
    text = "game maryes-heights\nturn 1\nchat Union \"";
    text.append(k100MB, 'z');
    expect_line_too_long(text, 3, "100 MB unterminated string");
    text = "game maryes-heights\nturn 1\nmove ";
    text.append(k100MB, 'u');
    text += " 0506 0507\n";
    expect_line_too_long(text, 3, "100 MB unit id");
}

TEST(Hostile, LongLineUnderTheLimitIsRead) {
    // A chat line of almost 8 MiB (2.8 million tokens) is a chat line: the game is judged.
    std::string text = "game maryes-heights\nturn 1\nchat Union";
    while (text.size() < kMaxRecordBytes) text += " ab";
    text += "\nturn 2\n";
    const Timer t;
    const Report r = check(text);
    report_cost("chat line of 8 MiB", t.seconds());
    EXPECT_LT(t.seconds(), kBudgetSeconds);
    EXPECT_TRUE(r.judged) << listing(r);
    EXPECT_EQ(r.exit_status(), 0) << listing(r);
    // A name of 1 MiB is quoted in a message, but cut: the message stays short.
    std::string id(std::size_t{1} << 20, 'u');
    const Report u = check("game maryes-heights\nturn 1\nphase Union movement\nmove " + id + " 0506 0507\n");
    ASSERT_TRUE(u.judged) << listing(u);
    const Violation* v = first_of(u, "unknown-unit");
    ASSERT_NE(v, nullptr) << listing(u);
    EXPECT_LE(v->message.size(), kMaxMessage);
    EXPECT_TRUE(contains(v->message, "[cut: ")) << v->message.substr(0, 100);
    EXPECT_LT(render_text(u).size(), 16u * 1024);
}

TEST(Hostile, HundredMegabyteXml) {
    const std::string head = "<?xml version=\"1.0\"?>\n<referee-save format=\"1\" scenario=\"maryes-heights\">\n"
                             "<setup mode=\"custom\"/><unit id=\"U\" side=\"Union\" type=\"infantry\" strength=\"6\" at=\"0506\"/>\n"
                             "<log><turn n=\"1\"/><phase side=\"Union\" name=\"movement\"/>\n";
    {  // a 100 MB attribute value: a syntax error naming the attribute, with the element's position
        std::string text = head + "<move unit=\"U\" path=\"";
        text.reserve(text.size() + k100MB + 64);
        while (text.size() < head.size() + k100MB) text += "0506 0507 ";
        text += "0506\"/>\n</log></referee-save>\n";
        const Timer t;
        const Report r = check(text, {}, "long.xml");
        report_cost("100 MB XML attribute", t.seconds());
        EXPECT_LT(t.seconds(), kBudgetSeconds);
        expect_not_judged(r);
        const Violation* v = first_of(r, "syntax");
        ASSERT_NE(v, nullptr) << listing(r);
        EXPECT_EQ(v->line, 5u);
        EXPECT_EQ(v->col, 1u);
        EXPECT_TRUE(contains(v->message, "attribute 'path' is too long")) << v->message;
        EXPECT_LT(render_text(r).size(), 1000u);
    }
    {  // a 100 MB element name: a warning whose message quotes 40 characters of it
        std::string text = head + "<";
        text.append(k100MB, 'x');
        text += "/>\n</log></referee-save>\n";
        const Timer t;
        const Report r = check(text, {}, "long.xml");
        report_cost("100 MB XML element name", t.seconds());
        EXPECT_LT(t.seconds(), kBudgetSeconds);
        EXPECT_TRUE(r.judged) << listing(r);
        const Violation* v = first_of(r, "unknown-element");
        ASSERT_NE(v, nullptr) << listing(r);
        EXPECT_EQ(v->line, 5u);
        EXPECT_LT(v->message.size(), 200u);
        EXPECT_LT(render_text(r).size(), 4000u);
    }
}

// --- 4. a million unit records ---------------------------------------------------------------

TEST(Hostile, MillionUnitRecords) {
    std::string text = "game maryes-heights\nsetup custom\n";
    text.reserve(45u << 20);
    for (int i = 0; i < 500000; ++i) {
        text += "unit U" + std::to_string(i) + " Union infantry 2 at 0506\n";
        text += "unit C" + std::to_string(i) + " Confederate infantry 3 at 1713\n";
    }
    text += "turn 1\nphase Union movement\nmove U499999 0506 0507\nphase Union combat\neliminate C7\nlose C8 2\n" +
            turns(2, 11) + "end\nclaim winner Union\nclaim score Union 5 Confederate 4\n";
    const Timer t;
    const Report r = check(text, {}, "million.log");
    const double secs = t.seconds();
    report_cost("1,000,000 unit records", secs);
    EXPECT_LT(secs, kBudgetSeconds);
    ASSERT_TRUE(r.judged) << listing(r);
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(r.exit_status(), 0) << listing(r);
    EXPECT_TRUE(r.violations.empty()) << listing(r);
    ASSERT_TRUE(r.result.winner.has_value());
    EXPECT_EQ(*r.result.winner, "Union");
    EXPECT_EQ(total(r, "Union"), 5);        // 17.11: C7's 3 SP and 2 of C8's
    EXPECT_EQ(total(r, "Confederate"), 4);  // 17.3
    for (const auto& c : r.claims) EXPECT_TRUE(c.agrees) << c.claim;
}

// --- 5. deep XML nesting ---------------------------------------------------------------------

TEST(Hostile, DeeplyNestedUnknownXml) {
    constexpr int kDepth = 100000;
    std::string open, close;
    for (int i = 0; i < kDepth; ++i) {
        open += "<x>";
        close += "</x>";
    }
    const std::string head = "<?xml version=\"1.0\"?>\n<referee-save format=\"1\" scenario=\"maryes-heights\">\n";
    struct Case {
        std::string text;
        std::uint32_t line, col;
    };
    const Case cases[] = {
        {head + open + close + "\n<log><turn n=\"1\"/></log></referee-save>\n", 3, 1},                         // in the root
        {head + "<log><turn n=\"1\"/>\n" + open + close + "</log></referee-save>\n", 4, 1},                     // in <log>
        {head + "<log><turn n=\"1\"/>\n<end>" + open + close + "</end></log></referee-save>\n", 4, 6},          // in a record
        {head + "<log><turn n=\"1\"/></log>\n<snapshot turn=\"1\">" + open + close + "</snapshot></referee-save>\n", 4, 20},
    };
    for (const Case& c : cases) {
        const Timer t;
        const Report r = check(c.text, {}, "deep.xml");
        EXPECT_LT(t.seconds(), kBudgetSeconds);
        ASSERT_TRUE(r.judged) << listing(r);
        EXPECT_EQ(count_code(r, "unknown-element"), 1) << listing(r);  // the outermost only: never descended into
        const Violation* v = first_of(r, "unknown-element");
        ASSERT_NE(v, nullptr);
        EXPECT_FALSE(v->error);
        EXPECT_EQ(v->line, c.line);
        EXPECT_EQ(v->col, c.col);
        EXPECT_TRUE(contains(render_text(r), "deep.xml:" + std::to_string(c.line) + ":" + std::to_string(c.col) + ": warning: unknown-element: <x>"));
    }
    // Never closed: malformed XML, with where the parser gave up.
    const Report r = check(head + open + "\n", {}, "deep.xml");
    expect_not_judged(r);
    const Violation* v = first_of(r, "syntax");
    ASSERT_NE(v, nullptr);
    EXPECT_TRUE(contains(v->message, "malformed XML")) << v->message;
    EXPECT_GE(v->line, 3u);
    EXPECT_GE(v->col, 1u);
}

// --- 6. entity expansion ---------------------------------------------------------------------

namespace {
const std::string kLaughs =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE lolz [\n"
    " <!ENTITY lol \"lol\">\n"
    " <!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n"
    " <!ENTITY lol2 \"&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;\">\n"
    " <!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">\n"
    " <!ENTITY lol4 \"&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;\">\n"
    " <!ENTITY lol5 \"&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;\">\n"
    " <!ENTITY lol6 \"&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;\">\n"
    " <!ENTITY lol7 \"&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;\">\n"
    " <!ENTITY lol8 \"&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;\">\n"
    " <!ENTITY lol9 \"&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;\">\n"
    " <!ENTITY xxe SYSTEM \"file:///etc/passwd\">\n"
    "]>\n";
}  // namespace

TEST(Hostile, BillionLaughsSave) {
    // Used in an attribute: an undefined entity (a DOCTYPE is never read), at the element.
    const Timer t;
    const Report r = check(kLaughs +
                               "<referee-save format=\"1\" scenario=\"maryes-heights\">\n"  // 15
                               "<tag name=\"x\" value=\"&lol9;\"/>\n"                      // 16
                               "<log><turn n=\"1\"/><chat speaker=\"Union\" text=\"&xxe;\"/></log>\n"
                               "</referee-save>\n",
                           {}, "lol.xml");
    EXPECT_LT(t.seconds(), 1.0 * (kSanitized ? 10 : 1));
    expect_not_judged(r);
    EXPECT_EQ(count_code(r, "syntax"), 2) << listing(r);
    EXPECT_TRUE(has(r, "syntax", 16));
    EXPECT_TRUE(has(r, "syntax", 17));
    EXPECT_TRUE(contains(first_of(r, "syntax")->message, "undefined entity '&lol9;'")) << listing(r);
    EXPECT_EQ(first_of(r, "syntax")->col, 1u);
    const std::string out = render_text(r);
    EXPECT_TRUE(contains(out, "lol.xml:16:1: error: syntax: ")) << out;
    EXPECT_FALSE(contains(out, "lollol")) << out;
    EXPECT_FALSE(contains(out, "root:")) << out;  // /etc/passwd was not read

    // Used only in text, which the format does not read: harmless, the game is judged.
    const Report h = check(kLaughs + "<referee-save format=\"1\" scenario=\"maryes-heights\">&lol9;<log>&lol9;<turn n=\"1\"/>&xxe;</log></referee-save>\n",
                           {}, "lol.xml");
    EXPECT_TRUE(h.judged) << listing(h);
    EXPECT_EQ(h.exit_status(), 0) << listing(h);
}

TEST(Hostile, BillionLaughsScenarioFile) {
    // A scenario file (read with pugixml's default options) with the same DTD: pugixml expands
    // no declared entity, so the title keeps its text and nothing grows.
    const std::string xml = kLaughs + "<scenario format=\"1\" id=\"lol\" title=\"&lol9;&xxe;\" extends=\"maryes-heights\">\n</scenario>\n";
    const ScenarioLoad load = read_scenario_xml(xml, "lol-scenario.xml");
    ASSERT_TRUE(load.scenario.has_value()) << (load.errors.empty() ? "" : load.errors[0].message);
    EXPECT_EQ(load.scenario->title, "&lol9;&xxe;");
    const TempFile f("lol-scenario.xml", xml);
    CheckOptions o;
    o.scenario = f.path.string();
    const Report r = check("game maryes-heights\n" + turns(1, 2), o);
    EXPECT_TRUE(r.judged) << listing(r);
    EXPECT_EQ(r.scenario, "lol");
}

// --- 7. numbers past 32 and 64 bits ----------------------------------------------------------

namespace {
const std::string kBig = "9223372036854775807";  // INT64_MAX
const std::string kMaryes = "game maryes-heights\nsetup custom\n";
}  // namespace

TEST(Hostile, PointsPast32Bits) {
    // 3,000,000,000 points: counted exactly, and the claims that say so agree.
    const Report r = check("game maryes-heights\nturn 1\naward Union 3000000000 reason\n" + turns(2, 11) +
                           "end\nclaim winner Union\nclaim score Union 3000000000 Confederate 4\n");
    ASSERT_TRUE(r.judged) << listing(r);
    EXPECT_EQ(total(r, "Union"), 3000000000);
    ASSERT_TRUE(r.result.winner.has_value());
    EXPECT_EQ(*r.result.winner, "Union");
    EXPECT_EQ(r.exit_status(), 0) << listing(r);
    EXPECT_EQ(count_code(r, "claim-mismatch"), 0) << listing(r);
}

TEST(Hostile, LoseMoreThanTheUnitHas) {
    // lose 99999999999999 from a unit of 6: it loses its 6 and is eliminated; 6 SP score.
    const Report r = check(kMaryes + "unit U1 Union infantry 6 at 0506\nturn 1\nphase Union combat\nlose U1 99999999999999\n" +
                           turns(2, 11) + "end\n");
    ASSERT_TRUE(r.judged) << listing(r);
    EXPECT_EQ(total(r, "Confederate"), 4 + 6);
    EXPECT_EQ(*r.result.winner, "Confederate");
    // The same from a unit nobody declared: unknown-unit, at its line.
    const Report u = check("game maryes-heights\nturn 1\nlose X 99999999999999\n");
    EXPECT_TRUE(has(u, "unknown-unit", 3)) << listing(u);
}

TEST(Hostile, NumbersPast64BitsAreSyntaxErrors) {
    for (const std::string line : {"award Union 9223372036854775808 r", "lose X -9223372036854775809",
                                   "unit U Union infantry 99999999999999999999 at 0506", "turn 18446744073709551616"}) {
        const Report r = check("game maryes-heights\n" + line + "\n");
        expect_not_judged(r);
        const Violation* v = first_of(r, "syntax");
        ASSERT_NE(v, nullptr) << listing(r);
        EXPECT_EQ(v->line, 2u);
        EXPECT_GT(v->col, 1u);
        EXPECT_TRUE(contains(v->message, "does not fit in 64 bits")) << v->message;
    }
    const Report x = check("<referee-save format=\"1\" scenario=\"maryes-heights\"><log><award side=\"Union\" n=\"9223372036854775808\" reason=\"r\"/></log></referee-save>",
                           {}, "big.xml");
    expect_not_judged(x);
    EXPECT_TRUE(contains(first_of(x, "syntax")->message, "fits in 64 bits")) << listing(x);
}

TEST(Hostile, NegativeCounts) {
    const Report r = check(kMaryes + "unit U1 Union infantry -5 at 0506\nunit U2 Union infantry 4 at 0508\nturn 1\nphase Union combat\nlose U2 -3\n");
    EXPECT_TRUE(has(r, "bad-count", 3)) << listing(r);
    EXPECT_TRUE(has(r, "bad-count", 7)) << listing(r);
    EXPECT_EQ(r.exit_status(), 1);
    const Report p = check("game liberty-or-death-1775\nturn 1\nplace British regular Quebec -1\nremove British regular Quebec -9223372036854775808\n");
    EXPECT_TRUE(has(p, "bad-count", 3)) << listing(p);
    EXPECT_TRUE(has(p, "bad-count", 4)) << listing(p);
}

TEST(Hostile, ExtremeTotalsThatFitAreExact) {
    // INT64_MAX against INT64_MIN: both fit, the verdict is given.
    Report r = check("game cemetery-hill\nturn 1\naward Union " + kBig + " a\naward Confederate -9223372036854775808 b\nend\n");
    ASSERT_TRUE(r.judged) << listing(r);
    EXPECT_EQ(total(r, "Union"), INT64_MAX);
    EXPECT_EQ(total(r, "Confederate"), INT64_MIN);
    EXPECT_EQ(*r.result.winner, "Union");
    // A sum that passes 64 bits on the way but not at the end is exact (no saturation in between):
    // Union MAX + 5 - 10 = MAX - 5 beats Confederate 4 + (MAX - 11) = MAX - 7.
    r = check("game maryes-heights\nturn 1\naward Union " + kBig + " a\naward Union 5 b\naward Union -10 c\naward Confederate 9223372036854775796 d\n" +
              turns(2, 11) + "end\n");
    ASSERT_TRUE(r.judged) << listing(r);
    EXPECT_EQ(total(r, "Union"), INT64_MAX - 5);
    EXPECT_EQ(total(r, "Confederate"), INT64_MAX - 7);
    EXPECT_EQ(*r.result.winner, "Union");
    // One unit of INT64_MAX SP eliminated: exactly INT64_MAX points.
    r = check(kMaryes + "unit C1 Confederate infantry " + kBig + " at 1713\nturn 1\nphase Union combat\neliminate C1\n" + turns(2, 11) + "end\n");
    ASSERT_TRUE(r.judged) << listing(r);
    EXPECT_EQ(total(r, "Union"), INT64_MAX);
    EXPECT_EQ(*r.result.winner, "Union");
}

TEST(Hostile, AutomaticVictoryRatioIsExactPast64Bits) {
    // 17.0: Confederate elimination points at least 3 x the Union's. Confederate INT64_MAX against
    // Union INT64_MAX / 2 is less than 3 to 1 (3 x the Union's passes 64 bits): not passed. (A
    // saturated product made it pass.) The Confederates still win on points at the end.
    const Report r = check(kMaryes + "unit U1 Union infantry " + kBig + " at 0506\nunit C1 Confederate infantry 4611686018427387903 at 0510\n" +
                           "turn 1\nphase Union combat\neliminate C1\neliminate U1\naward Confederate -4 penalty\n" + turns(2, 11) + "end\n");
    ASSERT_TRUE(r.judged) << listing(r);
    bool not_passed = false;
    for (const auto& s : r.rulings)
        if (contains(s, "automatic-victory test after game-turn 5") && contains(s, "not passed")) not_passed = true;
    EXPECT_TRUE(not_passed);
    ASSERT_TRUE(r.result.winner.has_value());
    EXPECT_EQ(*r.result.winner, "Confederate");
    EXPECT_FALSE(r.result.level.has_value());  // not "automatic"
    EXPECT_EQ(total(r, "Confederate"), INT64_MAX);
    EXPECT_EQ(total(r, "Union"), 4611686018427387903);
}

TEST(Hostile, TotalsPast64BitsAreRefused) {
    // Two units of INT64_MAX SP eliminated: 17.11 passes 64 bits at the second elimination.
    Report r = check(kMaryes + "unit C1 Confederate infantry " + kBig + " at 1713\nunit C2 Confederate infantry " + kBig +
                     " at 0510\nturn 1\nphase Union combat\neliminate C1\neliminate C2\n" + turns(2, 11) + "end\nclaim winner Union\n");
    expect_not_judged(r);
    const Violation* v = first_of(r, "score-overflow");
    ASSERT_NE(v, nullptr) << listing(r);
    EXPECT_EQ(v->line, 8u);
    EXPECT_EQ(v->rule, "G4");
    EXPECT_TRUE(r.scores.empty());
    EXPECT_TRUE(r.claims.empty());
    EXPECT_TRUE(contains(render_text(r), "hostile.log: not judged: score-overflow\n")) << render_text(r);
    EXPECT_TRUE(contains(render_text(r), "hostile.log:8: error: score-overflow: ")) << render_text(r);

    // A parameter of INT64_MAX points a hex: 17.13 passes 64 bits at the final count (no line).
    CheckOptions o;
    o.params = {{"occupation-vp", kBig}};
    r = check("game maryes-heights\n" + turns(1, 11) + "end\n", o);
    expect_not_judged(r);
    ASSERT_NE(first_of(r, "score-overflow"), nullptr) << listing(r);
    EXPECT_TRUE(contains(first_of(r, "score-overflow")->message, "when the scores are counted"));

    // Awards: INT64_MAX twice.
    r = check("game maryes-heights\nturn 1\naward Union " + kBig + " a\naward Union " + kBig + " b\n" + turns(2, 11) + "end\n");
    expect_not_judged(r);
    EXPECT_NE(first_of(r, "score-overflow"), nullptr) << listing(r);

    // Liberty or Death: pieces and casualty tracks past 64 bits, at the record that does it.
    r = check("game liberty-or-death-1775\nsetup custom\ncasualty British regular " + kBig + "\ncasualty British regular " + kBig +
              "\nturn 1\nend\n");
    expect_not_judged(r);
    ASSERT_NE(first_of(r, "score-overflow"), nullptr) << listing(r);
    EXPECT_EQ(first_of(r, "score-overflow")->line, 4u);
    EXPECT_TRUE(r.margins.empty());

    // Victory banners: an award of banners past 64 bits.
    r = check("game cnc-napoleonics\nside French\nside British\nturn 1\naward French " + kBig + " x\naward French " + kBig + " y\nend\n");
    expect_not_judged(r);
    EXPECT_NE(first_of(r, "score-overflow"), nullptr) << listing(r);
}

// --- 8. a path of 100,000 locations ----------------------------------------------------------

namespace {
constexpr int kSteps = 100000;
const std::string kPathHead = kMaryes + "unit U Union infantry 6 at 0506\nunit C Confederate infantry 3 at 1713\nturn 1\nphase Union movement\n";

// 0506 0507 0506 ... (adjacent back and forth); `far` replaces the locations at the given stride.
std::string back_and_forth(const char* sep, int far_every = 0) {
    std::string s;
    for (int i = 0; i < kSteps; ++i) {
        if (i) s += sep;
        if (far_every && i % far_every == far_every / 2) s += "2027";
        else s += i % 2 == 0 ? "0506" : "0507";
    }
    return s;
}
}  // namespace

TEST(Hostile, LongPathOfAdjacentSteps) {
    for (const char* sep : {" ", " -> "}) {
        // 100,000 locations ending at 0507; the next move starts there (no path-start).
        const std::string text = kPathHead + "move U " + back_and_forth(sep) + "\nmove U 0507 0506\n";
        const Timer t;
        const Report r = check(text);
        report_cost("path of 100,000 adjacent locations", t.seconds());
        EXPECT_LT(t.seconds(), kBudgetSeconds);
        ASSERT_TRUE(r.judged) << listing(r);
        EXPECT_EQ(count_code(r, "path-gap"), 0) << listing(r);
        EXPECT_EQ(count_code(r, "path-start"), 0) << listing(r);
        EXPECT_EQ(r.violations.size(), 1u) << listing(r);  // incomplete only
        EXPECT_EQ(count_code(r, "incomplete"), 1);
    }
}

TEST(Hostile, LongPathWithGaps) {
    // Every 200th location is 2027, far from 0506/0507: 500 of them, each two gaps (in and out).
    const std::string text = kPathHead + "move U " + back_and_forth(" ", 200) + "\n";
    const Timer t;
    Report r = check(text);
    EXPECT_LT(t.seconds(), kBudgetSeconds);
    ASSERT_TRUE(r.judged) << listing(r);
    EXPECT_EQ(count_code(r, "path-gap"), 1000);
    for (const auto& v : r.violations)
        if (v.code == "path-gap") {
            EXPECT_EQ(v.line, 7u);
            EXPECT_FALSE(v.error);
        }
    EXPECT_EQ(r.exit_status(), 0);
    CheckOptions strict;
    strict.strict = true;
    r = check(text, strict);
    EXPECT_EQ(count_code(r, "path-gap"), 1000);
    EXPECT_EQ(r.exit_status(), 1);

    // Every step a gap: 99,999 warnings, one per gap, still fast.
    std::string all = kPathHead + "move U";
    for (int i = 0; i < kSteps; ++i) all += i % 2 == 0 ? " 0506" : " 2027";
    const Timer t2;
    r = check(all + "\n");
    report_cost("path of 100,000 locations, every step a gap", t2.seconds());
    EXPECT_LT(t2.seconds(), kBudgetSeconds);
    // The first 10,000 kept, the rest counted (kMaxKeptViolations).
    EXPECT_EQ(count_code(r, "path-gap"), static_cast<int>(kMaxKeptViolations));
    EXPECT_EQ(count_code(r, "path-gap") + static_cast<int>(r.warnings_not_kept), kSteps - 1 + 1);  // and the game's incomplete
    EXPECT_EQ(r.violations.size(), kMaxKeptViolations);
    EXPECT_LT(t2.seconds(), kBudgetSeconds);
}

TEST(Hostile, LongPathOfUnknownLocations) {
    // One unknown name 100,000 times: one unknown-location (not 100,000); two names: two.
    std::string text = kPathHead + "move U 0506";
    for (int i = 0; i < kSteps; ++i) text += " zz";
    Report r = check(text + "\n");
    EXPECT_EQ(count_code(r, "unknown-location"), 1) << listing(r);
    EXPECT_TRUE(has(r, "unknown-location", 7));
    text = kPathHead + "move U 0506";
    for (int i = 0; i < kSteps; ++i) text += i % 2 ? " zz" : " yy";
    r = check(text + "\nmove U 0506 qq\n");
    EXPECT_EQ(count_code(r, "unknown-location"), 3) << listing(r);  // yy and zz at line 7, qq at line 8
    // In a save, the same.
    std::string save = "<referee-save format=\"1\" scenario=\"maryes-heights\"><setup mode=\"custom\"/>"
                       "<unit id=\"U\" side=\"Union\" type=\"infantry\" strength=\"6\" at=\"0506\"/><log><turn n=\"1\"/>"
                       "<phase side=\"Union\" name=\"movement\"/>\n<move unit=\"U\" path=\"0506";
    for (int i = 0; i < kSteps; ++i) save += " a";
    r = check(save + "\"/></log></referee-save>\n", {}, "path.xml");
    EXPECT_EQ(count_code(r, "unknown-location"), 1) << listing(r);
    EXPECT_TRUE(has(r, "unknown-location", 2));
}

TEST(Hostile, LongPathInASave) {
    std::string save = "<referee-save format=\"1\" scenario=\"maryes-heights\"><setup mode=\"custom\"/>"
                       "<unit id=\"U\" side=\"Union\" type=\"infantry\" strength=\"6\" at=\"0506\"/><log><turn n=\"1\"/>"
                       "<phase side=\"Union\" name=\"movement\"/>\n<move unit=\"U\" path=\"" +
                       back_and_forth(" ", 200) + "\"/></log></referee-save>\n";
    const Timer t;
    const Report r = check(save, {}, "path.xml");
    EXPECT_LT(t.seconds(), kBudgetSeconds);
    ASSERT_TRUE(r.judged) << listing(r);
    EXPECT_EQ(count_code(r, "path-gap"), 1000);
}

// --- 9. scenario files that are not there ----------------------------------------------------

TEST(Hostile, MissingScenarioOption) {
    CheckOptions o;
    o.scenario = "/no/such/file.xml";
    const Report r = check("game maryes-heights\nturn 1\n", o, "game.log");
    expect_not_judged(r);
    const Violation* v = first_of(r, "scenario-file");
    ASSERT_NE(v, nullptr) << listing(r);
    EXPECT_EQ(v->message.rfind("/no/such/file.xml: no such file", 0), 0u) << v->message;  // no ":0:0"
    // Said once: the headline names the error, whose message follows on its line.
    const std::string out = render_text(r);
    EXPECT_TRUE(contains(out, "game.log: not judged: scenario-file\n")) << out;
    EXPECT_EQ(r.violations.size(), 1u) << out;
}

TEST(Hostile, MissingScenarioInTheGameRecord) {
    const Report r = check("game no/such/file.xml\nturn 1\n", {}, "game.log");
    expect_not_judged(r);
    // One error, at the game record: a path names a scenario file, which cannot be found.
    ASSERT_EQ(r.violations.size(), 1u) << listing(r);
    const Violation* f = first_of(r, "scenario-file");
    ASSERT_NE(f, nullptr) << listing(r);
    EXPECT_EQ(f->line, 1u);
    EXPECT_EQ(f->col, 1u);
    EXPECT_EQ(f->message.rfind("no/such/file.xml: no built-in scenario of that name, and no such file in the game's folder", 0), 0u) << f->message;
    EXPECT_TRUE(contains(render_text(r), "game.log:1:1: error: scenario-file: no/such/file.xml: no built-in scenario of that name, and no such file"));
    // A save naming it: the same, at the root element.
    const Report s = check("<referee-save format=\"1\" scenario=\"no/such/file.xml\"><log/></referee-save>", {}, "game.xml");
    expect_not_judged(s);
    EXPECT_TRUE(has(s, "scenario-file", 1)) << listing(s);
    // A bare name that is no built-in: unknown-scenario, once, with the built-in it is close to.
    const Report b = check("game road-to-richmnd\nturn 1\n", {}, "game.log");
    ASSERT_EQ(b.violations.size(), 1u) << listing(b);
    EXPECT_TRUE(has(b, "unknown-scenario", 1)) << listing(b);
    EXPECT_TRUE(contains(b.violations[0].message, "(did you mean 'road-to-richmond'?)")) << listing(b);
    // And a game record missing altogether (check_file on a file that is not there).
    const Report m = check_file("/no/such/game.log", {});
    expect_not_judged(m);
    EXPECT_TRUE(contains(m.violations.at(0).message, "cannot open /no/such/game.log")) << listing(m);
}

TEST(Hostile, ScenarioExtendingNoBuiltIn) {
    const TempFile f("extends-nothing.xml",
                     "<scenario format=\"1\" id=\"x\" title=\"X\" extends=\"no-such-builtin\">\n</scenario>\n");
    const std::string name = f.path.string();
    CheckOptions o;
    o.scenario = name;
    Report r = check("game maryes-heights\nturn 1\n", o, "game.log");
    expect_not_judged(r);
    const Violation* v = first_of(r, "scenario-file");
    ASSERT_NE(v, nullptr) << listing(r);
    EXPECT_EQ(v->message.rfind(name + ":1:", 0), 0u) << v->message;
    EXPECT_TRUE(contains(v->message, "'no-such-builtin' is not a built-in scenario")) << v->message;

    // Named by the game record (found in a --scenario-path folder): unknown-scenario says the file
    // has errors, scenario-file which.
    CheckOptions folder;
    folder.scenario_path = {f.path.parent_path().string()};
    r = check("game " + f.path.filename().string() + "\nturn 1\n", folder, "game.log");
    expect_not_judged(r);
    ASSERT_NE(first_of(r, "unknown-scenario"), nullptr) << listing(r);
    EXPECT_TRUE(contains(first_of(r, "unknown-scenario")->message, "its file has errors")) << listing(r);
    ASSERT_NE(first_of(r, "scenario-file"), nullptr);
    EXPECT_TRUE(contains(first_of(r, "scenario-file")->message, name + ":1:")) << listing(r);
}

// A game file that never ends (a device): refused unread, since only regular files are read (a
// regular file that grows past 1 GiB is still cut there).
TEST(Hostile, EndlessGameFile) {
    if (!std::filesystem::exists("/dev/zero")) GTEST_SKIP() << "no /dev/zero";
    const Report r = check_file("/dev/zero", {});
    expect_not_judged(r);
    ASSERT_FALSE(r.violations.empty());
    EXPECT_EQ(r.violations.at(0).code, "unreadable");
    EXPECT_TRUE(contains(r.violations.at(0).message, "/dev/zero is a character device, not a game record")) << listing(r);
}

// A game file is read whole, across the reader's 1 MiB blocks: the same report as from its text.
TEST(Hostile, GameFileOfSeveralBlocksIsReadWhole) {
    std::string text = "game maryes-heights\nturn 1\n";
    for (int i = 0; text.size() < (std::size_t{5} << 19); ++i) text += "chat Union \"line " + std::to_string(i) + "\"\n";
    text += "move no-such-unit 0101 0102\n";  // the last line must be read too
    const TempFile f("blocks.log", text);
    const Report from_file = check_file(f.path.string(), {});
    const Report from_text = check(text, {}, f.path.string());
    EXPECT_EQ(render_text(from_file), render_text(from_text));
    EXPECT_NE(render_text(from_file).find(":" + std::to_string(std::count(text.begin(), text.end(), '\n')) + ":"),
              std::string::npos)
        << render_text(from_file);
}
