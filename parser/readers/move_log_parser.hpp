// The driver of the move-log grammar (move-log.md): splits the text into lines, checks each line's
// encoding, reads the record keyword, runs that record's Spirit X3 rule (move_log_grammar.hpp) and
// turns the AST into a Record, interning its tokens into the GameRecord, then hands the Record to
// the sink (record_sink.hpp) before it reads the next line. The plain forms of move, advance,
// retreat and combat (only bare words, the commonest records) are read from their tokens directly,
// making the same Record; every other line, and every error, goes through the grammar. A line is
// read once: one pass finds its end and, when it is simple (printable ASCII and spaces), its
// tokens, from which such a record is made at once; any other line goes to the grammar.
//   move_log.cpp             the lines, the record keyword, a rule per record kind
//   move_log_scan.hpp        one pass over a line: its end, whether it is simple, its tokens
//   move_log_fast_paths.cpp  the plain forms of move, advance, retreat and combat
#pragma once

#include "move_log_ast.hpp"
#include "move_log_error_handler.hpp"
#include "move_log_lexer.hpp"
#include "move_log_scan.hpp"
#include "record.hpp"
#include "record_sink.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace referee::movelog {

// The names of a log read ahead (move_log_ahead.cpp), numbered on the reading thread in the order
// the parser meets them, from 1 (kNoSym for the empty name): a record holds these local numbers,
// and the judging thread interns each name once, when it first comes, into the game's symbols, so
// that every name gets the Sym the plain reading gives it. The texts stay in place for the life of
// this object (SymbolTable keeps them), so the views handed over stay good while the other thread
// reads them.
//
// Most names are short (hexes, units, odds, results): a name of up to eight bytes is its own key,
// one word read from the text with the bytes past the name shifted out (and the length beside it,
// so that a NUL byte, which no line may hold anyway, could not make two names one), found with one
// multiplication and, nearly always, one probe. Longer names are looked up in the SymbolTable that
// numbers and keeps them all.
class LocalNames {
public:
    // text: the log being read, from which a name's word may be read past the name's end.
    explicit LocalNames(std::string_view text)
        : text_(reinterpret_cast<std::uintptr_t>(text.data())),
          // Where a word of eight bytes can be read from; below 0: nowhere (a text under eight bytes).
          readable_(text.size() >= kShort ? text.size() - kShort : 0),
          any_readable_(text.size() >= kShort),
          slots_(kInitialSlots) {}

    Sym add(std::string_view s) {
        if (s.size() - 1 >= kShort) return s.empty() ? kNoSym : add_long(s);
        const auto len = static_cast<std::uint32_t>(s.size());
        const std::uint64_t w = key(s);
        for (std::size_t i = slot_of(w);; i = (i + 1) & (slots_.size() - 1)) {
            const Slot& slot = slots_[i];
            if (slot.word == w && slot.len == len) return slot.id;
            if (slot.id == kNoSym) return add_short(s, w, i);
        }
    }
    // The names numbered since the last take, in their numbers' order.
    std::vector<std::string_view>& fresh() { return fresh_; }
    bool empty() const { return fresh_.empty(); }

private:
    static constexpr std::size_t kShort = 8;
    static constexpr std::size_t kInitialBits = 10;
    static constexpr std::size_t kInitialSlots = std::size_t{1} << kInitialBits;
    struct Slot {
        std::uint64_t word = 0;
        std::uint32_t len = 0;
        Sym id = kNoSym;  // kNoSym: an empty slot
    };

    // A short name's key: its bytes as a little-endian word read from the text, shifted up so that
    // the bytes past its end fall out (a name elsewhere, or too near the text's end: put together).
    std::uint64_t key(std::string_view s) const {
        const std::size_t shift = 8 * (kShort - s.size());
        if constexpr (std::endian::native == std::endian::little) {
            if (any_readable_ && reinterpret_cast<std::uintptr_t>(s.data()) - text_ <= readable_) {
                std::uint64_t w;
                std::memcpy(&w, s.data(), kShort);
                return w << shift;
            }
        }
        std::uint64_t w = 0;
        for (std::size_t i = s.size(); i-- > 0;) w = (w << 8) | static_cast<unsigned char>(s[i]);
        return w << shift;
    }
    // The top bits of the product: every byte of the key counts.
    std::size_t slot_of(std::uint64_t w) const { return static_cast<std::size_t>((w * 0x9E3779B97F4A7C15ull) >> shift_); }

    [[gnu::noinline]] Sym add_short(std::string_view s, std::uint64_t w, std::size_t at) {
        const Sym id = table_.intern(s);  // new: a short name is numbered here once
        fresh_.push_back(table_.str(id));
        slots_[at] = Slot{w, static_cast<std::uint32_t>(s.size()), id};
        if (2 * ++used_ > slots_.size()) grow();
        return id;
    }
    [[gnu::noinline]] Sym add_long(std::string_view s) {
        const std::size_t before = table_.size();
        const Sym id = table_.intern(s);
        if (table_.size() != before) fresh_.push_back(table_.str(id));
        return id;
    }
    void grow() {
        std::vector<Slot> bigger(slots_.size() * 2);
        --shift_;
        for (const Slot& s : slots_) {
            if (s.id == kNoSym) continue;
            std::size_t i = slot_of(s.word);
            while (bigger[i].id != kNoSym) i = (i + 1) & (bigger.size() - 1);
            bigger[i] = s;
        }
        slots_.swap(bigger);
    }

    std::uintptr_t text_;
    std::size_t readable_;
    bool any_readable_;
    std::vector<Slot> slots_;  // open addressing, linear probing, at most half full: the short names
    std::size_t shift_ = 64 - kInitialBits;
    std::size_t used_ = 0;
    SymbolTable table_;  // every name: its number and its text
    std::vector<std::string_view> fresh_;
};

// The operands of a record: n tokens, each [first[i], last[i]).
struct PlainTokens {
    const Iterator* first;
    const Iterator* last;
    std::size_t n = 0;
    std::string_view operator[](std::size_t i) const {
        return {first[i], static_cast<std::size_t>(last[i] - first[i])};
    }
    ast::Tok tok(std::size_t i) const {
        ast::Tok t;
        t.src = t.first = first[i];
        t.last = last[i];
        return t;
    }
    // A bare WORD equal to `word` (lower-case letters) whatever its case, as keyword_parser matches:
    // a byte with 0x20 set is a given lower-case letter only when it is that letter in either case.
    bool is(std::size_t i, std::string_view word) const {
        if (static_cast<std::size_t>(last[i] - first[i]) != word.size()) return false;
        for (std::size_t k = 0; k < word.size(); ++k)
            if ((first[i][k] | 0x20) != word[k]) return false;
        return true;
    }
    // The arrow of a path, which the fast paths leave to the grammar.
    bool arrow(std::size_t i) const { return last[i] - first[i] == 2 && first[i][0] == '-' && first[i][1] == '>'; }
};
class Parser {
public:
    // g: a GameRecord whose symbols, arenas and diagnostics the parser fills. The sink gets each
    // record; unless sink.keep_lists(), the record's lists are dropped from g's arenas once the
    // sink has it, so that memory does not grow with the game.
    // With `names`, the names are not interned into g but numbered there, and each record holds for
    // each name its local number (from 1; kNoSym for none): a log read ahead on a thread of its own
    // has its names interned on the thread that judges it (move_log_ahead.cpp).
    Parser(GameRecord& g, RecordSink& sink, bool fast_paths, LocalNames* names = nullptr)
        : g_(g), names_(names), sink_(sink), keep_lists_(sink.keep_lists()), errors_(g), fast_paths_(fast_paths) {}

    // Reads the text, a line at a time, and sets g.last_line. Throws only what the sink throws: a
    // failure of the parser itself (out of memory) ends the reading with a "syntax" Diagnostic.
    void run(std::string_view text);

private:
    // move_log.cpp. Inline, used there only: GCC inlines what is declared inline more readily, as
    // it did when they were defined in the class (tok_opt_tok called, not inlined, was 1% of a check).
    inline bool parse_line(Iterator b, Iterator e, std::uint32_t line);  // true: a record, in current_
    bool dispatch(Kind kind, Iterator p, Iterator e);
    template <typename Matcher, typename T>
    inline bool match_word(Iterator p, Iterator e, Matcher const& matcher, T& value);
    template <typename Rule, typename Ast>
    inline bool parse_record(Rule const& rule, Iterator p, Iterator e, Ast& ast);
    // Records of the common shapes.
    template <typename Rule>
    inline bool one_tok(Rule const& rule, Kind kind, Iterator p, Iterator e);
    template <typename Rule>
    inline bool two_toks(Rule const& rule, Kind kind, Iterator p, Iterator e);
    template <typename Rule>
    inline bool tok_opt_tok(Rule const& rule, Kind kind, Iterator p, Iterator e);
    template <typename Rule>
    inline bool tok_int(Rule const& rule, Kind kind, Iterator p, Iterator e);
    template <typename Rule>
    inline bool no_operands(Rule const& rule, Kind kind, Iterator p, Iterator e);

    // move_log_fast_paths.cpp: true with the record made, or false with nothing done (the grammar
    // then reads the line).
    bool plain_path(Kind kind, Iterator p, Iterator e);
    bool plain_retreat(Iterator p, Iterator e);
    bool plain_combat(Iterator p, Iterator e);
    // The same from the operands already split (p: the record keyword).
    inline bool path_from(Kind kind, Iterator p, const PlainTokens& t);
    inline bool retreat_from(Iterator p, const PlainTokens& t);
    inline bool combat_from(Iterator p, const PlainTokens& t);
    // A simple line (move_log_scan.hpp) that starts at b: a record read from its tokens, a line of
    // spaces alone, or a line the grammar must read.
    enum class Simple { Record, Blank, NotRead };
    Simple simple_line(const scan::Line& l, Iterator b, std::uint32_t line);

    // The record of the line being read, its kind, line and column set.
    Record& add(Kind kind, Iterator where) {
        current_ = Record{};
        current_.kind = kind;
        current_.line = errors_.line();
        current_.col = errors_.column(where);
        return current_;
    }
    // Hands the record over, then drops its lists unless the sink keeps them.
    void emit() {
        sink_.record(current_, g_);
        if (!keep_lists_) {
            g_.syms_arena.clear();
            g_.ints_arena.clear();
        }
    }

    // The token's text, unescaped if it must be (into a scratch buffer).
    std::string_view text(Iterator b, Iterator e, bool escaped) {
        if (!escaped) return {b, static_cast<std::size_t>(e - b)};
        unescaped_.clear();
        append_unescaped(unescaped_, b, e);
        return unescaped_;
    }
    static void append_unescaped(std::string& out, Iterator b, Iterator e) {
        for (; b != e; ++b) {
            if (*b == '\\') ++b;  // only \" and \\ get here (checked by the grammar)
            out.push_back(*b);
        }
    }
    Sym sym(ast::Tok const& t) { return intern(text(t.first, t.last, t.escaped)); }

    Sym intern(std::string_view s) { return names_ != nullptr ? names_->add(s) : intern_now(s); }
    // Apart, so that the listing above stays small enough to inline where names are read.
    [[gnu::noinline]] Sym intern_now(std::string_view s) { return g_.symbols.intern(s); }

    Span list(ast::Toks const& toks) {
        Span s{static_cast<std::uint32_t>(g_.syms_arena.size()), static_cast<std::uint32_t>(toks.size())};
        for (const ast::Tok& t : toks) g_.syms_arena.push_back(sym(t));
        return s;
    }
    Span ints(ast::Ints const& values) {
        Span s{static_cast<std::uint32_t>(g_.ints_arena.size()), static_cast<std::uint32_t>(values.size())};
        g_.ints_arena.insert(g_.ints_arena.end(), values.begin(), values.end());
        return s;
    }
    // A token holding elements joined by ',' (none empty: checked by the grammar).
    Span split_list(ast::Tok const& t) {
        Span s{static_cast<std::uint32_t>(g_.syms_arena.size()), 0};
        Iterator b = t.first;
        for (Iterator c = b;; ++c) {  // a byte at a time: the elements are short (unit ids)
            if (c != t.last && *c != ',') continue;
            g_.syms_arena.push_back(intern(text(b, c, t.escaped)));
            ++s.len;
            if (c == t.last) break;
            b = c + 1;
        }
        return s;
    }
    // Free text: the tokens joined with one space.
    Sym joined(ast::Toks const& toks) {
        if (toks.size() == 1) return sym(toks.front());
        joined_.clear();
        for (const ast::Tok& t : toks) {
            if (!joined_.empty()) joined_.push_back(' ');
            if (t.escaped) append_unescaped(joined_, t.first, t.last);
            else joined_.append(t.first, t.last);
        }
        return intern(joined_);
    }

    GameRecord& g_;
    Iterator text_end_ = nullptr;  // of the text run() reads: what may be read past a line's end
    LocalNames* names_;
    RecordSink& sink_;
    bool keep_lists_;
    line_error_handler errors_;
    bool fast_paths_;
    Record current_;
    std::string unescaped_;
    std::string joined_;
    // AST objects reused from line to line.
    struct Scratch {
        ast::NoOperands no_operands;
        ast::OneTok one_tok;
        ast::TwoToks two_toks;
        ast::TokOptTok tok_opt_tok;
        ast::TokInt tok_int;
        ast::TurnRec turn;
        ast::SetupRec setup;
        ast::UnitRec unit;
        ast::ObjectiveRec objective;
        ast::PathRec path;
        ast::RetreatRec retreat;
        ast::CombatRec combat;
        ast::RollRec roll;
        ast::ChatRec chat;
        ast::AwardRec award;
        ast::SupportRec support;
        ast::PlaceRec place;
        ast::RemoveRec remove;
        ast::CasualtyRec casualty;
        ast::ClaimScoreRec claim_score;
    } scratch_;
};

}  // namespace referee::movelog
