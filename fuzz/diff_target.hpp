// The laws of `referee diff`'s alignment (validator/diff/align.hpp), checked on any two texts: the
// entry point of fuzz_diff and of its regression test (tests/validator/diff/test_diff_laws.cpp).
//   1. A copy against itself is the same game: no edit, every record paired.
//   2. The edits, applied to A's records, give B's: walking A, a record paired as equal is kept,
//      a `changed` one replaced by B's, an `only-in-a` one dropped, an `only-in-b` one inserted.
//   3. Every record of each copy is accounted for once, and the edits keep both copies' order.
//   4. For small texts, the whole comparison (both copies judged) says the same game of a copy and
//      itself, and its text and JSON are written.
// The input is two texts separated by a NUL byte; with none, B is A with some of its lines left out
// and others doubled (by a rule of the text's own bytes), so that most pairs share most records.
#pragma once

#include "align.hpp"
#include "dispute.hpp"
#include "dispute_report.hpp"
#include "readers.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace referee::fuzz {

struct DiffRun {
    std::string problem;  // empty: every law held
};

inline std::string second_copy(std::string_view a) {
    std::string b;
    std::size_t line = 0, at = 0;
    const unsigned salt = a.empty() ? 0u : static_cast<unsigned char>(a[a.size() / 2]);
    while (at < a.size()) {
        std::size_t end = a.find('\n', at);
        end = end == std::string_view::npos ? a.size() : end + 1;
        const std::string_view l = a.substr(at, end - at);
        const unsigned k = static_cast<unsigned>(line * 31 + salt) % 13;
        if (k != 3) b += l;         // some lines left out
        if (k == 7) b += l;         // some doubled
        at = end;
        ++line;
    }
    return b;
}

// Law 2 and 3 on one alignment.
inline std::string check_alignment(const diff::Compared& a, const diff::Compared& b, const diff::Alignment& al) {
    std::vector<std::size_t> rebuilt;  // positions in b, in the order the edits rebuild b
    std::size_t next_a = 0;
    std::size_t paired = 0, changed = 0, only_a = 0, only_b = 0;
    long last_a = -1, last_b = -1;
    // Between edits, A's records are equal to B's next ones, in order.
    std::size_t next_b = 0;
    const auto keep_until = [&](std::size_t a_end) -> std::string {
        for (; next_a < a_end; ++next_a, ++next_b) {
            if (next_b >= b.size()) return "an equal pair past B's last record";
            if (!diff::same_record(a.at(next_a), *a.game, b.at(next_b), *b.game)) return "records paired as equal that differ";
            ++paired;
        }
        return {};
    };
    for (const diff::Edit& e : al.edits) {
        switch (e.op) {
            case diff::Op::Changed:
            case diff::Op::OnlyInA:
                if (std::string p = keep_until(e.a); !p.empty()) return p;
                if (static_cast<long>(e.a) <= last_a) return "the edits do not keep A's order";
                last_a = e.a;
                ++next_a;
                if (e.op == diff::Op::OnlyInA) {
                    ++only_a;
                    break;
                }
                ++changed;
                [[fallthrough]];
            case diff::Op::OnlyInB:
                if (e.op == diff::Op::OnlyInB) {
                    if (e.a > a.size()) return "an only-in-b edit placed past A's end";
                    if (std::string p = keep_until(e.a); !p.empty()) return p;
                    ++only_b;
                }
                if (static_cast<long>(e.b) <= last_b || e.b != next_b) return "the edits do not rebuild B in its order";
                last_b = e.b;
                ++next_b;
                break;
        }
    }
    if (std::string p = keep_until(a.size()); !p.empty()) return p;
    if (next_b != b.size()) return "the edits applied to A do not reach B's end";
    if (paired != al.same) return "the equal pairs counted are not the alignment's";
    if (paired + changed + only_a != a.size() || paired + changed + only_b != b.size()) return "a record accounted for twice or not at all";
    return {};
}

inline DiffRun run_diff(std::string_view input) {
    DiffRun out;
    const std::size_t nul = input.find('\0');
    const std::string a_text(nul == std::string_view::npos ? input : input.substr(0, nul));
    const std::string b_text = nul == std::string_view::npos ? second_copy(a_text) : std::string(input.substr(nul + 1));
    const GameRecord ga = read_game(a_text, "a.log"), gb = read_game(b_text, "b.log");
    const diff::Compared ca = diff::compared_records(ga), cb = diff::compared_records(gb);
    const diff::Alignment self = diff::align(ca, ca);
    if (!self.edits.empty() || self.same != ca.size()) {
        out.problem = "a copy against itself is not the same game";
        return out;
    }
    const diff::Alignment al = diff::align(ca, cb);
    out.problem = check_alignment(ca, cb, al);
    if (!out.problem.empty()) return out;
    // The alignment without dtl (a long gap's, align.cpp): as many equal pairs as dtl's, and lawful.
    const diff::Alignment own = diff::align(ca, cb, 0);
    if (own.same != al.same && !own.paired_in_order && !al.paired_in_order) {
        out.problem = "the alignment without dtl pairs another number of equal records";
        return out;
    }
    out.problem = check_alignment(ca, cb, own);
    if (!out.problem.empty()) {
        out.problem = "without dtl: " + out.problem;
        return out;
    }
    // The whole comparison, on texts small enough to judge twice a run.
    if (a_text.size() + b_text.size() <= 4096) {
        diff::CopyInput x{"a.log", a_text, {}, std::nullopt, nullptr}, y{"b.log", b_text, {}, std::nullopt, nullptr};
        const diff::Dispute same = diff::compare(x, x, CheckOptions{});
        if (!same.same || diff::exit_status(same) != 0) {
            out.problem = "compare: a copy against itself is not the same game";
            return out;
        }
        const diff::Dispute d = diff::compare(x, y, CheckOptions{});
        if (d.same != al.edits.empty()) {
            out.problem = "compare: same game or not, against the alignment";
            return out;
        }
        (void)diff::render_text(d, 50);
        (void)diff::render_html(d, 50);
        const nlohmann::json j = nlohmann::json::parse(diff::render_json(d, 50), nullptr, false);
        if (j.is_discarded() || j.value("same", !d.same) != d.same) out.problem = "compare: its JSON does not parse, or says otherwise";
    }
    return out;
}

}  // namespace referee::fuzz
