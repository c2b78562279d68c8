// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/selfplay_command.h"

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "cli/position_line.h"
#include "cli/rules_option.h"
#include "cli/search_options.h"
#include "cli/subcommand.h"
#include "core/rules_string.h"
#include "core/text_file.h"
#include "selfplay/data_file.h"
#include "selfplay/selfplay.h"

namespace branan::cli {
namespace {

namespace po = boost::program_options;
using selfplay::Record;

// The games of an opening book, and its name for the settings: the file's name and a hash of
// its lines, so that a changed book is not taken for the one a file was begun with.
struct Book {
    std::vector<Game> games;
    std::string name;
};

Expected<Book> read_book(const std::string& path, const Rules& rules) {
    std::ifstream in;
    if (std::string error = open_text_file(path, in, "book"); !error.empty()) return Error{error};
    Book book;
    uint64_t hash = 1469598103934665603ull;  // FNV-1a over the lines read
    std::string line;
    size_t number = 0;
    for (LineRead read; (read = read_counted_line(in, line, number)) != LineRead::End;) {
        if (read == LineRead::TooLong) return Error{too_long_line_error(path, number)};
        if (is_blank_or_comment(line)) continue;
        auto game = game_from_line(rules, line);
        if (!game)
            return Error{input_name(path) + " line " + std::to_string(number) + ": " +
                         game.error()};
        if (game->status().over())
            return Error{input_name(path) + " line " + std::to_string(number) +
                         ": the game is already over"};
        book.games.push_back(std::move(*game));
        for (char c : line + "\n") hash = (hash ^ static_cast<uint8_t>(c)) * 1099511628211ull;
    }
    if (book.games.empty()) return Error{"book " + input_name(path) + " holds no opening"};
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    book.name = std::filesystem::path(path).filename().string() + "#" + hex;
    return book;
}

int dump(const std::string& path) {
    auto contents = selfplay::read_records(
        path, [](const Record& r) { std::cout << selfplay::record_text(r) << "\n"; });
    if (!contents) {
        std::cerr << "branan selfplay: " << contents.error() << "\n";
        return 1;
    }
    std::cerr << "branan selfplay: " << path << ": " << contents->records << " records; rules "
              << contents->header.rules << "; settings " << contents->header.settings << "\n";
    if (contents->trailing_bytes)
        std::cerr << "branan selfplay: warning: " << path << ": " << contents->trailing_bytes
                  << " bytes of a record cut short at the end (not shown)\n";
    return 0;
}

// The settings from the options, every value in range, or the error naming the option.
Expected<selfplay::SelfplayConfig> config_from_options(const po::variables_map& vm) {
    selfplay::SelfplayConfig config;
    auto rules = rules_from_options(vm);
    if (!rules) return Error{rules.error()};
    config.rules = *rules;
    const long long nodes = vm["nodes"].as<long long>();
    if (nodes < 1) return Error{"--nodes must be at least 1"};
    config.nodes = static_cast<uint64_t>(nodes);
    config.hash_mb = vm["hash"].as<int>();
    config.random_plies = vm["random-plies"].as<int>();
    if (config.random_plies < 0 || config.random_plies > 1000)
        return Error{"--random-plies must be 0-1000"};
    config.max_plies = vm["max-plies"].as<int>();
    if (config.max_plies < 1 || config.max_plies > 10000)
        return Error{"--max-plies must be 1-10000"};
    const long long seed = vm["seed"].as<long long>();
    if (seed < 0) return Error{"--seed must be 0 or more"};
    config.seed = static_cast<uint64_t>(seed);
    config.keep_captures = vm.count("keep-captures") > 0;
    if (vm.count("eval-file")) config.eval_file = vm["eval-file"].as<std::string>();
    if (std::string error = selfplay::resolve_evaluation(config); !error.empty())
        return Error{error};
    if (vm.count("book")) {
        auto book = read_book(vm["book"].as<std::string>(), config.rules);
        if (!book) return Error{book.error()};
        config.book = std::move(book->games);
        config.book_name = book->name;
    }
    if (const std::string decided = Game::decided_start(config.rules);
        !decided.empty() && config.book.empty())
        return Error{decided +
                     ": no game can be played from it (give --book with positions in "
                     "play)"};
    return config;
}

}  // namespace

int run_selfplay(const std::vector<std::string>& args) {
    po::options_description desc(
        "branan selfplay --out FILE [options]   (or: branan selfplay --dump FILE)\n"
        "Plays games of Branan against itself at a fixed number of nodes a move and appends\n"
        "their positions, each with the search's score and the game's result, to FILE (a\n"
        "binary file: docs/selfplay.md). Run again with the same options to finish an\n"
        "interrupted run; --games counts the games the file holds in all.\n"
        "Options");
    desc.add_options()("help,h", "show this help")                                            //
        ("out,o", po::value<std::string>(), "data file to write or append to")                //
        ("dump", po::value<std::string>(), "print the records of a data file as text")        //
        ("variant", po::value<std::string>(), "preset name (default brandubh)")               //
        ("rules", po::value<std::string>(), "OpenTafl rules string instead of a preset")      //
        ("games", po::value<long long>()->default_value(100), "games the file holds in all")  //
        ("nodes", po::value<long long>()->default_value(5000), "search nodes a move")         //
        ("random-plies", po::value<int>()->default_value(8),
         "random legal plies played at the start of each game (after the book line)")  //
        ("book", po::value<std::string>(),
         "openings file: each game starts from one of its lines, chosen at random")  //
        ("seed", po::value<long long>()->default_value(1),
         "seed of the openings' random choices")  //
        ("max-plies", po::value<int>()->default_value(400),
         "plies after the opening after which a game is a draw")                 //
        ("keep-captures", "also keep positions whose best move captures")        //
        ("threads", po::value<int>()->default_value(1), "games played at once")  //
        ("hash", po::value<int>()->default_value(16), "each game's hash table in MiB");
    add_eval_file_option(desc);
    po::variables_map vm;
    if (auto done = parse_subcommand("selfplay", args, desc, vm)) return *done;
    if (vm.count("dump")) {
        if (vm.count("out")) {
            std::cerr << "branan selfplay: give --out or --dump, not both\n";
            return 2;
        }
        return dump(vm["dump"].as<std::string>());
    }
    if (!vm.count("out")) {
        std::cerr << "branan selfplay: --out FILE is required\n" << desc;
        return 2;
    }
    const long long games = vm["games"].as<long long>();
    if (games < 1 || games > 1'000'000'000) {
        std::cerr << "branan selfplay: --games must be 1-1000000000\n";
        return 2;
    }
    const int threads = vm["threads"].as<int>();
    if (auto error = search_resources_error(threads, vm["hash"].as<int>())) {
        std::cerr << "branan selfplay: " << *error << "\n";
        return 2;
    }
    auto config = config_from_options(vm);
    if (!config) {
        std::cerr << "branan selfplay: " << config.error() << "\n";
        return 2;
    }
    const Game start = Game::create(config->rules).value();
    const std::string path = vm["out"].as<std::string>();
    const auto header = selfplay::make_header(
        config->rules.size,
        start.visit_position([](const auto& position) { return position.setup().cells; }),
        write_rules_string(config->rules), selfplay::settings_text(*config));
    std::vector<std::string> warnings;
    auto writer = selfplay::DataWriter::open(path, header, warnings);
    for (const auto& w : warnings) std::cerr << "branan selfplay: warning: " << w << "\n";
    if (!writer) {
        std::cerr << "branan selfplay: " << writer.error() << "\n";
        return 2;
    }
    const auto end = static_cast<uint32_t>(games);
    const uint32_t first = writer.value().next_game();
    if (first >= end) {
        std::cout << path << " already holds " << first << " games: nothing to play\n";
        return 0;
    }
    std::cerr << "branan selfplay: games " << first << "-" << end - 1 << " to " << path << " ("
              << writer.value().records_before() << " records there already), " << threads
              << " at once\n";
    const auto began = std::chrono::steady_clock::now();
    uint64_t written = 0;
    uint32_t played = 0;
    bool write_failed = false;
    const std::string play_error = selfplay::play_games(
        *config, first, end, threads, [&](uint32_t game, const std::vector<Record>& records) {
            if (!writer.value().write_game(records)) {
                write_failed = true;
                return false;
            }
            written += records.size();
            if (++played % 100 == 0)
                std::cerr << "branan selfplay: game " << game << " done, " << written
                          << " records written\n";
            return true;
        });
    if (!play_error.empty()) {
        std::cerr << "branan selfplay: " << play_error << "\n";
        return 1;
    }
    if (write_failed) {
        std::cerr << "branan selfplay: cannot write to " << path << " (disk full?)\n";
        return 1;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    std::printf("%u games, %llu positions in %.1f s: %.0f positions/s, %.2f games/s\n", played,
                static_cast<unsigned long long>(written), seconds,
                seconds > 0 ? static_cast<double>(written) / seconds : 0.0,
                seconds > 0 ? played / seconds : 0.0);
    return 0;
}

}  // namespace branan::cli
