// SPDX-License-Identifier: GPL-3.0-or-later
// The match runner's adapter for engines that speak UTI (protocol-spec.md): the handshake,
// options, positions, go with the clock, liveness pings during a search, and bestmove.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <string_view>
#include <thread>

#include "core/notation.h"
#include "core/opentafl_notation.h"
#include "core/rules_string.h"
#include "core/text.h"
#include "core/text_file.h"
#include "match/player_support.h"

namespace branan::match {

using namespace player_support;

namespace {

constexpr int64_t kPingMs = 2000;             // isready during a search must be answered this fast
constexpr int64_t kQuietBeforePingMs = 1000;  // silence during a search before we ping
constexpr int64_t kStopGraceMs = 500;         // bestmove after stop
constexpr int kGoRetries = 200;               // "go: a search is running" right after a bestmove

// What an engine's "info ... depth D ... score cp N | score mate M ..." lines said last.
struct SearchReport {
    std::string score, depth;        // "+0.35" / "-M3", "12"; empty until reported
    std::optional<MoveScore> value;  // the score as a number

    void read(const std::vector<std::string>& words) {
        for (size_t i = 1; i + 1 < words.size(); ++i) {
            if (words[i] == "depth") depth = words[i + 1];
            if (words[i] == "score" && i + 2 < words.size()) {
                const std::optional<int> number = parse_whole<int>(words[i + 2]);
                if (!number) continue;
                const int v = *number;
                char buf[32];
                if (words[i + 1] == "cp") {
                    std::snprintf(buf, sizeof buf, "%+.2f", v / 100.0);
                    value = MoveScore{v, false};
                } else if (words[i + 1] == "mate") {
                    std::snprintf(buf, sizeof buf, "%sM%d", v < 0 ? "-" : "+", v < 0 ? -v : v);
                    value = MoveScore{v < 0 ? -1 : 1, true};
                } else {
                    continue;
                }
                score = buf;
            }
        }
    }
    // "+0.35/12 1.204s", or the parts there are.
    std::string note(int64_t elapsed_ms) const {
        std::string t = score;
        if (!depth.empty()) t += "/" + depth;
        return (t.empty() ? "" : t + " ") + elapsed_text(elapsed_ms);
    }
};

// ---------------------------------------------------------------------------------------------
// UTI

class UtiPlayer final : public Player {
  public:
    using Player::Player;
    ~UtiPlayer() override { quit(); }

    bool start(std::string& error) override {
        if (ready_ && process_->is_alive()) return true;
        ready_ = false;
        pings_ = 0;
        if (!spawn(error)) return false;
        if (!send("uti")) return fail(error, "cannot write to the engine");
        const auto deadline = Clock::now() + std::chrono::milliseconds(config_.start_timeout_ms);
        std::string line;
        std::vector<std::string> offered;  // "option name <id> type ..." ids
        for (;;) {
            const ReadResult r = receive_until(line, deadline);
            if (r == ReadResult::Timeout)
                return fail(error, "no 'utiok' within " + seconds_text(config_.start_timeout_ms) +
                                       " of 'uti'");
            if (r == ReadResult::Eof) return exited(error, "during the uti handshake");
            if (r == ReadResult::TooLong)
                return fail(error, "wrote a line " + too_long_text() + " during the uti handshake");
            const std::string_view t = trim(line);
            if (t == "utiok") break;
            if (starts_with(t, "option name ")) {
                const std::string_view rest = t.substr(12);
                const size_t type = rest.find(" type ");
                offered.emplace_back(trim(rest.substr(0, type)));
            }
        }
        for (const auto& [option, value] : config_.options) {
            const bool known = std::any_of(offered.begin(), offered.end(), [&](const auto& o) {
                return equal_ignoring_case(o, option);
            });
            if (!known) {
                std::string list;
                for (const auto& o : offered) list += (list.empty() ? "" : ", ") + o;
                return fail(error, "has no option " + branan::quoted(option) + " (it offers: " +
                                       (list.empty() ? std::string("none") : list) + ")");
            }
            send("setoption name " + option + (value.empty() ? "" : " value " + value));
        }
        std::vector<std::string> errors;
        if (!sync(start_wait_ms(config_), errors, error)) return false;
        if (!errors.empty()) return fail(error, "option refused: " + errors.front());
        ready_ = true;
        return true;
    }

    bool new_game(const Rules& rules, std::string& error) override {
        if (!ready_ || !process_->is_alive()) return fail(error, "the engine is not running");
        send("setoption name UTI_Rules value " + write_rules_string(rules));
        send("utinewgame");
        std::vector<std::string> errors;
        if (!sync(start_wait_ms(config_), errors, error)) return false;
        if (!errors.empty()) return fail(error, "refused the rules: " + errors.front());
        return true;
    }

    MoveReply request_move(const Game& game, int64_t attackers_ms, int64_t defenders_ms) override {
        const TimeControl& tc = config_.tc;
        const Side me = game.side_to_move();
        std::string position =
            from_rules_start(game) ? "position startpos" : "position " + game.start_words();
        if (!game.moves_played().empty()) {
            position += " moves";
            for (Move m : game.moves_played()) position += " " + move_name(m, game.size());
        }
        std::string go = "go";
        int64_t limit_ms = config_.move_timeout_ms;
        bool stop_is_normal = false;  // no limit at all: stop at the cap and take the move
        if (tc.move_ms > 0) {
            go += " movetime " + std::to_string(tc.move_ms);
            limit_ms = tc.move_ms;
        } else if (tc.clocked()) {
            const int64_t a = std::max<int64_t>(0, attackers_ms),
                          d = std::max<int64_t>(0, defenders_ms);
            go += " atime " + std::to_string(a) + " dtime " + std::to_string(d) + " ainc " +
                  std::to_string(tc.inc_ms) + " dinc " + std::to_string(tc.inc_ms);
            if (tc.moves > 0)
                go += " movestogo " + std::to_string(tc.moves - moves_by(game, me) % tc.moves);
            limit_ms = me == Side::Attackers ? a : d;
        } else if (tc.depth == 0 && tc.nodes == 0) {
            stop_is_normal = true;
        }
        if (tc.depth > 0) go += " depth " + std::to_string(tc.depth);
        if (tc.nodes > 0) go += " nodes " + std::to_string(tc.nodes);
        if (!stop_is_normal) limit_ms += config_.timemargin_ms;

        // What the engine wrote since its last answer and has arrived is read first: a second
        // bestmove there would be taken as the answer to this go.
        if (std::optional<MoveReply> fault = unasked_bestmove()) return *fault;
        const auto start = Clock::now();
        if (!send(position) || !send(go)) return lost_engine("when written to", 0);

        auto deadline = start + std::chrono::milliseconds(limit_ms);
        bool stopped = false, late = false;
        // An 'isready' sent while thinking and not yet answered, and when (a flag and a time,
        // not an optional: GCC 12 warns of the optional's value as maybe uninitialized).
        bool ping_pending = false;
        auto ping_sent = start;
        auto last_line = start;
        int go_retries = 0;
        SearchReport report;
        std::string line;
        for (;;) {
            const auto now = Clock::now();
            if (now >= deadline) {
                if (stopped) {
                    process_->kill();
                    return reply(MoveReply::Kind::Timeout,
                                 "no bestmove within " + std::to_string(limit_ms) +
                                     " ms, nor within 500 ms of 'stop'",
                                 ms_since(start));
                }
                send("stop");
                stopped = true;
                late = !stop_is_normal;
                deadline = now + std::chrono::milliseconds(kStopGraceMs);
                continue;
            }
            if (ping_pending && now - ping_sent >= std::chrono::milliseconds(kPingMs)) {
                process_->kill();
                return reply(MoveReply::Kind::Stall,
                             "did not answer 'isready' within 2 s while thinking", ms_since(start));
            }
            if (config_.ping && !ping_pending && !stopped &&
                now - last_line >= std::chrono::milliseconds(kQuietBeforePingMs) &&
                deadline - now > std::chrono::milliseconds(kPingMs)) {
                send("isready");
                ++pings_;
                ping_pending = true;
                ping_sent = now;
                continue;
            }
            auto wake = deadline;
            if (ping_pending)
                wake = std::min(wake, ping_sent + std::chrono::milliseconds(kPingMs));
            else if (!stopped && config_.ping)
                wake = std::min(wake, last_line + std::chrono::milliseconds(kQuietBeforePingMs));
            const ReadResult r = receive(line, std::max<int64_t>(1, ms_until(wake)));
            if (r == ReadResult::Timeout) continue;
            if (r == ReadResult::Eof) return lost_engine("while thinking", ms_since(start));
            if (r == ReadResult::TooLong)
                return garbage("wrote a line " + too_long_text() + " while thinking",
                               ms_since(start));
            last_line = Clock::now();
            const auto words = split_words(line);
            if (words.empty()) continue;
            if (words[0] == "readyok") {
                readyok_seen();
                if (pings_ == 0) ping_pending = false;
                continue;
            }
            if (words[0] == "bestmove") {
                last_move_at_ = Clock::now();
                const int64_t elapsed = ms_since(start);
                if (words.size() < 2) return garbage("'bestmove' without a move", elapsed);
                if (words[1] == "none")
                    return garbage("'bestmove none': the engine sees no legal move", elapsed);
                if (auto parsed = parse_written_move(words[1], game.size()); !parsed)
                    return garbage(
                        "malformed bestmove " + branan::quoted(trim(line)) + ": " + parsed.error(),
                        elapsed);
                if (late || (!stop_is_normal && elapsed > limit_ms))
                    return reply(MoveReply::Kind::Timeout,
                                 "no bestmove within " + std::to_string(limit_ms) +
                                     " ms (it came after " + std::to_string(elapsed) + " ms" +
                                     (stopped ? ", on 'stop')" : ")"),
                                 elapsed);
                MoveReply ok = reply(MoveReply::Kind::Move, "", elapsed);
                ok.text = words[1];
                ok.note = report.note(elapsed);
                ok.score = report.value;
                return ok;
            }
            if (starts_with(line, "info string error: go: a search is running") &&
                go_retries < kGoRetries && !stopped) {
                // The engine printed its last bestmove but had not yet marked itself idle.
                ++go_retries;
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
                if (!send(go)) return lost_engine("when written to", ms_since(start));
                continue;
            }
            if (starts_with(line, "info string error: position") ||
                starts_with(line, "info string error: go"))
                return garbage("refused the request: " + branan::quoted(trim(line)),
                               ms_since(start));
            if (words[0] == "info") report.read(words);
            // anything else: ignored
        }
    }

    void game_over(Outcome) override {}

    void quit() override { shut_down("quit"); }

  private:
    // A second bestmove to the last go, read before the next go (Player::unasked_fault); a
    // readyok on the way answers a ping sent while the engine thought.
    std::optional<MoveReply> unasked_bestmove() {
        return unasked_fault([this](const std::vector<std::string>& words,
                                    std::string_view line) -> std::optional<std::string> {
            if (words[0] == "readyok") readyok_seen();
            if (words[0] == "bestmove") return second_answer_text("bestmove", "go", line);
            return std::nullopt;
        });
    }

    void readyok_seen() {
        if (pings_ > 0) --pings_;
    }

    bool exited(std::string& error, const std::string& when) {
        process_->wait_exit(200);
        const std::string how = process_->exit_description();
        return fail(error, "the engine " + (how.empty() ? std::string("closed its output") : how) +
                               " " + when);
    }

    // isready -> readyok (after any pings still unanswered). Collects "info string error" lines.
    bool sync(int64_t timeout_ms, std::vector<std::string>& errors, std::string& error) {
        if (!send("isready")) return exited(error, "(cannot write to it)");
        ++pings_;
        const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
        std::string line;
        while (pings_ > 0) {
            const ReadResult r = receive_until(line, deadline);
            if (r == ReadResult::Timeout)
                return fail(error, "did not answer 'isready' within " + seconds_text(timeout_ms));
            if (r == ReadResult::Eof) return exited(error, "before answering 'isready'");
            if (r == ReadResult::TooLong)
                return fail(error,
                            "wrote a line " + too_long_text() + " before answering 'isready'");
            const std::string_view t = trim(line);
            if (t == "readyok")
                readyok_seen();
            else if (starts_with(t, "info string error"))
                errors.emplace_back(t);
        }
        return true;
    }

    int pings_ = 0;  // isready sent, readyok not yet seen
};

}  // namespace

std::unique_ptr<Player> player_support::make_uti_player(const EngineConfig& config) {
    return std::make_unique<UtiPlayer>(config);
}

}  // namespace branan::match
