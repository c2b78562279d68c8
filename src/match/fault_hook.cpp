// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/fault_hook.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <climits>
#include <cstdlib>
#include <string>

#include "core/text.h"

namespace branan::match {
namespace {

struct CrashAt {
    std::string step;
    long count = 0;  // 0: no hook
};

CrashAt read_hook() {
    CrashAt c;
    const char* env = std::getenv("BRANAN_MATCH_CRASH_AT");
    if (!env) return c;
    const std::string text = env;
    const size_t colon = text.rfind(':');
    if (colon == std::string::npos || colon == 0) return c;
    const std::optional<long> n =
        parse_in_range(std::string_view(text).substr(colon + 1), 1L, LONG_MAX);
    if (!n) return c;
    c.step = text.substr(0, colon);
    c.count = *n;
    return c;
}

}  // namespace

bool crash_due(const char* step) {
    static const CrashAt hook = read_hook();
    static std::atomic<long> reached{0};
    return hook.count != 0 && hook.step == step && ++reached == hook.count;
}

void crash_now() {
    // SIGKILL, as a real kill: nothing runs after it (no exit handlers, no sanitizer reports).
    ::kill(::getpid(), SIGKILL);
    ::_exit(137);  // not reached
}

void crash_point(const char* step) {
    if (crash_due(step)) crash_now();
}

}  // namespace branan::match
