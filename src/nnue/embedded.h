// SPDX-License-Identifier: GPL-3.0-or-later
// The net files built into the binary (nets/*.nnue, turned into byte arrays by
// cmake/embed_nets.cmake): what EvalFile=<embedded> loads.
#pragma once

#include <cstddef>
#include <vector>

namespace branan::nnue {

struct EmbeddedNet {
    const char* name;  // the file's name under nets/
    const unsigned char* data;
    size_t size;
};

const std::vector<EmbeddedNet>& embedded_nets();

}  // namespace branan::nnue
