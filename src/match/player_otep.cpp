// SPDX-License-Identifier: GPL-3.0-or-later
// The match runner's adapter for engines that speak OTEP, OpenTafl's engine protocol: hello,
// rules, position and the clock, then play and the move in OpenTafl's notation.
#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/notation.h"
#include "core/opentafl_notation.h"
#include "core/rules_string.h"
#include "core/text.h"
#include "core/text_file.h"
#include "match/player_support.h"

namespace branan::match {

using namespace player_support;

namespace {

// ---------------------------------------------------------------------------------------------
// OTEP

class OtepPlayer final : public Player {
  public:
    using Player::Player;
    ~OtepPlayer() override { quit(); }

    bool start(std::string& error) override {
        if (ready_ && process_->is_alive()) return true;
        ready_ = false;
        if (!spawn(error)) return false;
        const auto deadline = Clock::now() + std::chrono::milliseconds(config_.start_timeout_ms);
        std::string line;
        for (;;) {
            const ReadResult r = receive_until(line, deadline);
            if (r == ReadResult::Timeout)
                return fail(error, "no 'hello' within " + seconds_text(config_.start_timeout_ms));
            if (r == ReadResult::TooLong)
                return fail(error, "wrote a line " + too_long_text() + " before 'hello'");
            if (r == ReadResult::Eof) {
                process_->wait_exit(200);
                const std::string how = process_->exit_description();
                return fail(error, "the engine " +
                                       (how.empty() ? std::string("closed its output") : how) +
                                       " before 'hello'");
            }
            if (trim(line) == "hello") break;
        }
        ready_ = true;
        return true;
    }

    bool new_game(const Rules& rules, std::string& error) override {
        if (!ready_ || !process_->is_alive()) return fail(error, "the engine is not running");
        rules_text_ = write_rules_string(rules);
        known_plies_ = -1;
        if (!send("rules " + rules_text_)) return fail(error, "cannot write to the engine");
        return true;
    }

    MoveReply request_move(const Game& game, int64_t attackers_ms, int64_t defenders_ms) override {
        const TimeControl& tc = config_.tc;
        const Side me = game.side_to_move();
        const auto& moves = game.moves_played();
        const int n = static_cast<int>(moves.size());
        const std::string record = game.record();

        // What the engine wrote after its last move: a second move to the last play (it would be
        // taken as the answer to this one) is garbage, named; other lines as while it thinks.
        std::string last_error;
        if (std::optional<MoveReply> fault =
                unasked_fault([&](const std::vector<std::string>& words,
                                  std::string_view line) -> std::optional<std::string> {
                    if (words[0] == "move") return second_answer_text("move", "play", line);
                    return other_line(words, line, last_error, nullptr);
                }))
            return *fault;

        // -1: nothing sent in this game yet (the engine is at the rules' start); -2: out of step.
        const int known = known_plies_ == -1 ? (from_rules_start(game) ? 0 : -2) : known_plies_;
        bool ok = true;
        if (known == n) {
            // the engine knows this position
        } else if (known >= 0 && n == known + 1) {
            ok = send("opponent-move " + move_name(moves.back(), game.size()) + " " + record);
        } else {
            ok = send("position " + record);  // its repetition history is lost
        }
        int64_t limit_ms = config_.move_timeout_ms;
        if (tc.move_ms > 0) {
            ok = ok && send("clock " + std::to_string(tc.move_ms) + " " +
                            std::to_string(tc.move_ms) + " 0 0 0");
            limit_ms = tc.move_ms;
        } else if (tc.clocked()) {
            const int64_t a = std::max<int64_t>(0, attackers_ms),
                          d = std::max<int64_t>(0, defenders_ms);
            ok = ok && send("clock " + std::to_string(a) + " " + std::to_string(d) + " 0 0 0");
            limit_ms = me == Side::Attackers ? a : d;
        }
        limit_ms += config_.timemargin_ms;
        const auto start = Clock::now();
        ok = ok && send(std::string("play ") + side_name(me));
        if (!ok) return lost_engine("when written to", 0);

        const auto deadline = start + std::chrono::milliseconds(limit_ms);
        std::string line;
        for (;;) {
            const ReadResult r = receive_until(line, deadline);
            const int64_t elapsed = ms_since(start);
            if (r == ReadResult::TooLong)
                return garbage("wrote a line " + too_long_text() + " while thinking", elapsed);
            if (r == ReadResult::Timeout) {
                process_->kill();
                ready_ = false;
                return reply(
                    MoveReply::Kind::Timeout,
                    "no move within " + std::to_string(limit_ms) + " ms" +
                        (last_error.empty() ? "" : " (it said " + branan::quoted(last_error) + ")"),
                    elapsed);
            }
            if (r == ReadResult::Eof) {
                ready_ = false;
                return lost_engine("while thinking", elapsed);
            }
            const auto words = split_words(line);
            if (words.empty()) continue;
            if (words[0] == "move") {
                last_move_at_ = Clock::now();
                if (words.size() < 2) return garbage("'move' without a move", elapsed);
                // Read in full by the one move reader (OpenTafl's notation): the engine's own
                // text goes to the referee as written.
                const std::string& text = words[1];
                if (elapsed > limit_ms)
                    return reply(MoveReply::Kind::Timeout,
                                 "no move within " + std::to_string(limit_ms) +
                                     " ms (it came after " + std::to_string(elapsed) + " ms)",
                                 elapsed);
                Game next = game;
                if (next.play(text)) {
                    send("move " + next.record());
                    known_plies_ = n + 1;
                } else {
                    send("error 2");
                    known_plies_ = -2;  // resend the position next time
                }
                MoveReply mv = reply(MoveReply::Kind::Move, "", elapsed);
                mv.text = text;
                mv.note = elapsed_text(elapsed);
                return mv;
            }
            if (std::optional<std::string> fault =
                    other_line(words, trim(line), last_error, &record))
                return garbage(std::move(*fault), elapsed);
        }
    }

    void game_over(Outcome outcome) override {
        if (ready_ && process_->is_alive()) {
            const int code = outcome == Outcome::Draw           ? 1
                             : outcome == Outcome::AttackersWin ? 2
                             : outcome == Outcome::DefendersWin ? 3
                                                                : 0;
            send("finish " + std::to_string(code));
        }
        known_plies_ = -1;
    }

    void quit() override { shut_down("goodbye"); }

  private:
    // A line of the engine's other than its move, read while it thinks or after its move: a
    // critical error is a fault (its detail returned); another error is kept in `last_error` for
    // a timeout's message; a request for the rules is answered at once and followed by the
    // position (the engine may stand at the rules' start); the position goes at once while it
    // thinks (`record` given), else with the next request. Anything else (hello, status,
    // simple-moves, analysis, ...) is ignored.
    std::optional<std::string> other_line(const std::vector<std::string>& words,
                                          std::string_view line, std::string& last_error,
                                          const std::string* record) {
        if (words[0] == "error") {
            if (words.size() >= 2 && words[1] == "-1")
                return "critical error: " + branan::quoted(line);
            last_error = std::string(line);
            return std::nullopt;
        }
        if (words.size() != 1 || (words[0] != "rules" && words[0] != "position"))
            return std::nullopt;
        if (words[0] == "rules") send("rules " + rules_text_);
        if (record)
            send("position " + *record);
        else
            known_plies_ = -2;
        return std::nullopt;
    }

    std::string rules_text_;
    int known_plies_ = -1;  // moves of the current game the engine knows; -1: none yet; -2: unknown
};

}  // namespace

std::unique_ptr<Player> player_support::make_otep_player(const EngineConfig& config) {
    return std::make_unique<OtepPlayer>(config);
}

}  // namespace branan::match
