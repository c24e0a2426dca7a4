// One VASSAL save or log read whole: its container and text, the position when it begins (a save's
// position; a log's position when logging began), every step of a log with its leaf commands, and
// the position after the last step (docs/vassal.md). Recognised by content: a ZIP archive holding
// `savedGame`.
#pragma once

#include "archive.hpp"
#include "commands.hpp"
#include "game.hpp"
#include "vassal_text.hpp"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace referee::vassal {

// The leaf kinds vassal.md counts, in its JSON order.
struct CommandCounts {
    std::size_t add = 0, remove = 0, change = 0, move = 0, chat = 0, other = 0, empty = 0;
    void count(LeafKind kind);
    CommandCounts& operator+=(const CommandCounts& o);
};

enum class UndoKind { none, marked, probable };

struct Step {
    std::size_t number = 0;                 // 1-based
    std::vector<std::string> leaves;        // with "LOG\t" taken off, in execution order
    CommandCounts counts;
    UndoKind undo = UndoKind::none;
    std::optional<std::size_t> undoes;      // the step a probable or marked undo takes back
};

// A name VASSAL computed and the file kept: a piece's OldLocationName beside OldMap, OldX, OldY.
struct RecordedName {
    std::size_t step = 0;                   // 0: the position the file begins with
    std::string piece, map, name;
    long long x = 0, y = 0;
};

struct FileMetadata {
    bool has_savedata = false, has_moduledata = false;
    std::string version, vassal_version, description, date_saved;     // savedata
    std::string module_name, module_version, module_vassal_version;   // moduledata
};

struct VassalFile {
    std::string path;
    Encoding encoding = Encoding::plain;
    FileMetadata metadata;
    std::string running_vassal_version;      // from a 2.x CHECK leaf, when there
    Game initial, final;
    std::vector<Step> steps;
    CommandCounts totals;
    std::map<std::string, std::size_t> unknown;   // unknown leaves by their key
    std::vector<RecordedName> recorded_names;
    std::vector<std::string> warnings;
    bool is_log() const { return !steps.empty(); }
};

// True when `bytes` are a ZIP archive (a VASSAL file is one; so is a module).
bool looks_like_vassal(std::string_view bytes);
// Reads the file; throws VassalError naming the file and the problem.
VassalFile read_vassal_file(const std::string& path, const ArchiveLimits& limits = {});
VassalFile read_vassal_bytes(std::string bytes, const std::string& label, const ArchiveLimits& limits = {});

// Marks each step that VASSAL's undo markers wrap (3.6.7 on), and each step that exactly takes back
// the last step not yet taken back (older files have no markers) as a probable undo (undo.cpp).
void find_undos(std::vector<Step>& steps);

}  // namespace referee::vassal
