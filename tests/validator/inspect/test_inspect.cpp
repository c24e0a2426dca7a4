// `referee vassal`'s summary and its forms (validator/inspect): the spec's JSON field order, dice
// without a module, undo and location fields, and text that never carries control characters.
#include "diagnostics.hpp"
#include "inspect.hpp"
#include "vassal_writer.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace referee::vassal;
using namespace referee::vassal::testing;

namespace {

// A log of one-leaf steps, Joel (Allies) in its roster.
VassalFile joels_log(std::vector<std::string> position, const std::vector<std::string>& leaves, const std::string& name) {
    position.push_back("PLAYER\tpw\tJoel\tAllies");
    std::vector<std::string> steps;
    for (const std::string& leaf : leaves) steps.push_back(log_step({leaf}));
    return read_vassal_bytes(make_vassal_file(game_text(position, steps)), name);
}

VassalFile sample() {
    const std::string a = add_piece("A", chain({"mark;Side", "piece;;;u.png;Alpha"}), chain({"Axis", "Main;10;20;gp;0"}));
    return joels_log({a, "MainBoardPicker\tBoard A\t0\t0"},
                     {"CHAT*** 2d6 = 3,5 *** &lt;Joel&gt;", "CHAT<Joel> - bell\x07here", "CHAT* UNDO: <Joel> - bell\x07here"}, "game.vlog");
}

}  // namespace

TEST(VassalSummary, JsonHasTheSpecsFieldsInOrder) {
    Summary s = summarize(sample(), ModuleView{});
    auto j = nlohmann::ordered_json::parse(render_vassal_json({s}));
    std::vector<std::string> keys;
    for (auto it = j.begin(); it != j.end(); ++it) keys.push_back(it.key());
    // The spec's fields in its order, then the audit (docs/vassal.md, "The audit").
    EXPECT_EQ(keys, (std::vector<std::string>{"file", "kind", "encoding", "vassal_version", "module", "players", "maps", "initial",
                                              "final", "steps", "counts", "location_checks", "warnings", "audit"}));
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
    EXPECT_NE(text.find("bell\\x07here"), std::string::npos) << text;   // escaped (shown.hpp)
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

namespace {

// Joel rolls 2 and 5 with VASSAL's default report; the roll of 2 is taken back (a probable undo).
VassalFile undone_roll() {
    return joels_log({}, {"CHAT*** d6 = 2 *** &lt;Joel&gt;", "CHAT* UNDO: *** d6 = 2 *** &lt;Joel&gt;", "CHAT*** d6 = 5 *** &lt;Joel&gt;"},
                     "roll.vlog");
}

}  // namespace

TEST(VassalSummary, TheAuditInJson) {
    Summary s = summarize(undone_roll(), ModuleView{});
    EXPECT_EQ(s.dice, 2u);
    EXPECT_EQ(s.steps[0].dice, 1u);
    EXPECT_EQ(s.steps[1].dice, 0u);   // an undo rolls nothing
    s.chain.push_back({referee::Code::ChainBreak, "roll.vlog", 0, "roll.vlog does not begin where a.vlog ended: ..."});
    auto j = nlohmann::ordered_json::parse(render_vassal_json({s}))["audit"];
    ASSERT_EQ(j["undos"].size(), 1u);
    EXPECT_EQ(j["undos"][0]["step"], 2);
    EXPECT_EQ(j["undos"][0]["undo"], "probable");
    EXPECT_EQ(j["undos"][0]["undoes"], 1);
    EXPECT_EQ(j["undos"][0]["rolled"][0]["result"], "2");
    ASSERT_EQ(j["dice"].size(), 1u);
    const auto& joel = j["dice"][0];
    EXPECT_EQ(joel["player"], "Joel");
    EXPECT_EQ(joel["side"], "Allies");
    EXPECT_EQ(joel["rolls"], 2);
    EXPECT_EQ(joel["undone"], 1);
    EXPECT_EQ(joel["dice"][0]["sides"], 6);
    EXPECT_EQ(joel["dice"][0]["sum"], 7);
    EXPECT_EQ(joel["dice"][0]["faces"], nlohmann::ordered_json::parse("[0,1,0,0,1,0]"));
    EXPECT_EQ(joel["dice"][0]["df"], 5);
    // Expected 1/3 a face: (4 (1/3)^2 + 2 (2/3)^2) / (1/3) = 4.
    EXPECT_NEAR(joel["dice"][0]["chi_square"].get<double>(), 4.0, 1e-12);
    ASSERT_EQ(j["findings"].size(), 2u);   // the chain's first, then the audit's in step order
    EXPECT_EQ(j["findings"][0]["code"], "chain-break");
    EXPECT_EQ(j["findings"][0]["severity"], "error");
    EXPECT_EQ(j["findings"][0]["step"], 0);
    EXPECT_EQ(j["findings"][1]["code"], "undo-after-roll");
    EXPECT_EQ(j["findings"][1]["severity"], "warning");
    EXPECT_EQ(j["findings"][1]["step"], 2);
}

TEST(VassalSummary, TheAuditInText) {
    const std::string text = render_vassal_text(summarize(undone_roll(), ModuleView{}));
    EXPECT_NE(text.find("\n  step 2 (probable) takes back step 1; it rolled d6 = 2\n"), std::string::npos) << text;
    EXPECT_NE(text.find("\ndice: 2 rolls\n  Joel (Allies): 2 rolls, 1 of them taken back (counted: they were rolled)\n"
                        "    d6: 2 dice, sum 7, faces 1:0 2:1 3:0 4:0 5:1 6:0; chi-square 4.00 (5 df), p = 0.549\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("\nwarning: step 2: undo-after-roll: step 2 (a probable undo) takes back step 1, which rolled d6 = 2 (Joel): a "
                        "roll taken back\n"),
              std::string::npos)
        << text;
}
