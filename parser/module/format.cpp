// VASSAL's formatted strings: substitution and matching (format.hpp).
#include "format.hpp"

#include "vassal_text.hpp"

#include <array>
#include <cstring>
#include <utility>

namespace referee::vassal {

FormattedString::FormattedString(std::string_view format) : text_(format) {
    if (format.empty()) return;
    SequenceDecoder d(format, '$');
    bool variable = true;   // toggled before each token: the first token is literal
    while (d.has_more()) {
        std::string token = d.next();
        variable = !variable;
        if (token.empty()) continue;
        const bool is_variable = variable && d.has_more();
        if (!is_variable && !segments_.empty() && !segments_.back().variable) segments_.back().text += token;
        else segments_.push_back({std::move(token), is_variable});
    }
}

bool FormattedString::uses(std::string_view variable) const {
    for (const Segment& s : segments_)
        if (s.variable && s.text == variable) return true;
    return false;
}

std::string FormattedString::substitute(const FormatVars& vars) const {
    std::string out;
    append(out, [&](std::string_view name, std::string& o) {
        if (auto it = vars.find(name); it != vars.end()) o += it->second;
    });
    return out;
}

namespace {

struct Matcher {
    std::vector<FormattedString::Segment> segments;   // literals normalized
    std::string_view text;
    FormatVars vars;
    std::size_t steps = 0;
    static constexpr std::size_t max_steps = 200000;
    // Work besides the steps: each byte compared, searched or copied. Past the limit the search
    // gives up, as past the steps: counting steps alone let each step search and copy the rest of
    // the text, so that a chat line of 10 kB took seconds against VASSAL's default move format
    // (every cut of its piece and previous location tried), and one of 1 MB minutes.
    std::size_t work = 0;
    static constexpr std::size_t max_work = std::size_t{1} << 24;

    bool spend(std::size_t bytes) {
        work += bytes;
        return work <= max_work;
    }

    // text.find(literal, from) (a literal is never empty), its bytes counted.
    std::size_t find(const std::string& literal, std::size_t from) {
        while (from + literal.size() <= text.size()) {
            const void* hit = std::memchr(text.data() + from, literal.front(), text.size() - literal.size() + 1 - from);
            if (hit == nullptr) {
                spend(text.size() - from);
                return std::string_view::npos;
            }
            const auto at = static_cast<std::size_t>(static_cast<const char*>(hit) - text.data());
            if (!spend(at - from + literal.size())) return std::string_view::npos;
            if (text.compare(at, literal.size(), literal) == 0) return at;
            from = at + 1;
        }
        return std::string_view::npos;
    }

    bool at(std::size_t seg, std::size_t pos) {
        if (++steps > max_steps || work > max_work) return false;
        if (seg == segments.size()) return pos == text.size();
        const auto& s = segments[seg];
        if (!s.variable) {
            if (!spend(s.text.size()) || text.compare(pos, s.text.size(), s.text) != 0) return false;
            return at(seg + 1, pos + s.text.size());
        }
        if (auto bound = vars.find(s.text); bound != vars.end()) {
            const std::string& value = bound->second;
            if (!spend(value.size()) || text.compare(pos, value.size(), value) != 0) return false;
            return at(seg + 1, pos + value.size());
        }
        // Shortest first; when a literal follows, only the places where it occurs.
        const std::string* next_literal = seg + 1 < segments.size() && !segments[seg + 1].variable ? &segments[seg + 1].text : nullptr;
        const bool last = seg + 1 == segments.size();
        std::size_t end = last ? text.size() : pos;
        while (end <= text.size()) {
            if (next_literal != nullptr) {
                end = find(*next_literal, end);
                if (end == std::string_view::npos) return false;
            }
            if (!spend(end - pos)) return false;
            auto [it, inserted] = vars.emplace(s.text, std::string(text.substr(pos, end - pos)));
            (void)inserted;
            if (at(seg + 1, end)) return true;
            vars.erase(it);
            if (steps > max_steps || work > max_work) return false;
            ++end;
        }
        return false;
    }
};

}  // namespace

std::optional<FormatVars> FormattedString::match(std::string_view raw) const {
    // The search recurses once a part: a format of 500,000 parts overflowed the stack.
    if (segments_.size() > max_match_parts) return std::nullopt;
    Matcher m;
    m.segments = segments_;
    for (auto& s : m.segments)
        if (!s.variable) s.text = normalize_report_text(s.text);
    const std::string text = normalize_report_text(raw);
    m.text = text;
    if (!m.at(0, 0)) return std::nullopt;
    return std::move(m.vars);
}

std::string substitute(std::string_view format, const FormatVars& vars) { return FormattedString(format).substitute(vars); }

std::optional<FormatVars> match_format(std::string_view format, std::string_view text) { return FormattedString(format).match(text); }

std::string decode_entities(std::string_view text) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 8> entities{{
        {"&rarr;", "\xE2\x86\x92"},
        {"&lt;", "<"},
        {"&gt;", ">"},
        {"&amp;", "&"},
        {"&quot;", "\""},
        {"&apos;", "'"},
        {"&#39;", "'"},
        {"&nbsp;", " "},
    }};
    // In one pass, so "&amp;lt;" gives "&lt;".
    std::string decoded;
    decoded.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == '&') {
            bool replaced = false;
            for (const auto& [from, to] : entities) {
                if (text.compare(i, from.size(), from) == 0) {
                    decoded += to;
                    i += from.size();
                    replaced = true;
                    break;
                }
            }
            if (replaced) continue;
        }
        decoded += text[i++];
    }
    return decoded;
}

std::string normalize_report_text(std::string_view text) {
    // First the entities, then "->" as the arrow (so "-&gt;" is one too).
    const std::string decoded = decode_entities(text);
    std::string out;
    out.reserve(decoded.size());
    for (std::size_t k = 0; k < decoded.size(); ++k) {
        if (decoded[k] == '-' && k + 1 < decoded.size() && decoded[k + 1] == '>') {
            out += "\xE2\x86\x92";
            ++k;
        } else {
            out += decoded[k];
        }
    }
    return out;
}

bool undo_chat(std::string_view chat_text) { return chat_text.starts_with("* UNDO: "); }

std::string_view report_of_chat(std::string_view chat_text) {
    if (chat_text.starts_with("**")) return chat_text.substr(1);
    if (chat_text.starts_with("* ")) return chat_text.substr(2);
    return chat_text;
}

}  // namespace referee::vassal
