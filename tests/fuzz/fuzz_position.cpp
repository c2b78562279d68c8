// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes position records and play on them.
// Input: <record>[\n<control bytes>]. Control byte 0 picks the side to move (bit 0) and the
// rules (the other bits); each further byte picks one legal move (index modulo their count).
// parse_position_record must never crash; an accepted record must write and re-parse
// identically; Game::create may refuse the position but must not crash; on up to 20 moves,
// undo must restore the record and the key exactly, and the move's text must parse back.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/position_record.h"
#include "core/presets.h"
#include "fuzz_common.h"

namespace {

// Rules for a board of `size`: a preset of that size when there is one (picked by `pick`), else
// brandubh's rules stretched to the size (Game::create refuses even sizes through validate()).
branan::Rules rules_for(int size, const std::string& record, unsigned pick) {
    std::vector<branan::Rules> fitting;
    for (const auto& name : branan::preset_names()) {
        auto r = branan::preset(name);
        if (r && r->size == size) fitting.push_back(*r);
    }
    if (!fitting.empty()) return fitting[pick % fitting.size()];
    branan::Rules r = *branan::preset("brandubh");
    r.name = "fuzz-" + std::to_string(size);
    r.size = size;
    r.start = record;
    return r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string input(reinterpret_cast<const char*>(data), size);
    const size_t nl = input.find('\n');
    const std::string text = input.substr(0, nl);
    const std::string control = nl == std::string::npos ? std::string() : input.substr(nl + 1);

    auto setup = branan::parse_position_record(text);
    if (!setup) {
        FUZZ_CHECK(!setup.error().empty(), "parse error without a message");
        return 0;
    }
    FUZZ_CHECK(setup->size >= 5 && setup->size <= branan::kMaxBoardSize &&
                   setup->cells.size() == static_cast<size_t>(setup->size * setup->size),
               "bad setup size %d", setup->size);
    int kings = 0;
    for (char c : setup->cells) {
        // Soldiers, the king, and OpenTafl's special pieces (c, n, m, g; C, N, M, G).
        FUZZ_CHECK(
            c == '.' || c == 't' || c == 'T' || c == 'K' || branan::is_special_piece_letter(c),
            "bad cell '%c'", c);
        kings += c == 'K';
    }
    FUZZ_CHECK(kings == 1, "accepted a record with %d kings: %s", kings, text.c_str());
    const std::string written = branan::write_position_record(*setup);
    auto again = branan::parse_position_record(written);
    FUZZ_CHECK(again.ok(), "written record does not parse\n  input: %s\n  written: %s",
               text.c_str(), written.c_str());
    FUZZ_CHECK(*again == *setup, "round trip changes the position\n  input: %s\n  written: %s",
               text.c_str(), written.c_str());
    FUZZ_CHECK(branan::write_position_record(*again) == written, "writing is not stable: %s",
               written.c_str());

    const unsigned c0 = control.empty() ? 0 : static_cast<unsigned char>(control[0]);
    const branan::Side side = (c0 & 1) ? branan::Side::Defenders : branan::Side::Attackers;
    const branan::Rules rules = rules_for(setup->size, written, c0 >> 1);
    auto created = branan::Game::create(rules, text, side);
    if (!created) return 0;  // refusing is fine (wrong size, piece on a forbidden square, ...)
    branan::Game game = std::move(created).value();
    FUZZ_CHECK(game.record() == written, "game record %s differs from %s", game.record().c_str(),
               written.c_str());
    FUZZ_CHECK(game.side_to_move() == side, "side to move not as created");

    const std::string start_record = game.record();
    const uint64_t start_key = game.key();
    for (size_t i = 1; i < control.size() && i <= 20; ++i) {
        (void)game.status();
        const std::vector<branan::Move> legal = game.legal_moves();
        if (legal.empty()) break;
        const branan::Move m = legal[static_cast<unsigned char>(control[i]) % legal.size()];
        const std::string text_of_move = game.describe(m);
        auto parsed = game.parse_move(text_of_move);
        FUZZ_CHECK(parsed.ok() && *parsed == m, "legal move %s does not parse back: %s",
                   text_of_move.c_str(), parsed.ok() ? "another move" : parsed.error().c_str());
        const std::string before = game.record();
        const uint64_t key_before = game.key();
        const branan::Side side_before = game.side_to_move();
        game.play(m);
        const std::string after = game.record();
        const uint64_t key_after = game.key();
        FUZZ_CHECK(game.side_to_move() != side_before, "side to move unchanged after %s",
                   text_of_move.c_str());
        FUZZ_CHECK(game.undo(), "undo failed");
        FUZZ_CHECK(game.record() == before && game.key() == key_before,
                   "undo of %s does not restore the position\n  before: %s\n  after undo: %s",
                   text_of_move.c_str(), before.c_str(), game.record().c_str());
        FUZZ_CHECK(game.side_to_move() == side_before, "undo does not restore the side to move");
        game.play(m);
        FUZZ_CHECK(game.record() == after && game.key() == key_after,
                   "replaying %s gives a different position", text_of_move.c_str());
    }
    const branan::Game copy = game;  // the copy constructor replays the moves
    FUZZ_CHECK(copy.record() == game.record() && copy.key() == game.key(),
               "copied game differs: %s vs %s", copy.record().c_str(), game.record().c_str());
    while (game.undo()) {
    }
    FUZZ_CHECK(game.record() == start_record && game.key() == start_key,
               "undoing every move does not restore the start\n  start: %s\n  now: %s",
               start_record.c_str(), game.record().c_str());
    FUZZ_CHECK(game.side_to_move() == side, "undoing every move does not restore the side");
    return 0;
}
