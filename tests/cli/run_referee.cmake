# The helpers of the command line's test scripts (cli_test.cmake, uploads_test.cmake,
# module_test.cmake), which include this file after setting REFEREE (and RUN_TIMEOUT, seconds a run
# may take, where a run that hangs must fail the test rather than stall it).

# run(<name> <expected exit status> ARGS...): runs referee, sets OUT and ERR in the caller.
function(run name expected)
  set(limit "")
  if(RUN_TIMEOUT)
    set(limit TIMEOUT ${RUN_TIMEOUT})
  endif()
  execute_process(COMMAND ${REFEREE} ${ARGN} ${limit}
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

function(expect_no_match name text regex)
  if("${text}" MATCHES "${regex}")
    message(FATAL_ERROR "${name}: output matches '${regex}':\n${text}")
  endif()
endfunction()

function(expect_empty name text)
  if(NOT "${text}" STREQUAL "")
    message(FATAL_ERROR "${name}: expected no output, got:\n${text}")
  endif()
endfunction()
