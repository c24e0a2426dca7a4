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

# --- The bundled samples through the binary: verdicts and exit statuses (issue 2). ---
set(mh "${SRC}/samples/maryes-heights")
run(sample-automatic 0 check "${mh}/automatic-victory.log")
expect_match(sample-automatic "${OUT}" "^[^\n]*automatic-victory.log: Confederate wins \\(automatic\\), end of game-turn 5")
run(sample-points 0 check "${mh}/full-game-points.log")
expect_match(sample-points "${OUT}" "full-game-points.log: Union wins, end of game-turn 11")
expect_match(sample-points "${OUT}" "17.13 +\\+20 +holds 1113, 0206, 0511, 1504")
run(sample-exits 1 check "${mh}/exits-and-retreat.log")
expect_match(sample-exits "${OUT}" "exits-and-retreat.log:37: error: exit-location: ")
run(sample-claims 1 check "${mh}/disputed-claims.log")
expect_match(sample-claims "${OUT}" "disputed-claims.log:57: error: claim-mismatch: ")
run(sample-tampered 1 check "${mh}/tampered-save.xml")
expect_match(sample-tampered "${OUT}" "tampered-save.xml:45: error: snapshot-mismatch: Cobb")
run(sample-syntax 2 check "${mh}/syntax-errors.log")
expect_match(sample-syntax "${OUT}" "syntax-errors.log:12:1: error: syntax: ")
expect_match(sample-syntax "${OUT}" "syntax-errors.log:14:12: error: syntax: ")
expect_match(sample-syntax "${OUT}" "syntax-errors.log:17:11: error: syntax: ")
expect_match(sample-syntax "${OUT}" "syntax-errors.log:19:18: error: syntax: unterminated string")
if("${OUT}" MATCHES "wins|draw")
  message(FATAL_ERROR "sample-syntax: a file with syntax errors got a verdict:\n${OUT}")
endif()
# All of them in one run: the worst status wins (2), every file reported.
file(GLOB all_samples "${mh}/*")   # what a shell makes of samples/maryes-heights/*
run(sample-all 2 check ${all_samples})
foreach(f IN LISTS all_samples)
  get_filename_component(name "${f}" NAME)
  expect_match(sample-all "${OUT}" "${name}: ")
endforeach()

# Three bad lines among good ones: all three reported with line and column, no verdict, exit 2.
set(bad "${CMAKE_CURRENT_BINARY_DIR}/three-bad-lines.log")
file(WRITE "${bad}" "game maryes-heights\nturn 1\nphase Union movement\nmove 1/II 0810 0911\nmove\nphase Union combat\nlose 1/II x\nturn 2\nturn 3 4\n")
run(three-bad-lines 2 check "${bad}")
expect_match(three-bad-lines "${OUT}" "three-bad-lines.log:5:5: error: syntax: ")
expect_match(three-bad-lines "${OUT}" "three-bad-lines.log:7:11: error: syntax: ")
expect_match(three-bad-lines "${OUT}" "three-bad-lines.log:9:8: error: syntax: ")
expect_match(three-bad-lines "${OUT}" "not judged: 3 syntax errors")

# Standard input.
execute_process(COMMAND ${REFEREE} check - INPUT_FILE "${mh}/automatic-victory.log" RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT "${out}" MATCHES "^-: Confederate wins \\(automatic\\)")
  message(FATAL_ERROR "stdin: exit ${rc}, output:\n${out}")
endif()

# --param and --strict change the result.
run(param-exit 0 check --param occupation-vp=5 "${mh}/automatic-victory.log")
run(strict 0 check --strict "${mh}/automatic-victory.log")
run(scenario-unknown 2 check --scenario no-such-scenario "${mh}/automatic-victory.log")

# --scenario FILE: a scenario read from disk instead of the built-in one gives the same verdict.
run(scenario-file 0 check --scenario "${SRC}/scenarios/maryes-heights.xml" "${mh}/automatic-victory.log")
expect_match(scenario-file "${OUT}" "Confederate wins \\(automatic\\), end of game-turn 5")
# A scenario file with an error: not judged, and the message names the file, line and column.
set(badscen "${CMAKE_CURRENT_BINARY_DIR}/bad-scenario.xml")
file(WRITE "${badscen}" "<scenario format=\"1\" id=\"x\" title=\"X\" turns=\"eleven\">\n</scenario>\n")
run(scenario-bad 2 check --scenario "${badscen}" "${mh}/automatic-victory.log")
expect_match(scenario-bad "${OUT}" "bad-scenario.xml:1:[0-9]+: ")

# --- Road to Richmond samples (issue 3): verdicts, score items with their rules, exit statuses. ---
set(rtr "${SRC}/samples/road-to-richmond")
run(rtr-change 0 check "${rtr}/change-of-base.log")
expect_match(rtr-change "${OUT}" "change-of-base.log: Union wins, end of game-turn 20")
expect_match(rtr-change "${OUT}" "21.12 item 3 +\\+5 +the Union Train exited at 1528")
run(rtr-cut 0 check "${rtr}/cut-at-1524.log")
expect_match(rtr-cut "${OUT}" "21.12 item 4 +\\+18 ")
expect_match(rtr-cut "${OUT}" "21.12 item 2 \\(Union combat SP exited at 0117\\) scores nothing")
run(rtr-never 0 check "${rtr}/train-never-came.log")
expect_match(rtr-never "${OUT}" "21.12 item 6 +\\+20 ")
expect_match(rtr-never "${OUT}" "21.22 +\\+[0-9]+ +[0-9]+ Union SP that cannot trace")
run(rtr-draw 0 check "${rtr}/malvern-stalemate.log")
expect_match(rtr-draw "${OUT}" "malvern-stalemate.log: draw, end of game-turn 20")
run(rtr-dispute 1 check "${rtr}/frayser-dispute.log")
expect_match(rtr-dispute "${OUT}" "frayser-dispute.log:67: error: zoc: ")
expect_match(rtr-dispute "${OUT}" "frayser-dispute.log:85: error: stacking: ")
run(rtr-crash 0 check "${rtr}/server-crash.log")
expect_match(rtr-crash "${OUT}" "no result \\(incomplete\\): Confederate ahead at game-turn 13")
# Without the test roads (the built-in scenario), the traces are not scored and the report says so.
# (The players claimed the score with the roads, so the claims now disagree: exit status 1.)
run(rtr-builtin 1 check --scenario road-to-richmond "${rtr}/train-never-came.log")
expect_match(rtr-builtin "${OUT}" "21.22 \\(Union units without a road to 1528 or 2426 within ten hexes, counted as destroyed\\) not scored")

# --- Cemetery Hill samples (issue 3): levels at the exact bounds of 14.5, traces, 14.53, entries. ---
set(ch "${SRC}/samples/cemetery-hill")
run(ch-east 0 check "${ch}/east-cemetery-hill.log")
expect_match(ch-east "${OUT}" "east-cemetery-hill.log: Union wins \\(Substantive\\), end of game-turn 15")
expect_match(ch-east "${OUT}" "14.5: Union 30 to Confederate 20: Union Substantive \\(ratio at least 3:2\\)")
run(ch-culps 0 check "${ch}/culps-hill.log")
expect_match(ch-culps "${OUT}" "culps-hill.log: Confederate wins \\(Substantive\\)")
expect_match(ch-culps "${OUT}" "14.51 +\\+[0-9]+ +[0-9]+ Union SP that cannot trace to a road leaving the map by the east edge")
run(ch-stuart 0 check "${ch}/stuarts-ride.log")
expect_match(ch-stuart "${OUT}" "stuarts-ride.log: Confederate wins \\(Decisive\\)")
expect_match(ch-stuart "${OUT}" "14.53 +\\+50 ")
run(ch-late 1 check "${ch}/late-arrivals.log")
expect_match(ch-late "${OUT}" "error: reinforcement-early: ")
expect_match(ch-late "${OUT}" "error: reinforcement-location: ")
run(ch-protest 1 check "${ch}/protested-game.log")
expect_match(ch-protest "${OUT}" "protested-game.log:85: error: retreat-off-map: ")
expect_match(ch-protest "${OUT}" "protested-game.log:75: error: turn-order: there is no Union movement phase in game-turn 1")
run(ch-adjourned 0 check "${ch}/adjourned.log")
expect_match(ch-adjourned "${OUT}" "no result \\(incomplete\\)")
# Every Cemetery Hill and Road to Richmond sample in one run: each reported, the worst status wins.
file(GLOB bg_samples "${ch}/*" "${rtr}/*")
run(bg-all 1 check ${bg_samples})
foreach(f IN LISTS bg_samples)
  get_filename_component(name "${f}" NAME)
  expect_match(bg-all "${OUT}" "${name}: ")
endforeach()

# --- Commands & Colors: Napoleonics samples (issue 4): victory banners, sudden death (B1-B6). ---
set(cnc "${SRC}/samples/cnc-napoleonics")
run(cnc-rolica 1 check "${cnc}/rolica.log")
expect_match(cnc-rolica "${OUT}" "rolica.log: British wins \\(sudden death\\), British reached 5 banners \\(target 5\\) at game-turn 7, British combat \\[line 156\\]")
expect_match(cnc-rolica "${OUT}" "rolica.log:157: error: after-end: advance record after the game was over ")
expect_match(cnc-rolica "${OUT}" "\n    British \\+1 temporary 0706 \\[B3\\]: gained line 92 \\(game-turn 1, British combat\\); lost line 103 \\(game-turn 2, French combat\\): no British unit occupies the hex\n")
expect_match(cnc-rolica "${OUT}" "\n    British \\+1 majority 0503, 0603, 0703 \\[B5\\]: gained line 152 \\(start of the British player-turn, game-turn 7, British order\\)\n")
run(cnc-vimeiro 1 check "${cnc}/vimeiro.log")
expect_match(cnc-vimeiro "${OUT}" "vimeiro.log: British wins \\(sudden death\\), British reached 4 banners \\(target 4\\) at game-turn 5, French combat, in the French player-turn \\[line 137\\]")
expect_match(cnc-vimeiro "${OUT}" "vimeiro.log:158: error: claim-mismatch: the players report winner French \\(sudden death\\); the record gives British \\(sudden death\\)")
expect_match(cnc-vimeiro "${OUT}" "vimeiro.log:138: error: after-end: combat record after the game was over ")
run(cnc-talavera 0 check "${cnc}/talavera.log")
expect_match(cnc-talavera "${OUT}" "talavera.log: Allied wins, end record at game-turn 7, French combat, no banner target reached \\(banners: French 2, Allied 3\\) \\[line 174\\]")
expect_match(cnc-talavera "${OUT}" "\n    Allied \\+1 temporary 0208 \\[B3\\]: gained line 93 \\(held at the start: held-by\\); B4: kept, its hex empty from line 112 to line 113 ")
run(cnc-bussaco 0 check "${cnc}/bussaco.log")
expect_match(cnc-bussaco "${OUT}" "bussaco.log: Allied wins \\(concession\\), French conceded at game-turn 7, French order \\[line 163\\]")
expect_match(cnc-bussaco "${OUT}" "\n    Allied \\+1 temporary 0902 \\[B3\\]: gained line 90 \\(game-turn 1\\); lost line 110 \\(game-turn 2, Allied movement\\): [^\n]*\\(B4\\)\n")
expect_match(cnc-bussaco "${OUT}" "\n    B3  \\+2  0603, 0703, 0803 temporary-group objective, held since line 84\n")
run(cnc-albuera 0 check "${cnc}/albuera.log")
expect_match(cnc-albuera "${OUT}" "albuera.log: French wins \\(sudden death\\), French reached 5 banners \\(target 5\\) at game-turn 7, French order \\[line 158\\]")
if("${OUT}" MATCHES "KGL-Lt-Bns eliminated")
  message(FATAL_ERROR "cnc-albuera: the garrison's elimination gave a banner (B2):\n${OUT}")
endif()
run(cnc-salamanca 0 check "${cnc}/salamanca.log")
expect_match(cnc-salamanca "${OUT}" "salamanca.log: British wins \\(sudden death\\), British reached 5 banners \\(target 5\\) at game-turn 5, British combat \\[line 134\\]")
expect_match(cnc-salamanca "${OUT}" "\n    French \\+1 last-to-occupy 0705 \\[B6\\]: gained line 94 \\(game-turn 2, French movement\\); lost line 134 \\(game-turn 5, British combat\\): a British unit enters 0705\n")
run(cnc-quatre-bras 0 check "${cnc}/quatre-bras.xml")
expect_match(cnc-quatre-bras "${OUT}" "quatre-bras.xml: no result \\(incomplete\\): French ahead at game-turn 3, French combat \\[line 105\\]")
if("${OUT}" MATCHES "snapshot-mismatch")
  message(FATAL_ERROR "cnc-quatre-bras: the save's snapshot should agree with its log:\n${OUT}")
endif()
# The banners in the JSON report: one entry per banner, with when it was gained and lost.
run(cnc-rolica-json 1 check --format json "${cnc}/rolica.log")
expect_match(cnc-rolica-json "${OUT}" "\"level\": \"sudden death\"")
expect_match(cnc-rolica-json "${OUT}" "\"banners\": \\[\n")
# Every victory-banner sample in one run: each reported, the worst status wins.
file(GLOB cnc_samples "${cnc}/*")
run(cnc-all 1 check ${cnc_samples})
foreach(f IN LISTS cnc_samples)
  get_filename_component(name "${f}" NAME)
  expect_match(cnc-all "${OUT}" "${name}: ")
endforeach()
