// Bloody Roads South: stacks drawn on the hex map. A stack is its top counter in its hex (one's
// own stacks with the edges of the counters beneath and their number), with the unit-type
// symbol, the formation, a short name, the side's colour and a mark toward the vertex it
// faces. A stack one sees only the top of shows that counter and what the stack holds
// (troops, artillery, both, neither), never how many counters it has.

import { svg } from "../../js/ui.js";
import { R } from "./hexmap.js";
import { FACINGS, shortName, side, topCounter, counterName, contentsWords } from "./words.js";

const COLOURS = { union: "#2f4f8f", confederate: "#8d8d86" };
const FORM = { line: "line", column: "col", limbered: "limb", unlimbered: "unlb" };
const CONTENTS = { troops: "T", artillery: "A", both: "B", neither: "N" };
const S = 21; // counter size

/** The unit-type symbol (after the NATO map symbols): infantry a crossed box, artillery a
 *  box with a dot, cavalry a slashed box, supply a box with a bar, a leader a star, an HQ a
 *  flag. */
function symbol(kind) {
  const box = (extra) => [svg("rect", { x: -6, y: -5.5, width: 12, height: 8, fill: "none", stroke: "#fff", "stroke-width": 0.9 }), ...extra];
  switch (kind) {
    case "brigade": return box([svg("path", { d: "M-6 -5.5 L6 2.5 M6 -5.5 L-6 2.5", stroke: "#fff", "stroke-width": 0.8 })]);
    case "battery": return box([svg("circle", { cx: 0, cy: -1.5, r: 2, fill: "#fff" })]);
    case "cavalry": return box([svg("path", { d: "M-6 2.5 L6 -5.5", stroke: "#fff", "stroke-width": 0.8 })]);
    case "wagon": return box([svg("path", { d: "M-6 0.5 L6 0.5", stroke: "#fff", "stroke-width": 0.8 })]);
    case "hq": return [svg("path", { d: "M-4 3 L-4 -6 L5 -4 L-4 -2", fill: "#fff", stroke: "#fff", "stroke-width": 0.8 })];
    case "leader": return [svg("path", { d: "M0 -6.5 L1.6 -2.4 L6 -2.4 L2.4 0.2 L3.8 4.4 L0 1.8 L-3.8 4.4 L-2.4 0.2 L-6 -2.4 L-1.6 -2.4 Z", fill: "#fff" })];
    default: return [];
  }
}

/** The mark of a facing: a wedge from near the centre toward vertex k. */
function facingMark(facing, colour) {
  const f = FACINGS[facing];
  if (!f) return null;
  const a = ((300 + 60 * f.k) * Math.PI) / 180;
  const tip = [Math.cos(a) * R * 0.96, Math.sin(a) * R * 0.96];
  const base = [Math.cos(a) * R * 0.66, Math.sin(a) * R * 0.66];
  const n = [-Math.sin(a) * 4.2, Math.cos(a) * 4.2];
  const d = `M${tip[0].toFixed(1)} ${tip[1].toFixed(1)} L${(base[0] + n[0]).toFixed(1)} ${(base[1] + n[1]).toFixed(1)} L${(base[0] - n[0]).toFixed(1)} ${(base[1] - n[1]).toFixed(1)} Z`;
  return svg("path", { d, class: "facing", fill: colour, stroke: "#111", "stroke-width": 0.6 });
}

/** Draws one stack at [x, y]; `full` when the viewer sees every counter. */
export function drawStack(layer, at, stack, full, cellKey) {
  const counters = stack.counters || [];
  const top = counters[0];
  if (!top) return;
  const colour = COLOURS[stack.side] || "#777";
  const g = svg("g", {
    class: `stack ${stack.side}${full ? " own" : " seen"}`, transform: `translate(${at[0].toFixed(1)},${(at[1] + 1.5).toFixed(1)})`,
    "data-cell": cellKey, "data-hex": stack.hex, "data-side": stack.side, "data-contents": stack.contents,
  });
  const mark = facingMark(stack.facing, colour);
  if (mark) g.append(mark);
  if (full) {
    // The edges of the counters beneath (at most two are drawn).
    for (let i = Math.min(counters.length - 1, 2); i >= 1; i--) {
      g.append(svg("rect", { x: -S / 2 + 1.6 * i, y: -S / 2 - 1.6 * i, width: S, height: S, rx: 1.5, fill: colour, stroke: "#111", "stroke-width": 0.6, opacity: 0.85 }));
    }
  }
  const face = svg("g", { class: `counter ${top.kind || ""}` });
  face.append(svg("rect", { x: -S / 2, y: -S / 2, width: S, height: S, rx: 1.5, fill: colour, stroke: "#111", "stroke-width": 0.8 }));
  const sym = svg("g", { transform: "translate(0,-0.5)" });
  sym.append(...symbol(top.kind));
  face.append(sym);
  if (FORM[top.formation]) face.append(svg("text", { x: 0, y: -6.6, class: "formation", "text-anchor": "middle" }, FORM[top.formation]));
  face.append(svg("text", { x: 0, y: 8.6, class: "name", "text-anchor": "middle" }, shortName(top)));
  g.append(face);
  const badge = full ? (counters.length > 1 ? String(counters.length) : null) : CONTENTS[stack.contents] || "N";
  if (badge) {
    g.append(svg("circle", { cx: S / 2, cy: -S / 2, r: 4.2, class: "badge", fill: full ? "#fff" : "#f3e3b0", stroke: "#111", "stroke-width": 0.6 }));
    g.append(svg("text", { x: S / 2, y: -S / 2 + 1.9, class: "badge-text", "text-anchor": "middle" }, badge));
  }
  const tip = full
    ? `${side(stack.side)} stack in ${stack.hex}: ${counters.map((c) => counterName(c)).join("; ")}`
    : `${side(stack.side)} ${contentsWords(stack.contents)} in ${stack.hex}, top counter ${topCounter(top, stack.facing)}`;
  g.append(svg("title", {}, tip));
  layer.append(g);
}
