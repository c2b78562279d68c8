// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/player.h"

#include <climits>
#include <cstdint>
#include <stdexcept>
#include <thread>

#include "core/text.h"
#include "core/text_file.h"
#include "match/player_support.h"

namespace branan::match {

using namespace player_support;

namespace {
constexpr int64_t kQuitMs = 1000;
constexpr int kMaxUnaskedLines = 10000;  // read before a request (unasked_fault)
}  // namespace

int moves_by(const Game& game, Side side) {
    const int plies = static_cast<int>(game.moves_played().size());
    return side == game.start_side() ? (plies + 1) / 2 : plies / 2;
}

int64_t start_wait_ms(const EngineConfig& config) {
    int64_t wait = config.start_timeout_ms;
    for (const auto& [name, value] : config.options) {
        if (equal_ignoring_case(name, "TablebasePath") && !value.empty() && value != "<empty>")
            wait += kTablebaseStartMs;
        if (!equal_ignoring_case(name, "Hash")) continue;
        if (const auto mib = parse_in_range<int64_t>(value, 1, INT64_MAX))
            wait += std::min<int64_t>(*mib, 1 << 20) * 10;
    }
    return wait;
}

// ---------------------------------------------------------------------------------------------
// Player

Player::Player(EngineConfig config)
    : config_(std::move(config)), process_(std::make_unique<EngineProcess>()) {}

Player::~Player() = default;

bool Player::alive() const {
    return process_->is_alive();
}

int Player::pid() const {
    return process_->started() ? static_cast<int>(process_->pid()) : -1;
}

void Player::abandon() {
    process_->kill();
    ready_ = false;
}

bool Player::spawn(std::string& error) {
    std::string why;
    if (!process_->start(config_.command, config_.args, config_.dir, why, config_.stderr_file)) {
        error = why;
        return false;
    }
    return true;
}

bool Player::send(const std::string& line) {
    if (config_.delay_ms > 0 && last_move_at_) {
        std::this_thread::sleep_until(*last_move_at_ + std::chrono::milliseconds(config_.delay_ms));
        last_move_at_.reset();
    }
    if (log_) log_(*this, true, line);
    return process_->write_line(line);
}

EngineProcess::ReadResult Player::receive(std::string& line, int64_t timeout_ms) {
    const ReadResult r = process_->read_line(line, timeout_ms);
    if (r == ReadResult::Line && log_) log_(*this, false, line);
    return r;
}

EngineProcess::ReadResult Player::receive_until(std::string& line, Clock::time_point deadline) {
    if (Clock::now() >= deadline) return ReadResult::Timeout;
    return receive(line, ms_until(deadline));
}

MoveReply Player::lost_engine(const std::string& what, int64_t elapsed_ms) {
    MoveReply reply;
    reply.elapsed_ms = elapsed_ms;
    if (process_->wait_exit(200)) {
        reply.kind = MoveReply::Kind::Crash;
        reply.detail = process_->exit_description() + " " + what;
    } else {
        reply.kind = MoveReply::Kind::Disconnect;
        reply.detail = "closed its pipes " + what + " but kept running";
    }
    process_->kill();
    return reply;
}

MoveReply Player::reply(MoveReply::Kind kind, std::string detail, int64_t elapsed) {
    MoveReply r;
    r.kind = kind;
    r.detail = std::move(detail);
    r.elapsed_ms = elapsed;
    return r;
}

MoveReply Player::garbage(std::string detail, int64_t elapsed) {
    process_->kill();
    ready_ = false;
    return reply(MoveReply::Kind::Garbage, std::move(detail), elapsed);
}

std::optional<MoveReply> Player::unasked_fault(const UnaskedLineCheck& fault_of) {
    std::string line;
    for (int n = 0; n < kMaxUnaskedLines; ++n) {
        const ReadResult r = receive(line, 0);
        if (r == ReadResult::TooLong)
            return garbage("wrote a line " + too_long_text() + " after its move", 0);
        if (r != ReadResult::Line) break;
        const auto words = split_words(line);
        if (words.empty()) continue;
        if (std::optional<std::string> fault = fault_of(words, trim(line)))
            return garbage(std::move(*fault), 0);
    }
    return std::nullopt;
}

std::string Player::second_answer_text(const std::string& answer, const std::string& request,
                                       std::string_view line) {
    return "wrote a second " + answer + " to one '" + request + "' (" + branan::quoted(line) +
           " after its move)";
}

bool Player::fail(std::string& error, const std::string& what) {
    error = what;
    process_->kill();
    ready_ = false;
    return false;
}

void Player::shut_down(const char* goodbye_word) {
    if (process_->is_alive()) {
        send(goodbye_word);
        process_->wait_exit(kQuitMs);
    }
    process_->kill();
    ready_ = false;
}

std::unique_ptr<Player> make_player(const EngineConfig& config) {
    if (config.protocol == "uti") return make_uti_player(config);
    if (config.protocol == "otep") return make_otep_player(config);
    throw std::invalid_argument("unknown engine protocol '" + config.protocol +
                                "' (expected uti or otep)");
}

}  // namespace branan::match
