// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/tablebase_command.h"

#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "cli/position_line.h"
#include "cli/rules_option.h"
#include "cli/subcommand.h"
#include "core/json_escape.h"
#include "core/rules_string.h"
#include "core/text.h"
#include "core/text_file.h"
#include "tablebase/generator.h"
#include "tablebase/rules_support.h"
#include "tablebase/tablebase.h"
#include "tablebase/verifier.h"

namespace branan::cli {
namespace {

namespace po = boost::program_options;
namespace tb = branan::tablebase;

constexpr int kMaxPieces = 8;
constexpr const char* kUsage =
    "usage: branan tablebase generate (--pieces N | --material aXdY) --out DIR [--variant NAME | "
    "--rules STRING] [--threads T]\n"
    "       branan tablebase probe --path DIR [--input FILE]\n"
    "       branan tablebase verify --path DIR [--threads T]\n";

int refuse(const std::string& why) {
    std::cerr << "branan tablebase: " << why << "\n";
    return 2;
}

int default_threads() {
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

// --threads, checked: 1-256; nothing after an error (printed).
std::optional<int> threads_option(const po::variables_map& vm) {
    const int threads = vm["threads"].as<int>();
    if (threads < 1 || threads > 256) {
        refuse("--threads must be 1-256");
        return std::nullopt;
    }
    return threads;
}

int run_generate(const std::vector<std::string>& args) {
    po::options_description desc(
        "branan tablebase generate (--pieces N | --material aXdY) --out DIR [options]\n"
        "Builds the tables of every position with the king and at most N other pieces, each\n"
        "side to move, one file per material in DIR; files already there are kept (a stopped run\n"
        "continues). One JSON line per material.\n"
        "Options");
    desc.add_options()("help,h", "show this help")                                        //
        ("variant", po::value<std::string>(), "preset name (default brandubh)")           //
        ("rules", po::value<std::string>(), "OpenTafl rules string instead of a preset")  //
        ("pieces", po::value<int>(), "pieces besides the king (both sides), 0-8")         //
        ("material", po::value<std::string>(),
         "only this slice, as a3d1 (3 attackers, 1 defender); the slices its captures lead "
         "into must be in DIR")                                                            //
        ("out", po::value<std::string>(), "directory of the tables (created if missing)")  //
        ("threads", po::value<int>()->default_value(default_threads()), "threads (1-256)");
    po::variables_map vm;
    if (auto done = parse_subcommand("tablebase generate", args, desc, vm)) return *done;
    if (vm.count("pieces") && vm.count("material"))
        return refuse("generate: give --pieces N or --material aXdY, not both");
    if (!vm.count("pieces") && !vm.count("material"))
        return refuse("generate: one of --pieces N and --material aXdY is required");
    if (!vm.count("out")) return refuse("generate: --out DIR is required");
    const int pieces = vm.count("pieces") ? vm["pieces"].as<int>() : 0;
    if (pieces < 0 || pieces > kMaxPieces)
        return refuse("--pieces must be 0-" + std::to_string(kMaxPieces));
    std::optional<tb::Material> material;
    if (vm.count("material")) {
        material = tb::parse_material(vm["material"].as<std::string>());
        if (!material || material->pieces() > kMaxPieces)
            return refuse("--material must be a<attackers>d<defenders> with at most " +
                          std::to_string(kMaxPieces) + " pieces, as a3d1, not " +
                          branan::quoted(vm["material"].as<std::string>()));
    }
    const auto threads = threads_option(vm);
    if (!threads) return 2;
    const auto rules = rules_from_options(vm);
    if (!rules) return refuse(rules.error());
    if (std::string problem = tb::unsupported_rules_problem(*rules); !problem.empty())
        return refuse(problem);
    tb::TableSet set(*rules);
    tb::GenerateOptions options;
    options.threads = *threads;
    options.log = [](const std::string& line) { std::cerr << "tablebase: " << line << std::endl; };
    options.on_slice = [](const tb::SliceReport& r) {
        std::ostringstream line;
        line << "{\"material\":\"" << tb::material_name(r.material)
             << "\",\"positions\":" << r.positions << ",\"wins\":" << r.wins
             << ",\"losses\":" << r.losses << ",\"no_wins\":" << r.no_wins
             << ",\"longest\":" << r.longest << ",\"bytes\":" << r.file_bytes
             << ",\"seconds\":" << r.seconds << ",\"loaded\":" << (r.loaded ? "true" : "false")
             << "}";
        std::cout << line.str() << std::endl;
    };
    const std::string dir = vm["out"].as<std::string>();
    const std::string error = material ? tb::generate_one(set, *material, dir, options)
                                       : tb::generate_tables(set, pieces, dir, options);
    if (!error.empty()) {
        std::cerr << "branan tablebase: " << error << "\n";
        return 1;
    }
    return 0;
}

// The probe's answer for one game, the JSON members after "input_line".
std::string probe_json(tb::Tablebase& base, const Game& game) {
    const tb::ProbeResult r = base.probe(game);
    std::string result = "unknown", note;
    const Side us = game.side_to_move();
    switch (r.kind) {
        case tb::ProbeResult::Kind::Win:
            result = side_name(us);
            break;
        case tb::ProbeResult::Kind::Loss:
            result = side_name(opponent(us));
            break;
        case tb::ProbeResult::Kind::NoWin:
            if (tb::no_win_is_draw(base.rules()))
                result = "draw";
            else
                note =
                    "neither side can force a win without repetition; the rules' repetition "
                    "verdict decides";
            break;
        case tb::ProbeResult::Kind::Outside:
            note = "not in the tables";
            break;
    }
    const bool decided =
        r.kind == tb::ProbeResult::Kind::Win || r.kind == tb::ProbeResult::Kind::Loss;
    std::string json = ",\"position\":" + json_string(game.record()) +
                       ",\"side\":" + json_string(side_name(us)) +
                       ",\"result\":" + json_string(result) +
                       ",\"distance\":" + (decided ? std::to_string(r.distance) : "null");
    if (decided) {
        json += ",\"line\":[";
        Game line_game = game;
        const std::vector<Move> line = base.best_line(game);
        for (size_t i = 0; i < line.size(); ++i) {
            json += (i ? "," : "") + json_string(line_game.describe(line[i]));
            line_game.play(line[i]);
        }
        json += "]";
    }
    if (!note.empty()) json += ",\"note\":" + json_string(note);
    return json;
}

int run_probe(const std::vector<std::string>& args) {
    po::options_description desc(
        "branan tablebase probe --path DIR [--input FILE]\n"
        "Looks up each input position (as 'branan analyse' reads them; standard input without\n"
        "--input) and writes one JSON line each: 'result' (attackers, defenders, draw or unknown)\n"
        "and 'distance' (plies to the result with best play, repetition aside).\n"
        "Options");
    desc.add_options()("help,h", "show this help")                                          //
        ("path", po::value<std::string>(), "directory of the tables")                       //
        ("input,i", po::value<std::string>(), "positions file ('-' for standard input)")    //
        ("variant", po::value<std::string>(), "the tables' preset (checked against them)")  //
        ("rules", po::value<std::string>(), "the tables' rules string (checked)");
    po::variables_map vm;
    if (auto done = parse_subcommand("tablebase probe", args, desc, vm)) return *done;
    if (!vm.count("path")) return refuse("probe: --path DIR is required");
    auto base = tb::Tablebase::open(vm["path"].as<std::string>());
    if (!base) return refuse(base.error());
    const Rules& rules = (*base)->rules();
    if (vm.count("variant") || vm.count("rules")) {
        const auto asked = rules_from_options(vm);
        if (!asked) return refuse(asked.error());
        if (write_rules_string(*asked) != write_rules_string(rules))
            return refuse("the tables in " + branan::quoted((*base)->dir()) + " are for rules " +
                          branan::quoted(rules.name) + ", not " + branan::quoted(asked->name));
    }
    const std::string path = vm.count("input") ? vm["input"].as<std::string>() : "-";
    PositionInput input;
    if (const std::string error = open_position_input(path, input); !error.empty())
        return refuse(error);
    std::istream& in = *input.stream;
    int failures = 0;
    size_t number = 0;
    std::string line;
    for (LineRead read; (read = read_counted_line(in, line, number)) != LineRead::End;) {
        const std::string head = "{\"input_line\":" + std::to_string(number);
        auto fail = [&](const std::string& why) {
            ++failures;
            std::cout << head << ",\"error\":" << json_string(why) << "}" << std::endl;
        };
        if (read == LineRead::TooLong) {
            fail(too_long_line_error(path, number));
            break;
        }
        if (is_blank_or_comment(line)) continue;
        const Expected<Game> game = ongoing_game_from_line(rules, line);
        if (!game) {
            fail(game.error());
            continue;
        }
        std::string json;
        try {
            json = probe_json(**base, *game);
        } catch (const std::runtime_error& e) {
            // A file that cannot be read (damaged, or gone since the tables were opened) stops
            // the run (docs/tablebases.md): the tables leave its material out from now on, so
            // later positions of it would read "not in the tables".
            fail(std::string(e.what()) + " (read no further)");
            break;
        }
        std::cout << head << json << "}" << std::endl;
    }
    return failures ? 1 : 0;
}

int run_verify(const std::vector<std::string>& args) {
    po::options_description desc(
        "branan tablebase verify --path DIR [--threads T]\n"
        "Re-checks every file in DIR against the rules core: each position's value must be the\n"
        "one its successors give it. One JSON line per material; exit status 1 on any mismatch.\n"
        "Options");
    desc.add_options()("help,h", "show this help")                     //
        ("path", po::value<std::string>(), "directory of the tables")  //
        ("threads", po::value<int>()->default_value(default_threads()), "threads (1-256)");
    po::variables_map vm;
    if (auto done = parse_subcommand("tablebase verify", args, desc, vm)) return *done;
    if (!vm.count("path")) return refuse("verify: --path DIR is required");
    const auto threads = threads_option(vm);
    if (!threads) return 2;
    auto base = tb::Tablebase::open(vm["path"].as<std::string>());
    if (!base) return refuse(base.error());
    tb::Tablebase& b = **base;
    for (const tb::Material m : b.materials())
        for (const tb::Material t : tb::capture_targets(m))
            if (!b.materials().count(t)) {
                std::cerr << "branan tablebase: " << tb::material_name(m) << " needs "
                          << tb::material_name(t) << ", which is not in '" << b.dir() << "'\n";
                return 1;
            }
    if (std::string error = b.load_all(); !error.empty()) {
        std::cerr << "branan tablebase: " << error << "\n";
        return 1;
    }
    bool ok = true;
    for (const tb::Material m : b.materials()) {
        const tb::VerifyReport r = tb::verify_slice(b.set(), m, *threads);
        std::cout << "{\"material\":\"" << tb::material_name(m)
                  << "\",\"positions\":" << r.positions << ",\"mismatches\":" << r.mismatches;
        if (r.mismatches) std::cout << ",\"first_mismatch\":" << json_string(r.first_mismatch);
        std::cout << "}" << std::endl;
        ok = ok && r.mismatches == 0;
    }
    if (!ok) std::cerr << "branan tablebase: verification failed\n";
    return ok ? 0 : 1;
}

}  // namespace

int run_tablebase(const std::vector<std::string>& args) {
    if (args.empty()) {
        std::cerr << "branan tablebase: a command is required\n" << kUsage;
        return 2;
    }
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (args[0] == "generate") return run_generate(rest);
    if (args[0] == "probe") return run_probe(rest);
    if (args[0] == "verify") return run_verify(rest);
    if (args[0] == "--help" || args[0] == "-h") {
        std::cout << kUsage;
        return 0;
    }
    std::cerr << "branan tablebase: unknown command '" << args[0] << "'\n" << kUsage;
    return 2;
}

}  // namespace branan::cli
