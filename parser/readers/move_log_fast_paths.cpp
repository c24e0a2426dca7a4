// The move-log parser's fast paths (move_log_parser.hpp) for the plain forms of the commonest records
// (move and advance, retreat, combat: most of a hex game's records). A plain form has only bare WORDs (no
// STRING), so the tokens are read with the grammar's own lexer straight into the Record, at a
// fraction of the cost of the X3 rule, and make the same Record, interned in the same order.
// Anything else (a STRING, an arrow, an unexpected word, a lexical error, more than kPlainTokens
// tokens) returns false with nothing done, and the grammar reads the line and reports what is wrong.
// tests/parser/readers/test_move_log.cpp (PlainFastPaths) compares the two on every sample and on
// random lines, and so does the fuzz target fuzz_move_log (fuzz/targets.hpp).
#include "move_log_ast.hpp"
#include "move_log_lexer.hpp"
#include "move_log_parser.hpp"
#include "move_log_scan.hpp"
#include "record_views.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace referee::movelog {
namespace {

constexpr std::size_t kPlainTokens = 24;
static_assert(scan::kMaxTokens == kPlainTokens + 1, "a simple line's tokens: the record keyword and kPlainTokens operands");

struct PlainTokenStore {
    Iterator first[kPlainTokens], last[kPlainTokens];
    std::size_t n = 0;
    PlainTokens view() const { return PlainTokens{first, last, n}; }
};
// The tokens after the record keyword at p, if all are bare WORDs (`readable`: the text's end).
inline bool plain_tokens(Iterator p, Iterator e, Iterator readable, PlainTokenStore& t) {
    for (Iterator q = lex::word_end(p, e, readable);;) {
        q = lex::skip_blanks(q, e);
        if (q == e || *q == '#') return true;
        if (*q == '"' || t.n == kPlainTokens) return false;
        Iterator w = lex::word_end(q, e, readable);
        if (w != e && *w == '"') return false;
        t.first[t.n] = q;
        t.last[t.n] = w;
        ++t.n;
        q = w;
    }
}

// A unit list of combat: no empty element (a byte at a time: the lists are short, and a call of
// memchr for each was a third of reading a combat).
inline bool plain_unit_list(std::string_view w) {
    if (w.empty() || w.front() == ',' || w.back() == ',') return false;
    for (std::size_t i = 1; i < w.size(); ++i)
        if (w[i] == ',' && w[i - 1] == ',') return false;
    return true;
}

}  // namespace

// move|advance <unit> <loc> <loc>...: no "->" anywhere (path_record drops the arrows and
// checks where they stand).
bool Parser::plain_path(Kind kind, Iterator p, Iterator e) {
    PlainTokenStore t;
    return plain_tokens(p, e, text_end_, t) && path_from(kind, p, t.view());
}
inline bool Parser::path_from(Kind kind, Iterator p, const PlainTokens& t) {
    if (t.n < 3) return false;
    for (std::size_t i = 0; i < t.n; ++i)
        if (t.arrow(i)) return false;
    const auto m = rec::move(add(kind, p));  // advance too
    m.unit() = intern(t[0]);
    m.path() = Span{static_cast<std::uint32_t>(g_.syms_arena.size()), static_cast<std::uint32_t>(t.n - 1)};
    for (std::size_t i = 1; i < t.n; ++i) g_.syms_arena.push_back(intern(t[i]));
    return true;
}

// retreat <unit> <loc>... [off], as retreat_record: no "->" anywhere; a last token "off" (any
// case) is the keyword, and then one location is enough; "off" elsewhere is a location.
bool Parser::plain_retreat(Iterator p, Iterator e) {
    PlainTokenStore t;
    return plain_tokens(p, e, text_end_, t) && retreat_from(p, t.view());
}
inline bool Parser::retreat_from(Iterator p, const PlainTokens& t) {
    if (t.n < 3) return false;
    for (std::size_t i = 0; i < t.n; ++i)
        if (t.arrow(i)) return false;
    const bool off = t.is(t.n - 1, "off");
    const std::size_t last = off ? t.n - 1 : t.n;  // the locations: t[1, last), one at least (t.n >= 3)
    const auto rt = rec::retreat(add(Kind::Retreat, p));
    rt.unit() = intern(t[0]);
    rt.path() = Span{static_cast<std::uint32_t>(g_.syms_arena.size()), static_cast<std::uint32_t>(last - 1)};
    for (std::size_t i = 1; i < last; ++i) g_.syms_arena.push_back(intern(t[i]));
    rt.set_off(off);
    return true;
}

// combat <units> vs <units> [odds <x>] [roll <n>...] [result <r>], as combat_record: the unit
// lists without an empty element, the options in this order, each value any word (a roll an
// INT that fits in 64 bits).
bool Parser::plain_combat(Iterator p, Iterator e) {
    PlainTokenStore t;
    return plain_tokens(p, e, text_end_, t) && combat_from(p, t.view());
}
inline bool Parser::combat_from(Iterator p, const PlainTokens& t) {
    if (t.n < 3) return false;
    if (t.is(0, "vs") || !plain_unit_list(t[0]) || !t.is(1, "vs") || !plain_unit_list(t[2])) return false;
    std::size_t i = 3;
    std::size_t odds = 0, result = 0;  // token indexes; 0: absent
    if (i < t.n && t.is(i, "odds")) {
        if (i + 1 == t.n) return false;
        odds = i + 1;
        i += 2;
    }
    std::int64_t rolls[kPlainTokens];
    std::size_t nrolls = 0;
    if (i < t.n && t.is(i, "roll")) {
        for (++i; i < t.n && lex::parse_int(t.first[i], t.last[i], rolls[nrolls]) == 1; ++i) ++nrolls;
        if (nrolls == 0) return false;
    }
    if (i < t.n && t.is(i, "result")) {
        if (i + 1 == t.n) return false;
        result = i + 1;
        i += 2;
    }
    if (i != t.n) return false;
    const auto c = rec::combat(add(Kind::Combat, p));
    c.attackers() = split_list(t.tok(0));
    c.defenders() = split_list(t.tok(2));
    if (odds != 0) c.odds() = intern(t[odds]);
    c.rolls() = Span{static_cast<std::uint32_t>(g_.ints_arena.size()), static_cast<std::uint32_t>(nrolls)};
    g_.ints_arena.insert(g_.ints_arena.end(), rolls, rolls + nrolls);
    if (result != 0) c.result() = intern(t[result]);
    return true;
}

// A simple line (move_log_scan.hpp) of a move, advance, retreat or combat in lower case: read from
// the tokens the scan found, as the plain forms above read them. Anything else goes to the grammar.
Parser::Simple Parser::simple_line(const scan::Line& l, Iterator b, std::uint32_t line) {
    if (l.n == 0) return Simple::Blank;  // spaces alone
    if (l.n > scan::kMaxTokens || static_cast<std::size_t>(l.end - b) > kMaxRecordBytes) return Simple::NotRead;
    const Iterator k = l.first[0];
    const std::size_t len = static_cast<std::size_t>(l.last[0] - k);
    const PlainTokens t{l.first + 1, l.last + 1, l.n - 1};
    errors_.start_line(b, l.end, line);
    bool read = false;
    if (len == 4 && std::memcmp(k, "move", 4) == 0) read = path_from(Kind::Move, k, t);
    else if (len == 6 && std::memcmp(k, "combat", 6) == 0) read = combat_from(k, t);
    else if (len == 7 && std::memcmp(k, "retreat", 7) == 0) read = retreat_from(k, t);
    else if (len == 7 && std::memcmp(k, "advance", 7) == 0) read = path_from(Kind::Advance, k, t);
    return read ? Simple::Record : Simple::NotRead;
}

}  // namespace referee::movelog
