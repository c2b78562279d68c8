// SPDX-License-Identifier: GPL-3.0-or-later
// Self-play data: the record format round trip, determinism of the games (per seed, whatever
// the number of threads), the filters, and resuming a file cut short.
#include <filesystem>
#include <fstream>

#include "catch.h"
#include "core/position_record.h"
#include "core/presets.h"
#include "core/rules_string.h"
#include "engine/engine.h"
#include "selfplay/data_file.h"
#include "selfplay/selfplay.h"
#include "test_support.h"

using namespace branan;
using namespace branan::selfplay;

namespace {

SelfplayConfig quick_config(const std::string& variant) {
    SelfplayConfig config;
    config.rules = *preset(variant);
    config.nodes = 1500;
    config.hash_mb = 2;
    config.random_plies = 6;
    config.max_plies = 120;
    REQUIRE(resolve_evaluation(config).empty());
    return config;
}

FileHeader header_for(const SelfplayConfig& config) {
    const Game start = Game::create(config.rules).value();
    return make_header(config.rules.size,
                       start.visit_position([](const auto& p) { return p.setup().cells; }),
                       write_rules_string(config.rules), settings_text(config));
}

// Games [first, end) as handed on by play_games.
std::vector<std::vector<Record>> run(const SelfplayConfig& config, uint32_t first, uint32_t end,
                                     int threads) {
    std::vector<std::vector<Record>> games;
    const std::string error =
        play_games(config, first, end, threads, [&](uint32_t game, const std::vector<Record>& r) {
            CHECK(game == first + games.size());
            games.push_back(r);
            return true;
        });
    CHECK(error.empty());
    return games;
}

std::string temp_path(const std::string& name) {
    return testing::unique_temp_path("selfplay-" + name);
}

std::string file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

// Writes games [first, end) of `config` to `path` (appending), returning the writer's warnings.
std::vector<std::string> write_games(const SelfplayConfig& config, const std::string& path,
                                     uint32_t end) {
    std::vector<std::string> warnings;
    auto writer = DataWriter::open(path, header_for(config), warnings);
    REQUIRE(writer.ok());
    for (const auto& game : run(config, writer.value().next_game(), end, 1))
        REQUIRE(writer.value().write_game(game));
    return warnings;
}

}  // namespace

TEST_CASE("selfplay records survive encoding, on 2- and 4-bit boards", "[selfplay]") {
    for (const char* variant : {"brandubh", "copenhagen", "berserk"}) {
        INFO(variant);
        SelfplayConfig config = quick_config(variant);
        config.max_plies = 12;
        const FileHeader header = header_for(config);
        CHECK(header.bits_per_square == (std::string(variant) == "berserk" ? 4 : 2));
        size_t length = 0;
        const std::string header_bytes = encode_header(header);
        auto decoded = decode_header(header_bytes, length);
        REQUIRE(decoded.ok());
        CHECK(*decoded == header);
        CHECK(length == header_bytes.size());
        const auto games = run(config, 0, 2, 1);
        size_t seen = 0;
        for (const auto& game : games)
            for (const Record& r : game) {
                std::string bytes;
                encode_record(header, r, bytes);
                REQUIRE(bytes.size() == record_size(header));
                auto back = decode_record(header, bytes, 0);
                REQUIRE(back.ok());
                CHECK(*back == r);
                ++seen;
            }
        CHECK(seen > 0);
    }
}

TEST_CASE("selfplay headers and records that are not the format are refused", "[selfplay]") {
    size_t length = 0;
    testing::check_refused(decode_header("PK\x03\x04 zip", length), {"not a self-play data file"});
    const FileHeader header = header_for(quick_config("brandubh"));
    std::string bytes = encode_header(header);
    testing::check_refused(decode_header(bytes.substr(0, bytes.size() - 3), length), {"cut short"});
    bytes[4] = 9;  // the version
    testing::check_refused(decode_header(bytes, length), {"format version 9"});
    std::string record(record_size(header), '\0');  // no king on the board
    testing::check_refused(decode_record(header, record, 0), {"0 kings"});
}

TEST_CASE("selfplay games depend on the seed and game number alone", "[selfplay]") {
    const SelfplayConfig config = quick_config("brandubh");
    const auto one = run(config, 0, 4, 1);
    CHECK(run(config, 0, 4, 1) == one);
    CHECK(run(config, 0, 4, 3) == one);  // threads change nothing, nor the order handed on
    CHECK(run(config, 2, 4, 1) == std::vector(one.begin() + 2, one.end()));
    SelfplayConfig other = config;
    other.seed = 2;
    CHECK(run(other, 0, 4, 1) != one);
}

TEST_CASE("selfplay keeps no opening position and no capture unless asked", "[selfplay]") {
    SelfplayConfig config = quick_config("copenhagen");
    config.random_plies = 5;
    Engine engine(2);
    bool any_capture_kept = false;
    for (uint32_t g = 0; g < 3; ++g) {
        const Game opened = opening(config, g);
        CHECK(opened.moves_played().size() == 5);
        CHECK_FALSE(opened.status().over());
        auto records = play_game(engine, config, g);
        REQUIRE_FALSE(records.empty());
        CHECK(records.back().last_of_game);
        for (const Record& r : records) {
            CHECK(r.ply >= 5);
            CHECK(r.game == g);
            CHECK(r.result == records.front().result);
        }
        // Replaying the game shows which kept positions' best moves capture.
        config.keep_captures = true;
        for (const Record& r : play_game(engine, config, g)) {
            Game at =
                Game::create(config.rules, write_position_record(r.board), r.side_to_move).value();
            any_capture_kept |= !at.captures_of(r.best).empty();
        }
        config.keep_captures = false;
        for (const Record& r : records) {
            Game at =
                Game::create(config.rules, write_position_record(r.board), r.side_to_move).value();
            CHECK(at.captures_of(r.best).empty());
        }
    }
    CHECK(any_capture_kept);  // the filter had something to filter
}

TEST_CASE("a selfplay file cut short is resumed to the bytes of an uninterrupted run",
          "[selfplay]") {
    const SelfplayConfig config = quick_config("brandubh");
    const std::string whole = temp_path("whole.bin"), cut = temp_path("cut.bin");
    std::filesystem::remove(whole);
    std::filesystem::remove(cut);
    CHECK(write_games(config, whole, 4).empty());
    const std::string bytes = file_bytes(whole);
    const auto contents = inspect_file(whole);
    REQUIRE(contents.ok());
    REQUIRE(contents->records > 4);
    CHECK(contents->trailing_bytes == 0);

    // Cut in the middle of the last record: the last game has no end any more.
    {
        std::ofstream out(cut, std::ios::binary);
        out << bytes.substr(0, bytes.size() - 7);
    }
    const auto warnings = write_games(config, cut, 4);
    REQUIRE(warnings.size() == 2);
    CHECK_THAT(warnings[0], catch_compat::Contains("bytes of a record cut short"));
    CHECK_THAT(warnings[1], catch_compat::Contains("records of a game that was not finished"));
    CHECK(file_bytes(cut) == bytes);

    // A complete file has nothing left to play; other settings are refused.
    CHECK(write_games(config, cut, 4).empty());
    CHECK(file_bytes(cut) == bytes);
    SelfplayConfig other = config;
    other.nodes = 1000;
    std::vector<std::string> ignored;
    testing::check_refused(DataWriter::open(cut, header_for(other), ignored),
                           {"other settings", "nodes=1500"});
    std::filesystem::remove(whole);
    std::filesystem::remove(cut);
}

TEST_CASE("selfplay refuses to play with another evaluation than the one its settings name",
          "[selfplay]") {
    SelfplayConfig config = quick_config("brandubh");  // resolved: the built-in net, if any
    config.eval_file = "<empty>";                      // changed after: the settings are stale
    bool played = false;
    const std::string error = play_games(config, 0, 1, 1, [&](uint32_t, const auto&) {
        played = true;
        return true;
    });
    if (config.net_checksum) {
        CHECK_THAT(error, catch_compat::Contains("not the one checked"));
        CHECK_FALSE(played);
    } else {  // a build without nets/brandubh.nnue: <empty> is what it resolved to anyway
        CHECK(error.empty());
    }
    config.eval_file = "/nonexistent/net.nnue";
    CHECK_THAT(play_games(config, 0, 1, 1, [](uint32_t, const auto&) { return true; }),
               catch_compat::Contains("--eval-file"));
    CHECK_THAT(resolve_evaluation(config), catch_compat::Contains("net.nnue"));
}
