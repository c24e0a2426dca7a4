// Text that comes from an input (a file's name, a unit id, a chat line, a claim, a scenario's
// title, a quoted line of the input...) shown so that it cannot act on the terminal or the page
// that shows it (docs/report.md, "How the input's text is shown"). Every writer of referee's
// output passes such text through here: the text and CSV reports, the messages on standard error,
// `referee scenarios --show`, `referee vassal`, the positions, the pages (before their HTML
// escaping), and the JSON (escape_json_text, over the whole document).
//
// Escaped, each in a visible form (escape_for_terminal):
//   line feed, carriage return, tab          \n \r \t
//   other C0 controls and DEL (0x00-0x1f, 0x7f)   \x1b, \x07, \x7f ...
//   C1 controls (U+0080-U+009F)              \u0085, \u009b ...
//   bidirectional controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) and the line
//   and paragraph separators (U+2028, U+2029)     \u202e ...
//   a byte that is not part of well-formed UTF-8 (a stray, overlong, surrogate, cut short)   \xff
// A backslash is left as it is: the escaping is idempotent (escaping escaped text changes
// nothing), so a piece already shown may be shown again (a message quoting a name, a result line
// put in a page) without being escaped twice. The price: a literal "\x1b" in the input reads the
// same as an escaped ESC; the JSON report holds the exact text (docs/decisions.md).
#pragma once

#include <fmt/format.h>

#include <string>
#include <string_view>

namespace referee {

// True when escape_for_terminal leaves s as it is (a scan, no allocation).
bool plain_text(std::string_view s) noexcept;

// s with what it must not show raw escaped, appended to out.
void append_escaped(std::string& out, std::string_view s);

// s with what it must not show raw escaped (see above).
std::string escape_for_terminal(std::string_view s);

// A JSON document as nlohmann-json writes it (control characters of its strings already escaped,
// invalid UTF-8 already replaced) with DEL, the C1 controls, the bidirectional controls and the
// line and paragraph separators of its strings written \u007f, \u0085, \u202e ...; any byte that is
// not well-formed UTF-8 becomes \ufffd. The document's own white space is kept.
std::string escape_json_text(std::string json);

// For fmt: fmt::format("{}: {}", shown(file), shown(message)) writes each escaped; width and
// alignment apply to the escaped text.
struct Shown {
    std::string_view text;
};
inline Shown shown(std::string_view s) { return Shown{s}; }

}  // namespace referee

template <>
struct fmt::formatter<referee::Shown> : fmt::formatter<std::string_view> {
    template <class Context>
    auto format(referee::Shown s, Context& ctx) const {
        if (referee::plain_text(s.text)) return fmt::formatter<std::string_view>::format(s.text, ctx);
        const std::string e = referee::escape_for_terminal(s.text);
        return fmt::formatter<std::string_view>::format(e, ctx);
    }
};
