// fuzz_convert's entry point, shared by the libFuzzer harness (fuzz/fuzz_convert.cpp) and the
// regression test (tests/parser/convert/test_fuzz_convert_regressions.cpp), so that a kept input goes
// through exactly what the fuzzer ran. It is apart from targets.hpp because it needs parser/convert
// (and parser/readers, to read the records back), not the check.
//
// One input drives both halves of a conversion: the bytes before the first line "=====" are a
// scenario file (read by read_scenario_xml, so its <vassal> section is the binding; it may extend a
// built-in scenario), the bytes after it the text of a VASSAL game's savedGame entry (plain,
// "!VCSK" or "VOBS"), which the target puts in a ZIP archive (one stored entry) and reads with
// read_vassal_bytes, as `referee convert` reads a file. With no such line the whole input is the
// scenario and the game is an empty save. The module is one of three test modules read once from
// the source tree: the one the binding names (module="..."), else Blue and Gray Test.
//
// ConvertError and VassalError are the expected refusals; anything else escapes and stops the
// fuzzer. What must hold of every result is checked, and `problem` says what did not ("" when all held):
// - the scenario file gives a scenario or errors, never both nor neither;
// - a VassalError reading the file begins with the file's name;
// - a refusal of the conversion says something;
// - every record is one line with text, and its step is at most the file's step count (a warning's too);
// - the records' steps never go back;
// - conversion_text reads back as a move log (parse_move_log) with no diagnostic at all, one record a
//   converted record.
#pragma once

#include "convert.hpp"
#include "module.hpp"
#include "readers.hpp"
#include "scenario.hpp"
#include "vassal_error.hpp"
#include "vassal_file.hpp"

#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace referee::fuzz {

inline constexpr std::string_view kConvertSeparator = "\n=====\n";
inline constexpr std::string_view kConvertFile = "fuzz.vlog";
inline constexpr std::string_view kConvertScenario = "fuzz-binding.xml";

namespace convert_detail {

inline void put16(std::string& out, std::uint32_t v) {
    out += static_cast<char>(v & 0xff);
    out += static_cast<char>((v >> 8) & 0xff);
}
inline void put32(std::string& out, std::uint32_t v) {
    put16(out, v & 0xffff);
    put16(out, v >> 16);
}

// A ZIP archive of one stored entry, `savedGame` holding `text` (as fuzz/vassal-seeds writes a
// stored save): local header, data, central directory, end of the directory.
inline std::string stored_zip(std::string_view text) {
    static constexpr std::string_view name = "savedGame";
    const auto crc = static_cast<std::uint32_t>(
        crc32_z(crc32_z(0L, Z_NULL, 0), reinterpret_cast<const Bytef*>(text.data()), text.size()));
    const auto size = static_cast<std::uint32_t>(text.size());
    std::string out;
    out.reserve(text.size() + 128);
    put32(out, 0x04034b50);  // local file header
    put16(out, 20), put16(out, 0), put16(out, 0), put16(out, 0), put16(out, 0x21);  // version, flags, stored, time, date
    put32(out, crc), put32(out, size), put32(out, size);
    put16(out, name.size()), put16(out, 0);
    out += name;
    out += text;
    const auto directory = static_cast<std::uint32_t>(out.size());
    put32(out, 0x02014b50);  // central directory header
    put16(out, 20), put16(out, 20), put16(out, 0), put16(out, 0), put16(out, 0), put16(out, 0x21);
    put32(out, crc), put32(out, size), put32(out, size);
    put16(out, name.size()), put16(out, 0), put16(out, 0), put16(out, 0), put16(out, 0);
    put32(out, 0), put32(out, 0);  // attributes, the local header's offset
    out += name;
    const auto directory_size = static_cast<std::uint32_t>(out.size()) - directory;
    put32(out, 0x06054b50);  // end of central directory
    put16(out, 0), put16(out, 0), put16(out, 1), put16(out, 1);
    put32(out, directory_size), put32(out, directory), put16(out, 0);
    return out;
}

// The test modules, each read once, with and without the catalog a prototype selector needs.
struct ConvertModules {
    std::vector<vassal::Module> plain, catalog;
};
inline const ConvertModules& convert_modules() {
    static const ConvertModules modules = [] {
        ConvertModules m;
        for (const char* dir : {"samples/vassal/bluegray", "samples/vassal/napoleonics", "tests/data/vassal/stacks"}) {
            const std::string path = std::string(REFEREE_SOURCE_DIR "/") + dir;  // a folder, as --module gives it
            m.plain.push_back(vassal::Module::load(path));
            m.catalog.push_back(vassal::Module::load(path, vassal::LoadOptions{true}));
        }
        return m;
    }();
    return modules;
}

inline const vassal::Module& module_for(const VassalBinding& binding) {
    const ConvertModules& m = convert_modules();
    const std::vector<vassal::Module>& list = binding.needs_module_catalog() ? m.catalog : m.plain;
    for (const vassal::Module& module : list)
        if (module.name == binding.module_name) return module;
    return list.front();
}

inline bool starts(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

}  // namespace convert_detail

struct ConvertRun {
    bool scenario = false;           // the scenario file read
    bool file = false;               // the VASSAL file read
    std::optional<Conversion> conversion;
    std::string text;                // conversion_text
    std::string refusal;             // a ConvertError's or VassalError's message
    std::string problem;
};

inline ConvertRun run_convert(std::string_view input) {
    using namespace convert_detail;
    ConvertRun run;
    const std::size_t cut = input.find(kConvertSeparator);
    const std::string_view scenario_text = input.substr(0, cut);
    const std::string game_text = cut == std::string_view::npos ? std::string("begin_save\x1b" "end_save")
                                                                : std::string(input.substr(cut + kConvertSeparator.size()));
    const ScenarioLoad load = read_scenario_xml(scenario_text, std::string(kConvertScenario));
    if (load.scenario.has_value() == !load.errors.empty()) {
        run.problem = load.scenario ? "a scenario and errors" : "neither a scenario nor an error";
        return run;
    }
    if (!load.scenario) return run;
    run.scenario = true;
    const Scenario& scenario = *load.scenario;
    const vassal::Module& module = module_for(scenario.vassal);

    std::optional<vassal::VassalFile> file;
    try {
        file = vassal::read_vassal_bytes(stored_zip(game_text), std::string(kConvertFile));
    } catch (const vassal::VassalError& e) {
        run.refusal = e.what();
        if (!starts(run.refusal, std::string(kConvertFile) + ":"))
            run.problem = "a VASSAL file's error that does not name the file: " + run.refusal;
        return run;
    }
    run.file = true;
    try {
        run.conversion = convert_vassal(*file, module, scenario, std::string(kConvertScenario));
    } catch (const ConvertError& e) {
        run.refusal = e.what();
    } catch (const vassal::VassalError& e) {
        run.refusal = e.what();
    }
    if (!run.conversion) {
        if (run.refusal.empty()) run.problem = "a conversion refused without a word";
        return run;
    }
    const Conversion& c = *run.conversion;
    const std::size_t steps = file->steps.size();
    std::size_t previous = 0;
    for (std::size_t i = 0; i < c.records.size() && run.problem.empty(); ++i) {
        const ConvertedRecord& r = c.records[i];
        const std::string where = "record " + std::to_string(i + 1) + " ('" + r.text + "')";
        if (r.text.empty() || r.text.find_first_of("\n\r") != std::string::npos) run.problem = where + ": not one line of text";
        else if (r.step > steps) run.problem = where + ": step " + std::to_string(r.step) + " of a file of " + std::to_string(steps);
        else if (r.step < previous) run.problem = where + ": its step goes back";
        previous = r.step;
    }
    for (const ConvertWarning& w : c.warnings)
        if (run.problem.empty() && w.step > steps) run.problem = "a warning at step " + std::to_string(w.step) + " of a file of " + std::to_string(steps);
    run.text = conversion_text(c);
    if (!run.problem.empty()) return run;
    const GameRecord g = parse_move_log(run.text, "fuzz-convert.log");
    if (!g.diagnostics.empty()) {
        const Diagnostic& d = g.diagnostics.front();
        run.problem = "the conversion does not read as a move log: " + std::to_string(d.line) + ":" + std::to_string(d.col) + ": " +
                      d.code + ": " + d.message;
    } else if (g.records.size() != c.records.size()) {
        run.problem = "the conversion reads as " + std::to_string(g.records.size()) + " records, not " + std::to_string(c.records.size());
    }
    return run;
}

}  // namespace referee::fuzz
