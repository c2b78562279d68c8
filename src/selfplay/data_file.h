// SPDX-License-Identifier: GPL-3.0-or-later
// Self-play data files on disk: opening one to append to (resuming an interrupted run), and
// reading one back. A run writes whole games at a time, so an interruption leaves at worst a
// record cut short and the records of one unfinished game at the end: both are found and
// dropped, with a warning, before the run goes on.
#pragma once

#include <cstdint>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "core/expected.h"
#include "selfplay/record_format.h"

namespace branan::selfplay {

// The records of a file as it stands: its header, the length of its whole records and whether
// bytes of a cut record follow them.
struct FileContents {
    FileHeader header;
    size_t header_bytes = 0;
    uint64_t records = 0;
    size_t trailing_bytes = 0;  // bytes of a record cut short at the end
};

// Reads the header and counts the records of `path`; the error names the file and the problem.
Expected<FileContents> inspect_file(const std::string& path);

// Calls `visit` with each whole record of `path` in order (the file is not changed); stops at
// the first record that does not decode, with an error naming it.
Expected<FileContents> read_records(const std::string& path,
                                    const std::function<void(const Record&)>& visit);

class DataWriter {
  public:
    // Opens `path` for `header`: a new file gets the header; an existing one must have the same
    // header (rules and settings), loses a cut record and an unfinished game at its end (each
    // said in `warnings`), and is appended to. `next_game` is then the first game to play.
    static Expected<DataWriter> open(const std::string& path, const FileHeader& header,
                                     std::vector<std::string>& warnings);

    uint32_t next_game() const { return next_game_; }
    uint64_t records_before() const { return records_before_; }
    // Appends one game's records and flushes them; false when the write failed.
    bool write_game(const std::vector<Record>& records);

  private:
    DataWriter(const std::string& path, FileHeader header);
    FileHeader header_;
    std::ofstream out_;
    uint32_t next_game_ = 0;
    uint64_t records_before_ = 0;
};

}  // namespace branan::selfplay
