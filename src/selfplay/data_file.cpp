// SPDX-License-Identifier: GPL-3.0-or-later
#include "selfplay/data_file.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace branan::selfplay {
namespace {

// More than the longest header (two texts of at most 65535 bytes each and the fixed fields).
constexpr size_t kLongestHeader = 8 + 2 * (2 + 65535);

std::string read_bytes(std::ifstream& in, size_t offset, size_t count) {
    std::string bytes(count, '\0');
    in.seekg(static_cast<std::streamoff>(offset));
    in.read(bytes.data(), static_cast<std::streamsize>(count));
    bytes.resize(static_cast<size_t>(in.gcount()));
    return bytes;
}

Expected<FileContents> inspect_stream(const std::string& path, std::ifstream& in) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) return Error{path + ": " + ec.message()};
    FileContents contents;
    auto header = decode_header(read_bytes(in, 0, std::min<size_t>(size, kLongestHeader)),
                                contents.header_bytes);
    if (!header) return Error{path + ": " + header.error()};
    contents.header = *header;
    const size_t data = size - contents.header_bytes, each = record_size(*header);
    contents.records = data / each;
    contents.trailing_bytes = data % each;
    return contents;
}

Expected<Record> record_at(std::ifstream& in, const FileContents& contents, uint64_t index) {
    const size_t each = record_size(contents.header);
    const std::string bytes = read_bytes(in, contents.header_bytes + index * each, each);
    if (bytes.size() != each) return Error{"record " + std::to_string(index) + " cannot be read"};
    auto record = decode_record(contents.header, bytes, 0);
    if (!record) return Error{"record " + std::to_string(index) + ": " + record.error()};
    return record;
}

}  // namespace

Expected<FileContents> inspect_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error{path + ": cannot be opened for reading"};
    return inspect_stream(path, in);
}

Expected<FileContents> read_records(const std::string& path,
                                    const std::function<void(const Record&)>& visit) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error{path + ": cannot be opened for reading"};
    auto contents = inspect_stream(path, in);
    if (!contents) return contents;
    for (uint64_t i = 0; i < contents->records; ++i) {
        auto record = record_at(in, *contents, i);
        if (!record) return Error{path + ": " + record.error()};
        visit(*record);
    }
    return contents;
}

DataWriter::DataWriter(const std::string& path, FileHeader header)
    : header_(std::move(header)), out_(path, std::ios::binary | std::ios::app) {}

Expected<DataWriter> DataWriter::open(const std::string& path, const FileHeader& header,
                                      std::vector<std::string>& warnings) {
    std::error_code ec;
    const bool fresh =
        !std::filesystem::exists(path, ec) || std::filesystem::file_size(path, ec) == 0;
    uint32_t next_game = 0;
    uint64_t kept = 0;
    if (!fresh) {
        std::ifstream in(path, std::ios::binary);
        if (!in) return Error{path + ": cannot be opened for reading"};
        auto contents = inspect_stream(path, in);
        if (!contents) return Error{contents.error()};
        if (contents->header.rules != header.rules)
            return Error{path + " holds games of other rules ('" + contents->header.rules +
                         "'): write to another file"};
        if (!(contents->header == header))
            return Error{path + " was made with other settings ('" + contents->header.settings +
                         "', now '" + header.settings + "'): give the same ones or another file"};
        if (contents->trailing_bytes)
            warnings.push_back(path + ": dropped " + std::to_string(contents->trailing_bytes) +
                               " bytes of a record cut short at the end");
        // Back from the end to the last record of a finished game.
        kept = contents->records;
        while (kept > 0) {
            auto record = record_at(in, *contents, kept - 1);
            if (!record) return Error{path + ": " + record.error()};
            if (record->last_of_game) {
                next_game = record->game + 1;
                break;
            }
            --kept;
        }
        if (kept < contents->records)
            warnings.push_back(path + ": dropped " + std::to_string(contents->records - kept) +
                               " records of a game that was not finished");
        in.close();
        std::filesystem::resize_file(path, contents->header_bytes + kept * record_size(header), ec);
        if (ec) return Error{path + ": cannot be cut to its whole games: " + ec.message()};
    }
    DataWriter writer(path, header);
    if (!writer.out_) return Error{path + ": cannot be opened for writing"};
    if (fresh) {
        writer.out_ << encode_header(header);
        writer.out_.flush();
        if (!writer.out_) return Error{path + ": cannot write the header"};
    }
    writer.next_game_ = next_game;
    writer.records_before_ = kept;
    return writer;
}

bool DataWriter::write_game(const std::vector<Record>& records) {
    std::string bytes;
    for (const Record& r : records) encode_record(header_, r, bytes);
    out_.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out_.flush();
    return static_cast<bool>(out_);
}

}  // namespace branan::selfplay
