// SPDX-License-Identifier: GPL-3.0-or-later
// A slice's file, DIR/a<A>d<D>.btb: a text header, then the values compressed with zlib.
//   branan-tablebase 1
//   rules <canonical rules string>
//   material <attackers> <defenders>
//   entries <n> width <1 or 2>
//   body <bytes> crc32 <8 hex digits>
// followed by exactly <bytes> bytes: the n values (value.h), one byte each where every value
// fits (width 1), else two, little-endian, deflated. zlib is the standard and fast way to
// store the long runs and few distinct values of a table, and checks the inflated bytes itself;
// the CRC-32 of the body catches a damaged file before inflating it. The file is written to
// FILE.tmp and renamed, so a file that exists is whole.
#pragma once

#include <string>
#include <vector>

#include "core/rules.h"
#include "tablebase/material.h"
#include "tablebase/value.h"

namespace branan::tablebase {

constexpr const char* kFileExtension = ".btb";
constexpr int kFormatVersion = 1;

std::string slice_path(const std::string& dir, Material m);

// Writes the slice; an empty string or the error.
std::string write_slice(const std::string& path, const Rules& rules, Material m,
                        const std::vector<Value>& values);

// The header of a slice file.
struct SliceHeader {
    std::string rules;  // the canonical rules string
    Material material;
    uint64_t entries = 0;
};

// Reads the header of `path`; an empty string or the error naming the file and the problem.
std::string read_slice_header(const std::string& path, SliceHeader& header);

// Reads the slice at `path`, which must hold `rules`, material `m` and `entries` values; an
// empty string or the error naming the file and the problem (then `values` is empty).
std::string read_slice(const std::string& path, const Rules& rules, Material m, uint64_t entries,
                       std::vector<Value>& values);

}  // namespace branan::tablebase
