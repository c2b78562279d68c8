// SPDX-License-Identifier: GPL-3.0-or-later
// The search options of the subcommands that search a game's positions (analyse, report):
// --depth, --movetime, --nodes, --threads, --hash, --solve-pieces, --solve-nodes, --tablebase,
// --eval-file.
#pragma once

#include <boost/program_options.hpp>
#include <memory>
#include <string>

#include "core/expected.h"
#include "engine/engine.h"
#include "engine/root_solver.h"
#include "engine/search_types.h"
#include "tablebase/tablebase.h"

namespace branan::cli {

struct SearchSettings {
    SearchLimits limits;
    int threads = 1;
    int hash_mb = 64;
    RootSolverOptions solver;                      // the solver at the root (engine/root_solver.h)
    std::shared_ptr<tablebase::Tablebase> tables;  // --tablebase's, opened; null without
    std::string eval_file = Engine::kDefaultNets;  // --eval-file's (Engine::set_eval_file)
};

// --eval-file VALUE for `desc` (the daemon, analyse, report, selfplay).
void add_eval_file_option(boost::program_options::options_description& desc);
// Why --eval-file's value cannot serve a game of `rules`, as an error of --eval-file; empty when
// it can (or when the option is not given). For a command that checks before it makes its engine
// (report); one that has its engine checks Engine::set_eval_file's answer instead.
std::string eval_file_rules_error(const std::string& eval_file, const Rules& rules);

// --tablebase DIR for `desc` (analyse, report, solve).
void add_tablebase_option(boost::program_options::options_description& desc);
// The tables --tablebase names, opened, for a game of `rules`: null without the option, an error
// naming the problem for a directory that is not one of tables or tables of other rules.
Expected<std::shared_ptr<tablebase::Tablebase>> tablebase_from_options(
    const boost::program_options::variables_map& vm);
// Why the tables cannot serve `rules`, as an error of --tablebase; empty when they can (or none).
std::string tablebase_rules_error(const std::shared_ptr<tablebase::Tablebase>& tables,
                                  const Rules& rules);

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
