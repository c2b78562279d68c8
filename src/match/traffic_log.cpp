// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/traffic_log.h"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <system_error>

#include "core/text.h"
#include "core/text_file.h"
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
    const std::string path = file_for(engine_name, worker);
    auto out = std::make_shared<std::ofstream>(path, std::ios::app);
    if (!*out) stop_logging(*out, path, "cannot open");
    const auto start = start_;
    return [out, path, start, game = std::move(game)](const Player& player, bool outgoing,
                                                      const std::string& line) {
        if (!out->is_open()) return;
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        char stamp[32];
        std::snprintf(stamp, sizeof stamp, "%10.3f", seconds);
        errno = 0;
        *out << stamp << " game " << game->load() << " pid " << player.pid()
             << (outgoing ? " > " : " < ") << line << '\n'
             << std::flush;
        if (!*out) stop_logging(*out, path, "cannot write");
    };
}

void TrafficLog::stop_logging(std::ofstream& out, const std::string& path, const char* what) {
    const int error = errno;
    // One write of the whole line: worker threads share stderr.
    const std::string line = "branan-match: --log: " + std::string(what) + " " +
                             branan::quoted(path) + errno_reason(error) +
                             ": that engine's log stops here, the match goes on\n";
    std::cerr << line << std::flush;
    out.close();
}

}  // namespace branan::match
