// The move log's text of a conversion (convert.hpp): its words quoted as move-log.md wants them,
// each record followed by the step it came from.
#include "convert.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace referee {

std::string log_string(std::string_view text) {
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\') out.push_back('\\');
        out.push_back(static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? ' ' : c);
    }
    return out + "\"";
}

std::string log_token(std::string_view word) {
    const bool plain = !word.empty() && word.find_first_of(" \t#\"\\") == std::string_view::npos &&
                       std::none_of(word.begin(), word.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
    return plain ? std::string(word) : log_string(word);
}

std::string conversion_text(const Conversion& c) {
    std::string out;
    for (const ConvertedRecord& r : c.records)
        if (r.note.empty()) {
            out += fmt::format("{}  # step {}\n", r.text, r.step);
        } else {
            std::string note = r.note;  // a module's item may hold a line end: the comment stays on its line
            for (char& ch : note)
                if (ch == '\n' || ch == '\r') ch = ' ';
            out += fmt::format("{}  # step {}: {}\n", r.text, r.step, note);
        }
    return out;
}

}  // namespace referee
