// branan: the command line. Subcommands run once and exit; with no subcommand Branan is a
// protocol daemon on stdin/stdout.
#include <iostream>
#include <string>
#include <vector>

#include "cli/bench_command.h"
#include "cli/perft_command.h"

namespace {

constexpr const char* kUsage =
    "Branan, a tafl engine.\n"
    "usage:\n"
    "  branan bench [depth] [--hash MB] [--threads N]\n"
    "  branan perft [--variant NAME | --rules STRING] [--position REC --side S] [--depth D] [--divide]\n"
    "  branan --help | --version\n"
    "Run 'branan <subcommand> --help' for the options of a subcommand.\n";

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    try {
        if (!args.empty() && args[0] == "bench")
            return branan::cli::run_bench({args.begin() + 1, args.end()});
        if (!args.empty() && args[0] == "perft")
            return branan::cli::run_perft({args.begin() + 1, args.end()});
        if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
            std::cout << kUsage;
            return 0;
        }
        if (!args.empty() && args[0] == "--version") {
            std::cout << "Branan " << BRANAN_VERSION << "\n";
            return 0;
        }
        std::cerr << "branan: unknown command line '" << (args.empty() ? "" : args[0]) << "'\n"
                  << kUsage;
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "branan: internal error: " << e.what() << "\n";
        return 1;
    }
}
