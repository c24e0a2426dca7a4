// A test-only writer of VASSAL text: the escaping VASSAL's SequenceEncoder applies (a delimiter in a
// token gets a backslash; a token starting with a backslash, or starting and ending with a quote,
// is quoted), command trees joined with ESC, and the "!VCSK" obfuscation. Written from the rules in
// docs/vassal.md, so that the readers are tested against text built by hand-checked rules.
#pragma once

#include <zip.h>

#include <cstdio>
#include <stdexcept>
#include <utility>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace referee::vassal::testing {

inline std::string encode_token(std::string_view token, char delimiter) {
    std::string out;
    for (char c : token) {
        if (c == delimiter) out += '\\';
        out += c;
    }
    if (!token.empty() && (token.front() == '\\' || (token.size() > 1 && token.front() == '\'' && token.back() == '\'')))
        out = "'" + out + "'";
    return out;
}

inline std::string encode(const std::vector<std::string>& tokens, char delimiter) {
    std::string out;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        if (i) out += delimiter;
        out += encode_token(tokens[i], delimiter);
    }
    return out;
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

inline std::string vcsk(std::string_view plain, unsigned char key, bool upper = false) {
    std::string out = "!VCSK";
    char buf[3];
    const char* f = upper ? "%02X" : "%02x";
    std::snprintf(buf, sizeof buf, f, key);
    out += buf;
    for (unsigned char c : plain) {
        std::snprintf(buf, sizeof buf, f, static_cast<unsigned>(c ^ key));
        out += buf;
    }
    return out;
}

// A ZIP archive of the given entries, built in memory with libzip (deflated, as VASSAL writes).
inline std::string make_zip(const std::vector<std::pair<std::string, std::string>>& entries) {
    zip_error_t error;
    zip_error_init(&error);
    zip_source_t* buffer = zip_source_buffer_create(nullptr, 0, 0, &error);
    if (buffer == nullptr) throw std::runtime_error("zip_source_buffer_create");
    zip_source_keep(buffer);
    zip_t* za = zip_open_from_source(buffer, ZIP_TRUNCATE, &error);
    if (za == nullptr) throw std::runtime_error("zip_open_from_source");
    for (const auto& [name, data] : entries) {
        zip_source_t* s = zip_source_buffer(za, data.data(), data.size(), 0);
        if (s == nullptr || zip_file_add(za, name.c_str(), s, ZIP_FL_ENC_UTF_8) < 0) throw std::runtime_error("zip_file_add");
    }
    if (zip_close(za) != 0) throw std::runtime_error("zip_close");
    std::string out;
    zip_stat_t st;
    if (zip_source_stat(buffer, &st) != 0 || zip_source_open(buffer) != 0) throw std::runtime_error("zip_source_open");
    out.resize(st.size);
    const zip_int64_t n = zip_source_read(buffer, out.data(), st.size);
    zip_source_close(buffer);
    zip_source_free(buffer);
    if (n < 0) throw std::runtime_error("zip_source_read");
    out.resize(static_cast<std::size_t>(n));
    return out;
}

// A VASSAL save or log: a ZIP with savedGame (obfuscated with `key`) and, when given, savedata.
inline std::string make_vassal_file(const std::string& text, unsigned char key = 0x5a, const std::string& vassal_version = "3.7.20") {
    std::string savedata = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><data version=\"1\"><version>1.0</version><VassalVersion>" +
                           vassal_version + "</VassalVersion><dateSaved>0</dateSaved><description>test</description></data>";
    return make_zip({{"savedGame", vcsk(text, key)}, {"savedata", savedata}});
}

}  // namespace referee::vassal::testing
