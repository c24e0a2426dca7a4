// `referee scenarios --show ID|FILE` (report.md, "A tournament's batch"; docs/report.md): for every
// built-in scenario and a scenario file, the JSON it prints holds what the scenario reader reads
// from that scenario: each side, phase, unit (id, side, type, strength, set-up), location,
// parameter with its default, and ruling, in order. The text form names the same units, parameters
// and rulings. An unknown scenario is one message on standard error and exit status 2.
#include "run_program.hpp"
#include "scenario.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

using nlohmann::json;
using namespace referee;

namespace {

std::vector<std::string> scenario_names() {
    std::vector<std::string> out;
    for (const BuiltinScenario& b : builtin_scenarios()) out.emplace_back(b.id);
    out.push_back(std::string(REFEREE_SOURCE_DIR) + "/samples/scenarios/cemetery-hill-test.xml");   // a file that extends one
    return out;
}

std::string side_of(const Scenario& s, SideId side) {
    return side >= 0 && static_cast<std::size_t>(side) < s.sides.size() ? s.sides[static_cast<std::size_t>(side)] : "";
}

class ScenarioShow : public ::testing::TestWithParam<std::string> {};

TEST_P(ScenarioShow, JsonHoldsWhatTheReaderReads) {
    const ScenarioLoad load = load_scenario(GetParam());
    ASSERT_TRUE(load.scenario.has_value());
    const Scenario& s = *load.scenario;
    const auto [out, status] = test::run_program(REFEREE_PROGRAM, {"scenarios", "--show", GetParam(), "--format", "json"});
    ASSERT_EQ(status, 0);
    const json j = json::parse(out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << out;
    EXPECT_EQ(j.at("id"), s.id);
    EXPECT_EQ(j.at("title"), s.title);
    EXPECT_EQ(j.at("sides").get<std::vector<std::string>>(), s.sides);
    ASSERT_EQ(j.at("phases").size(), s.phases.size());
    for (std::size_t i = 0; i < s.phases.size(); ++i) EXPECT_EQ(j["phases"][i].at("name"), s.phases[i].name);
    EXPECT_EQ(j.at("sequence").size(), s.sequence.size());
    ASSERT_EQ(j.at("units").size(), s.units.size());
    for (std::size_t i = 0; i < s.units.size(); ++i) {
        const UnitDef& u = s.units[i];
        const json& ju = j["units"][i];
        EXPECT_EQ(ju.at("id"), u.id);
        EXPECT_EQ(ju.at("side"), side_of(s, u.side));
        EXPECT_EQ(ju.at("type"), u.type);
        EXPECT_EQ(ju.at("strength"), u.strength);
        if (u.at == kNoLoc) {
            EXPECT_TRUE(ju.at("setup").is_null()) << u.id;
        } else {
            EXPECT_EQ(ju.at("setup"), s.map.name(u.at)) << u.id;
        }
    }
    ASSERT_EQ(j.at("locations").size(), s.map.size());
    for (std::size_t i = 0; i < s.map.size(); ++i) EXPECT_EQ(j["locations"][i], s.map.name(static_cast<LocId>(i)));
    ASSERT_EQ(j.at("parameters").size(), s.params.size());
    for (std::size_t i = 0; i < s.params.size(); ++i) {
        EXPECT_EQ(j["parameters"][i].at("name"), s.params[i].name);
        if (s.params[i].default_value) {
            EXPECT_EQ(j["parameters"][i].at("default"), *s.params[i].default_value);
        } else {
            EXPECT_TRUE(j["parameters"][i].at("default").is_null());
        }
    }
    ASSERT_EQ(j.at("rulings").size(), s.rulings.size());
    for (std::size_t i = 0; i < s.rulings.size(); ++i) {
        EXPECT_EQ(j["rulings"][i].at("id"), s.rulings[i].id);
        EXPECT_EQ(j["rulings"][i].at("text"), s.rulings[i].text);
    }
    EXPECT_EQ(j.at("pieces").size(), s.start_pieces.size());
    EXPECT_EQ(j.at("reinforcements").size(), s.reinforcements.schedule.size());
}

TEST_P(ScenarioShow, TextNamesEveryUnitParameterAndRuling) {
    const ScenarioLoad load = load_scenario(GetParam());
    ASSERT_TRUE(load.scenario.has_value());
    const Scenario& s = *load.scenario;
    const auto [out, status] = test::run_program(REFEREE_PROGRAM, {"scenarios", "--show", GetParam()});
    ASSERT_EQ(status, 0);
    EXPECT_EQ(out.rfind(s.id + ": " + s.title + "\n", 0), 0u) << out.substr(0, 200);
    for (const UnitDef& u : s.units) {
        const std::string setup = u.at == kNoLoc ? "" : s.map.name(u.at);
        // a row: id, side, type, strength and set-up, in that order on one line
        const auto row = out.find("\n  " + u.id + " ");
        ASSERT_NE(row, std::string::npos) << u.id;
        const std::string line = out.substr(row + 1, out.find('\n', row + 1) - row - 1);
        EXPECT_NE(line.find(side_of(s, u.side)), std::string::npos) << line;
        EXPECT_NE(line.find(" " + std::to_string(u.strength) + "  "), std::string::npos) << line;
        if (!setup.empty()) {
            EXPECT_NE(line.find(setup), std::string::npos) << line;
        }
    }
    for (const ParamDef& p : s.params) EXPECT_NE(out.find("\n  " + p.name + " = "), std::string::npos) << p.name;
    for (const RulingDef& r : s.rulings) EXPECT_NE(out.find("\n  " + r.id + ": " + r.text + "\n"), std::string::npos) << r.id;
    if (s.units.empty() && s.start_pieces.empty()) {
        EXPECT_NE(out.find("\nunits: none built in"), std::string::npos);
    }
}

INSTANTIATE_TEST_SUITE_P(Scenarios, ScenarioShow, ::testing::ValuesIn(scenario_names()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                             std::string n = info.param.substr(info.param.find_last_of('/') + 1);
                             for (char& c : n)
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             return n;
                         });

TEST(ScenarioShowErrors, AnUnknownScenarioIsAUsageError) {
    const auto [out, status] = test::run_program(REFEREE_PROGRAM, {"scenarios", "--show", "nosuch"});
    EXPECT_EQ(status, 2);
    EXPECT_EQ(out, "");   // nothing on standard output; the message is on standard error
}

TEST(ScenarioShowErrors, TheListTakesNoFormat) {
    EXPECT_EQ(test::run_program(REFEREE_PROGRAM, {"scenarios", "--format", "json"}).second, 2);
    EXPECT_EQ(test::run_program(REFEREE_PROGRAM, {"scenarios"}).second, 0);
}

}  // namespace
