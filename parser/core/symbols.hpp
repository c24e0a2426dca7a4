// Interned strings. Every name in a game record (unit ids, locations, sides, phases, free text)
// becomes a Sym at parse time, so the replay compares and indexes integers, never strings.
//
// The table is built for the parsers' inner loop, which interns every token of every record: a
// game names the same few hundred units and locations over and over. An open-addressing table
// whose slots hold the first and last eight bytes of the name, its length and its Sym finds a name
// of up to 16 bytes with one probe and no look at the stored text; the texts are kept in a few
// large chunks.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

namespace referee {

using Sym = std::uint32_t;  // 0 means "absent"
inline constexpr Sym kNoSym = 0;

class SymbolTable {
public:
    SymbolTable() : views_(1), slots_(kInitialSlots), mask_(kInitialSlots - 1) {}  // Sym 0: the empty string, "absent"
    SymbolTable(const SymbolTable&) = delete;
    SymbolTable& operator=(const SymbolTable&) = delete;
    SymbolTable(SymbolTable&&) = default;
    SymbolTable& operator=(SymbolTable&&) = default;

    // Exact (case-sensitive) interning; the same text always gives the same Sym.
    Sym intern(std::string_view text) {
        if (text.empty()) return kNoSym;
        const Key k = key(text);
        for (std::size_t i = k.hash & mask_;; i = (i + 1) & mask_) {
            const Slot& s = slots_[i];
            if (s.sym == kNoSym) break;
            if (matches(s, k, text)) return s.sym;
        }
        // A new name: its text goes to the current chunk, and it takes the next Sym.
        const Sym id = static_cast<Sym>(views_.size());
        views_.push_back(store(text));
        if (2 * views_.size() > slots_.size()) grow();
        std::size_t i = k.hash & mask_;
        while (slots_[i].sym != kNoSym) i = (i + 1) & mask_;
        slots_[i] = Slot{k.a, k.b, static_cast<std::uint32_t>(text.size()), id};
        return id;
    }
    // Look-up without interning; kNoSym when the text was never interned.
    Sym find(std::string_view text) const {
        if (text.empty()) return kNoSym;
        const Key k = key(text);
        for (std::size_t i = k.hash & mask_;; i = (i + 1) & mask_) {
            const Slot& s = slots_[i];
            if (s.sym == kNoSym) return kNoSym;
            if (matches(s, k, text)) return s.sym;
        }
    }
    // The text of a Sym; it stays in place for the table's life (interning more does not move it).
    std::string_view str(Sym s) const { return s < views_.size() ? views_[s] : std::string_view(); }
    std::size_t size() const { return views_.size(); }  // valid Syms are 0 .. size()-1

private:
    static constexpr std::size_t kInitialSlots = 1024;
    static constexpr std::size_t kChunk = 64 * 1024;

    // A name of up to 16 bytes is all in two words read from its text (overlapping when it is
    // shorter than 16: both ends are read), so a slot holding those words and the length
    // identifies it without reading the text; a longer one is compared with its text.
    struct Key {
        std::uint64_t a, b, hash;
    };
    struct Slot {
        std::uint64_t a = 0, b = 0;
        std::uint32_t size = 0;
        Sym sym = kNoSym;  // kNoSym: an empty slot
    };
    static constexpr std::size_t kWords = 16;

    static Key key(std::string_view s) {
        const char* p = s.data();
        const std::size_t n = s.size();
        std::uint64_t a, b;
        if (n >= 8 && n <= 16) {
            a = load8(p);
            b = load8(p + n - 8);
        } else if (n >= 4 && n < 8) {
            a = load4(p);
            b = load4(p + n - 4);
        } else if (n < 4) {
            a = n == 0 ? 0
                       : (static_cast<std::uint64_t>(static_cast<unsigned char>(p[0])) |
                          static_cast<std::uint64_t>(static_cast<unsigned char>(p[n / 2])) << 8 |
                          static_cast<std::uint64_t>(static_cast<unsigned char>(p[n - 1])) << 16);
            b = 0;
        } else {  // longer texts (chat): FNV-1a over the bytes, and the first eight
            std::uint64_t f = 14695981039346656037ull;
            for (char c : s) f = (f ^ static_cast<unsigned char>(c)) * 1099511628211ull;
            a = load8(p);
            b = f;
        }
        std::uint64_t h = (a * 0x9E3779B97F4A7C15ull) ^ (b * 0xC2B2AE3D27D4EB4Full) ^ n;
        h ^= h >> 29;
        h *= 0xBF58476D1CE4E5B9ull;
        return Key{a, b, h ^ (h >> 32)};
    }
    bool matches(const Slot& s, const Key& k, std::string_view text) const {
        if (s.size != text.size() || s.a != k.a || s.b != k.b) return false;
        return text.size() <= kWords || views_[s.sym] == text;
    }
    static std::uint64_t load8(const char* p) {
        std::uint64_t v;
        std::memcpy(&v, p, 8);
        return v;
    }
    static std::uint32_t load4(const char* p) {
        std::uint32_t v;
        std::memcpy(&v, p, 4);
        return v;
    }

    std::string_view store(std::string_view text) {
        if (text.size() > kChunk / 4) {  // a long text gets a block of its own
            chunks_.push_back(std::make_unique_for_overwrite<char[]>(text.size()));
            std::memcpy(chunks_.back().get(), text.data(), text.size());
            return {chunks_.back().get(), text.size()};
        }
        if (text.size() > room_) {
            chunks_.push_back(std::make_unique_for_overwrite<char[]>(kChunk));
            next_ = chunks_.back().get();
            room_ = kChunk;
        }
        char* p = next_;
        std::memcpy(p, text.data(), text.size());
        next_ += text.size();
        room_ -= text.size();
        return {p, text.size()};
    }

    void grow() {
        std::vector<Slot> bigger(slots_.size() * 2);
        const std::size_t mask = bigger.size() - 1;
        for (const Slot& s : slots_) {
            if (s.sym == kNoSym) continue;
            std::size_t i = key(views_[s.sym]).hash & mask;
            while (bigger[i].sym != kNoSym) i = (i + 1) & mask;
            bigger[i] = s;
        }
        slots_.swap(bigger);
        mask_ = mask;
    }

    std::vector<std::string_view> views_;          // the text of each Sym
    std::vector<Slot> slots_;                      // open addressing, linear probing, at most half full
    std::size_t mask_;                             // slots_.size() - 1 (a power of two)
    std::vector<std::unique_ptr<char[]>> chunks_;  // the texts (never moved)
    char* next_ = nullptr;
    std::size_t room_ = 0;
};

}  // namespace referee
