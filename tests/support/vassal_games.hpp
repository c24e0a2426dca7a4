// The VASSAL test games of issue 16, each a small C++ description written with the test-only
// writer (vassal_writer.hpp) and played with a test module (samples/vassal/*/buildFile.xml, bound to a scenario by
// samples/vassal/*-binding.xml).
// Each has its move-log twin in tests/data/vassal/ (the records a conversion gives), whose header
// works out its verdict by hand.
#pragma once

#include "vassal_writer.hpp"

#include <ostream>
#include <string>
#include <vector>

namespace referee::vassal::testing {

struct TestGame {
    std::string name;                  // for test names and file names
    std::string module;                // samples/vassal/<module>/buildFile.xml, from the source dir
    std::string binding;               // samples/vassal/<binding>: the scenario with a <vassal> section
    std::string twin;                  // tests/data/vassal/<twin>: the move log of the same game
    std::vector<GameWriter> logs;      // one log, or a chain of logs in order
    bool chain_broken = false;         // a log does not begin where the one before it ended
    // What the VASSAL files hold beyond the twin: the undos (marked) and the steps whose dice they take back.
    std::size_t marked_undos = 0;
    std::size_t undone_rolls = 0;
};

TestGame mh_assault();      // Marye's Heights: moves, an exit, a combat with a roll and losses
TestGame ch_first_day();    // Cemetery Hill: a cavalry exit, two combats
TestGame cnc_battle();      // a victory-banner battle won by sudden death
TestGame mh_illegal();      // an exit at a hex not allowed, and a move of the side not phasing
TestGame mh_undo_roll();    // a marked undo of a step whose chat is a dice report, then a new roll
TestGame mh_chain();        // mh_assault in two logs, the second beginning where the first ended
TestGame mh_broken_chain(); // the same two logs, but a unit moved between them
TestGame mh_turn_4();       // a play-by-email log that begins in game-turn 4, a unit already in the Dead Pile

std::vector<TestGame> all_test_games();

// The VASSAL files of samples/vassal/ (samples/vassal/README.md), each with its name there and its
// bytes as the writer makes them: a test checks that the files there are exactly these, and the
// program write_vassal_samples (tests/support/write_vassal_samples.cpp) writes them.
struct SampleFile {
    std::string name;    // "mh-assault.vlog"; the logs of a chain: "mh-broken-chain-1.vlog", "-2.vlog"
    std::string bytes;
};
std::vector<SampleFile> vassal_sample_files();

// GoogleTest names a game by its name rather than dumping its bytes.
inline void PrintTo(const TestGame& game, std::ostream* os) { *os << game.name; }

}  // namespace referee::vassal::testing
