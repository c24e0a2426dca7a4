// Chooses the reader from the content: a save starts with '<' after optional white space and a
// byte-order mark (report.md).
#include "readers.hpp"

namespace referee {

GameRecord read_game(std::string_view text, std::string file) {
    std::size_t i = 0;
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") i = 3;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) ++i;
    if (i < text.size() && text[i] == '<') return read_xml_save(text, std::move(file));
    return parse_move_log(text, std::move(file));
}

}  // namespace referee
