// The audit of a VASSAL game (docs/vassal.md, "The audit"; vassal.md of the contract, "Judging a
// VASSAL game"): what a director wants to know of how a game was played, beside its rules. Every
// undo with the step it takes back; an undo that takes back a roll of dice or the reveal of a hidden
// piece (undo-after-roll, undo-after-reveal: warnings at the undo's step); the dice each player
// rolled, with a chi-square test against a fair die; the module the game was read with; and, for
// several logs of one game, each log that does not begin where the one before it ended
// (chain-break: an error at step 0 of the later log). Plain data: `referee vassal` shows it, and the
// check of a VASSAL game can put it into its report.
#pragma once

#include "chi_square.hpp"
#include "code_fwd.hpp"
#include "dice.hpp"
#include "module.hpp"
#include "vassal_file.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace referee::vassal {

struct AuditFinding {
    Code code{};                       // undo-after-roll, undo-after-reveal, chain-break (set by who finds it)
    std::string file;                  // the file the step is in
    std::size_t step = 0;              // 0: the position the file begins with
    std::string message;
};

// A piece a step showed: a Mask or Invisible trait that hid it and no longer does, or an UNMASK
// command (which names no piece: id and name empty).
struct Reveal {
    std::string id, name;
};

// "'NAME' (piece ID)", or what an UNMASK command showed.
std::string reveal_text(const Reveal& r);

struct UndoRow {
    std::size_t step = 0;
    UndoKind kind = UndoKind::marked;
    std::optional<std::size_t> undoes;   // none: an undo marker with no step left to take back
    std::vector<DiceRoll> rolled;        // what the step taken back rolled
    std::vector<Reveal> revealed;        // and what it revealed
};

struct RollRow {
    std::size_t step = 0;
    std::string player;                  // "" when no one can be named (docs/vassal.md says how)
    DiceRoll roll;
    bool undone = false;                 // its step was taken back: it happened, and counts
};

// One die size of one player: every die whose face is known.
struct DieTally {
    int sides = 0;
    std::size_t dice = 0;
    long long sum = 0;
    std::vector<std::size_t> faces;      // faces[i]: how many dice showed i + 1
    ChiSquare fairness;                  // against a fair die of this size
};

struct PlayerDice {
    std::string player, side;            // side from the roster; "" when unknown
    std::size_t rolls = 0;               // every roll, undone ones included
    std::size_t undone = 0;              // of them, taken back by an undo
    std::size_t unread = 0;              // of them, rolls whose faces are not known (a total, a special die)
    std::vector<DieTally> sizes;         // by die size, smallest first
};

struct ModuleIdentity {
    std::string name, version, sha256;
};

struct VassalAudit {
    std::optional<ModuleIdentity> module;    // the module the game was read with, when one was given
    std::vector<UndoRow> undos;              // in step order
    std::vector<RollRow> rolls;              // every roll, in step order
    std::vector<PlayerDice> players;         // in the order they first rolled
    std::vector<AuditFinding> findings;      // in step order
};

// The audit of one file. `module` null: VASSAL's default dice report only, and no module named.
VassalAudit audit(const VassalFile& file, const Module* module);

// The audit of several logs of one game, in order (--chain), as one: a later file's steps are
// numbered on from the steps of the files before it (its step N is the chain's step N + the steps
// before it), its findings name their file, and the dice are tallied over the whole chain. One
// file: audit(file, module).
VassalAudit audit_game(const std::vector<const VassalFile*>& files, const Module* module);

// A chain of files of one game, in order: a chain-break for each file that does not begin where the
// file before it ended. `before` may be a log or a save (a save ends where it begins).
std::optional<AuditFinding> chain_break(const VassalFile& before, const VassalFile& after);
std::vector<AuditFinding> audit_chain(const std::vector<const VassalFile*>& files);

}  // namespace referee::vassal
