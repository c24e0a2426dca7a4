// Interned strings. Every name in a game record (unit ids, locations, sides, phases, free text)
// becomes a Sym at parse time, so the replay compares and indexes integers, never strings.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>

namespace referee {

using Sym = std::uint32_t;  // 0 means "absent"
inline constexpr Sym kNoSym = 0;

class SymbolTable {
public:
    SymbolTable() { store_.emplace_back(); }  // Sym 0: the empty string, "absent"
    SymbolTable(const SymbolTable&) = delete;
    SymbolTable& operator=(const SymbolTable&) = delete;
    SymbolTable(SymbolTable&&) = default;
    SymbolTable& operator=(SymbolTable&&) = default;

    // Exact (case-sensitive) interning; the same text always gives the same Sym.
    Sym intern(std::string_view text) {
        if (text.empty()) return kNoSym;
        if (auto it = index_.find(text); it != index_.end()) return it->second;
        store_.emplace_back(text);
        const Sym id = static_cast<Sym>(store_.size() - 1);
        index_.emplace(std::string_view(store_.back()), id);
        return id;
    }
    // Look-up without interning; kNoSym when the text was never interned.
    Sym find(std::string_view text) const {
        auto it = index_.find(text);
        return it == index_.end() ? kNoSym : it->second;
    }
    std::string_view str(Sym s) const { return s < store_.size() ? std::string_view(store_[s]) : std::string_view(); }
    std::size_t size() const { return store_.size(); }  // valid Syms are 0 .. size()-1

private:
    std::deque<std::string> store_;  // deque: stable addresses for the string_view keys
    std::unordered_map<std::string_view, Sym> index_;
};

}  // namespace referee
