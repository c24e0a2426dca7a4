// Where the scenario a game names is looked for (session.hpp, find_scenario). The files a
// tournament checks are the players' uploads, so the name a `game` record (or a save's scenario
// attribute) gives is input: it may name a built-in, or a scenario file in the game's own folder or
// in a folder the director gave with --scenario-path, and nothing else. An absolute path, a '..'
// step, or a symbolic link that leads out of those folders is refused before anything is opened
// (docs/report.md, "Files from players"). --scenario is the director's own choice: any path.
#include "session.hpp"

#include "regular_file.hpp"
#include "suggest.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <mutex>

namespace referee {

namespace fs = std::filesystem;

namespace {

// A built-in scenario is read once per process and shared (read-only) by every check, on every
// thread: reading its XML again for each game was a quarter of the cost of a short game
// (docs/performance.md). The cache is never destroyed: freeing the scenarios at exit was 6% of the
// instructions of a small game's check (docs/performance.md, "Issue 19").
std::shared_ptr<const ScenarioLoad> builtin_load(const std::string& id) {
    static std::mutex m;
    static auto& cache = *new std::map<std::string, std::shared_ptr<const ScenarioLoad>, std::less<>>;
    std::lock_guard<std::mutex> lock(m);
    auto it = cache.find(id);
    if (it == cache.end()) it = cache.emplace(id, std::make_shared<const ScenarioLoad>(load_scenario(id))).first;
    return it->second;
}

std::shared_ptr<const ScenarioLoad> failed(const std::string& name, std::string why, bool refused) {
    ScenarioLoad out;
    out.errors.push_back(ScenarioError{name, 0, 0, std::move(why)});
    out.refused = refused;
    return std::make_shared<const ScenarioLoad>(std::move(out));
}

}  // namespace

std::vector<std::string> scenario_folders(const std::string& game_file, const CheckOptions& opts) {
    std::vector<std::string> out(opts.scenario_path.begin(), opts.scenario_path.end());
    if (game_file != "-") out.push_back(fs::path(game_file).parent_path().string());  // "": the current folder
    return out;
}

std::shared_ptr<const ScenarioLoad> find_scenario(const std::string& name, const std::string& game_file, const CheckOptions& opts,
                                                  bool named_by_game) {
    for (const auto& b : builtin_scenarios())
        if (b.id == name) return builtin_load(name);
    if (!named_by_game) return std::make_shared<const ScenarioLoad>(load_scenario(name));  // --scenario: the director's
    const fs::path p(name);
    if (name.find('\0') != std::string::npos) return failed(name, "refused, not read: the name has a NUL byte in it", true);
    if (p.is_absolute() || p.has_root_name() || p.has_root_directory())
        return failed(name,
                      "refused, not read: a game names its scenario file by a path relative to its own folder (or to a "
                      "--scenario-path folder), not by an absolute path",
                      true);
    for (const fs::path& step : p)
        if (step == "..")
            return failed(name, "refused, not read: a game may not name its scenario file through '..' (out of its folder)", true);
    const std::vector<std::string> folders = scenario_folders(game_file, opts);
    for (const std::string& folder : folders) {
        const fs::path candidate = fs::path(folder) / p;
        std::error_code ec;
        const fs::file_status link = fs::symlink_status(candidate, ec);
        if (ec || !fs::exists(link)) continue;
        const fs::path root = fs::canonical(folder.empty() ? fs::path(".") : fs::path(folder), ec);
        if (ec) continue;
        // Every symbolic link on the way resolved (realpath: nothing is opened): a link that leads
        // out of the folder is refused, one that stays in it is followed.
        const fs::path real = fs::weakly_canonical(candidate, ec);
        if (ec || !path_within(real, root))
            return failed(name,
                          fmt::format("refused, not read: {} leads out of the folder {} (through a symbolic link)", candidate.string(),
                                      folder.empty() ? "." : folder),
                          true);
        return std::make_shared<const ScenarioLoad>(load_scenario_file(real.string(), candidate.string()));
    }
    // Not found: a mistyped built-in is the likeliest.
    std::string where;
    if (game_file == "-")
        where = "a game read from standard input has no folder of its own";
    else
        where = fmt::format("no such file in the game's folder ({})", fs::path(game_file).parent_path().empty() ? "." : fs::path(game_file).parent_path().string());
    if (!opts.scenario_path.empty()) {
        std::string list;
        for (const std::string& f : opts.scenario_path) list += (list.empty() ? "" : ", ") + f;
        where += fmt::format(" or in --scenario-path ({})", list);
    } else if (game_file == "-") {
        where += " (scenario files: --scenario-path DIR)";
    }
    Suggestions near(name);
    std::string ids;
    for (const BuiltinScenario& b : builtin_scenarios()) {
        near.consider(b.id);
        ids += (ids.empty() ? "" : ", ") + std::string(b.id);
    }
    const std::string hint = near.text();
    return failed(name, fmt::format("no built-in scenario of that name, and {}{}", where, hint.empty() ? " (built-ins: " + ids + ")" : hint), false);
}

}  // namespace referee
