// SPDX-License-Identifier: GPL-3.0-or-later
// The test runner's main(), for Catch2 v2 and v3 alike. Every test is tagged with its file's
// name ([#test_stats]: what -# does), so that the ctest tiers in tests/CMakeLists.txt can pick
// tests by file with a test spec alone (Catch2 v3's discovery takes a single TEST_SPEC argument).
#define CATCH_CONFIG_RUNNER
#include "catch.h"

int main(int argc, char** argv) {
    Catch::Session session;
    if (const int status = session.applyCommandLine(argc, argv)) return status;
    session.configData().filenamesAsTags = true;
    return session.run();
}
