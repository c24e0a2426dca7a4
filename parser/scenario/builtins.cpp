// The built-in scenarios (scenarios/*.xml, embedded at build time by cmake/embed.cmake) and the
// ways in: read_scenario_xml (a file's text) and load_scenario (a built-in id, or a path, read with
// the guards a name that comes from a game needs).
#include "scenario_sections.hpp"
#include "regular_file.hpp"
#include "suggest.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <deque>
#include <exception>
#include <filesystem>

namespace referee {

// Generated at build time by cmake/embed.cmake from scenarios/*.xml; the last entry has name == nullptr.
struct EmbeddedFile {
    const char* name;
    const unsigned char* data;
    std::size_t size;
};
extern const EmbeddedFile kEmbeddedScenarios[];

namespace {

using scenario_xml::builtin_list;
using scenario_xml::one_line;
using scenario_xml::qt;

ScenarioError file_error(std::string file, std::string msg) {
    ScenarioError e;
    e.file = std::move(file);
    e.message = std::move(msg);
    return e;  // line and column 0: the file as a whole
}

// The list is made at the first use, in every check; the titles (which only --list-scenarios
// shows) are not read then: parsing every embedded file for its title was a tenth of a small
// game's check (docs/performance.md, "Issue 19").
struct BuiltinTable {
    std::deque<std::string> strings;  // the ids and text of added test built-ins (stable addresses)
    std::vector<BuiltinScenario> list;
    BuiltinTable() {
        for (const EmbeddedFile* f = kEmbeddedScenarios; f->name; ++f)
            list.push_back(BuiltinScenario{f->name, std::string_view(reinterpret_cast<const char*>(f->data), f->size)});
    }
};

BuiltinTable& builtin_table() {
    static BuiltinTable table;
    return table;
}

}  // namespace

const std::vector<BuiltinScenario>& builtin_scenarios() { return builtin_table().list; }

std::string BuiltinScenario::title() const {
    pugi::xml_document doc;
    if (!doc.load_buffer(xml.data(), xml.size(), pugi::parse_default, pugi::encoding_utf8)) return {};
    return one_line(doc.document_element().attribute("title").value());
}

// For tests only (declared in tests/support/scenario_support.hpp, not in parser/scenario/scenario.hpp): adds `xml` as
// a built-in scenario `id` for the rest of the process, so that the reader can be tested with kinds
// of base no file in scenarios/ is yet (a base whose sides come from the game). An id already
// listed is left as it is. Not thread-safe: call it before reading scenarios.
void add_builtin_scenario_for_tests(const std::string& id, const std::string& xml) {
    BuiltinTable& t = builtin_table();
    if (std::any_of(t.list.begin(), t.list.end(), [&](const BuiltinScenario& b) { return b.id == id; })) return;
    const std::string& sid = t.strings.emplace_back(id);
    const std::string& text = t.strings.emplace_back(xml);
    t.list.push_back(BuiltinScenario{sid, text});
}

ScenarioLoad read_scenario_xml(std::string_view xml, std::string file) {
    try {
        return scenario_xml::read_scenario(xml, file);
    } catch (const std::exception& ex) {  // allocation failure and the like: still a clean error
        ScenarioLoad out;
        out.errors.push_back(file_error(std::move(file), std::string("cannot read the scenario: ") + ex.what()));
        return out;
    }
}

ScenarioLoad load_scenario(std::string_view id_or_path) {
    for (const BuiltinScenario& b : builtin_scenarios()) {
        if (b.id != id_or_path) continue;
        ScenarioLoad r = read_scenario_xml(b.xml, std::string(kBuiltinFile));
        if (r.scenario && r.scenario->id != b.id) {
            ScenarioLoad bad;
            bad.errors.push_back(file_error(std::string(kBuiltinFile), "built-in scenario " + qt(b.id) + " declares id " + qt(r.scenario->id)));
            return bad;
        }
        return r;
    }
    ScenarioLoad out;
    const std::string path(id_or_path);
    try {
        std::error_code ec;
        const std::filesystem::path p(path);
        if (path.empty()) {
            out.errors.push_back(file_error(path, "no scenario named (built-ins: " + builtin_list() + ")"));
            return out;
        }
        if (!std::filesystem::exists(p, ec)) {
            // A name one or two edits from a built-in's is most likely that one mistyped.
            Suggestions near(path);
            for (const BuiltinScenario& b : builtin_scenarios()) near.consider(b.id);
            const std::string hint = near.text();
            out.errors.push_back(file_error(path, hint.empty() ? "no such file, and no built-in scenario of that name (built-ins: " + builtin_list() + ")"
                                                               : "no such file, and no built-in scenario of that name" + hint));
            return out;
        }
        return load_scenario_file(path, path);
    } catch (const std::exception& ex) {
        out.errors.push_back(file_error(path, std::string("cannot read the file: ") + ex.what()));
        return out;
    }
}

ScenarioLoad load_scenario_file(const std::string& path, const std::string& shown) {
    ScenarioLoad out;
    // A name that comes from a game is input: a device or a pipe (`game /dev/zero`, `game
    // /dev/tty`) would be read without end or wait for ever, and a huge file fill the memory
    // (found with fuzz_check, docs/fuzzing.md). Only a regular file is opened, without blocking
    // (regular_file.hpp). Scenario files are some 16 KB.
    OpenedFile f = open_regular_file(path);
    if (f.fd < 0) {
        out.errors.push_back(file_error(shown, f.kind.empty() ? "cannot open the file: " + f.why : "is " + f.kind + ", not a scenario file"));
        return out;
    }
    constexpr std::uint64_t kMaxScenarioFile = 16u << 20;
    if (f.size > kMaxScenarioFile) {
        ::close(f.fd);
        out.errors.push_back(file_error(shown, "is " + std::to_string(f.size) + " bytes, larger than a scenario file may be (16 MiB)"));
        return out;
    }
    std::string text;
    char block[1 << 16];
    bool bad = false;
    for (;;) {
        const ssize_t n = ::read(f.fd, block, sizeof block);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) bad = true;
        if (n <= 0) break;
        text.append(block, static_cast<std::size_t>(n));
        if (text.size() > kMaxScenarioFile) {  // grew since it was measured
            bad = true;
            break;
        }
    }
    ::close(f.fd);
    if (bad) {
        out.errors.push_back(file_error(shown, "cannot read the file"));
        return out;
    }
    return read_scenario_xml(text, shown);
}


namespace scenario_xml {

std::string builtin_list() {
    std::string out;
    for (const BuiltinScenario& b : builtin_scenarios()) out += (out.empty() ? "" : ", ") + std::string(b.id);
    return out.empty() ? "none" : out;
}

}  // namespace scenario_xml

}  // namespace referee
