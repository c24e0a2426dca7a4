// Two copies compared (validator/diff/dispute.hpp): chance named, a copy that stops early, each
// copy's verdict (check's own), whether the difference changes the result, and the units that stand
// differently.
#include "check.hpp"
#include "dispute.hpp"
#include "dispute_report.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace referee::diff {
namespace {

std::string sample(const std::string& name) {
    std::ifstream in(std::filesystem::path(REFEREE_SOURCE_DIR) / "samples" / name, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The copy `text` with `from` replaced by `to` (once; it must be there).
std::string changed(std::string text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

Dispute compared(const std::string& a, const std::string& b) {
    CopyInput x{"a.log", a, {}, std::nullopt, nullptr}, y{"b.log", b, {}, std::nullopt, nullptr};
    return compare(x, y, CheckOptions{});
}

const std::string kGame = sample("maryes-heights/full-game-points.log");

TEST(Dispute, TheSameGameWrittenDifferentlyIsTheSame) {
    std::string b = changed(kGame, "tag event \"Autumn heat 2026\"\ntag table 4\n", "");
    b = changed(b, "player Union \"C. Okafor\"\nplayer Confederate \"D. Lindqvist\"\n",
                "player Confederate \"D. Lindqvist\"\nplayer Union \"C. Okafor\"  # the Union\n");
    b = changed(b, "turn 2\n", "chat Union \"your move\"\nturn   2\n");
    const Dispute d = compared(kGame, b);
    EXPECT_TRUE(d.same);
    EXPECT_EQ(exit_status(d), 0);
    EXPECT_EQ(render_text(d, 50), "a.log and b.log: the same game (" + std::to_string(d.a_records) + " records)\n");
}

TEST(Dispute, AChangedRollIsChance) {
    const Dispute d = compared(kGame, changed(kGame, "combat 1/II vs Cobb odds 2:1 roll 4 result Dr", "combat 1/II vs Cobb odds 2:1 roll 6 result Dr"));
    ASSERT_EQ(d.differences.size(), 1u);
    EXPECT_EQ(d.differences[0].kind, "roll-differs");
    EXPECT_TRUE(d.differences[0].chance());
    ASSERT_TRUE(d.differences[0].a && d.differences[0].b);
    EXPECT_EQ(d.differences[0].a->record, "combat 1/II vs Cobb odds 2:1 roll 4 result Dr");
    EXPECT_EQ(d.differences[0].b->record, "combat 1/II vs Cobb odds 2:1 roll 6 result Dr");
    EXPECT_EQ(d.differences[0].a->line, 24u);
    EXPECT_FALSE(d.result_changes);
    EXPECT_EQ(exit_status(d), 1);
}

TEST(Dispute, AnotherCombatResultIsChance) {
    const Dispute d = compared(kGame, changed(kGame, "odds 2:1 roll 4 result Dr", "odds 2:1 roll 4 result NE"));
    ASSERT_GE(d.differences.size(), 1u);
    EXPECT_EQ(d.differences[0].kind, "result-differs");
    EXPECT_TRUE(d.differences[0].chance());
}

TEST(Dispute, AnotherCombatIsAChange) {
    const Dispute d = compared(kGame, changed(kGame, "combat 1/II vs Cobb odds 2:1 roll 4", "combat 1/II vs Ransom odds 2:1 roll 4"));
    ASSERT_GE(d.differences.size(), 1u);
    EXPECT_EQ(d.differences[0].kind, "changed");
    EXPECT_FALSE(d.differences[0].chance());
}

TEST(Dispute, ACopyThatStopsEarlyIsSaid) {
    const std::string b = kGame.substr(0, kGame.find("turn 7"));
    const Dispute d = compared(kGame, b);
    ASSERT_TRUE(d.prefix);
    EXPECT_EQ(*d.prefix, 'b');
    EXPECT_FALSE(d.same);
    EXPECT_EQ(exit_status(d), 1);
    for (const Difference& x : d.differences) EXPECT_EQ(x.kind, "only-in-a");
    EXPECT_NE(render_text(d, 50).find("b.log stops early"), std::string::npos) << render_text(d, 50);
    EXPECT_EQ(d.b.status(), "incomplete");
    const nlohmann::json j = nlohmann::json::parse(render_json(d, 50));
    EXPECT_EQ(j["prefix"], "b");
}

TEST(Dispute, EachVerdictIsChecksOwn) {
    const std::string b = changed(kGame, "move 1/C/R 0111 0112 0113\nexit 1/C/R 0113\n", "move 1/C/R 0111 0112\n");
    const Dispute d = compared(kGame, b);
    const Report ra = check_text(kGame, "a.log", CheckOptions{});
    const Report rb = check_text(b, "b.log", CheckOptions{});
    EXPECT_EQ(d.a.result.winner, ra.result.winner);
    EXPECT_EQ(d.b.result.winner, rb.result.winner);
    ASSERT_EQ(d.a.scores.size(), ra.scores.size());
    for (std::size_t i = 0; i < ra.scores.size(); ++i) EXPECT_EQ(d.a.scores[i].total, ra.scores[i].total);
    ASSERT_EQ(d.b.scores.size(), rb.scores.size());
    for (std::size_t i = 0; i < rb.scores.size(); ++i) EXPECT_EQ(d.b.scores[i].total, rb.scores[i].total);
    EXPECT_EQ(d.a.violations.size(), ra.violations.size());
    EXPECT_EQ(d.b.violations.size(), rb.violations.size());
    // 1/C/R stays at 0112 in B: it stands differently from the first divergence on.
    ASSERT_TRUE(d.end);
    bool found = false;
    for (const UnitApart& u : d.end->units)
        if (u.unit == "1/C/R") {
            found = true;
            EXPECT_EQ(u.a, "exited from 0113");
            EXPECT_EQ(u.b, "0112");
        }
    EXPECT_TRUE(found);
}

TEST(Dispute, ADifferenceThatChangesTheWinnerSaysSo) {
    const Dispute d = compared(kGame, changed(kGame, "turn 7\n", "concede Union\nturn 7\n"));
    EXPECT_TRUE(d.result_changes);
    EXPECT_NE(d.a.result.winner, d.b.result.winner);
    EXPECT_NE(render_text(d, 50).find("the difference changes the result"), std::string::npos);
    const nlohmann::json j = nlohmann::json::parse(render_json(d, 50));
    EXPECT_EQ(j["result_changes"], true);
    EXPECT_EQ(j["verdicts"]["a"]["winner"], "Union");
    EXPECT_EQ(j["verdicts"]["b"]["winner"], "Confederate");
}

TEST(Dispute, TheJsonHasTheSpecsFields) {
    const Dispute d = compared(kGame, changed(kGame, "roll 4 result Dr", "roll 6 result Dr"));
    const nlohmann::json j = nlohmann::json::parse(render_json(d, 50));
    for (const char* k : {"a", "b", "same", "first", "differences", "prefix", "verdicts", "result_changes"}) EXPECT_TRUE(j.contains(k)) << k;
    EXPECT_EQ(j["a"], "a.log");
    EXPECT_EQ(j["same"], false);
    EXPECT_TRUE(j["prefix"].is_null());
    ASSERT_EQ(j["differences"].size(), 1u);
    const auto& x = j["differences"][0];
    EXPECT_EQ(x["kind"], "roll-differs");
    EXPECT_EQ(x["chance"], true);
    EXPECT_EQ(x["a"]["line"], 24);
    EXPECT_EQ(x["b"]["record"], "combat 1/II vs Cobb odds 2:1 roll 6 result Dr");
    EXPECT_EQ(j["first"], x);
}

TEST(Dispute, AtMostMaxDifferencesAreListedThenHowManyMore) {
    std::string b = kGame;
    for (const char* r : {"roll 4 result Dr", "roll 2 result De", "roll 1 result De", "roll 3 result De"}) b = changed(b, r, "roll 6 result Ar");
    const Dispute d = compared(kGame, b);
    ASSERT_GE(d.differences.size(), 4u);
    const nlohmann::json j = nlohmann::json::parse(render_json(d, 2));
    EXPECT_EQ(j["differences"].size(), 2u);
    EXPECT_EQ(j["differences_omitted"], d.differences.size() - 2);
    EXPECT_NE(render_text(d, 2).find("more difference"), std::string::npos);
}

}  // namespace
}  // namespace referee::diff
