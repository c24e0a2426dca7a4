#include "intake.hpp"

#include "diagnostics.hpp"
#include "record_views.hpp"

#include <fmt/format.h>

#include <string>

namespace referee {

Span Intake::copy(Span s, const Sym* from) {
    const Span out{static_cast<std::uint32_t>(syms_.size()), s.len};
    syms_.insert(syms_.end(), from + s.off, from + s.off + s.len);
    return out;
}

Span Intake::copy_ints(Span s, const std::int64_t* from) {
    const Span out{static_cast<std::uint32_t>(ints_.size()), s.len};
    ints_.insert(ints_.end(), from + s.off, from + s.off + s.len);
    return out;
}

void Intake::add(const Record& r, const GameRecord& g) {
    Record kept = r;
    kept.list = copy(r.list, g.syms_arena.data());
    kept.list2 = copy(r.list2, g.syms_arena.data());
    kept.ints = copy_ints(r.ints, g.ints_arena.data());
    records_.push_back(kept);
    if (r.kind == Kind::Turn) seen_turn_ = true;
    if (r.kind == Kind::Phase && rec::phase(r).side() != kNoSym) seen_sided_phase_ = true;
}

void Intake::clear() {
    records_ = {};
    syms_ = {};
    ints_ = {};
}

namespace {

// "1st", "2nd", "3rd", "4th", ... "11th", "21st".
std::string ordinal(std::size_t n) {
    const std::size_t tens = n % 100 / 10, ones = n % 10;
    return fmt::format("{}{}", n, tens == 1 ? "th" : ones == 1 ? "st" : ones == 2 ? "nd" : ones == 3 ? "rd" : "th");
}

}  // namespace

std::optional<Scenario> bind_sides(std::span<const Record> header, const GameRecord& g, const Scenario& scenario, std::vector<Violation>& out) {
    Scenario bound = scenario;
    bound.sides.clear();
    const Record* last = nullptr;
    auto fail = [&](const Record* r, std::string msg) {
        out.push_back(Violation{std::string(code_name(Code::SideDeclaration)), true, r ? r->line : 1, r ? r->col : 1,
                                std::string(cite::kHeader), std::move(msg), std::nullopt});
        return std::nullopt;
    };
    for (const Record& r : header) {
        if (r.kind == Kind::Turn) break;
        if (r.kind != Kind::Side) continue;
        last = &r;
        const std::string_view name = g.str(rec::side(r).side());
        if (is_reserved_side_word(name) || iequals(name, "draw"))  // "draw": claim winner draw
            return fail(&r, fmt::format("'{}' cannot name a side: it is a reserved word of the move log and the scenario format", name));
        if (bound.find_side(name) != kNoSide) return fail(&r, fmt::format("side {} is declared twice", name));
        if (static_cast<std::int32_t>(bound.sides.size()) == scenario.game_sides)
            return fail(&r, fmt::format("{} is played by {} sides; this is a {} side record", scenario.title, scenario.game_sides,
                                        ordinal(bound.sides.size() + 1)));
        bound.sides.emplace_back(name);
    }
    if (static_cast<std::int32_t>(bound.sides.size()) != scenario.game_sides)
        return fail(last, fmt::format("{} takes its {} sides from the game's side records (`side <name>` before the first turn); the game declares {}",
                                      scenario.title, scenario.game_sides, bound.sides.size()));
    bound.sides_from_game = false;
    bound.targets.resize(bound.sides.size(), 0);
    return bound;
}

}  // namespace referee
