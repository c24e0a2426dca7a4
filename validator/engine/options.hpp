// The options of a check that reach the replay (report.md, "Command line").
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace referee {

class RecordSink;
class Watch;

struct CheckOptions {
    std::string scenario;  // --scenario ID|FILE; empty: the game's own `game` record
    // --scenario-path DIR (repeatable): folders where a scenario file a game names is looked for,
    // besides the game's own folder (validator/check/scenario_lookup.cpp).
    std::vector<std::string> scenario_path;
    // --param NAME=VALUE or ID:NAME=VALUE (for the games of scenario ID alone), in order: the
    // first of each pair is NAME or "ID:NAME" (a parameter's name has no colon).
    std::vector<std::pair<std::string, std::string>> params;
    bool strict = false;   // --strict: warnings become errors
    bool digest = false;   // the game's digest (Report::digest), by which a batch finds duplicate games
    // The SHA-256 of the input (Report::sha256), which the JSON, JSONL and CSV reports give and by
    // which a batch finds duplicate files; the text report and the page of one game show none, so
    // `referee check` leaves it out there (a tenth of a long log's check).
    bool sha256 = true;
    Watch* watch = nullptr;  // takes positions as the replay goes (watch.hpp); none for a check
    // Also given every record as the reader hands it over, judged or not, on the thread that judges
    // (begin, each record, end; begin again if a streamed save is read again): `referee diff` takes
    // what it compares of a copy in the same reading as its check. None for a check.
    RecordSink* records = nullptr;
};

}  // namespace referee
