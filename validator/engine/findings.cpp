#include "findings.hpp"

#include <algorithm>

namespace referee {

void Findings::add(Code code, std::uint32_t line, std::string_view rule, std::string message) {
    if (muted_) return;
    rep_.add(Violation{std::string(code_name(code)), severity_of(code, strict_) == Severity::Error, line, 0,
                      std::string(rule), std::move(message), std::nullopt});
}

void Findings::input_error(Code code, std::uint32_t line, std::uint32_t col, std::string message) {
    fatal_ = true;
    rep_.add(Violation{std::string(code_name(code)), true, line, col,
                      std::string(line ? cite::kHeader : cite::kCommandLine), std::move(message), std::nullopt});
}

bool Findings::first_time(const std::string& key) {
    if (muted_) return false;
    if (std::find(said_.begin(), said_.end(), key) != said_.end()) return false;
    said_.push_back(key);
    return true;
}

}  // namespace referee
