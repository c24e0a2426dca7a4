// VASSAL's formatted strings ("$pieceName$ moves $previousLocation$ &rarr; $location$ *"): the
// text is cut at '$' by VASSAL's token decoder (so "\$" is a literal dollar), and every second token
// that has a token after it names a variable; a variable name without its closing '$' is literal
// text, and "$$" gives nothing. Substituting replaces each variable with its value (an unknown one
// with nothing, as VASSAL does when no property has the name). Matching goes the other way: it
// finds the values that make a format give a text (a move report, a dice report), on texts put in
// one form first (normalize_report_text), so `&rarr;`, `→` and `->` are the same arrow and `&lt;`,
// `&gt;`, `&amp;`, `&quot;` are their characters. A variable that occurs twice must match the same
// text both times; where a text can be cut several ways, earlier variables take the shortest text.
// The search is bounded: a format of more than max_match_parts parts matches nothing, and a search
// that would take more than 200,000 steps or 16 MiB of bytes compared, searched and copied gives up
// (no match); a report line of VASSAL's takes a few hundred of each.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace referee::vassal {

using FormatVars = std::map<std::string, std::string, std::less<>>;

inline constexpr std::size_t max_match_parts = 1024;   // real formats have a dozen

class FormattedString {
public:
    struct Segment {
        std::string text;        // literal text, or the variable's name
        bool variable = false;
    };

    FormattedString() = default;
    explicit FormattedString(std::string_view format);

    const std::string& text() const { return text_; }
    const std::vector<Segment>& segments() const { return segments_; }
    bool empty() const { return text_.empty(); }
    bool uses(std::string_view variable) const;

    // Appends the text to `out`; `value_of(name, out)` appends a variable's value (no temporary).
    // Once `out` holds `limit` bytes or more, the parts left are not appended (the caller that
    // gives a limit refuses what passed it).
    template <class F>
    void append(std::string& out, F&& value_of, std::size_t limit = std::string::npos) const {
        for (const Segment& s : segments_) {
            if (out.size() >= limit) return;
            if (s.variable) value_of(std::string_view(s.text), out);
            else out += s.text;
        }
    }
    std::string substitute(const FormatVars& vars) const;
    // The variables' values when the format gives `text` (both normalized first), else none.
    std::optional<FormatVars> match(std::string_view text) const;

private:
    std::string text_;
    std::vector<Segment> segments_;
};

std::string substitute(std::string_view format, const FormatVars& vars);
std::optional<FormatVars> match_format(std::string_view format, std::string_view text);

// A report text in one form: the HTML entities &lt; &gt; &amp; &quot; &apos; &#39; &nbsp; and
// &rarr; decoded, and "->" and "&rarr;" written as "→".
std::string normalize_report_text(std::string_view text);
// The same entities decoded, and nothing else: typed chat ("&lt;Alice&gt; - text" from VASSAL 3.5
// on) as the player typed it, "->" left as it is.
std::string decode_entities(std::string_view text);

// The text a module's format gave, from a chat line as VASSAL sent it (the text after "CHAT"):
// VASSAL puts "* " before a report, or one more "*" when the report already begins with "*".
std::string_view report_of_chat(std::string_view chat_text);

// An undone chat line, as VASSAL before 3.6.7 logged the undo of a chat or report line
// ("* UNDO: " + the line): never a report, a roll or typed chat (the shared FORMAT.md §3.3).
bool undo_chat(std::string_view chat_text);

}  // namespace referee::vassal
