# Installing referee as a Debian tool is installed (README.md, "Installing"):
#   bin/referee                      the program
#   share/man/man1/referee.1.gz      its man page, made from its own help by help2man (cmake/man_page.cmake)
#   share/doc/referee/               README.md and docs/ (the pages and the report's schema)
# and CPack's Debian package of the same, in /usr (scripts/package): package referee, its dependencies
# computed from the libraries the program loads (dpkg-shlibdeps), the program stripped. Included by
# the top CMakeLists.txt, after the cli folder.
include(GNUInstallDirs)

install(TARGETS referee RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs
        FILES_MATCHING PATTERN "*.md" PATTERN "*.json")

# The man page, at every build (target referee_man, part of `all`: tests/cli/man_test.cmake reads it),
# compressed as Debian wants it (gzip -9n: no name or time in the header, so the same page gives the
# same bytes). Its SEE ALSO names the folder of the documents, which depends on the prefix of the
# install: the page installed is made again when installing, for the prefix installed to (`cmake
# --install --prefix`, or CPack's /usr), from the same help.
option(REFEREE_MAN_PAGE "Make referee's man page with help2man, and install it" ON)
if(REFEREE_MAN_PAGE)
  find_program(REFEREE_HELP2MAN help2man)
  if(NOT REFEREE_HELP2MAN)
    message(FATAL_ERROR "help2man not found: it makes referee's man page. Install it (Debian's help2man; "
                        "scripts/install-deps does), or configure with -DREFEREE_MAN_PAGE=OFF")
  endif()
  find_program(REFEREE_GZIP gzip REQUIRED)
  set(REFEREE_MAN_DIR ${CMAKE_BINARY_DIR}/man)
  set(referee_man_args -DHELP2MAN=${REFEREE_HELP2MAN} -DGZIP=${REFEREE_GZIP} -DINCLUDE=${CMAKE_SOURCE_DIR}/cli/referee.h2m)
  add_custom_command(
    OUTPUT ${REFEREE_MAN_DIR}/referee.1 ${REFEREE_MAN_DIR}/referee.1.gz
    COMMAND ${CMAKE_COMMAND} -DREFEREE=$<TARGET_FILE:referee> ${referee_man_args} -DDOCDIR=${CMAKE_INSTALL_FULL_DOCDIR}
            -DOUT=${REFEREE_MAN_DIR} -P ${CMAKE_SOURCE_DIR}/cmake/man_page.cmake
    DEPENDS referee ${CMAKE_SOURCE_DIR}/cli/referee.h2m ${CMAKE_SOURCE_DIR}/cmake/man_page.cmake
    COMMENT "Making the man page (help2man)"
    VERBATIM)
  add_custom_target(referee_man ALL DEPENDS ${REFEREE_MAN_DIR}/referee.1.gz)
  # When installing: CMAKE_INSTALL_PREFIX is then the prefix installed to (DESTDIR, which CPack
  # uses, comes on top of it and is not named in the page).
  if(IS_ABSOLUTE "${CMAKE_INSTALL_DOCDIR}")
    set(referee_man_docdir "${CMAKE_INSTALL_DOCDIR}")
  else()
    set(referee_man_docdir "\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_DOCDIR}")
  endif()
  list(JOIN referee_man_args "\" \"" referee_man_args)
  install(CODE "
    execute_process(COMMAND \"${CMAKE_COMMAND}\" \"-DREFEREE=$<TARGET_FILE:referee>\" \"${referee_man_args}\"
                            \"-DDOCDIR=${referee_man_docdir}\" \"-DOUT=${REFEREE_MAN_DIR}/installed\"
                            -P \"${CMAKE_SOURCE_DIR}/cmake/man_page.cmake\"
                    COMMAND_ERROR_IS_FATAL ANY)")
  install(FILES ${REFEREE_MAN_DIR}/installed/referee.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endif()

# The Debian package, in /usr as a Debian package is (/usr/local is the local administrator's, and
# stays the default of `cmake --install`); its man page names /usr's documents (above).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME referee)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "Seed 6441d919 maintainers <maintainers@users.noreply.a-seed-6441d919.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "validator of board-wargame game records")
# The long description, in lines of less than 80 characters (CPack indents each by one space).
string(CONCAT CPACK_PACKAGE_DESCRIPTION
       "referee judges the record of a board wargame played over VASSAL-style\n"
       "programs: a move log, an XML save, or a VASSAL save or log read with the\n"
       "game's module. It replays the record through the rules of the game's\n"
       "scenario and reports the victor, each side's score with the rule behind\n"
       "every point, and every rule violation with its line. For tournament\n"
       "directors auditing games and players settling a dispute.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)            # referee_VERSION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)             # Depends: from the libraries referee loads
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
include(CPack)
