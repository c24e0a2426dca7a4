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
#include "record.hpp"

#include <pugixml.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace referee {
namespace {

// ---------------------------------------------------------------------------------------------
// Offsets to line/column.

class LineIndex {
public:
    explicit LineIndex(std::string_view text) : text_(text) {
        const std::size_t first = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
        starts_.push_back(first);
        for (std::size_t i = 0; i < text.size(); ++i)
            if (text[i] == '\n') starts_.push_back(i + 1);
        // Number of lines: a final line without '\n' counts; an empty text has none.
        lines_ = static_cast<std::uint32_t>(starts_.size() - (starts_.back() >= text.size() ? 1 : 0));
        if (text.size() <= first) lines_ = text.empty() ? 0 : 1;
    }

    std::uint32_t line_count() const { return lines_; }

    struct Pos {
        std::uint32_t line = 1;
        std::uint32_t col = 1;
    };

    // Binary search for the line; the column is counted from a cursor left by the previous call
    // when it is on the same line and not after the offset (elements come in document order),
    // otherwise from the line's start, so a long one-line save stays linear.
    Pos at(std::size_t offset) {
        offset = std::min(offset, text_.size());
        const auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
        const std::size_t idx = it == starts_.begin() ? 0 : static_cast<std::size_t>(it - starts_.begin()) - 1;
        const std::size_t start = starts_[idx];
        Pos p;
        p.line = static_cast<std::uint32_t>(idx + 1);
        if (offset < start) return p;  // inside the byte-order mark
        std::size_t from = start;
        std::uint32_t col = 1;
        if (cursor_valid_ && cursor_line_ == idx && cursor_off_ <= offset) {
            from = cursor_off_;
            col = cursor_col_;
        }
        for (std::size_t i = from; i < offset; ++i)
            if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) ++col;
        p.col = col;
        cursor_valid_ = true;
        cursor_line_ = idx;
        cursor_off_ = offset;
        cursor_col_ = col;
        return p;
    }

private:
    std::string_view text_;
    std::vector<std::size_t> starts_;
    std::uint32_t lines_ = 0;
    bool cursor_valid_ = false;
    std::size_t cursor_line_ = 0;
    std::size_t cursor_off_ = 0;
    std::uint32_t cursor_col_ = 1;
};

// ---------------------------------------------------------------------------------------------
// Small text helpers.

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

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

// The offset of the first byte of `text` that is not part of well-formed UTF-8 (overlong forms,
// surrogates and code points past U+10FFFF included), or npos.
std::size_t first_bad_utf8(std::string_view text) {
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    std::size_t i = 0;
    while (i < n) {
        const unsigned c = p[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t len = 0;
        unsigned lo = 0x80, hi = 0xBF;  // the range of the second byte
        if (c >= 0xC2 && c <= 0xDF) len = 2;
        else if (c == 0xE0) len = 3, lo = 0xA0;
        else if (c == 0xED) len = 3, hi = 0x9F;
        else if (c >= 0xE1 && c <= 0xEF) len = 3;
        else if (c == 0xF0) len = 4, lo = 0x90;
        else if (c >= 0xF1 && c <= 0xF3) len = 4;
        else if (c == 0xF4) len = 4, hi = 0x8F;
        if (len == 0 || n - i < len || p[i + 1] < lo || p[i + 1] > hi) return i;
        for (std::size_t k = 2; k < len; ++k)
            if ((p[i + k] & 0xC0) != 0x80) return i;
        i += len;
    }
    return std::string_view::npos;
}

// ---------------------------------------------------------------------------------------------
// Element definitions.

constexpr std::size_t kMaxAttrs = 8;

enum Where : std::uint8_t { kInHeader = 1, kInLog = 2 };

struct ElemDef {
    std::string_view name;
    Kind kind;
    std::uint8_t where;
    std::array<std::string_view, kMaxAttrs> attrs;
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

const ElemDef* find_record_elem(std::string_view name) {
    for (std::size_t i = 0; i < kRecordElemCount; ++i)
        if (kRecordElems[i].name == name) return &kRecordElems[i];
    return nullptr;
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

class Reader {
public:
    Reader(GameRecord& g, std::string_view text) : g_(g), idx_(text) {}

    LineIndex& index() { return idx_; }

    void diag(const char* code, Severity sev, LineIndex::Pos p, std::string message) {
        g_.diagnostics.push_back(Diagnostic{code, sev, p.line, p.col, std::move(message)});
    }

    LineIndex::Pos pos_of(const pugi::xml_node& n) {
        const std::ptrdiff_t off = n.offset_debug();  // the element name, just after '<'
        return idx_.at(off > 0 ? static_cast<std::size_t>(off - 1) : 0);
    }

    // Starts work on one element: position, attribute collection (unknown attributes warned,
    // duplicates and bad references are errors). Returns false if the element is already bad.
    // Child elements are not looked at (see warn_child_elements).
    bool begin(const pugi::xml_node& n, const ElemDef& def) {
        def_ = &def;
        pos_ = pos_of(n);
        failed_ = false;
        for (std::size_t i = 0; i < kMaxAttrs; ++i) {
            vals_[i].reset();
            bad_[i] = false;
        }
        for (pugi::xml_attribute a = n.first_attribute(); a; a = a.next_attribute()) {
            const std::string_view name = a.name();
            std::size_t slot = kMaxAttrs;
            for (std::size_t i = 0; i < kMaxAttrs && !def.attrs[i].empty(); ++i)
                if (def.attrs[i] == name) {
                    slot = i;
                    break;
                }
            if (slot == kMaxAttrs) {
                diag("unknown-attribute", Severity::Warning, pos_,
                     prefix() + "unknown attribute " + quoted(name) + ", ignored");
                continue;
            }
            if (vals_[slot]) {
                error("attribute '" + std::string(name) + "' is given twice");
                continue;
            }
            std::string err;
            if (bad_[slot]) continue;
            if (const std::size_t len = std::string_view(a.value()).size(); len > kMaxRecordBytes) {
                error("attribute '" + std::string(name) + "' is too long: " + std::to_string(len) +
                      " bytes (a value may have at most " + std::to_string(kMaxRecordBytes) + " bytes)");
                bad_[slot] = true;
                continue;
            }
            if (!decode_references(a.value(), bufs_[slot], err)) {
                error("attribute '" + std::string(name) + "': " + err);
                bad_[slot] = true;  // reported; not "missing" as well
                continue;
            }
            vals_[slot] = std::string_view(bufs_[slot]);
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

    bool has(std::size_t slot) const { return vals_[slot].has_value(); }
    std::string_view raw(std::size_t slot) const { return vals_[slot] ? *vals_[slot] : std::string_view(); }

    bool require(std::size_t slot, const char* expected) {
        if (vals_[slot]) return true;
        if (bad_[slot]) return false;
        error("missing attribute " + attr_name(slot) + " (expected " + expected + ")");
        return false;
    }

    // A required name (non-empty).
    Sym name(std::size_t slot, const char* expected) {
        if (!require(slot, expected)) return kNoSym;
        if (vals_[slot]->empty()) {
            error("attribute " + attr_name(slot) + " is empty (expected " + expected + ")");
            return kNoSym;
        }
        return g_.symbols.intern(*vals_[slot]);
    }
    // An optional name; absent or empty gives kNoSym.
    Sym opt_name(std::size_t slot) { return vals_[slot] ? g_.symbols.intern(*vals_[slot]) : kNoSym; }
    // Required free text, which may be empty.
    Sym text(std::size_t slot, const char* expected) {
        if (!require(slot, expected)) return kNoSym;
        return g_.symbols.intern(*vals_[slot]);
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
        if (require(slot, expected)) parse_int(slot, *vals_[slot], v);
        return v;
    }
    std::int64_t opt_integer(std::size_t slot, std::int64_t dflt) {
        std::int64_t v = dflt;
        if (vals_[slot] && !parse_int(slot, *vals_[slot], v)) v = dflt;
        return v;
    }

    bool opt_bool(std::size_t slot) {
        if (!vals_[slot]) return false;
        const std::string_view v = trim(*vals_[slot]);
        if (iequals(v, "true") || iequals(v, "yes") || v == "1") return true;
        if (iequals(v, "false") || iequals(v, "no") || v == "0") return false;
        error("attribute " + attr_name(slot) + " needs true or false, found " + quoted(*vals_[slot]));
        return false;
    }

    template <std::size_t N>
    int keyword(std::size_t slot, const std::array<std::string_view, N>& list, const char* expected) {
        if (!require(slot, expected)) return -1;
        return match_keyword(slot, list);
    }
    template <std::size_t N>
    int match_keyword(std::size_t slot, const std::array<std::string_view, N>& list) {
        const std::string_view v = trim(*vals_[slot]);
        for (std::size_t i = 0; i < N; ++i)
            if (iequals(v, list[i])) return static_cast<int>(i);
        std::string all;
        for (std::size_t i = 0; i < N; ++i) {
            if (i) all += ", ";
            all += list[i];
        }
        error("attribute " + attr_name(slot) + " needs one of " + all + "; found " + quoted(*vals_[slot]));
        return -1;
    }

    // A list of names: space-separated (sep == ' ', dropping "->" when drop_arrows) or
    // comma-separated (items trimmed; an empty item is an error). `need` says what is expected
    // ("at least two locations") and is used only when min > 0.
    Span names(std::size_t slot, char sep, bool drop_arrows, std::size_t min, const char* need) {
        if (min > 0 && !require(slot, need)) return {};
        if (!vals_[slot]) return {};
        const std::string_view v = *vals_[slot];
        const std::size_t start = g_.syms_arena.size();
        if (sep == ' ') {
            for (std::size_t i = 0; i < v.size();) {
                while (i < v.size() && is_space(v[i])) ++i;
                std::size_t j = i;
                while (j < v.size() && !is_space(v[j])) ++j;
                const std::string_view tok = v.substr(i, j - i);
                if (!tok.empty() && !(drop_arrows && tok == "->")) g_.syms_arena.push_back(g_.symbols.intern(tok));
                i = j;
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
                g_.syms_arena.push_back(g_.symbols.intern(tok));
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
        if (!vals_[slot]) return {};
        const std::string_view v = *vals_[slot];
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
    void warn_child_elements(const pugi::xml_node& n) {
        for (pugi::xml_node c = n.first_child(); c; c = c.next_sibling())
            if (c.type() == pugi::node_element) warn_unknown_element(c, n.name());
    }
    void warn_unknown_element(const pugi::xml_node& n, std::string_view parent, const char* why = nullptr) {
        const LineIndex::Pos p = pos_of(n);
        std::string msg = "<" + shortened(n.name()) + "> at line " + std::to_string(p.line) + ": ";
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
    bool record(const pugi::xml_node& n, const ElemDef& def, Record& r);
    void snapshot(const pugi::xml_node& n);

private:
    GameRecord& g_;
    LineIndex idx_;
    const ElemDef* def_ = nullptr;
    LineIndex::Pos pos_;
    bool failed_ = false;
    std::array<std::optional<std::string_view>, kMaxAttrs> vals_{};
    std::array<std::string, kMaxAttrs> bufs_{};
    std::array<bool, kMaxAttrs> bad_{};  // present but its references could not be decoded
};

bool Reader::record(const pugi::xml_node& n, const ElemDef& def, Record& r) {
    begin(n, def);
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
    warn_child_elements(n);  // a record element has none in the format
    return !failed_;
}

void Reader::snapshot(const pugi::xml_node& n) {
    Snapshot s;
    begin(n, kSnapshotDef);
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
    for (pugi::xml_node c = n.first_child(); c; c = c.next_sibling()) {
        if (c.type() != pugi::node_element) continue;
        const std::string_view cname = c.name();
        const SnapDef* sd = nullptr;
        for (const auto& d : kSnapshotElems)
            if (d.def.name == cname) sd = &d;
        if (!sd) {
            warn_unknown_element(c, "snapshot");
            continue;
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
    }
    g_.snapshot = std::move(s);
}

}  // namespace

GameRecord read_xml_save(std::string_view text, std::string file) {
    GameRecord g;
    g.file = std::move(file);
    g.format = InputFormat::XmlSave;
    g.has_log = false;
    Reader rd(g, text);
    g.last_line = rd.index().line_count();

    // pugixml stops at a NUL byte; XML allows none.
    if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos) {
        rd.diag("syntax", Severity::Error, rd.index().at(nul), "malformed XML: a NUL byte (the input is not UTF-8 XML text)");
        return g;
    }
    // Nor does it check the encoding: a save is UTF-8 (xml-save.md), as a move log is.
    if (const std::size_t bad = first_bad_utf8(text); bad != std::string_view::npos) {
        char hex[8];
        std::snprintf(hex, sizeof hex, "%02X", static_cast<unsigned>(static_cast<unsigned char>(text[bad])));
        rd.diag("syntax", Severity::Error, rd.index().at(bad), std::string("malformed XML: invalid UTF-8: byte 0x") + hex);
        return g;
    }

    // No parse_escapes (references are decoded per attribute above), no DOCTYPE, comment, PI or
    // declaration nodes; attribute white space normalized as XML says.
    pugi::xml_document doc;
    const unsigned opts = pugi::parse_wconv_attribute | pugi::parse_eol;
    const pugi::xml_parse_result res = doc.load_buffer(text.data(), text.size(), opts, pugi::encoding_utf8);
    if (!res) {
        const std::size_t off = res.offset > 0 ? static_cast<std::size_t>(res.offset) : 0;
        rd.diag("syntax", Severity::Error, rd.index().at(off), std::string("malformed XML: ") + res.description());
        return g;
    }

    const pugi::xml_node root = doc.document_element();
    if (std::string_view(root.name()) != "referee-save") {
        rd.diag("syntax", Severity::Error, rd.pos_of(root),
                "expected the root element <referee-save>, found <" + shortened(root.name()) + ">");
        return g;
    }

    // The root: format="1" scenario="...".
    rd.begin(root, kRootDef);
    std::int64_t format = 0;
    if (rd.has(0) && rd.parse_int(0, rd.raw(0), format) && format != 1)
        rd.error("format " + quoted(rd.raw(0)) + " is not supported (expected format=\"1\")");
    if (!rd.has(0)) rd.error("missing attribute 'format' (expected format=\"1\")");
    if (rd.failed()) return g;
    Record game = rd.start_record(Kind::Game);
    game.a = rd.name(1, "a scenario id or path");
    if (!rd.failed()) g.records.push_back(game);

    // Root children in document order: header records go straight to g.records; the <log>'s
    // records are kept apart and appended at the end, so header records always come first.
    std::vector<Record> log_records;
    bool have_snapshot = false;
    for (pugi::xml_node c = root.first_child(); c; c = c.next_sibling()) {
        if (c.type() != pugi::node_element) continue;  // text and CDATA are not part of the format
        const std::string_view cname = c.name();
        if (cname == "log") {
            rd.begin(c, kLogDef);
            if (g.has_log) {
                rd.error("a second <log> element (a save holds at most one)");
                continue;
            }
            g.has_log = true;
            for (pugi::xml_node e = c.first_child(); e; e = e.next_sibling()) {
                if (e.type() != pugi::node_element) continue;
                const ElemDef* def = find_record_elem(e.name());
                if (!def) {
                    rd.warn_unknown_element(e, "log");
                    continue;
                }
                Record r;
                if (rd.record(e, *def, r)) log_records.push_back(r);
            }
        } else if (cname == "snapshot") {
            if (have_snapshot) {
                rd.begin(c, kSnapshotDef);
                rd.error("a second <snapshot> element (a save holds at most one)");
                continue;
            }
            have_snapshot = true;
            rd.snapshot(c);
        } else if (const ElemDef* def = find_record_elem(cname); def && (def->where & kInHeader)) {
            Record r;
            if (rd.record(c, *def, r)) g.records.push_back(r);
        } else if (def) {
            rd.warn_unknown_element(c, "referee-save", "a log record outside <log>, ignored");
        } else {
            rd.warn_unknown_element(c, "referee-save");
        }
    }
    g.records.insert(g.records.end(), log_records.begin(), log_records.end());

    // Anything after the root element.
    for (pugi::xml_node c = root.next_sibling(); c; c = c.next_sibling())
        if (c.type() == pugi::node_element)
            rd.warn_unknown_element(c, "", "an element after the root element <referee-save>, ignored");
    return g;
}

}  // namespace referee
