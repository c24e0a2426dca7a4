// Tests of the scenario reader on any file (parser/scenario/scenario_reader.cpp, reader_xml.cpp):
// malformed and empty files, the root element, missing and unknown elements and attributes, numbers,
// <scenario turns=...>, and errors reported in line order at their line and column.
#include "scenario.hpp"
#include "scenario_support.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace referee;
using namespace referee::testing_support;

TEST(ScenarioErrors, MinimalIsValid) {
    ScenarioLoad r = read_scenario_xml(kMinimal, "mini.xml");
    ASSERT_TRUE(r.scenario) << (r.errors.empty() ? "" : r.errors[0].message);
    EXPECT_TRUE(r.errors.empty());
    EXPECT_EQ(r.scenario->source_file, "mini.xml");
    EXPECT_EQ(r.scenario->map.size(), 20u);
    EXPECT_FALSE(r.scenario->automatic);
    EXPECT_FALSE(r.scenario->exits.allowed);  // no <exits>: none allowed
}

TEST(ScenarioErrors, MalformedXml) {
    const std::string xml = "<scenario id=\"x\" title=\"X\" turns=\"3\">\n  <sides>\n    <side name=\"A\">\n  </sides>\n</scenario>\n";
    ScenarioError e = one_error(xml);
    EXPECT_EQ(e.file, "test.xml");
    EXPECT_EQ(e.line, 4u);  // </sides> closes <side>
    EXPECT_EQ(e.col, 5u);
    EXPECT_TRUE(contains(e.message, "malformed XML")) << e.message;
}

TEST(ScenarioErrors, EmptyInputAndWrongRoot) {
    ScenarioError e = one_error("");
    EXPECT_TRUE(contains(e.message, "empty"));
    e = one_error("\n<game id=\"x\"/>\n");
    EXPECT_EQ(e.line, 2u);
    EXPECT_EQ(e.col, 1u);
    EXPECT_TRUE(contains(e.message, "<game>")) << e.message;
}

TEST(ScenarioErrors, MissingRequiredAttribute) {
    ScenarioError e = one_error(replace(kMinimal, "strength=\"3\" ", ""));
    EXPECT_EQ(e.line, 10u);
    EXPECT_EQ(e.col, 5u);  // the '<' of <unit
    EXPECT_TRUE(contains(e.message, "<unit> needs attribute 'strength'")) << e.message;

    // A side without a name: one error, not one more for every reference to the missing side.
    e = one_error(replace(kMinimal, "<side name=\"Red\"/>", "<side/>"));
    EXPECT_EQ(e.line, 2u);
    EXPECT_EQ(e.col, 29u);  // the '<' of <side/>
    EXPECT_TRUE(contains(e.message, "<side> needs attribute 'name'")) << e.message;
}

TEST(ScenarioErrors, MissingRequiredElement) {
    std::string xml = kMinimal;
    const std::size_t a = xml.find("  <map>"), b = xml.find("</map>\n");
    xml.erase(a, b + 7 - a);
    ScenarioError e = one_error(xml);
    EXPECT_EQ(e.line, 1u);
    EXPECT_EQ(e.col, 1u);
    EXPECT_TRUE(contains(e.message, "needs a <map> element")) << e.message;
}

TEST(ScenarioErrors, BadNumberPointsAtTheValue) {
    ScenarioError e = one_error(replace(kMinimal, "turns=\"3\"", "turns=\"three\""));
    EXPECT_EQ(e.line, 1u);
    EXPECT_EQ(e.col, 41u);  // first character of "three"
    EXPECT_TRUE(contains(e.message, "'three' is not a whole number")) << e.message;

    e = one_error(replace(kMinimal, "strength=\"3\"", "strength=\"-2\""));
    EXPECT_EQ(e.line, 10u);
    EXPECT_TRUE(contains(e.message, "out of range")) << e.message;

    e = one_error(replace(kMinimal, "strength=\"3\"", "strength=\"3x\""));
    EXPECT_EQ(e.line, 10u);
    EXPECT_TRUE(contains(e.message, "not a whole number")) << e.message;
}

TEST(ScenarioErrors, UnknownElementAndAttribute) {
    ScenarioError e = one_error(replace(kMinimal, "<units>", "<units>\n    <unti id=\"b\"/>"));
    EXPECT_EQ(e.line, 10u);
    EXPECT_EQ(e.col, 5u);
    EXPECT_TRUE(contains(e.message, "unknown element <unti> in <units>")) << e.message;

    e = one_error(replace(kMinimal, "strength=\"3\"", "strenght=\"3\" strength=\"3\""));
    EXPECT_EQ(e.line, 10u);
    EXPECT_EQ(e.col, 46u);  // the attribute's name
    EXPECT_TRUE(contains(e.message, "<unit> has no attribute 'strenght'")) << e.message;

    e = one_error(replace(kMinimal, "strength=\"3\"", "strength=\"3\" strength=\"4\""));
    EXPECT_EQ(e.col, 59u);
    EXPECT_TRUE(contains(e.message, "<unit> has attribute 'strength' twice")) << e.message;

    // <spaces> was reserved for area games; spaces are <location type=...> now, and it is unknown.
    e = one_error(replace(kMinimal, "<units>", "<spaces/>\n  <units>"));
    EXPECT_EQ(e.line, 9u);
    EXPECT_EQ(e.col, 3u);
    EXPECT_TRUE(contains(e.message, "unknown element <spaces> in <scenario>")) << e.message;
}

TEST(ScenarioErrors, DuplicateSection) {
    ScenarioError e = one_error(replace(kMinimal, "</scenario>", "<units/>\n</scenario>"));
    EXPECT_EQ(e.line, 12u);
    EXPECT_TRUE(contains(e.message, "second <units> element (the first is on line 9)")) << e.message;
}

TEST(ScenarioErrors, LaterFormatsAreRefused) {
    // <tracks> was reserved for area games and is part of format 1 now (an empty one declares none).
    ScenarioLoad r = read_scenario_xml(replace(kMinimal, "</scenario>", "<tracks/>\n</scenario>"), "t.xml");
    ASSERT_TRUE(r.scenario);
    EXPECT_TRUE(r.scenario->tracks.empty());
    ScenarioError e = one_error(replace(kMinimal, "<scenario id", "<scenario format=\"2\" id"));
    EXPECT_TRUE(contains(e.message, "format '2' is not supported")) << e.message;
}

TEST(ScenarioErrors, SeveralErrorsInLineOrder) {
    // <params> is read before <units> although it comes later in the file: the report is in line order.
    std::string xml = replace(kMinimal, "turns=\"3\"", "turns=\"x\"");
    xml = replace(xml, "at=\"0101\"", "at=\"9999\"");
    xml = replace(xml, "<side name=\"Red\"/>", "<side name=\"blue\"/>");
    xml = replace(xml, "</scenario>", "<params><param name=\"p\"/></params>\n</scenario>");
    ScenarioLoad r = read_scenario_xml(xml, "t.xml");
    EXPECT_FALSE(r.scenario);
    ASSERT_EQ(r.errors.size(), 4u);
    EXPECT_EQ(r.errors[0].line, 1u);
    EXPECT_TRUE(contains(r.errors[0].message, "'x' is not a whole number")) << r.errors[0].message;
    EXPECT_EQ(r.errors[1].line, 2u);
    EXPECT_TRUE(contains(r.errors[1].message, "side 'blue' is declared twice")) << r.errors[1].message;
    EXPECT_EQ(r.errors[2].line, 10u);
    EXPECT_TRUE(contains(r.errors[2].message, "'9999'")) << r.errors[2].message;
    EXPECT_EQ(r.errors[3].line, 12u);
    EXPECT_TRUE(contains(r.errors[3].message, "<param> needs attribute 'description'")) << r.errors[3].message;
}

TEST(ScenarioErrors, ColumnsCountCharactersAfterByteOrderMark) {
    // A BOM is skipped; a two-byte character before the error counts as one column.
    std::string xml = "\xEF\xBB\xBF" + replace(kMinimal, "title=\"Mini\" turns=\"3\"", "title=\"M\xC3\xA9\" turns=\"z\"");
    ScenarioError e = one_error(xml);
    EXPECT_EQ(e.line, 1u);
    EXPECT_EQ(e.col, 39u);
}

TEST(ScenarioErrors, TruncatedFilesNeverCrash) {
    // Every prefix of the built-in file is read without a crash or an exception; a cut one fails.
    const std::string full(builtin_scenarios().front().xml);
    const std::size_t complete = full.rfind("</scenario>") + std::string("</scenario>").size();
    int cuts = 0;
    for (std::size_t n = 0; n < complete; n += 97, ++cuts) {
        ScenarioLoad r = read_scenario_xml(std::string_view(full).substr(0, n), "cut.xml");
        EXPECT_FALSE(r.scenario) << n;
        EXPECT_FALSE(r.errors.empty()) << n;
        for (const auto& e : r.errors) EXPECT_GE(e.line, 1u);
    }
    EXPECT_GT(cuts, 50);
    // Read as the built-in it is: a file that is not the built-in byte for byte may not take its id.
    EXPECT_TRUE(read_scenario_xml(std::string_view(full).substr(0, complete), std::string(kBuiltinFile)).scenario);
    const ScenarioLoad as_file = read_scenario_xml(std::string_view(full).substr(0, complete), "whole.xml");
    ASSERT_FALSE(as_file.scenario);
    EXPECT_NE(as_file.errors.front().message.find("is a built-in scenario's"), std::string::npos) << as_file.errors.front().message;
}

TEST(TurnsNone, NoTurnLimit) {
    std::string xml = replace(kMinimal, "turns=\"3\"", "turns=\"None\"");
    xml = replace(xml, "<step side=\"Red\" phase=\"movement\"/>", "<step side=\"Red\" phase=\"movement\" first-turn=\"200\"/>");
    xml = replace(xml, "at=\"0101\"", "enters=\"10000\" enters-at=\"0101\"");
    ScenarioLoad r = valid(xml);
    ASSERT_TRUE(r.scenario);
    EXPECT_EQ(r.scenario->turns, 0);
    EXPECT_EQ(r.scenario->sequence[1].first_turn, 200);
    EXPECT_EQ(r.scenario->units[0].enters_turn, 10000);

    // Numbers stay 1..10000; turns beyond that are still out of range without a limit.
    xml = replace(kMinimal, "turns=\"3\"", "turns=\"0\"");
    ScenarioError e = one_error(xml);
    EXPECT_AT(e, xml, "0\" first");
    EXPECT_TRUE(contains(e.message, "'turns': 0 is out of range (1..10000)")) << e.message;
    xml = replace(kMinimal, "turns=\"3\"", "turns=\"never\"");
    e = one_error(xml);
    EXPECT_TRUE(contains(e.message, "'never' is not a whole number")) << e.message;
    xml = replace(replace(kMinimal, "turns=\"3\"", "turns=\"none\""), "at=\"0101\"", "enters=\"10001\" enters-at=\"0101\"");
    e = one_error(xml);
    EXPECT_TRUE(contains(e.message, "'enters': 10001 is out of range (1..10000)")) << e.message;
}
