// SPDX-License-Identifier: GPL-3.0-or-later
// A tiny UTI engine for the tournament manager's tests: it plays the first legal move (or a
// seeded random one) at once, and misbehaves on request:
//   --crash-after N    exit abruptly at the Nth go
//   --hang-after N     at the Nth go stop answering anything (also isready)
//   --illegal-after N  at the Nth go answer an illegal move
//   --garbage-after N  at the Nth go print junk and a malformed bestmove
//   --double-after N   at the Nth go print its bestmove twice
//   --late-ms MS       wait MS ms before every bestmove (isready and stop are still answered)
//   --bad-handshake    never say utiok
//   --ready-delay-ms MS  wait MS ms before its first readyok (a slow start, a big hash)
//   --never-move       answer isready, never a go (nor its stop) with a bestmove
//   --seed S           random legal moves from this seed
//   --endless-line-after N  at the Nth go write bytes without a newline, as fast as it can
//   --trickle-after N  at the Nth go write a byte every 5 ms, never a newline
//   --deaf-ms MS       at every go think MS ms without reading its input (isready unanswered)
//   --score CP         report "score cp CP" with every move (default 0)
//   --opentafl-notation  write its moves as OpenTafl does ("Kd4-c4", "d6-d3xe3/d2", "g4-g5xKg6")
// It writes "fake engine <pid> started" to stderr when it starts.
#include <poll.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/game.h"
#include "core/notation.h"
#include "core/opentafl_notation.h"
#include "core/rules_string.h"

using namespace branan;
using Clock = std::chrono::steady_clock;

namespace {

struct Flags {
    int crash_after = 0, hang_after = 0, illegal_after = 0, garbage_after = 0, double_after = 0;
    int endless_line_after = 0, trickle_after = 0;
    int64_t late_ms = 0, ready_delay_ms = 0, deaf_ms = 0, score_cp = 0;
    bool bad_handshake = false, never_move = false, opentafl_notation = false;
    std::optional<uint64_t> seed;
};

void say(const std::string& line) {
    std::cout << line << std::endl;
}

std::vector<std::string> words_of(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> w;
    for (std::string s; in >> s;) w.push_back(s);
    return w;
}

// Writes 'x' a newline until killed (or for a minute), `pause_ms` between writes.
[[noreturn]] void write_forever(int pause_ms) {
    const std::string block(pause_ms > 0 ? 1 : 65536, 'x');
    const auto end = Clock::now() + std::chrono::seconds(60);
    while (Clock::now() < end) {
        if (::write(1, block.data(), block.size()) < 0) break;
        if (pause_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(pause_ms));
    }
    std::_Exit(0);
}

[[noreturn]] void hang() {
    // Stops answering; killed by the manager (gives up by itself after a minute).
    std::this_thread::sleep_for(std::chrono::seconds(60));
    std::_Exit(0);
}

}  // namespace

int main(int argc, char** argv) {
    Flags flags;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> long long {
            if (i + 1 >= argc) {
                std::cerr << a << " needs a value\n";
                std::exit(2);
            }
            return std::atoll(argv[++i]);
        };
        if (a == "--crash-after")
            flags.crash_after = static_cast<int>(next());
        else if (a == "--hang-after")
            flags.hang_after = static_cast<int>(next());
        else if (a == "--illegal-after")
            flags.illegal_after = static_cast<int>(next());
        else if (a == "--garbage-after")
            flags.garbage_after = static_cast<int>(next());
        else if (a == "--double-after")
            flags.double_after = static_cast<int>(next());
        else if (a == "--late-ms")
            flags.late_ms = next();
        else if (a == "--bad-handshake")
            flags.bad_handshake = true;
        else if (a == "--ready-delay-ms")
            flags.ready_delay_ms = next();
        else if (a == "--never-move")
            flags.never_move = true;
        else if (a == "--opentafl-notation")
            flags.opentafl_notation = true;
        else if (a == "--endless-line-after")
            flags.endless_line_after = static_cast<int>(next());
        else if (a == "--trickle-after")
            flags.trickle_after = static_cast<int>(next());
        else if (a == "--deaf-ms")
            flags.deaf_ms = next();
        else if (a == "--score")
            flags.score_cp = next();
        else if (a == "--seed")
            flags.seed = static_cast<uint64_t>(next());
        else {
            std::cerr << "unknown flag " << a << "\n";
            return 2;
        }
    }
    std::mt19937_64 rng(flags.seed.value_or(0));
    std::cerr << "fake engine " << ::getpid() << " started" << std::endl;

    Rules rules = Rules{};
    Game game = Game::create(rules).value();
    int gos = 0;
    std::optional<std::string> pending;  // a bestmove line due at `due`
    Clock::time_point due{};

    std::string buffer;
    for (;;) {
        int timeout = -1;
        if (pending)
            timeout = static_cast<int>(std::max<int64_t>(
                0,
                std::chrono::duration_cast<std::chrono::milliseconds>(due - Clock::now()).count()));
        pollfd p{0, POLLIN, 0};
        const int r = ::poll(&p, 1, timeout);
        if (r == 0) {
            if (pending) say(*pending);
            pending.reset();
            continue;
        }
        char chunk[4096];
        const ssize_t n = ::read(0, chunk, sizeof chunk);
        if (n <= 0) {
            if (pending) say(*pending);
            return 0;
        }
        buffer.append(chunk, static_cast<size_t>(n));
        for (size_t nl; (nl = buffer.find('\n')) != std::string::npos;) {
            std::string line = buffer.substr(0, nl);
            buffer.erase(0, nl + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            const auto w = words_of(line);
            if (w.empty()) continue;
            const std::string& cmd = w[0];
            if (cmd == "uti") {
                say("id name Fake");
                say("id author the Branan tests");
                say("option name UTI_Rules type string default <empty>");
                say("option name Hash type spin default 16 min 1 max 65536");
                say("option name Fail type check default false");  // offered, always refused
                if (!flags.bad_handshake) say("utiok");
            } else if (cmd == "isready") {
                if (flags.ready_delay_ms > 0)
                    std::this_thread::sleep_for(std::chrono::milliseconds(flags.ready_delay_ms));
                flags.ready_delay_ms = 0;
                say("readyok");
            } else if (cmd == "setoption") {
                const std::string key = " value ";
                const size_t v = line.find(key);
                if (line.find("UTI_Rules") != std::string::npos && v != std::string::npos) {
                    auto parsed = rules_from_name_or_string(line.substr(v + key.size()));
                    if (!parsed) {
                        say("info string error: setoption: UTI_Rules: " + parsed.error());
                        continue;
                    }
                    rules = *parsed;
                    game = Game::create(rules).value();
                    say("info string rules " + write_rules_string(rules));
                } else if (line.find("name Fail") != std::string::npos) {
                    say("info string error: setoption: unknown option 'Fail'");
                }
            } else if (cmd == "utinewgame") {
                game = Game::create(rules).value();
            } else if (cmd == "position") {
                size_t i = 1;
                std::optional<Game> g;
                if (w.size() > 1 && w[1] == "startpos") {
                    g = Game::create(rules).value();
                    i = 2;
                } else if (w.size() > 2 && w[1] == "otn") {
                    Side side = rules.first_to_move;
                    i = 3;
                    if (w.size() > 4 && w[3] == "side") {
                        side = w[4] == "defenders" ? Side::Defenders : Side::Attackers;
                        i = 5;
                    }
                    auto c = Game::create(rules, w[2], side);
                    if (!c) {
                        say("info string error: position: " + c.error());
                        continue;
                    }
                    g = std::move(c.value());
                }
                if (!g) {
                    say("info string error: position: expected startpos or otn");
                    continue;
                }
                bool ok = true;
                if (i < w.size() && w[i] == "moves")
                    for (size_t k = i + 1; k < w.size() && ok; ++k)
                        if (auto m = g->play(w[k]); !m) {
                            say("info string error: position: " + m.error());
                            ok = false;
                        }
                if (ok) game = std::move(*g);
            } else if (cmd == "go") {
                ++gos;
                if (flags.never_move) continue;
                if (gos == flags.crash_after) std::_Exit(3);
                if (gos == flags.hang_after) hang();
                if (gos == flags.endless_line_after) write_forever(0);
                if (gos == flags.trickle_after) write_forever(5);
                if (flags.deaf_ms > 0)
                    std::this_thread::sleep_for(std::chrono::milliseconds(flags.deaf_ms));
                std::string best;
                const auto legal = game.legal_moves();
                if (gos == flags.garbage_after) {
                    say("this is not a move");
                    best = "bestmove ?!junk";
                } else if (legal.empty() || game.status().over()) {
                    best = "bestmove none";
                } else if (gos == flags.illegal_after) {
                    // a move from an empty square: certainly illegal
                    std::string text;
                    const int size = game.size();
                    for (Square sq = 0; sq < size * size && text.empty(); ++sq)
                        if (game.piece_char(sq) == '.' && sq % size + 1 < size)
                            text = move_name(
                                Move{static_cast<uint16_t>(sq), static_cast<uint16_t>(sq + 1)},
                                size);
                    best = "bestmove " + text;
                } else {
                    const size_t k = flags.seed ? static_cast<size_t>(rng() % legal.size()) : 0;
                    say("info depth 1 score cp " + std::to_string(flags.score_cp) + " nodes 1 pv " +
                        game.move_text(legal[k]));
                    best =
                        "bestmove " + (flags.opentafl_notation ? opentafl_move_text(game, legal[k])
                                                               : game.move_text(legal[k]));
                }
                if (flags.late_ms > 0) {
                    pending = best;
                    due = Clock::now() + std::chrono::milliseconds(flags.late_ms);
                } else {
                    // Both lines of a doubled answer in one write: written apart, a delay
                    // between them (a busy machine) let the second arrive after the next 'go',
                    // where it reads as that go's answer instead of as a second one.
                    say(gos == flags.double_after ? best + "\n" + best : best);
                }
            } else if (cmd == "stop") {
                if (pending) say(*pending);
                pending.reset();
            } else if (cmd == "quit") {
                if (pending) say(*pending);
                return 0;
            } else {
                say("info string error: unknown command '" + cmd + "'");
            }
        }
    }
}
