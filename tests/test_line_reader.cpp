// SPDX-License-Identifier: GPL-3.0-or-later
// Protocol input lines: bounded reading (core/line_reader.h).
#include <sstream>
#include <string>
#include <vector>

#include "catch.h"
#include "core/line_reader.h"

using namespace branan;

namespace {

struct Read {
    LineRead status;
    std::string line;
};

std::vector<Read> read_all(const std::string& input, size_t limit) {
    std::istringstream in(input);
    std::vector<Read> out;
    std::string line;
    for (LineRead r; (r = read_line(in, line, limit)) != LineRead::End;) out.push_back({r, line});
    return out;
}

}  // namespace

TEST_CASE("read_line: lines and a trailing CR and a last line without a newline and blank lines",
          "[protocol]") {
    const auto got = read_all("uti\r\n\nisready\n  go depth 3  \nquit", 100);
    REQUIRE(got.size() == 5);
    const std::vector<std::string> want = {"uti", "", "isready", "  go depth 3  ", "quit"};
    for (size_t i = 0; i < want.size(); ++i) {
        CHECK(got[i].status == LineRead::Line);
        CHECK(got[i].line == want[i]);
    }
    CHECK(read_all("", 100).empty());
    CHECK(read_all("\n", 100).size() == 1);
}

TEST_CASE("read_line: lengths around the 4096-byte chunks and the limit", "[protocol]") {
    const size_t limit = 10000;
    for (size_t n : {4094u, 4095u, 4096u, 4097u, 8190u, 8191u, 8192u, 9999u, 10000u}) {
        INFO(n << " bytes");
        const std::string text(n, 'x');
        const auto got = read_all(text + "\nisready\n", limit);
        REQUIRE(got.size() == 2);
        CHECK(got[0].status == LineRead::Line);
        CHECK(got[0].line == text);
        CHECK(got[1].line == "isready");
        const auto last = read_all(text, limit);  // no final '\n'
        REQUIRE(last.size() == 1);
        CHECK(last[0].line == text);
    }
    for (size_t n : {10001u, 12288u, 100000u}) {
        INFO(n << " bytes");
        const auto got = read_all(std::string(n, 'y') + "\r\nisready\n", limit);
        REQUIRE(got.size() == 2);
        CHECK(got[0].status == LineRead::TooLong);
        CHECK(got[0].line == std::string(limit, 'y'));  // no more than the limit is held
        CHECK(got[1].status == LineRead::Line);
        CHECK(got[1].line == "isready");
    }
}

TEST_CASE("read_line: NUL bytes are kept as bytes of the line", "[protocol]") {
    const std::string text("go\0depth", 8);
    const auto got = read_all(text + "\n", 100);
    REQUIRE(got.size() == 1);
    CHECK(got[0].line == text);
}

TEST_CASE("read_line: the line end is not counted (CR LF included)", "[protocol]") {
    const size_t limit = 10000;
    // Regression: a line of exactly the limit ending in "\r\n" was refused as too long.
    auto got = read_all(std::string(limit, 'x') + "\r\nisready\n", limit);
    REQUIRE(got.size() == 2);
    CHECK(got[0].status == LineRead::Line);
    CHECK(got[0].line == std::string(limit, 'x'));
    // One byte more before the "\r\n" is too long; a '\r' inside the line counts.
    got = read_all(std::string(limit, 'x') + "y\r\nisready\n", limit);
    REQUIRE(got.size() == 2);
    CHECK(got[0].status == LineRead::TooLong);
    got = read_all(std::string(limit, 'x') + "\r\r\n", limit);
    REQUIRE(got.size() == 1);
    CHECK(got[0].status == LineRead::TooLong);
}

TEST_CASE("read_line without draining stops at the limit (a file without end)", "[protocol]") {
    std::istringstream in(std::string(3 * 4096, 'z') + "\nnext\n");
    std::string line;
    CHECK(read_line(in, line, 4096, false) == LineRead::TooLong);
    CHECK(line == std::string(4096, 'z'));
    // The rest of the long line is still in the stream: it was not read to its end.
    CHECK(read_line(in, line, 100000) == LineRead::Line);
    CHECK(line.size() > 0);
    CHECK(line.size() < 2 * 4096);
}
