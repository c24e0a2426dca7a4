// The readers of game records: the move log (Spirit X3) and the XML save (pugixml), and the choice
// between them. Each reads a text into a GameRecord (parser/core/record.hpp): the streaming forms
// hand each record to a RecordSink as it is read (record_sink.hpp), the others keep every record.
#pragma once

#include "record.hpp"
#include "record_sink.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace referee {

// move_log.cpp: the move-log grammar of move-log.md. Never throws on bad input: each
// line that fits no record adds a "syntax" Diagnostic (line, column, what was expected there)
// and parsing goes on at the next line.
GameRecord parse_move_log(std::string_view text, std::string file);
// The same, with fast_paths false: every record read by the grammar, without the fast paths for the
// plain forms of move, advance and combat (move_log.cpp, Parser::plain_path and plain_combat). For
// the tests that compare the two.
GameRecord parse_move_log(std::string_view text, std::string file, bool fast_paths);

// xml_save.cpp: the XML save of xml-save.md, with pugixml. Malformed XML is a "syntax"
// Diagnostic with line and column; unknown elements/attributes are warnings.
GameRecord read_xml_save(std::string_view text, std::string file);

// Either of the above, decided from the content: a save starts with '<' after optional white
// space and a UTF-8 byte-order mark (is_save).
GameRecord read_game(std::string_view text, std::string file);
bool is_save(std::string_view text);

// The streaming forms. `g` is filled as the reader goes (g.file is the caller's; the symbols, the
// arenas, the diagnostics, the snapshot and last_line the reader's), and `sink` gets begin(), each
// record as soon as it is read, and end(). Records of a save come in the order of
// GameRecord::records: its header elements first, then its <log>'s records.
void parse_move_log(std::string_view text, GameRecord& g, RecordSink& sink, bool fast_paths = true);
void read_xml_save(std::string_view text, GameRecord& g, RecordSink& sink);
void read_game(std::string_view text, GameRecord& g, RecordSink& sink);

// A save whose <log> is long may be read without a tree of the whole document: the log's content
// parsed piece by piece, so that memory does not grow with the game (docs/xml-save.md, "How a long
// save is read"). Only for a caller that can start again: should a piece turn out to be malformed
// after records were handed over, the read stops there and returns false, and the caller reads the
// text again with a new GameRecord and sink, with the forms above (which report the error).
struct SaveStreaming {
    std::size_t min_log_bytes = std::size_t{1} << 20;  // a shorter log is read as part of one tree
    std::size_t piece_bytes = std::size_t{1} << 18;    // a piece: this much or a little more
};
bool read_xml_save(std::string_view text, GameRecord& g, RecordSink& sink, const SaveStreaming& streaming);

// A long move log may be read ahead on a thread of its own while the sink, on the caller's thread,
// takes the records already read (move_log_ahead.cpp; docs/performance.md). The sink gets the same
// calls with the same records, and g as the plain form leaves it at each call (the diagnostics found
// up to that record, its arenas holding the record's lists), but for g.symbols, which may already
// hold the names of records not yet handed over, and g.last_line, which is final only at end(). A
// text shorter than min_bytes, a sink that keeps lists, or no thread to be had: read on the
// caller's thread, as above.
struct ReadAhead {
    std::size_t min_bytes = std::size_t{1} << 20;
    std::size_t batch_records = 4096;  // records handed over at a time
    std::size_t batches = 4;           // at most this many batches read and not yet taken
};
void parse_move_log(std::string_view text, GameRecord& g, RecordSink& sink, const ReadAhead& ahead);

// read_game's streaming form: a move log is read as above (true), ahead when it is long; a save
// may stream.
bool read_game(std::string_view text, GameRecord& g, RecordSink& sink, const SaveStreaming& streaming,
               const ReadAhead& ahead = ReadAhead{});

}  // namespace referee
