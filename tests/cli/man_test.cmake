# The man page (referee.1.gz, made by cmake/man_page.cmake at every build): it renders with
# `man -l` without a warning from groff, it has the sections a reader looks for, and it names every
# subcommand with every option of each, and the three exit statuses. Run by ctest as
#   cmake -DREFEREE=<referee binary> -DPAGE=<referee.1.gz> -DMAN=<man> -P tests/cli/man_test.cmake
cmake_minimum_required(VERSION 3.20)

if(NOT REFEREE OR NOT PAGE)
  message(FATAL_ERROR "usage: cmake -DREFEREE=<referee binary> -DPAGE=<referee.1.gz> -DMAN=<man> -P man_test.cmake")
endif()
if(NOT MAN)
  message(FATAL_ERROR "man not found: the man page is read as a user reads it, with man-db's man (scripts/install-deps test installs it)")
endif()
if(NOT EXISTS "${PAGE}")
  message(FATAL_ERROR "no man page at ${PAGE} (it is made by the referee_man target)")
endif()

# Every groff warning on (--warnings=w), at a terminal's usual width, in plain ASCII. Written to a
# pipe, man pages nothing and leaves out bold and underlining.
set(ENV{MANWIDTH} 80)
set(ENV{MANPAGER} cat)
set(ENV{LC_ALL} C)
execute_process(COMMAND ${MAN} --warnings=w -l "${PAGE}" RESULT_VARIABLE rc OUTPUT_VARIABLE page ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT err STREQUAL "")
  message(FATAL_ERROR "`man --warnings=w -l ${PAGE}` exited ${rc}, with:\n${err}")
endif()

# The sections, in the order of man-pages(7).
set(at -1)
foreach(section NAME SYNOPSIS DESCRIPTION OPTIONS COMMANDS "EXIT STATUS" EXAMPLES "SEE ALSO")
  string(FIND "${page}" "\n${section}\n" found)
  if(found LESS 0)
    message(FATAL_ERROR "the man page has no ${section} section:\n${page}")
  endif()
  if(NOT found GREATER at)
    message(FATAL_ERROR "the man page's ${section} section is out of order:\n${page}")
  endif()
  set(at ${found})
endforeach()
if(NOT page MATCHES "\nNAME\n +referee - [a-z]")
  message(FATAL_ERROR "the man page's NAME is not `referee - what it does`:\n${page}")
endif()

# section(<var> NAME): the text of one section, up to the next heading.
function(section out name)
  if(NOT page MATCHES "\n${name}\n(.*)$")
    message(FATAL_ERROR "no section ${name}")
  endif()
  set(text "${CMAKE_MATCH_1}")
  string(REGEX REPLACE "\n[A-Z][A-Z ]+\n.*$" "" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()
section(synopsis SYNOPSIS)
section(commands COMMANDS)
section(statuses "EXIT STATUS")
section(examples EXAMPLES)

# Every subcommand `referee --help` lists: in the synopsis, and a subsection of COMMANDS naming each
# option its own --help gives.
execute_process(COMMAND ${REFEREE} --help RESULT_VARIABLE rc OUTPUT_VARIABLE help)
if(NOT rc EQUAL 0 OR NOT help MATCHES "\nSubcommands:\n((  [^\n]*\n)+)")
  message(FATAL_ERROR "`referee --help` (exit ${rc}) lists no subcommands:\n${help}")
endif()
string(REGEX MATCHALL "(^|\n)  [a-z][a-z0-9-]*" names "${CMAKE_MATCH_1}")
list(LENGTH names count)
if(count LESS 4)
  message(FATAL_ERROR "`referee --help` lists ${count} subcommands, expected check, scenarios, convert and vassal at least")
endif()
foreach(name IN LISTS names)
  string(STRIP "${name}" name)
  if(NOT synopsis MATCHES "\n +referee ${name}( |\n)")
    message(FATAL_ERROR "the man page's SYNOPSIS does not give `referee ${name}`:\n${synopsis}")
  endif()
  # The subsection: from its title to the next title (or the section's end).
  if(NOT commands MATCHES "(^|\n)   referee ${name}( [^\n]*)?\n(.*)$")
    message(FATAL_ERROR "the man page's COMMANDS has no subsection `referee ${name}`:\n${commands}")
  endif()
  set(sub "${CMAKE_MATCH_3}")
  string(REGEX REPLACE "\n   referee .*$" "" sub "${sub}")
  execute_process(COMMAND ${REFEREE} ${name} --help OUTPUT_VARIABLE sub_help)
  string(REGEX MATCHALL "\n  (-[a-z],)?--[a-z][a-z-]*" options "${sub_help}")
  foreach(option IN LISTS options)
    string(REGEX REPLACE "^\n  (-[a-z],)?" "" option "${option}")
    if(option STREQUAL "--help")
      continue()
    endif()
    if(NOT sub MATCHES "\n +(-[a-z],)?${option}( |\n)")
      message(FATAL_ERROR "the man page's `referee ${name}` does not give its option ${option}:\n${sub}")
    endif()
  endforeach()
endforeach()

# The exit statuses of report.md: 0, 1 and 2, each with what it means.
foreach(status 0 1 2)
  if(NOT statuses MATCHES "(^|\n) +${status} +[a-z]")
    message(FATAL_ERROR "the man page's EXIT STATUS does not give ${status}:\n${statuses}")
  endif()
endforeach()
string(REGEX REPLACE "[ \n]+" " " flat "${statuses}")  # as one line, whatever the filling did
if(NOT flat MATCHES " 0 [^.]*no error-severity violation"
   OR NOT flat MATCHES " 1 [^.]*found an error-severity violation"
   OR NOT flat MATCHES " 2 [^.]*could not be read or judged")
  message(FATAL_ERROR "the man page's EXIT STATUS does not say what 0, 1 and 2 mean:\n${statuses}")
endif()

# Three examples, each a referee command with what it does under it.
string(REGEX MATCHALL "(^|\n) +referee [a-z]+[^\n]*\n +[A-Z]" found "${examples}")
list(LENGTH found count)
if(NOT count EQUAL 4)
  message(FATAL_ERROR "the man page gives ${count} examples, expected 4:\n${examples}")
endif()
