// SPDX-License-Identifier: GPL-3.0-or-later
// The search options of the subcommands that search a game's positions (analyse, report):
// --depth, --movetime, --nodes, --threads, --hash, --solve-pieces, --solve-nodes.
#pragma once

#include <boost/program_options.hpp>
#include <string>

#include "core/expected.h"
#include "engine/root_solver.h"
#include "engine/search_types.h"

namespace branan::cli {

struct SearchSettings {
    SearchLimits limits;
    int threads = 1;
    int hash_mb = 64;
    RootSolverOptions solver;  // the solver at the root (engine/root_solver.h)
};

// Adds the options to `desc`; --help shows `default_depth` as the depth searched when no limit
// is given.
void add_search_options(boost::program_options::options_description& desc,
                        const std::string& default_depth);

// The settings the options give: every limit and resource in range, or the error naming the
// option (none is clamped in silence). Without --depth, --movetime or --nodes the search goes to
// `default_depth`.
Expected<SearchSettings> search_settings_from_options(
    const boost::program_options::variables_map& vm, int default_depth);

}  // namespace branan::cli
