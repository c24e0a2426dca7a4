// The move log's text of a conversion (convert.hpp): its words quoted as move-log.md wants them,
// each record followed by the step it came from.
#include "convert.hpp"

#include "utf8.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace referee {

namespace {

// The text as a move log may hold it (move-log.md: well-formed UTF-8, no control character): each
// C0 control, DEL and C1 control (U+0080 .. U+009F) a space, each byte that begins no well-formed
// UTF-8 sequence U+FFFD (a VASSAL file is UTF-8, but a damaged one may not be).
std::string loggable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const auto* const end = p + text.size();
    while (p != end) {
        const unsigned c = *p;
        if (c < 0x80) {
            out.push_back(c < 0x20 || c == 0x7f ? ' ' : static_cast<char>(c));
            ++p;
            continue;
        }
        const std::size_t len = utf8_sequence(p, static_cast<std::size_t>(end - p));
        if (len == 0) out += "\xEF\xBF\xBD";
        else if (c == 0xC2 && p[1] < 0xA0) out.push_back(' ');
        else out.append(reinterpret_cast<const char*>(p), len);
        p += len == 0 ? 1 : len;
    }
    return out;
}

}  // namespace

std::string log_string(std::string_view text) {
    std::string out = "\"";
    for (char c : loggable(text)) {
        if (c == '"' || c == '\\') out.push_back('\\');
        out.push_back(c);
    }
    return out + "\"";
}

std::string log_token(std::string_view word) {
    const bool plain = !word.empty() && word.find_first_of(" \t#\"\\") == std::string_view::npos && loggable(word) == word;
    return plain ? std::string(word) : log_string(word);
}

std::string conversion_text(const Conversion& c) {
    std::string out;
    for (const ConvertedRecord& r : c.records)
        if (r.note.empty()) {
            out += fmt::format("{}  # step {}\n", r.text, r.step);
        } else {
            // A module's item may hold a line end (the comment stays on its line), a control or bytes
            // that are not UTF-8: as in a quoted string.
            out += fmt::format("{}  # step {}: {}\n", r.text, r.step, loggable(r.note));
        }
    return out;
}

}  // namespace referee
