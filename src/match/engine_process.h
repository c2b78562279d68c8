// SPDX-License-Identifier: GPL-3.0-or-later
// EngineProcess: one engine as a child process with its stdin and stdout on pipes. Lines are
// written with a time limit and read with a time limit (partial lines are buffered; end of file
// means the engine went away), so nothing here ever blocks forever. SIGPIPE is ignored in this
// process (once, on the first start) so that writing to a dead engine is an error, not a signal.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/line_reader.h"

namespace branan::match {

// SIGKILL to every engine process (and its process group) this program started and has not yet
// reaped, from any thread (not from a signal handler). Their owners see end of file and reap them.
void kill_all_engines();

class EngineProcess {
  public:
    // TooLong: the engine wrote more than kMaxLineBytes without a newline (its output is then
    // out of step: the caller ends the engine).
    enum class ReadResult { Line, Timeout, Eof, TooLong };
    // The longest line an engine may write, its newline and a trailing '\r' not counted (as
    // for protocol input: 1 MiB).
    static constexpr size_t kMaxLineBytes = branan::kMaxLineBytes;

    EngineProcess() = default;
    ~EngineProcess();
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    // Starts `command` (looked up in PATH when it has no '/'; a relative path is taken from the
    // current directory when the file exists there, else from `dir`) with `args`, in working
    // directory `dir` (empty: the current one). The child's stderr goes to `stderr_path`
    // (appended; empty: /dev/null). Returns false with `error` set when the program cannot be
    // started (also when exec fails, e.g. no such file). Kills a child still running first.
    bool start(const std::string& command, const std::vector<std::string>& args,
               const std::string& dir, std::string& error, const std::string& stderr_path = "");

    // Writes `text` and a newline; false when the engine is gone or does not take the line
    // within `timeout_ms`.
    bool write_line(const std::string& text, int64_t timeout_ms = 5000);

    // Reads one line (without "\n" or a trailing "\r") within `timeout_ms` (0: at most one
    // read of what is already there). At end of file an unterminated last line is returned first,
    // then Eof. The deadline holds while data keeps arriving; a line over kMaxLineBytes gives
    // TooLong (the bytes read are dropped), so memory stays bounded whatever the engine writes.
    ReadResult read_line(std::string& line, int64_t timeout_ms);

    // Whether the child still runs (reaps it when it has exited).
    bool is_alive();
    // Waits up to `timeout_ms` for the child to exit by itself; true when it has.
    bool wait_exit(int64_t timeout_ms);
    // SIGKILL to the child (and its process group), then reaps it; closes the pipes.
    void kill();

    bool started() const { return pid_ > 0; }
    pid_t pid() const { return pid_; }
    // After the child has been reaped: "exited with status N" / "killed by signal N (NAME)";
    // empty before that.
    std::string exit_description() const;

  private:
    void close_pipes();
    void reap(int status);

    pid_t pid_ = -1;
    int in_fd_ = -1;   // the child's stdin (we write)
    int out_fd_ = -1;  // the child's stdout (we read)
    bool eof_ = false;
    std::string buffer_;
    size_t scanned_ = 0;  // how much of buffer_ is known to hold no newline
    bool reaped_ = false;
    int status_ = 0;
};

}  // namespace branan::match
