// The names and the parameters (validator/engine/binder.hpp, binder.cpp). Names: each Sym bound to
// the scenario's side, location, phase, track or unit the first time it is asked for, and kept;
// the caches grow as the reader interns more names; Sym 0 is "absent" for every kind; the
// scenario's units are in play only when use_scenario_units() was called (no `setup custom`).
// Parameters (docs/decisions.md "Parameters", G6): the scenario's default < a `param` record before
// the first turn < --param; each malformed case and its finding, in the order docs/engine.md gives.
#include "binder.hpp"

#include "readers.hpp"
#include "scenario_support.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

using namespace referee;
using namespace referee::testing_support;

namespace {

// Two points rules on the parameter vp (default 1), a parameter without a default, and first-player.
const char* const kParams = R"(<scenario id="params" title="Params" turns="4" first-player="param:first-player">
  <sides><side name="Blue"/><side name="Red"/></sides>
  <phases><phase name="movement" kind="movement"/></phases>
  <sequence><step side="first" phase="movement"/><step side="second" phase="movement"/></sequence>
  <map><hex-grid kind="hex-columns" columns="01-05" rows="01-04" shifted="even"/></map>
  <victory>
    <points kind="elimination" side="each" value="param:vp" rule="9.1" what="enemy SP eliminated"/>
    <points kind="exit" side="each" value="param:vp" rule="9.2" what="SP exited"/>
    <end-of-game winner="higher-total" rule="9.0"/>
  </victory>
  <params>
    <param name="vp" default="1" rule="9.1" description="points per SP"/>
    <param name="bonus" rule="9.2" description="no default"/>
    <param name="first-player" default="Blue" description="who moves first"/>
  </params>
</scenario>
)";

const Scenario& params_scenario() {
    static const ScenarioLoad load = valid(kParams);
    return *load.scenario;
}
const Scenario& faction_scenario() {
    static const ScenarioLoad load = valid(kFactionGame);
    return *load.scenario;
}

// A game's header read from `log`, and its parameters applied with `opts`.
struct Applied {
    Applied(const Scenario& s, const std::string& log, CheckOptions opts = {})
        : g(parse_move_log(log, "t.log")), o(std::move(opts)), findings(false), names(s, g.symbols) {
        EXPECT_FALSE(g.has_syntax_errors()) << log;
        names.apply_params(g.records, o, findings);
    }
    std::optional<std::int64_t> value(const char* param) const { return names.value(Value{0, param}); }

    GameRecord g;
    CheckOptions o;
    Findings findings;
    Binder names;
};

CheckOptions with_params(std::vector<std::pair<std::string, std::string>> params) {
    CheckOptions o;
    o.params = std::move(params);
    return o;
}

// "code@line:col [rule] message" for each finding, in order.
std::vector<std::string> findings(const Findings& f) {
    std::vector<std::string> out;
    for (const Violation& v : f.found())
        out.push_back(v.code + "@" + std::to_string(v.line) + ":" + std::to_string(v.col) + " [" + v.rule + "] " + v.message);
    return out;
}

}  // namespace

// --- names ------------------------------------------------------------------------------------

TEST(BinderNames, EachKindIsLookedUpInTheScenario) {
    const Scenario& s = maryes();
    SymbolTable syms;
    Binder b(s, syms);
    const Sym conf = syms.intern("confederate"), hex = syms.intern("0506"), phase = syms.intern("Movement"), none = syms.intern("Nowhere");
    EXPECT_EQ(b.side(conf), s.find_side("Confederate"));  // sides and phases without case
    EXPECT_EQ(b.loc(hex), s.map.find("0506"));
    EXPECT_NE(b.loc(hex), kNoLoc);
    EXPECT_EQ(b.phase(phase), s.find_phase("movement"));
    EXPECT_GE(b.phase(phase), 0);
    EXPECT_EQ(b.side(none), kNoSide);
    EXPECT_EQ(b.loc(none), kNoLoc);
    EXPECT_EQ(b.phase(none), -1);
    EXPECT_EQ(b.track(none), -1);  // Marye's Heights has no tracks
    EXPECT_EQ(b.str(hex), "0506");
}

TEST(BinderNames, SymZeroIsAbsentForEveryKind) {
    SymbolTable syms;
    Binder b(maryes(), syms);
    EXPECT_EQ(b.side(kNoSym), kNoSide);
    EXPECT_EQ(b.loc(kNoSym), kNoLoc);
    EXPECT_EQ(b.phase(kNoSym), -1);
    EXPECT_EQ(b.track(kNoSym), -1);
    EXPECT_EQ(b.unit(kNoSym), -1);
    b.use_scenario_units();
    b.sync();
    EXPECT_EQ(b.unit(kNoSym), -1);
}

TEST(BinderNames, NamesInternedAfterTheFirstLookUpAreBoundToo) {
    const Scenario& s = maryes();
    SymbolTable syms;
    Binder b(s, syms);
    const Sym union_ = syms.intern("Union");
    EXPECT_EQ(b.side(union_), s.find_side("Union"));
    // Hundreds of names later, without sync(): a look-up past the caches grows them.
    for (int i = 0; i < 500; ++i) syms.intern("name" + std::to_string(i));
    const Sym conf = syms.intern("Confederate");
    EXPECT_EQ(b.side(conf), s.find_side("Confederate"));
    // With sync(), as the engine does once per record.
    const Sym hex = syms.intern("1113");
    b.sync();
    EXPECT_EQ(b.loc(hex), s.map.find("1113"));
    EXPECT_EQ(b.side(union_), s.find_side("Union"));  // earlier bindings kept
    EXPECT_EQ(b.loc(union_), kNoLoc);                 // each kind on its own
}

TEST(BinderNames, ScenarioUnitsOnlyWithTheStandardSetUpAndByTheirExactId) {
    const Scenario& s = maryes();
    ASSERT_NE(unit(s, "Ransom"), nullptr);
    const std::int32_t ransom = static_cast<std::int32_t>(unit(s, "Ransom") - s.units.data());
    SymbolTable syms;
    const Sym name = syms.intern("Ransom"), lower = syms.intern("ransom");
    Binder custom(s, syms);  // setup custom: the game's unit records are the units
    EXPECT_EQ(custom.unit(name), -1);
    Binder standard(s, syms);
    standard.use_scenario_units();
    EXPECT_EQ(standard.unit(name), ransom);
    EXPECT_EQ(standard.unit(lower), -1);  // unit ids are exact
}

TEST(BinderNames, AUnitRecordBindsItsIdOverTheScenarios) {
    const Scenario& s = maryes();
    SymbolTable syms;
    const Sym name = syms.intern("Ransom"), fresh = syms.intern("U9");
    Binder b(s, syms);
    b.use_scenario_units();
    b.bind_unit(name, 40);
    b.bind_unit(fresh, 41);
    EXPECT_EQ(b.unit(name), 40);
    EXPECT_EQ(b.unit(fresh), 41);
    const Sym later = syms.intern("U10");  // past the caches: bind_unit grows them
    b.bind_unit(later, 42);
    EXPECT_EQ(b.unit(later), 42);
}

// --- parameters: precedence -------------------------------------------------------------------

TEST(BinderParams, DefaultThenParamRecordThenCommandLine) {
    const Scenario& s = params_scenario();
    EXPECT_EQ(Applied(s, "game params\nturn 1\n").value("vp"), 1);
    EXPECT_EQ(Applied(s, "game params\nparam vp 2\nturn 1\n").value("vp"), 2);
    EXPECT_EQ(Applied(s, "game params\nparam vp 2\nturn 1\n", with_params({{"vp", "3"}})).value("vp"), 3);
    EXPECT_EQ(Applied(s, "game params\nturn 1\n", with_params({{"VP", "4"}})).value("vp"), 4);  // names without case
    // The last of several, and only before the first turn.
    EXPECT_EQ(Applied(s, "game params\nparam vp 2\nparam Vp 5\nturn 1\nparam vp 9\n").value("vp"), 5);
    const Applied none(s, "game params\nturn 1\n");
    EXPECT_FALSE(none.value("bonus"));  // no default and not set
    EXPECT_FALSE(none.value("nothing"));
    EXPECT_EQ(none.names.value(Value{7, ""}), 7);  // a literal
    EXPECT_TRUE(none.findings.found().empty());
}

TEST(BinderParams, TurnsTreatyAndFirstPlayer) {
    const Applied plain(faction_scenario(), "game test-factions\nturn 1\n");
    EXPECT_EQ(plain.names.turns(), 3);  // the default of rounds
    EXPECT_FALSE(plain.names.treaty_param());
    EXPECT_EQ(plain.names.first_player(), kNoSide);  // no first-player parameter
    const Applied set(faction_scenario(), "game test-factions\nparam rounds 7\nparam treaty YES\nturn 1\n");
    EXPECT_EQ(set.names.turns(), 7);
    EXPECT_TRUE(set.names.treaty_param());
    EXPECT_EQ(Applied(maryes(), "game maryes-heights\nturn 1\n").names.turns(), 11);  // no turns parameter
    // first-player: its default, or the side set.
    EXPECT_EQ(Applied(params_scenario(), "game params\nturn 1\n").names.first_player(), 0);
    EXPECT_EQ(Applied(params_scenario(), "game params\nparam first-player red\nturn 1\n").names.first_player(), 1);
}

// --- parameters: what cannot be used ----------------------------------------------------------

TEST(BinderParams, AnUnknownParamRecordIsAnErrorButTheGameIsJudged) {
    const Applied a(params_scenario(), "game params\nparam nope 3\nturn 1\n");
    EXPECT_FALSE(a.findings.fatal());
    EXPECT_EQ(findings(a.findings), (std::vector<std::string>{"unknown-param@2:0 [docs/move-log.md#header-records] the scenario params has no parameter 'nope'"}));
    EXPECT_TRUE(a.findings.found()[0].error);
}

TEST(BinderParams, AnUnknownCommandLineParamForThisScenarioCannotBeJudged) {
    // --param ID:NAME=VALUE names this scenario: a parameter it does not have is a mistake.
    const Applied a(params_scenario(), "game params\nturn 1\n", with_params({{"params:Nope", "3"}}));
    EXPECT_TRUE(a.findings.fatal());
    EXPECT_EQ(findings(a.findings),
              (std::vector<std::string>{"unknown-param@0:0 [docs/report.md#command-line] --param params:Nope: the scenario params has no parameter 'Nope'"}));
}

TEST(BinderParams, AnUnknownCommandLineParamForTheBatchIsANote) {
    // A bare --param NAME is set for a whole batch, which may mix scenarios: a game whose scenario
    // does not have it goes without it, and says so once (the command line refuses a name no
    // scenario has before any file is read).
    Applied a(params_scenario(), "game params\nturn 1\n", with_params({{"Nope", "3"}}));
    EXPECT_FALSE(a.findings.fatal());
    EXPECT_TRUE(findings(a.findings).empty());
    EXPECT_EQ(a.findings.notes(), (std::vector<std::string>{"--param Nope not used: the scenario params has no parameter 'Nope'"}));
    // One for another scenario is not this game's at all.
    Applied other(params_scenario(), "game params\nturn 1\n", with_params({{"maryes-heights:Nope", "3"}}));
    EXPECT_FALSE(other.findings.fatal());
    EXPECT_TRUE(other.findings.notes().empty());
}

TEST(BinderParams, ANumberThatIsNotAWholeNumberCannotBeJudgedOnceForItsParameter) {
    // vp scores two rules: one finding for its one bad value.
    const Applied rec(params_scenario(), "game params\nparam vp lots\nturn 1\n");
    EXPECT_TRUE(rec.findings.fatal());
    EXPECT_EQ(findings(rec.findings), (std::vector<std::string>{"bad-value@2:1 [docs/move-log.md#header-records] parameter vp must be a whole number, not 'lots'"}));
    const Applied cli(params_scenario(), "game params\nturn 1\n", with_params({{"vp", "1.5"}}));
    EXPECT_EQ(findings(cli.findings),
              (std::vector<std::string>{"bad-value@0:0 [docs/report.md#command-line] parameter vp must be a whole number, not '1.5' (from --param)"}));
    // A parameter no rule counts with is not read as a number.
    EXPECT_FALSE(Applied(params_scenario(), "game params\nparam bonus lots\nturn 1\n").findings.fatal());
}

TEST(BinderParams, TheTurnsParameterIsAWholeNumberFrom1To10000) {
    for (const char* bad : {"0", "10001", "-2", "many"}) {
        SCOPED_TRACE(bad);
        const Applied a(faction_scenario(), std::string("game test-factions\nparam rounds ") + bad + "\nturn 1\n");
        EXPECT_TRUE(a.findings.fatal());
        EXPECT_EQ(findings(a.findings), (std::vector<std::string>{std::string("bad-value@2:1 [docs/move-log.md#header-records] parameter rounds must be a "
                                                                         "whole number of game-turns from 1 to 10000, not '") + bad + "'"}));
        EXPECT_EQ(a.names.turns(), 3);  // the default stays
    }
    EXPECT_EQ(Applied(faction_scenario(), "game test-factions\nparam rounds 10000\nturn 1\n").names.turns(), 10000);
    const Applied cli(faction_scenario(), "game test-factions\nturn 1\n", with_params({{"rounds", "0"}}));
    EXPECT_EQ(findings(cli.findings), (std::vector<std::string>{"bad-value@0:0 [docs/report.md#command-line] parameter rounds must be a whole number of "
                                                             "game-turns from 1 to 10000, not '0' (from --param)"}));
}

TEST(BinderParams, TheTreatyParameterIsYesOrNoAndNoDoesNotUndoTheScenarios) {
    const Applied bad(faction_scenario(), "game test-factions\nparam treaty maybe\nturn 1\n");
    EXPECT_TRUE(bad.findings.fatal());
    EXPECT_EQ(findings(bad.findings), (std::vector<std::string>{"bad-value@2:1 [docs/move-log.md#header-records] parameter treaty is yes or no, not 'maybe'"}));
    const Applied no(faction_scenario(), "game test-factions\nparam treaty No\nturn 1\n");
    EXPECT_FALSE(no.findings.fatal());
    EXPECT_FALSE(no.names.treaty_param());
}

TEST(BinderParams, FirstPlayerMustNameASide) {
    const Applied rec(params_scenario(), "game params\nparam first-player Green\nturn 1\n");
    EXPECT_TRUE(rec.findings.fatal());
    EXPECT_EQ(findings(rec.findings), (std::vector<std::string>{"bad-value@2:1 [docs/move-log.md#header-records] parameter first-player: 'Green' is not a side of params"}));
    const Applied cli(params_scenario(), "game params\nturn 1\n", with_params({{"first-player", "Green"}}));
    EXPECT_EQ(findings(cli.findings),
              (std::vector<std::string>{"bad-value@0:0 [docs/report.md#command-line] parameter first-player: 'Green' is not a side of params (from --param)"}));
}

TEST(BinderParams, FindingsComeInTheOrderOfDocsEngineMd) {
    // Unknown param records in record order, then unknown --param, then numbers, then first-player.
    const Applied a(params_scenario(), "game params\nparam zeta 1\nparam vp x\nparam alpha 2\nparam first-player Green\nturn 1\n",
                    with_params({{"params:omega", "1"}}));
    std::vector<std::string> codes;
    for (const Violation& v : a.findings.found()) codes.push_back(v.code + "@" + std::to_string(v.line));
    EXPECT_EQ(codes, (std::vector<std::string>{"unknown-param@2", "unknown-param@4", "unknown-param@0", "bad-value@3", "bad-value@5"}));
    // Then the turns parameter, then the treaty.
    const Applied f(faction_scenario(), "game test-factions\nparam treaty perhaps\nparam rounds x\nturn 1\n");
    std::vector<std::string> faction_codes;
    for (const Violation& v : f.findings.found()) faction_codes.push_back(v.code + "@" + std::to_string(v.line));
    EXPECT_EQ(faction_codes, (std::vector<std::string>{"bad-value@3", "bad-value@2"}));
}
