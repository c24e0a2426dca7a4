// Small helpers the replay tests share: what a report says, found by code, line or side.
#pragma once

#include "result.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace referee::testing_support {

inline int count_code(const Report& r, const std::string& code) {
    return static_cast<int>(std::count_if(r.violations.begin(), r.violations.end(), [&](const Violation& v) { return v.code == code; }));
}
inline const Violation* find(const Report& r, const std::string& code) {
    for (const auto& v : r.violations)
        if (v.code == code) return &v;
    return nullptr;
}
// A violation of `code` at `line`; on failure, lists what the report has.
inline ::testing::AssertionResult has(const Report& r, const std::string& code, std::uint32_t line) {
    for (const auto& v : r.violations)
        if (v.code == code && v.line == line) return ::testing::AssertionSuccess();
    auto res = ::testing::AssertionFailure() << "no " << code << " at line " << line << "; got:";
    for (const auto& v : r.violations) res << " [" << v.code << "@" << v.line << ": " << v.message << "]";
    return res;
}
inline std::int64_t total(const Report& r, const std::string& side) {
    for (const auto& s : r.scores)
        if (s.side == side) return s.total;
    return -999;
}

}  // namespace referee::testing_support
