// `referee vassal`'s summary and its forms (validator/inspect): the spec's JSON field order, dice
// without a module, undo and location fields, and text that never carries control characters.
#include "inspect.hpp"
#include "vassal_writer.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace referee::vassal;
using namespace referee::vassal::testing;

namespace {

VassalFile sample() {
    const std::string a = add_piece("A", chain({"mark;Side", "piece;;;u.png;Alpha"}), chain({"Axis", "Main;10;20;gp;0"}));
    return read_vassal_bytes(make_vassal_file(game_text({a, "PLAYER\tpw\tJoel\tAllies", "MainBoardPicker\tBoard A\t0\t0"},
                                                        {log_step({"CHAT*** 2d6 = 3,5 *** &lt;Joel&gt;"}),
                                                         log_step({"CHAT<Joel> - bell\x07here"}),
                                                         log_step({"CHAT* UNDO: <Joel> - bell\x07here"})})),
                             "game.vlog");
}

}  // namespace

TEST(VassalSummary, JsonHasTheSpecsFieldsInOrder) {
    Summary s = summarize(sample(), ModuleView{});
    auto j = nlohmann::ordered_json::parse(render_vassal_json({s}));
    std::vector<std::string> keys;
    for (auto it = j.begin(); it != j.end(); ++it) keys.push_back(it.key());
    EXPECT_EQ(keys, (std::vector<std::string>{"file", "kind", "encoding", "vassal_version", "module", "players", "maps", "initial",
                                              "final", "steps", "counts", "location_checks", "warnings"}));
    EXPECT_EQ(j["kind"], "log");
    EXPECT_EQ(j["encoding"], "VCSK");
    EXPECT_EQ(j["module"]["sha256"], nullptr);
    EXPECT_EQ(j["players"][0]["side"], "Allies");
    EXPECT_EQ(j["players"][0].size(), 2u);   // name and side: never the password id
    EXPECT_EQ(j["maps"][0]["boards"][0], "Board A");
    const auto& piece = j["initial"]["pieces"][0];
    EXPECT_EQ(piece["name"], "Alpha");
    EXPECT_EQ(piece["map"], "Main");
    EXPECT_EQ(piece["location"], nullptr);   // no module
    EXPECT_EQ(piece["properties"]["Side"], "Axis");
    EXPECT_EQ(j["counts"]["steps"], 3);
    EXPECT_EQ(j["counts"]["dice"], 1);        // VASSAL's default dice report, found without a module
    EXPECT_EQ(j["counts"]["undo_probable"], 1);
    EXPECT_EQ(j["steps"][2]["undo"], "probable");
    EXPECT_EQ(j["steps"][0]["undo"], nullptr);
    EXPECT_EQ(j["location_checks"]["disagree"], 0);
    EXPECT_EQ(render_vassal_json({s, s}).front(), '[');
    EXPECT_EQ(render_vassal_json({s}).find("pw"), std::string::npos);
}

TEST(VassalSummary, TextNamesStepsUndosAndShowsNoControlCharacters) {
    Summary s = summarize(sample(), ModuleView{});
    const std::string text = render_vassal_text(s);
    EXPECT_NE(text.find("player: Joel (Allies)"), std::string::npos) << text;
    EXPECT_NE(text.find("UNDO (probable, takes back step 2)"), std::string::npos) << text;
    EXPECT_NE(text.find("bell?here"), std::string::npos) << text;
    EXPECT_EQ(text.find('\x07'), std::string::npos);
    EXPECT_EQ(text.find("pw"), std::string::npos);
}

TEST(VassalSummary, AModuleNamesLocationsAndChecksRecordedNames) {
    const std::string a = add_piece("A", "piece;;;u.png;Alpha", "Main;10;20;gp;4;OldLocationName;0101;OldMap;Main;OldX;1;OldY;1");
    const std::string b = add_piece("B", "piece;;;u.png;Beta", "Main;30;20;gp;4;OldLocationName;0909;OldMap;Main;OldX;3;OldY;1");
    VassalFile f = read_vassal_bytes(make_vassal_file(game_text({a, b})), "s.vsav");
    ModuleView m;
    m.present = true;
    m.sha256 = std::string(64, 'a');
    m.locate = [](const std::string&, long long x, long long) -> std::optional<std::string> { return x < 20 ? "0101" : "0202"; };
    Summary s = summarize(f, m);
    ASSERT_EQ(s.initial.size(), 2u);
    EXPECT_EQ(s.initial[0].location, "0101");
    EXPECT_EQ(s.agree, 1u);
    ASSERT_EQ(s.differences.size(), 1u);
    EXPECT_EQ(s.differences[0].recorded, "0909");
    EXPECT_EQ(s.differences[0].computed, "0101");
    EXPECT_EQ(s.kind, "save");
}
