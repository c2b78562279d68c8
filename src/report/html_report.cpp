// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/html_report.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>

#include "core/notation.h"
#include "core/rules_string.h"
#include "engine/score.h"

namespace branan::report {
namespace {

// ---- what each position shows ---------------------------------------------------------------

struct Frame {
    std::string pieces;         // piece_char of every square, a1 first
    std::optional<Move> last;   // the move that led here
    std::string move_text;      // it in notation with its captures
    std::vector<Square> taken;  // the squares whose pieces that move removed
    Side mover = Side::Attackers;
};

std::string pieces_of(const Game& game) {
    std::string pieces;
    for (Square sq = 0; sq < game.size() * game.size(); ++sq) pieces += game.piece_char(sq);
    return pieces;
}

// Every position of the game, replayed from its start. The squares a move emptied (other than
// its own start) are its captures, whatever rule took them; a captured king that stays on the
// board is marked where he stands.
std::vector<Frame> frames_of(const Game& game) {
    Game replay = game.from_start();
    std::vector<Frame> frames(1);
    frames[0].pieces = pieces_of(replay);
    for (Move m : game.moves_played()) {
        Frame f;
        f.last = m;
        f.mover = replay.side_to_move();
        f.move_text = replay.describe(m);
        const std::string before = frames.back().pieces;
        replay.play(m);
        f.pieces = pieces_of(replay);
        for (Square sq = 0; sq < static_cast<Square>(before.size()); ++sq) {
            const bool emptied = before[sq] != '.' && f.pieces[sq] == '.' && sq != m.from;
            const bool king_taken =
                f.pieces[sq] == 'K' && replay.status().reason == OutcomeReason::KingCaptured;
            if (emptied || king_taken) f.taken.push_back(sq);
        }
        frames.push_back(f);
    }
    return frames;
}

// ---- text -----------------------------------------------------------------------------------

std::string escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string fixed(double value, int decimals) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    return buf;
}

const char* side_title(Side s) {
    return s == Side::Attackers ? "Attackers" : "Defenders";
}

// A position's score from the attackers' point of view: "+2.39" (soldiers), "+#3" / "-#3" (the
// attackers / defenders win in 3 moves), or the end of the game.
std::string score_text(const PositionAnalysis& p) {
    if (p.status.over())
        return p.status.outcome == Outcome::Draw           ? "draw"
               : p.status.outcome == Outcome::AttackersWin ? "attackers win"
                                                           : "defenders win";
    if (is_mate_score(p.score)) {
        const int plies = mate_plies(p.score);
        const Side winner = plies > 0 ? p.to_move : opponent(p.to_move);
        return std::string(winner == Side::Attackers ? "+#" : "-#") +
               std::to_string((std::abs(plies) + 1) / 2);
    }
    const int cp = p.to_move == Side::Attackers ? p.score : -p.score;  // shown as found
    return (cp >= 0 ? "+" : "") + fixed(cp / 100.0, 2);
}

// The variant's name as a title: "Brandubh".
std::string variant_title(const Rules& rules) {
    std::string name = rules.name.empty() ? "Tafl" : rules.name;
    name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
    return name;
}

std::string result_text(const ReportGame& g) {
    const Status status = g.game.status();
    std::string result = g.header.result;
    if (result.empty() && status.over()) result = outcome_name(status.outcome);
    std::string text = result == "attackers"   ? "Attackers won"
                       : result == "defenders" ? "Defenders won"
                       : result == "draw"      ? "Draw"
                                               : "Unfinished";
    std::string why = g.header.termination;
    if (why.empty() && status.over()) why = reason_name(status.reason);
    return why.empty() ? text : text + " (" + why + ")";
}

// ---- the board ------------------------------------------------------------------------------

constexpr int kCell = 40, kLeft = 20, kTop = 6, kBottom = 20, kRight = 6;

int board_width(int size) {
    return kLeft + size * kCell + kRight;
}
int board_height(int size) {
    return kTop + size * kCell + kBottom;
}
int cell_x(Square sq, int size) {
    return kLeft + (sq % size) * kCell;
}
int cell_y(Square sq, int size) {
    return kTop + (size - 1 - sq / size) * kCell;
}

// The board without pieces, drawn once and used by every position: the squares, the corners and
// the throne marked (a darker square with a cross, as OpenTafl players know them), coordinates.
std::string board_grid(const Rules& rules) {
    const int n = rules.size;
    std::string out = "<g id=\"grid\">";
    out += "<rect class=\"frame\" x=\"0\" y=\"0\" width=\"" + std::to_string(board_width(n)) +
           "\" height=\"" + std::to_string(board_height(n)) + "\"/>";
    auto listed = [](const std::vector<Square>& squares, Square sq) {
        return std::find(squares.begin(), squares.end(), sq) != squares.end();
    };
    const std::vector<Square> corners = corner_squares(rules), thrones = throne_squares(rules);
    for (Square sq = 0; sq < n * n; ++sq) {
        std::string kind = "square";
        if (listed(corners, sq)) kind += " corner";
        if (listed(thrones, sq)) kind += " throne";
        if (listed(rules.attacker_forts.squares, sq) || listed(rules.defender_forts.squares, sq))
            kind += " fort";
        const int x = cell_x(sq, n), y = cell_y(sq, n);
        out += "<rect class=\"" + kind + "\" x=\"" + std::to_string(x) + "\" y=\"" +
               std::to_string(y) + "\" width=\"" + std::to_string(kCell) + "\" height=\"" +
               std::to_string(kCell) + "\"/>";
        if (kind != "square")
            out += "<path class=\"mark\" d=\"M" + std::to_string(x + 8) + " " +
                   std::to_string(y + 8) + "L" + std::to_string(x + kCell - 8) + " " +
                   std::to_string(y + kCell - 8) + "M" + std::to_string(x + kCell - 8) + " " +
                   std::to_string(y + 8) + "L" + std::to_string(x + 8) + " " +
                   std::to_string(y + kCell - 8) + "\"/>";
    }
    for (int i = 0; i < n; ++i) {
        out += "<text class=\"coord\" x=\"" + std::to_string(kLeft + i * kCell + kCell / 2) +
               "\" y=\"" + std::to_string(kTop + n * kCell + 15) + "\">" +
               std::string(1, static_cast<char>('a' + i)) + "</text>";
        out += "<text class=\"coord\" x=\"" + std::to_string(kLeft / 2) + "\" y=\"" +
               std::to_string(kTop + (n - 1 - i) * kCell + kCell / 2 + 4) + "\">" +
               std::to_string(i + 1) + "</text>";
    }
    return out + "</g>";
}

std::string board_svg(const Frame& f, int ply, int size, bool current) {
    std::string out = "<svg class=\"board" + std::string(current ? " current" : "") +
                      "\" data-ply=\"" + std::to_string(ply) + "\" viewBox=\"0 0 " +
                      std::to_string(board_width(size)) + " " + std::to_string(board_height(size)) +
                      "\" role=\"img\" aria-label=\"" +
                      (ply == 0 ? std::string("start position") : "after " + f.move_text) +
                      "\"><use href=\"#grid\"/>";
    auto square_rect = [&](Square sq, const char* cls) {
        out += "<rect class=\"" + std::string(cls) + "\" x=\"" + std::to_string(cell_x(sq, size)) +
               "\" y=\"" + std::to_string(cell_y(sq, size)) + "\" width=\"" +
               std::to_string(kCell) + "\" height=\"" + std::to_string(kCell) + "\"/>";
    };
    auto centre = [&](Square sq, int dx, int dy) {
        return std::to_string(cell_x(sq, size) + kCell / 2 + dx) + " " +
               std::to_string(cell_y(sq, size) + kCell / 2 + dy);
    };
    if (f.last) {
        square_rect(f.last->from, "last-from");
        square_rect(f.last->to, "last-to");
    }
    for (Square sq = 0; sq < size * size; ++sq) {
        const char c = f.pieces[sq];
        if (c == '.') continue;
        const std::string cx = std::to_string(cell_x(sq, size) + kCell / 2),
                          cy = std::to_string(cell_y(sq, size) + kCell / 2);
        if (c == 'K') {
            out += "<g class=\"piece king\"><circle cx=\"" + cx + "\" cy=\"" + cy +
                   "\" r=\"16\"/><path d=\"M" + centre(sq, 0, -10) + "V" +
                   std::to_string(cell_y(sq, size) + kCell / 2 + 10) + "M" + centre(sq, -10, 0) +
                   "H" + std::to_string(cell_x(sq, size) + kCell / 2 + 10) + "\"/></g>";
        } else {
            out += std::string("<circle class=\"piece ") + (c == 't' ? "attacker" : "defender") +
                   "\" cx=\"" + cx + "\" cy=\"" + cy + "\" r=\"14\"/>";
        }
    }
    if (f.last)
        out += "<path class=\"move-line\" d=\"M" + centre(f.last->from, 0, 0) + "L" +
               centre(f.last->to, 0, 0) + "\"/>";
    for (Square sq : f.taken)
        out += "<path class=\"captured\" d=\"M" + centre(sq, -12, -12) + "L" + centre(sq, 12, 12) +
               "M" + centre(sq, 12, -12) + "L" + centre(sq, -12, 12) + "\"><title>" +
               square_name(sq, size) + " captured</title></path>";
    return out + "</svg>\n";
}

// ---- the evaluation graph -------------------------------------------------------------------

constexpr int kGraphWidth = 400, kGraphHeight = 130, kGraphPad = 8;

// A capped score as a height from -1 to 1, squashed so that small scores stay apart and large
// ones (Copenhagen's) still fit: cp / (|cp| + 500), scaled so that kScoreCap (a forced win) is 1.
double squashed(int cp) {
    auto f = [](double x) { return x / (std::abs(x) + 500.0); };
    return f(cp) / f(kScoreCap);
}

std::string graph_svg(const GameAnalysis& a) {
    const size_t last = a.positions.size() - 1;
    auto x = [&](size_t ply) {
        const double step = last ? double(kGraphWidth - 2 * kGraphPad) / double(last) : 0;
        return fixed(kGraphPad + step * double(ply), 1);
    };
    auto y = [&](const PositionAnalysis& p) {
        const double half = kGraphHeight / 2.0 - kGraphPad;
        return fixed(kGraphHeight / 2.0 - half * squashed(attackers_view(p.score, p.to_move)), 1);
    };
    std::string out = "<svg id=\"eval-graph\" viewBox=\"0 0 " + std::to_string(kGraphWidth) + " " +
                      std::to_string(kGraphHeight) +
                      "\" role=\"img\" aria-label=\"evaluation over the game\">";
    out += "<rect class=\"graph-attackers\" x=\"0\" y=\"0\" width=\"" +
           std::to_string(kGraphWidth) + "\" height=\"" + std::to_string(kGraphHeight / 2) +
           "\"/><rect class=\"graph-defenders\" x=\"0\" y=\"" + std::to_string(kGraphHeight / 2) +
           "\" width=\"" + std::to_string(kGraphWidth) + "\" height=\"" +
           std::to_string(kGraphHeight / 2) + "\"/>";
    out += "<text class=\"graph-label\" x=\"4\" y=\"12\">attackers better</text>";
    out += "<text class=\"graph-label\" x=\"4\" y=\"" + std::to_string(kGraphHeight - 4) +
           "\">defenders better</text>";
    out += "<line class=\"zero\" x1=\"0\" x2=\"" + std::to_string(kGraphWidth) + "\" y1=\"" +
           std::to_string(kGraphHeight / 2) + "\" y2=\"" + std::to_string(kGraphHeight / 2) +
           "\"/>";
    out += "<polyline class=\"eval\" points=\"";
    for (size_t k = 0; k <= last; ++k) out += (k ? " " : "") + x(k) + "," + y(a.positions[k]);
    out += "\"/>";
    for (size_t k = 0; k <= last; ++k) {
        const bool mistake = k > 0 && a.moves[k - 1].mistake;
        out += "<circle class=\"point" + std::string(mistake ? " mistake" : "") +
               std::string(k == 0 ? " current" : "") + "\" data-ply=\"" + std::to_string(k) +
               "\" cx=\"" + x(k) + "\" cy=\"" + y(a.positions[k]) + "\" r=\"" +
               (mistake ? "4" : "3") + "\"><title>ply " + std::to_string(k) + ": " +
               score_text(a.positions[k]) + "</title></circle>";
    }
    return out + "</svg>\n";
}

// ---- the move list --------------------------------------------------------------------------

std::string moves_table(const std::vector<Frame>& frames, const GameAnalysis& a) {
    std::string out =
        "<table id=\"moves\"><thead><tr><th>#</th><th>Move</th><th>Eval</th>"
        "<th>Engine's move</th><th>Loss</th></tr></thead><tbody>\n";
    out += "<tr class=\"move current\" data-ply=\"0\"><td></td><td>start</td><td>" +
           score_text(a.positions[0]) + "</td><td></td><td></td></tr>\n";
    for (size_t k = 1; k < frames.size(); ++k) {
        const Frame& f = frames[k];
        const PositionAnalysis& before = a.positions[k - 1];
        const MoveVerdict& v = a.moves[k - 1];
        const bool attackers = f.mover == Side::Attackers;
        out += "<tr class=\"move " + std::string(attackers ? "by-attackers" : "by-defenders") +
               (v.mistake ? " mistake" : "") + "\" data-ply=\"" + std::to_string(k) + "\">";
        out += "<td>" + std::to_string((k + 1) / 2) + (k % 2 ? "." : "...") + "</td>";
        out += "<td><span class=\"side " + std::string(attackers ? "a" : "d") + "\" title=\"" +
               side_title(f.mover) + "\"></span>" + escape(f.move_text) +
               (v.mistake ? "<span class=\"flag\" title=\"mistake\">?</span>" : "") + "</td>";
        out += "<td>" + score_text(a.positions[k]) + "</td>";
        out +=
            "<td>" + escape(before.best_text) +
            (before.best ? " <span class=\"best-score\">" + score_text(before) + "</span>" : "") +
            "</td>";
        out += "<td>" + (v.loss ? fixed(v.loss / 100.0, 2) : std::string()) + "</td></tr>\n";
    }
    return out + "</tbody></table>\n";
}

// ---- the page -------------------------------------------------------------------------------

std::string header_html(const ReportGame& g, const GameAnalysis& a) {
    const ReportHeader& h = g.header;
    const std::string attackers = h.attackers.empty() ? "attackers" : h.attackers;
    const std::string defenders = h.defenders.empty() ? "defenders" : h.defenders;
    std::string out = "<header><h1>" + escape(variant_title(g.game.rules())) + ": " +
                      escape(attackers) + " <span class=\"vs\">vs</span> " + escape(defenders) +
                      "</h1><dl>";
    auto item = [&](const char* key, const std::string& value, const char* id = nullptr) {
        if (value.empty()) return;
        out += std::string("<div><dt>") + key + "</dt><dd" +
               (id ? std::string(" id=\"") + id + "\"" : "") + ">" + escape(value) + "</dd></div>";
    };
    item("Attackers", h.attackers);
    item("Defenders", h.defenders);
    item("Result", result_text(g), "result");
    item("Moves", std::to_string(g.game.moves_played().size()) + " plies");
    item("Date", h.date);
    item("Event", h.event);
    item("Round", h.round);
    item("Time control", h.time_control);
    item("Analysis", "Branan, " + a.limits + "; a mistake loses over " +
                         fixed(a.threshold / 100.0, 2) + " soldiers");
    item("Scores", "in soldiers, + for the attackers; #N: a forced win in N moves");
    item("Source", h.source);
    out += "</dl><details><summary>Rules</summary><code>" +
           escape(write_rules_string(g.game.rules())) + "</code></details></header>\n";
    return out;
}

constexpr const char* kStyle = R"(
html,body{height:100%}
body{font-family:"DejaVu Sans",Verdana,sans-serif;margin:0;padding:8px 12px;box-sizing:border-box;display:flex;flex-direction:column;background:#faf8f3;color:#222;font-size:13px}
header{flex:none}
h1{font-size:18px;margin:0 0 4px}
.vs{font-weight:normal;color:#777}
dl{display:flex;flex-wrap:wrap;gap:2px 14px;margin:0 0 4px}
dl div{display:flex;gap:4px}dt{color:#777}dd{margin:0}
details{margin-bottom:6px}code{font-size:11px;word-break:break-all}
.layout{display:flex;gap:16px;align-items:flex-start;flex:1;min-height:0}
.left{width:330px;flex:none}
.board{display:none;width:330px;height:auto}.board.current{display:block}
.frame{fill:#5b4026}.square{fill:#e8cf9a;stroke:#6b4e2e;stroke-width:1}
.corner,.throne,.fort{fill:#b58a55}.mark{stroke:#6b4e2e;stroke-width:2}
.coord{fill:#f3e6c8;font-size:12px;text-anchor:middle}
.last-from{fill:#f2e35a;opacity:.45}.last-to{fill:#f2d22a;opacity:.75}
.move-line{stroke:#c08a00;stroke-width:3;opacity:.6;stroke-linecap:round}
.attacker{fill:#2b2b2b;stroke:#000;stroke-width:2}
.defender{fill:#f6f2e8;stroke:#333;stroke-width:2}
.king circle{fill:#fff7d6;stroke:#9a6a00;stroke-width:4}.king path{stroke:#9a6a00;stroke-width:4}
.captured{stroke:#d01c1c;stroke-width:4;stroke-linecap:round}
#nav{display:flex;gap:6px;align-items:center;margin:4px 0}
#nav button{font-size:14px;min-width:34px}
#eval-graph{width:330px;height:auto;display:block;border:1px solid #bbb}
.graph-attackers{fill:#e9e4da}.graph-defenders{fill:#fbfaf7}
.graph-label{font-size:10px;fill:#888}.zero{stroke:#999}
.eval{fill:none;stroke:#555;stroke-width:1.5}
.point{fill:#555;cursor:pointer}.point.mistake{fill:#d01c1c}
.point.current{fill:#1a6fd0;stroke:#fff;stroke-width:1.5}
.right{position:relative;flex:1;max-height:100%;overflow-y:auto;min-width:300px}
#moves{border-collapse:collapse;width:100%}
#moves th{text-align:left;position:sticky;top:0;background:#eee6d6}
#moves td,#moves th{padding:1px 6px;white-space:nowrap}
#moves tr.move{cursor:pointer}#moves tr.move:hover{background:#f1ead9}
#moves tr.mistake td:nth-child(2){color:#b01010;font-weight:bold}
#moves tr.current{background:#cfe1f7}
.flag{color:#d01c1c;margin-left:2px}.best-score{color:#777}
.side{display:inline-block;width:9px;height:9px;border-radius:50%;margin-right:5px;border:1px solid #333}
.side.a{background:#2b2b2b}.side.d{background:#f6f2e8}
)";

// Stepping through the positions; "#ply=K" opens K, "#selftest" checks the page (see the
// header file).
constexpr const char* kScript = R"(
(function(){
var boards=Array.prototype.slice.call(document.querySelectorAll('svg.board'));
var rows=Array.prototype.slice.call(document.querySelectorAll('#moves tr.move'));
var points=Array.prototype.slice.call(document.querySelectorAll('#eval-graph .point'));
var label=document.getElementById('ply-label');
var last=boards.length-1,cur=0;
function show(k){
  k=Math.max(0,Math.min(last,k));cur=k;
  [boards,rows,points].forEach(function(list){list.forEach(function(e){
    e.classList.toggle('current',Number(e.getAttribute('data-ply'))===k);});});
  label.textContent='ply '+k+' / '+last;
  var row=rows[k],pane=document.querySelector('.right');
  if(row&&pane){var top=row.offsetTop,head=row.offsetHeight;
    if(top-head<pane.scrollTop)pane.scrollTop=top-head;
    else if(top+head>pane.scrollTop+pane.clientHeight)pane.scrollTop=top+head-pane.clientHeight;}
}
var keys={ArrowRight:function(){show(cur+1);},ArrowLeft:function(){show(cur-1);},
  Home:function(){show(0);},End:function(){show(last);}};
document.addEventListener('keydown',function(e){
  if(keys[e.key]){keys[e.key]();e.preventDefault();}});
rows.concat(points).forEach(function(e){e.addEventListener('click',function(){
  show(Number(e.getAttribute('data-ply')));});});
document.getElementById('nav').addEventListener('click',function(e){
  var k=e.target.getAttribute&&e.target.getAttribute('data-key');if(k)keys[k]();});
var m=/^#ply=(\d+)$/.exec(location.hash);
show(m?Number(m[1]):0);
if(location.hash!=='#selftest')return;
function visible(){return boards.filter(function(b){
  return getComputedStyle(b).display!=='none';}).map(function(b){
  return Number(b.getAttribute('data-ply'));});}
function press(key){document.dispatchEvent(new KeyboardEvent('keydown',{key:key,bubbles:true}));
  return visible();}
var r={boards:boards.length,points:points.length,rows:rows.length,start:visible(),right:[]};
for(var i=0;i<Math.min(5,last)+1;i++)r.right.push(press('ArrowRight'));
r.left=press('ArrowLeft');
r.end=press('End');r.right_at_end=press('ArrowRight');
r.home=press('Home');r.left_at_start=press('ArrowLeft');
var pick=Math.floor(last/2);
rows[pick].dispatchEvent(new MouseEvent('click',{bubbles:true}));
r.click_row={ply:pick,visible:visible()};
points[last].dispatchEvent(new MouseEvent('click',{bubbles:true}));
r.click_point={ply:last,visible:visible()};
var out=document.createElement('pre');out.id='selftest-result';
out.textContent=JSON.stringify(r);document.body.appendChild(out);
})();
)";

}  // namespace

std::string render_html_report(const ReportGame& game, const GameAnalysis& analysis) {
    const std::vector<Frame> frames = frames_of(game.game);
    const int size = game.game.size();
    const ReportHeader& h = game.header;
    std::string title = variant_title(game.game.rules());
    if (!h.attackers.empty() || !h.defenders.empty())
        title += ": " + h.attackers + " vs " + h.defenders;
    std::string out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>" +
                      escape(title) + "</title>\n<style>" + kStyle + "</style></head>\n<body>\n";
    out += "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\"><defs>" +
           board_grid(game.game.rules()) + "</defs></svg>\n";
    out += header_html(game, analysis);
    out += "<div class=\"layout\"><div class=\"left\"><div id=\"boards\">\n";
    for (size_t k = 0; k < frames.size(); ++k)
        out += board_svg(frames[k], static_cast<int>(k), size, k == 0);
    out +=
        "</div><div id=\"nav\"><button data-key=\"Home\" title=\"start (Home)\">|&#x25C0;</button>"
        "<button data-key=\"ArrowLeft\" title=\"back (&#x2190;)\">&#x25C0;</button>"
        "<button data-key=\"ArrowRight\" title=\"forward (&#x2192;)\">&#x25B6;</button>"
        "<button data-key=\"End\" title=\"end (End)\">&#x25B6;|</button>"
        "<span id=\"ply-label\"></span></div>\n";
    out += graph_svg(analysis);
    out += "</div><div class=\"right\">\n" + moves_table(frames, analysis) + "</div></div>\n";
    out += std::string("<script>") + kScript + "</script>\n</body></html>\n";
    return out;
}

}  // namespace branan::report
