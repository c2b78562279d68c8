// OpenTafl's special pieces, jumps and berserk turns together with the rules Branan once refused
// with them: the middleweight king (ks:m), Linnaean capture (linc), encirclement (surf:y), exit
// forts (efe) and shieldwalls (sw). Every count and outcome written here is OpenTafl 0.4.8's own
// (commit 6895051d5a3b), from a scratch harness outside the repository around its engine code:
// `Perft2 perft '<rules>' <depth>` (Taflman.getAllowableDestinations, GameState.moveTaflman,
// Game.advanceState and checkVictory, terminal positions not expanded, every move of a berserk
// turn a ply) and `Perft2 legal '<rules>' <moves>` (the captures, the verdict and the record after
// the moves, played through GameState.makeMove).
#include <string>
#include <vector>

#include "catch.h"
#include "core/game.h"
#include "core/rules_string.h"
#include "reference_compare.h"

using namespace branan;

namespace {

struct PerftCase {
    const char* what;
    std::string rules;
    std::vector<uint64_t> counts;  // perft 1, 2, 3 (and 4)
};

const std::string kTablutKeys =
    "dim:9 name:Tablut esc:e atkf:y nj:n cor: cenp:tcnkTCNK cens: cenh: cenhe:tcnkTCNK linc:y";

// Each: Perft2 perft '<rules>' 4 (3 where only three counts are given).
const std::vector<PerftCase>& perft_cases() {
    static const std::vector<PerftCase> list = {
        {"7x7, middleweight king on the edge, attacker commanders",
         "dim:7 name:MW surf:n atkf:y ks:m cenh: cenhe: start:/7/7/7/7/2tTc2/7/1c1K1t1/",
         {30, 272, 8287, 119132}},
        {"7x7, middleweight king on the edge, a knight and commanders",
         "dim:7 name:MW surf:n atkf:y ks:m cenh: cenhe: start:/7/7/7/7/2nTc2/7/1c1K1t1/",
         {30, 272, 8318, 119397}},
        {"7x7, middleweight king, capturing knight jumps",
         "dim:7 name:MW surf:n atkf:y ks:m cenh: cenhe: nj:c start:/3n3/7/1t5/3K1t1/1c5/3T3/7/",
         {32, 481, 15582, 273306}},
        {"7x7, middleweight king, capturing commander jumps, ber:c",
         "dim:7 name:MW surf:n atkf:y ks:m cenh: cenhe: ber:c cj:c "
         "start:/7/7/7/7/2tTc2/1T5/1c1K1t1/",
         {25, 470, 12369, 247951}},
        {"7x7, Linnaean capture by a guard of a mercenary, guard and commander on the throne's sides",
         "dim:7 name:Lin surf:n atkf:y ks:s linc:y start:/7/g6/3M3/2tKg2/3c3/7/1T3t1/",
         {43, 748, 29540, 577072}},
        {"7x7, the same with berserk turns (ber:c)",
         "dim:7 name:Lin surf:n atkf:y ks:s linc:y ber:c start:/7/g6/3M3/2tKg2/3c3/7/1T3t1/",
         {43, 748, 29540, 577064}},
        {"7x7, Linnaean capture of a mercenary, middleweight king, ber:m",
         "dim:7 name:Lin surf:n atkf:y ks:m linc:y ber:m start:/7/t6/3M3/2tKg2/3c3/7/1T3t1/",
         {43, 742, 26069, 523685}},
        {"7x7, Linnaean capture, capturing mercenary jumps, ber:m",
         "dim:7 name:Lin surf:n atkf:y ks:s linc:y ber:m mj:c start:/7/m6/3T3/2tKg2/3c3/7/1T3t1/",
         {43, 743, 26106, 523949}},
        {"Tablut with commanders and a knight, a middleweight king, ber:c",
         kTablutKeys + " surf:n ks:m ber:c "
                       "start:/3tct3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3tnt3/",
         {80, 4400, 353212}},
    };
    return list;
}

// Rules `keys` with the position `record` as their start, from `to_move`'s move.
Game game_of(const std::string& keys, const std::string& record,
             Side to_move = Side::Attackers) {
    const auto rules = parse_rules_string(keys + " start:" + record);
    INFO(keys << " start:" << record);
    REQUIRE(rules.ok());
    auto game = Game::create(*rules, record, to_move);
    REQUIRE(game.ok());
    return std::move(*game);
}

// Plays `text` and gives the squares it captured, sorted, comma-separated.
std::string play_captures(Game& game, const std::string& text) {
    const auto m = game.parse_move(text);
    INFO(text);
    REQUIRE(m.ok());
    const std::string captured = testing::joined_captures(game, *m);
    game.play(*m);
    return captured;
}

}  // namespace

TEST_CASE("special pieces with once refused rules: perft against OpenTafl's counts",
          "[perft][berserk]") {
    for (const PerftCase& c : perft_cases()) {
        INFO(c.what << ": " << c.rules);
        const auto rules = parse_rules_string(c.rules);
        INFO(rules.error());
        REQUIRE(rules.ok());
        Game game = Game::create(*rules).value();
        for (int d = 1; d <= static_cast<int>(c.counts.size()); ++d) {
            INFO("depth " << d);
            CHECK(game.perft(d) == c.counts[d - 1]);
        }
    }
}

TEST_CASE("a middleweight king against commanders is not captured from inside the board",
          "[berserk]") {
    // OpenTafl (Perft2 legal): a6-d6 beside the king on d7, between c7 and e7: captured by
    // soldiers alone (verdict 1), not where the attackers have a commander (verdict 0), as
    // Taflman.checkSandwichCapture refuses a sandwich across the edge.
    const std::string keys = "dim:7 name:MW surf:n atkf:y ks:m cenh: cenhe:";
    Game soldiers = game_of(keys, "/1t5/7/7/7/6T/t6/2tKt2/");
    soldiers.play(soldiers.parse_move("a6-d6").value());
    CHECK(soldiers.status().outcome == Outcome::AttackersWin);
    Game commander = game_of(keys, "/1c5/7/7/7/6T/t6/2tKt2/");
    commander.play(commander.parse_move("a6-d6").value());
    CHECK(commander.status().outcome == Outcome::Ongoing);
    // Along the edge the commander's side captures him: e4-e7 against c7 and d6, verdict 1.
    Game along = game_of(keys, "/1c5/7/7/4t2/7/3t3/2tK3/");
    CHECK(play_captures(along, "e4-e7").empty());
    CHECK(along.status().outcome == Outcome::AttackersWin);
}

TEST_CASE("Linnaean capture with special pieces: a guard captures, a mercenary changes sides",
          "[berserk]") {
    // OpenTafl (Perft2 legal): a2-d2 captures d3; the defenders' mercenary becomes an attacker's
    // where it stands; with ber:m the guard's turn goes on (berserker d2).
    const std::string keys = "dim:7 name:Lin surf:n atkf:y ks:s linc:y";
    Game game = game_of(keys, "/7/g6/3M3/2tKg2/3c3/7/1T3t1/");
    CHECK(play_captures(game, "a2-d2") == "d3");
    CHECK(game.record() == "/7/3g3/3m3/2tKg2/3c3/7/1T3t1/");
    CHECK(game.side_to_move() == Side::Defenders);
    Game berserk = game_of(keys + " ber:m", "/7/t6/3M3/2tKg2/3c3/7/1T3t1/");
    CHECK(play_captures(berserk, "a2-d2") == "d3");
    CHECK(berserk.record() == "/7/3t3/3m3/2tKg2/3c3/7/1T3t1/");
    CHECK(berserk.side_to_move() == Side::Attackers);
    // Without linc nothing is captured.
    Game plain = game_of("dim:7 name:Lin surf:n atkf:y ks:s", "/7/g6/3M3/2tKg2/3c3/7/1T3t1/");
    CHECK(play_captures(plain, "a2-d2").empty());
}
