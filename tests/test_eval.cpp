// Evaluation weights as data (write, parse, errors), the evaluation's terms, and the Texel fit.
#include <catch2/catch.hpp>
#include <fstream>
#include <map>

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

TEST_CASE("the evaluation of the brandubh start, term by term, computed by hand", "[eval]") {
    // Attackers d7 d6 a4 b4 f4 g4 d2 d1, defenders d5 c4 e4 d3, the king on d4 (hemmed in by his
    // own men: no moves, no routes). Proximity: board size 7 minus the distance to d4, per
    // attacker: d7 4, d6 5, a4 4, b4 5, f4 5, g4 4, d2 5, d1 4 = 36. No attacker stands
    // diagonally next to a corner or beside the king.
    const Game game = Game::create(*preset("brandubh")).value();
    const EvalWeights w;
    game.visit_position([&](const auto& pos) {
        EvalTrace trace;
        const Score score = evaluate(pos, w, &trace);
        std::map<EvalTerm, int> feature;
        for (const auto& t : trace.terms) feature[t.term] = t.feature;
        CHECK(feature[kAttackerSoldiers] == 8);
        CHECK(feature[kDefenderSoldiers] == -4);
        CHECK(feature[kKingEscapeRoutes] == 0);
        CHECK(feature[kKingMobility] == 0);
        CHECK(feature[kAttackersBesideKing] == 0);
        CHECK(feature[kAttackerProximity] == 36);
        CHECK(feature[kCornerGuards] == 0);
        CHECK(feature[kTempo] == 1);
        // 8 x 100 - 4 x 180 + 36 x 3 + 10 (tempo), attackers to move.
        CHECK(score == 800 - 720 + 108 + 10);
    });
    // The same position with the defenders to move is worth the opposite, less the tempo.
    const Game flipped = Game::create(*preset("brandubh"), game.record(), Side::Defenders).value();
    flipped.visit_position([&](const auto& pos) { CHECK(evaluate(pos, w) == -(800 - 720 + 108 - 10)); });
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
