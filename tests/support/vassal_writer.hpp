// A test-only writer of VASSAL files: command trees joined with ESC (escaped by the fuzz target's
// encode_sequence, VASSAL's SequenceEncoder rules), pieces' trait chains, the piece commands, log
// steps, the "!VCSK" obfuscation, and the ZIP around them (zip_builder.hpp).
#pragma once

#include "vassal_target.hpp"
#include "zip_builder.hpp"

#include <stdexcept>
#include <utility>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace referee::vassal::testing {

// VASSAL's escaping of a token sequence: the fuzz target's encoder (fuzz/vassal_target.hpp).
inline std::string encode(const std::vector<std::string>& tokens, char delimiter) {
    return fuzz::encode_sequence(tokens, delimiter);
}

// A command with sub-commands: VASSAL encodes it as its own text, then ESC and each sub-command.
inline std::string compound(const std::vector<std::string>& commands) { return encode(commands, '\x1b'); }

// A piece's chains: each trait wraps the rest (outermost first), TAB-separated per level.
inline std::string chain(const std::vector<std::string>& links) {
    if (links.empty()) return {};
    std::string rest = links.back();
    for (std::size_t i = links.size() - 1; i-- > 0;) rest = encode({links[i], rest}, '\t');
    return rest;
}

inline std::string add_piece(const std::string& id, const std::string& type, const std::string& state) {
    return encode({"+", id, type, state}, '/');
}
inline std::string move_piece(const std::string& id, const std::string& new_map, int nx, int ny, const std::string& new_under,
                              const std::string& old_map, int ox, int oy, const std::string& old_under = "null",
                              const std::string& player = "") {
    std::vector<std::string> t{"M", id, new_map, std::to_string(nx), std::to_string(ny), new_under, old_map,
                               std::to_string(ox), std::to_string(oy), old_under};
    if (!player.empty()) t.push_back(player);
    return encode(t, '/');
}
inline std::string change_piece(const std::string& id, const std::string& new_state, const std::string& old_state) {
    return encode({"D", id, new_state, old_state}, '/');
}
inline std::string remove_piece(const std::string& id) { return encode({"-", id}, '/'); }
inline std::string log_step(const std::vector<std::string>& leaves) {
    std::vector<std::string> logged;
    for (const std::string& l : leaves) logged.push_back("LOG\t" + l);
    return logged.size() == 1 ? logged.front() : compound(logged);
}

// The whole text of a save or log: begin_save, the position's commands, end_save, the steps.
inline std::string game_text(const std::vector<std::string>& position, const std::vector<std::string>& steps = {}) {
    std::vector<std::string> top{"begin_save"};
    top.insert(top.end(), position.begin(), position.end());
    top.push_back("end_save");
    top.insert(top.end(), steps.begin(), steps.end());
    return compound(top);
}

// The !VCSK form of `plain` with `key`: the key, then each byte XOR the key, as two hex digits.
inline std::string vcsk(std::string_view plain, unsigned char key, bool upper = false) {
    const char* digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    std::string out = "!VCSK";
    const auto put = [&](unsigned char b) {
        out += digits[b >> 4];
        out += digits[b & 15];
    };
    put(key);
    for (char c : plain) put(static_cast<unsigned char>(c) ^ key);
    return out;
}

// A ZIP archive of the given entries, deflated as VASSAL writes them (tests/support/zip_builder.hpp).
inline std::string make_zip(const std::vector<std::pair<std::string, std::string>>& entries) {
    test::ZipBuilder zip;
    for (const auto& [name, data] : entries) zip.add(name, data);
    return zip.bytes();
}

// A VASSAL save or log: a ZIP with savedGame (obfuscated with `key`) and, when given, savedata.
inline std::string make_vassal_file(const std::string& text, unsigned char key = 0x5a, const std::string& vassal_version = "3.7.20") {
    std::string savedata = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><data version=\"1\"><version>1.0</version><VassalVersion>" +
                           vassal_version + "</VassalVersion><dateSaved>0</dateSaved><description>test</description></data>";
    return make_zip({{"savedGame", vcsk(text, key)}, {"savedata", savedata}});
}

}  // namespace referee::vassal::testing
