# The layering rule (docs/layout.md), checked on the sources: every `#include "..."` of a file in a
# layer's folder names a header of its own folder or of a layer below it, by its bare name (no
# folder, no ".."), and the layers form no cycle. The build enforces the same rule (each layer's
# include directory is its own folder, and it links only the layers below), and the test
# `layering_probe` shows that it does. Run as: cmake -DSRC=<source root> -P tests/layering.cmake (tests/CMakeLists.txt)
#
# Each layer: its folder, then the folders it may include (its own and every one below it).
cmake_minimum_required(VERSION 3.20)
set(layers
  "parser/core:"
  "parser/readers:parser/core"
  "parser/scenario:parser/core"
  "parser/vassal:parser/core"
  "parser/module:parser/vassal,parser/core"
  "parser/convert:parser/module,parser/vassal,parser/scenario,parser/core"
  "parser/event:parser/core"
  "validator/verdict:"
  "validator/engine:validator/verdict,parser/scenario,parser/core"
  "validator/mechanisms:validator/engine,validator/verdict,parser/scenario,parser/core"
  "validator/report:validator/verdict,parser/core"
  "validator/audit:parser/module,parser/vassal,parser/core"
  "validator/inspect:validator/audit,parser/module,parser/vassal,parser/core"
  "validator/check:validator/mechanisms,validator/engine,validator/verdict,parser/readers,parser/scenario,parser/core"
  "validator/view:validator/report,validator/verdict,parser/scenario,parser/core"
  "validator/diff:validator/view,validator/check,validator/mechanisms,validator/engine,validator/report,validator/verdict,parser/readers,parser/scenario,parser/core"
  "cli:validator/diff,validator/view,validator/inspect,validator/audit,parser/convert,parser/module,parser/vassal,validator/check,validator/report,validator/mechanisms,validator/engine,validator/verdict,parser/readers,parser/scenario,parser/core")

set(problems "")
set(order "")  # folders in the order checked: each may include only folders listed before it
foreach(entry IN LISTS layers)
  string(REPLACE ":" ";" parts "${entry}")
  list(GET parts 0 dir)
  list(LENGTH parts n)
  set(allowed "${dir}")
  if(n GREATER 1)
    list(GET parts 1 below)
    string(REPLACE "," ";" below "${below}")
    foreach(b IN LISTS below)
      if(NOT b IN_LIST order)
        string(APPEND problems "layer ${dir} may include ${b}, which is not a layer below it\n")
      endif()
      list(APPEND allowed "${b}")
    endforeach()
  endif()
  list(APPEND order "${dir}")
  file(GLOB sources "${SRC}/${dir}/*.cpp" "${SRC}/${dir}/*.hpp")
  if(NOT sources)
    continue()
  endif()
  foreach(f IN LISTS sources)
    file(STRINGS "${f}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line IN LISTS includes)
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*" "\\1" inc "${line}")
      file(RELATIVE_PATH rel "${SRC}" "${f}")
      if(inc MATCHES "/")
        string(APPEND problems "${rel}: #include \"${inc}\": name a header by its bare name; its folder must be a layer below\n")
        continue()
      endif()
      set(found "")
      foreach(a IN LISTS allowed)
        if(EXISTS "${SRC}/${a}/${inc}")
          set(found "${a}")
          break()
        endif()
      endforeach()
      if(NOT found)
        string(APPEND problems "${rel}: #include \"${inc}\" is not a header of ${dir} or of a layer below it\n")
      endif()
    endforeach()
  endforeach()
endforeach()
# Every folder of parser/ and validator/ that holds sources is a layer.
file(GLOB dirs LIST_DIRECTORIES true "${SRC}/parser/*" "${SRC}/validator/*")
foreach(d IN LISTS dirs)
  if(IS_DIRECTORY "${d}")
    file(RELATIVE_PATH rel "${SRC}" "${d}")
    file(GLOB any "${d}/*.cpp" "${d}/*.hpp")
    if(any AND NOT rel IN_LIST order)
      string(APPEND problems "${rel} holds sources but is not a layer of tests/layering.cmake\n")
    endif()
  endif()
endforeach()
if(problems)
  message(FATAL_ERROR "layering:\n${problems}")
endif()
list(LENGTH order count)
message(STATUS "layering: ${count} layers, every include of a lower or the same layer")
