// The report of a check as text for a person or JSON for programs (report.md).
#pragma once

#include "result.hpp"

#include <string>
#include <vector>

namespace referee {

std::string render_text(const Report& r);
std::string render_json(const std::vector<Report>& reports);  // one object, or an array for several
std::string render_json_one(const Report& r);

}  // namespace referee
