# The Debian package CPack builds from this tree (cmake/install.cmake), inspected without installing
# it: its control fields, its files (the program, the man page, the documents, all root's), a
# dependency on the package of every shared library the program loads, and its program, stripped,
# runs. Run by ctest as
#   cmake -DBUILD=<build dir> -DSRC=<source dir> -DCPACK=<cpack> -DPREFIX=<the package's prefix, /usr>
#         -DDOCDIR=<docs, relative to the prefix> -DWORK=<scratch folder> -P tests/cli/deb_test.cmake
# scripts/package runs it on a build of its own, to make the package to ship (README.md, "Installing").
cmake_minimum_required(VERSION 3.20)

if(NOT BUILD OR NOT SRC OR NOT CPACK OR NOT PREFIX OR NOT DOCDIR OR NOT WORK)
  message(FATAL_ERROR "usage: cmake -DBUILD=<build dir> -DSRC=<source dir> -DCPACK=<cpack> -DPREFIX=<prefix> "
                      "-DDOCDIR=<docs, relative to the prefix> -DWORK=<scratch folder> -P deb_test.cmake")
endif()
foreach(tool dpkg-deb dpkg dpkg-shlibdeps file readelf)
  find_program(found_${tool} ${tool})
  if(NOT found_${tool})
    message(FATAL_ERROR "${tool} not found (dpkg-dev, file and binutils: scripts/install-deps package)")
  endif()
endforeach()

# run(<var> COMMAND...): the output of a command, which must succeed.
function(run out)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE text ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "`${ARGN}` exited ${rc}:\n${text}\n${err}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

string(REGEX REPLACE "/+$" "" prefix "${PREFIX}")
file(STRINGS "${SRC}/CMakeLists.txt" project_line REGEX "^project\\(referee VERSION [0-9.]+")
string(REGEX REPLACE "^project\\(referee VERSION ([0-9.]+).*" "\\1" version "${project_line}")

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
run(out ${CPACK} -G DEB --config "${BUILD}/CPackConfig.cmake" -B "${WORK}")
file(GLOB debs "${WORK}/*.deb")
list(LENGTH debs count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "cpack made ${count} .deb files, expected one:\n${out}")
endif()
get_filename_component(name "${debs}" NAME)
if(NOT name MATCHES "^referee_${version}_[a-z0-9]+\\.deb$")
  message(FATAL_ERROR "the package is named ${name}, expected referee_${version}_ARCH.deb")
endif()

# The control fields, each a whole line of the control file (the description, its first two lines).
run(info dpkg-deb --field "${debs}")
set(fields "Package: referee" "Version: ${version}" "Section: utils" "Maintainer: [^\n]+<[^\n]+@[^\n]+>"
           "Description: validator of board-wargame game records\n [^\n]+")
while(fields)
  list(POP_FRONT fields field)
  if(NOT info MATCHES "(^|\n)${field}(\n|$)")
    message(FATAL_ERROR "the package's control has no `${field}`:\n${info}")
  endif()
endwhile()
# Depends: what dpkg-shlibdeps found for the libraries the program loads; none when it loads none
# (linked statically, the C library included: cli/CMakeLists.txt), checked below from the program.
set(depends "")
if(info MATCHES "(^|\n)Depends: ([^\n]+)")
  set(depends "${CMAKE_MATCH_2}")
endif()

# The files: every one root's, under the prefix or in one of the folders that lead to it (./,
# ./usr/), and among them those GNUInstallDirs puts under the prefix, the program executable.
run(contents dpkg-deb --contents "${debs}")
string(REGEX MATCHALL "(^|\n)[^\n]+" lines "${contents}")
set(paths "")
foreach(line IN LISTS lines)
  if(NOT line MATCHES "^\n?[-dl][rwx-]+ root/root ")
    message(FATAL_ERROR "a file of the package is not root's: ${line}")
  endif()
  string(REGEX REPLACE " -> .*$" "" path "${line}")
  string(REGEX REPLACE "^.* \\.(/[^ ]*)$" "\\1" path "${path}")
  string(FIND "${prefix}/" "${path}" at)
  if(NOT path MATCHES "^${prefix}/" AND NOT (path MATCHES "/$" AND at EQUAL 0))
    message(FATAL_ERROR "a file of the package is outside ${prefix}: ${line}")
  endif()
  list(APPEND paths "${path}")
endforeach()
list(TRANSFORM paths REPLACE "^${prefix}/" "")
set(missing bin/referee share/man/man1/referee.1.gz ${DOCDIR}/README.md ${DOCDIR}/docs/codes.md
            ${DOCDIR}/docs/scenario-format.md)
list(REMOVE_ITEM missing ${paths})
if(missing)
  list(JOIN missing ", " missing)
  message(FATAL_ERROR "the package has no ${missing} in ${prefix}:\n${contents}")
endif()
if(NOT contents MATCHES "(^|\n)-rwxr-xr-x root/root [^\n]* \\.${prefix}/bin/referee\n")
  message(FATAL_ERROR "the package's ${prefix}/bin/referee is not an executable of root's:\n${contents}")
endif()

# Unpacked (not installed): the program runs, carries no debugging information, and every library
# it loads comes from a package the package depends on.
set(root "${WORK}/root")
run(out dpkg-deb -x "${debs}" "${root}")
set(program "${root}${prefix}/bin/referee")
run(out "${program}" --version)
if(NOT out STREQUAL "referee ${version}\n")
  message(FATAL_ERROR "the packaged referee --version says '${out}', expected 'referee ${version}'")
endif()
run(sections readelf -S -W "${program}")
if(sections MATCHES "\\.debug_info")
  message(FATAL_ERROR "the packaged referee is not stripped")
endif()
run(dynamic readelf -d -W "${program}")
if(NOT dynamic MATCHES "Shared library: ")
  # Linked statically: then it must be so whole (no interpreter to load anything), and the package
  # then depends on nothing; otherwise it loads libraries, and the package must name them.
  run(headers readelf -l -W "${program}")
  if(headers MATCHES "INTERP")
    message(FATAL_ERROR "the packaged referee has a program interpreter but loads no shared library:\n${headers}")
  endif()
  if(NOT depends STREQUAL "")
    message(FATAL_ERROR "the packaged referee loads no shared library, yet the package depends on ${depends}")
  endif()
elseif(depends STREQUAL "")
  message(FATAL_ERROR "the packaged referee loads shared libraries, but the package has no Depends:\n${info}\n${dynamic}")
endif()
string(REGEX MATCHALL "Shared library: \\[[^]\n]+\\]" needed "${dynamic}")
foreach(entry IN LISTS needed)
  string(REGEX REPLACE "^Shared library: \\[(.*)\\]$" "\\1" soname "${entry}")
  run(owners dpkg -S "*/${soname}")
  string(REGEX MATCHALL "(^|\n)[^:\n]+" packages "${owners}")
  set(ok FALSE)
  foreach(p IN LISTS packages)
    string(STRIP "${p}" p)
    string(REGEX REPLACE "([+.])" "\\\\\\1" p "${p}")  # libstdc++6: its + are no regex
    if(depends MATCHES "(^|, )${p}( |,|$)")
      set(ok TRUE)
    endif()
  endforeach()
  if(NOT ok)
    message(FATAL_ERROR "referee loads ${soname} (package ${owners}), which the package does not depend on: Depends: ${depends}")
  endif()
endforeach()

# The man page names the folder the package puts the documents in.
run(page gzip -dc "${root}${prefix}/share/man/man1/referee.1.gz")
if(NOT page MATCHES "${prefix}/${DOCDIR}")
  message(FATAL_ERROR "the packaged man page does not name ${prefix}/${DOCDIR}, where the documents are")
endif()
if(depends STREQUAL "")
  message(STATUS "${name}: no Depends (the program loads no shared library)")
else()
  message(STATUS "${name}: Depends: ${depends}")
endif()
