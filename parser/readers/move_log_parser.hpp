// The driver of the move-log grammar (move-log.md): splits the text into lines, checks each line's
// encoding, reads the record keyword, runs that record's Spirit X3 rule (move_log_grammar.hpp) and
// turns the AST into a Record, interning its tokens into the GameRecord, then hands the Record to
// the sink (record_sink.hpp) before it reads the next line. The plain forms of move, advance,
// retreat and combat (only bare words, the commonest records) are read from their tokens directly,
// making the same Record; every other line, and every error, goes through the grammar.
//   move_log.cpp             the lines, the record keyword, a rule per record kind
//   move_log_fast_paths.cpp  the plain forms of move, advance, retreat and combat
#pragma once

#include "move_log_ast.hpp"
#include "move_log_error_handler.hpp"
#include "move_log_lexer.hpp"
#include "record.hpp"
#include "record_sink.hpp"

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace referee::movelog {

// Names read and not yet interned, in the order the parser met them (move_log_ahead.cpp). A name is
// its place in the text when it is there as it is, else (unescaped, joined) a copy.
class NameList {
public:
    explicit NameList(std::string_view text) : text_(text) {}
    struct Name {
        std::size_t off;   // in the text, or in copies()
        std::uint32_t len;
        bool copied;
    };
    // The name's rank in the list, from 1; kNoSym for the empty name (which is never interned).
    Sym add(std::string_view s) {
        if (s.empty()) return kNoSym;
        const auto len = static_cast<std::uint32_t>(s.size());
        if (s.data() >= text_.data() && s.data() + s.size() <= text_.data() + text_.size()) {
            names_.push_back(Name{static_cast<std::size_t>(s.data() - text_.data()), len, false});
        } else {
            names_.push_back(Name{copies_.size(), len, true});
            copies_.append(s);
        }
        return static_cast<Sym>(names_.size());
    }
    std::vector<Name>& names() { return names_; }
    std::string& copies() { return copies_; }
    bool empty() const { return names_.empty(); }

private:
    std::string_view text_;
    std::vector<Name> names_;
    std::string copies_;
};

class Parser {
public:
    // g: a GameRecord whose symbols, arenas and diagnostics the parser fills. The sink gets each
    // record; unless sink.keep_lists(), the record's lists are dropped from g's arenas once the
    // sink has it, so that memory does not grow with the game.
    // With `names`, the names are not interned but listed there, and each record holds for each name
    // its rank in the list (from 1; kNoSym for none): a log read ahead on a thread of its own has
    // its names interned on the thread that judges it (move_log_ahead.cpp).
    Parser(GameRecord& g, RecordSink& sink, bool fast_paths, NameList* names = nullptr)
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
        for (;;) {
            Iterator c = static_cast<Iterator>(std::memchr(b, ',', static_cast<std::size_t>(t.last - b)));
            Iterator e = c != nullptr ? c : t.last;
            g_.syms_arena.push_back(intern(text(b, e, t.escaped)));
            ++s.len;
            if (c == nullptr) break;
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
    NameList* names_;
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
