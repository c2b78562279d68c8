# SPDX-License-Identifier: GPL-3.0-or-later
# Install-time step (install(SCRIPT)): writes DATADIR/branan/opentafl/branan.ini from the
# template scripts/opentafl/branan.ini with the installed binary as its command. Needs
# BRANAN_INI_TEMPLATE, BRANAN_BINDIR and BRANAN_DATADIR (set by the install(CODE) before it);
# CMAKE_INSTALL_PREFIX and DESTDIR are the install's own.
set(bin "${BRANAN_BINDIR}")
if(NOT IS_ABSOLUTE "${bin}")
  set(bin "${CMAKE_INSTALL_PREFIX}/${bin}")
endif()
file(READ "${BRANAN_INI_TEMPLATE}" ini)
# The template's comment says how to install from the source tree; the installed file's says
# how to use it as it is.
string(FIND "${ini}" "[engine]" start)
if(start LESS 0)
  message(FATAL_ERROR "${BRANAN_INI_TEMPLATE} has no [engine] section")
endif()
string(SUBSTRING "${ini}" ${start} -1 ini)
string(REGEX REPLACE "\ncommand=[^\n]*" "\ncommand=${bin}/branan" ini "${ini}")
set(ini "; OpenTafl external engine file for the installed Branan: copy it into
; <opentafl>/engines/ and link the binary as <opentafl>/engines/branan/branan: OpenTafl refuses
; the file unless that path exists (docs/opentafl.md).
${ini}")
set(datadir "${BRANAN_DATADIR}")
if(NOT IS_ABSOLUTE "${datadir}")
  set(datadir "${CMAKE_INSTALL_PREFIX}/${datadir}")
endif()
set(out "$ENV{DESTDIR}${datadir}/branan/opentafl/branan.ini")
message(STATUS "Installing: ${out}")
file(WRITE "${out}" "${ini}")
