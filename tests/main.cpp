// The test runner's main(): Catch2 v2 writes it for CATCH_CONFIG_MAIN; v3 has it as a library.
#define CATCH_CONFIG_MAIN
#include "catch.h"

#if BRANAN_CATCH_V3
int main(int argc, char** argv) {
    return Catch::Session().run(argc, argv);
}
#endif
