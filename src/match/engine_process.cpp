// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstring>
#include <mutex>
#include <set>
#include <thread>

namespace branan::match {
namespace {

using Clock = std::chrono::steady_clock;

int64_t ms_until(Clock::time_point deadline) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return std::max<int64_t>(0, left);
}

int poll_ms(int64_t ms) {
    return static_cast<int>(std::min<int64_t>(ms, INT_MAX));
}

void ignore_sigpipe_once() {
    static std::once_flag once;
    std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

bool file_exists(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0;
}

std::string current_dir() {
    std::vector<char> buf(4096);
    if (::getcwd(buf.data(), buf.size()) == nullptr) return {};
    return buf.data();
}

// Writes everything in the child between fork and exec: only async-signal-safe calls.
void child_fail(int report_fd, int err) {
    ssize_t ignored = ::write(report_fd, &err, sizeof err);
    (void)ignored;
    ::_exit(127);
}

// The children started and not yet reaped (a pid cannot be reused before it is reaped).
std::mutex& live_mutex() {
    static std::mutex m;
    return m;
}
std::set<pid_t>& live_pids() {
    static std::set<pid_t> pids;
    return pids;
}

}  // namespace

void kill_all_engines() {
    std::lock_guard lock(live_mutex());
    for (pid_t pid : live_pids()) {
        ::kill(-pid, SIGKILL);
        ::kill(pid, SIGKILL);
    }
}

EngineProcess::~EngineProcess() {
    kill();
}

bool EngineProcess::start(const std::string& command, const std::vector<std::string>& args,
                          const std::string& dir, std::string& error,
                          const std::string& stderr_path) {
    ignore_sigpipe_once();
    kill();
    buffer_.clear();
    scanned_ = 0;
    eof_ = false;
    reaped_ = false;
    status_ = 0;
    if (command.empty()) {
        error = "no engine command given";
        return false;
    }

    // A relative path with a '/' that exists from here is made absolute, since the child runs in
    // `dir`; otherwise exec resolves it in `dir` (or in PATH when it has no '/').
    std::string program = command;
    if (!dir.empty() && program.find('/') != std::string::npos && program[0] != '/' &&
        file_exists(program)) {
        const std::string cwd = current_dir();
        if (!cwd.empty()) program = cwd + "/" + program;
    }
    std::vector<std::string> argv_text;
    argv_text.push_back(program);
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : argv_text) argv.push_back(a.data());
    argv.push_back(nullptr);
    const std::string err_path = stderr_path.empty() ? std::string("/dev/null") : stderr_path;

    int to_child[2], from_child[2], report[2];
    if (::pipe2(to_child, O_CLOEXEC) != 0) {
        error = std::string("pipe: ") + std::strerror(errno);
        return false;
    }
    if (::pipe2(from_child, O_CLOEXEC) != 0) {
        error = std::string("pipe: ") + std::strerror(errno);
        ::close(to_child[0]), ::close(to_child[1]);
        return false;
    }
    if (::pipe2(report, O_CLOEXEC) != 0) {
        error = std::string("pipe: ") + std::strerror(errno);
        ::close(to_child[0]), ::close(to_child[1]), ::close(from_child[0]), ::close(from_child[1]);
        return false;
    }
    const int err_fd = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (err_fd < 0) {
        error = "cannot open '" + err_path + "': " + std::strerror(errno);
        for (int fd :
             {to_child[0], to_child[1], from_child[0], from_child[1], report[0], report[1]})
            ::close(fd);
        return false;
    }

    const pid_t pid = ::fork();
    if (pid < 0) {
        error = std::string("fork: ") + std::strerror(errno);
        for (int fd :
             {to_child[0], to_child[1], from_child[0], from_child[1], report[0], report[1], err_fd})
            ::close(fd);
        return false;
    }
    if (pid == 0) {
        // Child. Its own process group, so that kill() reaches what it starts too.
        ::setpgid(0, 0);
        ::signal(SIGPIPE, SIG_DFL);
        sigset_t none;
        sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        if (::dup2(to_child[0], STDIN_FILENO) < 0 || ::dup2(from_child[1], STDOUT_FILENO) < 0 ||
            ::dup2(err_fd, STDERR_FILENO) < 0)
            child_fail(report[1], errno);
        if (!dir.empty() && ::chdir(dir.c_str()) != 0) child_fail(report[1], errno);
        ::execvp(argv[0], argv.data());
        child_fail(report[1], errno);
    }

    ::close(to_child[0]);
    ::close(from_child[1]);
    ::close(report[1]);
    ::close(err_fd);
    pid_ = pid;
    {
        std::lock_guard lock(live_mutex());
        live_pids().insert(pid);
    }
    in_fd_ = to_child[1];
    out_fd_ = from_child[0];
    ::fcntl(in_fd_, F_SETFL, ::fcntl(in_fd_, F_GETFL) | O_NONBLOCK);

    // The report pipe closes on a successful exec; an errno arrives when it failed.
    int child_errno = 0;
    ssize_t n;
    do {
        n = ::read(report[0], &child_errno, sizeof child_errno);
    } while (n < 0 && errno == EINTR);
    ::close(report[0]);
    if (n == static_cast<ssize_t>(sizeof child_errno)) {
        error = "cannot start '" + command + "'" + (dir.empty() ? "" : " in '" + dir + "'") + ": " +
                std::strerror(child_errno);
        kill();
        return false;
    }
    return true;
}

bool EngineProcess::write_line(const std::string& text, int64_t timeout_ms) {
    if (in_fd_ < 0) return false;
    const std::string data = text + "\n";
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(in_fd_, data.data() + done, data.size() - done);
        if (n > 0) {
            done += static_cast<size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            const int64_t left = ms_until(deadline);
            if (left <= 0) return false;
            pollfd p{in_fd_, POLLOUT, 0};
            const int r = ::poll(&p, 1, poll_ms(left));
            if (r < 0 && errno != EINTR) return false;
            if (r > 0 && (p.revents & (POLLERR | POLLHUP | POLLNVAL))) return false;
            continue;
        }
        return false;  // EPIPE and friends: the engine is gone
    }
    return true;
}

EngineProcess::ReadResult EngineProcess::read_line(std::string& line, int64_t timeout_ms) {
    const auto deadline =
        Clock::now() + std::chrono::milliseconds(std::max<int64_t>(0, timeout_ms));
    auto take = [&](size_t length, size_t used) {
        line.assign(buffer_, 0, length);
        buffer_.erase(0, used);
        scanned_ = 0;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return ReadResult::Line;
    };
    bool has_read = false;
    for (;;) {
        if (const size_t nl = buffer_.find('\n', scanned_); nl != std::string::npos) {
            if (nl > kMaxLineBytes + 1 || (nl == kMaxLineBytes + 1 && buffer_[nl - 1] != '\r'))
                break;  // too long, though its end came in the same read
            return take(nl, nl + 1);
        }
        scanned_ = buffer_.size();
        if (buffer_.size() > kMaxLineBytes + 1) break;
        if (eof_ || out_fd_ < 0) {
            if (!buffer_.empty()) return take(buffer_.size(), buffer_.size());
            return ReadResult::Eof;
        }
        // Checked here too, not only when poll times out: an engine that writes without end
        // would otherwise keep this loop busy past any deadline.
        const int64_t left = ms_until(deadline);
        if (left <= 0 && has_read) return ReadResult::Timeout;
        has_read = true;
        pollfd p{out_fd_, POLLIN, 0};
        const int r = ::poll(&p, 1, poll_ms(left));
        if (r < 0) {
            if (errno == EINTR) continue;
            eof_ = true;
            continue;
        }
        if (r == 0) return ReadResult::Timeout;
        char chunk[65536];
        const ssize_t n = ::read(out_fd_, chunk, sizeof chunk);
        if (n > 0) {
            buffer_.append(chunk, static_cast<size_t>(n));
        } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
            eof_ = true;
        }
    }
    buffer_.clear();
    scanned_ = 0;
    return ReadResult::TooLong;
}

void EngineProcess::reap(int status) {
    live_pids().erase(pid_);  // under live_mutex()
    reaped_ = true;
    status_ = status;
}

bool EngineProcess::is_alive() {
    if (pid_ <= 0 || reaped_) return false;
    int status = 0;
    std::lock_guard lock(live_mutex());  // reaping and forgetting the pid go together
    const pid_t r = ::waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
        reap(status);
        return false;
    }
    if (r < 0 && errno == ECHILD) {
        reap(0);
        return false;
    }
    return true;
}

bool EngineProcess::wait_exit(int64_t timeout_ms) {
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
        if (!is_alive()) return true;
        if (Clock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

void EngineProcess::kill() {
    if (pid_ > 0 && !reaped_) {
        ::kill(-pid_, SIGKILL);  // its process group (set up in the child)
        ::kill(pid_, SIGKILL);
        int status = 0;
        pid_t r;
        std::lock_guard lock(live_mutex());
        do {
            r = ::waitpid(pid_, &status, 0);
        } while (r < 0 && errno == EINTR);
        reap(r == pid_ ? status : 0);
    }
    close_pipes();
}

void EngineProcess::close_pipes() {
    if (in_fd_ >= 0) ::close(in_fd_);
    if (out_fd_ >= 0) ::close(out_fd_);
    in_fd_ = out_fd_ = -1;
    eof_ = true;
}

std::string EngineProcess::exit_description() const {
    if (!reaped_) return {};
    if (WIFEXITED(status_)) return "exited with status " + std::to_string(WEXITSTATUS(status_));
    if (WIFSIGNALED(status_)) {
        const int sig = WTERMSIG(status_);
        const char* name = sig == SIGKILL   ? "SIGKILL"
                           : sig == SIGSEGV ? "SIGSEGV"
                           : sig == SIGABRT ? "SIGABRT"
                           : sig == SIGTERM ? "SIGTERM"
                           : sig == SIGBUS  ? "SIGBUS"
                           : sig == SIGFPE  ? "SIGFPE"
                           : sig == SIGILL  ? "SIGILL"
                           : sig == SIGPIPE ? "SIGPIPE"
                           : sig == SIGINT  ? "SIGINT"
                                            : nullptr;
        return "killed by signal " + std::to_string(sig) +
               (name ? std::string(" (") + name + ")" : "");
    }
    return "ended";
}

}  // namespace branan::match
