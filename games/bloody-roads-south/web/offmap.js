// Bloody Roads South: the boxes off the map edge, from the static data's `off_map`: the two
// ends of the Confederate off-map link (rule 4.2), drawn only when both ends are in play, and
// the off-map roads beside the map-edge hexes they feed; and the same in sentences.

import { h, svg } from "../../js/ui.js";
import { neighbour, R } from "./hexmap.js";
import { listWords } from "./words.js";

const W = 6 * R; // a box's width
const H = 1.45 * R; // a box's height

/** The boxes beside the edge hexes: [{hex, cell, kind, lines, title, said}], each with its
 *  rectangle; `title` is the box's own tooltip, `said` its sentence for beside the map. */
export function offMapBoxes(grid, data) {
  const link = data?.off_map?.link;
  const boxes = [];
  const add = (hex, kind, lines, title, said) => {
    const cell = grid.cell(hex);
    if (!cell || !grid.inPlay(cell)) return;
    boxes.push({ hex, cell, kind, lines, title, said, ...place(grid, cell) });
  };
  const ends = link?.hexes || [];
  if (ends.length === 2 && ends.every((x) => { const c = grid.cell(x); return c && grid.inPlay(c); })) {
    ends.forEach((hex, i) => add(hex, "link", [`Off-map box (${link.rule})`, `to and from ${ends[1 - i]}`],
      linkSentence(link, hex, ends[1 - i], ""), linkSentence(link, ends[0], ends[1], ", or the other way")));
  }
  for (const road of data?.off_map?.roads || []) {
    const fed = (road.feeds || []).filter((x) => { const c = grid.cell(x); return c && grid.inPlay(c); });
    for (const hex of fed) {
      add(hex, "road", [road.name, "off the map"], `${hex}: the ${road.name} runs on off the map from here.`,
        `The ${road.name} runs on off the map from ${listWords(fed)}.`);
    }
  }
  return boxes;
}

/** Rule 4.2 from one end of the link, in a sentence (`both`: ", or the other way"). */
function linkSentence(link, from, to, both) {
  const delays = (link.delays || []).map((d) => `${d.who} ${d.turns} turn${d.turns === 1 ? "" : "s"} later`);
  return `Off-map movement (rule ${link.rule}): Confederate units leaving the map at ${from} come back at ${to}${both}` +
    (delays.length ? `: ${listWords(delays)}` : "") + ".";
}

/** Where a hex's box goes: outside the edge its missing neighbours face. */
function place(grid, cell) {
  const [x, y] = grid.centre(cell);
  let dx = 0;
  let dy = 0;
  for (let d = 0; d < 6; d++) {
    if (grid.inPlay(neighbour(cell, d))) continue;
    const [nx, ny] = grid.centre(neighbour(cell, d));
    dx += nx - x;
    dy += ny - y;
  }
  const len = Math.hypot(dx, dy) || 1;
  // West or east: beside the hex; north or south: above or below it.
  const sideways = Math.abs(dx) >= Math.abs(dy);
  const cx = sideways ? x + Math.sign(dx) * (R + W / 2 + 4) : x + (dx / len) * R;
  const cy = sideways ? y : y + Math.sign(dy) * (R + H / 2 + 4);
  return { x: cx - W / 2, y: cy - H / 2, w: W, h: H, from: [x, y] };
}

/** The boxes drawn in SVG. */
export function drawOffMap(boxes) {
  const g = svg("g", { class: "offmap", "pointer-events": "none" });
  for (const b of boxes) {
    const tip = [b.x + b.w / 2, b.y + b.h / 2];
    g.append(svg("g", { class: `offmap-box ${b.kind}`, "data-hex": b.hex },
      svg("title", {}, b.title),
      svg("line", { x1: b.from[0], y1: b.from[1], x2: tip[0], y2: tip[1], class: "offmap-link" }),
      svg("rect", { x: b.x, y: b.y, width: b.w, height: b.h, rx: 3 }),
      b.lines.map((line, i) => svg("text", { x: tip[0], y: b.y + 11 + i * 10, "text-anchor": "middle", class: i ? "sub" : "head" }, line))));
  }
  return g;
}

/** The boxes in sentences, for beside the map: the link's and each road's once. */
export function offMapPanel(boxes) {
  const said = [...new Set(boxes.map((b) => b.said))];
  return h("section", { class: "panel", id: "off-map-boxes" }, h("h3", {}, "Off-map boxes"),
    said.length ? h("ul", {}, said.map((t) => h("li", {}, t))) : h("p", { class: "muted" }, "No way off these maps is in play."));
}
