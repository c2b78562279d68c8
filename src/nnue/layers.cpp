// SPDX-License-Identifier: GPL-3.0-or-later
// The network's layers after the accumulators (docs/nnue.md): the clipped ReLU of both
// accumulators, the int8 hidden layer and the output. The hidden layer's dot products are most of
// an evaluation's time, so they come in kernels that compute exactly the same integers: plain C++,
// SSSE3 (in every x86-64-v2 CPU, so in the default build), and AVX2, AVX-VNNI and AVX-512 VNNI,
// which every x86-64 build by GCC or Clang compiles and chooses at run time when the CPU has them.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "nnue/network.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define BRANAN_AVX2_KERNEL 1
#endif
#if defined(__SSSE3__) || defined(__SSE4_1__) || defined(BRANAN_AVX2_KERNEL)
#include <immintrin.h>
#endif
#if defined(BRANAN_AVX2_KERNEL)
#include <cpuid.h>
#endif

namespace branan::nnue {

namespace {

// input[0..H) and input[H..2H): the clipped ReLU (0..127) of `us` and of `them` (H a multiple
// of kWidthStep).
void clipped_relu(const int16_t* us, const int16_t* them, int h, uint8_t* input) {
#if defined(__SSE4_1__)
    // Packing with signed saturation clamps to -128..127; the maximum with 0 does the rest.
    static_assert(kActivationOne == 127, "the saturating pack clamps at 127");
    const __m128i zero = _mm_setzero_si128();
    for (const int16_t* acc : {us, them}) {
        for (int i = 0; i < h; i += 16) {
            const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(acc + i));
            const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(acc + i + 8));
            _mm_storeu_si128(reinterpret_cast<__m128i*>(input + i),
                             _mm_max_epi8(_mm_packs_epi16(lo, hi), zero));
        }
        input += h;
    }
#else
    for (int i = 0; i < h; ++i) {
        input[i] = static_cast<uint8_t>(std::clamp<int>(us[i], 0, kActivationOne));
        input[h + i] = static_cast<uint8_t>(std::clamp<int>(them[i], 0, kActivationOne));
    }
#endif
}

// A hidden-layer kernel: out[k] = the dot product of x[0..n) with row k of w (rows of n bytes,
// one per hidden neuron), for k < rows; n is a multiple of 2 * kWidthStep. The SIMD kernels are
// exact too: the activations are at most 127, so a pair of products, at most 2 * 127 * 128 in
// size, never saturates the 16-bit sums of maddubs; VNNI's dpbusd sums in 32 bits, which a whole
// row (at most 2 * kMaxWidth * 127 * 128) cannot overflow.
using HiddenKernel = void (*)(const uint8_t* x, const int8_t* w, int n, int rows, int32_t* out);
// The 256-bit kernels step through n 32 bytes at a time.
static_assert(2 * kWidthStep % 32 == 0, "n must be a whole number of 256-bit steps");

void hidden_portable(const uint8_t* x, const int8_t* w, int n, int rows, int32_t* out) {
    for (int k = 0; k < rows; ++k, w += n) {
        int32_t sum = 0;
        for (int i = 0; i < n; ++i) sum += static_cast<int32_t>(x[i]) * w[i];
        out[k] = sum;
    }
}

#if defined(__SSSE3__)
// Four rows at a time, so that each load of the input serves four rows and the four sums are
// reduced together.
void hidden_ssse3(const uint8_t* x, const int8_t* w, int n, int rows, int32_t* out) {
    const __m128i ones = _mm_set1_epi16(1);
    const auto add_products = [&](__m128i& sum, __m128i in, const int8_t* row) {
        const __m128i p =
            _mm_maddubs_epi16(in, _mm_loadu_si128(reinterpret_cast<const __m128i*>(row)));
        sum = _mm_add_epi32(sum, _mm_madd_epi16(p, ones));
    };
    int k = 0;
    for (; k + 4 <= rows; k += 4) {
        const int8_t* r = w + static_cast<std::ptrdiff_t>(k) * n;
        __m128i s0 = _mm_setzero_si128(), s1 = s0, s2 = s0, s3 = s0;
        for (int i = 0; i < n; i += 16) {
            const __m128i in = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x + i));
            add_products(s0, in, r + i);
            add_products(s1, in, r + n + i);
            add_products(s2, in, r + 2 * n + i);
            add_products(s3, in, r + 3 * n + i);
        }
        const __m128i sums = _mm_hadd_epi32(_mm_hadd_epi32(s0, s1), _mm_hadd_epi32(s2, s3));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + k), sums);
    }
    if (k < rows) hidden_portable(x, w + static_cast<std::ptrdiff_t>(k) * n, n, rows - k, out + k);
}
#endif

#if defined(BRANAN_AVX2_KERNEL)
// out[j] = the sum of the eight 32-bit lanes of s[j], for j < 4: the 256-bit kernels' last step.
__attribute__((target("avx2"), always_inline)) inline void store_lane_sums(const __m256i* s,
                                                                           int32_t* out) {
    __m128i half[4];
    for (int j = 0; j < 4; ++j)
        half[j] = _mm_add_epi32(_mm256_castsi256_si128(s[j]), _mm256_extracti128_si256(s[j], 1));
    const __m128i sums =
        _mm_hadd_epi32(_mm_hadd_epi32(half[0], half[1]), _mm_hadd_epi32(half[2], half[3]));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), sums);
}

// As hidden_ssse3, 32 bytes at a time.
__attribute__((target("avx2"))) void hidden_avx2(const uint8_t* x, const int8_t* w, int n, int rows,
                                                 int32_t* out) {
    const __m256i ones = _mm256_set1_epi16(1);
    int k = 0;
    for (; k + 4 <= rows; k += 4) {
        const int8_t* r = w + static_cast<std::ptrdiff_t>(k) * n;
        __m256i s[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(),
                        _mm256_setzero_si256()};
        for (int i = 0; i < n; i += 32) {
            const __m256i in = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + i));
            for (int j = 0; j < 4; ++j) {
                const __m256i p = _mm256_maddubs_epi16(
                    in, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(r + j * n + i)));
                s[j] = _mm256_add_epi32(s[j], _mm256_madd_epi16(p, ones));
            }
        }
        store_lane_sums(s, out + k);
    }
    if (k < rows) hidden_portable(x, w + static_cast<std::ptrdiff_t>(k) * n, n, rows - k, out + k);
}

// As hidden_avx2, with VNNI's dpbusd, which multiplies, adds the four products of each 32-bit lane
// and accumulates in one instruction (maddubs, madd and add in AVX2). Exact as the others: dpbusd
// sums in 32 bits, without maddubs's 16-bit saturation. The loop is written again rather than
// shared: GCC inlines an intrinsic only into a function whose target includes the intrinsic's,
// so one loop templated on the step fails to compile for one of the two targets (tried with
// GCC 12: "inlining failed in call to 'always_inline' ...: target specific option mismatch").
__attribute__((target("avx2,avxvnni"))) void hidden_avx_vnni(const uint8_t* x, const int8_t* w,
                                                             int n, int rows, int32_t* out) {
    int k = 0;
    for (; k + 4 <= rows; k += 4) {
        const int8_t* r = w + static_cast<std::ptrdiff_t>(k) * n;
        __m256i s[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(),
                        _mm256_setzero_si256()};
        for (int i = 0; i < n; i += 32) {
            const __m256i in = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + i));
            for (int j = 0; j < 4; ++j)
                s[j] = _mm256_dpbusd_avx_epi32(
                    s[j], in, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(r + j * n + i)));
        }
        store_lane_sums(s, out + k);
    }
    if (k < rows) hidden_portable(x, w + static_cast<std::ptrdiff_t>(k) * n, n, rows - k, out + k);
}

// As hidden_avx_vnni, 64 bytes at a time (and the last 32 of an n that is an odd multiple of 32
// in a 256-bit register).
__attribute__((target("avx512f,avx512bw,avx512vl,avx512vnni"))) void hidden_avx512_vnni(
    const uint8_t* x, const int8_t* w, int n, int rows, int32_t* out) {
    const int wide = n & ~63;
    int k = 0;
    for (; k + 4 <= rows; k += 4) {
        const int8_t* r = w + static_cast<std::ptrdiff_t>(k) * n;
        __m512i s[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(),
                        _mm512_setzero_si512()};
        for (int i = 0; i < wide; i += 64) {
            const __m512i in = _mm512_loadu_si512(x + i);
            for (int j = 0; j < 4; ++j)
                s[j] = _mm512_dpbusd_epi32(s[j], in, _mm512_loadu_si512(r + j * n + i));
        }
        // Zero-masking extracts: GCC 12 warns that the plain extract's (and the cast's)
        // undefined source "may be used uninitialized".
        __m256i quarter[4];
        for (int j = 0; j < 4; ++j)
            quarter[j] = _mm256_add_epi32(_mm512_maskz_extracti64x4_epi64(0xFF, s[j], 0),
                                          _mm512_maskz_extracti64x4_epi64(0xFF, s[j], 1));
        if (wide < n) {
            const __m256i in = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + wide));
            for (int j = 0; j < 4; ++j)
                quarter[j] = _mm256_dpbusd_epi32(
                    quarter[j], in,
                    _mm256_loadu_si256(reinterpret_cast<const __m256i*>(r + j * n + wide)));
        }
        store_lane_sums(quarter, out + k);
    }
    if (k < rows) hidden_portable(x, w + static_cast<std::ptrdiff_t>(k) * n, n, rows - k, out + k);
}

// Whether the CPU has AVX-VNNI (CPUID leaf 7, sub-leaf 1, EAX bit 4), asked directly: Clang 14's
// __builtin_cpu_supports does not know the name. The caller checks AVX2 too, which also says the
// operating system saves the 256-bit registers. Asked once: CPUID is slow (in a virtual machine
// it leaves to the hypervisor, about 3 microseconds here), and the tests and nnue_kernel_bench
// look a kernel up at every call.
bool cpu_has_avx_vnni() {
    static const bool has = [] {
        unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
        return __get_cpuid_count(7, 1, &eax, &ebx, &ecx, &edx) && (eax >> 4 & 1);
    }();
    return has;
}
#endif

HiddenKernel kernel_function(Kernel k) {
    switch (k) {
#if defined(__SSSE3__)
        case Kernel::Ssse3:
            return hidden_ssse3;
#endif
#if defined(BRANAN_AVX2_KERNEL)
        case Kernel::Avx2:
            return __builtin_cpu_supports("avx2") ? hidden_avx2 : nullptr;
        case Kernel::AvxVnni:
            return __builtin_cpu_supports("avx2") && cpu_has_avx_vnni() ? hidden_avx_vnni : nullptr;
        case Kernel::Avx512Vnni:
            return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                           __builtin_cpu_supports("avx512vl") &&
                           __builtin_cpu_supports("avx512vnni")
                       ? hidden_avx512_vnni
                       : nullptr;
#endif
        case Kernel::Portable:
            return hidden_portable;
        default:
            return nullptr;
    }
}

// The fastest kernel this binary can run on this CPU.
Kernel pick_best_kernel() {
#if defined(BRANAN_AVX2_KERNEL)
    __builtin_cpu_init();  // needed before __builtin_cpu_supports in a static initialiser
#endif
    for (Kernel k : {Kernel::Avx512Vnni, Kernel::AvxVnni, Kernel::Avx2, Kernel::Ssse3})
        if (kernel_function(k)) return k;
    return Kernel::Portable;
}

// The best kernel's function, picked on the first call (a function's static, so that it is ready
// whichever static initialiser evaluates first).
HiddenKernel best_function() {
    static const HiddenKernel best = kernel_function(best_kernel());
    return best;
}

int layers(const Network& net, const int16_t* us, const int16_t* them, HiddenKernel hidden) {
    const int h = net.width;
    alignas(64) uint8_t input[2 * kMaxWidth];
    alignas(64) int32_t sums[kMaxHidden];
    clipped_relu(us, them, h, input);
    hidden(input, net.l1_weights.data(), 2 * h, net.hidden, sums);
    int32_t y = net.out_bias;
    for (int k = 0; k < net.hidden; ++k) {
        const int32_t a = std::clamp((sums[k] + net.l1_bias[k]) >> kWeightShift, 0, kActivationOne);
        y += a * net.out_weights[k];
    }
    const int64_t one = static_cast<int64_t>(kActivationOne) << kWeightShift;
    return static_cast<int>(static_cast<int64_t>(y) * net.output_scale / one);
}

}  // namespace

bool kernel_available(Kernel k) {
    return kernel_function(k) != nullptr;
}

Kernel best_kernel() {
    static const Kernel best = pick_best_kernel();
    return best;
}

const char* kernel_name(Kernel k) {
    switch (k) {
        case Kernel::Portable:
            return "portable";
        case Kernel::Ssse3:
            return "SSSE3";
        case Kernel::Avx2:
            return "AVX2";
        case Kernel::AvxVnni:
            return "AVX-VNNI";
        case Kernel::Avx512Vnni:
            return "AVX-512 VNNI";
    }
    return "?";
}

int evaluate_accumulators(const Network& net, const int16_t* us, const int16_t* them) {
    return layers(net, us, them, best_function());
}

int evaluate_accumulators(const Network& net, const int16_t* us, const int16_t* them, Kernel k) {
    const HiddenKernel f = kernel_function(k);
    return f ? layers(net, us, them, f) : layers(net, us, them, best_function());
}

}  // namespace branan::nnue
