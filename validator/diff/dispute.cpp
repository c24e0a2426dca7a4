// The comparison of two copies (dispute.hpp): each copy checked once as `referee check` checks it,
// what is compared of its records taken in the same reading; aligned; what differs named; then each
// copy's text replayed again only as far as the first divergence, for its position there.
#include "dispute.hpp"

#include "align.hpp"
#include "check.hpp"
#include "positions.hpp"
#include "readers.hpp"
#include "record_views.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <exception>
#include <map>
#include <set>
#include <string_view>
#include <thread>

namespace referee::diff {

namespace {

// One copy: what is compared of its records, and its names (its GameRecord holds them, and the
// lists of the few records decoded again; not its records).
struct Copy {
    const CopyInput* in = nullptr;
    GameRecord game;
    Compared compared;
    bool steps() const { return !in->step_of_line.empty(); }
    std::optional<std::uint32_t> step_of(std::uint32_t line) const {
        if (!steps() || line == 0 || line > in->step_of_line.size()) return std::nullopt;
        return in->step_of_line[line - 1];
    }
    std::uint32_t line_at(std::uint32_t pos) const { return compared.line(pos); }
};

// The text of each of `lines` (1-based, any order) in one pass over `text`: the line as written,
// a comment (from a '#' outside double quotes) and the white space around it left out.
std::map<std::uint32_t, std::string> lines_of(std::string_view text, std::vector<std::uint32_t> lines) {
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
    std::map<std::uint32_t, std::string> out;
    std::uint32_t line = 1;
    std::size_t at = 0;
    for (std::uint32_t want : lines) {
        while (line < want && at < text.size()) {
            const void* nl = std::memchr(text.data() + at, '\n', text.size() - at);
            if (!nl) {
                at = text.size();
                break;
            }
            at = static_cast<std::size_t>(static_cast<const char*>(nl) - text.data()) + 1;
            ++line;
        }
        if (line != want) break;
        std::size_t end = text.find('\n', at);
        if (end == std::string_view::npos) end = text.size();
        std::string_view l = text.substr(at, end - at);
        bool quoted = false;
        for (std::size_t k = 0; k < l.size(); ++k) {
            if (l[k] == '"') quoted = !quoted;
            else if (l[k] == '#' && !quoted) {
                l = l.substr(0, k);
                break;
            }
        }
        while (!l.empty() && (l.back() == ' ' || l.back() == '\t' || l.back() == '\r')) l.remove_suffix(1);
        while (!l.empty() && (l.front() == ' ' || l.front() == '\t')) l.remove_prefix(1);
        out.emplace(want, std::string(l));
    }
    return out;
}

// Room for a copy's compared records, by the length of its text: a record is a line of 8 bytes or
// more, and a word of its content at least 3 bytes of its line (a name and the space before it);
// at most kMaxRoom records (room not used is not touched, and a copy past it grows as it must).
constexpr std::size_t kMaxRoom = std::size_t{1} << 26;
std::size_t records_room(std::string_view text) { return std::min(kMaxRoom, text.size() / 8 + 16); }
std::size_t words_room(std::string_view text) { return std::min(8 * kMaxRoom, text.size() / 3 + 64); }

Moment line_moment(std::uint32_t line) {
    Moment m;
    m.kind = Moment::Kind::Line;
    m.n = line;
    m.text = fmt::format("line:{}", line);
    return m;
}

// A copy checked as `referee check` checks it, what is compared of its records taken as the reader
// hands them over, and its position at the end. A text refused before any record is read (the
// check reads none) is read for what is compared alone.
Positions check_copy(Copy& c, const CheckOptions& opts, bool game_records) {
    ComparedSink sink(c.compared, game_records, records_room(c.in->text), words_room(c.in->text), &c.game.symbols);
    CheckOptions o = opts;
    o.records = &sink;
    Moment end;
    end.kind = Moment::Kind::End;
    end.text = "end";
    Positions p = positions_of_text(c.in->text, c.in->file, o, {end}, c.steps() ? &c.in->step_of_line : nullptr);
    if (!sink.began()) {
        ComparedSink alone(c.compared, game_records, 0, 0, &c.game.symbols);
        GameRecord g;
        g.file = c.in->file;
        read_game(c.in->text, g, alone);
    }
    return p;
}

// A copy's positions at `moments` (lines), its text replayed only as far as the last of them: a move
// log (or a VASSAL file's conversion) is cut after that line, as a record is its line alone; a save,
// a document, is replayed whole.
Positions replay_to(const Copy& c, const CheckOptions& opts, const std::vector<Moment>& moments) {
    std::string_view text = c.in->text;
    std::uint32_t last = 0;
    for (const Moment& m : moments) last = std::max(last, m.n);
    if (!is_save(text)) {
        std::size_t at = 0;
        for (std::uint32_t line = 1; line <= last && at < text.size(); ++line) {
            const void* nl = std::memchr(text.data() + at, '\n', text.size() - at);
            at = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - text.data()) + 1 : text.size();
        }
        text = text.substr(0, at);
    }
    return positions_of_text(text, c.in->file, opts, moments, c.steps() ? &c.in->step_of_line : nullptr);
}

// A changed record that is what chance decided: other numbers rolled, another combat result or card.
std::string_view chance_kind(const Record& x, const GameRecord& gx, const Record& y, const GameRecord& gy) {
    if (x.kind != y.kind) return "changed";
    const auto ints_equal = [&](Span p, Span q) {
        return std::equal(gx.ints_begin(p), gx.ints_end(p), gy.ints_begin(q), gy.ints_end(q));
    };
    const auto lists_equal = [&](Span p, Span q) {
        return std::equal(gx.list_begin(p), gx.list_end(p), gy.list_begin(q), gy.list_end(q),
                          [&](Sym s, Sym t) { return gx.str(s) == gy.str(t); });
    };
    switch (x.kind) {
        case Kind::Roll: return "roll-differs";  // a roll with other numbers (or other dice)
        case Kind::Combat: {
            const auto cx = rec::combat(x), cy = rec::combat(y);
            if (!lists_equal(cx.attackers(), cy.attackers()) || !lists_equal(cx.defenders(), cy.defenders()) ||
                gx.str(cx.odds()) != gy.str(cy.odds()))
                return "changed";  // another combat, not another outcome of the same one
            if (!ints_equal(cx.rolls(), cy.rolls())) return "roll-differs";
            return "result-differs";
        }
        case Kind::Card: return "result-differs";  // a card drawn differently
        default: return "changed";
    }
}

// Where a unit stands in a position, in words.
std::string where(const PositionUnit* u) {
    if (!u) return "absent";
    if (u->status == "on-map") return u->at ? *u->at : std::string("on-map");
    if (u->status == "exited" && u->at) return fmt::format("exited from {}", *u->at);
    return u->status;
}

std::vector<UnitApart> units_apart(const Position& a, const Position& b) {
    std::map<std::string, std::pair<const PositionUnit*, const PositionUnit*>> units;
    for (const PositionUnit& u : a.units) units[u.id].first = &u;
    for (const PositionUnit& u : b.units) units[u.id].second = &u;
    std::vector<UnitApart> out;
    for (const auto& [id, p] : units) {
        const std::string wa = where(p.first), wb = where(p.second);
        const bool strength = p.first && p.second && p.first->strength != p.second->strength;
        if (wa != wb || strength)
            out.push_back(UnitApart{id, strength ? fmt::format("{} ({})", wa, p.first->strength) : wa,
                                    strength ? fmt::format("{} ({})", wb, p.second->strength) : wb});
    }
    return out;
}

// The line of the copy's record at `pos`, or, past its last, of its last; 0 when it has none.
std::uint32_t line_or_before(const Copy& c, std::uint32_t pos, bool has_record) {
    if (has_record && pos < c.compared.size()) return c.line_at(pos);
    if (pos == 0 || c.compared.size() == 0) return 0;
    return c.line_at(std::min<std::uint32_t>(pos, static_cast<std::uint32_t>(c.compared.size())) - 1);
}

// The undos of a VASSAL copy, each with the fingerprint of the last record compared before it
// (0: none), to be matched with the other copy's by where they fall in the game.
std::vector<std::pair<std::uint64_t, std::uint32_t>> undo_places(const Copy& c) {
    std::vector<std::pair<std::uint64_t, std::uint32_t>> out;
    if (!c.in->report || !c.in->report->audit || !c.steps()) return out;
    // Compared records in step order are the non-header ones (the header comes from step 0).
    std::size_t k = c.compared.header;
    std::uint64_t before = 0;
    const std::vector<std::uint64_t>& prints = c.compared.prints();
    for (const AuditUndo& u : c.in->report->audit->undos) {
        while (k < c.compared.size() && c.step_of(c.line_at(static_cast<std::uint32_t>(k))).value_or(0) < u.step) before = prints[k++];
        out.emplace_back(before ^ (u.rolled.empty() ? 0 : 0x9e3779b97f4a7c15ULL), u.step);
    }
    return out;
}

// Runs `first` here and `second` on a thread of its own, and waits for both; an exception of either
// is thrown again here, once both are done.
template <class F, class G>
void both(F first, G second) {
    std::exception_ptr failed;
    std::thread other([&] {
        try {
            second();
        } catch (...) {
            failed = std::current_exception();
        }
    });
    std::exception_ptr here;
    try {
        first();
    } catch (...) {
        here = std::current_exception();
    }
    other.join();
    if (here) std::rethrow_exception(here);
    if (failed) std::rethrow_exception(failed);
}

}  // namespace

Dispute compare(const CopyInput& ain, const CopyInput& bin, const CheckOptions& opts) {
    Copy a, b;
    a.in = &ain;
    b.in = &bin;
    // A VASSAL file's `game` record is the conversion's (the binding named on the command line): when
    // either copy is one, neither copy's counts.
    const bool game_records = a.in->step_of_line.empty() && b.in->step_of_line.empty();
    // The two copies checked at once, one on a thread of its own, each read once.
    Positions pa, pb;
    both([&] { pa = check_copy(a, opts, game_records); }, [&] { pb = check_copy(b, opts, game_records); });
    const Alignment al = align(a.compared, b.compared);

    Dispute d;
    d.a_file = ain.file;
    d.b_file = bin.file;
    d.a_steps = a.steps();
    d.b_steps = b.steps();
    d.a_records = a.compared.size();
    d.b_records = b.compared.size();
    d.paired_in_order = al.paired_in_order;

    // The differences, with the text of their records (read in one pass of each copy).
    std::vector<std::uint32_t> a_lines, b_lines;
    for (const Edit& e : al.edits) {
        if (e.op != Op::OnlyInB) a_lines.push_back(a.line_at(e.a));
        if (e.op != Op::OnlyInA) b_lines.push_back(b.line_at(e.b));
    }
    if (a.compared.size()) a_lines.push_back(a.line_at(static_cast<std::uint32_t>(a.compared.size() - 1)));
    if (b.compared.size()) b_lines.push_back(b.line_at(static_cast<std::uint32_t>(b.compared.size() - 1)));
    std::map<std::uint32_t, std::string> a_text, b_text;
    both([&] { a_text = lines_of(ain.text, a_lines); }, [&] { b_text = lines_of(bin.text, b_lines); });
    const auto place = [](const Copy& c, const std::map<std::uint32_t, std::string>& text, std::uint32_t line) {
        const auto it = text.find(line);
        return Place{line, c.step_of(line), it == text.end() ? std::string() : it->second};
    };
    for (const Edit& e : al.edits) {
        Difference diff;
        if (e.op != Op::OnlyInB) diff.a = place(a, a_text, a.line_at(e.a));
        if (e.op != Op::OnlyInA) diff.b = place(b, b_text, b.line_at(e.b));
        if (e.op == Op::OnlyInA) {
            diff.kind = "only-in-a";
            diff.before = e.b < b.compared.size() ? b.line_at(e.b) : 0;
            diff.before_step = b.step_of(diff.before);
        } else if (e.op == Op::OnlyInB) {
            diff.kind = "only-in-b";
            diff.before = e.a < a.compared.size() ? a.line_at(e.a) : 0;
            diff.before_step = a.step_of(diff.before);
        } else {
            diff.kind = chance_kind(a.compared.decode(e.a, a.game), a.game, b.compared.decode(e.b, b.game), b.game);
        }
        d.differences.push_back(std::move(diff));
    }
    // The header's differences in the order of the copies' lines (the alignment compared the header
    // in an order of its content).
    std::size_t in_header = 0;
    while (in_header < al.edits.size() && (al.edits[in_header].op == Op::OnlyInB ? al.edits[in_header].b < b.compared.header
                                                                                     : al.edits[in_header].a < a.compared.header))
        ++in_header;
    std::stable_sort(d.differences.begin(), d.differences.begin() + static_cast<std::ptrdiff_t>(in_header),
                     [](const Difference& x, const Difference& y) { return (x.a ? x.a->line : x.b->line) < (y.a ? y.a->line : y.b->line); });
    if (a.compared.size()) d.a_last = place(a, a_text, a.line_at(static_cast<std::uint32_t>(a.compared.size() - 1)));
    if (b.compared.size()) d.b_last = place(b, b_text, b.line_at(static_cast<std::uint32_t>(b.compared.size() - 1)));

    // One copy is the other's first records.
    const bool all_a = !al.edits.empty() && std::all_of(al.edits.begin(), al.edits.end(), [](const Edit& e) { return e.op == Op::OnlyInA; });
    const bool all_b = !al.edits.empty() && std::all_of(al.edits.begin(), al.edits.end(), [](const Edit& e) { return e.op == Op::OnlyInB; });
    if (all_a && al.edits.front().a == b.compared.size() && al.same == b.compared.size()) d.prefix = 'b';
    if (all_b && al.edits.front().b == a.compared.size() && al.same == a.compared.size()) d.prefix = 'a';

    // Undos in one copy and not the other, when both are VASSAL files (a move log records no undo):
    // matched by the record each follows.
    const auto ua = undo_places(a), ub = undo_places(b);
    if (a.steps() && b.steps() && (!ua.empty() || !ub.empty())) {
        std::multiset<std::uint64_t> in_b, in_a;
        for (const auto& u : ub) in_b.insert(u.first);
        for (const auto& u : ua) in_a.insert(u.first);
        for (const auto& u : ua)
            if (auto it = in_b.find(u.first); it != in_b.end()) in_b.erase(it);
            else d.differences.push_back(Difference{"undo-differs", Place{0, u.second, fmt::format("an undo at step {}", u.second)}, std::nullopt, 0, std::nullopt});
        for (const auto& u : ub)
            if (auto it = in_a.find(u.first); it != in_a.end()) in_a.erase(it);
            else d.differences.push_back(Difference{"undo-differs", std::nullopt, Place{0, u.second, fmt::format("an undo at step {}", u.second)}, 0, std::nullopt});
        // In the order of the game: by step (A's where it has the record, else B's).
        const auto step = [](const Difference& x) { return (x.a ? x.a->step : x.b->step).value_or(0); };
        std::stable_sort(d.differences.begin(), d.differences.end(), [&](const Difference& x, const Difference& y) { return step(x) < step(y); });
    }
    d.same = d.differences.empty();

    d.a = ain.report ? *ain.report : std::move(pa.report);
    d.b = bin.report ? *bin.report : std::move(pb.report);
    d.a.file = ain.file;
    d.b.file = bin.file;
    d.result_changes = d.a.result.winner != d.b.result.winner || d.a.result.level != d.b.result.level;
    d.scenario = std::move(pa.scenario);
    if (d.same) return d;

    // Where each copy stands just after the first divergence, and at the end of the shorter copy:
    // each copy replayed again as far as it must be. The end of a copy at its last compared record
    // is its end, taken in its check.
    std::optional<std::pair<std::uint32_t, std::uint32_t>> div_lines, end_lines;
    if (!al.edits.empty()) {
        const Edit& e = al.edits.front();
        div_lines = {line_or_before(a, e.a, e.op != Op::OnlyInB), line_or_before(b, e.b, e.op != Op::OnlyInA)};
    }
    if (al.last_pair) end_lines = {a.line_at(al.last_pair->first), b.line_at(al.last_pair->second)};
    const auto last_line = [](const Copy& c) { return c.compared.size() ? c.line_at(static_cast<std::uint32_t>(c.compared.size() - 1)) : 0; };
    const bool a_end_is_end = end_lines && end_lines->first == last_line(a), b_end_is_end = end_lines && end_lines->second == last_line(b);
    std::vector<Moment> am, bm;
    if (div_lines) {
        am.push_back(line_moment(div_lines->first));
        bm.push_back(line_moment(div_lines->second));
    }
    if (end_lines && !a_end_is_end) am.push_back(line_moment(end_lines->first));
    if (end_lines && !b_end_is_end) bm.push_back(line_moment(end_lines->second));
    Positions ra, rb;
    both([&] { if (!am.empty()) ra = replay_to(a, opts, am); }, [&] { if (!bm.empty()) rb = replay_to(b, opts, bm); });
    // The positions taken, by their moment (two moments on one line are one position taken twice).
    const auto taken = [](const Positions& ps, std::uint32_t line) -> const Position* {
        for (const Position& p : ps.taken)
            if (p.moment == fmt::format("line:{}", line)) return &p;
        return nullptr;
    };
    const auto at_end = [](const Positions& ps) -> const Position* { return ps.taken.empty() ? nullptr : &ps.taken.back(); };
    const auto moments = [&](const std::pair<std::uint32_t, std::uint32_t>& l, const Position* x, const Position* y) {
        Moments m;
        m.a_line = l.first;
        m.b_line = l.second;
        m.a_step = a.step_of(l.first);
        m.b_step = b.step_of(l.second);
        if (x && y) m.units = units_apart(*x, *y);
        return m;
    };
    if (div_lines) {
        const Position* x = taken(ra, div_lines->first);
        const Position* y = taken(rb, div_lines->second);
        d.divergence = moments(*div_lines, x, y);
        if (x) d.a_at = *x;
        if (y) d.b_at = *y;
    }
    if (end_lines)
        d.end = moments(*end_lines, a_end_is_end ? at_end(pa) : taken(ra, end_lines->first), b_end_is_end ? at_end(pb) : taken(rb, end_lines->second));
    return d;
}

}  // namespace referee::diff
