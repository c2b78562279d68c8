// SPDX-License-Identifier: GPL-3.0-or-later
// Player: one engine as seen by the tournament manager, behind the protocol it speaks (UTI or
// OpenTafl's OTEP). A player owns its process: it starts it (again after a failure), sets up
// each game, asks for moves within the clock and reports how an engine failed.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/expected.h"
#include "core/game.h"
#include "core/rules.h"
#include "core/types.h"
#include "match/adjudication.h"
#include "match/engine_process.h"
#include "match/time_control.h"

namespace branan::match {

// Moves `side` has made in `game` since its start record (for "40/60" clocks: the period ends
// after every tc.moves of them).
int moves_by(const Game& game, Side side);

struct EngineConfig {
    std::string name, command;
    std::vector<std::string> args;
    std::string dir;
    std::string protocol = "uti";                              // "uti" or "otep"
    std::vector<std::pair<std::string, std::string>> options;  // UTI setoption name/value
    TimeControl tc;
    int64_t timemargin_ms = 100;
    std::string stderr_file;  // the engine's stderr is appended here; empty: /dev/null
    // The handshake ("utiok", "hello") and the first "readyok" after the options must come
    // within this; a Hash option adds to the wait (start_wait_ms()).
    int64_t start_timeout_ms = 5000;
    // The most a move may take when no clock limits it (depth, nodes, tc=inf).
    int64_t move_timeout_ms = 3600 * 1000;
    bool restart = false;  // a fresh process for every game (cutechess's restart=on)
    int64_t delay_ms = 0;  // pause before writing to the engine after its move
    // UTI: during a search, "isready" after a second of silence; no "readyok" within 2 s loses
    // the game as a stall. Off (ping=off): only the clock (or timeout-move) ends a search.
    bool ping = true;
};

// What a TablebasePath option adds to the wait for the first readyok: Branan reads every
// table file when the option is set (brandubh's 0-5 soldiers: about 6 s of CPU time).
constexpr int64_t kTablebaseStartMs = 60000;

// How long to wait for "readyok" after the options: start_timeout_ms, plus 10 ms per MiB of a
// Hash option (allocating and clearing a big table takes seconds on a loaded machine), plus
// kTablebaseStartMs for a TablebasePath option that names tables.
int64_t start_wait_ms(const EngineConfig& config);

struct MoveReply {
    enum class Kind { Move, Crash, Timeout, Stall, Garbage, Disconnect } kind = Kind::Garbage;
    std::string text;    // the move as the engine wrote it (Kind::Move)
    std::string detail;  // what went wrong, for humans
    std::string note;    // Kind::Move: "score/depth time" ("+0.35/12 1.204s"), parts it gave
    std::optional<MoveScore> score;  // Kind::Move: its last score, when it gave one
    int64_t elapsed_ms = 0;
};

class Player {
  public:
    explicit Player(EngineConfig config);
    virtual ~Player();
    Player(const Player&) = delete;
    Player& operator=(const Player&) = delete;

    const EngineConfig& config() const { return config_; }
    // The name to show: the configured name, else the command.
    const std::string& name() const {
        return config_.name.empty() ? config_.command : config_.name;
    }

    // Starts the engine if it is not running (also after a failure: restarts it) and does the
    // handshake; false with an error message if that fails (the process is then killed).
    virtual bool start(std::string& error) = 0;
    // A new game under these rules. False with a message when the engine refuses or fails.
    virtual bool new_game(const Rules& rules, std::string& error) = 0;
    // Asks for a move in `game` (the side to move is this player's), with the clocks of both
    // sides in ms. Returns within the engine's time left + margin. On any failure other than a
    // late but well-formed answer the process is killed, so that the next start() restarts it.
    virtual MoveReply request_move(const Game& game, int64_t attackers_ms,
                                   int64_t defenders_ms) = 0;
    // The game ended (also when this engine lost it by failing). No reply expected.
    virtual void game_over(Outcome outcome) = 0;
    // Polite shutdown, then kill after 1 s.
    virtual void quit() = 0;
    bool alive() const;
    // The engine's process id, -1 before the first start. For tests and logs.
    int pid() const;
    // Kills the engine, so that the next start() begins a fresh process (after an illegal
    // move, or for restart=on).
    void abandon();

    // Every line to and from the engine: (outgoing, line). For debug logs.
    void set_log(std::function<void(const Player&, bool outgoing, const std::string&)> log) {
        log_ = std::move(log);
    }

  protected:
    bool spawn(std::string& error);
    bool send(const std::string& line);
    EngineProcess::ReadResult receive(std::string& line, int64_t timeout_ms);
    // receive() by `deadline`: Timeout once it has passed, even while lines keep coming.
    EngineProcess::ReadResult receive_until(std::string& line,
                                            std::chrono::steady_clock::time_point deadline);
    // What happened to an engine whose pipe failed: Crash when it exited, else Disconnect
    // (after killing it).
    MoveReply lost_engine(const std::string& what, int64_t elapsed_ms);
    void kill_engine() { process_->kill(); }
    static MoveReply reply(MoveReply::Kind kind, std::string detail, int64_t elapsed);
    // Kills the engine (it is in an unknown state) and reports garbage / a failure to set up.
    MoveReply garbage(std::string detail, int64_t elapsed);
    // Before a request: the lines the engine wrote since its last answer that have arrived, read
    // without waiting (at most 10,000: an engine writing without end meets the move's deadline
    // instead), each handed to `fault_of` (which may also take note of other lines). The first
    // line it names a fault -- say a second answer to the last request, which would otherwise
    // be taken as the answer to the next -- is garbage with that detail; so is an over-long
    // line. Other lines are dropped; a closed pipe is found when the request is written.
    using UnaskedLineCheck = std::function<std::optional<std::string>(
        const std::vector<std::string>& words, std::string_view line)>;
    std::optional<MoveReply> unasked_fault(const UnaskedLineCheck& fault_of);
    // The detail of a second answer: "wrote a second `answer` to one '`request`' ('`line`' after
    // its move)".
    static std::string second_answer_text(const std::string& answer, const std::string& request,
                                          std::string_view line);
    bool fail(std::string& error, const std::string& what);
    // Says `goodbye_word` ("quit", "goodbye"), waits a moment for the exit, then kills.
    void shut_down(const char* goodbye_word);

    bool ready_ = false;  // handshake done and the process alive since
    // When the engine's last move arrived (for delay=); reset once the delay has been kept.
    std::optional<std::chrono::steady_clock::time_point> last_move_at_;

    EngineConfig config_;
    std::unique_ptr<EngineProcess> process_;
    std::function<void(const Player&, bool, const std::string&)> log_;
};

std::unique_ptr<Player> make_player(
    const EngineConfig& config);  // "uti" or "otep"; throws on others

}  // namespace branan::match
