// Location names of map points (locate.hpp).
#include "locate.hpp"

#include "vassal_error.hpp"

#include <fmt/format.h>

namespace referee::vassal {

namespace {

enum class Named { yes, no_numbering, no_region, no_zone };

[[noreturn]] void unknown_grid(const MapDef& map, const Board& board, const std::string& class_name) {
    throw VassalError(fmt::format("map '{}' board '{}': its grid is of class '{}', which referee does not know "
                                  "(it knows HexGrid, SquareGrid, RegionGrid and ZonedGrid)",
                                  map.id, board.name, class_name));
}

struct Namer {
    const MapDef& map;
    const Board& board;
    std::size_t limit;   // location formats stop appending once the text is this long (see append_name)

    template <class Variant>
    Named visit(std::string& out, const Variant& grid, Point local, Size container) const {
        return std::visit([&](const auto& g) { return name(out, g, local, container); }, grid);
    }

    Named name(std::string& out, const HexGrid& g, Point local, Size container) const {
        return append_hex_location(out, g, local, container, limit) ? Named::yes : Named::no_numbering;
    }
    Named name(std::string& out, const SquareGrid& g, Point local, Size container) const {
        return append_square_location(out, g, local, container, limit) ? Named::yes : Named::no_numbering;
    }
    Named name(std::string& out, const RegionGrid& g, Point local, Size) const {
        return append_region_location(out, g, local) ? Named::yes : Named::no_region;
    }
    Named name(std::string&, const UnknownGrid& g, Point, Size) const { unknown_grid(map, board, g.class_name); }

    Named name(std::string& out, const ZonedGrid& grid, Point local, Size board_size) const {
        if (const Zone* zone = zone_at(grid, local)) {
            const PlainGrid* sub = zone->use_parent_grid ? (grid.background ? &*grid.background : nullptr) : (zone->grid ? &*zone->grid : nullptr);
            // A zone's own grid counts descending numbers in the zone's bounding box.
            const Size container = zone->use_parent_grid ? board_size : Size{zone->bounds.width, zone->bounds.height};
            zone->location_format.append(out, [&](std::string_view var, std::string& o) {
                if (var == "name") {
                    o += zone->name;
                } else if (var == "gridLocation" && sub != nullptr) {
                    const std::size_t mark = o.size();
                    if (visit(o, *sub, local, container) != Named::yes) o.resize(mark);
                }
            }, limit);
            return Named::yes;
        }
        if (!grid.background) return Named::no_zone;
        return visit(out, *grid.background, local, board_size);
    }
};

}  // namespace

Locator::Locator(const Module& module, const BoardLayout& layout, const BoardSizes& sizes) {
    map_ = module.map(layout.map);
    if (map_ == nullptr)
        throw VassalError(fmt::format("module {} has no map '{}'", module.name.empty() ? module.path : module.name, layout.map));
    check_layout(module, layout);
    boards_ = place_boards(*map_, layout, sizes);
    for (const PlacedBoard& pb : boards_) {
        if (pb.size_known) continue;
        const char* why = boards_.size() > 1 ? "the map has several boards"
                          : pb.reversed      ? "the board is reversed"
                          : pb.board->grid && needs_board_size(*pb.board->grid) ? "its numbering descends"
                                                                                : nullptr;
        if (why != nullptr && !problem_)
            problem_ = fmt::format("map '{}' board '{}': its image '{}' is missing, and its size is needed ({}); give the board's size",
                                   map_->id, pb.board->name, pb.board->image, why);
    }
    for (const DrawPile& d : map_->decks) {
        Point at = d.position;
        if (!d.owning_board.empty()) {
            for (const PlacedBoard& pb : boards_)
                if (pb.board->name == d.owning_board) {
                    at = {java_add(at.x, pb.origin.x), java_add(at.y, pb.origin.y)};
                    break;
                }
        }
        decks_.push_back({d.name, at});
    }
}

const PlacedBoard* Locator::board_at(Point p) const {
    for (const PlacedBoard& pb : boards_) {
        // A board of unknown size (alone, unreversed, not descending) reaches right and down without end.
        const bool inside = pb.size_known ? pb.bounds().contains(p) : p.x >= pb.origin.x && p.y >= pb.origin.y;
        if (inside) return &pb;
    }
    return nullptr;
}

void Locator::append_name(std::string& out, Point p, bool strict) const {
    if (problem_) throw VassalError(*problem_);
    for (const DeckPosition& d : decks_)
        if (d.position == p) {
            out += d.name;
            return;
        }
    const PlacedBoard* pb = board_at(p);
    if (pb == nullptr || !pb->board->grid) {
        out += offboard;
        return;
    }
    // (Inside a board of known size this cannot wrap; one of unknown size reaches to the end of int.)
    Point local{java_sub(p.x, pb->origin.x), java_sub(p.y, pb->origin.y)};
    if (pb->reversed) local = {pb->size.width - local.x, pb->size.height - local.y};
    const std::size_t mark = out.size();
    const Namer namer{*map_, *pb->board, mark + max_location_name + 1};
    const Named named = namer.visit(out, *pb->board->grid, local, pb->size);
    if (named == Named::yes) {
        if (out.size() - mark <= max_location_name) return;
        out.resize(mark);
        throw VassalError(fmt::format("map '{}' board '{}': the name of point ({}, {}) is longer than {} bytes: refused", map_->id,
                                      pb->board->name, p.x, p.y, max_location_name));
    }
    out.resize(mark);
    // A grid without numbering cannot name any point: asked for a location, that is an error. A
    // point in no region, or in no zone of a zoned grid without a background grid, is `offboard`,
    // as VASSAL names it (vassal.md, "Must fail"), strict or not.
    if (strict && named == Named::no_numbering)
        throw VassalError(fmt::format("map '{}' board '{}': its grid has no numbering", map_->id, pb->board->name));
    out += offboard;
}

std::string Locator::name(Point p) const {
    std::string out;
    append_name(out, p, false);
    return out;
}

std::string Locator::name_strict(Point p) const {
    std::string out;
    append_name(out, p, true);
    return out;
}

std::string Locator::report_format(ReportKind kind) const {
    const bool has_grid = !boards_.empty() && boards_.front().board->grid.has_value();
    return map_->report_format(kind, has_grid);
}

}  // namespace referee::vassal
