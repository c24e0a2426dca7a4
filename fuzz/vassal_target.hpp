// fuzz_vassal's entry point, shared by the libFuzzer harness (fuzz/fuzz_vassal.cpp) and the regression
// test (tests/parser/vassal/test_fuzz_vassal_regressions.cpp), so that a kept input goes through
// exactly what the fuzzer ran. It is apart from targets.hpp because it needs only parser/vassal.
//
// One input goes two ways: as a VASSAL file (a ZIP archive: every entry read, whole and as a prefix;
// its savedGame de-obfuscated, cut at end_save and walked), and as the text of a savedGame entry
// itself (de-obfuscated and walked), so that the text layer is fuzzed without a valid archive.
// VassalError is the expected refusal; anything else escapes and stops the fuzzer. What must hold
// of every result is checked, and `problem` says what did not ("" when all held).
#pragma once

#include "archive.hpp"
#include "vassal_text.hpp"
#include "vassal_error.hpp"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace referee::fuzz {

// VASSAL's SequenceEncoder (FORMAT.md §3.1): a backslash before every delimiter of a token, a token
// that starts with a backslash, or starts and ends with a quote (before escaping: a token starting
// with the delimiter is not quoted, as in VASSAL 2.0's tour.log), wrapped in single quotes, and the
// tokens joined with the delimiter.
inline std::string encode_sequence(const std::vector<std::string>& tokens, char delimiter) {
    std::string out;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        if (i > 0) out += delimiter;
        std::string t;
        for (char c : tokens[i]) {
            if (c == delimiter) t += '\\';
            t += c;
        }
        const std::string& raw = tokens[i];   // the token before escaping decides, as VASSAL's own files show
        if (!raw.empty() && (raw.front() == '\\' || (raw.size() > 1 && raw.front() == '\'' && raw.back() == '\''))) t = "'" + t + "'";
        out += t;
    }
    return out;
}

struct VassalRun {
    bool archive = false;            // the input opened as a ZIP archive
    bool saved_game = false;         // ... holding a savedGame entry that was read
    std::size_t entries = 0;
    std::optional<vassal::Encoding> encoding;   // of the input read as a savedGame's text
    std::size_t leaves = 0;          // of the input as text, when it was walked
    std::string problem;
};

namespace detail {

inline constexpr std::string_view kLabel = "fuzz.vsav";

inline bool starts(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

inline void note(std::string& problem, bool ok, std::string_view what) {
    if (!ok && problem.empty()) problem = what;
}

// A refusal names the file it refuses.
inline void check_error(std::string& problem, const vassal::VassalError& e, std::string_view where) {
    note(problem, starts(e.what(), std::string(kLabel) + ": "), std::string(where) + ": an error that does not name the file: " + e.what());
}

// No part of the name, between slashes or backslashes, is "..", and it does not begin with one.
inline bool stays_inside(std::string_view name) {
    if (!name.empty() && (name.front() == '/' || name.front() == '\\')) return false;
    std::size_t start = 0;
    for (;;) {
        const std::size_t end = std::min(name.find('/', start), name.find('\\', start));
        if (name.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start) == "..") return false;
        if (end == std::string_view::npos) return true;
        start = end + 1;
    }
}

inline char lower(char c) { return c >= 'A' && c <= 'F' ? static_cast<char>(c - 'A' + 'a') : c; }

// The de-obfuscated text is the data's: the same length, and obfuscated again with the key, the data.
inline void check_deobfuscated(std::string& problem, std::string_view data, const vassal::Deobfuscated& d) {
    static constexpr char hex[] = "0123456789abcdef";
    switch (d.encoding) {
        case vassal::Encoding::plain:
            note(problem, d.text == data && !starts(data, "!VCSK") && !starts(data, "VOBS"), "plain text that is not the data");
            break;
        case vassal::Encoding::vcsk: {
            note(problem, starts(data, "!VCSK") && data.size() == 7 + 2 * d.text.size(), "!VCSK text of the wrong length");
            if (!problem.empty()) return;
            const unsigned key = (std::string_view(hex).find(lower(data[5])) << 4) | std::string_view(hex).find(lower(data[6]));
            for (std::size_t i = 0; i < d.text.size() && problem.empty(); ++i) {
                const unsigned b = static_cast<unsigned char>(d.text[i]) ^ key;
                note(problem, lower(data[7 + 2 * i]) == hex[b >> 4] && lower(data[8 + 2 * i]) == hex[b & 15],
                     "!VCSK text that does not obfuscate back to the data");
            }
            break;
        }
        case vassal::Encoding::vobs: {
            note(problem, starts(data, "VOBS") && data.size() == 5 + d.text.size() && data[4] != '\0', "VOBS text of the wrong length or key");
            if (!problem.empty()) return;
            for (std::size_t i = 0; i < d.text.size() && problem.empty(); ++i)
                note(problem, (static_cast<unsigned char>(d.text[i]) ^ static_cast<unsigned char>(data[4])) == static_cast<unsigned char>(data[5 + i]),
                     "VOBS text that does not obfuscate back to the data");
            break;
        }
    }
}

// The leaves of `command` (none and `false` when it nests too deep: the error is the refusal).
inline bool leaves_of(std::string& problem, std::string_view command, std::vector<std::string>& out) {
    try {
        vassal::for_each_leaf(command, [&](std::string_view leaf) {
            note(problem, leaf.find(vassal::command_separator) == std::string_view::npos, "a leaf that holds an ESC");
            out.emplace_back(leaf);
        });
        return true;
    } catch (const vassal::VassalError& e) {
        note(problem, std::string_view(e.what()).find("nested more than") != std::string_view::npos,
             std::string("for_each_leaf: an error other than nesting: ") + e.what());
        out.clear();
        return false;
    }
}

// Tokens decoded, encoded again and decoded once more are the same tokens, unless a token before
// the last ends with a backslash (then VASSAL's own encoding joins it to the next).
inline void check_tokens(std::string& problem, std::string_view text, char delimiter) {
    const std::vector<std::string> tokens = vassal::split_tokens(text, delimiter);
    note(problem, !tokens.empty(), "split_tokens gave no token");
    for (std::size_t i = 0; i + 1 < tokens.size(); ++i)
        if (!tokens[i].empty() && tokens[i].back() == '\\') return;
    note(problem, vassal::split_tokens(encode_sequence(tokens, delimiter), delimiter) == tokens,
         "tokens encoded again decode differently");
}

// A savedGame's data: de-obfuscated, cut at the top level and walked.
inline void check_text(std::string& problem, std::string_view data, VassalRun& run, bool count) {
    vassal::Deobfuscated d;
    try {
        d = vassal::deobfuscate(data, kLabel);
    } catch (const vassal::VassalError& e) {
        check_error(problem, e, "deobfuscate");
        return;
    }
    check_deobfuscated(problem, data, d);
    if (count) run.encoding = d.encoding;
    check_tokens(problem, d.text, ';');
    check_tokens(problem, d.text, vassal::command_separator);

    std::vector<std::string> all;
    const bool walked = leaves_of(problem, d.text, all);
    if (count && walked) run.leaves = all.size();
    vassal::TopLevel top;
    try {
        top = vassal::split_top_level(d.text, kLabel);
    } catch (const vassal::VassalError& e) {
        check_error(problem, e, "split_top_level");
        return;
    }
    note(problem, top.header.size() >= 2 && top.header.front() == "begin_save" && top.header.back() == "end_save" &&
                      std::count(top.header.begin(), top.header.end(), "end_save") == 1,
         "a header that is not begin_save ... end_save");
    // Walked a command at a time, the header and the steps give the leaves the whole text gives.
    std::vector<std::string> parts;
    bool all_walked = true;
    for (const std::vector<std::string>* list : {&top.header, &top.steps})
        for (const std::string& command : *list) {
            std::vector<std::string> leaves;
            all_walked = leaves_of(problem, command, leaves) && all_walked;
            parts.insert(parts.end(), leaves.begin(), leaves.end());
        }
    if (walked && all_walked) note(problem, parts == all, "the commands walked one by one give other leaves than the whole text");
}

}  // namespace detail

inline VassalRun run_vassal(std::string_view bytes) {
    VassalRun run;
    std::string& problem = run.problem;
    if (vassal::Archive::looks_like_zip(bytes)) {
        try {
            const vassal::ArchiveLimits limits;
            const vassal::Archive archive = vassal::Archive::from_bytes(std::string(bytes), std::string(detail::kLabel), limits);
            run.archive = true;
            run.entries = archive.names().size();
            detail::note(problem, run.entries <= limits.max_entries, "more entries than the limit");
            for (const std::string& name : archive.names()) {
                detail::note(problem, detail::stays_inside(name), "an entry name that climbs out: " + name);
                detail::note(problem, archive.has(name), "an entry listed but not found: " + name);
                const std::optional<std::string> prefix = archive.read_prefix(name, 64);
                detail::note(problem, prefix.has_value() && prefix->size() <= 64, "read_prefix: no prefix, or a longer one");
                try {
                    const std::string whole = archive.read(name);
                    detail::note(problem, whole.size() <= limits.max_entry_bytes, "an entry read past the limit");
                    if (prefix) detail::note(problem, detail::starts(whole, *prefix), "read_prefix: not a prefix of the entry");
                    if (name == "savedGame" && !run.saved_game) {
                        run.saved_game = true;
                        detail::check_text(problem, whole, run, false);
                    }
                } catch (const vassal::VassalError& e) {
                    detail::check_error(problem, e, "read");
                }
            }
        } catch (const vassal::VassalError& e) {
            detail::check_error(problem, e, "from_bytes");
        }
    }
    detail::check_text(problem, bytes, run, true);
    return run;
}

}  // namespace referee::fuzz
