// SPDX-License-Identifier: GPL-3.0-or-later
// Reading protocol input a line at a time in bounded memory: a line longer than the limit is
// read to its end and dropped, so that a runaway peer cannot make the engine hold it whole.
#pragma once

#include <algorithm>
#include <cstddef>
#include <istream>
#include <string>

namespace branan {

// Longer than any line a protocol needs (a `position` with thousands of moves is well below).
constexpr size_t kMaxLineBytes = size_t(1) << 20;

enum class LineRead { Line, TooLong, End };

// Reads the next line into `line`, without its '\n' and one trailing '\r'. TooLong: the line
// had more than `limit` bytes (its '\r\n' or '\n' not counted); it was read to its end, `line`
// holds its first `limit` bytes and no more was ever held. End: no more input (a last line
// without '\n' is still a Line). With `drain` false a TooLong line is not read to its end (for
// files, whose reader stops there: /dev/zero has no end to read to).
inline LineRead read_line(std::istream& in, std::string& line, size_t limit = kMaxLineBytes,
                          bool drain = true) {
    line.clear();
    size_t length = 0;
    bool any = false;
    char last = 0;  // the line's last byte
    char chunk[4096];
    for (;;) {
        in.getline(chunk, sizeof chunk);
        const auto count = static_cast<size_t>(in.gcount());  // with the '\n' if one was read
        const bool eof = in.eof() || in.bad();
        const bool chunk_full = !eof && in.fail() && count > 0;  // the line goes on
        const size_t stored = eof || chunk_full ? count : count - 1;
        any = any || count > 0;
        if (line.size() < limit) line.append(chunk, std::min(stored, limit - line.size()));
        length += stored;
        if (stored > 0) last = chunk[stored - 1];
        if (!chunk_full) break;
        in.clear();  // the line goes on: the stream stays good for the next read
        if (!drain && length > limit + 1) break;
    }
    if (!any) return LineRead::End;
    if (length == limit + 1 && last == '\r') return LineRead::Line;  // the '\r' is not counted
    if (length > limit) return LineRead::TooLong;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return LineRead::Line;
}

}  // namespace branan
