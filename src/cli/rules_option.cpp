// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/rules_option.h"

#include "core/rules_string.h"
#include "core/text.h"
#include "options/parse_options.h"

namespace branan::cli {

Expected<Side> parse_side(const std::string& text) {
    if (auto side = side_from_name(text)) return *side;
    if (text == "a" || text == "black") return Side::Attackers;
    if (text == "d" || text == "white") return Side::Defenders;
    return Error{"side " + branan::quoted(text) + " is not 'attackers' or 'defenders'"};
}

Expected<Rules> rules_from_options(const boost::program_options::variables_map& vm) {
    return rules_from_command_line(options::given_string(vm, "variant"),
                                   options::given_string(vm, "rules"));
}

Expected<Game> game_from_options(const boost::program_options::variables_map& vm) {
    auto rules = rules_from_options(vm);
    if (!rules) return Error{rules.error()};
    if (!vm.count("position")) {
        if (vm.count("side")) return Error{"--side needs --position"};
        return Game::create(*rules);
    }
    Side side = rules->first_to_move;
    if (vm.count("side")) {
        auto s = parse_side(vm["side"].as<std::string>());
        if (!s) return Error{s.error()};
        side = *s;
    }
    return Game::create(*rules, vm["position"].as<std::string>(), side);
}

}  // namespace branan::cli
