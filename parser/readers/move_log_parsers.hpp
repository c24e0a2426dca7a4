// The primitive parsers of the move-log grammar (move_log_grammar_def.hpp): the skipper, tokens,
// keywords inside a record, INTs, words from a closed list, lists joined by ',', the end of a
// record, and a directive that names its subject for "expected ..." messages. Each reads one
// token with the lexer (move_log_lexer.hpp) and steps over blanks itself.
#pragma once

#include "move_log_error_handler.hpp"
#include "move_log_keywords.hpp"
#include "move_log_lexer.hpp"

#include <boost/spirit/home/x3.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

namespace referee::movelog {
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
    if (s.error != lex::ScanError::None) throw_scan_error(s, last);
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
// required); an INT that does not fit in 64 bits, or outside the field's range [lo, hi], is an error
// that names the range (`what` is the field: "a game-turn").
struct int_parser : x3::parser<int_parser> {
    using attribute_type = std::int64_t;
    static bool const has_attribute = true;
    std::int64_t lo = INT64_MIN, hi = INT64_MAX;
    const char* what = nullptr;
    constexpr int_parser() = default;
    constexpr int_parser(std::int64_t l, std::int64_t h, const char* w) : lo(l), hi(h), what(w) {}
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
        if (v < lo || v > hi)
            throw syntax_error(s.tok.src, "number out of range: '" + lex::excerpt(s.tok.first, s.tok.last) + "' (" + what + " is " +
                                              std::to_string(lo) + " to " + std::to_string(hi) + ")");
        x3::traits::move_to(v, attr);
        first = s.end;
        return true;
    }
};

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
