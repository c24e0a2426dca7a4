#include "content.hpp"

#include "diagnostics.hpp"
#include "utf8.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <unordered_set>

namespace referee {

namespace {

bool space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

std::string_view without_bom(std::string_view t) { return t.starts_with("\xEF\xBB\xBF") ? t.substr(3) : t; }

std::string_view trim_left(std::string_view t) {
    std::size_t i = 0;
    while (i < t.size() && space(t[i])) ++i;
    return t.substr(i);
}

// Bytes that text never holds: NUL and the other C0 controls but tab, line feed, carriage return,
// form feed and vertical tab; DEL; bytes that are not well-formed UTF-8.
std::size_t junk_bytes(std::string_view t) {
    const auto* p = reinterpret_cast<const unsigned char*>(t.data());
    std::size_t junk = 0;
    for (std::size_t i = 0; i < t.size();) {
        const unsigned c = p[i];
        if (c < 0x80) {
            if ((c < 0x20 && !space(static_cast<char>(c))) || c == 0x7F) ++junk;
            ++i;
            continue;
        }
        const std::size_t n = utf8_sequence(p + i, t.size() - i);
        if (n == 0) {
            ++junk;
            ++i;
        } else {
            i += n;
        }
    }
    return junk;
}

// Binary data: at least 4 junk bytes, and at least a tenth of the bytes looked at.
bool binary(std::string_view t) {
    const std::size_t junk = junk_bytes(t);
    return junk >= 4 && junk * 10 >= t.size();
}

// The first line that is not blank (from its first non-space byte), at most `max` bytes of it.
std::string_view first_line(std::string_view t, std::size_t max) {
    t = trim_left(without_bom(t));
    return t.substr(0, std::min({t.find('\n'), max, t.size()}));
}

bool name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' || c == ':' ||
           static_cast<unsigned char>(c) >= 0x80;
}

// The name of an XML document's root element, when the text begins as XML does (a '<' after
// optional white space and byte-order mark, then declarations, comments and a DOCTYPE) and the
// name is there whole; else none.
std::optional<std::string_view> xml_root(std::string_view t) {
    t = trim_left(without_bom(t));
    for (;;) {
        if (!t.starts_with('<')) return std::nullopt;
        std::string_view close;  // what ends a declaration, a comment or a DOCTYPE
        if (t.starts_with("<?")) close = "?>";
        else if (t.starts_with("<!--")) close = "-->";
        else if (t.starts_with("<!")) close = ">";
        else break;
        const std::size_t end = t.find(close, close == "-->" ? 4 : 2);
        if (end == std::string_view::npos) return std::nullopt;
        t = trim_left(t.substr(end + close.size()));
    }
    std::size_t n = 1;
    while (n < t.size() && name_char(t[n])) ++n;
    if (n == 1 || n == t.size() || !(space(t[n]) || t[n] == '>' || t[n] == '/')) return std::nullopt;
    return t.substr(1, n - 1);
}

// A PGN tag pair: [Name "value"] on its own line.
bool pgn_tag(std::string_view line) {
    while (!line.empty() && space(line.back())) line.remove_suffix(1);
    if (line.size() < 5 || line.front() != '[' || line.back() != ']') return false;
    std::size_t i = 1;
    while (i < line.size() && ((line[i] >= 'A' && line[i] <= 'Z') || (line[i] >= 'a' && line[i] <= 'z') || line[i] == '_')) ++i;
    return i > 1 && i + 1 < line.size() && line[i] == ' ' && line[i + 1] == '"' && line[line.size() - 2] == '"';
}

// A JSON object, or an array of objects, strings or arrays (nothing a move log's line begins with).
bool json_start(std::string_view t) {
    t = trim_left(without_bom(t));
    if (t.empty() || (t[0] != '{' && t[0] != '[')) return false;
    const std::string_view next = trim_left(t.substr(1));
    if (next.empty()) return false;
    return t[0] == '{' ? next[0] == '"' || next[0] == '}' : next[0] == '{' || next[0] == '[' || next[0] == '"' || next[0] == ']';
}

// At most `max` bytes of a line (whole characters, then "..."), in quotes, with every byte that is
// not printable text shown as '?'.
std::string quoted(std::string_view line, std::size_t max) {
    while (!line.empty() && space(line.back())) line.remove_suffix(1);
    std::string out = "'";
    const auto* p = reinterpret_cast<const unsigned char*>(line.data());
    std::size_t i = 0;
    while (i < line.size() && i < max) {
        const unsigned c = p[i];
        if (c < 0x80) {
            out += c < 0x20 || c == 0x7F ? '?' : static_cast<char>(c);
            ++i;
            continue;
        }
        const std::size_t len = utf8_sequence(p + i, line.size() - i);
        if (len == 0) {
            out += '?';
            ++i;
        } else {
            out.append(line.substr(i, len));
            i += len;
        }
    }
    if (i < line.size()) out += "...";
    return out + "'";
}

// UTF-16 text without a byte-order mark (a NUL every other byte): "little-endian" or "big-endian"
// when at least 8 bytes are looked at, nine in ten of the bytes of one parity are NUL and none of
// the other parity's is; else none. ASCII text in UTF-16 is so (each character's high byte NUL).
const char* utf16_without_mark(std::string_view t) {
    const std::size_t n = t.size() & ~std::size_t{1};
    if (n < 8) return nullptr;
    std::size_t nul[2] = {0, 0};
    for (std::size_t i = 0; i < n; ++i)
        if (t[i] == '\0') ++nul[i & 1];
    const std::size_t half = n / 2;
    if (nul[1] * 10 >= half * 9 && nul[0] == 0) return "little-endian";
    if (nul[0] * 10 >= half * 9 && nul[1] == 0) return "big-endian";
    return nullptr;
}

#define REFEREE_SAVE_AS_UTF8 " (referee reads UTF-8: save the file as UTF-8)"

constexpr std::string_view kNot = ", not a game record (a move log, an XML save, or a VASSAL save or log)";

}  // namespace

ZipKind zip_kind(std::string_view bytes) {
    if (!bytes.starts_with(std::string_view("PK\x03\x04", 4)) && !bytes.starts_with(std::string_view("PK\x05\x06", 4))) return ZipKind::NotZip;
    if (bytes.find("buildFile") != std::string_view::npos) return ZipKind::Module;
    if (bytes.find("savedGame") != std::string_view::npos) return ZipKind::VassalGame;
    return ZipKind::Other;
}

std::optional<std::string> plainly_not_a_record(std::string_view text) {
    struct Magic {
        std::string_view bytes;
        const char* what;
    };
    static constexpr Magic kMagic[] = {
        {"%PDF-", "a PDF document"},
        {"\x89PNG\r\n\x1A\n", "a PNG image"},
        {"GIF87a", "a GIF image"},
        {"GIF89a", "a GIF image"},
        {"\xFF\xD8\xFF", "a JPEG image"},
        {"\x1F\x8B", "gzip-compressed data"},
        {"\x7F" "ELF", "an executable program"},
        {"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", "an old Microsoft Office document"},
        {"7z\xBC\xAF\x27\x1C", "a 7-Zip archive"},
        {"Rar!\x1A\x07", "a RAR archive"},
        {"{\\rtf", "an RTF document"},
        // Text in another encoding than UTF-8, by its byte-order mark (UTF-32 first: its
        // little-endian mark begins with UTF-16's).
        {std::string_view("\xFF\xFE\0\0", 4), "text in UTF-32 little-endian, with a byte-order mark" REFEREE_SAVE_AS_UTF8},
        {std::string_view("\0\0\xFE\xFF", 4), "text in UTF-32 big-endian, with a byte-order mark" REFEREE_SAVE_AS_UTF8},
        {"\xFF\xFE", "text in UTF-16 little-endian, with a byte-order mark" REFEREE_SAVE_AS_UTF8},
        {"\xFE\xFF", "text in UTF-16 big-endian, with a byte-order mark" REFEREE_SAVE_AS_UTF8},
    };
    for (const Magic& m : kMagic)
        if (text.starts_with(m.bytes)) return fmt::format("{}{}", m.what, kNot);
    if (const char* order = utf16_without_mark(text.substr(0, 1024)))
        return fmt::format("text in UTF-16 {}, without a byte-order mark{}{}", order, REFEREE_SAVE_AS_UTF8, kNot);
    // Binary from its first line on; or, past a first line that reads as text, holding NUL bytes
    // (text never does) among bytes a tenth of which text never holds: a record followed by
    // garbage is one message, not one syntax error a line.
    const std::string_view head = text.substr(0, 65536);
    if ((binary(first_line(text, 1024)) && binary(text.substr(0, 1024))) || (head.find('\0') != std::string_view::npos && binary(head)))
        return fmt::format("binary data{}", kNot);
    if (const std::optional<std::string_view> root = xml_root(text)) {
        const std::string_view r = *root;
        if (r == "referee-save") return std::nullopt;
        if (r == "scenario") return fmt::format("a scenario file (its root element is <scenario>: it goes with --scenario FILE){}", kNot);
        if (r.starts_with("VASSAL.")) return fmt::format("a VASSAL module's buildFile (it goes with --module M){}", kNot);
        std::string lower(r.substr(0, 40));
        for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        if (lower == "html") return fmt::format("an HTML page{}", kNot);
        if (lower == "svg") return fmt::format("an SVG image{}", kNot);
        return fmt::format("an XML document whose root element is <{}>, not <referee-save>{}", r.substr(0, 40), kNot);
    }
    if (pgn_tag(first_line(text, 4096))) return fmt::format("a PGN chess game{}", kNot);
    if (json_start(text)) return fmt::format("a JSON document{}", kNot);
    return std::nullopt;
}

#undef REFEREE_SAVE_AS_UTF8

std::optional<std::string> mostly_not_records(std::string_view text, const GameRecord& g) {
    std::unordered_set<std::uint32_t> bad;
    for (const Diagnostic& d : g.diagnostics)
        if (d.severity == Severity::Error && d.code == code_name(Code::Syntax)) bad.insert(d.line);
    if (bad.empty()) return std::nullopt;
    // The lines that hold anything but a comment.
    std::size_t lines = 0, bad_lines = 0;
    std::uint32_t first = 0;
    std::string_view first_text;
    std::uint32_t n = 0;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t nl = text.find('\n', at);
        std::string_view line = text.substr(at, nl == std::string_view::npos ? std::string_view::npos : nl - at);
        at = nl == std::string_view::npos ? text.size() : nl + 1;
        ++n;
        if (n == 1) line = without_bom(line);
        line = trim_left(line);
        if (line.empty() || line[0] == '#') continue;
        ++lines;
        if (first == 0) {
            first = n;
            first_text = line;
        }
        if (bad.count(n) != 0) ++bad_lines;
    }
    // A move log has one syntax error a line at most: those past the cap kept (record.hpp) are lines
    // after the last one kept.
    bad_lines = std::min(bad_lines + g.errors_not_kept, lines);
    if (first == 0 || bad.count(first) == 0 || 2 * bad_lines <= lines) return std::nullopt;
    if (binary(text.substr(0, 64 * 1024))) return fmt::format("binary data{}", kNot);
    return fmt::format("text that is not a move log: {} of its {} lines fit no record, the first of them line {}: {}{}", bad_lines, lines,
                       first, quoted(first_text, 60), kNot);
}

}  // namespace referee
