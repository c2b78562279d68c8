// SPDX-License-Identifier: GPL-3.0-or-later
// Helpers for the tests that run the branan-match binary against the fake engine
// (FAKE_ENGINE_BINARY, BRANAN_MATCH_BINARY and BRANAN_TEST_OUT come from the build).
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace branan::testing {

// BRANAN_TEST_TIMEOUT_SCALE (default 1) times `seconds`: the waits of these tests grow under
// the sanitizers.
inline int scaled_seconds(int seconds) {
    const char* scale = std::getenv("BRANAN_TEST_TIMEOUT_SCALE");
    const int s = scale ? std::atoi(scale) : 1;
    return seconds * (s > 0 ? s : 1);
}

// A fresh folder under the build's test output.
inline std::string fresh_folder(const std::string& name) {
    const std::string folder = std::string(BRANAN_TEST_OUT) + "/" + name;
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    return folder;
}

inline std::string read_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

inline std::vector<std::string> read_lines(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

struct Run {
    int status = -1;  // exit status; 128 + n when killed by signal n; 124: timed out
    std::string out, err;
};

// Runs `shell_command` (with `env` prepended, e.g. "X=1") under `timeout`, its output captured
// in `log_base`.out / .err.
inline Run run_command(const std::string& shell_command, const std::string& log_base,
                       int timeout_seconds = 60, const std::string& env = "") {
    const std::string command = env + (env.empty() ? "" : " ") + "timeout " +
                                std::to_string(scaled_seconds(timeout_seconds)) + " " +
                                shell_command + " > " + log_base + ".out 2> " + log_base + ".err";
    const int raw = std::system(command.c_str());
    Run r;
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
    r.out = read_text(log_base + ".out");
    r.err = read_text(log_base + ".err");
    return r;
}

// "branan-match --engine cmd=<fake> name=a arg=--seed arg=1 --engine ... name=b ... <extra>".
inline std::string fake_match(const std::string& extra, const std::string& a_args = "",
                              const std::string& b_args = "") {
    return std::string(BRANAN_MATCH_BINARY) + " --engine cmd=" + FAKE_ENGINE_BINARY +
           " name=a arg=--seed arg=1 " + a_args + " --engine cmd=" + FAKE_ENGINE_BINARY +
           " name=b arg=--seed arg=2 " + b_args + " " + extra;
}

}  // namespace branan::testing
