// The text inside a VASSAL file: its obfuscation, VASSAL's escaping of token sequences, and the
// command tree (docs/vassal.md, "What is read"; the format facts are in the shared FORMAT.md §2-§3).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace referee::vassal {

enum class Encoding { plain, vcsk, vobs };
const char* encoding_name(Encoding e);   // "plain", "VCSK", "VOBS"

// The command text of a `savedGame` entry: "!VCSK" + a hex key + hex pairs (either case), "VOBS" +
// a raw key byte + XOR-ed bytes, or plain text. Throws VassalError naming `label` and the offset on
// a bad hex digit or an odd length, and on a "!VCSZ" (zlib) text, which no VASSAL release wrote.
struct Deobfuscated {
    std::string text;
    Encoding encoding;
};
Deobfuscated deobfuscate(std::string_view data, std::string_view label);

// VASSAL's token sequences: a token ends at the delimiter, a delimiter after a backslash belongs to
// the token (the backslash is dropped), a token wrapped in single quotes loses them, and a sequence
// ending in the delimiter ends with an empty token. nesting adds a backslash per level, so the
// tokens of a token are read by another SequenceDecoder on it.
class SequenceDecoder {
public:
    SequenceDecoder(std::string_view raw, char delimiter) : raw_(raw), delim_(delimiter), done_(false) {}
    bool has_more() const { return !done_; }
    // The next token; "" once the tokens have run out.
    std::string next();
    // The next token as a whole number, or `fallback` when it is not one or the tokens have run out.
    std::int64_t next_int(std::int64_t fallback);
    bool next_bool(bool fallback);   // "true" is true; anything else false
    // The text not yet decoded: what follows the last token's delimiter ("" once the tokens have run
    // out). A decoder on it gives the tokens this one has still to give.
    std::string_view rest() const { return done_ ? std::string_view() : raw_.substr(start_); }

private:
    std::string_view raw_;
    char delim_;
    bool done_;
    std::size_t start_ = 0;
};
// Every token of `raw` (at least one: "" gives one empty token).
std::vector<std::string> split_tokens(std::string_view raw, char delimiter);

constexpr char command_separator = '\x1b';   // VASSAL joins commands with ESC
constexpr std::size_t max_command_depth = 256;

// Calls `leaf` with every leaf command of the command text `command`, in the order VASSAL executes
// them (pre-order). Throws VassalError when the commands nest deeper than max_command_depth.
void for_each_leaf(std::string_view command, const std::function<void(std::string_view)>& leaf);

// A save's or log's text cut at the top level: the restore commands up to and including
// "end_save", and every top-level command after it (a step of a log). Throws VassalError when the
// text has no "begin_save" or no "end_save".
struct TopLevel {
    std::vector<std::string> header;   // begin_save ... end_save
    std::vector<std::string> steps;    // one per press of VASSAL's Step button
};
TopLevel split_top_level(std::string_view text, std::string_view label);

}  // namespace referee::vassal
