// SPDX-License-Identifier: GPL-3.0-or-later
// Strict command-line parsing with Boost.Program_options, shared by branan and branan-match
// (a folder of its own: the match library uses it without depending on the command line):
// every word must be an option, an option's value or a positional argument the command takes.
// (Boost alone drops a stray word silently when a command takes no positional argument.)
#pragma once

#include <algorithm>
#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/text.h"

namespace branan::options {

namespace detail {

// The words of `args` that are neither options, nor their values, nor among the positional
// arguments `positional` takes (null: none), space-separated.
inline std::string stray_words(
    const std::vector<std::string>& args, const boost::program_options::options_description& desc,
    const boost::program_options::positional_options_description* positional) {
    namespace po = boost::program_options;
    const auto parsed = po::command_line_parser(args).options(desc).allow_unregistered().run();
    const auto words = po::collect_unrecognized(parsed.options, po::include_positional);
    const size_t taken = positional ? positional->max_total_count() : 0;
    std::string out;
    for (size_t i = std::min(taken, words.size()); i < words.size(); ++i)
        out += (out.empty() ? "" : " ") + words[i];
    return out;
}

}  // namespace detail

// Parses `args` against `desc` and `positional` (null when the command takes no positional
// argument) into `vm`, notify included. Throws boost::program_options::error naming the
// problem; for stray words: "unexpected argument 'WORDS'".
inline void parse_options(
    const std::vector<std::string>& args, const boost::program_options::options_description& desc,
    boost::program_options::variables_map& vm,
    const boost::program_options::positional_options_description* positional = nullptr) {
    namespace po = boost::program_options;
    const po::positional_options_description none;
    try {
        po::store(po::command_line_parser(args)
                      .options(desc)
                      .positional(positional ? *positional : none)
                      .run(),
                  vm);
    } catch (const po::too_many_positional_options_error&) {
        throw po::error("unexpected argument " +
                        branan::quoted(detail::stray_words(args, desc, positional)));
    }
    po::notify(vm);
}

// The value of the string option `name` in `vm`, if it was given.
inline std::optional<std::string> given_string(const boost::program_options::variables_map& vm,
                                               const char* name) {
    if (!vm.count(name)) return std::nullopt;
    return vm[name].as<std::string>();
}

}  // namespace branan::options
