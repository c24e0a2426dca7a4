// The move-log parser's lines and records (move_log_parser.hpp): each line checked, its record
// keyword read, its record kind's rule run (move_log_grammar_def.hpp) and the Record made from
// the AST handed to the sink; and the reading functions of readers.hpp for the move log.
#include "diagnostics.hpp"
#include "move_log_error_handler.hpp"
#include "move_log_grammar_def.hpp"
#include "move_log_keywords.hpp"
#include "move_log_lexer.hpp"
#include "move_log_parser.hpp"
#include "readers.hpp"
#include "record_views.hpp"
#include "utf8.hpp"

#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>
#include <utility>

namespace referee {
namespace movelog {
namespace {

// Checks that [b, e) is valid UTF-8 without control characters (tab allowed). Returns nullptr,
// or the first offending byte with a message.
Iterator check_line(Iterator b, Iterator e, std::string& message) {
    const auto* const begin = reinterpret_cast<const unsigned char*>(b);
    const auto* p = begin;
    const auto* end = reinterpret_cast<const unsigned char*>(e);
    auto hex = [](unsigned v, int digits) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "%0*X", digits, v);
        return std::string(buf);
    };
    // Eight plain ASCII characters (0x20 .. 0x7E) at q; anything else (tab included) goes the slow way.
    auto plain8 = [](const unsigned char* q) {
        constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
        std::uint64_t x;
        std::memcpy(&x, q, 8);
        const std::uint64_t below_space = (x - kOnes * 0x20) & ~x & kHigh;
        const std::uint64_t del_or_high = ((x + kOnes * (127 - 0x7E)) | x) & kHigh;
        return (below_space | del_or_high) == 0;
    };
    while (p != end) {
        while (end - p >= 8 && plain8(p)) p += 8;
        if (p == end) break;
        // Fewer than eight left, in a line of eight or more: the last eight at once (some seen
        // already), rather than one at a time.
        if (end - p < 8 && end - begin >= 8 && plain8(end - 8)) break;
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

// Called in a catch block: a failure of the reading itself (out of memory, for instance), not of a
// line's syntax (those are caught per line), ends the reading with a diagnostic at the line it
// stopped on.
void reading_failed(GameRecord& g) {
    std::string message = "cannot parse the move log";
    try {
        throw;
    } catch (const std::exception& x) {
        message += std::string(": ") + x.what();
    } catch (...) {
    }
    g.diagnose(Diagnostic{std::string(code_name(Code::Syntax)), Severity::Error, g.last_line, 1, std::move(message)});
}

}  // namespace

void Parser::run(std::string_view text) {
    Iterator p = text.data();
    Iterator const end = p + text.size();
    text_end_ = end;
    if (text.size() >= 3 && std::memcmp(p, "\xEF\xBB\xBF", 3) == 0) p += 3;
    if (keep_lists_ && names_ == nullptr) {  // a whole game's lists (read ahead: a batch's at a time)
        // Lists: a path location takes 3 bytes of text at least; most logs use far less than this.
        const auto size = static_cast<std::size_t>(end - p);
        g_.syms_arena.reserve(size / 8 + 16);
        g_.ints_arena.reserve(size / 64 + 16);
    }
    std::uint32_t line = 0;
    scan::Line scanned;
    while (p != end) {
        ++line;
        g_.last_line = line;
        Iterator line_end = end;
        bool read = false;
        try {
            Simple simple = Simple::NotRead;
            if (fast_paths_) {
                // One pass over the line finds its end, and its tokens when it is simple; a simple line
                // of a common record is read from them (move_log_scan.hpp).
                scan::read_line(p, end, scanned);
                line_end = scanned.end;
                if (scanned.simple) simple = simple_line(scanned, p, line);
            } else {
                const auto* nl = static_cast<Iterator>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
                line_end = nl != nullptr ? nl : end;
            }
            if (simple == Simple::NotRead) {
                Iterator content_end = line_end;
                if (content_end != p && content_end[-1] == '\r') --content_end;
                read = parse_line(p, content_end, line);
            } else {
                read = simple == Simple::Record;
            }
        } catch (...) {
            reading_failed(g_);
            return;
        }
        if (read) emit();  // outside the try: what the sink throws is the caller's
        p = line_end != end ? line_end + 1 : end;
    }
    g_.last_line = line;
}

inline bool Parser::parse_line(Iterator b, Iterator e, std::uint32_t line) {
    errors_.start_line(b, e, line);
    if (static_cast<std::size_t>(e - b) > kMaxRecordBytes) {  // checked first: nothing else reads it
        errors_(b, "line too long: " + std::to_string(e - b) + " bytes (a line may have at most " +
                       std::to_string(kMaxRecordBytes) + " bytes)");
        return false;
    }
    std::string message;
    if (Iterator bad = check_line(b, e, message)) {
        errors_(bad, std::move(message));
        return false;
    }
    Iterator p = lex::skip_blanks(b, e);
    if (p == e || *p == '#') return false;  // blank or comment-only

    // The record keyword.
    int keyword = 0;
    Iterator w = lex::word_end(p, e, text_end_);
    if (*p == '"' || !tables::record_keywords.find(p, w, keyword)) {
        errors_(p, std::string("expected ") + tables::kRecordKeywordList + ", found " + lex::found_at(p, e));
        return false;
    }
    Kind kind = static_cast<Kind>(keyword);
    if (keyword == tables::kClaim && (w == e || *w != '"')) {  // claim winner|draw|score
        Iterator q = lex::skip_blanks(w, e);
        if (!match_word(q, e, tables::claim_keyword_matcher, kind)) {
            errors_(q, "expected 'winner', 'draw' or 'score' after 'claim', found " + lex::found_at(q, e));
            return false;
        }
        w = lex::word_end(q, e);
    }
    if (w != e && *w == '"') {  // tag"x": tokens are separated by spaces
        errors_(w, "expected a space before the string, found " + lex::found_at(w, e));
        return false;
    }
    const std::size_t diagnostics_before = g_.diagnostic_count();
    if (dispatch(kind, p, e)) return true;
    if (g_.diagnostic_count() == diagnostics_before)
        errors_(p, "syntax error");  // not expected: every failure of a record rule is reported
    return false;
}

// Matches the bare WORD at p (case-insensitively) against an x3::symbols keyword table.
template <typename Matcher, typename T>
inline bool Parser::match_word(Iterator p, Iterator e, Matcher const& matcher, T& value) {
    if (p == e || *p == '#' || *p == '"') return false;
    return tables::match_lowered(p, lex::word_end(p, e), matcher, value);
}

template <typename Rule, typename Ast>
inline bool Parser::parse_record(Rule const& rule, Iterator p, Iterator e, Ast& ast) {
    ast::clear(ast);
    return grammar::parse(rule, p, e, errors_, ast);
}

template <typename Rule>
inline bool Parser::one_tok(Rule const& rule, Kind kind, Iterator p, Iterator e) {
    ast::OneTok& a = scratch_.one_tok;
    if (!parse_record(rule, p, e, a)) return false;
    add(kind, a.where).a = sym(a.a);  // game scenario, side, eliminate unit, blockade/unblockade city, concede side
    return true;
}
template <typename Rule>
inline bool Parser::two_toks(Rule const& rule, Kind kind, Iterator p, Iterator e) {
    ast::TwoToks& a = scratch_.two_toks;
    if (!parse_record(rule, p, e, a)) return false;
    Record& r = add(kind, a.where);
    // tag/param name value, player side name, hold location side, enter/exit unit location
    r.a = sym(a.a);
    r.b = sym(a.b);
    return true;
}
template <typename Rule>
inline bool Parser::tok_opt_tok(Rule const& rule, Kind kind, Iterator p, Iterator e) {
    ast::TokOptTok& a = scratch_.tok_opt_tok;
    if (!parse_record(rule, p, e, a)) return false;
    Record& r = add(kind, a.where);
    // card id [title], claim winner side [level]
    r.a = sym(a.a);
    if (a.b) r.b = sym(*a.b);
    return true;
}
template <typename Rule>
inline bool Parser::tok_int(Rule const& rule, Kind kind, Iterator p, Iterator e) {
    ast::TokInt& a = scratch_.tok_int;
    if (!parse_record(rule, p, e, a)) return false;
    Record& r = add(kind, a.where);
    // target side banners, lose unit strength, track name value
    r.a = sym(a.a);
    r.n = a.n;
    return true;
}
template <typename Rule>
inline bool Parser::no_operands(Rule const& rule, Kind kind, Iterator p, Iterator e) {
    ast::NoOperands& a = scratch_.no_operands;
    if (!parse_record(rule, p, e, a)) return false;
    add(kind, a.where);
    return true;
}

bool Parser::dispatch(Kind kind, Iterator p, Iterator e) {
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
            rec::setup(add(kind, a.where)).set_custom(a.custom);
            return true;
        }
        case Kind::Unit: {
            ast::UnitRec& a = scratch_.unit;
            if (!parse_record(unit_record, p, e, a)) return false;
            const auto u = rec::unit(add(kind, a.where));
            u.id() = sym(a.id);
            u.side() = sym(a.side);
            u.type() = sym(a.type);
            u.strength() = a.strength;
            if (a.opts.at) u.at() = sym(a.opts.at->loc);
            if (a.opts.enters) {
                u.enters_turn() = a.opts.enters->turn;
                u.enters_at() = sym(a.opts.enters->loc);
            }
            u.roles() = list(a.opts.roles);
            if (a.opts.ma) {  // the movement allowance, when given
                u.ma() = Span{static_cast<std::uint32_t>(g_.ints_arena.size()), 1};
                g_.ints_arena.push_back(a.opts.ma->n);
            }
            return true;
        }
        case Kind::Hold: return two_toks(hold_record, kind, p, e);
        case Kind::Objective: {
            ast::ObjectiveRec& a = scratch_.objective;
            if (!parse_record(objective_record, p, e, a)) return false;
            const auto o = rec::objective(add(kind, a.where));
            o.set_kind(a.kind);
            o.side() = sym(a.side);
            o.locations() = split_list(a.locs);
            o.banners() = a.opts.banners ? a.opts.banners->n : 1;
            if (a.opts.held_by) o.held_by() = sym(a.opts.held_by->side);
            return true;
        }
        case Kind::Target: return tok_int(target_record, kind, p, e);
        case Kind::Turn: {
            ast::TurnRec& a = scratch_.turn;
            if (!parse_record(turn_record, p, e, a)) return false;
            rec::turn(add(kind, a.where)).number() = a.n;
            return true;
        }
        case Kind::Resume: {
            ast::TurnRec& a = scratch_.turn;
            if (!parse_record(resume_record, p, e, a)) return false;
            rec::resume(add(kind, a.where)).turn() = a.n;
            return true;
        }
        case Kind::Phase: {
            ast::TokOptTok& a = scratch_.tok_opt_tok;
            if (!parse_record(phase_record, p, e, a)) return false;
            const auto ph = rec::phase(add(kind, a.where));
            if (a.b) {
                ph.side() = sym(a.a);
                ph.name() = sym(*a.b);
            } else {
                ph.name() = sym(a.a);
            }
            return true;
        }
        case Kind::Move:
        case Kind::Advance: {
            if (fast_paths_ && plain_path(kind, p, e)) return true;
            ast::PathRec& a = scratch_.path;
            if (!parse_record(path_record, p, e, a)) return false;
            const auto m = rec::move(add(kind, a.where));  // advance too
            m.unit() = sym(a.unit);
            m.path() = list(a.path);
            return true;
        }
        case Kind::Enter:
        case Kind::Exit: return two_toks(unit_loc_record, kind, p, e);
        case Kind::Retreat: {
            if (fast_paths_ && plain_retreat(p, e)) return true;
            ast::RetreatRec& a = scratch_.retreat;
            if (!parse_record(retreat_record, p, e, a)) return false;
            const auto rt = rec::retreat(add(kind, a.where));
            rt.unit() = sym(a.unit);
            rt.path() = list(a.path);
            rt.set_off(a.off);
            return true;
        }
        case Kind::Eliminate: return one_tok(eliminate_record, kind, p, e);
        case Kind::Lose: return tok_int(lose_record, kind, p, e);
        case Kind::Combat: {
            if (fast_paths_ && plain_combat(p, e)) return true;
            ast::CombatRec& a = scratch_.combat;
            if (!parse_record(combat_record, p, e, a)) return false;
            const auto c = rec::combat(add(kind, a.where));
            c.attackers() = split_list(a.attackers);
            c.defenders() = split_list(a.defenders);
            if (a.odds) c.odds() = sym(*a.odds);
            c.rolls() = ints(a.rolls);
            if (a.result) c.result() = sym(*a.result);
            return true;
        }
        case Kind::Roll: {
            ast::RollRec& a = scratch_.roll;
            if (!parse_record(roll_record, p, e, a)) return false;
            const auto ro = rec::roll(add(kind, a.where));
            ro.dice() = sym(a.dice);
            ro.values() = ints(a.values);
            return true;
        }
        case Kind::Chat: {
            ast::ChatRec& a = scratch_.chat;
            if (!parse_record(chat_record, p, e, a)) return false;
            const auto ch = rec::chat(add(kind, a.where));
            ch.speaker() = sym(a.speaker);
            ch.text() = joined(a.text);
            return true;
        }
        case Kind::Support: {
            ast::SupportRec& a = scratch_.support;
            if (!parse_record(support_record, p, e, a)) return false;
            const auto su = rec::support(add(kind, a.where));
            su.space() = sym(a.space);
            su.level() = a.level;
            return true;
        }
        case Kind::Place: {
            ast::PlaceRec& a = scratch_.place;
            if (!parse_record(place_record, p, e, a)) return false;
            const auto pl = rec::place(add(kind, a.where));
            pl.faction() = sym(a.faction);
            pl.set_piece(a.piece);
            pl.space() = sym(a.space);
            pl.count() = a.count ? *a.count : 1;
            return true;
        }
        case Kind::Remove: {
            ast::RemoveRec& a = scratch_.remove;
            if (!parse_record(remove_record, p, e, a)) return false;
            const auto rm = rec::remove(add(kind, a.where));
            rm.faction() = sym(a.faction);
            rm.set_piece(a.piece);
            rm.space() = sym(a.space);
            rm.count() = a.count ? *a.count : 1;
            rm.set_casualty(a.casualty);
            return true;
        }
        case Kind::Casualty: {
            ast::CasualtyRec& a = scratch_.casualty;
            if (!parse_record(casualty_record, p, e, a)) return false;
            const auto ca = rec::casualty(add(kind, a.where));
            ca.faction() = sym(a.faction);
            ca.set_piece(a.piece);
            ca.count() = a.count;
            return true;
        }
        case Kind::Blockade:
        case Kind::Unblockade: return one_tok(city_record, kind, p, e);
        case Kind::Card: return tok_opt_tok(card_record, kind, p, e);
        case Kind::Track: return tok_int(track_record, kind, p, e);
        case Kind::Award: {
            ast::AwardRec& a = scratch_.award;
            if (!parse_record(award_record, p, e, a)) return false;
            const auto aw = rec::award(add(kind, a.where));
            aw.side() = sym(a.side);
            aw.points() = a.n;
            aw.reason() = joined(a.reason);
            return true;
        }
        case Kind::Concede: return one_tok(concede_record, kind, p, e);
        case Kind::ClaimWinner: return tok_opt_tok(claim_winner_record, kind, p, e);
        case Kind::ClaimDraw: return no_operands(claim_draw_record, kind, p, e);
        case Kind::ClaimScore: {
            ast::ClaimScoreRec& a = scratch_.claim_score;
            if (!parse_record(claim_score_record, p, e, a)) return false;
            const auto cs = rec::claim_score(add(kind, a.where));
            cs.sides().off = static_cast<std::uint32_t>(g_.syms_arena.size());
            cs.points().off = static_cast<std::uint32_t>(g_.ints_arena.size());
            g_.syms_arena.push_back(sym(a.first.side));
            g_.ints_arena.push_back(a.first.n);
            for (const ast::ScorePair& s : a.more) {
                g_.syms_arena.push_back(sym(s.side));
                g_.ints_arena.push_back(s.n);
            }
            cs.sides().len = cs.points().len = static_cast<std::uint32_t>(1 + a.more.size());
            return true;
        }
        case Kind::End: return no_operands(end_record, kind, p, e);
    }
    return false;
}

}  // namespace movelog

void parse_move_log(std::string_view text, GameRecord& g, RecordSink& sink, bool fast_paths) {
    std::string file = std::move(g.file);
    g = GameRecord{};
    g.file = std::move(file);
    g.format = InputFormat::MoveLog;
    g.has_log = true;
    sink.begin(g);
    movelog::Parser(g, sink, fast_paths).run(text);
    sink.end(g);
}

GameRecord parse_move_log(std::string_view text, std::string file) { return parse_move_log(text, std::move(file), true); }

GameRecord parse_move_log(std::string_view text, std::string file, bool fast_paths) {
    GameRecord g;
    g.file = std::move(file);
    RecordCollector collector(g);
    try {
        parse_move_log(text, g, collector, fast_paths);
    } catch (...) {  // the collector's: no room for the records, reported as the parser's own failure
        movelog::reading_failed(g);
    }
    return g;
}

}  // namespace referee
