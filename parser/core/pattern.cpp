#include "pattern.hpp"

#include <charconv>

namespace referee {

namespace {
bool name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The most a transform adds, and the widest padding: numbering is a few digits.
constexpr long long kMaxOffset = 1000000;
constexpr int kMaxWidth = 9;

// "+N", "-N", ":W", "+N:W" after a field's name: false when it is none of these.
bool read_transform(std::string_view t, long long& offset, int& width) {
    const auto number = [](std::string_view s, long long& out) {
        if (s.empty() || s.size() > 7) return false;
        const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
        return ec == std::errc() && p == s.data() + s.size();
    };
    const auto colon = t.find(':');
    std::string_view add = t.substr(0, colon);
    if (!add.empty()) {
        if (add.front() != '+' && add.front() != '-') return false;
        long long n = 0;
        if (!number(add.substr(1), n) || n > kMaxOffset) return false;
        offset = add.front() == '-' ? -n : n;
    }
    if (colon != std::string_view::npos) {
        long long w = 0;
        if (!number(t.substr(colon + 1), w) || w < 1 || w > kMaxWidth) return false;
        width = static_cast<int>(w);
    }
    return true;
}
}  // namespace

std::optional<Pattern> Pattern::compile(std::string_view text, std::string* error) {
    auto fail = [&](std::string message) -> std::optional<Pattern> {
        if (error) *error = std::move(message);
        return std::nullopt;
    };
    Pattern p;
    p.text_ = std::string(text);
    std::string* literal = &p.lead_;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '}') {
            if (i + 1 < text.size() && text[i + 1] == '}') {
                literal->push_back('}');
                ++i;
                continue;
            }
            return fail("a '}' with no '{' before it at character " + std::to_string(i + 1) +
                        " (a literal brace is written '}}')");
        }
        if (c != '{') {
            literal->push_back(c);
            continue;
        }
        if (i + 1 < text.size() && text[i + 1] == '{') {
            literal->push_back('{');
            ++i;
            continue;
        }
        const auto close = text.find('}', i + 1);
        if (close == std::string_view::npos)
            return fail("a '{' that is not closed at character " + std::to_string(i + 1) +
                        " (a literal brace is written '{{')");
        const std::string_view name = text.substr(i + 1, close - i - 1);
        Part part;
        if (name == "*") {
            part.min = 0;
        } else {
            if (name.empty()) return fail("an empty field '{}' at character " + std::to_string(i + 1));
            std::size_t end = 0;
            while (end < name.size() && name_char(name[end])) ++end;
            if (end == 0 || (end < name.size() && !read_transform(name.substr(end), part.offset, part.width)))
                return fail("the field '{" + std::string(name) +
                            "}' is not a name (letters, digits, '_'), a name with a numbering transform (+N, -N, :WIDTH) or '{*}'");
            part.transform = end < name.size();
            for (const Part& q : p.parts_)
                if (q.name == name.substr(0, end)) return fail("the field '{" + std::string(name.substr(0, end)) + "}' is named twice");
            part.name = std::string(name.substr(0, end));
        }
        p.parts_.push_back(std::move(part));
        literal = &p.parts_.back().literal;
        i = close;
    }
    return p;
}

bool Pattern::match(std::string_view s, PatternFields* fields) const {
    if (fields) fields->clear();
    if (s.substr(0, lead_.size()) != lead_) return false;
    if (parts_.empty()) return s.size() == lead_.size();
    std::size_t pos = lead_.size();
    for (std::size_t k = 0; k < parts_.size(); ++k) {
        const Part& part = parts_[k];
        if (pos + part.min > s.size()) return false;
        std::size_t at;
        if (k + 1 == parts_.size()) {
            // The last literal ends the text.
            if (s.size() < pos + part.min + part.literal.size()) return false;
            at = s.size() - part.literal.size();
            if (s.substr(at) != part.literal) return false;
        } else {
            at = s.find(part.literal, pos + part.min);
            if (at == std::string_view::npos) return false;
        }
        if (fields && !part.name.empty()) fields->emplace_back(part.name, s.substr(pos, at - pos));
        pos = at + part.literal.size();
    }
    return true;
}

std::optional<std::string> Pattern::fill(const PatternFields& fields) const {
    std::string out = lead_;
    for (const Part& part : parts_) {
        if (part.name.empty()) return std::nullopt;
        const std::string_view* value = nullptr;
        for (const auto& [name, v] : fields)
            if (name == part.name) value = &v;
        if (!value) return std::nullopt;
        if (part.transform) {
            long long n = 0;
            const std::string_view v = *value;
            const auto [q, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
            if (v.empty() || v.size() > 12 || ec != std::errc() || q != v.data() + v.size()) return std::nullopt;
            n += part.offset;
            std::string digits = std::to_string(n < 0 ? -n : n);
            if (digits.size() < static_cast<std::size_t>(part.width)) digits.insert(0, static_cast<std::size_t>(part.width) - digits.size(), '0');
            if (n < 0) out += '-';
            out += digits;
        } else {
            out += *value;
        }
        out += part.literal;
    }
    return out;
}

std::vector<std::string_view> Pattern::field_names() const {
    std::vector<std::string_view> names;
    for (const Part& part : parts_)
        if (!part.name.empty()) names.emplace_back(part.name);
    return names;
}

bool Pattern::has_transforms() const {
    for (const Part& part : parts_)
        if (part.transform) return true;
    return false;
}

bool Pattern::has_field(std::string_view name) const {
    for (const Part& part : parts_)
        if (part.name == name) return true;
    return false;
}

}  // namespace referee
