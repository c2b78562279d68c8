// SPDX-License-Identifier: GPL-3.0-or-later
// Output: whole lines to the protocol peer, written under a lock and flushed, so that lines from
// the search thread and the command thread never interleave. An optional log file receives
// every line in and out.
#pragma once

#include <fstream>
#include <iostream>
#include <mutex>
#include <string>

namespace branan {

class Output {
  public:
    explicit Output(std::ostream& out = std::cout) : out_(out) {}

    // Opens (appends to) a log file; returns false if it cannot be opened.
    bool open_log(const std::string& path) {
        std::lock_guard lock(mutex_);
        log_.open(path, std::ios::app);
        return log_.is_open();
    }

    void line(const std::string& text) {
        std::lock_guard lock(mutex_);
        out_ << text << '\n';
        out_.flush();
        if (log_.is_open()) log_ << "> " << text << std::endl;
    }

    // Records a line received from the peer in the log.
    void received(const std::string& text) {
        std::lock_guard lock(mutex_);
        if (log_.is_open()) log_ << "< " << text << std::endl;
    }

  private:
    std::ostream& out_;
    std::ofstream log_;
    std::mutex mutex_;
};

}  // namespace branan
