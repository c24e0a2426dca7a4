// A watch on the replay: told before and after each record the engine applies, so that it can take
// the position at the moments it was asked for (report.md, "Seeing the game";
// validator/check/positions.cpp). Only `referee position` and the HTML page set one: a check has
// none, and the replay's cost of it then is one test of a pointer per record.
#pragma once

#include "record.hpp"

namespace referee {

class Engine;
class Game;

class Watch {
public:
    virtual void started(Engine& e) = 0;                 // the engine is assembled, before any record
    virtual void before(Game& g, const Record& r) = 0;  // r is about to be applied
    virtual void after(Game& g, const Record& r) = 0;   // r and its findings are done
    virtual void last(Game& g) = 0;                      // after the last record, before the verdict
    virtual void finished(Game& g) = 0;                  // the verdict is made: the game's state is its end

protected:
    ~Watch() = default;
};

}  // namespace referee
