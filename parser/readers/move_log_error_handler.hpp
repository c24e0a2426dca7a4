// Errors of the move-log grammar, as in X3's examples (rexpr's error_handler.hpp): the handler is
// found through the parse context under error_handler_tag, and each record rule's ID derives from
// error_handler_base, which turns the grammar's exception into a Diagnostic of the line with its
// column. What each error says:
//   - a missing or malformed operand: every operand is a named rule joined with `>`, so the
//     x3::expectation_failure's which() is what was expected there ("a location after 'at'");
//   - what no alternative can accept (a bad string, a number out of range, an empty list element,
//     a repeated unit option): the primitive parsers and semantic actions throw syntax_error, an
//     expectation_failure carrying the whole message.
#pragma once

#include "diagnostics.hpp"
#include "move_log_lexer.hpp"
#include "record.hpp"

#include <boost/spirit/home/x3.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace referee::movelog {

namespace x3 = boost::spirit::x3;

// An error whose message is complete in itself (which() is the message, not "what was expected").
struct syntax_error : x3::expectation_failure<Iterator> {
    syntax_error(Iterator where, std::string const& message) : x3::expectation_failure<Iterator>(where, message) {}
};

// The error of a token that lex::scan_token could not read (s.error != None).
[[noreturn]] inline void throw_scan_error(lex::Scan const& s, Iterator end) {
    switch (s.error) {
        case lex::ScanError::Unterminated:
            throw syntax_error(s.tok.src, "unterminated string");
        case lex::ScanError::BadEscape: {
            Iterator e = s.error_at + 2;  // the backslash and the first byte after it
            while (e != end && (static_cast<unsigned char>(*e) & 0xC0) == 0x80) ++e;
            throw syntax_error(s.tok.src, "bad escape '" + std::string(s.error_at, e) +
                                              "' in a string: only \\\" and \\\\ are allowed");
        }
        case lex::ScanError::EmptyString:
            throw syntax_error(s.tok.src, "expected a non-empty string, found '\"\"'");
        case lex::ScanError::NoSpaceBefore:
            throw syntax_error(s.error_at,
                               "expected a space before the string, found " + lex::found_at(s.error_at, end));
        case lex::ScanError::NoSpaceAfter:
            throw syntax_error(s.error_at,
                               "expected a space after the string, found " + lex::found_at(s.error_at, end));
        case lex::ScanError::None:
            break;
    }
    throw syntax_error(s.tok.src, "syntax error");
}

struct error_handler_tag;

// Reports syntax errors of the current line as Diagnostics with 1-based line and column
// (characters). The driver points it at each line before parsing it.
class line_error_handler {
public:
    explicit line_error_handler(GameRecord& out) : out_(out) {}

    void start_line(Iterator begin, Iterator end, std::uint32_t line) {
        begin_ = begin;
        end_ = end;
        line_ = line;
    }
    std::uint32_t line() const { return line_; }
    std::uint32_t column(Iterator where) const { return lex::count_chars(begin_, where) + 1; }

    void operator()(Iterator where, std::string message) const {
        out_.diagnose(Diagnostic{std::string(code_name(Code::Syntax)), Severity::Error, line_, column(where), std::move(message)});
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
    GameRecord& out_;
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

}  // namespace referee::movelog
