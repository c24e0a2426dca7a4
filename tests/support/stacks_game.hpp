// A game of Marye's Heights played with the test module of `referee bind`
// (tests/data/vassal/stacks/buildFile.xml: row-first numbering, zones, a second window of boxes, the
// side in the piece's name, the strength in a Layer), written as VASSAL writes a log with the
// helpers of vassal_writer.hpp. Stacks are added as VASSAL adds them (`+/id/stack/map;x;y;child;...`)
// and a stack is dragged whole. The committed copy is tests/data/vassal/stacks/mh-stacks.vlog;
// tests/parser/convert/test_draft.cpp checks that it is this writer's.
#pragma once

#include <string>

namespace referee::vassal::testing {

// The log's bytes: a ZIP with savedGame (!VCSK), moduledata and savedata.
std::string stacks_game_log();

}  // namespace referee::vassal::testing
