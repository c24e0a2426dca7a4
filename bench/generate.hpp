// Generated games for the benchmarks (docs/performance.md): a legal, realistic-looking game of a
// chosen number of records for each scenario family, written as a move log (move-log.md) and as
// the same game in an XML save (xml-save.md).
//
// The generator plays the game through the family's built-in scenario (its map, sides, sequence
// of play and turn limit), keeping the position it writes, so that the replay of the result finds
// no violation:
// - hex games (Marye's Heights, Road to Richmond, Cemetery Hill, Commands & Colors): `setup custom`
//   with an order of battle of its own; each side keeps to its half of the map, three columns (rows
//   on C&C's hex-rows board) apart, so no move ever enters an enemy zone of control or an enemy
//   hex; moves are random walks along adjacent hexes ending on a hex free of friendly units (no
//   stacking violation); combats are followed by the losses, retreats and advances of their result;
//   eliminated units are replaced by reserves declared off the map, which enter in the side's next
//   movement phase. Losses alternate between the sides (one SP at a time), so no automatic victory
//   ends the game early, and a combat phase loses at most a tenth of its records in SP (at most 10),
//   so that the replacements keep up. All the scenario's game-turns are played (C&C, which has no
//   limit: about 90 records a game-turn); the records are spread over them.
// - Liberty or Death (1775): the standard set-up; campaigns of cards, support shifts, pieces placed
//   and removed (casualties only of pieces that count), blockades after the Treaty, and the Winter
//   Quarters phases. `param winter-quarters` sets the number of rounds (up to 10000, about a
//   thousand records a round), and Total Support and Total Opposition never differ by more than 10,
//   so no victory check passes and the game runs to its final scoring.
// The XML save holds the same records (one element per record) and, for the hex games, a snapshot of
// the final position that agrees with the replay.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace referee::bench {

enum class Family : std::uint8_t { MaryesHeights, RoadToRichmond, CemeteryHill, CncNapoleonics, LibertyOrDeath1775 };

const std::vector<Family>& all_families();
std::string_view family_id(Family f);  // the built-in scenario id ("maryes-heights")
bool family_from_id(std::string_view id, Family& out);

enum class Format : std::uint8_t { MoveLog, XmlSave };

struct Generated {
    std::string text;
    std::size_t records = 0;  // records written (a move log's record lines; a save's record elements)
};

// A game of `records` records (exactly, for records >= 1000; smaller requests get the shortest
// legal game, a few hundred records). The same seed gives the same game in both formats.
Generated generate(Family f, std::size_t records, Format format, std::uint64_t seed = 1);

}  // namespace referee::bench
