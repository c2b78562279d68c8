// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/rules_option.h"

#include "core/presets.h"
#include "core/rules_string.h"
#include "core/text.h"

namespace branan::cli {

Expected<Side> parse_side(const std::string& text) {
    if (auto side = side_from_name(text)) return *side;
    if (text == "a" || text == "black") return Side::Attackers;
    if (text == "d" || text == "white") return Side::Defenders;
    return Error{"side " + branan::quoted(text) + " is not 'attackers' or 'defenders'"};
}

Expected<Rules> rules_from_options(const boost::program_options::variables_map& vm) {
    if (vm.count("variant") && vm.count("rules"))
        return Error{"give --variant or --rules, not both"};
    if (vm.count("rules")) {
        const std::string text = vm["rules"].as<std::string>();
        // A preset name where a rules string belongs: say which option takes it.
        if (text.find(':') == std::string::npos && preset(text))
            return Error{"--rules takes an OpenTafl rules string; '" + text +
                         "' is a preset: use --variant " + text};
        return parse_rules_string(text);
    }
    const std::string name = vm.count("variant") ? vm["variant"].as<std::string>() : "brandubh";
    if (auto r = preset(name)) return *r;
    std::string known;
    for (const auto& n : preset_names()) known += " " + n;
    return Error{"unknown variant " + branan::quoted(name) + " (known:" + known + ")"};
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
