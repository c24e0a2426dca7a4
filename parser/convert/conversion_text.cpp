// The move log's text of a conversion (convert.hpp): its words quoted as move-log.md wants them,
// each record followed by the step it came from.
#include "convert.hpp"

#include <fmt/format.h>

namespace referee {

std::string log_token(std::string_view word) {
    if (!word.empty() && word.find_first_of(" \t#\"\\") == std::string_view::npos) return std::string(word);
    std::string out = "\"";
    for (char c : word) {
        if (c == '"' || c == '\\') out.push_back('\\');
        out.push_back(c == '\n' || c == '\r' ? ' ' : c);
    }
    return out + "\"";
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
