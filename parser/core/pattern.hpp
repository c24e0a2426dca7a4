// Patterns of a scenario's VASSAL binding (docs/scenario-format.md, "VASSAL binding"): literal text
// with fields in braces, matched against a whole text (a piece's name, a location name, a chat
// line). `{name}` captures one or more characters under its name (letters, digits, '_');
// `{*}` matches any characters, none included, and keeps nothing; `{{` and `}}` are a literal brace.
// In a template (fill), a field may carry a numbering transform: `{col+1}`, `{row-3}` add to a
// whole number, and `:W` pads it with zeros to W digits (`{col:2}`, `{row+1:2}`); a value that is no
// whole number cannot be transformed (fill gives none). A pattern used to match has no transforms
// (has_transforms() tells; the caller refuses them).
//
// A match takes, field by field from the left, the shortest text that lets the rest of the pattern
// match (what a backtracking matcher that tries the shortest first would find). It is found without
// backtracking: the literal after a field is taken at its first occurrence, since any match with a
// later occurrence is also a match with the first one (the next field takes the difference), and
// the last literal is the text's end. A match costs at most the text's length times the pattern's
// length, whatever the text or the pattern (no regular expressions: both come from outside).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace referee {

// A field's name and the text it took: views into the pattern and into the matched text.
using PatternFields = std::vector<std::pair<std::string_view, std::string_view>>;

class Pattern {
public:
    // None, with `*error` set (when given) to what is wrong: an unclosed or stray brace, an empty
    // field, a field name that is not letters, digits and '_', a field named twice.
    static std::optional<Pattern> compile(std::string_view text, std::string* error);

    // Whether the whole of `s` matches; when it does and `fields` is given, `*fields` is set to the
    // captured fields in the pattern's order.
    bool match(std::string_view s, PatternFields* fields) const;

    // The pattern used as a template: its literals, with each field replaced by its value in
    // `fields`; none when a field of the template has no value there, or the template has `{*}`.
    std::optional<std::string> fill(const PatternFields& fields) const;

    // The names of the capturing fields, in order.
    std::vector<std::string_view> field_names() const;
    bool has_field(std::string_view name) const;
    bool has_transforms() const;
    const std::string& text() const { return text_; }

private:
    Pattern() = default;
    // The pattern is lead, then for each field: the field and the literal after it.
    struct Part {
        std::string name;      // "" for {*}
        std::size_t min = 1;   // the fewest characters the field takes
        long long offset = 0;  // a template's transform: added to the value ({col+1})
        int width = 0;         // zero padding to this many digits ({col:2}); 0: none
        bool transform = false;
        std::string literal;   // the text after it, up to the next field
    };
    std::string text_;
    std::string lead_;
    std::vector<Part> parts_;
};

}  // namespace referee
