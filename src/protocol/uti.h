// SPDX-License-Identifier: GPL-3.0-or-later
// UTI: Branan's UCI-style text protocol on stdin/stdout (protocol-spec.md is the contract).
// UtiSession parses and prints; the Engine searches. Commands are read on the calling thread;
// searches run in the background, so isready, stop and ponderhit are answered during a search.
#pragma once

#include <istream>
#include <string>
#include <vector>

#include "core/game.h"
#include "engine/engine.h"
#include "protocol/output.h"

namespace branan {

class UtiSession {
  public:
    // Starts with `rules` at their start position (rules must be valid: see validate()).
    UtiSession(Engine& engine, Output& out, const Rules& rules);

    // Handles one command line; returns false after `quit`.
    bool handle(const std::string& line);
    // Reads and handles lines until `quit` or end of input; waits for a running search to end.
    int run(std::istream& in);

  private:
    // The reply to uti (ending with utiok) or to its alias uci (ending with uciok).
    void uti(const std::string& last_line);
    void setoption(const std::string& line);
    void set_rules(const Rules& rules);
    void set_tablebase(const std::string& dir);
    void position(const std::vector<std::string>& words);
    void go(const std::vector<std::string>& words);
    std::string missing_clock(const SearchLimits& limits) const;
    void perft(const std::vector<std::string>& words);
    void display();
    void eval();
    void query(const std::vector<std::string>& words);
    void error(const std::string& what);
    bool refuse_during_search(const std::string& command);
    std::string format_info(const SearchInfo& info, const Game& game) const;

    Engine& engine_;
    Output& out_;
    Rules rules_;
    Game game_;
    bool ponder_ = false;
    // The settings at start-up: the option defaults `uti` announces.
    struct Startup {
        Rules rules;
        size_t hash_mb;
        int threads;
        int move_overhead_ms;
        int contempt;
    } startup_;
};

// "score cp 31" / "score mate 3" (mate in moves, as UCI; negative when being mated).
std::string format_score(Score score);

}  // namespace branan
