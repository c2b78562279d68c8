// SPDX-License-Identifier: GPL-3.0-or-later
// nnue_check NET DATA [LIMIT]: prints, for each record of a self-play data file (up to LIMIT),
// the net's score for the side to move twice: with the accumulators made from scratch and
// through one nnue::Evaluator that goes from record to record incrementally. The pipeline test
// (tests/scripts/test_nnue_pipeline.py) compares the lines with the Python forward pass.
#include <cstdio>
#include <memory>
#include <string>
#include <tuple>

#include "core/game.h"
#include "core/position_record.h"
#include "core/rules_string.h"
#include "nnue/accumulator.h"
#include "selfplay/data_file.h"

using namespace branan;

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: nnue_check NET DATA [LIMIT]\n");
        return 2;
    }
    const auto net = nnue::load_file(argv[1]);
    if (!net) {
        std::fprintf(stderr, "nnue_check: %s\n", net.error().c_str());
        return 1;
    }
    const auto contents = selfplay::inspect_file(argv[2]);
    if (!contents) {
        std::fprintf(stderr, "nnue_check: %s\n", contents.error().c_str());
        return 1;
    }
    const auto rules = parse_rules_string(contents->header.rules);
    if (!rules) {
        std::fprintf(stderr, "nnue_check: %s\n", rules.error().c_str());
        return 1;
    }
    const long limit = argc > 3 ? std::stol(argv[3]) : -1;
    long count = 0;
    std::string failure;
    // One evaluator per bitboard width; only the rules' width is ever made.
    auto evaluators = std::make_tuple(std::unique_ptr<nnue::Evaluator<Bitboard64>>(),
                                      std::unique_ptr<nnue::Evaluator<Bitboard128>>(),
                                      std::unique_ptr<nnue::Evaluator<Bitboard256>>(),
                                      std::unique_ptr<nnue::Evaluator<Bitboard384>>());
    const auto read = selfplay::read_records(argv[2], [&](const selfplay::Record& r) {
        if ((limit >= 0 && count >= limit) || !failure.empty()) return;
        ++count;
        const auto game = Game::create(*rules, write_position_record(r.board), r.side_to_move);
        if (!game) {
            failure = game.error();
            return;
        }
        game->visit_position([&](const auto& pos) {
            using BB = typename std::decay_t<decltype(pos)>::Bitboard;
            auto& slot = std::get<std::unique_ptr<nnue::Evaluator<BB>>>(evaluators);
            if (!slot) slot = std::make_unique<nnue::Evaluator<BB>>(*net);
            std::printf("%d %d\n", nnue::evaluate_from_scratch(*net, pos), slot->evaluate(pos));
        });
    });
    if (!read || !failure.empty()) {
        std::fprintf(stderr, "nnue_check: %s\n", !read ? read.error().c_str() : failure.c_str());
        return 1;
    }
    return 0;
}
