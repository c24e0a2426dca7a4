// The claims mechanism (validator/mechanisms/claims.cpp): `claim winner` and `claim score`
// compared with the computed result (claim-mismatch), the level included (Cemetery Hill 14.5).
// Claims in the other families: test_automatic_victory.cpp, test_banners.cpp, test_faction_victory.cpp.
#include "replay_support.hpp"
#include "scenario_support.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace referee;
using namespace referee::testing_support;

TEST(Violations, ClaimMismatch) {
    const Report r = check(kHeader + turns(1, 11) + "claim winner Union\nclaim score Confederate 4 Union 1\nend\n");
    EXPECT_TRUE(has(r, "claim-mismatch", 20));
    EXPECT_TRUE(has(r, "claim-mismatch", 21));
    ASSERT_EQ(r.claims.size(), 3u);
    EXPECT_FALSE(r.claims[0].agrees);
    EXPECT_EQ(r.claims[0].computed, "Confederate");
    EXPECT_TRUE(r.claims[1].agrees);   // Confederate 4
    EXPECT_FALSE(r.claims[2].agrees);  // Union 1, computed 0
}

TEST(CemeteryHill, Rule_14_5_ClaimOfTheLevelIsChecked) {
    std::string log = ch_game("unit U Union infantry 2 at 1010\nunit C Confederate infantry 2 at 1212\n", nothing,
                              [](int t, const std::string& s) { return t == 2 && s == "Union" ? std::string("eliminate U\neliminate C\n") : std::string(); });
    const Report r = check(log + "claim winner Union Decisive\n");
    EXPECT_EQ(count_code(r, "claim-mismatch"), 1) << dump(r);
    const Report ok = check(log + "claim winner Union Substantive\n");
    EXPECT_EQ(count_code(ok, "claim-mismatch"), 0) << dump(ok);
}

TEST(Violations, AClaimMismatchCitesTheMoveLogsClaimsWhereTheScenarioNamesNoRuleForTheEnd) {
    // kMinimal has no <victory>: the higher total wins, citing no rule. The mismatch cites the
    // section of the move log's page that defines claims, never nothing.
    add_builtin_scenario_for_tests("claims-no-end-rule", replace(kMinimal, "id=\"mini\"", "id=\"claims-no-end-rule\""));
    const Report r = check("game claims-no-end-rule\nturn 1\nturn 2\nturn 3\nclaim winner Blue\nclaim score Red 2\nend\n");
    ASSERT_EQ(count_code(r, "claim-mismatch"), 2) << dump(r);
    for (const Violation& v : r.violations) {
        if (v.code == "claim-mismatch") {
            EXPECT_EQ(v.rule, "docs/move-log.md#results-and-claims") << v.message;
        }
    }
    // A scenario with a rule for the end cites it (Marye's Heights: 17.0).
    const Report mh = check(kHeader + turns(1, 11) + "claim winner Union\nend\n");
    ASSERT_TRUE(has(mh, "claim-mismatch", 20));
    for (const Violation& v : mh.violations) {
        if (v.code == "claim-mismatch") {
            EXPECT_EQ(v.rule, "17.0");
        }
    }
}
