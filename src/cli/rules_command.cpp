// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/rules_command.h"

#include <boost/program_options.hpp>
#include <iostream>

#include "cli/rules_option.h"
#include "cli/subcommand.h"
#include "core/presets.h"
#include "core/rules_keys.h"
#include "core/rules_string.h"

namespace branan::cli {
namespace {

const char* kind_word(RulesKeyKind kind) {
    switch (kind) {
        case RulesKeyKind::OpenTafl:
            return "opentafl";
        case RulesKeyKind::Extension:
            return "extension";
        case RulesKeyKind::Ignored:
            return "ignored";
        case RulesKeyKind::Refused:
            return "refused";
    }
    return "?";
}

}  // namespace

int run_rules(const std::vector<std::string>& args) {
    namespace po = boost::program_options;
    po::options_description desc(
        "branan rules [--variant NAME | --rules STRING | --list | --keys]");
    desc.add_options()("help,h", "show this help")                               //
        ("variant", po::value<std::string>(), "preset name (default brandubh)")  //
        ("rules", po::value<std::string>(), "OpenTafl rules string")             //
        ("list", "list the presets with their rules strings")                    //
        ("keys", "list the rules-string keys: key, kind, values, meaning");
    po::variables_map vm;
    if (auto done = parse_subcommand("rules", args, desc, vm)) return *done;
    // --list and --keys are alternatives to everything else (the usage line): with another
    // option they are refused, not half ignored (--variant with --rules: rules_from_options).
    std::vector<std::string> given;
    for (const char* option : {"variant", "rules", "list", "keys"})
        if (vm.count(option)) given.push_back(std::string("--") + option);
    if (given.size() > 1 && (vm.count("list") || vm.count("keys"))) {
        std::cerr << "branan rules: " << given[0] << " and " << given[1]
                  << " cannot be given together (one of --variant, --rules, --list, --keys)\n";
        return 2;
    }
    if (vm.count("list")) {
        for (const auto& name : preset_names())
            std::cout << name << "\t" << write_rules_string(*preset(name)) << "\n";
        return 0;
    }
    if (vm.count("keys")) {
        for (const RulesKey& k : rules_keys())
            std::cout << k.name << "\t" << kind_word(k.kind) << "\t" << k.values << "\t"
                      << k.meaning << "\n";
        return 0;
    }
    auto rules = rules_from_options(vm);
    if (!rules) {
        std::cerr << "branan rules: " << rules.error() << "\n";
        return 2;
    }
    std::cout << describe(*rules) << "rules string: " << write_rules_string(*rules) << "\n";
    return 0;
}

}  // namespace branan::cli
