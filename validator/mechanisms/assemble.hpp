// Which mechanisms a game gets: those its scenario's data switches on (and its header, for the
// units it declares), in the one order that keeps the order of findings on a record
// (docs/engine.md). A new family of games adds its mechanism here.
#pragma once

#include "engine.hpp"

#include <span>

namespace referee {

void assemble(Engine& engine, std::span<const Record> header);

}  // namespace referee
