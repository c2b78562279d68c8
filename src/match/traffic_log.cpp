// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/traffic_log.h"

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "match/player.h"

namespace branan::match {

Expected<std::shared_ptr<TrafficLog>> TrafficLog::open(const std::string& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || !std::filesystem::is_directory(dir))
        return Error{"--log: cannot create the folder '" + dir + "'" +
                     (ec ? ": " + ec.message() : "")};
    return std::shared_ptr<TrafficLog>(new TrafficLog(dir));
}

std::string TrafficLog::file_for(const std::string& engine_name, int worker) const {
    std::string safe;
    for (char c : engine_name)
        safe += std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_'
                    ? c
                    : '_';
    if (safe.empty() || safe[0] == '.') safe.insert(0, "engine");
    return dir_ + "/" + safe + "-" + std::to_string(worker + 1) + ".log";
}

LineLogger TrafficLog::for_player(const std::string& engine_name, int worker,
                                  std::shared_ptr<const std::atomic<int>> game) {
    auto out = std::make_shared<std::ofstream>(file_for(engine_name, worker), std::ios::app);
    const auto start = start_;
    return [out, start, game = std::move(game)](const Player& player, bool outgoing,
                                                const std::string& line) {
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        char stamp[32];
        std::snprintf(stamp, sizeof stamp, "%10.3f", seconds);
        *out << stamp << " game " << game->load() << " pid " << player.pid()
             << (outgoing ? " > " : " < ") << line << '\n'
             << std::flush;
    };
}

}  // namespace branan::match
