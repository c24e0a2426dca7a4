// The XML save's text as text (xml_text.hpp): the line cursor that turns offsets into lines and
// columns, the NUL and UTF-8 checks made before pugixml's parse (which makes neither), and the
// decoding of entity and character references in attribute values (pugixml is asked not to expand
// them, so that no DOCTYPE is ever followed).
#include "xml_text.hpp"
#include "xml_words.hpp"

#include "utf8.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <system_error>

namespace referee::xml {

// ---------------------------------------------------------------------------------------------
// Offsets to line/column.

LineIndex::Pos LineIndex::at(std::size_t offset) {
    offset = std::min(offset, text_.size());
    if (offset < first_) return Pos{};  // inside the byte-order mark
    if (offset < off_) {
        line_ = 0;
        off_ = first_;
        col_ = 1;
    }
    // The start of the offset's line, looked for backwards (an element is indented by a few
    // bytes) down to the cursor; if it is past the cursor, the newlines before it are counted.
    const char* const p = text_.data();
    std::size_t start = offset;
    while (start > off_ && p[start - 1] != '\n') --start;
    if (start > off_) {
        line_ += 1 + newlines(off_, start - 1);
        off_ = start;
        col_ = 1;
    }
    if (offset <= ascii_) {  // a byte a character
        col_ += static_cast<std::uint32_t>(offset - off_);
        off_ = offset;
    }
    for (; off_ < offset; ++off_)
        if ((static_cast<unsigned char>(p[off_]) & 0xC0) != 0x80) ++col_;
    return Pos{static_cast<std::uint32_t>(line_ + 1), col_};
}

std::uint32_t LineIndex::line_count() const {
    if (text_.size() <= first_) return text_.empty() ? 0 : 1;
    const std::size_t lines = line_ + newlines(off_, text_.size()) + (text_.back() == '\n' ? 0 : 1);
    return static_cast<std::uint32_t>(lines);
}

std::size_t LineIndex::newlines(std::size_t from, std::size_t to) const {
    std::size_t n = 0;
    const char* const end = text_.data() + to;
    for (const char* q = text_.data() + from; q < end; ++q, ++n) {
        q = static_cast<const char*>(std::memchr(q, '\n', static_cast<std::size_t>(end - q)));
        if (!q) break;
    }
    return n;
}

// ---------------------------------------------------------------------------------------------
// The text before the parse.

// The NUL with memchr; ASCII is passed 32 bytes at a time.
TextScan scan_text(std::string_view text) {
    TextScan r;
    const char* const p = text.data();
    const std::size_t n = text.size();
    if (n == 0) return r;
    if (const void* nul = std::memchr(p, '\0', n)) r.nul = static_cast<std::size_t>(static_cast<const char*>(nul) - p);
    std::size_t i = 0;
    while (n - i >= 32 && ((load8(p + i) | load8(p + i + 8) | load8(p + i + 16) | load8(p + i + 24)) & kHighs) == 0) i += 32;
    for (; i < n; ++i)
        if (static_cast<unsigned char>(p[i]) >= 0x80) {
            r.non_ascii = i;
            break;
        }
    return r;
}

// ASCII is skipped eight bytes at a time.
std::size_t first_bad_utf8(std::string_view text, std::size_t from) {
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    std::size_t i = from;
    while (i < n) {
        if (n - i >= 8 && (load8(text.data() + i) & kHighs) == 0) {
            i += 8;
            continue;
        }
        const unsigned c = p[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        const std::size_t len = utf8_sequence(p + i, n - i);
        if (len == 0) return i;
        i += len;
    }
    return std::string_view::npos;
}

// ---------------------------------------------------------------------------------------------
// Attribute values.

std::string shortened(std::string_view v) {
    constexpr std::size_t kMax = 40;
    if (v.size() <= kMax) return std::string(v);
    std::size_t cut = kMax;
    while (cut > 0 && (static_cast<unsigned char>(v[cut]) & 0xC0) == 0x80) --cut;  // whole characters
    return std::string(v.substr(0, cut)) + "...";
}
std::string quoted(std::string_view v) { return "'" + shortened(v) + "'"; }

namespace {

// A code point as UTF-8.
void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

}  // namespace

bool decode_references(std::string_view in, std::string& out, std::string& err) {
    out.clear();
    out.reserve(in.size());
    std::size_t i = 0;
    while (i < in.size()) {
        const std::size_t amp = in.find('&', i);
        if (amp == std::string_view::npos) {
            out.append(in.substr(i));
            break;
        }
        out.append(in.substr(i, amp - i));
        const std::size_t semi = in.find(';', amp + 1);
        const std::string_view ref =
            semi == std::string_view::npos ? std::string_view() : in.substr(amp + 1, semi - amp - 1);
        auto bad_name = [&] {
            if (ref.empty()) return true;
            for (char c : ref)
                if (is_space(c) || c == '&' || c == '<' || c == '"' || c == '\'') return true;
            return false;
        };
        if (semi == std::string_view::npos || bad_name()) {
            err = "'&' that starts no entity reference (write '&amp;')";
            return false;
        }
        if (ref == "lt") out += '<';
        else if (ref == "gt") out += '>';
        else if (ref == "amp") out += '&';
        else if (ref == "apos") out += '\'';
        else if (ref == "quot") out += '"';
        else if (ref[0] == '#') {
            std::string_view digits = ref.substr(1);
            int base = 10;
            if (!digits.empty() && digits[0] == 'x') {
                base = 16;
                digits.remove_prefix(1);
            }
            std::uint32_t cp = 0;
            const auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), cp, base);
            if (digits.empty() || ec != std::errc() || p != digits.data() + digits.size() || cp == 0 ||
                cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                err = "bad character reference " + quoted(in.substr(amp, semi - amp + 1));
                return false;
            }
            append_utf8(out, cp);
        } else {
            err = "undefined entity " + quoted(in.substr(amp, semi - amp + 1)) +
                  " (only the predefined entities are read; a DOCTYPE is not)";
            return false;
        }
        i = semi + 1;
    }
    return true;
}

}  // namespace referee::xml
