# `referee bind --module M --scenario ID [FILE...]` (the shared spec/vassal.md, "Inspecting a module
# and drafting a binding"; docs/vassal.md, "Drafting a binding: referee bind"). Run by ctest as
#   cmake -DREFEREE=<referee binary> -DSRC=<source dir> -DWORK=<scratch dir> -P tests/cli/bind_test.cmake
# The draft for the test module tests/data/vassal/stacks and its game is written, then `referee
# check` judges the game with it as it is (exit 0 or 1, never "not judged"). The real modules of
# ../shared/vassal are drafted with their files when the folder is there, and skipped, saying so,
# when it is not.
cmake_minimum_required(VERSION 3.20)

if(NOT REFEREE OR NOT SRC OR NOT WORK)
  message(FATAL_ERROR "usage: cmake -DREFEREE=<referee binary> -DSRC=<source dir> -DWORK=<scratch dir> -P bind_test.cmake")
endif()
file(MAKE_DIRECTORY "${WORK}")
set(RUN_TIMEOUT 120)
include(${CMAKE_CURRENT_LIST_DIR}/run_referee.cmake)

set(stacks "${SRC}/tests/data/vassal/stacks")

# --help names it; usage mistakes and what cannot be read: exit 2, one line.
run(bind-help 0 --help)
expect_match(bind-help "${OUT}" "\n  bind ")
run(bind-no-module 2 bind --scenario maryes-heights)
run(bind-bad-module 2 bind --module "${stacks}/mh-stacks-binding.xml" --scenario maryes-heights)
expect_match(bind-bad-module "${ERR}" "^referee: [^\n]+\n$")
run(bind-bad-scenario 2 bind --module "${stacks}" --scenario no-such-scenario)
expect_match(bind-bad-scenario "${ERR}" "^referee: --scenario no-such-scenario: [^\n]+\n$")

# The draft, then the check with it.
run(bind-stacks 0 bind --module "${stacks}" --scenario maryes-heights "${stacks}/mh-stacks.vlog")
expect_match(bind-stacks "${OUT}" "<scenario format=\"1\" extends=\"maryes-heights\"")
expect_match(bind-stacks "${OUT}" "<rewrite from=\"{row}\\.{col}\" to=\"{col}{row}\"/>")
expect_match(bind-stacks "${OUT}" "TO RESOLVE")
expect_match(bind-stacks "${ERR}" "the draft binds 11 of the files' 13 pieces")
expect_no_match(bind-stacks "${ERR}" "does not read")
file(WRITE "${WORK}/draft.xml" "${OUT}")
execute_process(COMMAND ${REFEREE} check "${stacks}/mh-stacks.vlog" --module "${stacks}" --scenario "${WORK}/draft.xml"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
if(NOT rc EQUAL 0 AND NOT rc EQUAL 1)
  message(FATAL_ERROR "bind-then-check: `referee check` with the draft exited ${rc}\nstdout:\n${out}\nstderr:\n${err}")
endif()
expect_no_match(bind-then-check "${out}" "not judged")
expect_match(bind-then-check "${out}" "mh-stacks.vlog: ")

# The real modules, other games than Marye's Heights: a draft is written (exit 0) and reads.
set(shared "${SRC}/../shared/vassal")
if(NOT IS_DIRECTORY "${shared}")
  message(STATUS "../shared/vassal is absent: `referee bind` on real modules is skipped")
  return()
endif()
set(games
  "bbvassal/buildFile|bbvassal/testlog.vlog"
  "ftp/buildFile.xml|ftp/1862-3-5.vsav"
  "kassala/buildFile.xml|kassala/Default Setup.vsav"
  "ragnarok/buildFile.xml|ragnarok/ragnarok-start.vsav"
  "riskofcatan/Risk of Catan.vmod|riskofcatan/test_map2.vsav"
  "tld/buildFile|tld/0606-2.log"
  "tour/tour.mod|tour/tour.log"
  "zxvt/buildFile|zxvt/5x5_startup.vlog")
foreach(g IN LISTS games)
  string(REPLACE "|" ";" parts "${g}")
  list(GET parts 0 m)
  list(GET parts 1 f)
  if(NOT EXISTS "${shared}/${m}")
    continue()
  endif()
  run("bind ${m}" 0 bind --module "${shared}/${m}" --scenario maryes-heights "${shared}/${f}")
  expect_match("bind ${m}" "${OUT}" "<vassal module=")
  expect_match("bind ${m}" "${ERR}" "^referee bind: [0-9]+ of the scenario's 66 units matched to a piece; the draft binds [0-9]+ of the files' [0-9]+ pieces\n$")
endforeach()
