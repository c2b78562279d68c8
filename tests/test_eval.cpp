// Evaluation weights as data (write, parse, errors), the evaluation's terms, and the Texel fit.
#include <catch2/catch.hpp>
#include <fstream>

#include "core/game_record.h"
#include "core/presets.h"
#include "engine/evaluate.h"
#include "engine/texel.h"

using namespace branan;

TEST_CASE("weights files round trip and refuse what they cannot mean", "[eval]") {
    EvalWeights w;
    w.weight[kKingMobility] = -7;
    auto back = EvalWeights::parse(w.write());
    REQUIRE(back.ok());
    CHECK(*back == w);
    auto partial = EvalWeights::parse("tempo 3  # the rest stays\n");
    REQUIRE(partial.ok());
    CHECK((*partial)[kTempo] == 3);
    CHECK((*partial)[kAttackerSoldiers] == EvalWeights{}[kAttackerSoldiers]);
    for (const char* bad : {"tempo", "tempo x", "tempo 1 2", "nonsense 4", "tempo 1\ntempo 2",
                            "tempo 99999999999"}) {
        INFO(bad);
        const auto r = EvalWeights::parse(bad);
        CHECK_FALSE(r.ok());
        CHECK(r.error().find("line") != std::string::npos);
    }
    CHECK_FALSE(EvalWeights::load("/nonexistent/weights.txt").ok());
}

TEST_CASE("the evaluation is the sum of its traced terms, seen from the side to move", "[eval]") {
    Game game = Game::create(*preset("brandubh")).value();
    const EvalWeights w;
    for (const char* move : {"", "d2-e2", "c4-c2", "b4-b3"}) {
        if (*move) REQUIRE(game.play(move).ok());
        game.visit_position([&](const auto& pos) {
            EvalTrace trace;
            const Score score = evaluate(pos, w, &trace);
            Score sum = 0;
            for (const auto& t : trace.terms) {
                CHECK(t.value == t.feature * w[t.term]);
                sum += t.value;
            }
            CHECK(sum == trace.total_for_attackers);
            CHECK(score == (pos.side_to_move() == Side::Attackers ? sum : -sum));
        });
    }
    // At the start the defenders' soldiers count against the attackers: 8 attackers, 4 defenders.
    Game start = Game::create(*preset("brandubh")).value();
    start.visit_position([&](const auto& pos) {
        EvalTrace trace;
        evaluate(pos, w, &trace);
        CHECK(trace.terms[0].term == kAttackerSoldiers);
        CHECK(trace.terms[0].feature == 8);
        CHECK(trace.terms[1].feature == -4);
    });
}

TEST_CASE("Texel: the fit lowers the error on the games it is fitted to", "[eval][tune]") {
    std::ifstream in(std::string(BRANAN_TEST_DATA) + "/brandubh-federation-games.csv");
    const Rules rules = *preset("brandubh-federation");
    std::vector<TexelSample> samples;
    int games = 0;
    for (std::string line; std::getline(in, line) && games < 200;) {
        auto rec = parse_csv_game(line);
        if (!rec || (rec->result != "Black" && rec->result != "White")) continue;
        Game game = Game::create(rules).value();
        for (const auto& m : rec->moves)
            if (m == "timeout" || game.status().over() || !game.play(m)) break;
        auto s = texel_samples(game, rec->result == "Black" ? 1.0 : 0.0, 4);
        samples.insert(samples.end(), s.begin(), s.end());
        ++games;
    }
    REQUIRE(samples.size() > 1000);
    const EvalWeights start;
    const double k = texel_fit_k(samples, start);
    CHECK(k > 0);
    const double before = texel_error(samples, start, k);
    const EvalWeights tuned = texel_tune(samples, start, k, 8, nullptr);
    CHECK(texel_error(samples, tuned, k) < before);
    CHECK(tuned[kAttackerSoldiers] == start[kAttackerSoldiers]);  // the anchor stays
}
