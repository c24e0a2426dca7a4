// A dispute as `referee diff` writes it (event.md, "referee diff"; docs/diff.md): text, JSON, and a
// page that stands alone.
#pragma once

#include "dispute.hpp"

#include <cstddef>
#include <string>

namespace referee::diff {

// At most `max` differences listed (0: all), then how many more.
std::string render_text(const Dispute& d, std::size_t max);
std::string render_json(const Dispute& d, std::size_t max);
std::string render_html(const Dispute& d, std::size_t max);

// 0: the same game; 1: the copies differ (one stopping early included); 2 is the command line's.
int exit_status(const Dispute& d);

}  // namespace referee::diff
