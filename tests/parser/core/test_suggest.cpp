// "Did you mean" (parser/core/suggest.hpp): which known names are offered for a mistaken one.
#include "suggest.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace referee;

TEST(EditDistance, CountsEachKindOfEditOnce) {
    EXPECT_EQ(edit_distance("Cobb", "Cobb", 2), 0u);
    EXPECT_EQ(edit_distance("cobb", "COBB", 2), 0u);       // letters without case
    EXPECT_EQ(edit_distance("Cob", "Cobb", 2), 1u);        // insert
    EXPECT_EQ(edit_distance("Cobbb", "Cobb", 2), 1u);      // delete
    EXPECT_EQ(edit_distance("Kobb", "Cobb", 2), 1u);       // change
    EXPECT_EQ(edit_distance("1131", "1113", 2), 1u);       // two neighbours swapped
    EXPECT_EQ(edit_distance("movment", "movement", 2), 1u);
    EXPECT_EQ(edit_distance("Confedrate", "Confederate", 2), 1u);
    EXPECT_EQ(edit_distance("abcdef", "uvwxyz", 2), 3u);   // past the limit: limit + 1
    EXPECT_EQ(edit_distance("a", "abcdef", 2), 3u);
    EXPECT_EQ(edit_distance("", "ab", 2), 2u);
}

TEST(Suggestions, OffersTheClosestKnownNames) {
    const std::vector<std::string> sides{"Union", "Confederate"};
    EXPECT_EQ(did_you_mean("Confedrate", sides), " (did you mean 'Confederate'?)");
    EXPECT_EQ(did_you_mean("Unoin", sides), " (did you mean 'Union'?)");
    EXPECT_EQ(did_you_mean("French", sides), "");
    EXPECT_EQ(did_you_mean("union", sides), " (did you mean 'Union'?)");   // only the case differs
    EXPECT_EQ(did_you_mean("Union", sides), "");                            // known: nothing to say
}

TEST(Suggestions, ShortNamesGetOneEditOnly) {
    const std::vector<std::string> units{"R", "RC", "LC", "L"};
    // "X" is one edit from "R" and "L": both offered, in the order known.
    EXPECT_EQ(did_you_mean("X", units), " (did you mean 'R' or 'L'?)");
    // "ABC" is three letters: "RC" and "LC" are two edits away, too far.
    EXPECT_EQ(did_you_mean("ABC", units), "");
}

TEST(Suggestions, AtMostThreeTheClosestFirst) {
    const std::vector<std::string> hexes{"1114", "1112", "1113", "1131", "1115", "1116"};
    // For "1103": 1113 is one edit away; 1114, 1112, 1131, 1115 and 1116 two. The one-edit name
    // first, then the first two-edit ones in the order known; three at most.
    EXPECT_EQ(did_you_mean("1103", hexes), " (did you mean '1113', '1114' or '1112'?)");
    // one edit beats two: "movment" offers "movement", not "combat"
    const std::vector<std::string> phases{"combat", "movement", "moment"};
    EXPECT_EQ(did_you_mean("movment", phases), " (did you mean 'movement' or 'moment'?)");
}
