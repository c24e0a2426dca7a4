// The names VASSAL itself wrote in real files, against the names referee gives (skipped when the
// files are absent): a piece's OldLocationName beside OldMap/OldX/OldY, and the move reports of a
// log's steps (the module's format matched against the chat line, its $location$ and
// $previousLocation$ against the ends of the step's moves). Boards whose images are not in the
// folder take the sizes PROVENANCE.md gives.
#include "archive.hpp"
#include "format.hpp"
#include "locate.hpp"
#include "module.hpp"
#include "vassal_text.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <memory>

using namespace referee::vassal;

namespace {

const std::string kData = REFEREE_SOURCE_DIR "/../shared/vassal";

#define REQUIRE_DATA()                                                                                    \
    if (!std::filesystem::is_directory(kData)) GTEST_SKIP() << "no real VASSAL files at " << kData;

struct Tally {
    int old_names = 0, old_agree = 0;        // OldLocationName
    int reports = 0, names = 0, agree = 0;   // move reports, the names in them
    int dice = 0;                            // chat lines a dice button's format matches
    std::vector<std::string> differences;
};

// A game's maps with their current layouts.
struct Game {
    const Module& module;
    BoardSizes sizes;
    std::map<std::string, BoardLayout> layouts;
    std::map<std::string, std::unique_ptr<Locator>> locators;

    Locator* locator(const std::string& map_id) {
        if (auto it = locators.find(map_id); it != locators.end()) return it->second.get();
        const MapDef* map = module.map(map_id);
        if (map == nullptr) return nullptr;
        auto l = layouts.find(map_id);
        const BoardLayout layout = l != layouts.end() ? l->second : default_layout(*map);
        return locators.emplace(map_id, std::make_unique<Locator>(module, layout, sizes)).first->second.get();
    }
    std::string name(const std::string& map_id, int x, int y) {
        Locator* l = locator(map_id);
        return l == nullptr ? "(no map " + map_id + ")" : l->name({x, y});
    }
};

int number(const std::string& s) { return std::atoi(s.c_str()); }

// The BasicPiece state: the innermost of the trait states (split at tabs, VASSAL-escaped).
std::vector<std::string> basic_piece_state(std::string state) {
    for (;;) {
        std::vector<std::string> t = split_tokens(state, '\t');
        if (t.size() < 2) return split_tokens(state, ';');
        state = t[1];
    }
}

std::map<std::string, std::string> properties(const std::vector<std::string>& basic) {
    std::map<std::string, std::string> out;
    if (basic.size() < 5) return out;
    const int n = number(basic[4]);
    for (int i = 0; i < n && 6 + 2 * static_cast<std::size_t>(i) < basic.size() + 1 && 5 + 2 * static_cast<std::size_t>(i) + 1 < basic.size(); ++i)
        out[basic[5 + 2 * i]] = basic[6 + 2 * i];
    return out;
}

struct Move {
    std::string map, old_map;
    int x = 0, y = 0, old_x = 0, old_y = 0;
};

Tally compare(const std::string& module_name, const std::string& game_name, const BoardSizes& sizes = {}) {
    const Module module = Module::load(kData + "/" + module_name);
    Game game{module, sizes, {}, {}};
    Tally t;
    const Archive archive = Archive::open(kData + "/" + game_name);
    const TopLevel top = split_top_level(deobfuscate(archive.read("savedGame"), game_name).text, game_name);
    auto run = [&](const std::string& command, bool step) {
        std::vector<Move> moves;
        std::vector<std::string> chats;
        for_each_leaf(command, [&](std::string_view raw) {
            while (raw.starts_with("LOG\t")) raw.remove_prefix(4);
            const std::string leaf(raw);
            if (is_board_picker(leaf)) {
                BoardLayout l = parse_board_picker(leaf);
                game.locators.erase(l.map);
                game.layouts[l.map] = std::move(l);
                return;
            }
            std::vector<std::string> states;
            const std::vector<std::string> f = split_tokens(leaf, '/');
            if (leaf.starts_with("+/") && f.size() >= 4) {
                states.push_back(f[3]);
                if (!f[2].starts_with("stack") && !f[2].starts_with("deck")) {
                    const auto b = basic_piece_state(f[3]);
                    if (b.size() >= 3 && b[0] != "null") moves.push_back({b[0], "null", number(b[1]), number(b[2]), 0, 0});
                }
            } else if (leaf.starts_with("D/") && f.size() >= 3) {
                states.insert(states.end(), f.begin() + 2, f.begin() + std::min<std::size_t>(4, f.size()));
            } else if (leaf.starts_with("M/") && f.size() >= 10) {
                moves.push_back({f[2], f[6], number(f[3]), number(f[4]), number(f[7]), number(f[8])});
            } else if (leaf.starts_with("CHAT")) {
                chats.push_back(leaf.substr(4));
            }
            for (const std::string& s : states) {
                auto p = properties(basic_piece_state(s));
                if (!p.count("OldLocationName") || p["OldMap"].empty() || !p.count("OldX") || !p.count("OldY")) continue;
                ++t.old_names;
                const std::string got = game.name(p["OldMap"], number(p["OldX"]), number(p["OldY"]));
                if (got == p["OldLocationName"]) ++t.old_agree;
                else t.differences.push_back(p["OldMap"] + " " + p["OldX"] + "," + p["OldY"] + ": '" + p["OldLocationName"] + "', referee '" + got + "'");
            }
        });
        if (!step) return;
        for (const std::string& chat : chats) {
            const std::string body(report_of_chat(chat));
            for (const DiceButton& b : module.dice_buttons)
                if (match_format(b.report_format, body)) {
                    ++t.dice;
                    break;
                }
            bool matched = false, agreed = false;
            int names = 0;
            std::string difference;
            for (const Move& mv : moves) {
                Locator* to = game.locator(mv.map);
                if (to == nullptr) continue;
                const ReportKind kind = mv.old_map == "null" ? ReportKind::create : mv.old_map == mv.map ? ReportKind::move_within : ReportKind::move_to;
                const std::string format = to->report_format(kind);
                const auto vars = format.empty() ? std::nullopt : match_format(format, body);
                if (!vars) continue;
                matched = true;
                int n = 0;
                difference.clear();
                auto check = [&](const char* var, const std::string& map, int x, int y) {
                    auto v = vars->find(var);
                    if (v == vars->end() || v->second == "?") return;   // a hidden piece
                    ++n;
                    const std::string got = normalize_report_text(game.name(map, x, y));
                    if (got != v->second) difference += std::string(var) + " '" + v->second + "', referee '" + got + "' ";
                };
                check("location", mv.map, mv.x, mv.y);
                if (kind != ReportKind::create) check("previousLocation", mv.old_map, mv.old_x, mv.old_y);
                names = n;
                if (difference.empty()) {
                    agreed = true;
                    break;
                }
            }
            if (!matched) continue;
            ++t.reports;
            t.names += names;
            if (agreed) t.agree += names;
            else t.differences.push_back(chat + ": " + difference);
        }
    };
    for (const std::string& c : top.header) run(c, false);
    for (const std::string& c : top.steps) run(c, true);
    return t;
}

std::string listed(const Tally& t) {
    std::string out;
    for (const std::string& d : t.differences) out += "\n  " + d;
    return out;
}

}  // namespace

TEST(RealNames, ForThePeopleOldLocationNames) {
    REQUIRE_DATA();
    // Names of regions, zones, and decks standing exactly at a point (Draw, Removed, the forts pools).
    const Tally t = compare("ftp/buildFile.xml", "ftp/1862-3-5.vsav");
    EXPECT_EQ(t.old_names, 137);
    EXPECT_EQ(t.old_agree, t.old_names) << listed(t);
}

TEST(RealNames, RagnarokOldLocationNames) {
    REQUIRE_DATA();
    // A sideways, descending hex grid inside zones (counting in the zone's bounding box), and
    // gridless boards ("offboard").
    const Tally t = compare("ragnarok/buildFile.xml", "ragnarok/ragnarok-start.vsav", {{"map.jpg", {3300, 2457}}});
    EXPECT_EQ(t.old_names, 43);
    EXPECT_EQ(t.old_agree, t.old_names) << listed(t);
}

TEST(RealNames, RiskOfCatanOldLocationNames) {
    REQUIRE_DATA();
    const Tally t = compare("riskofcatan/Risk of Catan.vmod", "riskofcatan/test_map2.vsav");
    EXPECT_EQ(t.old_names, 7);   // 5 hexes, 2 squares of the two-board chart map
    EXPECT_EQ(t.old_agree, t.old_names) << listed(t);
}

TEST(RealNames, TourMoveReports) {
    REQUIRE_DATA();
    // Square grid with negative numbers, regions and zones, an alphabetic hex grid (VASSAL 2.0).
    const Tally t = compare("tour/tour.mod", "tour/tour.log");
    EXPECT_EQ(t.reports, 25);
    EXPECT_EQ(t.names, 45);
    EXPECT_EQ(t.agree, t.names) << listed(t);
}

TEST(RealNames, ZxvtAndBloodBowlMoveReports) {
    REQUIRE_DATA();
    const Tally z = compare("zxvt/buildFile", "zxvt/5x5_startup.vlog");
    EXPECT_EQ(z.names, 6);
    EXPECT_EQ(z.agree, z.names) << listed(z);
    const Tally bb = compare("bbvassal/buildFile", "bbvassal/testlog.vlog");
    EXPECT_EQ(bb.reports, 4);
    EXPECT_EQ(bb.names, 8);
    EXPECT_EQ(bb.agree, bb.names) << listed(bb);
}

TEST(RealNames, TheLongestDayDiceReports) {
    REQUIRE_DATA();
    const Tally t = compare("tld/tmp/buildFile", "tld/0606-2.log", {{"Map_Full.png", {5340, 5024}}, {"Map_F_Avranches.png", {2256, 1409}}});
    EXPECT_EQ(t.dice, 80);   // "*** d6 = 6 *** <Nate>" against "** $name$ = $result$ *** <$playerName$>"
    EXPECT_EQ(t.reports, 0);
}
