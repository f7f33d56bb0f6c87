package referee

// htmlPageTemplate is the replay's web page. It is whole in itself: its
// style and script are inline, its fonts the system's, and it fetches
// nothing. The board's parts are kept once in a <template>, and each
// step lists the parts it is drawn with (the JSON in #steps), which the
// script puts in the board's <svg>.
const htmlPageTemplate = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>{{.Path}}: {{.Game}}</title>
<style>
:root{--bg:#fdfcf8;--fg:#1d1d1f;--dim:#666;--line:#8a8478;--cell:#efe9dc;--cell2:#e4dccb;--box:#f6f2ea;--p0:#1a56b0;--p0bg:#d9e6fa;--p1:#b3261e;--p1bg:#f9dcd8;--p2:#2e7d32;--p2bg:#dcefdc;--hl:#e0a800;--cur:#fff0b3;--bad:#b3261e;--badbg:#fdecea}
@media (prefers-color-scheme: dark){:root{--bg:#16171a;--fg:#e6e6e6;--dim:#a0a0a0;--line:#77736a;--cell:#2a2925;--cell2:#33312c;--box:#222320;--p0:#7fb0ff;--p0bg:#1d3457;--p1:#ff8a80;--p1bg:#572420;--p2:#8bd48f;--p2bg:#1f4022;--hl:#ffd54f;--cur:#4a4020;--bad:#ff8a80;--badbg:#3d1f1d}}
*{box-sizing:border-box}
body{margin:0;padding:.75rem;background:var(--bg);color:var(--fg);font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
h1{font-size:1.15rem;margin:0 0 .25rem;overflow-wrap:anywhere}
header p{margin:.2rem 0}
.tags{display:flex;flex-wrap:wrap;gap:.2rem .9rem;margin:.3rem 0;padding:0;list-style:none;font-size:.85rem;color:var(--dim)}
.tags b{color:var(--fg);font-weight:600}
.key{font-size:.8rem;color:var(--dim);margin:.3rem 0}
main{display:grid;gap:.75rem;grid-template-columns:minmax(0,1fr)}
@media (min-width:860px){main{grid-template-columns:minmax(0,3fr) minmax(18rem,2fr)}}
#view{min-width:0}
#board{display:block;width:100%;height:auto;max-height:75vh;background:var(--box);border:1px solid var(--line);border-radius:6px}
nav{display:flex;gap:.4rem;align-items:center;margin:.5rem 0;flex-wrap:wrap}
nav button{font:inherit;min-width:2.6rem;padding:.3rem .6rem;border:1px solid var(--line);border-radius:5px;background:var(--box);color:var(--fg);cursor:pointer}
#pos{font-variant-numeric:tabular-nums;color:var(--dim)}
#now{font-weight:600;overflow-wrap:anywhere}
#notes:empty{display:none}
#notes li{list-style:none;padding:.2rem .5rem;border-radius:5px}
#moves{margin:0;padding:0;list-style:none;max-height:75vh;overflow:auto;border:1px solid var(--line);border-radius:6px}
#moves li{padding:.15rem .5rem;border-bottom:1px solid var(--cell2)}
#moves li.turn{margin-top:.2rem;background:var(--cell)}
#moves li.cur{background:var(--cur)}
#moves a{color:inherit;text-decoration:none;display:block}
#moves .diag a.where{display:inline;text-decoration:underline dotted}
#moves .n{color:var(--dim);font-variant-numeric:tabular-nums}
#moves .over{display:block;font-weight:600}
#moves li.step.illegal a{text-decoration:line-through wavy var(--bad)}
.diag cite{font-style:normal;font-weight:600}
.diag{background:var(--badbg);font-size:.9rem}
.diag .sev{font-weight:700;color:var(--bad)}
.diag.note .sev{color:var(--dim)}
.diag blockquote{margin:.25rem 0 .25rem .5rem;padding-left:.5rem;border-left:3px solid var(--bad);font-style:italic}
.diag pre{margin:.2rem 0;overflow:auto;font-size:.8rem}
.result{font-weight:600;margin:.75rem 0}
.who0,.t0{color:var(--p0);fill:var(--p0)}
.who1,.t1{color:var(--p1);fill:var(--p1)}
.who2,.t2{color:var(--p2);fill:var(--p2)}
svg text{fill:var(--fg);font-size:12px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
svg text.t0{fill:var(--p0)} svg text.t1{fill:var(--p1)} svg text.t2{fill:var(--p2)}
svg tspan.t0{fill:var(--p0)} svg tspan.t1{fill:var(--p1)} svg tspan.t2{fill:var(--p2)}
svg text.m{font-family:ui-monospace,"SFMono-Regular",Menlo,Consolas,"Liberation Mono",monospace;font-size:11.5px;white-space:pre}
svg text.c,svg text.tk{text-anchor:middle}
svg text.tk{font-weight:700;font-size:11px}
svg text.s{font-size:10px;fill:var(--dim)}
svg text.sm{font-size:10px}
svg text.e{text-anchor:end}
svg text.b{font-weight:700}
svg .cell{fill:var(--cell);stroke:var(--line)}
svg .cell2{fill:var(--cell2);stroke:var(--line)}
svg .box{fill:var(--box);stroke:var(--line)}
svg .u0{fill:var(--p0bg);stroke:var(--p0);stroke-width:1.5}
svg .u1{fill:var(--p1bg);stroke:var(--p1);stroke-width:1.5;stroke-dasharray:4 2}
svg .u2{fill:var(--p2bg);stroke:var(--p2);stroke-width:1.5;stroke-dasharray:1 2}
svg .hl>rect:first-child,svg .hl>polygon:first-child{stroke:var(--hl);stroke-width:4;stroke-dasharray:none}
</style>
</head>
<body>
<header>
<h1>{{.Path}}</h1>
<p>{{.Game}}{{range .Players}}, <span class="who{{.Index}}"><b>{{.Letter}}</b> {{.Name}}</span>{{end}}</p>
{{- if .Tags}}
<ul class="tags">{{range .Tags}}<li><b>{{.Name}}</b> {{.Value}}</li>{{end}}</ul>
{{- end}}
{{- range .Key}}
<p class="key">{{.}}</p>
{{- end}}
</header>
<main>
<section id="view" aria-label="board">
<svg id="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 10" role="img" aria-label="the board at the step shown"><text x="4" y="8" class="s">The board is drawn by the page's script.</text></svg>
<nav><button id="first" type="button" aria-label="first step" title="first step (Home)">|◀</button><button id="prev" type="button" aria-label="previous step" title="previous step (←)">◀</button><button id="next" type="button" aria-label="next step" title="next step (→)">▶</button><button id="last" type="button" aria-label="last step" title="last step (End)">▶|</button> <span id="pos"></span></nav>
<p id="now" aria-live="polite"></p>
<div id="notes"></div>
</section>
<ol id="moves" aria-label="moves">
{{- range .Entries}}
{{- if .Diag}}
<li id="{{.ID}}" class="diag {{.Kind}}" data-step="{{.Step}}"><span class="sev">{{.Kind}}</span>{{if .Where}} <a href="#{{.ID}}" class="where">{{.Where}}</a>{{end}}: {{.Text}}{{if .Rule}}<blockquote><cite>{{.Source}}</cite> {{.Rule}}</blockquote>{{end}}{{if .Excerpt}}<pre>{{.Excerpt}}</pre>{{end}}</li>
{{- else}}
<li id="{{.ID}}" class="step {{.Kind}}" data-step="{{.Step}}"><a href="#{{.ID}}">{{if .Number}}<span class="n">{{.Number}}</span> {{end}}{{if .Who}}<span class="who{{.Player}}">{{.Who}}</span>: {{end}}{{.Text}}{{if .Rule}}<span class="over">{{.Rule}}</span>{{end}}</a></li>
{{- end}}
{{- end}}
</ol>
</main>
<p class="result">result: {{.Result}}{{if .Recorded}}; recorded: {{.Recorded}}{{end}}</p>
<template id="parts"><svg xmlns="http://www.w3.org/2000/svg">
{{- range .Parts}}
{{.}}
{{- end}}
</svg></template>
<script id="steps" type="application/json">{{.Steps}}</script>
<script>
"use strict";
(function () {
  var steps = JSON.parse(document.getElementById("steps").textContent) || [];
  var parts = document.getElementById("parts").content.firstElementChild.children;
  var board = document.getElementById("board");
  var lis = document.querySelectorAll("#moves li.step");
  var diags = document.querySelectorAll("#moves li.diag");
  var cur = -1;
  function show(i, keep) {
    if (!steps.length) { return; }
    i = Math.max(0, Math.min(steps.length - 1, i));
    var s = steps[i];
    board.setAttribute("viewBox", "0 0 " + s.w + " " + s.h);
    var nodes = [];
    for (var j = 0; j < s.p.length; j++) { nodes.push(parts[s.p[j]].cloneNode(true)); }
    board.replaceChildren.apply(board, nodes);
    (s.k || []).forEach(function (k) {
      board.querySelectorAll('[data-k="' + CSS.escape(k) + '"]').forEach(function (g) { g.classList.add("hl"); });
    });
    if (cur >= 0 && lis[cur]) { lis[cur].classList.remove("cur"); lis[cur].removeAttribute("aria-current"); }
    cur = i;
    var li = lis[i];
    li.classList.add("cur");
    li.setAttribute("aria-current", "step");
    var list = document.getElementById("moves");
    if (li.offsetTop < list.scrollTop || li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = li.offsetTop - list.clientHeight / 3;
    }
    document.getElementById("now").textContent = li.textContent;
    document.getElementById("pos").textContent = "step " + (i + 1) + " of " + steps.length;
    var notes = document.getElementById("notes");
    notes.replaceChildren();
    diags.forEach(function (d) {
      if (Number(d.dataset.step) === i) { var c = d.cloneNode(true); c.removeAttribute("id"); notes.appendChild(c); }
    });
    if (!keep) { history.replaceState(null, "", "#" + li.id); }
  }
  function fromHash() {
    var id = decodeURIComponent(location.hash.slice(1));
    var el = id && document.getElementById(id);
    if (el && el.dataset.step !== undefined) { show(Number(el.dataset.step), true); return true; }
    return false;
  }
  document.getElementById("first").onclick = function () { show(0); };
  document.getElementById("prev").onclick = function () { show(cur - 1); };
  document.getElementById("next").onclick = function () { show(cur + 1); };
  document.getElementById("last").onclick = function () { show(steps.length - 1); };
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var to = {ArrowRight: cur + 1, ArrowLeft: cur - 1, Home: 0, End: steps.length - 1}[e.key];
    if (to === undefined) { return; }
    e.preventDefault();
    show(to);
  });
  window.addEventListener("hashchange", fromHash);
  if (!fromHash()) { show(0, true); }
  document.body.dataset.ready = "true";
})();
</script>
</body>
</html>
`
