// What a check of one game produces: the verdict, the scores with their rules, the violations,
// the claims and the rulings applied. validator/report.cpp renders it as text or JSON (report.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace referee {

struct ScoreItem {
    std::string rule;    // "17.11"
    std::int64_t points = 0;
    std::string what;    // "14 Union SP eliminated x1"
};

struct SideScore {
    std::string side;
    std::int64_t total = 0;
    std::vector<ScoreItem> items;
};

struct Violation {
    std::string code;       // report.md's codes ("path-gap", "syntax", ...)
    bool error = true;      // severity: error or warning
    std::uint32_t line = 0;
    std::uint32_t col = 0;  // 0: not known / not given
    std::string rule;       // rule number cited ("17.3", "G3"), may be empty for input errors
    std::string message;
};

struct Claim {
    std::string claim;     // "winner", "score Union", "draw"
    std::string stated;
    std::string computed;
    bool agrees = false;
    std::uint32_t line = 0;
};

struct Provisional {
    std::string standing;  // the side ahead on points, or "even"
    std::int32_t turn = 0;
    std::string phase;     // "Union movement" or "" before the first phase
    std::uint32_t line = 0;
};

struct Verdict {
    std::optional<std::string> winner;  // side name, "draw", or none (null)
    std::optional<std::string> level;   // "automatic", "concession", ... or none
    std::optional<std::string> decided; // "end of game-turn 11"
    std::optional<std::uint32_t> line;
    std::optional<Provisional> provisional;
    std::vector<std::string> ranking;   // multi-faction games
};

struct Report {
    std::string file;
    std::string scenario;   // scenario id, "" when none could be loaded
    bool complete = false;
    bool judged = false;    // false: the input could not be judged (exit status 2), no result
    Verdict result;
    std::vector<SideScore> scores;
    std::vector<Violation> violations;  // sorted by line
    std::vector<Claim> claims;
    std::vector<std::string> rulings;

    bool has_errors() const {
        for (const auto& v : violations)
            if (v.error) return true;
        return false;
    }
    // 0: judged, no error-severity violation; 1: errors found; 2: not judged.
    int exit_status() const { return !judged ? 2 : has_errors() ? 1 : 0; }
};

// validator/report.cpp
std::string render_text(const Report& r);
std::string render_json(const std::vector<Report>& reports);  // one object, or an array for several
std::string render_json_one(const Report& r);

}  // namespace referee
