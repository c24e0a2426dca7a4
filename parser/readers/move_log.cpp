// The move-log parser (move-log.md): splits the text into lines, checks each line's encoding,
// reads the record keyword, runs that record's Spirit X3 rule (move_log_grammar.hpp) and turns
// the AST into a Record, interning its tokens into the GameRecord. The plain forms of move,
// advance and combat (only bare words, the commonest records) are read from their tokens directly,
// making the same Record; every other line, and every error, goes through the grammar.
#include "move_log_error_handler.hpp"
#include "move_log_grammar_def.hpp"
#include "move_log_keywords.hpp"
#include "move_log_lexer.hpp"
#include "readers.hpp"
#include "utf8.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>

namespace referee {
namespace movelog {
namespace {

// Checks that [b, e) is valid UTF-8 without control characters (tab allowed). Returns nullptr,
// or the first offending byte with a message.
Iterator check_line(Iterator b, Iterator e, std::string& message) {
    const auto* p = reinterpret_cast<const unsigned char*>(b);
    const auto* end = reinterpret_cast<const unsigned char*>(e);
    auto hex = [](unsigned v, int digits) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "%0*X", digits, v);
        return std::string(buf);
    };
    while (p != end) {
        // Eight plain ASCII characters (0x20 .. 0x7E) at a time; anything else (tab included)
        // goes the slow way.
        constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
        while (end - p >= 8) {
            std::uint64_t x;
            std::memcpy(&x, p, 8);
            const std::uint64_t below_space = (x - kOnes * 0x20) & ~x & kHigh;
            const std::uint64_t del_or_high = ((x + kOnes * (127 - 0x7E)) | x) & kHigh;
            if ((below_space | del_or_high) != 0) break;
            p += 8;
        }
        if (p == end) break;
        const unsigned c = *p;
        if (c >= 0x20 && c < 0x7F) {
            ++p;
            continue;
        }
        if (c == '\t') {
            ++p;
            continue;
        }
        if (c < 0x80) {
            message = "control character U+" + hex(c, 4) + " is not allowed";
            return reinterpret_cast<Iterator>(p);
        }
        const std::size_t len = utf8_sequence(p, static_cast<std::size_t>(end - p));
        if (len == 0) {
            message = "invalid UTF-8: byte 0x" + hex(c, 2);
            return reinterpret_cast<Iterator>(p);
        }
        if (c == 0xC2 && p[1] < 0xA0) {  // U+0080 .. U+009F
            message = "control character U+" + hex(p[1], 4) + " is not allowed";
            return reinterpret_cast<Iterator>(p);
        }
        p += len;
    }
    return nullptr;
}

// An upper bound on the records of [p, end): its lines.
std::size_t count_lines(Iterator p, Iterator end) {
    std::size_t n = 1;
    while (const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p))) {
        ++n;
        p = static_cast<Iterator>(nl) + 1;
    }
    return n;
}

class Parser {
public:
    Parser(GameRecord& g, bool fast_paths) : g_(g), errors_(g.diagnostics), fast_paths_(fast_paths) {}

    void run(std::string_view text) {
        Iterator p = text.data();
        Iterator const end = p + text.size();
        if (text.size() >= 3 && std::memcmp(p, "\xEF\xBB\xBF", 3) == 0) p += 3;
        // Room for a record a line, within reason (a file of blank lines needs none).
        const auto size = static_cast<std::size_t>(end - p);
        g_.records.reserve(std::min(count_lines(p, end), size / 16 + 16));
        // Lists: a path location takes 3 bytes of text at least; most logs use far less than this.
        g_.syms_arena.reserve(size / 8 + 16);
        g_.ints_arena.reserve(size / 64 + 16);
        std::uint32_t line = 0;
        while (p != end) {
            const auto* nl = static_cast<Iterator>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
            Iterator line_end = nl != nullptr ? nl : end;
            ++line;
            Iterator content_end = line_end;
            if (content_end != p && content_end[-1] == '\r') --content_end;
            g_.last_line = line;
            parse_line(p, content_end, line);
            p = nl != nullptr ? nl + 1 : end;
        }
        g_.last_line = line;
    }

private:
    void parse_line(Iterator b, Iterator e, std::uint32_t line) {
        errors_.start_line(b, e, line);
        if (static_cast<std::size_t>(e - b) > kMaxRecordBytes) {  // checked first: nothing else reads it
            errors_(b, "line too long: " + std::to_string(e - b) + " bytes (a line may have at most " +
                           std::to_string(kMaxRecordBytes) + " bytes)");
            return;
        }
        std::string message;
        if (Iterator bad = check_line(b, e, message)) {
            errors_(bad, std::move(message));
            return;
        }
        Iterator p = lex::skip_blanks(b, e);
        if (p == e || *p == '#') return;  // blank or comment-only

        // The record keyword.
        int keyword = 0;
        if (*p == '"' || !tables::record_keywords.find(p, lex::word_end(p, e), keyword)) {
            errors_(p, std::string("expected ") + tables::kRecordKeywordList + ", found " + lex::found_at(p, e));
            return;
        }
        Kind kind = static_cast<Kind>(keyword);
        Iterator w = lex::word_end(p, e);
        if (keyword == tables::kClaim && (w == e || *w != '"')) {  // claim winner|draw|score
            Iterator q = lex::skip_blanks(w, e);
            if (!match_word(q, e, tables::claim_keyword_matcher, kind)) {
                errors_(q, "expected 'winner', 'draw' or 'score' after 'claim', found " + lex::found_at(q, e));
                return;
            }
            w = lex::word_end(q, e);
        }
        if (w != e && *w == '"') {  // tag"x": tokens are separated by spaces
            errors_(w, "expected a space before the string, found " + lex::found_at(w, e));
            return;
        }
        const std::size_t diagnostics_before = g_.diagnostics.size();
        if (!dispatch(kind, p, e) && g_.diagnostics.size() == diagnostics_before)
            errors_(p, "syntax error");  // not expected: every failure of a record rule is reported
    }

    // Matches the bare WORD at p (case-insensitively) against an x3::symbols keyword table.
    template <typename Matcher, typename T>
    bool match_word(Iterator p, Iterator e, Matcher const& matcher, T& value) {
        if (p == e || *p == '#' || *p == '"') return false;
        return tables::match_lowered(p, lex::word_end(p, e), matcher, value);
    }

    template <typename Rule, typename Ast>
    bool parse_record(Rule const& rule, Iterator p, Iterator e, Ast& ast) {
        ast::clear(ast);
        return grammar::parse(rule, p, e, errors_, ast);
    }

    bool dispatch(Kind kind, Iterator p, Iterator e) {
        using namespace grammar;
        switch (kind) {
            case Kind::Game: return one_tok(game_record, kind, p, e);
            case Kind::Tag: return two_toks(tag_record, kind, p, e);
            case Kind::Side: return one_tok(side_record, kind, p, e);
            case Kind::Player: return two_toks(player_record, kind, p, e);
            case Kind::Param: return two_toks(param_record, kind, p, e);
            case Kind::Setup: {
                ast::SetupRec& a = scratch_.setup;
                if (!parse_record(setup_record, p, e, a)) return false;
                Record& r = add(kind, a.where);
                r.flags = a.custom ? kFlagCustom : 0;
                return true;
            }
            case Kind::Unit: {
                ast::UnitRec& a = scratch_.unit;
                if (!parse_record(unit_record, p, e, a)) return false;
                Record& r = add(kind, a.where);
                r.a = sym(a.id);
                r.b = sym(a.side);
                r.c = sym(a.type);
                r.n = a.strength;
                if (a.opts.at) r.d = sym(a.opts.at->loc);
                if (a.opts.enters) {
                    r.m = a.opts.enters->turn;
                    r.e = sym(a.opts.enters->loc);
                }
                r.list = list(a.opts.roles);
                return true;
            }
            case Kind::Hold: return two_toks(hold_record, kind, p, e);
            case Kind::Objective: {
                ast::ObjectiveRec& a = scratch_.objective;
                if (!parse_record(objective_record, p, e, a)) return false;
                Record& r = add(kind, a.where);
                r.n = static_cast<std::int64_t>(a.kind);
                r.a = sym(a.side);
                r.list = split_list(a.locs);
                r.m = a.opts.banners ? a.opts.banners->n : 1;
                if (a.opts.held_by) r.b = sym(a.opts.held_by->side);
                return true;
            }
            case Kind::Target: return tok_int(target_record, kind, p, e);
            case Kind::Turn: {
                ast::TurnRec& a = scratch_.turn;
                if (!parse_record(turn_record, p, e, a)) return false;
                add(kind, a.where).n = a.n;
                return true;
            }
            case Kind::Phase: {
                ast::TokOptTok& a = scratch_.tok_opt_tok;
                if (!parse_record(phase_record, p, e, a)) return false;
                Record& r = add(kind, a.where);
                if (a.b) {
                    r.a = sym(a.a);
                    r.b = sym(*a.b);
                } else {
                    r.b = sym(a.a);
                }
                return true;
            }
            case Kind::Move:
            case Kind::Advance: {
                if (fast_paths_ && plain_path(kind, p, e)) return true;
                ast::PathRec& a = scratch_.path;
                if (!parse_record(path_record, p, e, a)) return false;
                Record& r = add(kind, a.where);
                r.a = sym(a.unit);
                r.list = list(a.path);
                return true;
            }
            case Kind::Enter:
            case Kind::Exit: return two_toks(unit_loc_record, kind, p, e);
            case Kind::Retreat: {
                ast::RetreatRec& a = scratch_.retreat;
                if (!parse_record(retreat_record, p, e, a)) return false;
                Record& r = add(kind, a.where);
                r.a = sym(a.unit);
                r.list = list(a.path);
                r.flags = a.off ? kFlagOff : 0;
                return true;
            }
            case Kind::Eliminate: return one_tok(eliminate_record, kind, p, e);
            case Kind::Lose: return tok_int(lose_record, kind, p, e);
            case Kind::Combat: {
                if (fast_paths_ && plain_combat(p, e)) return true;
                ast::CombatRec& a = scratch_.combat;
                if (!parse_record(combat_record, p, e, a)) return false;
                Record& r = add(kind, a.where);
                r.list = split_list(a.attackers);
                r.list2 = split_list(a.defenders);
                if (a.odds) r.a = sym(*a.odds);
                r.ints = ints(a.rolls);
                if (a.result) r.b = sym(*a.result);
                return true;
            }
            case Kind::Roll: {
                ast::RollRec& a = scratch_.roll;
                if (!parse_record(roll_record, p, e, a)) return false;
                Record& r = add(kind, a.where);
                r.a = sym(a.dice);
                r.ints = ints(a.values);
                return true;
            }
            case Kind::Chat: {
                ast::ChatRec& a = scratch_.chat;
                if (!parse_record(chat_record, p, e, a)) return false;
                Record& r = add(kind, a.where);
                r.a = sym(a.speaker);
                r.b = joined(a.text);
                return true;
            }
            case Kind::Support: {
                ast::SupportRec& a = scratch_.support;
                if (!parse_record(support_record, p, e, a)) return false;
                Record& r = add(kind, a.where);
                r.a = sym(a.space);
                r.n = a.level;
                return true;
            }
            case Kind::Place: {
                ast::PlaceRec& a = scratch_.place;
                if (!parse_record(place_record, p, e, a)) return false;
                Record& r = add(kind, a.where);
                r.a = sym(a.faction);
                r.n = static_cast<std::int64_t>(a.piece);
                r.b = sym(a.space);
                r.m = a.count ? *a.count : 1;
                return true;
            }
            case Kind::Remove: {
                ast::RemoveRec& a = scratch_.remove;
                if (!parse_record(remove_record, p, e, a)) return false;
                Record& r = add(kind, a.where);
                r.a = sym(a.faction);
                r.n = static_cast<std::int64_t>(a.piece);
                r.b = sym(a.space);
                r.m = a.count ? *a.count : 1;
                r.flags = a.casualty ? kFlagCasualty : 0;
                return true;
            }
            case Kind::Casualty: {
                ast::CasualtyRec& a = scratch_.casualty;
                if (!parse_record(casualty_record, p, e, a)) return false;
                Record& r = add(kind, a.where);
                r.a = sym(a.faction);
                r.n = static_cast<std::int64_t>(a.piece);
                r.m = a.count;
                return true;
            }
            case Kind::Blockade:
            case Kind::Unblockade: return one_tok(city_record, kind, p, e);
            case Kind::Card: return tok_opt_tok(card_record, kind, p, e);
            case Kind::Track: return tok_int(track_record, kind, p, e);
            case Kind::Award: {
                ast::AwardRec& a = scratch_.award;
                if (!parse_record(award_record, p, e, a)) return false;
                Record& r = add(kind, a.where);
                r.a = sym(a.side);
                r.n = a.n;
                r.b = joined(a.reason);
                return true;
            }
            case Kind::Concede: return one_tok(concede_record, kind, p, e);
            case Kind::ClaimWinner: return tok_opt_tok(claim_winner_record, kind, p, e);
            case Kind::ClaimDraw: return no_operands(claim_draw_record, kind, p, e);
            case Kind::ClaimScore: {
                ast::ClaimScoreRec& a = scratch_.claim_score;
                if (!parse_record(claim_score_record, p, e, a)) return false;
                Record& r = add(kind, a.where);
                r.list.off = static_cast<std::uint32_t>(g_.syms_arena.size());
                r.ints.off = static_cast<std::uint32_t>(g_.ints_arena.size());
                g_.syms_arena.push_back(sym(a.first.side));
                g_.ints_arena.push_back(a.first.n);
                for (const ast::ScorePair& s : a.more) {
                    g_.syms_arena.push_back(sym(s.side));
                    g_.ints_arena.push_back(s.n);
                }
                r.list.len = r.ints.len = static_cast<std::uint32_t>(1 + a.more.size());
                return true;
            }
            case Kind::End: return no_operands(end_record, kind, p, e);
        }
        return false;
    }

    // Fast paths for the plain forms of the commonest records (move and advance, combat: most of a
    // hex game's records). A plain form has only bare WORDs (no STRING), so the tokens are read
    // with the grammar's own lexer straight into the Record, at a fraction of the cost of the X3
    // rule, and make the same Record, interned in the same order. Anything else (a STRING, an
    // arrow, an unexpected word, a lexical error, more than kPlainTokens tokens) returns false
    // with nothing done, and the grammar reads the line and reports what is wrong.
    // tests/parser/readers/test_move_log.cpp (PlainFastPaths) compares the two on every sample and random lines.
    static constexpr std::size_t kPlainTokens = 24;
    struct PlainTokens {
        Iterator first[kPlainTokens], last[kPlainTokens];
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
        // A bare WORD equal to `word` (lower case) whatever its case, as keyword_parser matches.
        bool is(std::size_t i, std::string_view word) const {
            const std::string_view w = (*this)[i];
            if (w.size() != word.size()) return false;
            for (std::size_t k = 0; k < w.size(); ++k)
                if (lex::ascii_lower(w[k]) != word[k]) return false;
            return true;
        }
    };
    // The tokens after the record keyword at p, if all are bare WORDs.
    static bool plain_tokens(Iterator p, Iterator e, PlainTokens& t) {
        for (Iterator q = lex::word_end(p, e);;) {
            q = lex::skip_blanks(q, e);
            if (q == e || *q == '#') return true;
            if (*q == '"' || t.n == kPlainTokens) return false;
            Iterator w = lex::word_end(q, e);
            if (w != e && *w == '"') return false;
            t.first[t.n] = q;
            t.last[t.n] = w;
            ++t.n;
            q = w;
        }
    }

    // move|advance <unit> <loc> <loc>...: no "->" anywhere (path_record drops the arrows and
    // checks where they stand).
    bool plain_path(Kind kind, Iterator p, Iterator e) {
        PlainTokens t;
        if (!plain_tokens(p, e, t) || t.n < 3) return false;
        for (std::size_t i = 0; i < t.n; ++i)
            if (t[i] == "->") return false;
        Record& r = add(kind, p);
        r.a = intern(t[0]);
        r.list = Span{static_cast<std::uint32_t>(g_.syms_arena.size()), static_cast<std::uint32_t>(t.n - 1)};
        for (std::size_t i = 1; i < t.n; ++i) g_.syms_arena.push_back(intern(t[i]));
        return true;
    }

    // combat <units> vs <units> [odds <x>] [roll <n>...] [result <r>], as combat_record: the unit
    // lists without an empty element, the options in this order, each value any word (a roll an
    // INT that fits in 64 bits).
    static bool plain_unit_list(std::string_view w) {
        return !w.empty() && w.front() != ',' && w.back() != ',' && w.find(",,") == std::string_view::npos;
    }
    bool plain_combat(Iterator p, Iterator e) {
        PlainTokens t;
        if (!plain_tokens(p, e, t) || t.n < 3) return false;
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
        Record& r = add(Kind::Combat, p);
        r.list = split_list(t.tok(0));
        r.list2 = split_list(t.tok(2));
        if (odds != 0) r.a = intern(t[odds]);
        r.ints = Span{static_cast<std::uint32_t>(g_.ints_arena.size()), static_cast<std::uint32_t>(nrolls)};
        g_.ints_arena.insert(g_.ints_arena.end(), rolls, rolls + nrolls);
        if (result != 0) r.b = intern(t[result]);
        return true;
    }

    // Records of the common shapes.
    template <typename Rule>
    bool one_tok(Rule const& rule, Kind kind, Iterator p, Iterator e) {
        ast::OneTok& a = scratch_.one_tok;
        if (!parse_record(rule, p, e, a)) return false;
        add(kind, a.where).a = sym(a.a);
        return true;
    }
    template <typename Rule>
    bool two_toks(Rule const& rule, Kind kind, Iterator p, Iterator e) {
        ast::TwoToks& a = scratch_.two_toks;
        if (!parse_record(rule, p, e, a)) return false;
        Record& r = add(kind, a.where);
        r.a = sym(a.a);
        r.b = sym(a.b);
        return true;
    }
    template <typename Rule>
    bool tok_opt_tok(Rule const& rule, Kind kind, Iterator p, Iterator e) {
        ast::TokOptTok& a = scratch_.tok_opt_tok;
        if (!parse_record(rule, p, e, a)) return false;
        Record& r = add(kind, a.where);
        r.a = sym(a.a);
        if (a.b) r.b = sym(*a.b);
        return true;
    }
    template <typename Rule>
    bool tok_int(Rule const& rule, Kind kind, Iterator p, Iterator e) {
        ast::TokInt& a = scratch_.tok_int;
        if (!parse_record(rule, p, e, a)) return false;
        Record& r = add(kind, a.where);
        r.a = sym(a.a);
        r.n = a.n;
        return true;
    }
    template <typename Rule>
    bool no_operands(Rule const& rule, Kind kind, Iterator p, Iterator e) {
        ast::NoOperands& a = scratch_.no_operands;
        if (!parse_record(rule, p, e, a)) return false;
        add(kind, a.where);
        return true;
    }

    Record& add(Kind kind, Iterator where) {
        Record& r = g_.records.emplace_back();
        r.kind = kind;
        r.line = errors_.line();
        r.col = errors_.column(where);
        return r;
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

    Sym intern(std::string_view s) { return g_.symbols.intern(s); }

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
    line_error_handler errors_;
    bool fast_paths_;
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

}  // namespace
}  // namespace movelog

GameRecord parse_move_log(std::string_view text, std::string file) { return parse_move_log(text, std::move(file), true); }

GameRecord parse_move_log(std::string_view text, std::string file, bool fast_paths) {
    GameRecord g;
    g.file = std::move(file);
    g.format = InputFormat::MoveLog;
    g.has_log = true;
    try {
        movelog::Parser parser(g, fast_paths);
        parser.run(text);
    } catch (const std::exception& x) {
        // Not expected (syntax errors are caught per line); out of memory, for instance.
        g.diagnostics.push_back(Diagnostic{"syntax", Severity::Error, g.last_line, 1,
                                           std::string("cannot parse the move log: ") + x.what()});
    } catch (...) {
        g.diagnostics.push_back(Diagnostic{"syntax", Severity::Error, g.last_line, 1, "cannot parse the move log"});
    }
    return g;
}

}  // namespace referee
