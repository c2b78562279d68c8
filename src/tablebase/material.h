// SPDX-License-Identifier: GPL-3.0-or-later
// The material of a tablebase slice: how many attacker and defender soldiers stand beside the
// king. Each slice is one file and one job of generation; a slice's captures lead into slices
// with fewer pieces, so slices are generated in the order material_up_to() lists them.
#pragma once

#include <string>
#include <vector>

namespace branan::tablebase {

struct Material {
    int attackers = 0;
    int defenders = 0;
    int pieces() const { return attackers + defenders; }
    bool operator==(const Material&) const = default;
    auto operator<=>(const Material&) const = default;
};

// "a3d1": the slice's name, and its file's name without the extension.
inline std::string material_name(Material m) {
    return "a" + std::to_string(m.attackers) + "d" + std::to_string(m.defenders);
}

// Every material with at most `pieces` soldiers (both sides), fewest pieces first: each slice
// after the ones its captures lead into.
inline std::vector<Material> material_up_to(int pieces) {
    std::vector<Material> all;
    for (int total = 0; total <= pieces; ++total)
        for (int a = total; a >= 0; --a) all.push_back({a, total - a});
    return all;
}

// The slices a move of slice m can lead into by capturing: one or more soldiers fewer of one
// side (a move captures soldiers of the other side only).
inline std::vector<Material> capture_targets(Material m) {
    std::vector<Material> out;
    for (int a = 0; a < m.attackers; ++a) out.push_back({a, m.defenders});
    for (int d = 0; d < m.defenders; ++d) out.push_back({m.attackers, d});
    return out;
}

}  // namespace branan::tablebase
