// SPDX-License-Identifier: GPL-3.0-or-later
// The learned evaluation's network (NNUE, docs/nnue.md): its integer weights, the net file
// format that holds them, and the layers after the accumulators. Inputs are (piece type,
// square) pairs: an attacker soldier, a defender soldier or the king on each square of one
// board size. Two feature transformers, one for each side's point of view, fill two int16
// accumulators; the side to move's comes first into a clipped ReLU, an int8 hidden layer and
// a scalar output in centi-soldiers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/expected.h"

namespace branan::nnue {

constexpr char kMagic[4] = {'B', 'R', 'N', 'N'};
constexpr uint16_t kFormatVersion = 1;
constexpr int kPieceTypes = 3;       // attacker soldier, defender soldier, king (types.h Piece)
constexpr int kActivationOne = 127;  // an activation of 1.0 (clipped ReLU: 0..127)
constexpr int kWeightShift = 6;      // hidden-layer weights: 1.0 is 64
constexpr int kMaxWidth = 1024;      // accumulator width a file may ask for
constexpr int kWidthStep = 16;       // the width is a multiple of it (whole vector lanes)
constexpr int kMaxHidden = 256;      // hidden-layer width a file may ask for
constexpr int kMinBoard = 5, kMaxBoard = 19;
constexpr size_t kMaxDescription = 1024;

struct Network {
    int board_size = 0;
    int width = 0;         // accumulator width per perspective (H)
    int hidden = 0;        // hidden layer width (L1)
    int output_scale = 0;  // centi-soldiers per 1.0 of output
    std::string description;
    uint32_t checksum = 0;         // the file's last field: names the net (selfplay settings)
    std::vector<int16_t> ft_bias;  // [2][H]: perspective 0 the attackers', 1 the defenders'
    // [features][2][H]: a feature's two rows side by side, as the accumulators [2][H] are, so an
    // update is one pass (the file holds them [2][features][H]; parse and serialize reorder).
    std::vector<int16_t> ft_weights;
    std::vector<int32_t> l1_bias;     // [L1], scaled by 127 * 64
    std::vector<int8_t> l1_weights;   // [L1][2H], scaled by 64
    int32_t out_bias = 0;             // scaled by 127 * 64
    std::vector<int8_t> out_weights;  // [L1], scaled by 64

    int features() const { return kPieceTypes * board_size * board_size; }
    const int16_t* bias_of(int perspective) const { return ft_bias.data() + perspective * width; }
    // Both perspectives' weights of `feature`: [2][H], the attackers' first.
    const int16_t* weights_of(int feature) const {
        return ft_weights.data() + static_cast<size_t>(feature) * 2 * width;
    }
};

// The input index of a piece of type `piece` (0..2) on square `sq` (rank * n + file).
constexpr int feature_index(int piece, int sq, int board_size) {
    return piece * board_size * board_size + sq;
}

// The sizes of `net`'s arrays from its dimensions (the parser and tests use it).
void size_arrays(Network& net);

// FNV-1a (32 bits) of `bytes`: the file's checksum.
uint32_t checksum(const char* bytes, size_t length);

// A net file's bytes: the header (magic, version, board size, dimensions, description), the
// weights, then the checksum of all bytes before it. Little-endian throughout.
std::string serialize(const Network& net);
// Reads a net file's bytes; the error names what is wrong (another format or version, a board
// size or dimension out of range, cut short, bytes left over, a checksum mismatch).
Expected<Network> parse(const std::string& bytes);
// The header's fixed fields (magic, version, board size, piece types, width, hidden width,
// output scale, description length), before the description.
constexpr size_t kHeaderBytes = 16;
// The largest net file there can be: the header, the longest description, and the weights of
// the widest network on the largest board. load_file refuses a larger file unread.
constexpr size_t kMaxFileBytes = kHeaderBytes + kMaxDescription + 2 * kMaxWidth * 2 +
                                 size_t(2) * kPieceTypes * kMaxBoard * kMaxBoard * kMaxWidth * 2 +
                                 kMaxHidden * 4 + size_t(kMaxHidden) * 2 * kMaxWidth + 4 +
                                 kMaxHidden + 4;
// Reads the net file at `path`; the error names the file. A pipe or a device is refused before
// it is opened (a pipe would block the reader, /dev/zero never end), a file is read no further
// than kMaxFileBytes (a larger one is refused).
Expected<Network> load_file(const std::string& path);

// The output for the side to move, in centi-soldiers, from the two accumulators (the side to
// move's first). Computed with best_kernel() (layers.cpp).
int evaluate_accumulators(const Network& net, const int16_t* us, const int16_t* them);

// The implementations of the hidden layer's dot products, which all give the same integers.
enum class Kernel { Portable, Ssse3, Avx2, AvxVnni, Avx512Vnni };
// Every kernel, slowest first.
inline constexpr Kernel kAllKernels[] = {Kernel::Portable, Kernel::Ssse3, Kernel::Avx2,
                                         Kernel::AvxVnni, Kernel::Avx512Vnni};
// Whether this binary can run `k` on this CPU (SSSE3: built for x86-64-v2 or more; AVX2, AVX-VNNI
// and AVX-512 VNNI: any x86-64 build by GCC or Clang, on a CPU that has the instructions).
bool kernel_available(Kernel k);
// The fastest available kernel, which evaluate_accumulators uses.
Kernel best_kernel();
// "portable", "SSSE3", "AVX2", "AVX-VNNI" or "AVX-512 VNNI".
const char* kernel_name(Kernel k);
// evaluate_accumulators with kernel `k`, which must be available (an unavailable one is replaced
// by best_kernel()): the tests compare the kernels.
int evaluate_accumulators(const Network& net, const int16_t* us, const int16_t* them, Kernel k);

}  // namespace branan::nnue
