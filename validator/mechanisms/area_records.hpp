// The records of an area game (move-log.md "area records": Liberty or Death): support levels
// (L1; a space of no population is always neutral, 1.6.1), pieces placed and removed, casualties
// (L2: only the pieces the rules count, on their track; any other is `not-casualty`), blockades
// (only of cities, and only once the Treaty of Alliance is played), cards (L3: card 109 plays the
// treaty) and tracks (free ones set by `track` records; derived ones are the position's). The
// position starts as the scenario sets it up, or empty with `setup custom`.
#pragma once

#include "area_position.hpp"
#include "game.hpp"

#include <optional>
#include <vector>

namespace referee {

class AreaRecords final : public Mechanism {
public:
    explicit AreaRecords(Game& g) : Mechanism(g), pos_(g.scenario, g.sheet) {}
    std::string_view name() const override { return "area_records"; }
    std::uint32_t hooks() const override { return kOnSetup; }
    bool setup(std::span<const Record> header) override;
    std::span<const Kind> kinds() const override;
    void on_record(const Record& r) override;
    void describe(Position& p) const override;  // the tracks and the spaces now

    const AreaPosition& position() const { return pos_; }
    bool treaty() const { return treaty_; }  // the Treaty of Alliance has been played (L3)
    // The value of the scenario's track named `name`; none when it has no such track.
    std::optional<std::int64_t> track_value(Sym name);

private:
    bool piece(const Record& r, SideId& f, Piece& p, LocId* space);
    void casualty(const Record& r, SideId f, Piece p, std::int64_t n);
    void support(const Record& r);
    void pieces(const Record& r);
    void blockade(const Record& r);
    void card(const Record& r);
    void track(const Record& r);
    bool treaty_card(Sym s);

    AreaPosition pos_;
    bool treaty_ = false;
    std::vector<std::int8_t> card_;  // per symbol: is the treaty's card (-1: not looked at yet)
};

}  // namespace referee
