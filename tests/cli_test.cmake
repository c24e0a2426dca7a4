# The command line: exit statuses and output (report.md). Run by ctest as
#   cmake -DREFEREE=<referee binary> -DSRC=<source dir> -P tests/cli_test.cmake
cmake_minimum_required(VERSION 3.20)

if(NOT REFEREE OR NOT SRC)
  message(FATAL_ERROR "usage: cmake -DREFEREE=<referee binary> -DSRC=<source dir> -P cli_test.cmake")
endif()

# run(<name> <expected exit status> ARGS...): runs referee, sets OUT and ERR in the caller.
function(run name expected)
  execute_process(COMMAND ${REFEREE} ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(OUT "${out}" PARENT_SCOPE)
  set(ERR "${err}" PARENT_SCOPE)
  if(NOT "${rc}" STREQUAL "${expected}")
    message(FATAL_ERROR "${name}: `referee ${ARGN}` exited ${rc}, expected ${expected}\n"
                        "stdout:\n${out}\nstderr:\n${err}")
  endif()
endfunction()

function(expect_match name text regex)
  if(NOT "${text}" MATCHES "${regex}")
    message(FATAL_ERROR "${name}: output does not match '${regex}':\n${text}")
  endif()
endfunction()

function(expect_empty name text)
  if(NOT "${text}" STREQUAL "")
    message(FATAL_ERROR "${name}: expected no output, got:\n${text}")
  endif()
endfunction()

# --version: the project's version from CMakeLists.txt.
file(STRINGS "${SRC}/CMakeLists.txt" project_line REGEX "^project\\(referee VERSION [0-9.]+")
string(REGEX REPLACE "^project\\(referee VERSION ([0-9.]+).*" "\\1" version "${project_line}")
if(version STREQUAL "")
  message(FATAL_ERROR "cannot find the project version in ${SRC}/CMakeLists.txt")
endif()
run(version 0 --version)
if(NOT "${OUT}" STREQUAL "referee ${version}\n")
  message(FATAL_ERROR "version: expected 'referee ${version}', got '${OUT}'")
endif()

# --help, and check --help.
run(help 0 --help)
expect_match(help "${OUT}" "Usage: .*referee")
expect_match(help "${OUT}" "check")
expect_match(help "${OUT}" "scenarios")
run(check-help 0 check --help)
expect_match(check-help "${OUT}" "--format")
expect_match(check-help "${OUT}" "--param")
expect_match(check-help "${OUT}" "--strict")

# scenarios: one line each, id<TAB>title.
run(scenarios 0 scenarios)
expect_match(scenarios "${OUT}" "(^|\n)maryes-heights\t[^\n]+\n")

# A file that does not exist: not judged.
set(missing "${SRC}/tests/no-such-game.log")
run(missing-file 2 check "${missing}")
expect_match(missing-file "${OUT}" "no-such-game.log: not judged")
run(missing-file-json 2 check --format json "${missing}")
expect_match(missing-file-json "${OUT}" "^{\n  \"file\": \"[^\"]*no-such-game.log\",\n")
expect_match(missing-file-json "${OUT}" "\"winner\": null")
run(missing-files-json 2 check --format json "${missing}" "${missing}")
expect_match(missing-files-json "${OUT}" "^\\[\n  {\n")

# Usage errors: exit 2, a message on stderr, no report on stdout.
run(format-xml 2 check --format xml "${missing}")
expect_empty(format-xml "${OUT}")
expect_match(format-xml "${ERR}" "--format")

run(param-noequals 2 check --param noequals "${missing}")
expect_empty(param-noequals "${OUT}")
expect_match(param-noequals "${ERR}" "NAME=VALUE")

run(param-empty-name 2 check --param =3 "${missing}")
expect_empty(param-empty-name "${OUT}")
expect_match(param-empty-name "${ERR}" "name is empty")

run(no-file 2 check)
expect_empty(no-file "${OUT}")
expect_match(no-file "${ERR}" "FILE")

run(unknown-subcommand 2 frobnicate)
expect_empty(unknown-subcommand "${OUT}")
expect_match(unknown-subcommand "${ERR}" "unknown subcommand 'frobnicate'")

run(no-subcommand 2)
expect_empty(no-subcommand "${OUT}")
expect_match(no-subcommand "${ERR}" "subcommand")

message(STATUS "cli_test: all checks passed")
