// The text of a VASSAL file (text.hpp): de-obfuscation, the token decoder, the command tree.
#include "vassal_text.hpp"

#include "vassal_error.hpp"

#include <charconv>
#include <fmt/format.h>

namespace referee::vassal {

const char* encoding_name(Encoding e) {
    switch (e) {
        case Encoding::plain: return "plain";
        case Encoding::vcsk: return "VCSK";
        case Encoding::vobs: return "VOBS";
    }
    return "plain";
}

namespace {

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

unsigned char hex_pair(std::string_view data, std::size_t at, std::string_view label) {
    const int hi = hex_value(data[at]);
    const int lo = hex_value(data[at + 1]);
    if (hi < 0 || lo < 0) {
        const std::size_t bad = hi < 0 ? at : at + 1;
        const unsigned char c = static_cast<unsigned char>(data[bad]);
        throw VassalError(fmt::format("{}: savedGame: byte {}: {} is not a hex digit (the text begins with !VCSK)", label, bad + 1,
                                      c >= 0x20 && c < 0x7f ? fmt::format("'{}'", static_cast<char>(c)) : fmt::format("byte 0x{:02x}", c)));
    }
    return static_cast<unsigned char>(hi * 16 + lo);
}

}  // namespace

Deobfuscated deobfuscate(std::string_view data, std::string_view label) {
    if (data.starts_with("!VCSK")) {
        if (data.size() < 7) throw VassalError(fmt::format("{}: savedGame: !VCSK without its key", label));
        if ((data.size() - 7) % 2 != 0)
            throw VassalError(fmt::format("{}: savedGame: !VCSK text of odd length: its last hex digit has no pair", label));
        const unsigned char key = hex_pair(data, 5, label);
        std::string out;
        out.resize((data.size() - 7) / 2);
        for (std::size_t i = 7, o = 0; i < data.size(); i += 2, ++o)
            out[o] = static_cast<char>(hex_pair(data, i, label) ^ key);
        return {std::move(out), Encoding::vcsk};
    }
    if (data.starts_with("VOBS")) {
        if (data.size() < 5) throw VassalError(fmt::format("{}: savedGame: VOBS without its key", label));
        const unsigned char key = static_cast<unsigned char>(data[4]);
        if (key == 0) throw VassalError(fmt::format("{}: savedGame: VOBS with key 0 (VASSAL writes 1 to 255)", label));
        std::string out(data.substr(5));
        for (char& c : out) c = static_cast<char>(static_cast<unsigned char>(c) ^ key);
        return {std::move(out), Encoding::vobs};
    }
    if (data.starts_with("!VCSZ"))
        throw VassalError(fmt::format("{}: savedGame: !VCSZ (compressed) text, a format no VASSAL release wrote: not read", label));
    if (data.starts_with("!VCS"))
        throw VassalError(fmt::format("{}: savedGame: unknown obfuscation header '{}'", label, data.substr(0, 5)));
    return {std::string(data), Encoding::plain};
}

std::string SequenceDecoder::next() {
    if (done_) return {};
    std::string token;
    std::size_t i = start_;
    for (;;) {
        i = raw_.find(delim_, i);
        if (i == std::string_view::npos) {
            token.append(raw_.substr(start_));
            done_ = true;
            break;
        }
        if (i > 0 && raw_[i - 1] == '\\') {   // an escaped delimiter: drop the backslash, keep it
            token.append(raw_.substr(start_, i - 1 - start_));
            start_ = i;
            ++i;
            continue;
        }
        token.append(raw_.substr(start_, i - start_));
        start_ = i + 1;
        break;
    }
    if (token.size() > 1 && token.front() == '\'' && token.back() == '\'') token = token.substr(1, token.size() - 2);
    return token;
}

std::int64_t SequenceDecoder::next_int(std::int64_t fallback) {
    if (done_) return fallback;
    const std::string t = next();
    std::int64_t v = 0;
    const char* first = t.data();
    const char* last = t.data() + t.size();
    // Java's parseInt takes one sign, '+' or '-'; from_chars takes only '-', so a '+' is skipped
    // here, and must not leave a '-' behind it ("+-5" is not a number).
    if (first != last && *first == '+') {
        ++first;
        if (first != last && *first == '-') return fallback;
    }
    auto [p, ec] = std::from_chars(first, last, v);
    if (ec != std::errc() || p != last || first == last) return fallback;
    return v;
}

bool SequenceDecoder::next_bool(bool fallback) {
    if (done_) return fallback;
    return next() == "true";
}

std::vector<std::string> split_tokens(std::string_view raw, char delimiter) {
    std::vector<std::string> out;
    SequenceDecoder d(raw, delimiter);
    do out.push_back(d.next());
    while (d.has_more());
    return out;
}

namespace {

using Leaf = std::function<void(std::string_view)>;

// Walks `command`. `owner` holds it when it is a copy the walk may shrink and free (every command
// but the whole text, which the caller holds): a command nested n deep is a copy of part of the
// one above it, so keeping each level's whole copy while walking the level below would hold n
// copies of a deep branch (a 1 MB branch 200 deep: 200 MB). Each level keeps only what it has
// still to decode, and nothing once it walks its last command, so the copies held at once are
// parts of the text that do not overlap: memory in proportion to the text, whatever the depth.
void walk(std::string_view command, std::string* owner, const Leaf& leaf, std::size_t depth) {
    if (depth > max_command_depth)
        throw VassalError(fmt::format("commands nested more than {} deep", max_command_depth));
    // A command that splitting on ESC gives back whole is a leaf (FORMAT.md §3.2). With no ESC in
    // it, that is so unless it is quoted: splitting takes one pair of quotes off, and what is left
    // is decoded again ("'x'" is the leaf "x", as VASSAL reads it).
    const bool quoted = command.size() > 1 && command.front() == '\'' && command.back() == '\'';
    if (!quoted && command.find(command_separator) == std::string_view::npos) {
        leaf(command);
        return;
    }
    SequenceDecoder d(command, command_separator);
    std::string token = d.next();
    if (!d.has_more() && token == command) {
        leaf(command);
        return;
    }
    for (;;) {
        if (!d.has_more()) {   // the last command: nothing of this one is needed any more
            if (owner != nullptr) std::string().swap(*owner);
            walk(token, &token, leaf, depth + 1);
            return;
        }
        if (owner != nullptr && d.rest().size() < owner->size() / 2) {
            // Keep what is left to decode, when that is less than half of what is kept (so that
            // the copying, over a level, is no more than the level's length).
            std::string rest(d.rest());
            owner->swap(rest);   // the old copy goes with `rest`, at the end of this block
            command = *owner;
            d = SequenceDecoder(command, command_separator);
        }
        walk(token, &token, leaf, depth + 1);
        token = d.next();
    }
}

}  // namespace

void for_each_leaf(std::string_view command, const std::function<void(std::string_view)>& leaf) {
    walk(command, nullptr, leaf, 0);
}

TopLevel split_top_level(std::string_view text, std::string_view label) {
    TopLevel out;
    SequenceDecoder d(text, command_separator);
    bool began = false, ended = false;
    while (d.has_more()) {
        std::string token = d.next();
        if (!began) {
            if (token != "begin_save")
                throw VassalError(fmt::format("{}: savedGame: the commands do not begin with begin_save", label));
            began = true;
        }
        if (ended) {
            out.steps.push_back(std::move(token));
        } else {
            ended = token == "end_save";
            out.header.push_back(std::move(token));
        }
    }
    if (!ended) throw VassalError(fmt::format("{}: savedGame: no end_save after begin_save (the save is cut short)", label));
    return out;
}

}  // namespace referee::vassal
