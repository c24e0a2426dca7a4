// fuzz_module's entry point, shared by the libFuzzer harness (fuzz/fuzz_module.cpp) and the regression
// test (tests/parser/module/test_fuzz_module_regressions.cpp), so that a kept input goes through
// exactly what the fuzzer ran. It is apart from targets.hpp because it needs only parser/module (and
// parser/vassal below it).
//
// One input goes three ways: as a VASSAL module (Module::from_bytes: a ZIP archive or a buildFile's
// XML, by content), and for each map that loaded: its default layout, the layout's check, a Locator
// naming a handful of points (the boards' corners and centres, the decks, zone corners, region
// origins, grid cells, and points drawn from a hash of the input, the ends of int's range among
// them) leniently and strictly, again with a size given for every board, and its report formats;
// those formats and the module's dice formats substituted and matched against a few strings (a
// substitution of their own, the input's first lines, the format itself); as an image header
// (image_size); and as a BoardPicker leaf (parse_board_picker). VassalError is the expected refusal;
// anything else escapes and stops the fuzzer. What must hold of every result is checked, and
// `problem` says what did not ("" when all held).
#pragma once

#include "board_layout.hpp"
#include "format.hpp"
#include "geometry.hpp"
#include "image_size.hpp"
#include "locate.hpp"
#include "module.hpp"
#include "sha256.hpp"
#include "vassal_error.hpp"
#include "vassal_target.hpp"   // encode_sequence, note, starts

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace referee::fuzz {

struct ModuleRun {
    bool loaded = false;             // Module::from_bytes gave a module
    bool archive = false;            // ... read from a ZIP archive
    std::size_t maps = 0;            // maps tried (at most module_detail::max_maps)
    std::size_t located = 0;         // ... whose default layout made a Locator
    std::size_t names = 0;           // points named (not refused), by either Locator
    std::size_t formats = 0;         // formats substituted and matched
    std::size_t matches = 0;         // strings a format matched
    std::optional<vassal::Size> image;                // the input as an image header
    std::optional<vassal::BoardLayout> board_picker;  // the input as a BoardPicker leaf
    std::string problem;
};

namespace module_detail {

inline constexpr std::string_view kLabel = "fuzz.vmod";
// Bounds on the work of one input (the maps, boards, points and formats beyond them are not tried).
inline constexpr std::size_t max_maps = 32;
inline constexpr std::size_t max_boards = 8;
inline constexpr std::size_t max_points = 64;
inline constexpr std::size_t max_formats = 32;
inline constexpr std::size_t max_lines = 4;
inline constexpr std::size_t max_line = 256;
// A format with at most this many variables, substituted into a text at most this long, is matched
// back within the matcher's limits: its search tries every cut, some 2 x (length + 1)^2 = 33,000
// steps of at most 3 x length bytes of work each (13 MB), under 200,000 steps and 16 MiB.
inline constexpr std::size_t sure_match_variables = 2;
inline constexpr std::size_t sure_match_length = 128;

using detail::note;
using detail::starts;

inline bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

inline std::uint64_t fnv1a(std::string_view bytes) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
    return h;
}

inline std::uint64_t splitmix(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// a + b, clamped to int (points near the ends of int's range stay points).
inline int plus(int a, long long b) { return vassal::java_int(static_cast<double>(a + b)); }

inline bool is_hex64(std::string_view s) {
    return s.size() == 64 && std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

// ---- names that may be empty --------------------------------------------------------------------

// True when the formatted string can give "": every part of it a variable that may be empty.
template <class NonEmpty>
bool format_may_be_empty(const vassal::FormattedString& f, NonEmpty non_empty) {
    for (const auto& s : f.segments())
        if (!s.variable || non_empty(std::string_view(s.text))) return false;
    return true;
}

inline bool numbering_may_be_empty(const std::optional<vassal::Numbering>& nb) {
    // gridLocation, row and column always write a number or a letter.
    return nb && format_may_be_empty(nb->location_format,
                                     [](std::string_view v) { return v == "gridLocation" || v == "row" || v == "column"; });
}

inline bool plain_may_be_empty(const vassal::PlainGrid& g) {
    if (const auto* h = std::get_if<vassal::HexGrid>(&g)) return numbering_may_be_empty(h->numbering);
    if (const auto* s = std::get_if<vassal::SquareGrid>(&g)) return numbering_may_be_empty(s->numbering);
    if (const auto* r = std::get_if<vassal::RegionGrid>(&g))
        return std::any_of(r->regions.begin(), r->regions.end(), [](const vassal::Region& x) { return x.name.empty(); });
    return false;
}

// Whether a name on this map may be "": only where the module wrote an empty text the name comes
// from (a deck's or a region's name, a location format that can give nothing, a zone's format that
// gives only its empty name or its grid location, which may be nothing).
inline bool names_may_be_empty(const vassal::MapDef& map) {
    for (const vassal::DrawPile& d : map.decks)
        if (d.name.empty()) return true;
    for (const vassal::Board& b : map.boards) {
        if (!b.grid) continue;
        if (const auto* z = std::get_if<vassal::ZonedGrid>(&*b.grid)) {
            if (z->background && plain_may_be_empty(*z->background)) return true;
            for (const vassal::Zone& zone : z->zones)
                if (format_may_be_empty(zone.location_format, [&](std::string_view v) { return v == "name" && !zone.name.empty(); }))
                    return true;
            continue;
        }
        const bool may = std::visit(
            [](const auto& g) {
                using G = std::decay_t<decltype(g)>;
                if constexpr (std::is_same_v<G, vassal::ZonedGrid>) return false;
                else return plain_may_be_empty(vassal::PlainGrid(g));
            },
            *b.grid);
        if (may) return true;
    }
    return false;
}

// ---- the module ---------------------------------------------------------------------------------

inline void check_plain_grid(std::string& problem, const vassal::PlainGrid& g) {
    if (const vassal::Numbering* nb = vassal::grid_numbering(g))
        note(problem, nb->h_leading >= 0 && nb->h_leading <= 64 && nb->v_leading >= 0 && nb->v_leading <= 64,
             "a numbering with leading zeros outside 0..64");
}

inline void check_module(std::string& problem, std::string_view bytes, const vassal::Module& m, bool archive) {
    note(problem, m.path == kLabel, "a module whose path is not its label");
    note(problem, is_hex64(m.sha256) && m.sha256 == sha256_hex(bytes), "a module whose sha256 is not its bytes'");
    note(problem, archive ? (m.buildfile == "buildFile.xml" || m.buildfile == "buildFile") : m.buildfile == kLabel,
         "a module whose buildFile is not named as it was read: " + m.buildfile);
    note(problem, m.root_class.ends_with("GameModule") || m.root_class.ends_with("BasicModule"), "a module whose root is " + m.root_class);
    for (const vassal::MapDef& map : m.maps) {
        note(problem, !map.id.empty(), "a map without an id");
        note(problem, m.map(map.id) != nullptr, "a map not found by its id: " + map.id);
        for (const vassal::DrawPile& d : map.decks) note(problem, d.map == map.id, "a deck of another map: " + d.map);
        for (const vassal::Board& b : map.boards) {
            if (b.image_size) note(problem, b.image_size->width > 0 && b.image_size->height > 0, "a board image size that is not positive");
            note(problem, b.size_known() == (b.image.empty() || b.image_size.has_value()), "size_known disagrees with the image");
            if (!b.grid) continue;
            if (const auto* z = std::get_if<vassal::ZonedGrid>(&*b.grid)) {
                if (z->background) check_plain_grid(problem, *z->background);
                for (const vassal::Zone& zone : z->zones) {
                    note(problem, zone.bounds == vassal::polygon_bounds(zone.path), "a zone whose bounds are not its polygon's");
                    if (zone.grid) check_plain_grid(problem, *zone.grid);
                }
            } else if (const auto* h = std::get_if<vassal::HexGrid>(&*b.grid)) {
                check_plain_grid(problem, *h);
            } else if (const auto* s = std::get_if<vassal::SquareGrid>(&*b.grid)) {
                check_plain_grid(problem, *s);
            }
        }
    }
    for (const vassal::DiceButton& d : m.dice_buttons)
        if (d.kind == vassal::DiceKind::special)
            note(problem, d.n_dice == static_cast<int>(d.dice.size()), "a special dice button whose count is not its dice");
}

// ---- points and names ---------------------------------------------------------------------------

// Board pixels to map pixels (a reversed board turned round).
inline vassal::Point on_map(const vassal::PlacedBoard& pb, vassal::Point local) {
    if (pb.reversed) local = {plus(pb.size.width, -static_cast<long long>(local.x)), plus(pb.size.height, -static_cast<long long>(local.y))};
    return {plus(pb.origin.x, local.x), plus(pb.origin.y, local.y)};
}

inline void grid_points(std::vector<vassal::Point>& out, const vassal::PlacedBoard& pb, const vassal::PlainGrid& g) {
    const vassal::Cell cells[] = {{0, 0}, {1, 1}, {3, -2}};
    if (const auto* h = std::get_if<vassal::HexGrid>(&g)) {
        for (const vassal::Cell c : cells) out.push_back(on_map(pb, vassal::hex_centre(*h, c)));
    } else if (const auto* s = std::get_if<vassal::SquareGrid>(&g)) {
        for (const vassal::Cell c : cells) out.push_back(on_map(pb, vassal::square_centre(*s, c)));
    } else if (const auto* r = std::get_if<vassal::RegionGrid>(&g)) {
        for (std::size_t i = 0; i < r->regions.size() && i < 4; ++i) out.push_back(on_map(pb, r->regions[i].origin));
    }
}

// The points to name on a Locator's map: around each board, its grid's cells, regions and zones,
// the decks, and points from the input's hash (small, anywhere in int, and int's corners).
inline std::vector<vassal::Point> points_of(const vassal::Locator& loc, std::uint64_t hash) {
    using vassal::Point;
    std::vector<Point> out;
    for (std::size_t i = 0; i < loc.boards().size() && i < max_boards; ++i) {
        const vassal::PlacedBoard& pb = loc.boards()[i];
        const Point o = pb.origin;
        const int w = pb.size.width, h = pb.size.height;
        out.push_back(o);
        out.push_back({plus(o.x, w / 2), plus(o.y, h / 2)});
        out.push_back({plus(o.x, w - 1LL), plus(o.y, h - 1LL)});
        out.push_back({plus(o.x, w), plus(o.y, h)});
        out.push_back({plus(o.x, -1), plus(o.y, -1)});
        if (!pb.board->grid) continue;
        if (const auto* z = std::get_if<vassal::ZonedGrid>(&*pb.board->grid)) {
            for (std::size_t k = 0; k < z->zones.size() && k < 4; ++k) {
                const vassal::Zone& zone = z->zones[k];
                for (std::size_t v = 0; v < zone.path.size() && v < 3; ++v) out.push_back(on_map(pb, zone.path[v]));
                out.push_back(on_map(pb, {plus(zone.bounds.x, zone.bounds.width / 2), plus(zone.bounds.y, zone.bounds.height / 2)}));
                if (zone.grid) grid_points(out, pb, *zone.grid);
            }
            if (z->background) grid_points(out, pb, *z->background);
        } else {
            std::visit(
                [&](const auto& g) {
                    using G = std::decay_t<decltype(g)>;
                    if constexpr (!std::is_same_v<G, vassal::ZonedGrid>) grid_points(out, pb, vassal::PlainGrid(g));
                },
                *pb.board->grid);
        }
    }
    for (std::size_t i = 0; i < loc.decks().size() && i < max_boards; ++i) {
        const Point d = loc.decks()[i].position;
        out.push_back(d);
        out.push_back({plus(d.x, 1), d.y});
    }
    std::uint64_t state = hash;
    for (int i = 0; i < 4; ++i) {
        const std::uint64_t r = splitmix(state);
        out.push_back({static_cast<std::int16_t>(r & 0xffff), static_cast<std::int16_t>((r >> 16) & 0xffff)});
    }
    for (int i = 0; i < 2; ++i) {
        const std::uint64_t r = splitmix(state);
        out.push_back({static_cast<int>(static_cast<std::int32_t>(r & 0xffffffffu)), static_cast<int>(static_cast<std::int32_t>(r >> 32))});
    }
    constexpr int lo = std::numeric_limits<int>::min(), hi = std::numeric_limits<int>::max();
    for (const Point p : {Point{0, 0}, Point{lo, lo}, Point{hi, hi}, Point{lo, hi}, Point{hi, lo}}) out.push_back(p);
    if (out.size() > max_points) out.erase(out.begin(), out.end() - static_cast<std::ptrdiff_t>(max_points));
    return out;
}

// What must hold of the name of a point: name and name_strict agree where both name it; where the
// strict one alone refuses, the lenient one says offboard; a refusal names the map and the board and
// is the same for both; append_name keeps what was before; a point on no board, or on a board
// without a grid, is offboard (unless a deck stands there: its name); a name is "" only where the
// module wrote an empty text it can come from.
inline void check_point(std::string& problem, const vassal::Locator& loc, vassal::Point p, bool may_be_empty, ModuleRun& run,
                        std::vector<std::string>& names) {
    std::optional<std::string> lenient, strict;
    std::string lenient_error, strict_error;
    try {
        lenient = loc.name(p);
    } catch (const vassal::VassalError& e) {
        lenient_error = e.what();
    }
    try {
        strict = loc.name_strict(p);
    } catch (const vassal::VassalError& e) {
        strict_error = e.what();
    }
    const std::string where = "map '" + loc.map().id + "' board '";
    if (!lenient) {
        note(problem, !strict && strict_error == lenient_error, "name refused a point name_strict named, or with another error");
        note(problem, starts(lenient_error, where), "name: an error that does not name the map and board: " + lenient_error);
        if (loc.problem()) note(problem, lenient_error == *loc.problem(), "name: an error other than the Locator's problem");
        return;
    }
    ++run.names;
    note(problem, !loc.problem(), "a point named although the Locator has a problem");
    if (strict) {
        note(problem, *strict == *lenient, "name and name_strict differ: '" + *lenient + "', '" + *strict + "'");
    } else {
        note(problem, *lenient == vassal::offboard, "name_strict refused a point name did not call offboard: " + *lenient);
        note(problem, starts(strict_error, where), "name_strict: an error that does not name the map and board: " + strict_error);
    }
    std::string out = "\x01";
    loc.append_name(out, p, false);
    note(problem, out == "\x01" + *lenient, "append_name changed the text before the name");
    const auto deck = std::find_if(loc.decks().begin(), loc.decks().end(), [&](const vassal::DeckPosition& d) { return d.position == p; });
    if (deck != loc.decks().end()) {
        note(problem, *lenient == deck->name, "a point where a deck stands, not named after the deck");
    } else {
        const vassal::PlacedBoard* pb = loc.board_at(p);
        if (pb == nullptr || !pb->board->grid) note(problem, *lenient == vassal::offboard, "a point on no grid that is not offboard: " + *lenient);
    }
    note(problem, !lenient->empty() || may_be_empty, "an empty name where the module wrote no empty text");
    if (!lenient->empty() && names.size() < 4 && std::find(names.begin(), names.end(), *lenient) == names.end()) names.push_back(*lenient);
}

// ---- formats ------------------------------------------------------------------------------------

// "->" never stays, and a text with neither '&' nor "->" is left as it is.
inline void check_normalized(std::string& problem, std::string_view text) {
    const std::string n = vassal::normalize_report_text(text);
    note(problem, !contains(n, "->"), "normalize_report_text left a '->'");
    if (!contains(text, "&") && !contains(text, "->")) note(problem, n == text, "normalize_report_text changed a text without entities or arrows");
}

// A match gives every variable of the format a value, and no other; the format's literals
// (normalized) with those values make the text (normalized); and when the literals and the text are
// already in normal form, substitute gives the text back. (Not beyond that form: "&amp;lt;" is
// matched by "$a$" with a = "&lt;", which substitutes to "&lt;".)
inline void check_match(std::string& problem, const vassal::FormattedString& f, std::string_view text, const vassal::FormatVars& vars) {
    std::string joined;
    bool literals_normal = true;
    for (const auto& s : f.segments()) {
        if (s.variable) {
            const auto it = vars.find(s.text);
            note(problem, it != vars.end(), "a match that leaves a variable of the format unbound: " + s.text);
            if (it != vars.end()) joined += it->second;
        } else {
            const std::string n = vassal::normalize_report_text(s.text);
            literals_normal = literals_normal && n == s.text;
            joined += n;
        }
    }
    for (const auto& [name, value] : vars) note(problem, f.uses(name), "a match binding a variable the format does not use: " + name);
    const std::string normal = vassal::normalize_report_text(text);
    note(problem, joined == normal, "a match whose values do not make the text");
    if (literals_normal && normal == text) note(problem, f.substitute(vars) == text, "substitute of a match does not give the text back");
}

inline void check_format(std::string& problem, const std::string& format, const std::vector<std::string>& names,
                         const std::vector<std::string>& lines, ModuleRun& run) {
    ++run.formats;
    const vassal::FormattedString f(format);
    note(problem, f.text() == format, "a formatted string that does not keep its text");
    std::size_t variables = 0;
    for (std::size_t i = 0; i < f.segments().size(); ++i) {
        const auto& s = f.segments()[i];
        note(problem, !s.text.empty(), "an empty segment");
        note(problem, i == 0 || s.variable || f.segments()[i - 1].variable, "two literal segments in a row");
        variables += s.variable ? 1 : 0;
    }
    // Values for its variables: a piece, the names the Locator gave, and a few others ("" among them).
    static const std::string pool[] = {"2d6", "3,5", "Alice", "", "x -> y", "&lt;b&gt;"};
    vassal::FormatVars vars;
    std::size_t k = 0;
    for (const auto& s : f.segments()) {
        if (!s.variable || vars.count(s.text)) continue;
        std::string value;
        if (s.text == "pieceName") value = "Piece";
        else if (s.text == "location") value = names.empty() ? "0101" : names[0];
        else if (s.text == "previousLocation") value = names.size() < 2 ? "0102" : names[1];
        else value = pool[k++ % std::size(pool)];
        vars.emplace(s.text, std::move(value));
    }
    const std::string text = f.substitute(vars);
    note(problem, text == vassal::substitute(format, vars), "FormattedString::substitute and substitute differ");
    check_normalized(problem, text);
    // Matched back: always, when normalizing the whole is normalizing the parts and the search is small.
    std::string parts;
    for (const auto& s : f.segments()) parts += vassal::normalize_report_text(s.variable ? vars.at(s.text) : s.text);
    const bool sure = variables <= sure_match_variables && text.size() <= sure_match_length && vassal::normalize_report_text(text) == parts;
    const auto back = f.match(text);
    note(problem, back == vassal::match_format(format, text), "match_format and FormattedString::match differ");
    note(problem, back.has_value() || !sure, "a substitution its format does not match back: " + text);
    if (back) {
        ++run.matches;
        check_match(problem, f, text, *back);
    }
    std::vector<std::string> others = lines;
    others.push_back(format);
    others.push_back(vassal::normalize_report_text(text));
    for (const std::string& other : others) {
        const auto m = f.match(other);
        if (!m) continue;
        ++run.matches;
        check_match(problem, f, other, *m);
        const auto report = vassal::report_of_chat(other);
        if (const auto r = f.match(report)) check_match(problem, f, report, *r);
    }
}

// ---- a map --------------------------------------------------------------------------------------

inline void check_locator(std::string& problem, const vassal::Locator& loc, std::uint64_t hash, ModuleRun& run,
                          std::vector<std::string>& names) {
    const bool may_be_empty = names_may_be_empty(loc.map());
    for (const vassal::Point p : points_of(loc, hash)) check_point(problem, loc, p, may_be_empty, run, names);
}

// A format to substitute and match, with the names its map gave (the values of its locations).
struct FormatCase {
    std::string format;
    std::vector<std::string> names;
};

inline void add_format(std::vector<FormatCase>& formats, std::string f, const std::vector<std::string>& names) {
    if (f.empty() || formats.size() >= max_formats) return;
    for (const FormatCase& c : formats)
        if (c.format == f) return;
    formats.push_back({std::move(f), names});
}

inline void check_map(std::string& problem, const vassal::Module& m, const vassal::MapDef& map, std::uint64_t hash, ModuleRun& run,
                      std::vector<FormatCase>& formats) {
    ++run.maps;
    std::vector<std::string> names;
    constexpr vassal::ReportKind kinds[] = {vassal::ReportKind::move_within, vassal::ReportKind::move_to, vassal::ReportKind::create};
    vassal::BoardLayout layout;
    try {
        layout = vassal::default_layout(map);
    } catch (const vassal::VassalError& e) {
        note(problem, starts(e.what(), "board layout "), std::string("default_layout: an error that does not say so: ") + e.what());
        for (const auto kind : kinds) add_format(formats, map.report_format(kind, true), names);
        return;
    }
    note(problem, layout.map == map.id, "default_layout: a layout of another map");
    // A layout refused names what the module lacks: "module M has no board 'B' on map 'X'".
    const auto says_why = [](std::string_view what) { return starts(what, "module ") && contains(what, " has no "); };
    std::string check_error;
    try {
        vassal::check_layout(m, layout);
    } catch (const vassal::VassalError& e) {
        check_error = e.what();
        note(problem, says_why(check_error), "check_layout: an error that does not say what is missing: " + check_error);
    }
    std::optional<vassal::Locator> loc;
    try {
        loc.emplace(m, layout);
    } catch (const vassal::VassalError& e) {
        note(problem, says_why(e.what()), std::string("Locator: an error that does not say what is missing: ") + e.what());
    }
    note(problem, loc.has_value() == check_error.empty(), "the Locator and check_layout disagree on the layout");
    // The same boards on a map the module lacks: check_layout refuses them, unless there are none;
    // a Locator refuses the map.
    vassal::BoardLayout elsewhere = layout;
    elsewhere.map += " (not in the module)";
    if (m.map(elsewhere.map) == nullptr) {
        try {
            vassal::check_layout(m, elsewhere);
            note(problem, elsewhere.boards.empty(), "check_layout accepted boards on a map the module lacks");
        } catch (const vassal::VassalError& e) {
            note(problem, !elsewhere.boards.empty() && says_why(e.what()), std::string("check_layout of a missing map: ") + e.what());
        }
        try {
            const vassal::Locator missing(m, elsewhere);
            note(problem, false, "a Locator of a map the module lacks");
        } catch (const vassal::VassalError& e) {
            note(problem, says_why(e.what()) && contains(e.what(), " has no map "), std::string("Locator of a missing map: ") + e.what());
        }
    }
    if (!loc) {
        for (const auto kind : kinds) add_format(formats, map.report_format(kind, true), names);
        return;
    }
    ++run.located;
    check_locator(problem, *loc, hash, run, names);
    // With a size for every board, nothing is left unknown.
    vassal::BoardSizes sizes;
    for (const vassal::Board& b : loc->map().boards) sizes.emplace(b.name, b.size_known() ? b.size() : vassal::Size{640, 480});
    try {
        const vassal::Locator sized(m, layout, sizes);
        note(problem, !sized.problem(), "a Locator with every board's size that still has a problem");
        check_locator(problem, sized, hash ^ 0x5bd1e995u, run, names);
    } catch (const vassal::VassalError& e) {
        note(problem, false, std::string("a Locator refused once sizes were given: ") + e.what());
    }
    const bool has_grid = !loc->boards().empty() && loc->boards().front().board->grid.has_value();
    for (const auto kind : kinds) {
        const std::string f = loc->report_format(kind);
        const std::optional<std::string>& written = kind == vassal::ReportKind::move_within ? loc->map().move_within_format
                                                    : kind == vassal::ReportKind::move_to    ? loc->map().move_to_format
                                                                                             : loc->map().create_format;
        const std::string_view fallback = kind == vassal::ReportKind::create ? vassal::default_create_format : vassal::default_move_format;
        note(problem, written ? f == *written : f == (has_grid ? fallback : std::string_view()),
             "report_format: neither the attribute nor VASSAL's default");
        add_format(formats, f, names);
    }
}

// ---- the input as an image and as a BoardPicker leaf --------------------------------------------

inline std::uint32_t byte(std::string_view s, std::size_t i) { return static_cast<unsigned char>(s[i]); }

inline void check_image(std::string& problem, std::string_view bytes, ModuleRun& run) {
    run.image = vassal::image_size(bytes);
    const auto png = vassal::png_size(bytes), gif = vassal::gif_size(bytes), jpeg = vassal::jpeg_size(bytes), svg = vassal::svg_size(bytes);
    note(problem, run.image == (png ? png : gif ? gif : jpeg ? jpeg : svg), "image_size is not the first format's size");
    if (run.image) note(problem, run.image->width > 0 && run.image->height > 0, "an image size that is not positive");
    if (png)
        note(problem,
             static_cast<std::uint32_t>(png->width) == (byte(bytes, 16) << 24 | byte(bytes, 17) << 16 | byte(bytes, 18) << 8 | byte(bytes, 19)) &&
                 static_cast<std::uint32_t>(png->height) == (byte(bytes, 20) << 24 | byte(bytes, 21) << 16 | byte(bytes, 22) << 8 | byte(bytes, 23)),
             "a PNG size that is not its IHDR's");
    if (gif)
        note(problem,
             static_cast<std::uint32_t>(gif->width) == (byte(bytes, 7) << 8 | byte(bytes, 6)) &&
                 static_cast<std::uint32_t>(gif->height) == (byte(bytes, 9) << 8 | byte(bytes, 8)),
             "a GIF size that is not its screen's");
}

// A BoardPicker leaf: its map is the text before the first tab less "BoardPicker"; written again
// with VASSAL's escaping it reads the same (unless a board's name ends with a backslash, which
// VASSAL's own encoding joins to the next token, or the map's begins with one, which it quotes).
inline void check_board_picker(std::string& problem, std::string_view bytes, ModuleRun& run) {
    const bool picker = vassal::is_board_picker(bytes);
    try {
        const vassal::BoardLayout layout = vassal::parse_board_picker(bytes);
        run.board_picker = layout;
        note(problem, picker, "parse_board_picker read a leaf is_board_picker refuses");
        const std::string_view head = bytes.substr(0, bytes.find('\t'));
        note(problem, head == layout.map + "BoardPicker", "a board layout whose map is not the leaf's head less BoardPicker");
        std::vector<std::string> tokens{std::string(head)};
        bool encodable = !head.starts_with('\\');
        for (const vassal::BoardPlacement& b : layout.boards) {
            tokens.push_back(b.board + (b.reversed ? "/rev" : ""));
            tokens.push_back(std::to_string(b.col));
            tokens.push_back(std::to_string(b.row));
            encodable = encodable && !tokens[tokens.size() - 3].ends_with('\\');
        }
        if (encodable) {
            const vassal::BoardLayout again = vassal::parse_board_picker(encode_sequence(tokens, '\t'));
            note(problem, again.map == layout.map && again.boards == layout.boards, "a board layout written again reads otherwise");
        }
    } catch (const vassal::VassalError& e) {
        const std::string_view what = e.what();
        note(problem, picker ? starts(what, "board layout ") : contains(what, "is not a board layout"),
             "parse_board_picker: an error that does not say why: " + std::string(what));
    }
}

inline std::vector<std::string> lines_of(std::string_view bytes) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start < bytes.size() && out.size() < max_lines) {
        std::size_t end = bytes.find('\n', start);
        if (end == std::string_view::npos) end = bytes.size();
        if (end > start) out.emplace_back(bytes.substr(start, std::min(end - start, max_line)));
        start = end + 1;
    }
    return out;
}

}  // namespace module_detail

inline ModuleRun run_module(std::string_view bytes) {
    using namespace module_detail;
    ModuleRun run;
    std::string& problem = run.problem;
    std::optional<vassal::Module> module;
    try {
        module = vassal::Module::from_bytes(std::string(bytes), std::string(kLabel));
    } catch (const vassal::VassalError& e) {
        note(problem, starts(e.what(), std::string(kLabel) + ": "), std::string("from_bytes: an error that does not name the file: ") + e.what());
    }
    if (module) {
        run.loaded = true;
        run.archive = vassal::Archive::looks_like_zip(bytes);
        check_module(problem, bytes, *module, run.archive);
        const std::uint64_t hash = fnv1a(bytes);
        std::vector<FormatCase> formats;
        for (std::size_t i = 0; i < module->maps.size() && i < max_maps; ++i) check_map(problem, *module, module->maps[i], hash, run, formats);
        for (const vassal::DiceButton& d : module->dice_buttons) {
            add_format(formats, d.report_format, {});
            for (const vassal::SpecialDie& die : d.dice) add_format(formats, die.format, {});
        }
        const std::vector<std::string> lines = lines_of(bytes);
        for (const FormatCase& c : formats) check_format(problem, c.format, c.names, lines, run);
    }
    check_image(problem, bytes, run);
    check_board_picker(problem, bytes, run);
    return run;
}

}  // namespace referee::fuzz
