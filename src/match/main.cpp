// SPDX-License-Identifier: GPL-3.0-or-later
// branan-match: engine-vs-engine tafl matches (a cutechess/fastchess for tafl), with Branan's
// rules core as the referee. `branan-match merge` combines the results of shards.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "core/text_file.h"
#include "match/match_config.h"
#include "match/records.h"
#include "match/report.h"
#include "match/results.h"
#include "match/tournament.h"

namespace {

constexpr const char* kMergeUsage =
    "usage: branan-match merge RESULTS.json... [--runs] [--out MERGED.json]\n"
    "Combines the results files of the shards of one match (--shard i/n) and prints the table.\n"
    "--runs: the files are separate runs of one pairing (e.g. a fixed-length match and an SPRT):\n"
    "        their games are numbered on run after run, and SPRT settings may differ (the\n"
    "        merged results have none).\n";

int merge(const std::vector<std::string>& args) {
    std::vector<std::string> inputs;
    std::string out_path;
    auto kind = branan::match::MergeKind::Shards;
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--help" || args[i] == "-h") {
            std::cout << kMergeUsage;
            return 0;
        }
        if (args[i] == "--out") {
            if (i + 1 >= args.size()) {
                std::cerr << "branan-match merge: --out needs a file name\n";
                return 2;
            }
            out_path = args[++i];
        } else if (args[i] == "--runs") {
            kind = branan::match::MergeKind::Runs;
        } else if (args[i].rfind("--", 0) == 0) {
            std::cerr << "branan-match merge: unknown option '" << args[i]
                      << "' (branan-match merge --help)\n";
            return 2;
        } else {
            inputs.push_back(args[i]);
        }
    }
    if (inputs.empty()) {
        std::cerr << "branan-match merge: no results file given (branan-match merge --help)\n";
        return 2;
    }
    std::vector<branan::match::MatchResults> parts;
    for (const auto& path : inputs) {
        std::ifstream in;
        if (const std::string error = branan::open_text_file(path, in); !error.empty()) {
            std::cerr << "branan-match merge: " << error << "\n";
            return 2;
        }
        std::stringstream text;
        text << in.rdbuf();
        auto r = branan::match::read_results_json(text.str());
        if (!r) {
            std::cerr << "branan-match merge: " << path << ": " << r.error() << "\n";
            return 2;
        }
        parts.push_back(std::move(r).value());
    }
    auto merged = branan::match::merge_results(parts, kind);
    if (!merged) {
        std::cerr << "branan-match merge: " << merged.error() << "\n";
        return 2;
    }
    if (!out_path.empty()) {
        std::ofstream out(out_path);
        out << branan::match::results_json(*merged);
        if (!out) {
            std::cerr << "branan-match merge: cannot write '" << out_path << "'\n";
            return 1;
        }
    }
    std::cout << "merged " << parts.size() << " result files: " << merged->games.size()
              << " games\n";
    branan::match::print_summary(*merged, std::cout);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    // Line-buffered even into a pipe or a file, so that a log shows each game as it ends.
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    const std::vector<std::string> args(argv + 1, argv + argc);
    try {
        if (!args.empty() && args[0] == "merge") return merge({args.begin() + 1, args.end()});
        auto config = branan::match::parse_match_args(args);
        if (!config) {
            if (config.error() == "help") {
                std::cout << branan::match::match_usage();
                return 0;
            }
            std::cerr << "branan-match: " << config.error()
                      << " (branan-match --help lists the options)\n";
            return 2;
        }
        return branan::match::run_tournament(*config, std::cout);
    } catch (const std::exception& e) {
        std::cerr << "branan-match: internal error: " << e.what() << "\n";
        return 1;
    }
}
