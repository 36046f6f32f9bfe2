// The after-action report of a finished game: victory points and strength over the turns,
// drawn as an SVG line chart from the turn index (`GET /api/games/{id}/turns`), where the
// game keeps such a count.

import { h } from "./ui.js";

const SVG = "http://www.w3.org/2000/svg";
const COLOURS = { union: "#2f4b8f", confederate: "#8a8d91" };

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) el.append(c);
  return el;
}

/** The points of the report: each turn's standing as it began, then the end. */
function points(index) {
  const key = index.key || "turn";
  const rows = (index.turns || []).filter((m) => m.tally).map((m) => ({ label: `${key} ${m.turn}`, tally: m.tally }));
  if (index.end) rows.push({ label: "end", tally: index.end });
  return rows;
}

/** One chart: a series (`vp` or `strength`) for both sides over the points. */
function chart(rows, field, title, unit) {
  const values = rows.map((r) => r.tally[field]).filter(Boolean);
  if (values.length < 1) return null;
  const w = 520, hgt = 180, left = 44, bottom = 28, top = 16;
  const max = Math.max(1, ...values.flatMap((v) => [v.union, v.confederate]));
  const x = (i) => left + (rows.length === 1 ? 0 : (i * (w - left - 10)) / (rows.length - 1));
  const y = (v) => top + (hgt - top - bottom) * (1 - v / max);
  const svg = s("svg", { viewBox: `0 0 ${w} ${hgt}`, class: "report-chart", role: "img", "aria-label": `${title} over the turns` });
  svg.append(s("text", { x: left, y: 12, class: "report-title" }, `${title} (${unit})`));
  for (const frac of [0, 0.5, 1]) {
    const v = Math.round(max * frac);
    svg.append(s("line", { x1: left, x2: w - 10, y1: y(v), y2: y(v), stroke: "#ccc" }));
    svg.append(s("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end", class: "report-axis" }, String(v)));
  }
  rows.forEach((r, i) => {
    if (i === 0 || i === rows.length - 1 || rows.length <= 8) {
      svg.append(s("text", { x: x(i), y: hgt - 8, "text-anchor": "middle", class: "report-axis" }, r.label));
    }
  });
  for (const side of ["union", "confederate"]) {
    const path = rows.map((r, i) => r.tally[field] ? `${i ? "L" : "M"}${x(i)},${y(r.tally[field][side])}` : "").join(" ");
    svg.append(s("path", { d: path, fill: "none", stroke: COLOURS[side], "stroke-width": 2.5, class: `report-${side}` }));
    rows.forEach((r, i) => {
      if (!r.tally[field]) return;
      const v = r.tally[field][side];
      svg.append(s("circle", { cx: x(i), cy: y(v), r: 3, fill: COLOURS[side] }, s("title", {}, `${side === "union" ? "Union" : "Confederate"}, ${r.label}: ${v} ${unit}`)));
    });
  }
  return svg;
}

/** The report panel for a turn index (a promise of one); empty where the game counts nothing. */
export function reportPanel(indexPromise) {
  const box = h("div", { class: "report", id: "report" });
  indexPromise.then((index) => {
    const rows = points(index);
    if (!rows.length) return;
    const unit = index.end?.unit || rows[rows.length - 1].tally.unit || "strength";
    const charts = [chart(rows, "vp", "Victory points", "VP"), chart(rows, "strength", "Strength in the field", unit)].filter(Boolean);
    if (!charts.length) return;
    box.replaceChildren(
      h("h3", {}, "After-action report"),
      h("p", { class: "legend" }, h("span", { class: "swatch union" }, "■"), " Union  ", h("span", { class: "swatch confederate" }, "■"), " Confederate"),
      ...charts);
  }).catch(() => {});
  return box;
}
