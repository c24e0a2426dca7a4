# The command line on a folder of players' uploads (issue 20; docs/report.md, "Files from players"):
# what is not a regular file is refused at once and the batch goes on; symbolic links are followed
# only within the folder named; --scenario-path. Every run has a time limit, so that a named pipe
# opened by mistake fails the test instead of hanging it. Run by ctest as
#   cmake -DREFEREE=<referee binary> -DWORK=<scratch folder> [-DPYTHON=<python3>] -P tests/cli/uploads_test.cmake
cmake_minimum_required(VERSION 3.20)

if(NOT REFEREE OR NOT WORK)
  message(FATAL_ERROR "usage: cmake -DREFEREE=<referee binary> -DWORK=<scratch folder> -P uploads_test.cmake")
endif()

# run (each run for at most 20 s), expect_match, expect_no_match...
set(RUN_TIMEOUT 20)
include(${CMAKE_CURRENT_LIST_DIR}/run_referee.cmake)

file(REMOVE_RECURSE "${WORK}")
set(up "${WORK}/uploads")
file(MAKE_DIRECTORY "${up}/sub" "${WORK}/outside" "${WORK}/scenarios")
set(good "game maryes-heights\ntag event \"Uploads\"\nturn 1\nend\n")
file(WRITE "${up}/good.log" "${good}")
file(WRITE "${up}/sub/real.log" "${good}")
file(WRITE "${WORK}/outside/secret.log" "game maryes-heights\ntag event \"Secret outside\"\nturn 1\nend\n")

# A named pipe given directly, before a good game: refused at once, and the game after it is checked.
execute_process(COMMAND mkfifo "${WORK}/p.log" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "mkfifo failed")
endif()
run(fifo-direct 2 check "${WORK}/p.log" "${up}/good.log")
expect_match(fifo-direct "${OUT}" "p.log: not judged: unreadable\n[^\n]*p.log is a named pipe, not a game record")
expect_match(fifo-direct "${OUT}" "good.log: ")
expect_match(fifo-direct "${OUT}" "2 games: ")

# A character device given directly.
run(device-direct 2 check /dev/null)
expect_match(device-direct "${OUT}" "/dev/null is a character device, not a game record")

# In a folder: a named pipe, a socket (when Python can make one), links out of the folder and
# within it. Each is its own report; nothing outside the folder is read.
execute_process(COMMAND mkfifo "${up}/pipe.log")
set(have_socket FALSE)
if(PYTHON)
  execute_process(COMMAND ${PYTHON} -c "import socket,sys; s=socket.socket(socket.AF_UNIX); s.bind(sys.argv[1])" "${up}/sock.log"
                  RESULT_VARIABLE rc)
  if(rc EQUAL 0)
    set(have_socket TRUE)
  endif()
endif()
file(CREATE_LINK "${WORK}/outside/secret.log" "${up}/out.log" SYMBOLIC)
file(CREATE_LINK "/etc/passwd" "${up}/passwd.log" SYMBOLIC)
file(CREATE_LINK "sub/real.log" "${up}/in.log" SYMBOLIC)
file(CREATE_LINK "${WORK}/p.log" "${up}/pipe-out.log" SYMBOLIC)
run(folder 2 check "${up}")
expect_match(folder "${OUT}" "pipe.log is a named pipe, not a file: not read")
if(have_socket)
  expect_match(folder "${OUT}" "sock.log is a socket, not a file: not read")
endif()
expect_match(folder "${OUT}" "out.log is a symbolic link that leads out of the folder [^\n]*: not read")
expect_match(folder "${OUT}" "passwd.log is a symbolic link that leads out of the folder [^\n]*: not read")
expect_match(folder "${OUT}" "pipe-out.log is a symbolic link that leads out of the folder [^\n]*: not read")
expect_no_match(folder "${OUT}" "root:|Secret outside")
# The link within the folder is read, as is the file it leads to; the good game too.
expect_match(folder "${OUT}" "in.log: ")
expect_no_match(folder "${OUT}" "in.log: not judged")
expect_match(folder "${OUT}" "sub/real.log: ")
expect_match(folder "${OUT}" "good.log: ")
run(folder-json 2 check --format json "${up}")
expect_match(folder-json "${OUT}" "\"code\": \"unreadable\"")
expect_no_match(folder-json "${OUT}" "Secret outside")
# A link named on the command line is the director's: followed.
run(link-direct 0 check "${up}/out.log")
expect_match(link-direct "${OUT}" "out.log: ")

# --scenario-path: a game names a scenario file by its name; it is looked for there.
file(WRITE "${WORK}/scenarios/club.xml" "<scenario format=\"1\" extends=\"maryes-heights\" id=\"club\" title=\"Club\"/>\n")
file(MAKE_DIRECTORY "${WORK}/games")
file(WRITE "${WORK}/games/g.log" "game club.xml\nturn 1\nend\n")
run(no-path 2 check "${WORK}/games/g.log")
expect_match(no-path "${OUT}" "no such file in the game's folder")
run(path 0 check --scenario-path "${WORK}/scenarios" "${WORK}/games/g.log")
expect_match(path "${OUT}" "g.log: ")
run(path-position 0 position --scenario-path "${WORK}/scenarios" "${WORK}/games/g.log")
run(path-missing 2 check --scenario-path "${WORK}/no-such-folder" "${WORK}/games/g.log")
expect_match(path-missing "${ERR}" "--scenario-path [^\n]*no-such-folder: not a folder")
file(WRITE "${WORK}/games/abs.log" "game /etc/passwd\nturn 1\n")
run(absolute 2 check "${WORK}/games/abs.log")
expect_match(absolute "${OUT}" "scenario-file: /etc/passwd: refused, not read")
expect_no_match(absolute "${OUT}" "root:")

# Whose rules: every form names the scenario file and its SHA-256 (the page, the position, the CSV).
file(SHA256 "${WORK}/scenarios/club.xml" club_hash)
run(page 0 check --format html --scenario-path "${WORK}/scenarios" "${WORK}/games/g.log")
expect_match(page "${OUT}" "scenario club \\(file [^\n<]*club.xml, sha256 ${club_hash}; extends maryes-heights\\)")
run(position-source 0 position --scenario-path "${WORK}/scenarios" "${WORK}/games/g.log")
expect_match(position-source "${OUT}" "\n  scenario: club \\(file [^\n]*club.xml, sha256 ${club_hash}; extends maryes-heights\\)\n")
run(position-json 0 position --format json --scenario-path "${WORK}/scenarios" "${WORK}/games/g.log")
expect_match(position-json "${OUT}" "\"scenario_source\": *{[^}]*\"kind\": *\"file\"[^}]*\"sha256\": *\"${club_hash}\"")
run(csv 0 check --format csv --scenario-path "${WORK}/scenarios" "${WORK}/games/g.log")
expect_match(csv "${OUT}" ",scenario_source,scenario_sha256\n[^\n]*club.xml,${club_hash}\n$")
# A masquerading file: a built-in's id with its own rules is refused.
file(WRITE "${WORK}/games/fake.xml" "<scenario format=\"1\" extends=\"maryes-heights\" id=\"maryes-heights\" title=\"M\" turns=\"2\"/>\n")
file(WRITE "${WORK}/games/fake.log" "game fake.xml\nturn 1\nend\n")
run(masquerade 2 check "${WORK}/games/fake.log")
expect_match(masquerade "${OUT}" "the scenario id 'maryes-heights' is a built-in scenario's")
