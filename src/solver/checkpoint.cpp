// SPDX-License-Identifier: GPL-3.0-or-later
#include "solver/checkpoint.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "core/rules_string.h"
#include "core/text.h"
#include "core/text_file.h"

namespace branan::solver {
namespace {

constexpr const char* kTag = "branan-solve-checkpoint";
constexpr int kVersion = 2;
constexpr int kOldestVersion = 1;  // no table_unguided byte: read as 0

uint64_t fnv1a64(const std::string& bytes) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    return h;
}

void put_u64(std::string& out, uint64_t v) {
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}
void put_u32(std::string& out, uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}
void put_string(std::string& out, const std::string& s) {
    put_u64(out, s.size());
    out += s;
}

// Reads the body in order; the first read past its end sets `short_`.
struct BodyReader {
    const std::string& body;
    size_t at = 0;
    bool short_ = false;
    uint64_t bytes(size_t n) {
        if (short_ || body.size() - at < n) {
            short_ = true;
            return 0;
        }
        uint64_t v = 0;
        for (size_t i = 0; i < n; ++i)
            v |= static_cast<uint64_t>(static_cast<unsigned char>(body[at + i])) << (8 * i);
        at += n;
        return v;
    }
    uint64_t u64() { return bytes(8); }
    uint32_t u32() { return static_cast<uint32_t>(bytes(4)); }
    std::string str() {
        const uint64_t n = u64();
        if (short_ || body.size() - at < n) {
            short_ = true;
            return {};
        }
        std::string s = body.substr(at, n);
        at += n;
        return s;
    }
};

std::string hex64(uint64_t v) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

}  // namespace

std::string save_checkpoint(const std::string& path, const Rules& rules, const ProofTable& table,
                            const Checkpoint& cp) {
    std::string body;
    put_u64(body, cp.answers.size());
    for (const auto& a : cp.answers) {
        put_string(body, a.input);
        put_string(body, a.json);
        put_string(body, a.proof);
    }
    put_string(body, cp.table_input);
    put_u64(body, cp.table_nodes);
    body.push_back(static_cast<char>(cp.table_unguided));
    uint64_t entries = 0;
    table.for_each([&](uint64_t, ProofNumbers, uint32_t) { ++entries; });
    put_u64(body, entries);
    table.for_each([&](uint64_t key, ProofNumbers n, uint32_t work) {
        put_u64(body, key);
        put_u32(body, n.pn);
        put_u32(body, n.dn);
        put_u32(body, work);
    });
    std::ostringstream header;
    header << kTag << " " << kVersion << "\n"
           << "rules " << write_rules_string(rules) << "\n"
           << "table " << table.capacity() << "\n"
           << "body " << body.size() << " fnv1a64 " << hex64(fnv1a64(body)) << "\n";
    return write_file_atomically(path, {header.str(), body}, "checkpoint");
}

std::string load_checkpoint(const std::string& path, const Rules& rules, ProofTable& table,
                            Checkpoint& cp) {
    cp = Checkpoint{};
    table.clear();
    std::ifstream in;
    if (std::string error = open_text_file(path, in, "checkpoint"); !error.empty()) return error;
    const std::string where = "checkpoint " + branan::quoted(path) + ": ";
    // The header's four lines, each ended by a newline: a file that ends before one is cut short.
    std::string line;
    int line_number = 0;
    const auto next_line = [&] {
        ++line_number;
        return std::getline(in, line) && !in.eof();
    };
    const auto cut_short = [&] {
        return where + "cut short in its header (line " + std::to_string(line_number) +
               " of 4 has no end)";
    };
    const bool first_whole = next_line();
    if (!first_whole && line.empty()) return where + "the file is empty";
    const std::string tag_text = kTag;
    if (!first_whole && (tag_text.rfind(line, 0) == 0 || line.rfind(tag_text, 0) == 0))
        return cut_short();
    int version = 0;
    {
        std::istringstream f(line);
        std::string tag;
        if (!(f >> tag) || tag != kTag)
            return where + "not a branan solve checkpoint (no " + branan::quoted(kTag) + " tag)";
        if (!(f >> version) || version < kOldestVersion || version > kVersion)
            return where + "format version " + branan::quoted(line.substr(tag.size())) +
                   " (this build reads " + std::to_string(kOldestVersion) + " to " +
                   std::to_string(kVersion) + ")";
    }
    if (!next_line()) return cut_short();
    const std::string ours = write_rules_string(rules);
    if (line.rfind("rules ", 0) != 0) return where + "no rules line in the header";
    if (line.substr(6) != ours)
        return where + "made under other rules ('" + line.substr(6) + "', not '" + ours + "')";
    if (!next_line()) return cut_short();
    if (line != "table " + std::to_string(table.capacity()))
        return where + "made with a proof table of another size (" + branan::quoted(line) +
               ", this one has " + std::to_string(table.capacity()) +
               " entries: use the same --hash)";
    if (!next_line()) return cut_short();
    unsigned long long size = 0, sum = 0;
    char hex[17] = {};
    if (std::sscanf(line.c_str(), "body %llu fnv1a64 %16[0-9a-f]", &size, hex) != 2)
        return where + "bad body line " + branan::quoted(line);
    sum = std::strtoull(hex, nullptr, 16);
    std::string body((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (body.size() < size)
        return where + "truncated (the body has " + std::to_string(body.size()) + " of " +
               std::to_string(size) + " bytes)";
    if (body.size() > size)
        return where + std::to_string(body.size() - size) + " bytes after the body";
    if (fnv1a64(body) != sum) return where + "corrupt (the body's checksum does not match)";

    BodyReader r{body};
    Checkpoint read;
    const uint64_t answers = r.u64();
    for (uint64_t i = 0; i < answers && !r.short_; ++i) {
        Checkpoint::Answer a;
        a.input = r.str();
        a.json = r.str();
        a.proof = r.str();
        read.answers.push_back(std::move(a));
    }
    read.table_input = r.str();
    read.table_nodes = r.u64();
    if (version >= 2) read.table_unguided = static_cast<uint8_t>(r.bytes(1));
    if (read.table_unguided > 3) return where + "unknown unguided-question bits";
    const uint64_t entries = r.u64();
    if (!r.short_ && entries > table.capacity()) return where + "more entries than the table holds";
    for (uint64_t i = 0; i < entries && !r.short_; ++i) {
        const uint64_t key = r.u64();
        const uint32_t pn = r.u32(), dn = r.u32(), work = r.u32();
        if (!r.short_) table.store(key, {pn, dn}, work);
    }
    if (r.short_ || r.at != body.size()) {
        table.clear();
        return where + "malformed body";
    }
    cp = std::move(read);
    return "";
}

}  // namespace branan::solver
