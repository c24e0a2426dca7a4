# Installing referee as a Debian tool is installed (README.md, "Installing"):
#   bin/referee                      the program
#   share/man/man1/referee.1.gz      its man page, made from its own help by help2man (cmake/man_page.cmake)
#   share/doc/referee/               README.md and docs/ (the pages and the report's schema)
# Included by the top CMakeLists.txt, after the cli folder.
include(GNUInstallDirs)

install(TARGETS referee RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs
        FILES_MATCHING PATTERN "*.md" PATTERN "*.json")

# The man page, at every build (target referee_man, part of `all`: tests/cli/man_test.cmake reads it),
# compressed as Debian wants it (gzip -9n: no name or time in the header, so the same page gives the
# same bytes). Its SEE ALSO names the folder of the documents, which depends on the prefix of the
# install: the page installed is made again when installing, for the prefix installed to (`cmake
# --install --prefix`), from the same help.
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
