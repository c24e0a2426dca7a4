// Names to indices. A game's names were interned at reading (Syms); each is bound to the
// scenario's side, location, phase, unit or track the first time a record uses it, and kept, so
// that applying a record does no string look-up. Also the game's parameters: the scenario's
// defaults, then the game's `param` records, then --param (report.md), checked once at set-up.
#pragma once

#include "findings.hpp"
#include "options.hpp"
#include "record.hpp"
#include "scenario.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace referee {

class Binder {
public:
    Binder(const Scenario& s, const SymbolTable& symbols) : s_(s), symbols_(symbols) {}

    // Makes room for every name interned so far: the engine calls it once per record, so that the
    // look-ups need not check.
    void sync() {
        if (symbols_.size() > size_) grow();
    }

    SideId side(Sym sym) { return bound(sides_, sym, [&](std::string_view n) { return s_.find_side(n); }); }
    LocId loc(Sym sym) { return bound(locs_, sym, [&](std::string_view n) { return s_.map.find(n); }); }
    std::int32_t phase(Sym sym) { return bound(phases_, sym, [&](std::string_view n) { return s_.find_phase(n); }); }
    std::int32_t track(Sym sym) { return bound(tracks_, sym, [&](std::string_view n) { return s_.find_track(n); }); }
    // The unit a name stands for: a `unit` record's, else (unless the set-up is custom) the
    // scenario's unit of that exact id; -1 for none.
    std::int32_t unit(Sym sym) {
        return bound(units_, sym, [&](std::string_view n) {
            return scenario_units_ ? s_.find_unit(n) : -1;
        });
    }
    void bind_unit(Sym sym, std::int32_t u) {
        unit(sym);
        units_[sym] = u;
    }
    // With the standard set-up the scenario's units are in play, at the indices of Scenario::units.
    void use_scenario_units() { scenario_units_ = true; }
    std::string_view str(Sym sym) const { return symbols_.str(sym); }

    // --- parameters (set once, at set-up) -------------------------------------------------------
    // Applies the scenario's defaults, the game's param records (before its first turn) and the
    // command line's, in that order of precedence; reports unknown and malformed ones. Also reads
    // the turns parameter, the treaty parameter and first-player.
    void apply_params(std::span<const Record> header, const CheckOptions& opts, Findings& f);
    std::string near_param(std::string_view wrong) const;   // " (did you mean ...?)" or ""
    // The value of a number in the scenario: a literal, or a parameter's (none when unset or not a number).
    std::optional<std::int64_t> value(const Value& v) const;
    std::int32_t turns() const { return turns_; }             // the last game-turn (0: no limit)
    bool treaty_param() const { return treaty_param_; }       // the treaty parameter says yes
    SideId first_player() const { return first_player_; }     // first-player names this side (kNoSide: not given)

private:
    // Every cache has an entry per Sym (Sym 0, "absent", is bound to -1, which is what an absent
    // name gives: kNoSide, kNoLoc, no phase, unit or track).
    template <typename F>
    std::int32_t bound(std::vector<std::int32_t>& cache, Sym sym, F&& find) {
        if (sym >= size_) [[unlikely]] grow_to(sym + 1);
        std::int32_t& c = cache[sym];
        if (c == kUnbound) [[unlikely]] c = find(symbols_.str(sym));
        return c;
    }
    void grow() { grow_to(symbols_.size()); }
    void grow_to(std::size_t n);
    static constexpr std::int32_t kUnbound = -2;
    std::size_t size_ = 0;  // the caches' size

    const Scenario& s_;
    const SymbolTable& symbols_;
    std::vector<std::int32_t> sides_, locs_, phases_, tracks_, units_;
    bool scenario_units_ = false;
    std::vector<std::pair<std::string, std::string>> params_;  // effective values
    std::vector<std::uint32_t> param_line_;                    // their record's line (0: default or --param)
    std::int32_t turns_ = 0;
    bool treaty_param_ = false;
    SideId first_player_ = kNoSide;
};

}  // namespace referee
