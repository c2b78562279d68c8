// SPDX-License-Identifier: GPL-3.0-or-later
#include "nnue/network.h"

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstring>
#include <filesystem>

#include "core/text.h"
#include "core/text_file.h"

namespace branan::nnue {

namespace {

// Little-endian writing and reading of the file's fields.
template <class T>
void put(std::string& out, T value) {
    using U = std::make_unsigned_t<T>;
    const U u = static_cast<U>(value);
    for (size_t i = 0; i < sizeof(T); ++i) out.push_back(static_cast<char>((u >> (8 * i)) & 0xFF));
}

template <class T>
void put_all(std::string& out, const std::vector<T>& values) {
    for (T v : values) put(out, v);
}

class Reader {
  public:
    explicit Reader(const std::string& bytes) : bytes_(bytes) {}
    template <class T>
    bool get(T& value) {
        using U = std::make_unsigned_t<T>;
        if (bytes_.size() - pos_ < sizeof(T)) return false;
        U u = 0;
        for (size_t i = 0; i < sizeof(T); ++i)
            u |= static_cast<U>(static_cast<U>(static_cast<unsigned char>(bytes_[pos_ + i]))
                                << (8 * i));
        pos_ += sizeof(T);
        value = static_cast<T>(u);
        return true;
    }
    template <class T>
    bool get_all(std::vector<T>& values) {
        for (T& v : values)
            if (!get(v)) return false;
        return true;
    }
    bool get_text(std::string& text, size_t length) {
        if (bytes_.size() - pos_ < length) return false;
        text = bytes_.substr(pos_, length);
        pos_ += length;
        return true;
    }
    size_t pos() const { return pos_; }

  private:
    const std::string& bytes_;
    size_t pos_ = 0;
};

// The feature weights reordered between the file's [2][features][H] and the network's
// [features][2][H] (ToFile: from the network's to the file's).
template <bool ToFile>
std::vector<int16_t> reorder_feature_weights(const std::vector<int16_t>& w, int features,
                                             int width) {
    const size_t h = static_cast<size_t>(width), n = static_cast<size_t>(features);
    assert(w.size() == 2 * n * h);  // size_arrays' size
    std::vector<int16_t> out(w.size());
    for (size_t p = 0; p < 2; ++p)
        for (size_t f = 0; f < n; ++f) {
            const size_t file = (p * n + f) * h, memory = (f * 2 + p) * h;
            const auto from = w.begin() + static_cast<std::ptrdiff_t>(ToFile ? memory : file);
            std::copy(from, from + static_cast<std::ptrdiff_t>(h),
                      out.begin() + static_cast<std::ptrdiff_t>(ToFile ? file : memory));
        }
    return out;
}

}  // namespace

void size_arrays(Network& net) {
    const size_t h = static_cast<size_t>(net.width);
    net.ft_bias.assign(2 * h, 0);
    net.ft_weights.assign(2 * static_cast<size_t>(net.features()) * h, 0);
    net.l1_bias.assign(static_cast<size_t>(net.hidden), 0);
    net.l1_weights.assign(static_cast<size_t>(net.hidden) * 2 * h, 0);
    net.out_weights.assign(static_cast<size_t>(net.hidden), 0);
}

uint32_t checksum(const char* bytes, size_t length) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < length; ++i) {
        h ^= static_cast<unsigned char>(bytes[i]);
        h *= 16777619u;
    }
    return h;
}

std::string serialize(const Network& net) {
    std::string out(kMagic, kMagic + 4);
    put<uint16_t>(out, kFormatVersion);
    put<uint8_t>(out, static_cast<uint8_t>(net.board_size));
    put<uint8_t>(out, kPieceTypes);
    put<uint16_t>(out, static_cast<uint16_t>(net.width));
    put<uint16_t>(out, static_cast<uint16_t>(net.hidden));
    put<uint16_t>(out, static_cast<uint16_t>(net.output_scale));
    put<uint16_t>(out, static_cast<uint16_t>(net.description.size()));
    assert(out.size() == kHeaderBytes);
    out += net.description;
    put_all(out, net.ft_bias);
    put_all(out, reorder_feature_weights<true>(net.ft_weights, net.features(), net.width));
    put_all(out, net.l1_bias);
    put_all(out, net.l1_weights);
    put<int32_t>(out, net.out_bias);
    put_all(out, net.out_weights);
    put<uint32_t>(out, checksum(out.data(), out.size()));
    return out;
}

Expected<Network> parse(const std::string& bytes) {
    auto fail = [](const std::string& what) { return Error{"net file: " + what}; };
    if (bytes.size() < 4 || !std::equal(kMagic, kMagic + 4, bytes.begin()))
        return fail("not a Branan net file (no 'BRNN' at its start)");
    Reader in(bytes);
    std::string magic;
    in.get_text(magic, 4);
    uint16_t version = 0, width = 0, hidden = 0, scale = 0, description = 0;
    uint8_t size = 0, pieces = 0;
    if (!in.get(version) || !in.get(size) || !in.get(pieces) || !in.get(width) || !in.get(hidden) ||
        !in.get(scale) || !in.get(description))
        return fail("the header is cut short");
    if (version != kFormatVersion)
        return fail("format version " + std::to_string(version) + ", this build reads " +
                    std::to_string(kFormatVersion));
    if (size < kMinBoard || size > kMaxBoard)
        return fail("board size " + std::to_string(size) + " is not from " +
                    std::to_string(kMinBoard) + " to " + std::to_string(kMaxBoard));
    if (pieces != kPieceTypes)
        return fail(std::to_string(pieces) + " piece types, this build knows " +
                    std::to_string(kPieceTypes));
    if (width < kWidthStep || width > kMaxWidth || width % kWidthStep != 0 || hidden < 1 ||
        hidden > kMaxHidden || scale < 1)
        return fail("dimensions out of range (width " + std::to_string(width) + ", a multiple of " +
                    std::to_string(kWidthStep) + " up to " + std::to_string(kMaxWidth) +
                    "; hidden " + std::to_string(hidden) + ", 1 to " + std::to_string(kMaxHidden) +
                    "; output scale " + std::to_string(scale) + ")");
    Network net;
    net.board_size = size;
    net.width = width;
    net.hidden = hidden;
    net.output_scale = scale;
    if (description > kMaxDescription || !in.get_text(net.description, description))
        return fail("the description is cut short or too long");
    size_arrays(net);
    if (!in.get_all(net.ft_bias) || !in.get_all(net.ft_weights) || !in.get_all(net.l1_bias) ||
        !in.get_all(net.l1_weights) || !in.get(net.out_bias) || !in.get_all(net.out_weights))
        return fail("the weights are cut short (" + std::to_string(bytes.size()) + " bytes for a " +
                    std::to_string(size) + "x" + std::to_string(size) + " net of width " +
                    std::to_string(width) + ")");
    const size_t body = in.pos();
    uint32_t stored = 0;
    if (!in.get(stored)) return fail("the checksum is missing (the file is cut short)");
    if (in.pos() != bytes.size())
        return fail(std::to_string(bytes.size() - in.pos()) + " bytes after the checksum");
    if (stored != checksum(bytes.data(), body)) return fail("checksum mismatch (a damaged file)");
    net.checksum = stored;
    net.ft_weights = reorder_feature_weights<false>(net.ft_weights, net.features(), net.width);
    return net;
}

Expected<Network> load_file(const std::string& path) {
    std::error_code ec;
    const std::filesystem::file_status status = std::filesystem::status(path, ec);
    if (std::filesystem::exists(status) && !std::filesystem::is_directory(status) &&
        !std::filesystem::is_regular_file(status))
        return Error{"cannot open net file " + branan::quoted(path) + ": it is not a regular file"};
    std::string bytes;
    if (std::string e = read_small_file(path, bytes, "net file", kMaxFileBytes); !e.empty())
        return Error{e};
    auto net = parse(bytes);
    if (!net) return Error{branan::quoted(path) + ": " + net.error()};
    return net;
}

}  // namespace branan::nnue
