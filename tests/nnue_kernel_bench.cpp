// SPDX-License-Identifier: GPL-3.0-or-later
// nnue_kernel_bench [WIDTH HIDDEN]: the time of the layers after the accumulators
// (nnue::evaluate_accumulators) with each hidden-layer kernel this machine can run, in one
// process and three rounds, so that the kernels are compared under the same load. The net is
// random, of the shipped Copenhagen net's shape by default (H = 128, L1 = 32); each call changes
// one accumulator value, as a search's evaluations differ. Not a test: built on request
// (cmake --build build/release --target nnue_kernel_bench; docs/nnue.md).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "nnue/network.h"

using namespace branan;

int main(int argc, char** argv) {
    const int width = argc > 1 ? std::atoi(argv[1]) : 128;
    const int hidden = argc > 2 ? std::atoi(argv[2]) : 32;
    if (width < nnue::kWidthStep || width > nnue::kMaxWidth || width % nnue::kWidthStep != 0 ||
        hidden < 1 || hidden > nnue::kMaxHidden) {
        std::fprintf(stderr,
                     "usage: nnue_kernel_bench [WIDTH (a multiple of %d, at most %d) "
                     "HIDDEN (1-%d)]\n",
                     nnue::kWidthStep, nnue::kMaxWidth, nnue::kMaxHidden);
        return 2;
    }
    std::mt19937 rng(1);
    nnue::Network net;
    net.width = width;
    net.hidden = hidden;
    net.output_scale = 100;
    net.l1_weights.resize(static_cast<size_t>(2 * width * hidden));
    for (auto& w : net.l1_weights) w = static_cast<int8_t>(rng());
    net.l1_bias.resize(static_cast<size_t>(hidden));
    for (auto& b : net.l1_bias) b = static_cast<int32_t>(rng() % 20000);
    net.out_weights.resize(static_cast<size_t>(hidden));
    for (auto& w : net.out_weights) w = static_cast<int8_t>(rng());
    std::vector<int16_t> us(static_cast<size_t>(width)), them(us.size());
    for (auto* acc : {&us, &them})
        for (auto& v : *acc) v = static_cast<int16_t>(rng() % 200) - 50;

    const std::vector<int16_t> first_us = us;  // each kernel's run starts here: equal checksums
    constexpr int kCalls = 2'000'000;
    std::printf("H = %d, L1 = %d, %d calls a kernel a round\n", width, hidden, kCalls);
    for (int round = 1; round <= 3; ++round) {
        for (nnue::Kernel kernel : nnue::kAllKernels) {
            if (!nnue::kernel_available(kernel)) continue;
            us = first_us;
            long long checksum = 0;
            const auto start = std::chrono::steady_clock::now();
            for (int i = 0; i < kCalls; ++i) {
                us[static_cast<size_t>(i % width)] ^= 1;
                checksum += nnue::evaluate_accumulators(net, us.data(), them.data(), kernel);
            }
            const std::chrono::duration<double, std::nano> spent =
                std::chrono::steady_clock::now() - start;
            std::printf("round %d  %-13s %7.1f ns a call  (checksum %lld)\n", round,
                        nnue::kernel_name(kernel), spent.count() / kCalls, checksum);
        }
    }
    return 0;
}
