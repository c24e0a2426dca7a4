# The libFuzzer targets (docs/fuzzing.md), included by the top-level CMakeLists.txt when
# REFEREE_FUZZ is ON. Everything built in that tree (the libraries, the tests and the command too)
# gets libFuzzer's coverage instrumentation with AddressSanitizer and UndefinedBehaviorSanitizer;
# the eight fuzz_* executables link libFuzzer's main. A build with REFEREE_FUZZ OFF never reads this file.
if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "REFEREE_FUZZ needs clang (libFuzzer): configure with -DCMAKE_CXX_COMPILER=clang++")
endif()
add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
add_link_options(-fsanitize=address,undefined)

foreach(target IN ITEMS fuzz_move_log fuzz_xml_save fuzz_scenario fuzz_check)
  add_executable(${target} ${CMAKE_SOURCE_DIR}/fuzz/${target}.cpp)
  # referee_check (defined further down in CMakeLists.txt) brings every layer below it.
  target_link_libraries(${target} PRIVATE referee_check referee_report)
  target_link_options(${target} PRIVATE -fsanitize=fuzzer)
  target_compile_definitions(${target} PRIVATE REFEREE_SOURCE_DIR="${CMAKE_SOURCE_DIR}")  # fuzz/targets.hpp
endforeach()

# fuzz_diff: the laws of `referee diff`'s alignment, and its whole comparison on small pairs.
add_executable(fuzz_diff ${CMAKE_SOURCE_DIR}/fuzz/fuzz_diff.cpp)
target_link_libraries(fuzz_diff PRIVATE referee_diff)
target_link_options(fuzz_diff PRIVATE -fsanitize=fuzzer)

# fuzz_vassal needs only the VASSAL layer (its entry point is fuzz/vassal_target.hpp, not targets.hpp).
add_executable(fuzz_vassal ${CMAKE_SOURCE_DIR}/fuzz/fuzz_vassal.cpp)
target_link_libraries(fuzz_vassal PRIVATE referee_vassal)
target_link_options(fuzz_vassal PRIVATE -fsanitize=fuzzer)

# fuzz_module needs only the module layer (its entry point is fuzz/module_target.hpp).
add_executable(fuzz_module ${CMAKE_SOURCE_DIR}/fuzz/fuzz_module.cpp)
target_link_libraries(fuzz_module PRIVATE referee_module)
target_link_options(fuzz_module PRIVATE -fsanitize=fuzzer)

# fuzz_convert needs the conversion layer, and the move-log reader to read its records back (its
# entry point is fuzz/convert_target.hpp); it reads the test modules from the source tree.
add_executable(fuzz_convert ${CMAKE_SOURCE_DIR}/fuzz/fuzz_convert.cpp)
target_link_libraries(fuzz_convert PRIVATE referee_convert referee_readers)
target_link_options(fuzz_convert PRIVATE -fsanitize=fuzzer)
target_compile_definitions(fuzz_convert PRIVATE REFEREE_SOURCE_DIR="${CMAKE_SOURCE_DIR}")  # fuzz/convert_target.hpp
