// The claims mechanism (validator/mechanisms/claims.cpp): `claim winner` and `claim score`
// compared with the computed result (claim-mismatch), the level included (Cemetery Hill 14.5).
// Claims in the other families: test_automatic_victory.cpp, test_banners.cpp, test_faction_victory.cpp.
#include "replay_support.hpp"

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
