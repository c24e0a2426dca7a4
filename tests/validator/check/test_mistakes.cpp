// Mistakes said once and helpfully (report.md, "A tournament's batch"; docs/report.md): a name one
// or two edits from a known unit, location, phase, side, parameter or scenario id is offered as
// "did you mean"; a scenario that cannot be used is one error, not a headline and two errors that
// say the same; a claim that disagrees is said once, as its claim-mismatch violation.
#include "check.hpp"
#include "report.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace referee;

namespace {

Report check(const std::string& log, CheckOptions o = {}) {
    return check_text(log, "game.log", o);
}

// The message of the one violation with `code`; "" when there is none or several.
std::string message_of(const Report& r, const std::string& code) {
    std::string found;
    int n = 0;
    for (const auto& v : r.violations)
        if (v.code == code) {
            found = v.message;
            ++n;
        }
    return n == 1 ? found : "";
}

int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
    return n;
}

const std::string kHead = "game maryes-heights\nturn 1\nphase Union movement\n";

}  // namespace

TEST(DidYouMean, AUnitOneEditFromAKnownOne) {
    const Report r = check(kHead + "move Cobbb 1112 1111\n");
    EXPECT_NE(message_of(r, "unknown-unit").find("(did you mean 'Cobb'?)"), std::string::npos) << render_text(r);
}

TEST(DidYouMean, APhaseASideAndAParameter) {
    Report r = check("game maryes-heights\nparam exit-pv 2\nturn 1\nphase Union movment\n");
    EXPECT_NE(message_of(r, "unknown-phase").find("(did you mean 'movement'?)"), std::string::npos) << render_text(r);
    EXPECT_NE(message_of(r, "unknown-param").find("(did you mean 'exit-vp'?)"), std::string::npos) << render_text(r);
    r = check("game maryes-heights\nturn 1\nphase Unoin movement\n");
    EXPECT_NE(message_of(r, "unknown-side").find("(did you mean 'Union'?)"), std::string::npos) << render_text(r);
    // On the command line, for this scenario alone: an error, with the name it is close to.
    CheckOptions o;
    o.params = {{"maryes-heights:ocupation-vp", "1"}};
    r = check(kHead, o);
    EXPECT_NE(message_of(r, "unknown-param").find("(did you mean 'occupation-vp'?)"), std::string::npos) << render_text(r);
    // Set for a whole batch: a game whose scenario has no such parameter goes without it, and its
    // report says so once under rulings.
    o.params = {{"ocupation-vp", "1"}};
    r = check(kHead, o);
    EXPECT_EQ(message_of(r, "unknown-param"), "") << render_text(r);
    EXPECT_NE(render_text(r).find("--param ocupation-vp not used: the scenario maryes-heights has no parameter 'ocupation-vp' (did you mean "
                                  "'occupation-vp'?)"),
              std::string::npos)
        << render_text(r);
}

TEST(ScopedParam, AppliesToItsScenarioAndThoseThatExtendItOnly) {
    CheckOptions o;
    o.params = {{"maryes-heights:exit-vp", "2"}, {"cemetery-hill:exit-vp", "7"}};   // the second is for other games
    const Report r = check(kHead, o);
    EXPECT_TRUE(r.judged) << render_text(r);
    EXPECT_EQ(render_text(r).find("exit-vp is not set"), std::string::npos) << render_text(r);   // set, by the first
    EXPECT_EQ(message_of(r, "unknown-param"), "");
    o.params = {{"cemetery-hill:exit-vp", "7"}};
    EXPECT_NE(render_text(check(kHead, o)).find("exit-vp is not set"), std::string::npos);   // not for this game
}

TEST(DidYouMean, NothingWhenNoKnownNameIsClose) {
    const Report r = check(kHead + "move Longstreet 1112 1111\n");
    const std::string m = message_of(r, "unknown-unit");
    ASSERT_NE(m, "") << render_text(r);
    EXPECT_EQ(m.find("did you mean"), std::string::npos) << m;
}

TEST(DidYouMean, AHexOffTheGridGetsTheGridsExtentNotAGuess) {
    const Report r = check(kHead + "move 3/V 0206 2799\n");
    const std::string m = message_of(r, "unknown-location");
    EXPECT_NE(m.find("the map's hexes run from 0101 to "), std::string::npos) << render_text(r);
    EXPECT_EQ(m.find("did you mean"), std::string::npos) << m;
}

TEST(DidYouMean, AnAreaMapsSpace) {
    const Report r = check("game liberty-or-death-1775\nturn 1\nsupport Masachusetts active-support\n");
    EXPECT_NE(render_text(r).find("(did you mean 'Massachusetts'?)"), std::string::npos) << render_text(r);
}

TEST(SaidOnce, AnUnknownScenarioIsOneErrorWithItsNearestName) {
    const Report r = check("game maryes-heigths\nturn 1\n");
    ASSERT_EQ(r.violations.size(), 1u) << render_text(r);
    EXPECT_EQ(r.violations[0].code, "unknown-scenario");
    EXPECT_NE(r.violations[0].message.find("(did you mean 'maryes-heights'?)"), std::string::npos) << r.violations[0].message;
    const std::string text = render_text(r);
    // The headline names the error; its message is said once, on the error's line.
    EXPECT_EQ(text.rfind("game.log: not judged: unknown-scenario\n", 0), 0u) << text;
    EXPECT_EQ(count(text, "no built-in scenario"), 1) << text;
}

TEST(SaidOnce, ADisagreeingClaimIsItsViolationOnly) {
    const std::string log = kHead + "end\nclaim winner Union\nclaim score Union 0 Confederate 5\n";
    const Report r = check(log);
    const std::string text = render_text(r);
    int mismatches = 0;
    for (const auto& v : r.violations) mismatches += v.code == "claim-mismatch";
    ASSERT_EQ(mismatches, 2) << text;                        // the winner, and Confederate 5 (4 computed)
    EXPECT_EQ(count(text, "claim-mismatch"), 2) << text;
    EXPECT_EQ(count(text, "disagrees"), 0) << text;          // not again as claim lines
    EXPECT_EQ(count(text, "claim score Union: stated 0, computed 0 \u2014 agrees"), 1) << text;
    EXPECT_EQ(r.claims.size(), 3u);                          // the JSON keeps every claim
}
