// Image sizes from header bytes (image_size.hpp).
#include "image_size.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>

namespace referee::vassal {

namespace {

std::uint32_t be16(std::string_view s, std::size_t at) {
    return (static_cast<std::uint32_t>(static_cast<unsigned char>(s[at])) << 8) | static_cast<unsigned char>(s[at + 1]);
}
std::uint32_t be32(std::string_view s, std::size_t at) { return (be16(s, at) << 16) | be16(s, at + 2); }
std::uint32_t le16(std::string_view s, std::size_t at) {
    return (static_cast<std::uint32_t>(static_cast<unsigned char>(s[at + 1])) << 8) | static_cast<unsigned char>(s[at]);
}

std::optional<Size> checked(std::uint32_t w, std::uint32_t h) {
    if (w == 0 || h == 0 || w > 0x7fffffffu || h > 0x7fffffffu) return std::nullopt;
    return Size{static_cast<int>(w), static_cast<int>(h)};
}

}  // namespace

std::optional<Size> png_size(std::string_view s) {
    // signature (8), then the first chunk: length (4), "IHDR" (4), width (4), height (4), big-endian.
    if (s.size() < 24 || s.substr(0, 8) != std::string_view("\x89PNG\r\n\x1a\n", 8) || s.substr(12, 4) != "IHDR") return std::nullopt;
    return checked(be32(s, 16), be32(s, 20));
}

std::optional<Size> gif_size(std::string_view s) {
    // "GIF87a" or "GIF89a", then the logical screen's width and height, little-endian.
    if (s.size() < 10 || (s.substr(0, 6) != "GIF87a" && s.substr(0, 6) != "GIF89a")) return std::nullopt;
    return checked(le16(s, 6), le16(s, 8));
}

std::optional<Size> jpeg_size(std::string_view s) {
    if (s.size() < 4 || static_cast<unsigned char>(s[0]) != 0xFF || static_cast<unsigned char>(s[1]) != 0xD8) return std::nullopt;
    std::size_t at = 2;
    for (;;) {
        // A marker: 0xFF, any number of 0xFF fill bytes, then the marker code.
        if (at >= s.size() || static_cast<unsigned char>(s[at]) != 0xFF) return std::nullopt;
        while (at < s.size() && static_cast<unsigned char>(s[at]) == 0xFF) ++at;
        if (at >= s.size()) return std::nullopt;
        const unsigned code = static_cast<unsigned char>(s[at]);
        ++at;
        if (code == 0xD9 || code == 0xDA) return std::nullopt;            // end of image, or scan data before a frame
        if (code == 0x01 || (code >= 0xD0 && code <= 0xD8)) continue;     // markers without a length
        if (at + 2 > s.size()) return std::nullopt;
        const std::size_t length = be16(s, at);                            // counts its own two bytes
        if (length < 2) return std::nullopt;
        const bool frame = code >= 0xC0 && code <= 0xCF && code != 0xC4 && code != 0xC8 && code != 0xCC;
        if (frame) {
            // length (2), sample precision (1), height (2), width (2)
            if (length < 7 || at + 7 > s.size()) return std::nullopt;
            return checked(be16(s, at + 5), be16(s, at + 3));
        }
        at += length;
    }
}

namespace {

// The value of attribute `name` in the start tag `tag`, if present.
std::optional<std::string_view> tag_attribute(std::string_view tag, std::string_view name) {
    std::size_t i = 0;
    while (i < tag.size()) {
        while (i < tag.size() && std::isspace(static_cast<unsigned char>(tag[i]))) ++i;
        const std::size_t name_start = i;
        while (i < tag.size() && !std::isspace(static_cast<unsigned char>(tag[i])) && tag[i] != '=') ++i;
        const std::string_view attr = tag.substr(name_start, i - name_start);
        while (i < tag.size() && std::isspace(static_cast<unsigned char>(tag[i]))) ++i;
        if (i >= tag.size() || tag[i] != '=') {
            ++i;
            continue;
        }
        ++i;
        while (i < tag.size() && std::isspace(static_cast<unsigned char>(tag[i]))) ++i;
        if (i >= tag.size() || (tag[i] != '"' && tag[i] != '\'')) return std::nullopt;
        const char quote = tag[i++];
        const std::size_t end = tag.find(quote, i);
        if (end == std::string_view::npos) return std::nullopt;
        if (attr == name) return tag.substr(i, end - i);
        i = end + 1;
    }
    return std::nullopt;
}

// An SVG length in user units: a number, alone or in px; other units and percentages give none.
std::optional<double> svg_length(std::string_view v) {
    while (!v.empty() && std::isspace(static_cast<unsigned char>(v.front()))) v.remove_prefix(1);
    while (!v.empty() && std::isspace(static_cast<unsigned char>(v.back()))) v.remove_suffix(1);
    double out = 0;
    const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
    if (ec != std::errc() || !std::isfinite(out) || out <= 0) return std::nullopt;
    const std::string_view unit = v.substr(static_cast<std::size_t>(p - v.data()));
    if (!unit.empty() && unit != "px") return std::nullopt;
    return out;
}

std::optional<Size> from_lengths(double w, double h) {
    if (w > 1e9 || h > 1e9) return std::nullopt;
    return checked(static_cast<std::uint32_t>(std::ceil(w)), static_cast<std::uint32_t>(std::ceil(h)));
}

}  // namespace

std::optional<Size> svg_size(std::string_view s) {
    // Skip the prolog (declaration, comments, doctype, processing instructions) to the root's start tag.
    std::size_t at = 0;
    if (s.starts_with("\xEF\xBB\xBF")) at = 3;
    for (;;) {
        at = s.find('<', at);
        if (at == std::string_view::npos || at + 1 >= s.size()) return std::nullopt;
        const std::string_view rest = s.substr(at);
        std::size_t end;
        if (rest.starts_with("<?")) end = s.find("?>", at);
        else if (rest.starts_with("<!--")) end = s.find("-->", at);
        else if (rest.starts_with("<!")) end = s.find('>', at);
        else break;
        if (end == std::string_view::npos) return std::nullopt;
        at = end + 1;
    }
    const std::size_t close = s.find('>', at);
    if (close == std::string_view::npos) return std::nullopt;
    std::string_view tag = s.substr(at + 1, close - at - 1);
    std::size_t name_end = 0;
    while (name_end < tag.size() && !std::isspace(static_cast<unsigned char>(tag[name_end])) && tag[name_end] != '/') ++name_end;
    const std::string_view name = tag.substr(0, name_end);
    if (name != "svg" && !name.ends_with(":svg")) return std::nullopt;
    tag.remove_prefix(name_end);
    const auto w = tag_attribute(tag, "width");
    const auto h = tag_attribute(tag, "height");
    if (w && h) {
        const auto wl = svg_length(*w);
        const auto hl = svg_length(*h);
        if (wl && hl) return from_lengths(*wl, *hl);
    }
    // Without a usable width and height, the viewBox's: "min-x min-y width height".
    if (const auto box = tag_attribute(tag, "viewBox")) {
        std::string text(*box);
        for (char& c : text)
            if (c == ',') c = ' ';
        double v[4];
        const char* p = text.data();
        const char* end = text.data() + text.size();
        for (double& x : v) {
            while (p < end && std::isspace(static_cast<unsigned char>(*p))) ++p;
            const auto [q, ec] = std::from_chars(p, end, x);
            if (ec != std::errc() || !std::isfinite(x)) return std::nullopt;
            p = q;
        }
        if (v[2] > 0 && v[3] > 0) return from_lengths(v[2], v[3]);
    }
    return std::nullopt;
}

std::optional<Size> image_size(std::string_view head) {
    if (auto s = png_size(head)) return s;
    if (auto s = gif_size(head)) return s;
    if (auto s = jpeg_size(head)) return s;
    return svg_size(head);
}

}  // namespace referee::vassal
