// Every number a game record holds, read into its range (issue 20; docs/move-log.md, "Numbers";
// docs/xml-save.md, "Reading a save"): for each field of the move log and of the XML save, the
// bounds of its range and one past them (a game-turn's; the others take 64 bits), the 32- and 64-bit limits, `-0`, `+5`, and the forms that
// are no number (`+-5`, `1e3`); and --param values (to_int).
#include "readers.hpp"
#include "text.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

using namespace referee;

namespace {

struct Field {
    const char* name;
    std::string move_log;  // the record, with @ for the number
    std::string xml;       // the element, with @ for the number (inside <log>)
    std::int64_t lo, hi;
    // The number as the record holds it.
    std::int64_t (*value)(const Record&, const GameRecord&);
};

std::int64_t n_of(const Record& r, const GameRecord&) { return r.n; }
std::int64_t m_of(const Record& r, const GameRecord&) { return r.m; }
std::int64_t first_int(const Record& r, const GameRecord& g) { return r.ints.len ? *g.ints_begin(r.ints) : INT64_MIN; }

const std::int64_t kTurn = kMaxTurnNumber;

std::vector<Field> fields() {
    return {
        {"turn", "turn @", "<turn n=\"@\"/>", 0, kTurn, n_of},
        {"enters", "unit U Union infantry 4 enters @ at 0101", "<unit id=\"U\" side=\"Union\" type=\"infantry\" strength=\"4\" enters=\"@\" enters-at=\"0101\"/>", 0, kTurn, m_of},
        {"strength", "unit U Union infantry @", "<unit id=\"U\" side=\"Union\" type=\"infantry\" strength=\"@\"/>", INT64_MIN, INT64_MAX, n_of},
        {"ma", "unit U Union infantry 4 ma @", "<unit id=\"U\" side=\"Union\" type=\"infantry\" strength=\"4\" ma=\"@\"/>", INT64_MIN, INT64_MAX, first_int},
        {"lose", "lose U @", "<lose unit=\"U\" n=\"@\"/>", INT64_MIN, INT64_MAX, n_of},
        {"target", "target Union @", "<target side=\"Union\" n=\"@\"/>", INT64_MIN, INT64_MAX, n_of},
        {"objective banners", "objective temporary Union 0101 banners @", "<objective kind=\"temporary\" side=\"Union\" locs=\"0101\" banners=\"@\"/>", INT64_MIN, INT64_MAX, m_of},
        {"place count", "place British regular Boston @", "<place faction=\"British\" piece=\"regular\" space=\"Boston\" count=\"@\"/>", INT64_MIN, INT64_MAX, m_of},
        {"casualty count", "casualty British regular @", "<casualty faction=\"British\" piece=\"regular\" count=\"@\"/>", INT64_MIN, INT64_MAX, m_of},
        {"roll", "roll 1d6 @", "<roll dice=\"1d6\" values=\"@\"/>", INT64_MIN, INT64_MAX, first_int},
        {"combat roll", "combat A vs B roll @", "<combat attackers=\"A\" defenders=\"B\" roll=\"@\"/>", INT64_MIN, INT64_MAX, first_int},
        {"award", "award Union @ reason", "<award side=\"Union\" n=\"@\" reason=\"r\"/>", INT64_MIN, INT64_MAX, n_of},
        {"track", "track morale @", "<track name=\"morale\" value=\"@\"/>", INT64_MIN, INT64_MAX, n_of},
        {"claim score", "claim score Union @", "<claim-score side=\"Union\" n=\"@\"/>", INT64_MIN, INT64_MAX, first_int},
    };
}

std::string with(std::string s, const std::string& number) {
    s.replace(s.find('@'), 1, number);
    return s;
}

// The record read from the field's line, or none with the message of its syntax error.
std::optional<std::int64_t> read_log(const Field& f, const std::string& number, std::string& error) {
    const GameRecord g = parse_move_log(with(f.move_log, number) + "\n", "n.log");
    if (!g.diagnostics.empty()) {
        error = g.diagnostics.front().message;
        return std::nullopt;
    }
    if (g.records.size() != 1) {
        error = "no record";
        return std::nullopt;
    }
    return f.value(g.records.front(), g);
}

std::optional<std::int64_t> read_save(const Field& f, const std::string& number, std::string& error) {
    const GameRecord g = read_xml_save("<referee-save format=\"1\" scenario=\"s\"><log>" + with(f.xml, number) + "</log></referee-save>", "n.xml");
    for (const Diagnostic& d : g.diagnostics)
        if (d.severity == Severity::Error) {
            error = d.message;
            return std::nullopt;
        }
    if (g.records.size() != 2) {  // the root's game record, then the element's
        error = "no record";
        return std::nullopt;
    }
    return f.value(g.records.back(), g);
}

void check_field(const Field& f, std::optional<std::int64_t> (*read)(const Field&, const std::string&, std::string&), const char* reader) {
    SCOPED_TRACE(std::string(reader) + " " + f.name);
    std::string error;
    auto accepts = [&](const std::string& text, std::int64_t want) {
        error.clear();
        const auto v = read(f, text, error);
        EXPECT_TRUE(v) << text << ": " << error;
        if (v) {
            EXPECT_EQ(*v, want) << text;
        }
    };
    auto refuses = [&](const std::string& text, const std::string& because) {
        error.clear();
        EXPECT_FALSE(read(f, text, error)) << text;
        EXPECT_NE(error.find(because), std::string::npos) << text << ": " << error;
    };
    accepts(std::to_string(f.lo), f.lo);
    accepts(std::to_string(f.hi), f.hi);
    accepts("+5", 5);
    accepts("-0", 0);
    accepts("+0", 0);
    if (f.lo < 0) accepts("-5", -5);
    refuses("+-5", "");
    refuses("1e3", "");
    refuses("5.0", "");
    refuses("0x10", "");
    refuses("--5", "");
    // One past the range: said with the range.
    if (f.hi < INT64_MAX) refuses(std::to_string(f.hi + 1), "out of range");
    if (f.lo > INT64_MIN) refuses(std::to_string(f.lo - 1), "out of range");
    // The 32-bit and 64-bit limits.
    const std::int64_t i32max = INT32_MAX, i32min = INT32_MIN;
    for (std::int64_t x : {i32max, i32max + 1, i32min, i32min - 1}) {
        if (x >= f.lo && x <= f.hi) accepts(std::to_string(x), x);
        else refuses(std::to_string(x), "out of range");
    }
    if (f.hi == INT64_MAX) {
        accepts("9223372036854775807", INT64_MAX);
        accepts("-9223372036854775808", INT64_MIN);
    }
    refuses("9223372036854775808", "");   // past 64 bits, whatever the field
    refuses("-9223372036854775809", "");
}

}  // namespace

TEST(Numbers, EachMoveLogFieldHasItsRange) {
    for (const Field& f : fields()) check_field(f, read_log, "move log");
}

TEST(Numbers, EachXmlSaveAttributeHasItsRange) {
    for (const Field& f : fields()) check_field(f, read_save, "save");
}

TEST(Numbers, TheMessageGivesTheRange) {
    const GameRecord g = parse_move_log("turn 2147483647\nturn -1\n", "n.log");
    ASSERT_EQ(g.diagnostics.size(), 2u);
    EXPECT_EQ(g.diagnostics[0].message, "number out of range: '2147483647' (a game-turn is 0 to 1000000)");
    EXPECT_EQ(g.diagnostics[0].line, 1u);
    EXPECT_EQ(g.diagnostics[0].col, 6u);
    EXPECT_EQ(g.diagnostics[1].message, "number out of range: '-1' (a game-turn is 0 to 1000000)");
    EXPECT_EQ(g.diagnostics[1].line, 2u);
    const GameRecord x = read_xml_save("<referee-save format=\"1\" scenario=\"s\">\n<log>\n<turn n=\"2147483647\"/>\n</log></referee-save>", "n.xml");
    ASSERT_EQ(x.diagnostics.size(), 1u);
    EXPECT_EQ(x.diagnostics[0].line, 3u);
    EXPECT_NE(x.diagnostics[0].message.find("number out of range: '2147483647' (a game-turn is 0 to 1000000)"), std::string::npos)
        << x.diagnostics[0].message;
}

TEST(Numbers, TheSnapshotsNumbersHaveTheirRanges) {
    auto snap = [](const std::string& inner) {
        return read_xml_save("<referee-save format=\"1\" scenario=\"s\"><snapshot " + inner + "</snapshot></referee-save>", "s.xml");
    };
    EXPECT_TRUE(snap("turn=\"1000000\">").diagnostics.empty());
    EXPECT_FALSE(snap("turn=\"1000001\">").diagnostics.empty());
    EXPECT_FALSE(snap("turn=\"2147483648\">").diagnostics.empty());
    EXPECT_FALSE(snap("turn=\"+-5\">").diagnostics.empty());
    EXPECT_EQ(*snap("turn=\"+5\">").snapshot->turn, 5);
    EXPECT_EQ(*snap("turn=\"-0\">").snapshot->turn, 0);
    EXPECT_TRUE(snap("><unit id=\"U\" strength=\"-9223372036854775808\"/>").diagnostics.empty());
    EXPECT_FALSE(snap("><unit id=\"U\" strength=\"9223372036854775808\"/>").diagnostics.empty());
    EXPECT_FALSE(snap("><unit id=\"U\" strength=\"1e3\"/>").diagnostics.empty());
    const GameRecord big = snap("><score side=\"Union\" value=\"-9223372036854775808\"/>");
    EXPECT_TRUE(big.diagnostics.empty());
    EXPECT_EQ(big.snapshot->scores.at(0).value, INT64_MIN);
    EXPECT_FALSE(snap("><score side=\"Union\" value=\"9223372036854775808\"/>").diagnostics.empty());
    EXPECT_FALSE(snap("><track name=\"t\" value=\"+-5\"/>").diagnostics.empty());
}

TEST(Numbers, ParameterValuesTakeOneSign) {
    // --param values and param records (to_int; a scenario file's numbers go through it too,
    // whole_number in parser/scenario/reader_xml.cpp).
    EXPECT_EQ(to_int("+5"), 5);
    EXPECT_EQ(to_int("-0"), 0);
    EXPECT_EQ(to_int("2147483648"), std::int64_t{2147483648});
    EXPECT_EQ(to_int("9223372036854775807"), INT64_MAX);
    EXPECT_EQ(to_int("-9223372036854775808"), INT64_MIN);
    EXPECT_FALSE(to_int("9223372036854775808"));
    EXPECT_FALSE(to_int("+-5"));
    EXPECT_FALSE(to_int("-+5"));
    EXPECT_FALSE(to_int("1e3"));
    EXPECT_FALSE(to_int("5.0"));
    EXPECT_FALSE(to_int(""));
    EXPECT_FALSE(to_int("+"));
}
