# Makes referee's man page, referee.1, from the program's own help, with help2man. Run at build time
# by the referee_man target (cmake/install.cmake):
#   cmake -DREFEREE=<binary> -DHELP2MAN=<help2man> -DGZIP=<gzip> -DINCLUDE=<cli/referee.h2m>
#         -DDOCDIR=<the documents' installed folder> -DOUT=<folder> -P cmake/man_page.cmake
# It writes OUT/referee.1 and OUT/referee.1.gz (the one installed).
# help2man reads `referee --help` and `--version`; it is handed here a help text that adds every
# subcommand's own help (`referee SUB --help`) as the COMMANDS section, each subcommand's usage in
# the SYNOPSIS, and makes the footer's "Exit status:" the EXIT STATUS section. The options and
# subcommands therefore come from the program and cannot drift from it; the prose of DESCRIPTION and
# SEE ALSO is in cli/referee.h2m.
cmake_minimum_required(VERSION 3.20)

foreach(v REFEREE HELP2MAN GZIP INCLUDE DOCDIR OUT)
  if(NOT ${v})
    message(FATAL_ERROR "man_page.cmake: -D${v}=... is missing")
  endif()
endforeach()

function(help out)  # help(<variable> ARGS...): the output of `referee ARGS...`, which must exit 0
  execute_process(COMMAND ${REFEREE} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE text ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "man_page.cmake: `referee ${ARGN}` exited ${rc}: ${err}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

help(top --help)
help(version --version)

# The top-level help: description, usage, options, the subcommands, then the footer (help_text.hpp).
if(NOT top MATCHES "^([^\n]*)\nUsage: ([^\n]*)\n(.*)\nSubcommands:\n((  [^\n]*\n)+)\n(.*)$")
  message(FATAL_ERROR "man_page.cmake: `referee --help` is not as expected (description, Usage:, Subcommands:):\n${top}")
endif()
set(description "${CMAKE_MATCH_1}")
set(usage "${CMAKE_MATCH_2}")
set(options "${CMAKE_MATCH_3}")
set(subcommands "${CMAKE_MATCH_4}")
set(footer "${CMAKE_MATCH_6}")
if(NOT footer MATCHES "^Exit status:\n")
  message(FATAL_ERROR "man_page.cmake: `referee --help` does not end with its exit statuses:\n${footer}")
endif()
string(REGEX REPLACE "^Exit status:\n" "*Exit status*\n" footer "${footer}")
# An example's explanation, under its command, indented further for help2man to make the command
# the tag of a tagged paragraph (it wants 20 spaces or more).
string(REGEX REPLACE "\n      ([^ ])" "\n                      \\1" footer "${footer}")

string(REGEX MATCHALL "(^|\n)  [a-z][a-z0-9-]*" names "${subcommands}")
set(synopsis "Usage: ${usage}\n")
set(commands "*Commands*\n")
foreach(name IN LISTS names)
  string(STRIP "${name}" name)
  help(sub ${name} --help)
  if(NOT sub MATCHES "^([^\n]*)\nUsage: ([^\n]*)\n\n(.*)$")
    message(FATAL_ERROR "man_page.cmake: `referee ${name} --help` is not as expected:\n${sub}")
  endif()
  set(what "${CMAKE_MATCH_1}")
  set(sub_usage "${CMAKE_MATCH_2}")
  set(body "${CMAKE_MATCH_3}")
  string(APPEND synopsis "   or: ${sub_usage}\n")
  # The body's headings would start sections of their own (help2man reads "Options:" as OPTIONS),
  # and every subcommand's -h,--help says the same: out. A positional's REQUIRED is in the usage.
  string(REGEX REPLACE "(^|\n)(Positionals|Options):\n" "\\1" body "${body}")
  string(REGEX REPLACE "(^|\n)  -h,--help [^\n]*" "" body "${body}")
  string(REPLACE " REQUIRED " "  " body "${body}")
  string(REGEX REPLACE "\n\n+" "\n" body "${body}")
  string(REGEX REPLACE "^\n+" "" body "${body}")
  # A subsection: its title (help2man wants a colon, removed below), the description indented, then
  # (after a blank line, or help2man would take them for the description's continuation) the options.
  string(APPEND commands "${sub_usage}:\n  ${what}.\n\n${body}\n")
endforeach()

set(work "${OUT}/help2man")
file(MAKE_DIRECTORY "${work}")
file(WRITE "${work}/help.txt" "${description}\n${synopsis}\n${options}\n${commands}${footer}")
file(WRITE "${work}/version.txt" "${version}")
# help2man runs a program with --help and --version: this one prints the texts above.
file(WRITE "${work}/referee"
     "#!/bin/sh\ncase \"$1\" in --version) exec cat '${work}/version.txt' ;; *) exec cat '${work}/help.txt' ;; esac\n")
file(CHMOD "${work}/referee" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
# The documents' folder as roff text: a backslash \e, a hyphen a minus sign (\-, as in a path).
string(REPLACE "\\" "\\e" DOCDIR "${DOCDIR}")
string(REPLACE "-" "\\-" DOCDIR "${DOCDIR}")
configure_file("${INCLUDE}" "${work}/referee.h2m" @ONLY)

execute_process(COMMAND ${HELP2MAN} --no-info --section=1 --name=validate\ board-wargame\ game\ records
                        --include=${work}/referee.h2m --output=${work}/referee.1 ${work}/referee
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "man_page.cmake: help2man failed (${rc}): ${err}")
endif()
file(READ "${work}/referee.1" page)
# The subsection titles without help2man's colon.
string(REGEX REPLACE "\n\\.SS \"([^\"\n]*):\"\n" "\n.SS \"\\1\"\n" page "${page}")
file(WRITE "${OUT}/referee.1" "${page}")
execute_process(COMMAND ${GZIP} -9n -c "${OUT}/referee.1" OUTPUT_FILE "${OUT}/referee.1.gz" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "man_page.cmake: gzip failed (${rc})")
endif()
