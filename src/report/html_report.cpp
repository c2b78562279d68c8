// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/html_report.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "core/rules_string.h"
#include "report/board_svg.h"
#include "report/html_text.h"
#include "report/score_meaning.h"

namespace branan::report {
namespace {

// ---- text -----------------------------------------------------------------------------------

const char* side_title(Side s) {
    return s == Side::Attackers ? "Attackers" : "Defenders";
}

// A position's score from the attackers' point of view (report/score_meaning.h), or the end
// of the game.
std::string score_text(const PositionAnalysis& p) {
    if (p.status.over())
        return p.status.outcome == Outcome::Draw           ? "draw"
               : p.status.outcome == Outcome::AttackersWin ? "attackers win"
                                                           : "defenders win";
    return report::score_text(p.score, p.to_move);
}

// The classes of a judged move ("book", a tier's name, or nothing), with a leading space.
std::string verdict_classes(const MoveVerdict& v) {
    if (!v.judged) return " book";
    return v.tier == Tier::None ? "" : std::string(" ") + tier_name(v.tier);
}

// The annotation of a tier: "?!", "?", "??".
const char* tier_mark(Tier tier) {
    return tier == Tier::Blunder ? "??" : tier == Tier::Mistake ? "?" : "?!";
}

// "1:02.5", a clock or a move's time.
std::string clock_text(int64_t ms) {
    const int64_t tenths = ms / 100;
    const int64_t minutes = tenths / 600, seconds = tenths / 10 % 60;
    return std::to_string(minutes) + ":" + (seconds < 10 ? "0" : "") + std::to_string(seconds) +
           "." + std::to_string(tenths % 10);
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
        const std::string flags = k > 0 ? verdict_classes(a.moves[k - 1]) : "";
        const bool marked = k > 0 && a.moves[k - 1].tier != Tier::None;
        out += "<circle class=\"point" + flags + std::string(k == 0 ? " current" : "") +
               "\" data-ply=\"" + std::to_string(k) + "\" cx=\"" + x(k) + "\" cy=\"" +
               y(a.positions[k]) + "\" r=\"" + (marked ? "4" : "3") + "\"><title>ply " +
               std::to_string(k) + ": " + score_text(a.positions[k]) + "</title></circle>";
    }
    return out + "</svg>\n";
}

// ---- the move list --------------------------------------------------------------------------

// The loss column: "book" for an opening ply, the loss in soldiers, "result" when a found
// result was thrown away.
std::string loss_text(const MoveVerdict& v) {
    if (!v.judged) return "book";
    std::string text = v.loss ? fixed(v.loss / 100.0, 2) : "";
    if (v.result_lost) text += text.empty() ? "result" : " (result)";
    return text;
}

std::string moves_table(const std::vector<Frame>& frames, const GameAnalysis& a,
                        const std::vector<MoveClock>& clocks) {
    const bool timed = !clocks.empty();
    std::string out =
        "<table id=\"moves\"><thead><tr><th>#</th><th>Move</th><th>Eval</th>"
        "<th>Engine's move</th><th>Loss</th>" +
        std::string(timed ? "<th>Time</th>" : "") + "</tr></thead><tbody>\n";
    out += "<tr class=\"move current\" data-ply=\"0\"><td></td><td>start</td><td>" +
           score_text(a.positions[0]) + "</td><td></td><td></td>" + (timed ? "<td></td>" : "") +
           "</tr>\n";
    for (size_t k = 1; k < frames.size(); ++k) {
        const Frame& f = frames[k];
        const PositionAnalysis& before = a.positions[k - 1];
        const MoveVerdict& v = a.moves[k - 1];
        const bool attackers = f.mover == Side::Attackers;
        out += "<tr class=\"move " + std::string(attackers ? "by-attackers" : "by-defenders") +
               verdict_classes(v) + "\" data-ply=\"" + std::to_string(k) + "\">";
        out += "<td>" + std::to_string((k + 1) / 2) + (k % 2 ? "." : "...") + "</td>";
        out += "<td><span class=\"side " + std::string(attackers ? "a" : "d") + "\" title=\"" +
               side_title(f.mover) + "\"></span>" + escape(f.move_text) +
               (v.tier != Tier::None
                    ? "<span class=\"flag\" title=\"" + std::string(tier_name(v.tier)) + "\">" +
                          tier_mark(v.tier) + "</span>"
                    : "") +
               "</td>";
        out += "<td>" + score_text(a.positions[k]) + "</td>";
        out +=
            "<td>" + escape(before.best_text) +
            (before.best ? " <span class=\"best-score\">" + score_text(before) + "</span>" : "") +
            "</td>";
        out += "<td>" + loss_text(v) + "</td>";
        if (timed) {
            const bool known = k - 1 < clocks.size() && clocks[k - 1].spent_ms;
            out += "<td>" + (known ? clock_text(*clocks[k - 1].spent_ms) : "") + "</td>";
        }
        out += "</tr>\n";
    }
    return out + "</tbody></table>\n";
}

// What is known at each position, one panel a ply (only the current one shown): the engine's
// score, depth and line from here, the position record and the clocks.
std::string ply_panels(const std::vector<Frame>& frames, const GameAnalysis& a,
                       const std::vector<MoveClock>& clocks) {
    std::string out = "<div id=\"ply-panels\">";
    for (size_t k = 0; k < frames.size(); ++k) {
        const PositionAnalysis& p = a.positions[k];
        out += "<div class=\"ply-info" + std::string(k == 0 ? " current" : "") + "\" data-ply=\"" +
               std::to_string(k) + "\">";
        if (p.best)
            out += "<div class=\"pv\"><b>Engine</b> " + score_text(p) + ", searched " +
                   std::to_string(p.depth) + " plies: " + escape(p.pv_text) + "</div>";
        else
            out += "<div class=\"pv\"><b>Game over</b>: " + score_text(p) + "</div>";
        if (k >= 1 && k - 1 < clocks.size()) {
            const MoveClock& c = clocks[k - 1];
            if (c.attackers_ms || c.defenders_ms)
                out += "<div class=\"clocks\"><b>Clocks</b> attackers " +
                       (c.attackers_ms ? clock_text(*c.attackers_ms) : "-") + " · defenders " +
                       (c.defenders_ms ? clock_text(*c.defenders_ms) : "-") + "</div>";
        }
        out += "<div><b>Position</b> <code class=\"record\">" + escape(frames[k].record) +
               "</code></div></div>";
    }
    return out + "</div>\n";
}

// Each player's inaccuracies, mistakes and blunders.
std::string tier_counts(const ReportGame& g, const GameAnalysis& a) {
    std::string out =
        "<table id=\"tier-counts\"><tr><th></th><th>inaccuracies ?!</th><th>mistakes ?</th>"
        "<th>blunders ?"
        "?</th></tr>";
    for (Side side : {Side::Attackers, Side::Defenders}) {
        const std::string& name = side == Side::Attackers ? g.header.attackers : g.header.defenders;
        const char* key = side == Side::Attackers ? "attackers" : "defenders";
        out += "<tr><th>" + escape(name.empty() ? side_title(side) : name) + "</th>";
        for (Tier t : {Tier::Inaccuracy, Tier::Mistake, Tier::Blunder})
            out += std::string("<td data-side=\"") + key + "\" data-tier=\"" + tier_name(t) +
                   "\">" + std::to_string(tier_count(a, side, t)) + "</td>";
        out += "</tr>";
    }
    return out + "</table>\n";
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
    const double t = a.threshold / 100.0;
    item("Analysis", "Branan, " + a.limits + "; each move against the best at equal depth, " +
                         "from its mover's side: an inaccuracy ?! loses over " + fixed(t / 2, 2) +
                         " soldiers, a mistake ? over " + fixed(t, 2) + ", a blunder ?? over " +
                         fixed(3 * t, 2) + " or a found result" +
                         (a.book_plies ? "; the first " + std::to_string(a.book_plies) +
                                             " plies are the opening's, not judged"
                                       : std::string()));
    item("Scores",
         "in soldiers, + for the attackers; #N: a forced win in N moves; rep#N: a win in N "
         "moves by a repetition");
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
.left{flex:none;min-width:330px}
.board{display:none;width:100%;height:auto}.board.current{display:block}
#boards .coords-flipped,#boards.flipped .coords-normal{display:none}
#boards.flipped .coords-flipped{display:inline}
.frame{fill:#5b4026}.square{fill:#e8cf9a;stroke:#6b4e2e;stroke-width:1}
.corner,.throne,.fort{fill:#b58a55}.mark{stroke:#6b4e2e;stroke-width:2}
.coord{fill:#f3e6c8;font-size:17px;text-anchor:middle}
.best-arrow{stroke:#1a6fd0;stroke-width:5;opacity:.75;stroke-linecap:round}.arrowhead{fill:#1a6fd0}
.last-from{fill:#f2e35a;opacity:.45}.last-to{fill:#f2d22a;opacity:.75}
.move-line{stroke:#c08a00;stroke-width:3;opacity:.6;stroke-linecap:round}
.attacker{fill:#2b2b2b;stroke:#000;stroke-width:2}
.defender{fill:#f6f2e8;stroke:#333;stroke-width:2}
.king circle{fill:#fff7d6;stroke:#9a6a00;stroke-width:4}.king path{stroke:#9a6a00;stroke-width:4}
.captured{stroke:#d01c1c;stroke-width:4;stroke-linecap:round}
#nav{display:flex;gap:6px;align-items:center;margin:4px 0}
#nav button{font-size:14px;min-width:34px}
#eval-graph{width:100%;height:auto;display:block;border:1px solid #bbb;box-sizing:border-box}
.ply-info{display:none;margin:2px 0 6px;line-height:1.4}.ply-info.current{display:block}
.record{font-size:11px;word-break:break-all}
#tier-counts{border-collapse:collapse;margin-top:6px}#tier-counts td,#tier-counts th{padding:1px 8px;text-align:center}
#tier-counts th:first-child{text-align:left}
.graph-attackers{fill:#e9e4da}.graph-defenders{fill:#fbfaf7}
.graph-label{font-size:10px;fill:#888}.zero{stroke:#999}
.eval{fill:none;stroke:#555;stroke-width:1.5}
.point{fill:#555;cursor:pointer}.point.inaccuracy{fill:#d9a400}.point.mistake{fill:#e06c00}
.point.blunder{fill:#d01c1c}.point.book{fill:#aaa}
.point.current{fill:#1a6fd0;stroke:#fff;stroke-width:1.5}
.right{position:relative;flex:1;max-height:100%;overflow-y:auto;min-width:300px}
#moves{border-collapse:collapse;width:100%}
#moves th{text-align:left;position:sticky;top:0;background:#eee6d6}
#moves td,#moves th{padding:1px 6px;white-space:nowrap}
#moves tr.move{cursor:pointer}#moves tr.move:hover{background:#f1ead9}
#moves tr.inaccuracy td:nth-child(2){color:#9a7400}
#moves tr.mistake td:nth-child(2){color:#c05a00;font-weight:bold}
#moves tr.blunder td:nth-child(2){color:#b01010;font-weight:bold}
#moves tr.book td{color:#888}
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
var infos=Array.prototype.slice.call(document.querySelectorAll('.ply-info'));
var holder=document.getElementById('boards');
var label=document.getElementById('ply-label');
var last=boards.length-1,cur=0;
function show(k){
  k=Math.max(0,Math.min(last,k));cur=k;
  [boards,rows,points,infos].forEach(function(list){list.forEach(function(e){
    e.classList.toggle('current',Number(e.getAttribute('data-ply'))===k);});});
  label.textContent='ply '+k+' / '+last;
  var row=rows[k],pane=document.querySelector('.right');
  if(row&&pane){var top=row.offsetTop,head=row.offsetHeight;
    if(top-head<pane.scrollTop)pane.scrollTop=top-head;
    else if(top+head>pane.scrollTop+pane.clientHeight)pane.scrollTop=top+head-pane.clientHeight;}
}
var keys={ArrowRight:function(){show(cur+1);},ArrowLeft:function(){show(cur-1);},
  Home:function(){show(0);},End:function(){show(last);},
  f:function(){holder.classList.toggle('flipped');}};
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
function current(){return boards.filter(function(b){
  return getComputedStyle(b).display!=='none';})[0];}
function centre(e){var b=e.getBoundingClientRect();return [b.left+b.width/2,b.top+b.height/2];}
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
show(1);var b=current(),box=b.getBoundingClientRect(),unit=box.width/b.viewBox.baseVal.width;
var to=b.querySelector('.last-to');
r.board={width:box.width,square_px:40*unit,coord_px:17*unit,size:Math.round((b.viewBox.baseVal.width-34)/40)};
r.flip={box:[box.left,box.top,box.right,box.bottom],before:centre(to)};
press('f');r.flip.after=centre(to);r.flip.flipped=holder.classList.contains('flipped');
r.flip.coords=Array.prototype.slice.call(b.querySelectorAll('use')).filter(function(u){
  return getComputedStyle(u).display!=='none';}).map(function(u){return u.getAttribute('href');});
press('f');r.flip.back=centre(to);
var info=infos.filter(function(e){return getComputedStyle(e).display!=='none';});
r.info={count:infos.length,visible:info.map(function(e){return Number(e.getAttribute('data-ply'));}),
  text:info.length?info[0].textContent:'',record:b.getAttribute('data-record'),
  arrows:document.querySelectorAll('svg.board .best-arrow').length};
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
    // The board's width: about 34 px a square on wide boards, as the window allows.
    const std::string board_width = std::to_string(std::max(330, 34 * size));
    std::string out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>" +
                      escape(title) + "</title>\n<style>" + kStyle +
                      ".left{width:clamp(330px,min(62vw,100vh - 150px)," + board_width + "px)}" +
                      board_flip_style(size) + "</style></head>\n<body>\n";
    out += "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\"><defs>" +
           board_defs(game.game.rules()) + "</defs></svg>\n";
    out += header_html(game, analysis);
    out += "<div class=\"layout\"><div class=\"left\"><div id=\"boards\">\n";
    for (size_t k = 0; k < frames.size(); ++k)
        out += board_svg(frames[k], static_cast<int>(k), size, k == 0, analysis.positions[k].best);
    out +=
        "</div><div id=\"nav\"><button data-key=\"Home\" title=\"start (Home)\">|&#x25C0;</button>"
        "<button data-key=\"ArrowLeft\" title=\"back (&#x2190;)\">&#x25C0;</button>"
        "<button data-key=\"ArrowRight\" title=\"forward (&#x2192;)\">&#x25B6;</button>"
        "<button data-key=\"End\" title=\"end (End)\">&#x25B6;|</button>"
        "<button data-key=\"f\" title=\"flip the board (f)\">flip</button>"
        "<span id=\"ply-label\"></span></div>\n";
    out += ply_panels(frames, analysis, game.clocks);
    out += graph_svg(analysis);
    out += tier_counts(game, analysis);
    out += "</div><div class=\"right\">\n" + moves_table(frames, analysis, game.clocks) +
           "</div></div>\n";
    out += std::string("<script>") + kScript + "</script>\n</body></html>\n";
    return out;
}

}  // namespace branan::report
