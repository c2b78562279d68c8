// SPDX-License-Identifier: GPL-3.0-or-later
// OTEP, the OpenTafl Engine Protocol: Branan as an external engine of OpenTafl. OpenTafl talks over
// stdin/stdout with one command a line ("rules ...", "position ...", "play attackers", ...); the
// engine answers "hello", "move a4-a1", "analysis ..." and "error ...". Searches run in the
// background, so "finish" and "goodbye" are heard while the engine thinks.
#pragma once

#include <istream>

#include "engine/engine.h"
#include "protocol/output.h"

namespace branan {

// Runs an OTEP session on `in` until 'goodbye' or end of input; returns the exit code.
// Writes only through `out` (never stderr). `engine` is set up with options already, and its
// game holds the rules in force until OpenTafl sends its own.
int run_otep(Engine& engine, std::istream& in, Output& out);

}  // namespace branan
