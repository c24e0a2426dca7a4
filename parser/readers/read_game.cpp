// Chooses the reader from the content: a save starts with '<' after optional white space and a
// byte-order mark (report.md).
#include "readers.hpp"

namespace referee {

bool is_save(std::string_view text) {
    std::size_t i = 0;
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") i = 3;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) ++i;
    return i < text.size() && text[i] == '<';
}

GameRecord read_game(std::string_view text, std::string file) {
    if (is_save(text)) return read_xml_save(text, std::move(file));
    return parse_move_log(text, std::move(file));
}

void read_game(std::string_view text, GameRecord& g, RecordSink& sink) {
    if (is_save(text)) return read_xml_save(text, g, sink);
    parse_move_log(text, g, sink);
}

bool read_game(std::string_view text, GameRecord& g, RecordSink& sink, const SaveStreaming& streaming, const ReadAhead& ahead) {
    if (is_save(text)) return read_xml_save(text, g, sink, streaming);
    parse_move_log(text, g, sink, ahead);
    return true;
}

}  // namespace referee
