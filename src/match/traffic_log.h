// SPDX-License-Identifier: GPL-3.0-or-later
// branan-match --log DIR: every line between branan-match and each engine, for debugging an
// engine's behaviour in a match (cutechess's debug output, kept per engine).
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>

#include "core/expected.h"

namespace branan::match {

class Player;

// What a Player calls for each line it sends (outgoing) or reads.
using LineLogger = std::function<void(const Player&, bool outgoing, const std::string& line)>;

class TrafficLog {
  public:
    // Creates DIR if it is missing; an error names the folder when it cannot be made.
    static Expected<std::shared_ptr<TrafficLog>> open(const std::string& dir);

    // A logger for the player of engine `engine_name` that worker `worker` (0-based: one per
    // game played at once) runs. It writes DIR/<engine_name>-<worker + 1>.log, a line per line
    // of traffic: the seconds since the match started, the game being played (`game`, 0 while
    // the engines are set up), the engine's process id, '>' to the engine or '<' from it, and
    // the line. The logger is used by one thread at a time (the worker's). A file that cannot
    // be opened or written is named on stderr once, and that logger stops.
    LineLogger for_player(const std::string& engine_name, int worker,
                          std::shared_ptr<const std::atomic<int>> game);

    // The file for_player writes for that engine and worker (names made safe for a path).
    std::string file_for(const std::string& engine_name, int worker) const;

  private:
    explicit TrafficLog(std::string dir) : dir_(std::move(dir)) {}

    // Says on stderr that the log `path` could not be opened or written (`what`), with errno's
    // reason, and closes `out`: the engine's logger writes no more, the match goes on.
    static void stop_logging(std::ofstream& out, const std::string& path, const char* what);

    std::string dir_;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace branan::match
