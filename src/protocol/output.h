// SPDX-License-Identifier: GPL-3.0-or-later
// Output: whole lines to the protocol peer, written under a lock and flushed, so that lines from
// the search thread and the command thread never interleave. An optional log file receives
// every line in and out; a log that cannot be written (a full disk) is closed with one line on
// stderr, and the session goes on without it.
#pragma once

#include <cerrno>
#include <fstream>
#include <iostream>
#include <mutex>
#include <string>

#include "core/text.h"
#include "core/text_file.h"

namespace branan {

class Output {
  public:
    explicit Output(std::ostream& out = std::cout) : out_(out) {}

    // Opens (appends to) a log file; returns false if it cannot be opened.
    bool open_log(const std::string& path) {
        std::lock_guard lock(mutex_);
        log_.open(path, std::ios::app);
        log_path_ = path;
        return log_.is_open();
    }

    void line(const std::string& text) {
        std::lock_guard lock(mutex_);
        out_ << text << '\n';
        out_.flush();
        log("> ", text);
    }

    // Records a line received from the peer in the log.
    void received(const std::string& text) {
        std::lock_guard lock(mutex_);
        log("< ", text);
    }

  private:
    // Appends `mark` and `text` to the log, if open (the lock held); a failed write closes it.
    void log(const char* mark, const std::string& text) {
        if (!log_.is_open()) return;
        errno = 0;
        log_ << mark << text << std::endl;
        if (log_) return;
        const int error = errno;
        std::cerr << "branan: cannot write log file " + branan::quoted(log_path_) +
                         errno_reason(error) + ": the log stops here, the session goes on\n"
                  << std::flush;
        log_.close();
    }

    std::ostream& out_;
    std::ofstream log_;
    std::string log_path_;
    std::mutex mutex_;
};

}  // namespace branan
