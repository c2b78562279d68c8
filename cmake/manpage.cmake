# SPDX-License-Identifier: GPL-3.0-or-later
# Writes the man page of one program from its --help (cmake -P, at build time):
#   cmake -DHELP2MAN=... -DPROGRAM=<binary> -DNAME=<name> -DSUMMARY=<one line> -DVERSION=<v>
#         -DSEE_ALSO=<roff> -DOUT=<page.1> -P manpage.cmake
# help2man turns `PROGRAM --help` into the page; the subcommands it lists (lines that start
# with "NAME <word>", as in "  branan bench [depth] ...") each get a section of their own
# with their `--help`, verbatim, so the page follows the binary without a list kept here.
foreach(var HELP2MAN PROGRAM NAME SUMMARY VERSION OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "manpage.cmake: -D${var}= is missing")
  endif()
endforeach()

# Runs `PROGRAM args... --help` into `out`; a failure stops the build with the command named.
function(help_of out)
  execute_process(COMMAND ${PROGRAM} ${ARGN} --help OUTPUT_VARIABLE text ERROR_VARIABLE err
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "manpage.cmake: '${NAME} ${ARGN} --help' failed (${rc}): ${err}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# `text` as roff lines shown verbatim: backslashes escaped, a leading '.' or "'" made text,
# hyphens as \- (what man(7) wants for options).
function(roff_verbatim out text)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} ".nf\n${text}\n.fi\n" PARENT_SCOPE)
endfunction()

help_of(main_help)
string(REGEX MATCHALL "(^|\n)[ \t]*(usage: )?${NAME} [a-z]+" lines "${main_help}")
set(subcommands "")
foreach(line IN LISTS lines)
  string(REGEX REPLACE ".*${NAME} ([a-z]+)$" "\\1" word "${line}")
  list(APPEND subcommands ${word})
endforeach()
list(REMOVE_DUPLICATES subcommands)

set(include "")
if(subcommands)
  string(APPEND include "[SUBCOMMANDS]\n")
  foreach(sub IN LISTS subcommands)
    help_of(sub_help ${sub})
    roff_verbatim(body "${sub_help}")
    string(APPEND include ".SS \"${NAME} ${sub}\"\n${body}")
  endforeach()
endif()
if(DEFINED SEE_ALSO)
  string(APPEND include "[SEE ALSO]\n${SEE_ALSO}\n")
endif()
get_filename_component(dir "${OUT}" DIRECTORY)
file(MAKE_DIRECTORY "${dir}")
file(WRITE "${OUT}.include" "${include}")

execute_process(COMMAND ${HELP2MAN} --no-info --no-discard-stderr --name=${SUMMARY}
                        --version-string=${VERSION} --include=${OUT}.include --output=${OUT}
                        ${PROGRAM}
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "manpage.cmake: help2man failed for ${NAME} (${rc}): ${err}")
endif()
