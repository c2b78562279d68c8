// SPDX-License-Identifier: GPL-3.0-or-later
// `--weights FILE` of `branan` and `branan tune`: the file read in bounded memory (a weights
// file is a few kilobytes; /dev/zero or a runaway file is refused at 1 MiB), then parsed.
#pragma once

#include <string>

#include "core/expected.h"
#include "core/text_file.h"
#include "engine/eval_weights.h"

namespace branan::cli {

// The weights in the file at `path`; errors name the file.
inline Expected<EvalWeights> load_weights_file(const std::string& path) {
    std::string text;
    if (std::string error = read_small_file(path, text, "weights file"); !error.empty())
        return Error{error};
    auto weights = EvalWeights::parse(text);
    if (!weights) return Error{path + ": " + weights.error()};
    return weights;
}

}  // namespace branan::cli
