// STUB: replaced by the Spirit X3 parser.
#include "record.hpp"
namespace referee {
GameRecord parse_move_log(std::string_view, std::string file) { GameRecord g; g.file = std::move(file); return g; }
}
