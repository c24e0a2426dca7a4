// What a reader made, written out as text so that two reads can be compared with EXPECT_EQ and a
// difference shows where it is: records with their names and lists resolved, the symbol table in
// Sym order, the diagnostics. Shared by the move-log tests (tests/parser/readers).
#pragma once

#include "record.hpp"

#include <cstdint>
#include <string>

namespace referee::testing_support {

// One record, its Syms and lists as the names they stand for (read from g's arenas, so that a
// streamed record is written out while its lists are still there).
inline std::string record_text(const GameRecord& g, const Record& r) {
    std::string s = std::to_string(static_cast<int>(r.kind)) + " f" + std::to_string(r.flags) + " " +
                    std::to_string(r.line) + ":" + std::to_string(r.col);
    for (Sym x : {r.a, r.b, r.c, r.d, r.e}) s += " [" + std::string(g.str(x)) + "]";
    s += " n" + std::to_string(r.n) + " m" + std::to_string(r.m) + " list";
    for (const Sym* p = g.list_begin(r.list); p != g.list_end(r.list); ++p) s += " [" + std::string(g.str(*p)) + "]";
    s += " list2";
    for (const Sym* p = g.list_begin(r.list2); p != g.list_end(r.list2); ++p) s += " [" + std::string(g.str(*p)) + "]";
    s += " ints";
    for (const std::int64_t* p = g.ints_begin(r.ints); p != g.ints_end(r.ints); ++p) s += " " + std::to_string(*p);
    return s + "\n";
}

// Every Sym with its text, in Sym order.
inline std::string symbols_text(const GameRecord& g) {
    std::string s;
    for (Sym x = 1; x < g.symbols.size(); ++x) s += std::to_string(x) + "=" + std::string(g.str(x)) + " ";
    return s + "\n";
}

inline std::string diagnostics_text(const GameRecord& g) {
    std::string s;
    for (const Diagnostic& d : g.diagnostics)
        s += std::to_string(d.line) + ":" + std::to_string(d.col) + ": " + d.message + "\n";
    return s;
}

// Everything a read produced: the symbols, the records (GameRecord::records), the diagnostics
// with their codes, the last line.
inline std::string dump(const GameRecord& g) {
    std::string s = symbols_text(g);
    for (const Record& r : g.records) s += record_text(g, r);
    for (const Diagnostic& d : g.diagnostics) s += d.code + " ";
    return s + "\n" + diagnostics_text(g) + "last line " + std::to_string(g.last_line) + "\n";
}

}  // namespace referee::testing_support
