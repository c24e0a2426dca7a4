// "Did you mean": a name that is not known, compared with the names that are (report.md, "A
// tournament's batch": a unit, location, phase, side, parameter or scenario id one or two edits
// from a known one). Only on the path of a mistake: nothing here runs for a record that is right.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace referee {

// Edits (insert, delete, change, swap two neighbours) from `a` to `b`, letters compared without
// case; stops counting past `limit` (returns limit + 1).
std::size_t edit_distance(std::string_view a, std::string_view b, std::size_t limit);

// Collects the known names closest to a mistaken one: within one edit of a name of three letters or
// fewer, within two of a longer one; the closest first, at most three.
class Suggestions {
public:
    explicit Suggestions(std::string_view wrong) : wrong_(wrong) {}
    void consider(std::string_view known);
    template <class Range>
    Suggestions& over(const Range& names) {
        for (const auto& n : names) consider(n);
        return *this;
    }
    // " (did you mean 'X'?)", " (did you mean 'X' or 'Y'?)", or "" when none is close.
    std::string text() const;

private:
    std::string_view wrong_;
    struct Near {
        std::size_t distance;
        std::string name;
    };
    std::vector<Near> near_;
};

// The usual use: Suggestions(wrong).over(known).text().
template <class Range>
std::string did_you_mean(std::string_view wrong, const Range& known) {
    return Suggestions(wrong).over(known).text();
}

}  // namespace referee
