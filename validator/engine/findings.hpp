// What a replay finds: violations (each through the table of codes, diagnostics.hpp, which gives
// its severity and, unless the check names a rule of the game, what it cites), input errors that
// leave the game unjudged, and notes for the report's rulings (some said once per key).
#pragma once

#include "diagnostics.hpp"
#include "result.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace referee {

class Findings {
public:
    Findings(Report& rep, bool strict) : rep_(rep), strict_(strict) {}

    // A finding of `code` at `line`, citing `rule` exactly as given (a game's rule; may be empty).
    void add(Code code, std::uint32_t line, std::string_view rule, std::string message);
    // The same, citing what the table says the code cites.
    void add(Code code, std::uint32_t line, std::string message) { add(code, line, code_info(code).cites, std::move(message)); }
    // While muted (the score of a moment is being taken for a position: validator/check/positions.cpp),
    // nothing is found, noted or marked as said: the report is the one the game gets without it.
    void mute(bool on) { muted_ = on; }
    bool muted() const { return muted_; }  // a mechanism's own said-once state must not advance then
    // An error in the game's set-up that leaves it unjudged (exit status 2): it cites the move log's
    // header records, or the command line when it has no line.
    void input_error(Code code, std::uint32_t line, std::uint32_t col, std::string message);
    bool fatal() const { return fatal_; }
    bool strict() const { return strict_; }

    // Notes for the report's rulings, in the order they are made.
    void note(std::string text) {
        if (!muted_) notes_.push_back(std::move(text));
    }
    // True the first time a key is given (a note said once per report).
    bool first_time(const std::string& key);
    void note_once(std::string text) {
        if (first_time(text)) note(std::move(text));
    }
    std::vector<std::string>& notes() { return notes_; }

private:
    Report& rep_;
    bool strict_;
    bool fatal_ = false;
    bool muted_ = false;
    std::vector<std::string> notes_;
    std::vector<std::string> said_;
};

}  // namespace referee
