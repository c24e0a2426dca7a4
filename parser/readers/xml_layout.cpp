#include "xml_layout.hpp"

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace referee::xml {

namespace {

class Lexer {
public:
    explicit Lexer(std::string_view text) : p_(text.data()), n_(text.size()) {}

    std::size_t pos() const { return i_; }

    // The offset of the next '<' from the current position (text is skipped), or npos.
    std::size_t next_tag() {
        i_ = next_of(i_, '<', '<', '<');
        return i_ < n_ ? i_ : npos;
    }

    // What a construct at '<' was; the position is then just past it.
    enum class Got { Start, Empty, End, Other, GiveUp };

    // Reads the construct at i_ (a '<'); for a start or empty-element tag, `name` is its name.
    Got construct(std::string_view& name) {
        const std::size_t at = i_;
        if (at + 1 >= n_) return Got::GiveUp;
        const char c = p_[at + 1];
        if (c == '?') return skip_past(at + 2, "?>") ? Got::Other : Got::GiveUp;
        if (c == '!') {
            if (starts(at + 2, "--")) return skip_past(at + 4, "-->") ? Got::Other : Got::GiveUp;
            if (starts(at + 2, "[CDATA[")) return skip_past(at + 9, "]]>") ? Got::Other : Got::GiveUp;
            return Got::GiveUp;  // a DOCTYPE (before the root) or nothing XML knows
        }
        if (c == '/') {
            const std::size_t gt = next_of(at + 2, '>', '>', '>');
            if (gt >= n_) return Got::GiveUp;
            i_ = gt + 1;
            return Got::End;
        }
        // A start tag: its name, then attributes whose quoted values may hold '>' and '/'.
        std::size_t k = at + 1;
        while (k < n_ && !ends_name(p_[k])) ++k;
        if (k == at + 1) return Got::GiveUp;
        name = std::string_view(p_ + at + 1, k - at - 1);
        for (;;) {
            k = next_of(k, '>', '"', '\'');
            if (k >= n_) return Got::GiveUp;
            const char ch = p_[k];
            if (ch == '>') {
                i_ = k + 1;
                return p_[k - 1] == '/' ? Got::Empty : Got::Start;
            }
            k = next_of(k + 1, ch, ch, ch);  // the value, to its closing quote
            if (k >= n_) return Got::GiveUp;
            ++k;
        }
    }

    static constexpr std::size_t npos = std::string_view::npos;

private:
    // The offset of the first byte from k on that is a, b or c, or n_. This pass reads every byte of
    // a save's log, whose specials come a few bytes apart: sixteen bytes are compared at a time
    // (SSE2, which every x86-64 has), where a call to memchr for each cost more than the scan.
    std::size_t next_of(std::size_t k, char a, char b, char c) const {
#if defined(__SSE2__)
        const __m128i va = _mm_set1_epi8(a), vb = _mm_set1_epi8(b), vc = _mm_set1_epi8(c);
        for (; k + 16 <= n_; k += 16) {
            const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p_ + k));
            const __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, va), _mm_cmpeq_epi8(v, vb)), _mm_cmpeq_epi8(v, vc));
            if (const int m = _mm_movemask_epi8(hit)) return k + static_cast<std::size_t>(__builtin_ctz(static_cast<unsigned>(m)));
        }
#endif
        for (; k < n_; ++k)
            if (p_[k] == a || p_[k] == b || p_[k] == c) return k;
        return n_;
    }
    static bool ends_name(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '/' || c == '>'; }
    bool starts(std::size_t at, std::string_view s) const { return at + s.size() <= n_ && std::memcmp(p_ + at, s.data(), s.size()) == 0; }
    // Moves past the first `end` at or after `from`; false when there is none.
    bool skip_past(std::size_t from, std::string_view end) {
        if (from > n_) return false;
        const std::string_view rest(p_ + from, n_ - from);
        const std::size_t f = rest.find(end);
        if (f == std::string_view::npos) return false;
        i_ = from + f + end.size();
        return true;
    }

    const char* p_;
    std::size_t n_;
    std::size_t i_ = 0;
};

}  // namespace

std::optional<SaveLayout> save_layout(std::string_view text, std::size_t min_log_bytes, std::size_t piece_bytes) {
    Lexer lx(text);
    std::size_t depth = 0;  // 0: outside the root; 1: among the root's children; 2: among the log's
    bool root_seen = false, in_log = false;
    SaveLayout out;
    for (;;) {
        const std::size_t at = lx.next_tag();
        if (at == Lexer::npos) return std::nullopt;  // the text ends before the log does
        std::string_view name;
        switch (lx.construct(name)) {
            case Lexer::Got::GiveUp: return std::nullopt;
            case Lexer::Got::Other: break;
            case Lexer::Got::Empty:
                if (depth == 0) return std::nullopt;  // the root is empty, or a second top-level element
                if (depth == 1 && name == "log") return std::nullopt;  // <log/>: nothing to stream
                break;
            case Lexer::Got::Start:
                if (depth == 0 && root_seen) return std::nullopt;
                if (depth == 0) root_seen = true;
                if (depth == 1 && name == "log") {
                    in_log = true;
                    out.log_begin = lx.pos();
                    out.cuts.push_back(out.log_begin);
                }
                ++depth;
                break;
            case Lexer::Got::End:
                if (depth == 0) return std::nullopt;
                --depth;
                if (in_log && depth == 1) {
                    out.log_end = at;
                    if (out.log_end - out.log_begin < min_log_bytes) return std::nullopt;
                    if (out.cuts.back() != out.log_end) out.cuts.push_back(out.log_end);
                    return out;
                }
                break;
        }
        // Between two of the log's own constructs: a cut when the piece is long enough.
        if (in_log && depth == 2 && lx.pos() - out.cuts.back() >= piece_bytes) out.cuts.push_back(lx.pos());
    }
}

}  // namespace referee::xml
