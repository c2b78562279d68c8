// SPDX-License-Identifier: GPL-3.0-or-later
#include "tablebase/slice_file.h"

#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/rules_string.h"
#include "core/text.h"
#include "core/text_file.h"

namespace branan::tablebase {
namespace {

constexpr const char* kTag = "branan-tablebase";

std::string hex32(uint32_t v) {
    char text[9];
    std::snprintf(text, sizeof text, "%08x", v);
    return text;
}

uint32_t crc_of(const std::string& bytes) {
    return static_cast<uint32_t>(
        crc32(0L, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
}

// Reads one header line "<key> <rest>" into `rest`; false when the line is not there.
bool header_line(std::istream& in, const std::string& key, std::string& rest) {
    std::string line;
    if (!std::getline(in, line) || line.size() > 100000) return false;
    if (line.rfind(key + " ", 0) != 0) return false;
    rest = line.substr(key.size() + 1);
    return true;
}

}  // namespace

std::string slice_path(const std::string& dir, Material m) {
    return (std::filesystem::path(dir) / (material_name(m) + kFileExtension)).string();
}

std::string write_slice(const std::string& path, const Rules& rules, Material m,
                        const std::vector<Value>& values) {
    const bool narrow = std::all_of(values.begin(), values.end(), [](Value v) { return v < 256; });
    std::string raw;
    raw.reserve(values.size() * (narrow ? 1 : 2));
    for (Value v : values) {
        raw.push_back(static_cast<char>(v & 0xff));
        if (!narrow) raw.push_back(static_cast<char>(v >> 8));
    }
    uLongf bound = compressBound(static_cast<uLong>(raw.size()));
    std::string body(bound, '\0');
    if (compress2(reinterpret_cast<Bytef*>(body.data()), &bound,
                  reinterpret_cast<const Bytef*>(raw.data()), static_cast<uLong>(raw.size()),
                  6) != Z_OK)
        return "cannot compress " + branan::quoted(path);
    body.resize(bound);
    std::ostringstream header;
    header << kTag << " " << kFormatVersion << "\n"
           << "rules " << write_rules_string(rules) << "\n"
           << "material " << m.attackers << " " << m.defenders << "\n"
           << "entries " << values.size() << " width " << (narrow ? 1 : 2) << "\n"
           << "body " << body.size() << " crc32 " << hex32(crc_of(body)) << "\n";
    return write_file_atomically(path, {header.str(), body});
}

namespace {

// The header fields and the body of `path`; `width` and `crc` as the header gives them.
struct RawSlice {
    SliceHeader header;
    int width = 0;
    std::string body;
};

std::string read_raw(const std::string& path, RawSlice& raw, bool with_body) {
    const std::string name = "tablebase file " + branan::quoted(path) + ": ";
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        return "cannot open tablebase file " + branan::quoted(path);
    std::ifstream in(path, std::ios::binary);
    if (!in) return "cannot open tablebase file " + branan::quoted(path);
    std::string rest;
    if (!header_line(in, kTag, rest)) return name + "not a Branan tablebase file";
    if (rest != std::to_string(kFormatVersion))
        return name + "format version " + rest + ", this Branan reads version " +
               std::to_string(kFormatVersion);
    if (!header_line(in, "rules", raw.header.rules)) return name + "no 'rules' line";
    std::string material, entries, body;
    if (!header_line(in, "material", material)) return name + "no 'material' line";
    if (!header_line(in, "entries", entries)) return name + "no 'entries' line";
    if (!header_line(in, "body", body)) return name + "no 'body' line";
    std::istringstream ms(material), es(entries), bs(body);
    std::string width_word, crc_word, crc_text, extra;
    uint64_t body_bytes = 0;
    if (!(ms >> raw.header.material.attackers >> raw.header.material.defenders) || (ms >> extra) ||
        raw.header.material.attackers < 0 || raw.header.material.defenders < 0 ||
        raw.header.material.pieces() > 12)
        return name + "bad 'material' line";
    if (!(es >> raw.header.entries >> width_word >> raw.width) || width_word != "width" ||
        (raw.width != 1 && raw.width != 2) || (es >> extra))
        return name + "bad 'entries' line";
    if (!(bs >> body_bytes >> crc_word >> crc_text) || crc_word != "crc32" ||
        crc_text.size() != 8 || (bs >> extra))
        return name + "bad 'body' line";
    if (!with_body) return {};
    const auto start = in.tellg();
    in.seekg(0, std::ios::end);
    const auto left = static_cast<uint64_t>(in.tellg() - start);
    if (left != body_bytes)
        return name + "the body is " + std::to_string(left) + " bytes, the header says " +
               std::to_string(body_bytes) + " (cut short or extended)";
    in.seekg(start);
    raw.body.resize(body_bytes);
    in.read(raw.body.data(), static_cast<std::streamsize>(body_bytes));
    if (!in) return name + "cannot read the body";
    if (hex32(crc_of(raw.body)) != crc_text)
        return name + "checksum mismatch (the file is corrupt)";
    return {};
}

}  // namespace

std::string read_slice_header(const std::string& path, SliceHeader& header) {
    RawSlice raw;
    if (std::string error = read_raw(path, raw, false); !error.empty()) return error;
    header = raw.header;
    return {};
}

std::string read_slice(const std::string& path, const Rules& rules, Material m, uint64_t entries,
                       std::vector<Value>& values) {
    values.clear();
    const std::string name = "tablebase file " + branan::quoted(path) + ": ";
    RawSlice raw;
    if (std::string error = read_raw(path, raw, true); !error.empty()) return error;
    if (raw.header.rules != write_rules_string(rules))
        return name + "built for other rules (" + raw.header.rules + ")";
    if (raw.header.material != m)
        return name + "holds material " + material_name(raw.header.material) + ", not " +
               material_name(m);
    if (raw.header.entries != entries)
        return name + std::to_string(raw.header.entries) + " entries where the index has " +
               std::to_string(entries);
    std::string bytes(entries * static_cast<uint64_t>(raw.width), '\0');
    uLongf size = static_cast<uLongf>(bytes.size());
    if (uncompress(reinterpret_cast<Bytef*>(bytes.data()), &size,
                   reinterpret_cast<const Bytef*>(raw.body.data()),
                   static_cast<uLong>(raw.body.size())) != Z_OK ||
        size != bytes.size())
        return name + "the body does not inflate to its entries (the file is corrupt)";
    values.resize(entries);
    for (uint64_t i = 0; i < entries; ++i) {
        const auto lo = static_cast<unsigned char>(bytes[i * raw.width]);
        const unsigned hi = raw.width == 2 ? static_cast<unsigned char>(bytes[i * 2 + 1]) : 0u;
        values[i] = static_cast<Value>(lo | hi << 8);
    }
    return {};
}

}  // namespace branan::tablebase
