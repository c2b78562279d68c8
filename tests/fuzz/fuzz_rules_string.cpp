// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes OpenTafl rules strings: parse_rules_string must never crash; whatever it accepts must
// survive write_rules_string -> parse_rules_string unchanged, give a playable Game and a perft(2).
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/game.h"
#include "core/rules_string.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    auto rules = branan::parse_rules_string(text);
    if (!rules) {
        FUZZ_CHECK(!rules.error().empty(), "parse error without a message");
        return 0;
    }
    const std::string written = branan::write_rules_string(*rules);
    auto again = branan::parse_rules_string(written);
    FUZZ_CHECK(again.ok(),
               "written rules string does not parse\n  input: %s\n  written: %s\n  error: %s",
               text.c_str(), written.c_str(), again.error().c_str());
    FUZZ_CHECK(*again == *rules,
               "round trip changes the rules\n  input: %s\n  written: %s\n  rewritten: %s",
               text.c_str(), written.c_str(), branan::write_rules_string(*again).c_str());
    FUZZ_CHECK(branan::write_rules_string(*again) == written, "writing is not stable\n  %s",
               written.c_str());

    auto game = branan::Game::create(*rules);
    FUZZ_CHECK(game.ok(), "accepted rules give no game\n  input: %s\n  error: %s", text.c_str(),
               game.error().c_str());
    FUZZ_CHECK(game->record() == rules->start, "game start record %s differs from rules start %s",
               game->record().c_str(), rules->start.c_str());
    const uint64_t n1 = game->perft(1);
    const uint64_t n2 = game->perft(2);
    FUZZ_CHECK(n1 == 0 ? n2 == 0 : true, "perft(1) = 0 but perft(2) = %llu",
               static_cast<unsigned long long>(n2));
    (void)game->status();
    (void)game->legal_moves();
    return 0;
}
