// The XML save's text as text (xml_text.cpp): the checks pugixml does not make (NUL bytes, UTF-8),
// the decoding of entity and character references in attribute values, the line/column of an
// offset, and the small string helpers of the reader's messages.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace referee::xml {

// ---------------------------------------------------------------------------------------------
// Offsets to line/column. Lines count '\n'; columns count characters (UTF-8 code points) from 1; a
// UTF-8 byte-order mark is not counted.

class LineIndex {
public:
    // `ascii` bytes from the start hold no byte past 0x7F.
    LineIndex(std::string_view text, std::size_t ascii)
        : text_(text), ascii_(ascii), first_(text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0), off_(first_) {}

    struct Pos {
        std::uint32_t line = 1;
        std::uint32_t col = 1;
    };

    // Elements come in document order, so a cursor moves forward over the text, counting the
    // newlines it passes; the column is counted from the line's start, or from the cursor when still
    // on its line (so a long one-line save stays linear). An offset before the cursor starts again
    // from the beginning: the reader asks for one only when it goes back to the <log> or the
    // <snapshot> after elements that follow them (xml_save.cpp), so once a save at most.
    Pos at(std::size_t offset);

    // Number of lines: a final line without '\n' counts; an empty text has none. Only the newlines
    // after the cursor are still to count, so it is asked for once every position has been.
    std::uint32_t line_count() const;

private:
    // The number of '\n' in [from, to).
    std::size_t newlines(std::size_t from, std::size_t to) const;

    std::string_view text_;
    std::size_t ascii_;
    std::size_t first_;     // where line 1 starts: after a byte-order mark
    std::size_t line_ = 0;  // the cursor: its line (0-based), offset and column
    std::size_t off_;
    std::uint32_t col_ = 1;
};

// ---------------------------------------------------------------------------------------------
// The text before the parse.

// The first NUL byte of a text and its first non-ASCII byte (npos: none).
struct TextScan {
    std::size_t nul = std::string_view::npos;
    std::size_t non_ascii = std::string_view::npos;
};
TextScan scan_text(std::string_view text);

// The offset of the first byte of `text` from `from` on that is not part of well-formed UTF-8
// (overlong forms, surrogates and code points past U+10FFFF included), or npos.
std::size_t first_bad_utf8(std::string_view text, std::size_t from);

// ---------------------------------------------------------------------------------------------
// Attribute values.

// XML's white space.
inline bool is_space(char c) {
    return static_cast<unsigned char>(c) <= ' ' && (c == ' ' || c == '\t' || c == '\n' || c == '\r');
}
inline std::string_view trim(std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

// Decodes the entity and character references of an attribute value into `out`: the five
// predefined entities and character references; any other `&name;` (one a DOCTYPE declares, which
// is never read) and a bare '&' fail, with `err` saying why.
bool decode_references(std::string_view in, std::string& out, std::string& err);

// A value or name for a message, cut short (at a whole character) when long.
std::string shortened(std::string_view v);
// The same, quoted.
std::string quoted(std::string_view v);

}  // namespace referee::xml
