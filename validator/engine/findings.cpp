#include "findings.hpp"

#include "diagnostics.hpp"

#include <algorithm>

namespace referee {

void Findings::keep(Violation v) { keep_violation(kept_, errors_past_, warnings_past_, std::move(v)); }

void Findings::add(Code code, std::uint32_t line, std::string_view rule, std::string message) {
    keep(Violation{std::string(code_name(code)), severity_of(code, strict_) == Severity::Error, line, 0, std::string(rule), std::move(message),
                   std::nullopt});
}

void Findings::add(Code code, std::uint32_t line, std::string message) { add(code, line, code_info(code).cites, std::move(message)); }

void Findings::input_error(Code code, std::uint32_t line, std::uint32_t col, std::string message) {
    fatal_ = true;
    keep(Violation{std::string(code_name(code)), true, line, col, std::string(line ? cite::kHeader : cite::kCommandLine), std::move(message),
                   std::nullopt});
}

bool Findings::first_time(const std::string& key) {
    if (std::find(said_.begin(), said_.end(), key) != said_.end()) return false;
    said_.push_back(key);
    return true;
}

void Findings::hand_over(Verdict& v) {
    for (Violation& f : kept_) v.add(std::move(f));
    v.errors_not_kept += errors_past_;
    v.warnings_not_kept += warnings_past_;
    kept_.clear();
    errors_past_ = warnings_past_ = 0;
    if (v.judged)  // a game not judged has no rulings applied
        for (std::string& n : notes_) v.rulings.push_back(std::move(n));
    notes_.clear();
}

}  // namespace referee
