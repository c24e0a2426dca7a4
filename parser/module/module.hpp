// A VASSAL module as referee reads it (docs/vassal-modules.md): its name and versions, a hash of
// its file, and what names a location: the maps (every Map, PrivateMap, PlayerHand, and WidgetMap of
// a chart window), their boards with sizes and grids, their decks and report formats; also the dice
// buttons and turn trackers; when asked, the piece slots and global properties (catalog.hpp). Elements are recognised by the end of their class name, so a module's
// own subclasses are read as the class they extend.
#pragma once

#include "catalog.hpp"
#include "geometry.hpp"
#include "grid.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace referee::vassal {

struct Board {
    std::string name;
    std::string image;                 // the image's name under images/, or ""
    int width = 500;                   // the width and height attributes (500 when absent)
    int height = 500;
    bool reversible = false;
    std::optional<Size> image_size;    // read from the image's header, when it was found and readable
    std::optional<Grid> grid;          // none: a gridless board

    // The board's size: its image's when it has one, else width x height.
    Size size() const { return image.empty() ? Size{width, height} : image_size.value_or(Size{width, height}); }
    // False when the board has an image whose size could not be read (size() is then a guess).
    bool size_known() const { return image.empty() || image_size.has_value(); }
};

// A deck (DrawPile): it names the location at exactly its point.
struct DrawPile {
    std::string name;
    Point position;                    // in map pixels, or relative to its owning board when it has one
    std::string owning_board;
    std::string map;                   // the id of the map it stands on
};

// The most boards and decks a map may have (real maps have a few of each): a Locator compares
// each board of its layout with each of the map's boards and each deck, and a map of 80,000 boards
// and 100,000 decks (a 10 MB buildFile) took 5 s to make one, of a million each 160 s.
inline constexpr std::size_t max_map_boards = 4096;
inline constexpr std::size_t max_map_decks = 4096;

enum class MapKind { map, private_map, player_hand, widget_map };
const char* map_kind_name(MapKind kind);   // "Map", "PrivateMap", "PlayerHand", "WidgetMap"

// The report formats of a map (the shared FORMAT.md §6).
enum class ReportKind { move_within, move_to, create };
inline constexpr std::string_view default_move_format = "$pieceName$ moves $previousLocation$ &rarr; $location$ *";
inline constexpr std::string_view default_create_format = "$pieceName$ created in $location$ *";

struct MapDef {
    std::string id;                    // mapName; a chart's WidgetMap: else its MapWidget's entryName; else Map<n>
    std::string class_name;
    MapKind kind = MapKind::map;
    int edge_width = 0;
    int edge_height = 0;
    // The format attributes as written; none when absent.
    std::optional<std::string> move_within_format;
    std::optional<std::string> move_to_format;
    std::optional<std::string> create_format;
    std::vector<Board> boards;
    std::string setup;                 // the BoardPicker's <setup>: the default board layout
    std::vector<DrawPile> decks;

    const Board* board(std::string_view name) const;
    // The format VASSAL uses: the attribute, or when it is absent VASSAL's default, which applies
    // only when the first board of the map's layout has a grid (else no report is made: "").
    std::string report_format(ReportKind kind, bool first_board_has_grid) const;
};

struct SpecialDieFace {
    std::string text;
    std::string value;
    std::string icon;
};
struct SpecialDie {
    std::string name;
    std::string format;                // "$result$" by default
    std::vector<SpecialDieFace> faces;
};

enum class DiceKind { standard, special, internet };

struct DiceButton {
    std::string class_name;
    DiceKind kind = DiceKind::standard;
    std::string name;
    // The report format: reportFormat (standard and Internet buttons, default
    // "** $name$ = $result$ *** &lt;$PlayerName$&gt;"), format (special buttons).
    std::string report_format;
    int n_dice = 2;
    int n_sides = 6;
    int plus = 0;                      // added to each die
    int add_to_total = 0;
    bool report_total = false;
    bool sort_dice = false;
    bool keep_dice = false;
    int keep_count = 1;
    std::vector<SpecialDie> dice;      // special buttons
};

struct TurnLevel {
    std::string class_name;            // CounterTurnLevel, ListTurnLevel, ...
    std::string name;
    std::string property;
    std::string turn_format;
    int start = 1;                     // counter levels
    int incr = 1;
    bool loop = false;
    int loop_limit = -1;
    std::vector<std::string> items;    // list levels
    std::vector<TurnLevel> levels;     // nested levels
};

struct TurnTracker {
    std::string class_name;
    std::string name;
    std::string report_format;
    std::string turn_format;
    std::vector<TurnLevel> levels;
};

// Where board images come from while a buildFile is read: the first bytes of images/<name>
// (image_head_bytes are enough), or none when there is no such image.
using ImageReader = std::function<std::optional<std::string>(std::string_view name)>;

// What to read besides the maps, dice and turn trackers.
struct LoadOptions {
    bool catalog = false;              // the piece slots and global properties (`referee module`)
};

struct Module {
    std::string path;                  // as given to load (names the module in messages)
    std::string buildfile;             // the archive entry or file the buildFile was read from
    std::string root_class;            // VASSAL.build.GameModule or VASSAL.launch.BasicModule
    std::string name;
    std::string version;
    std::string vassal_version;
    std::string sha256;                // of the archive, or of the buildFile: 64 lowercase hex digits
    std::vector<MapDef> maps;
    std::vector<DiceButton> dice_buttons;
    std::vector<TurnTracker> turn_trackers;
    Catalog catalog;                   // read only with LoadOptions::catalog

    // A .vmod/.mod archive (buildFile.xml, else buildFile), a buildFile itself (XML, any name), or
    // a folder holding one; recognised by content. Images come from the archive's images/, or the
    // folder's images/ subfolder (only their first image_head_bytes are read). Throws VassalError
    // naming the path and the problem.
    static Module load(const std::string& path, const LoadOptions& options = {});
    // The same on a file's bytes: a module archive or a buildFile; `label` names them in messages
    // and `folder_images` gives a buildFile's images (an archive's come from the archive).
    static Module from_bytes(std::string bytes, const std::string& label, const ImageReader& folder_images = {},
                             const LoadOptions& options = {});
    // A buildFile's text; `label` names it in messages. Sets everything but path and sha256.
    static Module from_buildfile(std::string_view xml, const std::string& label, const ImageReader& images = {},
                                 const LoadOptions& options = {});

    const MapDef* map(std::string_view id) const;
};

}  // namespace referee::vassal
