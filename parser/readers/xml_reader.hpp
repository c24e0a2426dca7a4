// The reader of the XML save's elements, over pugixml's tree: where an element is, its attributes
// collected into the slots of its definition (xml_names.hpp) and checked (unknown ones warned,
// repeated or undecodable ones errors), and each attribute's value read as a name, a list, an
// integer or a keyword, every problem a diagnostic with the element's line and column. What each
// element makes of them is in xml_records.cpp (records) and xml_snapshot.cpp (the snapshot); the
// walk over the save is xml_save.cpp.
#pragma once

#include "diagnostics.hpp"
#include "record.hpp"
#include "text.hpp"
#include "xml_names.hpp"
#include "xml_text.hpp"
#include "xml_words.hpp"

#include <pugixml.hpp>

#include <array>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>

namespace referee::xml {

// The length of a 0-terminated attribute value in pugixml's (padded) buffer and whether it holds a
// '&' (only then is it decoded into a string of our own), a word at a time.
struct ValueScan {
    std::size_t len;
    bool amp;
};
inline ValueScan scan_value(const char* p) {
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
//
// A buffer may also hold a part of the text: a piece of a long <log>, or the whole text less the
// log's content (xml_layout.hpp); offset() still gives offsets into the whole text. It keeps its
// memory from one piece to the next.
class ParseBuffer {
public:
    // text[begin, end) less text[cut_begin, cut_end) (nothing cut when they are equal).
    void assign(std::string_view text, std::size_t begin, std::size_t end, std::size_t cut_begin = 0, std::size_t cut_end = 0) {
        if (cut_begin == cut_end) cut_begin = cut_end = end;
        const std::size_t first = cut_begin - begin, second = end - cut_end;
        size_ = first + second + 1;
        if (size_ + kPadding > capacity_) {
            capacity_ = size_ + kPadding;
            data_ = std::make_unique_for_overwrite<char[]>(capacity_);
        }
        if (first != 0) std::memcpy(data_.get(), text.data() + begin, first);
        if (second != 0) std::memcpy(data_.get() + first, text.data() + cut_end, second);
        std::memset(data_.get() + first + second, 0, 1 + kPadding);
        base_ = begin;
        cut_at_ = cut_end == end ? kNever : first;
        cut_len_ = cut_end - cut_begin;
    }
    char* data() { return data_.get(); }
    std::size_t size() const { return size_; }
    // Whether p points into the buffer: pugixml's names and values do, as parsed in place, but a
    // word-at-a-time read is only done where that is checked.
    bool holds(const char* p) const {
        return reinterpret_cast<std::uintptr_t>(p) - reinterpret_cast<std::uintptr_t>(data_.get()) < size_;
    }
    // The offset in the text of p, which the buffer holds.
    std::size_t offset(const char* p) const {
        const std::size_t o = static_cast<std::size_t>(p - data_.get());
        return base_ + o + (o >= cut_at_ ? cut_len_ : 0);
    }

private:
    static constexpr std::size_t kPadding = 16;
    static constexpr std::size_t kNever = ~std::size_t{0};
    std::size_t size_ = 0, capacity_ = 0;
    std::unique_ptr<char[]> data_;
    std::size_t base_ = 0;          // the text's offset of the buffer's first byte
    std::size_t cut_at_ = kNever;   // the buffer's offset where the cut part was, and its length
    std::size_t cut_len_ = 0;
};

// The field of record.hpp's range, as a message names it.
inline constexpr const char* kTurnWhat = "a game-turn";

class Reader {
public:
    Reader(GameRecord& g, std::string_view text, std::size_t ascii, const ParseBuffer& buf)
        : g_(g), idx_(text, ascii), buf_(&buf) {}

    // The buffer whose nodes are read from now on (a piece of a long <log>, then the rest again).
    void use(const ParseBuffer& buf) { buf_ = &buf; }

    LineIndex& index() { return idx_; }

    // A diagnostic of code `code`, with the severity the table gives it (diagnostics.hpp).
    void diag(Code code, LineIndex::Pos p, std::string message) {
        g_.diagnose(Diagnostic{std::string(code_name(code)), code_info(code).severity, p.line, p.col, std::move(message)});
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
        return idx_.at(buf_->holds(e.name) && buf_->offset(e.name) > 0 ? buf_->offset(e.name) - 1 : 0);
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
            const std::size_t slot = buf_->holds(name) ? def.slot_at(name, expected) : def.slot_of(key_of(name));
            if (slot == kMaxAttrs) {
                diag(Code::UnknownAttribute, pos_, prefix() + "unknown attribute " + quoted(name) + ", ignored");
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
            const ValueScan v = buf_->holds(value) ? scan_value(value)
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
        diag(Code::Syntax, pos_, prefix() + what);
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
        if (s.empty() || s.size() > 8 || !buf_->holds(s.data())) return g_.symbols.intern(s);
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

    // An integer attribute: decimal digits with an optional sign (as the move log's INT), within
    // [lo, hi] (`what` names the field in the message: record.hpp's ranges).
    bool parse_int(std::size_t slot, std::string_view v, std::int64_t& out, std::int64_t lo = INT64_MIN, std::int64_t hi = INT64_MAX,
                   const char* what = nullptr) {
        const std::string_view t = trim(v);
        std::string_view digits = t;
        if (!digits.empty() && digits[0] == '+') digits.remove_prefix(1);
        const bool looks_ok = !digits.empty() && (digits[0] != '-' || digits.size() > 1) &&
                              (digits[0] == '-' || (digits[0] >= '0' && digits[0] <= '9'));
        if (looks_ok && !(t[0] == '+' && digits[0] == '-')) {
            const auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
            if (p == digits.data() + digits.size()) {
                if (ec == std::errc() && (out < lo || out > hi)) {
                    error("attribute " + attr_name(slot) + ": number out of range: " + quoted(v) + " (" + what + " is " + std::to_string(lo) +
                          " to " + std::to_string(hi) + ")");
                    return false;
                }
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
    std::int64_t integer(std::size_t slot, const char* expected, std::int64_t lo = INT64_MIN, std::int64_t hi = INT64_MAX, const char* what = nullptr) {
        std::int64_t v = 0;
        if (require(slot, expected)) parse_int(slot, vals_[slot], v, lo, hi, what);
        return v;
    }
    std::int64_t opt_integer(std::size_t slot, std::int64_t dflt, std::int64_t lo = INT64_MIN, std::int64_t hi = INT64_MAX, const char* what = nullptr) {
        std::int64_t v = dflt;
        if (has(slot) && !parse_int(slot, vals_[slot], v, lo, hi, what)) v = dflt;
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

    // The index in List (a closed list of keywords, xml_names.hpp) of the attribute's value, as
    // written there or in other case; -1 (with a diagnostic) when it is none of them. List is a
    // template argument so that its words are constants where the value is compared with them.
    template <const auto& List>
    int keyword(std::size_t slot, const char* expected) {
        if (!require(slot, expected)) return -1;
        return match_keyword<List>(slot);
    }
    template <const auto& List>
    int match_keyword(std::size_t slot) {
        const std::string_view v = trim(vals_[slot]);
        for (std::size_t i = 0; i < List.size(); ++i)  // as written in the format first
            if (v == List[i]) return static_cast<int>(i);
        return match_keyword_in_case(slot, v, List.data(), List.size());
    }
    [[gnu::noinline]] int match_keyword_in_case(std::size_t slot, std::string_view v, const std::string_view* list,
                                                std::size_t n) {
        for (std::size_t i = 0; i < n; ++i)
            if (iequals(v, list[i])) return static_cast<int>(i);
        std::string all;
        for (std::size_t i = 0; i < n; ++i) {
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
        diag(Code::UnknownElement, p, std::move(msg));
    }

    Record start_record(Kind k) const {
        Record r;
        r.kind = k;
        r.line = pos_.line;
        r.col = pos_.col;
        return r;
    }

    // Decodes a record element (xml_records.cpp); returns false (with diagnostics) when it is bad.
    bool record(const Elem& e, const ElemDef& def, Record& r);
    // Reads the <snapshot> element into g.snapshot (xml_snapshot.cpp).
    void snapshot(const Elem& e);

private:
    // The key of a name from pugixml.
    NameKey key(const char* name) const { return buf_->holds(name) ? key_at(name) : key_of(name); }

    GameRecord& g_;
    LineIndex idx_;
    const ElemDef* def_ = nullptr;
    LineIndex::Pos pos_;
    bool failed_ = false;
    const ParseBuffer* buf_;
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

}  // namespace referee::xml
