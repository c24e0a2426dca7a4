// What the scenario reader's tests share (tests/parser/scenario/test_*.cpp; the engine's, in
// tests/validator/engine, use its scenarios too): a small valid scenario of each kind that tests break one thing in at a time, test bases added as built-ins, and
// checks of an error's position and message.
#pragma once

#include "scenario.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

// Defined in parser/scenario/builtins.cpp for tests only (not in parser/scenario/scenario.hpp).
namespace referee {
void add_builtin_scenario_for_tests(const std::string& id, const std::string& xml);
}

namespace referee::testing_support {

inline const Scenario& maryes() {
    static const ScenarioLoad load = load_scenario("maryes-heights");
    if (!load.scenario) {
        for (const auto& e : load.errors) ADD_FAILURE() << e.file << ":" << e.line << ":" << e.col << ": " << e.message;
        std::abort();
    }
    return *load.scenario;
}

inline LocId loc(const Scenario& s, const char* name) {
    const LocId id = s.map.find(name);
    EXPECT_NE(id, kNoLoc) << name;
    return id;
}

inline std::vector<std::string> names(const Scenario& s, const std::vector<LocId>& ids) {
    std::vector<std::string> out;
    for (LocId id : ids) out.push_back(s.map.name(id));
    return out;
}

inline const UnitDef* unit(const Scenario& s, const std::string& id) {
    for (const UnitDef& u : s.units)
        if (u.id == id) return &u;
    return nullptr;
}

// A small valid scenario; tests break one thing in it at a time.
inline const char* const kMinimal = R"(<scenario id="mini" title="Mini" turns="3" first-player="Blue">
  <sides><side name="Blue"/><side name="Red"/></sides>
  <phases><phase name="movement" kind="movement"/><phase name="combat" kind="combat"/></phases>
  <sequence>
    <step side="Blue" phase="movement"/>
    <step side="Red" phase="movement"/>
  </sequence>
  <map><hex-grid kind="hex-columns" columns="01-05" rows="01-04" shifted="even"/></map>
  <units>
    <unit id="a" side="Blue" type="infantry" strength="3" at="0101"/>
  </units>
</scenario>
)";

inline std::string replace(std::string s, const std::string& from, const std::string& to) {
    const std::size_t at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) s.replace(at, from.size(), to);
    return s;
}

// Reads xml, expects exactly one error and returns it.
inline ScenarioError one_error(const std::string& xml) {
    ScenarioLoad r = read_scenario_xml(xml, "test.xml");
    EXPECT_FALSE(r.scenario.has_value());
    EXPECT_EQ(r.errors.size(), 1u);
    for (const auto& e : r.errors) std::printf("    %s:%u:%u: %s\n", e.file.c_str(), e.line, e.col, e.message.c_str());
    return r.errors.empty() ? ScenarioError{} : r.errors.front();
}

inline bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// kMinimal with `extra` before </scenario>: the extra text starts on line 12, column 1.
inline std::string with(const std::string& extra) { return replace(kMinimal, "</scenario>", extra + "\n</scenario>"); }

// Reads xml that must be valid; reports its errors otherwise.
inline ScenarioLoad valid(const std::string& xml) {
    ScenarioLoad r = read_scenario_xml(xml, "t.xml");
    for (const auto& e : r.errors) ADD_FAILURE() << e.file << ":" << e.line << ":" << e.col << ": " << e.message;
    return r;
}

// Where `needle` occurs in `xml` (1-based line and column; the tests' texts are ASCII), to check an
// error's position: `needle` occurs once, and starts with the attribute value or element that is wrong.
inline std::pair<std::uint32_t, std::uint32_t> where(const std::string& xml, const std::string& needle) {
    const std::size_t at = xml.find(needle);
    EXPECT_NE(at, std::string::npos) << needle;
    if (at == std::string::npos) return {0, 0};
    EXPECT_EQ(xml.find(needle, at + 1), std::string::npos) << needle << " occurs twice";
    const std::size_t line_start = xml.rfind('\n', at) == std::string::npos ? 0 : xml.rfind('\n', at) + 1;
    return {static_cast<std::uint32_t>(std::count(xml.begin(), xml.begin() + static_cast<std::ptrdiff_t>(at), '\n') + 1),
            static_cast<std::uint32_t>(at - line_start + 1)};
}

#define EXPECT_AT(e, xml, needle)                                     \
    do {                                                              \
        const auto w_ = where((xml), (needle));                       \
        EXPECT_EQ((e).line, w_.first) << (e).message;                 \
        EXPECT_EQ((e).col, w_.second) << (e).message;                 \
    } while (false)

// A scenario whose sides come from the game, with alternating turns and no turn limit.
inline const char* const kFromGame = R"(<scenario id="banners" title="Banners" turns="none">
  <sides from-game="yes"/>
  <phases><phase name="orders" kind="other"/><phase name="movement" kind="movement"/><phase name="battle" kind="combat"/></phases>
  <sequence mode="alternate">
    <step side="phasing" phase="orders"/>
    <step side="Phasing" phase="movement"/>
    <step side="phasing" phase="battle"/>
  </sequence>
  <map><hex-grid kind="hex-rows" columns="01-13" rows="01-09" shifted="even"/></map>
</scenario>
)";

// kFromGame with `extra` before </scenario> (on line 10).
inline std::string from_game(const std::string& extra) { return replace(kFromGame, "</scenario>", extra + "\n</scenario>"); }

// A from-game base, added as a built-in for the tests (no file in scenarios/ is one yet).
inline const char* const kBannerBase = R"(<scenario id="test-banner-base" title="Banner battles" turns="none">
  <sides from-game="yes" count="2"/>
  <phases><phase name="orders" kind="other"/><phase name="movement" kind="movement"/><phase name="battle" kind="combat"/></phases>
  <sequence mode="alternate">
    <step side="phasing" phase="orders"/>
    <step side="phasing" phase="movement"/>
    <step side="phasing" phase="battle"/>
  </sequence>
  <map><hex-grid kind="hex-rows" columns="01-13" rows="01-09" shifted="even"/></map>
  <objectives>
    <objective kind="majority" side="any" locs="0605, 0705, 0805" rule="B5"/>
  </objectives>
  <victory>
    <banners-for-eliminations no-banner-roles="garrison" rule="B2"/>
    <end-of-game winner="sudden-death" rule="B1"/>
  </victory>
</scenario>
)";

// Sides from the game and sudden death, nothing else: its banners come from the games' records.
inline const char* const kBareBase = R"(<scenario id="test-bare-base" title="Bare" turns="none">
  <sides from-game="yes" count="3"/>
  <phases><phase name="movement" kind="movement"/></phases>
  <sequence mode="alternate"><step side="phasing" phase="movement"/></sequence>
  <map><hex-grid kind="hex-rows" columns="01-05" rows="01-05" shifted="even"/></map>
  <victory><end-of-game winner="sudden-death" rule="B1"/></victory>
</scenario>
)";

inline void add_test_bases() {
    add_builtin_scenario_for_tests("test-banner-base", kBannerBase);
    add_builtin_scenario_for_tests("test-bare-base", kBareBase);
}

// A small valid game of factions; tests break one thing in it at a time (line numbers matter).
inline const char* const kFactionGame = R"(<scenario id="test-factions" title="Factions" turns="param:rounds">
  <sides pieces-rule="1.4">
    <side name="Crown" group="Royal" pieces="regular, fort"/>
    <side name="Rebels" group="Free" pieces="militia, fort"/>
    <side name="Allies" group="Free" pieces="regular"/>
    <side name="Tribes" group="Royal" pieces="war-party, village"/>
  </sides>
  <phases><phase name="check" kind="other"/><phase name="support" kind="other"/></phases>
  <sequence><step side="none" phase="check"/><step side="none" phase="support"/></sequence>
  <map support-rule="L1" blockade-rule="1.9">
    <location name="Port" type="city" population="2" adjacent="Farm"/>
    <location name="Farm" type="colony" population="1" adjacent="Woods"/>
    <location name="Woods" type="reserve" population="0"/>
    <location name="Sea" type="box"/>
    <location name="Shoal"/>
  </map>
  <setup>
    <support space="Port" level="active-support"/>
    <support space="Farm" level="Passive-Opposition"/>
    <place faction="Crown" piece="regular" space="Port" count="3"/>
    <place faction="tribes" piece="Village" space="Woods"/>
    <blockade city="Port"/>
  </setup>
  <tracks>
    <track name="support" title="Total Support" derive="support" rule="L1"/>
    <track name="opposition" title="Total Opposition" derive="opposition"/>
    <track name="losses" title="Crown losses" derive="casualties" start="2" rule="L2"/>
    <track name="villages" title="Villages" derive="pieces" faction="Tribes" piece="village" rule="1.6.5"/>
    <track name="naval" title="Naval" start="-1"/>
  </tracks>
  <casualties rule="L2">
    <casualty faction="Crown" pieces="regular, fort" track="losses"/>
  </casualties>
  <treaty card="109" param="treaty" rule="L3"/>
  <victory>
    <factions check-phase="check" final-after-phase="support" check-rule="7.2" final-rule="7.3" rank-rule="7.1"
              players-rule="L5" tie-order="Rebels, Crown, Allies, Tribes">
      <faction name="Crown">
        <condition plus="support" minus="opposition" above="10" what="Support ahead by more than 10"/>
      </faction>
      <faction name="Rebels">
        <condition plus="opposition" minus="support, villages" offset="3" what="Opposition ahead"/>
      </faction>
      <faction name="Allies" requires-treaty="yes">
        <condition plus="opposition" what="Opposition"/>
        <condition minus="losses" what="few losses"/>
      </faction>
      <faction name="Tribes">
        <condition plus="villages" offset="-3" what="Villages"/>
      </faction>
      <one-player rule="8.8" tie-order="Allies, Tribes, Rebels, Crown"/>
    </factions>
    <end-of-game winner="factions" rule="7.3"/>
  </victory>
  <params>
    <param name="rounds" default="3" rule="2.4.1" description="rounds to play"/>
    <param name="treaty" default="no" description="treaty played"/>
  </params>
</scenario>
)";

// A scenario whose first player is a parameter (G6; scenario-format.md): a phase of no side, then
// the first player's and the second's steps interleaved, the second's from turn 2.
inline const char* const kFirstPlayer = R"(<scenario id="ford" title="The Ford" turns="6" first-player="param:first-player">
  <sides><side name="North"/><side name="South"/></sides>
  <phases><phase name="supply" kind="other"/><phase name="movement" kind="movement"/><phase name="combat" kind="combat"/></phases>
  <sequence>
    <step side="none" phase="supply"/>
    <step side="first" phase="movement"/>
    <step side="second" phase="movement" first-turn="2"/>
    <step side="first" phase="combat"/>
    <step side="second" phase="combat" first-turn="2"/>
  </sequence>
  <map><hex-grid kind="hex-columns" columns="01-05" rows="01-04" shifted="even"/></map>
  <params><param name="first-player" default="North" description="who moves first"/></params>
</scenario>
)";

// One way to break a file: the edits (each replaces the first occurrence), where the error must be
// (a text that starts there and occurs once in the edited file) and a part of its message.
struct Break {
    std::vector<std::pair<std::string, std::string>> edits;
    std::string at;
    std::string message;
};

inline void expect_breaks(const std::string& base, const std::vector<Break>& cases) {
    for (const Break& b : cases) {
        SCOPED_TRACE(b.message);
        std::string xml = base;
        for (const auto& [from, to] : b.edits) xml = replace(xml, from, to);
        ScenarioError e = one_error(xml);
        EXPECT_AT(e, xml, b.at);
        EXPECT_TRUE(contains(e.message, b.message)) << e.message;
    }
}

inline std::int32_t track(const Scenario& s, const char* name) {
    const std::int32_t t = s.find_track(name);
    EXPECT_GE(t, 0) << name;
    return t;
}

// Total Support and Total Opposition (L1, 1.6.3) from the spaces: 2 x population at Active, 1 x at Passive.
inline std::pair<std::int64_t, std::int64_t> totals(const Scenario& s) {
    std::int64_t support = 0, opposition = 0;
    for (const SpaceDef& d : s.spaces) {
        const std::int64_t weight = d.support == ActiveSupport || d.support == ActiveOpposition ? 2 : 1;
        if (d.support > 0) support += weight * d.population;
        if (d.support < 0) opposition += weight * d.population;
    }
    return {support, opposition};
}

}  // namespace referee::testing_support
