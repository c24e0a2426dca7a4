// A reader's streaming form (readers.hpp: records handed to a RecordSink as they are read) against
// its collecting form (every record kept in the GameRecord): the same records with the same lists,
// in the same order, the same diagnostics, snapshot and last line. Shared by the fuzz targets
// (targets.hpp) and the readers' tests (tests/parser/readers/), so that a fuzzer and a test check
// the same thing. Names are compared as text, so the two forms may intern them in any order.
#pragma once

#include "readers.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace referee::fuzz {

// A record as text, its names and lists resolved in g (all of it, so that two records are equal
// when their texts are).
inline std::string record_text(const Record& r, const GameRecord& g) {
    const auto inside = [](Span s, std::size_t size) { return std::uint64_t(s.off) + s.len <= size; };
    std::string s = std::string(kind_name(r.kind)) + " at " + std::to_string(r.line) + ":" + std::to_string(r.col) +
                    " flags " + std::to_string(r.flags) + " n " + std::to_string(r.n) + " m " + std::to_string(r.m);
    for (Sym x : {r.a, r.b, r.c, r.d, r.e}) s += x == kNoSym ? " -" : " '" + std::string(g.str(x)) + "'";
    for (Span sp : {r.list, r.list2}) {
        if (!inside(sp, g.syms_arena.size())) return s + " (a list outside its arena)";
        s += " [";
        for (const Sym* p = g.list_begin(sp); p != g.list_end(sp); ++p) s += " '" + std::string(g.str(*p)) + "'";
        s += " ]";
    }
    if (!inside(r.ints, g.ints_arena.size())) return s + " (a list outside its arena)";
    s += " [";
    for (const std::int64_t* p = g.ints_begin(r.ints); p != g.ints_end(r.ints); ++p) s += " " + std::to_string(*p);
    return s + " ]";
}

// Everything of a GameRecord but its records, as text: format, has_log, last_line, the
// diagnostics in order, the snapshot.
inline std::string rest_text(const GameRecord& g) {
    const auto name = [&](Sym x) { return x == kNoSym ? std::string("-") : "'" + std::string(g.str(x)) + "'"; };
    const auto line = [](std::uint32_t l) { return " line " + std::to_string(l) + ":"; };
    std::string s = "format " + std::to_string(static_cast<int>(g.format)) + " has_log " + std::to_string(g.has_log) +
                    " last_line " + std::to_string(g.last_line) + "\n";
    for (const Diagnostic& d : g.diagnostics)
        s += d.code + (d.severity == Severity::Error ? " error " : " warning ") + std::to_string(d.line) + ":" +
             std::to_string(d.col) + " " + d.message + "\n";
    if (!g.snapshot) return s + "no snapshot\n";
    const Snapshot& n = *g.snapshot;
    s += "snapshot" + line(n.line) + " turn " + (n.turn ? std::to_string(*n.turn) : "-") + " phase " +
         name(n.phase_side) + " " + name(n.phase) + "\n";
    for (const SnapshotUnit& u : n.units)
        s += "unit" + line(u.line) + " " + name(u.id) + " " + (u.status ? unit_status_name(*u.status) : "-") + " " +
             name(u.at) + " " + (u.strength ? std::to_string(*u.strength) : "-") + "\n";
    for (const SnapshotHold& h : n.holds) s += "hold" + line(h.line) + " " + name(h.loc) + " " + name(h.side) + "\n";
    for (const SnapshotValue& v : n.scores) s += "score" + line(v.line) + " " + name(v.name) + " " + std::to_string(v.value) + "\n";
    for (const SnapshotValue& v : n.tracks) s += "track" + line(v.line) + " " + name(v.name) + " " + std::to_string(v.value) + "\n";
    return s;
}

// A sink that keeps what it is handed, as text (the lists resolved while they are in the arenas),
// and what it saw of the GameRecord at begin() and on the way.
class StreamCopy final : public RecordSink {
public:
    void begin(const GameRecord& g) override {
        ++begins;
        began_after_records = !records.empty() || ends > 0;
        format_at_begin = g.format;
        has_log_at_begin = g.has_log;
        has_snapshot_at_begin = g.has_snapshot;
    }
    void record(const Record& r, const GameRecord& g) override {
        if (begins != 1 || ends != 0) outside_begin_end = true;
        records.push_back(record_text(r, g));
        // What the arenas hold beyond this record's lists (a reader that drops each record's lists
        // once handed over leaves nothing else there), and their largest size.
        const std::size_t syms = std::size_t{r.list.len} + r.list2.len;
        const std::size_t ints = r.ints.len;
        extra = std::max({extra, g.syms_arena.size() - std::min(g.syms_arena.size(), syms),
                          g.ints_arena.size() - std::min(g.ints_arena.size(), ints)});
        largest_arena = std::max({largest_arena, g.syms_arena.size(), g.ints_arena.size()});
    }
    void end(const GameRecord&) override { ++ends; }

    std::vector<std::string> records;
    int begins = 0, ends = 0;
    bool began_after_records = false, outside_begin_end = false;
    InputFormat format_at_begin = InputFormat::MoveLog;
    bool has_log_at_begin = false, has_snapshot_at_begin = false;
    std::size_t extra = 0;          // the most the arenas held beyond the record handed over
    std::size_t largest_arena = 0;  // the most either arena held when a record was handed over
};

// Where the streaming form `streamed` (what `sink` was handed, into `g`) differs from the collecting
// form `collected` of the same text ("" when it does not). For a save, also: has_snapshot at begin
// is whether the collected game has a snapshot.
inline std::string stream_difference(const GameRecord& collected, const GameRecord& g, const StreamCopy& sink) {
    if (sink.begins != 1 || sink.ends != 1) return "begin() or end() not called exactly once";
    if (sink.began_after_records || sink.outside_begin_end) return "a record handed over outside begin() .. end()";
    if (!g.records.empty()) return "the streaming form kept records";
    if (sink.format_at_begin != collected.format) return "a different format at begin()";
    if (sink.has_log_at_begin != collected.has_log) return "has_log at begin() differs from the game's";
    if (collected.format == InputFormat::XmlSave && sink.has_snapshot_at_begin != collected.snapshot.has_value())
        return "has_snapshot at begin() differs from whether the save has a snapshot";
    if (sink.records.size() != collected.records.size())
        return "a different number of records: " + std::to_string(sink.records.size()) + " streamed, " +
               std::to_string(collected.records.size()) + " collected";
    for (std::size_t i = 0; i < sink.records.size(); ++i) {
        const std::string c = record_text(collected.records[i], collected);
        if (sink.records[i] != c) return "record " + std::to_string(i) + " differs: streamed " + sink.records[i] + "; collected " + c;
    }
    const std::string rs = rest_text(g), rc = rest_text(collected);
    if (rs != rc) return "the diagnostics, snapshot or last line differ:\nstreamed\n" + rs + "collected\n" + rc;
    return "";
}

// Where reading the save `text` with its log's content in pieces of `piece_bytes` (SaveStreaming,
// readers.hpp; every log however short) differs from `collected`, its collecting form ("" when it
// does not). Stopping at a malformed piece is right only where the save read whole has a syntax
// error (the caller then reads it whole).
inline std::string pieces_difference(std::string_view text, const GameRecord& collected, std::size_t piece_bytes) {
    GameRecord g;
    g.file = collected.file;
    StreamCopy sink;
    if (!read_xml_save(text, g, sink, SaveStreaming{0, piece_bytes})) {
        if (!collected.has_syntax_errors()) return "a piece of " + std::to_string(piece_bytes) + " bytes found malformed in a save without a syntax error";
        if (sink.ends != 0) return "end() called on a read that stopped at a malformed piece";
        return "";
    }
    const std::string d = stream_difference(collected, g, sink);
    return d.empty() ? "" : "in pieces of " + std::to_string(piece_bytes) + " bytes: " + d;
}

}  // namespace referee::fuzz
