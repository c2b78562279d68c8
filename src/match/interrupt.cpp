// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/interrupt.h"

#include <signal.h>

#include <atomic>

namespace branan::match {
namespace {

std::atomic<int> received{0};
static_assert(std::atomic<int>::is_always_lock_free, "the handler needs a lock-free flag");

void on_signal(int sig) {
    received.store(sig);
    ::signal(sig, SIG_DFL);  // a second one ends the program
}

void set_action(void (*handler)(int)) {
    struct sigaction action {};
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    for (int sig : {SIGINT, SIGTERM}) ::sigaction(sig, &action, nullptr);
}

}  // namespace

void install_interrupt_handlers() {
    received.store(0);
    set_action(on_signal);
}

void restore_interrupt_handlers() {
    set_action(SIG_DFL);
}

int interrupt_signal() {
    return received.load();
}

}  // namespace branan::match
