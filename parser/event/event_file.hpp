// An event file (event.md, "referee event"): the TOML a tournament director writes, naming the
// event's games, its scoring, how its files are judged, its players and the director's rulings.
// Read with toml++ (Debian's libtomlplusplus-dev); every error said at its line and column, every
// path checked to stay inside the event file's folder (docs/event.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace referee::event {

struct Place {
    std::uint32_t line = 0, column = 0;  // 1-based; 0: the file as a whole
};

// A [[judge]] table: the files it matches (a pattern, relative to the event's folder), judged with
// these; the first table that matches a file judges it.
struct Judge {
    std::string files;
    std::string module, scenario;
    std::vector<std::pair<std::string, std::string>> params;  // param = { NAME = VALUE }, values as text
    std::optional<std::int64_t> round;                         // the round of the games it matches
    Place at;
};

struct Player {
    std::string name;
    std::vector<std::string> aliases;  // as move logs and VASSAL rosters write the player
    Place at;
};

// A director's ruling on a game: its result replaced (a side, "draw", "void" or "forfeit SIDE").
struct Ruling {
    std::string file;
    std::string result;
    std::string why;
    Place at;
};

inline const std::vector<std::string>& known_tiebreaks() {
    static const std::vector<std::string> names = {"head-to-head", "opponents-points", "margin", "wins"};
    return names;
}

struct Scoring {
    double win = 1, draw = 0.5, loss = 0;
    std::vector<std::string> tiebreaks = known_tiebreaks();
    std::vector<double> places;  // points by place in a game of more than two sides (none: a win and losses)
};

struct EventFile {
    std::string path;    // as given
    std::string folder;  // the folder every path of it is relative to
    std::string name;
    std::vector<std::pair<std::string, Place>> games;  // files, folders and patterns, as written
    Scoring scoring;
    std::vector<Judge> judges;
    std::vector<Player> players;
    std::vector<Ruling> rulings;
};

struct EventError {
    Place at;
    std::string message;
};

// The event, or every error found in it (each with its place), in the order of the file.
struct EventRead {
    std::optional<EventFile> event;
    std::vector<EventError> errors;
};

// Limits, each a clear error past it: the file's size is checked before it is read.
inline constexpr std::uint64_t kMaxEventBytes = std::uint64_t{16} << 20;
inline constexpr std::size_t kMaxPlayers = 10'000;
inline constexpr std::size_t kMaxEntries = 100'000;  // games, judge tables, rulings, aliases of a player

EventRead read_event_file(const std::string& path);
// The same on a text already read (`path` names it in messages and gives the folder).
EventRead parse_event(std::string_view text, const std::string& path);

// Whether `relative`, a path an event file names, may be used: relative, without "..", and not
// empty. False with `why` saying what is wrong. (Symbolic links are checked when the path is
// resolved: event.md, a link that leads out of the folder is refused.)
bool plain_relative_path(std::string_view relative, std::string& why);

// FILE:LINE:COL: error: MESSAGE (FILE:1:1 for an error of the file as a whole).
std::string error_line(const std::string& path, const EventError& e);

}  // namespace referee::event
