// The end of `referee --help`: the exit statuses (report.md, "Command line") and four examples.
// The man page is made from this help (cmake/man_page.cmake, help2man): "Exit status:" becomes its
// EXIT STATUS section and "Examples:" its EXAMPLES, so keep the two headings and the two-space
// indents that help2man reads as tagged paragraphs.
#pragma once

namespace referee {

inline constexpr const char* help_footer =
    "Exit status:\n"
    "  0  every input was read and judged, and no error-severity violation was found\n"
    "  1  check found an error-severity violation (with --strict, a warning counts as one)\n"
    "  2  an input could not be read or judged (a missing or unreadable file, an unknown\n"
    "     scenario, a syntax error), or the command line was wrong\n"
    "With several files, the status is the highest of theirs.\n"
    "\n"
    "Examples:\n"
    "  referee check game.log\n"
    "      Judge one game: the result, each side's score with its rules, every violation.\n"
    "  referee check --format json --jobs 2 round1/*.log > round1.json\n"
    "      Judge a round's games on two threads, as one JSON array of reports.\n"
    "  referee check --module game.vmod --scenario binding.xml game.vlog\n"
    "      Judge a VASSAL log, read with its module and the scenario file binding the two.\n"
    "  referee position game.log --at turn:7\n"
    "      The position when game-turn 7 begins: units, holdings, the score so far.\n";

}  // namespace referee
