// The position at one moment of a game (report.md, "Seeing the game"; docs/seeing-the-game.md):
// where the replay is, every unit, who holds each location, each side's score so far, and, where
// the scenario has them, the banners held, the tracks and the spaces. Plain data, filled by the
// replay (validator/check/positions.cpp) and drawn by validator/view.
#pragma once

#include "result.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace referee {

struct PositionUnit {
    std::string id, side, type;
    std::int64_t strength = 0;
    std::string status;             // xml-save.md's words: "on-map", "off-map", "exited", "eliminated"
    std::optional<std::string> at;  // where it stands, or the hex it exited from; none off the map
};

struct PositionHolding {
    std::string location, side;
};

// A location the scenario or the game marks: "exit" (an exit hex), "objective" (a hex that scores
// or decides when held, a victory-banner objective), "entry" (where reinforcements come on).
struct PositionMark {
    std::string location, kind, what;
    std::string side;  // a banner objective's holder now ("" none)
};

struct PositionScore {
    std::string side;
    std::int64_t total = 0;
};

struct PositionBanner {
    std::string side, kind, what, rule;
    std::int64_t banners = 1;
};

struct PositionTrack {
    std::string name, title;
    std::int64_t value = 0;
};

struct PositionPieces {
    std::string faction, piece;
    std::int64_t count = 0;
};

struct PositionSpace {
    std::string id, type;
    std::int32_t population = 0;
    std::int32_t support = 0;  // -2 Active Opposition .. 2 Active Support
    bool blockaded = false;
    std::vector<PositionPieces> pieces;
};

struct Position {
    std::string file, scenario;
    std::optional<ScenarioSource> scenario_source;  // where the scenario's rules come from (the report's)
    std::string moment;  // as asked: "turn:7", "end", ...
    // Where the replay is: the line of the last record applied (a VASSAL game: its step), the
    // game-turn (0 before the first), the phasing side and the phase (empty before the first phase).
    std::uint32_t line = 0;
    std::optional<std::uint32_t> step;
    std::int32_t turn = 0;
    std::string side, phase;
    bool over = false;     // the game was over at that moment
    std::string decided;   // how, when it was
    std::vector<PositionUnit> units;
    std::vector<PositionHolding> holdings;
    std::vector<PositionMark> marks;
    std::vector<PositionScore> scores;
    bool has_banners = false, has_area = false;
    std::vector<PositionBanner> banners;
    std::vector<PositionTrack> tracks;
    std::vector<PositionSpace> spaces;
};

// Marks `location` as `kind` ("exit", "objective", "entry"), unless it is marked so already (the
// first mark of a kind says what it is). `side`: a banner objective's holder now ("" none).
inline void add_mark(Position& p, const std::string& location, std::string_view kind, std::string what, std::string side = {}) {
    for (const PositionMark& m : p.marks)
        if (m.location == location && m.kind == kind) return;
    p.marks.push_back(PositionMark{location, std::string(kind), std::move(what), std::move(side)});
}

}  // namespace referee
