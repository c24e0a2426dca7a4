# `referee diff` (event.md, "referee diff"; docs/diff.md): every pair of samples/disputes/checks.txt
# against its expected text and JSON (samples/expected/disputes/NAME.txt and .json, run from the
# repository's top folder as the README's commands are), mixed kinds, and what cannot be compared.
# Run by ctest as
#   cmake -DREFEREE=<referee binary> -DSRC=<source dir> -P tests/cli/diff_test.cmake
cmake_minimum_required(VERSION 3.20)
if(NOT REFEREE OR NOT SRC)
  message(FATAL_ERROR "usage: cmake -DREFEREE=<referee binary> -DSRC=<source dir> -P diff_test.cmake")
endif()
include(${CMAKE_CURRENT_LIST_DIR}/run_referee.cmake)

# in_src(<name> <expected status> ARGS...): run() from the top folder, so that paths are as written.
function(in_src name expected)
  execute_process(COMMAND ${REFEREE} ${ARGN} WORKING_DIRECTORY ${SRC} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(OUT "${out}" PARENT_SCOPE)
  set(ERR "${err}" PARENT_SCOPE)
  if(NOT "${rc}" STREQUAL "${expected}")
    message(FATAL_ERROR "${name}: `referee ${ARGN}` exited ${rc}, expected ${expected}\nstdout:\n${out}\nstderr:\n${err}")
  endif()
endfunction()

file(STRINGS "${SRC}/samples/disputes/checks.txt" checks)
set(pairs 0)
foreach(line IN LISTS checks)
  if(line MATCHES "^#" OR line STREQUAL "")
    continue()
  endif()
  string(REGEX REPLACE "^([^:]+): .*$" "\\1" name "${line}")
  string(REGEX REPLACE "^[^:]+: " "" args "${line}")
  separate_arguments(args UNIX_COMMAND "${args}")
  file(READ "${SRC}/samples/expected/disputes/${name}.json" want_json)
  file(READ "${SRC}/samples/expected/disputes/${name}.txt" want_text)
  # The same game: 0; otherwise 1 (one copy stopping early included).
  if(want_json MATCHES "\"same\": true")
    set(status 0)
  else()
    set(status 1)
  endif()
  in_src(${name} ${status} ${args})
  if(NOT "${OUT}" STREQUAL "${want_text}")
    message(FATAL_ERROR "${name}: the text is not samples/expected/disputes/${name}.txt:\n--- expected\n${want_text}\n--- got\n${OUT}")
  endif()
  in_src(${name}-json ${status} ${args} --format json)
  if(NOT "${OUT}" STREQUAL "${want_json}")
    message(FATAL_ERROR "${name}: the JSON is not samples/expected/disputes/${name}.json:\n--- expected\n${want_json}\n--- got\n${OUT}")
  endif()
  math(EXPR pairs "${pairs} + 1")
endforeach()
if(pairs LESS 6)
  message(FATAL_ERROR "samples/disputes/checks.txt: ${pairs} pairs, expected at least 6")
endif()

set(d "samples/disputes")
# A copy against itself is the same game; so is a copy against itself read through a symbolic name.
in_src(self 0 diff ${d}/moved-unit/okafor.log ${d}/moved-unit/okafor.log)
expect_match(self "${OUT}" "^samples/disputes/moved-unit/okafor.log and samples/disputes/moved-unit/okafor.log: the same game \\([0-9]+ records\\)\n$")
# The order of the copies: A and B swap, only-in-a becomes only-in-b.
in_src(swapped 1 diff ${d}/inserted-move/lindqvist.log ${d}/inserted-move/okafor.log --format json)
expect_match(swapped "${OUT}" "\"kind\": \"only-in-a\"")
expect_no_match(swapped "${OUT}" "\"kind\": \"only-in-b\"")
# --max-errors: at most N differences listed, then how many more.
in_src(max-errors 1 diff ${d}/stops-early/okafor.log ${d}/stops-early/lindqvist.log --max-errors 5)
expect_match(max-errors "${OUT}" "\n  \\.\\.\\. and 14 more differences\n")
in_src(max-errors-json 1 diff ${d}/stops-early/okafor.log ${d}/stops-early/lindqvist.log --max-errors 5 --format json)
expect_match(max-errors-json "${OUT}" "\"differences_omitted\": 14")

# Any two kinds: an XML save against the move log of the same game. saved-game.xml is the game of
# full-game-points.log saved in game-turn 3, without its two param records: the params differ, then
# the save stops early (its records after the header are the log's first).
in_src(mixed 1 diff samples/maryes-heights/full-game-points.log samples/maryes-heights/saved-game.xml --format json)
expect_match(mixed "${OUT}" "\"kind\": \"only-in-a\",\n      \"a\": {\n        \"line\": 16,\n        \"record\": \"param exit-vp 1\"")

# A VASSAL log against itself, and against its twin move log (the same game written by hand,
# tests/data/vassal/): compared as records through the binding.
set(vm --module samples/vassal/bluegray --scenario samples/vassal/mh-binding.xml)
in_src(vassal-self 0 diff samples/vassal/mh-undo-roll.vlog samples/vassal/mh-undo-roll.vlog ${vm})
expect_match(vassal-self "${OUT}" "the same game")
in_src(vassal-twin 0 diff samples/vassal/mh-assault.vlog tests/data/vassal/mh-assault.log ${vm})
expect_match(vassal-twin "${OUT}" "the same game")
in_src(vassal-other 1 diff samples/vassal/mh-assault.vlog samples/vassal/mh-undo-roll.vlog ${vm} --format json)
expect_match(vassal-other "${OUT}" "\"step\": [0-9]+")

# What cannot be compared: exit status 2, said with the copy's name.
in_src(missing 2 diff ${d}/moved-unit/okafor.log ${d}/moved-unit/nosuch.log)
expect_match(missing "${ERR}" "^referee: diff: samples/disputes/moved-unit/nosuch.log: ")
in_src(vassal-no-module 2 diff samples/vassal/mh-assault.vlog ${d}/moved-unit/okafor.log)
expect_match(vassal-no-module "${ERR}" "samples/vassal/mh-assault.vlog: a VASSAL save or log is compared through its records: give its module")
in_src(not-a-game 2 diff ${d}/moved-unit/okafor.log samples/expected/disputes/moved-unit.json)
expect_match(not-a-game "${ERR}" "^referee: diff: samples/expected/disputes/moved-unit.json: ")
in_src(one-copy 2 diff ${d}/moved-unit/okafor.log)
in_src(bad-format 2 diff ${d}/moved-unit/okafor.log ${d}/moved-unit/lindqvist.log --format csv)

# The page stands alone: no script, no link to a file beside it; both verdicts and both maps.
in_src(html 1 diff ${d}/changed-roll/smith.log ${d}/changed-roll/jones.log --format html)
expect_match(html "${OUT}" "^<!DOCTYPE html>")
expect_no_match(html "${OUT}" "<script|<link|src=\"")
expect_match(html "${OUT}" "id=\"verdict-a\"")
expect_match(html "${OUT}" "id=\"verdict-b\"")
expect_match(html "${OUT}" "<figure class=\"map\" data-copy=\"a\">")
expect_match(html "${OUT}" "<figure class=\"map\" data-copy=\"b\">")
message(STATUS "diff_test: ${pairs} pairs and every other check passed")
