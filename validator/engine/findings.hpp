// What a replay finds: violations (each through the table of codes, diagnostics.hpp, which gives
// its severity and, unless the check names a rule of the game, what it cites), input errors that
// leave the game unjudged, and notes for the report's rulings (some said once per key). Findings
// keeps them until the verdict is made, and hands them over to it then (hand_over): nothing is
// written to a report while the game is replayed.
#pragma once

#include "code_fwd.hpp"
#include "result.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace referee {

class Findings {
public:
    explicit Findings(bool strict) : strict_(strict) {}

    // A finding of `code` at `line`, citing `rule` exactly as given (a game's rule; may be empty).
    void add(Code code, std::uint32_t line, std::string_view rule, std::string message);
    // The same, citing what the table says the code cites.
    void add(Code code, std::uint32_t line, std::string message);
    // An error in the game's set-up that leaves it unjudged (exit status 2): it cites the move log's
    // header records, or the command line when it has no line.
    void input_error(Code code, std::uint32_t line, std::uint32_t col, std::string message);
    bool fatal() const { return fatal_; }
    bool strict() const { return strict_; }

    // The violations found so far, in the order found (at most kMaxKeptViolations).
    const std::vector<Violation>& found() const { return kept_; }
    // Every finding made so far (kept or only counted): what a Scope compares.
    std::size_t count() const { return kept_.size() + errors_past_ + warnings_past_; }

    // The findings of one stretch of a rule's work (a record's checks): whether the rules found
    // anything there, and so whether what the record does is legal (an exit that scores).
    class Scope {
    public:
        explicit Scope(const Findings& f) : f_(f), at_(f.count()) {}
        bool clean() const { return f_.count() == at_; }

    private:
        const Findings& f_;
        std::size_t at_;
    };

    // Notes for the report's rulings, in the order they are made.
    void note(std::string text) { notes_.push_back(std::move(text)); }
    // True the first time a key is given (a note said once per report).
    bool first_time(const std::string& key);
    void note_once(std::string text) {
        if (first_time(text)) note(std::move(text));
    }
    const std::vector<std::string>& notes() const { return notes_; }

    // The verdict is made: its violations (up to the number a report keeps, the others counted) and,
    // when it was judged, the notes after its rulings, in the order they were found.
    void hand_over(Verdict& v);

private:
    void keep(Violation v);

    bool strict_;
    bool fatal_ = false;
    std::vector<Violation> kept_;  // at most kMaxKeptViolations (result.hpp)
    std::size_t errors_past_ = 0, warnings_past_ = 0;
    std::vector<std::string> notes_;
    std::vector<std::string> said_;
};

}  // namespace referee
