// The Spirit X3 grammar of a move-log line (move-log.md), laid out like X3's own examples
// (calc, rexpr, employee): AST in move_log_ast.hpp, Fusion adaptations in
// move_log_ast_adapted.hpp, the rules here, the driver in move_log.cpp.
//
// The grammar runs over one line at a time, on `const char*` iterators, with spaces and tabs as
// the skipper. The driver (move_log.cpp) reads the record keyword first and then runs the one
// rule of that record kind, so each rule below starts by stepping over the keyword it already
// knows (`keyword_`). Tokens are taken as ranges of the line (ast::Tok); nothing is copied. (For
// the plain forms of move, advance and combat the driver has fast paths that must make what
// path_record and combat_record make: keep them in step, tests/parser/readers/test_move_log.cpp PlainFastPaths.)
//
// Errors: the operands of a record are joined with `>` (expectation), and every operand is a
// named rule, so a missing or malformed operand throws an x3::expectation_failure whose which()
// says what was expected there ("a location after 'at'"). The primitive parsers throw
// syntax_error (an expectation_failure carrying a whole message) for what no alternative can
// accept: a bad string, a number out of range, an empty list element, a repeated unit option.
// Each record rule's ID derives from error_handler_base, which turns the exception into a
// Diagnostic with line and column (line_error_handler, reached through the parse context).
#pragma once

#include "move_log_ast.hpp"
#include "move_log_ast_adapted.hpp"

#include <boost/spirit/home/x3.hpp>

#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace referee::movelog {

namespace x3 = boost::spirit::x3;
using Iterator = const char*;

// An error whose message is complete in itself (which() is the message, not "what was expected").
struct syntax_error : x3::expectation_failure<Iterator> {
    syntax_error(Iterator where, std::string const& message) : x3::expectation_failure<Iterator>(where, message) {}
};

///////////////////////////////////////////////////////////////////////////////////////////////
// Lexical helpers (shared with the driver)
///////////////////////////////////////////////////////////////////////////////////////////////
namespace lex {

inline bool is_blank(char c) { return c == ' ' || c == '\t'; }
// A WORD is a run of characters other than these.
inline bool ends_word(char c) { return c == ' ' || c == '\t' || c == '#' || c == '"'; }
// What may follow a token: a separator, a comment, or the end of the line.
inline bool at_boundary(Iterator p, Iterator end) { return p == end || *p == ' ' || *p == '\t' || *p == '#'; }
inline char ascii_lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

inline Iterator skip_blanks(Iterator p, Iterator end) {
    while (p != end && is_blank(*p)) ++p;
    return p;
}
// ends_word as a table: one load a character instead of four compares (word_end runs over every
// character of every token).
struct WordEnds {
    bool at[256] = {};
    constexpr WordEnds() {
        for (unsigned char c : {' ', '\t', '#', '"'}) at[c] = true;
    }
};
inline constexpr WordEnds kWordEnds{};
inline Iterator word_end(Iterator p, Iterator end) {
    while (p != end && !kWordEnds.at[static_cast<unsigned char>(*p)]) ++p;
    return p;
}

// Characters (UTF-8 code points) in [begin, p); the line has been checked to be valid UTF-8.
inline std::uint32_t count_chars(Iterator begin, Iterator p) {
    std::uint32_t n = 0;
    for (; begin != p; ++begin)
        if ((static_cast<unsigned char>(*begin) & 0xC0) != 0x80) ++n;
    return n;
}

// At most `max_chars` characters of [b, e), for quoting in a message.
inline std::string excerpt(Iterator b, Iterator e, std::uint32_t max_chars = 40) {
    std::uint32_t n = 0;
    Iterator p = b;
    for (; p != e; ++p) {
        if ((static_cast<unsigned char>(*p) & 0xC0) != 0x80) {
            if (n == max_chars) break;
            ++n;
        }
    }
    std::string s(b, p);
    if (p != e) s += "...";
    return s;
}

// What stands at `p` (after blanks), for "found ...": the token there, quoted, or "end of line".
inline std::string found_at(Iterator p, Iterator end) {
    p = skip_blanks(p, end);
    if (p == end || *p == '#') return "end of line";
    Iterator q = p;
    if (*p == '"') {
        ++q;
        while (q != end && *q != '"') {
            if (*q == '\\' && q + 1 != end) ++q;
            ++q;
        }
        if (q != end) ++q;
    } else {
        q = word_end(p, end);
    }
    return "'" + excerpt(p, q) + "'";
}

// The outcome of scanning one token.
enum class ScanError : std::uint8_t { None, Unterminated, BadEscape, EmptyString, NoSpaceBefore, NoSpaceAfter };
struct Scan {
    ast::Tok tok;
    Iterator end = nullptr;  // just after the token
    ScanError error = ScanError::None;
    Iterator error_at = nullptr;
};

// Scans the token at p (p != end, *p not blank and not '#').
inline Scan scan_token(Iterator p, Iterator end) {
    Scan s;
    s.tok.src = p;
    if (*p != '"') {
        Iterator q = word_end(p, end);
        s.tok.first = p;
        s.tok.last = q;
        s.end = q;
        if (q != end && *q == '"') {
            s.error = ScanError::NoSpaceBefore;
            s.error_at = q;
        }
        return s;
    }
    s.tok.quoted = true;
    Iterator q = p + 1;
    for (;;) {
        while (q != end && *q != '"' && *q != '\\') ++q;
        if (q == end || (*q == '\\' && q + 1 == end)) {
            s.error = ScanError::Unterminated;
            s.error_at = p;
            return s;
        }
        if (*q == '"') break;
        if (q[1] != '"' && q[1] != '\\') {
            s.error = ScanError::BadEscape;
            s.error_at = q;  // reported at the string's column; q tells which escape
            return s;
        }
        s.tok.escaped = true;
        q += 2;
    }
    s.tok.first = p + 1;
    s.tok.last = q;
    s.end = q + 1;
    if (s.tok.first == s.tok.last) {
        s.error = ScanError::EmptyString;
        s.error_at = p;
    } else if (!at_boundary(s.end, end)) {
        s.error = ScanError::NoSpaceAfter;
        s.error_at = s.end;
    }
    return s;
}

[[noreturn]] inline void throw_scan_error(Scan const& s, Iterator end) {
    switch (s.error) {
        case ScanError::Unterminated:
            throw syntax_error(s.tok.src, "unterminated string");
        case ScanError::BadEscape: {
            Iterator e = s.error_at + 2;  // the backslash and the first byte after it
            while (e != end && (static_cast<unsigned char>(*e) & 0xC0) == 0x80) ++e;
            throw syntax_error(s.tok.src, "bad escape '" + std::string(s.error_at, e) +
                                              "' in a string: only \\\" and \\\\ are allowed");
        }
        case ScanError::EmptyString:
            throw syntax_error(s.tok.src, "expected a non-empty string, found '\"\"'");
        case ScanError::NoSpaceBefore:
            throw syntax_error(s.error_at, "expected a space before the string, found " + found_at(s.error_at, end));
        case ScanError::NoSpaceAfter:
            throw syntax_error(s.error_at, "expected a space after the string, found " + found_at(s.error_at, end));
        case ScanError::None:
            break;
    }
    throw syntax_error(s.tok.src, "syntax error");
}

// INT: an optional sign, then decimal digits. 1: ok; 0: not an INT; -1: an INT out of range.
inline int parse_int(Iterator b, Iterator e, std::int64_t& out) {
    bool negative = false;
    if (b != e && (*b == '-' || *b == '+')) negative = *b++ == '-';
    if (b == e) return 0;
    std::uint64_t v = 0;
    bool overflow = false;
    const std::uint64_t limit = negative ? std::uint64_t(INT64_MAX) + 1 : std::uint64_t(INT64_MAX);
    for (; b != e; ++b) {
        const unsigned d = static_cast<unsigned char>(*b) - '0';
        if (d > 9) return 0;
        if (!overflow) {
            if (v > (limit - d) / 10) overflow = true;
            else v = v * 10 + d;
        }
    }
    if (overflow) return -1;
    out = negative ? static_cast<std::int64_t>(0 - v) : static_cast<std::int64_t>(v);
    return 1;
}

}  // namespace lex

///////////////////////////////////////////////////////////////////////////////////////////////
// Error handling and position annotation (as in X3's examples: the handler is found through
// the context, under error_handler_tag)
///////////////////////////////////////////////////////////////////////////////////////////////
struct error_handler_tag;

// Reports syntax errors of the current line as Diagnostics with 1-based line and column
// (characters). The driver points it at each line before parsing it.
class line_error_handler {
public:
    explicit line_error_handler(std::vector<Diagnostic>& out) : out_(out) {}

    void start_line(Iterator begin, Iterator end, std::uint32_t line) {
        begin_ = begin;
        end_ = end;
        line_ = line;
    }
    std::uint32_t line() const { return line_; }
    std::uint32_t column(Iterator where) const { return lex::count_chars(begin_, where) + 1; }

    void operator()(Iterator where, std::string message) const {
        out_.push_back(Diagnostic{"syntax", Severity::Error, line_, column(where), std::move(message)});
    }

    // An exception from the grammar: either a complete message, or "expected <which>".
    void report(x3::expectation_failure<Iterator> const& x) const {
        if (dynamic_cast<syntax_error const*>(&x) != nullptr) {
            (*this)(x.where(), x.which());
        } else {
            Iterator where = lex::skip_blanks(x.where(), end_);
            (*this)(where, "expected " + x.which() + ", found " + lex::found_at(where, end_));
        }
    }

    template <typename T>
    void tag(T& ast, Iterator first, Iterator /*last*/) const {
        ast.where = first;
    }

private:
    std::vector<Diagnostic>& out_;
    Iterator begin_ = nullptr;
    Iterator end_ = nullptr;
    std::uint32_t line_ = 0;
};

struct error_handler_base {
    template <typename It, typename Exception, typename Context>
    x3::error_handler_result on_error(It&, It const&, Exception const& x, Context const& context) {
        x3::get<error_handler_tag>(context).get().report(x);
        return x3::error_handler_result::fail;
    }
};

// Like x3::annotate_on_success: marks where the record's rule matched (first is past the
// leading blanks, i.e. at the record keyword).
struct annotate_position {
    template <typename T, typename It, typename Context>
    void on_success(It const& first, It const& last, T& ast, Context const& context) {
        x3::get<error_handler_tag>(context).get().tag(ast, first, last);
    }
};

///////////////////////////////////////////////////////////////////////////////////////////////
// Primitive parsers
///////////////////////////////////////////////////////////////////////////////////////////////
namespace parsers {

// The skipper: spaces and tabs.
struct blank_parser : x3::parser<blank_parser> {
    using attribute_type = x3::unused_type;
    static bool const has_attribute = false;
    template <typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const&, RContext&, Attribute&) const {
        if (first == last || !lex::is_blank(*first)) return false;
        first = lex::skip_blanks(first, last);
        return true;
    }
};

// The pre-skip of the primitive parsers below. The skipper is always blank_parser (phrase_parse
// in the driver), so they step over blanks directly: x3::skip_over calls the skipper until it
// fails, twice a token, and was a twentieth of the parse.
template <typename Context>
void skip(Iterator& first, Iterator const& last, Context const&) {
    static_assert(std::is_same_v<std::remove_cv_t<std::remove_reference_t<decltype(x3::get<x3::skipper_tag>(
                                     std::declval<Context const&>()))>>,
                                 blank_parser>,
                  "the move-log grammar runs with blank_parser as its skipper");
    first = lex::skip_blanks(first, last);
}

// The start every token parser shares: skip blanks, then scan the next token into `s`; false at
// the end of the line or at a comment; a lexical error (bad string, bad escape) throws.
template <typename Context>
bool next_token(Iterator& first, Iterator const& last, Context const& context, lex::Scan& s) {
    skip(first, last, context);
    if (first == last || *first == '#') return false;
    s = lex::scan_token(first, last);
    if (s.error != lex::ScanError::None) lex::throw_scan_error(s, last);
    return true;
}

// Any token, WORD or STRING.
struct token_parser : x3::parser<token_parser> {
    using attribute_type = ast::Tok;
    static bool const has_attribute = true;
    template <typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const& context, RContext&, Attribute& attr) const {
        lex::Scan s;
        if (!next_token(first, last, context, s)) return false;
        x3::traits::move_to(s.tok, attr);
        first = s.end;
        return true;
    }
};

// A location of a path: any token but a bare "->" (and, in a retreat, but a bare "off" that ends
// the line: the keyword). One scan, where !arrow >> tok would take three.
struct path_location_parser : x3::parser<path_location_parser> {
    using attribute_type = ast::Tok;
    static bool const has_attribute = true;
    bool off_is_keyword;
    constexpr explicit path_location_parser(bool off) : off_is_keyword(off) {}
    template <typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const& context, RContext&, Attribute& attr) const {
        lex::Scan s;
        if (!next_token(first, last, context, s)) return false;
        if (!s.tok.quoted) {
            const std::size_t n = static_cast<std::size_t>(s.tok.last - s.tok.first);
            if (n == 2 && s.tok.first[0] == '-' && s.tok.first[1] == '>') return false;
            if (off_is_keyword && n == 3 && lex::ascii_lower(s.tok.first[0]) == 'o' &&
                lex::ascii_lower(s.tok.first[1]) == 'f' && lex::ascii_lower(s.tok.first[2]) == 'f') {
                Iterator after = lex::skip_blanks(s.end, last);
                if (after == last || *after == '#') return false;
            }
        }
        x3::traits::move_to(s.tok, attr);
        first = s.end;
        return true;
    }
};

// A keyword inside a record ("at", "vs", "->", "off", ...): a bare WORD, case-insensitive.
// A quoted token is never a keyword.
struct keyword_parser : x3::parser<keyword_parser> {
    using attribute_type = x3::unused_type;
    static bool const has_attribute = false;
    const char* word;  // lower case
    constexpr explicit keyword_parser(const char* w) : word(w) {}
    template <typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const& context, RContext&, Attribute&) const {
        skip(first, last, context);
        Iterator p = first;
        for (const char* w = word; *w != '\0'; ++w, ++p)
            if (p == last || lex::ascii_lower(*p) != *w) return false;
        if (!lex::at_boundary(p, last)) return false;
        first = p;
        return true;
    }
};

// Steps over the record keyword(s), which the driver has already matched.
struct record_keyword_parser : x3::parser<record_keyword_parser> {
    using attribute_type = x3::unused_type;
    static bool const has_attribute = false;
    template <typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const& context, RContext&, Attribute&) const {
        skip(first, last, context);
        Iterator p = lex::word_end(first, last);
        if (p == first) return false;
        first = p;
        return true;
    }
};

// An INT (move-log.md: a WORD of decimal digits with an optional sign; a STRING may stand for
// it). A token that is not an INT fails (so "expected a number (...)" is reported where it is
// required); an INT that does not fit in 64 bits is an error.
struct int_parser : x3::parser<int_parser> {
    using attribute_type = std::int64_t;
    static bool const has_attribute = true;
    template <typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const& context, RContext&, Attribute& attr) const {
        lex::Scan s;
        if (!next_token(first, last, context, s)) return false;
        if (s.tok.escaped) return false;
        std::int64_t v = 0;
        const int r = lex::parse_int(s.tok.first, s.tok.last, v);
        if (r == 0) return false;
        if (r < 0)
            throw syntax_error(s.tok.src, "number out of range: '" + lex::excerpt(s.tok.first, s.tok.last) +
                                              "' does not fit in 64 bits");
        x3::traits::move_to(v, attr);
        first = s.end;
        return true;
    }
};

}  // namespace parsers
namespace tables {
template <typename Matcher, typename T>
bool match_lowered(Iterator b, Iterator e, Matcher const& matcher, T& value);
}
namespace parsers {

// A word from a closed list (setup mode, objective kind, support level, piece), matched
// case-insensitively with an x3::symbols table over the whole token.
template <typename T, typename Matcher>
struct closed_word_parser : x3::parser<closed_word_parser<T, Matcher>> {
    using attribute_type = T;
    static bool const has_attribute = true;
    Matcher const* table;  // symbols >> eoi, run on the lower-cased token (tables::match_lowered)
    constexpr explicit closed_word_parser(Matcher const* t) : table(t) {}
    template <typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const& context, RContext&, Attribute& attr) const {
        lex::Scan s;
        if (!next_token(first, last, context, s)) return false;
        if (s.tok.escaped) return false;
        T value{};
        if (!tables::match_lowered(s.tok.first, s.tok.last, *table, value)) return false;
        x3::traits::move_to(value, attr);
        first = s.end;
        return true;
    }
};

// `<units>` of combat, `<loc>[,<loc>...]` of objective: one token holding a list joined by ','.
// An empty element (a leading, doubled or trailing ',') is an error at that element.
struct list_word_parser : x3::parser<list_word_parser> {
    using attribute_type = ast::Tok;
    static bool const has_attribute = true;
    const char* element;  // "a unit id", "a location"
    constexpr explicit list_word_parser(const char* e) : element(e) {}
    template <typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const& context, RContext&, Attribute& attr) const {
        lex::Scan s;
        if (!next_token(first, last, context, s)) return false;
        // Escapes never produce ',', so the raw text has the same commas as the unescaped one.
        Iterator b = s.tok.first, e = s.tok.last;
        if (*b == ',') throw syntax_error(b, std::string("expected ") + element + ", found ','");
        for (Iterator q = b; q != e; ++q) {
            if (*q != ',') continue;
            if (q + 1 == e)
                throw syntax_error(e, std::string("expected ") + element + " after ',', found the end of the list");
            if (q[1] == ',') throw syntax_error(q + 1, std::string("expected ") + element + " after ',', found ','");
        }
        x3::traits::move_to(s.tok, attr);
        first = s.end;
        return true;
    }
};

// The end of a record: the end of the line, or a comment.
struct end_parser : x3::parser<end_parser> {
    using attribute_type = x3::unused_type;
    static bool const has_attribute = false;
    template <typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const& context, RContext&, Attribute&) const {
        skip(first, last, context);
        if (first != last && *first != '#') return false;
        first = last;
        return true;
    }
};

// Gives its subject a name for expectation failures ("expected <name>"), without a rule (a
// rule would hide the enclosing rule's attribute from semantic actions: _val).
template <typename Subject>
struct named_directive : x3::unary_parser<Subject, named_directive<Subject>> {
    using base_type = x3::unary_parser<Subject, named_directive<Subject>>;
    static bool const is_pass_through_unary = true;
    const char* name;
    constexpr named_directive(const char* n, Subject const& subject) : base_type(subject), name(n) {}
    template <typename Context, typename RContext, typename Attribute>
    bool parse(Iterator& first, Iterator const& last, Context const& context, RContext& rcontext, Attribute& attr) const {
        return this->subject.parse(first, last, context, rcontext, attr);
    }
};

}  // namespace parsers
}  // namespace referee::movelog

namespace boost::spirit::x3 {
template <typename Subject>
struct get_info<referee::movelog::parsers::named_directive<Subject>> {
    using result_type = std::string;
    std::string operator()(referee::movelog::parsers::named_directive<Subject> const& p) const { return p.name; }
};
template <>
struct get_info<referee::movelog::parsers::keyword_parser> {
    using result_type = std::string;
    std::string operator()(referee::movelog::parsers::keyword_parser const& p) const {
        return std::string("'") + p.word + "'";
    }
};
template <>
struct get_info<referee::movelog::parsers::path_location_parser> {
    using result_type = std::string;
    std::string operator()(referee::movelog::parsers::path_location_parser const&) const { return "a location"; }
};
template <>
struct get_info<referee::movelog::parsers::token_parser> {
    using result_type = std::string;
    std::string operator()(referee::movelog::parsers::token_parser const&) const { return "a word or a string"; }
};
template <>
struct get_info<referee::movelog::parsers::int_parser> {
    using result_type = std::string;
    std::string operator()(referee::movelog::parsers::int_parser const&) const { return "a number"; }
};
template <>
struct get_info<referee::movelog::parsers::end_parser> {
    using result_type = std::string;
    std::string operator()(referee::movelog::parsers::end_parser const&) const { return "end of line"; }
};
}  // namespace boost::spirit::x3

namespace referee::movelog {

///////////////////////////////////////////////////////////////////////////////////////////////
// Keyword tables
///////////////////////////////////////////////////////////////////////////////////////////////
namespace tables {

inline constexpr int kClaim = -1;  // "claim": the kind depends on the next word

// Record keywords: a Kind, or kClaim. Looked up once a line, so not with an x3::symbols TST
// (a chain of unpredictable branches a character) but with a small open-addressing table over
// the lower-cased word.
class RecordKeywords {
public:
    RecordKeywords() {
        const std::pair<const char*, int> words[] = {
            {"game", int(Kind::Game)},       {"tag", int(Kind::Tag)},           {"side", int(Kind::Side)},
            {"player", int(Kind::Player)},   {"param", int(Kind::Param)},       {"setup", int(Kind::Setup)},
            {"unit", int(Kind::Unit)},       {"hold", int(Kind::Hold)},         {"objective", int(Kind::Objective)},
            {"target", int(Kind::Target)},   {"turn", int(Kind::Turn)},         {"phase", int(Kind::Phase)},
            {"move", int(Kind::Move)},       {"enter", int(Kind::Enter)},       {"exit", int(Kind::Exit)},
            {"retreat", int(Kind::Retreat)}, {"advance", int(Kind::Advance)},   {"eliminate", int(Kind::Eliminate)},
            {"lose", int(Kind::Lose)},       {"combat", int(Kind::Combat)},     {"roll", int(Kind::Roll)},
            {"chat", int(Kind::Chat)},       {"support", int(Kind::Support)},   {"place", int(Kind::Place)},
            {"remove", int(Kind::Remove)},   {"casualty", int(Kind::Casualty)}, {"blockade", int(Kind::Blockade)},
            {"unblockade", int(Kind::Unblockade)}, {"card", int(Kind::Card)},   {"track", int(Kind::Track)},
            {"award", int(Kind::Award)},     {"concede", int(Kind::Concede)},   {"claim", kClaim},
            {"end", int(Kind::End)},
        };
        for (const auto& [word, value] : words) {
            Entry e;
            e.len = static_cast<std::uint8_t>(std::char_traits<char>::length(word));
            std::memcpy(e.word, word, e.len);
            e.value = value;
            std::size_t i = slot(e.word, e.len);
            while (slots_[i].len != 0) i = (i + 1) % kSlots;
            slots_[i] = e;
        }
    }
    // The keyword [b, e) (any case), or false.
    bool find(Iterator b, Iterator e, int& value) const {
        const auto n = static_cast<std::size_t>(e - b);
        if (n == 0 || n > kLongest) return false;
        char lowered[kLongest + 1] = {};
        for (std::size_t k = 0; k < n; ++k) lowered[k] = lex::ascii_lower(b[k]);
        for (std::size_t i = slot(lowered, n);; i = (i + 1) % kSlots) {
            const Entry& s = slots_[i];
            if (s.len == 0) return false;
            if (s.len == n && std::memcmp(s.word, lowered, n) == 0) {
                value = s.value;
                return true;
            }
        }
    }

private:
    static constexpr std::size_t kLongest = 15;
    static constexpr std::size_t kSlots = 128;
    struct Entry {
        char word[kLongest + 1] = {};
        std::uint8_t len = 0;
        int value = 0;
    };
    static std::size_t slot(const char* w, std::size_t n) {
        // The first, second and last characters and the length tell the keywords apart well.
        const unsigned h = static_cast<unsigned char>(w[0]) * 31u + static_cast<unsigned char>(w[n > 1 ? 1 : 0]) * 7u +
                           static_cast<unsigned char>(w[n - 1]) * 3u + static_cast<unsigned>(n) * 17u;
        return h % kSlots;
    }
    Entry slots_[kSlots];
};
inline RecordKeywords const record_keywords;

inline constexpr const char* kRecordKeywordList =
    "a record keyword (game, tag, side, player, param, setup, unit, hold, objective, target, turn, phase, "
    "move, enter, exit, retreat, advance, eliminate, lose, combat, roll, chat, support, place, remove, "
    "casualty, blockade, unblockade, card, track, award, concede, claim, end)";

inline x3::symbols<Kind> const claim_keywords{{
    {"winner", Kind::ClaimWinner}, {"draw", Kind::ClaimDraw}, {"score", Kind::ClaimScore},
}};

inline x3::symbols<bool> const setup_modes{{{"standard", false}, {"custom", true}}};

inline x3::symbols<ObjectiveKind> const objective_kinds{{
    {"temporary", ObjectiveKind::Temporary},
    {"start-turn-temporary", ObjectiveKind::StartTurnTemporary},
    {"temporary-group", ObjectiveKind::TemporaryGroup},
    {"start-turn-temporary-group", ObjectiveKind::StartTurnTemporaryGroup},
    {"majority", ObjectiveKind::Majority},
    {"permanent", ObjectiveKind::Permanent},
    {"start-turn-permanent", ObjectiveKind::StartTurnPermanent},
    {"last-to-occupy", ObjectiveKind::LastToOccupy},
}};

inline x3::symbols<SupportLevel> const support_levels{{
    {"active-support", ActiveSupport},
    {"passive-support", PassiveSupport},
    {"neutral", Neutral},
    {"passive-opposition", PassiveOpposition},
    {"active-opposition", ActiveOpposition},
}};

inline x3::symbols<Piece> const pieces{{
    {"regular", Piece::Regular}, {"tory", Piece::Tory},       {"continental", Piece::Continental},
    {"militia", Piece::Militia}, {"war-party", Piece::WarParty}, {"village", Piece::Village},
    {"fort", Piece::Fort},
}};

// Whole-word matchers over a token's text. The words are matched case-insensitively by
// lower-casing the token (ASCII) first: see match_lowered(). (x3::no_case would do the same, but
// through the C library's locale-dependent tolower, a function call per character.)
inline auto const claim_keyword_matcher = claim_keywords >> x3::eoi;
inline auto const setup_mode_matcher = setup_modes >> x3::eoi;
inline auto const objective_kind_matcher = objective_kinds >> x3::eoi;
inline auto const support_level_matcher = support_levels >> x3::eoi;
inline auto const piece_matcher = pieces >> x3::eoi;

// Matches [b, e) case-insensitively against a table of lower-case ASCII words.
template <typename Matcher, typename T>
bool match_lowered(Iterator b, Iterator e, Matcher const& matcher, T& value) {
    constexpr std::size_t kLongest = 32;  // longer than any keyword
    if (e - b > static_cast<std::ptrdiff_t>(kLongest)) return false;
    char buf[kLongest];
    std::size_t n = 0;
    for (; b != e; ++b) buf[n++] = lex::ascii_lower(*b);
    Iterator first = buf;
    return x3::parse(first, static_cast<Iterator>(buf + n), matcher, value);
}

}  // namespace tables

///////////////////////////////////////////////////////////////////////////////////////////////
// The grammar
///////////////////////////////////////////////////////////////////////////////////////////////
namespace grammar {

using x3::matches;

// A named rule inline: `as<T>("what is expected", parser)`; the name is what an expectation
// failure reports.
template <typename T, typename Parser>
auto as(char const* name, Parser const& p) {
    return x3::rule<struct as_rule, T>{name} = x3::as_parser(p);
}

inline parsers::blank_parser const skipper{};
inline parsers::token_parser const tok{};
inline parsers::int_parser const num{};
inline parsers::record_keyword_parser const keyword_{};
inline parsers::end_parser const eol{};
inline parsers::list_word_parser const unit_list{"a unit id"};
inline parsers::list_word_parser const loc_list{"a location"};

constexpr parsers::keyword_parser kw(const char* word) { return parsers::keyword_parser(word); }
template <typename Parser>
constexpr auto named(const char* name, Parser const& p) {
    return parsers::named_directive<typename x3::extension::as_parser<Parser>::value_type>(name, x3::as_parser(p));
}

template <typename T, typename Matcher>
constexpr parsers::closed_word_parser<T, Matcher> closed_word(Matcher const& m) {
    return parsers::closed_word_parser<T, Matcher>(std::addressof(m));
}
inline auto const setup_mode = closed_word<bool>(tables::setup_mode_matcher);
inline auto const objective_kind = closed_word<ObjectiveKind>(tables::objective_kind_matcher);
inline auto const support_level = closed_word<SupportLevel>(tables::support_level_matcher);
inline auto const piece = closed_word<Piece>(tables::piece_matcher);

// Operands, each named by what is expected.
auto const end_of_record = as<x3::unused_type>("end of line after the record", eol);
auto const unit_id = as<ast::Tok>("a unit id", tok);
auto const side = as<ast::Tok>("a side", tok);
auto const location = as<ast::Tok>("a location", tok);
auto const faction = as<ast::Tok>("a faction", tok);
auto const space = as<ast::Tok>("a space", tok);

// Paths: two or more locations; a bare "->" between two of them is dropped. The locations are
// pushed onto the path being built (_val) by a semantic action: X3 would otherwise append the
// tail of a sequence to a non-empty container through a temporary vector, an allocation a line.
auto const push_loc = [](auto& ctx) { x3::_val(ctx).push_back(x3::_attr(ctx)); };
auto const arrow = kw("->");
auto const path_loc = as<ast::Tok>("a location", parsers::path_location_parser(false));
auto const loc_after_arrow = as<ast::Tok>("a location after '->'", path_loc);
auto const path_step = as<ast::Tok>("a location", (arrow > loc_after_arrow) | path_loc);
struct path_class;
x3::rule<path_class, ast::Toks> const path = "a path (two or more locations)";
auto const path_def =
    path_loc[push_loc] > named("a second location of the path", path_step[push_loc]) > *path_step[push_loc];

// retreat: a bare "off" as the last token is the keyword, not a location; with it the path may
// be one location.
auto const off_at_end = kw("off") >> eol;
auto const retreat_loc = as<ast::Tok>("a location", parsers::path_location_parser(true));
auto const retreat_step = as<ast::Tok>("a location", (arrow > as<ast::Tok>("a location after '->'", retreat_loc)) | retreat_loc);
struct retreat_path_class;
x3::rule<retreat_path_class, ast::Toks> const retreat_path = "a path (two or more locations, or one and 'off')";
auto const retreat_path_def =
    retreat_loc[push_loc] >
    named("a second location of the path or 'off'", &off_at_end | retreat_step[push_loc]) >
    *retreat_step[push_loc];
BOOST_SPIRIT_DEFINE(path, retreat_path)

// unit options, in any order; at and enters at most once each (semantic actions on the
// UnitOpts being built, reached as _val). The option nodes are annotated with their position,
// so that a repeated option is reported at its keyword.
struct at_option_class : annotate_position {};
struct enters_option_class : annotate_position {};
x3::rule<at_option_class, ast::AtOpt> const at_option = "'at'";
x3::rule<enters_option_class, ast::EntersOpt> const enters_option = "'enters'";
auto const at_option_def = kw("at") > as<ast::Tok>("a location after 'at'", tok);
auto const enters_option_def = kw("enters") > as<std::int64_t>("a number (turn) after 'enters'", num) >
                               as<x3::unused_type>("'at' after 'enters <turn>'", kw("at")) >
                               as<ast::Tok>("a location after 'at'", tok);
auto const role_option = kw("role") > as<ast::Tok>("a role after 'role'", tok);

auto const set_at = [](auto& ctx) {
    ast::UnitOpts& opts = x3::_val(ctx);
    if (opts.at) throw syntax_error(x3::_attr(ctx).where, "'at' given twice: a unit has at most one 'at <loc>'");
    opts.at = x3::_attr(ctx);
};
auto const set_enters = [](auto& ctx) {
    ast::UnitOpts& opts = x3::_val(ctx);
    if (opts.enters)
        throw syntax_error(x3::_attr(ctx).where, "'enters' given twice: a unit has at most one 'enters <turn> at <loc>'");
    opts.enters = x3::_attr(ctx);
};
auto const add_role = [](auto& ctx) { x3::_val(ctx).roles.push_back(x3::_attr(ctx)); };

struct unit_options_class;
x3::rule<unit_options_class, ast::UnitOpts> const unit_options = "unit options";
auto const unit_options_def = *(at_option[set_at] | enters_option[set_enters] | role_option[add_role]);
BOOST_SPIRIT_DEFINE(at_option, enters_option, unit_options)

// objective options, likewise in any order, each at most once.
struct banners_option_class : annotate_position {};
struct held_by_option_class : annotate_position {};
x3::rule<banners_option_class, ast::BannersOpt> const banners_option = "'banners'";
x3::rule<held_by_option_class, ast::HeldByOpt> const held_by_option = "'held-by'";
auto const banners_option_def = kw("banners") > as<std::int64_t>("a number (banners) after 'banners'", num);
auto const held_by_option_def = kw("held-by") > as<ast::Tok>("a side after 'held-by'", tok);
auto const set_banners = [](auto& ctx) {
    ast::ObjectiveOpts& opts = x3::_val(ctx);
    if (opts.banners) throw syntax_error(x3::_attr(ctx).where, "'banners' given twice");
    opts.banners = x3::_attr(ctx);
};
auto const set_held_by = [](auto& ctx) {
    ast::ObjectiveOpts& opts = x3::_val(ctx);
    if (opts.held_by) throw syntax_error(x3::_attr(ctx).where, "'held-by' given twice");
    opts.held_by = x3::_attr(ctx);
};
struct objective_options_class;
x3::rule<objective_options_class, ast::ObjectiveOpts> const objective_options = "objective options";
auto const objective_options_def = *(banners_option[set_banners] | held_by_option[set_held_by]);
BOOST_SPIRIT_DEFINE(banners_option, held_by_option, objective_options)

// Die rolls, pushed onto the list being built (_val) like the locations of a path: `+num` inside
// an `as` rule filled a temporary vector, an allocation a combat.
auto const push_int = [](auto& ctx) { x3::_val(ctx).push_back(x3::_attr(ctx)); };
struct combat_rolls_class;
struct roll_values_class;
x3::rule<combat_rolls_class, ast::Ints> const combat_rolls = "'roll'";
x3::rule<roll_values_class, ast::Ints> const roll_values = "a number (die roll)";
auto const combat_rolls_def =
    -((kw("roll") > named("a number (die roll) after 'roll'", num[push_int])) >> *num[push_int]);
auto const roll_values_def = num[push_int] >> *num[push_int];
BOOST_SPIRIT_DEFINE(combat_rolls, roll_values)

// claim score pairs
auto const score_pair = as<ast::ScorePair>("a side and its score", tok > as<std::int64_t>("a number (score)", num));

///////////////////////////////////////////////////////////////////////////////////////////////
// One rule per record kind. Each starts at the record keyword.
///////////////////////////////////////////////////////////////////////////////////////////////
struct record_rule_base : error_handler_base, annotate_position {};

struct game_class : record_rule_base {};
struct tag_class : record_rule_base {};
struct side_class : record_rule_base {};
struct player_class : record_rule_base {};
struct param_class : record_rule_base {};
struct setup_class : record_rule_base {};
struct unit_class : record_rule_base {};
struct hold_class : record_rule_base {};
struct objective_class : record_rule_base {};
struct target_class : record_rule_base {};
struct turn_class : record_rule_base {};
struct phase_class : record_rule_base {};
struct path_record_class : record_rule_base {};
struct unit_loc_class : record_rule_base {};
struct retreat_class : record_rule_base {};
struct eliminate_class : record_rule_base {};
struct lose_class : record_rule_base {};
struct combat_class : record_rule_base {};
struct roll_class : record_rule_base {};
struct chat_class : record_rule_base {};
struct support_class : record_rule_base {};
struct place_class : record_rule_base {};
struct remove_class : record_rule_base {};
struct casualty_class : record_rule_base {};
struct city_class : record_rule_base {};
struct card_class : record_rule_base {};
struct track_class : record_rule_base {};
struct award_class : record_rule_base {};
struct concede_class : record_rule_base {};
struct claim_winner_class : record_rule_base {};
struct claim_draw_class : record_rule_base {};
struct claim_score_class : record_rule_base {};
struct end_class : record_rule_base {};

x3::rule<game_class, ast::OneTok> const game_record = "game";
x3::rule<tag_class, ast::TwoToks> const tag_record = "tag";
x3::rule<side_class, ast::OneTok> const side_record = "side";
x3::rule<player_class, ast::TwoToks> const player_record = "player";
x3::rule<param_class, ast::TwoToks> const param_record = "param";
x3::rule<setup_class, ast::SetupRec> const setup_record = "setup";
x3::rule<unit_class, ast::UnitRec> const unit_record = "unit";
x3::rule<hold_class, ast::TwoToks> const hold_record = "hold";
x3::rule<objective_class, ast::ObjectiveRec> const objective_record = "objective";
x3::rule<target_class, ast::TokInt> const target_record = "target";
x3::rule<turn_class, ast::TurnRec> const turn_record = "turn";
x3::rule<phase_class, ast::TokOptTok> const phase_record = "phase";
x3::rule<path_record_class, ast::PathRec> const path_record = "move/advance";
x3::rule<unit_loc_class, ast::TwoToks> const unit_loc_record = "enter/exit";
x3::rule<retreat_class, ast::RetreatRec> const retreat_record = "retreat";
x3::rule<eliminate_class, ast::OneTok> const eliminate_record = "eliminate";
x3::rule<lose_class, ast::TokInt> const lose_record = "lose";
x3::rule<combat_class, ast::CombatRec> const combat_record = "combat";
x3::rule<roll_class, ast::RollRec> const roll_record = "roll";
x3::rule<chat_class, ast::ChatRec> const chat_record = "chat";
x3::rule<support_class, ast::SupportRec> const support_record = "support";
x3::rule<place_class, ast::PlaceRec> const place_record = "place";
x3::rule<remove_class, ast::RemoveRec> const remove_record = "remove";
x3::rule<casualty_class, ast::CasualtyRec> const casualty_record = "casualty";
x3::rule<city_class, ast::OneTok> const city_record = "blockade/unblockade";
x3::rule<card_class, ast::TokOptTok> const card_record = "card";
x3::rule<track_class, ast::TokInt> const track_record = "track";
x3::rule<award_class, ast::AwardRec> const award_record = "award";
x3::rule<concede_class, ast::OneTok> const concede_record = "concede";
x3::rule<claim_winner_class, ast::TokOptTok> const claim_winner_record = "claim winner";
x3::rule<claim_draw_class, ast::NoOperands> const claim_draw_record = "claim draw";
x3::rule<claim_score_class, ast::ClaimScoreRec> const claim_score_record = "claim score";
x3::rule<end_class, ast::NoOperands> const end_record = "end";

// header
auto const game_record_def = keyword_ > as<ast::Tok>("a scenario (an id or a path) after 'game'", tok) > end_of_record;
auto const tag_record_def = keyword_ > as<ast::Tok>("a tag name", tok) > as<ast::Tok>("a tag value", tok) > end_of_record;
auto const side_record_def = keyword_ > as<ast::Tok>("a side name", tok) > end_of_record;
auto const player_record_def = keyword_ > side > as<ast::Tok>("a player name", tok) > end_of_record;
auto const param_record_def =
    keyword_ > as<ast::Tok>("a parameter name", tok) > as<ast::Tok>("a parameter value", tok) > end_of_record;
auto const setup_record_def = keyword_ > as<bool>("'standard' or 'custom'", setup_mode) > end_of_record;
auto const unit_record_def = keyword_ > unit_id > side > as<ast::Tok>("a unit type", tok) >
                             as<std::int64_t>("a number (strength)", num) > unit_options >
                             as<x3::unused_type>("'at', 'enters', 'role' or end of line", eol);
auto const hold_record_def = keyword_ > location > side > end_of_record;
auto const objective_record_def =
    keyword_ >
    as<ObjectiveKind>("an objective kind (temporary, start-turn-temporary, temporary-group, "
                      "start-turn-temporary-group, majority, permanent, start-turn-permanent, last-to-occupy)",
                      objective_kind) >
    as<ast::Tok>("a side (or 'any')", tok) > as<ast::Tok>("a location, or locations joined by ','", loc_list) >
    objective_options > as<x3::unused_type>("'banners', 'held-by' or end of line", eol);
auto const target_record_def = keyword_ > side > as<std::int64_t>("a number (banners)", num) > end_of_record;

// sequence
auto const turn_record_def = keyword_ > as<std::int64_t>("a number (turn)", num) > end_of_record;
auto const phase_record_def =
    keyword_ > as<ast::Tok>("a phase name (or a side and a phase name)", tok) > -tok > end_of_record;

// units
auto const path_record_def = keyword_ > unit_id > path > end_of_record;
auto const unit_loc_record_def = keyword_ > unit_id > location > end_of_record;
auto const retreat_record_def =
    keyword_ > unit_id > retreat_path > matches[kw("off")] > as<x3::unused_type>("end of line after 'off'", eol);
auto const eliminate_record_def = keyword_ > unit_id > end_of_record;
auto const lose_record_def = keyword_ > unit_id > as<std::int64_t>("a number (strength lost)", num) > end_of_record;
auto const combat_record_def =
    keyword_ > as<ast::Tok>("the attacking units (a unit id, or ids joined by ',')", !kw("vs") >> unit_list) >
    kw("vs") > as<ast::Tok>("the defending units after 'vs'", unit_list) >
    -(kw("odds") > as<ast::Tok>("the odds after 'odds'", tok)) >
    combat_rolls >
    -(kw("result") > as<ast::Tok>("a result after 'result'", tok)) >
    as<x3::unused_type>("'odds', 'roll', 'result' or end of line", eol);
auto const roll_record_def = keyword_ > as<ast::Tok>("the dice (such as 2d6)", tok) > roll_values > end_of_record;
auto const chat_record_def =
    keyword_ > as<ast::Tok>("the speaker", tok) > as<ast::Toks>("the chat text", +tok) > end_of_record;

// areas and tracks
auto const support_record_def =
    keyword_ > space >
    as<SupportLevel>("a support level (active-support, passive-support, neutral, passive-opposition, "
                     "active-opposition)",
                     support_level) >
    end_of_record;
auto const piece_operand =
    as<Piece>("a piece (regular, tory, continental, militia, war-party, village, fort)", piece);
auto const place_record_def =
    keyword_ > faction > piece_operand > space > -num > as<x3::unused_type>("a count or end of line", eol);
auto const remove_record_def = keyword_ > faction > piece_operand > space > -num > matches[kw("casualty")] >
                               as<x3::unused_type>("a count, 'casualty' or end of line", eol);
auto const casualty_record_def =
    keyword_ > faction > piece_operand > as<std::int64_t>("a number (count)", num) > end_of_record;
auto const city_record_def = keyword_ > as<ast::Tok>("a city", tok) > end_of_record;
auto const card_record_def = keyword_ > as<ast::Tok>("a card id", tok) > -tok >
                             as<x3::unused_type>("end of line after the title (quote a title with spaces)", eol);
auto const track_record_def =
    keyword_ > as<ast::Tok>("a track name", tok) > as<std::int64_t>("a number (track value)", num) > end_of_record;

// results and claims
auto const award_record_def = keyword_ > side > as<std::int64_t>("a number (points)", num) >
                              as<ast::Toks>("the reason", +tok) > end_of_record;
auto const concede_record_def = keyword_ > side > end_of_record;
auto const claim_keywords_ = keyword_ >> keyword_;  // "claim winner" ...
auto const claim_winner_record_def = claim_keywords_ > side > -tok > end_of_record;
auto const claim_draw_record_def = claim_keywords_ > end_of_record;
auto const claim_score_record_def = claim_keywords_ > score_pair > *score_pair > end_of_record;
auto const end_record_def = keyword_ > end_of_record;

BOOST_SPIRIT_DEFINE(game_record, tag_record, side_record, player_record, param_record, setup_record, unit_record,
                    hold_record, objective_record, target_record, turn_record, phase_record)
BOOST_SPIRIT_DEFINE(path_record, unit_loc_record, retreat_record, eliminate_record, lose_record, combat_record,
                    roll_record, chat_record)
BOOST_SPIRIT_DEFINE(support_record, place_record, remove_record, casualty_record, city_record, card_record,
                    track_record)
BOOST_SPIRIT_DEFINE(award_record, concede_record, claim_winner_record, claim_draw_record, claim_score_record,
                    end_record)

}  // namespace grammar
}  // namespace referee::movelog
