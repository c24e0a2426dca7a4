// The position at a moment (report.md, "Seeing the game"; validator/check/positions.hpp): the
// moments parsed, a Cemetery Hill position worked out by hand from its log, the moments a record
// never reaches, and over every sample game: the replay that takes positions gives the check's own
// report, and its position at `end` has the report's scores.
#include "check.hpp"
#include "positions.hpp"
#include "report.hpp"
#include "view.hpp"

#include "sample_options.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace referee;

namespace {

std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

const fs::path kSamples = fs::path(REFEREE_SOURCE_DIR) / "samples";

Moment at(const std::string& when) {
    std::string error;
    const auto m = parse_moment(when, error);
    EXPECT_TRUE(m) << when << ": " << error;
    return m.value_or(Moment{});
}

Positions positions(const fs::path& file, const std::vector<std::string>& whens) {
    std::vector<Moment> ms;
    for (const auto& w : whens) ms.push_back(at(w));
    return positions_of_text(read(file), file.string(), referee::test::sample_options(), ms);  // samples/scenarios
}

const PositionUnit* unit(const Position& p, const std::string& id) {
    for (const auto& u : p.units)
        if (u.id == id) return &u;
    return nullptr;
}

std::string where(const Position& p, const std::string& id) {
    const PositionUnit* u = unit(p, id);
    if (!u) return "no such unit";
    return u->status + (u->at ? " " + *u->at : std::string()) + " " + std::to_string(u->strength);
}

}  // namespace

TEST(Moments, ParseWhatReportMdNames) {
    std::string error;
    auto m = parse_moment("line:12", error);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->kind, Moment::Kind::Line);
    EXPECT_EQ(m->n, 12u);
    m = parse_moment("turn:7:Union:movement", error);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->kind, Moment::Kind::Phase);
    EXPECT_EQ(m->n, 7u);
    EXPECT_EQ(m->side, "Union");
    EXPECT_EQ(m->phase, "movement");
    m = parse_moment("turn:2::support", error);  // a phase no side owns
    ASSERT_TRUE(m);
    EXPECT_EQ(m->side, "");
    EXPECT_EQ(m->phase, "support");
    EXPECT_EQ(parse_moment("end", error)->kind, Moment::Kind::End);
    EXPECT_EQ(parse_moment("step:3", error)->kind, Moment::Kind::Step);
    for (const char* bad : {"", "turn", "turn:", "turn:0", "turn:x", "line:-1", "line:0", "line:1x", "step:", "middle", "turn:3:Union:",
                            "line:99999999999"}) {
        error.clear();
        EXPECT_FALSE(parse_moment(bad, error)) << bad;
        EXPECT_NE(error.find("--at"), std::string::npos) << bad << ": " << error;
    }
}

// samples/cemetery-hill/adjourned.log, by hand from its records (lines 32-111):
//   Gamble (cavalry 2, 0708) retreats to 0808 (line 57), moves to 1011 (64).
//   Devin (2) is eliminated on turn 3 (83).     Wadsworth (4) loses 2 (72), ends at 1214 (107).
//   Robinson (4) loses 1 (98), ends at 1114 (106).   Heth (6) loses 2 (73), ends at 0910 (91).
//   Pender (5) at 0707 (69).  Rodes (5) loses 2 (97), at 0805 (100).  Jenkins (2) at 1305 (54).
//   Barlow (3) enters turn 2, at 0923 (80).  Birney (4) at 1123 (78).  Williams (4) at 1713 (88).
//   McIntosh (2) at 1820 (105).  Anderson (5) at 0708 (92).  Early (5) at 1105 (110).
//   Hampton enters on turn 9: off the map.
// Points so far (the sample's header, 14.51-14.53): Union 4 Confederate SP x3 = 12; Confederate
// 5 Union SP x2 = 10; no cavalry has exited yet (14.53), traces only at the end.
TEST(Positions, CemeteryHillAtTurn7ByHand) {
    const Positions ps = positions(kSamples / "cemetery-hill/adjourned.log", {"turn:7"});
    ASSERT_TRUE(ps.report.judged);
    ASSERT_EQ(ps.taken.size(), 1u);
    const Position& p = ps.taken.front();
    EXPECT_EQ(p.turn, 7);
    EXPECT_EQ(p.line, 112u);  // the `turn 7` record
    EXPECT_EQ(p.phase, "");
    EXPECT_FALSE(p.over);
    EXPECT_EQ(where(p, "Gamble"), "on-map 1011 2");
    EXPECT_EQ(where(p, "Devin"), "eliminated 0");
    EXPECT_EQ(where(p, "Wadsworth"), "on-map 1214 2");
    EXPECT_EQ(where(p, "Robinson"), "on-map 1114 3");
    EXPECT_EQ(where(p, "Heth"), "on-map 0910 4");
    EXPECT_EQ(where(p, "Pender"), "on-map 0707 5");
    EXPECT_EQ(where(p, "Rodes"), "on-map 0805 3");
    EXPECT_EQ(where(p, "Jenkins"), "on-map 1305 2");
    EXPECT_EQ(where(p, "Barlow"), "on-map 0923 3");
    EXPECT_EQ(where(p, "Birney"), "on-map 1123 4");
    EXPECT_EQ(where(p, "Williams"), "on-map 1713 4");
    EXPECT_EQ(where(p, "McIntosh"), "on-map 1820 2");
    EXPECT_EQ(where(p, "Anderson"), "on-map 0708 5");
    EXPECT_EQ(where(p, "Early"), "on-map 1105 5");
    EXPECT_EQ(where(p, "Hampton"), "off-map 2");
    EXPECT_EQ(p.units.size(), 15u);
    ASSERT_EQ(p.scores.size(), 2u);
    EXPECT_EQ(p.scores[0].side, "Union");
    EXPECT_EQ(p.scores[0].total, 12);
    EXPECT_EQ(p.scores[1].side, "Confederate");
    EXPECT_EQ(p.scores[1].total, 10);
    // G1: a hex is held by the side that last entered it: 0708 was Union's (Gamble's set-up), then
    // Heth advanced into it (line 58) and Anderson ended there (92).
    auto holder = [&](const std::string& loc) {
        for (const auto& h : p.holdings)
            if (h.location == loc) return h.side;
        return std::string("nobody");
    };
    EXPECT_EQ(holder("0708"), "Confederate");
    EXPECT_EQ(holder("1011"), "Union");
    EXPECT_EQ(holder("2101"), "nobody");
}

TEST(Positions, PhasesAndLines) {
    Positions ps = positions(kSamples / "cemetery-hill/adjourned.log",
                                   {"line:1", "line:36", "line:58", "line:59", "turn:2:Confederate:movement", "turn:2:confederate:COMBAT"});
    ASSERT_TRUE(ps.unreached.empty());
    ASSERT_EQ(ps.taken.size(), 6u);
    // In the order they came in the game: line:1 (before any record: the game declares its own
    // units, lines 32-47, so there is none yet), line 36 (Heth's declaration), line 58, then
    // line 59 (a blank line: the position after line 58), then the phases of turn 2.
    EXPECT_EQ(ps.taken[0].moment, "line:1");
    EXPECT_TRUE(ps.taken[0].units.empty());
    EXPECT_EQ(ps.taken[0].turn, 0);
    EXPECT_EQ(where(ps.taken[1], "Heth"), "on-map 0308 6");
    EXPECT_EQ(where(ps.taken[1], "Early"), "no such unit");  // declared on line 46
    EXPECT_EQ(ps.taken[1].line, 36u);
    ps.taken.erase(ps.taken.begin());
    EXPECT_EQ(ps.taken[1].moment, "line:58");
    EXPECT_EQ(where(ps.taken[1], "Heth"), "on-map 0708 6");
    EXPECT_EQ(where(ps.taken[1], "Gamble"), "on-map 0808 2");
    EXPECT_EQ(ps.taken[1].line, 58u);
    EXPECT_EQ(ps.taken[2].moment, "line:59");
    EXPECT_EQ(ps.taken[2].line, 58u);
    const Position& mv = ps.taken[3];
    EXPECT_EQ(mv.moment, "turn:2:Confederate:movement");
    EXPECT_EQ(mv.line, 66u);
    EXPECT_EQ(mv.side, "Confederate");
    EXPECT_EQ(mv.phase, "movement");
    EXPECT_EQ(where(mv, "Barlow"), "on-map 0525 3");
    EXPECT_EQ(where(mv, "Anderson"), "off-map 5");  // enters on line 67
    EXPECT_EQ(ps.taken[4].line, 70u);
    EXPECT_EQ(where(ps.taken[4], "Pender"), "on-map 0707 5");
    EXPECT_EQ(where(ps.taken[4], "Wadsworth"), "on-map 0808 4");  // the exchange is on lines 71-73
}

TEST(Positions, MomentsTheRecordNeverReaches) {
    const Positions ps = positions(kSamples / "cemetery-hill/adjourned.log", {"turn:12", "line:100000", "turn:3:Union:combat", "end"});
    ASSERT_TRUE(ps.report.judged);
    // The game stops in turn 11; turn 3 has no Union combat phase record.
    EXPECT_EQ(ps.unreached, (std::vector<std::string>{"turn:12", "line:100000", "turn:3:Union:combat"}));
    ASSERT_EQ(ps.taken.size(), 1u);
    EXPECT_EQ(ps.taken.front().moment, "end");
    // The usage error says how far the record goes.
    std::string error;
    EXPECT_EQ(how_far(ps, *parse_moment("turn:12", error)), "its record stops in game-turn 11");
    EXPECT_EQ(how_far(ps, *parse_moment("turn:3:Union:combat", error)), "game-turn 3 has no such phase in its record");
    const std::string last = how_far(ps, *parse_moment("line:100000", error));
    EXPECT_EQ(last, fmt::format("its last record is on line {}", ps.last_line));
    EXPECT_GT(ps.last_line, 100u);
    // A complete game ends; it does not stop.
    const Positions done = positions(kSamples / "maryes-heights/automatic-victory.log", {"turn:9"});
    EXPECT_EQ(how_far(done, *parse_moment("turn:9", error)), "the game ends in game-turn 5");
}

TEST(Positions, AreaAndBannerGames) {
    const Positions lod = positions(kSamples / "liberty-or-death/two-player-final.log", {"turn:2", "end"});
    ASSERT_TRUE(lod.report.judged);
    ASSERT_EQ(lod.taken.size(), 2u);
    for (const Position& p : lod.taken) {
        EXPECT_TRUE(p.has_area);
        EXPECT_FALSE(p.spaces.empty());
        EXPECT_FALSE(p.tracks.empty());
        EXPECT_EQ(p.scores.size(), 4u);  // the four factions' final margins as they stand
    }
    const Positions cnc = positions(kSamples / "cnc-napoleonics/vimeiro.log", {"end"});
    ASSERT_TRUE(cnc.report.judged);
    ASSERT_EQ(cnc.taken.size(), 1u);
    const Position& p = cnc.taken.front();
    EXPECT_TRUE(p.has_banners);
    std::size_t held = 0;
    for (const BannerEntry& b : cnc.report.banners) held += b.lost_line ? 0 : 1;
    EXPECT_EQ(p.banners.size(), held);
    EXPECT_GT(held, 0u);
}

namespace {

std::vector<fs::path> sample_games() {
    std::vector<fs::path> out;
    for (const char* family : {"maryes-heights", "road-to-richmond", "cemetery-hill", "cnc-napoleonics", "liberty-or-death"})
        for (const auto& e : fs::directory_iterator(kSamples / family))
            if (e.path().extension() == ".log" || e.path().extension() == ".xml") out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

std::string test_name(const ::testing::TestParamInfo<fs::path>& info) {
    std::string s = info.param.parent_path().filename().string() + "_" + info.param.filename().string();
    for (char& c : s)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return s;
}

}  // namespace

class EverySample : public ::testing::TestWithParam<fs::path> {};

// The replay that takes positions (every game-turn's beginning and the end) gives the check's own
// report, word for word; its end has the report's scores, and the game is over at the end exactly
// when the report says it is complete.
TEST_P(EverySample, PositionsLeaveTheReportAsItIsAndEndWithItsScores) {
    const fs::path f = GetParam();
    const std::string text = read(f);
    const CheckOptions opts = referee::test::sample_options();  // their scenario files: samples/scenarios
    const Report check = check_text(text, f.string(), opts);
    Moment turns;
    turns.kind = Moment::Kind::Turns;
    const Positions ps = positions_of_text(text, f.string(), opts, {turns});
    EXPECT_EQ(render_json_one(ps.report), render_json_one(check));
    const Positions end = positions_of_text(text, f.string(), opts, {at("end")});
    EXPECT_EQ(render_json_one(end.report), render_json_one(check));
    if (!check.judged) {
        EXPECT_TRUE(ps.taken.empty());
        return;
    }
    ASSERT_FALSE(ps.taken.empty());
    EXPECT_EQ(ps.taken.back().moment, "end");
    for (std::size_t i = 1; i + 1 < ps.taken.size(); ++i) EXPECT_GT(ps.taken[i].turn, ps.taken[i - 1].turn);
    ASSERT_EQ(end.taken.size(), 1u);
    const Position& p = end.taken.front();
    ASSERT_EQ(p.scores.size(), check.scores.size());
    for (std::size_t i = 0; i < p.scores.size(); ++i) {
        EXPECT_EQ(p.scores[i].side, check.scores[i].side);
        EXPECT_EQ(p.scores[i].total, check.scores[i].total);
    }
    EXPECT_EQ(p.over, check.complete);
}

INSTANTIATE_TEST_SUITE_P(Samples, EverySample, ::testing::ValuesIn(sample_games()), test_name);

// The page quotes the game (tags, players, violations' messages, the records named): none of it
// may become markup. A game whose texts are HTML has them escaped, and the page's one script is its own.
TEST(Page, TheGamesTextIsNeverMarkup) {
    const std::string log =
        "game maryes-heights\n"
        "player Union \"<script>alert(1)</script>\"\n"
        "tag event \"<img src=x onerror=alert(2)>\"\n"
        "turn 1\n"
        "phase Union movement\n"
        "move <b>bold</b> 0101 0102\n";
    Moment turns;
    turns.kind = Moment::Kind::Turns;
    const Positions ps = positions_of_text(log, "<i>game</i>.log", CheckOptions{}, {turns});
    ASSERT_TRUE(ps.report.judged);
    ASSERT_TRUE(ps.scenario);
    const std::string page = render_page(PageGame{&ps.report, &ps.taken, &*ps.scenario, log});
    EXPECT_EQ(page.find("<script>alert"), std::string::npos);
    EXPECT_EQ(page.find("<img"), std::string::npos);
    EXPECT_EQ(page.find("<b>bold"), std::string::npos);
    EXPECT_EQ(page.find("<i>game"), std::string::npos);
    EXPECT_NE(page.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);  // shown, as text
    std::size_t scripts = 0;
    for (std::size_t at = page.find("<script"); at != std::string::npos; at = page.find("<script", at + 1)) ++scripts;
    EXPECT_EQ(scripts, 1u);
    EXPECT_NE(page.find("unknown-unit"), std::string::npos);  // the violation is listed, its record linked
    EXPECT_NE(page.find("id=\"L6\""), std::string::npos);
}
