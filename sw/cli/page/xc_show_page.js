"use strict";
/* xchg show: draws the frames the golden model recorded (the JSON above).
 * It computes no route and no schedule: positions, switch settings,
 * hops and counts all come from the data. */
const errors = document.getElementById("errors");
window.addEventListener("error", (e) => { errors.hidden = false; errors.textContent += e.message + "\n"; });

const D = JSON.parse(document.getElementById("data").textContent);
const NS = "http://www.w3.org/2000/svg";
const svg = document.getElementById("view");
const last = D.frames.length - 1;
let step = 0, cyc = 0, dyn = null, dynUnder = null;
let follow = -1; /* a product network: the message followed (click it, or #follow=s,d), -1: none */
const worm = D.kind === "wormhole";
const PERM = D.algo === "perm"; /* a MIN page of one permutation routed by destination tags (show --perm) */

function el(tag, attrs, parent, text) {
  const e = document.createElementNS(NS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}
function titled(e, text) { el("title", {}, e, text); return e; }
function msgName(i) { const m = D.messages[i]; return "m(" + m[0] + "\u2192" + m[1] + ")"; }
/* m(s→d) written on the picture of a small network (up to 16 nodes or
 * ports), in text beside what it names, never on a square of a few
 * pixels; larger networks keep the tooltips (the followed message is named
 * on every page). data-label: "s d where", like a message's data-at. */
const NAMED = (D.pn ? D.pn.nodes : D.min.N) <= 16;
function nameText(g, x, y, i, at, anchor, extra) {
  const e = el("text", { x, y, "text-anchor": anchor || "middle", class: "mlabel", "data-label": D.messages[i][0] + " " + D.messages[i][1] + " " + at }, g,
    msgName(i) + (extra || ""));
  return e;
}
function hue(s, n) { return "hsl(" + Math.round(360 * s / n) + ",65%,45%)"; }
function bin(v, bits) { return v.toString(2).padStart(bits, "0"); }

/* A message element: <title>m(s→d)</title>, data-src, data-dst, data-at. */
function message(tag, attrs, parent, i, at) {
  const e = el(tag, attrs, parent);
  e.setAttribute("data-src", D.messages[i][0]);
  e.setAttribute("data-dst", D.messages[i][1]);
  e.setAttribute("data-at", at);
  e.classList.add("msg");
  e.addEventListener("click", () => { follow = follow === i ? -1 : i; show(step, cyc); });
  return titled(e, msgName(i));
}

/* The drawing's box in user units: the SVG scales to the window (the
 * stylesheet reads --w and --ar); printed, a wide drawing takes a
 * landscape page, and --ph is the height left for it under the title. */
const drawBox = {};
function fit(x0, y0, width, height) {
  Object.assign(drawBox, { x0, y0, width, height });
  svg.setAttribute("viewBox", x0 + " " + y0 + " " + width + " " + height);
  svg.style.setProperty("--w", width + "px");
  svg.style.setProperty("--ar", (width / height).toFixed(4));
  const wide = width > height;
  svg.style.setProperty("--ph", wide ? "130mm" : "205mm");
  const page = document.createElement("style");
  page.textContent = "@page { size: A4 " + (wide ? "landscape" : "portrait") + "; margin: 10mm }";
  document.head.appendChild(page);
}

/* This step as one standalone SVG file (for slides): the drawing with
 * the rules of the stylesheet that style it, on white, under a title
 * with the step's label. */
function stepSvg() {
  const c = svg.cloneNode(true), head = 44;
  const { x0, y0, width, height } = drawBox;
  c.removeAttribute("style");
  /* a slide has no tooltips: the titles and the test hooks would double the file */
  for (const t of c.querySelectorAll("title")) t.remove();
  for (const e of c.querySelectorAll("[data-src]")) for (const a of ["data-src", "data-dst", "data-at"]) e.removeAttribute(a);
  c.setAttribute("viewBox", x0 + " " + (y0 - head) + " " + width + " " + (height + head));
  c.setAttribute("width", width);
  c.setAttribute("height", height + head);
  const rules = document.querySelector("style").textContent.split("\n").filter((l) => /^(\.|svg )/.test(l));
  const css = document.createElementNS(NS, "style");
  css.textContent = "\n" + rules.join("\n") + "\n";
  const top = document.createElementNS(NS, "g");
  el("rect", { x: x0, y: y0 - head, width, height: height + head, fill: "#fff" }, top);
  el("text", { x: x0 + 10, y: y0 - head + 18, "font-size": 15, "font-weight": "bold" }, top,
    "xchg show: " + D.net + ", " + D.algo + ": step " + step + " of " + last);
  el("text", { x: x0 + 10, y: y0 - head + 36, "font-size": 11 }, top, document.getElementById("label").textContent);
  c.insertBefore(top, c.firstChild);
  c.insertBefore(css, c.firstChild);
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(c) + "\n";
}
function saveSvg() {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([stepSvg()], { type: "image/svg+xml" }));
  a.download = "xchg-" + (D.net + "-" + D.algo).replace(/[^A-Za-z0-9.]+/g, "-") + "-step" + step + ".svg";
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/* ---------------- a MIN ---------------- */
const MIN = {};
function minSetup() {
  const M = D.min, N = M.N, n = M.n;
  const row = N <= 8 ? 30 : N <= 16 ? 24 : N <= 32 ? 16 : 11;
  const q = Math.max(6, Math.min(16, Math.floor(200 / N)));
  const wire = 64, sw = 40, top = 56;
  const x0 = 14 + N * q + 14 + n * 8 + 12;
  const bx = (b) => x0 + b * (wire + sw);
  const y = (line) => top + line * row;
  const outX = bx(n) + wire;
  const sqX = outX + n * 8 + 40;
  Object.assign(MIN, { N, n, row, q, wire, sw, top, bx, y, outX, sqX });
  fit(0, 0, sqX + (PERM ? 4 : N) * row + 20, y(N - 1) + row + 40);
  const st = el("g", {}, svg);
  el("text", { x: 14, y: top - 44, class: "small" }, st, PERM ? "inputs: the message of each" : "input memories: the message of step x in column x");
  el("text", { x: sqX, y: top - row / 2 - 30, class: "small" }, st, PERM ? "the input output o" : "Latin square A[o][x]: the input");
  el("text", { x: sqX, y: top - row / 2 - 18, class: "small" }, st, PERM ? "receives" : "output o receives in step x");
  const fs = Math.min(14, row - 3);
  for (let line = 0; line < N; line++) {
    el("text", { x: x0 - 6, y: y(line) + fs / 3, "text-anchor": "end", "font-size": fs }, st, bin(line, n));
    el("text", { x: outX + 6, y: y(line) + fs / 3, "font-size": fs }, st, bin(line, n));
  }
  for (let b = 0; b <= n; b++)
    for (let line = 0; line < N; line++)
      el("path", { class: "wire", d: "M" + bx(b) + "," + y(line) + " L" + (bx(b) + wire) + "," + y(M.wiring[b][line]) }, st);
  for (let k = 0; k < n; k++)
    el("text", { x: bx(k) + wire + sw / 2, y: top - 26, "text-anchor": "middle", class: "small" }, st, "stage " + k);
  for (let x = 0; x < (PERM ? 1 : N); x++) {
    el("text", { x: sqX + x * row + row / 2, y: top - row / 2 - 4, "text-anchor": "middle", class: "small sqhead" }, st, PERM ? "" : N <= 8 ? bin(x, n) : N <= 16 || x % 4 === 0 ? x : "");
    for (let o = 0; o < N; o++) {
      el("rect", { class: "cell", x: sqX + x * row, y: y(o) - row / 2, width: row, height: row }, st);
      if (row >= 16 && !PERM) el("text", { class: "faint", x: sqX + x * row + row / 2, y: y(o) + 4, "text-anchor": "middle", "font-size": row >= 24 ? 12 : 9 }, st, M.square[o][x]);
    }
  }
  document.getElementById("legend").innerHTML = (PERM ? "<span>one permutation (--perm), every message routed by its destination tag, " +
      "one stage a step; <b>!</b> and a thick dashed red border: a switch where two messages want one output, <b>clash</b> written at that output; " +
      "both go on, so every conflict shows; #delivered counts the messages in none</span>" : "") +
    "<span>switch: <b>=</b> straight (blue), <b>X</b> cross (orange), grey: no flit this cycle</span>" +
    "<span>rule (" + M.mode + "): " + (M.mode === "xor" ? "setting = m<sub>h,k</sub> XOR bit x<sub>n-1-k</sub> of the flit's step x (written left of each switch as m&oplus;x)"
      : M.mode === "table" ? "setting = entry (h,k) of the table M<sup>l,x</sup> written before step x"
      : "setting = destination-tag bit of the flit (self-routing)") + "</span>" +
    "<span>click a message (or open the page at #follow=s,d) to follow m(s&rarr;d): its moves in blue, cycle by cycle, dashed where still ahead</span>" +
    "<span>a message: its colour is its source; hover for m(s&rarr;d). Input memories: column x holds the message of step x; " +
      "a full-colour square there is in the injection register, entering stage 0 in the next cycle. A circle right of a switch: " +
      "in that switch's output register (right of the last stage: arriving at the output in this cycle)</span>" +
    "<span>Latin square: yellow columns are the steps still in the network (injection register or a switch), the newest is darker; " +
      "a column fills as its step arrives</span>" +
    (M.mode === "table" ? "<span>table mode: before each step the controller writes that step's table M<sup>l,x</sup> into the switches, " +
      "so the steps enter several cycles apart and the exchange takes more cycles than N + log2 N, the bound of the XOR mode's " +
      "pipeline (one step entering per cycle)</span>" : "");
}

function ruleText(k, h, set, x) {
  const M = D.min, bit = (x >> (M.n - 1 - k)) & 1;
  const name = "s" + k + "." + h + ": " + (set ? "cross" : "straight");
  if (M.mode === "xor") return name + " = m(" + h + "," + k + ") " + M.m0[h][k] + " XOR bit x" + (M.n - 1 - k) + " = " + bit + " of step x = " + x;
  if (M.mode === "table") return name + " from the table M^{l," + x + "} of step x = " + x;
  return name + " by the destination tag (bit " + M.route_bit[k] + " of the destination)";
}

function minDraw(f, g, under) {
  const M = D.min, { N, n, row, q, wire, sw, bx, y, sqX } = MIN;
  const newest = f.in_network.length ? Math.max(...f.in_network) : -1;
  for (const x of f.in_network) /* under the drawing: the square's numbers stay visible */
    el("rect", { class: x === newest ? "curx" : "cur", x: sqX + x * row, y: y(0) - row / 2, width: row, height: N * row }, under);
  for (let k = 0; k < n; k++)
    for (let h = 0; h < N / 2; h++) {
      const i = k * (N / 2) + h, set = f.set[i], x0 = bx(k) + wire, yt = y(2 * h), yb = y(2 * h + 1);
      const clash = f.set_x[i] <= -2 ? -2 - f.set_x[i] : -1; /* show --perm: two messages want port clash */
      const box = el("rect", { class: "sw " + (set < 0 ? "idle" : set ? "cross" : "straight") + (clash >= 0 ? " clash" : ""), x: x0, y: yt - row / 2 + 3, width: sw, height: 2 * row - 6, rx: 4,
                               "data-switch": "s" + k + "." + h }, g);
      if (clash >= 0) {
        el("text", { x: x0 + sw / 2, y: (yt + yb) / 2 + 7, "text-anchor": "middle", class: "clashmark" }, g, "!");
        el("text", { x: x0 + sw + 3, y: y(2 * h + clash) - 5, class: "clashword" }, g, "clash");
      }
      titled(box, set < 0 ? "s" + k + "." + h + ": no flit this cycle" : ruleText(k, h, set, f.set_x[i]));
      if (set >= 0) {
        const d = set ? "M" + (x0 + 6) + "," + yt + " L" + (x0 + sw - 6) + "," + yb + " M" + (x0 + 6) + "," + yb + " L" + (x0 + sw - 6) + "," + yt
                      : "M" + (x0 + 6) + "," + yt + " L" + (x0 + sw - 6) + "," + yt + " M" + (x0 + 6) + "," + yb + " L" + (x0 + sw - 6) + "," + yb;
        el("path", { class: "glyph", d }, g);
        if (row >= 24 && M.mode === "xor")
          el("text", { class: "small rule", x: x0 - 3, y: (yt + yb) / 2 + 4, "text-anchor": "end" }, g, M.m0[h][k] + "\u2295" + ((f.set_x[i] >> (n - 1 - k)) & 1));
      }
    }
  const atSwitch = {}, mark = (e, i) => { if (i === follow) e.classList.add("followed"); return e; };
  f.at.forEach((at, i) => {
    const src = D.messages[i][0], x = PERM ? 0 : i % N, col = hue(src, N);
    if (at[0] === "i") {
      mark(message("rect", { x: 14 + x * q, y: y(src) - q / 2 + 1, width: q - 2, height: q - 2, fill: col, opacity: f.in_network.includes(x) ? 1 : 0.55 }, g, i, at), i);
    } else if (at[0] === "s") {
      const [k, h] = at.slice(1).split(".").map(Number), slot = atSwitch[at] = (atSwitch[at] || 0) + 1;
      mark(message("circle", { cx: bx(k) + wire + sw + 7, cy: y(2 * h + slot - 1), r: Math.max(3, row / 4), fill: col, stroke: "#000" }, g, i, at), i);
      if (NAMED || i === follow) nameText(g, bx(k) + wire + sw + 9 + Math.max(3, row / 4), y(2 * h + slot - 1) - 3, i, at, "start");
    } else {
      const o = Number(at.slice(3)), was = step > 0 ? D.frames[step - 1].at[i] : at;
      if (was !== at) { /* arrived in this cycle: it sits in the last stage's output register */
        const line = M.wiring[n].indexOf(o);
        titled(el("circle", { class: "arrived", cx: bx(n - 1) + wire + sw + 7, cy: y(line), r: Math.max(3, row / 4), fill: col, stroke: "#000" }, g),
          msgName(i) + ": in the last stage's output register, at output " + o + " in this cycle");
        if (NAMED || i === follow) nameText(g, bx(n - 1) + wire + sw + 9 + Math.max(3, row / 4), y(line) - 3, i, at, "start");
      }
      mark(message("rect", { x: sqX + x * row + 1, y: y(o) - row / 2 + 1, width: row - 2, height: row - 2, fill: col, opacity: 0.8 }, g, i, at), i);
      if (row >= 16) el("text", { x: sqX + x * row + row / 2, y: y(o) + 4, "text-anchor": "middle", fill: "#fff", "font-size": row >= 24 ? 12 : 9 }, g, src);
    }
  });
  const followed = follow >= 0 ? minFollow(g) : "";
  if (PERM) {
    const clashes = f.set_x.filter((v) => v <= -2).length;
    return " (" + step + " of " + last + " stages; " + (clashes ? clashes + " switches with a conflict in this stage" : "no conflict in this stage") + ")" + followed;
  }
  return " (" + step + " of " + last + " cycles with flits; bound " + D.bound_name + " = " + D.bound +
    (M.mode === "table" ? " for the XOR pipeline; table mode writes M^{l,x} before each step" : "") + ")" +
    (f.in_network.length ? "; steps in the network: x = " + f.in_network.join(", ") : "") + followed;
}

/* A MIN: where a recorded place is drawn (its input memory slot, the
 * centre of its switch, its cell of the Latin square). */
function minSpot(at, i) {
  const { N, q, wire, sw, bx, y, row, sqX } = MIN, x = PERM ? 0 : i % N;
  if (at[0] === "i") return [14 + x * q + q / 2, y(D.messages[i][0])];
  if (at[0] === "s") { const [k, h] = at.slice(1).split(".").map(Number); return [bx(k) + wire + sw / 2, (y(2 * h) + y(2 * h + 1)) / 2]; }
  return [sqX + x * row + row / 2, y(Number(at.slice(3)))];
}

/* The followed message on a MIN: every move the recording has for it
 * (cycle k: from its place at k - 1 to its place at k), solid up to this
 * cycle, dashed after, each with its cycle; the words for the label. */
function minFollow(g) {
  const moves = [];
  for (let k = 1; k <= last; k++) {
    const a = D.frames[k - 1].at[follow], b = D.frames[k].at[follow];
    if (a !== b) moves.push([k, a, b]);
  }
  for (const [k, a, b] of moves) {
    const [x0, y0] = minSpot(a, follow), [x1, y1] = minSpot(b, follow);
    titled(el("path", { class: "follow" + (k > step ? " later" : ""), d: "M" + x0 + "," + y0 + " L" + x1 + "," + y1, "data-hop": k + " " + a + " " + b }, g),
      msgName(follow) + ", cycle " + k + ": " + a + " \u2192 " + b);
    el("text", { x: (x0 + x1) / 2, y: (y0 + y1) / 2 - 5, class: "small followstep", "text-anchor": "middle" }, g, k);
  }
  return "; following " + msgName(follow) + " (click it again to stop): " + D.frames[step].at[follow] + ", " +
    moves.filter((m) => m[0] <= step).length + " of " + moves.length + " moves done";
}

/* ---------------- a product network ---------------- */
const PN = {};
function pnSetup() {
  const P = D.pn, xy = P.xy, box = 64;
  let maxX = 0, maxY = 0;
  for (const [x, yy] of xy) { maxX = Math.max(maxX, x); maxY = Math.max(maxY, yy); }
  const slots = D.frames.map(() => null);
  let most = 1, prev = null;
  D.frames.forEach((f, k) => { slots[k] = placeAll(f.at, prev ? [[D.frames[k - 1].at, prev]] : []); prev = slots[k]; });
  for (const sl of slots) for (const c of sl) most = Math.max(most, c + 1);
  const per = Math.ceil(Math.sqrt(most)), dot = Math.max(3, Math.floor((box - 6) / per));
  const edge = {};
  for (const [u, v, cx, cy, far] of P.edges) {
    edge[u + "-" + v] = edge[v + "-" + u] = [cx, cy];
    if (far) { edge["far" + u + "-" + v] = far; edge["far" + v + "-" + u] = -far; }
  }
  Object.assign(PN, { box, per, dot, edge, slots, held: heldSpots(xy, box, P.circle) });
  /* a circle's labels lie outside it: room for them on every side */
  const pad = P.circle ? 40 : 0, mx = matrixSetup(maxX + 110 + pad, -pad + 20);
  /* and room for the curves that bow above the top row or left of the first column (a ghc's spans) */
  let top = -pad, left = -pad;
  for (const [u, v, cx, cy] of P.edges) {
    top = Math.min(top, (xy[u][1] + 2 * cy + xy[v][1]) / 4 - 6);
    left = Math.min(left, (xy[u][0] + 2 * cx + xy[v][0]) / 4 - 6);
  }
  fit(left, top, maxX + 110 + pad - left + mx[0], Math.max(maxY + 110 + pad - top, mx[1] - top));
  const defs = el("defs", {}, svg);
  const mk = el("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto" }, defs);
  el("path", { d: "M0,0 L10,5 L0,10 z", fill: "#d2691e" }, mk);
  const mf = el("marker", { id: "arrowf", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto" }, defs);
  el("path", { d: "M0,0 L10,5 L0,10 z", fill: "#1f4e9a" }, mf);
  const st = el("g", {}, svg);
  for (const [u, v, cx, cy, far] of P.edges)
    if (far) /* between blocks: a stub at each end naming the other */
      for (const [a, b] of [[u, v], [v, u]]) {
        const [sx, sy, ex, ey] = stub(a, b);
        el("path", { class: "link far", d: "M" + sx + "," + sy + " L" + ex + "," + ey }, st);
        el("text", { x: ex, y: ey + 10, class: "small stubname", "text-anchor": "middle" }, st, "n" + b);
      }
    else
      el("path", { class: "link", d: "M" + xy[u][0] + "," + xy[u][1] + " Q" + cx + "," + cy + " " + xy[v][0] + "," + xy[v][1] }, st);
  /* the node names on top of everything, arrows included, with a white halo (show() keeps them last) */
  const names = PN.names = el("g", {}, svg);
  xy.forEach(([x, yy], v) => {
    const k = P.roles ? P.roles[v] : -1, role = roleName(k);
    titled(el("rect", { class: "node" + (k > 0 ? " master" : ""), x: x - box / 2, y: yy - box / 2, width: box, height: box, rx: 6 }, st), "n" + v + (role ? ": " + role : ""));
    el("text", { x: x - box / 2, y: yy - box / 2 - 4, class: "small name" }, names, "n" + v);
    if (k >= 0) el("text", { x: x - box / 2, y: yy + box / 2 + 11, class: "small role", "data-role": role }, st, k ? "M" + (D.algo === "te-dc1" ? "" : k) : "S");
  });
  document.getElementById("legend").innerHTML =
    "<span>a square is a message at a node: <b style='color:#8fa8c8'>&#9632;</b> still at its source, <b style='color:#e8912d'>&#9679;</b> (round) on its way, <b style='color:#2e8b57'>&#9632;</b> at its destination; black border: moved in this step; a square keeps its place while its message stays at the node</span>" +
    "<span><b style='color:#d2691e'>&rarr;</b> a link used in this step (hover for the messages)</span>" +
    (P.edges.some((e) => e[4]) ? "<span>a network of three dimensions: its first dimension's links, between the blocks, are drawn as a dashed stub at each end " +
      "naming the node at the other end (right: the next node in that dimension, left: the previous); a hop over one is an arrow out along one stub and in along the other</span>" : "") +
    "<span>click a message (or open the page at #follow=s,d) to follow it: its whole path in blue, dashed where still ahead, each hop with its step</span>" +
    "<span>beside each node: the messages it holds that are not yet home" + (D.broadcast ? " (broadcasts held, its own included)" : "") + "</span>" +
    (P.roles ? "<span>under each node: <b>M</b> (thick border) a master, <b>S</b> a slave" +
      (D.algo === "te-dc1" ? " (masters: the nodes P<sub>i,j</sub> with i &equiv; j mod 2, which collect their basic cell's messages in steps 1 and 2)"
        : "; <b>M<i>k</i></b> a master up to level k (the nodes P<sub>i,j</sub> with i &equiv; j mod 2<sup>k</sup>, which collect their level-k subnetwork's messages in the split phases)") + "</span>" : "") +
    "<span>heat map (the box above the drawing, or the h key, or #heat in the address): each node filled by the messages it holds " +
      (D.broadcast ? "(broadcasts)" : "not yet home") + ", pale to dark on one scale for every step, the number written in it; the squares are left out</span>" +
    (worm ? "<span>wormhole: one arrow per worm (packet) along its whole path, one start-up; hover it for its messages</span>" +
      "<span>wormhole: the second slider (or the down / up arrow keys) steps through the cycles of the step in which flits moved</span>" : "");
}

/* The node x message matrix of a total exchange of up to 16 nodes, right
 * of the network: row s, column d holds the node that holds m(s→d) now
 * (the number says it: s at its source, d home; the fill repeats it),
 * a click follows that message. Returns the room it takes [width, height]. */
function matrixSetup(x0, y0) {
  const n = D.pn.nodes;
  if (D.broadcast || n > 16) return [0, 0];
  const c = 24, st = el("g", {}, svg);
  Object.assign(PN, { mx: { x0: x0 + 30, y0: y0 + 44, c } });
  el("text", { x: x0, y: y0, class: "small" }, st, "who holds m(s\u2192d) now:");
  el("text", { x: x0, y: y0 + 12, class: "small" }, st, "row s, column d");
  for (let v = 0; v < n; v++) {
    el("text", { x: x0 + 30 + v * c + c / 2, y: y0 + 40, "text-anchor": "middle", class: "small" }, st, v);
    el("text", { x: x0 + 26, y: y0 + 44 + v * c + c / 2 + 4, "text-anchor": "end", class: "small" }, st, v);
    for (let d = 0; d < n; d++) el("rect", { class: "cell", x: x0 + 30 + d * c, y: y0 + 44 + v * c, width: c, height: c }, st);
  }
  return [30 + n * c + 40, y0 + 44 + n * c + 20];
}
function matrixDraw(f, g) {
  if (!PN.mx) return;
  const { x0, y0, c } = PN.mx;
  f.at.forEach((at, i) => {
    if (!at) return;
    const [s, d] = D.messages[i], v = Number(at.slice(1)), st = v === d ? "home" : v === s ? "own" : "away";
    const r = titled(el("rect", { class: "mcell msg " + st + (i === follow ? " followed" : ""), x: x0 + d * c + 1, y: y0 + s * c + 1, width: c - 2, height: c - 2,
                                  "data-cell": s + " " + d + " " + at }, g), msgName(i) + " at n" + v);
    r.addEventListener("click", () => { follow = follow === i ? -1 : i; show(step, cyc); });
    el("text", { x: x0 + d * c + c / 2, y: y0 + s * c + c / 2 + 4, "text-anchor": "middle", class: "mnum" }, g, v);
  });
}

/* The place of each message in its node, kept while it stays there: a
 * message that was at the same node in an earlier placing (known: pairs of
 * positions and their slots) keeps its slot; one that arrives takes the
 * lowest slot free at its node (a broadcast page keeps slot 0 for the
 * node's own broadcast). A message never jumps inside a node; the slots in
 * use never exceed the most messages a node holds at once. */
function placeAll(at, known) {
  const slot = new Array(at.length).fill(-1), busy = {};
  const take = (v, c) => { (busy[v] = busy[v] || new Set()).add(c); };
  if (D.broadcast) D.pn.xy.forEach((_, v) => take(v, 0));
  at.forEach((a, i) => {
    if (!a) return;
    for (const [was, sl] of known)
      if (was[i] === a && sl[i] >= 0 && !(busy[a.slice(1)] && busy[a.slice(1)].has(sl[i]))) { slot[i] = sl[i]; take(a.slice(1), sl[i]); return; }
  });
  at.forEach((a, i) => {
    if (!a || slot[i] >= 0) return;
    const v = a.slice(1);
    let c = 0;
    while (busy[v] && busy[v].has(c)) c++;
    slot[i] = c;
    take(v, c);
  });
  return slot;
}

/* A wormhole node's role in paper 001's algorithms (k: its highest master level). */
function roleName(k) { return k < 0 ? "" : k === 0 ? "slave" : D.algo === "te-dc1" ? "master" : "master up to level " + k; }

/* Where each node's "N held" label goes, clear of links, wrap-arounds,
 * arrows and the node names (above each node's left half): on a circle
 * (a ring), outside it, beside the node, where nothing else is drawn; on
 * a grid, where links leave through the sides' middles and wrap-arounds
 * bend below rows and left of columns, above the node's right half, past
 * the arrowheads of a vertical link. */
function heldSpots(xy, box, circle) {
  const n = xy.length, cx = xy.reduce((a, p) => a + p[0], 0) / n, cy = xy.reduce((a, p) => a + p[1], 0) / n;
  return xy.map(([x, y]) => {
    if (!circle) return { x: x + 16, y: y - box / 2 - 4, anchor: "start" };
    const r = Math.hypot(x - cx, y - cy) || 1, c = (x - cx) / r, s = (y - cy) / r, out = box / 2 + 20;
    return { x: x + c * out, y: y + s * out + 4, anchor: c > 0.35 ? "start" : c < -0.35 ? "end" : "middle" };
  });
}

/* The followed message's whole path, every hop the recording has for it:
 * the hops up to this step solid, the later ones dashed, each with its
 * step number; returns the words for the step label. */
function followPath(g) {
  const hops = [];
  for (let k = 1; k <= last; k++)
    for (const h of D.frames[k].hops) if (h[0] === follow) hops.push([k, h[1], h[2]]);
  const xy = D.pn.xy;
  for (const [k, u, v] of hops) {
    const c = PN.edge[u + "-" + v], far = PN.edge["far" + u + "-" + v] ? stub(v, u) : null;
    const mx = far ? far[2] + (far[2] > far[0] ? 12 : -12) : (xy[u][0] + 2 * c[0] + xy[v][0]) / 4, my = far ? far[3] - 4 : (xy[u][1] + 2 * c[1] + xy[v][1]) / 4;
    titled(el("path", { class: "follow" + (k > step ? " later" : ""), d: hopPath(u, v), "data-hop": k + " " + u + " " + v }, g),
      msgName(follow) + ", step " + k + ": n" + u + " \u2192 n" + v);
    el("text", { x: mx, y: my - 6, class: "small followstep", "text-anchor": "middle" }, g, k);
  }
  const done = hops.filter((h) => h[0] <= step).length;
  return "following " + msgName(follow) + " (click it again to stop): " + done + " of " + hops.length + " hops done; ";
}

/* A small network's hops named: each link used in the step carries the
 * name of its message (of its first, "+k" for more) beside its arrow,
 * inside the drawing, where it meets no node, no other text and no name placed before it:
 * half way along first, then nearer either end, on the arrow's side, then
 * on the other, then twice as far off; a name with no free place is left to the tooltip. A
 * wormhole step's worm is named at the first of its links with room. Runs after the rest
 * of the step is drawn (what it avoids is in the document). */
function hopNames(f, g, links) {
  const xy = D.pn.xy, meets = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  /* boxes from the attributes and the stylesheet's font size, not from
   * getBBox: the same page places its names the same way on every run */
  const boxOf = (e) => {
    const a = (k) => Number(e.getAttribute(k)) || 0;
    if (e.tagName === "rect") return { x: a("x"), y: a("y"), width: a("width"), height: a("height") };
    const fs = parseFloat(getComputedStyle(e).fontSize) || 10, w = e.textContent.length * fs * 0.62, an = e.getAttribute("text-anchor");
    return { x: a("x") - (an === "middle" ? w / 2 : an === "end" ? w : 0) - 1, y: a("y") - fs * 0.95 - 1, width: w + 2, height: fs * 1.2 + 2 };
  };
  const taken = [...svg.querySelectorAll("text, rect.node")].map(boxOf);
  /* inside the drawing's box: a name past its edge would be cut off */
  const inBox = (b) => b.x >= drawBox.x0 && b.y >= drawBox.y0 && b.x + b.width <= drawBox.x0 + drawBox.width &&
    b.y + b.height <= drawBox.y0 + drawBox.height;
  const put = (u, v, ids) => {
    if (PN.edge["far" + u + "-" + v]) return false; /* a stub: its far end is named already */
    const c = PN.edge[u + "-" + v], [x0, y0] = xy[u], [x1, y1] = xy[v];
    const dx = x1 - x0, dy = y1 - y0, len = Math.hypot(dx, dy) || 1, ox = -dy / len, oy = dx / len;
    const e = nameText(g, 0, 0, ids[0], "n" + u, "middle", ids.length > 1 ? " +" + (ids.length - 1) : "");
    e.setAttribute("data-hop", u + " " + v);
    for (const sgn of [1, -1, 2, -2])
      for (const t of [0.5, 0.36, 0.64, 0.26, 0.74]) {
        const bx = (1 - t) * (1 - t) * x0 + 2 * t * (1 - t) * c[0] + t * t * x1, by = (1 - t) * (1 - t) * y0 + 2 * t * (1 - t) * c[1] + t * t * y1;
        const side = (Math.abs(oy) > 0.5 ? 14 : 8) * sgn;
        e.setAttribute("x", bx + ox * side);
        e.setAttribute("y", by + oy * side + 3);
        e.setAttribute("text-anchor", Math.abs(ox) > 0.5 ? (ox * sgn > 0 ? "start" : "end") : "middle");
        const b = boxOf(e);
        if (inBox(b) && !taken.some((o) => meets(b, o))) { taken.push(b); return true; }
      }
    e.remove();
    return false;
  };
  if (worm && !cyc) for (const [path, ids] of worms(f.hops)) path.slice(1).some((v, h) => put(path[h], v, ids));
  else for (const key in links) { const [u, v] = key.split("-").map(Number); put(u, v, links[key]); }
}

/* The worms of a wormhole step: each message's hops in cycle order make
 * its path; the messages of one packet share it. [path, message ids]. */
function worms(hops) {
  const by = new Map(), paths = new Map();
  for (const [i, u, v, c] of hops) (by.get(i) || by.set(i, []).get(i)).push([c, u, v]);
  for (const [i, hs] of by) {
    hs.sort((a, b) => a[0] - b[0]);
    const key = [hs[0][1], ...hs.map((h) => h[2])].join(" ");
    (paths.get(key) || paths.set(key, []).get(key)).push(i);
  }
  return [...paths].map(([key, ids]) => [key.split(" ").map(Number), ids]);
}

/* The stub of a link between blocks at node a (to b): from a's lower
 * corner, right for b its next neighbour in that dimension, left for its
 * previous. [start x, y, end x, y]. */
function stub(a, b) {
  const [x, y] = D.pn.xy[a], side = PN.edge["far" + a + "-" + b];
  return [x + side * 22, y + 32, x + side * 34, y + 52];
}

/* A point on the link u→v drawn a little to one side, so both directions
 * show (joined: continuing a worm's path from the previous link's end);
 * a link between blocks: out along u's stub, in along v's. */
function hopPath(u, v, joined) {
  if (PN.edge["far" + u + "-" + v]) {
    const [a, b, c, d] = stub(u, v), [e, f, g, h] = stub(v, u);
    return (joined ? "L" : "M") + a + "," + b + " L" + c + "," + d + " M" + g + "," + h + " L" + e + "," + f;
  }
  const xy = D.pn.xy, c = PN.edge[u + "-" + v], [x0, y0] = xy[u], [x1, y1] = xy[v];
  const dx = x1 - x0, dy = y1 - y0, len = Math.hypot(dx, dy) || 1, ox = -dy / len * 5, oy = dx / len * 5;
  const sx = x0 + dx / len * 34, sy = y0 + dy / len * 34, ex = x1 - dx / len * 34, ey = y1 - dy / len * 34;
  return (joined ? "L" : "M") + (sx + ox) + "," + (sy + oy) + " Q" + (c[0] + ox) + "," + (c[1] + oy) + " " + (ex + ox) + "," + (ey + oy);
}

/* The cycles of a wormhole step in which flits moved, in order. */
function flitCycles(f) { return [...new Set(f.hops.map((h) => h[3]))].sort((a, b) => a - b); }

/* A wormhole step at one of its cycles: the flits on links in that cycle,
 * every message where the recorded hops up to it took it, the deliveries
 * recorded up to it. */
function atCycle(f, c) {
  const prev = D.frames[step - 1], at = prev.at.slice();
  for (const h of f.hops) if (h[3] <= c) at[h[0]] = "n" + h[2];
  return { at, hops: f.hops.filter((h) => h[3] === c), occupancy: null,
           delivered: prev.delivered + f.deliveries.filter((d) => d[1] <= c).length };
}

function pnDraw(f, g, under) {
  const whole = f, cycles = worm && step > 0 ? flitCycles(f) : [];
  if (cyc > 0) f = atCycle(f, cycles[cyc - 1]);
  const P = D.pn, { box, per, dot } = PN, moved = new Set(), links = {};
  for (const [i, u, v] of f.hops) { moved.add(i); (links[u + "-" + v] = links[u + "-" + v] || []).push(i); }
  const few = (ids) => ids.length > 12 ? ids.length + " messages, " + ids.slice(0, 12).map(msgName).join(" ") + " ..." : ids.map(msgName).join(" ");
  if (worm && !cyc) /* a whole wormhole step: each worm one arrow along its whole path */
    for (const [path, ids] of worms(f.hops))
      titled(el("path", { class: "hop worm", d: path.slice(1).map((v, h) => hopPath(path[h], v, h > 0)).join(" "), "data-path": path.join(" ") }, g),
        "worm " + path.map((v) => "n" + v).join(" \u2192 ") + ": " + few(ids));
  else
    for (const key in links) {
      const [u, v] = key.split("-").map(Number);
      titled(el("path", { class: "hop", d: hopPath(u, v) }, g), "n" + u + " \u2192 n" + v + ": " + few(links[key]));
    }
  if (A) argDraw(f, g, under);
  if (heat) heatDraw(f, g);
  else if (D.broadcast) /* each node's own broadcast m(v) in slot 0, before the copies it receives */
    P.xy.forEach(([x, yy], v) => titled(el("rect", { class: "msg own", x: x - box / 2 + 3, y: yy - box / 2 + 3, width: dot - 1, height: dot - 1 }, g),
      "m(" + v + "): n" + v + "'s own broadcast"));
  /* a cycle of a wormhole step: where the step began and where it ends keep their slots */
  const slot = cyc ? placeAll(f.at, [[D.frames[step].at, PN.slots[step]], [D.frames[step - 1].at, PN.slots[step - 1]]]) : PN.slots[step];
  f.at.forEach((at, i) => {
    if (!at || heat) return;
    const v = Number(at.slice(1)), [x, yy] = P.xy[v], c = slot[i], [s, d] = D.messages[i];
    const cls = (d === v ? "home" : s === v ? "own" : "away") + (moved.has(i) ? " moved" : "");
    /* on its way: round, so it differs from a message at home by shape, not by orange against green alone */
    const e = message("rect", { class: cls + (i === follow ? " followed" : ""), x: x - box / 2 + 3 + (c % per) * dot, y: yy - box / 2 + 3 + Math.floor(c / per) * dot, width: dot - 1, height: dot - 1,
                                rx: cls.startsWith("away") ? (dot - 1) / 2 : 0 }, g, i, at);
    if (dot < 8) e.style.strokeWidth = "0.3";
    if (i === follow) nameText(g, x + box / 2 + 3, yy - box / 2 + 3 + Math.floor(c / per) * dot + dot - 2, i, at, "start");
  });
  matrixDraw(f, g);
  const followed = follow >= 0 ? followPath(g) : "";
  if (f.occupancy && !heat) PN.held.forEach((h, v) =>
    el("text", { x: h.x, y: h.y, "text-anchor": h.anchor, class: "small held" }, g, f.occupancy[v] + " held"));
  if (NAMED) hopNames(f, g, links);
  document.getElementById("delivered").textContent = f.delivered;
  if (worm) {
    const cs = document.getElementById("cycle");
    cs.max = cycles.length;
    cs.value = cyc;
    document.getElementById("cycleinfo").textContent = cyc ? "cycle " + cycles[cyc - 1] + " of the step (" + cyc + " of " + cycles.length + " with flits)" : "the whole step";
  }
  const over = D.algo_steps - D.bound, bound = !worm ? "bound " + D.bound_name + " = " + D.bound :
    D.algo + " takes " + D.algo_steps + " start-ups (" + D.algo_steps_name + "); lower bound " + D.bound_name + " = " + D.bound +
    (over ? ": " + D.algo + " is " + over + " over it" : ": optimal");
  return " (" + step + " of " + last + " steps; " + bound + "); " + followed +
    (cyc ? f.hops.length + " flits on links in this cycle" : whole.hops.length + " message hops in this step");
}

/* ---------------- the lower bound's argument ---------------- */
/* Why the run cannot take fewer steps than its bound, drawn from the
 * numbers `xchg bound` computes (D.argument, written by xchg show): the
 * page adds no bound of its own. The cut bound: the links across the cut
 * highlighted, one side shaded; AS(G): every node's status written under
 * it; multinode broadcast, half duplex: the nodes idle in the step shown
 * marked. The box "why the bound" (or the b key) shows or hides it. */
const A = D.argument || null;
let argOn = !!A;
function argText() {
  if (A.kind === "cut") {
    const m = A.v1 * A.v2;
    return "<b>why at least " + A.bound + " steps (the cut bound, multiport):</b> cut dimension " + A.dim + " (" + A.dim_name + ") " +
      A.split[0] + " | " + A.split[1] + " in every copy: V1 (shaded) holds |V1| = " + A.v1 + " nodes, V2 holds |V2| = " + A.v2 +
      ". Each of the |V1|&middot;|V2| = " + m + " messages from V1 to V2 crosses the cut, and as many cross back. " +
      "<b>k = " + A.links + " links</b> cross it (highlighted), each carrying at most one message each way a step: " +
      "k links carry &ge; M = " + m + " messages each way &rArr; &ge; &lceil;M/k&rceil; = &lceil;" + m + "/" + A.links + "&rceil; = <b class='argbound'>" + A.bound + "</b> steps.";
  }
  if (A.kind === "status")
    return "<b>why at least " + A.bound + " steps (AS(G), single-port):</b> the number under each node is its status s(v), its total distance " +
      "to all the others: the hops its n &minus; 1 messages need at least. All of them must be made: &Sigma; s(v) = <b>" + A.sum + " hops</b>. " +
      "Single-port, each of the n = " + A.per_step + " nodes sends at most one message a step: at most " + A.per_step + " hops a step &rArr; &ge; &lceil;" +
      A.sum + "/" + A.per_step + "&rceil; = <b class='argbound'>" + A.bound + "</b> steps (AS(G) = &Sigma; s(v) / n, the average status).";
  if (A.kind === "receive")
    return "<b>why at least " + A.bound + " steps (multinode broadcast, paper 002 eq. 1):</b> each node must receive the broadcasts of the " +
      "n &minus; 1 = " + (A.nodes - 1) + " others, at most one a step (single-port) &rArr; &ge; n &minus; 1 = <b class='argbound'>" + A.bound + "</b> steps.";
  const odd = A.nodes % 2 === 1;
  return "<b>why at least " + A.bound + " steps (multinode broadcast, half duplex, paper 002 eq. " + (odd ? 3 : 2) + "):</b> each of the n = " + A.nodes +
    " broadcasts is received by n &minus; 1 nodes and sent as often: " + A.actions / 2 + " receptions + " + A.actions / 2 + " transmissions = " + A.actions +
    " actions. A half-duplex node sends or receives in a step, not both, and every transmission has its reception at another node: " +
    (odd ? "n = " + A.nodes + " is odd, so in every step at least one node is idle (dashed), at most n &minus; 1 = " + A.per_step + " actions"
      : "at most n/2 send and n/2 receive, n = " + A.per_step + " actions") +
    " a step &rArr; &ge; " + A.actions + "/" + A.per_step + " = <b class='argbound'>" + A.bound + "</b> steps.";
}
function argSetup() {
  if (!A) return;
  const box = document.getElementById("argument");
  box.dataset.bound = A.bound;
  box.dataset.kind = A.kind;
  document.getElementById("argbox").hidden = false;
  document.getElementById("argkeys").hidden = false;
  document.getElementById("argon").addEventListener("change", (e) => setArg(e.target.checked));
  if (/(^#|&)noarg(&|$)/.test(location.hash)) argOn = false; /* #noarg: open without it */
  document.getElementById("legend").insertAdjacentHTML("beforeend", "<span>why the bound (the box above the drawing, or the b key): " +
    "the lower bound's argument in words above the drawing and drawn in it (purple)</span>");
}
function setArg(on) {
  argOn = on && !!A;
  document.getElementById("argon").checked = argOn;
  show(step, cyc);
}
/* The argument's marks in this step; the words for #argument. */
function argDraw(f, g, under) {
  const box = document.getElementById("argument");
  box.hidden = !argOn;
  if (!argOn) return;
  const xy = D.pn.xy, b = PN.box;
  let now = "";
  if (A.kind === "cut") {
    xy.forEach(([x, y], v) => { if (!A.side[v]) el("rect", { class: "cutside", x: x - b / 2 - 7, y: y - b / 2 - 7, width: b + 14, height: b + 14, rx: 10, "data-node": v }, under); });
    for (const [u, v, cx, cy, far] of D.pn.edges) {
      if (A.side[u] === A.side[v]) continue;
      const d = far ? [stub(u, v), stub(v, u)].map(([a, c, e, h]) => "M" + a + "," + c + " L" + e + "," + h).join(" ")
        : "M" + xy[u][0] + "," + xy[u][1] + " Q" + cx + "," + cy + " " + xy[v][0] + "," + xy[v][1];
      titled(el("path", { class: "cutlink", d, "data-link": u + " " + v }, under), "n" + u + " \u2014 n" + v + ": a link across the cut");
    }
  } else if (A.kind === "status") {
    /* under each node; on a circle inside it, the side the "held" labels leave free */
    const n = xy.length, cx = xy.reduce((a, p) => a + p[0], 0) / n, cy = xy.reduce((a, p) => a + p[1], 0) / n;
    xy.forEach(([x, y], v) => {
      const r = Math.hypot(x - cx, y - cy) || 1, c = (cx - x) / r, sn = (cy - y) / r, out = b / 2 + 14;
      const [tx, ty, anchor] = D.pn.circle ? [x + c * out, y + sn * out + 4, c > 0.35 ? "start" : c < -0.35 ? "end" : "middle"] : [x, y + b / 2 + 13, "middle"];
      el("text", { x: tx, y: ty, "text-anchor": anchor, class: "argnum", "data-node": v }, g, "s=" + A.status[v]);
    });
  } else if (A.kind === "half" && step > 0) {
    const busy = new Set();
    for (const h of f.hops) { busy.add(h[1]); busy.add(h[2]); }
    const idle = xy.map((_, v) => v).filter((v) => !busy.has(v));
    for (const v of idle) {
      el("rect", { class: "idle", x: xy[v][0] - b / 2 - 5, y: xy[v][1] - b / 2 - 5, width: b + 10, height: b + 10, rx: 9, "data-node": v }, g);
      el("text", { x: xy[v][0], y: xy[v][1] + b / 2 - 6, "text-anchor": "middle", class: "argnum" }, g, "idle");
    }
    now = " <span id='argnow'>In step " + step + ": " + (idle.length ? idle.map((v) => "n" + v).join(", ") + " idle" : "no node idle") + ".</span>";
  }
  box.innerHTML = argText() + now;
}

/* ---------------- the cost line ---------------- */
/* Each step's cost in ts + tw·m and the running total, xchg compare's
 * model: m comes with each frame (a wormhole step: hops + flits - 1 of its
 * longest packet; store and forward: one 1-flit message a link, m = 1);
 * ts and tw are the page's to set (#ts=T&tw=W in the address). */
const COST = { on: !!D.cost };
function costSetup() {
  if (!COST.on) return;
  const m = /(^#|&)ts=([0-9.]+)/.exec(location.hash), w = /(^#|&)tw=([0-9.]+)/.exec(location.hash);
  COST.ts = m ? Number(m[2]) : D.cost.ts;
  COST.tw = w ? Number(w[2]) : D.cost.tw;
  document.getElementById("costbox").hidden = false;
  const ts = document.getElementById("ts"), tw = document.getElementById("tw");
  ts.value = COST.ts;
  tw.value = COST.tw;
  const set = () => { COST.ts = Math.max(0, Number(ts.value) || 0); COST.tw = Math.max(0, Number(tw.value) || 0); show(step, cyc); };
  ts.addEventListener("input", set);
  tw.addEventListener("input", set);
  document.getElementById("legend").insertAdjacentHTML("beforeend", "<span>cost line (under the step label): each step costs t<sub>s</sub> + t<sub>w</sub>&middot;m cycles, " +
    (worm ? "m = hops + flits &minus; 1 of its longest packet" : "m = 1, one 1-flit message a link") + " (xchg compare's model: " + D.cost.model + "); set t<sub>s</sub> and t<sub>w</sub> in the boxes</span>");
}
function costShow() {
  if (!COST.on) return;
  const { ts, tw } = COST, ms = D.frames.map((f) => f.m || 0);
  const sum = (k) => ms.slice(1, k + 1).reduce((a, b) => a + b, 0), fmt = (v) => String(Math.round(v * 1000) / 1000);
  const all = last * ts + tw * sum(last), sofar = step * ts + tw * sum(step);
  const info = document.getElementById("costinfo");
  info.dataset.total = fmt(all);
  info.dataset.sofar = fmt(sofar);
  info.innerHTML = (step ? "step " + step + ": t<sub>s</sub> + t<sub>w</sub>&middot;m = " + fmt(ts) + " + " + fmt(tw) + "&middot;" + ms[step] + " = <b>" + fmt(ts + tw * ms[step]) + "</b> cycles; " : "") +
    "steps 1 to " + step + ": " + step + "&middot;t<sub>s</sub> + t<sub>w</sub>&middot;&Sigma;m = " + fmt(step * ts) + " + " + fmt(tw) + "&middot;" + sum(step) + " = <b>" + fmt(sofar) + "</b>; " +
    "all " + last + " steps: <b class='costall'>" + fmt(all) + "</b> cycles";
}

/* ---------------- load ---------------- */
/* Per step, what is in use: on a product network the directed links that
 * carried a message (of twice the links: both directions), on a MIN the
 * switches a flit passed. One bar a step in #load; the label counts them. */
const LOAD = {};
function loadOf(f) { return D.min ? f.set.filter((v) => v >= 0).length : new Set(f.hops.map((h) => h[1] + "-" + h[2])).size; }
function loadSetup() {
  document.getElementById("legend").insertAdjacentHTML("beforeend", "<span>load strip (over the drawing): one bar a step, its height the share of " +
    (D.min ? "switches a flit passes" : "directed links (each link both ways) that carry a message") + "; the dark bar is the step shown; click a bar to go there</span>");
  LOAD.all = D.frames.map((f, k) => k ? loadOf(f) : 0);
  LOAD.max = D.min ? D.min.N / 2 * D.min.n : 2 * D.pn.edges.length;
  LOAD.what = D.min ? "switches pass a flit" : "directed links carry a message";
  const ld = document.getElementById("load"), w = 10;
  ld.setAttribute("viewBox", "0 0 " + (last + 1) * w + " 30");
  LOAD.bars = LOAD.all.map((u, k) => {
    const h = Math.max(u ? 1 : 0, 30 * u / LOAD.max);
    const b = titled(el("rect", { class: "bar", x: k * w + 1, y: 30 - h, width: w - 2, height: h }, ld), "step " + k + ": " + u + " of " + LOAD.max + " " + LOAD.what);
    b.addEventListener("click", () => show(k));
    return b;
  });
}
function loadShow() {
  for (const b of document.querySelectorAll("#load .now")) b.classList.remove("now");
  LOAD.bars[step].classList.add("now");
  const u = LOAD.all[step];
  document.getElementById("loadinfo").textContent = "load: " + u + " of " + LOAD.max + " " + LOAD.what +
    " (" + Math.round(100 * u / LOAD.max) + "%), " + (LOAD.max - u) + " idle (the busiest step: " + Math.max(...LOAD.all) + ")";
}

/* The heat map of a product network: each node filled by the messages it
 * holds (not yet home; a broadcast page: broadcasts held), from pale to
 * dark on one scale for all steps, and the number written in it, so the
 * count reads without the colour; the messages' squares are left out. */
let heat = false;
function heldAt(f) {
  if (f.occupancy) return f.occupancy;
  const c = D.pn.xy.map(() => 0);
  f.at.forEach((a, i) => { if (a && Number(a.slice(1)) !== D.messages[i][1]) c[Number(a.slice(1))]++; });
  return c;
}
function heatDraw(f, g) {
  const held = heldAt(f), { box } = PN;
  PN.heatMax = PN.heatMax || Math.max(1, ...D.frames.map((fr) => Math.max(...heldAt(fr))));
  D.pn.xy.forEach(([x, y], v) => {
    const t = held[v] / PN.heatMax;
    titled(el("rect", { class: "heat", x: x - box / 2, y: y - box / 2, width: box, height: box, rx: 6, "data-held": held[v],
                        fill: "hsl(" + Math.round(48 - 48 * t) + ",90%," + Math.round(94 - 54 * t) + "%)" }, g), "n" + v + ": " + held[v] + " held");
    el("text", { x, y: y + 7, "text-anchor": "middle", class: "heatn", fill: t > 0.55 ? "#fff" : "#222" }, g, held[v]);
  });
}
function setHeat(on) {
  heat = on;
  document.getElementById("heat").checked = on;
  show(step, cyc);
}

/* ---------------- controls ---------------- */
function show(k, c) {
  step = Math.max(0, Math.min(last, k));
  cyc = worm && step > 0 ? Math.max(0, Math.min(flitCycles(D.frames[step]).length, c || 0)) : 0;
  const f = D.frames[step];
  if (dyn) { dyn.remove(); dynUnder.remove(); }
  dynUnder = el("g", {}, null);
  svg.insertBefore(dynUnder, svg.firstChild);
  dyn = el("g", { id: "frame" }, svg);
  if (PN.names) svg.appendChild(PN.names);
  const info = D.min ? minDraw(f, dyn, dynUnder) : pnDraw(f, dyn, dynUnder);
  document.getElementById("slider").value = step;
  loadShow();
  costShow();
  document.getElementById("stepinfo").textContent = "step " + step + " / " + last;
  if (!D.pn) document.getElementById("delivered").textContent = f.delivered;
  document.getElementById("label").textContent = f.label + info;
  if (!/walk|svgsteps/.test(location.hash) && location.protocol !== "about:") /* not inside the side-by-side page */
    history.replaceState(null, "", "#step=" + step + (cyc ? "&cycle=" + cyc : "") + (heat ? "&heat" : "") + (A && !argOn ? "&noarg" : "") +
      (COST.on && (COST.ts !== D.cost.ts || COST.tw !== D.cost.tw) ? "&ts=" + COST.ts + "&tw=" + COST.tw : "") +
      (follow >= 0 ? "&follow=" + D.messages[follow].join(",") : ""));
}
/* play / pause at the speed chosen (steps per second); a change of speed
 * while playing takes effect at once */
const speed = document.getElementById("speed");
function setSpeed(i) {
  speed.selectedIndex = Math.max(0, Math.min(speed.options.length - 1, i));
  if (steps.playing()) { steps.play(); steps.play(); }
}
speed.addEventListener("change", () => setSpeed(speed.selectedIndex));

document.getElementById("title").textContent = "xchg show: " + D.net + ", " + D.algo;
document.getElementById("sub").textContent = D.kind + ", " + D.options + "; " + D.expected + " messages; " +
  (PERM ? "routed by destination tags, one stage a step (a blocked permutation is no exchange the hardware runs)" : "the golden model's state at the end of each step");
document.getElementById("expected").textContent = D.expected;
document.getElementById("savesvg").addEventListener("click", saveSvg);
const steps = stepping({ show, at: () => step, last, period: () => 1000 / Number(speed.value), more: (e) => {
  if (e.key === "+" || e.key === "=") setSpeed(speed.selectedIndex + 1);
  else if (e.key === "-") setSpeed(speed.selectedIndex - 1);
  else if (D.pn && e.key === "h") setHeat(!heat);
  else if (A && e.key === "b") setArg(!argOn);
  else if (worm && e.key === "ArrowDown") show(step, cyc + 1);
  else if (worm && e.key === "ArrowUp") show(step, cyc - 1);
  else return false;
  return true;
} });
/* #step=K, and on a wormhole page #step=K&cycle=J (the J-th cycle with flits) */
function fromHash() {
  const m = /step=(\d+)/.exec(location.hash), c = /cycle=(\d+)/.exec(location.hash);
  const fw = /follow=(\d+),(\d+)/.exec(location.hash); /* #follow=s,d: follow m(s→d) */
  if (fw) follow = D.messages.findIndex((m2) => m2[0] === Number(fw[1]) && m2[1] === Number(fw[2]));
  return [m ? Number(m[1]) : 0, c ? Number(c[1]) : 0];
}
window.addEventListener("hashchange", () => { const [k, c] = fromHash(); if (k !== step || c !== cyc) show(k, c); });
if (worm) {
  document.getElementById("cyclebox").hidden = false;
  document.getElementById("cyclekeys").hidden = false;
  document.getElementById("cycle").addEventListener("input", (e) => show(step, Number(e.target.value)));
}
if (D.min) minSetup(); else pnSetup();
loadSetup();
argSetup();
costSetup();
if (D.pn) {
  document.getElementById("heatbox").hidden = false;
  document.getElementById("heatkeys").hidden = false;
  document.getElementById("heat").addEventListener("change", (e) => setHeat(e.target.checked));
  heat = /(^#|&)heat(&|$)/.test(location.hash); /* #heat: open with the heat map */
  document.getElementById("heat").checked = heat;
}

/* #walk (for tests): every step drawn in turn; each shown message as
 * "step src dst at", read back from the drawing, into the element #walk. */
if (location.hash.includes("walk")) {
  const out = [];
  for (let k = 0; k <= last; k++) {
    show(k);
    for (const e of dyn.querySelectorAll("[data-src]")) /* #walk&xy: where each is drawn too */
      out.push(k + " " + e.getAttribute("data-src") + " " + e.getAttribute("data-dst") + " " + e.getAttribute("data-at") +
        (location.hash.includes("xy") ? " " + (e.getAttribute("x") || e.getAttribute("cx")) + " " + (e.getAttribute("y") || e.getAttribute("cy")) : ""));
    out.push(k + " delivered " + document.getElementById("delivered").textContent);
  }
  document.getElementById("walk").textContent = out.join("\n");
}
/* #svgsteps (xchg show --svg-steps): every step as a standalone SVG,
 * "K BASE64" a line (UTF-8, so any text survives the DOM dump), into #walk. */
if (location.hash.includes("svgsteps")) {
  const out = [], r = /svgsteps=(\d+)-(\d+)/.exec(location.hash); /* #svgsteps=A-B: steps A to B */
  for (let k = r ? Number(r[1]) : 0; k <= (r ? Math.min(last, Number(r[2])) : last); k++) {
    show(k);
    const bytes = new TextEncoder().encode(stepSvg());
    let bin = "";
    for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    out.push(k + " " + btoa(bin));
  }
  document.getElementById("walk").textContent = out.join("\n");
}
const hash0 = location.hash; /* show() rewrites the address to #step=K */
show(...fromHash());
/* #speed=S (steps per second, one of the choices) and #play: a page that
 * starts playing, for a lecture */
{
  const m = /speed=([0-9.]+)/.exec(hash0);
  const i = m ? [...speed.options].findIndex((o) => Number(o.value) === Number(m[1])) : -1;
  if (i >= 0) setSpeed(i);
  if (/(^#|&)play(&|$)/.test(hash0)) steps.play();
}
