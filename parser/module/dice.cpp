// Dice from a VASSAL file's chat lines and properties (dice.hpp). A standard button's $result$ is
// its dice, each plus the button's `plus`, joined with commas, or with reportTotal their sum plus
// `addToTotal` (the shared FORMAT.md §6): the faces are read back from it where that can be done
// without guessing, and a result that is not numbers is not a roll of such a button.
#include "dice.hpp"

#include "format.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace referee::vassal {

namespace {

// VASSAL's default report format of a DiceButton, which 2.x and 3.x both wrote.
constexpr std::string_view default_format = "** $name$ = $result$ *** <$playerName$>";
constexpr std::size_t max_dice = 1000;   // a result listing more is not read as dice

std::string_view trim(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
}

std::optional<long long> to_number(std::string_view s) {
    s = trim(s);
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    long long v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    if (v < -1000000000LL || v > 1000000000LL) return std::nullopt;   // no die shows it; keeps sums exact
    return v;
}

// "3,5" or "8": the numbers, or none when one is not a number.
std::optional<std::vector<long long>> numbers(std::string_view result) {
    std::vector<long long> out;
    while (true) {
        const std::size_t comma = result.find(',');
        std::optional<long long> v = to_number(result.substr(0, comma));
        if (!v || out.size() >= max_dice) return std::nullopt;
        out.push_back(*v);
        if (comma == std::string_view::npos) break;
        result.remove_prefix(comma + 1);
    }
    return out;
}

// A name like "2d6", "d6" or "1D10": the number of dice and their size, or none.
std::optional<std::pair<int, int>> dice_of_name(std::string_view name) {
    const std::size_t d = name.find_first_of("dD");
    if (d == std::string_view::npos || d + 1 >= name.size()) return std::nullopt;
    int n = 1, sides = 0;
    const std::string_view count = name.substr(0, d), size = name.substr(d + 1);
    if (!count.empty()) {
        const auto [end, ec] = std::from_chars(count.data(), count.data() + count.size(), n);
        if (ec != std::errc() || end != count.data() + count.size()) return std::nullopt;
    }
    const auto [end, ec] = std::from_chars(size.data(), size.data() + size.size(), sides);
    if (ec != std::errc() || end != size.data() + size.size()) return std::nullopt;
    if (n < 1 || n > static_cast<int>(max_dice) || sides < 2 || sides > 1000) return std::nullopt;
    return std::pair{n, sides};
}

// A variable's value, its name compared without case ($playerName$ and $PlayerName$ are both seen).
const std::string* var(const FormatVars& vars, std::string_view name) {
    for (const auto& [k, v] : vars)
        if (std::equal(k.begin(), k.end(), name.begin(), name.end(),
                       [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b)); }))
            return &v;
    return nullptr;
}

}  // namespace

DiceReader::DiceReader(const Module* module) : module_(module) {
    if (module == nullptr) {
        buttons_.push_back({nullptr, std::string(default_format)});
        return;
    }
    for (const DiceButton& b : module->dice_buttons)
        if (!b.report_format.empty()) buttons_.push_back({&b, b.report_format});
}

std::optional<DiceRoll> DiceReader::read(const DiceButton* def, std::string name, std::string result) const {
    DiceRoll r;
    r.button = std::move(name);
    r.result = std::move(result);
    if (def != nullptr && def->kind == DiceKind::special) {
        r.sides = def->n_sides;   // the faces are texts: counted as a roll, not read as numbers
        return r;
    }
    std::optional<std::vector<long long>> values = numbers(r.result);
    if (!values) return std::nullopt;
    long long sum = 0;
    for (long long v : *values) sum += v;
    r.total = sum;
    int n_dice = 1, plus = 0, add = 0;
    bool total_only = false, kept = false;
    if (def != nullptr) {
        n_dice = def->n_dice;
        r.sides = def->n_sides;
        plus = def->plus;
        add = def->add_to_total;
        total_only = def->report_total;
        kept = def->keep_dice;
    } else if (auto nd = dice_of_name(r.button)) {
        n_dice = nd->first;
        r.sides = nd->second;
        total_only = n_dice > 1 && values->size() == 1;
    }
    if (r.sides < 2 || kept) return r;   // kept dice are the highest or lowest: not a fair sample
    if (total_only) {
        if (n_dice == 1 && values->size() == 1) r.faces.push_back(static_cast<int>(values->front() - plus - add));
    } else if (values->size() == static_cast<std::size_t>(n_dice)) {
        for (long long v : *values) r.faces.push_back(static_cast<int>(v - plus));
    }
    if (std::any_of(r.faces.begin(), r.faces.end(), [&](int f) { return f < 1 || f > r.sides; })) r.faces.clear();
    return r;
}

std::optional<DiceRoll> DiceReader::from_chat(std::string_view chat) const {
    if (undo_chat(chat)) return std::nullopt;   // the undo of a roll's line is no roll
    const std::string_view report = report_of_chat(chat);
    for (const Button& b : buttons_) {
        std::optional<FormatVars> vars = match_format(b.format, report);
        if (!vars) continue;
        const std::string* name = var(*vars, "name");
        if (b.def != nullptr && name != nullptr && *name != b.def->name) continue;   // another button's line
        if (b.def == nullptr && (name == nullptr || name->empty())) continue;
        const std::string* result = var(*vars, "result");
        std::optional<DiceRoll> roll;
        if (result == nullptr) {
            // A format without $result$ (a special button's $result1$...): a roll, its dice unread.
            roll.emplace();
            roll->button = b.def != nullptr ? b.def->name : *name;
            if (b.def != nullptr) roll->sides = b.def->n_sides;
        } else {
            roll = read(b.def, b.def != nullptr ? b.def->name : *name, *result);
        }
        if (!roll) continue;
        if (const std::string* player = var(*vars, "playerName")) roll->player = *player;
        return roll;
    }
    return std::nullopt;
}

std::optional<DiceRoll> DiceReader::from_property(const PropertyChange& change) const {
    constexpr std::string_view suffix = "_result";
    if (!change.name.ends_with(suffix) || change.name.size() == suffix.size()) return std::nullopt;
    std::string button = change.name.substr(0, change.name.size() - suffix.size());
    const DiceButton* def = nullptr;
    if (module_ != nullptr) {
        for (const DiceButton& b : module_->dice_buttons)
            if (b.name == button) def = &b;
    }
    std::optional<DiceRoll> roll = read(def, std::move(button), change.new_value);
    if (!roll) {
        // A value that is not numbers (a special button's face texts): still the button's roll.
        roll.emplace();
        roll->button = change.name.substr(0, change.name.size() - suffix.size());
        roll->result = change.new_value;
    }
    return roll;
}

}  // namespace referee::vassal
