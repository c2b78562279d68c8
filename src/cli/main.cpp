// SPDX-License-Identifier: GPL-3.0-or-later
// branan: the command line. Subcommands (bench, perft, analyse, report, ...) run once and exit;
// otherwise Branan is a protocol daemon on stdin/stdout: UTI, or OpenTafl's OTEP with --otep.
#include <boost/program_options.hpp>
#include <iostream>
#include <string>
#include <vector>

#include "cli/analyse_command.h"
#include "cli/bench_command.h"
#include "cli/perft_command.h"
#include "cli/report_command.h"
#include "cli/rules_command.h"
#include "cli/rules_option.h"
#include "cli/search_options.h"
#include "cli/selfplay_command.h"
#include "cli/solve_command.h"
#include "cli/subcommand.h"
#include "cli/tablebase_command.h"
#include "cli/tune_command.h"
#include "cli/weights_file.h"
#include "engine/engine.h"
#include "options/parse_options.h"
#include "protocol/otep.h"
#include "protocol/output.h"
#include "protocol/uti.h"

namespace {

namespace po = boost::program_options;

constexpr const char* kSubcommands =
    "Subcommands (run once and exit; each has --help):\n"
    "  branan bench [depth] [--hash MB] [--threads N]\n"
    "  branan perft [--variant NAME | --rules STRING] [--position REC --side S] [--depth D] "
    "[--divide]\n"
    "  branan rules [--variant NAME | --rules STRING | --list | --keys]\n"
    "  branan tune --games FILE.csv [--variant NAME] [--out WEIGHTS]\n"
    "  branan analyse --input FILE [--variant NAME | --rules STRING] [--depth D | --movetime MS "
    "| --nodes N]\n"
    "  branan report --input FILE --out PAGE.html [--game N] [--variant NAME | --rules STRING] "
    "[--depth D | --movetime MS] [--threshold CP]\n"

    "  branan solve [--input FILE] [--variant NAME | --rules STRING] [--nodes N] [--hash MB] "
    "[--proof FILE]\n"
    "  branan selfplay --out FILE [--variant NAME | --rules STRING] [--games N] [--nodes N] "
    "[--threads N] | --dump FILE\n"
    "  branan tablebase generate --pieces N --out DIR | probe --path DIR | verify --path DIR\n";

int run_daemon(const std::vector<std::string>& args) {
    po::options_description desc(
        "Branan, a tafl engine. With no subcommand it speaks UTI (see protocol-spec.md) on\n"
        "stdin/stdout, or OpenTafl's engine protocol with --otep.\n\n"
        "usage: branan [options]\nOptions");
    desc.add_options()("help,h", "show this help")                                             //
        ("version", "print the version")                                                       //
        ("threads", po::value<int>()->default_value(1), "search threads (1-256)")              //
        ("hash", po::value<int>()->default_value(16), "transposition table in MiB (1-65536)")  //
        ("variant", po::value<std::string>(), "preset to start with (default brandubh)")       //
        ("rules", po::value<std::string>(), "OpenTafl rules string to start with")             //
        ("weights", po::value<std::string>(), "evaluation weights file (from branan tune)")    //
        ("contempt", po::value<int>()->default_value(0),
         "what a draw costs the engine, -1000 to 1000 (an attacker soldier is 100)")  //
        ("otep", "speak OpenTafl's engine protocol instead of UTI")                   //
        ("log", po::value<std::string>(), "append every line in and out to FILE");
    branan::cli::add_eval_file_option(desc);
    po::variables_map vm;
    try {
        branan::options::parse_options(args, desc, vm);
    } catch (const po::error& e) {
        std::cerr << "branan: " << e.what() << "\n\n" << desc << "\n" << kSubcommands;
        return 2;
    }
    if (vm.count("help")) {
        std::cout << desc << "\n" << kSubcommands;
        return 0;
    }
    if (vm.count("version")) {
        std::cout << "Branan " << BRANAN_VERSION << "\n";
        return 0;
    }
    const int threads = vm["threads"].as<int>(), hash = vm["hash"].as<int>();
    if (auto error = branan::cli::search_resources_error(threads, hash)) {
        std::cerr << "branan: " << *error << "\n";
        return 2;
    }
    auto rules = branan::cli::rules_from_options(vm);
    if (!rules) {
        std::cerr << "branan: " << rules.error() << "\n";
        return 2;
    }
    branan::Engine engine(static_cast<size_t>(hash));  // checked by set_hash_mb below
    if (vm.count("weights")) {
        auto w = branan::cli::load_weights_file(vm["weights"].as<std::string>());
        if (!w) {
            std::cerr << "branan: " << w.error() << "\n";
            return 2;
        }
        engine.weights() = *w;
    }
    engine.set_threads(threads);
    const int contempt = vm["contempt"].as<int>();
    if (contempt < -branan::Engine::kMaxContempt || contempt > branan::Engine::kMaxContempt) {
        std::cerr << "branan: --contempt must be -" << branan::Engine::kMaxContempt << " to "
                  << branan::Engine::kMaxContempt << "\n";
        return 2;
    }
    engine.set_contempt(contempt);
    if (vm.count("eval-file")) {
        engine.set_game(branan::Game::create(*rules).value());  // the net's board size is checked
        if (auto e = engine.set_eval_file(vm["eval-file"].as<std::string>()); !e.empty()) {
            std::cerr << "branan: --eval-file: " << e << "\n";
            return 2;
        }
    }
    if (!engine.set_hash_mb(static_cast<size_t>(hash))) {
        std::cerr << "branan: cannot allocate " << hash << " MiB for the hash table\n";
        return 2;
    }
    branan::Output out(std::cout);
    if (vm.count("log") && !out.open_log(vm["log"].as<std::string>())) {
        std::cerr << "branan: cannot open log file '" << vm["log"].as<std::string>() << "'\n";
        return 2;
    }
    if (vm.count("otep")) {
        // OpenTafl sends its rules first; until then the command line's rules are in force.
        engine.set_game(branan::Game::create(*rules).value());
        return branan::run_otep(engine, std::cin, out);
    }
    branan::UtiSession session(engine, out, *rules);
    return session.run(std::cin);
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    try {
        if (!args.empty() && args[0] == "bench")
            return branan::cli::run_bench({args.begin() + 1, args.end()});
        if (!args.empty() && args[0] == "perft")
            return branan::cli::run_perft({args.begin() + 1, args.end()});
        if (!args.empty() && args[0] == "tune")
            return branan::cli::run_tune({args.begin() + 1, args.end()});
        if (!args.empty() && args[0] == "rules")
            return branan::cli::run_rules({args.begin() + 1, args.end()});
        if (!args.empty() && (args[0] == "analyse" || args[0] == "analyze"))
            return branan::cli::run_analyse({args.begin() + 1, args.end()});
        if (!args.empty() && args[0] == "report")
            return branan::cli::run_report({args.begin() + 1, args.end()});
        if (!args.empty() && args[0] == "solve")
            return branan::cli::run_solve({args.begin() + 1, args.end()});
        if (!args.empty() && args[0] == "selfplay")
            return branan::cli::run_selfplay({args.begin() + 1, args.end()});
        if (!args.empty() && args[0] == "tablebase")
            return branan::cli::run_tablebase({args.begin() + 1, args.end()});
        if (!args.empty() && args[0].rfind("-", 0) != 0) {
            std::cerr << "branan: unknown subcommand '" << args[0] << "'\n" << kSubcommands;
            return 2;
        }
        return run_daemon(args);
    } catch (const std::exception& e) {
        std::cerr << "branan: internal error: " << e.what() << "\n";
        return 1;
    }
}
