// The XML save of xml-save.md, read with pugixml into the record model of record.hpp.
//
// Reading rules (see also the comments at each step):
// - The text is parsed as UTF-8 whatever its XML declaration says, so that pugixml's offsets are
//   offsets into `text` and every line/column we report is one of the input. pugixml checks neither
//   for NUL bytes nor for invalid UTF-8: both are checked first, and are "syntax" errors.
// - An attribute value of more than kMaxRecordBytes is a "syntax" error (record.hpp).
// - pugixml is asked not to expand entity references; known attributes are decoded here. The five
//   predefined entities and character references are decoded; any other `&name;` (for example one
//   declared in a DOCTYPE, which is never read) and a bare `&` are "syntax" errors. DOCTYPE content is
//   skipped by pugixml and never followed, so entity-expansion attacks expand nothing.
// - The walk is flat: root children, <log> children, <snapshot> children. Unknown elements are
//   reported and never descended into, so nesting depth costs no C++ stack.
// - Positions: a record's line/column is that of the element's '<'. Columns count characters
//   (UTF-8 code points); a UTF-8 byte-order mark is not counted.
#include "readers.hpp"
#include "utf8.hpp"

#include <pugixml.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace referee {
namespace {

// ---------------------------------------------------------------------------------------------
// Eight bytes at a time. The scans below read whole words of the text or of pugixml's buffer; the
// buffer is ours and padded, so a word read past a name's or value's terminating 0 stays inside it.

constexpr std::uint64_t kOnes = 0x0101010101010101ull;
constexpr std::uint64_t kHighs = 0x8080808080808080ull;

// Eight bytes from p, the first in the lowest byte whatever the machine's byte order (so that the
// lowest flagged byte of the tests below is the first in the text).
std::uint64_t load8(const char* p) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap64(v);
    return v;
}
// The high bit of v's first zero byte is set; bits of later bytes may be too (a borrow), of earlier
// ones never, so the lowest set bit is exact.
constexpr std::uint64_t zero_bytes(std::uint64_t v) { return (v - kOnes) & ~v & kHighs; }
// The index of the byte whose high bit is the lowest set bit of a nonzero mask from zero_bytes.
std::size_t first_flagged(std::uint64_t mask) { return static_cast<std::size_t>(std::countr_zero(mask)) / 8; }

// ---------------------------------------------------------------------------------------------
// Offsets to line/column.

class LineIndex {
public:
    // `ascii` bytes from the start hold no byte past 0x7F.
    LineIndex(std::string_view text, std::size_t ascii)
        : text_(text), ascii_(ascii), first_(text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0), off_(first_) {}

    struct Pos {
        std::uint32_t line = 1;
        std::uint32_t col = 1;
    };

    // Elements come in document order, so a cursor moves forward over the text, counting the
    // newlines it passes; the column is counted from the line's start, or from the cursor when still
    // on its line (so a long one-line save stays linear). An offset before the cursor (never asked
    // for in document order) starts again from the beginning.
    Pos at(std::size_t offset) {
        offset = std::min(offset, text_.size());
        if (offset < first_) return Pos{};  // inside the byte-order mark
        if (offset < off_) {
            line_ = 0;
            off_ = first_;
            col_ = 1;
        }
        // The start of the offset's line, looked for backwards (an element is indented by a few
        // bytes) down to the cursor; if it is past the cursor, the newlines before it are counted.
        const char* const p = text_.data();
        std::size_t start = offset;
        while (start > off_ && p[start - 1] != '\n') --start;
        if (start > off_) {
            line_ += 1 + newlines(off_, start - 1);
            off_ = start;
            col_ = 1;
        }
        if (offset <= ascii_) {  // a byte a character
            col_ += static_cast<std::uint32_t>(offset - off_);
            off_ = offset;
        }
        for (; off_ < offset; ++off_)
            if ((static_cast<unsigned char>(p[off_]) & 0xC0) != 0x80) ++col_;
        return Pos{static_cast<std::uint32_t>(line_ + 1), col_};
    }

    // Number of lines: a final line without '\n' counts; an empty text has none. Only the newlines
    // after the cursor are still to count, so it is asked for once every position has been.
    std::uint32_t line_count() const {
        if (text_.size() <= first_) return text_.empty() ? 0 : 1;
        const std::size_t lines = line_ + newlines(off_, text_.size()) + (text_.back() == '\n' ? 0 : 1);
        return static_cast<std::uint32_t>(lines);
    }

private:
    // The number of '\n' in [from, to).
    std::size_t newlines(std::size_t from, std::size_t to) const {
        std::size_t n = 0;
        const char* const end = text_.data() + to;
        for (const char* q = text_.data() + from; q < end; ++q, ++n) {
            q = static_cast<const char*>(std::memchr(q, '\n', static_cast<std::size_t>(end - q)));
            if (!q) break;
        }
        return n;
    }

    std::string_view text_;
    std::size_t ascii_;
    std::size_t first_;     // where line 1 starts: after a byte-order mark
    std::size_t line_ = 0;  // the cursor: its line (0-based), offset and column
    std::size_t off_;
    std::uint32_t col_ = 1;
};

// ---------------------------------------------------------------------------------------------
// Small text helpers.

bool is_space(char c) { return static_cast<unsigned char>(c) <= ' ' && (c == ' ' || c == '\t' || c == '\n' || c == '\r'); }

std::string_view trim(std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
        if (x != y) return false;
    }
    return true;
}

// A value or name for a message, cut short when long.
std::string shortened(std::string_view v) {
    constexpr std::size_t kMax = 40;
    if (v.size() <= kMax) return std::string(v);
    std::size_t cut = kMax;
    while (cut > 0 && (static_cast<unsigned char>(v[cut]) & 0xC0) == 0x80) --cut;  // whole characters
    return std::string(v.substr(0, cut)) + "...";
}
// The same, quoted.
std::string quoted(std::string_view v) { return "'" + shortened(v) + "'"; }

void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// Decodes entity and character references in an attribute value. On failure returns false with
// `err` describing the problem.
bool decode_references(std::string_view in, std::string& out, std::string& err) {
    out.clear();
    out.reserve(in.size());
    std::size_t i = 0;
    while (i < in.size()) {
        const std::size_t amp = in.find('&', i);
        if (amp == std::string_view::npos) {
            out.append(in.substr(i));
            break;
        }
        out.append(in.substr(i, amp - i));
        const std::size_t semi = in.find(';', amp + 1);
        const std::string_view ref =
            semi == std::string_view::npos ? std::string_view() : in.substr(amp + 1, semi - amp - 1);
        auto bad_name = [&] {
            if (ref.empty()) return true;
            for (char c : ref)
                if (is_space(c) || c == '&' || c == '<' || c == '"' || c == '\'') return true;
            return false;
        };
        if (semi == std::string_view::npos || bad_name()) {
            err = "'&' that starts no entity reference (write '&amp;')";
            return false;
        }
        if (ref == "lt") out += '<';
        else if (ref == "gt") out += '>';
        else if (ref == "amp") out += '&';
        else if (ref == "apos") out += '\'';
        else if (ref == "quot") out += '"';
        else if (ref[0] == '#') {
            std::string_view digits = ref.substr(1);
            int base = 10;
            if (!digits.empty() && digits[0] == 'x') {
                base = 16;
                digits.remove_prefix(1);
            }
            std::uint32_t cp = 0;
            const auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), cp, base);
            if (digits.empty() || ec != std::errc() || p != digits.data() + digits.size() || cp == 0 ||
                cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                err = "bad character reference " + quoted(in.substr(amp, semi - amp + 1));
                return false;
            }
            append_utf8(out, cp);
        } else {
            err = "undefined entity " + quoted(in.substr(amp, semi - amp + 1)) +
                  " (only the predefined entities are read; a DOCTYPE is not)";
            return false;
        }
        i = semi + 1;
    }
    return true;
}

// The offset of the first byte of `text` from `from` on that is not part of well-formed UTF-8
// (overlong forms, surrogates and code points past U+10FFFF included), or npos. ASCII is skipped
// eight bytes at a time.
std::size_t first_bad_utf8(std::string_view text, std::size_t from) {
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    std::size_t i = from;
    while (i < n) {
        if (n - i >= 8 && (load8(text.data() + i) & kHighs) == 0) {
            i += 8;
            continue;
        }
        const unsigned c = p[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        const std::size_t len = utf8_sequence(p + i, n - i);
        if (len == 0) return i;
        i += len;
    }
    return std::string_view::npos;
}

// The first NUL byte of a text and its first non-ASCII byte.
struct TextScan {
    std::size_t nul = std::string_view::npos;
    std::size_t non_ascii = std::string_view::npos;
};

// The NUL with memchr; ASCII is passed 32 bytes at a time.
TextScan scan_text(std::string_view text) {
    TextScan r;
    const char* const p = text.data();
    const std::size_t n = text.size();
    if (n == 0) return r;
    if (const void* nul = std::memchr(p, '\0', n)) r.nul = static_cast<std::size_t>(static_cast<const char*>(nul) - p);
    std::size_t i = 0;
    while (n - i >= 32 && ((load8(p + i) | load8(p + i + 8) | load8(p + i + 16) | load8(p + i + 24)) & kHighs) == 0) i += 32;
    for (; i < n; ++i)
        if (static_cast<unsigned char>(p[i]) >= 0x80) {
            r.non_ascii = i;
            break;
        }
    return r;
}

// ---------------------------------------------------------------------------------------------
// Element definitions.

constexpr std::size_t kMaxAttrs = 8;

enum Where : std::uint8_t { kInHeader = 1, kInLog = 2 };

// The lowest n bytes of a word (n <= 8).
constexpr std::uint64_t low_bytes(std::size_t n) { return n >= 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * n)) - 1; }

// A name of at most kKeyBytes bytes as two words holding its bytes in order (zero after its end) and
// its length: two such names are equal when their keys are, so names compare in three word
// comparisons. The name of every element and attribute read here fits.
struct NameKey {
    std::uint64_t lo = 0, hi = 0;
    std::size_t len = 0;
    friend constexpr bool operator==(const NameKey&, const NameKey&) = default;
};
constexpr std::size_t kKeyBytes = 15;

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
NameKey key_at(const char* p) {
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
// decoding code below.
constexpr std::size_t kRecordElemCount = 34;
constexpr std::array<ElemDef, 36> kRecordElems = {{
    {"tag", Kind::Tag, kInHeader | kInLog, {"name", "value"}},
    {"side", Kind::Side, kInHeader | kInLog, {"name"}},
    {"player", Kind::Player, kInHeader | kInLog, {"side", "name"}},
    {"param", Kind::Param, kInHeader | kInLog, {"name", "value"}},
    {"setup", Kind::Setup, kInHeader | kInLog, {"mode"}},
    {"unit", Kind::Unit, kInHeader | kInLog, {"id", "side", "type", "strength", "at", "enters", "enters-at", "role"}},
    {"hold", Kind::Hold, kInHeader | kInLog, {"loc", "side"}},
    {"objective", Kind::Objective, kInHeader | kInLog, {"kind", "side", "locs", "banners", "held-by"}},
    {"target", Kind::Target, kInHeader | kInLog, {"side", "n"}},
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
constexpr const ElemDef& kRootDef = kRecordElems[kRecordElemCount];
constexpr const ElemDef& kSnapshotDef = kRecordElems[kRecordElemCount + 1];
constexpr ElemDef kLogDef{"log", Kind::End, 0, {}};

enum class SnapKind : std::uint8_t { Unit, Hold, Score, Track };
struct SnapDef {
    SnapKind kind;
    ElemDef def;
};
constexpr std::array<SnapDef, 4> kSnapshotElems = {{
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
constexpr std::size_t kElemSlots = 128;
constexpr std::size_t elem_slot(const NameKey& k) {
    return static_cast<std::size_t>(((k.lo + k.len) * 0x9E3779B97F4A7C15ull) >> 57);
}
constexpr std::array<std::uint8_t, kElemSlots> kElemTable = [] {
    std::array<std::uint8_t, kElemSlots> t{};  // 1 + the index into kRecordElems; 0: empty
    for (std::size_t i = 0; i < kRecordElemCount; ++i) {
        std::size_t h = elem_slot(kRecordElems[i].key);
        while (t[h] != 0) h = (h + 1) % kElemSlots;
        t[h] = static_cast<std::uint8_t>(i + 1);
    }
    return t;
}();
static_assert(kRecordElemCount < kElemSlots / 2);  // short probes, and always an empty slot to end them

const ElemDef* find_record_elem(const NameKey& k) {
    for (std::size_t h = elem_slot(k);; h = (h + 1) % kElemSlots) {
        const std::uint8_t e = kElemTable[h];
        if (e == 0) return nullptr;
        if (kRecordElems[e - 1].key == k) return &kRecordElems[e - 1];
    }
}

constexpr std::array<std::string_view, 2> kSetupModes = {"standard", "custom"};
constexpr std::array<std::string_view, 8> kObjectiveKinds = {
    "temporary", "start-turn-temporary", "temporary-group", "start-turn-temporary-group",
    "majority", "permanent", "start-turn-permanent", "last-to-occupy"};
constexpr std::array<std::string_view, 5> kSupportLevels = {
    "active-opposition", "passive-opposition", "neutral", "passive-support", "active-support"};
constexpr std::array<std::string_view, 7> kPieces = {
    "regular", "tory", "continental", "militia", "war-party", "village", "fort"};
constexpr std::array<std::string_view, 4> kStatuses = {"on-map", "off-map", "exited", "eliminated"};

// ---------------------------------------------------------------------------------------------
// The reader.

// The length of a 0-terminated attribute value in pugixml's (padded) buffer and whether it holds a
// '&' (only then is it decoded into a string of our own), a word at a time.
struct ValueScan {
    std::size_t len;
    bool amp;
};
ValueScan scan_value(const char* p) {
    std::uint64_t amps = 0;
    for (std::size_t i = 0;; i += 8) {
        const std::uint64_t v = load8(p + i);
        const std::uint64_t a = zero_bytes(v ^ (kOnes * '&'));
        if (const std::uint64_t z = zero_bytes(v)) {
            // Only a '&' before the terminator counts: the bits below its flag. (A false flag in `a`
            // only ever follows a true one, so it changes nothing.)
            return {i + first_flagged(z), (amps | (a & (z - 1) & ~z)) != 0};
        }
        amps |= a;
    }
}

// The text copied into a buffer of our own for pugixml's in-place parse: the same text.size() + 1
// bytes ending in a 0 that load_buffer would copy and parse (so the same results and offsets), then
// zeros, so that a word read at any name or value in it stays inside.
class ParseBuffer {
public:
    explicit ParseBuffer(std::string_view text)
        : size_(text.size() + 1), data_(std::make_unique_for_overwrite<char[]>(size_ + kPadding)) {
        if (!text.empty()) std::memcpy(data_.get(), text.data(), text.size());
        std::memset(data_.get() + text.size(), 0, 1 + kPadding);
    }
    char* data() { return data_.get(); }
    std::size_t size() const { return size_; }
    // Whether p points into the buffer: pugixml's names and values do, as parsed in place, but a
    // word-at-a-time read is only done where that is checked.
    bool holds(const char* p) const {
        return reinterpret_cast<std::uintptr_t>(p) - reinterpret_cast<std::uintptr_t>(data_.get()) < size_;
    }
    // The offset of p in the buffer, which holds it.
    std::size_t offset(const char* p) const { return static_cast<std::size_t>(p - data_.get()); }

private:
    static constexpr std::size_t kPadding = 16;
    std::size_t size_;
    std::unique_ptr<char[]> data_;
};

class Reader {
public:
    Reader(GameRecord& g, std::string_view text, std::size_t ascii, const ParseBuffer& buf)
        : g_(g), idx_(text, ascii), buf_(buf) {}

    LineIndex& index() { return idx_; }

    void diag(const char* code, Severity sev, LineIndex::Pos p, std::string message) {
        g_.diagnostics.push_back(Diagnostic{code, sev, p.line, p.col, std::move(message)});
    }

    // An element with its name and the name's key.
    struct Elem {
        pugi::xml_node node;
        const char* name;
        NameKey key;
    };
    Elem elem(const pugi::xml_node& n) const {
        const char* const name = n.name();
        return Elem{n, name, key(name)};
    }
    // Calls f(Elem) for each element among `n` and its next siblings, in document order. Only an
    // element has a name here (this parse makes no comment, PI, declaration or DOCTYPE node; text
    // has none), so its name tells an element from text, and whether the node is null (past the
    // last sibling, nameless too) is only asked after a nameless one.
    template <class F>
    void for_each_element(pugi::xml_node n, F&& f) {
        for (;; n = n.next_sibling()) {
            if (const char* const name = n.name(); *name) f(Elem{n, name, key(name)});
            else if (!n) break;
        }
    }

    // The position of the element's '<', just before its name in the buffer.
    LineIndex::Pos pos_of(const Elem& e) {
        return idx_.at(buf_.holds(e.name) && buf_.offset(e.name) > 0 ? buf_.offset(e.name) - 1 : 0);
    }

    // Starts work on one element: position, attribute collection (unknown attributes warned,
    // duplicates and bad references are errors). Returns false if the element is already bad.
    // Child elements are not looked at (see warn_child_elements).
    bool begin(const Elem& e, const ElemDef& def) {
        def_ = &def;
        pos_ = pos_of(e);
        failed_ = false;
        present_ = 0;
        bad_ = 0;
        std::size_t expected = 0;  // the slot after the previous attribute's
        // Past the last attribute, name() gives "": a parsed attribute's name is never empty.
        for (pugi::xml_attribute a = e.node.first_attribute();; a = a.next_attribute()) {
            const char* const name = a.name();
            if (!*name) break;
            const std::size_t slot = buf_.holds(name) ? def.slot_at(name, expected) : def.slot_of(key_of(name));
            if (slot == kMaxAttrs) {
                diag("unknown-attribute", Severity::Warning, pos_,
                     prefix() + "unknown attribute " + quoted(name) + ", ignored");
                continue;
            }
            expected = slot + 1;
            const unsigned bit = 1u << slot;
            if (present_ & bit) {
                error("attribute '" + std::string(def.attrs[slot]) + "' is given twice");
                continue;
            }
            if (bad_ & bit) continue;
            const char* const value = a.value();
            const ValueScan v = buf_.holds(value) ? scan_value(value)
                                                  : ValueScan{std::strlen(value), std::strchr(value, '&') != nullptr};
            if (v.len > kMaxRecordBytes) {
                error("attribute '" + std::string(def.attrs[slot]) + "' is too long: " + std::to_string(v.len) +
                      " bytes (a value may have at most " + std::to_string(kMaxRecordBytes) + " bytes)");
                bad_ |= bit;
                continue;
            }
            if (!v.amp) {
                vals_[slot] = std::string_view(value, v.len);  // as it is in pugixml's buffer
            } else {
                std::string err;
                if (!decode_references(std::string_view(value, v.len), bufs_[slot], err)) {
                    error("attribute '" + std::string(def.attrs[slot]) + "': " + err);
                    bad_ |= bit;  // reported; not "missing" as well
                    continue;
                }
                vals_[slot] = bufs_[slot];
            }
            present_ |= bit;
        }
        return !failed_;
    }

    bool failed() const { return failed_; }
    LineIndex::Pos pos() const { return pos_; }

    std::string prefix() const {
        return "<" + std::string(def_->name) + "> at line " + std::to_string(pos_.line) + ": ";
    }
    void error(std::string what) {
        failed_ = true;
        diag("syntax", Severity::Error, pos_, prefix() + what);
    }
    std::string attr_name(std::size_t slot) const { return "'" + std::string(def_->attrs[slot]) + "'"; }

    bool has(std::size_t slot) const { return (present_ >> slot) & 1; }
    std::string_view raw(std::size_t slot) const { return has(slot) ? vals_[slot] : std::string_view(); }

    bool require(std::size_t slot, const char* expected) {
        if (has(slot)) return true;
        missing(slot, expected);
        return false;
    }
    [[gnu::noinline]] void missing(std::size_t slot, const char* expected) {
        if ((bad_ >> slot) & 1) return;  // reported already
        error("missing attribute " + attr_name(slot) + " (expected " + expected + ")");
    }

    // Interning, through a small direct-mapped cache of names of up to eight bytes: a save repeats
    // the same few hundred unit ids and locations, and the cache (16 KB) stays in the processor's
    // nearest cache while the symbol table's larger slots, read at random, do not. A name holds no
    // NUL byte (the text has none and "&#0;" is refused), so its bytes with zeros after them are it.
    // (A decoded value, not in the buffer, goes to the table directly.)
    Sym intern(std::string_view s) {
        if (s.empty() || s.size() > 8 || !buf_.holds(s.data())) return g_.symbols.intern(s);
        const std::uint64_t w = load8(s.data()) & low_bytes(s.size());  // the buffer is padded
        const std::size_t i = (w * 0x9E3779B97F4A7C15ull) >> (64 - kCacheBits);
        if (cache_[i].word == w) return cache_[i].sym;
        return intern_miss(i, w, s);
    }
    // Out of line, so that a hit calls nothing and saves no registers.
    [[gnu::noinline]] Sym intern_miss(std::size_t i, std::uint64_t w, std::string_view s) {
        cache_[i] = CachedSym{w, g_.symbols.intern(s)};
        return cache_[i].sym;
    }

    // A required name (non-empty).
    Sym name(std::size_t slot, const char* expected) {
        if (!require(slot, expected)) return kNoSym;
        if (vals_[slot].empty()) {
            error("attribute " + attr_name(slot) + " is empty (expected " + expected + ")");
            return kNoSym;
        }
        return intern(vals_[slot]);
    }
    // An optional name; absent or empty gives kNoSym.
    Sym opt_name(std::size_t slot) { return has(slot) ? intern(vals_[slot]) : kNoSym; }
    // Required free text, which may be empty.
    Sym text(std::size_t slot, const char* expected) {
        if (!require(slot, expected)) return kNoSym;
        return intern(vals_[slot]);
    }

    bool parse_int(std::size_t slot, std::string_view v, std::int64_t& out) {
        const std::string_view t = trim(v);
        std::string_view digits = t;
        if (!digits.empty() && digits[0] == '+') digits.remove_prefix(1);
        const bool looks_ok = !digits.empty() && (digits[0] != '-' || digits.size() > 1) &&
                              (digits[0] == '-' || (digits[0] >= '0' && digits[0] <= '9'));
        if (looks_ok && !(t[0] == '+' && digits[0] == '-')) {
            const auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
            if (p == digits.data() + digits.size()) {
                if (ec == std::errc()) return true;
                if (ec == std::errc::result_out_of_range) {
                    error("attribute " + attr_name(slot) + " needs an integer that fits in 64 bits, found " + quoted(v));
                    return false;
                }
            }
        }
        error("attribute " + attr_name(slot) + " needs an integer, found " + quoted(v));
        return false;
    }
    std::int64_t integer(std::size_t slot, const char* expected) {
        std::int64_t v = 0;
        if (require(slot, expected)) parse_int(slot, vals_[slot], v);
        return v;
    }
    std::int64_t opt_integer(std::size_t slot, std::int64_t dflt) {
        std::int64_t v = dflt;
        if (has(slot) && !parse_int(slot, vals_[slot], v)) v = dflt;
        return v;
    }

    bool opt_bool(std::size_t slot) {
        if (!has(slot)) return false;
        const std::string_view v = trim(vals_[slot]);
        if (iequals(v, "true") || iequals(v, "yes") || v == "1") return true;
        if (iequals(v, "false") || iequals(v, "no") || v == "0") return false;
        error("attribute " + attr_name(slot) + " needs true or false, found " + quoted(vals_[slot]));
        return false;
    }

    template <std::size_t N>
    int keyword(std::size_t slot, const std::array<std::string_view, N>& list, const char* expected) {
        if (!require(slot, expected)) return -1;
        return match_keyword(slot, list);
    }
    template <std::size_t N>
    int match_keyword(std::size_t slot, const std::array<std::string_view, N>& list) {
        const std::string_view v = trim(vals_[slot]);
        for (std::size_t i = 0; i < N; ++i)  // as written in the format first
            if (v == list[i]) return static_cast<int>(i);
        for (std::size_t i = 0; i < N; ++i)
            if (iequals(v, list[i])) return static_cast<int>(i);
        std::string all;
        for (std::size_t i = 0; i < N; ++i) {
            if (i) all += ", ";
            all += list[i];
        }
        error("attribute " + attr_name(slot) + " needs one of " + all + "; found " + quoted(vals_[slot]));
        return -1;
    }

    // A list of names: space-separated (sep == ' ', dropping "->" when drop_arrows) or
    // comma-separated (items trimmed; an empty item is an error). `need` says what is expected
    // ("at least two locations") and is used only when min > 0.
    Span names(std::size_t slot, char sep, bool drop_arrows, std::size_t min, const char* need) {
        if (min > 0 && !require(slot, need)) return {};
        if (!has(slot)) return {};
        const std::string_view v = vals_[slot];
        const std::size_t start = g_.syms_arena.size();
        if (sep == ' ') {
            const char* p = v.data();
            const char* const end = p + v.size();
            while (true) {
                while (p != end && is_space(*p)) ++p;
                if (p == end) break;
                const char* q = p;
                while (++q != end && !is_space(*q)) {}
                const std::string_view tok(p, static_cast<std::size_t>(q - p));
                if (!(drop_arrows && tok == "->")) g_.syms_arena.push_back(intern(tok));
                p = q;
            }
        } else if (!trim(v).empty()) {
            for (std::size_t i = 0; i <= v.size();) {
                std::size_t j = v.find(sep, i);
                if (j == std::string_view::npos) j = v.size();
                const std::string_view tok = trim(v.substr(i, j - i));
                if (tok.empty()) {
                    error("attribute " + attr_name(slot) + " has an empty entry in " + quoted(v) +
                          " (expected names separated by '" + sep + "')");
                    break;
                }
                g_.syms_arena.push_back(intern(tok));
                i = j + 1;
            }
        }
        const std::size_t count = g_.syms_arena.size() - start;
        if (count < min && !failed_) error("attribute " + attr_name(slot) + " needs " + need);
        if (count == 0) return {};
        return Span{static_cast<std::uint32_t>(start), static_cast<std::uint32_t>(count)};
    }

    Span ints(std::size_t slot, std::size_t min, const char* expected) {
        if (min > 0 && !require(slot, expected)) return {};
        if (!has(slot)) return {};
        const std::string_view v = vals_[slot];
        const std::size_t start = g_.ints_arena.size();
        std::size_t i = 0;
        while (true) {
            while (i < v.size() && is_space(v[i])) ++i;
            if (i >= v.size()) break;
            std::size_t j = i;
            while (j < v.size() && !is_space(v[j])) ++j;
            std::int64_t x = 0;
            if (!parse_int(slot, v.substr(i, j - i), x)) break;
            g_.ints_arena.push_back(x);
            i = j;
        }
        const std::size_t count = g_.ints_arena.size() - start;
        if (count < min && !failed_)
            error("attribute " + attr_name(slot) + " needs " + expected);
        if (count == 0) return {};
        return Span{static_cast<std::uint32_t>(start), static_cast<std::uint32_t>(count)};
    }

    // Child elements of an element that has none in the format: reported, not descended into.
    void warn_child_elements(const Elem& e) {
        for_each_element(e.node.first_child(), [&](const Elem& c) { warn_unknown_element(c, e.name); });
    }
    void warn_unknown_element(const Elem& e, std::string_view parent, const char* why = nullptr) {
        const LineIndex::Pos p = pos_of(e);
        std::string msg = "<" + shortened(e.name) + "> at line " + std::to_string(p.line) + ": ";
        msg += why ? why : ("unknown element in <" + std::string(parent) + ">, ignored");
        diag("unknown-element", Severity::Warning, p, std::move(msg));
    }

    Record start_record(Kind k) const {
        Record r;
        r.kind = k;
        r.line = pos_.line;
        r.col = pos_.col;
        return r;
    }

    // Decodes a record element; returns false (with diagnostics) when it is bad.
    bool record(const Elem& e, const ElemDef& def, Record& r);
    void snapshot(const Elem& e);

private:
    // The key of a name from pugixml.
    NameKey key(const char* name) const { return buf_.holds(name) ? key_at(name) : key_of(name); }

    GameRecord& g_;
    LineIndex idx_;
    const ElemDef* def_ = nullptr;
    LineIndex::Pos pos_;
    bool failed_ = false;
    const ParseBuffer& buf_;
    unsigned present_ = 0;  // a bit per slot: vals_[slot] holds the attribute's (decoded) value
    unsigned bad_ = 0;      // a bit per slot: present but its references could not be decoded
    std::array<std::string_view, kMaxAttrs> vals_{};
    std::array<std::string, kMaxAttrs> bufs_{};  // decoded values
    struct CachedSym {
        std::uint64_t word = 0;  // no name's: a name is not empty
        Sym sym = kNoSym;
    };
    static constexpr unsigned kCacheBits = 10;
    std::array<CachedSym, std::size_t{1} << kCacheBits> cache_{};
};

bool Reader::record(const Elem& e, const ElemDef& def, Record& r) {
    begin(e, def);
    r = start_record(def.kind);
    switch (def.kind) {
        case Kind::Tag:
        case Kind::Param:
            r.a = name(0, "a name");
            r.b = text(1, "a value");
            break;
        case Kind::Side:
            r.a = name(0, "a side name");
            break;
        case Kind::Player:
            r.a = name(0, "a side");
            r.b = text(1, "a player name");
            break;
        case Kind::Setup:
            if (const int m = keyword(0, kSetupModes, "standard or custom"); m == 1) r.flags |= kFlagCustom;
            break;
        case Kind::Unit: {
            r.a = name(0, "a unit id");
            r.b = name(1, "a side");
            r.c = name(2, "a unit type");
            r.n = integer(3, "the unit's strength, an integer");
            r.d = opt_name(4);
            if (has(5) != has(6)) {
                error(has(5) ? "attribute 'enters' needs 'enters-at' (the location where the unit enters)"
                             : "attribute 'enters-at' needs 'enters' (the turn the unit enters)");
            } else if (has(5)) {
                r.m = integer(5, "a turn number");
                r.e = name(6, "a location");
            }
            r.list = names(7, ' ', false, 0, "");
            break;
        }
        case Kind::Hold:
            r.a = name(0, "a location");
            r.b = name(1, "a side");
            break;
        case Kind::Objective: {
            const int k = keyword(0, kObjectiveKinds,
                                  "an objective kind: temporary, start-turn-temporary, temporary-group, "
                                  "start-turn-temporary-group, majority, permanent, start-turn-permanent or last-to-occupy");
            r.n = k < 0 ? 0 : k;
            r.a = name(1, "a side or 'any'");
            r.list = names(2, ',', false, 1, "at least one location (comma-separated)");
            r.m = opt_integer(3, 1);
            r.b = opt_name(4);
            break;
        }
        case Kind::Target:
            r.a = name(0, "a side");
            r.n = integer(1, "a banner count, an integer");
            break;
        case Kind::Turn:
            r.n = integer(0, "a turn number, an integer");
            break;
        case Kind::Phase:
            r.a = opt_name(0);
            r.b = name(1, "a phase name");
            break;
        case Kind::Move:
        case Kind::Advance:
            r.a = name(0, "a unit id");
            r.list = names(1, ' ', true, 2, "at least two locations");
            break;
        case Kind::Retreat: {
            r.a = name(0, "a unit id");
            const bool off = opt_bool(2);
            if (off) r.flags |= kFlagOff;
            r.list = off ? names(1, ' ', true, 1, "at least one location")
                         : names(1, ' ', true, 2, "at least two locations (or one with off=\"true\")");
            break;
        }
        case Kind::Enter:
        case Kind::Exit:
            r.a = name(0, "a unit id");
            r.b = name(1, "a location");
            break;
        case Kind::Eliminate:
            r.a = name(0, "a unit id");
            break;
        case Kind::Lose:
            r.a = name(0, "a unit id");
            r.n = integer(1, "the strength lost, an integer");
            break;
        case Kind::Combat:
            r.list = names(0, ',', false, 1, "at least one unit id (comma-separated)");
            r.list2 = names(1, ',', false, 1, "at least one unit id (comma-separated)");
            r.a = opt_name(2);
            r.ints = ints(3, 0, "");
            r.b = opt_name(4);
            break;
        case Kind::Roll:
            r.a = name(0, "the dice, such as 2d6");
            r.ints = ints(1, 1, "at least one die value (space-separated integers)");
            break;
        case Kind::Chat:
            r.a = name(0, "a speaker");
            r.b = text(1, "the chat text");
            break;
        case Kind::Support: {
            r.a = name(0, "a space");
            const int lv = keyword(1, kSupportLevels,
                                   "a support level: active-support, passive-support, neutral, "
                                   "passive-opposition or active-opposition");
            r.n = lv < 0 ? 0 : lv - 2;  // the list is in order -2 .. 2
            break;
        }
        case Kind::Place:
        case Kind::Remove: {
            r.a = name(0, "a faction");
            const int p = keyword(1, kPieces, "a piece: regular, tory, continental, militia, war-party, village or fort");
            r.n = p < 0 ? 0 : p;
            r.b = name(2, "a space");
            r.m = opt_integer(3, 1);
            if (def.kind == Kind::Remove && opt_bool(4)) r.flags |= kFlagCasualty;
            break;
        }
        case Kind::Casualty: {
            r.a = name(0, "a faction");
            const int p = keyword(1, kPieces, "a piece: regular, tory, continental, militia, war-party, village or fort");
            r.n = p < 0 ? 0 : p;
            r.m = integer(2, "a piece count, an integer");
            break;
        }
        case Kind::Blockade:
        case Kind::Unblockade:
            r.a = name(0, "a city");
            break;
        case Kind::Card:
            r.a = name(0, "a card id");
            r.b = opt_name(1);
            break;
        case Kind::Track:
            r.a = name(0, "a track name");
            r.n = integer(1, "the track's value, an integer");
            break;
        case Kind::Award:
            r.a = name(0, "a side");
            r.n = integer(1, "points, an integer");
            r.b = text(2, "a reason");
            break;
        case Kind::Concede:
            r.a = name(0, "a side");
            break;
        case Kind::ClaimWinner: {
            // <claim winner="Union" [level=]>, <claim winner="draw"/>, <claim draw="true"/>
            const bool draw_attr = has(2);
            const bool draw = opt_bool(2);
            const bool winner_is_draw = has(0) && iequals(trim(raw(0)), "draw");
            if (draw) {
                if (has(0) && !winner_is_draw)
                    error("attribute 'winner' contradicts draw=\"" + std::string(raw(2)) + "\"");
                r.kind = Kind::ClaimDraw;
            } else if (winner_is_draw) {
                if (draw_attr && !failed_)
                    error("attribute 'winner' contradicts draw=\"" + std::string(raw(2)) + "\"");
                r.kind = Kind::ClaimDraw;
            } else if (!failed_) {
                r.a = name(0, "a side, or 'draw'");
                r.b = opt_name(1);
            }
            break;
        }
        case Kind::ClaimScore: {
            const Sym side = name(0, "a side");
            const std::int64_t pts = integer(1, "points, an integer");
            if (!failed_) {
                r.list = Span{static_cast<std::uint32_t>(g_.syms_arena.size()), 1};
                g_.syms_arena.push_back(side);
                r.ints = Span{static_cast<std::uint32_t>(g_.ints_arena.size()), 1};
                g_.ints_arena.push_back(pts);
            }
            break;
        }
        case Kind::End:
        case Kind::Game:
        case Kind::ClaimDraw:
            break;
    }
    warn_child_elements(e);  // a record element has none in the format
    return !failed_;
}

void Reader::snapshot(const Elem& e) {
    Snapshot s;
    begin(e, kSnapshotDef);
    s.line = pos_.line;
    if (has(0)) {
        std::int64_t t = 0;
        if (parse_int(0, raw(0), t)) s.turn = t;
    }
    if (has(1)) {
        // "Union movement": the first word is the side, the rest the phase; one word: no side.
        std::vector<std::string_view> words;
        const std::string_view v = raw(1);
        for (std::size_t i = 0; i < v.size();) {
            while (i < v.size() && is_space(v[i])) ++i;
            std::size_t j = i;
            while (j < v.size() && !is_space(v[j])) ++j;
            if (j > i) words.push_back(v.substr(i, j - i));
            i = j;
        }
        if (words.size() == 1) {
            s.phase = g_.symbols.intern(words[0]);
        } else if (words.size() > 1) {
            s.phase_side = g_.symbols.intern(words[0]);
            std::string rest(words[1]);
            for (std::size_t i = 2; i < words.size(); ++i) (rest += ' ') += words[i];
            s.phase = g_.symbols.intern(rest);
        }
    }
    for_each_element(e.node.first_child(), [&](const Elem& c) {
        const SnapDef* sd = nullptr;
        for (const auto& d : kSnapshotElems)
            if (d.def.key == c.key) sd = &d;
        if (!sd) {
            warn_unknown_element(c, "snapshot");
            return;
        }
        begin(c, sd->def);
        switch (sd->kind) {
            case SnapKind::Unit: {
                SnapshotUnit u;
                u.line = pos_.line;
                u.id = name(0, "a unit id");
                if (has(1)) {
                    const int st = match_keyword(1, kStatuses);
                    if (st >= 0) u.status = static_cast<UnitStatus>(st);
                }
                u.at = opt_name(2);
                if (has(3)) {
                    std::int64_t v = 0;
                    if (parse_int(3, raw(3), v)) u.strength = v;
                }
                if (!failed_) s.units.push_back(u);
                break;
            }
            case SnapKind::Hold: {
                SnapshotHold h;
                h.line = pos_.line;
                h.loc = name(0, "a location");
                h.side = name(1, "a side");
                if (!failed_) s.holds.push_back(h);
                break;
            }
            case SnapKind::Score:
            case SnapKind::Track: {
                SnapshotValue sv;
                sv.line = pos_.line;
                sv.name = name(0, sd->kind == SnapKind::Score ? "a side" : "a track name");
                sv.value = integer(1, "an integer");
                if (!failed_) (sd->kind == SnapKind::Score ? s.scores : s.tracks).push_back(sv);
                break;
            }
        }
        warn_child_elements(c);
    });
    g_.snapshot = std::move(s);
}

// Reads the save into g (see read_xml_save); returns early at an error that ends the reading.
void read_save(std::string_view text, const TextScan& scan, ParseBuffer& buf, Reader& rd, GameRecord& g) {
    // pugixml stops at a NUL byte; XML allows none.
    if (scan.nul != std::string_view::npos) {
        rd.diag("syntax", Severity::Error, rd.index().at(scan.nul), "malformed XML: a NUL byte (the input is not UTF-8 XML text)");
        return;
    }
    // Nor does it check the encoding: a save is UTF-8 (xml-save.md), as a move log is.
    if (scan.non_ascii != std::string_view::npos) {
        if (const std::size_t bad = first_bad_utf8(text, scan.non_ascii); bad != std::string_view::npos) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "%02X", static_cast<unsigned>(static_cast<unsigned char>(text[bad])));
            rd.diag("syntax", Severity::Error, rd.index().at(bad), std::string("malformed XML: invalid UTF-8: byte 0x") + hex);
            return;
        }
    }

    // No parse_escapes (references are decoded per attribute above), no DOCTYPE, comment, PI or
    // declaration nodes; attribute white space normalized as XML says. Parsed in place in our copy of
    // the text, which is what load_buffer would parse in a copy of its own.
    pugi::xml_document doc;
    const unsigned opts = pugi::parse_wconv_attribute | pugi::parse_eol;
    const pugi::xml_parse_result res = doc.load_buffer_inplace(buf.data(), buf.size(), opts, pugi::encoding_utf8);
    if (!res) {
        const std::size_t off = res.offset > 0 ? static_cast<std::size_t>(res.offset) : 0;
        rd.diag("syntax", Severity::Error, rd.index().at(off), std::string("malformed XML: ") + res.description());
        return;
    }

    // Room for the records from the text's size, so that they are not copied as they grow: saves
    // take 55-70 bytes a record; a denser one grows as usual, and capacity never used is memory
    // never touched.
    g.records.reserve(text.size() / 48);
    g.syms_arena.reserve(text.size() / 16);

    const Reader::Elem root = rd.elem(doc.document_element());
    if (!(root.key == kRootDef.key)) {
        rd.diag("syntax", Severity::Error, rd.pos_of(root),
                "expected the root element <referee-save>, found <" + shortened(root.name) + ">");
        return;
    }

    // The root: format="1" scenario="...".
    rd.begin(root, kRootDef);
    std::int64_t format = 0;
    if (rd.has(0) && rd.parse_int(0, rd.raw(0), format) && format != 1)
        rd.error("format " + quoted(rd.raw(0)) + " is not supported (expected format=\"1\")");
    if (!rd.has(0)) rd.error("missing attribute 'format' (expected format=\"1\")");
    if (rd.failed()) return;
    Record game = rd.start_record(Kind::Game);
    game.a = rd.name(1, "a scenario id or path");
    if (!rd.failed()) g.records.push_back(game);

    // Root children in document order: header records go straight to g.records, and so do the
    // <log>'s; header records after the <log> are moved before its records at the end, so header
    // records always come first.
    std::size_t log_begin = 0, log_end = 0;  // the <log>'s records in g.records
    bool have_snapshot = false;
    rd.for_each_element(root.node.first_child(), [&](const Reader::Elem& c) {  // text and CDATA are not part of the format
        if (c.key == kLogDef.key) {
            rd.begin(c, kLogDef);
            if (g.has_log) {
                rd.error("a second <log> element (a save holds at most one)");
                return;
            }
            g.has_log = true;
            log_begin = g.records.size();
            rd.for_each_element(c.node.first_child(), [&](const Reader::Elem& e) {
                const ElemDef* def = find_record_elem(e.key);
                if (!def) {
                    rd.warn_unknown_element(e, "log");
                    return;
                }
                if (!rd.record(e, *def, g.records.emplace_back())) g.records.pop_back();
            });
            log_end = g.records.size();
        } else if (c.key == kSnapshotDef.key) {
            if (have_snapshot) {
                rd.begin(c, kSnapshotDef);
                rd.error("a second <snapshot> element (a save holds at most one)");
                return;
            }
            have_snapshot = true;
            rd.snapshot(c);
        } else if (const ElemDef* def = find_record_elem(c.key); def && (def->where & kInHeader)) {
            if (!rd.record(c, *def, g.records.emplace_back())) g.records.pop_back();
        } else if (def) {
            rd.warn_unknown_element(c, "referee-save", "a log record outside <log>, ignored");
        } else {
            rd.warn_unknown_element(c, "referee-save");
        }
    });
    std::rotate(g.records.begin() + static_cast<std::ptrdiff_t>(log_begin),
                g.records.begin() + static_cast<std::ptrdiff_t>(log_end), g.records.end());

    // Anything after the root element.
    rd.for_each_element(root.node.next_sibling(), [&](const Reader::Elem& c) {
        rd.warn_unknown_element(c, "", "an element after the root element <referee-save>, ignored");
    });
}

}  // namespace

GameRecord read_xml_save(std::string_view text, std::string file) {
    GameRecord g;
    g.file = std::move(file);
    g.format = InputFormat::XmlSave;
    g.has_log = false;
    const TextScan scan = scan_text(text);
    ParseBuffer buf(text);
    Reader rd(g, text, std::min(scan.non_ascii, text.size()), buf);
    read_save(text, scan, buf, rd, g);
    g.last_line = rd.index().line_count();  // last: the positions asked for have counted most lines
    return g;
}

}  // namespace referee
