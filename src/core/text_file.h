// SPDX-License-Identifier: GPL-3.0-or-later
// Text files read by the command-line tools (positions, openings, games, weights), with the
// bounds protocol input has: a directory or a file that cannot be opened is an error naming it,
// and a line longer than kMaxLineBytes is refused with the file and line named, the line itself
// neither echoed nor held whole. And files written whole or not at all (write_file_atomically).
#pragma once

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>
#include <string_view>
#include <system_error>

#include "core/line_reader.h"
#include "core/text.h"

namespace branan {

// Opens `path` for reading into `in`; on failure an error "cannot open [<what> ]'<path>'" (with
// ": it is a directory" for one), else empty.
inline std::string open_text_file(const std::string& path, std::ifstream& in,
                                  const std::string& what = "") {
    const std::string name =
        "cannot open " + (what.empty() ? "" : what + " ") + branan::quoted(path);
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return name + ": it is a directory";
    in.open(path, std::ios::binary);
    if (!in) return name;
    return {};
}

// "1 MiB", "4096 bytes": a size limit as people read it.
inline std::string limit_text(size_t limit) {
    return limit % (size_t(1) << 20) == 0 ? std::to_string(limit >> 20) + " MiB"
                                          : std::to_string(limit) + " bytes";
}

// "longer than 1 MiB": what a line over `limit` is told (the line itself is not echoed).
inline std::string too_long_text(size_t limit = kMaxLineBytes) {
    return "longer than " + limit_text(limit);
}

// Writes `parts`, one after another, to `path` + ".tmp" and renames that to `path`, so that
// `path` is never seen half written (a checkpoint, a table file). The error ("cannot write
// <what>'<path>.tmp'", or the rename's), else empty.
inline std::string write_file_atomically(const std::string& path,
                                         std::initializer_list<std::string_view> parts,
                                         const std::string& what = "") {
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        for (std::string_view part : parts)
            out.write(part.data(), static_cast<std::streamsize>(part.size()));
        out.close();
        if (!out) return "cannot write " + (what.empty() ? "" : what + " ") + branan::quoted(tmp);
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec)
        return "cannot rename " + branan::quoted(tmp) + " to " + branan::quoted(path) + ": " +
               ec.message();
    return {};
}

// " (<the system's text for errno value `error`>)", or empty for 0: the reason a failed write or
// open gives in a message.
inline std::string errno_reason(int error) {
    return error ? " (" + std::generic_category().message(error) + ")" : std::string();
}

// How an input is named in errors: "standard input" for "-", else the path in quotes.
inline std::string input_name(const std::string& path) {
    return path == "-" ? "standard input" : branan::quoted(path);
}

// "'<path>' line N: longer than 1 MiB (read no further)": the error of a TooLong line of an
// input read a line at a time ("standard input" for "-").
inline std::string too_long_line_error(const std::string& path, size_t number) {
    return input_name(path) + " line " + std::to_string(number) + ": " + too_long_text() +
           " (read no further)";
}

// read_line, counting the lines read in `number`. A TooLong line is emptied and not read to its
// end: the caller reports "line N: " + too_long_text() and reads no further.
inline LineRead read_counted_line(std::istream& in, std::string& line, size_t& number,
                                  size_t limit = kMaxLineBytes) {
    const LineRead r = read_line(in, line, limit, false);
    if (r == LineRead::End) return r;
    ++number;
    if (r == LineRead::TooLong) line.clear();
    return r;
}

// The whole of a small file (weights, a game): at most `limit` bytes, else an error naming the
// file and the limit. Refuses directories as open_text_file does.
inline std::string read_small_file(const std::string& path, std::string& text,
                                   const std::string& what, size_t limit = kMaxLineBytes) {
    std::ifstream in;
    if (std::string error = open_text_file(path, in, what); !error.empty()) return error;
    text.clear();
    char chunk[65536];
    while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
        text.append(chunk, static_cast<size_t>(in.gcount()));
        if (text.size() > limit)
            return (what.empty() ? "" : what + " ") + branan::quoted(path) + " is larger than " +
                   limit_text(limit);
    }
    if (in.bad()) return "cannot read " + (what.empty() ? "" : what + " ") + branan::quoted(path);
    return {};
}

// The number (from 1) of the first line of `text` longer than `limit` (its '\r\n' or '\n' not
// counted), or 0 when there is none.
inline size_t first_long_line(std::string_view text, size_t limit = kMaxLineBytes) {
    size_t number = 0;
    for (size_t at = 0; at < text.size();) {
        ++number;
        size_t end = text.find('\n', at);
        if (end == std::string_view::npos) end = text.size();
        size_t length = end - at;
        if (length > 0 && text[end - 1] == '\r') --length;
        if (length > limit) return number;
        at = end + 1;
    }
    return 0;
}

}  // namespace branan
