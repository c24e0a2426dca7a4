// A TurnTracker's state read with the module's levels (tracker.hpp).
#include "tracker.hpp"

#include "vassal_text.hpp"

#include <charconv>

namespace referee {

namespace {

constexpr int kMaxDepth = 64;  // the module reader keeps no deeper level

std::optional<std::int64_t> number(std::string_view s) {
    std::int64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
    return v;
}

void count(const std::vector<vassal::TurnLevel>& levels, std::size_t& n, int depth) {
    if (depth > kMaxDepth) return;
    for (const vassal::TurnLevel& l : levels) {
        ++n;
        count(l.levels, n, depth + 1);
    }
}

void missing(const std::vector<vassal::TurnLevel>& levels, std::vector<TrackerLevelValue>& out, int depth) {
    if (depth > kMaxDepth) return;
    for (const vassal::TurnLevel& l : levels) {
        TrackerLevelValue v;
        v.name = l.name;
        v.list = l.class_name.ends_with("ListTurnLevel");
        v.problem = "the tracker's state has no value for it";
        out.push_back(std::move(v));
        missing(l.levels, out, depth + 1);
    }
}

void read_level(const vassal::TurnLevel& level, std::string_view state, std::vector<TrackerLevelValue>& out, int depth) {
    const std::vector<std::string> tokens = vassal::split_tokens(state, ';');
    TrackerLevelValue v;
    v.name = level.name;
    v.list = level.class_name.ends_with("ListTurnLevel");
    v.raw = tokens.front();
    const auto n = number(v.raw);
    if (!n) {
        v.problem = "its value '" + v.raw + "' is not a whole number";
    } else {
        v.value = *n;
        if (!v.list) {
            v.text = v.raw;
        } else if (*n >= 0 && static_cast<std::uint64_t>(*n) < level.items.size()) {
            v.text = level.items[static_cast<std::size_t>(*n)];
        } else {
            v.problem = "its item " + v.raw + " (counted from 0) is not one of the " + std::to_string(level.items.size()) + " of its list";
        }
    }
    out.push_back(std::move(v));
    if (depth >= kMaxDepth) return;
    for (std::size_t i = 0; i < level.levels.size(); ++i) {
        if (4 + i < tokens.size() && !tokens[4 + i].empty())
            read_level(level.levels[i], tokens[4 + i], out, depth + 1);
        else
            missing({level.levels[i]}, out, depth + 1);
    }
}

}  // namespace

std::size_t tracker_level_count(const vassal::TurnTracker& tracker) {
    std::size_t n = 0;
    count(tracker.levels, n, 1);
    return n;
}

std::vector<TrackerLevelValue> read_tracker_state(const vassal::TurnTracker& tracker, std::string_view state) {
    std::vector<TrackerLevelValue> out;
    const std::vector<std::string> tops = vassal::split_tokens(state, '|');
    for (std::size_t i = 0; i < tracker.levels.size(); ++i) {
        if (i + 1 < tops.size() && !tops[i + 1].empty())
            read_level(tracker.levels[i], tops[i + 1], out, 1);
        else
            missing({tracker.levels[i]}, out, 1);
    }
    return out;
}

}  // namespace referee
