// SPDX-License-Identifier: GPL-3.0-or-later
// Ctrl-C and SIGTERM for branan-match. While the handlers are installed, the first SIGINT or
// SIGTERM only records the signal (the tournament polls it, stops its games and prints what it
// has) and restores the default action, so that a second one ends the program at once.
#pragma once

namespace branan::match {

// Installs the handlers (again after restore). Not thread-safe: call from the main thread.
void install_interrupt_handlers();
// Restores the default actions.
void restore_interrupt_handlers();
// The signal received since install (SIGINT or SIGTERM), 0 when none.
int interrupt_signal();

}  // namespace branan::match
