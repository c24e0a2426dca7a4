// The names of the XML save (xml-save.md), built at compile time: each element the reader knows,
// with its attributes in the order of their slots (the contract with the decoding code of
// xml_records.cpp and xml_snapshot.cpp), and the keys through which a name in pugixml's buffer is
// matched in a few word comparisons. Also the closed lists of keyword values.
#pragma once

#include "record.hpp"
#include "xml_words.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace referee::xml {

// ---------------------------------------------------------------------------------------------
// Names as keys.

inline constexpr std::size_t kMaxAttrs = 9;  // unit: id side type strength at enters enters-at role ma

// Where a record element may stand.
enum Where : std::uint8_t { kInHeader = 1, kInLog = 2 };

// A name of at most kKeyBytes bytes as two words holding its bytes in order (zero after its end) and
// its length: two such names are equal when their keys are, so names compare in three word
// comparisons. The name of every element and attribute read here fits.
struct NameKey {
    std::uint64_t lo = 0, hi = 0;
    std::size_t len = 0;
    friend constexpr bool operator==(const NameKey&, const NameKey&) = default;
};
inline constexpr std::size_t kKeyBytes = 15;

constexpr NameKey key_of(std::string_view s) {
    NameKey k;
    k.len = s.size();
    if (s.size() > kKeyBytes) return k;
    for (std::size_t i = 0; i < s.size(); ++i)
        (i < 8 ? k.lo : k.hi) |= std::uint64_t{static_cast<unsigned char>(s[i])} << (8 * (i % 8));
    return k;
}

// The key of a 0-terminated name in pugixml's (padded) buffer, read a word at a time; a name longer
// than kKeyBytes gets length kKeyBytes + 1 and so matches no key of a known name.
inline NameKey key_at(const char* p) {
    NameKey k;
    const std::uint64_t a = load8(p);
    if (const std::uint64_t z = zero_bytes(a)) {
        k.len = first_flagged(z);
        k.lo = a & low_bytes(k.len);
        return k;
    }
    const std::uint64_t b = load8(p + 8);
    if (const std::uint64_t z = zero_bytes(b)) {
        k.len = 8 + first_flagged(z);
        k.lo = a;
        k.hi = b & low_bytes(k.len - 8);
        return k;
    }
    k.len = kKeyBytes + 1;
    return k;
}

// A known name, to match a 0-terminated name in the padded buffer in place: the name's bytes and
// the terminating 0 compared under two masks, with no branch. That of an empty name (an unused
// slot's) matches no name, none being empty.
struct NameMatch {
    std::uint64_t lo = 0, hi = 0, lo_mask = 0, hi_mask = 0;

    constexpr NameMatch() = default;
    constexpr explicit NameMatch(const NameKey& k)
        : lo(k.lo), hi(k.hi), lo_mask(low_bytes(k.len + 1)), hi_mask(k.len < 8 ? 0 : low_bytes(k.len - 7)) {}
    bool at(const char* p) const { return (((load8(p) & lo_mask) ^ lo) | ((load8(p + 8) & hi_mask) ^ hi)) == 0; }
};

// ---------------------------------------------------------------------------------------------
// The elements.

struct ElemDef {
    std::string_view name;
    Kind kind;
    std::uint8_t where;
    std::array<std::string_view, kMaxAttrs> attrs;
    NameKey key;                                // of name
    std::array<NameKey, kMaxAttrs> attr_keys;  // of attrs (an unused slot's never matches: its length is 0)
    std::array<NameMatch, kMaxAttrs> attr_matches;

    constexpr ElemDef(std::string_view n, Kind k, std::uint8_t w, std::array<std::string_view, kMaxAttrs> a)
        : name(n), kind(k), where(w), attrs(a), key(key_of(n)), attr_keys(), attr_matches() {
        for (std::size_t i = 0; i < kMaxAttrs; ++i) {
            attr_keys[i] = key_of(attrs[i]);
            attr_matches[i] = NameMatch(attr_keys[i]);
        }
    }
    // The slot of the attribute whose name has key k, or kMaxAttrs.
    std::size_t slot_of(const NameKey& k) const {
        for (std::size_t i = 0; i < kMaxAttrs; ++i)
            if (attr_keys[i] == k) return i;
        return kMaxAttrs;
    }
    // The same for a name in the padded buffer. Attributes are mostly written in the definition's
    // order, so the slot after the previous attribute's is tried first.
    std::size_t slot_at(const char* name, std::size_t expected) const {
        if (expected < kMaxAttrs && attr_matches[expected].at(name)) return expected;
        return slot_of(key_at(name));
    }
};

// Attribute slots are the indices into ElemDef::attrs, so the order here is the contract with the
// decoding code (Reader::record in xml_records.cpp; the root's in xml_save.cpp).
inline constexpr std::size_t kRecordElemCount = 35;
inline constexpr std::array<ElemDef, 37> kRecordElems = {{
    {"tag", Kind::Tag, kInHeader | kInLog, {"name", "value"}},
    {"side", Kind::Side, kInHeader | kInLog, {"name"}},
    {"player", Kind::Player, kInHeader | kInLog, {"side", "name"}},
    {"param", Kind::Param, kInHeader | kInLog, {"name", "value"}},
    {"setup", Kind::Setup, kInHeader | kInLog, {"mode"}},
    {"unit", Kind::Unit, kInHeader | kInLog, {"id", "side", "type", "strength", "at", "enters", "enters-at", "role", "ma"}},
    {"hold", Kind::Hold, kInHeader | kInLog, {"loc", "side"}},
    {"objective", Kind::Objective, kInHeader | kInLog, {"kind", "side", "locs", "banners", "held-by"}},
    {"target", Kind::Target, kInHeader | kInLog, {"side", "n"}},
    {"resume", Kind::Resume, kInHeader | kInLog, {"turn"}},
    {"turn", Kind::Turn, kInLog, {"n"}},
    {"phase", Kind::Phase, kInLog, {"side", "name"}},
    {"move", Kind::Move, kInLog, {"unit", "path"}},
    {"enter", Kind::Enter, kInLog, {"unit", "at"}},
    {"exit", Kind::Exit, kInLog, {"unit", "at"}},
    {"retreat", Kind::Retreat, kInLog, {"unit", "path", "off"}},
    {"advance", Kind::Advance, kInLog, {"unit", "path"}},
    {"eliminate", Kind::Eliminate, kInLog, {"unit"}},
    {"lose", Kind::Lose, kInLog, {"unit", "n"}},
    {"combat", Kind::Combat, kInLog, {"attackers", "defenders", "odds", "roll", "result"}},
    {"roll", Kind::Roll, kInLog, {"dice", "values"}},
    {"chat", Kind::Chat, kInLog, {"speaker", "text"}},
    {"support", Kind::Support, kInHeader | kInLog, {"space", "level"}},
    {"place", Kind::Place, kInHeader | kInLog, {"faction", "piece", "space", "count"}},
    {"remove", Kind::Remove, kInHeader | kInLog, {"faction", "piece", "space", "count", "casualty"}},
    {"casualty", Kind::Casualty, kInHeader | kInLog, {"faction", "piece", "count"}},
    {"blockade", Kind::Blockade, kInHeader | kInLog, {"city"}},
    {"unblockade", Kind::Unblockade, kInHeader | kInLog, {"city"}},
    {"card", Kind::Card, kInHeader | kInLog, {"id", "title"}},
    {"track", Kind::Track, kInHeader | kInLog, {"name", "value"}},
    {"award", Kind::Award, kInLog, {"side", "n", "reason"}},
    {"concede", Kind::Concede, kInLog, {"side"}},
    {"claim", Kind::ClaimWinner, kInLog, {"winner", "level", "draw"}},  // or ClaimDraw
    {"claim-score", Kind::ClaimScore, kInLog, {"side", "n"}},
    {"end", Kind::End, kInLog, {}},
    // Not records: the structure of the save (handled apart; listed for their attributes).
    {"referee-save", Kind::Game, 0, {"format", "scenario"}},
    {"snapshot", Kind::End, 0, {"turn", "phase"}},
}};
static_assert(kRecordElems[kRecordElemCount].name == "referee-save");
inline constexpr const ElemDef& kRootDef = kRecordElems[kRecordElemCount];
inline constexpr const ElemDef& kSnapshotDef = kRecordElems[kRecordElemCount + 1];
inline constexpr ElemDef kLogDef{"log", Kind::End, 0, {}};

enum class SnapKind : std::uint8_t { Unit, Hold, Score, Track };
struct SnapDef {
    SnapKind kind;
    ElemDef def;
};
inline constexpr std::array<SnapDef, 4> kSnapshotElems = {{
    {SnapKind::Unit, {"unit", Kind::End, 0, {"id", "status", "at", "strength"}}},
    {SnapKind::Hold, {"hold", Kind::End, 0, {"loc", "side"}}},
    {SnapKind::Score, {"score", Kind::End, 0, {"side", "value"}}},
    {SnapKind::Track, {"track", Kind::End, 0, {"name", "value"}}},
}};

constexpr bool names_fit_keys() {
    for (const ElemDef& d : kRecordElems) {
        if (d.name.size() > kKeyBytes) return false;
        for (std::string_view a : d.attrs)
            if (a.size() > kKeyBytes) return false;
    }
    for (const SnapDef& d : kSnapshotElems) {
        if (d.def.name.size() > kKeyBytes) return false;
        for (std::string_view a : d.def.attrs)
            if (a.size() > kKeyBytes) return false;
    }
    return true;
}
static_assert(names_fit_keys());

// The record elements by name: open addressing over their keys, built at compile time.
inline constexpr std::size_t kElemSlots = 128;
constexpr std::size_t elem_slot(const NameKey& k) {
    return static_cast<std::size_t>(((k.lo + k.len) * 0x9E3779B97F4A7C15ull) >> 57);
}
inline constexpr std::array<std::uint8_t, kElemSlots> kElemTable = [] {
    std::array<std::uint8_t, kElemSlots> t{};  // 1 + the index into kRecordElems; 0: empty
    for (std::size_t i = 0; i < kRecordElemCount; ++i) {
        std::size_t h = elem_slot(kRecordElems[i].key);
        while (t[h] != 0) h = (h + 1) % kElemSlots;
        t[h] = static_cast<std::uint8_t>(i + 1);
    }
    return t;
}();
static_assert(kRecordElemCount < kElemSlots / 2);  // short probes, and always an empty slot to end them

inline const ElemDef* find_record_elem(const NameKey& k) {
    for (std::size_t h = elem_slot(k);; h = (h + 1) % kElemSlots) {
        const std::uint8_t e = kElemTable[h];
        if (e == 0) return nullptr;
        if (kRecordElems[e - 1].key == k) return &kRecordElems[e - 1];
    }
}

// The closed lists of values, in the order of their codes (record.hpp).
inline constexpr std::array<std::string_view, 2> kSetupModes = {"standard", "custom"};
inline constexpr std::array<std::string_view, 8> kObjectiveKinds = {
    "temporary", "start-turn-temporary", "temporary-group", "start-turn-temporary-group",
    "majority", "permanent", "start-turn-permanent", "last-to-occupy"};
inline constexpr std::array<std::string_view, 5> kSupportLevels = {
    "active-opposition", "passive-opposition", "neutral", "passive-support", "active-support"};
inline constexpr std::array<std::string_view, 7> kPieces = {
    "regular", "tory", "continental", "militia", "war-party", "village", "fort"};
inline constexpr std::array<std::string_view, 4> kStatuses = {"on-map", "off-map", "exited", "eliminated"};

}  // namespace referee::xml
