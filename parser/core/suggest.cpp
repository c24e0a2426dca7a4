#include "suggest.hpp"

#include <algorithm>
#include <cctype>

namespace referee {

namespace {

char fold(char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b, std::size_t limit) {
    const std::size_t n = a.size(), m = b.size();
    if ((n > m ? n - m : m - n) > limit) return limit + 1;
    // Three rows of the optimal-string-alignment table: two before this one, for a swap.
    std::vector<std::size_t> before(m + 1), last(m + 1), row(m + 1);
    for (std::size_t j = 0; j <= m; ++j) last[j] = j;
    for (std::size_t i = 1; i <= n; ++i) {
        row[0] = i;
        std::size_t least = row[0];
        for (std::size_t j = 1; j <= m; ++j) {
            const bool same = fold(a[i - 1]) == fold(b[j - 1]);
            std::size_t d = std::min({last[j] + 1, row[j - 1] + 1, last[j - 1] + (same ? 0 : 1)});
            if (i > 1 && j > 1 && fold(a[i - 1]) == fold(b[j - 2]) && fold(a[i - 2]) == fold(b[j - 1])) d = std::min(d, before[j - 2] + 1);
            row[j] = d;
            least = std::min(least, d);
        }
        if (least > limit) return limit + 1;
        std::swap(before, last);
        std::swap(last, row);
    }
    return std::min(last[m], limit + 1);
}

void Suggestions::consider(std::string_view known) {
    const std::size_t limit = wrong_.size() <= 3 ? 1 : 2;
    const std::size_t d = edit_distance(wrong_, known, limit);
    if (d > limit || known == wrong_) return;   // 0 edits but another case: worth saying too
    for (const Near& n : near_)
        if (n.name == known) return;
    near_.push_back(Near{d, std::string(known)});
    std::stable_sort(near_.begin(), near_.end(), [](const Near& x, const Near& y) { return x.distance < y.distance; });
    if (near_.size() > 3) near_.pop_back();
}

std::string Suggestions::text() const {
    if (near_.empty()) return "";
    std::string out = " (did you mean ";
    for (std::size_t i = 0; i < near_.size(); ++i) {
        if (i > 0) out += i + 1 == near_.size() ? " or " : ", ";
        out += "'" + near_[i].name + "'";
    }
    return out + "?)";
}

}  // namespace referee
