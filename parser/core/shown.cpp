#include "shown.hpp"

#include "utf8.hpp"

#include <cstddef>

namespace referee {

namespace {

// What to do with the character at p (avail bytes from p on): how many bytes it takes, and
// whether it is shown as it is.
struct Unit {
    std::size_t len;
    bool keep;
    unsigned code;  // the code point (a byte's value when the byte is no well-formed UTF-8)
    bool invalid;   // a byte that is not part of well-formed UTF-8
};

inline bool hidden_code(unsigned cp) {
    return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp == 0x061c || cp == 0x200e || cp == 0x200f || cp == 0x2028 || cp == 0x2029 ||
           (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

Unit unit_at(const unsigned char* p, std::size_t avail) {
    const unsigned c = p[0];
    if (c < 0x80) return Unit{1, !hidden_code(c), c, false};
    const std::size_t len = utf8_sequence(p, avail);
    if (len == 0) return Unit{1, false, c, true};
    unsigned cp = c & (0xff >> (len + 1));
    for (std::size_t k = 1; k < len; ++k) cp = (cp << 6) | (p[k] & 0x3f);
    return Unit{len, !hidden_code(cp), cp, false};
}

// The first byte of s that is not printable ASCII (below 0x20, DEL, or past ASCII), or s.size().
inline std::size_t first_special(std::string_view s) {
    std::size_t i = 0;
    for (; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x20 || c >= 0x7f) break;
    }
    return i;
}

constexpr char kHex[] = "0123456789abcdef";

void append_text_escape(std::string& out, const Unit& u) {
    if (u.invalid || u.code < 0x20 || u.code == 0x7f) {
        switch (u.code) {
            case '\n': out += "\\n"; return;
            case '\r': out += "\\r"; return;
            case '\t': out += "\\t"; return;
            default: break;
        }
        if (u.invalid || u.code < 0x80) {
            out += "\\x";
            out += kHex[(u.code >> 4) & 0xf];
            out += kHex[u.code & 0xf];
            return;
        }
    }
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(u.code >> shift) & 0xf];
}

}  // namespace

bool plain_text(std::string_view s) noexcept {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    for (std::size_t i = first_special(s); i < s.size();) {
        const Unit u = unit_at(p + i, s.size() - i);
        if (!u.keep) return false;
        i += u.len;
        i += first_special(s.substr(i));
    }
    return true;
}

void append_escaped(std::string& out, std::string_view s) {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    std::size_t i = 0;
    while (i < s.size()) {
        const std::size_t run = first_special(s.substr(i));
        out.append(s.data() + i, run);
        i += run;
        if (i == s.size()) break;
        const Unit u = unit_at(p + i, s.size() - i);
        if (u.keep) out.append(s.data() + i, u.len);
        else append_text_escape(out, u);
        i += u.len;
    }
}

std::string escape_for_terminal(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    append_escaped(out, s);
    return out;
}

std::string escape_json_text(std::string json) {
    // Only past ASCII and DEL is there anything to do: the writer escaped the strings' C0
    // controls, and those left are the document's own white space.
    const auto* p = reinterpret_cast<const unsigned char*>(json.data());
    // The next byte from k on that is DEL or past ASCII, or the end.
    auto next_special = [&](std::size_t k) {
        while (k < json.size() && p[k] < 0x7f) ++k;
        return k;
    };
    std::size_t i = next_special(0);
    if (i == json.size()) return json;
    // Past ASCII, only what must be escaped makes a copy.
    bool any = false;
    for (std::size_t k = i; k < json.size() && !any; k = next_special(k)) {
        const Unit u = unit_at(p + k, json.size() - k);
        any = !u.keep;
        k += u.len;
    }
    if (!any) return json;
    std::string out;
    out.reserve(json.size() + 16);
    out.append(json, 0, i);
    while (i < json.size()) {
        const std::size_t run = next_special(i);
        out.append(json, i, run - i);
        i = run;
        if (i == json.size()) break;
        const Unit u = unit_at(p + i, json.size() - i);
        if (u.keep) {
            out.append(json, i, u.len);
        } else {
            const unsigned code = u.invalid ? 0xfffd : u.code;
            out += "\\u";
            for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(code >> shift) & 0xf];
        }
        i += u.len;
    }
    return out;
}

}  // namespace referee
