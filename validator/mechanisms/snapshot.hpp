// A save's snapshot (xml-save.md): what the saving program believed. With the save's log it is
// compared with the replay (`snapshot-mismatch` for each unit, holding, score or track that
// differs; the turn and phase agree when they name the point the log reached, or the step that
// begins next, as a save made right after a `turn` record or at the end of a phase does); without a log it is
// the position to judge (snapshot_alone.cpp), and the report says which parts of the result were
// taken from the snapshot's own scores.
#pragma once

#include "game.hpp"

namespace referee {

class AreaRecords;
class Points;

class SaveSnapshot final : public Mechanism, public SnapshotRule {
public:
    SaveSnapshot(Game& g, AreaRecords* area, Points* points) : Mechanism(g), area_(area), points_(points) {}
    std::string_view name() const override { return "snapshot"; }
    std::uint32_t hooks() const override { return 0; }
    void compare() override;      // snapshot.cpp
    void judge_alone(Verdict& v) override;  // snapshot_alone.cpp

private:
    // A unit, location or side (`kind`: UnknownUnit, UnknownLocation, UnknownSide, for the names it
    // is near) the scenario does not have: a snapshot-mismatch.
    void unknown(Code kind, std::uint32_t line, const char* what, Sym s);
    AreaRecords* area_;
    Points* points_;
};

}  // namespace referee
